"""The baseline computer player for Bidding Kozel: simple, sensible, always legal.

It reads only what its seat may see (its observation: its own hand, the face-up plays, the
turned-up card and the stock size): plays a Bura whenever it holds one on a three-card trick,
leads a set of three when the suit holds an Ace or a Ten (hard to beat card for card), beats the
winning play as cheaply as it can when the trick is worth it, keeps its trumps while a third one
may still come for a Bura, and otherwise throws its least valuable cards.
"""

from __future__ import annotations

import random

from ..core import Action, Observation
from ..games.bidding_kozel import (
    BEATS,
    POINTS,
    POWER,
    BiddingKozelObservation,
    cards_of,
    play_beats,
)
from .baseline import policy

TRUMP_COST = 12  # a trump spent is worth about this much power kept


def takes(
    cs: tuple[int, ...] | list[int], trump: int, seen_points: int, saving: bool, last: bool
) -> bool:
    """Whether the baseline takes the trick with `cs`, its cheapest beating play: always
    without trumps; with trumps only for 20 card points on the trick when it is saving its
    trumps, else for 10 (or any points as the last to play)."""
    worth = seen_points + sum(POINTS[c] for c in cs)
    if not any(c >> 4 == trump for c in cs):
        return True
    if saving:
        return worth >= 20
    return worth >= 10 or (last and worth > 0)


def _keep_cost(cards: tuple[int, ...], trump: int) -> int:
    """What beating with `cards` gives up: their power, trumps dearest (points come back)."""
    return sum(POWER[c & 15] + (TRUMP_COST if c >> 4 == trump else 0) for c in cards)


def _throw_cost(cards: tuple[int, ...], trump: int) -> int:
    """What throwing `cards` to someone else's trick loses: points most, then trumps, power."""
    return sum(
        3 * POINTS[c] + POWER[c & 15] + (TRUMP_COST if c >> 4 == trump else 0) for c in cards
    )


@policy("bidding-kozel")
def bidding_kozel_policy(obs: Observation, rng: random.Random) -> Action:
    assert isinstance(obs, BiddingKozelObservation)
    legal = list(obs.legal)
    trump = obs.trump
    assert trump is not None
    hand = obs.hand
    n_trumps = sum(1 for c in hand if c >> 4 == trump)
    # Two trumps and a live stock: a third may come, so do not spend them lightly.
    saving = n_trumps == 2 and obs.stock_size > 0

    def is_bura(a: Action) -> bool:
        cs = cards_of(a)
        return len(cs) == 3 and all(c >> 4 == trump for c in cs)

    buras = [a for a in legal if is_bura(a)]
    if buras:
        return max(buras, key=lambda a: sum(POWER[c & 15] for c in cards_of(a)))

    trick = [(s, None if a is None else cards_of(a)) for s, a in obs.trick]
    if not trick:
        sets = [
            a
            for a in legal
            if not isinstance(a, int) and any(c & 15 in (14, 10) for c in cards_of(a))
        ]
        if sets:
            return max(sets, key=lambda a: sum(POINTS[c] for c in cards_of(a)))
        singles = [a for a in legal if isinstance(a, int)]
        plain = [c for c in singles if c >> 4 != trump] or singles
        return min(plain, key=lambda c: _throw_cost((c,), trump))

    win = obs.winning
    assert win is not None
    _, winning = win
    b = BEATS[trump]
    seen_points = sum(POINTS[c] for _, cs in trick if cs is not None for c in cs)
    last = len(obs.trick) == len(obs.active) - 1
    beating = [a for a in legal if play_beats(b, cards_of(a), winning)]
    if beating:
        best = min(beating, key=lambda a: _keep_cost(cards_of(a), trump))
        if takes(cards_of(best), trump, seen_points, saving, last):
            return best
    return min(legal, key=lambda a: (_throw_cost(cards_of(a), trump), rng.random()))
