"""The Batak family: Koz Maça, auction Batak (ihaleli) and partnership Batak (eşli).

Rules: `docs/rules.md` §1–3 (the rule book's §1, seeds 000 and 001). Four players, 52 cards, 13 each, aces high,
play to the right (seat i+1 follows seat i). Strict trick obligations: follow suit and overtake
the highest card of the led suit while no trump is on the trick; void → trump, overtaking a
trump already on the trick; trumps may not be led until broken (a trump fell on an earlier
trick) unless the leader holds only trumps.

House decisions taken here (RULES.md): "broken" means any trump on a completed trick in all
three games; in partnership Batak no hand is exposed. The first dealer of a match is drawn from
the seed; the deal then passes to the next seat.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..cards import DECK_52, sort_key
from ..core import (
    Action,
    Deal,
    Match,
    Observation,
    Option,
    RecordError,
    Rules,
    check_hands,
    register,
)
from ..messages import Message, add_english, msg
from ..messages import card as mcard
from ..messages import seat as mseat
from ..messages import seats as mseats
from ..messages import suit as msuit
from ..sampling import deal_unseen

# What this game tells a player, in English (the key is the stable part).
add_english(
    {
        "batak.auction_no_card": "It is the auction: bid or pass before any card is played.",
        "batak.auction": "It is the auction: bid or pass.",
        "batak.dealer_must_bid": "The other three players have passed, so the dealer must bid.",
        "batak.no_higher_bid": "No higher bid is possible.",
        "batak.bid_range": "A bid must be from {low} to 13.",
        "batak.name_trump": "{seat} won the auction and must name trump first (trump S, H, D "
        "or C).",
        # A sentence about the reader (`Message.you_key`): "<key>.you.<param>".
        "batak.name_trump.you.seat": "You won the auction and must name trump first (trump S, H, D "
        "or C).",
        "batak.trump_not_broken": "{trump:Name} ({trump}) are trumps: they may not be led until a "
        "trump has been played to an earlier trick, unless you hold only "
        "trumps.",
        "batak.follow_suit": "{led:Name} ({led}) were led: you must follow suit.",
        "batak.overtake": "You must play higher than {top} on the trick: you hold a higher "
        "{led:one}.",
        "batak.must_trump": "You have no {led:name} ({led}), so you must play a trump ({trump}).",
        "batak.overtake_trump": "You must overtake the trump {top} on the trick.",
    }
)

PASS: Action = ("pass",)


# --------------------------------------------------------------------------------------------
# The rules as small pure functions (the deal, the players and the tests call these)


TrickState = tuple[int, int, int, int]  # (led suit, highest led rank, highest trump rank, seat)


def trick_state(plays: Sequence[tuple[int, int]], trump: int | None) -> TrickState:
    """The led suit, the highest rank of the led suit and of trump (0: none) on the trick, and
    the seat now winning it; (-1, 0, 0, -1) before the lead."""
    led, high_led, high_trump, win = -1, 0, 0, -1
    for s, c in plays:
        led, high_led, high_trump, win = add_to_trick((led, high_led, high_trump, win), s, c, trump)
    return led, high_led, high_trump, win


def add_to_trick(state: TrickState, seat: int, c: int, trump: int | None) -> TrickState:
    """The trick's state after `seat` plays `c`."""
    led, high_led, high_trump, win = state
    s, r = c >> 4, c & 15
    if led < 0:
        return s, r, (r if s == trump else 0), seat
    if s == trump:
        if r > high_trump:
            return led, (r if s == led else high_led), r, seat
    elif s == led and r > high_led:
        return led, r, high_trump, (win if high_trump else seat)
    return state


