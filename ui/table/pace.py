"""The table's pace: the computers' turns, the finished trick's show and the trump timer (a part
of the table's controller, ui/table/table.py, held as `Table.pace`; pure, tested under CPython).

Nothing here sleeps: it asks the page for a timer (`After`) or the computer's move (`Ask`),
each with the state id, and goes on when the answer comes back for that same id.
"""

from __future__ import annotations

import engine
import engine.bots
from ui.common import effects as F
from ui.common import render as R
from ui.common.i18n import _
from ui.table.core import TableCore

# The pause before a computer move and the time a finished trick stays on the table (seconds).
PAUSES = {"0": (0.0, 0.0), "1": (0.25, 0.6), "2": (0.6, 1.1), "3": (1.1, 1.8)}
SWEEP = 0.25  # the finished trick's slide to the winner (style.css `sweep`: 240 ms)


class Pace:
    """What happens next at the table: the timer awaited, the computer asked."""

    def __init__(self, t: TableCore) -> None:
        self.t = t
        self.waiting: str | None = None  # the answer awaited now ("computer", "linger", ...)
        self.cleared_at = -1e9  # when the last finished trick began to clear (clock)
        self.timer_left: int | None = None  # the trump timer's seconds
        # A match played with friends (ui/friends/): the seats whose moves come from a friend's
        # page (never asked of the computer, waited for) and each computer seat's level.
        self.friends_match: object = None
        self.remote: frozenset[int] = frozenset()
        self.levels: dict[int, str] = {}

    @property
    def at_friends(self) -> bool:
        """Whether the match on the table is played with friends (no undo, hint or checker
        there: they would take back a guest's move, or help the host alone)."""
        return self.t.match is not None and self.t.match is self.friends_match

    def from_friend(self, seat: int | None) -> bool:
        """Whether `seat`'s move comes from a friend's page (ui/friends/session.py)."""
        return self.at_friends and seat in self.remote

    def level(self, seat: int) -> str:
        """The level of the computer playing `seat`."""
        t = self.t
        if not t.search_ok:
            return "easy"
        return self.levels.get(seat, t.level) if self.at_friends else t.level

    def halt(self) -> None:
        """Nothing is awaited any more: the trump timer, or the finished trick's show, ends."""
        self.waiting = None
        self.timer_left = None

    def advance(self) -> None:
        """What happens next in play (not in a lesson or a puzzle, whose replies are their
        own): the finished trick's show, the summary, the trump timer, or the next computer
        move."""
        t = self.t
        if t.match is None or t.stepping or self.waiting is not None:
            return
        d = t.deal
        pause, linger = PAUSES.get(t.speed, PAUSES["2"])
        if t.lingering:
            if t.can_act():
                return  # Instant, the reader is next: their card ends the show
            if linger > 0:
                self.wait("linger", linger)
            return  # at Instant, until a tap
        if d.phase == "over":
            if t.overlay is None and not t.summary_closed:
                t.summary()  # a deal can end as it starts (four Aces dealt to one hand)
            return
        if t.overlay is not None or d.to_move is None or self.from_friend(d.to_move):
            return
        if d.to_move in t.readers:
            if d.phase == "trump" and t.match.rules.trump_timer:
                self.timer_left = int(t.match.rules.trump_timer)
                t.emit(F.Render())
                self.wait("tick", 1.0)
            return
        since = t.clock() - self.cleared_at  # the computer "thinks" while a trick clears
        self.waiting = "computer"
        t.emit(
            F.Ask(
                t.sid,
                t.record_json(),
                self.level(int(d.to_move)),
                int(t.match.seed or 0),
                max(0.0, pause - since) if since < pause else pause,
                int(d.to_move),
            )
        )

    def wait(self, kind: str, seconds: float) -> None:
        self.waiting = kind
        self.t.emit(F.After(seconds, kind, self.t.sid))

    def computer_chose(self, sid: int, move: str | None, failed: bool = False) -> None:
        """The computer's move for state `sid` (None: the baseline chooses)."""
        t = self.t
        if sid != t.sid or self.waiting != "computer":
            return  # for a position gone
        self.waiting = None
        if failed and t.search_ok:
            t.search_failed()
            t.emit(
                F.Toast(
                    _(
                        "The stronger computer players could not start; the simple "
                        "ones play instead."
                    )
                )
            )
        if t.overlay is not None:
            return  # asked again when the sheet closes
        d = t.deal
        if (
            d.phase == "over"
            or d.to_move is None
            or d.to_move in t.readers
            or self.from_friend(d.to_move)
        ):
            return
        if move is None or move not in d.legal_moves():
            move = engine.bots.choose(d, d.to_move, t.bot_rng())
        t.apply(move)
        t.advance()

    def timer(self, kind: str, sid: int) -> None:
        """A timer the controller asked for (`After`) has run out."""
        if sid != self.t.sid or self.waiting != kind:
            return
        self.waiting = None
        if kind == "linger":
            self.end_linger()
        elif kind == "sweep":
            self.finish_linger()
        elif kind == "tick":
            self.tick()
        elif kind == "reply":
            self.t.replies_due()

    def tap(self) -> None:
        """A tap on the felt (or Enter there): the finished trick's show ends."""
        t = self.t
        if not t.lingering:
            return
        if t.lesson or t.stepping or t.puzzle is not None:
            t.end_show()  # no computer waits: the table moves on at once
            if self.waiting == "linger":
                self.waiting = None
            t.emit(F.Render())
            t.advance()  # a lesson's next reply
            return
        self.end_linger()

    def end_linger(self) -> None:
        """The finished trick's show is over: at a speed with motion the winner collects it (a
        short slide towards their seat), then the table moves on."""
        t = self.t
        self.waiting = None
        _pause, linger = PAUSES.get(t.speed, PAUSES["2"])
        if linger > 0 and t.last_trick is not None:
            self.cleared_at = t.clock()
            winner = int(t.last_trick["winner"])
            pos = R.positions(t.match.players, t.gi().get("direction", "right"))
            t.emit(F.Sweep(winner, pos[winner]))
            self.wait("sweep", SWEEP)
            return
        self.finish_linger()

    def finish_linger(self) -> None:
        t = self.t
        t.end_show(settled=True)
        t.emit(F.Render())
        if t.deal.phase == "over" and not t.lesson and t.puzzle is None:
            t.summary()
            return
        t.advance()

    def tick(self) -> None:
        """The trump timer's second: on time-out the computer names trump for the reader, who
        is marked away."""
        t = self.t
        d = t.deal
        if d.phase != "trump" or d.to_move != 0:
            self.timer_left = None
            return
        if t.overlay is not None:
            self.wait("tick", 1.0)
            return
        self.timer_left = (self.timer_left or 1) - 1
        if self.timer_left > 0:
            t.emit(F.TimerText(self.timer_left))
            self.wait("tick", 1.0)
            return
        t.mark_away(0)
        self.timer_left = None
        t.emit(F.Toast(_("Time is up: the computer named trump for you (you are marked away).")))
        t.apply(engine.bots.choose(d, 0, t.bot_rng()))
        t.advance()
