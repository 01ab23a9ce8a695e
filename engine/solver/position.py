"""The position of an open deal on bitmasks, and the rules on them: the set-up from an engine
deal (cards renumbered so that within a suit a higher bit is a higher card; in Kozel the trumps
are one suit), the play obligations (`legal`: the engine's `legal_cards` written on masks),
the moves in search order (equivalent cards as one, the lead history, the team lead order),
the transposition key, and what the search starts from. The set-up also makes the search's
tables (the transposition table, the lead history), which `search.Solver` fills."""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Deal
from ..games.batak import BatakDeal
from ..games.kozel import POINTS, TRUMP, KozelDeal

UNSUPPORTED_BIDDING_KOZEL = (
    "Bidding Kozel is not solved: a lead may be one card or a set of three, every follower "
    "chooses which one or three of four cards to play, and after each trick every hand draws "
    "from the stock, so the tree of a round is far larger than a Batak deal's even with the "
    "stock's order known; and the round is not decided by card points alone (a Bura or four "
    "Aces take the pot at once), so there is no single value to force."
)


class Unsupported(ValueError):
    """The solver cannot solve this deal or position; `.reason` says why, in English."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def supported(deal: Deal) -> str | None:
    """None when `solve` can solve `deal`'s current position, else the reason it cannot."""
    if isinstance(deal, (BatakDeal, KozelDeal)):
        if deal.phase not in ("play", "over"):
            return (
                f"the deal is in its {deal.phase} phase: the solver starts in card play, "
                "once trump and the contract are known"
            )
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


class Position:
    """One deal position for one side, on bitmasks (built from a deal, which is only read);
    the switches are `search.Solver`'s."""

    def __init__(
        self,
        deal: Deal,
        side: Sequence[int],
        *,
        tt: bool = True,
        equiv: bool = True,
        order: bool = True,
        bounds: bool = True,
        history: bool = True,
        draw: bool = True,
        guess: bool = True,
        team: bool = True,
        match: bool = True,
        alone: bool = True,
        max_seconds: float | None = None,
    ) -> None:
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
        self.trick: list[tuple[int, int]] = (
            [] if self.over else [(s, self.to_id[c]) for s, c in deal._trick]
        )
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
            if (
                self.shamok in held
                and self.queen in held
                and (held[self.shamok] ^ held[self.queen]) & 1
            ):
                self.sq_pair = (1 << self.shamok) | (1 << self.queen)
        self.leader = deal.trick_leader if deal.trick_leader is not None else -1
        self.to_move = deal.to_move if deal.to_move is not None else -1
        for _leader, plays, winner in deal._tricks:
            if self.maxer[winner]:
                self.already += 1 if not self.kozel else sum(POINTS[c] for _, c in plays)

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

    def _moves(
        self, seat: int, legal: int, led: int, win: int, win_seat: int, best: int
    ) -> list[int]:
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
            sk = (
                (((h3 >> sh & _G16) << 16 | h2 >> sh & _G16) << 16 | h1 >> sh & _G16) << 16
                | h0 >> sh & _G16
            ) << 3 | g
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

    def _root_state(self) -> tuple[int, int, int, bool]:
        """The trick in progress as (led suit, winning card, winning seat, trumps broken)."""
        led, win, win_seat = -1, -1, -1
        for s, i in self.trick:
            if win < 0:
                led, win, win_seat = i >> 4, i, s
            elif self._beats(i, win):
                win, win_seat = i, s
        return led, win, win_seat, self.broken

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

    def _set_rem(self) -> None:
        """The points not yet in a completed trick (in hand or on the trick in progress)."""
        self.rem_pts = self._top() if self.kozel else 0