def legal_cards(
    hand: Sequence[int], led: int, high_led: int, high_trump: int, trump: int | None, broken: bool
) -> list[int]:
    """The cards of `hand` that may be played (RULES §1, play obligations), given the trick's
    `trick_state` (led suit, or -1 when leading; the highest led and trump ranks): lead
    anything but trump until broken (unless only trumps are held); follow and overtake the led
    suit while no trump is on the trick; void, trump and overtake a trump on the trick when
    able; else anything."""
    if led < 0:
        if broken:
            return list(hand)
        non = [c for c in hand if c >> 4 != trump]
        return non if non else list(hand)
    follow = [c for c in hand if c >> 4 == led]
    if follow:
        if led != trump and high_trump:
            return follow
        over = [c for c in follow if c & 15 > high_led]
        return over if over else follow
    trumps = [c for c in hand if c >> 4 == trump]
    if trumps:
        if high_trump:
            over = [c for c in trumps if c & 15 > high_trump]
            return over if over else trumps
        return trumps
    return list(hand)


def would_win(c: int, state: TrickState, trump: int | None) -> bool:
    """Whether card `c`, played now, would take the lead of a trick in `state`."""
    led, high_led, high_trump, _ = state
    if led < 0:
        return True
    s, r = c >> 4, c & 15
    if s == trump:
        return r > high_trump
    return s == led and not high_trump and r > high_led


def trick_winner(plays: Sequence[tuple[int, int]], trump: int | None) -> int:
    """The seat that takes a trick: the highest trump, else the highest card of the led suit."""
    return trick_state(plays, trump)[3]


def score(
    taken: Sequence[int],
    teams: Sequence[Sequence[int]] | None,
    declarer: int | None,
    bid: int | None,
) -> tuple[list[int], list[int], bool | None]:
    """A finished hand's (side tricks per seat, score delta per seat, contract made): every
    side scores its tricks; a declaring side short of its bid scores minus the bid."""

    def team_of(seat: int) -> Sequence[int]:
        return next((tm for tm in teams if seat in tm), (seat,)) if teams else (seat,)

    n = len(taken)
    side = [sum(taken[s] for s in team_of(seat)) for seat in range(n)]
    delta = list(side)
    made: bool | None = None
    if declarer is not None and bid is not None:
        made = side[declarer] >= bid
        if not made:
            for s in team_of(declarer):
                delta[s] = -bid
    return side, delta, made


def proven_voids(
    tricks: Sequence[Sequence[tuple[int, int]]], trump: int | None, players: int = 4
) -> list[set[int]]:
    """The suits each seat has shown it does not hold: a seat that did not follow is void in
    the led suit, and in trump too if it did not trump; a trump lead before trumps were broken
    shows a hand of trumps only."""
    void: list[set[int]] = [set() for _ in range(players)]
    broken = False
    for plays in tricks:
        if not plays:
            continue
        s0, c0 = plays[0]
        led = c0 >> 4
        if trump is not None and led == trump and not broken:
            void[s0].update(x for x in range(4) if x != trump)
        high_trump = 1 if led == trump else 0
        for s, c in plays[1:]:
            if c >> 4 != led:
                void[s].add(led)
                if c >> 4 != trump and trump is not None:
                    void[s].add(trump)
                else:
                    high_trump = 1
        if high_trump and len(plays) == players:
            broken = True
    return void


@dataclass(frozen=True)
class BatakObservation(Observation):
    """A seat's view of a Batak-family hand: the common view plus the auction."""

    bids: tuple[tuple[int, int | None], ...]  # (seat, bid or None for a pass), in order
    bid: int | None
    declarer: int | None
    broken: bool  # a trump has fallen on a completed trick
    min_bid: int

    @property
    def state(self) -> TrickState:
        return trick_state(self.trick, self.trump)  # type: ignore[arg-type]

    def would_win(self, c: int) -> bool:
        """Whether card `c`, played now, would take the lead of the trick in progress."""
        return would_win(c, self.state, self.trump)

    def winning_seat(self) -> int | None:
        return self.state[3] if self.trick else None

    def voids(self) -> list[set[int]]:
        return proven_voids(self.trick_plays(), self.trump, self.players)  # type: ignore[arg-type]


