"""The shared core: errors, table options, the deal and match machinery, records and replay.

A game is a `Rules` subclass (class-level facts: players, options, teams, direction) that makes
`Deal` objects. A `Deal` is one play-through of one hand with an explicit phase machine
(bidding -> trump -> play -> over) and one legality function that says why a move is illegal.
A `Match` strings deals together, keeps the totals and produces the JSON record that `replay`
plays back exactly. Randomness comes from the match seed only: deal i draws from its own
`random.Random`, so a record replays with or without the hands written out.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from .cards import CARD_STR, hand_strs, parse_card, sort_key
from .messages import Message, MessageError, card, cards_text, msg, suit
from .untrusted import MAX_DIGITS, quote, whole

Action = Hashable


class IllegalMove(MessageError):
    """A move that is malformed or not allowed now; `.message` says why."""


class RulesError(MessageError):
    """An unknown game, a bad option name or value, or a bad number of players."""


class RecordError(MessageError):
    """A record that is malformed or does not replay; `.message` names the problem."""


# --------------------------------------------------------------------------------------------
# Table options


@dataclass(frozen=True)
class Option:
    """One table option: name, default, allowed values, and a line of help for players."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None

    @property
    def type(self) -> str:
        if isinstance(self.default, bool):
            return "bool"
        if isinstance(self.default, int):
            return "int"
        return "str"

    def parse(self, game: str, raw: Any) -> Any:
        """Coerces a value (typed, or URL text) and checks it; RulesError names what is wrong."""
        shown = repr(quote(raw)) if isinstance(raw, str) else quote(repr(raw))
        if self.choices:
            bad = RulesError(
                msg(
                    "options.bad_choice",
                    game=game,
                    name=self.name,
                    value=shown,
                    choices=", ".join(map(_fmt, self.choices)),
                )
            )
        elif self.minimum is not None:
            bad = RulesError(
                msg(
                    "options.bad_range",
                    game=game,
                    name=self.name,
                    value=shown,
                    minimum=self.minimum,
                    maximum=self.maximum,
                )
            )
        else:
            bad = RulesError(msg("options.bad_value", game=game, name=self.name, value=shown))
        kind = self.type
        value: Any
        if kind == "bool":
            if isinstance(raw, bool):
                value = raw
            elif isinstance(raw, str) and raw.strip().lower() in ("1", "true", "yes", "on"):
                value = True
            elif isinstance(raw, str) and raw.strip().lower() in ("0", "false", "no", "off"):
                value = False
            else:
                raise bad
        elif kind == "int":
            if isinstance(raw, bool):
                raise bad
            if isinstance(raw, int):
                value = raw
            elif isinstance(raw, str):
                try:  # ASCII digits, at most 18 (not "²", "--5" or 5,000 digits)
                    value = whole(raw, self.name, -(10**MAX_DIGITS - 1), 10**MAX_DIGITS - 1)
                except ValueError:
                    raise bad from None
            else:
                raise bad
            if self.minimum is not None and value < self.minimum:
                raise bad
            if self.maximum is not None and value > self.maximum:
                raise bad
        else:
            if not isinstance(raw, str):
                raise bad
            value = raw.strip()
            if self.choices is not None:
                upper = {str(c).upper(): c for c in self.choices}
                if value.upper() not in upper:
                    raise bad
                value = upper[value.upper()]
        if self.choices is not None and value not in self.choices:
            raise bad
        return value

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "choices": list(self.choices) if self.choices is not None else None,
            "type": self.type,
            "help": self.help,
            "minimum": self.minimum,
            "maximum": self.maximum,
        }


