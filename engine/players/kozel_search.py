"""The strong player for Kozel Miner and Classic: determinized Monte Carlo on plain lists.

What the seat knows: its hand, the cards played, the suits a seat has shown void in (a seat that
did not follow the led effective suit holds none of it; with "must trump" it holds no trump
either), in Classic a non-owner leader that opened with a trump holds only trumps, and the
marker card is in its holder's hand until played. The unseen cards are dealt consistently with
that; every candidate card is played out by a cheap policy (cash masters, smear points on the
partner's sure trick, win rich tricks cheaply, throw the cheapest card) and the card with the
best mean result wins. The result is the penalty of the cycle (the table of docs/rules.md, lusya
and the shamok's Queen included) from the seat's team's side, plus a small share of the card
points so that the search still prefers more points when the penalty does not change.
Every candidate in a world is played out with the same playout luck; the search departs from
the baseline's move only when it beats it clearly (CLEAR_GAIN_Z standard errors), because one
world's penalty swings on a single card of the playout.
The Classic marker holder names trump by playing out every trump in the same worlds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ..core import Action, Observation
from ..games.kozel import (
    POINTS,
    TRUMP,
    KozelObservation,
    penalty,
    queen_taken_by_shamok,
    trick_winner,
)
from . import baseline, kozel_baseline, kozel_infer
from .exact import solve_worlds, template
from .registry import Stats, Worlds, search
from .sample import best_card, deal_unseen, means, pick, worlds_for

GAMES = ("kozel-miner", "kozel-classic")
CLEAR_GAIN_Z = 1.5  # standard errors by which the search must beat the simple move before it
# departs from it: the penalty table is a step (see sample.pick)
POINT_WEIGHT = 0.004  # value of one card point next to one penalty point
# Per game, where it differs: the standard errors of CLEAR_GAIN_Z in the playouts (the exact
# endings keep CLEAR_GAIN_Z), and the card play's worlds as a multiple of the level's budget
# and of its cap of 64.
GAME_Z: dict[str, float] = {}  # {"kozel-miner": 1.0} measured within noise (docs/ai.md)
WORLDS_SCALE: dict[str, float] = {}  # {"kozel-miner": 2.0}, likewise


def knowledge(obs: KozelObservation) -> tuple[list[int], dict[int, int], list[dict[int, set[int]]]]:
    """The unseen cards, the other seats' hand sizes and the constraint levels on them: the
    voids the rules prove and the marker's known holder, then the marker alone."""
    seat = obs.seat
    eff = obs.tables.eff if obs.tables is not None else ()
    played = obs.played_cards()
    void = obs.voids()
    mine = set(obs.hand)
    unseen = [c for c in obs.deck if c not in played and c not in mine]
    sizes = {s: obs.hand_sizes[s] for s in range(4) if s != seat}
    marker = obs.marker
    holder = obs.marker_holder
    strict: dict[int, set[int]] = {}
    loose: dict[int, set[int]] = {}
    for s in sizes:
        ok = {c for c in unseen if eff[c] not in void[s]} if eff else set(unseen)
        if holder is not None and marker in unseen:
            if s == holder:
                ok.add(marker)
            else:
                ok.discard(marker)
        strict[s] = ok
        loose[s] = (
            {c for c in unseen if c != marker or s == holder}
            if holder is not None and marker in unseen
            else set(unseen)
        )
    return unseen, sizes, [strict, loose]


def sample_worlds(
    obs: KozelObservation, n: int, rng: random.Random, truth: list[list[int]] | None = None
) -> list[list[list[int]]]:
    if truth is not None:
        return [truth for _ in range(n)]
    ev = kozel_infer.events(obs) if INFER else None
    want = n
    if ev is not None and not ev.empty():
        n = max(n, min(n * kozel_infer.OVERSAMPLE, kozel_infer.MOST))
    seat = obs.seat
    unseen, sizes, levels = knowledge(obs)
    mine = sorted(obs.hand)
    out = []
    failed: set[int] = set()
    for _ in range(n):
        got = deal_unseen(unseen, sizes, levels, rng, failed=failed)
        hands = [got.get(s, []) for s in range(4)]
        hands[seat] = list(mine)
        out.append(hands)
    if ev is not None and n != want:
        return kozel_infer.reweigh(ev, out, want, rng)
    return out


