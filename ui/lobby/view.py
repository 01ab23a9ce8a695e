"""HTML of the lobby: the game, its options, the display choices, the player's name, the
puzzles, lessons and credits, and the saved match waiting (pure: no `js`).

Game texts are shown as given: callers pass them translated (`i18n.game_info`)."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from engine import untrusted as U
from engine.content.puzzle_file import GAMES as PUZZLE_FILE_GAMES
from ui.common import i18n as I
from ui.common.i18n import N_, _, pgettext
from ui.common.render import (
    SUIT_SYM,
    by_word,
    esc,
    humanize,
    is_card,
    move_label,
    suit_name,
    suit_svg,
)

# The computer's speeds (value, English name): show a name with `speed_name(value)`.
SPEEDS = [("0", N_("Instant")), ("1", N_("Fast")), ("2", N_("Normal")), ("3", N_("Slow"))]


# The computer levels' help texts (engine.ai.LEVELS), for the catalog: shown through `_()`.
# Option choices that are words (English values of the engine: shown through `_()`); suits,
# cards and numbers are drawn as such.
CHOICE_WORDS = {"chosen": N_("chosen")}


LEVEL_HELP = (
    N_("plays by simple rules of thumb"),
    N_("thinks a few likely hands through"),
    N_("thinks many more hands through (the default)"),
)


WAITING = {
    "deal": N_("Your {game} match is waiting (deal {n})."),
    "cycle": N_("Your {game} match is waiting (cycle {n})."),
    "round": N_("Your {game} match is waiting (round {n})."),
}


WAITING_OVER = {
    "deal": N_("Your {game} match is waiting (deal {n} is over)."),
    "cycle": N_("Your {game} match is waiting (cycle {n} is over)."),
    "round": N_("Your {game} match is waiting (round {n} is over)."),
}


def speed_name(value: str) -> str:
    """The name of speed `value` ("0".."3") in the page's language ("" when unknown)."""
    name = dict(SPEEDS).get(value)
    return _(name) if name else ""


def level_name(level: str) -> str:
    """A computer level's name in the page's language ("easy" -> "Easy")."""
    names = {
        "easy": pgettext("computer level", "Easy"),
        "normal": pgettext("computer level", "Normal"),
        "strong": pgettext("computer level", "Strong"),
    }
    return names.get(level, level.capitalize())


# ------------------------------------------------------------------------------------ lobby
# The court cards' and aces' letters of a country's decks, for the regional indices
# (style.css draws them; docs/deck.md), by the language of a game's home (`home_language`).
REGIONAL_RANKS = {lang: " ".join(letters) for lang, letters in I.REGIONAL_LETTERS.items()}


# The choice of those letters, naming the country and the letters (each language says them
# with its own names of the cards), by the language of the game's home.
REGIONAL_LABEL = {
    "tr": N_("Turkish card letters: V K P A for J Q K A"),
    "ru": N_("Russian card letters: В Д К Т for J Q K A"),
}


def display_html(display: Mapping[str, bool] | None = None, home: str = "") -> str:
    """The display settings (index.html applies and remembers them, before Python runs too).

    `home` is the chosen game's home language: its box for the regional indices shows that
    country's letters, and is ticked by default when the page is in that language."""
    display = display or {}
    legend = _("Display")
    four = _("Four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green)")
    large = _("Large cards")
    checker = _("Play checker: ask before a clearly worse move")
    regional = ""
    if home in REGIONAL_RANKS:
        on = display.get("regional-ranks", I.current == home)
        text = (
            _(REGIONAL_LABEL[home])
            if home in REGIONAL_LABEL
            else _("Regional card letters ({letters} for J Q K A)").format(
                letters=REGIONAL_RANKS[home]
            )
        )
        for group in ("J Q K A", *REGIONAL_RANKS.values()):  # four letters never wrap apart
            text = text.replace(group, group.replace(" ", "\u00a0"))
        regional = (
            '<label><input type="checkbox" data-setting="regional-ranks"'
            f"{' checked' if on else ''}> {esc(text)}</label>"
        )
    return (
        f'<fieldset class="opt display"><legend>{esc(legend)}</legend>'
        '<label><input type="checkbox" data-setting="four-colour"'
        f"{' checked' if display.get('four-colour') else ''}> {esc(four)}</label>"
        '<label><input type="checkbox" data-setting="large-cards"'
        f"{' checked' if display.get('large-cards') else ''}> {esc(large)}</label>"
        f"{regional}"
        '<label><input type="checkbox" data-setting="checker"'
        f"{' checked' if display.get('checker') else ''}> {esc(checker)}</label>"
        "</fieldset>"
    )


NAME_MAX = 20  # the player's own name: at most this many characters


