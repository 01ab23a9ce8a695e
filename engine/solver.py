"""An exact solver for an open deal: every card visible, the best result a side can force.

From the current position of a deal in the card-play phase, `solve(deal, side)` finds what the
seats in `side` take from now on when they play together against all the other seats together
and both play perfectly with every hand visible (a "double dummy" result):

- Batak family (`koz-maca`, `batak`, `batak-pairs`): tricks. For an auction contract,
  `SolveResult.contract_made` says whether the declaring side could make its bid.
- Kozel (`kozel-miner`, `kozel-classic`): card points (A 11, 10 10, K 4, Q 3, J 2) of the
  tricks the side takes. In Classic, a trick in which the shamok takes the Queen of Clubs
  ends the cycle at once: the cards still in hand count for nobody (as the engine counts them).
- Bidding Kozel: `Unsupported` (see `UNSUPPORTED_BIDDING_KOZEL` and docs/solver.md).

`move_values(deal, side)` gives, for the seat to move, the value forced after each legal move,
so a caller can tell whether a card played lowered the value.

The search (docs/solver.md): zero-window alpha-beta searches (MTD(f)) on the integer value,
from a first guess; a transposition table of value bounds at trick boundaries keyed by
relative ranks (with the best lead found there); bounds from sure winners, each seat's
unbeaten trumps and drawing trumps; move ordering (a lead history, a team lead order,
cheapest winners); and equivalent-card pruning (cards of one hand that are next to each other in their suit's
order, counting only the cards still in play, are played as one). The position is
a bitmask per hand and the trick in progress; cards are renumbered so that within a suit (in
Kozel: within a plain suit, or the trumps as one suit) a higher bit is a higher card. The play
obligations are the engine's (`engine.games.batak.legal_cards`,
`engine.games.kozel.legal_cards`) written on bitmasks; tests/engine/test_solver.py checks them
against the engine move by move and the values against a brute-force minimax.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import CARD_STR
from .core import Deal
from .games.batak import BatakDeal
from .games.kozel import POINTS, TRUMP, KozelDeal

__all__ = [
    "UNSUPPORTED_BIDDING_KOZEL",
    "SolveResult",
    "SolveTimeout",
    "Solver",
    "Unsupported",
    "move_values",
    "solve",
    "supported",
]

UNSUPPORTED_BIDDING_KOZEL = (
    "Bidding Kozel is not solved: a lead may be one card or a set of three, every follower "
    "chooses which one or three of four cards to play, and after each trick every hand draws "
    "from the stock, so the tree of a round is far larger than a Batak deal's even with the "
    "stock's order known; and the round is not decided by card points alone (a Bura or four "
    "Aces take the pot at once), so there is no single value to force.")


class Unsupported(ValueError):
    """The solver cannot solve this deal or position; `.reason` says why, in English."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SolveTimeout(RuntimeError):
    """The search ran past the `max_seconds` it was given (no value is known)."""


@dataclass(frozen=True)
class SolveResult:
    """What an open-deal solve found for `side` from the deal's current position.

    value: tricks (Batak family) or card points (Kozel) the side takes from now on, with
      perfect play by everyone, the side against all the other seats.
    already: what the side has taken in this deal before now (completed tricks).
    total: already + value, the side's result for the whole deal.
    contract_made: auction or partnership Batak, when `side` is the declaring side (or exactly
      the seats against it): whether the contract could be made; otherwise None.
    unit: "tricks" or "points".
    nodes: positions the search visited (a cost figure).
    best: the legal moves (engine text) that keep `value`, for the seat to move.
    """

    value: int
    already: int
    total: int
    contract_made: bool | None
    unit: str
    nodes: int
    best: tuple[str, ...] = ()


def supported(deal: Deal) -> str | None:
    """None when `solve` can solve `deal`'s current position, else the reason it cannot."""
    if isinstance(deal, (BatakDeal, KozelDeal)):
        if deal.phase not in ("play", "over"):
            return (f"the deal is in its {deal.phase} phase: the solver starts in card play, "
                    "once trump and the contract are known")
        if deal.players != 4:
            return "the solver plays four hands"
        return None
    if deal.game == "bidding-kozel":
        return UNSUPPORTED_BIDDING_KOZEL
    return f"no solver for the game {deal.game!r}"


_G16 = 0xFFFF
HIST_TOP = (1 << 24) - 1


def _best_first(keyed: list[int], best: int) -> list[int]:
    """The card ids of `keyed` (sort keys with the id in their low 7 bits) in key order, with
    `best` (the table's best move, -1 for none) first."""
    keyed.sort()
    out = [k & 127 for k in keyed]
    if best >= 0 and best in out:
        out.remove(best)
        out.insert(0, best)
    return out


