"""The messages of a table played with friends, both ways, as small frozen values.

A guest's page sends the host's page JSON objects `{"v": 1, "type": ...}`:

- `hello`: `seat` (the seat asked for), `name` (plain text, 1-20 characters once trimmed) and
  optionally `token` (the seat's secret, to come back to it);
- `move`: `sid` (the state id it answers) and `move` (the move's text, at most 40 characters);
- `ping` (the heartbeat, about once a second) and `leave`.

`parse_guest` reads one: text longer than MAX_TEXT characters, nested deeper than MAX_DEPTH,
not JSON, of an unknown type, with a field missing, unknown or of the wrong type is a
PeerError, a ValueError whose str() is a sentence for a person in the page's language.

The host sends a guest `lobby` (the seats), `welcome` (the seat taken and its token), `state`
(that seat's view), `refused` (a sentence), `closed` and `ping`: `encode` writes each as
compact JSON and refuses anything of MAX_SENT bytes or more (PeerJS's JSON channel refuses
16,300). Pure: no `js`, tested under CPython (tests/ui/test_friends_*.py).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from engine import untrusted as U
from ui.common.i18n import _
from ui.lobby.view import NAME_MAX, clean_name

VERSION = 1
MAX_TEXT = 4_000  # characters of a guest's message
MAX_DEPTH = 4  # levels of JSON nesting in a guest's message
MAX_MOVE = 40  # characters of a move's text
MAX_SID = 10**9  # the largest state id
MAX_SENT = 16_000  # bytes of a message the host sends, serialised (UTF-8)
TOKEN_CHARS = re.compile(r"[A-Za-z0-9_-]{1,64}")  # a seat's token (`secrets.token_urlsafe`)

FIELDS = {
    "hello": frozenset({"seat", "name", "token"}),
    "move": frozenset({"sid", "move"}),
    "ping": frozenset(),
    "leave": frozenset(),
}
REQUIRED = {"hello": ("seat", "name"), "move": ("sid", "move"), "ping": (), "leave": ()}


class PeerError(ValueError):
    """A peer's message or request that is refused; str() says why, for a person, and `code`
    what kind of refusal it is, for a guest's page: "malformed", "rate", "seat", "taken",
    "token", "twice", "no-seat", "not-started", "stale", "turn", "hold" (the host's table is not
    at that deal yet) or "illegal"."""

    def __init__(self, text: str, code: str = "malformed") -> None:
        super().__init__(text)
        self.code = code


# ------------------------------------------------------------------------- what guests send
@dataclass(frozen=True)
class Hello:
    """A guest asks for a seat (`token`: the seat's secret, to come back to it)."""

    seat: int
    name: str
    token: str | None = None


@dataclass(frozen=True)
class Move:
    """A guest's move, answering the state `sid`."""

    sid: int
    move: str


@dataclass(frozen=True)
class Ping:
    """The guest's heartbeat."""


@dataclass(frozen=True)
class Leave:
    """The guest leaves the table (its seat stays its own: the token brings it back)."""


GuestMessage = Hello | Move | Ping | Leave


def _read(text: Any) -> dict[str, Any]:
    """The JSON object of a guest's message, its size, depth and version checked."""
    try:
        data = U.loads(text, max_depth=MAX_DEPTH, max_chars=MAX_TEXT)
    except U.UntrustedError:
        raise PeerError(
            _("The message is not JSON of at most {chars} characters and {depth} levels.").format(
                chars=MAX_TEXT, depth=MAX_DEPTH
            )
        ) from None
    if not isinstance(data, dict):
        raise PeerError(_("The message is not a JSON object."))
    if data.get("v") != VERSION or isinstance(data.get("v"), bool):
        raise PeerError(_("The message is not of version {v}.").format(v=VERSION))
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise PeerError(_("“{type}” is not a message a guest may send.").format(type=U.quote(kind)))
    extra = sorted(set(data) - FIELDS[kind] - {"v", "type"})
    if extra:
        raise PeerError(
            _("A “{type}” message has no field “{field}”.").format(
                type=kind, field=U.quote(extra[0])
            )
        )
    for name in REQUIRED[kind]:
        if name not in data:
            raise PeerError(
                _("A “{type}” message needs the field “{field}”.").format(type=kind, field=name)
            )
    return data


def _number(value: Any, field: str, high: int) -> int:
    try:
        return U.whole(value if isinstance(value, int) else None, field, 0, high)
    except U.UntrustedError:
        raise PeerError(
            _("“{field}” must be a whole number from 0 to {high}.").format(field=field, high=high)
        ) from None


def guest_name(raw: Any) -> str:
    """A guest's name as plain text: control characters gone, spaces collapsed, 1 to NAME_MAX
    characters (never cut: a longer name is refused)."""
    if not isinstance(raw, str):
        raise PeerError(_("A name must be text."))
    name, cut = clean_name(raw)
    if cut or not name:
        raise PeerError(_("A name must have 1 to {n} characters.").format(n=NAME_MAX))
    return name


def parse_guest(text: Any) -> GuestMessage:
    """A guest's message, checked; PeerError when it is not one."""
    data = _read(text)
    kind = data["type"]
    if kind == "hello":
        token = data.get("token")
        if token is not None and not (isinstance(token, str) and TOKEN_CHARS.fullmatch(token)):
            raise PeerError(_("This seat's token is not the one this table gave."))
        return Hello(_number(data["seat"], "seat", 9), guest_name(data["name"]), token)
    if kind == "move":
        move = data["move"]
        if not isinstance(move, str) or not 0 < len(move) <= MAX_MOVE:
            raise PeerError(_("A move must be text of 1 to {n} characters.").format(n=MAX_MOVE))
        return Move(_number(data["sid"], "sid", MAX_SID), move)
    return Ping() if kind == "ping" else Leave()


# ------------------------------------------------------------------------ what the host sends
@dataclass(frozen=True)
class SeatInfo:
    """One seat as every guest may know it: who plays it and whether a guest may take it."""

    seat: int
    kind: str  # "host", "friend" or "computer"
    name: str
    free: bool  # a friend's seat no guest has taken
    away: bool  # played by the computer now (a computer's seat, or a friend who is away)

    def data(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "name": self.name,
            "free": self.free,
            "away": self.away,
        }


@dataclass(frozen=True)
class Lobby:
    """The table as a guest finds it: the game, its options and the seats."""

    game: str
    players: int
    options: dict[str, Any]
    seats: tuple[SeatInfo, ...]
    started: bool

    def data(self) -> dict[str, Any]:
        return {
            "type": "lobby",
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "seats": [s.data() for s in self.seats],
            "started": self.started,
        }


@dataclass(frozen=True)
class Welcome:
    """The seat a guest took and its secret (kept by the guest's browser or in its link)."""

    seat: int
    name: str
    token: str

    def data(self) -> dict[str, Any]:
        return {"type": "welcome", "seat": self.seat, "name": self.name, "token": self.token}


@dataclass(frozen=True)
class State:
    """One seat's view of the match: the state id its move must answer, `Deal.view(seat)`, its
    legal moves (empty unless it is to move), the seats, the totals and, first thing in a new
    deal, the deal just finished as that seat saw it (`last`); `hold` while the host's table
    is not at this deal yet (its summary of the one before is open); the match's `winners`
    once it is over."""

    sid: int
    view: dict[str, Any]
    legal: tuple[str, ...]
    seats: tuple[SeatInfo, ...]
    totals: tuple[int, ...]
    deal_number: int
    match_over: bool
    started: bool
    last: dict[str, Any] | None = None
    hold: bool = False  # the host's table is not at this deal yet (its summary is open)
    winners: tuple[int, ...] = ()  # the match's winners, once it is over

    def data(self) -> dict[str, Any]:
        out = {
            "type": "state",
            "sid": self.sid,
            "view": self.view,
            "legal": list(self.legal),
            "seats": [s.data() for s in self.seats],
            "totals": list(self.totals),
            "deal_number": self.deal_number,
            "match_over": self.match_over,
            "started": self.started,
        }
        if self.hold:
            out["hold"] = True
        if self.last is not None:
            out["last"] = self.last
        if self.match_over:
            out["winners"] = list(self.winners)
        return out


@dataclass(frozen=True)
class Refused:
    """A message refused (`what`: its type, or "message"; `code`: PeerError's), and why, for a
    person (in the host's language)."""

    what: str
    code: str
    text: str

    def data(self) -> dict[str, Any]:
        return {"type": "refused", "what": self.what, "code": self.code, "text": self.text}


@dataclass(frozen=True)
class Closed:
    """The host stops listening to this peer (a flood): the transport drops it."""

    text: str

    def data(self) -> dict[str, Any]:
        return {"type": "closed", "text": self.text}


@dataclass(frozen=True)
class HostPing:
    """The host's heartbeat."""

    def data(self) -> dict[str, Any]:
        return {"type": "ping"}


HostMessage = Lobby | Welcome | State | Refused | Closed | HostPing


@dataclass(frozen=True)
class Event:
    """A `friends` event of the page's transport (ui/web/): `what` ("open", "peer", "msg",
    "gone" or "error"), this page's broker `id` ("open"), the `peer`, the raw `text` of a
    message, unchecked, and the `reason` of an error."""

    what: str = ""
    id: str = ""
    peer: str = ""
    text: object = None
    reason: str = ""


EVENT_FIELDS = ("what", "id", "peer", "reason")  # (text fields; `text` is kept as it came)


def read_event(msg: dict[str, Any]) -> Event:
    """The transport's event as posted (anything not text is read as empty)."""
    found = {name: msg.get(name) for name in EVENT_FIELDS}
    return Event(
        **{k: v if isinstance(v, str) else "" for k, v in found.items()},
        text=msg.get("text"),
    )


HOST_TYPES = frozenset({"lobby", "welcome", "state", "refused", "closed", "ping"})
MAX_HOST_DEPTH = 12  # levels of JSON nesting in a host's message (a view's tricks and plays)


def _seats_ok(seats: Any) -> bool:
    return isinstance(seats, list) and all(
        isinstance(s, dict)
        and isinstance(s.get("seat"), int)
        and isinstance(s.get("name"), str)
        and isinstance(s.get("kind"), str)
        for s in seats
    )


def parse_host(text: Any) -> dict[str, Any]:
    """A host's message as a guest's page reads it: JSON of fewer than MAX_SENT characters, a
    known type and the fields a guest's page reads, of their types; PeerError otherwise (the
    page ignores it: nothing changes)."""
    try:
        data = U.loads(text, max_depth=MAX_HOST_DEPTH, max_chars=MAX_SENT)
    except U.UntrustedError:
        raise PeerError(_("The message is not a JSON object.")) from None
    if not isinstance(data, dict) or data.get("v") != VERSION or data.get("type") not in HOST_TYPES:
        raise PeerError(_("The message is not a JSON object."))
    kind = data["type"]
    ok = True
    if kind == "lobby":
        ok = isinstance(data.get("game"), str) and _seats_ok(data.get("seats"))
    elif kind == "welcome":
        ok = (
            isinstance(data.get("seat"), int)
            and isinstance(data.get("token"), str)
            and TOKEN_CHARS.fullmatch(data["token"]) is not None
        )
    elif kind == "state":
        ok = (
            isinstance(data.get("sid"), int)
            and isinstance(data.get("view"), dict)
            and isinstance(data.get("legal"), list)
            and all(isinstance(m, str) for m in data["legal"])
            and _seats_ok(data.get("seats"))
            and isinstance(data.get("totals"), list)
        )
    elif kind in ("refused", "closed"):
        ok = isinstance(data.get("text"), str)
    if not ok:
        raise PeerError(_("The message is not a JSON object."))
    return data


def encode(message: HostMessage) -> str:
    """A host's message as the JSON text the transport sends; ValueError at MAX_SENT bytes or
    more (a view that large is a fault of the page, never sent cut short)."""
    text = json.dumps(
        {"v": VERSION, **message.data()}, ensure_ascii=False, separators=(",", ":"), default=str
    )
    size = len(text.encode("utf-8"))
    if size >= MAX_SENT:
        raise ValueError(f"a {type(message).__name__} message of {size} bytes")
    return text


__all__ = [
    "MAX_DEPTH",
    "MAX_MOVE",
    "MAX_SENT",
    "MAX_TEXT",
    "VERSION",
    "Closed",
    "Event",
    "GuestMessage",
    "Hello",
    "HostMessage",
    "HostPing",
    "Leave",
    "Lobby",
    "Move",
    "PeerError",
    "Ping",
    "Refused",
    "SeatInfo",
    "State",
    "Welcome",
    "encode",
    "guest_name",
    "parse_guest",
    "parse_host",
    "read_event",
]