INFER = True  # worlds weighted by how likely they make the others' cards (kozel_infer)


class Setup:
    """The fixed facts of a cycle that a playout needs."""

    __slots__ = (
        "classic",
        "doubled",
        "eff",
        "mimic",
        "miner_owner_team",
        "must_trump",
        "owner",
        "queen",
        "shamok",
        "st",
        "target",
    )

    def __init__(
        self, obs: KozelObservation, trump: int | None = None, seat: int | None = None
    ) -> None:
        t = obs.tables if trump is None else obs.tables_by_trump[trump]
        assert t is not None
        self.eff = t.eff
        self.st = t.strength
        self.classic = obs.classic
        self.owner = obs.owner if obs.owner is not None else 0
        self.shamok = obs.shamok
        self.queen = obs.queen
        self.must_trump = obs.must_trump
        self.target = obs.target
        self.doubled = obs.doubled
        # the team (0 or 1) whose seats the playouts play as the baseline does, 2 every seat
        self.mimic = (
            -1 if seat is None else (2 if POLICY & 32 else ((seat + 1) & 1 if POLICY & 16 else -1))
        )


EPS = 0.08  # the playouts' share of random cards
# The playouts' policy, by bits: 1 a partner's trick is sure when no later opponent in the
# world can beat it (else only when nothing left beats it); 2 win with the cheapest card no
# later opponent can beat; 4 lead the top trump from three or more while the other team has one;
# 8 cash a master only where no opponent in the world trumps it; 16 the other team's seats
# play as the baseline player does (`_base_move`), 32 every seat does.
POLICY = 0


