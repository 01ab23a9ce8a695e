"""A puzzle on the table: the position, the player's card judged, and the line after it played out
on the felt (a part of the table's controller, ui/table/table.py; pure, tested under CPython).

The puzzle (engine.content.puzzles.Puzzle) is turned so that its mover sits at the bottom (seat 0, as
on the table); an open puzzle shows every hand, a closed one only the mover's and what has been
played (ui/common/seen.py's reader view, as everywhere at the table). A right card is answered with the
rest of the puzzle's solution (`lines[card]`); a wrong one with the line that refutes it, the
solver's main line on the deal (engine.content.puzzles.main_line), played one move at a time at the
table's pace, as a lesson's replies are (ui/embed/tutor.py).
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
from ui.table.pace import PAUSES


class Puzzling:
    """The puzzle on the table, over the table's state (mixed into `Table`)."""

    match: Any
    cur: int
    speed: str
    lingering: bool
    waiting: str | None
    overlay: Any
    readers: set[int]
    open_view: bool
    seat_shift: int
    selection: list[str]

    # (the table's own, ui/table/table.py and ui/embed/tutor.py)
    def emit(self, *effects: F.Effect) -> None: ...
    def show(self, match: Any, cur: int) -> None: ...
    def apply(self, move: str) -> None: ...
    def wait(self, kind: str, seconds: float) -> None: ...
    def leave_tutor(self) -> None: ...

    def init_puzzling(self) -> None:
        self.puzzle: Any = None  # the engine's Puzzle on the table
        self.pz_state = "solving"  # "solving", "solved", "failed"
        self.pz_move: str | None = None
        self.pz_line: list[str] = []  # moves still to be played out
        self.pz_playing = False
        self.pz_due = False
        self.pz_daily: str | None = None  # the date, for the daily puzzle
        self.pz_number = 0
        self.pz_side: tuple[int, ...] = ()  # the puzzle's side, as the table is turned
        self.pz_tricks = 0
        self.pz_counted = True  # the next card counts (the puzzle's first try, no answer seen)
        self.pz_last_counted = True  # whether the card just played counted
        self.pz_shown = False  # the player asked for the answer
        self.pz_solved_before = False  # the daily puzzle opened as already solved
        # the page records the result and tells the parent (ui/puzzles/page.py)
        self.on_puzzle_result: Callable[[bool], None] = lambda _ok: None

    @property
    def puzzle_ref(self) -> str | None:
        p = self.puzzle
        return None if p is None else f"{p.game}/{p.id}"

    def load_puzzle(self, p: Any, number: int = 0, daily: str | None = None,
                    counted: bool = True, solved: bool = False) -> None:
        """Puts puzzle `p` on the table, its mover at the bottom; E.EmbedError when its
        position cannot be set up (nothing changes then). `counted`: the player's card will
        count (not so once the puzzle was tried or its answer seen); `solved`: it opens as
        solved (the daily puzzle already solved), a try then being practice."""
        rec = E.rotate(p.record, p.seat)
        try:
            match = engine.replay(rec)
        except ValueError as exc:
            raise E.EmbedError(_("The puzzle’s position could not be set up: {reason}")
                               .format(reason=str(exc))) from None
        d = match.deals[-1]
        if d.phase != "play" or d.to_move != 0:
            raise E.EmbedError(_("The puzzle’s position could not be set up: {reason}")
                               .format(reason=_("it is not the mover’s turn to play a card.")))
        self.leave_tutor()
        self.puzzle = p
        self.pz_number, self.pz_daily = number, daily
        self.pz_side = tuple(sorted((s - p.seat) % match.players for s in p.side))
        self.pz_tricks = len(d.hand_cards(0))  # the tricks left, for the goal
        self.pz_state, self.pz_move = "solving", None
        self.pz_line, self.pz_playing, self.pz_due = [], False, False
        self.pz_counted = counted and not solved
        self.pz_last_counted = self.pz_counted
        self.pz_shown = False
        self.pz_solved_before = solved
        if solved:
            self.pz_state = "solved"
        self.readers = {0}
        self.open_view = p.kind == "open"
        self.seat_shift = p.seat
        self.speed = self.speed if self.speed in PAUSES else "2"
        self.show(match, len(match.deals) - 1)
        self.emit(F.Say(self.puzzle_goal()))

    def leave_puzzle(self) -> None:
        self.puzzle = None
        self.pz_line, self.pz_playing = [], False

    def retry_puzzle(self) -> None:
        """The puzzle again from its start: practice, as the first try is over."""
        if self.puzzle is not None:
            shown = self.pz_shown
            self.load_puzzle(self.puzzle, self.pz_number, self.pz_daily, counted=False)
            self.pz_shown = shown

    def show_puzzle_answer(self) -> None:
        """The best card(s), when the player asks (after a try: never before)."""
        p = self.puzzle
        if p is None or self.pz_state == "solving" or self.pz_playing:
            return
        self.pz_shown = True
        self.emit(F.Render(), F.Say(_("The best card: {cards}.").format(
            cards=P.card_names(p.best))))

    def puzzle_goal(self) -> str:
        """The goal in one line, in the page's language."""
        p = self.puzzle
        if p is None:
            return ""
        teams = engine.GAME_INFO.get(p.game, {}).get("teams")
        return P.goal_text(p.unit, p.value, P.side_kind(p.side, teams), self.pz_tricks)

    # ------------------------------------------------------------------------------ the answer
    def puzzle_try(self, move: str) -> None:
        """The player's card: right (the solution played out) or wrong (the refutation
        played out); the page records it and tells the parent."""
        p = self.puzzle
        if p is None or self.pz_state != "solving" or self.pz_playing:
            return
        d = self.match.deals[self.cur]
        if move not in d.legal_moves():
            return
        ok = move in p.best
        if ok:
            line = list(p.lines.get(move) or ())
        else:
            try:
                line = EP.main_line(d, self.pz_side, move)
            except Exception:  # noqa: BLE001 (no line to show: the verdict stands)
                line = []
        self.pz_state = "solved" if ok else "failed"
        self.pz_last_counted = self.pz_counted and not self.pz_shown
        self.pz_counted = False  # every later card is practice
        self.pz_move = move
        self.pz_line = [move, *line]
        self.pz_playing = True
        self.pz_due = True  # the player's own card goes at once
        self.selection = []
        title = game_info(engine.GAME_INFO[p.game])["title"]
        self.emit(F.Say((_("Right: {card} is best.") if ok else
                         _("Not this one: {card} loses.")).format(card=P.card_names([move]))
                        + " " + P.puzzle_name(title, self.pz_number) + "."))
        self.on_puzzle_result(ok)
        self.puzzle_continue()

    def puzzle_continue(self) -> None:
        """The next move of the line, once the last one was seen (a finished trick stays on
        show a while, as in play); then the puzzle's end."""
        if self.puzzle is None or not self.pz_playing or self.waiting is not None \
                or self.overlay is not None:
            return
        pause, linger = PAUSES.get(self.speed, PAUSES["2"])
        while True:
            if not self.pz_line:
                break  # (the last trick stays on show: the line's end is seen)
            if self.lingering and linger > 0:
                self.wait("linger", linger)
                return
            if pause > 0 and not self.pz_due:
                self.wait("reply", pause)
                return
            self.pz_due = False
            self.apply(self.pz_line.pop(0))
        self.pz_playing = False
        self.emit(F.Render(), F.Say(_("The line is played out: choose “Next puzzle” or “Try "
                                      "again”.")))

    def puzzle_timer(self) -> None:
        self.pz_due = True
        self.puzzle_continue()

