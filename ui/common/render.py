"""Pure rendering: engine views in, HTML strings out (no `js`, so it runs under CPython too).

Every piece of text that is not a literal of this module goes through `esc`. URL text never
reaches these functions: the app shows it with `textContent`. Texts are in the page's language
(`ui.common.i18n`); suit names come from the engine's catalog (keys "suit.<i>.many" / ".Name"), so a
suit reads the same on the table and in the engine's messages.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engine.cards import is_card_move as is_card_move  # (the table's views read it here)
from engine.cards import is_card_text, split_card_text
from engine.core import Rules, RulesError, rules_class
from ui.common.i18n import N_, _, catalog, pgettext, rank_letter

# English suit names (data; shown through `suit_name`, which asks the engine's catalog).
SUIT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}  # the engine's suit order (engine.messages)
SUIT_SYM = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RED = {"H", "D"}
RANK_WORD = {"J": N_("jack"), "Q": N_("queen"), "K": N_("king"), "A": N_("ace")}
# A card's accessible name, per suit ("queen of spades"); {rank} is a rank word or a number.
CARD_NAME = {
    "S": N_("{rank} of spades"),
    "H": N_("{rank} of hearts"),
    "D": N_("{rank} of diamonds"),
    "C": N_("{rank} of clubs"),
}


# What html.escape(quote=True) does, without the html package (and its 40 KB of entities,
# which the page would otherwise download for this one function).
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def esc(x: object) -> str:
    return str(x).translate(_ESCAPES)


is_card = is_card_text  # the card notation is read in one place: engine.cards
split_card = split_card_text


def suit_svg(s: str, cls: str = "") -> str:
    return f'<svg class="suit {cls}" viewBox="0 0 100 100" aria-hidden="true"><use href="#s{s}"/></svg>'


def suit_name(s: str, capital: bool = False) -> str:
    """A suit's name in the page's language ("spades"; with `capital`, "Spades"), the engine
    catalog's translation; `s` is S, H, D or C (anything else is returned as it is)."""
    if s not in SUIT_NAME:
        return s
    english = SUIT_NAME[s].capitalize() if capital else SUIT_NAME[s]
    cat = catalog()
    if cat is None:
        return english
    return cat.get(f"suit.{SUIT_INDEX[s]}.{'Name' if capital else 'many'}") or english


def card_label(c: str) -> str:
    """A card's accessible name in the page's language ("queen of spades", "10 of hearts")."""
    r, s = split_card(c)
    rank = _(RANK_WORD[r]) if r in RANK_WORD else r
    return _(CARD_NAME[s]).format(rank=rank)


def card_html(c: str, attrs: str = "", cls: str = "", tag: str = "div", note: str = "") -> str:
    """A face-up card: its face's picture (a background image per card, class `f-<card>`,
    from assets/cards/faces/, see docs/deck.md) under corner indices drawn by the page.

    `note` is appended to the accessible name after a comma ("queen of hearts, winning")."""
    if not is_card(c):
        return back_html(cls)
    r, s = split_card(c)
    colour = "red" if s in RED else "black"
    court = " court" if r in ("J", "Q", "K") else ""
    label = _("{card}, {note}").format(card=card_label(c), note=note) if note else card_label(c)
    # The drawing is hidden from screen readers: the card's name is its aria-label (a card
    # that is not a button is an image with that name). The rank letters are drawn by CSS
    # (`b[data-r]::before`, Latin or regional letters), so the drawing has no text of its own
    # to differ from the name.
    role = ' role="img"' if tag != "button" and "role=" not in attrs else ""
    idx = f'<b data-r="{esc(r)}"></b>{suit_svg(s)}'
    return (
        f'<{tag} class="card {colour} s-{s} f-{esc(c)}{court} {cls}"{role} {attrs} '
        f'aria-label="{esc(label)}">'
        f'<span class="idx tl" aria-hidden="true">{idx}</span>'
        f'<span class="idx br" aria-hidden="true">{idx}</span>'
        f"</{tag}>"
    )


def back_html(cls: str = "") -> str:
    return f'<div class="card back {cls}" aria-hidden="true"></div>'


# ------------------------------------------------------------------------------ seats & order
def positions(players: int, direction: str) -> list[str]:
    """Screen position of each seat; seat 0 (the human) is at the bottom.

    A game that plays to the right (counter-clockwise on screen) has seat 1 on the right; one
    that plays to the left (clockwise) has seat 1 on the left.
    """
    cw = {
        2: ["bottom", "top"],
        3: ["bottom", "left", "right"],
        4: ["bottom", "left", "top", "right"],
        5: ["bottom", "left", "topleft", "topright", "right"],
    }[players]
    if direction == "left":
        return cw
    mirror = {"left": "right", "right": "left", "topleft": "topright", "topright": "topleft"}
    return [mirror.get(p, p) for p in cw]


