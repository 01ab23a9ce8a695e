"""The strong player for Bidding Kozel: determinized Monte Carlo on cloned deals.

What the seat knows: its hand, the face-up plays of every trick (`visible_plays`), the
turned-up trump card (at the bottom of the stock until drawn, and then who drew it), and how
many cards each hand, the stock and the dead pile hold. Everything else (the other hands, the
stock's order, the cards of face-down plays, hence the captured points) is redealt from the
unseen cards in each world: the world is a clone of the deal with those places overwritten, so
the search never reads a hidden card. Each candidate play is played out by a cheap policy (Bura
when possible, beat rich tricks cheaply, throw the cheapest cards) and the play with the best
mean share of the pot wins.
"""

from __future__ import annotations

import random

from . import baseline
from .sample import best_card, worlds_for
from ..games.bidding_kozel import BEATS, POINTS, POWER, BiddingKozelDeal, cards_of, play_beats
from ..cards import DECK_36
from ..core import Action, Deal

GAMES = ("bidding-kozel",)
POINT_WEIGHT = 0.002  # a card point next to one stake: only breaks ties
TRUMP_COST = 12


def _face_down_slots(deal: BiddingKozelDeal, seat: int) -> list[tuple[int, int, int]]:
    """(trick index, play index, cards) of every play the seat has not seen."""
    out = []
    for ti, plays in enumerate(deal.visible_plays(seat)):
        for pi, (_, cs) in enumerate(plays):
            if cs is None:
                n = len(cards_of((deal._tricks[ti][1] if ti < len(deal._tricks)
                                  else deal._trick)[pi][1]))
                out.append((ti, pi, n))
    return out


def make_worlds(deal: BiddingKozelDeal, seat: int, n: int, rng: random.Random,
                see_all: bool = False) -> list[BiddingKozelDeal]:
    """`n` clones of the deal with every place the seat cannot see redealt at random."""
    if see_all:
        return [deal for _ in range(n)]
    visible = deal.visible_plays(seat)
    seen: set[int] = set(deal._hands[seat])
    for plays in visible:
        for _, cs in plays:
            if cs is not None:
                seen.update(cs)
    turned = deal.turned
    stock_n = deal.stock_size
    turned_in_stock = stock_n > 0
    seen.add(turned)
    slots = _face_down_slots(deal, seat)
    others = [s for s in deal.active if s != seat]
    # Who drew the turned-up card (the last card of the refill that emptied the stock).
    drawer = -1
    if not turned_in_stock and turned not in deal._hands[seat] and deal.draws:
        drawer = deal.draws[-1][-1] if not deal.dead else -1
    unseen = [c for c in DECK_36 if c not in seen]
    turned_unseen_place = not turned_in_stock and not any(
        turned in cs for plays in visible for _, cs in plays if cs is not None) \
        and turned not in deal._hands[seat]
    if turned_unseen_place:
        unseen.append(turned)
    sizes = {s: len(deal._hands[s]) for s in others}
    stock_free = stock_n - 1 if turned_in_stock else 0
    worlds = []
    for _ in range(n):
        pool = list(unseen)
        rng.shuffle(pool)
        w = deal.clone()
        assert isinstance(w, BiddingKozelDeal)
        hands = w._hands
        if turned_unseen_place and drawer >= 0 and drawer != seat:
            # The drawer still holds it unless it has played it face down since.
            pool.remove(turned)
            if len(deal._hands[drawer]) > 0 and rng.random() < 0.9:
                hands[drawer] = [turned]
            else:
                pool.append(turned)
                rng.shuffle(pool)
                hands[drawer] = []
        k = 0
        for s in others:
            have = hands[s] if (s == drawer and turned_unseen_place and hands[s] == [turned]) else []
            need = sizes[s] - len(have)
            hands[s] = have + pool[k:k + need]
            k += need
        stock = pool[k:k + stock_free]
        k += stock_free
        w._stock = w._stock[:w._drawn] + stock + ([turned] if turned_in_stock else [])
        # Face-down plays get the next unseen cards; points follow the sampled cards.
        tricks = list(w._tricks)
        cur = list(w._trick)
        for ti, pi, cnt in slots:
            cs = tuple(sorted(pool[k:k + cnt]))
            k += cnt
            a: Action = cs[0] if cnt == 1 else cs
            if ti < len(tricks):
                leader, old, win = tricks[ti]
                redealt = list(old)
                redealt[pi] = (redealt[pi][0], a)
                tricks[ti] = (leader, redealt, win)
            else:
                cur[pi] = (cur[pi][0], a)
        w._tricks = tricks
        w._trick = cur
        w.points = [0] * w.players
        for _, plays, win in tricks:
            w.points[win] += sum(POINTS[c] for _, a in plays for c in cards_of(a))
        # A Bura laid face down would be unknown: recompute it from the world's cards.
        w._bura_seat = -1
        w._bura = ()
        t = w.trump_suit
        for s, a in cur:
            cs = cards_of(a)
            if len(cs) == 3 and all(c >> 4 == t for c in cs) and (
                    w._bura_seat < 0 or play_beats(w._b, cs, w._bura)):
                w._bura_seat, w._bura = s, cs
        worlds.append(w)
    return worlds


