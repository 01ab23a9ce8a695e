"""Messages as values: what the engine tells a player, as a stable key with typed parameters.

A `Message` is what a rule says to a person (why a move is illegal, how a deal was scored, why
an option or a record is refused). It carries a key (`"illegal.follow_suit"`), its parameters
as values (cards as `CardRef`, suits as `SuitRef`, seats as `SeatRef`, numbers, plain text) and
renders itself in English; a catalog for another language maps the same keys to its own
templates. Errors (`IllegalMove`, `RulesError`, `RecordError`) keep their `ValueError` type and
English `str()` and carry the message in `.message`.

Templates use `str.format` fields; the parameter values format themselves by spec:
`{card}` "6♣"; `{suit}` "♣", `{suit:name}` "clubs" (`Name`: "Clubs"), `{suit:one}` "club", `{suit:label}`
"clubs (♣)"; `{seat}` the seat's name (given at render time, "seat 2" by default); `{seats}`
the names joined as a sentence says them ("Olga and Nina", `join_names`); a tuple of messages, their texts joined with ", ".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import CARD_STR, RANK_NAMES, SUIT_SYMBOLS, SUITS

SUIT_MANY = ("spades", "hearts", "diamonds", "clubs")
SUIT_ONE = ("spade", "heart", "diamond", "club")


@dataclass(frozen=True)
class CardRef:
    """A card as a message parameter (rendered "6♣"; `notation` is "6C")."""

    code: int

    @property
    def notation(self) -> str:
        return CARD_STR[self.code]

    def __format__(self, spec: str) -> str:
        return RANK_NAMES[self.code & 15] + SUIT_SYMBOLS[SUITS[self.code >> 4]]

    def to_json(self) -> dict[str, str]:
        return {"card": self.notation}


@dataclass(frozen=True)
class SuitRef:
    """A suit as a message parameter (S=0 H=1 D=2 C=3)."""

    index: int

    def __format__(self, spec: str) -> str:
        sym = SUIT_SYMBOLS[SUITS[self.index]]
        if spec == "name":
            return SUIT_MANY[self.index]
        if spec == "Name":
            return SUIT_MANY[self.index].capitalize()
        if spec == "one":
            return SUIT_ONE[self.index]
        if spec == "label":
            return f"{SUIT_MANY[self.index]} ({sym})"
        return sym

    def to_json(self) -> dict[str, str]:
        return {"suit": SUITS[self.index]}


@dataclass(frozen=True)
class SeatRef:
    """A seat as a message parameter: rendered with the names the renderer is given."""

    seat: int

    def __format__(self, spec: str) -> str:
        return f"seat {self.seat}"

    def to_json(self) -> dict[str, int]:
        return {"seat": self.seat}


@dataclass(frozen=True)
class SeatsRef:
    """Several seats (a team) as one parameter, rendered "seat 1 and seat 3"."""

    seats: tuple[int, ...]

    def __format__(self, spec: str) -> str:
        return join_names([f"seat {s}" for s in self.seats])

    def to_json(self) -> dict[str, list[int]]:
        return {"seats": list(self.seats)}


def join_names(items: Sequence[str], catalog: Mapping[str, str] | None = None) -> str:
    """Names as a sentence lists them: "Olga", "Olga and Nina", "You, Olga and Nina" (the
    catalog's "list.and"), never "&"."""
    items = [str(x) for x in items]
    if len(items) <= 1:
        return "".join(items)
    template = (catalog or ENGLISH).get("list.and") or ENGLISH["list.and"]
    try:
        return template.format(names=", ".join(items[:-1]), last=items[-1])
    except (KeyError, IndexError, ValueError):
        return ENGLISH["list.and"].format(names=", ".join(items[:-1]), last=items[-1])


class _Named:
    """A seat or seats rendered with the names of a table."""

    def __init__(
        self, seats: Sequence[int], names: Sequence[str], catalog: Mapping[str, str] | None = None
    ) -> None:
        self.text = join_names(
            [names[s] if 0 <= s < len(names) else f"seat {s}" for s in seats], catalog
        )

    def __format__(self, spec: str) -> str:
        return self.text


class _SuitIn:
    """A suit rendered with a catalog's names (keys "suit.<i>.many", ".one", ".Name")."""

    def __init__(self, index: int, catalog: Mapping[str, str]) -> None:
        self.index = index
        self.catalog = catalog

    def __format__(self, spec: str) -> str:
        sym = SUIT_SYMBOLS[SUITS[self.index]]
        many = self.catalog.get(f"suit.{self.index}.many") or SUIT_MANY[self.index]
        if spec == "name":
            return many
        if spec == "Name":
            return self.catalog.get(f"suit.{self.index}.Name") or many.capitalize()
        if spec == "one":
            return self.catalog.get(f"suit.{self.index}.one") or SUIT_ONE[self.index]
        if spec == "label":
            return f"{many} ({sym})"
        return sym


def card(c: int) -> CardRef:
    return CardRef(c)


def suit(s: int) -> SuitRef:
    return SuitRef(s)


def seat(s: int) -> SeatRef:
    return SeatRef(s)


def seats(ss: Iterable[int]) -> SeatsRef:
    return SeatsRef(tuple(ss))


def cards_text(cs: Iterable[int]) -> str:
    """Cards as symbols, "6♣ 7♣" (for a parameter that lists cards)."""
    return " ".join(format(CardRef(c)) for c in cs)


@dataclass(frozen=True)
class Message:
    """A stable key, its parameters, and an English rendering (`str(message)`)."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def args(self) -> dict[str, Any]:
        return dict(self.params)

    def you_key(self, you: int | None) -> str:
        """The key this message renders with when seat `you` is the reader: the first
        "<key>.you.<param>" that exists for a seat parameter naming `you` (or a team holding
        it), so that a sentence about the reader is its own sentence, in the second person
        ("You bid 7 but took only 3"); else the message's key."""
        if you is None:
            return self.key
        for k, v in self.params:
            if (isinstance(v, SeatRef) and v.seat == you) or (
                isinstance(v, SeatsRef) and you in v.seats
            ):
                variant = f"{self.key}.you.{k}"
                if variant in ENGLISH:
                    return variant
        return self.key

    def render(
        self,
        names: Sequence[str] | None = None,
        catalog: Mapping[str, str] | None = None,
        you: int | None = None,
    ) -> str:
        """The message in the catalog's language (English by default), seats named by `names`;
        `you`: the reader's seat, whose sentences are said to them (`you_key`)."""
        key = self.you_key(you)
        template = (catalog or ENGLISH).get(key) or ENGLISH.get(key) or self.key
        values: dict[str, Any] = {}
        for k, v in self.params:
            if names is not None and isinstance(v, SeatRef):
                values[k] = _Named([v.seat], names)
            elif names is not None and isinstance(v, SeatsRef):
                values[k] = _Named(v.seats, names, catalog)
            elif catalog is not None and isinstance(v, SuitRef):
                values[k] = _SuitIn(v.index, catalog)
            elif catalog is not None and isinstance(v, CardRef):
                # the rank's letter as the cards show it (the catalog's "rank.J", else Latin)
                rank = RANK_NAMES[v.code & 15]
                values[k] = (catalog.get(f"rank.{rank}") or rank) + SUIT_SYMBOLS[SUITS[v.code >> 4]]
            elif isinstance(v, Message):
                values[k] = v.render(names, catalog, you)
            elif isinstance(v, tuple) and v and all(isinstance(x, Message) for x in v):
                values[k] = ", ".join(x.render(names, catalog, you) for x in v)
            else:
                values[k] = v
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            if key != self.key:  # a translation of the variant that does not fit: the plain one
                return self.render(names, catalog)
            return template

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Any]:
        """JSON-safe: {"key", "params", "text"}; cards, suits and seats as small objects."""
        return {
            "key": self.key,
            "params": {k: _json(v) for k, v in self.params},
            "text": self.render(),
        }


