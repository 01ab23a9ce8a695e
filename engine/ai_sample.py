"""Dealing the unseen cards to the other seats consistently with what a seat knows.

Knowledge is a set of cards each seat may still hold (voids and "no card above X" remove cards)
and the number of cards it holds. The sampler assigns the most constrained cards first and
retries on a dead end; when the constraints cannot be met (or only with great effort) it drops
the weakest knowledge first and, at worst, deals without constraints, so a search always gets
its worlds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence


def deal_unseen(unseen: Sequence[int], sizes: Mapping[int, int],
                allowed: Sequence[Mapping[int, frozenset[int] | set[int]]],
                rng: random.Random, tries: int = 12,
                failed: set[int] | None = None) -> dict[int, list[int]]:
    """Deals `unseen` (exactly sum(sizes) cards) to the seats of `sizes`.

    `allowed` is a list of constraint levels, strongest first: each maps seat -> cards it may
    hold. Each level is tried `tries` times before the next, weaker one; the last resort is
    no constraint at all. A level that fails is added to `failed` (by index) and skipped by
    later calls given the same set, so a run of samples pays for an impossible level once.
    """
    seats = sorted(sizes)
    for i, level in enumerate(allowed):
        if failed is not None and i in failed:
            continue
        for _ in range(tries):
            got = _attempt(unseen, sizes, seats, level, rng)
            if got is not None:
                return got
        if failed is not None:
            failed.add(i)
    cards = list(unseen)
    rng.shuffle(cards)
    out: dict[int, list[int]] = {}
    k = 0
    for s in seats:
        out[s] = cards[k:k + sizes[s]]
        k += sizes[s]
    return out


def _attempt(unseen: Sequence[int], sizes: Mapping[int, int], seats: list[int],
             allowed: Mapping[int, frozenset[int] | set[int]],
             rng: random.Random) -> dict[int, list[int]] | None:
    cards = list(unseen)
    rng.shuffle(cards)
    opts: dict[int, list[int]] = {}
    for c in cards:
        opts[c] = [s for s in seats if sizes[s] and (s not in allowed or c in allowed[s])]
    cards.sort(key=lambda c: len(opts[c]))
    cap = {s: sizes[s] for s in seats}
    # How many of the still unassigned cards each seat could take: a seat whose remaining
    # candidates equal its free places must take them all.
    room = {s: 0 for s in seats}
    for c in cards:
        for s in opts[c]:
            room[s] += 1
    out: dict[int, list[int]] = {s: [] for s in seats}
    for c in cards:
        live = [s for s in opts[c] if cap[s] > 0]
        if not live:
            return None
        forced = [s for s in live if room[s] <= cap[s]]
        if forced:
            s = forced[0]
        elif len(live) == 1:
            s = live[0]
        else:
            total = sum(cap[x] for x in live)
            x = rng.random() * total
            s = live[-1]
            for y in live:
                x -= cap[y]
                if x < 0:
                    s = y
                    break
        out[s].append(c)
        cap[s] -= 1
        for y in opts[c]:
            room[y] -= 1
    if any(cap.values()):
        return None
    return out


def worlds_for(budget: int, n_cands: int, remaining: int, full: int,
               low: int = 8, high: int = 64) -> int:
    """How many worlds a decision samples: `budget` full-deal playouts' worth of work spread
    over the candidates, where a playout from here costs `remaining / full` of a full one
    (late decisions are cheap, so they get more worlds, up to `high`)."""
    n = budget * full // max(1, n_cands * max(1, remaining))
    return max(low, min(high, n))
