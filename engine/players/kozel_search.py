"""The strong player for Kozel Miner and Classic: determinized Monte Carlo on plain lists.

What the seat knows: its hand, the cards played, the suits a seat has shown void in (a seat that
did not follow the led effective suit holds none of it; with "must trump" it holds no trump
either), in Classic a non-owner leader that opened with a trump holds only trumps, and the
marker card is in its holder's hand until played. The unseen cards are dealt consistently with
that; every candidate card is played out by a cheap policy (cash masters, smear points on the
partner's sure trick, win rich tricks cheaply, throw the cheapest card) and the card with the
best mean result wins. The result is the penalty of the cycle (the table of RULES.md §2, lusya
and the shamok's Queen included) from the seat's team's side, plus a small share of the card
points so that the search still prefers more points when the penalty does not change.
Every candidate in a world is played out with the same playout luck; the search departs from
the baseline's move only when it beats it clearly (CLEAR_GAIN_Z standard errors), because one
world's penalty swings on a single card of the playout.
The Classic marker holder names trump by playing out every trump in the same worlds.
"""

from __future__ import annotations

import random

from . import baseline
from .sample import best_card, deal_unseen, worlds_for
from ..core import Action, Deal
from ..games.kozel import POINTS, TRUMP, KozelDeal

GAMES = ("kozel-miner", "kozel-classic")
CLEAR_GAIN_Z = 1.5  # standard errors by which the search must beat the simple move before it
# departs from it: the penalty table is a step (see ai_sample.pick)
POINT_WEIGHT = 0.004  # value of one card point next to one penalty point


def knowledge(deal: KozelDeal, seat: int) -> tuple[list[int], dict[int, int],
                                                   list[dict[int, set[int]]]]:
    eff = deal._eff
    played: set[int] = set()
    void: list[set[int]] = [set() for _ in range(4)]
    tricks = [plays for _, plays, _ in deal._tricks]
    if deal._trick:
        tricks.append(list(deal._trick))
    for plays in tricks:
        led = -1
        for i, (s, c) in enumerate(plays):
            played.add(c)
            e = eff[c]
            if i == 0:
                led = e
                if (deal.classic and e == TRUMP and deal.owner is not None
                        and (s ^ deal.owner) & 1):
                    void[s].update(range(4))  # a non-owner may open with a trump only then
                continue
            if e != led:
                void[s].add(led)
                if deal.must_trump and led != TRUMP and e != TRUMP:
                    void[s].add(TRUMP)
    mine = set(deal._hands[seat])
    deck = deal.rules.deck  # type: ignore[attr-defined]
    unseen = [c for c in deck if c not in played and c not in mine]
    sizes = {s: len(deal._hands[s]) for s in range(4) if s != seat}
    marker = deal.marker
    holder = deal.marker_holder
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
        loose[s] = ({c for c in unseen if c != marker or s == holder}
                    if holder is not None and marker in unseen else set(unseen))
    return unseen, sizes, [strict, loose]


def sample_worlds(deal: KozelDeal, seat: int, n: int, rng: random.Random,
                  see_all: bool = False) -> list[list[list[int]]]:
    if see_all:
        real = [list(h) for h in deal._hands]
        return [real for _ in range(n)]
    unseen, sizes, levels = knowledge(deal, seat)
    mine = sorted(deal._hands[seat])
    out = []
    failed: set[int] = set()
    for _ in range(n):
        got = deal_unseen(unseen, sizes, levels, rng, failed=failed)
        hands = [got.get(s, []) for s in range(4)]
        hands[seat] = list(mine)
        out.append(hands)
    return out