def _base_move(
    S: Setup,
    hands: list[list[int]],
    p: int,
    trick: list[tuple[int, int]],
    tp: int,
    led: int,
    win: int,
    wstr: int,
    random_card: bool,
    rnd: Callable[[], float],
) -> int:
    """Seat `p`'s card by the baseline's rule (`kozel_baseline.card_rule`) in a playout: the
    cards it cannot see are the other hands of the world."""
    eff, st = S.eff, S.st
    h = hands[p]
    if not trick:
        legal = h
        if S.classic and (p ^ S.owner) & 1:
            legal = [c for c in h if eff[c] != TRUMP] or h
    else:
        legal = [x for x in h if eff[x] == led]
        if not legal:
            legal = ([x for x in h if eff[x] == TRUMP] or h) if S.must_trump else h
    if len(legal) == 1:
        return legal[0]
    if random_card:
        return legal[int(rnd() * len(legal))]
    top = [0] * 5  # per effective suit, the highest strength in the other hands
    for o in range(4):
        if o != p:
            for x in hands[o]:
                e = eff[x]
                top[e] = max(top[e], st[x])

    def beaten(c: int) -> bool:
        return top[TRUMP] > st[c] if eff[c] == TRUMP else (top[TRUMP] > 0 or top[eff[c]] > st[c])

    queen_risk = False
    cards = legal
    if S.classic:
        sh, qc = S.shamok, S.queen
        sh_by = next((s for s, c in trick if c == sh), None)
        qc_by = next((s for s, c in trick if c == qc), None)
        if sh in cards and qc_by is not None and (qc_by ^ p) & 1:
            return sh
        sh_out = any(sh in hands[o] for o in range(4) if o != p)
        opp_after = len(trick) < 3
        if qc in cards and (
            (sh_by is not None and (sh_by ^ p) & 1) or (sh_by is None and sh_out and opp_after)
        ):
            queen_risk = True
        qc_out = any(qc in hands[o] for o in range(4) if o != p)
        if sh in cards and sh_by is None and qc_out and not trick:
            cards = [c for c in cards if c != sh] or cards

    def cheap(c: int) -> tuple[int, int, int, int]:
        return (int(queen_risk and c == S.queen), POINTS[c], eff[c] == TRUMP, st[c])

    if not trick:
        best = -1
        for c in cards:
            if (
                eff[c] != TRUMP
                and POINTS[c] >= 10
                and top[eff[c]] < st[c]
                and (best < 0 or POINTS[c] > POINTS[best])
            ):
                best = c
        if best >= 0:
            return best
        trumps = [c for c in cards if eff[c] == TRUMP and not (queen_risk and c == S.queen)]
        if len(trumps) >= 3 and top[TRUMP] > 0:
            hi = max(trumps, key=lambda c: st[c])
            if top[TRUMP] < st[hi]:
                return hi
        plain = [c for c in cards if eff[c] != TRUMP]
        if plain:
            length = [0] * 5
            for c in h:
                length[eff[c]] += 1
            return min(plain, key=lambda c: (POINTS[c] >= 10, length[eff[c]], POINTS[c], st[c]))
        return min(cards, key=cheap)
    last = len(trick) == 3
    if (win ^ p) & 1 == 0:
        wcard = next(c for s, c in trick if s == win)
        if last or not beaten(wcard):

            def gift(c: int) -> tuple[int, int, int]:
                keep = eff[c] == TRUMP and (st[c] >= 108 or not beaten(c))
                return (-int(queen_risk and c == S.queen), -int(keep), POINTS[c] * 10 - st[c])

            return max(cards, key=gift)
        return min(cards, key=cheap)
    winners = sorted(
        (
            c
            for c in cards
            if (eff[c] == TRUMP or eff[c] == led)
            and st[c] > wstr
            and not (queen_risk and c == S.queen)
        ),
        key=lambda c: (eff[c] == TRUMP, st[c]),
    )
    if winners:
        if last:
            c = winners[0]
            if tp + POINTS[c] > 0 or eff[c] != TRUMP:
                return c
        else:
            sure = [c for c in winners if not beaten(c)]
            if sure and (tp >= 4 or eff[sure[0]] != TRUMP):
                return sure[0]
            if tp >= 4:
                return winners[0]
    return min(cards, key=cheap)


def _beats(hand: list[int], eff: tuple[int, ...], st: tuple[int, ...], led: int, wstr: int) -> bool:
    """Whether a seat with `hand` can beat strength `wstr` on a trick led in `led`."""
    follow = False
    for x in hand:
        if eff[x] == led:
            follow = True
            if st[x] > wstr:
                return True
    if follow:
        return False
    return any(eff[x] == TRUMP and st[x] > wstr for x in hand)


