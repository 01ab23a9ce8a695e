"""World sampling for the Batak family's strong player (batak_search): the unseen cards dealt
to the other seats consistently with what the seat knows. The rules' proofs (a seat that did
not follow is void; one that did not trump is void in trumps too; one that could not overtake
holds nothing higher; a trump lead before trumps were broken means only trumps), what the plays
suggest if the seat plays like the policy (a low lead: no sure winner; second hand high:
nothing higher; a low card to a lost trick: nothing lower), dropped for a seat whose plays
contradict it and used in most worlds only, and the auction (a bid means a hand strong enough
for it, a pass a weak one). Everything comes from the seat's observation."""

from __future__ import annotations

import random

from ..cards import DECK_52
from ..games.batak import BatakObservation
from . import batak_infer
from .sample import deal_unseen

_FULL = (1 << 15) - 4  # ranks 2..14 as a bitmask

# --------------------------------------------------------------------------------------------
# What the seat knows


def trick_plays(obs: BatakObservation) -> list[list[tuple[int, int]]]:
    """The plays (seat, card) of every trick so far, the trick in progress last if started."""
    return obs.trick_plays()  # type: ignore[return-value]


def knowledge(obs: BatakObservation) -> tuple[list[int], dict[int, int], list[dict[int, set[int]]]]:
    """The unseen cards, the other seats' hand sizes and the constraint levels on them.

    Levels, strongest first: `model` adds what the seats' plays suggest if they play like the
    playout policy (a low lead means no sure winner was held, a second-hand overtake with a
    card that is not sure means no higher card of the suit, a low card to a lost trick means
    no lower one ...), dropped for a seat whose plays contradict it; `strict` is what the rules
    prove (voids, "could not overtake"); `loose` keeps only the voids.
    """
    seat = obs.seat
    trump = obs.trump
    played: set[int] = set()
    void: list[set[int]] = [set() for _ in range(4)]
    cap: list[dict[int, int]] = [{} for _ in range(4)]  # seat -> suit -> highest rank it may hold
    model: list[set[int]] = [set() for _ in range(4)]  # cards a policy-like seat did not hold
    by: list[set[int]] = [set() for _ in range(4)]  # cards each seat played
    teams = obs.teams is not None
    broken = False
    tricks = trick_plays(obs)
    top = [_FULL, _FULL, _FULL, _FULL]  # per suit: ranks not yet played
    for plays in tricks:
        led = -1
        high_led = 0
        high_trump = 0
        win = -1
        for i, (s, c) in enumerate(plays):
            cs, cr = c >> 4, c & 15
            if s != seat:
                _model(model[s], i, c, led, high_led, high_trump, win, s, trump, top, teams, i == 3)
            played.add(c)
            by[s].add(c)
            top[cs] &= ~(1 << cr)
            if i == 0:
                led = cs
                if trump is not None and cs == trump and not broken:
                    void[s].update(x for x in range(4) if x != trump)  # held only trumps
                high_led = cr
                high_trump = cr if cs == trump else 0
                win = s
                continue
            if cs != led:
                void[s].add(led)
                if cs != trump and trump is not None:
                    void[s].add(trump)
                elif high_trump and cr < high_trump:
                    _cap(cap[s], trump, high_trump)  # type: ignore[arg-type]
            elif led == trump:
                if cr < high_trump:
                    _cap(cap[s], led, high_trump)
            elif not high_trump and cr < high_led:
                _cap(cap[s], led, high_led)
            if cs == trump and cr > high_trump:
                high_trump = cr
                win = s
            elif cs == led and cr > high_led and not high_trump:
                win = s
            if cs == led and cr > high_led:
                high_led = cr
        if high_trump and len(plays) == 4:
            broken = True
    mine = set(obs.hand)
    unseen = [c for c in DECK_52 if c not in played and c not in mine]
    sizes = {s: obs.hand_sizes[s] for s in range(4) if s != seat}
    strict: dict[int, set[int]] = {}
    loose: dict[int, set[int]] = {}
    modeled: dict[int, set[int]] = {}
    for s in sizes:
        ok_void = {c for c in unseen if (c >> 4) not in void[s]}
        loose[s] = ok_void
        strict[s] = {c for c in ok_void if (c & 15) < cap[s].get(c >> 4, 99)}
        modeled[s] = strict[s] if model[s] & by[s] else strict[s] - model[s]
    return unseen, sizes, [modeled, strict, loose]


