"""Kozel Miner and Classic: one test per rule of RULES.md §2, from records with given hands."""

from __future__ import annotations

import random

import engine


def test_both_games_play_to_the_end() -> None:
    """Both Kozel games play whole matches with legal moves and replay exactly."""
    for game in ("kozel-miner", "kozel-classic"):
        m = engine.new_match(game, seed=5)
        rng = random.Random(5)
        while not m.is_over:
            m.play(rng.choice(m.legal_moves()))
        assert engine.replay(m.record()).totals == m.totals
