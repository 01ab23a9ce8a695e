"""Reading the table in Kozel: how likely a world makes the others' earlier cards.

As `batak_infer`: every earlier card of another seat is asked again of the baseline player
(`kozel_baseline`) with that seat's cards in the world (those it holds there and those it
played since); each card the baseline would have played otherwise is a miss, a world weighs
`MISS[kind] ** misses`, and the search's worlds are drawn again from a larger sample by those
weights. The partner is read more softly than an opponent (it may be the same search).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..games.kozel import KozelObservation, legal_cards
from . import kozel_baseline
from .batak_infer import HAND_ORDER, resample

MISS: dict[str, float] = {"play": 0.5, "partner_play": 0.8}
OVERSAMPLE = 3  # worlds drawn for each world kept
MOST = 120  # worlds drawn at most


@dataclass(frozen=True)
class _View:
    """The part of an observation the baseline's card rule reads, at an earlier decision."""

    tables: object
    seen: frozenset[int]
    deck: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    classic: bool
    queen: int
    shamok: int

    def played_cards(self) -> frozenset[int]:
        return self.seen


@dataclass(frozen=True)
class Play:
    seat: int
    card: int
    view: _View
    led: int
    later: tuple[int, ...]  # the cards the seat played from this one on


@dataclass(frozen=True)
class Events:
    plays: tuple[Play, ...]
    seat: int
    owner: int | None
    classic: bool
    must_trump: bool
    eff: tuple[int, ...]

    def empty(self) -> bool:
        return not self.plays


def events(obs: KozelObservation) -> Events:
    seat = obs.seat
    if obs.tables is None:  # Classic's trump choice: no card played yet
        return Events((), seat, obs.owner, obs.classic, obs.must_trump, ())
    eff = obs.tables.eff
    tricks = obs.trick_plays()
    played_by: list[list[int]] = [[] for _ in range(4)]
    for plays in tricks:
        for s, c in plays:
            played_by[s].append(c)  # type: ignore[arg-type]
    count = [0, 0, 0, 0]
    out: list[Play] = []
    seen: set[int] = set()
    deck = tuple(obs.deck)
    for plays in tricks:
        trick: list[tuple[int, int]] = []
        for s, c in plays:
            assert isinstance(c, int)
            kind = "partner_play" if (s - seat) % 2 == 0 else "play"
            if s != seat and MISS[kind] < 1.0:
                view = _View(
                    obs.tables,
                    frozenset(seen),
                    deck,
                    tuple(trick),
                    obs.classic,
                    obs.queen,
                    obs.shamok,
                )
                led = eff[trick[0][1]] if trick else -1
                out.append(Play(s, c, view, led, tuple(played_by[s][count[s] :])))
            count[s] += 1
            trick.append((s, c))
            seen.add(c)
    return Events(tuple(out), seat, obs.owner, obs.classic, obs.must_trump, tuple(eff))


def log_weight(ev: Events, hands: list[list[int]]) -> float:
    lw = 0.0
    miss = {k: math.log(max(1e-9, v)) for k, v in MISS.items()}
    for p in ev.plays:
        # in the deal's order (engine.cards.sort_key), which breaks the baseline's ties
        hand = sorted(hands[p.seat] + list(p.later), key=HAND_ORDER.__getitem__)
        legal = legal_cards(hand, ev.eff, p.led, p.seat, ev.owner, ev.classic, ev.must_trump)
        if len(legal) < 2:
            continue
        got = kozel_baseline.card_rule(p.view, p.seat, legal, hand)  # type: ignore[arg-type]
        if got != p.card:
            lw += miss["partner_play" if (p.seat - ev.seat) % 2 == 0 else "play"]
    return lw


def reweigh(
    ev: Events, worlds: list[list[list[int]]], n: int, rng: random.Random
) -> list[list[list[int]]]:
    """`n` worlds drawn from `worlds` in proportion to their weights."""
    return resample(worlds, [log_weight(ev, w) for w in worlds], n, rng)
