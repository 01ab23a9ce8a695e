"""A deal's review (engine.teacher): every decision of the seat rated against the search's
choice, and what perfect play makes (the exact solver)."""

from __future__ import annotations

import json
import random

import pytest

import engine
from engine import teacher


def played(game: str, seed: int) -> engine.Match:
    m = engine.new_match(game, seed=seed)
    rng = random.Random(seed)
    while m.deals[0].phase != "over":
        m.play(rng.choice(m.deal.legal_moves()))
    return m


def test_verdict_steps() -> None:
    assert teacher.verdict(0.0, "tricks") == "best"
    assert teacher.verdict(0.2, "tricks") == "good"
    assert teacher.verdict(0.5, "tricks") == "inaccuracy"
    assert teacher.verdict(1.0, "tricks") == "mistake"
    assert teacher.verdict(3.0, "tricks") == "blunder"
    assert teacher.verdict(15.0, "points") == "mistake"
    assert teacher.verdict(None, "tricks") is None
    assert teacher.verdict(0.1, "game-points") == "best"
    assert teacher.verdict(0.3, "game-points") == "good"
    assert teacher.verdict(8.0, "game-points") == "blunder"
    assert teacher.verdict(0.04, "penalty-points") == "best"
    assert teacher.verdict(0.7, "penalty-points") == "mistake"


@pytest.mark.slow
@pytest.mark.parametrize("game", ["koz-maca", "batak", "kozel-miner", "bidding-kozel"])
def test_every_decision_of_the_seat_is_rated(game: str) -> None:
    m = played(game, 4)
    review = teacher.review_deal(m.record(), 0, 0, solve_seconds=1.0)
    json.dumps(review)  # what the worker sends
    # the seat's decisions, counted by replaying the deal
    trial = engine.replay({**m.record(), "deals": [{**m.record()["deals"][0], "moves": []}]})
    mine = []
    for mv in m.record()["deals"][0]["moves"]:
        if trial.deal.to_move == 0:
            mine.append(mv)
        trial.play(mv)
    assert [d["move"] for d in review["decisions"]] == mine
    for d in review["decisions"]:
        assert d["verdict"] in (*teacher.VERDICTS, None)
        if d["move"] == d["best"]:
            assert d["verdict"] == "best"
        if d["cost"] is not None and d["verdict"] is not None:
            assert d["verdict"] == teacher.verdict(d["cost"], d["unit"]) or d["cost"] <= 0.05
    perfect = review["perfect"]
    if game == "bidding-kozel":
        assert not perfect["solved"] and "Bidding Kozel" in perfect["why"]
    else:
        assert perfect["solved"] or "not solved within" in perfect["why"]
        assert perfect["checked"] >= 1  # the last cards are checked with every card visible


def test_a_blunder_is_called_one() -> None:
    """The player makes the move the search rates lowest, more than a blunder's step of score
    below its choice: the review calls it a blunder and names the search's choice."""
    for seed in range(1, 40):
        m = engine.new_match("koz-maca", seed=seed)
        rng = random.Random(seed)
        while m.deals[0].phase != "over":
            if m.deal.to_move == 0:
                ev = engine.ai.evaluate(m.deal, 0, level=teacher.LEVEL, seed=seed)
                u = ev.utility
                worst = min(u, key=lambda k: u[k]) if u else None
                if (
                    worst is not None
                    and ev.move in u
                    and u[ev.move] - u[worst] >= teacher.VERDICT_STEPS[ev.score_unit][3] + 0.1
                ):
                    n = len(m.deal.moves)
                    m.play(worst)
                    review = teacher.review_deal(m.record(), 0, 0, solve_seconds=0.2)
                    dec = next(d for d in review["decisions"] if d["n"] == n)
                    assert dec["move"] == worst and dec["best"] == ev.move
                    assert dec["verdict"] == "blunder" and dec["unit"] == "game-points"
                    return
            m.play(rng.choice(m.deal.legal_moves()))
    pytest.fail("no move a blunder below the search's choice came up in 40 deals")


def test_bad_deal_index() -> None:
    m = played("koz-maca", 2)
    with pytest.raises(ValueError):
        teacher.review_deal(m.record(), 5, 0)


