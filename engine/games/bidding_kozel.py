"""Bidding Kozel: a Bura-like game for 2 to 5 players, each for themselves, playing for a pot.

Rules: `docs/rules.md` §6 (the rule book's §3, seed 004). 36 cards (6..A) ranked A 10 K Q J 9 8 7 6, card points
A 11, 10 10, K 4, Q 3, J 2 (120 in all). Every player in the match antes into the pot each
round; four cards each, the next card turned up for trump and laid at the bottom of the stock.
The leader plays one card or three cards of one suit, everyone else the same number of cards,
any suits; a play takes over the trick when its cards can be matched one-to-one to beat every
card of the play now winning. The trick's winner draws first, everyone back to four cards, but
only when the stock can refill every hand (otherwise the rest of the stock is dead). Most card
points takes the pot; a Bura (three trumps played to one trick) or four Aces in hand takes it
at once. Play is clockwise: seat i+1 follows seat i.

House decisions taken here (RULES.md §3 and this module):
- A round is one deal. Antes are taken when the round starts; a seat whose bankroll is below
  the ante is out for good (no cards, skipped in play and in the deal rotation). The ante is
  part of the round's `delta`: delta = stakes won from the pot − the ante paid, so the
  bankrolls (`Match.totals`) are always the opening bankroll plus the sum of the deltas. During
  a round the antes sit in the pot and `totals` still show the bankrolls before the ante.
- The pot and a tie's carried remainder are match state (`match.info["pot"]`). A tie splits the
  pot in whole stakes among the tied players; the remainder stays in the pot for the next
  round. When the match ends, what is left in the pot is lost (`match.info["lost"]`).
- A seeded deal gives four cards each, one at a time, from the dealer's left (the dealer last),
  then turns up the next card; the stock's drawing order is the rest of the pack, then the
  turned-up card.
- A stock that cannot refill every hand is dead at once: since hands only shrink afterwards,
  no later refill could succeed either. An empty stock leaves no dead cards.
- Order of checks after a trick: a Bura in it ends the round (no refill); otherwise the hands
  are refilled, then four Aces are looked for, then an empty hand ends the round on points.
  Four Aces are looked for only after the deal and after a refill, the only times a hand gains
  cards. Only one hand can hold four Aces, so there is never a second claimant.
- Several Buras in one trick: the first one holds the pot unless a later Bura beats it card
  for card (the beating rule between two plays); the trick itself goes to its final winning
  play as usual, and its cards count for that player's points (shown in the result).
- Face down (option `face_down`): a play that does not take over the trick when it is played
  is laid face down; the others see it as `??` per card in the per-seat view, in the trick in
  progress and in finished tricks. A play that led or took over stays face up even when a
  later play beats it (everyone has seen it). Once the round is over every play is shown: the
  piles are turned over for the tally.
- The per-seat view never shows captured points during a round (no player may look at their
  pile); the API (`Deal.result`, `Deal.points`) knows them.
- Next dealer: the pot winner; on a tie the first tied winner met clockwise from the dealer's
  left, the dealer counting last.
"""

from __future__ import annotations

import random
import re
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from ..cards import CARD_STR, DECK_36, kozel_points, parse_card
from ..core import (
    Action,
    Deal,
    IllegalMove,
    Match,
    Observation,
    Option,
    Play,
    RecordError,
    Rules,
    RulesError,
    check_hands,
    parse_record_cards,
    register,
)
from ..messages import ENGLISH, Message, add_english, msg
from ..messages import card as mcard
from ..messages import seat as mseat
from ..messages import seats as mseats

# What this game tells a player, in English (the key is the stable part).
add_english(
    {
        "bk.empty": "The move is empty: play one card or three cards.",
        "bk.bad_play": "'{text}' is not a play: write one card (QH) or three cards (6H 7H 8H).",
        "bk.named_twice": "{card} is named twice.",
        "bk.count": "Play one card or three cards, not {count}.",
        "bk.round_over": "The round is over.",
        "bk.follow_one": "The lead was one card: you must play one card.",
        "bk.follow_three": "The lead was three cards: you must play three cards.",
        "bk.lead_one_suit": "A lead of three cards must be of one suit.",
        "bk.bankroll_below_ante": "{game}: the bankroll ({bankroll}) must be at least the ante "
        "({ante}).",
        "bk.record_no_ante": "Fewer than two players can ante: the match is over.",
        "bk.record_dealer_out": "{game}: seat {seat} cannot deal: it is out of the match (it cannot "
        "ante).",
        "bk.record_hands_and_stock": "{game}: a deal set up by hand lists both 'hands' and 'stock' "
        "(drawing order, the turned-up trump last).",
        "bk.record_stock_list": "{game}: 'stock' must be a list of cards.",
        "bk.record_stock_size": "{game}: the stock has {have} cards; this deal leaves {size}.",
    }
)

HAND_SIZE = 4

