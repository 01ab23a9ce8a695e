"""The page's Python as its worker runs it (ui/shell/host.py), driven under CPython: events in as JSON
text, the DOM layer's operations out (ui/shell/dom.py), answered by a small stand-in for ui/web/
that keeps the parts it was told to write. The browser's own part (ui/web/) is the end-to-end
tests'; this checks the protocol and the Python behind it without a browser.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from ui.saves import store as S
from ui.shell import host as H


class Page:
    """What ui/web/ keeps of the operations: each part's HTML or text, the table's data-*
    attributes, the storage, the lines said, the toasts and the mirrored state."""

    def __init__(self) -> None:
        self.parts: dict[str, str] = {}
        self.hidden: dict[str, bool] = {}
        self.table: dict[str, str] = {}
        self.root: dict[str, str] = {}
        self.storage: dict[str, str] = {}
        self.said: list[str] = []
        self.toasts: list[str] = []
        self.errors: list[str] = []
        self.lobby: dict[str, Any] | None = None
        self.overlay: tuple[str | None, str] = (None, "")
        self.state: dict[str, Any] = {}
        self.flags: dict[str, Any] = {}
        self.acks: list[Any] = []
        self.seq = 0
        self.host: H.Host | None = None

    # what the worker's api gives Python
    def post(self, text: str) -> None:
        msg = json.loads(text)
        for op in msg["ops"]:
            self.carry_out(op[0], *op[1:])
        if "state" in msg:
            self.state = json.loads(msg["state"])
            self.flags = msg["flags"]
        if msg.get("ack") is not None:
            self.acks.append(msg["ack"])

    async def fetch_text(self, url: str) -> list[Any]:
        return [404, ""]

    def carry_out(self, name: str, *args: Any) -> None:
        if name in ("html", "text"):
            self.parts[args[0]] = args[1]
        elif name == "panel":
            self.parts["panel"] = args[0]
        elif name == "hidden":
            self.hidden[args[0]] = args[1]
        elif name == "table-data":
            for k, v in args[0].items():
                if v is None:
                    self.table.pop(k, None)
                else:
                    self.table[k] = v
        elif name == "attr" and args[0] == ":root":
            self.root[args[1]] = args[2]
        elif name == "store":  # as ui/web/: every write of a value is answered
            if args[1] is None:
                self.storage.pop(args[0], None)
            else:
                self.storage[args[0]] = args[1]
            if args[1] is not None:
                self.send({"type": "stored", "key": args[0], "ok": True}, later=True)
        elif name == "say":
            self.said.append(args[0])
        elif name == "toast" and args[0] is not None:
            self.toasts.append(args[0])
        elif name == "lobby":
            self.lobby = args[0]
        elif name == "overlay":
            self.overlay = (args[0], args[1])
        elif name == "show-table":
            self.hidden["lobby"], self.hidden["table"] = True, False
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


FACTS = {
    "href": "https://site.test/tt/",
    "origin": "https://site.test",
    "pathname": "/tt/",
    "search": "",
    "history": "",
    "languages": ["en-GB"],
    "storage": {},
    "reduce_motion": True,
    "sound_on": False,
    "embedded": False,
    "lobby": None,
}


def run(go: Callable[[], Awaitable[None]]) -> None:
    """Runs `go` on an event loop of its own thread (a browser test of the same run may hold
    this thread's loop), and raises what it raised."""
    failed: list[BaseException] = []

    def main() -> None:
        try:
            asyncio.run(go())  # type: ignore[arg-type]
        except BaseException as exc:  # noqa: BLE001 (raised again below)
            failed.append(exc)

    t = threading.Thread(target=main)
    t.start()
    t.join(120)
    assert not t.is_alive(), "the worker's Python did not finish"
    if failed:
        raise failed[0]


async def started(facts: dict[str, Any]) -> Page:
    page = Page()
    page.host = H.boot(page)
    page.send({"type": "start", "facts": facts})
    await asyncio.sleep(0)
    return page


async def until(page: Page, ok: Any, steps: int = 3000) -> None:
    for _ in range(steps):
        if ok():
            return
        await asyncio.sleep(0)
    raise AssertionError(f"never happened; state {page.state}, errors {page.errors}")


def legal_cards(hand_html: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"[^>]*data-legal', hand_html)


def test_a_whole_deal_through_the_worker_protocol() -> None:
    """From the start message to a deal's summary: the lobby comes as each game's HTML, "Deal
    the cards" puts the table up, the player's turns come as `data-input`, and every click is
    answered (`ack`); the save is written through the `store` operation."""

    async def go() -> None:
        page = await started(dict(FACTS, search="?speed=0&level=easy"))
        assert page.lobby is not None and set(page.lobby["games"]) >= {"batak", "koz-maca"}
        assert page.state["screen"] == "lobby"
        fields = {"game": "batak", "opts": {}, "seed": "3", "speed": "0", "level": "easy"}
        page.send({"type": "click", "attrs": {"data-game-choice": "batak"}, "lobby": fields})
        page.send({"type": "click", "attrs": {"data-start": ""}, "lobby": fields})
        await until(page, lambda: page.state.get("screen") == "table")
        assert page.state["game"] == "batak" and page.state["seed"] == 3
        for _ in range(300):
            await until(
                page,
                lambda: (
                    "data-input" in page.table
                    or "data-tap" in page.table
                    or page.state.get("overlay") == "summary"
                ),
            )
            if page.state.get("overlay") == "summary":
                break
            if "data-tap" in page.table and "data-input" not in page.table:
                page.table.pop("data-tap", None)  # a finished trick waits: a tap on the felt
                page.send({"type": "click", "attrs": None, "felt": True})
                continue
            panel = page.parts.get("panel", "")
            moves = re.findall(r'data-move="([^"]+)"(?![^>]*disabled)', panel)
            if moves:
                move = "pass" if "pass" in moves else moves[0]
                page.table.pop("data-input", None)
                page.send({"type": "click", "attrs": {"data-move": move}})
            else:
                cards = legal_cards(page.parts["hand"])
                assert cards, page.parts["hand"]
                page.table.pop("data-input", None)
                page.send({"type": "click", "attrs": {"data-card": cards[0]}})
        assert page.state["overlay"] == "summary" and page.state["phase"] == "over"
        saved = json.loads(page.storage[S.KEY])
        assert saved["screen"] == "table"
        assert page.errors == []
        await asyncio.sleep(0)
        assert sorted(page.acks) == list(range(1, page.seq + 1))  # every event answered

    run(go)


def test_bad_input_is_a_message_and_changes_nothing() -> None:
    """A message that is not JSON, an unknown event, a card not in hand and an address with
    bad parameters: each is refused in words or ignored, never a fault."""

    async def go() -> None:
        page = await started(dict(FACTS, search="?game=nonesuch&speed=fast"))
        assert page.host is not None
        page.host.receive("{not json")
        page.host.receive(json.dumps(["a", "list"]))
        page.send({"type": "no-such-event"})
        assert "lobby-msg" not in page.parts or page.parts["lobby-msg"]
        page.send({"type": "click", "attrs": {"data-card": "ZZ"}})
        assert page.errors == []
        assert page.state["screen"] == "lobby"

    run(go)


@pytest.mark.parametrize("text", ["{", '{"v": 99}', "null"])
def test_a_bad_save_is_kept_and_the_page_starts_clean(text: str) -> None:
    async def go() -> None:
        facts = dict(FACTS, storage={S.KEY: text})
        page = await started(facts)
        assert page.errors == []
        assert page.state["screen"] == "lobby"

    run(go)


async def one_move(page: Page, prefer: str | None = "pass") -> None:
    """The player's next move once the table asks for one: a tap on the felt where it waits
    for one, else `prefer` among the panel's moves if it is there (else the first of them), else
    the first playable card; nothing once the deal's summary is open."""
    await until(
        page,
        lambda: (
            "data-input" in page.table
            or "data-tap" in page.table
            or page.state.get("overlay") == "summary"
        ),
    )
    if page.state.get("overlay") == "summary":
        return
    if "data-tap" in page.table and "data-input" not in page.table:
        page.table.pop("data-tap", None)
        page.send({"type": "click", "attrs": None, "felt": True})
        return
    moves = re.findall(r'data-move="([^"]+)"(?![^>]*disabled)', page.parts.get("panel", ""))
    page.table.pop("data-input", None)
    if moves:
        page.send(
            {"type": "click", "attrs": {"data-move": prefer if prefer in moves else moves[0]}}
        )
    else:
        page.send({"type": "click", "attrs": {"data-card": legal_cards(page.parts["hand"])[0]}})
