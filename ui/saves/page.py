"""Where the page is, kept in the browser's storage (ui/saves/store.py's format): written after
every move, given up to another tab that took over, and a save that cannot be read kept for a bug
report.
"""

from __future__ import annotations

import datetime
import json
import random
from typing import Any

from engine import untrusted as U
from ui.common.i18n import SAVED_KEY, _, names_list
from ui.lobby import choices as C
from ui.lobby import view as LW
from ui.lobby.choices import OTHER_TAB, STORAGE_OFF
from ui.puzzles import progress as P
from ui.saves import store as S
from ui.sheets import view as SH
from ui.sheets.overlay import REVIEW, Overlay
from ui.shell.env import DISPLAY_KEY, NAME_KEY
from ui.shell.parts import Page
from ui.stats import record as RC
from ui.table.table import Table

# What a refused write of each key loses, in the order it is said.
LOST = {
    S.KEY: C.LOST_SAVE,
    RC.KEY: C.LOST_RECORD,
    P.KEY: C.LOST_PUZZLES,
    DISPLAY_KEY: C.LOST_SETTINGS,
    SAVED_KEY: C.LOST_SETTINGS,
    NAME_KEY: C.LOST_SETTINGS,
}


def now_utc() -> str:
    """The time a bad text is kept aside, to the second (UTC)."""
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


