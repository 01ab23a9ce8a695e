"""The sampling search's core: how many worlds a decision samples, which candidate it picks,
and the loop that plays every candidate out in every world. The worlds themselves are dealt by
`engine.sampling.deal_unseen` (consistently with what the seat knows).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ..sampling import deal_unseen

__all__ = ["best_card", "deal_unseen", "means", "out_of_time", "pick", "worlds_for"]


def out_of_time(deadline: float | None, done: int) -> bool:
    """The safety net: past the deadline after at least a few worlds (normally never: the
    sample budget, which replays exactly, is the limit)."""
    return deadline is not None and done >= 4 and time.perf_counter() > deadline


def worlds_for(
    budget: int, n_cands: int, remaining: int, full: int, low: int = 8, high: int = 64
) -> int:
    """How many worlds a decision samples: `budget` full-deal playouts' worth of work spread
    over the candidates, where a playout from here costs `remaining / full` of a full one
    (late decisions are cheap, so they get more worlds, up to `high`)."""
    n = budget * full // max(1, n_cands * max(1, remaining))
    return max(low, min(high, n))


def pick(vals: Sequence[Sequence[float]], default: int | None, z: float = 0.0) -> int:
    """The index of the candidate to play, given each candidate's value in the same worlds
    (played out with the same luck).

    The best mean wins; a tie goes to `default`, the simple sensible move. With `z` > 0 the
    default is kept unless the best beats it by more than `z` standard errors of their paired
    difference: where the goal is a step (a contract made or lost, a penalty row) one world's
    result swings on a single card of the playout, and a person watching should not see a king
    thrown away on such a coin flip.
    """
    n = min(len(v) for v in vals)
    means = [math.fsum(v[:n]) / max(1, n) for v in vals]  # fsum: the same in every Python
    top = max(means)
    if default is None:
        return max(range(len(vals)), key=lambda i: (means[i], -i))
    if means[default] >= top - 1e-9:
        return default
    best = max(range(len(vals)), key=lambda i: (means[i], -i))
    if z <= 0.0 or n < 2:
        return best
    diffs = [vals[best][k] - vals[default][k] for k in range(n)]
    if sum(1 for x in diffs if x) < MIN_DIFFER:
        return default  # a gain seen in one or two worlds is no clear gain, whatever its z
    m = means[best] - means[default]
    var = math.fsum((x - m) ** 2 for x in diffs) / (n - 1)
    return best if m * m * n > z * z * var else default


MIN_DIFFER = 3  # `pick` with z > 0: worlds in which the best and the default must differ


C = TypeVar("C")
W = TypeVar("W")


def best_card(
    cands: list[C],
    default: C,
    worlds: Sequence[W],
    rng: random.Random,
    deadline: float | None,
    play: Callable[[W, C, random.Random], float],
    z: float = 0.0,
    seeds: Sequence[int] | None = None,
    stats: dict[str, Any] | None = None,
) -> C:
    """Plays every candidate out in every world (`play(world, card, luck)` returns the seat's
    value) and returns the one `pick` chooses. `default` joins the candidates if missing. All
    candidates of a world get the same playout luck, so the comparison is about the cards:
    `seeds[k]` for world k if given, else drawn from `rng` as each world is played.

    `stats`, when given, receives what the search found without changing it: "utility" (each
    candidate's mean value), "samples" (the worlds played), "default" and "z"."""
    if default not in cands:
        cands = [*cands, default]
    vals: list[list[float]] = [[] for _ in cands]
    for k, w in enumerate(worlds):
        if out_of_time(deadline, k):
            break
        base = seeds[k] if seeds is not None else rng.getrandbits(48)
        for i, c in enumerate(cands):
            vals[i].append(play(w, c, random.Random(base)))
    if stats is not None:
        n = min(len(v) for v in vals)
        stats["utility"] = {c: math.fsum(v[:n]) / max(1, n) for c, v in zip(cands, vals)}
        stats["samples"] = n
        stats["default"] = default
        stats["z"] = z
    return cands[pick(vals, cands.index(default), z)]


def means(per_move: dict[Any, list[float]]) -> dict[Any, float]:
    """Each move's mean of the figures a search collected for it, world by world."""
    return {m: math.fsum(v) / max(1, len(v)) for m, v in per_move.items()}
