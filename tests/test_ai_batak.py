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


def test_koz_maca_does_not_lead_into_a_known_void() -> None:
    """Seat 1 trumped the first club trick (void in clubs, and it holds spades): leading the
    club ace now only feeds it a ruff. Lead anything but a club."""
    rows = hands("AC KC 2C AH AD KD QD JD 10D 9S 8S 7S 6S",
                 "2S AS KS QS JS 10S 2H 5H 6H 7H 2D 3D 4D",
                 "4C 6C 7C 8C 3H 8H 9H 10H 5D 6D 7D 5S 4S",
                 "3C 5C 9C 10C JC QC 4H JH QH KH 8D 9D 3S")
    m = position("koz-maca", rows, dealer=3, moves=["2C", "2S", "4C", "5C", "2H", "3H", "4H", "AH"])
    assert m.deal.to_move == 0 and "AC" in m.deal.legal_moves()
    for seed in range(3):
        assert not ai.choose(m.deal, seed=seed).endswith("C")


# Batak, seat 0 declared 4 in spades and has 3 tricks with two to go; every trump is out.
# It holds AC (the top club) and 3D (KD and QD are still out): cashing the ace makes the
# contract, while leading the diamond loses the lead and the ace is discarded on a heart.
LAST_TRICK = {"game": "batak", "seed": 0, "options": {}, "deals": [{"dealer": 3, "hands": [
    ["AS", "9D", "AD", "KC", "7D", "JC", "7C", "JH", "KS", "5S", "2H", "3D", "AC"],
    ["6D", "8H", "10H", "6C", "10D", "2D", "10S", "QH", "KH", "2S", "7S", "4H", "KD"],
    ["3S", "4D", "8C", "JS", "3H", "JD", "6S", "7H", "8D", "QS", "QC", "5H", "QD"],
    ["AH", "9S", "4S", "9C", "10C", "5C", "4C", "8S", "9H", "3C", "5D", "6H", "2C"]],
    "moves": ["bid 4", "pass", "pass", "pass", "trump S", "JC", "6C", "QC", "4C", "4D", "5D",
              "7D", "10D", "2D", "8D", "9S", "AD", "4S", "KS", "2S", "QS", "JH", "QH", "7H",
              "AH", "9C", "KC", "10S", "8C", "KH", "3H", "9H", "2H", "6D", "JD", "8S", "9D",
              "5C", "7C", "7S", "JS", "6S", "10C", "AS", "10H", "5S", "8H", "3S", "3C"]}]}


def test_batak_declarer_cashes_the_trick_that_makes_the_contract() -> None:
    """With the contract one trick short and two tricks left, the declarer leads its sure
    trump-less winner first."""
    m = engine.replay(LAST_TRICK)
    d = m.deal
    assert d.to_move == 0 and d.declarer == 0 and d.taken[0] == 3 and d.bid == 4
    for seed in range(3):
        assert ai.choose(d, seed=seed) == "AC"


TRUMP_ROWS = hands("AH KH QH JH 10H 9H 8H AS 5S 4D 3D 2C 3C",
                   "KS QS JS 10S 9S 2H 3H KD QD JD 10D KC QC",
                   "8S 7S 6S 4H 5H 9D 8D 7D AC JC 10C 9C 8C",
                   "3S 2S 6H 7H AD 6D 5D 2D 7C 6C 5C 4C 4S")


def test_batak_declarer_names_its_long_strong_suit() -> None:
    """Seven hearts headed by A K Q J: the declarer makes hearts trump."""
    m = position("batak", TRUMP_ROWS, dealer=3, moves=["bid 5", "pass", "pass", "pass"])
    assert m.deal.phase == "trump" and m.deal.to_move == 0
    for seed in range(2):
        assert ai.choose(m.deal, seed=seed) == "trump H"


def test_batak_forced_dealer_bids_the_minimum_with_a_weak_hand() -> None:
    """Everyone passed, so the dealer must bid: with a weak hand it bids only 4 (the declarer
    scores the tricks taken, so a higher bid only adds risk)."""
    m = position("batak", TRUMP_ROWS, dealer=2, moves=["pass", "pass", "pass"])
    d = m.deal
    assert d.to_move == 2 and "pass" not in d.legal_moves()
    for seed in range(2):
        assert ai.choose(d, seed=seed) == "bid 4"


def test_strong_is_default_and_returns_text() -> None:
    m = engine.new_match("koz-maca", seed=2)
    assert ai.choose(m.deal) in m.deal.legal_moves()
