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


def deal_unseen(
    unseen: Sequence[int],
    sizes: Mapping[int, int],
    allowed: Sequence[Mapping[int, frozenset[int] | set[int]]],
    rng: random.Random,
    tries: int = 12,
    failed: set[int] | None = None,
) -> dict[int, list[int]]:
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
        plan = _plan(unseen, sizes, seats, level)
        if plan is not None:
            for _ in range(tries):
                got = _attempt(plan, sizes, seats, rng)
                if got is not None:
                    return got
        if failed is not None:
            failed.add(i)
    cards = list(unseen)
    rng.shuffle(cards)
    out: dict[int, list[int]] = {}
    k = 0
    for s in seats:
        out[s] = cards[k : k + sizes[s]]
        k += sizes[s]
    return out


Plan = tuple[list[list[int]], dict[int, list[int]], dict[int, int]]


def _plan(
    unseen: Sequence[int],
    sizes: Mapping[int, int],
    seats: list[int],
    allowed: Mapping[int, frozenset[int] | set[int]],
) -> Plan | None:
    """The cards grouped by how many seats may take them (fewest first), each card's seats,
    and how many cards each seat may take; None when some card has no seat at all."""
    opts: dict[int, list[int]] = {}
    groups: list[list[int]] = [[] for _ in range(len(seats) + 1)]
    room = {s: 0 for s in seats}
    for c in unseen:
        o = [s for s in seats if sizes[s] and (s not in allowed or c in allowed[s])]
        if not o:
            return None
        opts[c] = o
        groups[len(o)].append(c)
        for s in o:
            room[s] += 1
    return groups, opts, room


def _attempt(
    plan: Plan, sizes: Mapping[int, int], seats: list[int], rng: random.Random
) -> dict[int, list[int]] | None:
    groups, opts, room0 = plan
    cap = {s: sizes[s] for s in seats}
    room = dict(room0)  # cards still unassigned that each seat could take
    out: dict[int, list[int]] = {s: [] for s in seats}
    rnd = rng.random
    for g in groups:
        if not g:
            continue
        cards = g[:]
        rng.shuffle(cards)
        for c in cards:
            o = opts[c]
            if len(o) == 1:
                s = o[0]
                if not cap[s]:
                    return None
            else:
                live = [x for x in o if cap[x] > 0]
                if not live:
                    return None
                s = -1
                for x in live:
                    if room[x] <= cap[x]:  # x needs every card it can still take
                        s = x
                        break
                if s < 0:
                    if len(live) == 1:
                        s = live[0]
                    else:
                        total = 0
                        for x in live:
                            total += cap[x]
                        r = rnd() * total
                        s = live[-1]
                        for x in live:
                            r -= cap[x]
                            if r < 0:
                                s = x
                                break
            out[s].append(c)
            cap[s] -= 1
            for x in o:
                room[x] -= 1
    if any(cap.values()):
        return None
    return out
