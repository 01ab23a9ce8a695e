"""The play checker rates every position the reader is to play in, also when the turn goes on
without a pause (a trick the reader takes at Instant: the reader leads at once)."""

from __future__ import annotations

import engine
from ui.common import effects as F
from ui.table.table import Table


def test_the_checker_is_asked_again_when_the_readers_turn_goes_on_in_a_new_position() -> None:
    t = Table()
    t.checker = True
    t.search_ok = True
    t.match = engine.new_match("koz-maca", seed=3)
    t.cur = 0
    while t.match.deal.to_move != 0:  # the others play up to the reader's turn
        t.match.play(t.match.legal_moves()[0])
    t.after_event()  # the reader's turn arrives: rated
    asked = [e for e in t.take() if isinstance(e, F.Evaluate) and e.kind == "check"]
    assert [e.sid for e in asked] == [t.sid]
    t.after_event()  # nothing new: not asked twice
    assert not [e for e in t.take() if isinstance(e, F.Evaluate)]
    t.bump()  # a move was made and it is still the reader's turn (the same seat)
    t.after_event()
    asked = [e for e in t.take() if isinstance(e, F.Evaluate) and e.kind == "check"]
    assert [e.sid for e in asked] == [t.sid]
