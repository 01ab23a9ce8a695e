"""Computer players by level: `easy` (the baseline of engine.players.baseline), `normal` and `strong`.

    engine.ai.choose(deal, level="strong", seed=0) -> "QH"

`normal` and `strong` search by sampling: the unseen cards are dealt to the other seats many
times consistently with what the seat to move has seen (its hand, the cards played, the voids
and other facts the plays reveal, the auction, the turned-up card), every candidate move is
played out in each such world by a fast heuristic policy, and the move with the best mean
result for the game's real goal wins. A level is a playout budget per decision, not a time,
so a decision replays exactly for a given seed. The per-game searches live in `*_search.py`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from . import baseline
from ..core import Action, Deal

# Per level: the number of full-deal playouts' worth of work a decision may spend (spread over
# its candidate moves and worlds), and a time cap in seconds that is only a safety net (it
# stops the search early on a slow machine; within it a decision replays exactly for a seed).
# "easy" is the baseline player.
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"playouts": 0, "time_cap": 0.0, "help": "the simple baseline player"},
    "normal": {"playouts": 120, "time_cap": 0.5, "help": "sampling search with a small budget"},
    "strong": {"playouts": 300, "time_cap": 1.0, "help": "sampling search (the default)"},
}
DEFAULT_LEVEL = "strong"

Searcher = Callable[[Deal, int, int, random.Random, bool, float | None], Action]
_SEARCHERS: dict[str, Searcher] = {}


def _searcher(game: str) -> Searcher | None:
    if not _SEARCHERS:
        from . import batak_search as ai_batak, bidding_kozel_search as ai_bidding_kozel, kozel_search as ai_kozel
        for g in ai_batak.GAMES:
            _SEARCHERS[g] = ai_batak.choose
        for g in ai_kozel.GAMES:
            _SEARCHERS[g] = ai_kozel.choose
        for g in ai_bidding_kozel.GAMES:
            _SEARCHERS[g] = ai_bidding_kozel.choose
    return _SEARCHERS.get(game)


def decision_rng(deal: Deal, seed: int) -> random.Random:
    """The generator for one decision: fixed by the seed and the public progress of the deal."""
    return random.Random(f"ai:{seed}:{deal.game}:{deal.index}:{len(deal._tricks)}:"
                         f"{len(deal._trick)}:{len(deal.moves)}")


def choose_action(deal: Deal, seat: int | None = None, level: str = DEFAULT_LEVEL,
                  seed: int = 0, see_all: bool = False) -> Action:
    """The move of the seat to move, as an internal action.

    `see_all` lets the search read every hand: only the benchmark's perfect-information upper
    bound uses it.
    """
    if deal.to_move is None:
        raise ValueError("nobody is to move: the deal is over")
    if seat is not None and seat != deal.to_move:
        raise ValueError(f"seat {seat} is not to move (seat {deal.to_move} is)")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    me = deal.to_move
    cap = float(LEVELS[level].get("time_cap", 0.0))
    deadline = time.perf_counter() + cap if cap > 0 else None
    rng = decision_rng(deal, seed)
    budget = int(LEVELS[level]["playouts"])
    legal = deal.legal_actions()
    if budget <= 0 or len(legal) == 1:
        return baseline.choose_action(deal, rng) if len(legal) > 1 else legal[0]
    fn = _searcher(deal.game)
    if fn is None:
        return baseline.choose_action(deal, rng)
    action = fn(deal, me, budget, rng, see_all, deadline)
    assert action in legal, (deal.game, action, legal)
    return action


def choose(deal: Deal, seat: int | None = None, level: str = DEFAULT_LEVEL, seed: int = 0) -> str:
    """The move of the seat to move, as move text (the page's entry point)."""
    return deal.action_str(choose_action(deal, seat, level, seed))


__all__ = ["DEFAULT_LEVEL", "LEVELS", "choose", "choose_action"]
