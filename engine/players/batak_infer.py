"""Reading the table in the Batak family: how likely a world makes what the others did.

A seat's bids, its trump choice and its cards tell something of its hand if it decides like
a known player. The model here is the baseline player (`batak_baseline`), which is cheap and
decides by fixed rules: for each world the search draws, every earlier decision of another
seat is asked again of the baseline with that seat's hand in the world (its cards then: those
it holds in the world and those it played since), and each decision the baseline would have
taken otherwise counts as a miss. A world is weighted by `MISS[kind] ** misses` and the
search's worlds are drawn again from a larger sample by those weights. A seat that does not
play like the baseline only loses the sharpness of its inference: a soft weight never rules
a world out.

Measured per kind in bench/engine/strength.py's duplicate (docs/ai.md).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TypeVar

from ..games.batak import BatakObservation, add_to_trick, legal_cards
from . import batak_baseline

# The weight of one miss, per kind of decision: a world where the seat would have bid,
# named trump or played otherwise. 1.0 turns the kind off. The partner of partnership Batak is
# not read: it is as likely to be the same search as the seat, and reading it like the
# baseline measured worse (docs/ai.md).
MISS: dict[str, float] = {
    "bid": 0.25,
    "trump": 0.3,
    "play": 0.3,
    "partner_bid": 1.0,
    "partner_play": 1.0,
}
OVERSAMPLE = 3  # worlds drawn for each world kept
MOST = 100  # worlds drawn at most (the cost is in drawing and weighing them)
# engine.cards.sort_key (suit, then rank from high to low) as one int per card
HAND_ORDER = [(c >> 4) * 16 + 15 - (c & 15) for c in range(80)]


@dataclass(frozen=True)
class _View:
    """The part of an observation the baseline's card rule reads, at an earlier decision."""

    trump: int | None
    played: frozenset[int]
    trick: tuple[tuple[int, int], ...]
    state: tuple[int, int, int, int]
    teams: object
    players: int


@dataclass(frozen=True)
class Play:
    seat: int
    card: int
    view: _View
    broken: bool
    later: tuple[int, ...]  # the cards the seat played after this one (and this one)


@dataclass(frozen=True)
class Bid:
    seat: int
    bid: int | None
    low: int  # the lowest bid it could make then
    can_pass: bool


@dataclass(frozen=True)
class Events:
    """Every earlier decision of another seat that the model can ask again."""

    plays: tuple[Play, ...]
    bids: tuple[Bid, ...]
    trump_by: int | None  # the declarer (another seat) that named trump
    played_by: tuple[tuple[int, ...], ...]  # per seat, every card it played
    teams: bool
    seat: int

    def empty(self) -> bool:
        return not self.plays and not self.bids and self.trump_by is None


def events(obs: BatakObservation) -> Events:
    seat = obs.seat
    trump = obs.trump
    teams = obs.teams is not None
    tricks = obs.trick_plays()
    played_by: list[list[int]] = [[] for _ in range(4)]
    for plays in tricks:
        for s, c in plays:
            played_by[s].append(c)  # type: ignore[arg-type]
    count = [0, 0, 0, 0]
    plays_out: list[Play] = []
    seen: set[int] = set()
    broken = False
    for plays in tricks:
        state = (-1, 0, 0, -1)
        trick: list[tuple[int, int]] = []
        for s, c in plays:
            assert isinstance(c, int)
            if (
                s != seat
                and MISS["partner_play" if teams and (s - seat) % 2 == 0 else "play"] < 1.0
            ):
                view = _View(trump, frozenset(seen), tuple(trick), state, obs.teams, 4)
                plays_out.append(Play(s, c, view, broken, tuple(played_by[s][count[s] :])))
            count[s] += 1
            trick.append((s, c))
            seen.add(c)
            state = add_to_trick(state, s, c, trump)
        if len(plays) == 4 and state[2]:
            broken = True
    bids_out: list[Bid] = []
    high: int | None = None
    for s, b in obs.bids:
        low = obs.min_bid if high is None else max(obs.min_bid, high + 1)
        can_pass = not (high is None and len(bids_out) == 3)
        if s != seat:
            bids_out.append(Bid(s, b, low, can_pass))
        else:
            bids_out.append(Bid(-1, b, low, can_pass))
        if b is not None:
            high = b
    dec = obs.declarer
    trump_by = (
        dec
        if dec is not None and dec != seat and trump is not None and obs.game != "koz-maca"
        else None
    )
    return Events(
        tuple(plays_out),
        tuple(b for b in bids_out if b.seat >= 0),
        trump_by,
        tuple(tuple(p) for p in played_by),
        teams,
        seat,
    )


