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
from typing import Any

from ..core import Action, Deal, Observation
from . import baseline
from .registry import SEARCHES, Searcher, Stats, Worlds, search

# Per level: the number of full-deal playouts' worth of work a decision may spend (spread over
# its candidate moves and worlds), and a time cap in seconds that is only a safety net (it
# stops the search early on a slow machine; within it a decision replays exactly for a seed).
# "easy" is the baseline player.
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"playouts": 0, "time_cap": 0.0, "help": "plays by simple rules of thumb"},
    "normal": {"playouts": 120, "time_cap": 0.5, "help": "thinks a few likely hands through"},
    "strong": {
        "playouts": 300,
        "time_cap": 1.0,
        "help": "thinks many more hands through (the default)",
    },
}
DEFAULT_LEVEL = "strong"


def _searcher(game: str) -> Searcher | None:
    if game not in SEARCHES:  # loaded on first use (all of them: one may be imported already)
        from . import batak_search, bidding_kozel_search, kozel_search  # noqa: F401
    return SEARCHES.get(game)


class DeferredRandom(random.Random):
    """`random.Random(key)`, seeded when first drawn from: seeding from text costs more than
    most baseline moves, which never draw. Every draw goes through `random` or
    `getrandbits`, so the numbers are those of `random.Random(key)`."""

    def __init__(self, key: str) -> None:  # no seeding here: see the class
        self._key: str | None = key
        self.gauss_next = None

    def _start(self) -> None:
        key, self._key = self._key, None
        super().seed(key)
        # From now on draws go straight to the generator's own methods.
        self.random = super().random  # type: ignore[method-assign]
        self.getrandbits = super().getrandbits  # type: ignore[method-assign,assignment]

    def random(self) -> float:
        if self._key is not None:
            self._start()
        return super().random()

    def getrandbits(self, k: int) -> int:
        if self._key is not None:
            self._start()
        return super().getrandbits(k)

    def getstate(self) -> tuple[Any, ...]:
        if self._key is not None:
            self._start()
        return super().getstate()

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._key = None
        super().seed(a, version)


def decision_key(obs: Observation, seed: int) -> str:
    """What seeds one decision's generator: the seed and the public progress of the deal."""
    return f"ai:{seed}:{obs.game}:{obs.index}:{len(obs.tricks)}:{len(obs.trick)}:{obs.moves}"


def decision_rng(obs: Observation, seed: int) -> random.Random:
    """The generator for one decision: fixed by the seed and the public progress of the deal."""
    return random.Random(decision_key(obs, seed))


def choose_action(
    deal: Deal,
    seat: int | None = None,
    level: str = DEFAULT_LEVEL,
    seed: int = 0,
    see_all: bool = False,
    stats: Stats | None = None,
    see_hands: bool = False,
) -> Action:
    """The move of the seat to move, as an internal action, decided from that seat's
    observation.

    `see_all` lets the search read every hand: only the benchmark's perfect-information upper
    bound uses it. `see_hands` (Bidding Kozel: the benchmark's fair yardstick) lets it read
    every hand and play but not the stock's order: its worlds are the true round with the
    stock shuffled. `stats`, when a dict, receives what the search found for each move
    (`engine.players.evaluate` reads it); the move is the same with or without it.
    """
    if deal.to_move is None:
        raise ValueError("nobody is to move: the deal is over")
    if seat is not None and seat != deal.to_move:
        raise ValueError(f"seat {seat} is not to move (seat {deal.to_move} is)")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    me = deal.to_move
    obs = deal.observation(me)
    cap = float(LEVELS[level].get("time_cap", 0.0))
    deadline = time.perf_counter() + cap if cap > 0 else None
    budget = int(LEVELS[level]["playouts"])
    legal = list(obs.legal)
    fn = _searcher(obs.game) if budget > 0 else None
    if fn is None or len(legal) == 1:
        if stats is not None:
            stats["by"] = "forced" if len(legal) == 1 else "baseline"
        # The baseline seldom draws a number: its generator is seeded only if it does.
        return (
            baseline.choose_for(obs, DeferredRandom(decision_key(obs, seed)))
            if len(legal) > 1
            else legal[0]
        )
    rng = decision_rng(obs, seed)
    shuffle = getattr(deal, "shuffle_stock", None) if see_hands else None
    if shuffle is not None:
        worlds = Worlds(lambda r, n: [shuffle(r) for _ in range(n)], hands_seen=True)
    else:
        worlds = Worlds(
            lambda r, n: deal.resample_many(me, r, n), deal if see_all or see_hands else None
        )
    if stats is not None:
        stats["by"] = "search"
        action = fn(obs, budget, rng, worlds, deadline, stats)
    else:
        action = fn(obs, budget, rng, worlds, deadline)
    assert action in legal, (obs.game, action, legal)
    return action


def choose(deal: Deal, seat: int | None = None, level: str = DEFAULT_LEVEL, seed: int = 0) -> str:
    """The move of the seat to move, as move text (the page's entry point)."""
    return deal.action_str(choose_action(deal, seat, level, seed))


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Searcher",
    "Stats",
    "Worlds",
    "choose",
    "choose_action",
    "search",
]