def seat_names(names: list[str] | tuple[str, ...], players: int) -> list[str]:
    """The display names of a table's seats (a game's `seat_names` fact)."""
    return list(names[:players])


def rules_of(view: Mapping[str, Any]) -> Rules:
    """The rules of the game `view` is a view of (`Deal.view`: its "game" and "players", and
    the table's "options" where the view carries them); neutral rules for anything else."""
    game, players, options = view.get("game"), view.get("players"), view.get("options") or {}
    try:
        return _rules(
            game, players if isinstance(players, int) else 4, tuple(sorted(dict(options).items()))
        )
    except (RulesError, TypeError):
        return _NEUTRAL


_NEUTRAL = Rules(4, {})


@lru_cache(maxsize=32)
def _rules(game: Any, players: int, options: tuple[tuple[str, Any], ...]) -> Rules:
    return rules_class(game)(players, dict(options))


def ladder(view: dict[str, Any]) -> list[str]:
    """The trump cards highest first where the game ranks its trumps on a ladder of its own
    (`Rules.trump_ladder`), else []."""
    return rules_of(view).trump_ladder(view)


def is_trump(c: str, view: dict[str, Any]) -> bool:
    lad = ladder(view)
    if lad:
        return c in lad
    return split_card(c)[1] == view.get("trump")


def trump_rank(c: str, view: dict[str, Any], order: list[str] | tuple[str, ...]) -> int:
    """Position on the trump ladder (0 = highest) for sorting the hand; without a ladder, the
    position of the rank in `order` (the game's `rank_order`, high to low)."""
    lad = ladder(view)
    if c in lad:
        return lad.index(c)
    r = split_card(c)[0]
    return order.index(r) if r in order else 99


def sort_hand(
    hand: list[str], view: dict[str, Any], order: list[str] | tuple[str, ...]
) -> list[str]:
    """Trumps together on the left (by ladder), then the other suits alternating colours;
    within a suit by `order` (the game's `rank_order`, high to low)."""
    suit_order = ["S", "H", "C", "D"]
    trumps = [c for c in hand if is_card(c) and is_trump(c, view)]
    rest = [c for c in hand if c not in trumps]
    trumps.sort(key=lambda c: trump_rank(c, view, order))
    present = [s for s in suit_order if any(split_card(c)[1] == s for c in rest)]
    # Alternate colours where possible: black, red, black, red.
    blacks = [s for s in present if s not in RED]
    reds = [s for s in present if s in RED]
    seq: list[str] = []
    while blacks or reds:
        if blacks:
            seq.append(blacks.pop(0))
        if reds:
            seq.append(reds.pop(0))
    rest.sort(
        key=lambda c: (
            seq.index(split_card(c)[1]),
            order.index(split_card(c)[0]) if split_card(c)[0] in order else 99,
        )
    )
    return trumps + rest


def move_label(move: str) -> str:
    low = move.lower()
    if low == "pass":
        return pgettext("bid", "Pass")
    if low.startswith("bid "):
        return move[4:]
    if low.startswith("trump "):
        s = move[6:].strip().upper()
        return f"{SUIT_SYM.get(s, s)} {suit_name(s, capital=True)}"
    if is_card_move(move):
        return " ".join(
            f"{rank_letter(split_card(c)[0])}{SUIT_SYM[split_card(c)[1]]}" for c in move.split()
        )
    return move[:1].upper() + move[1:]


def move_button(move: str) -> str:
    low = move.lower()
    cls = "btn"
    inner = esc(move_label(move))
    if low.startswith("trump "):
        s = move[6:].strip().upper()
        if s in SUIT_NAME:
            cls += " suitbtn " + ("red" if s in RED else "black")
            inner = f"{suit_svg(s)}<span>{esc(suit_name(s, capital=True))}</span>"
    elif low == "pass":
        cls += " pass"
    return f'<button type="button" class="{cls}" data-move="{esc(move)}">{inner}</button>'


def fmt_value(v: object) -> str:
    if isinstance(v, bool):
        return _("yes") if v else _("no")
    if v is None:
        return "—"
    if isinstance(v, str) and len(v) == 1 and v in SUIT_SYM:
        return f"{SUIT_SYM[v]} {suit_name(v)}"
    if isinstance(v, (list, tuple)):
        return ", ".join(fmt_value(x) for x in v)
    if isinstance(v, dict):
        return ", ".join(f"{k}: {fmt_value(x)}" for k, x in v.items())
    return str(v)


def humanize(key: str) -> str:
    return key.replace("_", " ").capitalize()


def signed(n: object) -> str:
    if isinstance(n, int) and not isinstance(n, bool) and n > 0:
        return f"+{n}"
    return str(n)


def by_word(texts: Mapping[str, str], word: str | None) -> str:
    """The text of `texts` for a game's `deal_word`, in the page's language ("deal" when the
    game names none)."""
    return _(texts.get(str(word or "deal"), texts["deal"]))