class Solver:
    """The search for one deal position and one side. Build it from a deal (the deal is only
    read), then call `value()` or `move_values()`; the transposition table is kept between
    calls. The switches turn techniques off for the benchmark's baselines and the tests:
    `tt` the transposition table, `equiv` equivalent cards, `order` move ordering, `bounds`
    the sure-trick bounds, `history` the lead history (Batak family), `draw` the bound from
    drawing trumps, `guess` the first value to test from a played-out line, `team` the lead
    order for two partners against two, `match` the unbeaten-trump bound (Batak family).
    With `equiv` and `order` on, the Batak family searches tricks with `_play_b`, Kozel and
    the other switches with the general `_play` (the same search).
    """

    def __init__(self, deal: Deal, side: Sequence[int], *, tt: bool = True,
                 equiv: bool = True, order: bool = True, bounds: bool = True,
                 history: bool = True, draw: bool = True, guess: bool = True,
                 team: bool = True, match: bool = True, alone: bool = True,
                 max_seconds: float | None = None) -> None:
        why = supported(deal)
        if why is not None:
            raise Unsupported(why)
        seats = set(side)
        if not seats or not seats <= set(range(4)):
            raise ValueError(f"side must be a non-empty set of seats 0..3, not {list(side)!r}")
        self.deal = deal
        self.side = frozenset(seats)
        self.maxer = [s in seats for s in range(4)]
        self.use_tt = tt
        self.use_equiv = equiv
        self.use_order = order
        self.use_bounds = bounds
        self.use_history = history and not isinstance(deal, KozelDeal)
        self.use_draw = draw
        self.use_match = match
        self.use_alone = alone
        self.use_guess = guess
        self.max_seconds = max_seconds
        self.deadline: float | None = None
        self.nodes = 0
        # The table: relative-rank key -> [lower bound, upper bound, best lead]; the same
        # entries by exact cards (`_exact`). Keys are single ints (less memory than tuples).
        self.table: dict[int, list[int]] = {}
        self.exact: dict[int, list[int]] = {}
        self.suit_codes: dict[int, int] = {}  # a suit's cards in the four hands -> its key code
        self.hist = [[0] * 80 for _ in range(4)]  # cut-offs per (seat, lead), weighted
        # partnership Batak: the other side's last lead that cut off, by cards in hand
        self.killer = [-1] * 16
        self.kozel = isinstance(deal, KozelDeal)
        self.to_id: dict[int, int] = {}
        self.to_card: dict[int, int] = {}
        self.pts = [0] * 80
        self.no_merge = 0  # ids that are never equivalent to a neighbour (Classic Q♣, shamok)
        self.classic = False
        self.must_trump = False
        self.owner = -1
        self.shamok = -1
        self.queen = -1
        self.broken = True
        self.root_trumps = 0
        self.already = 0
        if isinstance(deal, KozelDeal):
            self._init_kozel(deal)
        else:
            assert isinstance(deal, BatakDeal)
            self._init_batak(deal)
        self.tmask = _G16 << (16 * self.trump)
        self.plain_groups = tuple(g for g in range(4) if g != self.trump)
        self.forced_trump = not self.kozel or self.must_trump
        self.fast_follow = not self.kozel and equiv and order
        self.best_lead = -1
        # the exact key's room for a hand: the Batak family's ids are below 64
        self.xw = 80 if self.kozel else 64
        # two partners against two (partnership Batak, Kozel's teams): the team lead order
        self.pairs = team and order and len(seats) == 2 and (min(seats) ^ max(seats)) == 2
        self.groups = tuple(range(5 if self.kozel else 4))
        classes = {0: 0, 2: 1, 3: 2, 4: 3, 10: 4, 11: 5}
        self.pclass = [classes[p] for p in self.pts]
        if self.classic and self.queen >= 0:
            self.pclass[self.queen] = 6
            self.pclass[self.shamok] = 7
        self.gmask = [_G16 << (16 * g) for g in range(5)]
        # the Batak family's fast path: every card place of the deck, and each suit's lowest
        # (the places just below and above a suit's cards hold no card: `_reps`)
        self.deck_bits = sum(1 << i for i in self.to_card)
        self.low_bits = 0
        for g in range(4 if self.fast_follow else 0):
            m = self.deck_bits & self.gmask[g]
            if m:
                self.low_bits |= m & -m
                assert not (m & -m) >> 1 & self.deck_bits
                assert not (m << 1) & ~m & self.deck_bits
        self.hands = [0, 0, 0, 0]
        self.over = deal.phase == "over"
        for s in range(4 if not self.over else 0):
            for c in deal.hand_cards(s):
                self.hands[s] |= 1 << self.to_id[c]
        self.trick: list[tuple[int, int]] = ([] if self.over else
                                             [(s, self.to_id[c]) for s, c in deal._trick])
        present = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        for _, i in self.trick:
            present |= 1 << i
        self.root_trumps = present & self.tmask
        self.rem_pts = 0
        self.ontrick = 0  # the cards on the trick in progress (a mask), during the search
        # Classic: the shamok and the Queen of Clubs when they are held by opposing teams
        # (the trick that holds both ends the cycle), else 0
        self.sq_pair = 0
        if self.classic and self.queen >= 0:
            held = {i: s for s in range(4) for i in range(80) if self.hands[s] >> i & 1}
            held.update({i: s for s, i in self.trick})
            if self.shamok in held and self.queen in held and \
                    (held[self.shamok] ^ held[self.queen]) & 1:
                self.sq_pair = (1 << self.shamok) | (1 << self.queen)
        self.leader = deal.trick_leader if deal.trick_leader is not None else -1
        self.to_move = deal.to_move if deal.to_move is not None else -1
        for leader, plays, winner in deal._tricks:
            if self.maxer[winner]:
                self.already += 1 if not self.kozel else sum(POINTS[c] for _, c in plays)

    # --- setting up ------------------------------------------------------------------------
    def _init_batak(self, deal: BatakDeal) -> None:
        assert deal.trump_suit is not None
        self.trump = deal.trump_suit
        for c in deal.deck_cards():
            self.to_id[c] = c
            self.to_card[c] = c
        self.broken = deal.broken
        self.unit = "tricks"

    def _init_kozel(self, deal: KozelDeal) -> None:
        self.trump = TRUMP
        self.unit = "points"
        self.classic = deal.classic
        self.must_trump = deal.must_trump
        self.owner = deal.owner if deal.owner is not None else -1
        if deal.phase == "over" and not deal._eff:
            return  # a re-deal: no cards, nothing to solve
        eff, strength = deal._eff, deal._str
        for c in deal.deck_cards():
            e = eff[c]
            i = 64 + strength[c] - 100 if e == TRUMP else 16 * e + strength[c]
            self.to_id[c] = i
            self.to_card[i] = c
            self.pts[i] = POINTS[c]
        if self.classic:
            self.shamok = self.to_id[deal.shamok]
            self.queen = self.to_id[deal.queen]
            self.no_merge = (1 << self.shamok) | (1 << self.queen)

    # --- the rules on bitmasks ---------------------------------------------------------------
    def legal(self, seat: int, led: int, win: int, broken: bool) -> int:
        """The cards `seat` may play (a mask): `led` is the led suit (group), -1 when leading;
        `win` the id of the card now winning the trick."""
        h = self.hands[seat]
        t = self.tmask
        if self.kozel:
            if led < 0:
                if self.classic and (seat ^ self.owner) & 1 and h & ~t:
                    return h & ~t
                return h
            f = h & self.gmask[led]
            if f:
                return f
            if self.must_trump and h & t:
                return h & t
            return h
        if led < 0:
            if broken or not h & ~t:
                return h
            return h & ~t
        f = h & self.gmask[led]
        if f:
            if led != self.trump and win >> 4 == self.trump:
                return f
            over = f & ~((2 << win) - 1)
            return over if over else f
        tr = h & t
        if tr:
            if win >> 4 == self.trump:
                over = tr & ~((2 << win) - 1)
                return over if over else tr
            return tr
        return h

    def _beats(self, i: int, win: int) -> bool:
        g = i >> 4
        return (g == win >> 4 and i > win) or (g == self.trump and win >> 4 != self.trump)

    # --- the search ----------------------------------------------------------------------------
    def _distinct(self, seat: int, cards: int, present: int) -> list[int]:
        """The cards of `cards` (held by `seat`) from low to high, one per run of equivalent
        cards: a card is left out when the next lower card still in play (in hands or on the
        trick) is also the seat's and worth as many points; Classic's shamok and Queen of
        Clubs are never merged."""
        ids: list[int] = []
        if not self.use_equiv:
            while cards:
                b = cards & -cards
                cards ^= b
                ids.append(b.bit_length() - 1)
            return ids
        hand = self.hands[seat]
        gmask = self.gmask
        no_merge = self.no_merge
        pts = self.pts
        while cards:
            b = cards & -cards
            cards ^= b
            i = b.bit_length() - 1
            lower = present & (b - 1) & gmask[i >> 4]
            if lower and not (b | lower) & no_merge:
                j = lower.bit_length() - 1
                if hand >> j & 1 and pts[j] == pts[i]:
                    continue
            ids.append(i)
        return ids

    def _moves(self, seat: int, legal: int, led: int, win: int, win_seat: int,
               best: int) -> list[int]:
        """The cards to try, one per run of equivalent cards, in the order to try them."""
        h = self.hands
        present = h[0] | h[1] | h[2] | h[3] | self.ontrick
        if not self.use_order:
            return self._distinct(seat, legal, present)
        if led >= 0 and not self.kozel:
            # Following (tricks): the cheapest card that takes the trick from an opponent,
            # else the lowest; when a partner is winning, the lowest first.
            trump = self.trump
            above = ~((2 << win) - 1)
            if win >> 4 == trump:
                wins = legal & self.tmask & above
            else:
                wins = legal & ((self.gmask[win >> 4] & above) | self.tmask)
            rest = legal ^ wins
            if self.maxer[win_seat] == self.maxer[seat]:
                return self._distinct(seat, rest, present) + self._distinct(seat, wins, present)
            return self._distinct(seat, wins, present) + self._distinct(seat, rest, present)
        ids = self._distinct(seat, legal, present)
        if len(ids) < 2:
            return ids
        pts = self.pts
        keyed: list[int] = []
        if led < 0:
            # Leads: the leads that cut off most often elsewhere first; then the top card
            # still in play of its suit (a sure winner), then low.
            gmask = self.gmask
            hist = self.hist[seat]
            if self.pairs:
                return self._team_leads(seat, ids, present, best)
            for i in ids:
                if present >> (i + 1) & gmask[i >> 4] >> (i + 1):
                    k = (1 << 20) | (pts[i] << 7) | i
                else:
                    k = 127 - i
                keyed.append(((HIST_TOP - min(hist[i], HIST_TOP)) << 28 | k) << 7 | i)
        else:
            friend = self.maxer[win_seat] == self.maxer[seat]
            trump = self.trump
            wg = win >> 4
            for i in ids:
                g = i >> 4
                wins_ = (g == wg and i > win) or (g == trump and wg != trump)
                if friend:
                    # Partner winning: give points (Kozel) and keep winners; low cards first.
                    k = (int(wins_) << 20) | ((11 - pts[i]) << 7) | i
                else:
                    # Opponent winning: the cheapest winner first, then the lowest discard.
                    k = i if wins_ else (1 << 20) | (pts[i] << 7) | (i & 15)
                keyed.append(k << 7 | i)
        return _best_first(keyed, best)

    def _team_leads(self, seat: int, ids: list[int], present: int, best: int) -> list[int]:
        """Leads for two partners against two (partnership Batak, Kozel), best first: the top
        card of a plain suit no opponent can trump; a suit whose top card the partner holds,
        or that the partner can trump; the top trump; other low cards; low trumps; last a
        suit an opponent can trump. Ties: the leads that cut off most often elsewhere, then
        the lowest card."""
        h = self.hands
        gmask = self.gmask
        tm = self.tmask
        trump = self.trump
        maxer = self.maxer
        me = maxer[seat]
        ruff_opp = [False] * 4
        ruff_partner = [False] * 4
        for o in range(4):
            if o != seat and h[o] & tm:
                for g in self.plain_groups:
                    if not h[o] & gmask[g]:
                        if maxer[o] == me:
                            ruff_partner[g] = True
                        else:
                            ruff_opp[g] = True
        hist = self.hist[seat]
        keyed: list[int] = []
        kill = -1 if me or self.kozel else self.killer[h[seat].bit_count()]
        for i in ids:
            g = i >> 4
            above = present >> (i + 1) & gmask[g] >> (i + 1)
            if g == trump:
                w = 40 if not above else 90
            elif ruff_opp[g]:
                w = 100
            elif not above:
                w = 20
            else:
                t = 1 << (above.bit_length() + i)  # the top card of the suit still in play
                partner_top = any(h[o] & t for o in range(4) if o != seat and maxer[o] == me)
                w = 30 if partner_top else 35 if ruff_partner[g] else 70
            if i == kill:
                w = 0
            k = (w << 24 | (HIST_TOP - min(hist[i], HIST_TOP))) << 4 | (i & 15)
            keyed.append(k << 7 | i)
        return _best_first(keyed, best)

    def _last(self, leader: int) -> int:
        """The side's value of the last trick (one card in every hand: all plays forced)."""
        h = self.hands
        win = h[leader].bit_length() - 1
        win_seat = leader
        trump = self.trump
        p = self.pts[win]
        for k in (1, 2, 3):
            s = (leader + k) & 3
            i = h[s].bit_length() - 1
            p += self.pts[i]
            g, wg = i >> 4, win >> 4
            if (g == wg and i > win) or (g == trump and wg != trump):
                win, win_seat = i, s
        if not self.maxer[win_seat]:
            return 0
        return p if self.kozel else 1

    def _bound(self, leader: int, alpha: int, beta: int, known: int = -1) -> int:
        """The side's value from a trick boundary (fail-soft alpha-beta). `known`: the
        position's exact key when the caller found it absent from `self.exact`."""
        h = self.hands
        allc = h[0] | h[1] | h[2] | h[3]
        n = allc.bit_count()
        if n <= 4:
            return self._last(leader) if n else 0
        top = self.rem_pts if self.kozel else n >> 2
        if alpha >= top:
            return top
        if beta <= 0:
            return 0
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 1023 and \
                time.perf_counter() > self.deadline:
            raise SolveTimeout(f"no result within {self.max_seconds} s")
        best = -1
        entry = None
        key = exact = 0
        if self.use_tt:
            # the exact cards first (a position met again), then its relative ranks
            if known >= 0:
                exact = known
            else:
                xw = self.xw
                exact = (((h[0] << xw | h[1]) << xw | h[2]) << xw | h[3]) << 2 | leader
                entry = self.exact.get(exact)
            if entry is None:
                key = self._key(leader, allc)
                entry = self.table.get(key)
                if entry is not None:
                    self.exact[exact] = entry
        if entry is not None:
            lo, hi, best = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        broken = self.broken or (allc & self.tmask) != self.root_trumps
        if entry is None:
            lo, hi = 0, top
            if self.use_bounds and self.bounds_ok(allc):
                lo, hi = self._sure(h, allc, leader, top, broken)
                if lo >= beta or hi <= alpha:
                    if self.use_tt:
                        self.table[key] = self.exact[exact] = [lo, hi, -1]
                    return lo if lo >= beta else hi
        a0, b0 = alpha, beta
        if self.fast_follow:
            # one card per run of equivalent cards, for each hand: the lowest card of each
            # run of a hand's cards next to each other among the cards in play (`_reps`)
            v = self._play_b(leader, -1, -1, -1, 0, broken, alpha, beta, self._reps(allc),
                             best)
            best = self.best_lead
        else:
            v, best = self._play(leader, -1, -1, -1, 0, 0, broken, alpha, beta, best)
        if self.use_tt:
            if entry is None:
                entry = [lo, hi, best]
                self.table[key] = self.exact[exact] = entry
            entry[2] = best
            if v <= a0:
                entry[1] = min(entry[1], v)
            elif v >= b0:
                entry[0] = max(entry[0], v)
            else:
                entry[0] = entry[1] = v
        return v

    def _sure(self, h: list[int], allc: int, leader: int, top: int,
              broken: bool) -> tuple[int, int]:
        """Bounds on the side's value at a trick boundary from sure winners.

        Trumps above every trump of the other side win the trick they fall in (each card of
        one seat a different trick; in Kozel their points go to their side). The leader's
        plain cards above every other card of their suit win one after the other when led,
        as long as no seat that could trump them runs out of the suit (Batak: any other
        seat holding a trump must trump when void; Kozel: an opponent may)."""
        maxer = self.maxer
        tm = self.tmask
        tp = allc & tm
        sm = self.side_hand(h) & tp
        om = tp ^ sm
        ss = sm >> om.bit_length() << om.bit_length() if om else sm
        os_ = om >> sm.bit_length() << sm.bit_length() if sm else om
        # the leader's plain quick tricks
        lh = h[leader]
        qt = 0
        qp = 0
        gm = self.gmask
        for g in self.plain_groups:
            lg = lh & gm[g]
            if not lg:
                continue
            others = (allc ^ lh) & gm[g]
            run = lg >> others.bit_length() << others.bit_length() if others else lg
            if not run:
                continue
            n = run.bit_count()
            for o in range(4):
                if o != leader and h[o] & tm and (self.forced_trump
                                                  or maxer[o] != maxer[leader]):
                    c = (h[o] & gm[g]).bit_count()
                    n = min(n, c)
            if n:
                qt += n
                if self.kozel:
                    for _ in range(n):
                        top_bit = 1 << (run.bit_length() - 1)
                        qp += self.pts[run.bit_length() - 1]
                        run ^= top_bit
        lead_side = maxer[leader]
        drawn = self._drawn(h, allc, leader, broken) if self.use_draw else 0
        if self.kozel:
            low = self.mask_points(ss) + (qp if lead_side else 0)
            high = top - self.mask_points(os_) - (0 if lead_side else qp)
        else:
            if self.use_match:
                # each seat's trumps that no trump of the other side can beat (the cashed
                # plain winners below do not change them: no trump falls on those tricks)
                low = high = mine = 0
                for s in range(4):
                    t = h[s] & tp
                    if t:
                        u = self._unbeaten(t, om if maxer[s] else sm)
                        if s == leader:
                            mine = u
                        if maxer[s]:
                            low = max(low, u)
                        else:
                            high = max(high, u)
                high = top - high
                mine += qt
            else:
                low = max((h[s] & ss).bit_count() for s in range(4) if maxer[s]) if ss else 0
                high = top - (max((h[s] & os_).bit_count() for s in range(4) if not maxer[s])
                              if os_ else 0)
                mine = qt + (h[leader] & (ss if lead_side else os_)).bit_count()
            if lead_side:
                low = max(low, mine)
            else:
                high = min(high, top - mine)
        if self.use_alone and tp:
            # a seat of the side whose trumps are all above every other trump, on lead or
            # not (`_alone`); a lower bound only: as an upper bound against the other side's
            # seats it cost nodes (the positions it settles keep no best lead for the next
            # zero-window test)
            top_trump = 1 << (tp.bit_length() - 1)
            for s in range(4):
                if maxer[s] and h[s] & top_trump:
                    low = max(low, self._alone(h, s, allc, tp))
                    break
        if lead_side:
            return max(low, drawn), high
        return low, min(high, top - drawn)

    def _alone(self, h: list[int], seat: int, allc: int, tp: int) -> int:
        """What `seat` surely takes, on lead or not, when its trumps (at least one) are all
        above every other trump still in play and it holds more trumps than any other seat
        (0 otherwise): each of its trumps, and each of its plain cards above all the other
        cards of their suit (its "masters") but one for each trump the other seats hold.
        When no other seat holds a trump, every master counts (tricks, or in Kozel those
        cards' points); Kozel only counts that case.

        Its strategy: never throw a master away while it holds another card; when void in
        the suit led, trump; the first trick it takes with a trump gives it the lead (trumps
        are broken then), and from there it leads trumps until no other seat has one (it has
        enough: trumps follow trumps), then its masters. Each of its trumps wins. A master
        played before that is lost only to a seat that trumps it (each other trump at most
        once); after the drawing none is lost, and it never has to discard: it discards only
        when out of trumps, and by then it has led every master left."""
        hand = h[seat]
        mine = hand & tp
        others = tp ^ mine
        n = mine.bit_count()
        if others:
            if self.kozel or others.bit_length() >= (mine & -mine).bit_length():
                return 0
            if n <= max((h[o] & tp).bit_count() for o in range(4) if o != seat):
                return 0
        gm = self.gmask
        runs = 0
        for g in self.plain_groups:
            lg = hand & gm[g]
            if lg:
                b = ((allc ^ hand) & gm[g]).bit_length()
                runs |= lg >> b << b
        if self.kozel:
            return self.mask_points(mine) + self.mask_points(runs)
        return n + max(0, runs.bit_count() - others.bit_count())

    def _drawn(self, h: list[int], allc: int, leader: int, broken: bool) -> int:
        """What the leader's side surely takes by drawing trumps, or 0: when the leader may
        lead trumps and holds as many trumps above all the other seats' trumps as any other
        seat holds trumps, leading them takes every other trump (trumps must follow trumps)
        in tricks the leader wins; after that every trump of the leader, and every plain card
        of the leader above all the other cards of its suit still in play, wins when led.
        Tricks: the leader's trumps and those plain cards; card points: all the trumps and
        those plain cards."""
        tm = self.tmask
        lh = h[leader]
        lt = lh & tm
        if not lt:
            return 0
        if self.kozel:
            if self.classic and (leader ^ self.owner) & 1 and lh & ~tm:
                return 0  # kozyryatnik: this team may not lead trumps
        elif not broken and lh & ~tm:
            return 0
        tp = allc & tm
        ot = tp ^ lt
        b = ot.bit_length()
        k = (lt >> b).bit_count()
        if k < max((h[o] & tm).bit_count() for o in range(4) if o != leader):
            return 0
        gm = self.gmask
        runs = 0
        for g in self.plain_groups:
            lg = lh & gm[g]
            if lg:
                b = ((allc ^ lh) & gm[g]).bit_length()
                runs |= lg >> b << b
        if self.kozel:
            return self.mask_points(tp) + self.mask_points(runs)
        return lt.bit_count() + runs.bit_count()

    @staticmethod
    def _unbeaten(mine: int, theirs: int) -> int:
        """How many cards of `mine` (one seat's trumps) win their trick whatever the others
        do: a trump of that seat loses only to a higher trump of the other side played to the
        same trick, and each of those beats at most one. By Hall's theorem the cards left
        over by the best matching number the largest surplus, over the seat's top k trumps,
        of k over the other side's trumps above the k-th (0 when there is none)."""
        if not theirs:
            return mine.bit_count()
        best = k = 0
        while mine:
            c = mine.bit_length() - 1
            mine ^= 1 << c
            k += 1
            d = k - (theirs >> c).bit_count()
            best = max(best, d)
        return best

    def side_hand(self, h: list[int]) -> int:
        m = 0
        for s in range(4):
            if self.maxer[s]:
                m |= h[s]
        return m

    def bounds_ok(self, allc: int) -> bool:
        """Whether every card in hand will be played (Classic: not when the shamok may still
        take the Queen of Clubs of the other team and end the cycle)."""
        pair = self.sq_pair
        return not pair or allc & pair != pair

    def mask_points(self, m: int) -> int:
        p = 0
        pts = self.pts
        while m:
            b = m & -m
            m ^= b
            p += pts[b.bit_length() - 1]
        return p

    def _key(self, leader: int, allc: int) -> int:
        """The transposition key: per suit, the owners (and Kozel point classes) of the cards
        still in hand from low to high. Positions with the same key play alike whatever
        cards were played before (only the order of the cards left matters). Each suit's
        code is looked up by the four hands' cards of that suit (`suit_codes`)."""
        h0, h1, h2, h3 = self.hands
        out = leader
        width = 84 if self.kozel else 28  # room for a suit's code: 1 + 5 or 2 bits a card
        codes = self.suit_codes
        for g in self.groups:
            sh = 16 * g
            sk = ((((h3 >> sh & _G16) << 16 | h2 >> sh & _G16) << 16 | h1 >> sh & _G16) << 16
                  | h0 >> sh & _G16) << 3 | g
            code = codes.get(sk)
            if code is None:
                code = self._suit_code(g)
                if len(codes) > 400_000:
                    codes.clear()
                codes[sk] = code
            out = out << width | code
        return out

    def _suit_code(self, g: int) -> int:
        """Suit (group) `g`'s part of the key: its cards in hand from low to high, each as its
        owner (and in Kozel its point class), behind a leading 1."""
        h0, h1, h2, h3 = self.hands
        m = (h0 | h1 | h2 | h3) & self.gmask[g]
        pc = self.pclass
        code = 1
        if self.kozel:
            while m:
                b = m & -m
                m ^= b
                o = 0 if h0 & b else 1 if h1 & b else 2 if h2 & b else 3
                code = (code << 5) | (o << 3) | pc[b.bit_length() - 1]
        else:
            while m:
                b = m & -m
                m ^= b
                code = (code << 2) | (0 if h0 & b else 1 if h1 & b else 2 if h2 & b else 3)
        return code

    def _play(self, seat: int, led: int, win: int, win_seat: int, n: int, tp: int,
              broken: bool, alpha: int, beta: int, best: int = -1) -> tuple[int, int]:
        """The side's value from the trick in progress (`n` cards on it, worth `tp` points,
        `win` the winning card played by `win_seat`), `seat` to play; returns the value and
        the card that gave it."""
        legal = self.legal(seat, led, win, broken)
        hands = self.hands
        h = hands[seat]
        if led >= 0 and self.fast_follow:
            # `_moves` for a follower in the Batak family, written out here (the most
            # frequent case): the cheapest winner first against an opponent, the lowest
            # first when a partner is winning; one card per run of equivalent cards
            above = ~((2 << win) - 1)
            tm = self.tmask
            gmask = self.gmask
            if win >> 4 == self.trump:
                wins = legal & tm & above
            else:
                wins = legal & ((gmask[win >> 4] & above) | tm)
            rest = legal ^ wins
            present = hands[0] | hands[1] | hands[2] | hands[3] | self.ontrick
            moves = []
            for x in ((rest, wins) if self.maxer[win_seat] == self.maxer[seat]
                      else (wins, rest)):
                while x:
                    b = x & -x
                    x ^= b
                    lower = present & (b - 1) & gmask[b.bit_length() - 1 >> 4]
                    if lower and h >> lower.bit_length() - 1 & 1:
                        continue
                    moves.append(b.bit_length() - 1)
        else:
            moves = self._moves(seat, legal, led, win, win_seat, best)
        maximize = self.maxer[seat]
        bestv = -1 if maximize else 1 << 30
        bestm = moves[0]
        trump = self.trump
        pts = self.pts
        nxt = (seat + 1) & 3
        wg = win >> 4
        use_history = self.use_history
        exact = self.exact
        xw = self.xw
        for i in moves:
            b = 1 << i
            hands[seat] = h ^ b
            if led < 0:
                nled, nwin, nseat = i >> 4, i, seat
            elif ((i >> 4 == wg and i > win) or (i >> 4 == trump and wg != trump)):
                nled, nwin, nseat = led, i, seat
            else:
                nled, nwin, nseat = led, win, win_seat
            if n == 3:
                p = tp + pts[i]
                gain = (p if self.kozel else 1) if self.maxer[nseat] else 0
                on = self.ontrick
                if self.sq_pair and (on | b) & self.sq_pair == self.sq_pair:
                    v = gain  # Classic: the shamok took the Queen of Clubs, the cycle ends
                else:
                    # a position met before whose stored bound settles it: no call
                    e = exact.get((((hands[0] << xw | hands[1]) << xw | hands[2]) << xw
                                   | hands[3]) << 2 | nseat)
                    if e is not None and e[0] >= beta - gain:
                        v = gain + e[0]
                        self.nodes += 1
                    elif e is not None and e[1] <= alpha - gain:
                        v = gain + e[1]
                        self.nodes += 1
                    else:
                        self.ontrick = 0
                        self.rem_pts -= p
                        v = gain + self._bound(nseat, alpha - gain, beta - gain)
                        self.rem_pts += p
                        self.ontrick = on
            else:
                self.ontrick |= b
                v = self._play(nxt, nled, nwin, nseat, n + 1, tp + pts[i], broken,
                               alpha, beta)[0]
                self.ontrick ^= b
            hands[seat] = h
            if maximize:
                if v > bestv:
                    bestv, bestm = v, i
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            if n == 0 and use_history:
                                self.hist[seat][i] += h.bit_count() ** 2
                            break
            else:
                if v < bestv:
                    bestv, bestm = v, i
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            if n == 0 and use_history:
                                self.hist[seat][i] += 1
                            break
        return bestv, bestm

    def _reps(self, allc: int) -> tuple[int, int, int, int]:
        """For each hand at a trick boundary, its cards that start a run of equivalent cards
        (the card's next lower card in play, in its suit, is another hand's or there is none):
        the cards `_distinct` keeps, for every hand at once. These stay the same through the
        trick (a card played stays in play until the trick is over). On masks: a hand's card
        starts a run when the card just below it is another hand's card or the suit's lowest
        place (`self.low_bits`), or when a run of cards out of play (carried through by
        adding) ends at it; the places below a suit's lowest card and above its top card
        hold no card, so no carry reaches another suit's cards."""
        absent = self.deck_bits & ~allc
        lows = self.low_bits
        out: list[int] = []
        for h in self.hands:
            x = ((allc & ~h) << 1) | lows
            out.append(h & (x | ((absent + (x & absent)) & ~absent)))
        return out[0], out[1], out[2], out[3]

    def _lead_order(self, seat: int, legal: int, best: int) -> list[int]:
        """`_moves` for a lead in the Batak family, from the run starts already chosen."""
        ids: list[int] = []
        while legal:
            b = legal & -legal
            legal ^= b
            ids.append(b.bit_length() - 1)
        if len(ids) < 2:
            return ids
        h = self.hands
        present = h[0] | h[1] | h[2] | h[3]
        if self.pairs:
            return self._team_leads(seat, ids, present, best)
        gmask = self.gmask
        hist = self.hist[seat]
        keyed: list[int] = []
        for i in ids:
            if present >> (i + 1) & gmask[i >> 4] >> (i + 1):
                k = (1 << 20) | i
            else:
                k = 127 - i
            keyed.append(((HIST_TOP - min(hist[i], HIST_TOP)) << 28 | k) << 7 | i)
        return _best_first(keyed, best)

    def _play_b(self, seat: int, led: int, win: int, win_seat: int, n: int, broken: bool,
                alpha: int, beta: int, reps: tuple[int, ...], best: int = -1) -> int:
        """`_play` for the Batak family (tricks) with move ordering and equivalent cards on:
        the same search, with the play obligations and the followers' order written out (the
        most frequent code of the solver). Returns the value; at a trick's lead
        (`n` 0) the card that gave it is left in `self.best_lead`."""
        hands = self.hands
        h = hands[seat]
        maxer = self.maxer
        if led < 0:
            tm = self.tmask
            legal = (h if broken or not h & ~tm else h & ~tm) & reps[seat]
            moves = self._lead_order(seat, legal, best)
            wins = -1
        else:
            # engine.games.batak.legal_cards on masks; `wins`: the legal cards that take the
            # trick from `win`
            trump = self.trump
            gmask = self.gmask
            wg = win >> 4
            f = h & gmask[led]
            if f:
                if led != trump and wg == trump:
                    legal, wins = f, 0
                else:
                    wins = f & ~((2 << win) - 1)
                    legal = wins or f
            else:
                tr = h & self.tmask
                if tr:
                    if wg == trump:
                        wins = tr & ~((2 << win) - 1)
                        legal = wins or tr
                    else:
                        legal = wins = tr
                else:
                    legal, wins = h, 0
            # the cheapest winner first against an opponent, the lowest first when a partner
            # is winning; one card per run of equivalent cards
            r = reps[seat]
            moves: list[int] = []
            rest = (legal ^ wins) & r
            for x in ((rest, wins & r) if maxer[win_seat] == maxer[seat]
                      else (wins & r, rest)):
                while x:
                    b = x & -x
                    x ^= b
                    moves.append(b.bit_length() - 1)
        maximize = maxer[seat]
        bestv = -1 if maximize else 1 << 30
        bestm = moves[0]
        on = self.ontrick
        if n == 3:
            exact = self.exact
            bound = self._bound
            # the exact key of the next position (as `_bound` builds it) but for this seat's
            # hand and the next leader
            off = 66 + 64 * (2 - seat) if seat < 3 else 2
            base = 0
            for o in range(4):
                if o != seat:
                    base |= hands[o] << (66 + 64 * (2 - o) if o < 3 else 2)
            for i in moves:
                b = 1 << i
                hands[seat] = h ^ b
                nseat = seat if b & wins else win_seat
                gain = 1 if maxer[nseat] else 0
                # a position met before whose stored bound settles it: no call
                xk = base | (h ^ b) << off | nseat
                e = exact.get(xk)
                if e is None:
                    self.ontrick = 0
                    v = gain + bound(nseat, alpha - gain, beta - gain, xk)
                    self.ontrick = on
                elif e[0] >= beta - gain:
                    v = gain + e[0]
                    self.nodes += 1
                elif e[1] <= alpha - gain:
                    v = gain + e[1]
                    self.nodes += 1
                else:
                    self.ontrick = 0
                    v = gain + bound(nseat, alpha - gain, beta - gain)
                    self.ontrick = on
                if maximize:
                    if v > bestv:
                        bestv = v
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < bestv:
                    bestv = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            hands[seat] = h
            return bestv
        nxt = (seat + 1) & 3
        play = self._play_b
        cut = True
        for i in moves:
            b = 1 << i
            hands[seat] = h ^ b
            self.ontrick = on | b
            if wins < 0:
                v = play(nxt, i >> 4, i, seat, 1, broken, alpha, beta, reps)
            elif b & wins:
                v = play(nxt, led, i, seat, n + 1, broken, alpha, beta, reps)
            else:
                v = play(nxt, led, win, win_seat, n + 1, broken, alpha, beta, reps)
            if maximize:
                if v > bestv:
                    bestv, bestm = v, i
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < bestv:
                bestv, bestm = v, i
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        else:
            cut = False
        hands[seat] = h
        self.ontrick = on
        if n == 0:
            self.best_lead = bestm
            if cut and self.use_history:
                # a cut-off of the side's lead weighs the square of the cards in hand
                self.hist[seat][bestm] += h.bit_count() ** 2 if maximize else 1
                if not maximize and self.pairs:
                    self.killer[h.bit_count()] = bestm
        return bestv

    # --- driving the search -------------------------------------------------------------------
    def _root_state(self) -> tuple[int, int, int, bool]:
        """The trick in progress as (led suit, winning card, winning seat, trumps broken)."""
        led, win, win_seat = -1, -1, -1
        for s, i in self.trick:
            if win < 0:
                led, win, win_seat = i >> 4, i, s
            elif self._beats(i, win):
                win, win_seat = i, s
        return led, win, win_seat, self.broken

    def _search(self, seat: int, alpha: int, beta: int) -> int:
        """The side's value (fail-soft) with the trick list as it stands and `seat` to play;
        the position is restored if the search stops on the time cap."""
        if self.max_seconds is not None and self.deadline is None:
            self.deadline = time.perf_counter() + self.max_seconds
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise SolveTimeout(f"no result within {self.max_seconds} s")
        trick = self.trick
        hands = list(self.hands)
        rem = self.rem_pts
        self.ontrick = 0
        tp = 0
        for _, i in trick:
            self.ontrick |= 1 << i
            tp += self.pts[i]
        try:
            if not trick:
                return self._bound(seat, alpha, beta)
            led, win, win_seat, broken = self._root_state()
            if len(trick) == 4:
                # a complete trick (move_values after the fourth card): score it, go on
                gain = (tp if self.kozel else 1) if self.maxer[win_seat] else 0
                if self.sq_pair and self.ontrick & self.sq_pair == self.sq_pair:
                    return gain
                self.ontrick = 0
                self.rem_pts -= tp
                return gain + self._bound(win_seat, alpha - gain, beta - gain)
            return self._play(seat, led, win, win_seat, len(trick), tp, broken,
                              alpha, beta)[0]
        finally:
            self.hands = hands
            self.rem_pts = rem
            self.ontrick = 0

    def _window(self, seat: int, lo: int, hi: int) -> int:
        """Zero-window searches (fail-soft, so each one moves a bound to a value the side
        can reach) until the value is pinned between `lo` and `hi`."""
        g = self._guess(seat, lo, hi)
        # from a guess: steps; from the middle (Kozel's card points): halving
        ups = downs = 0 if self.use_guess and not self.kozel else 1
        while lo < hi:
            beta = min(max(g, lo + 1), hi)
            v = self._search(seat, beta - 1, beta)
            if v >= beta:
                lo = v
                ups += 1
                # one step up from the bound found, doubling while the value keeps rising;
                # halfway once the value has also been found below a test
                g = (lo + hi + 1) // 2 if downs else lo + (1 << (ups - 1))
            else:
                hi = v
                downs += 1
                g = (lo + hi + 1) // 2 if ups else hi + 1 - (1 << (downs - 1))
        return lo

    def _guess(self, seat: int, lo: int, hi: int) -> int:
        """The first value to test: what the side takes when every seat plays the first card
        of the move ordering to the end (a line of play, not a bound), or the middle."""
        if not self.use_guess or self.kozel or self.trick:
            return (lo + hi + 1) // 2
        hands = list(self.hands)
        got = 0
        leader = seat
        broken = self.broken
        pts = self.pts
        while self.hands[leader]:
            led, win, win_seat, p = -1, -1, -1, 0
            s = leader
            for _ in range(4):
                legal = self.legal(s, led, win, broken)
                i = self._moves(s, legal, led, win, win_seat, -1)[0]
                self.hands[s] ^= 1 << i
                self.ontrick |= 1 << i
                p += pts[i]
                if win < 0:
                    led, win, win_seat = i >> 4, i, s
                elif self._beats(i, win):
                    win, win_seat = i, s
                s = (s + 1) & 3
            if self.ontrick & self.tmask:
                broken = True
            self.ontrick = 0
            if self.maxer[win_seat]:
                got += p if self.kozel else 1
            leader = win_seat
        self.hands = hands
        return min(max(got, lo + 1), hi)

    def _top(self) -> int:
        h = self.hands
        allc = h[0] | h[1] | h[2] | h[3]
        if self.kozel:
            p = sum(self.pts[i] for _, i in self.trick)
            x = allc
            while x:
                b = x & -x
                x ^= b
                p += self.pts[b.bit_length() - 1]
            return p
        return (allc.bit_count() + len(self.trick)) >> 2

    def value(self) -> int:
        """The side's forced value from the current position (tricks or card points)."""
        if self.over or not (self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]):
            return 0
        self._set_rem()
        return self._window(self.to_move, 0, self._top())

    def _set_rem(self) -> None:
        """The points not yet in a completed trick (in hand or on the trick in progress)."""
        self.rem_pts = self._top() if self.kozel else 0

    def move_values(self) -> dict[str, int]:
        """For the seat to move: each legal move (engine text) -> the side's forced value
        from the current position once that move is played."""
        if self.over:
            return {}
        self._set_rem()
        seat = self.to_move
        led, win, _, broken = self._root_state()
        legal = self.legal(seat, led, win, broken)
        out: dict[int, int] = {}
        x = legal
        top = self._top()
        while x:
            b = x & -x
            x ^= b
            i = b.bit_length() - 1
            self.hands[seat] ^= b
            self.trick.append((seat, i))
            try:
                out[i] = self._window((seat + 1) & 3, 0, top)
            finally:
                self.trick.pop()
                self.hands[seat] ^= b
        return {CARD_STR[self.to_card[i]]: v for i, v in out.items()}

    def move_classes(self) -> list[tuple[str, ...]]:
        """The legal moves of the seat to move (engine text) in runs of equivalent cards, as
        the search merges them: cards next to each other in their suit's order, counting only
        the cards still in play, worth the same points (Classic's shamok and Queen of Clubs
        never merge). Each run from low to high; runs from low to high."""
        if self.over:
            return []
        seat = self.to_move
        led, win, _, broken = self._root_state()
        legal = self.legal(seat, led, win, broken)
        h = self.hands
        present = h[0] | h[1] | h[2] | h[3]
        for _, i in self.trick:
            present |= 1 << i
        runs: list[list[int]] = []
        x = legal
        prev = -1
        while x:
            b = x & -x
            x ^= b
            i = b.bit_length() - 1
            lower = present & (b - 1) & self.gmask[i >> 4]
            j = lower.bit_length() - 1 if lower else -1
            if j >= 0 and j == prev and not (b | (1 << j)) & self.no_merge \
                    and self.pts[j] == self.pts[i]:
                runs[-1].append(i)
            else:
                runs.append([i])
            prev = i
        return [tuple(CARD_STR[self.to_card[i]] for i in r) for r in runs]