def test_a_deal_not_solved_from_its_first_card_is_solved_from_a_later_trick() -> None:
    """When the open deal is too large to solve from the first card in time, the review solves
    it from the next tricks' starts in turn (the tricks before as played) and says from which:
    the total is the solver's own from that position, and the first card's timeout is kept."""
    from engine.solver import solve

    m = played("batak", 4)
    review = teacher.review_deal(m.record(), 0, 0, solve_seconds=0.0001, later_seconds=30.0)
    perfect = review["perfect"]
    assert perfect["solved"] and perfect["why_key"] == "timeout", perfect
    assert perfect["from_trick"] == 2, perfect
    # the same figure, solved here from the start of trick 2
    trial, moves = teacher.deal_start(m.record(), 0)
    for mv in moves:
        d = trial.deal
        if d.phase == "play" and len(d.tricks) == 1 and not d.trick:
            break
        trial.play(mv)
    side = tuple(review["side"])
    assert perfect["total"] == solve(trial.deal, side).total
    assert 1 <= perfect["later"] <= teacher.LATER_TRIES


# The two positions of the report that the review graded by tricks: deal 2 of auction Batak,
# seed 590769556 (the player bids 5, seat 2 bids 6, the player 7, names diamonds and goes
# down), and the first deal of partnership Batak, seed 201 (the player's opening pass).
BATAK_590769556 = (
    (
        "bid_4 pass pass bid_5 bid_6 bid_7 pass trump_H AD 9D JD 5D 7S AS 5S 6S KD 3D 6D 2D 2C 10C "
        "AC 8C 3C 4H 4C 5C JH 3H AH 2H 4D 10D QH 5H KH QC 6H 3S KS 4S JS 8S 2S QS 9H 9S 7D QD 7H "
        "6C 10S 7C 10H 9C 8D JC 8H KC"
    ),
    (
        "bid_5 pass bid_6 pass bid_7 pass trump_D 6C 9C JC KC 7S KS AS 6S 10C QC AC 3D 5D 6D 3C 9D "
        "9S 2S JS QS AH JH 2H 3H 8C 2C 7D 8D 4H 10H KH 6H 4C 10D 4D 5C QH 7H 5H 2D 10S 5S 3S 8S QD "
        "AD 4S 7C JD 8H 9H KD"
    ),
)
PAIRS_201 = (
    (
        "pass bid_7 pass bid_8 bid_9 bid_10 pass trump_D 5S 6S QS AS 2H AH 4H 5H JH 6H KH 3H 2C JC KC "
        "3C 7C 4C QC AC QH 4D 10H 7H 6D 9D JD 3D 9H 5D 7D KD KS 3S 2S 8D 10D AD 4S 7S 2D 8S 8C QD "
        "9C 5C 8H 10S 10C 6C 9S JS"
    ),
)


def _record(game: str, seed: int, deals: tuple[str, ...]) -> dict[str, object]:
    return {
        "game": game,
        "seed": seed,
        "deals": [{"moves": [m.replace("_", " ") for m in d.split()]} for d in deals],
    }


@pytest.mark.slow
def test_a_bid_that_goes_down_is_graded_by_its_score() -> None:
    """Bid 7 takes the most tricks but is made in few layouts: the review grades it by its
    expected score, a blunder against a pass, with the chance of making it."""
    review = teacher.review_deal(
        _record("batak", 590769556, BATAK_590769556),
        1,
        0,
        solve_seconds=0.1,
        check_cards=0,
        later_seconds=0.1,
    )
    dec = next(d for d in review["decisions"] if d["move"] == "bid 7")
    assert dec["best"] == "pass" and dec["verdict"] == "blunder", dec
    assert dec["unit"] == "game-points" and dec["cost"] > 4, dec
    assert dec["chance"] < 0.25 and dec["best_chance"] is None, dec


@pytest.mark.slow
def test_a_pass_that_scores_better_than_a_bid_is_not_a_blunder() -> None:
    review = teacher.review_deal(
        _record("batak-pairs", 201, PAIRS_201),
        0,
        0,
        solve_seconds=0.1,
        check_cards=0,
        later_seconds=0.1,
    )
    dec = review["decisions"][0]
    assert dec["move"] == "pass" and dec["phase"] == "bidding", dec
    assert dec["verdict"] in ("best", "good"), dec
