"""Where the page is, kept in the browser's storage (ui/store.py's format): written after every
move, given up to another tab that took over, and a save that cannot be read kept for a bug
report.
"""

from __future__ import annotations

from . import sheets as SH
from . import store as S
from . import views as V
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
        if self.save_off:
            return  # another tab keeps the match: that tab counts it
        try:
            self.count_match()  # a match over goes into the record, once (ui/recording.py)
        except Exception as exc:  # noqa: BLE001 (the record never stops play)
            self.note("record", _("The match could not be put in your record ({reason}).")
                      .format(reason=exc))

    def write_save(self) -> None:
        screen, m, cur, away, overlay = self.t.where(self.leave_under, self.paused)
        try:
            stored = self.env.read_key(S.KEY)
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
                      practice=bool(getattr(m, "practice", False)),
                      names=getattr(m, "seat_names", None) if m is not None else None).dumps()
        # The browser may refuse the write (full): then a `stored` event says so (`stored`).
        self.unsaved = (stored, self.last_mark)
        self.env.write_key(S.KEY, text)
        self.last_mark = (self.tab, n)

    def other_tab_has_it(self, tell: bool = False) -> bool:
        """Whether another tab went on with the match since this tab last saved (the storage
        as this tab knows it: each write of another tab reaches it at once). Found out here,
        when the tab is shown again or gets the focus, or before the player's move, not
        only when this tab next saves: this tab then stops saving and says so in the note at
        the page's top (with "Play on here"); `tell` (the tab is in view) says it in a toast
        too."""
        if self.save_off:
            if tell:
                self.toast(_(OTHER_TAB))
            return True
        if self.embed is not None or not self.env.storage_ok:
            return False
        try:
            stored = self.env.read_key(S.KEY)
        except Exception:  # noqa: BLE001 (storage refused: nobody else can write either)
            return False
        if not S.written_since(stored, self.last_mark):
            return False
        self.save_off = True
        self.note("other-tab", _(OTHER_TAB))
        if tell:
            self.toast(_(OTHER_TAB))
        return True

    def stored(self, ok: bool) -> None:
        """The browser's answer to the last write of the save: a refusal (full storage) is a
        quiet note, and play goes on; the next write that goes through clears it."""
        if ok:
            self.clear_note("storage")
            return
        before, mark = getattr(self, "unsaved", (None, None))
        if before is None:
            self.env.store.pop(S.KEY, None)
        else:
            self.env.store[S.KEY] = before
        self.last_mark = mark
        self.note("storage", _(STORAGE_FULL))

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
        if self.env.storage_ok:  # (full: the page makes room first; the text stays here)
            self.env.write_key(S.KEY, None)
            self.env.write_key(S.BAD_KEY, text)

    def show_unreadable(self, reason: str) -> None:
        """Says the saved match could not be restored (the reason may quote saved text: it is
        set as text), with a fresh start and the saved text to copy."""
        self.show_overlay("restore", SH.restore_html())
        self.dom.op("restore-fields", _("It could not be read: {reason}").format(reason=reason),
                    self.bad_save or "")

    async def copy_save(self) -> None:
        text = self.bad_save
        if text is None:
            try:
                text = self.env.read_key(S.BAD_KEY)
            except Exception:  # noqa: BLE001
                text = None
        if text is None:
            self.toast(_("There is no saved text to copy."))
            return
        # the clipboard, else the text selected and copied, else selected for the player
        how = await self.env.ask("copy", text)
        if how in ("clipboard", "selection"):
            self.toast(_("Copied the saved text."))
        else:
            self.toast(_("Select the saved text and copy it."))

    def note(self, kind: str, text: str) -> None:
        """A line at the top of the page for what happens to the save (full storage, another
        tab); quiet, and it never stops play."""
        self.dom.op("note", kind, text, V.take_over_html() if kind == "other-tab" else "")

    def clear_note(self, kind: str | None = None) -> None:
        self.dom.op("note-clear", kind)

    def saved_text(self) -> str | None:
        """The save as stored (a hook for tests: window.__tt_save)."""
        try:
            return self.env.read_key(S.KEY)
        except Exception:  # noqa: BLE001
            return None