def _model(
    out: set[int],
    i: int,
    c: int,
    led: int,
    high_led: int,
    high_trump: int,
    win: int,
    p: int,
    trump: int | None,
    top: list[int],
    teams: bool,
    last: bool,
) -> None:
    """Adds the cards seat p would not have held had it chosen `c` like the playout policy."""
    cs, cr = c >> 4, c & 15

    def below(suit: int, lo: int, hi: int) -> None:  # unplayed cards of suit with lo < rank < hi
        m = top[suit]
        for r in range(lo + 1, hi):
            if m >> r & 1:
                out.add((suit << 4) | r)

    if i == 0:
        if trump is None:
            return
        if cs != trump and top[cs].bit_length() - 1 == cr:
            return  # cashed a sure winner
        if cs == trump:
            return
        for x in range(4):  # a low lead: no sure winner in a plain suit was held
            if x != trump and top[x]:
                out.add((x << 4) | (top[x].bit_length() - 1))
        out.discard(c)
        below(cs, 1, cr)  # and it led the lowest card of its suit
        return
    if trump is None:
        return
    mate = teams and (win - p) % 2 == 0
    wins = (cs == trump and cr > high_trump) or (cs == led and not high_trump and cr > high_led)
    if mate and (
        last or top[led if not high_trump else trump].bit_length() - 1 < (high_trump or high_led)
    ):
        wins = False  # the partner's trick: the policy plays its lowest card
    elif wins and cs == led:
        if last:
            below(cs, high_led, cr)  # the cheapest card that wins
        elif top[cs].bit_length() - 1 != cr:
            below(cs, cr, 15)  # second hand high: no higher card
        return
    elif wins:
        below(cs, high_trump, cr)  # the lowest trump that wins
        return
    if cs == led and not high_trump and cr > high_led:
        below(cs, high_led, cr)  # made to overtake: the lowest card that does
    elif cs == led:
        below(cs, 1, cr)  # following low
    elif cs != trump:
        for x in range(4):  # a discard is its lowest card
            if x != trump:
                below(x, 1, cr)


def _cap(caps: dict[int, int], suit: int, rank: int) -> None:
    caps[suit] = min(caps.get(suit, 99), rank)


def sample_worlds(
    obs: BatakObservation, n: int, rng: random.Random, truth: list[list[int]] | None = None
) -> list[list[list[int]]]:
    """`n` full sets of hands consistent with the seat's view (the real hands, `truth`, for the
    perfect-information bound).

    The auction shapes the worlds too: a world is redrawn (a few times at most) while a seat
    that bid holds a hand far too weak for its bid, or one that passed a hand far too strong.
    """
    if truth is not None:
        return [truth for _ in range(n)]
    ev = batak_infer.events(obs) if INFER else None
    want = n
    if ev is not None and not ev.empty():
        n = max(n, min(n * batak_infer.OVERSAMPLE, batak_infer.MOST))
    seat = obs.seat
    unseen, sizes, levels = knowledge(obs)
    mine = sorted(obs.hand)
    bounds = auction_bounds(obs)
    shorts = short_leads(obs)
    trump = obs.trump
    played_by: list[list[int]] = [[] for _ in range(4)]
    if bounds or shorts:
        for plays in trick_plays(obs):
            for s, c in plays:
                played_by[s].append(c)
    out = []
    failed: set[int] = set()
    for _ in range(n):
        best: dict[int, list[int]] = {}
        best_miss = 99.0
        for _try in range(AUCTION_TRIES):
            got = deal_unseen(
                unseen,
                sizes,
                levels,
                rng,
                failed=failed if rng.random() < MODEL_TRUST else failed | {0},
            )
            miss = 0.0
            for s, lo, hi in bounds:
                x = _strength(got[s] + played_by[s])
                miss += max(0.0, lo - x, x - hi)
            for s, suit, after in shorts:
                lens = list(after)
                for c in got[s]:
                    lens[c >> 4] += 1
                if any(0 < lens[x] < lens[suit] for x in range(4) if x != trump):
                    miss += SHORT_MISS
            if miss < best_miss:
                best, best_miss = got, miss
            if miss == 0.0:
                break
        got = best
        hands = [got.get(s, []) for s in range(4)]
        hands[seat] = list(mine)
        out.append(hands)
    if ev is not None and n != want:
        return batak_infer.reweigh(ev, out, want, trump, rng)
    return out


