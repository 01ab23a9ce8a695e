"""Exact endings: each sampled world is solved with every card visible (`engine.solver`)
instead of being played out by a heuristic policy.

From a few cards a hand on, the open-deal solver is cheap (Batak family with 5 cards a hand:
about a millisecond a world; Kozel with 4: a few), so a search can value every candidate card
in each of its worlds by what perfect play makes of it. The worlds are the search's own (its
inference included); the solver sees each of them as a full deal (`Deal.with_hands`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ..cards import parse_card
from ..core import Deal
from ..solver import Solver, SolveTimeout
from .registry import Worlds

SOLVE_CAP = 0.5  # seconds for one world's solve: a safety net (endings take milliseconds)


def template(worlds: Worlds) -> Deal:
    """A full deal with the seat's public state, whose hands the worlds replace: the true
    deal for the perfect-information bound, else any resampled one (drawn from a generator of
    its own, so the search's draws do not change)."""
    if worlds.truth is not None:
        return worlds.truth
    return worlds.resample(random.Random(0), 1)[0]


def solve_worlds(
    base: Deal, hands: Sequence[list[list[int]]], side: Sequence[int], deadline: float | None
) -> list[dict[int, int]]:
    """For each world (its hands), every legal card of the seat to move and the value the
    side forces after it (tricks or card points from now on). Stops early only past
    `deadline` (the level's safety net), after at least four worlds."""
    out: list[dict[int, int]] = []
    for k, h in enumerate(hands):
        if deadline is not None and k >= 4 and time.perf_counter() > deadline:
            break
        try:
            vals = Solver(base.with_hands(h), side, max_seconds=SOLVE_CAP).move_values()
        except SolveTimeout:
            continue
        out.append({parse_card(m): v for m, v in vals.items()})
    return out


__all__ = ["solve_worlds", "template"]
