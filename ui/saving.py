"""Where the page is, kept in the browser's storage (ui/store.py's format): written after every
move, given up to another tab that took over, and a save that cannot be read kept for a bug
report.
"""

from __future__ import annotations

import contextlib

import js  # type: ignore[import-not-found]

from . import sheets as SH
from . import views as V
from . import store as S
from .browser import (
    doc,
    el,
    found,
    read_key,
    storage,
)
from .choices import OTHER_TAB, STORAGE_FULL, STORAGE_OFF
from .i18n import _


class Saving:
    """(mixed into ui/app.py's `App`)"""

    def save(self) -> None:
        """Keeps where the page is in the browser's storage (ui/store.py), unless another tab
        wrote the save since this one last did: then this tab says so and stops writing.
        Saving never stops play: whatever goes wrong is a note."""
        if self.save_off or self.embed is not None:
            return  # a position or lesson on show never replaces the player's saved match
        try:
            self.write_save()
        except Exception as exc:  # noqa: BLE001
            self.note("storage", _("The match could not be saved ({reason}).").format(
                reason=exc))

    def write_save(self) -> None:
        screen, m, cur, away, overlay = self.t.where(self.leave_under, self.paused)
        try:
            stored = read_key(S.KEY)
        except Exception:  # noqa: BLE001
            self.note("storage", _(STORAGE_OFF))
            return
        if S.written_since(stored, self.last_mark):
            self.save_off = True
            self.note("other-tab", _(OTHER_TAB))
            self.toast(_(OTHER_TAB))
            return
        n = S.next_n(stored, self.last_mark)
        text = S.Save(self.tab, n, screen, overlay, cur, sorted(away), self.settings(),
                      m.record() if m is not None else None,
                      practice=bool(getattr(m, "practice", False))).dumps()
        try:
            storage().setItem(S.KEY, text)
        except Exception:  # noqa: BLE001 (full, or refused: a quiet note, play goes on)
            self.note("storage", _(STORAGE_FULL))
            return
        self.last_mark = (self.tab, n)
        self.clear_note("storage")

    def take_over(self) -> None:
        """After another tab took the save: this tab loads it and keeps it from now on."""
        self.save_off = False
        self.clear_note()
        self.boot("")

    def keep_unreadable(self, text: str) -> None:
        """A save that cannot be restored moves to another key (for a bug report), so the
        page starts clean but nothing is deleted silently."""
        self.bad_save = text
        self.last_mark = None
        try:
            storage().setItem(S.BAD_KEY, text)
            storage().removeItem(S.KEY)
        except Exception:  # noqa: BLE001 (full: make room; the text stays in this page)
            with contextlib.suppress(Exception):
                storage().removeItem(S.KEY)
                storage().setItem(S.BAD_KEY, text)

    def show_unreadable(self, reason: str) -> None:
        """Says the saved match could not be restored (the reason may quote saved text: it is
        set as text), with a fresh start and the saved text to copy."""
        self.show_overlay("restore", SH.restore_html())
        ov = el("overlay")
        ov.querySelector("[data-reason]").textContent = _("It could not be read: {reason}").format(
            reason=reason)
        ov.querySelector("[data-bad-save]").value = self.bad_save or ""

    async def copy_save(self) -> None:
        text = self.bad_save
        if text is None:
            with contextlib.suppress(Exception):
                text = read_key(S.BAD_KEY)
        if text is None:
            self.toast(_("There is no saved text to copy."))
            return
        copied = False
        with contextlib.suppress(Exception):  # no clipboard access: select it for the player
            await js.navigator.clipboard.writeText(text)
            copied = True
        if copied:
            self.toast(_("Copied the saved text."))
            return
        box = doc().querySelector("[data-bad-save]")
        if found(box):
            box.closest("details").open = True
            box.select()
            with contextlib.suppress(Exception):
                if doc().execCommand("copy"):
                    self.toast(_("Copied the saved text."))
                    return
        self.toast(_("Select the saved text and copy it."))

    def make_note(self) -> None:
        """A line at the top of the page for what happens to the save (full storage, another
        tab); quiet, and it never stops play."""
        n = doc().createElement("p")
        n.id = "save-note"
        n.setAttribute("role", "status")
        n.hidden = True
        el("app").prepend(n)

    def note(self, kind: str, text: str) -> None:
        n = el("save-note")
        n.dataset.note = kind
        n.textContent = text
        n.className = "lobby-msg" if kind == "other-tab" else ""  # (style.css: #save-note)
        if kind == "other-tab":
            n.insertAdjacentHTML("beforeend", V.take_over_html())
        n.hidden = False

    def clear_note(self, kind: str | None = None) -> None:
        n = el("save-note")
        if n is not None and (kind is None or n.getAttribute("data-note") == kind):
            n.hidden = True
            n.textContent = ""
            n.removeAttribute("data-note")

    def saved_text(self) -> str | None:
        """The save as stored (a hook for tests: window.__tt_save)."""
        try:
            return read_key(S.KEY)
        except Exception:  # noqa: BLE001
            return None