def _fmt(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


# --------------------------------------------------------------------------------------------
# Rules: one subclass per game


class Rules:
    """A game: class-level facts and hooks with neutral defaults."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    rules_text: ClassVar[str] = ""
    players_allowed: ClassVar[tuple[int, ...]] = (4,)
    default_players: ClassVar[int] = 4
    option_specs: ClassVar[tuple[Option, ...]] = ()
    teams: ClassVar[tuple[tuple[int, ...], ...] | None] = None
    direction: ClassVar[str] = "right"
    # The fields a record's deal may have (each family adds its own, e.g. "stock", "trump").
    deal_fields: ClassVar[frozenset[str]] = frozenset(
        {"dealer", "hands", "moves"}
    )  # "right": counter-clockwise on screen; "left": clockwise
    # --- what a table shows (the page draws from these facts, never from the game's name) ---
    # Display names of the seats; seat 0 is the human. At least as many as `players_allowed`.
    seat_names: ClassVar[tuple[str, ...]] = ("You", "Player 2", "Player 3", "Player 4", "Player 5")
    # Plain-suit ranks as the table sorts a hand, high to low (rank texts as in "10H").
    rank_order: ClassVar[tuple[str, ...]] = (
        "A",
        "K",
        "Q",
        "J",
        "10",
        "9",
        "8",
        "7",
        "6",
        "5",
        "4",
        "3",
        "2",
    )
    # Column heads of the deal summary ("points", "delta", "total") and the seat plate's short
    # label of the match total ("total_short").
    score_labels: ClassVar[Mapping[str, str]] = {
        "points": "Points",
        "delta": "This deal",
        "total": "Total",
        "total_short": "total",
    }
    seat_points: ClassVar[bool] = False  # the seat plates show this deal's card points
    # The deal's result counts card points (its "points", a column of the deal summary); False:
    # its "points" are the side's tricks, which the tricks and the deal's score already say.
    card_points: ClassVar[bool] = False
    multi_card_plays: ClassVar[bool] = False  # a card play may be several cards (select, confirm)
    trump_timer: ClassVar[int | None] = None
    # The language of the game's home country ("tr", "ru"; "" none): the table can letter the
    # court cards and aces as that country's decks do (docs/deck.md, regional indices).
    home_language: ClassVar[str] = ""
    # What the game calls one deal played out and scored, in its texts: "deal", "cycle" or
    # "round" (the page's summary, its next button and the lobby's resume line say the same).
    deal_word: ClassVar[str] = "deal"
    # What a deal's score counts, for a player's record: "tricks", "points", "penalty-points"
    # (lower is better) or "stakes".
    score_unit: ClassVar[str] = "points"
    lower_total_wins: ClassVar[bool] = (
        False  # the match total is a penalty (Kozel)  # seconds the seat naming trump has, if timed
    )
    # How a deal may end: the values of a result's "reason" (the ordinary ending too); () when
    # the result has no reason.
    endings: ClassVar[tuple[str, ...]] = ()
    # The fields of a finished deal's result that say what it was about, in order (a score
    # sheet marks each deal's row with them).
    result_fields: ClassVar[tuple[str, ...]] = ()

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        self.players = players
        self.options: dict[str, Any] = dict(options)

    # --- option handling ------------------------------------------------------------------
    @classmethod
    def check_options(cls, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        if raw is None:
            raw = {}
        if not isinstance(raw, Mapping):
            raise RulesError(msg("options.not_mapping", game=cls.title, kind=type(raw).__name__))
        raw = dict(raw)
        specs = {o.name: o for o in cls.option_specs}
        for key in raw:
            if key not in specs:
                known = ", ".join(specs) or "none"
                raise RulesError(msg("options.unknown", game=cls.title, name=str(key), known=known))
        out = {
            o.name: (o.parse(cls.title, raw[o.name]) if o.name in raw else o.default)
            for o in cls.option_specs
        }
        cls.check_option_combination(out)
        return out

    @classmethod
    def check_option_combination(cls, options: dict[str, Any]) -> None:
        """Hook: rejects option values that are fine alone but impossible together."""

    @classmethod
    def check_players(cls, players: Any) -> int:
        if players is None:
            return cls.default_players
        if isinstance(players, bool) or not isinstance(players, int):
            try:
                players = whole(players, "players", 0, 99)
            except ValueError:
                shown = repr(quote(players)) if isinstance(players, str) else quote(repr(players))
                raise RulesError(msg("players.not_number", game=cls.title, value=shown)) from None
        if players not in cls.players_allowed:
            allowed = ", ".join(map(str, cls.players_allowed))
            raise RulesError(
                msg("players.not_allowed", game=cls.title, count=players, allowed=allowed)
            )
        return int(players)

    # --- match flow hooks -------------------------------------------------------------------
    def initial_totals(self) -> list[int]:
        return [0] * self.players

    def first_dealer(self, rng: random.Random) -> int:
        return rng.randrange(self.players)

    def next_dealer(self, match: Match, last: Deal) -> int:
        return (last.dealer + 1) % self.players

    def make_deal(
        self,
        match: Match,
        index: int,
        dealer: int,
        rng: random.Random,
        setup: Mapping[str, Any] | None,
    ) -> Deal:
        raise NotImplementedError

    def apply_result(self, match: Match, deal: Deal) -> None:
        """Adds a finished deal's delta to the totals."""
        assert deal.result is not None
        for seat, d in enumerate(deal.result["delta"]):
            match.totals[seat] += d

    def is_over(self, match: Match) -> bool:
        raise NotImplementedError

    def winners(self, match: Match) -> list[int]:
        top = max(match.totals)
        return [s for s, t in enumerate(match.totals) if t == top]

    def team_of(self, seat: int) -> tuple[int, ...]:
        if self.teams is None:
            return (seat,)
        for t in self.teams:
            if seat in t:
                return t
        return (seat,)

    # --- what a table says (messages with seat parameters; the page names the seats) -------
    def explain(self, result: Mapping[str, Any]) -> list[Message]:
        """Sentences that explain a finished deal's `result` dict, in order."""
        return []

    def seat_tags(self, view: Mapping[str, Any], seat: int) -> list[Message]:
        """Short tags shown with `seat` (bid, declarer, partner, ...), from a `Deal.view`."""
        return []

    def new_deal_notice(self, view: Mapping[str, Any]) -> Message | None:
        """What the table announces when a new deal starts (None: nothing), from a view."""
        return None

    def deal_facts(self, view: Mapping[str, Any]) -> list[tuple[Message, Message]]:
        """The deal's facts for the table's bar, from a view: (label, value) pairs in order."""
        return []

    def contract(self, view: Mapping[str, Any]) -> Message | None:
        """The contract in play, from a view (None: there is none)."""
        return None

    def losing_target(self) -> int | None:
        """The match total that loses the match, where the game has one."""
        return None

    def goal(self, view: Mapping[str, Any]) -> Message | None:
        """What the match score is played towards, from a view: the losing target, else the
        contract in play (None: nothing to show)."""
        target = self.losing_target()
        if target is not None:
            return msg("goal.loses_at", n=target)
        return self.contract(view)

    @classmethod
    def deals_in_match(cls, options: Mapping[str, Any]) -> int | None:
        """How many deals a match with these options has, where it is fixed (None: the match
        ends on the score)."""
        return None

    def auction_prompt(self, view: Mapping[str, Any]) -> Message | None:
        """The heading over the seat's bids, from a view (None: the table's own)."""
        return None

    def selection_prompt(self, view: Mapping[str, Any]) -> Message | None:
        """What the seat to play should select, in a game of multi-card plays (None: nothing
        to say), from a view."""
        return None

    def trump_ladder(self, view: Mapping[str, Any]) -> list[str]:
        """The trump cards highest first, where the game ranks its trumps on a ladder of its
        own ([]: the trump suit, in rank order), from a view: the hand is sorted by it."""
        return []

    def result_facts(self, result: Mapping[str, Any]) -> list[tuple[str, Message]]:
        """What a finished deal was about, from its `result`: (name, sentence) pairs in order.
        Here, the trump (when the result names one); a game puts its own facts first."""
        t = result.get("trump")
        if isinstance(t, str) and len(t) == 1 and t in "SHDC":
            return [("trump", msg("fact.trump", trump=suit("SHDC".index(t))))]
        return []

    @classmethod
    def info(cls) -> dict[str, Any]:
        return {
            "name": cls.name,
            "title": cls.title,
            "summary": cls.summary,
            "rules": cls.rules_text,
            "players": list(cls.players_allowed),
            "default_players": cls.default_players,
            "options": [o.describe() for o in cls.option_specs],
            "direction": cls.direction,
            "teams": [list(t) for t in cls.teams] if cls.teams else None,
            "seat_names": list(cls.seat_names),
            "rank_order": list(cls.rank_order),
            "score_labels": dict(cls.score_labels),
            "seat_points": cls.seat_points,
            "card_points": cls.card_points,
            "multi_card_plays": cls.multi_card_plays,
            "trump_timer": cls.trump_timer,
            "lower_total_wins": cls.lower_total_wins,
            "home_language": cls.home_language,
            "deal_word": cls.deal_word,
            "score_unit": cls.score_unit,
        }


# --------------------------------------------------------------------------------------------
# What one seat may know


Play = tuple[int, Action]  # (seat, action): one play to a trick
TrickRecord = tuple[int, tuple[Play, ...], int]  # (leader, plays, winner)


@dataclass(frozen=True)
class Observation:
    """What `seat` may know of a deal, as an immutable value (`Deal.observation(seat)`).

    Cards are ints (`engine.cards`), moves are actions as in `Deal.legal_actions`. Each game
    family extends it with its public facts (the auction, the owner, the stock ...). Computer
    players decide from this alone; a search draws full deals consistent with it.
    """

    game: str
    seat: int
    players: int
    index: int  # the deal's number in its match, from 0
    dealer: int
    phase: str
    to_move: int | None
    trump: int | None  # the trump suit, when known
    hand: tuple[int, ...]  # the seat's own cards, in the deal's order (suit, then rank high-low)
    hand_sizes: tuple[int, ...]
    tricks: tuple[TrickRecord, ...]  # completed tricks, as the seat saw them
    trick: tuple[Play, ...]  # the trick in progress
    trick_leader: int | None
    taken: tuple[int, ...]  # tricks taken per seat
    legal: tuple[Action, ...]  # the seat's legal actions when it is to move, else ()
    moves: int  # moves played so far in the deal
    teams: tuple[tuple[int, ...], ...] | None
    played: frozenset[int]  # every card seen played face up (completed tricks and this one)

    @classmethod
    def build(cls, fields: dict[str, Any]) -> Self:
        """The observation with these fields (the dict becomes its own), made without the
        frozen `__init__`'s per-field steps: a computer player asks for one every decision.
        The same value as `cls(**fields)`."""
        obj = cls.__new__(cls)
        object.__setattr__(obj, "__dict__", fields)
        return obj

    def played_cards(self) -> set[int]:
        """Every card seen played face up: completed tricks and the trick in progress."""
        return set(self.played)

    def trick_plays(self) -> list[list[Play]]:
        """The plays of every trick so far, the trick in progress last if started."""
        out = [list(plays) for _, plays, _ in self.tricks]
        if self.trick:
            out.append(list(self.trick))
        return out


# --------------------------------------------------------------------------------------------
# Deal: one hand, played through its phases


class Deal:
    """One deal. Subclasses implement the phase logic through the `_`-hooks.

    Internally cards are ints and moves are `Action` values (an int card, or a tuple);
    the public surface speaks the text notation. `legal_actions` / `apply_action` are the
    fast path for playouts (no validation); `play` validates and explains.
    """

    def __init__(self, rules: Rules, index: int, dealer: int, hands: list[list[int]]) -> None:
        self.rules = rules
        self.game = rules.name
        self.players = rules.players
        self.index = index
        self.dealer = dealer
        # Hands are kept sorted so that a replayed deal is identical to the live one.
        self._hands: list[list[int]] = [sorted(h, key=sort_key) for h in hands]
        self.initial_hands: list[list[int]] = [list(h) for h in hands]
        self.phase = "play"
        self.to_move: int | None = None
        self.trump_suit: int | None = None
        self._trick: list[tuple[int, Any]] = []
        self._trick_leader: int | None = None
        self._tricks: list[tuple[int, list[tuple[int, Any]], int]] = []
        self.moves: list[str] = []
        self.result: dict[str, Any] | None = None
        self.taken: list[int] = [0] * self.players  # tricks taken per seat
        # The completed tricks as observation records, kept between observations (see
        # `_seen_tricks`); set here so every deal has the same attributes from the start.
        self._records: dict[
            Hashable, tuple[list[Any], tuple[TrickRecord, ...], frozenset[int]]
        ] = {}

    # --- hooks for subclasses ---------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def apply_action(self, action: Action) -> None:
        raise NotImplementedError

    def why_not(self, action: Action) -> Message:
        """Why a well-formed action is not legal now (called only when it is not legal)."""
        return msg("illegal.generic")

    def parse_action(self, text: str) -> Action:
        """Parses move text into an action; IllegalMove when the text is malformed."""
        t = " ".join(str(text).split())
        low = t.lower()
        if low == "pass":
            return ("pass",)
        if low.startswith("bid "):
            n = low[4:].strip()
            if not (n.isascii() and n.isdigit() and len(n) <= 3):
                raise IllegalMove(msg("move.bad_bid", text=quote(str(text))))
            return ("bid", int(n))
        if low.startswith("trump "):
            s = t[6:].strip().upper()
            if s not in ("S", "H", "D", "C"):
                raise IllegalMove(msg("move.bad_trump", text=text))
            return ("trump", "SHDC".index(s))
        if not t:
            raise IllegalMove(msg("move.empty"))
        try:
            return parse_card(t)
        except ValueError:
            raise IllegalMove(msg("move.bad_card", text=text)) from None

    def action_str(self, action: Action) -> str:
        if isinstance(action, int):
            return CARD_STR[action]
        assert isinstance(action, tuple)
        if action[0] == "pass":
            return "pass"
        if action[0] == "bid":
            return f"bid {action[1]}"
        if action[0] == "trump":
            return f"trump {'SHDC'[action[1]]}"
        return " ".join(CARD_STR[c] for c in action)

    def observation(self, seat: int) -> Observation:
        """What `seat` may know now (its hand, the public plays and facts)."""
        return Observation.build(self.observation_fields(seat))

    def observation_fields(self, seat: int) -> dict[str, Any]:
        """The common fields of `observation`; a family adds its own and builds its class."""
        if seat.__class__ is not int or not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r} at this table")
        to_move = self.to_move
        records, played = self._seen_tricks(seat)
        trick = self._seen_trick(seat)
        if trick:
            cards: list[Any] = [a for _, a in trick]
            if [a for a in cards if a.__class__ is not int]:  # sets, or face-down plays
                cards = [c for a in cards for c in _cards_of(a)]
            played = played.union(cards)
        return {
            "game": self.game,
            "seat": seat,
            "players": self.players,
            "index": self.index,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_move": to_move,
            "trump": self.trump_suit,
            "hand": tuple(self._hands[seat]),
            "hand_sizes": tuple(map(len, self._hands)),
            "tricks": records,
            "played": played,
            "trick": trick,
            "trick_leader": self._trick_leader,
            "taken": tuple(self.taken),
            "legal": tuple(self.legal_actions()) if to_move == seat else (),
            "moves": len(self.moves),
            "teams": self.rules.teams,
        }

    def resample(self, seat: int, rng: random.Random) -> Deal:
        """A full deal consistent with `seat`'s observation: a copy with the cards it cannot
        see dealt again at random, within what the plays proved (each family defines it)."""
        raise NotImplementedError

    def resample_many(self, seat: int, rng: random.Random, n: int) -> list[Deal]:
        """`n` worlds drawn by `resample`, one after the other from `rng`."""
        return [self.resample(seat, rng) for _ in range(n)]

    def with_hands(self, hands: Sequence[Sequence[int]]) -> Deal:
        """A copy of the deal in which the seats hold `hands` (the same plays so far): a
        search's world whose hidden cards it dealt itself, e.g. to hand it to the solver."""
        world = self.clone()
        world._hands = [sorted(h, key=sort_key) for h in hands]
        return world

    def _seen_tricks(self, seat: int) -> tuple[tuple[TrickRecord, ...], frozenset[int]]:
        """The completed tricks as `seat` saw them, as immutable records, and the cards it saw
        played to them. Kept between observations (completed tricks never change; a copy or a
        redealt world has a new trick list and rebuilds them), per `_view_key`."""
        key = self._view_key(seat)
        cache = self._records.get(key)
        tricks = self._tricks
        if cache is not None and cache[0] is tricks and len(cache[1]) == len(tricks):
            return cache[1], cache[2]
        recs: tuple[TrickRecord, ...] = ()
        played: frozenset[int] = frozenset()
        if cache is not None and cache[0] is tricks:
            recs, played = cache[1], cache[2]
        n = len(recs)
        new = tuple(
            (leader, self._seen_plays(seat, i, plays), winner)
            for i, (leader, plays, winner) in enumerate(tricks[n:], n)
        )
        recs += new
        played = played.union(c for _, plays, _ in new for _, a in plays for c in _cards_of(a))
        self._records[key] = (tricks, recs, played)
        return recs, played

    def _view_key(self, seat: int) -> Hashable:
        """Which seats see the completed tricks alike (every seat, unless plays are hidden)."""
        return None

    def _seen_plays(self, seat: int, index: int, plays: list[Play]) -> tuple[Play, ...]:
        """Completed trick `index`'s plays as `seat` saw them."""
        return tuple(plays)

    def _seen_trick(self, seat: int) -> tuple[Play, ...]:
        """The trick in progress as `seat` sees it."""
        return tuple(self._trick)

    def hand_cards(self, seat: int) -> list[int]:
        """A copy of `seat`'s cards (ints). Players never call this for another seat: only the
        perfect-information bound of the strength benchmark does."""
        return list(self._hands[seat])

    def winning_seat(self) -> int | None:
        """The seat now winning the trick in progress (None before the lead, or no tricks)."""
        return None

    def setup_extra(self) -> dict[str, Any]:
        """Game-specific fields a record needs to set this deal up (e.g. stock, trump)."""
        return {}

    def view_extra(self, seat: int) -> dict[str, Any]:
        return {}

    def card_places(self) -> dict[str, list[int]]:
        """Where every card of the deal is now (hands, the trick, taken tricks, ...).

        Games with a stock or dead cards extend this; the conformance test checks that every
        card of `deck_cards()` is in exactly one place.
        """
        places = {f"hand {s}": list(h) for s, h in enumerate(self._hands)}
        places["trick"] = [c for _, a in self._trick for c in _cards_of(a)]
        places["taken"] = [
            c for _, plays, _ in self._tricks for _, a in plays for c in _cards_of(a)
        ]
        return places

    def deck_cards(self) -> list[int]:
        """Every card in play this deal (the whole deck for games that deal it all out)."""
        return sorted(c for h in self.initial_hands for c in h)

    def clone(self) -> Deal:
        """An independent copy for search: lists, dicts and sets are copied one level deep.

        A deal never changes its match while it is played (only `Rules.apply_result` does),
        so a clone can be played out freely.
        """
        new = copy.copy(self)
        d = new.__dict__
        for k, v in self.__dict__.items():
            if isinstance(v, list):
                d[k] = [x[:] if isinstance(x, list) else x for x in v]
            elif isinstance(v, (dict, set)):
                d[k] = v.copy()
        return new

    # --- public surface ---------------------------------------------------------------------
    def legal_moves(self) -> list[str]:
        if self.phase == "over":
            return []
        acts = self.legal_actions()
        if acts and all(isinstance(a, int) for a in acts):
            acts = sorted(acts, key=sort_key)  # type: ignore[arg-type]
        return [self.action_str(a) for a in acts]

    def illegal_reason(self, move: str) -> Message | None:
        """None when `move` is legal for the seat to move, else the reason as a message."""
        if not isinstance(move, str):
            return msg("move.not_text", kind=type(move).__name__)
        if self.phase == "over":
            return msg("deal.over")
        try:
            action = self.parse_action(move)
        except IllegalMove as exc:
            return exc.message
        if action in self.legal_actions():
            return None
        return self.why_not(action)

    def why_illegal(self, move: str) -> str | None:
        """None when `move` is legal for the seat to move, else the reason in English."""
        reason = self.illegal_reason(move)
        return None if reason is None else str(reason)

    def play(self, move: str) -> None:
        if not isinstance(move, str):
            raise IllegalMove(msg("move.not_text", kind=type(move).__name__))
        if self.phase == "over":
            raise IllegalMove(msg("deal.over"))
        action = self.parse_action(move)
        if action not in self.legal_actions():
            raise IllegalMove(self.why_not(action))
        self.moves.append(self.action_str(action))
        self.apply_action(action)

    def play_action(self, action: Action) -> None:
        """Fast path for computer players and playouts: the action must be legal."""
        self.moves.append(self.action_str(action))
        self.apply_action(action)

    @property
    def hands(self) -> list[list[str]]:
        return [hand_strs(h) for h in self._hands]

    @property
    def trump(self) -> str | None:
        return None if self.trump_suit is None else "SHDC"[self.trump_suit]

    def _plays_out(self, plays: Sequence[tuple[int, Any]]) -> list[list[Any]]:
        return [[s, self.action_str(a)] for s, a in plays]

    @property
    def tricks(self) -> list[dict[str, Any]]:
        return [
            {"leader": leader, "plays": self._plays_out(plays), "winner": winner}
            for leader, plays, winner in self._tricks
        ]

    @property
    def trick(self) -> list[list[Any]]:
        """The trick in progress: [[seat, move], ...]."""
        return self._plays_out(self._trick)

    @property
    def trick_leader(self) -> int | None:
        return self._trick_leader

    def hand_of(self, seat: int) -> list[str]:
        return hand_strs(self._hands[seat])

    def setup(self) -> dict[str, Any]:
        rec: dict[str, Any] = {
            "dealer": self.dealer,
            "hands": [hand_strs(h) for h in self.initial_hands],
        }
        rec.update(self.setup_extra())
        rec["moves"] = list(self.moves)
        return rec

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see: its own hand, the table, counts of the others' cards."""
        v: dict[str, Any] = {
            "game": self.game,
            "seat": seat,
            "players": self.players,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_move": self.to_move,
            "trump": self.trump,
            "hand": self.hand_of(seat),
            "hand_sizes": [len(h) for h in self._hands],
            "trick": self.trick,
            "trick_leader": self._trick_leader,
            "tricks": self.tricks,
            "taken": list(self.taken),
            "winning_seat": self.winning_seat(),
            "legal_moves": self.legal_moves() if self.to_move == seat else [],
            "result": self.result,
        }
        v.update(self.view_extra(seat))
        return v


