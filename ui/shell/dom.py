"""The DOM layer's orders, as data (pure): the page's Python runs in a worker, so it never
touches the document; it writes what the document should do as operations, and ui/web/,
on the main thread, carries them out in order.

Each operation is a JSON list `[name, *args]`. Text goes as text (`text`, `say`, `toast`); only
HTML the page's own views made goes as HTML (`html`, `overlay`, `lobby`). What needs the live
document (where focus is, an element's place on screen, the panel's height) is decided there:
`keep-focus`, `focus-hand`, `fly-in`, `sweep`, `panel` carry what the page knows and the main
thread measures the rest.

ui/ops.json lists every operation with the names of its arguments (a name ending in "?" may be
left out): `make_op` builds an operation and refuses a name or a count of arguments it does not
list; ui/web/ops.js carries out the same list (tests/build/test_ops_list.py checks both sides).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

Op = list[Any]

OPS_FILE = Path(__file__).parents[1] / "ops.json"
# Each operation's argument names, as the page carries them out.
OPS: dict[str, list[str]] = json.loads(OPS_FILE.read_text(encoding="utf-8"))


def arity(name: str) -> tuple[int, int]:
    """The fewest and the most arguments operation `name` takes (KeyError: not an operation)."""
    names = OPS[name]
    return sum(1 for a in names if not a.endswith("?")), len(names)


def make_op(name: str, *args: object) -> Op:
    """The operation `[name, *args]`; ValueError when ui/ops.json does not list `name` or it
    takes another number of arguments."""
    if name not in OPS:
        raise ValueError(f"no DOM operation is named {name!r} (ui/ops.json)")
    least, most = arity(name)
    if not least <= len(args) <= most:
        raise ValueError(f"the DOM operation {name!r} takes {OPS[name]}, not {len(args)} arguments")
    return [name, *args]


class Dom:
    """The operations of one turn of the worker's work, sent together (`send`)."""

    def __init__(
        self,
        post: Callable[[str], None] | None = None,
        later: Callable[[Callable[[], None]], None] | None = None,
    ) -> None:
        self.ops: list[Op] = []
        self.post = post or (lambda _text: None)
        # how a send is put off to the end of the current turn (the event loop's call_soon)
        self.later = later
        self.due = False
        self.extra: Callable[[], dict[str, Any]] = dict  # what each message carries besides
        self.sent = 0

    def op(self, name: str, *args: object) -> None:
        self.ops.append(make_op(name, *args))
        if self.later is not None and not self.due:
            self.due = True
            self.later(self.flush_later)

    def flush_later(self) -> None:
        self.due = False
        if self.ops:
            self.send()

    def send(self, **fields: object) -> None:
        """Posts the operations so far (and `fields`, e.g. an event's answer) to the page."""
        msg = {"ops": self.ops, **self.extra(), **fields}
        self.ops = []
        self.sent += 1
        self.post(json.dumps(msg, default=str))

    # the common orders -----------------------------------------------------------------
    def html(self, id_: str, html: str) -> None:
        self.op("html", id_, html)

    def text(self, id_: str, text: str) -> None:
        self.op("text", id_, text)

    def hidden(self, id_: str, hidden: bool) -> None:
        self.op("hidden", id_, bool(hidden))

    def attr(self, sel: str, name: str, value: str | None) -> None:
        """Sets (or, with None, removes) an attribute on every element `sel` finds."""
        self.op("attr", sel, name, value)

    def root(self, name: str, value: str | None) -> None:
        """An attribute of <html> (data-ready, data-embed, data-home, lang)."""
        self.op("attr", ":root", name, value)

    # playing with friends (ui/friends/): the transport, carried out by ui/web/ ---------------
    def friends_host(self, config: dict[str, Any]) -> None:
        """Starts (or reuses) the host's transport; its id comes back as a `friends` event."""
        self.op("friends-host", config)

    def friends_join(self, host: str, config: dict[str, Any]) -> None:
        """Connects a guest's page to the host's broker id `host`."""
        self.op("friends-join", host, config)

    def friends_send(self, peer: str, text: str) -> None:
        """Sends `text` (JSON under 16,000 bytes) to `peer` ("host" from a guest's page)."""
        self.op("friends-send", peer, text)

    def friends_drop(self, peer: str) -> None:
        """Closes `peer`'s connection ("*": every one, and the transport)."""
        self.op("friends-drop", peer)
