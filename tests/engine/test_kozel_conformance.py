"""Kozel conformance: random legal matches of both games under every option combination.

Checks: every card is in exactly one place; legal moves are non-empty (and distinct) until the
deal is over; a move that is not legal raises IllegalMove and changes nothing; replay of the
record reproduces state and totals; the same seed gives the same match; a normal, lusya or eggs
cycle splits 120 card points; partners' totals are equal and the match ends at the target.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import engine
from engine.cards import CARD_STR
from engine.games.kozel import KozelDeal
from tests.helpers import state


def _combos(game: str) -> list[dict[str, Any]]:
    axes: dict[str, tuple[Any, ...]] = {
        "marker": ("JC", "AC"),
        "short": (False, True),
        "must_trump": (False, True),
        "eggs_double": (False, True),
    }
    if game == "kozel-classic":
        axes = {
            "deck": (24, 32),
            "marker": ("JC", "AD"),
            "trump": ("chosen", "C", "S", "H", "D"),
            **{k: v for k, v in axes.items() if k != "marker"},
        }
    return [dict(zip(axes, vals)) for vals in itertools.product(*axes.values())]


CASES = [("kozel-miner", o) for o in _combos("kozel-miner")] + [
    ("kozel-classic", o) for o in _combos("kozel-classic")
]


def _places(d: KozelDeal) -> None:
    where: list[int] = [c for h in d._hands for c in h]
    where += [c for _, c in d._trick]
    where += [c for _, plays, _ in d._tricks for _, c in plays]
    assert sorted(where) == sorted(c for h in d.initial_hands for c in h)
    assert len(where) == len(set(where)) == len(d.rules.deck)  # type: ignore[attr-defined]


def _run(game: str, options: dict[str, Any], seed: int, probe: bool) -> engine.Match:
    rng = random.Random(seed)
    probe_rng = random.Random(seed + 1)
    m = engine.new_match(game, seed=seed, options=options)
    steps = 0
    while not m.is_over:
        d = m.deal
        assert isinstance(d, KozelDeal)
        _places(d)
        moves = d.legal_moves()
        assert moves and len(moves) == len(set(moves))
        if probe and steps % 11 == 0:
            bad = [CARD_STR[c] for c in probe_rng.sample(sorted(d.rules.deck), 4)]  # type: ignore[attr-defined]
            bad += ["trump S", "pass", "bid 7", "XX"]
            for mv in bad:
                if mv in moves:
                    continue
                before = state(m)
                with pytest.raises(engine.IllegalMove):
                    m.play(mv)
                assert state(m) == before
                assert d.why_illegal(mv)
        m.play(rng.choice(moves))
        steps += 1
        if d.phase == "over":
            _places(d)
            r = d.result
            assert r is not None and d.legal_moves() == [] and d.to_move is None
            assert r["reason"] in ("normal", "lusya", "eggs", "shamok")
            if r["reason"] != "shamok":
                assert r["points"][0] + r["points"][1] == 120
                assert sum(r["tricks"]) == len(d.initial_hands[0])
            assert r["delta"][0] == r["delta"][2] and r["delta"][1] == r["delta"][3]
            assert min(r["delta"][0], r["delta"][1]) == 0
    target = 6 if options["short"] else 12
    assert m.totals[0] == m.totals[2] and m.totals[1] == m.totals[3]
    assert max(m.totals) >= target and len(m.winners) == 2
    assert all(m.totals[s] < target for s in m.winners)
    assert m.totals == [
        sum(d.result["delta"][s] for d in m.deals)  # type: ignore[index]
        for s in range(4)
    ]
    return m


@pytest.mark.parametrize(
    "game, options",
    CASES,
    ids=[f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, o in CASES],
)
def test_random_matches_keep_the_invariants(game: str, options: dict[str, Any]) -> None:
    seed = sum(map(ord, repr(sorted(options.items()))))
    m = _run(game, options, seed, probe=True)
    r = engine.replay(m.record())
    assert state(r) == state(m) and r.totals == m.totals and r.info == m.info
    assert _run(game, options, seed, probe=False).record() == m.record()