def _cards_of(action: Any) -> tuple[int, ...]:
    """The cards of a play (None: a play seen face down, no cards known)."""
    if action is None:
        return ()
    return (action,) if isinstance(action, int) else tuple(action)


# --------------------------------------------------------------------------------------------
# Match and the game registry

_GAMES: dict[str, type[Rules]] = {}


def register(cls: type[Rules]) -> type[Rules]:
    _GAMES[cls.name] = cls
    return cls


def registered_games() -> tuple[str, ...]:
    """The registered games, in the order the rules modules register them (`engine.GAMES`)."""
    return tuple(_GAMES)


def rules_class(game: Any) -> type[Rules]:
    if not isinstance(game, str) or game not in _GAMES:
        raise RulesError(msg("game.unknown", game=repr(game), games=", ".join(_GAMES)))
    return _GAMES[game]


class Match:
    """A match of one game: deals in sequence, totals, winners, and the record."""

    def __init__(
        self,
        game: str,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        players: int | None = None,
        setups: Sequence[Mapping[str, Any]] | None = None,
    ) -> None:
        cls = rules_class(game)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RulesError(msg("seed.not_number", value=repr(seed)))
        self.game = game
        self.seed = seed
        self.players = cls.check_players(players)
        self.options = cls.check_options(options)
        self.rules = cls(self.players, self.options)
        self.totals = self.rules.initial_totals()
        self.deals: list[Deal] = []
        self._setups = list(setups or [])
        self.is_over = False
        self.winners: list[int] = []
        self.info: dict[str, Any] = {}  # match-level state a game keeps (e.g. pot, pairing)
        # Kept with the match by a page that shows it, not part of the record: the match is
        # practice (undo or a hint was used), the seats' names as they were when it began, and
        # what opens its table with friends again (JSON as a save kept it, read and checked by
        # the page that opens it: ui/friends/kept.py).
        self.practice = False
        self.seat_names: list[str] | None = None
        self.friends: object | None = None
        first = self.rules.first_dealer(self.rng("dealer"))
        self._start_deal(first)

    def rng(self, what: str | int) -> random.Random:
        """A generator for one purpose (deal i, the first dealer ...), fixed by the seed."""
        return random.Random(f"{self.game}:{self.seed}:{what}")

    def _start_deal(self, dealer: int) -> None:
        index = len(self.deals)
        setup = self._setups[index] if index < len(self._setups) else None
        if setup is not None and "dealer" in setup:
            dealer = setup["dealer"]
            if (
                isinstance(dealer, bool)
                or not isinstance(dealer, int)
                or not 0 <= dealer < self.players
            ):
                raise RecordError(msg("record.dealer", deal=index + 1, last=self.players - 1))
        if setup is not None:
            extra = set(setup) - self.rules.deal_fields
            if extra:
                raise RecordError(
                    msg(
                        "record.in_deal",
                        deal=index + 1,
                        reason=msg(
                            "record.unknown_deal_fields", fields=", ".join(sorted(map(str, extra)))
                        ),
                    )
                )
        if setup is not None and "hands" not in setup:
            setup = {k: v for k, v in setup.items() if k != "moves"} or None
        try:
            deal = self.rules.make_deal(self, index, dealer, self.rng(index), setup)
        except RecordError as exc:
            raise RecordError(exc.in_context("record.in_deal", deal=index + 1)) from None
        self.deals.append(deal)
        self._after_move()

    @property
    def deal(self) -> Deal:
        return self.deals[-1]

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self.deal.to_move

    def legal_moves(self) -> list[str]:
        return [] if self.is_over else self.deal.legal_moves()

    def play(self, move: str) -> None:
        if self.is_over:
            raise IllegalMove(msg("match.over"))
        self.deal.play(move)
        self._after_move()

    def play_action(self, action: Action) -> None:
        self.deal.play_action(action)
        self._after_move()

    def _after_move(self) -> None:
        deal = self.deal
        if deal.phase != "over":
            return
        self.rules.apply_result(self, deal)
        if self.rules.is_over(self):
            self.is_over = True
            self.winners = self.rules.winners(self)
            return
        self._start_deal(self.rules.next_dealer(self, deal))

    def record(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seed": self.seed,
            "players": self.players,
            "options": dict(self.options),
            "deals": [d.setup() for d in self.deals],
        }

    def view(self, seat: int) -> dict[str, Any]:
        v = self.deal.view(seat)
        v.update(
            {
                "totals": list(self.totals),
                "match_over": self.is_over,
                "winners": list(self.winners),
                "deal_number": len(self.deals),
                "options": dict(self.options),
            }
        )
        return v