def playout(
    S: Setup,
    hands: list[list[int]],
    trick: list[tuple[int, int]],
    to_move: int,
    pts: list[int],
    ttricks: list[int],
    rng: random.Random,
    eps: float | None = None,
    trace: list[tuple[int, int]] | None = None,
) -> tuple[list[int], list[int], int]:
    """Plays the cycle out; returns team points, team tricks and the Queen-of-Clubs seat (-1).
    `trace`, when given, receives every (seat, card) played (for the conformance test)."""
    if eps is None:
        eps = EPS
    eff, st = S.eff, S.st
    rnd = rng.random
    top = [0] * 5  # per effective suit: the highest strength still in a hand
    for h in hands:
        for c in h:
            e = eff[c]
            top[e] = max(top[e], st[c])
    led = -1
    win = -1
    wstr = -1
    tp = 0
    for s, c in trick:
        if led < 0:
            led, win, wstr = eff[c], s, st[c]
        elif st[c] > wstr and (eff[c] == TRUMP or eff[c] == led):
            win, wstr = s, st[c]
        tp += POINTS[c]
    trick = list(trick)
    p = to_move
    classic = S.classic
    shamok_str = st[S.shamok] if classic else -1
    mimic = S.mimic
    while hands[p]:
        h = hands[p]
        if mimic == 2 or (p & 1) == mimic:
            c = _base_move(S, hands, p, trick, tp, led, win, wstr, rnd() < eps, rnd)
            if not trick:
                led, win, wstr = eff[c], p, st[c]
            elif st[c] > wstr and (eff[c] == TRUMP or eff[c] == led):
                win, wstr = p, st[c]
        elif not trick:
            legal = h
            if classic and (p ^ S.owner) & 1:
                legal = [c for c in h if eff[c] != TRUMP] or h
            if rnd() < eps:
                c = legal[int(rnd() * len(legal))]
            else:
                c = -1
                bestp = -1
                for x in legal:
                    e = eff[x]
                    if (
                        e != TRUMP
                        and st[x] >= top[e]
                        and POINTS[x] > bestp
                        and not (
                            POLICY & 8
                            and (
                                _beats(hands[(p + 1) & 3], eff, st, e, st[x])
                                or _beats(hands[(p + 3) & 3], eff, st, e, st[x])
                            )
                        )
                    ):
                        bestp = POINTS[x]
                        c = x
                if c < 0 and POLICY & 4:
                    # draw trumps with the top trump while the other team holds some
                    tr = [x for x in legal if eff[x] == TRUMP]
                    if len(tr) >= 3:
                        hi = max(tr, key=lambda x: st[x])
                        if st[hi] >= top[TRUMP] and any(
                            eff[x] == TRUMP for x in hands[(p + 1) & 3] + hands[(p + 3) & 3]
                        ):
                            c = hi
                if c < 0:
                    plain = [x for x in legal if eff[x] != TRUMP]
                    if plain:
                        c = min(
                            plain, key=lambda x: (POINTS[x] >= 10, POINTS[x] + rnd() * 3, st[x])
                        )
                    else:
                        c = (
                            max(legal, key=lambda x: st[x])
                            if rnd() < 0.5
                            else min(legal, key=lambda x: (POINTS[x], st[x]))
                        )
            led, win, wstr = eff[c], p, st[c]
        else:
            follow = [x for x in h if eff[x] == led]
            if follow:
                legal = follow
            elif S.must_trump:
                legal = [x for x in h if eff[x] == TRUMP] or h
            else:
                legal = h
            if len(legal) == 1:
                c = legal[0]
            elif rnd() < eps:
                c = legal[int(rnd() * len(legal))]
            else:
                last = len(trick) == 3
                exact = POLICY & 1 and not last
                if exact:
                    # the seats after this one in the trick: is the partner's card beaten?
                    opp_after = [(p + k) & 3 for k in range(1, 4 - len(trick)) if k & 1]
                    sure = not any(_beats(hands[o], eff, st, led, wstr) for o in opp_after)
                else:
                    sure = last or (wstr >= top[TRUMP] and (led == TRUMP or wstr >= top[led]))
                if (win ^ p) & 1 == 0 and sure:
                    # smear: the richest card that is not a good trump
                    c = max(
                        legal,
                        key=lambda x: (
                            POINTS[x]
                            - (8 if eff[x] == TRUMP and st[x] >= 104 else 0)
                            - st[x] * 0.001
                        ),
                    )
                else:
                    wins = [x for x in legal if st[x] > wstr and (eff[x] == TRUMP or eff[x] == led)]
                    safe = []
                    if wins and POLICY & 2 and not last:
                        opp_after = [(p + k) & 3 for k in range(1, 4 - len(trick)) if k & 1]
                        safe = [
                            x
                            for x in wins
                            if not any(_beats(hands[o], eff, st, led, st[x]) for o in opp_after)
                        ]
                    if safe and (
                        tp >= 3 or eff[safe[0]] != TRUMP or any(eff[x] != TRUMP for x in safe)
                    ):
                        c = min(safe, key=lambda x: (eff[x] == TRUMP, st[x]))
                    elif wins and (tp >= 3 or last or eff[wins[0]] != TRUMP):
                        if last:
                            c = min(wins, key=lambda x: (eff[x] == TRUMP, st[x]))
                        else:
                            c = max(wins, key=lambda x: st[x])
                            if eff[c] == TRUMP and tp < 10:
                                c = min(wins, key=lambda x: (eff[x] == TRUMP, st[x]))
                    else:
                        c = min(legal, key=lambda x: (POINTS[x], eff[x] == TRUMP, st[x]))
            if st[c] > wstr and (eff[c] == TRUMP or eff[c] == led):
                win, wstr = p, st[c]
        h.remove(c)
        if trace is not None:
            trace.append((p, c))
        if st[c] >= top[eff[c]]:
            e = eff[c]
            top[e] = max((st[x] for hh in hands for x in hh if eff[x] == e), default=0)
        trick.append((p, c))
        tp += POINTS[c]
        if len(trick) == 4:
            pts[win & 1] += tp
            ttricks[win & 1] += 1
            if classic and wstr == shamok_str:  # the shamok fell (it takes every trick)
                qc = queen_taken_by_shamok(trick, S.shamok, S.queen)
                if qc is not None:
                    return pts, ttricks, qc
            trick = []
            tp = 0
            led = -1
            p = win
        else:
            p = (p + 1) & 3
    return pts, ttricks, -1


