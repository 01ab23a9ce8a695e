"""The table's pace: the computers' turns, the finished trick's show and the trump timer (a part
of the table's controller, ui/table/table.py; pure, tested under CPython).

Nothing here sleeps: it asks the page for a timer (`After`) or the computer's move (`Ask`),
each with the state id, and goes on when the answer comes back for that same id.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine
import engine.bots
from ui.common import effects as F
from ui.common import render as R
from ui.common.i18n import _

# The pause before a computer move and the time a finished trick stays on the table (seconds).
PAUSES = {"0": (0.0, 0.0), "1": (0.25, 0.6), "2": (0.6, 1.1), "3": (1.1, 1.8)}
SWEEP = 0.25  # the finished trick's slide to the winner (style.css `sweep`: 240 ms)


class Pace:
    """What happens next at the table, over its state (mixed into `Table`)."""

    match: Any
    cur: int
    sid: int
    speed: str
    level: str
    lesson: bool
    stepping: bool
    waiting: str | None
    lingering: bool
    fresh: bool
    overlay: Any
    readers: set[int]
    last_trick: dict[str, Any] | None
    cleared_at: float
    timer_left: int | None
    away: set[int]
    search_ok: bool
    clock: Callable[[], float]
    # (the lesson's, ui/embed/tutor.py: a right answer's replies, one at a time)
    lesson_continue: Callable[[], None]
    reply_timer: Callable[[], None]
    # (the puzzle's, ui/puzzles/on_table.py: its line, one move at a time)
    puzzle: Any
    puzzle_continue: Callable[[], None]
    puzzle_timer: Callable[[], None]

    # (the table's own, ui/table/table.py)
    def emit(self, *effects: F.Effect) -> None: ...
    def can_act(self) -> bool: ...
    def record_json(self) -> str: ...
    def apply(self, move: str) -> None: ...
    def summary(self) -> None: ...
    def gi(self) -> dict[str, Any]: ...
    def bot_rng(self) -> Any: ...

    @property
    def deal(self) -> Any:
        return self.match.deals[self.cur]

    def advance(self) -> None:
        """What happens next: the finished trick's show, the summary, the trump timer, or the
        next computer move."""
        if self.match is not None and self.lesson:
            self.lesson_continue()  # a lesson's replies, one at a time
            return
        if self.match is not None and self.puzzle is not None:
            self.puzzle_continue()  # a puzzle's line, one move at a time (ui/puzzles/on_table.py)
            return
        if self.match is None or self.stepping or self.waiting is not None:
            return
        d = self.deal
        pause, linger = PAUSES.get(self.speed, PAUSES["2"])
        if self.lingering:
            if self.can_act():
                return  # Instant, the reader is next: their card ends the show
            if linger > 0:
                self.wait("linger", linger)
            return  # at Instant, until a tap
        if d.phase == "over":
            if self.overlay is None and not self.summary_closed:
                self.summary()  # a deal can end as it starts (four Aces dealt to one hand)
            return
        if self.overlay is not None or d.to_move is None:
            return
        if d.to_move in self.readers:
            if d.phase == "trump" and self.match.rules.trump_timer:
                self.timer_left = int(self.match.rules.trump_timer)
                self.emit(F.Render())
                self.wait("tick", 1.0)
            return
        since = self.clock() - self.cleared_at  # the computer "thinks" while a trick clears
        self.waiting = "computer"
        self.emit(F.Ask(self.sid, self.record_json(),
                        self.level if self.search_ok else "easy", int(self.match.seed or 0),
                        max(0.0, pause - since) if since < pause else pause, int(d.to_move)))

    def wait(self, kind: str, seconds: float) -> None:
        self.waiting = kind
        self.emit(F.After(seconds, kind, self.sid))

    def computer_chose(self, sid: int, move: str | None, failed: bool = False) -> None:
        """The computer's move for state `sid` (None: the baseline chooses)."""
        if sid != self.sid or self.waiting != "computer":
            return  # for a position gone
        self.waiting = None
        if failed and self.search_ok:
            self.search_ok = False
            self.emit(F.Toast(_("The stronger computer players could not start; the simple "
                                "ones play instead.")))
        if self.overlay is not None:
            return  # asked again when the sheet closes
        d = self.deal
        if d.phase == "over" or d.to_move is None or d.to_move in self.readers:
            return
        if move is None or move not in d.legal_moves():
            move = engine.bots.choose(d, d.to_move, self.bot_rng())
        self.apply(move)
        self.advance()

    def timer(self, kind: str, sid: int) -> None:
        """A timer the controller asked for (`After`) has run out."""
        if sid != self.sid or self.waiting != kind:
            return
        self.waiting = None
        if kind == "linger":
            self.end_linger()
        elif kind == "sweep":
            self.finish_linger()
        elif kind == "tick":
            self.tick()
        elif kind == "reply" and self.puzzle is not None:
            self.puzzle_timer()
        elif kind == "reply":
            self.reply_timer()

    def end_linger(self) -> None:
        """The finished trick's show is over: at a speed with motion the winner collects it (a
        short slide towards their seat), then the table moves on."""
        self.waiting = None
        _pause, linger = PAUSES.get(self.speed, PAUSES["2"])
        if linger > 0 and self.last_trick is not None:
            self.cleared_at = self.clock()
            winner = int(self.last_trick["winner"])
            pos = R.positions(self.match.players, self.gi().get("direction", "right"))
            self.emit(F.Sweep(winner, pos[winner]))
            self.wait("sweep", SWEEP)
            return
        self.finish_linger()

    def finish_linger(self) -> None:
        self.lingering = False
        self.fresh = False
        self.emit(F.Render())
        if self.deal.phase == "over" and not self.lesson and self.puzzle is None:
            self.summary()
            return
        self.advance()

    def tick(self) -> None:
        """The trump timer's second: on time-out the computer names trump for the reader, who
        is marked away."""
        d = self.deal
        if d.phase != "trump" or d.to_move != 0:
            self.timer_left = None
            return
        if self.overlay is not None:
            self.wait("tick", 1.0)
            return
        self.timer_left = (self.timer_left or 1) - 1
        if self.timer_left > 0:
            self.emit(F.TimerText(self.timer_left))
            self.wait("tick", 1.0)
            return
        self.away.add(0)
        self.timer_left = None
        self.emit(F.Toast(_("Time is up: the computer named trump for you (you are marked "
                            "away).")))
        self.apply(engine.bots.choose(d, 0, self.bot_rng()))
        self.advance()