class Setup:
    """The fixed facts of a cycle that a playout needs."""

    __slots__ = (
        "classic",
        "eff",
        "miner_owner_team",
        "mult",
        "must_trump",
        "owner",
        "queen",
        "shamok",
        "st",
        "target",
    )

    def __init__(self, deal: KozelDeal, trump: int | None = None) -> None:
        rules = deal.rules
        t = deal._tables if trump is None else rules.tables(trump)  # type: ignore[attr-defined]
        assert t is not None
        self.eff = t.eff
        self.st = t.strength
        self.classic = deal.classic
        self.owner = deal.owner if deal.owner is not None else 0
        self.shamok = deal.shamok
        self.queen = deal.queen
        self.must_trump = deal.must_trump
        self.target = rules.target  # type: ignore[attr-defined]
        self.mult = 2 if deal.doubled else 1


def playout(S: Setup, hands: list[list[int]], trick: list[tuple[int, int]], to_move: int,
            pts: list[int], ttricks: list[int], rng: random.Random,
            eps: float = 0.08) -> tuple[list[int], list[int], int]:
    """Plays the cycle out; returns team points, team tricks and the Queen-of-Clubs seat (-1)."""
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
    while hands[p]:
        h = hands[p]
        if not trick:
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
                    if e != TRUMP and st[x] >= top[e] and POINTS[x] > bestp:
                        bestp = POINTS[x]
                        c = x
                if c < 0:
                    plain = [x for x in legal if eff[x] != TRUMP]
                    if plain:
                        c = min(plain, key=lambda x: (POINTS[x] >= 10, POINTS[x] + rnd() * 3, st[x]))
                    else:
                        c = max(legal, key=lambda x: st[x]) if rnd() < 0.5 else \
                            min(legal, key=lambda x: (POINTS[x], st[x]))
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
                if (win ^ p) & 1 == 0 and (last or (wstr >= top[TRUMP]
                                                    and (led == TRUMP or wstr >= top[led]))):
                    # smear: the richest card that is not a good trump
                    c = max(legal, key=lambda x: POINTS[x] - (8 if eff[x] == TRUMP and st[x] >= 104
                                                              else 0) - st[x] * 0.001)
                else:
                    wins = [x for x in legal if st[x] > wstr and (eff[x] == TRUMP or eff[x] == led)]
                    if wins and (tp >= 3 or last or eff[wins[0]] != TRUMP):
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
        if st[c] >= top[eff[c]]:
            e = eff[c]
            top[e] = max((st[x] for hh in hands for x in hh if eff[x] == e), default=0)
        trick.append((p, c))
        tp += POINTS[c]
        if len(trick) == 4:
            pts[win & 1] += tp
            ttricks[win & 1] += 1
            if classic:
                sh = qc = -1
                for s, x in trick:
                    if x == S.shamok:
                        sh = s
                    elif x == S.queen:
                        qc = s
                if sh >= 0 and qc >= 0 and (sh ^ qc) & 1:
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
    if queen >= 0:
        loser, pen = queen & 1, 4
    elif ttricks[0] == 0 or ttricks[1] == 0:
        loser, pen = (0 if ttricks[0] == 0 else 1), S.target
    elif pts[0] == pts[1]:
        return 0.0
    else:
        loser = 0 if pts[0] < pts[1] else 1
        spas = pts[loser] >= 31
        if S.classic:
            pen = 2 if spas else 4
        else:
            own = (S.owner & 1) != loser
            pen = (1 if spas else 2) if own else (2 if spas else 3)
    pen *= S.mult
    v = float(pen if loser != me else -pen)
    return v + POINT_WEIGHT * (pts[me] - pts[1 - me])


def candidates(deal: KozelDeal, seat: int, legal: list[int]) -> list[int]:
    """One card per group of equivalent cards: same effective suit, same points, and only played
    or own cards between them on the ladder."""
    eff, st = deal._eff, deal._str
    played = {c for _, plays, _ in deal._tricks for _, c in plays}
    played.update(c for _, c in deal._trick)
    mine = set(deal._hands[seat])
    deck = deal.rules.deck  # type: ignore[attr-defined]
    out: list[int] = []
    groups: dict[int, list[int]] = {}
    for c in legal:
        groups.setdefault(eff[c], []).append(c)
    for e, cs in groups.items():
        cs.sort(key=lambda c: st[c])
        others = sorted(st[c] for c in deck if eff[c] == e and c not in played and c not in mine)
        prev = -1
        for c in cs:
            if prev >= 0 and POINTS[prev] == POINTS[c] and not any(st[prev] < x < st[c]
                                                                   for x in others):
                continue
            out.append(c)
            prev = c
    return out


