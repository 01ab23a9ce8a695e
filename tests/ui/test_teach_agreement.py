"""The hint, the play checker and the deal's review agree (docs/teacher.md): in every game and
phase (bids, trump, card play, Bidding Kozel's sets), the move the hint recommends is graded
"best" by the review, the review's "better" move is the hint's, and both judge a move by the
expected score the search maximises (`Evaluation.utility`), never by tricks or card points.

Positions come from whole first deals of seeded matches in which the player (seat 0) makes a
random legal move half the time and the baseline's otherwise (so the review has moves of
every quality to grade), the other seats the baseline's. Each deal is reviewed as the page's
worker reviews it; each of the player's decisions is then evaluated again as the page's hint
asks for it (the hint's level and the match's seed) and compared.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

import engine
import engine.ai
from engine import teacher
from engine.players.evaluate import SCORE_UNITS
from ui.table.table import HINT_LEVEL
from ui.teach import hints as H

SEEDS: dict[str, Any] = {
    "koz-maca": range(1, 4),
    "batak": range(1, 5),
    "batak-pairs": range(1, 5),
    "kozel-miner": range(1, 5),
    "kozel-classic": [*range(1, 5), 9, 10],
    "bidding-kozel": range(1, 7),
}
# The phases each game's positions must include (a trump decision for the player where it can
# win the contract, or holds the marker in Kozel Classic: seeds 9 and 10).
PHASES = {
    "koz-maca": {"play"},
    "batak": {"bidding", "trump", "play"},
    "batak-pairs": {"bidding", "trump", "play"},
    "kozel-miner": {"play"},
    "kozel-classic": {"play", "trump"},
    "bidding-kozel": {"play"},
}


def deal_of(game: str, seed: int) -> dict[str, Any]:
    m = engine.new_match(game, seed=seed)
    rng = random.Random(seed)
    while m.deals[0].phase != "over":
        d = m.deal
        if d.to_move == 0 and rng.random() < 0.5:
            m.play(rng.choice(d.legal_moves()))
        else:
            m.play(engine.bots.choose(d, d.to_move, rng))
    return m.record()


def hint_of(d: engine.Deal, seed: int) -> dict[str, Any]:
    """The hint's evaluation as the page gets it (the worker's JSON, checked by the page)."""
    ev = engine.ai.evaluate(d, 0, level=HINT_LEVEL, seed=seed)
    return H.parse(json.loads(json.dumps(dataclasses.asdict(ev))))


def test_the_review_runs_the_hints_search() -> None:
    assert teacher.LEVEL == HINT_LEVEL


@pytest.mark.slow
@pytest.mark.parametrize("game", list(SEEDS))
def test_the_hint_and_the_review_agree(game: str) -> None:
    phases: set[str] = set()
    graded: set[str] = set()
    multi = 0
    for seed in SEEDS[game]:
        record = deal_of(game, seed)
        review = teacher.review_deal(
            record, 0, 0, solve_seconds=0.05, check_cards=0, later_seconds=0.05
        )
        match, moves = teacher.deal_start(record, 0)
        decisions = {dec["n"]: dec for dec in review["decisions"]}
        for n, mv in enumerate(moves):
            d = match.deal
            if d.to_move == 0:
                dec = decisions[n]
                ev = hint_of(d, seed)
                where = (game, seed, n, mv, ev, dec)
                phases.add(d.phase)
                multi += len(mv.split()) > 1
                # The review's "better" move is the hint's move; the hint's move is "best".
                assert dec["best"] == ev["move"], where
                assert teacher.judge(ev, ev["move"])["verdict"] == "best", where
                if mv == ev["move"] or ev["forced"]:
                    assert dec["verdict"] == "best", where
                # Both judge by the expected score the search maximises, in the game's unit.
                score = ev["utility"]
                if score and not ev["forced"]:
                    assert dec["unit"] == SCORE_UNITS[game] == H.score_unit(ev), where
                    rated = mv if mv in score else ev["same"].get(mv)
                    assert rated in score, where
                    cost = max(score[ev["move"]] - score[rated], 0.0)
                    if rated != ev["same"].get(ev["move"], ev["move"]):
                        assert dec["verdict"] == teacher.verdict(cost, dec["unit"]), where
                    assert dec["cost"] == pytest.approx(cost, abs=0.006), where
                    assert max(H.cost(ev, mv) or 0.0, 0.0) == pytest.approx(cost, abs=1e-6)
                    # The checker asks exactly where the review finds a mistake or a blunder.
                    asks = H.check_cost(ev, mv) is not None
                    assert asks == (dec["verdict"] in ("mistake", "blunder")), where
                    # A move the hint names as good as its choice is graded "best".
                    text = H.reason(ev, str)
                    if text.startswith("Any of them") or "any of them will do" in text:
                        named = text.split(":")[0]
                        if text.startswith("Any of them") or mv in named.replace(",", " ").split():
                            assert dec["verdict"] == "best", (where, text)
                    graded.add(str(dec["verdict"]))
            match.play(mv)
    assert PHASES[game] <= phases, (game, phases)
    if game == "bidding-kozel":
        assert multi, "no set of several cards came up"
    assert graded - {"best"}, (game, graded)  # not only the search's own moves
