"""The reader's hand: their turn said as it comes, the cards selected for a play of several
cards, and the clicks on cards and moves, checked before they reach the table's `play` (a part
of the table's controller, ui/table/table.py, held as `Table.hand`; pure, tested under
CPython)."""

from __future__ import annotations

from ui.common import effects as F
from ui.common.i18n import _
from ui.table import speech as SP
from ui.table import view as TV
from ui.table.core import TableCore


class Hand:
    """The reader's turn said, the cards they have selected, and their clicks."""

    def __init__(self, t: TableCore) -> None:
        self.t = t
        self.selection: list[str] = []
        self.was_turn = False
        self.turn_seat: int | None = None  # whose turn was said (the reader may play them all)

    def clear(self) -> None:
        self.selection = []

    def turn_again(self) -> None:
        """The reader's turn comes again (a move taken back): said, and focus on the hand."""
        self.was_turn = False

    def after_event(self) -> None:
        """The turn's arrival is said, sounded and focused once (and rated, for the checker)."""
        t = self.t
        if t.overlay is not None:
            return  # the turn is said when the sheet over it has closed, if it is new then
        turn = t.match is not None and t.can_act()
        seat = t.deal.to_move if turn else None
        if turn and (not self.was_turn or seat != self.turn_seat):  # seats=all: whose turn
            t.emit(F.Say(SP.turn_sentence(t.model())), F.Sound("turn"), F.Focus(True))
            t.rate_turn(True)
        elif turn:
            t.emit(F.Focus(False))
            t.rate_turn(False)
        self.was_turn = turn
        self.turn_seat = seat

    def click_card(self, card: str) -> None:
        t = self.t
        if t.match is None or t.overlay is not None:
            return
        d = t.deal
        if not t.can_act():
            if d.phase != "over" and d.to_move != 0:
                t.emit(F.Toast(_("Wait for your turn.")))
            return
        legal = d.legal_moves()
        if t.multi():
            if card in self.selection:
                self.selection.remove(card)
                t.emit(F.Render())
                return
            if card in TV.candidate_cards(legal, self.selection):
                self.selection.append(card)
                t.emit(F.Render())
                return
            reason = t.reason(card) if not self.selection else None
            t.emit(F.Toast(reason or _("That card cannot join the cards you selected.")))
            return
        if card in legal or t.lesson:  # a lesson answers every card itself
            t.play(card)
            return
        t.emit(F.Toast(t.reason(card) or _("You cannot play that card now.")))

    def click_move(self, move: str) -> None:
        t = self.t
        if not t.can_act():
            return
        legal = t.deal.legal_moves()
        if move == "confirm":
            m = TV.selection_move(legal, self.selection)
            if m is None:
                t.emit(F.Toast(_("Select one card, or three of one suit (as many as were led).")))
                return
            t.play(m)
        elif move in legal or t.lesson:
            t.play(move)
        else:
            t.emit(F.Toast(t.reason(move) or _("Not now.")))