class BatakDeal(Deal):
    """One hand of a Batak-family game."""

    auction: ClassVar[bool] = True

    def __init__(self, rules: BatakRules, index: int, dealer: int, hands: list[list[int]]) -> None:
        super().__init__(rules, index, dealer, hands)
        self.min_bid = rules.min_bid
        self.broken = False
        self.bids: list[tuple[int, int | None]] = []  # (seat, bid or None for pass)
        self._passed = [False] * 4
        self.bid: int | None = None  # the contract (highest bid)
        self.declarer: int | None = None
        self._high_led = 0  # rank of the highest card of the led suit on the trick
        self._high_trump = 0  # rank of the highest trump on the trick (0: none)
        self._win_seat = -1
        self._led = -1
        if rules.auction:
            self.phase = "bidding"
            self.to_move = (dealer + 1) % 4
        else:
            self.phase = "play"
            self.trump_suit = rules.fixed_trump
            self.to_move = (dealer + 1) % 4
            self._trick_leader = self.to_move

    # --- legality ---------------------------------------------------------------------------
    def _forced_dealer(self) -> bool:
        return self.bid is None and self.to_move == self.dealer and sum(self._passed) == 3

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "play":
            return self._legal_cards()  # type: ignore[return-value]
        if phase == "bidding":
            low = self.min_bid if self.bid is None else max(self.min_bid, self.bid + 1)
            out: list[Action] = [] if self._forced_dealer() else [PASS]
            out.extend(("bid", n) for n in range(low, 14))
            return out
        if phase == "trump":
            return [("trump", s) for s in range(4)]
        return []

    def _legal_cards(self) -> list[int]:
        return legal_cards(
            self._hands[self.to_move],  # type: ignore[index]
            self._led if self._trick else -1,
            self._high_led,
            self._high_trump,
            self.trump_suit,
            self.broken,
        )

    def why_not(self, action: Action) -> Message:
        phase = self.phase
        seat = self.to_move
        if phase == "bidding":
            if isinstance(action, int):
                return msg("batak.auction_no_card")
            if action == PASS:
                return msg("batak.dealer_must_bid")
            if isinstance(action, tuple) and action[0] == "bid":
                low = self.min_bid if self.bid is None else max(self.min_bid, self.bid + 1)
                if low > 13:
                    return msg("batak.no_higher_bid")
                return msg("batak.bid_range", low=low)
            return msg("batak.auction")
        if phase == "trump":
            assert seat is not None
            return msg("batak.name_trump", seat=mseat(seat))
        if not isinstance(action, int):
            return msg("illegal.play_a_card")
        h = self._hands[seat]  # type: ignore[index]
        if action not in h:
            return msg("illegal.not_in_hand", card=mcard(action))
        t = self.trump_suit
        assert t is not None
        s = action >> 4
        if not self._trick:
            return msg("batak.trump_not_broken", trump=msuit(t))
        led = self._led
        has_led = any(c >> 4 == led for c in h)
        if has_led and s != led:
            return msg("batak.follow_suit", led=msuit(led))
        if has_led:
            return msg("batak.overtake", top=mcard(self._top_card(led)), led=msuit(led))
        if s != t:
            return msg("batak.must_trump", led=msuit(led), trump=msuit(t))
        return msg("batak.overtake_trump", top=mcard(self._top_card(t)))

    def would_win(self, c: int) -> bool:
        """Whether card `c`, played now, would take the lead of the trick in progress."""
        return would_win(
            c,
            (self._led if self._trick else -1, self._high_led, self._high_trump, self._win_seat),
            self.trump_suit,
        )

    def winning_seat(self) -> int | None:
        """The seat now winning the trick in progress (None before the lead)."""
        return self._win_seat if self._trick else None

    def _top_card(self, suit: int) -> int:
        return max((c for _, c in self._trick if c >> 4 == suit), key=lambda c: c & 15)  # type: ignore[no-any-return]

    # --- applying moves ---------------------------------------------------------------------
    def apply_action(self, action: Action) -> None:
        if self.phase == "play":
            self._play_card(action)  # type: ignore[arg-type]
        elif self.phase == "bidding":
            self._apply_bid(action)
        elif self.phase == "trump":
            assert isinstance(action, tuple)
            self.trump_suit = action[1]
            self.phase = "play"
            self.to_move = self.declarer
            self._trick_leader = self.declarer

    def _apply_bid(self, action: Action) -> None:
        seat = self.to_move
        assert seat is not None and isinstance(action, tuple)
        if action[0] == "bid":
            self.bid = action[1]
            self.declarer = seat
            self.bids.append((seat, action[1]))
        else:
            self._passed[seat] = True
            self.bids.append((seat, None))
        active = [s for s in range(4) if not self._passed[s]]
        if self.bid == 13 or (self.bid is not None and active == [self.declarer]):
            self.phase = "trump"
            self.to_move = self.declarer
            return
        nxt = (seat + 1) % 4
        while self._passed[nxt]:
            nxt = (nxt + 1) % 4
        self.to_move = nxt

    def _play_card(self, c: int) -> None:
        seat = self.to_move
        assert seat is not None
        self._hands[seat].remove(c)
        trick = self._trick
        s = c >> 4
        r = c & 15
        if not trick:
            self._trick_leader = seat
            self._led = s
            self._high_led = r
            self._high_trump = r if s == self.trump_suit else 0
            self._win_seat = seat
        elif s == self.trump_suit:
            if r > self._high_trump:
                self._high_trump = r
                self._win_seat = seat
                if s == self._led:
                    self._high_led = r
        elif s == self._led and r > self._high_led:
            self._high_led = r
            if not self._high_trump:
                self._win_seat = seat
        trick.append((seat, c))
        if len(trick) < 4:
            self.to_move = (seat + 1) % 4
            return
        winner = self._win_seat
        if self._high_trump:
            self.broken = True
        self._tricks.append((self._trick_leader, trick, winner))  # type: ignore[arg-type]
        self.taken[winner] += 1
        self._trick = []
        if len(self._tricks) == 13:
            self._finish()
        else:
            self.to_move = winner
            self._trick_leader = winner

    # --- scoring ----------------------------------------------------------------------------
    def _finish(self) -> None:
        self.phase = "over"
        self.to_move = None
        tricks = list(self.taken)
        side, delta, made = score(tricks, self.rules.teams, self.declarer, self.bid)
        self.result = {
            "tricks": tricks,
            "points": side,
            "delta": delta,
            "declarer": self.declarer,
            "bid": self.bid,
            "made": made,
            "trump": self.trump,
        }

    # --- what a seat knows -------------------------------------------------------------------
    def observation(self, seat: int) -> BatakObservation:
        f = self.observation_fields(seat)
        f["bids"] = tuple(self.bids)
        f["bid"] = self.bid
        f["declarer"] = self.declarer
        f["broken"] = self.broken
        f["min_bid"] = self.min_bid
        return BatakObservation.build(f)

    def resample(self, seat: int, rng: random.Random) -> BatakDeal:
        """A copy of the deal with the cards `seat` cannot see dealt again at random,
        consistently with what the plays proved (voids)."""
        obs = self.observation(seat)
        unseen = [c for c in DECK_52 if c not in obs.played_cards() and c not in obs.hand]
        voids = obs.voids()
        sizes = {s: obs.hand_sizes[s] for s in range(4) if s != seat}
        allowed = {s: {c for c in unseen if c >> 4 not in voids[s]} for s in sizes}
        hands = deal_unseen(unseen, sizes, [allowed], rng)
        world = self.clone()
        assert isinstance(world, BatakDeal)
        for s, h in hands.items():
            world._hands[s] = sorted(h, key=sort_key)
        return world

    # --- views and records ------------------------------------------------------------------
    def view_extra(self, seat: int) -> dict[str, Any]:
        return {
            "bids": [[s, b] for s, b in self.bids],
            "bid": self.bid,
            "declarer": self.declarer,
            "broken": self.broken,
        }

    @property
    def auction_log(self) -> list[list[Any]]:
        return [[s, b] for s, b in self.bids]