def new_match(
    game: str,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    players: int | None = None,
) -> Match:
    """Starts a match; table options default as in docs/rules.md."""
    return Match(game, seed=seed, options=options, players=players)


_RECORD_KEYS = {"game", "seed", "players", "options", "deals"}


def replay(record: Any) -> Match:
    """Plays a record back; RecordError names the first problem (deal, move, why)."""
    if not isinstance(record, Mapping):
        raise RecordError(msg("record.not_object"))
    extra = set(record) - _RECORD_KEYS
    if extra:
        raise RecordError(msg("record.unknown_fields", fields=", ".join(sorted(map(str, extra)))))
    for key in ("game", "deals"):
        if key not in record:
            raise RecordError(msg("record.missing", field=key))
    deals = record["deals"]
    if not isinstance(deals, list) or not all(isinstance(d, Mapping) for d in deals):
        raise RecordError(msg("record.deals_list"))
    for i, d in enumerate(deals):
        moves = d.get("moves", [])
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError(msg("record.moves_list", deal=i + 1))
    seed = record.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError(msg("record.seed", value=repr(seed)))
    options = record.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError(msg("record.options"))
    try:
        m = Match(
            record["game"], seed=seed, options=options, players=record.get("players"), setups=deals
        )
    except RecordError:
        raise
    except MessageError as exc:
        raise RecordError(exc.message) from None
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    for i, d in enumerate(deals):
        if len(m.deals) < i + 1:  # more: a deal that was over at once (e.g. a re-deal)
            raise RecordError(
                msg("record.extra_deal_ended", deal=i + 1)
                if m.is_over
                else msg("record.extra_deal_open", deal=i + 1, previous=i)
            )
        for j, mv in enumerate(d.get("moves", [])):
            if m.is_over or m.deal is not m.deals[i]:
                raise RecordError(msg("record.deal_over", deal=i + 1, move=j + 1, text=mv))
            try:
                m.play(mv)
            except RecordError:
                raise
            except MessageError as exc:
                raise RecordError(
                    exc.in_context("record.bad_move", deal=i + 1, move=j + 1, text=mv)
                ) from None
    return m