def _result(solver: Solver, value: int, best: tuple[str, ...]) -> SolveResult:
    total = solver.already + value
    made: bool | None = None
    deal = solver.deal
    if isinstance(deal, BatakDeal) and deal.declarer is not None and deal.bid is not None:
        declaring = frozenset(deal.rules.team_of(deal.declarer))
        if solver.side == declaring:
            made = total >= deal.bid
        elif solver.side == frozenset(range(4)) - declaring:
            made = 13 - total >= deal.bid
    return SolveResult(value=value, already=solver.already, total=total, contract_made=made,
                       unit=solver.unit, nodes=solver.nodes, best=best)


def solve(deal: Deal, side: Sequence[int], *, max_seconds: float | None = None,
          best_moves: bool = False) -> SolveResult:
    """The best result `side` can force from `deal`'s current position, every card visible.

    `deal` is an engine deal in card play (or over: value 0); it is only read. `side` is the
    seats playing together (a team in partnership games), against all the others.
    With `best_moves`, `SolveResult.best` lists the moves of the seat to move that keep the
    value (this solves every legal move). `max_seconds` caps the search: SolveTimeout past it.
    Raises Unsupported (with `.reason`) for Bidding Kozel and for deals not in card play.
    """
    s = Solver(deal, side, max_seconds=max_seconds)
    if best_moves and not s.over:
        vals = s.move_values()
        maximize = s.maxer[s.to_move]
        v = max(vals.values()) if maximize else min(vals.values())
        return _result(s, v, tuple(m for m in deal.legal_moves() if vals[m] == v))
    return _result(s, s.value(), ())


def move_values(deal: Deal, side: Sequence[int], *,
                max_seconds: float | None = None) -> dict[str, int]:
    """For the seat to move in `deal`: each legal move (text, as `deal.legal_moves()` gives
    it) -> the value `side` forces after that move, counted from the current position (same
    units as `SolveResult.value`). Empty when the deal is over."""
    s = Solver(deal, side, max_seconds=max_seconds)
    vals = s.move_values()
    return {m: vals[m] for m in deal.legal_moves()} if vals else {}
