"""The table's coach: hints, the play checker and taking back a move (a part of the table's
controller, ui/table/table.py, held as `Table.coach`; pure, tested under CPython).

A hint or a check is the search's evaluation of the reader's moves, worked out in the computer
players' worker (`Evaluate`); it comes back with the state id it was asked at, and is dropped
when the position has moved on.
"""

from __future__ import annotations

from typing import Any

import engine
from engine.teacher import deal_start
from ui.common import effects as F
from ui.common.i18n import _
from ui.sheets import view as SH
from ui.sheets.overlay import Overlay
from ui.table.core import TableCore
from ui.teach import hints as H


def no_undo() -> str:
    """Why nothing is taken back at a table with friends."""
    return _("At a table with friends no move is taken back.")


def no_hint() -> str:
    """Why there is no hint at a table with friends."""
    return _("At a table with friends there are no hints: everyone plays on their own.")


class Coach:
    """Hints, the play checker and undo (held as `Table.coach`)."""

    def __init__(self, t: TableCore) -> None:
        self.t = t
        self.hint: dict[str, Any] | None = None  # the evaluation shown as a hint
        self.hint_busy = False
        self.check_ev: tuple[int, dict[str, Any]] | None = None  # (sid, evaluation)
        self.check_asked = -1  # the state the checker's evaluation was last asked for
        self.check_move: str | None = None  # the move the play checker asks about
        self.checker = False  # the play checker is on

    def drop_hint(self) -> None:
        """The position has changed: a hint is for the position it was asked in."""
        self.hint = None

    # ------------------------------------------------------------------------------ undo
    def undo_point(self) -> int | None:
        """How many moves of the deal in progress stay when the reader's last decision is
        taken back (with the computers' moves after it); None when there is none to take back
        (no decision of the reader's yet in this deal, or the deal is over)."""
        t = self.t
        m = t.match
        if m is None or t.lesson or t.stepping or t.puzzle is not None:
            return None
        d = t.deal
        if d.phase == "over" or t.cur != len(m.deals) - 1:
            return None
        trial, moves = deal_start(m.record(), len(m.deals) - 1)
        keep: int | None = None
        for i, mv in enumerate(moves):
            if trial.deal.to_move == 0:
                keep = i
            trial.play(mv)
        return keep

    def undo(self, embedded: bool = False) -> None:
        """Takes back the reader's last decision and the computers' moves after it; the match
        is "practice" from then on (its summary and score sheet say so)."""
        t = self.t
        if t.at_friends:
            t.emit(F.Toast(no_undo()))
            return
        keep = None if embedded else self.undo_point()
        if keep is None:
            t.emit(F.Toast(_("There is nothing of yours to take back in this deal.")))
            return
        rec = t.match.record()
        last = rec["deals"][-1]
        rec["deals"][-1] = {**last, "moves": list(last.get("moves") or [])[:keep]}
        t.take_back(engine.replay(rec))
        t.emit(F.Say(_("Your last move is taken back.")), F.Render(), F.Save())
        t.advance()

    def ask_hint(self) -> None:
        """The hint: the search rates the reader's moves; one at a time."""
        t = self.t
        if t.match is None or t.overlay is not None:
            return
        if t.at_friends:
            t.emit(F.Toast(no_hint()))
        elif not t.can_act() or t.deal.to_move != 0:
            t.emit(F.Toast(_("A hint is for your turn: wait for it.")))
        elif self.hint_busy:
            t.emit(F.Toast(_("The hint is on its way…")))
        elif not t.search_ok:
            t.emit(
                F.Toast(
                    _(
                        "Hints are not available: the strong computer player could "
                        "not start in this browser."
                    )
                )
            )
        else:
            self.hint_busy = True
            t.emit(F.Evaluate("hint", t.sid, t.record_json(), int(t.match.seed or 0)), F.Render())

    def prefetch_check(self) -> None:
        """With the play checker on, the search rates the reader's moves as soon as the turn
        comes, so the check costs no wait when the card is played."""
        t = self.t
        if (
            self.checker
            and t.search_ok
            and not t.lesson
            and t.match is not None
            and not t.at_friends
        ):
            self.check_asked = t.sid
            t.emit(F.Evaluate("check", t.sid, t.record_json(), int(t.match.seed or 0)))

    def rate_turn(self, new: bool) -> None:
        """The reader's turn has come (`new`) or goes on: rated for the checker when it is new
        or in a new position (a trick just won at Instant, the reader leading at once)."""
        if new or self.check_asked != self.t.sid:
            self.prefetch_check()

    def evaluated(self, kind: str, sid: int, raw: Any, error: str | None = None) -> None:
        """An evaluation has arrived (or failed with `error`)."""
        t = self.t
        ev = None
        if error is None:
            try:
                ev = H.parse(raw)
            except (TypeError, ValueError, KeyError) as exc:
                error = str(exc)
        if kind == "check":
            if ev is not None and sid == t.sid:
                self.check_ev = (sid, ev)
            return
        self.hint_busy = False
        if ev is None:
            t.emit(
                F.Toast(_("No hint could be worked out ({reason}).").format(reason=error)),
                F.Render(),
            )
        elif sid != t.sid or not t.can_act():
            t.emit(F.Render())  # the position has moved on: this answer is not for it
        else:
            self.show_hint(ev)

    def show_hint(self, ev: dict[str, Any]) -> None:
        """Marks the evaluation's choice and says why; the match becomes practice."""
        self.t.practise()
        self.hint = ev
        text = H.reason(ev, SH.hint_label)
        self.t.emit(F.Render(), F.Toast(text), F.Say(text), F.Save())

    def check_now(self) -> dict[str, Any] | None:
        """The checker's evaluation of the position on the table, if it has come."""
        ev = self.check_ev
        return ev[1] if ev is not None and ev[0] == self.t.sid else None

    def needs_check(self, move: str) -> dict[str, Any] | None:
        """The evaluation when `move` is clearly worse than the best (H.check_cost) and the
        checker is on; None otherwise (also while the evaluation is not ready)."""
        if (
            not self.checker
            or self.t.lesson
            or self.t.at_friends
            or self.check_ev is None
            or self.check_ev[0] != self.t.sid
        ):
            return None
        ev = self.check_ev[1]
        return ev if H.check_cost(ev, move) is not None else None

    def ask_first(self, move: str, ev: dict[str, Any]) -> None:
        """The play checker's dialog: `move` is clearly worse than the best (`ev`)."""
        self.check_move = move
        cost = H.cost(ev, move) or 0.0
        self.t.open(Overlay.CHECK, SH.check_html(move, H.amount(cost, H.score_unit(ev))))

    def check_answer(self, play: bool) -> None:
        """The play checker's dialog: play the move anyway, or see the hint."""
        t = self.t
        move, self.check_move = self.check_move, None
        t.close(go_on=False)
        if play and move is not None and t.can_act():
            t.play(move, checked=True)
        elif not play and self.check_ev is not None:
            self.show_hint(self.check_ev[1])
        else:
            t.emit(F.Render())