def from_json(data: Any) -> Message:
    """The message of `Message.to_json()` output (cards, suits, seats and nested messages
    restored); ValueError when `data` is not such an object."""
    if (
        not isinstance(data, Mapping)
        or not isinstance(data.get("key"), str)
        or not isinstance(data.get("params", {}), Mapping)
    ):
        raise ValueError("a message is an object with a 'key' and 'params'")  # noqa: TRY004
    return Message(data["key"], tuple((str(k), _param(v)) for k, v in data["params"].items()))


def _param(v: Any) -> Any:
    if isinstance(v, Mapping):
        if "key" in v:
            return from_json(v)
        if set(v) == {"card"} and isinstance(v["card"], str):
            from .cards import parse_card

            return CardRef(parse_card(v["card"]))
        if set(v) == {"suit"} and v["suit"] in SUITS:
            return SuitRef(SUITS.index(v["suit"]))
        if set(v) == {"seat"} and isinstance(v["seat"], int):
            return SeatRef(v["seat"])
        if set(v) == {"seats"} and isinstance(v["seats"], list):
            return SeatsRef(tuple(int(s) for s in v["seats"]))
        raise ValueError(f"unknown message parameter {dict(v)!r}")
    if isinstance(v, list):
        return tuple(_param(x) for x in v)
    return v


def _json(v: Any) -> Any:
    if hasattr(v, "to_json"):
        return v.to_json()
    if isinstance(v, (list, tuple)):
        return [_json(x) for x in v]
    return v


def add_english(entries: Mapping[str, str]) -> None:
    """Adds a game's own English templates (each rules module keeps its messages with it)."""
    for k in entries:
        if k in ENGLISH:
            raise ValueError(f"message key {k!r} is defined twice")
    ENGLISH.update(entries)


def msg(key: str, **params: Any) -> Message:
    """A message; `ENGLISH[key]` must exist (a test checks every key the engine uses)."""
    return Message(key, tuple(params.items()))