# What the table says about a finished deal and next to a seat, in English.
add_english(
    {
        "result.koz_maca": "Every trick is a point.",
        "result.batak.made": "{declarer} bid {bid}{trump} and took {taken}: contract made, "
        "+{taken}.",
        "result.batak.down": "{declarer} bid {bid}{trump} but took only {taken}: batar, −{bid}.",
        "result.batak.team_made": "{declarer} bid {bid}{trump} and the declaring team ({team}) "
        "took {taken}: contract made, +{taken}.",
        "result.batak.team_down": "{declarer} bid {bid}{trump} but the declaring team ({team}) "
        "took only {taken}: batar, −{bid}.",
        # Sentences about the reader and the reader's team (`Message.you_key`).
        "result.batak.made.you.declarer": "You bid {bid}{trump} and took {taken}: contract made, "
        "+{taken}.",
        "result.batak.down.you.declarer": "You bid {bid}{trump} but took only {taken}: batar, "
        "−{bid}.",
        "result.batak.team_made.you.declarer": "You bid {bid}{trump} and your team took {taken}: "
        "contract made, +{taken}.",
        "result.batak.team_made.you.team": "{declarer} bid {bid}{trump} and your team took "
        "{taken}: contract made, +{taken}.",
        "result.batak.team_down.you.declarer": "You bid {bid}{trump} but your team took only "
        "{taken}: batar, −{bid}.",
        "result.batak.team_down.you.team": "{declarer} bid {bid}{trump} but your team took only "
        "{taken}: batar, −{bid}.",
        "result.batak.with_trump": " with {trump} {trump:name} trump",
        "result.batak.others": "Everyone else scores 1 point a trick.",
        "result.batak.team_others": "The other team ({team}) scores 1 point a trick: +{points}.",
        "result.batak.team_others.you.team": "Your team scores 1 point a trick: +{points}.",
        "tag.batak.bid": "bid {bid}",
        "tag.batak.pass": "pass",
        "tag.batak.declarer": "declarer",
        "tag.batak.partner": "partner",
        "fact.batak.contract": "Contract",
        "fact.batak.contract_by": "{bid} by {player}",
        "fact.batak.bid": "{bid}",
        "fact.batak.made": "{player} bid {bid}: made",
        "fact.batak.down": "{player} bid {bid}: down",
        "fact.batak.bid_by": "{player} bid {bid}",
        "fact.batak.contract_by.you.player": "{bid} by you",
        "fact.batak.made.you.player": "You bid {bid}: made",
        "fact.batak.down.you.player": "You bid {bid}: down",
        "fact.batak.bid_by.you.player": "You bid {bid}",
        "prompt.batak.bid": "Your bid (current: {bid})",
    }
)