# Rank order of the game (A 10 K Q J 9 8 7 6), as a power per rank; the printed rank order of
# the other games puts the 10 below the Jack, so the table is the only source of "higher".
POWER: dict[int, int] = {6: 0, 7: 1, 8: 2, 9: 3, 11: 4, 12: 5, 13: 6, 10: 7, 14: 8}
POINTS: list[int] = [kozel_points(c) for c in range(64)]
# Canonical order of the cards in a set: by game rank, then suit ("6H 7H 8H", "JS KS 10S").
CANON: list[int] = [POWER.get(c & 15, 0) * 4 + (c >> 4) for c in range(64)]
ACES = frozenset(c for c in DECK_36 if c & 15 == 14)


def _beats_table(trump: int) -> tuple[bool, ...]:
    """beats[x * 64 + y]: card x beats card y (same suit and higher, or x trump and y not)."""
    out = [False] * 4096
    for x in DECK_36:
        for y in DECK_36:
            sx, sy = x >> 4, y >> 4
            if sx == sy:
                out[x * 64 + y] = POWER[x & 15] > POWER[y & 15]
            else:
                out[x * 64 + y] = sx == trump
    return tuple(out)  # a tuple: `Deal.clone` copies lists, and this table is shared


BEATS: tuple[tuple[bool, ...], ...] = tuple(_beats_table(t) for t in range(4))

_PERMS3 = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def play_beats(b: tuple[bool, ...], play: tuple[int, ...], over: tuple[int, ...]) -> bool:
    """Whether `play` beats `over`: its cards can be matched one-to-one to beat every card."""
    if len(play) == 1:
        return b[play[0] * 64 + over[0]]
    x, y, z = over
    for i, j, k in _PERMS3:
        if b[play[i] * 64 + x] and b[play[j] * 64 + y] and b[play[k] * 64 + z]:
            return True
    return False


def canon(cards: Any) -> tuple[int, ...]:
    return tuple(sorted(cards, key=CANON.__getitem__))


_CARD_RE = re.compile(r"(10|[2-9TJQKA])([SHDC])")


Seating = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]
_SEATING: dict[tuple[int, tuple[int, ...]], Seating] = {}


def _seating(n: int, active: tuple[int, ...]) -> Seating:
    """For the seats still in: the next one clockwise after each seat (out seats too), and the
    drawing order after a trick per winner (the winner, then clockwise). Tuples, so that
    `Deal.clone` shares them."""
    key = (n, active)
    got = _SEATING.get(key)
    if got is None:
        nxt: list[int] = []
        for s in range(n):
            t = (s + 1) % n
            while t not in active:
                t = (t + 1) % n
            nxt.append(t)
        k = len(active)
        orders = tuple(
            tuple(active[(active.index(s) + i) % k] for i in range(k)) if s in active else ()
            for s in range(n)
        )
        got = _SEATING[key] = (tuple(nxt), orders)
    return got


def cards_of(action: Action) -> tuple[int, ...]:
    return (action,) if isinstance(action, int) else action  # type: ignore[return-value]


@dataclass(frozen=True)
class BiddingKozelObservation(Observation):
    """A seat's view of a Bidding Kozel round. Plays laid face down to the others are `None`
    in `tricks` and `trick` (the seat sees its own); captured points are not known."""

    active: tuple[int, ...]  # the seats dealt in this round
    stock_size: int
    turned: int  # the turned-up trump card (at the bottom of the stock until drawn)
    turned_up_to: int | None  # who drew it
    draws: tuple[tuple[int, ...], ...]  # per refill: the seats in the order they drew
    dead_count: int  # stock cards nobody gets
    lead_size: int | None
    winning: tuple[int, tuple[int, ...]] | None  # (seat, cards) of the play now winning

    def visible_plays(self) -> list[list[tuple[int, tuple[int, ...] | None]]]:
        """Every trick so far (the one in progress last) as cards, None for a face-down play."""
        return [
            [(s, None if a is None else cards_of(a)) for s, a in plays]
            for plays in self.trick_plays()
        ]


