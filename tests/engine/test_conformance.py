"""Conformance: random legal games of every game, checking the engine's invariants.

- every card of the deal is in exactly one place;
- legal_moves() is non-empty (and free of repeats) until the deal is over;
- a move not in legal_moves() raises IllegalMove and changes nothing;
- replay(m.record()) gives the same state and totals; the same seed gives the same match;
- the scores add up (per-game checks below).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import engine
from engine.cards import CARD_STR
from tests.helpers import state

CASES: list[tuple[str, dict[str, Any], int | None]] = [
    ("koz-maca", {"hands": 5}, None),
    ("batak", {"hands": 3}, None),
    ("batak-pairs", {"hands": 3}, None),
]
if "bidding-kozel" in engine.available_games():
    CASES += [("bidding-kozel", {"rounds": 3}, n) for n in (2, 3, 4, 5)]
if "kozel-miner" in engine.available_games():
    CASES += [("kozel-miner", {}, None), ("kozel-miner", {"marker": "AC", "short": True}, None)]
if "kozel-classic" in engine.available_games():
    CASES += [
        ("kozel-classic", {}, None),
        ("kozel-classic", {"deck": 32, "trump": "H", "must_trump": True}, None),
    ]


def check_places(d: engine.Deal) -> None:
    places = d.card_places()
    seen: list[int] = [c for cards in places.values() for c in cards]
    assert sorted(seen) == sorted(d.deck_cards()), places
    assert len(seen) == len(set(seen))


def check_batak_scores(m: engine.Match, d: engine.Deal) -> None:
    r = d.result
    assert r is not None and sum(r["tricks"]) == 13
    if m.game == "koz-maca":
        assert r["delta"] == r["tricks"]


def check_kozel_scores(m: engine.Match, d: engine.Deal) -> None:
    r = d.result
    assert r is not None
    if r.get("reason") in ("normal", "lusya", "eggs"):
        assert r["points"][0] + r["points"][1] == 120
    assert r["delta"][0] == r["delta"][2] and r["delta"][1] == r["delta"][3]
    assert min(r["delta"]) >= 0


def check_bidding_kozel_scores(m: engine.Match, d: engine.Deal) -> None:
    r = d.result
    assert r is not None
    assert sum(r["points"]) <= 120 and min(r["points"]) >= 0


SCORE_CHECKS: dict[str, Callable[[engine.Match, engine.Deal], None]] = {
    "koz-maca": check_batak_scores,
    "batak": check_batak_scores,
    "batak-pairs": check_batak_scores,
    "kozel-miner": check_kozel_scores,
    "kozel-classic": check_kozel_scores,
    "bidding-kozel": check_bidding_kozel_scores,
}


def illegal_candidates(d: engine.Deal, rng: random.Random) -> list[str]:
    legal = set(d.legal_moves())
    out = [CARD_STR[c] for c in rng.sample(d.deck_cards(), 3)]
    out += ["pass", "bid 3", "bid 14", "trump X", "ZZ", "", "9H 9H 9H"]
    return [mv for mv in out if mv not in legal]


def run_match(
    game: str,
    options: dict[str, Any],
    players: int | None,
    seed: int,
    max_deals: int = 4,
    probe: bool = True,
) -> engine.Match:
    rng = random.Random(seed)
    probe_rng = random.Random(seed + 1000)
    m = engine.new_match(game, seed=seed, options=options, players=players)
    steps = 0
    while not m.is_over and len(m.deals) <= max_deals:
        d = m.deal
        check_places(d)
        moves = d.legal_moves()
        assert moves, f"no legal move in phase {d.phase}"
        assert len(moves) == len(set(moves))
        if probe and steps % 7 == 0:
            for bad in illegal_candidates(d, probe_rng):
                before = state(m)
                with pytest.raises(engine.IllegalMove):
                    m.play(bad)
                assert state(m) == before
        if probe and steps % 29 == 0:
            r = engine.replay(m.record())
            assert state(r) == state(m)
        m.play(rng.choice(moves))
        steps += 1
        if d.phase == "over":
            check_places(d)
            SCORE_CHECKS[game](m, d)
            assert d.legal_moves() == [] and d.to_move is None
    return m


@pytest.mark.parametrize(
    "game, options, players",
    CASES,
    ids=[f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}-{p}" for g, o, p in CASES],
)
def test_random_games_keep_the_invariants(
    game: str, options: dict[str, Any], players: int | None
) -> None:
    for seed in range(3):
        m = run_match(game, options, players, seed)
        r = engine.replay(m.record())
        assert state(r) == state(m) and r.totals == m.totals
        again = run_match(game, options, players, seed, probe=False)
        assert again.record() == m.record()


@pytest.mark.parametrize("game", ["koz-maca", "batak", "batak-pairs"])
def test_whole_matches_end_with_winners(game: str) -> None:
    m = run_match(
        game,
        {"hands": 3} if game != "koz-maca" else {"hands": 5},
        None,
        9,
        max_deals=99,
        probe=False,
    )
    assert m.is_over and m.winners
    assert m.totals == [
        sum(d.result["delta"][s] for d in m.deals)  # type: ignore[index]
        for s in range(4)
    ]