def value(S: Setup, pts: list[int], ttricks: list[int], queen: int, seat: int) -> float:
    """Penalty points the other team takes minus those the seat's team takes (+ card points)."""
    me = seat & 1
    _, loser, pen, _, _ = penalty(
        pts, ttricks, queen if queen >= 0 else None, S.owner, S.classic, S.target, S.doubled
    )
    if loser is None:
        return 0.0  # eggs
    v = float(pen if loser != me else -pen)
    return v + POINT_WEIGHT * (pts[me] - pts[1 - me])


def candidates(
    obs: KozelObservation, legal: list[int], same: dict[int, int] | None = None
) -> list[int]:
    """One card per group of equivalent cards: same effective suit, same points, and only played
    or own cards between them on the ladder. In Classic the Queen of Clubs and the shamok are
    never grouped with another card (the shamok taking the Queen ends the cycle: a Queen of
    Clubs is not a Queen of Spades). `same`, when given, receives every other card of a group
    with the card that stands for it."""
    assert obs.tables is not None
    eff, st = obs.tables.eff, obs.tables.strength
    played = obs.played_cards()
    mine = set(obs.hand)
    deck = obs.deck
    alone = {obs.queen, obs.shamok} if obs.classic else set()
    out: list[int] = []
    groups: dict[int, list[int]] = {}
    for c in legal:
        groups.setdefault(eff[c], []).append(c)
    for e, cs in groups.items():
        cs.sort(key=lambda c: st[c])
        others = sorted(st[c] for c in deck if eff[c] == e and c not in played and c not in mine)
        prev = -1
        for c in cs:
            if (
                prev >= 0
                and c not in alone
                and prev not in alone
                and POINTS[prev] == POINTS[c]
                and not any(st[prev] < x < st[c] for x in others)
            ):
                if same is not None:
                    same[c] = prev
                continue
            out.append(c)
            prev = c
    return out


# Exact endings: from this many cards in the seat's hand, every world is solved for the team's
# card points (engine.players.exact) instead of played out; and how many worlds at most. In
# Classic only once the shamok or the Queen of Clubs is out: the solver counts the shamok's
# Queen as the end of the cycle, not as its penalty of 4.
EXACT_FROM: dict[str, int] = {"kozel-miner": 4, "kozel-classic": 4}
EXACT_WORLDS = 16