class BiddingKozelDeal(Deal):
    """One round of Bidding Kozel: the deal, the tricks, the refills and the pot."""

    def __init__(
        self,
        rules: BiddingKozel,
        index: int,
        dealer: int,
        hands: list[list[int]],
        stock: list[int],
        active: list[int],
        pot: int,
        bankrolls: list[int],
    ) -> None:
        super().__init__(rules, index, dealer, hands)
        n = self.players
        self.active: tuple[int, ...] = tuple(active)
        self.ante: int = rules.options["ante"]
        self.antes: list[int] = [self.ante if s in self.active else 0 for s in range(n)]
        self.pot: int = pot  # the stakes this round is played for (antes + carried remainder)
        self.bankrolls: list[int] = [b - a for b, a in zip(bankrolls, self.antes)]
        self.face_down: bool = rules.options["face_down"]
        self.initial_stock: list[int] = list(stock)
        self._stock: list[int] = list(stock)
        self._drawn = 0  # cards drawn from the front of `_stock`
        self.turned: int = stock[-1]
        self.turned_up_to: int | None = None  # who drew the turned-up card (everyone sees it)
        self.trump_suit = stock[-1] >> 4
        self._b = BEATS[self.trump_suit]
        self._next, self._orders = _seating(n, self.active)
        self._n_active = len(self.active)
        self._piles: list[list[int]] = [[] for _ in range(n)]  # won cards (hidden)
        self.points: list[int] = [0] * n  # captured card points (hidden from the per-seat view)
        self._dead: list[int] = []
        self.end_reason: str | None = None
        self.draws: list[list[int]] = []  # per refill: the seats in the order they drew
        # The trick in progress: the winning play, who plays it, which plays lie face up.
        self._win: tuple[int, ...] = ()
        self._win_seat = -1
        self._faceup: list[bool] = []
        self._faceups: list[list[bool]] = []  # per finished trick
        self._bura_seat = -1  # the strongest Bura of the trick in progress
        self._bura: tuple[int, ...] = ()
        self.phase = "play"
        leader = self._next[dealer]
        self.to_move = leader
        self._trick_leader = leader
        holder = self._four_aces()
        if holder is not None:
            self._finish("four_aces", [holder])

    # --- public facts -----------------------------------------------------------------------
    @property
    def stock(self) -> list[str]:
        """The cards still to draw, in drawing order (the turned-up card last)."""
        return [CARD_STR[c] for c in self._stock[self._drawn :]]

    @property
    def dead(self) -> list[str]:
        """The cards left in a stock that could not refill every hand: nobody gets them."""
        return [CARD_STR[c] for c in self._dead]

    @property
    def piles(self) -> list[list[str]]:
        """The cards each seat has won this round (the API knows; the per-seat view does not)."""
        return [[CARD_STR[c] for c in p] for p in self._piles]

    @property
    def stock_size(self) -> int:
        return len(self._stock) - self._drawn

    @property
    def turned_up(self) -> str:
        """The turned-up card that set trump (it stays the trump indicator once drawn)."""
        return CARD_STR[self.turned]

    @property
    def lead_size(self) -> int | None:
        """How many cards each play of the trick in progress has (None before the lead)."""
        return len(cards_of(self._trick[0][1])) if self._trick else None

    def winning_play(self) -> tuple[int, tuple[int, ...]] | None:
        """(seat, cards) of the play now winning the trick in progress; None before the lead."""
        return (self._win_seat, self._win) if self._trick else None

    def winning_seat(self) -> int | None:
        """The seat whose play now wins the trick in progress (None before the lead)."""
        return self._win_seat if self._trick else None

    def would_win(self, action: Action) -> bool:
        """Whether `action`, played now, would take over the trick in progress."""
        return not self._trick or play_beats(self._b, cards_of(action), self._win)

    # --- legality ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.phase != "play":
            return []
        hand = self._hands[self.to_move]  # type: ignore[index]
        trick = self._trick
        if (trick and isinstance(trick[0][1], int)) or len(hand) < 3:
            return list(hand)  # single cards (the public surface sorts them)
        # Sets are tuples in canonical order, so each appears once and matches `parse_action`.
        h = sorted(hand, key=CANON.__getitem__)
        if trick:
            return list(combinations(h, 3))
        out: list[Action] = list(h)
        out.extend(t for t in combinations(h, 3) if t[0] >> 4 == t[1] >> 4 == t[2] >> 4)
        return out

    def parse_action(self, text: str) -> Action:
        """One card (`QH`) or three (`6H 7H 8H`, any order and spacing); never 2 or 4+ cards."""
        if not isinstance(text, str) or not text.strip():
            raise IllegalMove(msg("bk.empty"))
        raw = "".join(text.upper().replace(",", " ").split())
        pos = 0
        cards: list[int] = []
        while pos < len(raw):
            m = _CARD_RE.match(raw, pos)
            if m is None:
                raise IllegalMove(msg("bk.bad_play", text=text.strip()))
            cards.append(parse_card(m.group(0)))
            pos = m.end()
        if len(set(cards)) != len(cards):
            dup = next(c for c in cards if cards.count(c) > 1)
            raise IllegalMove(msg("bk.named_twice", card=mcard(dup)))
        if len(cards) == 1:
            return cards[0]
        if len(cards) == 3:
            return canon(cards)
        raise IllegalMove(msg("bk.count", count=len(cards)))

    def why_not(self, action: Action) -> Message:
        if self.phase != "play":
            return msg("bk.round_over")
        cards = cards_of(action)
        hand = self._hands[self.to_move]  # type: ignore[index]
        for c in cards:
            if c not in hand:
                return msg("illegal.not_in_hand", card=mcard(c))
        if self._trick:
            need = self.lead_size
            if len(cards) != need:
                return msg("bk.follow_one" if need == 1 else "bk.follow_three")
        elif len(cards) == 3 and len({c >> 4 for c in cards}) != 1:
            return msg("bk.lead_one_suit")
        return msg("illegal.generic")

    # --- applying moves ---------------------------------------------------------------------
    def apply_action(self, action: Action) -> None:
        seat = self.to_move
        assert seat is not None
        hand = self._hands[seat]
        trick = self._trick
        b = self._b
        cards: tuple[int, ...]
        if isinstance(action, int):
            hand.remove(action)
            cards = (action,)
            if not trick:
                self._trick_leader = seat
                self._win = cards
                self._win_seat = seat
                self._faceup = [True]
            elif b[action * 64 + self._win[0]]:
                self._win = cards
                self._win_seat = seat
                self._faceup.append(True)
            else:
                self._faceup.append(False)
        else:
            cards = action  # type: ignore[assignment]
            x, y, z = cards
            hand.remove(x)
            hand.remove(y)
            hand.remove(z)
            if not trick:
                self._trick_leader = seat
                self._win = cards
                self._win_seat = seat
                self._faceup = [True]
            elif play_beats(b, cards, self._win):
                self._win = cards
                self._win_seat = seat
                self._faceup.append(True)
            else:
                self._faceup.append(False)
            t = self.trump_suit
            if (
                x >> 4 == t
                and y >> 4 == t
                and z >> 4 == t
                and (self._bura_seat < 0 or play_beats(b, cards, self._bura))
            ):
                self._bura_seat = seat  # a Bura, and the strongest of this trick so far
                self._bura = cards
        trick.append((seat, action))
        if len(trick) < self._n_active:
            self.to_move = self._next[seat]
            return
        # The trick is complete: its cards go to the final winning play's owner.
        winner = self._win_seat
        self._tricks.append((self._trick_leader, trick, winner))  # type: ignore[arg-type]
        self._faceups.append(self._faceup)
        self._faceup = []
        self._trick = []
        self.taken[winner] += 1
        pile = self._piles[winner]
        pts = 0
        for _, a in trick:
            if isinstance(a, int):
                pile.append(a)
                pts += POINTS[a]
            else:
                pile.extend(a)
                pts += POINTS[a[0]] + POINTS[a[1]] + POINTS[a[2]]
        self.points[winner] += pts
        if self._bura_seat >= 0:
            self._finish("bura", [self._bura_seat])
            return
        if self._refill(winner):
            holder = self._four_aces()
            if holder is not None:
                self._finish("four_aces", [holder])
                return
        if not self._hands[winner]:
            self._finish_on_points()
            return
        self.to_move = winner
        self._trick_leader = winner

    def _refill(self, winner: int) -> bool:
        """Everyone draws back to 4, one card at a time from the winner, if the stock suffices.

        Returns whether an Ace was drawn (only then can a hand hold four Aces).
        """
        stock = self._stock
        k = self._drawn
        left = len(stock) - k
        if not left:
            return False
        missing = HAND_SIZE - len(self._hands[winner])  # every hand holds as many cards
        if missing * self._n_active > left:
            self._dead.extend(stock[k:])
            self._drawn = len(stock)
            return False
        order = self._orders[winner]
        hands = self._hands
        for _ in range(missing):
            for s in order:
                hands[s].append(stock[k])
                k += 1
        ace = any(c & 15 == 14 for c in stock[self._drawn : k])
        if k == len(stock):
            self.turned_up_to = order[-1]  # the last card drawn is the turned-up one
        self._drawn = k
        self.draws.append(list(order))
        return ace

    def _four_aces(self) -> int | None:
        for s in self.active:
            h = self._hands[s]
            if len(h) == 4 and all(c in ACES for c in h):
                return s
        return None

    # --- the end of the round ---------------------------------------------------------------
    def _finish_on_points(self) -> None:
        top = max(self.points[s] for s in self.active)
        takers = [s for s in self.active if self.points[s] == top]
        self._finish("points" if len(takers) == 1 else "tie", takers)

    def _finish(self, reason: str, takers: list[int]) -> None:
        self.phase = "over"
        self.to_move = None
        self.end_reason = reason
        n = self.players
        share = self.pot // len(takers)
        remainder = self.pot - share * len(takers)
        delta = [-a for a in self.antes]
        for s in takers:
            delta[s] += share
        # The pot winner deals next; on a tie the first winner from the dealer's left.
        nxt = min(takers, key=lambda s: (s - self.dealer - 1) % n)
        self.result = {
            "tricks": list(self.taken),
            "points": list(self.points),
            "delta": delta,
            "reason": reason,
            "pot_winners": sorted(takers),
            "pot": self.pot,
            "share": share,
            "remainder": remainder,
            "antes": list(self.antes),
            "bura": self._bura_seat if reason == "bura" else None,
            "four_aces": takers[0] if reason == "four_aces" else None,
            "next_dealer": nxt,
            "dead": self.dead,
        }

    # --- what a seat knows -------------------------------------------------------------------
    def current_plays(self) -> list[tuple[int, Action]]:
        """The trick in progress as (seat, action) plays (a search plays worlds it dealt)."""
        return self._trick

    def _masked_plays(
        self, seat: int, plays: list[tuple[int, Action]], faceup: list[bool]
    ) -> tuple[Any, ...]:
        """`plays` as `seat` sees them: a play laid face down to it is (seat, None)."""
        if not self.face_down or self.phase == "over":  # the piles are shown at the tally
            return tuple(plays)
        return tuple([(s, a if (up or s == seat) else None) for (s, a), up in zip(plays, faceup)])

    def _view_key(self, seat: int) -> Hashable:
        return (seat, self.face_down and self.phase != "over")

    def _seen_plays(self, seat: int, index: int, plays: list[Play]) -> tuple[Play, ...]:
        return self._masked_plays(seat, plays, self._faceups[index])

    def _seen_trick(self, seat: int) -> tuple[Play, ...]:
        return self._masked_plays(seat, self._trick, self._faceup)

    def observation(self, seat: int) -> BiddingKozelObservation:
        f = self.observation_fields(seat)
        f["active"] = self.active
        f["stock_size"] = len(self._stock) - self._drawn
        f["turned"] = self.turned
        f["turned_up_to"] = self.turned_up_to
        f["draws"] = tuple(map(tuple, self.draws))
        f["dead_count"] = len(self._dead)
        f["lead_size"] = self.lead_size
        f["winning"] = self.winning_play()
        return BiddingKozelObservation.build(f)

    def resample(self, seat: int, rng: random.Random) -> BiddingKozelDeal:
        """A copy of the round with every place `seat` cannot see dealt again from the unseen
        cards: the other hands, the stock's order and the cards of face-down plays (so the
        captured points follow the world's cards). The drawer of the turned-up card keeps it
        in most worlds while it holds cards."""
        w = self.resample_many(seat, rng, 1)[0]
        assert isinstance(w, BiddingKozelDeal)
        return w

    def shuffle_stock(self, rng: random.Random) -> BiddingKozelDeal:
        """A copy of the round with the cards still to draw in a random order (the turned-up
        card stays at the bottom) and everything else as it is: the world of a player who
        sees every hand but not the stock's order (the strength benchmark's fair yardstick)."""
        w = self.clone()
        assert isinstance(w, BiddingKozelDeal)
        rest = w._stock[w._drawn :]
        if len(rest) > 1:
            bottom = rest[-1] if rest[-1] == self.turned else None
            pool = rest[:-1] if bottom is not None else rest
            rng.shuffle(pool)
            w._stock = w._stock[: w._drawn] + pool + ([bottom] if bottom is not None else [])
        return w

    def resample_many(self, seat: int, rng: random.Random, n: int) -> list[Deal]:
        """`n` worlds as `resample` draws them, one after the other from `rng` (what the seat
        knows is worked out once)."""
        obs = self.observation(seat)
        visible = obs.visible_plays()
        seen: set[int] = set(obs.hand)
        for plays in visible:
            for _, cs in plays:
                if cs is not None:
                    seen.update(cs)
        turned = obs.turned
        stock_n = obs.stock_size
        turned_in_stock = stock_n > 0
        seen.add(turned)
        slots = []  # (trick index, play index, cards) of every play the seat has not seen
        for ti, seen_plays in enumerate(obs.trick_plays()):
            for pi, (_, shown) in enumerate(seen_plays):
                if shown is None:
                    real = (self._tricks[ti][1] if ti < len(self._tricks) else self._trick)[pi]
                    slots.append((ti, pi, len(cards_of(real[1]))))
        others = [s for s in obs.active if s != seat]
        # Who drew the turned-up card (the last card of the refill that emptied the stock).
        drawer = -1
        if not turned_in_stock and turned not in obs.hand and obs.draws:
            drawer = obs.draws[-1][-1] if not obs.dead_count else -1
        unseen = [c for c in DECK_36 if c not in seen]
        turned_unseen_place = (
            not turned_in_stock
            and not any(turned in cs for plays in visible for _, cs in plays if cs is not None)
            and turned not in obs.hand
        )
        if turned_unseen_place:
            unseen.append(turned)
        sizes = {s: obs.hand_sizes[s] for s in others}
        stock_free = stock_n - 1 if turned_in_stock else 0
        worlds: list[Deal] = []
        for _ in range(n):
            pool = list(unseen)
            rng.shuffle(pool)
            w = self.clone()
            assert isinstance(w, BiddingKozelDeal)
            hands = w._hands
            if turned_unseen_place and drawer >= 0 and drawer != seat:
                # The drawer still holds it unless it has played it face down since.
                pool.remove(turned)
                if obs.hand_sizes[drawer] > 0 and rng.random() < 0.9:
                    hands[drawer] = [turned]
                else:
                    pool.append(turned)
                    rng.shuffle(pool)
                    hands[drawer] = []
            k = 0
            for s in others:
                have = (
                    hands[s]
                    if (s == drawer and turned_unseen_place and hands[s] == [turned])
                    else []
                )
                need = sizes[s] - len(have)
                hands[s] = have + pool[k : k + need]
                k += need
            stock = pool[k : k + stock_free]
            k += stock_free
            w._stock = w._stock[: w._drawn] + stock + ([turned] if turned_in_stock else [])
            # Face-down plays get the next unseen cards; points follow the sampled cards.
            tricks = list(w._tricks)
            cur = list(w._trick)
            for ti, pi, cnt in slots:
                cs = tuple(sorted(pool[k : k + cnt]))
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
            # Dead stock cards were never seen either: they are the rest of the pool.
            w._dead = pool[k : k + len(w._dead)]
            k += len(w._dead)
            w.points = [0] * w.players
            for _, plays, win in tricks:
                w.points[win] += sum(POINTS[c] for _, a in plays for c in cards_of(a))
            # A Bura laid face down would be unknown: recompute it from the world's cards.
            w._bura_seat = -1
            w._bura = ()
            t = w.trump_suit
            for s, a in cur:
                cs = cards_of(a)
                if (
                    len(cs) == 3
                    and all(c >> 4 == t for c in cs)
                    and (w._bura_seat < 0 or play_beats(w._b, cs, w._bura))
                ):
                    w._bura_seat, w._bura = s, cs
            worlds.append(w)
        return worlds

    # --- views and records ------------------------------------------------------------------
    def card_places(self) -> dict[str, list[int]]:
        places = super().card_places()
        places["stock"] = self._stock[self._drawn :]
        places["dead"] = list(self._dead)
        return places

    def deck_cards(self) -> list[int]:
        return sorted(DECK_36)

    def setup_extra(self) -> dict[str, Any]:
        return {"stock": [CARD_STR[c] for c in self.initial_stock]}

    def _masked(
        self, seat: int, plays: list[tuple[int, Any]], faceup: list[bool]
    ) -> list[list[Any]]:
        out: list[list[Any]] = []
        hide = self.face_down and self.phase != "over"  # the piles are shown at the tally
        for (s, a), up in zip(plays, faceup):
            if up or s == seat or not hide:
                out.append([s, self.action_str(a)])
            else:
                out.append([s, " ".join(["??"] * len(cards_of(a)))])
        return out

    def visible_plays(self, seat: int) -> list[list[tuple[int, tuple[int, ...] | None]]]:
        """Every trick so far (the one in progress last) as `seat` sees it: None = face down."""
        out: list[list[tuple[int, tuple[int, ...] | None]]] = []
        tricks = [(p, f) for (_, p, _), f in zip(self._tricks, self._faceups)]
        if self._trick:
            tricks.append((self._trick, self._faceup))
        hide = self.face_down and self.phase != "over"
        for plays, faceup in tricks:
            out.append(
                [
                    (s, cards_of(a) if (up or s == seat or not hide) else None)
                    for (s, a), up in zip(plays, faceup)
                ]
            )
        return out

    def view(self, seat: int) -> dict[str, Any]:
        v = super().view(seat)
        v["tricks"] = [
            {"leader": leader, "plays": self._masked(seat, plays, f), "winner": w}
            for (leader, plays, w), f in zip(self._tricks, self._faceups)
        ]
        v["trick"] = self._masked(seat, self._trick, self._faceup)
        return v

    def view_extra(self, seat: int) -> dict[str, Any]:
        # Deliberately no captured points or piles here: see the module docstring.
        return {
            "pot": self.pot,
            "stock_size": self.stock_size,
            "turned_up": self.turned_up,
            "end_reason": self.end_reason,
            "active": list(self.active),
            "turned_up_to": self.turned_up_to,
            "antes": list(self.antes),
            "bankrolls": list(self.bankrolls),
            "dead_count": len(self._dead),
            "lead_size": self.lead_size,
            "winning_seat": self._win_seat if self._trick else None,
            "face_down": self.face_down,
        }


