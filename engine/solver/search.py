"""The search: zero-window alpha-beta searches (MTD(f)) on the integer value from a first
guess, through a transposition table of value bounds at trick boundaries (`_bound`), the
general trick search (`_play`) and the Batak family's (`_play_b`); and `solve` and
`move_values`, the entry points."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import CARD_STR
from ..core import Deal
from ..games.batak import BatakDeal
from .bounds import Bounds


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


class Solver(Bounds):
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
        if (
            self.deadline is not None
            and not self.nodes & 1023
            and time.perf_counter() > self.deadline
        ):
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
            v = self._play_b(leader, -1, -1, -1, 0, broken, alpha, beta, self._reps(allc), best)
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

    def _play(
        self,
        seat: int,
        led: int,
        win: int,
        win_seat: int,
        n: int,
        tp: int,
        broken: bool,
        alpha: int,
        beta: int,
        best: int = -1,
    ) -> tuple[int, int]:
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
            for x in (rest, wins) if self.maxer[win_seat] == self.maxer[seat] else (wins, rest):
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
            elif (i >> 4 == wg and i > win) or (i >> 4 == trump and wg != trump):
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
                    e = exact.get(
                        (((hands[0] << xw | hands[1]) << xw | hands[2]) << xw | hands[3]) << 2
                        | nseat
                    )
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
                v = self._play(nxt, nled, nwin, nseat, n + 1, tp + pts[i], broken, alpha, beta)[0]
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

    def _play_b(
        self,
        seat: int,
        led: int,
        win: int,
        win_seat: int,
        n: int,
        broken: bool,
        alpha: int,
        beta: int,
        reps: tuple[int, ...],
        best: int = -1,
    ) -> int:
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
            moves = []
            rest = (legal ^ wins) & r
            for x in (rest, wins & r) if maxer[win_seat] == maxer[seat] else (wins & r, rest):
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
            return self._play(seat, led, win, win_seat, len(trick), tp, broken, alpha, beta)[0]
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

    def value(self) -> int:
        """The side's forced value from the current position (tricks or card points)."""
        if self.over or not (self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]):
            return 0
        self._set_rem()
        return self._window(self.to_move, 0, self._top())

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
            if (
                j >= 0
                and j == prev
                and not (b | (1 << j)) & self.no_merge
                and self.pts[j] == self.pts[i]
            ):
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
    return SolveResult(
        value=value,
        already=solver.already,
        total=total,
        contract_made=made,
        unit=solver.unit,
        nodes=solver.nodes,
        best=best,
    )


def solve(
    deal: Deal, side: Sequence[int], *, max_seconds: float | None = None, best_moves: bool = False
) -> SolveResult:
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


def move_values(
    deal: Deal, side: Sequence[int], *, max_seconds: float | None = None
) -> dict[str, int]:
    """For the seat to move in `deal`: each legal move (text, as `deal.legal_moves()` gives
    it) -> the value `side` forces after that move, counted from the current position (same
    units as `SolveResult.value`). Empty when the deal is over."""
    s = Solver(deal, side, max_seconds=max_seconds)
    vals = s.move_values()
    return {m: vals[m] for m in deal.legal_moves()} if vals else {}
