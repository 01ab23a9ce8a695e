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
    """The player makes the move the search rates lowest, a trick or more below its choice:
    the review calls it a mistake or a blunder and names the search's choice."""
    for seed in range(1, 40):
        m = engine.new_match("koz-maca", seed=seed)
        rng = random.Random(seed)
        while m.deals[0].phase != "over":
            if m.deal.to_move == 0:
                ev = engine.ai.evaluate(m.deal, 0, level=teacher.LEVEL, seed=0)
                worst = min(ev.values, key=lambda k: ev.values[k]) if ev.values else None
                if worst is not None and ev.move in ev.values and \
                        ev.values[ev.move] - ev.values[worst] >= 1.0:
                    n = len(m.deal.moves)
                    m.play(worst)
                    review = teacher.review_deal(m.record(), 0, 0, solve_seconds=0.2)
                    dec = next(d for d in review["decisions"] if d["n"] == n)
                    assert dec["move"] == worst and dec["best"] == ev.move
                    assert dec["verdict"] in ("mistake", "blunder")
                    return
            m.play(rng.choice(m.deal.legal_moves()))
    pytest.fail("no move a trick below the search's choice came up in 40 deals")


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
