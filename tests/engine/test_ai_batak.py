"""Positions of judgment for the strong player in the Batak family (records with given hands)."""

from __future__ import annotations

import copy

import engine
from engine import ai
from tests.helpers import hands, position


def test_pairs_does_not_waste_a_king_under_the_partners_ace() -> None:
    """Partner's ace has the trick and nobody can be made to overtake it: play the low heart
    and keep the king, now the top heart, for a trick of its own."""
    rows = hands(
        "AS KS QS JS 10S AH QH AD KD QD AC KC QC",
        "9S 8S 7S JH 10H 9H 8H JD 10D 9D JC 10C 9C",
        "6S 5S KH 3H 8D 7D 6D 5D 8C 7C 6C 5C 4C",
        "4S 3S 2S 7H 6H 5H 4H 2H 4D 3D 2D 3C 2C",
    )
    m = position(
        "batak-pairs",
        rows,
        dealer=3,
        moves=["bid 7", "pass", "pass", "pass", "trump S", "AH", "8H"],
    )
    assert m.deal.to_move == 2
    for seed in range(3):
        assert ai.choose(m.deal, seed=seed) == "3H"


def test_koz_maca_does_not_lead_into_a_known_void() -> None:
    """Seat 1 trumped the first club trick (void in clubs, and it holds spades): leading the
    club ace now only feeds it a ruff. Lead anything but a club."""
    rows = hands(
        "AC KC 2C AH AD KD QD JD 10D 9S 8S 7S 6S",
        "2S AS KS QS JS 10S 2H 5H 6H 7H 2D 3D 4D",
        "4C 6C 7C 8C 3H 8H 9H 10H 5D 6D 7D 5S 4S",
        "3C 5C 9C 10C JC QC 4H JH QH KH 8D 9D 3S",
    )
    m = position("koz-maca", rows, dealer=3, moves=["2C", "2S", "4C", "5C", "2H", "3H", "4H", "AH"])
    assert m.deal.to_move == 0 and "AC" in m.deal.legal_moves()
    for seed in range(3):
        assert not ai.choose(m.deal, seed=seed).endswith("C")


# Batak, seat 0 declared 4 in spades and has 3 tricks with two to go; every trump is out.
# It holds AC (the top club) and 3D (KD and QD are still out): cashing the ace makes the
# contract, while leading the diamond loses the lead and the ace is discarded on a heart.
LAST_TRICK = {
    "game": "batak",
    "seed": 0,
    "options": {},
    "deals": [
        {
            "dealer": 3,
            "hands": [
                ["AS", "9D", "AD", "KC", "7D", "JC", "7C", "JH", "KS", "5S", "2H", "3D", "AC"],
                ["6D", "8H", "10H", "6C", "10D", "2D", "10S", "QH", "KH", "2S", "7S", "4H", "KD"],
                ["3S", "4D", "8C", "JS", "3H", "JD", "6S", "7H", "8D", "QS", "QC", "5H", "QD"],
                ["AH", "9S", "4S", "9C", "10C", "5C", "4C", "8S", "9H", "3C", "5D", "6H", "2C"],
            ],
            "moves": [
                "bid 4",
                "pass",
                "pass",
                "pass",
                "trump S",
                "JC",
                "6C",
                "QC",
                "4C",
                "4D",
                "5D",
                "7D",
                "10D",
                "2D",
                "8D",
                "9S",
                "AD",
                "4S",
                "KS",
                "2S",
                "QS",
                "JH",
                "QH",
                "7H",
                "AH",
                "9C",
                "KC",
                "10S",
                "8C",
                "KH",
                "3H",
                "9H",
                "2H",
                "6D",
                "JD",
                "8S",
                "9D",
                "5C",
                "7C",
                "7S",
                "JS",
                "6S",
                "10C",
                "AS",
                "10H",
                "5S",
                "8H",
                "3S",
                "3C",
            ],
        }
    ],
}


