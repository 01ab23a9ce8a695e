"""Where the sampling searches register (`search`), and what they are given: `Worlds` (where
full deals come from) and `Stats` (what a search found, filled only when asked).

The searches (`*_search.py`) import this module and nothing of `levels`; `levels` imports it
and the searches, so the imports run one way.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..core import Action, Deal, Observation


@dataclass(frozen=True)
class Worlds:
    """Where a search gets full deals: `resample(rng, n)`, n copies of the deal with what the
    seat cannot see dealt again consistently with its observation; or, for the benchmark's
    perfect-information bound only, the true deal (`truth`)."""

    resample: Callable[[random.Random, int], list[Deal]]
    truth: Deal | None = None
    hands_seen: bool = False  # the benchmark's fair yardstick: every hand is known already

    def true_hands(self) -> list[list[int]] | None:
        d = self.truth
        return None if d is None else [d.hand_cards(s) for s in range(d.players)]


Stats = dict[str, Any]  # what a search found, filled only when asked (see engine.players.evaluate)


class Searcher(Protocol):
    def __call__(
        self,
        obs: Observation,
        budget: int,
        rng: random.Random,
        worlds: Worlds,
        deadline: float | None = None,
        stats: Stats | None = None,
    ) -> Action: ...


SEARCHES: dict[str, Searcher] = {}


def search(*games: str) -> Callable[[Searcher], Searcher]:
    """Registers a game's sampling search: `fn(observation, budget, rng, worlds, deadline,
    stats)`. `stats`, when a dict, receives what the search found (values per move, worlds
    sampled ...); filling it must not change a draw of `rng` or the move."""

    def wrap(fn: Searcher) -> Searcher:
        for g in games:
            SEARCHES[g] = fn
        return fn

    return wrap


__all__ = ["SEARCHES", "Searcher", "Stats", "Worlds", "search"]