class BatakRules(Rules):
    """Shared facts and match flow of the Batak family."""

    players_allowed = (4,)
    default_players = 4
    direction = "right"
    auction: ClassVar[bool] = True
    fixed_trump: ClassVar[int | None] = None
    min_bid: ClassVar[int] = 4
    seat_names = ("You", "Mehmet", "Ayşe", "Kemal", "Zeynep")
    home_language = "tr"  # Turkish decks: V K P A for J Q K A
    rank_order = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
    result_fields = ("declarer", "bid", "made", "trump")

    def contract(self, view: Mapping[str, Any]) -> Message | None:
        """The highest bid and its bidder ("5 by Ayşe"), during the auction too."""
        bid, d = view.get("bid"), view.get("declarer")
        if not bid:
            return None
        if d is None:
            return msg("fact.batak.bid", bid=bid)
        return msg("fact.batak.contract_by", bid=bid, player=mseat(d) if isinstance(d, int) else d)

    def deal_facts(self, view: Mapping[str, Any]) -> list[tuple[Message, Message]]:
        """The contract, once there is a bid."""
        contract = self.contract(view)
        return [] if contract is None else [(msg("fact.batak.contract"), contract)]

    def auction_prompt(self, view: Mapping[str, Any]) -> Message | None:
        """The bid to beat, once there is one."""
        bid = view.get("bid")
        return msg("prompt.batak.bid", bid=bid) if bid else None

    @classmethod
    def deals_in_match(cls, options: Mapping[str, Any]) -> int | None:
        """The table's number of hands (a tie at the top plays one more in Batak)."""
        hands = options.get("hands")
        return int(hands) if hands else None

    def result_facts(self, result: Mapping[str, Any]) -> list[tuple[str, Message]]:
        """The contract and whether it was made, then the trump (not where the game's trump is
        always the same suit: the score sheet would repeat it on every deal)."""
        out: list[tuple[str, Message]] = []
        d, bid = result.get("declarer"), result.get("bid")
        if isinstance(d, int) and bid is not None:
            made = result.get("made")
            key = (
                "fact.batak.made"
                if made
                else "fact.batak.down"
                if made is False
                else "fact.batak.bid_by"
            )
            out.append(("contract", msg(key, player=mseat(d), bid=bid)))
        if self.fixed_trump is not None:
            return out
        return out + super().result_facts(result)

    def explain(self, result: Mapping[str, Any]) -> list[Message]:
        """The contract and how it went; everyone else's trick points (in partnership Batak,
        each team's: the declaring team's contract, the other team's tricks)."""
        d = result.get("declarer")
        if not isinstance(d, int) or result.get("bid") is None:
            return []
        points = result.get("points")
        taken = points[d] if points else None
        t = result.get("trump")
        trump = (
            msg("result.batak.with_trump", trump=msuit("SHDC".index(t)))
            if isinstance(t, str) and len(t) == 1 and t in "SHDC"
            else msg("text", text="")
        )
        bid, made = result["bid"], bool(result.get("made"))
        if not self.teams:
            if made:
                first = msg(
                    "result.batak.made", declarer=mseat(d), bid=bid, trump=trump, taken=taken
                )
            else:
                first = msg(
                    "result.batak.down", declarer=mseat(d), bid=bid, trump=trump, taken=taken
                )
            return [first, msg("result.batak.others")]
        # Partnership: the score is the team's, so each sentence names a team and its points.
        ours = self.team_of(d)
        if made:
            first = msg(
                "result.batak.team_made",
                declarer=mseat(d),
                team=mseats(ours),
                bid=bid,
                trump=trump,
                taken=taken,
            )
        else:
            first = msg(
                "result.batak.team_down",
                declarer=mseat(d),
                team=mseats(ours),
                bid=bid,
                trump=trump,
                taken=taken,
            )
        out = [first]
        for t in self.teams:
            if t != ours:
                got = points[t[0]] if points else 0
                out.append(msg("result.batak.team_others", team=mseats(t), points=got))
        return out

    def seat_tags(self, view: Mapping[str, Any], seat: int) -> list[Message]:
        """The seat's last bid or pass, declarer, and the viewer's partner."""
        tags: list[Message] = []
        bids = view.get("bids")
        if isinstance(bids, list):
            mine = [b for s, b in bids if s == seat]
            if mine:
                tags.append(
                    msg("tag.batak.pass")
                    if mine[-1] is None
                    else msg("tag.batak.bid", bid=mine[-1])
                )
        if view.get("declarer") == seat and view.get("phase") != "bidding":
            tags.append(msg("tag.batak.declarer"))
        me = view.get("seat")
        if self.teams and isinstance(me, int) and seat != me and seat in self.team_of(me):
            tags.append(msg("tag.batak.partner"))
        return tags

    def make_deal(
        self,
        match: Match,
        index: int,
        dealer: int,
        rng: random.Random,
        setup: Mapping[str, Any] | None,
    ) -> Deal:
        if setup is not None and "hands" in setup:
            hands = check_hands(self.name, setup["hands"], [13] * 4, DECK_52)
            extra = set(setup) - {"dealer", "hands", "moves"}
            if extra:
                raise RecordError(
                    msg("record.unknown_deal_fields", fields=", ".join(sorted(map(str, extra))))
                )
        else:
            cards = list(DECK_52)
            rng.shuffle(cards)
            hands = [[] for _ in range(4)]
            for k, c in enumerate(cards):
                hands[(dealer + 1 + k) % 4].append(c)
        return BatakDeal(self, index, dealer, hands)

    def _target_reached(self, match: Match) -> bool:
        return len(match.deals) >= int(self.options["hands"])

    def is_over(self, match: Match) -> bool:
        if not self._target_reached(match):
            return False
        if not self.auction:
            return True  # Koz Maça: a tie at the top is a shared win
        top = max(match.totals)
        leaders = {self.team_of(s) for s, t in enumerate(match.totals) if t == top}
        return len(leaders) == 1  # a tie at the top plays one more hand