def exact_card(
    obs: KozelObservation,
    cands: list[int],
    rng: random.Random,
    truth: list[list[int]] | None,
    worlds_from: Worlds,
    deadline: float | None,
    stats: Stats | None,
) -> Action:
    """`choose_card` in an ending: the same worlds, each solved exactly."""
    seat = obs.seat
    me = seat & 1
    hands = sample_worlds(obs, EXACT_WORLDS, rng, truth)
    solved = solve_worlds(template(worlds_from), hands, (seat, (seat + 2) & 3), deadline)
    S = Setup(obs, seat=seat)
    pts0 = list(obs.team_points)
    tt0 = [obs.taken[0] + obs.taken[2], obs.taken[1] + obs.taken[3]]
    rest = sum(POINTS[c] for c in obs.deck) - pts0[0] - pts0[1]
    points: dict[int, list[float]] = {}

    def play(k: int, c: int, _luck: random.Random) -> float:
        v = solved[k][c]
        pts = list(pts0)
        pts[me] += v
        pts[1 - me] += rest - v
        # Lusya counts tricks: a side with points from here took a trick (a zero-point trick
        # is not seen here, which only errs towards lusya).
        tt = [tt0[0] + (pts[0] > pts0[0]), tt0[1] + (pts[1] > pts0[1])]
        if stats is not None:
            points.setdefault(c, []).append(pts[me])
        return value(S, pts, tt, -1, seat)

    default = baseline.choose_for(obs, rng)
    assert isinstance(default, int)
    card = best_card(
        cands, default, list(range(len(solved))), rng, None, play, CLEAR_GAIN_Z, stats=stats
    )
    if stats is not None:
        stats["values"] = means(points)
    return card


def choose_card(
    obs: KozelObservation,
    budget: int,
    rng: random.Random,
    truth: list[list[int]] | None,
    deadline: float | None = None,
    stats: Stats | None = None,
    worlds_from: Worlds | None = None,
) -> Action:
    """The card with the best mean `value`. `stats`, when given, also gets each rated card's
    mean card points for the seat's team at the end of the cycle ("values")."""
    seat = obs.seat
    legal = [a for a in obs.legal if isinstance(a, int)]
    same: dict[int, int] | None = {} if stats is not None else None
    cands = candidates(obs, legal, same)
    if stats is not None:
        stats.update(unit="points", same=same)
    if len(cands) == 1:
        if stats is not None:
            stats["note"] = "every legal card does the same: nothing to compare"
        return cands[0]
    remaining = sum(obs.hand_sizes)
    if (
        worlds_from is not None
        and len(obs.hand) <= EXACT_FROM.get(obs.game, 0)
        and (not obs.classic or obs.shamok in obs.played_cards() or obs.queen in obs.played_cards())
    ):
        return exact_card(obs, cands, rng, truth, worlds_from, deadline, stats)
    scale = WORLDS_SCALE.get(obs.game, 1.0)
    n_worlds = worlds_for(
        int(budget * scale), len(cands), remaining, len(obs.deck), high=int(64 * scale)
    )
    worlds = sample_worlds(obs, n_worlds, rng, truth)
    S = Setup(obs, seat=seat)
    trick0: list[tuple[int, int]] = list(obs.trick)  # type: ignore[arg-type]
    pts0 = list(obs.team_points)
    tt0 = [obs.taken[0] + obs.taken[2], obs.taken[1] + obs.taken[3]]
    points: dict[int, list[float]] | None = {} if stats is not None else None

    def play(w: list[list[int]], c: int, luck: random.Random) -> float:
        hands = [h[:] for h in w]
        hands[seat].remove(c)
        trick = trick0 + [(seat, c)]
        if len(trick) == 4:
            res = _finish_trick(S, hands, trick, list(pts0), list(tt0), luck)
        else:
            res = playout(S, hands, trick, (seat + 1) & 3, list(pts0), list(tt0), luck)
        if points is not None:
            points.setdefault(c, []).append(res[0][seat & 1])
        return value(S, *res, seat)

    default = baseline.choose_for(obs, rng)  # the simple move: it wins ties
    assert isinstance(default, int)
    card = best_card(
        cands, default, worlds, rng, deadline, play, GAME_Z.get(obs.game, CLEAR_GAIN_Z), stats=stats
    )
    if stats is not None and points is not None:
        stats["values"] = means(points)
    return card


