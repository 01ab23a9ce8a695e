"""Bounds on what the side can still take from a trick boundary, for the search to cut with:
the last trick played out, sure winners (`_sure`), a seat's unbeaten trumps, a seat alone
with the top trumps (`_alone`) and drawing trumps (`_drawn`)."""

from __future__ import annotations

from .position import Position


class Bounds(Position):
    """A position with its bounds (docs/solver.md)."""

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

    def bounds_ok(self, allc: int) -> bool:
        """Whether every card in hand will be played (Classic: not when the shamok may still
        take the Queen of Clubs of the other team and end the cycle)."""
        pair = self.sq_pair
        return not pair or allc & pair != pair

    def side_hand(self, h: list[int]) -> int:
        m = 0
        for s in range(4):
            if self.maxer[s]:
                m |= h[s]
        return m

    def mask_points(self, m: int) -> int:
        p = 0
        pts = self.pts
        while m:
            b = m & -m
            m ^= b
            p += pts[b.bit_length() - 1]
        return p

    def _sure(
        self, h: list[int], allc: int, leader: int, top: int, broken: bool
    ) -> tuple[int, int]:
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
                if o != leader and h[o] & tm and (self.forced_trump or maxer[o] != maxer[leader]):
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
                high = top - (
                    max((h[s] & os_).bit_count() for s in range(4) if not maxer[s]) if os_ else 0
                )
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