def clean_name(text: object) -> tuple[str, bool]:
    """The player's own name as the table shows it: plain text with no control characters,
    its spaces collapsed, at most NAME_MAX characters; and whether it was cut to that."""
    chars = [
        " " if c.isspace() else c
        for c in str(text or "")
        if c.isspace() or unicodedata.category(c)[0] != "C" or c in "\u200c\u200d"
    ]
    # (control and format characters go, but for the joiners of an emoji)
    name = " ".join("".join(chars).split())
    cut = len(name) > NAME_MAX
    if cut:
        name = name[:NAME_MAX].rstrip("\u200c\u200d ")
    return name, cut


def name_html(name: str) -> str:
    """The lobby's field for the player's own name (kept with the settings)."""
    label = _("Your name")
    # TRANSLATORS: the help after "Your name" in the lobby; {n} is the most characters.
    help_ = _("shown at the table, up to {n} characters").format(n=NAME_MAX)
    you = _("You")
    return (
        f'<div class="opt"><label for="opt-name">{esc(label)} <small>{esc(help_)}</small>'
        f'</label><input id="opt-name" data-name value="{esc(name)}" placeholder="{esc(you)}" '
        'autocomplete="nickname" spellcheck="false"></div>'
    )


def lobby_html(
    games: list[str],
    info: dict[str, dict[str, Any]],
    selected: str,
    values: dict[str, str],
    players: str,
    seed: str,
    speed: str,
    levels: dict[str, dict[str, Any]],
    level: str,
    display: Mapping[str, bool] | None = None,
    replay: str = "",
    name: str = "",
) -> str:
    """The lobby with `selected` chosen; `replay` is the seed of this game's deal last on the
    table, offered as "Replay this deal" beside "Deal the cards" (which deals new cards);
    `name` the player's own name."""
    gi = info[selected]
    opts = [options_html(gi, values, players)]
    rules = rules_html(gi)
    speed_sel = "".join(
        f'<option value="{v}"{" selected" if v == speed else ""}>' + esc(_(t)) + "</option>"
        for v, t in SPEEDS
    )
    level_sel, chosen_help = levels_html(levels, level)
    # (Babel reads no call inside an f-string: each text is a variable first.)
    options_head = _("{game}: table options").format(game=gi["title"])
    seed_label = _("Seed")
    seed_help = _("(same seed, same cards; empty: random)")
    level_label = _("Computer players")
    speed_label = _("Computer speed")
    start = _("Deal the cards")
    friends = _("Play with friends")
    how = _("How to play {game}").format(game=gi["title"])
    return (
        head_html()
        + '<p id="lobby-msg" class="lobby-msg" role="alert" hidden></p>'
        + games_html(games, info, selected)
        + '<form id="setup" class="setup" onsubmit="return false">'
        f"<h2>{esc(options_head)}</h2>"
        f"{''.join(opts)}"
        f"{name_html(name)}"
        f'<div class="opt"><label for="opt-seed">{esc(seed_label)} <small>{esc(seed_help)}'
        f'</small></label><input id="opt-seed" name="seed" inputmode="numeric" value="{esc(seed)}" '
        'autocomplete="off"></div>'
        f'<div class="opt"><label for="opt-level">{esc(level_label)} '
        f'<small id="level-help" class="level-help">{esc(chosen_help)}</small></label>'
        f'<select id="opt-level" data-level>{level_sel}</select></div>'
        f'<div class="opt"><label for="opt-speed">{esc(speed_label)}</label>'
        f'<select id="opt-speed" data-speed>{speed_sel}</select></div>'
        f"{display_html(display, str(gi.get('home_language') or ''))}"
        f'<button type="button" class="btn primary start" data-start>{esc(start)}</button>'
        f'<button type="button" class="btn friends" data-action="friends">{esc(friends)}</button>'
        f"{same_cards_html(replay)}"
        "</form>"
        f"{puzzles_html(info, selected)}"
        f'<details class="rules" open><summary>{esc(how)}</summary>{rules}</details>'
        f"{learn_html(gi)}"
        f"{record_link_html()}"
        f"{credits_html()}"
    )


def head_html() -> str:
    """The lobby's header: the name, the tagline and the way to the puzzles."""
    tagline = _("Turkish and Russian trick-taking games against the computer.")
    pill = esc(_("Puzzles")) + " · " + esc(_("Daily puzzle"))
    return (
        '<header class="lobby-head"><h1><span class="logo">'
        + suit_svg("S")
        + suit_svg("H", "red")
        + suit_svg("C")
        + suit_svg("D", "red")
        + "</span> Trick Table</h1>"
        f'<p class="tag">{esc(tagline)}</p>'
        f'<p class="puzzle-pill"><button type="button" class="btn small" data-action="puzzle-list">'
        f"{pill}</button></p></header>"
    )


