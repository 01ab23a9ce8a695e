"""Leaving the table and coming back, through the worker protocol (as tests/ui/test_host.py): the
deal summary closes (its own button, which Escape presses) and comes back from the table's
panel; "Games" keeps the match in progress as Back does, and starting another match is what
asks; a tab whose match another tab went on with finds out when it is shown again or focused,
and takes no move until the player chooses "Play on here"."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from bench.fake_page import FACTS, Page, legal_cards, one_move, run, until
from ui.saves import store as S
from ui.shell import host as H

FIELDS = {"game": "batak", "opts": {}, "seed": "3", "speed": "0", "level": "easy"}


class NotedPage(Page):
    """The page, with the notes at its top kept (the other tab's, the storage's)."""

    def __init__(self) -> None:
        super().__init__()
        self.notes: dict[str, str] = {}

    def carry_out(self, name: str, *args: Any) -> None:
        if name == "note":
            self.notes[args[0]] = args[1] + " " + args[2]
        elif name == "note-clear":
            if args[0] is None:
                self.notes.clear()
            else:
                self.notes.pop(args[0], None)
        super().carry_out(name, *args)


async def at_table(search: str = "?speed=0&level=easy") -> Page:
    page = NotedPage()
    page.host = H.boot(page)
    page.send({"type": "start", "facts": dict(FACTS, search=search)})
    await asyncio.sleep(0)
    page.send({"type": "click", "attrs": {"data-game-choice": "batak"}, "lobby": FIELDS})
    page.send({"type": "click", "attrs": {"data-start": ""}, "lobby": FIELDS})
    await until(page, lambda: page.state.get("screen") == "table")
    return page


async def to_summary(page: Page) -> None:
    for _ in range(400):
        if page.state.get("overlay") == "summary":
            return
        await one_move(page)
    raise AssertionError("the deal did not end")


def test_the_deal_summary_closes_and_comes_back() -> None:
    async def go() -> None:
        page = await at_table()
        await to_summary(page)
        kind, html = page.overlay
        assert kind == "summary" and 'data-action="close"' in html  # Escape presses it
        page.send({"type": "click", "attrs": {"data-action": "close"}})
        await until(page, lambda: page.state.get("overlay") is None)
        await until(page, lambda: 'data-action="summary"' in page.parts.get("panel", ""))
        for _ in range(20):  # it stays closed: play does not open it again by itself
            await until(page, lambda: True)
        assert page.state.get("overlay") is None
        # "Games" is not blocked, and the finished deal stays resumable
        page.send({"type": "click", "attrs": {"data-action": "lobby"}})
        await until(page, lambda: page.state.get("screen") == "lobby")
        assert page.lobby is not None and page.lobby.get("resume")
        page.send({"type": "click", "attrs": {"data-action": "resume"}})
        await until(page, lambda: page.state.get("overlay") == "summary")
        page.send({"type": "click", "attrs": {"data-action": "close"}})
        await until(page, lambda: 'data-action="summary"' in page.parts.get("panel", ""))
        page.send({"type": "click", "attrs": {"data-action": "summary"}})
        await until(page, lambda: page.state.get("overlay") == "summary")
        page.send({"type": "click", "attrs": {"data-action": "next"}})
        await until(
            page, lambda: page.state.get("overlay") is None and page.state.get("phase") != "over"
        )
        assert 'data-action="summary"' not in page.parts.get("panel", "")
        assert page.errors == []

    run(go)


def test_games_keeps_the_match_and_a_new_match_asks() -> None:
    async def go() -> None:
        page = await at_table()
        await one_move(page)
        await until(page, lambda: "data-input" in page.table)
        record = json.loads(page.storage[S.KEY])["record"]
        page.send({"type": "click", "attrs": {"data-action": "lobby"}})
        await until(page, lambda: page.state.get("screen") == "lobby")
        assert page.overlay[0] != "leave"  # no question on the way out
        assert page.lobby is not None and page.lobby.get("resume")
        assert json.loads(page.storage[S.KEY])["record"] == record
        # starting another match is what asks
        page.send({"type": "click", "attrs": {"data-start": ""}, "lobby": FIELDS})
        await until(page, lambda: page.overlay[0] == "leave")
        page.send({"type": "click", "attrs": {"data-action": "leave-cancel"}})
        await until(page, lambda: page.overlay[0] is None)
        assert page.state.get("screen") == "lobby"
        page.send({"type": "click", "attrs": {"data-action": "resume"}})
        await until(page, lambda: page.state.get("screen") == "table")
        assert json.loads(page.storage[S.KEY])["record"]["deals"] == record["deals"]
        assert page.errors == []

    run(go)


def other_tabs_save(page: Page) -> str:
    """The save as another tab would write it after going on with the match."""
    s = json.loads(page.storage[S.KEY])
    s["tab"], s["n"] = "another-tab", int(s["n"]) + 5
    return json.dumps(s)


def test_a_stale_tab_is_told_when_shown_and_takes_no_move() -> None:
    async def go() -> None:
        page = await at_table()
        assert isinstance(page, NotedPage)
        await one_move(page)
        await until(page, lambda: "data-input" in page.table)
        mine = page.storage[S.KEY]
        text = other_tabs_save(page)
        page.storage[S.KEY] = text  # (the other tab's write, as the storage event brings it)
        page.send({"type": "storage", "key": S.KEY, "value": text})
        await until(page, lambda: "another tab" in page.notes.get("other-tab", ""))
        assert "the other tab" in page.notes["other-tab"]  # "Play on here" says what stops
        page.send({"type": "seen"})  # shown again: said again, before any move
        await until(page, lambda: any("another tab" in t for t in page.toasts))
        seq = page.table.get("data-seq")
        moves = re.findall(r'data-move="([^"]+)"', page.parts.get("panel", ""))
        cards = legal_cards(page.parts.get("hand", ""))
        page.toasts.clear()
        if moves:
            page.send({"type": "click", "attrs": {"data-move": moves[0]}})
        else:
            page.send({"type": "click", "attrs": {"data-card": cards[0]}})
        await until(page, lambda: bool(page.toasts))
        assert "Play on here" in page.toasts[-1]
        assert page.table.get("data-seq") == seq  # no move taken
        assert page.storage[S.KEY] == text and page.storage[S.KEY] != mine
        page.send({"type": "click", "attrs": {"data-action": "take-over"}})
        await until(page, lambda: json.loads(page.storage[S.KEY])["tab"] != "another-tab")
        assert page.errors == []

    run(go)


def test_the_note_says_what_play_on_here_replaces() -> None:
    from ui.lobby import view as LW

    html = LW.take_over_html()
    assert 'data-action="take-over"' in html and "the other tab" in html


class ToastPage(NotedPage):
    """The page, with every toast operation kept in order (None: the toast cleared)."""

    def __init__(self) -> None:
        super().__init__()
        self.toast_ops: list[str | None] = []

    def carry_out(self, name: str, *args: Any) -> None:
        if name == "toast":
            self.toast_ops.append(args[0])
        elif name == "announce-clear":
            self.said.clear()
        super().carry_out(name, *args)


def test_a_new_table_clears_the_old_tables_messages() -> None:
    """Kozel Classic's next round says its trump in a toast; leaving for the lobby and dealing
    Bidding Kozel at once leaves no word of it on screen or in the live region."""

    async def go() -> None:
        page = ToastPage()
        page.host = H.boot(page)
        page.send({"type": "start", "facts": dict(FACTS, search="?speed=0&level=easy")})
        await asyncio.sleep(0)
        kozel = dict(FIELDS, game="kozel-classic", seed="5")
        page.send({"type": "click", "attrs": {"data-game-choice": "kozel-classic"}, "lobby": kozel})
        page.send({"type": "click", "attrs": {"data-start": ""}, "lobby": kozel})
        await until(page, lambda: page.state.get("screen") == "table")
        await to_summary(page)
        page.send({"type": "click", "attrs": {"data-action": "next"}})
        await until(
            page,
            lambda: any(
                t and "♥" in t or t and "♦" in t or t and "♠" in t or t and "♣" in t
                for t in page.toast_ops
            ),
        )
        notice = next(t for t in page.toast_ops if t)
        assert "trump" in notice.lower()
        page.send({"type": "click", "attrs": {"data-action": "lobby"}})
        await until(page, lambda: page.state.get("screen") == "lobby")
        bk = dict(FIELDS, game="bidding-kozel", seed="7")
        page.send({"type": "click", "attrs": {"data-game-choice": "bidding-kozel"}, "lobby": bk})
        page.send({"type": "click", "attrs": {"data-start": ""}, "lobby": bk})
        if page.overlay[0] == "leave":  # the Kozel match is still in progress: asked first
            page.send({"type": "click", "attrs": {"data-action": "leave-confirm"}})
        await until(page, lambda: page.state.get("game") == "bidding-kozel")
        after = page.toast_ops[page.toast_ops.index(notice) + 1 :]
        assert None in after, page.toast_ops  # the old toast was taken down
        assert notice not in after[after.index(None) :]
        assert not any(notice in line for line in page.said)
        assert page.errors == []

    run(go)


def test_only_another_table_drops_the_messages() -> None:
    """A take-back or a step puts the same cards again: its messages stay."""
    import engine
    from ui.common import effects as F
    from ui.table.table import Table

    t = Table()
    m1 = engine.new_match("koz-maca", seed=1)
    t.put(m1, 0)
    assert any(isinstance(e, F.NewTable) for e in t.take())
    t.put(engine.replay(m1.record()), 0)  # the same cards again
    assert not any(isinstance(e, F.NewTable) for e in t.take())
    t.put(engine.new_match("koz-maca", seed=2), 0)
    assert any(isinstance(e, F.NewTable) for e in t.take())
    t.put(engine.new_match("batak", seed=2), 0)
    assert any(isinstance(e, F.NewTable) for e in t.take())
