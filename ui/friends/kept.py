"""What the host's page keeps with its saved match to open its table with friends again (a
reload, or the lobby's continue): the host's broker id (so the guests' links still reach it),
the seats' plan (a friend's or a computer's, with its level), and each friend's seat's token and
its guest's name (so each guest, coming back with its token, takes its own seat again).

It is the host's own browser's storage, but read as any stored text: `read_kept` checks every
field and that it is this match's, and raises KeptError with a sentence otherwise (the match
then goes on without friends). Pure: no `js`, no clock.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from engine.core import Match
from ui.common.i18n import _
from ui.friends import protocol as M
from ui.friends.host import Computer, Friend, FriendsTable

BROKER_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # a broker's id (as ui/friends/page.py reads one)
FIELDS = {"broker", "game", "seed", "players", "seats"}


class KeptError(ValueError):
    """A kept table that cannot be opened again; the text says why, in a sentence."""


@dataclass(frozen=True)
class KeptSeat:
    """Seat 1, 2, ...: a friend's (its `token`, and its guest's `name` once one took it) or a
    computer's; `level`: the computer's (a friend's seat's while its guest is away)."""

    kind: str
    level: str
    token: str | None = None
    name: str | None = None


@dataclass(frozen=True)
class Kept:
    broker: str
    seats: tuple[KeptSeat, ...]


def kept_data(table: FriendsTable, broker: str) -> dict[str, Any]:
    """The JSON object kept with the save for `table`, whose transport has the id `broker`."""
    m = table.match
    infos = table.seat_infos()
    seats: list[dict[str, Any]] = []
    for s in range(1, m.players):
        seat: dict[str, Any] = {"kind": table.kind(s), "level": table.level(s)}
        if table.kind(s) == "friend":
            seat["token"] = table.token(s)
            if not infos[s].free:
                seat["name"] = infos[s].name
        seats.append(seat)
    return {"broker": broker, "game": m.game, "seed": m.seed, "players": m.players, "seats": seats}


def read_kept(raw: object, match: Match, levels: Collection[str]) -> Kept:
    """The kept table in `raw` for `match`, every field checked (KeptError says what is wrong)."""
    if not isinstance(raw, dict) or set(raw) != FIELDS:
        raise KeptError(_("what was kept of the table is not a table with friends"))
    broker = raw["broker"]
    if not isinstance(broker, str) or not BROKER_ID.fullmatch(broker):
        raise KeptError(_("the table's id for its friends' links is not one"))
    if (raw["game"], raw["seed"], raw["players"]) != (match.game, match.seed, match.players):
        raise KeptError(_("what was kept of the table is another match's"))
    seats = raw["seats"]
    if not isinstance(seats, list) or len(seats) != match.players - 1:
        raise KeptError(_("the table's seats are not this match's"))
    out = tuple(_seat(x, levels) for x in seats)
    if not any(x.kind == "friend" for x in out):
        raise KeptError(_("the table has no seat for a friend"))
    return Kept(broker, out)


def _seat(raw: object, levels: Collection[str]) -> KeptSeat:
    if not isinstance(raw, dict) or not set(raw) <= {"kind", "level", "token", "name"}:
        raise KeptError(_("a seat of the table is not one"))
    kind, level = raw.get("kind"), raw.get("level")
    if kind not in ("friend", "computer") or level not in levels:
        raise KeptError(_("a seat of the table is not one"))
    assert isinstance(kind, str) and isinstance(level, str)
    if kind == "computer":
        if "token" in raw or "name" in raw:
            raise KeptError(_("a seat of the table is not one"))
        return KeptSeat(kind, level)
    token, name = raw.get("token"), raw.get("name")
    if not isinstance(token, str) or not M.TOKEN_CHARS.fullmatch(token):
        raise KeptError(_("a friend's seat has no secret of its own"))
    if name is not None:
        try:
            name = M.guest_name(name)
        except M.PeerError:
            raise KeptError(_("a friend's name is not one")) from None
    return KeptSeat(kind, level, token, name)


def table_of(kept: Kept, match: Match, host_name: str) -> FriendsTable:
    """The table with friends again, started, at `match` as it is: each friend's seat with its
    token, the seats a guest had taken kept for it (its guest away until it comes back)."""
    tokens = iter([x.token or "" for x in kept.seats if x.kind == "friend"])
    plan = [Friend(x.level) if x.kind == "friend" else Computer(x.level) for x in kept.seats]
    table = FriendsTable(match, plan, host_name, lambda: next(tokens))
    for seat, x in enumerate(kept.seats, start=1):
        if x.name is not None and x.token is not None:
            # the seat taken as its guest would take it back (its token), then left: away
            peer = f"kept-{seat}"
            table.hello(peer, M.Hello(seat, x.name, x.token), 0.0)
            table.leave(peer)
    table.start()
    return table


__all__ = ["Kept", "KeptError", "KeptSeat", "kept_data", "read_kept", "table_of"]
