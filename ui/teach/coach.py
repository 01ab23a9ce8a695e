"""The table's coach: hints, the play checker and taking back a move (a part of the table's
controller, ui/table/table.py; pure, tested under CPython).

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
from ui.teach import hints as H


class Coach:
    """Hints, the play checker and undo, over the table's state (mixed into `Table`)."""

    match: Any
    cur: int
    sid: int
    seq: int
    lesson: bool
    stepping: bool
    hint: dict[str, Any] | None
    hint_busy: bool
    check_ev: tuple[int, dict[str, Any]] | None
    check_asked: int = -1  # the state the checker's evaluation was last asked for
    check_move: str | None
    checker: bool
    search_ok: bool
    was_turn: bool
    overlay: Any
    last_trick: dict[str, Any] | None

    # (the table's own, ui/table/table.py)
    def emit(self, *effects: F.Effect) -> None: ...
    def can_act(self) -> bool: ...
    def record_json(self) -> str: ...
    def put(self, match: Any, cur: int) -> None: ...
    def view(self) -> dict[str, Any]: ...
    def advance(self) -> None: ...
    def play(self, move: str, checked: bool = False) -> None: ...

    @property
    def deal(self) -> Any:
        return self.match.deals[self.cur]

    # ------------------------------------------------------------------------------ undo
    def undo_point(self) -> int | None:
        """How many moves of the deal in progress stay when the reader's last decision is
        taken back (with the computers' moves after it); None when there is none to take back
        (no decision of the reader's yet in this deal, or the deal is over)."""
        m = self.match
        if m is None or self.lesson or self.stepping or getattr(self, "puzzle", None) is not None:
            return None
        d = self.deal
        if d.phase == "over" or self.cur != len(m.deals) - 1:
            return None
        trial, moves = deal_start(m.record(), len(m.deals) - 1)
        keep = None
        for i, mv in enumerate(moves):
            if trial.deal.to_move == 0:
                keep = i
            trial.play(mv)
        return keep

    def undo(self, embedded: bool = False) -> None:
        """Takes back the reader's last decision and the computers' moves after it; the match
        is "practice" from then on (its summary and score sheet say so)."""
        keep = None if embedded else self.undo_point()
        if keep is None:
            self.emit(F.Toast(_("There is nothing of yours to take back in this deal.")))
            return
        rec = self.match.record()
        last = rec["deals"][-1]
        rec["deals"][-1] = {**last, "moves": list(last.get("moves") or [])[:keep]}
        m = engine.replay(rec)
        m.practice = True
        self.put(m, len(m.deals) - 1)
        tricks = self.view().get("tricks") or []
        self.last_trick = tricks[-1] if tricks else None
        self.seq += 1
        self.was_turn = False  # the reader's turn again: said, and focus on the hand
        self.emit(F.Say(_("Your last move is taken back.")), F.Render(), F.Save())
        self.advance()

    def ask_hint(self) -> None:
        """The hint: the search rates the reader's moves; one at a time."""
        if self.match is None or self.overlay is not None:
            return
        if not self.can_act() or self.deal.to_move != 0:
            self.emit(F.Toast(_("A hint is for your turn: wait for it.")))
        elif self.hint_busy:
            self.emit(F.Toast(_("The hint is on its way…")))
        elif not self.search_ok:
            self.emit(F.Toast(_("Hints are not available: the strong computer player could "
                                "not start in this browser.")))
        else:
            self.hint_busy = True
            self.emit(F.Evaluate("hint", self.sid, self.record_json(), int(self.match.seed or 0)),
                      F.Render())

    def prefetch_check(self) -> None:
        """With the play checker on, the search rates the reader's moves as soon as the turn
        comes, so the check costs no wait when the card is played."""
        if self.checker and self.search_ok and not self.lesson and self.match is not None:
            self.check_asked = self.sid
            self.emit(F.Evaluate("check", self.sid, self.record_json(),
                                 int(self.match.seed or 0)))

    def evaluated(self, kind: str, sid: int, raw: Any, error: str | None = None) -> None:
        """An evaluation has arrived (or failed with `error`)."""
        ev = None
        if error is None:
            try:
                ev = H.parse(raw)
            except (TypeError, ValueError, KeyError) as exc:
                error = str(exc)
        if kind == "check":
            if ev is not None and sid == self.sid:
                self.check_ev = (sid, ev)
            return
        self.hint_busy = False
        if ev is None:
            self.emit(F.Toast(_("No hint could be worked out ({reason}).").format(
                reason=error)), F.Render())
        elif sid != self.sid or not self.can_act():
            self.emit(F.Render())  # the position has moved on: this answer is not for it
        else:
            self.show_hint(ev)

    def show_hint(self, ev: dict[str, Any]) -> None:
        """Marks the evaluation's choice and says why; the match becomes practice."""
        self.match.practice = True
        self.hint = ev
        text = H.reason(ev, SH.hint_label)
        self.emit(F.Render(), F.Toast(text), F.Say(text), F.Save())

    def needs_check(self, move: str) -> dict[str, Any] | None:
        """The evaluation when `move` is clearly worse than the best (H.check_cost) and the
        checker is on; None otherwise (also while the evaluation is not ready)."""
        if not self.checker or self.lesson or self.check_ev is None \
                or self.check_ev[0] != self.sid:
            return None
        ev = self.check_ev[1]
        return ev if H.check_cost(ev, move) is not None else None

    def check_answer(self, play: bool) -> None:
        """The play checker's dialog: play the move anyway, or see the hint."""
        move, self.check_move = self.check_move, None
        self.overlay = None
        self.emit(F.CloseSheet())
        if play and move is not None and self.can_act():
            self.play(move, checked=True)
        elif not play and self.check_ev is not None:
            self.show_hint(self.check_ev[1])
        else:
            self.emit(F.Render())