def test_batak_declarer_cashes_the_trick_that_makes_the_contract() -> None:
    """With the contract one trick short and two tricks left, the declarer leads its sure
    trump-less winner first."""
    m = engine.replay(LAST_TRICK)
    d = m.deal
    assert d.to_move == 0 and d.declarer == 0 and d.taken[0] == 3 and d.bid == 4
    for seed in range(3):
        assert ai.choose(d, seed=seed) == "AC"


TRUMP_ROWS = hands(
    "AH KH QH JH 10H 9H 8H AS 5S 4D 3D 2C 3C",
    "KS QS JS 10S 9S 2H 3H KD QD JD 10D KC QC",
    "8S 7S 6S 4H 5H 9D 8D 7D AC JC 10C 9C 8C",
    "3S 2S 6H 7H AD 6D 5D 2D 7C 6C 5C 4C 4S",
)


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


def test_koz_maca_ruffs_with_the_lower_of_two_winning_trumps() -> None:
    """Seat 3 is last to play, has no heart and must trump: the four of spades wins the trick
    as surely as the ace. Ruff with the four and keep the ace for a trick of its own."""
    rows = hands(
        "AH KD 9H 2C 10C 5S 3H JH 10H 9D QH 2S QS",
        "5H 6H KH KS 10D 6S 6D 8H QD 3S QC 8C 4D",
        "7H 5D 8S 4H 2D 10S 2H JS 7D KC 9S 7S 5C",
        "AS 4S 6C AC 9C 4C AD JD 3D 8D 7C 3C JC",
    )
    m = position("koz-maca", rows, dealer=3, moves=["AH", "5H", "7H"])
    assert m.deal.to_move == 3 and m.deal.legal_moves() == ["AS", "4S"]
    for seed in range(3):
        assert ai.choose(m.deal, seed=seed) == "4S"


def test_koz_maca_under_the_ace_of_trumps_plays_the_lowest_trump() -> None:
    """Seat 1 trumped the diamond ace with the ace of spades. Seat 2 has no diamond, so it must
    trump too, but nothing beats the ace: play the two and keep the king, now the top trump."""
    rows = hands(
        "AD AH 9C 2H 3D 3C 9S 8H 7S KD 8D 2D KH",
        "AS QS JH 6C AC 10S QC 4C 7C 5H 5C 4H 3S",
        "KS 2S 8C 7H 10H JC 2C 10C 6H 9H QH 3H KC",
        "5D 6D QD 10D 4S JS JD 7D 9D 5S 4D 8S 6S",
    )
    m = position("koz-maca", rows, dealer=3, moves=["AD", "AS"])
    assert m.deal.to_move == 2 and m.deal.legal_moves() == ["KS", "2S"]
    for seed in range(3):
        assert ai.choose(m.deal, seed=seed) == "2S"


def test_koz_maca_cashes_the_sure_winner_on_the_last_two_tricks() -> None:
    """The deal of the Batak test above, played as Koz Maça (no auction): every trump is out,
    seat 0 holds the top club and a diamond loser. Cash the ace: leading the diamond loses
    the lead, and the ace is thrown away on the heart that comes back."""
    rec = copy.deepcopy(LAST_TRICK)
    rec["game"] = "koz-maca"
    rec["deals"][0]["moves"] = rec["deals"][0]["moves"][5:]  # drop the auction and trump
    d = engine.replay(rec).deal
    assert d.to_move == 0 and d.hands[0] == ["3D", "AC"]
    for seed in range(3):
        assert ai.choose(d, seed=seed) == "AC"


def test_pairs_discards_a_small_card_on_the_partners_sure_trick() -> None:
    """Seat 0's heart ace holds the trick and seat 2 plays last, with no heart and no trump:
    any card may go. Throw a small one, not an ace or a court card that can win later."""
    rows = hands(
        "AH 9H 5C 4S 2H 3S JC 10D 7S JS JH QC 8D",
        "3H 3D 10C 4D 6C 6D QS 5S QH 9C KC 7H 5D",
        "AD AC 2D 3C QD 4C 9D 7C 7D KD JD 2C 8C",
        "5H AS KS KH 4H 2S 8H 8S 6H 9S 10H 6S 10S",
    )
    m = position(
        "batak-pairs",
        rows,
        dealer=2,
        moves=["bid 7", "pass", "pass", "pass", "trump S", "5H", "AH", "3H"],
    )
    assert m.deal.to_move == 2 and len(m.deal.legal_moves()) == 13
    for seed in range(3):
        mv = ai.choose(m.deal, seed=seed)
        assert mv[:-1] not in ("A", "K", "Q", "J"), mv


