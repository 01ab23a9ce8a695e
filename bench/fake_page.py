"""A stand-in for the page's main thread (ui/web/) under CPython: the worker's host
(ui/shell/host.py) is booted with it, events go in as JSON text and the DOM layer's operations
(ui/shell/dom.py) come out; it keeps what it was told to write and answers what the worker asks
(a frame drawn, a value stored). The tests of tests/ui/ and `python3 -m bench.ui` drive the
page's Python through it.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Awaitable, Callable
from typing import Any

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

    def click(self, attrs: dict[str, str] | None, felt: bool = False) -> None:
        self.send({"type": "click", "attrs": attrs, "felt": felt})

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


async def until(page: Page, ok: Callable[[], Any], steps: int = 3000) -> None:
    for _ in range(steps):
        if ok():
            return
        await asyncio.sleep(0)
    raise AssertionError(f"never happened; state {page.state}, errors {page.errors}")


def legal_cards(hand_html: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"[^>]*data-legal', hand_html)


def asks(page: Page) -> bool:
    """The table asks for something: a move, a tap on the felt, or the deal's summary is open."""
    return (
        "data-input" in page.table
        or "data-tap" in page.table
        or page.state.get("overlay") == "summary"
    )


async def one_move(page: Page, prefer: str | None = "pass", bid: bool = False) -> None:
    """The player's next move once the table asks for one: a tap on the felt where it waits
    for one, else `prefer` among the panel's moves if it is there (else the first of them), else
    the first playable card; nothing once the deal's summary is open. With `bid`, the first of
    the panel's moves that is not a pass (the player may win the auction and lead)."""
    await until(page, lambda: asks(page))
    if page.state.get("overlay") == "summary":
        return
    if "data-tap" in page.table and "data-input" not in page.table:
        page.table.pop("data-tap", None)
        page.send({"type": "click", "attrs": None, "felt": True})
        return
    moves = re.findall(r'data-move="([^"]+)"(?![^>]*disabled)', page.parts.get("panel", ""))
    page.table.pop("data-input", None)
    bids = [m for m in moves if m != "pass"] if bid else []
    if moves:
        chosen = prefer if prefer is not None and prefer in moves else moves[0]
        page.click({"data-move": bids[0] if bids else chosen})
    else:
        page.click({"data-card": legal_cards(page.parts["hand"])[0]})
