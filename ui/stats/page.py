"""The player's record in the page (ui/stats/record.py's format): counted when a match ends, shown
on its sheet from the lobby, exported and reset. A stored record that cannot be read is kept
under another key and started afresh, with a note; the saved match (ui/saves/store.py) is another
key and is never touched by any of this.
"""

from __future__ import annotations

import asyncio
import datetime
import json
from typing import Any
from urllib.parse import quote

from ui.common.i18n import _
from ui.sheets.overlay import Overlay
from ui.shell.parts import Page
from ui.stats import record as RC
from ui.stats import view as RV


class Stats:
    """The player's record (a part of ui/shell/app.py's `App`)."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.t, self.dom, self.env = app.t, app.dom, app.env
        self.forget()

    def forget(self) -> None:
        """Nothing found wrong with the stored record yet (the page's start, the tests' reset)."""
        self.record_broken: str | None = None  # why the stored record was started afresh
        self.record_frozen = False  # the stored record is a newer page's: never written here

    def today(self) -> str:
        return datetime.date.today().isoformat()

    def read_record(self) -> RC.Record:
        """The stored record; one that cannot be read is kept under `BAD_KEY`, replaced by a
        fresh one, and the player told so (a note at the top of the page)."""
        try:
            text = self.env.read_key(RC.KEY)
        except Exception:  # noqa: BLE001 (storage off: an empty record, not kept)
            return RC.Record()
        try:
            return RC.parse(text)
        except RC.RecordNewer as exc:  # a newer page's: left as it is, nothing counted into it
            self.record_frozen = True
            self.app.saves.note(
                "record", _("Your record is not updated here: {reason}").format(reason=exc)
            )
            return RC.Record()
        except RC.RecordError as exc:
            self.record_broken = str(exc)
            if text is not None:
                self.app.saves.set_aside(RC.KEY, RC.BAD_KEY, text)  # (ui/saves/page.py)
                self.env.write_key(RC.KEY, RC.Record().dumps())
            self.app.saves.note(
                "record",
                _(
                    "Your record could not be read ({reason}) and was started again. The unreadable "
                    "text is kept for a bug report."
                ).format(reason=exc),
            )
            return RC.Record()

    def check_record(self) -> None:
        """At the page's start: a record that cannot be read is found (and said) at once."""
        if self.env.storage_ok and self.app.embed.spec is None:
            self.read_record()

    def count_match(self) -> None:
        """A match that has ended goes into the record, once (a reload of its result is the
        same match: ui/stats/record.py's `seen`). A lesson or a position on show never does."""
        m = self.t.match
        if (
            m is None
            or not m.is_over
            or self.app.embed.spec is not None
            or self.t.lesson
            or not self.env.storage_ok
        ):
            return
        rec = self.read_record()
        if self.record_frozen:
            return
        if RC.add_match(rec, m, self.t.level, self.today(), m.practice):
            self.env.write_key(RC.KEY, rec.dumps())

    def puzzles(self) -> RC.Puzzles:
        try:
            return RC.read_puzzles(self.env.read_key(RC.PUZZLES_KEY))
        except Exception:  # noqa: BLE001 (storage off, or anything: no puzzles)
            return RC.Puzzles()

    def record_stats(self) -> dict[str, Any]:
        """The record as data (window.__tt_record_stats)."""
        rec = self.read_record()
        out = RC.stats(rec, self.puzzles())
        out["reset_note"] = self.record_broken
        return out

    def export_text(self) -> str:
        return json.dumps(
            RC.stats(self.read_record(), self.puzzles()), ensure_ascii=False, indent=1
        )

    def show_record(self) -> None:
        titles = {g: str(self.app.gi(g)["title"]) for g in self.app.games}
        html = RV.record_html(self.read_record(), self.puzzles(), titles, list(self.app.levels))
        self.app.felt.show_overlay(Overlay.RECORD, html)
        text = self.export_text()
        self.dom.text("record-json", text)  # as text: never HTML
        self.dom.attr(
            '#overlay [data-action="record-download"]',
            "href",
            "data:application/json;charset=utf-8," + quote(text, safe=""),
        )

    def record_action(self, what: str) -> None:
        if what == "record":
            self.show_record()
        elif what == "record-export":
            asyncio.ensure_future(self.copy_record())
        elif what == "record-reset":
            self.app.felt.show_overlay(Overlay.RECORD_RESET, RV.reset_html())
        elif what == "record-reset-cancel":
            self.show_record()
        elif what == "record-reset-confirm":
            self.reset_record()
            self.show_record()
            self.app.felt.toast(_("Your record was reset."))

    def reset_record(self) -> None:
        """Clears the record and the puzzles' progress (never the saved match)."""
        if not self.env.storage_ok:
            return
        for key in (RC.KEY, RC.BAD_KEY, RC.PUZZLES_KEY):
            self.env.write_key(key, None)
        self.record_broken = None
        self.record_frozen = False
        self.app.saves.clear_note("record")

    async def copy_record(self) -> None:
        how = await self.env.ask("copy", self.export_text(), "[data-record-json]")
        if how in ("clipboard", "selection"):
            self.app.felt.toast(_("Copied the record."))
        else:
            self.app.felt.toast(_("Select the record's text and copy it."))