def test_pairs_plays_the_small_trump_under_the_partners_trump_ace() -> None:
    """Partner (seat 0) leads the ace of trumps; seat 2 holds the king and the two and cannot
    overtake, so either is legal. Play the two: the king is then the top trump."""
    rows = hands(
        "AS QS 2C AH AD KD AC 7S 10D 7H 10C QD 9S",
        "3S 5S 4H KH JD 2H 8D 4S QH 3D 9H 2D 10H",
        "KS 2S 4C 5H 6C JC 3C 8C 6D JH QC 7D 4D",
        "5C 6H 6S 7C JS 9C 3H 5D 8H 9D KC 10S 8S",
    )
    m = position(
        "batak-pairs",
        rows,
        dealer=3,
        moves=[
            "bid 7",
            "pass",
            "pass",
            "pass",
            "trump S",
            "2C",
            "3S",
            "4C",
            "5C",
            "4H",
            "5H",
            "6H",
            "AH",
            "AS",
            "5S",
        ],
    )
    assert m.deal.to_move == 2 and m.deal.legal_moves() == ["KS", "2S"]
    for seed in range(3):
        assert ai.choose(m.deal, seed=seed) == "2S"


def test_strong_is_default_and_returns_text() -> None:
    m = engine.new_match("koz-maca", seed=2)
    assert ai.choose(m.deal) in m.deal.legal_moves()


def test_pairs_keeps_the_top_diamond_when_partner_has_trumped() -> None:
    """Partner trumped the diamond ace's trick, so any diamond may follow: play the 4 and keep
    the king, now the top diamond, for a trick of its own."""
    rows = hands(
        "KD 4D 4S QS QC 2C 7S 5D 3H 2H 8C 6H KC",
        "AD AS JH 7C 4C 3D JC 8H QH 3C KS 5S 9H",
        "9S 10C AH AC 5H KH 2S 10H 6C 3S 9C 8S 4H",
        "6D 9D QD 7D 2D 10D 8D JD 10S 7H 6S 5C JS",
    )
    m = position(
        "batak-pairs",
        rows,
        dealer=0,
        moves=["bid 7", "pass", "pass", "pass", "trump S", "AD", "9S", "6D"],
    )
    assert m.deal.to_move == 0 and {"KD", "4D", "5D"} <= set(m.deal.legal_moves())
    for seed in range(3):
        assert ai.choose(m.deal, seed=seed) in ("4D", "5D")


def test_pairs_does_not_lead_club_honours_into_a_known_void() -> None:
    """Seat 1 trumped the first club trick and still holds trumps: leading the club ace or
    king now only feeds it a ruff."""
    rows = hands(
        "AC KC 2C AH KH AD KD QD 10H 10D 7C 3C QH",
        "2S 3H AS QS 5S 4D 6D 3S 7S 9H 10S 6H JH",
        "4C 4H QC 8C 6C 7H 8H 10C 2D 4S 8D 9S 3D",
        "5C 5H JS KS JD 5D 9D 9C 2H 7D JC 8S 6S",
    )
    m = position(
        "batak-pairs",
        rows,
        dealer=3,
        moves=[
            "bid 7",
            "pass",
            "pass",
            "pass",
            "trump S",
            "2C",
            "2S",
            "4C",
            "5C",
            "3H",
            "4H",
            "5H",
            "AH",
        ],
    )
    assert m.deal.to_move == 0 and "AC" in m.deal.legal_moves()
    for seed in range(3):
        assert ai.choose(m.deal, seed=seed) not in ("AC", "KC")