def games_html(games: list[str], info: dict[str, dict[str, Any]], selected: str) -> str:
    """One button per game, `selected` pressed."""
    cards = []
    for g in games:
        gi = info[g]
        sel = " selected" if g == selected else ""
        cards.append(
            f'<button type="button" class="game-choice{sel}" data-game-choice="{esc(g)}" '
            f'aria-pressed="{"true" if g == selected else "false"}">'
            f'<span class="gtitle">{esc(gi["title"])}</span>'
            f'<span class="gsum">{esc(gi["summary"])}</span></button>'
        )
    games_label = _("Games")
    return f'<div class="games" role="group" aria-label="{esc(games_label)}">{"".join(cards)}</div>'


def levels_html(levels: dict[str, dict[str, Any]], level: str) -> tuple[str, str]:
    """The computer players' levels as options, and the chosen one's help.

    Each level by its name (a select that fits a phone's width); what it is, in words that
    wrap, in its label (ui/web/ shows the chosen one's)."""

    def level_help(v: Mapping[str, Any]) -> str:
        return _(str(v["help"])) if v.get("help") else ""

    options = "".join(
        f'<option value="{esc(k)}" data-help="{esc(level_help(v))}"'
        f"{' selected' if k == level else ''}>{esc(level_name(k))}</option>"
        for k, v in levels.items()
    )
    return options, level_help(levels.get(level) or next(iter(levels.values()), {}))


def same_cards_html(replay: str) -> str:
    """ "Replay this deal" for the seed last on the table, or nothing."""
    if not replay:
        return ""
    return (
        f'<button type="button" class="btn same-cards" data-action="same-cards" '
        f'data-seed="{esc(replay)}">'
        + esc(_("Replay this deal (same cards, seed {seed})").format(seed=replay))
        + "</button>"
    )


# Where the card faces come from (assets/cards/README.md).
DECK_AUTHOR = "Adrian Kennard"


DECK_URL = "https://www.me.uk/cards/"


PUZZLE_GAMES = PUZZLE_FILE_GAMES  # the games with puzzles (engine/content/puzzle_file.py)


def puzzles_html(info: dict[str, dict[str, Any]], selected: str) -> str:
    """The lobby's puzzle list (ui/puzzles/page.py; the pill under the tagline leads here): the
    daily puzzle first, then the chosen game's puzzles and every other game's."""
    head = esc(_("Puzzles"))
    about = esc(_("Find the one card that wins, in positions from real deals."))
    daily = esc(_("Daily puzzle"))
    games = [g for g in PUZZLE_GAMES if g in info]
    games.sort(key=lambda g: g != selected)  # (stable: the chosen game first)
    buttons = "".join(
        f'<button type="button" class="btn" data-action="puzzles" data-game="{esc(g)}">'
        + esc(_("{game} puzzles").format(game=info[g]["title"]))
        + "</button>"
        for g in games
    )
    return (
        f'<section class="puzzles-entry" aria-labelledby="puzzles-head">'
        f'<h2 id="puzzles-head">{head}</h2><p>{about}</p><div class="puzzle-buttons">'
        f'<button type="button" class="btn primary" data-action="puzzle-daily">{daily}'
        f"</button>{buttons}</div></section>"
    )


def learn_html(gi: dict[str, Any]) -> str:
    """The lobby's links to the lessons (learn/): the chosen game's page and the index."""
    game = esc(_("Lessons: {game} step by step").format(game=gi["title"]))
    every = esc(_("All lessons"))
    return (
        f'<p class="learn-link"><a href="learn/{esc(gi["name"])}.html">{game}</a>'
        f' · <a href="learn/">{every}</a></p>'
    )


def record_link_html() -> str:
    """The lobby's way to the player's record (ui/stats/page.py)."""
    text = esc(_("Your record"))
    return (
        f'<p class="record-link"><button type="button" class="btn" data-action="record">'
        f"{text}</button></p>"
    )


def credits_html() -> str:
    """The lobby's about line: the card faces' author, with a link to them."""
    text = esc(_("Card faces: {author}'s playing cards, public domain (CC0)."))
    link = f'<a href="{DECK_URL}" rel="noopener">{esc(DECK_AUTHOR)}</a>'
    return f'<p class="credits">{text.replace("{author}", link)}</p>'