class MessageError(ValueError):
    """A `ValueError` whose text is a message value (`.message`); `str()` is the English."""

    def __init__(self, message: Message | str) -> None:
        if isinstance(message, str):
            message = msg("text", text=message)
        self.message = message
        super().__init__(str(message))

    def in_context(self, key: str, **params: Any) -> Message:
        """This error's message nested in another (e.g. "Deal 2, move 5 'AS': ...")."""
        return msg(key, reason=self.message, **params)


# English, written for players: full sentences, cards and suits as symbols.
ENGLISH: dict[str, str] = {
    "text": "{text}",
    # joins the last two of a list of names: "Olga and Nina", "You, Olga and Nina"
    "list.and": "{names} and {last}",
    # --- suit names, for other languages' catalogs (English uses SuitRef's own) ---------------
    **{f"suit.{i}.many": SUIT_MANY[i] for i in range(4)},
    **{f"suit.{i}.one": SUIT_ONE[i] for i in range(4)},
    **{f"suit.{i}.Name": SUIT_MANY[i].capitalize() for i in range(4)},
    # --- moves ----------------------------------------------------------------------------
    "move.not_text": "A move is text, not {kind}.",
    "move.empty": "The move is empty.",
    "move.bad_bid": "'{text}' is not a bid: write, for example, 'bid 7'.",
    "move.bad_trump": "'{text}' does not name a suit: write trump S, H, D or C.",
    "move.bad_card": "'{text}' is not a move: write a card as rank then suit, for example AS, "
    "10H, TH or 6C.",
    "move.bad_set": "'{text}' is not a play: write one card or three cards, for example "
    "'AS' or '6C 7C 8C'.",
    "deal.over": "The deal is over.",
    "match.over": "The match is over.",
    "illegal.generic": "That move is not allowed now.",
    "illegal.not_in_hand": "{card} is not in your hand.",
    "illegal.play_a_card": "It is card play: play a card.",
    # --- options and players --------------------------------------------------------------
    "options.not_mapping": "{game}: options are a mapping of option names to values, not {kind}.",
    "options.unknown": "{game}: there is no option '{name}' (options: {known}).",
    "options.bad_choice": "{game}: option '{name}' cannot be {value}; choose one of {choices}.",
    "options.bad_range": "{game}: option '{name}' cannot be {value}; it is a whole number from "
    "{minimum} to {maximum}.",
    "options.bad_value": "{game}: option '{name}' cannot be {value}.",
    "options.combination": "{game}: {why}",
    "players.not_number": "{game}: the number of players must be a number, not {value}.",
    "players.not_allowed": "{game}: cannot be played by {count} players (allowed: {allowed}).",
    "game.unknown": "There is no game {game} (games: {games}).",
    "seed.not_number": "The seed must be a whole number, not {value}.",
    # --- records ------------------------------------------------------------------------------
    "record.not_object": "A record must be a JSON object with game, seed, players, options "
    "and deals.",
    "record.unknown_fields": "The record has unknown field(s): {fields}.",
    "record.missing": "The record has no '{field}'.",
    "record.deals_list": "'deals' must be a list of objects.",
    "record.moves_list": "Deal {deal}: 'moves' must be a list of move texts.",
    "record.seed": "'seed' must be a whole number, not {value}.",
    "record.options": "'options' must be an object.",
    "record.extra_deal_ended": "Deal {deal}: the record lists it, but the match ended before it.",
    "record.extra_deal_open": "Deal {deal}: the record lists it, but deal {previous} had not "
    "ended.",
    "record.deal_over": "Deal {deal}, move {move} '{text}': the deal is already over.",
    "record.bad_move": "Deal {deal}, move {move} '{text}': {reason}",
    "record.in_deal": "Deal {deal}: {reason}",
    "record.dealer": "Deal {deal}: the dealer must be a seat from 0 to {last}.",
    "record.unknown_deal_fields": "Unknown deal field(s): {fields}.",
    "record.hands_count": "{game}: 'hands' must list {count} hands.",
    "record.hand_list": "{game}: hand {seat} must be a list of cards.",
    "record.hand_size": "{game}: hand {seat} has {have} cards; a deal gives {size}.",
    "record.bad_card": "{game}: {where}: '{text}' is not a card (write rank then suit, for "
    "example AS, 10H, TH, 6C).",
    "record.not_in_deck": "{game}: {where}: {card} is not in this game's deck.",
    "record.twice_dealt": "{game}: {card} is dealt twice.",
    "record.twice_stock": "{game}: {card} is twice in the stock.",
    "record.where_hand": "hand {seat}",
    "record.where_stock": "stock",
    "record.left_out": "{game}: the hands leave out {cards}.",
    "record.value": "{why}",
    # --- what a table shows of a deal and its result (Rules hooks) --------------------------
    "fact.trump": "Trump {trump} {trump:name}",
    "goal.loses_at": "loses at {n}",
}