def _finish_trick(
    S: Setup,
    hands: list[list[int]],
    trick: list[tuple[int, int]],
    pts: list[int],
    tt: list[int],
    rng: random.Random,
) -> tuple[list[int], list[int], int]:
    win = trick_winner(trick, S.eff, S.st)
    pts[win & 1] += sum(POINTS[c] for _, c in trick)
    tt[win & 1] += 1
    if S.classic:
        qc = queen_taken_by_shamok(trick, S.shamok, S.queen)
        if qc is not None:
            return pts, tt, qc
    if not hands[win]:
        return pts, tt, -1
    return playout(S, hands, [], win, pts, tt, rng)


TRUMP_WORLDS = 300  # worlds for the trump choice (0: a quarter of the budget)
TRUMP_SAME_LUCK = True  # every trump played out with the same luck in a world
TRUMP_Z = 0.0  # standard errors by which a trump must beat the baseline's (0: the best mean)


def choose_trump(
    obs: KozelObservation,
    budget: int,
    rng: random.Random,
    truth: list[list[int]] | None,
    stats: Stats | None = None,
) -> Action:
    """The trump with the best mean `value`. `stats`, when given, gets per trump the seat's
    team's mean card points in the cycle ("values") and the mean value ("utility")."""
    n_worlds = TRUMP_WORLDS if TRUMP_WORLDS > 0 else max(8, budget // 4)
    worlds = sample_worlds(obs, n_worlds, rng, truth)
    seat = obs.seat
    owner = obs.owner if obs.owner is not None else seat
    lucks = [rng.getrandbits(48) for _ in worlds] if TRUMP_SAME_LUCK else None
    vals: list[list[float]] = []
    for t in range(4):
        S = Setup(obs, t, seat)
        row: list[float] = []
        pts = 0
        for k, w in enumerate(worlds):
            hands = [h[:] for h in w]
            luck = random.Random(lucks[k]) if lucks is not None else rng
            res = playout(S, hands, [], owner, [0, 0], [0, 0], luck)
            pts += res[0][seat & 1]
            row.append(value(S, *res, seat))
        vals.append(row)
        if stats is not None:
            n = max(1, len(worlds))
            stats.setdefault("values", {})[("trump", t)] = pts / n
            stats.setdefault("utility", {})[("trump", t)] = math.fsum(row) / n
    if TRUMP_Z > 0.0:
        default = kozel_baseline.best_trump(obs.hand)
        best = pick(vals, default, TRUMP_Z)
        if stats is not None:
            stats.update(default=("trump", default), z=TRUMP_Z)
    else:
        tots = [sum(r) for r in vals]  # (the first of equal sums, as before)
        best = max(range(4), key=lambda t: (tots[t], -t))
    if stats is not None:
        stats.update(unit="points", samples=len(worlds))
    return ("trump", best)


@search(*GAMES)
def choose(
    obs: Observation,
    budget: int,
    rng: random.Random,
    worlds: Worlds,
    deadline: float | None = None,
    stats: Stats | None = None,
) -> Action:
    assert isinstance(obs, KozelObservation)
    truth = worlds.true_hands()
    if obs.phase == "trump":
        return choose_trump(obs, budget, rng, truth, stats)
    return choose_card(obs, budget, rng, truth, deadline, stats, worlds)
