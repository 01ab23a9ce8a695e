"""The strong player for Bidding Kozel: determinized Monte Carlo on cloned deals.

What the seat knows is its observation: its hand, the face-up plays of every trick, the
turned-up trump card (at the bottom of the stock until drawn, and then who drew it), and how
many cards each hand, the stock and the dead pile hold. Everything else (the other hands, the
stock's order, the cards of face-down plays, hence the captured points) is redealt from the
unseen cards in each world by `BiddingKozelDeal.resample`, so the search never reads a hidden
card. Each candidate play is played out by a cheap policy (Bura
when possible, beat rich tricks cheaply, throw the cheapest cards) and the play with the best
mean share of the pot wins.
"""

from __future__ import annotations

import random

from ..core import Action, Deal, Observation
from ..games.bidding_kozel import (
    BEATS,
    POINTS,
    POWER,
    BiddingKozelDeal,
    BiddingKozelObservation,
    cards_of,
    play_beats,
)
from . import baseline, bidding_kozel_infer
from .registry import Stats, Worlds, search
from .sample import best_card, means, worlds_for

GAMES = ("bidding-kozel",)
POINT_WEIGHT = 0.002  # a card point next to one stake: only breaks ties (0.01: docs/ai.md)
EPS = 0.05  # the playout policy's share of random plays
SHARE = 3  # quarters of the playout budget spent on the worlds
HIGH = 48  # worlds at most (96, with twice the budget, measured no better and too slow)
TRUMP_COST = 12


def _keep_cost(cards: tuple[int, ...], trump: int) -> int:
    return sum(POWER[c & 15] + (TRUMP_COST if c >> 4 == trump else 0) for c in cards)


def _throw_cost(cards: tuple[int, ...], trump: int) -> int:
    return sum(
        3 * POINTS[c] + POWER[c & 15] + (TRUMP_COST if c >> 4 == trump else 0) for c in cards
    )


def policy(d: BiddingKozelDeal, rng: random.Random, eps: float = 0.05) -> Action:
    """A cheap playout policy (it reads the world it plays in): Bura when it can, lead a set
    with an Ace or a Ten, beat a rich trick cheaply, keep two trumps while a third may come,
    otherwise throw the cheapest cards."""
    trick = d.current_plays()
    if trick and isinstance(trick[0][1], int) and d.to_move is not None:
        return _follow_one(d, trick, d.hand_cards(d.to_move), rng, eps)
    legal = d.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if rng.random() < eps:
        return legal[int(rng.random() * len(legal))]
    t = d.trump_suit
    assert t is not None
    for a in legal:
        cs = cards_of(a)
        if len(cs) == 3 and cs[0] >> 4 == t and cs[1] >> 4 == t and cs[2] >> 4 == t:
            return a
    if not trick:
        sets = [
            a
            for a in legal
            if not isinstance(a, int) and any(c & 15 in (14, 10) for c in cards_of(a))
        ]
        if sets:
            return max(sets, key=lambda a: sum(POINTS[c] for c in cards_of(a)))
        singles = [a for a in legal if isinstance(a, int)]
        plain = [c for c in singles if c >> 4 != t] or singles
        return min(plain, key=lambda c: _throw_cost((c,), t) + rng.random())
    b = BEATS[t]
    won = d.winning_play()
    assert won is not None
    win = won[1]
    worth = sum(POINTS[c] for _, a in trick for c in cards_of(a))
    beating = [a for a in legal if play_beats(b, cards_of(a), win)]
    if beating:
        best = min(beating, key=lambda a: _keep_cost(cards_of(a), t))
        cs = cards_of(best)
        worth += sum(POINTS[c] for c in cs)
        used = sum(1 for c in cs if c >> 4 == t)
        if not used:
            return best
        hand = d.hand_cards(d.to_move) if d.to_move is not None else []
        saving = d.stock_size > 0 and sum(1 for c in hand if c >> 4 == t) == 2
        last = len(trick) == len(d.active) - 1
        if worth >= (20 if saving else 10) or (not saving and last and worth > 0):
            return best
    return min(legal, key=lambda a: (_throw_cost(cards_of(a), t), rng.random()))


