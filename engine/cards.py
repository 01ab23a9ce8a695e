"""Cards as small integers, with the one text notation (`AS`, `10H`, `6C`) that round-trips.

A card is ``suit * 16 + rank`` with suits S=0 H=1 D=2 C=3 and ranks 2..14 (J=11 Q=12 K=13
A=14). Ints keep random playouts fast; every public surface speaks the text notation.
Which card is higher is never a property of the card: each game keeps its own order tables.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RANK_NAMES = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
_RANK_PARSE = {v: k for k, v in RANK_NAMES.items()}
_RANK_PARSE["T"] = 10

# Kozel family card points: A 11, 10 10, K 4, Q 3, J 2 (120 in every deck used).
KOZEL_POINTS = {14: 11, 10: 10, 13: 4, 12: 3, 11: 2}


def card(rank: int, suit: int) -> int:
    return suit * 16 + rank


def suit_of(c: int) -> int:
    return c >> 4


def rank_of(c: int) -> int:
    return c & 15


CARD_STR: dict[int, str] = {
    card(r, s): RANK_NAMES[r] + SUITS[s] for s in range(4) for r in RANK_NAMES
}
_STR_CARD: dict[str, int] = {v: k for k, v in CARD_STR.items()}


def card_str(c: int) -> str:
    return CARD_STR[c]


def parse_card(text: str) -> int:
    """Parses `QH`, `10s`, `TH` into a card; raises ValueError naming the bad text."""
    t = text.strip().upper()
    c = _STR_CARD.get(t)
    if c is not None:
        return c
    if len(t) >= 2 and t[-1] in SUITS and t[:-1] in _RANK_PARSE:
        return card(_RANK_PARSE[t[:-1]], SUITS.index(t[-1]))
    raise ValueError(f"'{text}' is not a card (write rank then suit, e.g. AS, 10H, TH, 6C)")


def is_card_text(token: str) -> bool:
    """Whether `token` is a card written exactly as the notation writes it (`QS`, `10H`)."""
    return token in _STR_CARD


def is_card_move(move: str) -> bool:
    """Whether a move's text is a play of one or more cards (`QS`, `7H 7D 7C`), not a bid,
    a pass or a trump named; a play seen face down (`??`) is not one."""
    tokens = move.split()
    return bool(tokens) and all(t in _STR_CARD for t in tokens)


def split_card_text(token: str) -> tuple[str, str]:
    """A card's text as (rank, suit): `10H` -> ("10", "H")."""
    return token[:-1], token[-1:]


def parse_suit(text: str) -> int:
    t = text.strip().upper()
    if len(t) == 1 and t in SUITS:
        return SUITS.index(t)
    raise ValueError(f"'{text}' is not a suit (S, H, D or C)")


def deck(ranks: Iterable[int]) -> list[int]:
    """All cards of the given ranks in the four suits, in a fixed order."""
    rs = list(ranks)
    return [card(r, s) for s in range(4) for r in rs]


DECK_52 = deck(range(2, 15))
DECK_36 = deck(range(6, 15))
DECK_32 = deck(range(7, 15))
DECK_24 = deck([6, 10, 11, 12, 13, 14])


def sort_key(c: int) -> tuple[int, int]:
    return (suit_of(c), -rank_of(c))


def hand_strs(cards: Iterable[int]) -> list[str]:
    """Cards as text, sorted by suit (S H D C) then rank from high to low."""
    return [CARD_STR[c] for c in sorted(cards, key=sort_key)]


def kozel_points(c: int) -> int:
    return KOZEL_POINTS.get(c & 15, 0)