def log_weight(ev: Events, hands: list[list[int]], trump: int | None) -> float:
    """The log of the world's weight: the sum over the others' decisions that the baseline
    would have taken otherwise in this world of log MISS[kind]."""
    lw = 0.0
    seat = ev.seat
    for p in ev.plays:
        # in the deal's order (engine.cards.sort_key), which breaks the baseline's ties
        hand = sorted(hands[p.seat] + list(p.later), key=HAND_ORDER.__getitem__)
        led, high_led, high_trump, _ = p.view.state
        legal = legal_cards(hand, led, high_led, high_trump, trump, p.broken)
        if len(legal) < 2:
            continue
        got = batak_baseline.card_rule(p.view, p.seat, legal, hand)  # type: ignore[arg-type]
        if got != p.card:
            mate = ev.teams and (p.seat - seat) % 2 == 0
            lw += LOG["partner_play" if mate else "play"]
    if ev.bids or ev.trump_by is not None:
        initial = [hands[s] + list(ev.played_by[s]) for s in range(4)]
        for b in ev.bids:
            mate = ev.teams and (b.seat - seat) % 2 == 0
            _, est = best_trump(initial[b.seat])
            if ev.teams:
                est += 3.0
            would = b.low if int(est) >= b.low or not b.can_pass else None
            if would != b.bid:
                lw += LOG["partner_bid" if mate else "bid"]
        if (
            ev.trump_by is not None
            and trump is not None
            and best_trump(initial[ev.trump_by])[0] != trump
        ):
            lw += LOG["trump"]
    return lw


def best_trump(hand: list[int]) -> tuple[int, float]:
    """`batak_baseline.best_trump` (the suit the baseline names and its trick estimate), the
    same floats in the same order of additions, from one pass over the hand."""
    n = [0, 0, 0, 0]
    a = [False] * 4
    k = [False] * 4
    q = [False] * 4
    mid = [0, 0, 0, 0]
    for c in hand:
        s, r = c >> 4, c & 15
        n[s] += 1
        if r == 14:
            a[s] = True
        elif r == 13:
            k[s] = True
        elif r == 12:
            q[s] = True
        elif 9 <= r <= 11:
            mid[s] += 1
    best, best_key = 0, (-1.0, -1)
    for t in range(4):
        est = 0.0
        for s in range(4):
            ns = n[s]
            if not ns:
                continue
            if a[s]:
                est += 1
            if k[s] and ns >= 2:
                est += 1 if a[s] else 0.6
            if q[s] and ns >= 3:
                est += 0.5 if (a[s] or k[s]) else 0.25
            if s == t:
                est += max(0, ns - 3) * 0.9
                est += 0.3 * mid[s]
            elif ns <= 1:
                est += 0.4 * (n[t] >= 3)
        key = (est, n[t])
        if key > best_key:
            best, best_key = t, key
    return best, best_key[0]


LOG: dict[str, float] = {}


def _set_logs() -> None:
    LOG.clear()
    LOG.update({k: math.log(max(1e-9, v)) for k, v in MISS.items()})


def reweigh(
    ev: Events, worlds: list[list[list[int]]], n: int, trump: int | None, rng: random.Random
) -> list[list[list[int]]]:
    """`n` worlds drawn from `worlds` in proportion to their weights."""
    _set_logs()
    return resample(worlds, [log_weight(ev, w, trump) for w in worlds], n, rng)


W = TypeVar("W")


def resample(worlds: list[W], lws: list[float], n: int, rng: random.Random) -> list[W]:
    """`n` of `worlds` drawn in proportion to exp(lws) (systematic resampling: one draw of
    `rng`)."""
    top = max(lws)
    ws = [math.exp(x - top) for x in lws]
    step = math.fsum(ws) / n
    u = rng.random() * step
    out: list[W] = []
    acc = 0.0
    i = 0
    for k in range(n):
        target = u + k * step
        while i < len(ws) - 1 and acc + ws[i] < target:
            acc += ws[i]
            i += 1
        out.append(worlds[i])
    return out