INFER = True  # worlds weighted by how likely they make the others' decisions (batak_infer)
SHORT_MISS = 0.5  # how much a world is held against for each low lead not from a shortest suit


def short_leads(obs: BatakObservation) -> list[tuple[int, int, list[int]]]:
    """The other seats' low leads of a plain suit (not a sure winner), each with how many
    cards of each suit the leader has played since, lead included: a player like the policy
    leads low from a shortest plain suit, so the world's hand plus those counts should show
    the led suit no longer than any other plain suit the leader held."""
    seat = obs.seat
    trump = obs.trump
    if trump is None:
        return []
    tricks = trick_plays(obs)
    flat = [pc for plays in tricks for pc in plays]
    top = [_FULL, _FULL, _FULL, _FULL]
    out: list[tuple[int, int, list[int]]] = []
    g = 0
    for plays in tricks:
        s, c = plays[0]
        cs, cr = c >> 4, c & 15
        if s != seat and cs != trump and top[cs].bit_length() - 1 != cr:
            after = [0, 0, 0, 0]
            for s2, c2 in flat[g:]:
                if s2 == s:
                    after[c2 >> 4] += 1
            out.append((s, cs, after))
        for _, x in plays:
            top[x >> 4] &= ~(1 << (x & 15))
        g += len(plays)
    return out


AUCTION_TRIES = 4  # draws per world at most while the auction disagrees with it (the
# closest is kept)
AUCTION_SLACK = 1.0  # tricks of leeway around what a bid or a pass suggests


def _strength(hand: list[int]) -> float:
    """A quick estimate of the tricks a hand takes with its best trump (the baseline's own)."""
    return batak_infer.best_trump(hand)[1]


def auction_bounds(obs: BatakObservation) -> list[tuple[int, float, float]]:
    """(seat, low, high) bounds on the other bidders' hand strength suggested by the auction."""
    seat = obs.seat
    bids: list[tuple[int, int | None]] = list(obs.bids)
    if not bids:
        return []
    share = 3.0 if obs.teams is not None else 0.0
    min_bid = obs.min_bid
    lo: dict[int, float] = {}
    hi: dict[int, float] = {}
    high: int | None = None
    passes = 0
    for s, b in bids:
        low_legal = min_bid if high is None else max(min_bid, high + 1)
        if b is None:
            passes += 1
            if s != seat:
                hi[s] = min(hi.get(s, 99.0), low_legal - share + AUCTION_SLACK)
        else:
            forced = high is None and passes == 3
            if s != seat and not forced:
                lo[s] = max(lo.get(s, -99.0), b - share - AUCTION_SLACK)
            high = b
    return [(s, lo.get(s, -99.0), hi.get(s, 99.0)) for s in sorted(set(lo) | set(hi))]


MODEL_TRUST = 0.8  # share of worlds dealt with the model's suggestions as well as the proofs
