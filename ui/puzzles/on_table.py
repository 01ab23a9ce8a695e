"""A puzzle on the table: the position, the player's card judged, and the line after it played out
on the felt (a part of the table's controller, ui/table/table.py, held as `Table.puzzling`; pure,
tested under CPython).

The puzzle (engine.content.puzzles.Puzzle) is turned so that its mover sits at the bottom (seat
0, as on the table); an open puzzle shows every hand, a closed one only the mover's and what has
been played (ui/common/seen.py's reader view, as everywhere at the table). A right card is
answered with the rest of the puzzle's solution (`lines[card]`); a wrong one with the line that
refutes it, the solver's main line on the deal (engine.content.puzzles.main_line), played one
move at a time at the table's pace, as a lesson's replies are (ui/embed/tutor.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine
import engine.content.puzzle_file as EP
from ui.common import effects as F
from ui.common.i18n import _, game_info
from ui.embed import spec as E
from ui.puzzles import progress as P
from ui.table.core import TableCore
from ui.table.pace import PAUSES


class Puzzling:
    """The puzzle on the table (held as `Table.puzzling`)."""

    def __init__(self, t: TableCore) -> None:
        self.t = t
        self.puzzle: Any = None  # the engine's Puzzle on the table
        self.state = "solving"  # "solving", "solved", "failed"
        self.move: str | None = None
        self.line: list[str] = []  # moves still to be played out
        self.playing = False
        self.due = False
        self.daily: str | None = None  # the date, for the daily puzzle
        self.number = 0
        self.side: tuple[int, ...] = ()  # the puzzle's side, as the table is turned
        self.tricks = 0
        self.counted = True  # the next card counts (the puzzle's first try, no answer seen)
        self.last_counted = True  # whether the card just played counted
        self.shown = False  # the player asked for the answer
        self.solved_before = False  # the daily puzzle opened as already solved
        # the page records the result and tells the parent (ui/puzzles/page.py)
        self.on_result: Callable[[bool], None] = lambda _ok: None

    @property
    def puzzle_ref(self) -> str | None:
        p = self.puzzle
        return None if p is None else f"{p.game}/{p.id}"

    @property
    def busy(self) -> bool:
        """The puzzle's line is being played out, or the puzzle is over: no card to play."""
        return self.puzzle is not None and (self.playing or self.state != "solving")

    def as_state(self) -> dict[str, Any] | None:
        """The puzzle on the table, for what tests read (`Table.state`)."""
        p = self.puzzle
        return (
            None
            if p is None
            else {"ref": self.puzzle_ref, "state": self.state, "playing": self.playing}
        )

    def load_puzzle(
        self,
        p: Any,
        number: int = 0,
        daily: str | None = None,
        counted: bool = True,
        solved: bool = False,
    ) -> None:
        """Puts puzzle `p` on the table, its mover at the bottom; E.EmbedError when its
        position cannot be set up (nothing changes then). `counted`: the player's card will
        count (not so once the puzzle was tried or its answer seen); `solved`: it opens as
        solved (the daily puzzle already solved), a try then being practice."""
        rec = E.rotate(p.record, p.seat)
        try:
            match = engine.replay(rec)
        except ValueError as exc:
            raise E.EmbedError(
                _("The puzzle’s position could not be set up: {reason}").format(reason=str(exc))
            ) from None
        d = match.deals[-1]
        if d.phase != "play" or d.to_move != 0:
            raise E.EmbedError(
                _("The puzzle’s position could not be set up: {reason}").format(
                    reason=_("it is not the mover’s turn to play a card.")
                )
            )
        self.t.leave_tutor()
        self.puzzle = p
        self.number, self.daily = number, daily
        self.side = tuple(sorted((s - p.seat) % match.players for s in p.side))
        self.tricks = len(d.hand_cards(0))  # the tricks left, for the goal
        self.state, self.move = "solving", None
        self.line, self.playing, self.due = [], False, False
        self.counted = counted and not solved
        self.last_counted = self.counted
        self.shown = False
        self.solved_before = solved
        if solved:
            self.state = "solved"
        self.t.arrange(
            readers={0},
            open_view=p.kind == "open",
            shift=p.seat,
            speed=self.t.speed if self.t.speed in PAUSES else "2",
        )
        self.t.show(match, len(match.deals) - 1)
        self.t.emit(F.Say(self.puzzle_goal()))

    def leave_puzzle(self) -> None:
        self.puzzle = None
        self.line, self.playing = [], False

    def retry_puzzle(self) -> None:
        """The puzzle again from its start: practice, as the first try is over."""
        if self.puzzle is not None:
            shown = self.shown
            self.load_puzzle(self.puzzle, self.number, self.daily, counted=False)
            self.shown = shown

    def show_puzzle_answer(self) -> None:
        """The best card(s), when the player asks (after a try: never before)."""
        p = self.puzzle
        if p is None or self.state == "solving" or self.playing:
            return
        self.shown = True
        self.t.emit(
            F.Render(), F.Say(_("The best card: {cards}.").format(cards=P.card_names(p.best)))
        )

    def puzzle_goal(self) -> str:
        """The goal in one line, in the page's language."""
        p = self.puzzle
        if p is None:
            return ""
        teams = engine.GAME_INFO.get(p.game, {}).get("teams")
        return P.goal_text(p.unit, p.value, P.side_kind(p.side, teams), self.tricks)

    # ------------------------------------------------------------------------------ the answer
    def puzzle_try(self, move: str) -> None:
        """The player's card: right (the solution played out) or wrong (the refutation
        played out); the page records it and tells the parent."""
        p = self.puzzle
        if p is None or self.state != "solving" or self.playing:
            return
        d = self.t.deal
        if move not in d.legal_moves():
            return
        ok = move in p.best
        if ok:
            line = list(p.lines.get(move) or ())
        else:
            try:
                line = EP.main_line(d, self.side, move)
            except Exception:  # noqa: BLE001 (no line to show: the verdict stands)
                line = []
        self.state = "solved" if ok else "failed"
        self.last_counted = self.counted and not self.shown
        self.counted = False  # every later card is practice
        self.move = move
        self.line = [move, *line]
        self.playing = True
        self.due = True  # the player's own card goes at once
        title = game_info(engine.GAME_INFO[p.game])["title"]
        self.t.emit(
            F.Say(
                (_("Right: {card} is best.") if ok else _("Not this one: {card} loses.")).format(
                    card=P.card_names([move])
                )
                + " "
                + P.puzzle_name(title, self.number)
                + "."
            )
        )
        self.on_result(ok)
        self.puzzle_continue()

    def puzzle_continue(self) -> None:
        """The next move of the line, once the last one was seen (a finished trick stays on
        show a while, as in play); then the puzzle's end."""
        if (
            self.puzzle is None
            or not self.playing
            or self.t.waiting is not None
            or self.t.overlay is not None
        ):
            return
        pause, linger = PAUSES.get(self.t.speed, PAUSES["2"])
        while True:
            if not self.line:
                break  # (the last trick stays on show: the line's end is seen)
            if self.t.lingering and linger > 0:
                self.t.wait("linger", linger)
                return
            if pause > 0 and not self.due:
                self.t.wait("reply", pause)
                return
            self.due = False
            self.t.apply(self.line.pop(0))
        self.playing = False
        self.t.emit(
            F.Render(), F.Say(_("The line is played out: choose “Next puzzle” or “Try again”."))
        )

    def puzzle_timer(self) -> None:
        self.due = True
        self.puzzle_continue()
