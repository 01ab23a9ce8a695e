"""The decisions benchmark (bench.engine.decisions): its positions and its decide step."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from bench.engine import decisions

LEVELS = ["easy", "normal"]


@pytest.fixture(scope="module")
def positions() -> list[dict[str, Any]]:
    return decisions.positions(list(engine.GAMES), 2, 1)


def test_positions_cover_every_game(positions: list[dict[str, Any]]) -> None:
    """Two positions per game for every game of engine.GAMES, each a record that replays to a
    position with a seat to move, with an integer decision seed."""
    assert sorted(p["game"] for p in positions) == sorted(list(engine.GAMES) * 2)
    for p in positions:
        assert {"game", "record", "decision_seed"} <= set(p)
        assert isinstance(p["decision_seed"], int)
        m = engine.replay(p["record"])
        assert not m.is_over and m.deal.to_move is not None


def test_positions_are_reproducible(positions: list[dict[str, Any]]) -> None:
    """The same games, count and seed give the same positions."""
    assert decisions.positions(list(engine.GAMES), 2, 1) == positions


def test_decide_returns_legal_moves(positions: list[dict[str, Any]]) -> None:
    """The decide step, in-process at easy and normal: every move returned (per level and the
    baseline's) is in the replayed deal's legal_moves(), every record replays identically,
    and each level's decision is timed."""
    results = decisions.decide(positions, LEVELS)
    assert len(results) == len(positions)
    for p, r in zip(positions, results, strict=True):
        legal = engine.replay(p["record"]).deal.legal_moves()
        assert r["replay_same"], p
        assert r["illegal"] == [], (p["game"], r)
        for level in LEVELS:
            assert r["moves"][level] in legal, (p["game"], level, r["moves"][level], legal)
            assert r["times"][level] >= 0.0
        assert r["baseline"] in legal
        assert r["see_all"] is None  # only asked when "strong" is among the levels


def test_worker_script_is_self_contained() -> None:
    """The script run against another tree compiles and defines decide without this module."""
    script = decisions.worker_script()
    compile(script, "<decisions worker>", "exec")
    assert "def decide(" in script and "bench.engine" not in script
