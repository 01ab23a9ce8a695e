"""The host's authority over a match played with friends: the seats, who holds them, what each
guest is sent and which of its requests are let through.

The host sits at seat 0; each other seat is a friend's (`Friend`) or a computer's (`Computer`,
with its level). A guest says `hello` for a free friend's seat and is given the seat's token;
the same token brings it back to that seat later (from another connection), and no one
without it can take the seat. A guest silent for AWAY_AFTER seconds, gone or not yet come is
away: the computer plays its seat (`computer_plays`) until it speaks again.

`receive(peer, text, now)` is the transport's one entry: the message's rate, then its form
(`protocol.parse_guest`), then what it asks; it answers with a `Verdict` (what to send back,
a move to apply, whether every guest needs its state again, whether to drop the peer). A move
is checked against the engine and never applied here: the page applies `Verdict.accepted`
(its table holds the match) and then sends every guest `view_for(seat)`. Every refusal
changes nothing.

Pure and deterministic: no `js`, no clock (time is given), the tokens from `make_token`.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import engine
from engine.core import Match
from ui.common.i18n import _, catalog, game_info
from ui.friends import peers as P
from ui.friends import protocol as M
from ui.friends.protocol import PeerError
from ui.lobby.view import NAME_MAX

HOST = 0  # the host's seat


@dataclass(frozen=True)
class Friend:
    """A seat for a friend; `level`: the computer that plays it while the friend is away."""

    level: str = "normal"


@dataclass(frozen=True)
class Computer:
    """A seat the computer plays, at `level`."""

    level: str = "normal"


@dataclass(frozen=True)
class Accepted:
    """A guest's move the engine allows: `seat` plays `move`, answering the state `sid`."""

    seat: int
    move: str
    sid: int


@dataclass(frozen=True)
class Verdict:
    """The host's answer to one message of a peer.

    `replies`: what to send that peer, in order; `accepted`: a move to apply (then send every
    guest its state); `changed`: the seats changed (a guest came, left or came back: send every
    guest its state); `close`: drop the peer; `drop`: other peers to drop (a connection that
    held a seat its token has taken back)."""

    replies: tuple[M.HostMessage, ...] = ()
    accepted: Accepted | None = None
    changed: bool = False
    close: bool = False
    drop: tuple[str, ...] = field(default_factory=tuple)


def _token() -> str:
    return secrets.token_urlsafe(16)