def choose_card(deal: KozelDeal, seat: int, budget: int, rng: random.Random,
                see_all: bool, deadline: float | None = None) -> Action:
    legal = [a for a in deal.legal_actions() if isinstance(a, int)]
    cands = candidates(deal, seat, legal)
    if len(cands) == 1:
        return cands[0]
    remaining = sum(len(h) for h in deal._hands)
    n_worlds = worlds_for(budget, len(cands), remaining, len(deal.rules.deck))  # type: ignore[attr-defined]
    worlds = sample_worlds(deal, seat, n_worlds, rng, see_all)
    S = Setup(deal)
    trick0 = list(deal._trick)
    pts0 = list(deal._team_points)
    tt0 = [deal.taken[0] + deal.taken[2], deal.taken[1] + deal.taken[3]]

    def play(w: list[list[int]], c: int, luck: random.Random) -> float:
        hands = [h[:] for h in w]
        hands[seat].remove(c)
        trick = trick0 + [(seat, c)]
        if len(trick) == 4:
            res = _finish_trick(S, hands, trick, list(pts0), list(tt0), luck)
        else:
            res = playout(S, hands, trick, (seat + 1) & 3, list(pts0), list(tt0), luck)
        return value(S, *res, seat)

    default = baseline.choose_action(deal, rng)  # the simple move: it wins ties
    assert isinstance(default, int)
    return best_card(cands, default, worlds, rng, deadline, play, CLEAR_GAIN_Z)


def _finish_trick(S: Setup, hands: list[list[int]], trick: list[tuple[int, int]],
                  pts: list[int], tt: list[int], rng: random.Random) -> tuple[list[int], list[int], int]:
    eff, st = S.eff, S.st
    led = eff[trick[0][1]]
    win, wstr = trick[0][0], st[trick[0][1]]
    for s, c in trick[1:]:
        if st[c] > wstr and (eff[c] == TRUMP or eff[c] == led):
            win, wstr = s, st[c]
    pts[win & 1] += sum(POINTS[c] for _, c in trick)
    tt[win & 1] += 1
    if S.classic:
        sh = next((s for s, c in trick if c == S.shamok), -1)
        qc = next((s for s, c in trick if c == S.queen), -1)
        if sh >= 0 and qc >= 0 and (sh ^ qc) & 1:
            return pts, tt, qc
    if not hands[win]:
        return pts, tt, -1
    return playout(S, hands, [], win, pts, tt, rng)


def choose_trump(deal: KozelDeal, seat: int, budget: int, rng: random.Random,
                 see_all: bool) -> Action:
    n_worlds = max(8, budget // 4)
    worlds = sample_worlds(deal, seat, n_worlds, rng, see_all)
    owner = deal.owner if deal.owner is not None else seat
    best, best_v = 0, None
    for t in range(4):
        S = Setup(deal, t)
        tot = 0.0
        for w in worlds:
            hands = [h[:] for h in w]
            tot += value(S, *playout(S, hands, [], owner, [0, 0], [0, 0], rng), seat)
        if best_v is None or tot > best_v:
            best, best_v = t, tot
    return ("trump", best)


def choose(deal: Deal, seat: int, budget: int, rng: random.Random, see_all: bool = False,
           deadline: float | None = None) -> Action:
    assert isinstance(deal, KozelDeal)
    if deal.phase == "trump":
        return choose_trump(deal, seat, budget, rng, see_all)
    return choose_card(deal, seat, budget, rng, see_all, deadline)
