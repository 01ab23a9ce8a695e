"""The record in the page's Python (ui/stats/page.py), driven through the worker's protocol
under CPython (tests/ui/test_host.py's stand-in for ui/web/): a finished match is counted once,
a reload of its result counts nothing more, the record sheet opens from the lobby, its reset
asks first, and a corrupt record is started afresh with a note, never touching the saved
match."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from bench.fake_page import FACTS, Page, one_move, run, until
from engine import untrusted as U
from ui.saves import store as S
from ui.shell import host as H
from ui.stats import record as RC


class NotedPage(Page):
    """The stand-in, keeping the notes at the top of the page too."""

    def __init__(self) -> None:
        super().__init__()
        self.notes: dict[str, str] = {}
        self.texts: dict[str, str] = {}
        self.attrs: list[tuple[str, str, Any]] = []

    def carry_out(self, name: str, *args: Any) -> None:
        if name == "note":
            self.notes[args[0]] = args[1]
        elif name == "note-clear":
            if args[0] is None:
                self.notes.clear()
            else:
                self.notes.pop(args[0], None)
        elif name == "text":
            self.texts[args[0]] = args[1]
        elif name == "attr":
            self.attrs.append(tuple(args))
        super().carry_out(name, *args)


async def started(storage: dict[str, str] | None = None) -> NotedPage:
    page = NotedPage()
    page.host = H.boot(page)
    page.send(
        {
            "type": "start",
            "facts": dict(FACTS, search="?speed=0&level=easy", storage=dict(storage or {})),
        }
    )
    await asyncio.sleep(0)
    return page


async def play_to_the_end(page: NotedPage) -> None:
    """A one-round Bidding Kozel match, clicked through to its result."""
    fields = {
        "game": "bidding-kozel",
        "opts": {"rounds": "1"},
        "seed": "5",
        "speed": "0",
        "level": "easy",
    }
    page.send({"type": "click", "attrs": {"data-game-choice": "bidding-kozel"}, "lobby": fields})
    page.send({"type": "click", "attrs": {"data-start": ""}, "lobby": fields})
    await until(page, lambda: page.state.get("screen") == "table")
    for _ in range(300):
        if page.state.get("overlay") == "summary":
            break
        await one_move(page, prefer=None)
    assert page.state["match_over"]
    page.send({"type": "click", "attrs": {"data-action": "continue"}})
    await until(page, lambda: page.state.get("overlay") == "over")


def reopen(page: NotedPage) -> None:
    page.send({"type": "call", "name": "reopen", "args": ["", dict(page.storage)]})


def test_a_finished_match_is_counted_once_and_shown() -> None:
    async def go() -> None:
        page = await started()
        await play_to_the_end(page)
        rec = RC.parse(page.storage[RC.KEY])
        t = rec.games["bidding-kozel"]["easy"]
        assert (t.played, t.deals) == (1, 1) and len(rec.recent) == 1
        reopen(page)  # a reload at the match's result: the same match, not counted again
        await until(page, lambda: page.state.get("overlay") == "over")
        await asyncio.sleep(0)
        assert RC.parse(page.storage[RC.KEY]).games["bidding-kozel"]["easy"].played == 1
        page.send({"type": "click", "attrs": {"data-action": "score-sheet"}})
        await until(page, lambda: "data-match-chart" in page.overlay[1])
        page.send({"type": "click", "attrs": {"data-action": "close"}})
        page.send({"type": "click", "attrs": {"data-action": "lobby"}})
        await until(page, lambda: page.state.get("screen") == "lobby")
        page.send({"type": "click", "attrs": {"data-action": "record"}})
        await until(page, lambda: page.overlay[0] == "record")
        html = page.overlay[1]
        assert 'data-game="bidding-kozel" data-level="easy" data-played="1"' in html
        assert 'data-chart="recent" data-points="1"' in html
        assert (
            json.loads(page.texts["record-json"])["games"]["bidding-kozel"]["easy"]["played"] == 1
        )
        page.send({"type": "call", "name": "record_stats", "args": []})
        await asyncio.sleep(0)
        # reset asks first, then clears the record and the puzzles, never the save
        saved = page.storage.get(S.KEY)
        page.storage[RC.PUZZLES_KEY] = '{"format": 1, "solved": {"batak": ["1"]}}'
        page.send({"type": "click", "attrs": {"data-action": "record-reset"}})
        await until(page, lambda: page.overlay[0] == "record-reset")
        assert RC.KEY in page.storage
        page.send({"type": "click", "attrs": {"data-action": "record-reset-confirm"}})
        await until(page, lambda: page.overlay[0] == "record")
        assert RC.KEY not in page.storage and RC.PUZZLES_KEY not in page.storage
        assert "data-record-empty" in page.overlay[1]
        assert page.storage.get(S.KEY) == saved
        assert page.errors == []

    run(go)


def test_a_corrupt_record_is_reset_with_a_note_and_the_match_kept() -> None:
    async def go() -> None:
        page = await started()
        fields = {"game": "batak", "opts": {}, "seed": "3", "speed": "0", "level": "easy"}
        page.send({"type": "click", "attrs": {"data-start": ""}, "lobby": fields})
        await until(page, lambda: page.state.get("screen") == "table")
        await until(page, lambda: "data-input" in page.table)
        storage = dict(page.storage)
        match = json.loads(storage[S.KEY])["record"]
        storage[RC.KEY] = '{"format": 1, "games": {"batak": {"easy": {"played": "<b>lots"}}}}'
        page2 = await started(storage)
        await until(page2, lambda: page2.state.get("screen") == "table")
        assert "record" in page2.notes and "could not be read" in page2.notes["record"]
        kept = U.aside_entries(page2.storage[RC.BAD_KEY])  # kept aside, dated
        assert kept[-1]["text"] == storage[RC.KEY] and kept[-1]["date"]
        assert RC.parse(page2.storage[RC.KEY]).empty()
        assert json.loads(page2.storage[S.KEY])["record"] == match, "the match is untouched"
        assert S.BAD_KEY not in page2.storage
        assert page2.errors == []

    run(go)


def test_a_newer_record_is_left_as_it_is() -> None:
    """A record of a later format (a newer copy of the page wrote it) is neither replaced nor
    counted into: a note says so."""

    async def go() -> None:
        newer = '{"format": 2, "whatever": []}'
        page = await started({RC.KEY: newer})
        await play_to_the_end(page)
        assert RC.KEY not in page.storage and RC.BAD_KEY not in page.storage, "never written"
        assert page.host is not None and page.host.app is not None
        assert page.host.app.env.store[RC.KEY] == newer
        assert "newer version" in page.notes["record"]
        assert page.errors == []

    run(go)