# What the table says about a finished round and next to a seat, in English.
add_english(
    {
        "result.bidding_kozel.bura": "Bura! {seat} played three trumps and takes the pot.",
        "result.bidding_kozel.four_aces": "{seat} holds four Aces and takes the pot.",
        # Sentences about the reader (`Message.you_key`).
        "result.bidding_kozel.bura.you.seat": "Bura! You played three trumps and take the pot.",
        "result.bidding_kozel.four_aces.you.seat": "You hold four Aces and take the pot.",
        "result.bidding_kozel.tie": "Tie on card points: {winners} split the pot ({share} each).",
        "result.bidding_kozel.points_one": "Most card points: {winners} takes the pot of {pot}.",
        "result.bidding_kozel.points_one.you.winners": "Most card points: you take the pot of "
        "{pot}.",
        "result.bidding_kozel.points": "Most card points: {winners} take the pot of {pot}.",
        "result.bidding_kozel.remainder": "{remainder} stays in the pot for the next round.",
        "tag.bidding_kozel.out": "out",
        "fact.bidding_kozel.turned_up": "Turned up",
        "fact.bidding_kozel.stock": "Stock",
        "fact.bidding_kozel.pot": "Pot",
        "ending.bidding_kozel.tie": "Tie on card points",
        "ending.bidding_kozel.bura": "Bura",
        "ending.bidding_kozel.four_aces": "Four Aces",
        "fact.bidding_kozel.pot_won": "Pot {pot}: won by {player}",
        "fact.bidding_kozel.pot_won.you.player": "Pot {pot}: won by you",
        "fact.bidding_kozel.pot_split": "Pot {pot}: split by {players}, {share} each",
        "fact.bidding_kozel.pot_left": "Pot {pot}",
        # A tie's remainder is less than the number of tied players: 1 to 4.
        "fact.bidding_kozel.carry_one": "{n} stays in the pot",
        "fact.bidding_kozel.carry": "{n} stay in the pot",
        "prompt.bidding_kozel.lead": "Your lead: select one card, or three of one suit, then Play.",
        # A play is one card or three.
        "prompt.bidding_kozel.select_one": "Select {n} card, then Play.",
        "prompt.bidding_kozel.select": "Select {n} cards, then Play.",
    }
)


