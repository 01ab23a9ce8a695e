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
import re
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import engine
import engine.core
from ui.shell import host as H
from ui.table.table import Table

SEARCH = "?game=batak&seed=3&speed=0&level=normal"
FACTS: dict[str, Any] = {
    "href": "https://site.test/tt/",
    "origin": "https://site.test",
    "pathname": "/tt/",
    "search": SEARCH,
    "history": "",
    "languages": ["en-GB"],
    "storage": {},
    "reduce_motion": True,
    "sound_on": False,
    "embedded": False,
    "lobby": None,
}
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


class Page:
    """What ui/web/ keeps of the worker's messages: the table's data-* attributes, the parts'
    HTML, the mirrored state and flags; it answers `frame`, `store` and the other questions."""

    def __init__(self) -> None:
        self.parts: dict[str, str] = {}
        self.table: dict[str, Any] = {}
        self.state: dict[str, Any] = {}
        self.flags: dict[str, Any] = {}
        self.overlay: str | None = None
        self.errors: list[str] = []
        self.seq = 0
        self.host: H.Host | None = None

    def post(self, text: str) -> None:
        COUNTS.messages += 1
        COUNTS.bytes += len(text.encode())
        msg = json.loads(text)
        COUNTS.ops += len(msg["ops"])
        for op in msg["ops"]:
            self.carry_out(op[0], *op[1:])
        if "state" in msg:
            self.state = json.loads(msg["state"])
            self.flags = msg["flags"]

    async def fetch_text(self, url: str) -> list[Any]:
        return [404, ""]

    def carry_out(self, name: str, *args: Any) -> None:
        if name in ("html", "text"):
            self.parts[args[0]] = args[1]
        elif name == "panel":
            self.parts["panel"] = args[0]
        elif name == "table-data":
            for k, v in args[0].items():
                if v is None:
                    self.table.pop(k, None)
                else:
                    self.table[k] = v
        elif name == "overlay":
            self.overlay = args[0]
            if args[0] is None:
                COUNTS.closes += 1
        elif name == "store" and args[1] is not None:
            self.send({"type": "stored", "key": args[0], "ok": True}, later=True)
        elif name in ("frame", "fetch-mo", "copy"):
            self.send({"type": "answer", "n": args[0], "value": None}, later=True)
        elif name == "console-error":
            self.errors.append(args[0])

    def send(self, msg: dict[str, Any], later: bool = False) -> None:
        self.seq += 1
        msg["seq"] = self.seq
        assert self.host is not None
        if later:
            asyncio.get_event_loop().call_soon(self.host.receive, json.dumps(msg))
        else:
            self.host.receive(json.dumps(msg))

    def click(self, attrs: dict[str, str] | None, felt: bool = False) -> None:
        self.send({"type": "click", "attrs": attrs, "felt": felt})


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


async def until(page: Page, ok: Callable[[], bool], steps: int = 20000) -> None:
    for _ in range(steps):
        if ok():
            return
        await asyncio.sleep(0)
    raise AssertionError(f"never happened; state {page.state}, errors {page.errors}")


async def settle(page: Page) -> None:
    """Lets every reply already on its way arrive (the computers' moves, the answers)."""
    for _ in range(200):
        await asyncio.sleep(0)


def legal_cards(hand_html: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"[^>]*data-legal', hand_html)


def to_lead(page: Page) -> bool:
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
    page = Page()
    page.host = H.boot(page)
    page.send({"type": "start", "facts": FACTS})
    await until(page, lambda: page.state.get("screen") == "table")
    for _ in range(400):  # the bids and tricks before the player leads one
        await until(
            page,
            lambda: (
                "data-input" in page.table
                or "data-tap" in page.table
                or page.state.get("overlay") == "summary"
            ),
        )
        await settle(page)
        if to_lead(page):
            break
        if page.state.get("overlay") == "summary":
            page.click({"data-action": "next"})
            continue
        if "data-tap" in page.table and "data-input" not in page.table:
            page.table.pop("data-tap", None)
            page.click(None, felt=True)
            continue
        moves = re.findall(r'data-move="([^"]+)"(?![^>]*disabled)', page.parts.get("panel", ""))
        page.table.pop("data-input", None)
        if moves:
            bids = [m for m in moves if m != "pass"]  # a bid: the player may win it and lead
            page.click({"data-move": bids[0] if bids else moves[0]})
        else:
            page.click({"data-card": legal_cards(page.parts["hand"])[0]})
    else:
        raise AssertionError("the player never led a trick")
    card = legal_cards(page.parts["hand"])[0]
    app = page.host.app
    assert app is not None
    played = len(app.t.deal.moves)
    page.table.pop("data-input", None)
    page.table.pop("data-tap", None)
    COUNTS.clear()
    page.click({"data-card": card})
    click_calls = Counter(COUNTS.table)
    await until(
        page,
        lambda: (
            len(app.t.deal.moves) >= played + 4
            and ("data-tap" in page.table or "data-input" in page.table)
        ),
    )
    await settle(page)
    COUNTS.table = click_calls
    print(COUNTS.line("one card and three replies (calls into Table: the click's)"))
    page.click({"data-action": "rules"})
    await settle(page)
    assert page.overlay == "rules", page.overlay
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