def _keep_cost(cards: tuple[int, ...], trump: int) -> int:
    return sum(POWER[c & 15] + (TRUMP_COST if c >> 4 == trump else 0) for c in cards)


def _throw_cost(cards: tuple[int, ...], trump: int) -> int:
    return sum(3 * POINTS[c] + POWER[c & 15] + (TRUMP_COST if c >> 4 == trump else 0)
               for c in cards)


def policy(d: BiddingKozelDeal, rng: random.Random, eps: float = 0.05) -> Action:
    """A cheap playout policy (it reads the world it plays in): Bura when it can, lead a set
    with an Ace or a Ten, beat a rich trick cheaply, keep two trumps while a third may come,
    otherwise throw the cheapest cards."""
    trick = d._trick
    if trick and isinstance(trick[0][1], int) and d.to_move is not None:
        return _follow_one(d, d._hands[d.to_move], rng, eps)
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
    if not d._trick:
        sets = [a for a in legal if not isinstance(a, int)
                and any(c & 15 in (14, 10) for c in cards_of(a))]
        if sets:
            return max(sets, key=lambda a: sum(POINTS[c] for c in cards_of(a)))
        singles = [a for a in legal if isinstance(a, int)]
        plain = [c for c in singles if c >> 4 != t] or singles
        return min(plain, key=lambda c: _throw_cost((c,), t) + rng.random())
    b = BEATS[t]
    win = d._win
    worth = sum(POINTS[c] for _, a in d._trick for c in cards_of(a))
    beating = [a for a in legal if play_beats(b, cards_of(a), win)]
    if beating:
        best = min(beating, key=lambda a: _keep_cost(cards_of(a), t))
        cs = cards_of(best)
        worth += sum(POINTS[c] for c in cs)
        used = sum(1 for c in cs if c >> 4 == t)
        if not used:
            return best
        hand = d._hands[d.to_move] if d.to_move is not None else []
        saving = d.stock_size > 0 and sum(1 for c in hand if c >> 4 == t) == 2
        last = len(d._trick) == len(d.active) - 1
        if worth >= (20 if saving else 10) or (not saving and last and worth > 0):
            return best
    return min(legal, key=lambda a: (_throw_cost(cards_of(a), t), rng.random()))


def _follow_one(d: BiddingKozelDeal, h: list[int], rng: random.Random, eps: float) -> int:
    """`policy` for a one-card trick, without listing the legal plays (any card is legal)."""
    if len(h) == 1:
        return h[0]
    rnd = rng.random
    if rnd() < eps:
        return h[int(rnd() * len(h))]
    t = d.trump_suit
    assert t is not None
    b = BEATS[t]
    w = d._win[0]
    beaters = [c for c in h if b[c * 64 + w]]
    if beaters:
        best = min(beaters, key=lambda c: POWER[c & 15] + (TRUMP_COST if c >> 4 == t else 0))
        if best >> 4 != t:
            return best
        worth = POINTS[best]
        for _, a in d._trick:
            worth += POINTS[a] if isinstance(a, int) else 0
        saving = d.stock_size > 0 and sum(1 for c in h if c >> 4 == t) == 2
        last = len(d._trick) == len(d.active) - 1
        if worth >= (20 if saving else 10) or (not saving and last and worth > 0):
            return best
    return min(h, key=lambda c: (3 * POINTS[c] + POWER[c & 15] + (TRUMP_COST if c >> 4 == t
                                                                   else 0), rnd()))


def rollout(w: BiddingKozelDeal, action: Action, seat: int, rng: random.Random) -> float:
    d = w.clone()
    assert isinstance(d, BiddingKozelDeal)
    d.apply_action(action)
    while d.phase != "over":
        d.apply_action(policy(d, rng))
    res = d.result
    assert res is not None
    v = float(res["delta"][seat])
    if res["reason"] in ("points", "tie"):
        # Points only break ties between like outcomes; the bonus is never positive, so a
        # pot taken by a Bura or four Aces counts at least as much as one taken on points.
        v += POINT_WEIGHT * (res["points"][seat] - 120)
    return v


def choose(deal: Deal, seat: int, budget: int, rng: random.Random, see_all: bool = False,
           deadline: float | None = None) -> Action:
    """The play with the best mean result over the worlds; the sensible default play (the
    baseline's) unless another beats it clearly (by more than CONFIDENCE standard errors of
    the paired difference: the pot is a coarse result and a small edge may be noise)."""
    assert isinstance(deal, BiddingKozelDeal)
    cands = deal.legal_actions()
    if len(cands) == 1:
        return cands[0]
    default = baseline.choose_action(deal, random.Random(rng.getrandbits(32)))
    remaining = sum(len(h) for h in deal._hands) + deal.stock_size
    n_worlds = worlds_for(budget * 3 // 4, len(cands), remaining, 36, low=8, high=48)
    worlds = make_worlds(deal, seat, n_worlds, rng, see_all)
    seeds = [rng.getrandbits(32) for _ in worlds]
    return best_card(cands, default, worlds, rng, deadline,
                     lambda w, a, luck: rollout(w, a, seat, luck), CONFIDENCE, seeds)


CONFIDENCE = 2.0