@register
class BiddingKozel(Rules):
    name = "bidding-kozel"
    score_unit = "stakes"
    title = "Bidding Kozel"
    summary = (
        "Each for themselves for a pot: play one card or a set of three, beat the best "
        "play card for card; Bura or four Aces take the pot at once."
    )
    players_allowed = (2, 3, 4, 5)
    default_players = 4
    direction = "left"
    seat_names = ("You", "Olga", "Ivan", "Nina", "Pyotr")
    home_language = "ru"  # Russian decks: В Д К Т for J Q K A
    deal_word = "round"
    rank_order = ("A", "10", "K", "Q", "J", "9", "8", "7", "6")
    score_labels: ClassVar[Mapping[str, str]] = {
        "points": "Card points",
        "delta": "Won / lost",
        "total": "Bankroll",
        "total_short": "bank",
    }
    card_points = True
    deal_fields = frozenset({"dealer", "hands", "stock", "moves"})
    multi_card_plays = True  # one card, or three (a lead of three is of one suit)
    endings = ("points", "tie", "bura", "four_aces")
    result_fields = ("reason", "pot", "share", "remainder", "pot_winners")

    def deal_facts(self, view: Mapping[str, Any]) -> list[tuple[Message, Message]]:
        """The turned-up trump card, the cards left in the stock and the pot."""
        out: list[tuple[Message, Message]] = []
        turned = view.get("turned_up")
        if isinstance(turned, str) and turned:
            out.append(
                (msg("fact.bidding_kozel.turned_up"), msg("text", text=mcard(parse_card(turned))))
            )
        if view.get("stock_size") is not None:
            out.append((msg("fact.bidding_kozel.stock"), msg("text", text=view["stock_size"])))
        if view.get("pot") is not None:
            out.append((msg("fact.bidding_kozel.pot"), msg("text", text=view["pot"])))
        return out

    @classmethod
    def deals_in_match(cls, options: Mapping[str, Any]) -> int | None:
        """The table's number of rounds (the match ends sooner when fewer than two can ante)."""
        rounds = options.get("rounds")
        return int(rounds) if rounds else None

    def selection_prompt(self, view: Mapping[str, Any]) -> Message | None:
        """The lead is one card or three of one suit; the others play as many cards."""
        n = view.get("lead_size")
        if not n:
            return msg("prompt.bidding_kozel.lead")
        key = "prompt.bidding_kozel.select_one" if n == 1 else "prompt.bidding_kozel.select"
        return msg(key, n=n)

    def result_facts(self, result: Mapping[str, Any]) -> list[tuple[str, Message]]:
        """An ending out of the ordinary (a tie, Bura, four Aces), who took the pot and what
        stays in it, then the trump (when the result names one)."""
        out: list[tuple[str, Message]] = []
        reason = result.get("reason")
        if (
            isinstance(reason, str)
            and reason != "points"
            and f"ending.bidding_kozel.{reason}" in ENGLISH
        ):
            out.append(("reason", msg(f"ending.bidding_kozel.{reason}")))
        if "pot" in result:
            winners = list(result.get("pot_winners") or [])
            pot = result.get("pot")
            if len(winners) == 1:
                text = msg("fact.bidding_kozel.pot_won", pot=pot, player=mseat(winners[0]))
            elif winners:
                text = msg(
                    "fact.bidding_kozel.pot_split",
                    pot=pot,
                    players=mseats(winners),
                    share=result.get("share"),
                )
            else:
                text = msg("fact.bidding_kozel.pot_left", pot=pot)
            out.append(("pot", text))
            left = result.get("remainder")
            if left:
                key = "fact.bidding_kozel.carry_one" if left == 1 else "fact.bidding_kozel.carry"
                out.append(("carry", msg(key, n=left)))
        return out + super().result_facts(result)

    def explain(self, result: Mapping[str, Any]) -> list[Message]:
        """Who took the pot and why (Bura, four Aces, a tie, the most card points)."""

        out: list[Message] = []
        reason = result.get("reason")
        winners = list(result.get("pot_winners") or [])
        if reason == "bura" and result.get("bura") is not None:
            out.append(msg("result.bidding_kozel.bura", seat=mseat(result["bura"])))
        elif reason == "four_aces" and result.get("four_aces") is not None:
            out.append(msg("result.bidding_kozel.four_aces", seat=mseat(result["four_aces"])))
        elif reason == "tie":
            out.append(
                msg("result.bidding_kozel.tie", winners=mseats(winners), share=result.get("share"))
            )
        else:
            key = (
                "result.bidding_kozel.points_one"
                if len(winners) == 1
                else "result.bidding_kozel.points"
            )
            out.append(msg(key, winners=mseats(winners), pot=result.get("pot")))
        if result.get("remainder"):
            out.append(msg("result.bidding_kozel.remainder", remainder=result["remainder"]))
        return out

    def seat_tags(self, view: Mapping[str, Any], seat: int) -> list[Message]:
        """A seat that could not ante is out of the match."""
        active = view.get("active")
        if isinstance(active, list) and seat not in active:
            return [msg("tag.bidding_kozel.out")]
        return []

    option_specs = (
        Option("bankroll", 20, None, "Stakes each player starts with", minimum=1, maximum=10000),
        Option(
            "ante",
            1,
            None,
            "Stakes each player puts into the pot every round",
            minimum=1,
            maximum=1000,
        ),
        Option(
            "rounds",
            10,
            None,
            "Rounds in a match (it ends sooner when fewer than two players can ante)",
            minimum=1,
            maximum=1000,
        ),
        Option("face_down", True, None, "Plays that do not take over the trick are laid face down"),
    )
    rules_text = (
        "2 to 5 players, each for themselves; play passes clockwise (to the left). 36 cards, "
        "ranked A 10 K Q J 9 8 7 6; card points A 11, 10 10, K 4, Q 3, J 2.\n"
        "Each round everyone antes into the pot (a player who cannot ante is out). Four cards "
        "each; the next card is turned up for trump and lies at the bottom of the stock, so it "
        "is drawn last.\n"
        "The player left of the dealer leads one card or three cards of one suit. Everyone "
        "else plays the same number of cards, any suits. A card beats another of its suit that "
        "is lower, and a trump beats any non-trump. A play takes over the trick when its cards "
        "can be paired off so that each beats one card of the play now winning; the trick goes "
        "to the last play that took over. Plays that do not take over are laid face down.\n"
        "The trick's winner draws first, then the others clockwise, one card at a time, back to "
        "four cards - but only if the stock can refill every hand; otherwise nobody draws and "
        "the rest of the stock is dead. The winner leads next. You may not look at the cards "
        "you have won: keep count in your head.\n"
        "When the hands are played out, the most card points takes the pot; a tie splits it in "
        "whole stakes and the remainder stays in the pot. A Bura (three trumps played to one "
        "trick) ends the round after that trick and its player takes the pot (with several "
        "Buras, the first unless a later one beats it). Four Aces in hand after the deal or a "
        "draw take the pot at once. The pot winner deals next.\n"
        "The match lasts the set number of rounds, or until fewer than two players can ante; "
        "the largest bankroll wins."
    )

    @classmethod
    def check_option_combination(cls, options: dict[str, Any]) -> None:
        if options["bankroll"] < options["ante"]:
            raise RulesError(
                msg(
                    "bk.bankroll_below_ante",
                    game=cls.title,
                    bankroll=options["bankroll"],
                    ante=options["ante"],
                )
            )

    def initial_totals(self) -> list[int]:
        return [self.options["bankroll"]] * self.players

    def make_deal(
        self,
        match: Match,
        index: int,
        dealer: int,
        rng: random.Random,
        setup: Mapping[str, Any] | None,
    ) -> Deal:
        ante = self.options["ante"]
        active = [s for s in range(self.players) if match.totals[s] >= ante]
        if len(active) < 2:
            raise RecordError(msg("bk.record_no_ante"))
        n_active = len(active)
        sizes = [HAND_SIZE if s in active else 0 for s in range(self.players)]
        if setup is not None and dealer not in active:
            raise RecordError(msg("bk.record_dealer_out", game=self.name, seat=dealer))
        if setup is not None and ("hands" in setup or "stock" in setup):
            extra = set(setup) - {"dealer", "hands", "stock", "moves"}
            if extra:
                raise RecordError(
                    msg("record.unknown_deal_fields", fields=", ".join(sorted(map(str, extra))))
                )
            if "hands" not in setup or "stock" not in setup:
                raise RecordError(msg("bk.record_hands_and_stock", game=self.name))
            stock = self._check_stock(setup["stock"], 36 - HAND_SIZE * n_active)
            hands = check_hands(self.name, setup["hands"], sizes, DECK_36, extra=stock)
        else:
            cards = list(DECK_36)
            rng.shuffle(cards)
            order: list[int] = []
            s = dealer
            for _ in range(n_active):
                s = (s + 1) % self.players
                while s not in active:
                    s = (s + 1) % self.players
                order.append(s)
            hands = [[] for _ in range(self.players)]
            k = 0
            for _ in range(HAND_SIZE):
                for s in order:
                    hands[s].append(cards[k])
                    k += 1
            # cards[k] is turned up and put under the rest: the last card drawn.
            stock = cards[k + 1 :] + [cards[k]]
        pot = match.info.get("carry", 0) + ante * n_active
        match.info["pot"] = pot
        return BiddingKozelDeal(self, index, dealer, hands, stock, active, pot, list(match.totals))

    def _check_stock(self, raw: Any, size: int) -> list[int]:
        if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
            raise RecordError(msg("bk.record_stock_list", game=self.name))
        if len(raw) != size:
            raise RecordError(msg("bk.record_stock_size", game=self.name, have=len(raw), size=size))
        return parse_record_cards(
            self.name, raw, msg("record.where_stock"), DECK_36, set(), "record.twice_stock"
        )

    def apply_result(self, match: Match, deal: Deal) -> None:
        super().apply_result(match, deal)
        assert deal.result is not None
        match.info["carry"] = deal.result["remainder"]
        match.info["pot"] = deal.result["remainder"]
        match.info["rounds"] = len(match.deals)
        if self.is_over(match):
            # What is left in the pot when the match ends belongs to nobody.
            match.info["lost"] = match.info.get("pot", 0)
            match.info["pot"] = 0
            match.info["carry"] = 0

    def next_dealer(self, match: Match, last: Deal) -> int:
        assert last.result is not None
        return int(last.result["next_dealer"])

    def can_ante(self, match: Match) -> list[int]:
        """The seats whose bankroll covers the ante."""
        return [s for s, t in enumerate(match.totals) if t >= self.options["ante"]]

    def is_over(self, match: Match) -> bool:
        return len(match.deals) >= self.options["rounds"] or len(self.can_ante(match)) < 2
