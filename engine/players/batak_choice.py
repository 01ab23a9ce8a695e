"""The choices of the Batak family's strong player (batak_search): the goal of a played-out
deal (`value`), the card (every candidate played out in every world, or solved exactly near
the end), the bid and the trump (the same worlds played out with the seat as declarer under
each trump). Worlds come from `batak_worlds`, playouts from `batak_playout`."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import SUITS
from ..core import Action
from ..games.batak import BatakObservation, add_to_trick, trick_state
from . import baseline, batak_baseline, batak_bidding, batak_infer  # noqa: F401 (its policy)
from .batak_playout import Ranks, playout, playout_ranks, ranks_of
from .batak_worlds import sample_worlds
from .exact import solve_worlds, template
from .registry import Stats, Worlds
from .sample import best_card, means, worlds_for

# --------------------------------------------------------------------------------------------
# Goals


CLEAR_GAIN_Z = 1.0  # contract games: standard errors by which the search must beat the
# simple move before it departs from it (see sample.pick)
TRICK_WEIGHT = 0.05  # each trick the seat's side takes, on top of the score: where the score
# does not move with one trick more (a failed contract scores -bid whatever it takes), the
# search still keeps its winners instead of drawing lots between a king and a small card


OTHERS = 1.0  # auction Batak: the weight of the others' mean score in the seat's goal (its
# score minus OTHERS times theirs); 0 values the seat's own points alone


def value(game: str, taken: list[int], seat: int, declarer: int | None, bid: int | None) -> float:
    """The seat's result for the game's goal: its score minus the others' mean score (plus the
    small TRICK_WEIGHT tie-breaker on tricks)."""
    if game == "batak-pairs":
        raw = taken[seat] + taken[(seat + 2) % 4]
        mine = raw
        theirs = 13 - mine
        if declarer is not None and bid is not None:
            if (declarer - seat) % 2 == 0:
                if mine < bid:
                    mine = -bid
            elif theirs < bid:
                theirs = -bid
        return float(mine - theirs) + TRICK_WEIGHT * (2 * raw - 13)
    delta = list(taken)
    if declarer is not None and bid is not None and taken[declarer] < bid:
        delta[declarer] = -bid
    own = taken[seat]
    w = OTHERS if game == "batak" else 1.0
    return (
        delta[seat] - w * (sum(delta) - delta[seat]) / 3.0 + TRICK_WEIGHT * (own - (13 - own) / 3.0)
    )


# --------------------------------------------------------------------------------------------
# Card play


def candidates(
    obs: BatakObservation, legal: list[int], same: dict[int, int] | None = None
) -> list[int]:
    """One card per group of equivalent legal cards (same suit, only played or own cards
    between them: in every world they do the same). `same`, when given, receives every other
    card of a group with the card that stands for it (the group's lowest)."""
    played = obs.played_cards()
    mine = set(obs.hand)
    out: list[int] = []
    for s in range(4):
        cs = sorted((c for c in legal if c >> 4 == s), key=lambda c: c & 15)
        prev = -1
        for c in cs:
            if prev >= 0 and all(
                ((s << 4) | r) in played or ((s << 4) | r) in mine
                for r in range((prev & 15) + 1, c & 15)
            ):
                prev = c
                if same is not None:
                    same[c] = out[-1]
                continue
            out.append(c)
            prev = c
    return out


# Per game: the share of the level's budget a card decision spends and the most worlds it
# samples (default (1.0, 40)). Koz Maça has no auction and every trick counts, so its card
# play gets more worlds. Measured in duplicate against 40 worlds at the most: +0.035 tricks
# per deal [+0.011, +0.059] over 600 deals with (1.33, 120); +0.009 on the benchmark's 500
# deals with (1.5, 120), the perfect-information bound moving by +0.012; p95 decision time
# 49 -> 124 ms.
WORLDS: dict[str, tuple[float, int]] = {"koz-maca": (1.5, 120)}
PLAYOUT_EPS: dict[str, float] = {}  # per game: card play's playouts, the chance of a random
# legal card at each play (0.08 unless given)


def side_tricks(taken: list[int], seat: int, teams: bool) -> int:
    """The tricks of the seat's side: its own, and its partner's in partnership Batak."""
    return taken[seat] + (taken[(seat + 2) % 4] if teams else 0)


def choose_card(
    obs: BatakObservation,
    budget: int,
    rng: random.Random,
    truth: list[list[int]] | None = None,
    deadline: float | None = None,
    stats: Stats | None = None,
    worlds_from: Worlds | None = None,
) -> Action:
    """The card with the best mean `value`. `stats`, when given, also gets each rated card's
    mean tricks for the seat's side in the deal ("values") and, under a contract, the share
    of worlds in which the declaring side makes it ("chance")."""
    seat = obs.seat
    legal = list(obs.legal)
    same: dict[int, int] | None = {} if stats is not None else None
    cands = candidates(obs, legal, same)  # type: ignore[arg-type]
    if stats is not None:
        stats.update(unit="tricks", same=same)
    if len(cands) == 1:
        if stats is not None:
            stats["note"] = "every legal card does the same: nothing to compare"
        return cands[0]
    remaining = sum(obs.hand_sizes)
    if worlds_from is not None and len(obs.hand) <= EXACT_FROM.get(obs.game, 0):
        return exact_card(obs, cands, budget, rng, truth, worlds_from, deadline, stats)
    scale, most = WORLDS.get(obs.game, (1.0, 40))
    n_worlds = worlds_for(int(budget * scale), len(cands), remaining, 52, high=most)
    worlds = sample_worlds(obs, n_worlds, rng, truth)
    teams = obs.teams is not None
    trump = obs.trump
    assert trump is not None
    declarer = obs.declarer
    bid = obs.bid
    trick0: list[tuple[int, int]] = list(obs.trick)  # type: ignore[arg-type]
    broken = obs.broken
    game = obs.game
    z = CLEAR_GAIN_Z if declarer is not None else 0.0  # Koz Maça: every trick counts

    left = remaining - 1
    eps = PLAYOUT_EPS.get(game, 0.08)
    state0 = trick_state(trick0, trump)  # the trick so far, once for every playout
    tricks: dict[int, list[float]] | None = None
    made: dict[int, list[float]] | None = None
    if stats is not None:
        tricks = {}
        made = {} if declarer is not None and bid is not None else None

    def play(w: tuple[Ranks, list[int]], c: int, luck: random.Random) -> float:
        hs = [[lst[:] for lst in row] for row in w[0]]
        hs[seat][c >> 4].remove(c & 15)
        unplayed = list(w[1])
        unplayed[c >> 4] &= ~(1 << (c & 15))
        trick = trick0 + [(seat, c)]
        state = add_to_trick(state0, seat, c, trump)
        taken = list(obs.taken)
        if len(trick) == 4:
            win = state[3]
            taken[win] += 1
            br = broken or any(x >> 4 == trump for _, x in trick)
            res = playout_ranks(hs, unplayed, left, trump, br, [], win, taken, teams, luck, eps)
        else:
            res = playout_ranks(
                hs,
                unplayed,
                left,
                trump,
                broken,
                trick,
                (seat + 1) % 4,
                taken,
                teams,
                luck,
                eps,
                state=state,
            )
        if tricks is not None:
            tricks.setdefault(c, []).append(side_tricks(res, seat, teams))
            if made is not None and declarer is not None and bid is not None:
                made.setdefault(c, []).append(float(side_tricks(res, declarer, teams) >= bid))
        return value(game, res, seat, declarer, bid)

    default = baseline.choose_for(obs, rng)  # the simple move: it wins ties
    assert isinstance(default, int)
    card = best_card(
        cands, default, [ranks_of(w) for w in worlds], rng, deadline, play, z, stats=stats
    )
    if stats is not None and tricks is not None:
        stats["values"] = means(tricks)
        if made is not None:
            stats["chance"] = means(made)
    return card


# Exact endings: from this many cards in the seat's hand, every world is solved
# (engine.players.exact) instead of played out; and how many worlds at most. From 5 cards
# it measured no stronger than the playouts; from 4 it keeps the endings' clear cards
# (bench.engine.judgment: auction Batak 2 of 220 clearly wrong without it, 0 with it).
EXACT_FROM: dict[str, int] = {"koz-maca": 4, "batak": 4, "batak-pairs": 4}
EXACT_WORLDS = 24


def exact_side(obs: BatakObservation) -> tuple[int, ...]:
    """Whom the solver plays for: the seat alone (Koz Maça, the auction's declarer), the three
    defenders against the declarer, or the partnership."""
    seat = obs.seat
    if obs.teams is not None:
        return (seat, (seat + 2) % 4)
    if obs.declarer is not None and obs.declarer != seat:
        return tuple(s for s in range(4) if s != obs.declarer)
    return (seat,)


def exact_value(obs: BatakObservation, side_total: int) -> tuple[float, float]:
    """The seat's goal value (as `value`) and its side's tricks, given the tricks the
    solver's side takes in the whole deal. A defender of auction Batak counts a third of the
    defenders' tricks as its own."""
    seat = obs.seat
    bid = obs.bid
    dec = obs.declarer
    if obs.teams is not None:
        mine = side_total
        theirs = 13 - mine
        sm, st = float(mine), float(theirs)
        if dec is not None and bid is not None:
            if (dec - seat) % 2 == 0:
                sm = sm if mine >= bid else -bid
            else:
                st = st if theirs >= bid else -bid
        return sm - st + TRICK_WEIGHT * (2 * mine - 13), float(mine)
    if dec is None or bid is None or dec == seat:
        own = float(side_total)
        score = own if dec is None or bid is None or own >= bid else -float(bid)
        w = OTHERS if obs.game == "batak" else 1.0
        return (score - w * (13 - own) / 3.0 + TRICK_WEIGHT * (own - (13 - own) / 3.0), own)
    t = 13 - side_total  # the declarer's tricks
    dec_score = float(t) if t >= bid else -float(bid)
    own = obs.taken[seat] + (side_total - sum(obs.taken[s] for s in range(4) if s != dec)) / 3.0
    return (
        own
        - OTHERS * (dec_score + side_total - own) / 3.0
        + TRICK_WEIGHT * (own - (13 - own) / 3.0),
        own,
    )


def exact_card(
    obs: BatakObservation,
    cands: list[int],
    budget: int,
    rng: random.Random,
    truth: list[list[int]] | None,
    worlds_from: Worlds,
    deadline: float | None,
    stats: Stats | None,
) -> Action:
    """`choose_card` in an ending: the same worlds, each solved exactly."""
    hands = sample_worlds(obs, EXACT_WORLDS, rng, truth)
    side = exact_side(obs)
    already = sum(obs.taken[s] for s in side)
    solved = solve_worlds(template(worlds_from), hands, side, deadline)
    default = baseline.choose_for(obs, rng)
    assert isinstance(default, int)
    z = CLEAR_GAIN_Z if obs.declarer is not None else 0.0
    tricks: dict[int, list[float]] = {}
    made: dict[int, list[float]] = {}
    dec, bid = obs.declarer, obs.bid

    def play(k: int, c: int, _luck: random.Random) -> float:
        total = already + solved[k][c]
        v, own = exact_value(obs, total)
        if stats is not None:
            tricks.setdefault(c, []).append(own)
            if dec is not None and bid is not None:
                dec_side = total if dec in side else 13 - total
                made.setdefault(c, []).append(float(dec_side >= bid))
        return v

    card = best_card(cands, default, list(range(len(solved))), rng, None, play, z, stats=stats)
    if stats is not None:
        stats["values"] = means(tricks)
        if dec is not None and bid is not None:
            stats["chance"] = means(made)
    return card


# --------------------------------------------------------------------------------------------
# Bidding and trump


def _declarer_tricks(
    obs: BatakObservation,
    worlds: list[list[list[int]]],
    trump: int,
    rng: random.Random,
    declarer: int,
) -> list[float]:
    """Tricks of the declarer's side in each world when `declarer` leads with `trump` (the
    mean of BID_PLAYOUTS[game] playouts)."""
    teams = obs.teams is not None
    reps = BID_PLAYOUTS.get(obs.game, 1)
    out: list[float] = []
    for w in worlds:
        tot = 0
        for _ in range(reps):
            hands = [h[:] for h in w]
            taken = playout(hands, trump, False, [], declarer, [0, 0, 0, 0], teams, rng)
            tot += taken[declarer] + (taken[(declarer + 2) % 4] if teams else 0)
        out.append(tot if reps == 1 else tot / reps)
    return out


def _contract_value(
    obs: BatakObservation, tricks: Sequence[float], bid: float, mine: bool
) -> float:
    """Mean goal value for the seat when its side (mine) or another side declares at `bid`."""
    teams = obs.teams is not None
    tot = 0.0
    for t in tricks:
        if teams:
            dec = t if t >= bid else -bid
            v = dec - (13 - t)
            tot += v if mine else -v
        else:
            dec = t if t >= bid else -bid
            # others share the 13 - t tricks; the seat is the declarer (mine) or one of them
            if mine:
                tot += dec - OTHERS * (13 - t) / 3.0
            else:
                each = (13 - t) / 3.0
                tot += each - OTHERS * (dec + 2 * each) / 3.0
    return tot / max(1, len(tricks))


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / max(1, len(xs))


def _rate_bids(
    obs: BatakObservation, bids: list[int], per_trump: dict[int, list[float]], n: int, stats: Stats
) -> None:
    """For `stats`: each bid's utility, and with the trump that serves it best the side's mean
    tricks as declarer and the share of worlds in which the contract is made."""
    stats.update(unit="tricks", samples=n)
    for b in bids:
        t = max(range(4), key=lambda x: (_contract_value(obs, per_trump[x], b, True), -x))
        a: Action = ("bid", b)
        stats.setdefault("utility", {})[a] = _contract_value(obs, per_trump[t], b, True)
        stats.setdefault("values", {})[a] = _mean(per_trump[t])
        stats.setdefault("chance", {})[a] = _mean([int(x >= b) for x in per_trump[t]])
        stats.setdefault("detail", {})[a] = f"as declarer with trump {SUITS[t]}"


BID_MODEL = "lowest"  # "auction": each plan valued by the auction played to its end in
# each world (batak_bidding); "lowest": the lowest bid whose score beats defending;
# "baseline": the baseline's bids (to measure what the search's bidding adds)
DECLARER_EDGE: dict[str, float] = {}  # per game: tricks added to the seat's own playouts as
# declarer when it bids (0 unless given)
BID_WORLDS = 0  # worlds for a bid decision (0: the budget's share, budget // 7)
PARTNER_RAISE: bool | str = "trump"  # partnership Batak, the "lowest" model, when the
# partner holds the highest bid: "trump" outbids it only to name another trump than the one
# the partner most likely names, and only for a clear gain (RAISE_Z); True whenever bidding
# scores better than passing (as before); False never
RAISE_Z = 2.0  # "trump": standard errors of the paired difference (the same worlds) by which
# declaring must beat leaving the contract to the partner
BID_PLAYOUTS: dict[str, int] = {}  # per game: bidding and trump, playouts per world and trump
# (their mean; 1 unless given)


def _bid_setup(
    obs: BatakObservation, budget: int, rng: random.Random, truth: list[list[int]] | None
) -> tuple[list[int], bool, list[list[list[int]]]] | None:
    """The legal bids (ascending), whether a pass is legal, and the drawn worlds for a
    bidding decision; None when no bid is legal (the seat passes)."""
    legal = list(obs.legal)
    bids = sorted(a[1] for a in legal if isinstance(a, tuple) and a[0] == "bid")
    if not bids:
        return None
    n_worlds = BID_WORLDS or max(8, budget // 7)  # 4 trumps and the defence: 5 playouts a world
    return bids, ("pass",) in legal, sample_worlds(obs, n_worlds, rng, truth)


def choose_bid(
    obs: BatakObservation,
    budget: int,
    rng: random.Random,
    truth: list[list[int]] | None = None,
    stats: Stats | None = None,
) -> Action:
    if BID_MODEL == "auction":
        return choose_bid_auction(obs, budget, rng, truth, stats)
    if BID_MODEL == "baseline":  # for measuring: the search's card play, the baseline's bids
        return baseline.choose_for(obs, rng)
    return choose_bid_lowest(obs, budget, rng, truth, stats)


def choose_bid_auction(
    obs: BatakObservation,
    budget: int,
    rng: random.Random,
    truth: list[list[int]] | None = None,
    stats: Stats | None = None,
) -> Action:
    """The pass or the bid whose plan has the best expected score, the auction played to its
    end in each world (`batak_bidding`): a plan is the bid now and the highest bid the seat
    will go to as the others outbid it; the others bid like the baseline player. The bid now
    is the lowest legal one (a higher bid only adds risk: the declarer scores the tricks
    taken). `stats` as `choose_bid_lowest`, each bid's utility the best of its plans."""
    seat = obs.seat
    setup = _bid_setup(obs, budget, rng, truth)
    if setup is None:
        return ("pass",)
    bids, can_pass, worlds = setup
    teams = obs.teams is not None
    n = len(worlds)
    lucks = [rng.getrandbits(48) for _ in worlds]
    per_trump: dict[int, list[float]] = {t: [] for t in range(4)}
    for k, w in enumerate(worlds):
        luck = random.Random(lucks[k])
        for t in range(4):
            hands = [h[:] for h in w]
            taken = playout(hands, t, False, [], seat, [0, 0, 0, 0], teams, luck)
            per_trump[t].append(side_tricks(taken, seat, teams))
    auction = batak_bidding.Auction.of(obs)
    edge = DECLARER_EDGE.get(obs.game, 0.0)
    share = batak_bidding.PARTNER_SHARE if teams else 0.0
    ests: list[list[float]] = []
    for w in worlds:
        ests.append(
            [
                float(int(batak_infer.best_trump(w[s])[1] + share)) if s != seat else 0.0
                for s in range(4)
            ]
        )
    others: dict[tuple[int, int], int] = {}  # (world, declarer) -> its side's tricks

    def other_tricks(k: int, dec: int) -> int:
        got = others.get((k, dec))
        if got is None:
            w = worlds[k]
            t = batak_infer.best_trump(w[dec])[0]
            taken = playout(
                [h[:] for h in w],
                t,
                False,
                [],
                dec,
                [0, 0, 0, 0],
                teams,
                random.Random(lucks[k] + 1 + dec),
            )
            got = others[(k, dec)] = side_tricks(taken, dec, teams)
        return got

    def plan(
        first: int | None,
        limit: int,
        own: list[float] | None = None,
        stopped: list[bool] | None = None,
    ) -> float:
        """The plan's mean value; `own`, when given, gets the side's mean tricks, `stopped`
        whether the limit stopped the seat in any world."""
        ends = [batak_bidding.outcome(auction, ests[k], first, limit) for k in range(n)]
        if stopped is not None:
            stopped.append(any(e[2] for e in ends))
        fixed = 0.0  # the worlds where another seat declares
        side = 0.0
        mine: list[tuple[int, int]] = []  # (world, bid) where the seat declares
        for k, (dec, b, _) in enumerate(ends):
            if dec == seat:
                mine.append((k, b))
                continue
            t = other_tricks(k, dec)
            fixed += batak_bidding.score_for(seat, teams, dec, b, t, OTHERS)
            if own is not None:
                side += t if teams and (dec - seat) % 2 == 0 else (13 - t) / (1.0 if teams else 3.0)
        best, bt = 0.0, 0
        if mine:
            best, bt = max(
                (
                    sum(
                        batak_bidding.score_for(
                            seat, teams, seat, b, per_trump[t][k] + edge, OTHERS
                        )
                        for k, b in mine
                    ),
                    -t,
                )
                for t in range(4)
            )
            bt = -bt
        if own is not None:
            own.append((side + sum(per_trump[bt][k] for k, _ in mine)) / n)
        return (fixed + best) / n

    low = bids[0]
    firsts = bids if (stats is not None or not can_pass) else [low]
    utility: dict[Action, float] = {}
    for a in firsts:
        vals = []
        for limit in range(a, 14):
            stop: list[bool] = []
            vals.append(plan(a, limit, stopped=stop))
            if not stop[0]:
                break  # a higher limit ends every world's auction the same way
        utility[("bid", a)] = max(vals)
    own: list[float] = []
    if can_pass:
        utility[("pass",)] = plan(None, -1, own)
    if stats is not None:
        _rate_bids(obs, bids, per_trump, n, stats)
        stats["utility"] = dict(utility)
        if can_pass:
            stats["values"][("pass",)] = own[0]
            stats["detail"][("pass",)] = "defending: the others bid on"
        stats["note"] = (
            "the lowest bid if its best plan's expected score beats passing's, "
            "else a pass; the dealer who must bid, its best bid"
        )
    if not can_pass:
        best_bid = max(bids, key=lambda b: (utility[("bid", b)], -b))
        return ("bid", best_bid)
    if utility[("bid", low)] > utility[("pass",)]:
        return ("bid", low)
    return ("pass",)


def choose_bid_lowest(
    obs: BatakObservation,
    budget: int,
    rng: random.Random,
    truth: list[list[int]] | None = None,
    stats: Stats | None = None,
) -> Action:
    """The lowest bid whose expected score beats defending, or a pass; the forced dealer's
    best bid. `stats`, when given, gets per bid the side's mean tricks as declarer with the
    trump that serves the bid best ("values"), the share of worlds in which it makes the bid
    ("chance") and the expected score the decision compares ("utility"); per pass the side's
    mean tricks and score when defending."""
    seat = obs.seat
    setup = _bid_setup(obs, budget, rng, truth)
    if setup is None:
        return ("pass",)
    bids, can_pass, worlds = setup
    edge = DECLARER_EDGE.get(obs.game, 0.0)
    per_trump = {
        t: [x + edge for x in _declarer_tricks(obs, worlds, t, rng, seat)] for t in range(4)
    }
    if stats is not None:
        _rate_bids(obs, bids, per_trump, len(worlds), stats)
    best_v = None
    best_bid = bids[0]
    for b in bids:
        v = max(_contract_value(obs, per_trump[t], b, True) for t in range(4))
        if best_v is None or v > best_v:
            best_v, best_bid = v, b
    if not can_pass:
        if stats is not None:
            stats["note"] = "the dealer must bid: the bid with the best expected score"
        return ("bid", best_bid)
    # Defending: another seat declares; it plays its strongest suit in each world.
    dec: int | None = obs.declarer
    other = dec if dec is not None else (seat + 1) % 4
    cur = obs.bid if obs.bid is not None else obs.min_bid
    teams = obs.teams is not None
    partner_high = teams and other is not None and (other - seat) % 2 == 0
    dv = 0.0
    mine = 0.0  # the seat's side's tricks when defending, as the utility counts them
    per_world: list[float] = []  # the defending value in each world
    their_trumps = [0, 0, 0, 0]  # how often the other declarer names each trump
    for w in worlds:
        h = w[other]
        t = max(
            range(4),
            key=lambda s: (
                sum(1 for c in h if c >> 4 == s) * 20 + sum(c & 15 for c in h if c >> 4 == s)
            ),
        )
        their_trumps[t] += 1
        tr = _declarer_tricks(obs, [w], t, rng, other)
        # Nobody has bid yet: a seat too weak for the contract would not bid it, so count
        # the other side as making what it takes (never as going down).
        v = _contract_value(obs, tr, cur if dec is not None else min(cur, tr[0]), partner_high)
        per_world.append(v)
        dv += v
        mine += tr[0] if partner_high else (13 - tr[0]) / (1.0 if teams else 3.0)
    dv /= len(worlds)
    # Bid the lowest bid that still beats defending (a higher contract only adds risk:
    # the declarer scores the tricks taken, not the bid).
    low = bids[0]
    own_trump = max(range(4), key=lambda t: (_contract_value(obs, per_trump[t], low, True), -t))
    vlow = _contract_value(obs, per_trump[own_trump], low, True)
    if stats is not None:
        stats["utility"][("pass",)] = dv
        stats["values"][("pass",)] = mine / len(worlds)
        stats["detail"][("pass",)] = f"defending against seat {other}"
        stats["note"] = "the lowest bid if its expected score beats defending's, else a pass"
    if partner_high and not PARTNER_RAISE:
        if stats is not None:
            stats["note"] = "the partner holds the contract: a pass"
        return ("pass",)
    if (
        partner_high
        and PARTNER_RAISE == "trump"
        and not _raise_pays(obs, per_trump[own_trump], per_world, low, own_trump, their_trumps)
    ):
        if stats is not None:
            stats["note"] = (
                "the partner holds the contract: a pass (outbidding it pays only "
                "to name another trump, clearly better)"
            )
        return ("pass",)
    if vlow > dv:
        return ("bid", low)
    return ("pass",)


def _raise_pays(
    obs: BatakObservation,
    own: Sequence[float],
    defending: Sequence[float],
    bid: int,
    trump: int,
    their_trumps: Sequence[int],
) -> bool:
    """Partnership Batak, the partner holding the highest bid: whether outbidding it at `bid`
    with `trump` pays. Only to name a trump other than the one the partner most likely names
    (the most frequent of `their_trumps`, per world the partner's longest suit), and only when
    declaring beats the partner's contract (`defending`, per world) by RAISE_Z standard errors
    of the paired difference over the same worlds: the same trump with the partner's bid is
    the same contract, one trick higher."""
    likely = max(range(4), key=lambda t: (their_trumps[t], -t))
    if trump == likely:
        return False
    diffs = [_contract_value(obs, [t], bid, True) - d for t, d in zip(own, defending)]
    n = len(diffs)
    if n < 2:
        return False
    m = sum(diffs) / n
    var = sum((x - m) ** 2 for x in diffs) / (n - 1)
    return m > 0.0 and m > RAISE_Z * (var / n) ** 0.5


def choose_trump(
    obs: BatakObservation,
    budget: int,
    rng: random.Random,
    truth: list[list[int]] | None = None,
    stats: Stats | None = None,
) -> Action:
    """The trump with the best expected score. `stats`, when given, gets per trump the side's
    mean tricks ("values"), the share of worlds in which the bid is made ("chance") and the
    expected score ("utility")."""
    n_worlds = max(8, budget // 6)
    worlds = sample_worlds(obs, n_worlds, rng, truth)
    bid = obs.bid
    assert bid is not None
    seat = obs.seat
    per_trump = {t: _declarer_tricks(obs, worlds, t, rng, seat) for t in range(4)}
    utility = {t: _contract_value(obs, per_trump[t], bid, True) for t in range(4)}
    best = max(range(4), key=lambda t: (utility[t], -t))
    if stats is not None:
        stats.update(
            unit="tricks",
            samples=len(worlds),
            utility={("trump", t): utility[t] for t in range(4)},
            values={("trump", t): _mean(per_trump[t]) for t in range(4)},
            chance={("trump", t): _mean([int(x >= bid) for x in per_trump[t]]) for t in range(4)},
        )
    return ("trump", best)