class Saves:
    """Where the page is, in the browser's storage (a part of ui/shell/app.py's `App`): this
    tab's id, who wrote the stored save when this tab last read or wrote it, and whether another
    tab has taken over (then this one stops writing)."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.t, self.dom, self.env = app.t, app.dom, app.env
        self.tab = f"{random.getrandbits(48):012x}"
        self.unsaved: tuple[str | None, S.Mark | None] = (None, None)  # before the last write
        self.forget()

    def forget(self) -> None:
        """Nothing read or written yet (the page's start, the tests' reset)."""
        self.last_mark: S.Mark | None = None
        self.save_off = False
        self.bad_save: str | None = None  # the text of a save that could not be restored
        self.newer_save = False  # it is a newer page's, left where it is until "Start fresh"
        self.refused_keys: set[str] = set()  # the keys whose last write the browser refused
        self.storage_lost: list[str] = []  # what the note says is not kept (LOST's texts)

    def read_mark(self, text: str | None) -> None:
        """The stored save as this tab read it (`text`): whose it is."""
        self.last_mark = S.mark_of(text)

    def save(self) -> None:
        """Keeps where the page is in the browser's storage (ui/saves/store.py), unless another tab
        wrote the save since this one last did: then this tab says so and stops writing.
        Saving never stops play: whatever goes wrong is a note."""
        if self.save_off or self.app.embed.spec is not None or self.newer_save:
            return  # a position or lesson on show, or a newer page's save left for the player
            # to decide on, is never replaced
        try:
            self.write_save()
        except Exception as exc:  # noqa: BLE001
            self.note("storage", _("The match could not be saved ({reason}).").format(reason=exc))
        if self.save_off:
            return  # another tab keeps the match: that tab counts it
        try:
            self.app.stats.count_match()  # a match over goes into the record, once
        except Exception as exc:  # noqa: BLE001 (the record never stops play)
            self.note(
                "record",
                _("The match could not be put in your record ({reason}).").format(reason=exc),
            )

    def write_save(self) -> None:
        screen, m, cur, away, overlay = where(
            self.t, self.app.controls.leave_under, self.app.paused
        )
        try:
            stored = self.env.read_key(S.KEY)
        except Exception:  # noqa: BLE001
            self.note("storage", _(STORAGE_OFF))
            return
        if S.written_since(stored, self.last_mark):
            self.save_off = True
            self.note("other-tab", _(OTHER_TAB))
            self.app.felt.toast(_(OTHER_TAB))
            return
        n = S.next_n(stored, self.last_mark)
        # (the table's match: its record as made once for the position)
        rec = (
            None
            if m is None
            else json.loads(self.app.runner.record_json())
            if m is self.t.match
            else m.record()
        )
        text = S.Save(
            self.tab,
            n,
            screen,
            overlay,
            cur,
            sorted(away),
            self.app.lobby.settings(),
            rec,
            practice=m is not None and m.practice,
            names=m.seat_names if m is not None else None,
            friends=None if m is None else self.app.friends.kept(m),
        ).dumps()
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
                self.app.felt.toast(_(OTHER_TAB))
            return True
        if self.app.embed.spec is not None or not self.env.storage_ok:
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
            self.app.felt.toast(_(OTHER_TAB))
        return True

    def stored(self, ok: bool, key: str = S.KEY) -> None:
        """The browser's answer to a write of `key` (every write of a value is answered, the
        display settings' and language's of index.html too): a refusal (full storage) is said
        once, in one note naming everything not kept; play goes on. A write of that key that
        goes through later takes it off the note (and the note away once nothing is lost)."""
        if key == S.KEY and not ok:  # the copy is the browser's again (the other tab's mark)
            before, mark = self.unsaved
            if before is None:
                self.env.store.pop(S.KEY, None)
            else:
                self.env.store[S.KEY] = before
            self.last_mark = mark
        if key not in LOST:
            return  # (a bad text kept aside: nothing the player keeps)
        refused = self.refused_keys
        (refused.discard if ok else refused.add)(key)
        lost = [w for w in dict.fromkeys(LOST.values()) if any(LOST[k] == w for k in refused)]
        if lost == self.storage_lost:
            return  # nothing new to say: said once, not on every move
        self.storage_lost = lost
        if lost:
            self.note("storage", _(C.STORAGE_LOST).format(lost=names_list([_(w) for w in lost])))
        else:
            self.clear_note("storage")

    def take_over(self) -> None:
        """After another tab took the save: this tab loads it and keeps it from now on."""
        self.save_off = False
        self.clear_note()
        self.app.boot("")

    def keep_unreadable(self, text: str, newer: bool = False) -> None:
        """A save that cannot be restored moves to another key (for a bug report; the last
        few kept there, dated), so the page starts clean but nothing is deleted silently. A
        newer page's save (`newer`) stays where it is, unwritten, until the player chooses to
        start fresh (`set_aside_newer`): going back to the newer page finds it."""
        self.bad_save = text
        self.newer_save = newer
        self.last_mark = None if not newer else self.last_mark
        if not newer:
            self.set_aside(S.KEY, S.BAD_KEY, text)

    def set_aside(self, key: str, bad_key: str, text: str) -> None:
        """Moves the unreadable `text` of `key` to `bad_key`, which keeps the last few
        (engine/untrusted.py's `aside`), each dated."""
        if not self.env.storage_ok:
            return
        try:
            kept = self.env.read_key(bad_key)
        except Exception:  # noqa: BLE001
            kept = None
        self.env.write_key(key, None)
        self.env.write_key(bad_key, U.aside(kept, text, now_utc()))

    def fresh_start(self) -> None:
        """The player's "Start fresh" under a save that could not be restored: the lobby, as
        on a first visit (a newer page's save, left until now, is moved aside)."""
        self.set_aside_newer()
        self.app.felt.hide_overlay()
        self.env.set_history("lobby", self.env.pathname)
        self.app.open_page("")

    def set_aside_newer(self) -> None:
        """The player starts fresh over a newer page's save: now it is moved aside."""
        if self.newer_save and self.bad_save is not None:
            self.newer_save = False
            self.last_mark = None
            self.set_aside(S.KEY, S.BAD_KEY, self.bad_save)

    def show_unreadable(self, reason: str) -> None:
        """Says the saved match could not be restored (the reason may quote saved text: it is
        set as text), with a fresh start and the saved text to copy."""
        self.app.felt.show_overlay(Overlay.RESTORE, SH.restore_html())
        self.dom.op(
            "restore-fields",
            _("It could not be read: {reason}").format(reason=reason),
            self.bad_save or "",
        )

    async def copy_save(self) -> None:
        text = self.bad_save
        if text is None:
            try:
                kept = U.aside_entries(self.env.read_key(S.BAD_KEY))
                text = kept[-1]["text"] if kept else None
            except Exception:  # noqa: BLE001
                text = None
        if text is None:
            self.app.felt.toast(_("There is no saved text to copy."))
            return
        # the clipboard, else the text selected and copied, else selected for the player
        how = await self.env.ask("copy", text)
        if how in ("clipboard", "selection"):
            self.app.felt.toast(_("Copied the saved text."))
        else:
            self.app.felt.toast(_("Select the saved text and copy it."))

    def note(self, kind: str, text: str) -> None:
        """A line at the top of the page for what happens to the save (full storage, another
        tab); quiet, and it never stops play."""
        self.dom.op("note", kind, text, LW.take_over_html() if kind == "other-tab" else "")

    def clear_note(self, kind: str | None = None) -> None:
        self.dom.op("note-clear", kind)

    def saved_text(self) -> str | None:
        """The save as stored (a hook for tests: window.__tt_save)."""
        try:
            return self.env.read_key(S.KEY)
        except Exception:  # noqa: BLE001
            return None


def where(t: Table, leave_under: Any, paused: Any) -> tuple[str, Any, int, set[int], str | None]:
    """Where the page is, for its save: (screen, match, deal, seats away, the sheet to open
    again: "summary", "over" or None). `leave_under` is the sheet a leave dialog covers;
    `paused` the match kept while the lobby shows."""
    if t.match is not None:
        under = leave_under if t.overlay == "leave" else t.overlay
        if under in REVIEW:
            under = t.looking.review_under
        return (
            "table",
            t.match,
            t.cur,
            t.away,
            under if under in ("summary", "over") else None,
        )
    if paused is not None:
        return "lobby", paused.match, paused.cur, paused.away, paused.overlay
    return "lobby", None, 0, set(), None