@register
class KozMaca(BatakRules):
    name = "koz-maca"
    score_unit = "tricks"  # a point a trick
    title = "Koz Maça"
    summary = "Batak with spades always trump: no auction, every trick is a point."
    auction = False
    fixed_trump = 0
    option_specs = (Option("hands", 10, (5, 10), "Hands in a match"),)

    def explain(self, result: Mapping[str, Any]) -> list[Message]:
        return [msg("result.koz_maca")]

    rules_text = (
        "Four players, 52 cards, 13 each; play passes to the right. Spades are always trump.\n"
        "The seat on the dealer's right leads. You must follow suit and play higher than the "
        "highest card of the led suit on the trick if you can (once someone has trumped, plain "
        "following is enough). With no card of the led suit you must trump, overtaking a trump "
        "already on the trick if you can; with neither, play anything.\n"
        "Spades may not be led until a spade has been played to an earlier trick, unless you "
        "hold only spades.\n"
        "Each trick is 1 point. A match is 10 or 5 hands; the highest total wins, a tie is a "
        "shared win."
    )


@register
class Batak(BatakRules):
    name = "batak"
    title = "Batak (auction)"
    summary = "Bid for tricks, name trump, make your contract or go down (batar)."
    option_specs = (Option("hands", 10, (3, 5, 10), "Hands in a match"),)
    rules_text = (
        "Four players, 52 cards, 13 each; play passes to the right.\n"
        "Auction from the dealer's right: bid 4 to 13 tricks, higher than the last bid, or "
        "pass (a pass is final). It ends when the others have passed or someone bids 13. If "
        "the first three pass, the dealer must bid.\n"
        "The declarer names trump and leads. Follow suit and overtake the led suit's highest "
        "card if you can; void, you must trump (overtaking a trump on the trick if you can). "
        "Trumps may not be led until one has been played to an earlier trick.\n"
        "Declarer: tricks taken if at least the bid, else minus the bid (batar). Everyone else: "
        "1 point a trick. 3, 5 or 10 hands; a tie at the top plays one more hand."
    )