def _follow_one(
    d: BiddingKozelDeal,
    trick: list[tuple[int, Action]],
    h: list[int],
    rng: random.Random,
    eps: float,
) -> int:
    """`policy` for a one-card trick, without listing the legal plays (any card is legal)."""
    if len(h) == 1:
        return h[0]
    rnd = rng.random
    if rnd() < eps:
        return h[int(rnd() * len(h))]
    t = d.trump_suit
    assert t is not None
    b = BEATS[t]
    won = d.winning_play()
    assert won is not None
    w = won[1][0]
    beaters = [c for c in h if b[c * 64 + w]]
    if beaters:
        best = min(beaters, key=lambda c: POWER[c & 15] + (TRUMP_COST if c >> 4 == t else 0))
        if best >> 4 != t:
            return best
        worth = POINTS[best]
        for _, a in trick:
            worth += POINTS[a] if isinstance(a, int) else 0
        saving = d.stock_size > 0 and sum(1 for c in h if c >> 4 == t) == 2
        last = len(trick) == len(d.active) - 1
        if worth >= (20 if saving else 10) or (not saving and last and worth > 0):
            return best
    return min(
        h, key=lambda c: (3 * POINTS[c] + POWER[c & 15] + (TRUMP_COST if c >> 4 == t else 0), rnd())
    )


def rollout(
    w: Deal, action: Action, seat: int, rng: random.Random, stakes: list[float] | None = None
) -> float:
    """The seat's result when it plays `action` in world `w` and everyone then plays `policy`:
    the stakes it wins or loses this round (plus the points' tie-breaker). `stakes`, when
    given, receives the stakes alone."""
    d = w.clone()
    assert isinstance(d, BiddingKozelDeal)
    d.apply_action(action)
    eps = EPS
    while d.phase != "over":
        d.apply_action(policy(d, rng, eps))
    res = d.result
    assert res is not None
    v = float(res["delta"][seat])
    if stakes is not None:
        stakes.append(v)
    if res["reason"] in ("points", "tie"):
        # Points only break ties between like outcomes; the bonus is never positive, so a
        # pot taken by a Bura or four Aces counts at least as much as one taken on points.
        v += POINT_WEIGHT * (res["points"][seat] - 120)
    return v


@search(*GAMES)
def choose(
    obs: Observation,
    budget: int,
    rng: random.Random,
    worlds: Worlds,
    deadline: float | None = None,
    stats: Stats | None = None,
) -> Action:
    """The play with the best mean result over the worlds; the sensible default play (the
    baseline's) unless another beats it clearly (by more than CONFIDENCE standard errors of
    the paired difference: the pot is a coarse result and a small edge may be noise).
    `stats`, when given, gets each play's mean stakes won or lost this round ("values")."""
    assert isinstance(obs, BiddingKozelObservation)
    seat = obs.seat
    cands = list(obs.legal)
    if stats is not None:
        stats["unit"] = "score"
    if len(cands) == 1:
        return cands[0]
    default = baseline.choose_for(obs, random.Random(rng.getrandbits(32)))
    remaining = sum(obs.hand_sizes) + obs.stock_size
    n_worlds = worlds_for(budget * SHARE // 4, len(cands), remaining, 36, low=8, high=HIGH)
    truth = worlds.truth
    sampled: list[Deal]
    if truth is not None:
        sampled = [truth for _ in range(n_worlds)]
    else:
        ev = bidding_kozel_infer.events(obs) if INFER and not worlds.hands_seen else None
        if ev is not None and not ev.empty():
            more = min(n_worlds * bidding_kozel_infer.OVERSAMPLE, bidding_kozel_infer.MOST)
            drawn = worlds.resample(rng, max(n_worlds, more))
            sampled = bidding_kozel_infer.reweigh(ev, drawn, n_worlds, rng)
        else:
            sampled = worlds.resample(rng, n_worlds)
    seeds = [rng.getrandbits(32) for _ in sampled]
    if stats is None:
        return best_card(
            cands,
            default,
            sampled,
            rng,
            deadline,
            lambda w, a, luck: rollout(w, a, seat, luck),
            CONFIDENCE,
            seeds,
        )
    stakes: dict[Action, list[float]] = {a: [] for a in cands}
    if default not in stakes:
        stakes[default] = []
    action = best_card(
        cands,
        default,
        sampled,
        rng,
        deadline,
        lambda w, a, luck: rollout(w, a, seat, luck, stakes[a]),
        CONFIDENCE,
        seeds,
        stats,
    )
    stats["values"] = means(stakes)
    return action


CONFIDENCE = 2.0  # standard errors of the paired difference (1.0, 1.5: docs/ai.md)
INFER = False  # worlds weighted by the others' plays (bidding_kozel_infer): off, docs/ai.md