def options_html(gi: dict[str, Any], values: dict[str, str], players: str) -> str:
    out = []
    if len(gi["players"]) > 1:
        # No choice yet: the game's own default (the rules' and the engine's), not the first.
        chosen = (
            players
            if players in {str(n) for n in gi["players"]}
            else str(gi.get("default_players", ""))
        )
        ch = "".join(
            f'<option value="{n}"{" selected" if str(n) == chosen else ""}>{n}</option>'
            for n in gi["players"]
        )
        out.append(
            '<div class="opt"><label for="opt-players">' + esc(_("Players")) + "</label>"
            f'<select id="opt-players" data-opt="players">{ch}</select></div>'
        )
    for o in gi["options"]:
        name = o["name"]
        val = values.get(name, str(o["default"]))
        oid = f"opt-{esc(name)}"
        label = esc(o.get("help") or humanize(name))
        if o.get("type") == "bool":
            checked = " checked" if val.lower() in ("1", "true", "yes", "on") else ""
            out.append(
                f'<div class="opt check"><input type="checkbox" id="{oid}" data-opt="{esc(name)}"'
                f'{checked}><label for="{oid}">{label}</label></div>'
            )
        elif o.get("choices"):
            ch = "".join(
                f'<option value="{esc(c)}"{" selected" if str(c) == val else ""}>{esc(choice_label(name, c))}</option>'
                for c in o["choices"]
            )
            out.append(
                f'<div class="opt"><label for="{oid}">{label}</label>'
                f'<select id="{oid}" data-opt="{esc(name)}">{ch}</select></div>'
            )
        else:
            lo = o.get("minimum")
            hi = o.get("maximum")
            rng = ""
            if o.get("type") == "int":
                rng = (
                    ' inputmode="numeric"'
                    + (f' min="{lo}"' if lo is not None else "")
                    + (f' max="{hi}"' if hi is not None else "")
                )
            out.append(
                f'<div class="opt"><label for="{oid}">{label}</label>'
                f'<input id="{oid}" data-opt="{esc(name)}" value="{esc(val)}"{rng}></div>'
            )
    return "".join(out)


def choice_label(name: str, c: object) -> str:
    if isinstance(c, str) and c in SUIT_SYM:
        return f"{SUIT_SYM[c]} {suit_name(c)}"
    if isinstance(c, str) and is_card(c):
        return move_label(c)
    if isinstance(c, str) and c in CHOICE_WORDS:
        return _(CHOICE_WORDS[c])
    return str(c)


def rules_html(gi: dict[str, Any]) -> str:
    paras = [p.strip() for p in str(gi.get("rules", "")).split("\n") if p.strip()]
    return "".join(f"<p>{esc(p)}</p>" for p in paras)


def lang_select_html() -> str:
    """The language picker (the lobby's and the table's)."""
    codes = list(I.LANGS) + ([I.PSEUDO] if I.current == I.PSEUDO else [])
    opts = "".join(
        f'<option value="{c}"{" selected" if c == I.current else ""}>'
        f"{esc(I.LANGS.get(c, '[pseudo]'))}</option>"
        for c in codes
    )
    label = esc(_("Language"))
    return (
        f'<select class="lang-pick" data-lang aria-label="{label}" title="{label}">{opts}</select>'
    )


def resume_html(title: str, deal_no: int, deal_over: bool = False, deal_word: str = "deal") -> str:
    """The lobby's line about a match waiting, with its button back to it (`deal_over`: deal
    `deal_no` is over, the next is still to come; counted in the game's `deal_word`)."""
    text = by_word(WAITING_OVER if deal_over else WAITING, deal_word).format(game=title, n=deal_no)
    back = _("Back to the match")
    return (
        '<div data-resume style="display:flex;flex-wrap:wrap;gap:8px 12px;'
        'align-items:center;justify-content:center;margin:0 0 14px">'
        f'<span>{esc(text)}</span><button type="button" class="btn primary" '
        f'data-action="resume">{esc(back)}</button></div>'
    )


def parse_display(text: str | None) -> dict[str, bool]:
    """The remembered display settings ({"four-colour": True, "large-cards": False}) from their
    stored text; the regional indices' "regional-ranks" only once the player has set it. A
    malformed value gives the defaults."""
    try:
        data = U.loads(text or "{}", max_chars=10_000)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    out = {k: data.get(k) is True for k in ("four-colour", "large-cards", "checker")}
    if isinstance(data.get("regional-ranks"), bool):  # unset: by the page's language
        out["regional-ranks"] = data["regional-ranks"]
    return out


def take_over_html() -> str:
    """The button that brings a match another tab went on with to this tab."""
    return (
        f'<button type="button" class="btn small" data-action="take-over">'
        f"{esc(take_over_label())}</button>"
    )


def take_over_label() -> str:
    """ "Play on here", saying what it replaces."""
    return _("Play on here (the other tab’s game stops)")
