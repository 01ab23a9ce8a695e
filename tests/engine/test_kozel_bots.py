"""The Kozel baseline player: always legal, sensible in the positions that matter."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine.bots import choose, choose_action
from engine.cards import parse_card
from engine.players.kozel_baseline import best_trump
from tests.engine.test_kozel_rules import C1, pos

# Classic, trump ♥: seat 3 owns (J♣) and leads 6♠; seat 0 answers A♠; seat 2 has no spade.
SMEAR = ["AS 10S QH KH 6D 10C", "KS QS JS 6H 10H KC", "AD 10D KD QD JD 6C", "JC 6S AH QC AC JH"]
# As C1, but seat 0 holds Q♣ (and seat 2 Q♠).
C1_QC = ["JC QC AH 10H 6S KD", C1[1], "QS JS KH AD 6D 10C", C1[3]]


@pytest.mark.parametrize(
    "game, options",
    [
        ("kozel-miner", {}),
        ("kozel-miner", {"must_trump": True, "marker": "AC"}),
        ("kozel-classic", {}),
        ("kozel-classic", {"deck": 32, "must_trump": True}),
        ("kozel-classic", {"trump": "C", "marker": "AD"}),
    ],
)
def test_baseline_plays_legal_whole_matches(game: str, options: dict[str, Any]) -> None:
    """The baseline always moves legally and finishes matches, deterministically per seed."""
    records = []
    for _ in range(2):
        m = engine.new_match(game, seed=11, options=options)
        rng = random.Random(3)
        while not m.is_over:
            mv = choose(m.deal, rng=rng)
            assert mv in m.legal_moves()
            m.play(mv)
        records.append(m.record())
    assert records[0] == records[1]


@pytest.mark.parametrize("game", ["kozel-miner", "kozel-classic"])
def test_baseline_beats_random_play(game: str) -> None:
    """Seats 0 and 2 playing the baseline beat two random players most of the time."""
    wins = 0
    for seed in range(24):
        m = engine.new_match(game, seed=seed)
        rng = random.Random(seed)
        while not m.is_over:
            d = m.deal
            if d.to_move is not None and d.to_move % 2 == 0:
                m.play_action(choose_action(d, rng))
            else:
                m.play(rng.choice(m.legal_moves()))
        wins += m.winners == [0, 2]
    assert wins >= 16


def test_trump_choice_picks_the_longest_suit() -> None:
    """The Classic marker holder names the suit that gives its hand the most trumps."""
    hand = [parse_card(c) for c in ["JC", "AH", "10H", "KH", "6S", "QS"]]
    assert best_trump(hand) == 1
    m = pos(
        "kozel-classic",
        ["JC AH 10H KH 6S QD", "6C QS AS KS 10D 6H", "QC JS QH AD 6D 10C", "JH JD AC KC 10S KD"],
    )
    assert choose(m.deal) == "trump H"


def test_smears_points_to_a_winning_partner() -> None:
    """Last to play behind a partner who wins the trick, it gives the richest plain card."""
    m = pos("kozel-classic", SMEAR, "6S AS KS", {"trump": "H"})
    assert m.deal.to_move == 2
    assert choose(m.deal) == "AD"


def test_takes_a_rich_trick() -> None:
    """With the opponents winning a trick worth points, it wins it with the cheapest winner."""
    m = pos("kozel-classic", C1, "KD 10D", {"trump": "H"})
    assert choose(m.deal) == "AD"


def test_keeps_queen_of_clubs_from_the_shamok() -> None:
    """It does not play Q♣ while an opponent after it may still hold the shamok."""
    m = pos("kozel-classic", C1, "10H QD", {"trump": "H"})
    assert sorted(m.legal_moves()) == ["JS", "KH", "QC"]
    assert choose(m.deal) != "QC"


def test_shamok_takes_an_opponents_queen() -> None:
    """Holding the shamok behind an opponent's Q♣, it plays the shamok."""
    m = pos("kozel-classic", C1_QC, "QC", {"trump": "H"})
    assert choose(m.deal) == "6C"
    m.play("6C")
    m.play(m.legal_moves()[0])
    m.play(m.legal_moves()[0])
    assert m.deals[0].result["reason"] == "shamok"  # type: ignore[index]