class FriendsTable:
    """One match played with friends, as its host's page keeps it."""

    def __init__(
        self,
        match: Match,
        seats: Sequence[Friend | Computer],
        host_name: str,
        make_token: Callable[[], str] = _token,
    ) -> None:
        if len(seats) != match.players - 1:
            raise ValueError(f"{len(seats)} seats planned for {match.players - 1} others")
        self.match = match
        self.plan: tuple[Friend | Computer, ...] = tuple(seats)
        self.host_name = host_name
        self.started = False
        self.hold = False  # the host's table is not at the match's last deal: no move yet
        self._tokens = {s: make_token() for s in self.friend_seats()}
        self._names: dict[int, str] = {}  # friends' seats taken: their guests' names
        self._holder: dict[int, str] = {}  # friends' seats and the peer holding each now
        self._heard: dict[int, float] = {}  # friends' seats and when their guest last spoke
        self._gone: set[int] = set()  # taken seats found away (by `sweep`, `leave`, `drop`)
        self._expected: dict[int, float] = {}  # taken seats waited for (`expect_back`), until
        self._peers: dict[str, P.Peer] = {}
        gi = game_info(engine.GAME_INFO[match.game])
        self._default_names = list(gi["seat_names"])

    # ----------------------------------------------------------------------------- the seats
    def kind(self, seat: int) -> str:
        """The kind of `seat`: "host", "friend" or "computer"."""
        if seat == HOST:
            return "host"
        return "friend" if isinstance(self.plan[seat - 1], Friend) else "computer"

    def friend_seats(self) -> list[int]:
        return [s for s in range(1, self.match.players) if self.kind(s) == "friend"]

    def token(self, seat: int) -> str:
        """The secret of a friend's seat, for a link that brings its guest to it."""
        return self._tokens[seat]

    def level(self, seat: int) -> str:
        """The level of the computer that plays `seat` (a friend's, while the friend is away)."""
        return self.plan[seat - 1].level

    def names(self) -> list[str]:
        """The seats' names: the host's, the guests', the game's own for the others."""
        out = []
        for s in range(self.match.players):
            default = self._default_names[s] if s < len(self._default_names) else str(s + 1)
            out.append(self.host_name if s == HOST else self._names.get(s, default))
        return out

    def away(self, seat: int, now: float) -> bool:
        """Whether a friend's seat has no guest speaking now (never taken, left, gone, or
        silent for AWAY_AFTER seconds)."""
        if self.kind(seat) != "friend":
            return False
        if seat not in self._holder:
            return now >= self._expected.get(seat, now)
        return P.silent(self._heard.get(seat), now)

    def computer_plays(self, seat: int, now: float) -> bool:
        """Whether the page's computer plays `seat` now (at `level(seat)`)."""
        return self.kind(seat) == "computer" or self.away(seat, now)

    def sweep(self, now: float) -> list[int]:
        """The taken seats whose guest went silent since the last sweep (call it about once a
        second): the computer plays them from now on, and every guest is sent its state."""
        out = [
            s
            for s in sorted(self._holder)
            if s not in self._gone and P.silent(self._heard.get(s), now)
        ]
        self._gone.update(out)
        late = [s for s, until in self._expected.items() if now >= until]
        for s in late:
            del self._expected[s]
        return sorted({*out, *late})

    def expect_back(self, until: float) -> None:
        """The seats taken by a guest who is not here now are waited for (not played by the
        computer) until `until`: a table opened again, whose guests come back by themselves
        within seconds, each in the position it left (a move it had asked for is asked again,
        ui/friends/guest.py)."""
        for s in self._names:
            if s not in self._holder:
                self._expected[s] = until

    def guests(self) -> dict[int, str]:
        """The seats held now and the peer holding each (to send each its state)."""
        return dict(self._holder)

    def seat_infos(self) -> tuple[M.SeatInfo, ...]:
        names = self.names()
        return tuple(
            M.SeatInfo(
                seat=s,
                kind=self.kind(s),
                name=names[s],
                free=self.kind(s) == "friend" and s not in self._names,
                away=self.kind(s) == "computer"
                or (self.kind(s) == "friend" and (s not in self._holder or s in self._gone)),
            )
            for s in range(self.match.players)
        )

    def start(self) -> None:
        """The host starts the match: guests' moves are let through from now on."""
        self.started = True

    # --------------------------------------------------------------------------- what is sent
    @property
    def sid(self) -> int:
        """The state id: it changes with every move of the match (a move answering another one
        is stale)."""
        return sum(len(d.moves) for d in self.match.deals) + len(self.match.deals)

    def lobby(self) -> M.Lobby:
        m = self.match
        return M.Lobby(m.game, m.players, dict(m.options), self.seat_infos(), self.started)

    def view_for(self, seat: int) -> M.State:
        """What guest `seat` is sent: built from `Deal.view(seat)` only (its own hand, the
        plays it may see), its legal moves when it is to move, the seats and the totals."""
        m = self.match
        deal = m.deal
        view = deal.view(seat)
        legal = tuple(view.get("legal_moves") or ()) if self.started and not self.hold else ()
        view["legal_moves"] = list(legal)
        last = m.deals[-2].view(seat) if len(m.deals) > 1 and not deal.moves else None
        return M.State(
            sid=self.sid,
            view=view,
            legal=legal,
            seats=self.seat_infos(),
            totals=tuple(m.totals),
            deal_number=len(m.deals),
            match_over=m.is_over,
            started=self.started,
            last=last,
            hold=self.started and self.hold,
            winners=tuple(m.winners) if m.is_over else (),
        )

    # ------------------------------------------------------------------------ what comes in
    def connect(self, peer: str, now: float) -> M.Lobby:
        """A peer's connection opened: what it is sent first."""
        self._peer(peer, now)
        return self.lobby()

    def _peer(self, peer: str, now: float) -> P.Peer:
        p = self._peers.get(peer)
        if p is None:
            p = self._peers[peer] = P.Peer(peer, now, P.Bucket())
        return p

    def receive(self, peer: str, text: object, now: float) -> Verdict:
        """One message of `peer` at time `now`: its rate, its form, then what it asks."""
        p = self._peer(peer, now)
        if p.closed:
            return Verdict(close=True)
        if not p.bucket.take(now):
            return self._too_fast(p)
        p.heard = now
        back = p.seat is not None and p.seat in self._gone
        if p.seat is not None:
            self._heard[p.seat] = now
            self._gone.discard(p.seat)
        what = "message"
        try:
            message = M.parse_guest(text)
            what = type(message).__name__.lower()
            verdict = self._handle(p, message, now)
        except PeerError as exc:
            verdict = Verdict((M.Refused(what, exc.code, str(exc)),))
        if back and not verdict.changed:
            verdict = Verdict(verdict.replies, verdict.accepted, True, verdict.close, verdict.drop)
        return verdict

    def _too_fast(self, p: P.Peer) -> Verdict:
        if p.bucket.over >= P.CUT_OFF:
            p.closed = True
            changed = self._detach(p)
            text = _("Too many messages: this table stops listening to you.")
            return Verdict((M.Closed(text),), changed=changed, close=True)
        if p.bucket.over == 1:
            text = _("Too many messages: wait a moment before the next one.")
            return Verdict((M.Refused("message", "rate", text),))
        return Verdict()

    def _handle(self, p: P.Peer, message: M.GuestMessage, now: float) -> Verdict:
        if isinstance(message, M.Hello):
            return self.hello(p.id, message, now)
        if isinstance(message, M.Move):
            return Verdict(accepted=self.request_move(p.id, message.sid, message.move))
        if isinstance(message, M.Leave):
            return Verdict(changed=self.leave(p.id), close=True)
        return Verdict()

    def hello(self, peer: str, hello: M.Hello, now: float) -> Verdict:
        """A guest takes a free friend's seat, or its own back with its token."""
        p = self._peer(peer, now)
        names = self.names()
        if p.seat is not None:
            raise PeerError(
                _("You already sit in {name}'s seat.").format(name=names[p.seat]), "twice"
            )
        seat = hello.seat
        if not 0 < seat < self.match.players or self.kind(seat) != "friend":
            raise PeerError(_("There is no seat for a friend there."), "seat")
        if hello.token is not None:
            if not secrets.compare_digest(hello.token, self._tokens[seat]):
                raise PeerError(_("This seat's token is not the one this table gave."), "token")
        elif seat in self._names:
            raise PeerError(
                _("{name}'s seat is taken; its link brings its player back.").format(
                    name=names[seat]
                ),
                "taken",
            )
        old = self._holder.get(seat)
        if old is not None and old in self._peers:
            self._peers[old].seat = None
        name = self.own_name(seat, hello.name)
        p.seat = seat
        self._holder[seat] = peer
        self._names[seat] = name
        self._heard[seat] = now
        self._gone.discard(seat)
        self._expected.pop(seat, None)
        welcome = M.Welcome(seat, name, self._tokens[seat])
        drop = (old,) if old is not None and old != peer else ()
        return Verdict((welcome, self.view_for(seat)), changed=True, drop=drop)

    def own_name(self, seat: int, name: str) -> str:
        """`name`, or with a number after it when another seat has it already ("Guest 2"),
        so that no two seats of the table are called the same."""
        others = {n.casefold() for s, n in enumerate(self.names()) if s != seat}
        out, k = name, 2
        while out.casefold() in others:
            out = f"{name[: NAME_MAX - 1 - len(str(k))]} {k}"
            k += 1
        return out

    def request_move(self, peer: str, sid: int, move: str) -> Accepted:
        """`peer`'s move checked: it has a seat, the match has started, `sid` is the state now,
        it is that seat's turn and the engine allows the move. PeerError otherwise."""
        p = self._peers.get(peer)
        if p is None or p.seat is None:
            raise PeerError(_("You have no seat at this table."), "no-seat")
        seat = p.seat
        if not self.started:
            raise PeerError(_("The match has not started yet."), "not-started")
        if self.hold:
            raise PeerError(_("Wait a moment: the host is not at this deal yet."), "hold")
        if sid != self.sid:
            raise PeerError(
                _("The table has moved on since that move was asked for: look again."), "stale"
            )
        m = self.match
        if m.is_over or m.deal.to_move != seat:
            raise PeerError(_("It is not your turn."), "turn")
        why = m.deal.illegal_reason(move)
        if why is not None:
            raise PeerError(why.render(self.names(), catalog(), seat), "illegal")
        return Accepted(seat, move, sid)

    def apply(self, accepted: Accepted) -> None:
        """Plays an accepted move on the match (a page without a table of its own; the page's
        table plays it through its own `play`). Refused when the state has moved on since."""
        if accepted.sid != self.sid:
            raise PeerError(
                _("The table has moved on since that move was asked for: look again."), "stale"
            )
        self.match.play(accepted.move)

    def leave(self, peer: str) -> bool:
        """`peer` leaves: its seat is kept (its token brings it back) and played by the
        computer meanwhile. Whether a seat changed."""
        p = self._peers.pop(peer, None)
        return p is not None and self._detach(p)

    def drop(self, peer: str) -> bool:
        """The transport lost `peer` (a closed connection): as `leave`."""
        return self.leave(peer)

    def _detach(self, p: P.Peer) -> bool:
        seat, p.seat = p.seat, None
        if seat is None or self._holder.get(seat) != p.id:
            return False
        del self._holder[seat]
        self._gone.add(seat)
        return True


__all__ = ["HOST", "Accepted", "Computer", "Friend", "FriendsTable", "Verdict"]
