"""Positions of judgment for the strong player in the Batak family (records with given hands)."""

from __future__ import annotations

import engine
from engine import ai

from .helpers import hands, position


def test_pairs_does_not_waste_a_king_under_the_partners_ace() -> None:
    """Partner's ace has the trick and nobody can be made to overtake it: play the low heart
    and keep the king, now the top heart, for a trick of its own."""
    rows = hands("AS KS QS JS 10S AH QH AD KD QD AC KC QC",
                 "9S 8S 7S JH 10H 9H 8H JD 10D 9D JC 10C 9C",
                 "6S 5S KH 3H 8D 7D 6D 5D 8C 7C 6C 5C 4C",
                 "4S 3S 2S 7H 6H 5H 4H 2H 4D 3D 2D 3C 2C")
    m = position("batak-pairs", rows, dealer=3,
                 moves=["bid 7", "pass", "pass", "pass", "trump S", "AH", "8H"])
    assert m.deal.to_move == 2
    for seed in range(3):
        assert ai.choose(m.deal, seed=seed) == "3H"


def test_strong_is_default_and_returns_text() -> None:
    m = engine.new_match("koz-maca", seed=2)
    assert ai.choose(m.deal) in m.deal.legal_moves()
