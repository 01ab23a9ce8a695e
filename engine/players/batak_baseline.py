"""The baseline computer player for the Batak family (Koz Maça, auction Batak, partnership Batak).

Bids what a rough trick count of its hand promises, names its strongest suit, cashes sure
winners, draws trumps with the top trump, leads low from its shortest plain suit, and follows
with the cheapest card that wins or its lowest card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..core import Action, Observation
from ..games.batak import BatakObservation
from .baseline import policy


def estimate_tricks(hand: Sequence[int], trump: int | None) -> float:
    """A rough count of the tricks a hand takes with `trump` as trump."""
    est = 0.0
    for s in range(4):
        ranks = sorted((c & 15 for c in hand if c >> 4 == s), reverse=True)
        n = len(ranks)
        if not n:
            continue
        if 14 in ranks:
            est += 1
        if 13 in ranks and n >= 2:
            est += 1 if 14 in ranks else 0.6
        if 12 in ranks and n >= 3:
            est += 0.5 if (14 in ranks or 13 in ranks) else 0.25
        if s == trump:
            est += max(0, n - 3) * 0.9
            est += 0.3 * sum(1 for r in ranks if 9 <= r <= 11)
        elif n <= 1 and trump is not None:
            est += 0.4 * (sum(1 for c in hand if c >> 4 == trump) >= 3)
    return est


def best_trump(hand: Sequence[int]) -> tuple[int, float]:
    best = max(
        range(4), key=lambda s: (estimate_tricks(hand, s), sum(1 for c in hand if c >> 4 == s))
    )
    return best, estimate_tricks(hand, best)


@policy("koz-maca", "batak", "batak-pairs")
def batak_policy(obs: Observation, rng: random.Random) -> Action:
    assert isinstance(obs, BatakObservation)
    legal = list(obs.legal)
    hand = obs.hand
    if obs.phase == "bidding":
        _, est = best_trump(hand)
        if obs.teams:
            est += 3.0  # the partner's share
        bids = [a for a in legal if isinstance(a, tuple) and a[0] == "bid"]
        ok = [a for a in bids if a[1] <= int(est)]
        if ok:
            return ok[0]
        if ("pass",) in legal:
            return ("pass",)
        return bids[0]
    if obs.phase == "trump":
        return ("trump", best_trump(hand)[0])
    return card_rule(obs, obs.seat, legal, hand)


def card_rule(obs: BatakObservation, seat: int, legal: list[Action], hand: Sequence[int]) -> int:
    cards: list[int] = legal  # type: ignore[assignment]  # card play: every action is a card
    trump = obs.trump
    known = set(obs.played)
    known.update(hand)

    def master(c: int) -> bool:
        s, r = c >> 4, c & 15
        return all((s << 4 | h) in known for h in range(r + 1, 15))

    def low_key(c: int) -> tuple[int, int]:
        return (1 if c >> 4 == trump else 0, c & 15)

    trick = obs.trick
    if not trick:
        winners = [c for c in cards if c >> 4 != trump and master(c)]
        if winners:
            return max(winners, key=lambda c: c & 15)
        trumps = [c for c in cards if c >> 4 == trump]
        if trumps and len(trumps) >= 2 and master(max(trumps, key=lambda c: c & 15)):
            return max(trumps, key=lambda c: c & 15)
        # Lead from the shortest plain suit to make a void, lowest card first.
        plain = [c for c in cards if c >> 4 != trump] or cards
        by_len = [0, 0, 0, 0]
        for c in hand:
            by_len[c >> 4] += 1
        return min(plain, key=lambda c: (by_len[c >> 4], c & 15))
    led, high_led, high_trump, win_seat = obs.state
    winning = [
        c
        for c in cards
        if (
            (c & 15) > high_trump
            if c >> 4 == trump
            else c >> 4 == led and not high_trump and (c & 15) > high_led
        )
    ]
    # Partnership Batak: partners sit opposite, so a seat of the same parity is the partner.
    partner_winning = obs.teams is not None and (win_seat - seat) % 2 == 0
    last = len(trick) == obs.players - 1
    if partner_winning and (last or _sure(obs, win_seat, master)):
        return min(cards, key=low_key)
    if winning:
        if last:
            return min(winning, key=low_key)
        sure = [c for c in winning if master(c) or (c >> 4 == trump and c >> 4 != led)]
        if sure:
            return min(sure, key=low_key)
        return max(winning, key=low_key) if trick else min(winning, key=low_key)
    return min(cards, key=low_key)


def _sure(obs: BatakObservation, win: int, master: Callable[[int], bool]) -> bool:
    """Whether the card now winning the trick cannot be beaten (by rank: a ruff may still come)."""
    c = next(c for s, c in obs.trick if s == win)
    return bool(master(c))  # type: ignore[arg-type]
