"""The page's Python at work on one move, under CPython (`python3 -m bench.ui`): the worker's
host (ui/shell/host.py) driven as ui/web/ drives it, with a small stand-in for the page that
answers what the worker asks (a frame drawn, a value stored).

It plays a Batak match at Instant with the search players ("normal") to the point where the
player leads a trick, then measures one card played and the computers' three replies, and one
tap on a sheet's close button. For each it prints the messages the worker posted and their
bytes, the DOM operations in them, the calls of `Match.record()` and `engine.replay`, the calls
into the table's controller (`Table`) the click made (outermost calls of its methods that are
not reads), and how many times the sheet was closed (`overlay` operations with no sheet).
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import engine
import engine.core
from bench import fake_page as FP
from ui.shell import host as H
from ui.table.table import Table

SEARCH = "?game=batak&seed=3&speed=0&level=normal"

# Table methods that only read the table (the drawing's and the mirror's): not counted as calls
# into it.
READS = {
    "can_act",
    "waiting_for_tap",
    "multi",
    "view",
    "ui",
    "model",
    "names",
    "gi",
    "state",
    "where",
    "record_json",
    "error",
    "reason",
    "orig",
    "bot_rng",
    "take",
    "puzzle_goal",
    "sound_of",
    "move_posts",
}


class Counts:
    """What the bench counts, from the last `clear`."""

    def __init__(self) -> None:
        self.messages = 0
        self.bytes = 0
        self.ops = 0
        self.records = 0
        self.replays = 0
        self.table: Counter[str] = Counter()  # outermost calls into Table, by method
        self.closes = 0
        self.depth = 0

    def clear(self) -> None:
        self.messages = self.bytes = self.ops = self.records = self.replays = self.closes = 0
        self.table = Counter()

    def line(self, what: str) -> str:
        calls = sum(self.table.values())
        return (
            f"{what}: {self.messages} messages, {self.bytes} bytes, {self.ops} DOM "
            f"operations, {self.records} Match.record(), {self.replays} engine.replay, "
            f"{calls} calls into Table {dict(self.table)}, {self.closes} sheet closes"
        )


COUNTS = Counts()


class CountingPage(FP.Page):
    """The stand-in page (bench/fake_page.py), counting the messages, their bytes and
    operations, and the sheet's closes (`overlay` operations with no sheet)."""

    def post(self, text: str) -> None:
        COUNTS.messages += 1
        COUNTS.bytes += len(text.encode())
        COUNTS.ops += len(json.loads(text)["ops"])
        super().post(text)

    def carry_out(self, name: str, *args: Any) -> None:
        if name == "overlay" and args[0] is None:
            COUNTS.closes += 1
        super().carry_out(name, *args)


def counting(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn` (a method of Table) counted when it is called from outside the table."""

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if COUNTS.depth == 0 and name not in READS:
            COUNTS.table[name] += 1
        COUNTS.depth += 1
        try:
            return fn(*args, **kwargs)
        finally:
            COUNTS.depth -= 1

    return wrapped


def instrument() -> None:
    """Counts Match.record(), engine.replay and the calls into Table."""
    match_record, match_replay = engine.core.Match.record, engine.replay

    def counted_record(self: engine.core.Match) -> dict[str, Any]:
        COUNTS.records += 1
        return match_record(self)

    def counted_replay(record: Any) -> engine.core.Match:
        COUNTS.replays += 1
        return match_replay(record)

    engine.core.Match.record = counted_record  # type: ignore[method-assign]
    engine.replay = counted_replay
    for cls in Table.__mro__:
        if cls is object:
            continue
        for name, value in list(vars(cls).items()):
            plain = callable(value) and not isinstance(value, (type, staticmethod, classmethod))
            if plain and not name.startswith("__") and getattr(Table, name) is value:
                setattr(Table, name, counting(name, value))  # the one the class resolves to


async def settle(page: FP.Page) -> None:
    """Lets every reply already on its way arrive (the computers' moves, the answers)."""
    for _ in range(200):
        await asyncio.sleep(0)


def to_lead(page: FP.Page) -> bool:
    """The player is to lead a trick: a card to play, the trick empty."""
    t = page.host.app.t if page.host is not None and page.host.app is not None else None
    return bool(
        t is not None
        and t.match is not None
        and t.deal.phase == "play"
        and t.can_act()
        and not t.deal.trick
        and "data-input" in page.table
    )


async def go() -> int:
    page = CountingPage()
    page.host = H.boot(page)
    page.send({"type": "start", "facts": dict(FP.FACTS, search=SEARCH)})
    await FP.until(page, lambda: page.state.get("screen") == "table", 20000)
    for _ in range(400):  # the bids and tricks before the player leads one
        await FP.until(page, lambda: FP.asks(page), 20000)
        await settle(page)
        if to_lead(page):
            break
        if page.state.get("overlay") == "summary":
            page.click({"data-action": "next"})
        else:
            await FP.one_move(page, bid=True)  # a bid: the player may win it and lead
    else:
        raise AssertionError("the player never led a trick")
    card = FP.legal_cards(page.parts["hand"])[0]
    app = page.host.app
    assert app is not None
    played = len(app.t.deal.moves)
    page.table.pop("data-input", None)
    page.table.pop("data-tap", None)
    COUNTS.clear()
    page.click({"data-card": card})
    click_calls = Counter(COUNTS.table)
    await FP.until(
        page,
        lambda: (
            len(app.t.deal.moves) >= played + 4
            and ("data-tap" in page.table or "data-input" in page.table)
        ),
        20000,
    )
    await settle(page)
    COUNTS.table = click_calls
    print(COUNTS.line("one card and three replies (calls into Table: the click's)"))
    page.click({"data-action": "rules"})
    await settle(page)
    assert page.overlay[0] == "rules", page.overlay
    COUNTS.clear()
    page.click({"data-action": "close"})
    await settle(page)
    print(COUNTS.line("one tap on a sheet's close"))
    if page.errors:
        print("errors:", *page.errors, sep="\n", file=sys.stderr)
        return 1
    return 0


def main() -> int:
    instrument()
    return asyncio.run(go())


if __name__ == "__main__":
    raise SystemExit(main())