def parse_record_cards(
    game: str,
    raw: Sequence[str],
    where: Message | str,
    deck: Collection[int],
    seen: set[int],
    twice: str,
) -> list[int]:
    """Parses a record's card texts, checking each is in `deck` and not in `seen` (updated);
    `where` names the place ("hand 2"), `twice` is the message key for a card seen twice."""
    out: list[int] = []
    for text in raw:
        try:
            c = parse_card(text)
        except ValueError:
            raise RecordError(msg("record.bad_card", game=game, where=where, text=text)) from None
        if c not in deck:
            raise RecordError(msg("record.not_in_deck", game=game, where=where, card=card(c)))
        if c in seen:
            raise RecordError(msg(twice, game=game, card=card(c)))
        seen.add(c)
        out.append(c)
    return out


def check_hands(
    game: str,
    raw: Any,
    sizes: Sequence[int],
    deck: Sequence[int],
    extra: Sequence[int] = (),
    whole_deck: bool = True,
) -> list[list[int]]:
    """Parses record hands and checks they form a proper deal from `deck`."""
    if not isinstance(raw, list) or len(raw) != len(sizes):
        raise RecordError(msg("record.hands_count", game=game, count=len(sizes)))
    seen: set[int] = set(extra)
    deckset = set(deck)
    out: list[list[int]] = []
    for seat, (h, size) in enumerate(zip(raw, sizes)):
        if not isinstance(h, list) or not all(isinstance(c, str) for c in h):
            raise RecordError(msg("record.hand_list", game=game, seat=seat))
        if len(h) != size:
            raise RecordError(msg("record.hand_size", game=game, seat=seat, have=len(h), size=size))
        out.append(
            parse_record_cards(
                game, h, msg("record.where_hand", seat=seat), deckset, seen, "record.twice_dealt"
            )
        )
    if whole_deck and len(seen) != len(deckset):
        missing = sorted(deckset - seen, key=sort_key)
        raise RecordError(msg("record.left_out", game=game, cards=cards_text(missing)))
    return out