@register
class BatakPairs(BatakRules):
    name = "batak-pairs"
    title = "Partnership Batak"
    summary = "Batak in two teams, partners opposite: minimum bid 7, tricks count together."
    teams = ((0, 2), (1, 3))
    min_bid = 7
    option_specs = (Option("hands", 10, (3, 5, 10), "Hands in a match"),)
    rules_text = (
        "Four players in two teams, 52 cards, 13 each; play passes to the right. Partners sit "
        "opposite (you and the top seat against left and right) and their tricks count "
        "together, also for the contract.\n"
        "Auction from the dealer's right: bid 7 to 13 tricks, higher than the last bid, or "
        "pass (a pass is final). Each player bids alone and partners may outbid each other. "
        "If the first three pass, the dealer must bid 7 to 13.\n"
        "The declarer names trump and leads. You must follow suit and play higher than the "
        "highest card of the led suit on the trick if you can (once someone has trumped, plain "
        "following is enough; on a trump lead, overtake the highest trump if you can). With no "
        "card of the led suit you must trump, overtaking a trump already on the trick if you "
        "can; with neither, play anything.\n"
        "Trumps may not be led until a trump has been played to an earlier trick, unless you "
        "hold only trumps.\n"
        "Declaring team: its tricks if at least the bid, else minus the bid (batar). Defending "
        "team: 1 point a trick. 3, 5 or 10 hands; a tie at the top plays one more hand."
    )
