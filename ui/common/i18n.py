"""The page's language: GNU gettext catalogs (pure: no `js`).

The source strings are English. `python3 build.py i18n` extracts them into
`i18n/trick-table.pot` (Babel: `_()`, `ngettext()`, `pgettext()` and `N_()` calls in ui/, plus
the engine's message templates by key and each game's texts) and updates `i18n/<lang>.po`;
`build.py` compiles each `.po` to `dist/i18n/<lang>.mo`, which the page reads with the standard
library's `gettext`. Adding a language is one `.po` file (and its name in LANGS).

    from ui.common.i18n import _, ngettext, pgettext, N_
    _("Deal over.")                      # translated at call time, in the current language
    ngettext("{n} trick", "{n} tricks", n).format(n=n)
    N_("Games")                          # marked for extraction only (module constants)

Engine messages (`engine.messages.Message`) render in the language through `catalog()`: the
template of key K is the translation of the English template in context K.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.messages import ENGLISH

DOMAIN = "trick-table"
# The languages the page offers, in the picker's order, each named in itself.
LANGS: dict[str, str] = {"en": "English", "tr": "Türkçe", "ru": "Русский", "pt": "Português"}
PSEUDO = "xx"  # a test language: every string 40 % longer (not offered in the picker)
DEFAULT = "en"
# The reader's seat at a table (named "You"): an engine message about it is rendered as its
# own sentence, in the second person ("You bid 7 but took only 3"; `Message.you_key`).
YOU = 0

_tr: gettext.NullTranslations = gettext.NullTranslations()
current = DEFAULT
# The rank letters the cards show when they show a country's own ({"J": "В", ...}; empty: the
# Latin J Q K A): text that names a card uses the same letters (`use_letters`).
RANK_LETTERS: dict[str, str] = {}
# The court cards' and aces' letters of a country's decks (J Q K A), by language.
REGIONAL_LETTERS = {"ru": ("В", "Д", "К", "Т"), "tr": ("V", "K", "P", "A")}


def use_letters(home: str, regional: bool | None) -> None:
    """The cards' letters for text: those of `home`'s decks when the cards show them (the
    display's `regional` choice; None: when the page is in `home`'s language, as style.css
    draws them), else the Latin letters."""
    RANK_LETTERS.clear()
    on = (current == home) if regional is None else regional
    if on and home in REGIONAL_LETTERS:
        RANK_LETTERS.update(zip("JQKA", REGIONAL_LETTERS[home], strict=True))


def rank_letter(rank: str) -> str:
    """A rank as the cards show it ("J", or "В" with the Russian letters on)."""
    return RANK_LETTERS.get(rank, rank)


def use(lang: str, mo: bytes | None) -> None:
    """Switches to `lang` with its compiled catalog (None: English, the source strings)."""
    global _tr, current
    if mo is None or lang == DEFAULT:
        _tr = gettext.NullTranslations()
    else:
        import io

        _tr = gettext.GNUTranslations(io.BytesIO(mo))
    current = lang


def choose(asked: str | None, saved: str | None, browser: Sequence[str]) -> str:
    """The page's language: the address's, else the saved choice, else the browser's first
    language the page has, else English."""
    for cand in (asked, saved):
        if cand and (cand in LANGS or cand == PSEUDO):
            return cand
    for tag in browser:
        base = str(tag).lower().split("-")[0]
        if base in LANGS:
            return base
    return DEFAULT


def _(text: str) -> str:
    return _tr.gettext(text)


def N_(text: str) -> str:
    """Marks `text` for the catalog without translating it (translate it where it is shown)."""
    return text


SAVED_KEY = "trick-table/lang"  # the player's choice, in localStorage


def ngettext(singular: str, plural: str, n: int) -> str:
    return _tr.ngettext(singular, plural, n)


def pgettext(context: str, text: str) -> str:
    return _tr.pgettext(context, text)


# The languages that write a decimal comma ("3,5"); the others write a point ("3.5").
DECIMAL_COMMA = frozenset({"tr", "ru", "pt"})


def number(value: float, digits: int = 1) -> str:
    """`value` with up to `digits` decimals in the page's language: no trailing zeros (a whole
    number without decimals: "3", not "3.0"), a decimal comma in tr, ru and pt ("3,5")."""
    shown = f"{value:.{digits}f}" if digits > 0 else f"{value:.0f}"
    if "." in shown:  # no trailing zeros: "3", "0.6", "0.05"
        shown = shown.rstrip("0").rstrip(".")
    if shown == "-0":
        shown = "0"
    return shown.replace(".", ",") if current in DECIMAL_COMMA else shown


def grouped(n: int) -> str:
    """A whole number with its thousands grouped as the page's language writes them:
    "5,000,000", "5.000.000" (tr, pt), "5 000 000" (ru, a no-break space)."""
    sep = {"tr": ".", "pt": ".", "ru": "\u00a0"}.get(current, ",")
    return f"{n:,}".replace(",", sep)


def plural_n(value: float, digits: int = 1) -> int:
    """The count that picks a plural form (`ngettext`) for `value` as `number` shows it: the
    whole number itself, else 2 (a fraction takes the form of 2 in en, tr, ru and pt: "0,5
    взятки", "1,5 vazas")."""
    r = round(value, digits)
    return int(abs(r)) if r == int(r) else 2


def names_list(names: Sequence[str]) -> str:
    """Names joined as a sentence says them: "Ayşe", "Ayşe and Kemal", "Ayşe, Kemal and Olga"
    (never "&"; the engine's "list.and" in the page's language)."""
    from engine.messages import join_names

    return join_names(names, catalog())


class _EngineCatalog(Mapping[str, str]):
    """Engine message templates in the current language, by message key."""

    def __getitem__(self, key: str) -> str:
        if key.startswith("rank.") and key[5:] in RANK_LETTERS:  # a card's letter (CardRef)
            return RANK_LETTERS[key[5:]]
        english = ENGLISH[key]
        return _tr.pgettext(key, english)

    def __iter__(self) -> Iterator[str]:
        return iter(ENGLISH)

    def __len__(self) -> int:
        return len(ENGLISH)


_ENGINE = _EngineCatalog()


def catalog() -> Mapping[str, str] | None:
    """The engine's message templates in the current language (None: English)."""
    return None if current == DEFAULT and not RANK_LETTERS else _ENGINE


def error_text(
    exc: BaseException, names: Sequence[str] | None = None, you: int | None = None
) -> str:
    """An error's sentence in the page's language: an engine error (`.message`, a Message)
    rendered through the catalog with the table's seat `names` (`you`: the reader's seat, whose
    sentences are said to them), else its str()."""
    message = getattr(exc, "message", None)
    if message is not None and hasattr(message, "render"):
        return str(message.render(names, catalog(), you))
    return str(exc)


def game_info(info: Mapping[str, Any]) -> dict[str, Any]:
    """A game's facts for the table (engine.GAME_INFO[game]) with its texts translated."""
    g = str(info["name"])
    lookup = _tr.pgettext  # (by a name Babel does not scan: the contexts are computed)
    out = dict(info)
    out["title"] = lookup(f"game.{g}.title", str(info["title"]))
    out["summary"] = lookup(f"game.{g}.summary", str(info["summary"]))
    out["rules"] = lookup(f"game.{g}.rules", str(info["rules"]))
    out["options"] = [
        {**o, "help": lookup(f"option.{o['name']}", str(o["help"]))} for o in info["options"]
    ]
    names = "|".join(info["seat_names"])
    translated = lookup("seat names", names).split("|")
    out["seat_names"] = (
        translated if len(translated) == len(info["seat_names"]) else list(info["seat_names"])
    )
    out["score_labels"] = {k: lookup(f"score.{k}", str(v)) for k, v in info["score_labels"].items()}
    return out


def engine_texts(games_info: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, str, str]]:
    """(context, English, where) of every engine text the page shows: message templates and
    each game's title, summary, rules, option help, seat names and score labels (for the
    catalog template; `build.py i18n` adds them to what Babel extracts from ui/)."""
    out: list[tuple[str, str, str]] = [
        (k, v, "engine/messages") for k, v in ENGLISH.items() if k != "text"
    ]
    for g, info in games_info.items():
        out.append((f"game.{g}.title", str(info["title"]), f"engine/games: {g}"))
        out.append((f"game.{g}.summary", str(info["summary"]), f"engine/games: {g}"))
        out.append((f"game.{g}.rules", str(info["rules"]), f"engine/games: {g}"))
        for o in info["options"]:
            out.append((f"option.{o['name']}", str(o["help"]), f"engine/games: {g}"))
        out.append(("seat names", "|".join(info["seat_names"]), f"engine/games: {g}"))
        for k, v in info["score_labels"].items():
            out.append((f"score.{k}", str(v), f"engine/games: {g}"))
    seen: set[tuple[str, str]] = set()
    unique = []
    for ctx, text, where in out:
        if (ctx, text) not in seen:
            seen.add((ctx, text))
            unique.append((ctx, text, where))
    return unique
