"""HTML for the lobby, the table, the panels and the overlays (pure: no `js`).

Every text is in the page's language (`ui.i18n`). The game texts these builders are given (a
game's title, summary, rules, option help, seat names and score labels) are shown as given:
callers pass them translated (`i18n.game_info(engine.GAME_INFO[game])`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from engine import untrusted as U
from engine.content.puzzle_file import GAMES as PUZZLE_FILE_GAMES

from . import i18n as I
from .i18n import N_, _, catalog, ngettext, pgettext
from .render import (
    SUIT_SYM,
    back_html,
    by_word,
    card_html,
    card_label,
    esc,
    fmt_value,
    humanize,
    is_card,
    is_card_move,
    ladder,
    move_button,
    move_label,
    rules_of,
    signed,
    suit_name,
    suit_svg,
)

# The computer's speeds (value, English name): show a name with `speed_name(value)`.
SPEEDS = [("0", N_("Instant")), ("1", N_("Fast")), ("2", N_("Normal")), ("3", N_("Slow"))]
# The computer levels' help texts (engine.ai.LEVELS), for the catalog: shown through `_()`.
# Option choices that are words (English values of the engine: shown through `_()`); suits,
# cards and numbers are drawn as such.
CHOICE_WORDS = {"chosen": N_("chosen")}
LEVEL_HELP = (N_("plays by simple rules of thumb"), N_("thinks a few likely hands through"),
              N_("thinks many more hands through (the default)"))


# What a game calls one deal played out (the rules' `deal_word`), in the texts that count them.
DEAL_OVER = {"deal": N_("{game} — deal {n} over"), "cycle": N_("{game} — cycle {n} over"),
             "round": N_("{game} — round {n} over")}
NEXT_DEAL = {"deal": N_("Next deal"), "cycle": N_("Next cycle"), "round": N_("Next round")}
WAITING = {"deal": N_("Your {game} match is waiting (deal {n})."),
           "cycle": N_("Your {game} match is waiting (cycle {n})."),
           "round": N_("Your {game} match is waiting (round {n}).")}
WAITING_OVER = {"deal": N_("Your {game} match is waiting (deal {n} is over)."),
                "cycle": N_("Your {game} match is waiting (cycle {n} is over)."),
                "round": N_("Your {game} match is waiting (round {n} is over).")}

DEAL_NO = {"deal": N_("Deal {n}"), "cycle": N_("Cycle {n}"), "round": N_("Round {n}")}
DEAL_NO_OF = {"deal": N_("Deal {n} of {total}"), "cycle": N_("Cycle {n} of {total}"),
              "round": N_("Round {n} of {total}")}
OVER = {"deal": N_("Deal over."), "cycle": N_("Cycle over."), "round": N_("Round over.")}


def speed_name(value: str) -> str:
    """The name of speed `value` ("0".."3") in the page's language ("" when unknown)."""
    name = dict(SPEEDS).get(value)
    return _(name) if name else ""


def level_name(level: str) -> str:
    """A computer level's name in the page's language ("easy" -> "Easy")."""
    names = {"easy": pgettext("computer level", "Easy"),
             "normal": pgettext("computer level", "Normal"),
             "strong": pgettext("computer level", "Strong")}
    return names.get(level, level.capitalize())


# ------------------------------------------------------------------------------------ lobby
# The court cards' and aces' letters of a country's decks, for the regional indices
# (style.css draws them; docs/deck.md), by the language of a game's home (`home_language`).
REGIONAL_RANKS = {lang: " ".join(letters) for lang, letters in I.REGIONAL_LETTERS.items()}
# The choice of those letters, naming the country and the letters (each language says them
# with its own names of the cards), by the language of the game's home.
REGIONAL_LABEL = {"tr": N_("Turkish card letters: V K P A for J Q K A"),
                  "ru": N_("Russian card letters: В Д К Т for J Q K A")}


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
        text = (_(REGIONAL_LABEL[home]) if home in REGIONAL_LABEL
                else _("Regional card letters ({letters} for J Q K A)").format(
                    letters=REGIONAL_RANKS[home]))
        for group in ("J Q K A", *REGIONAL_RANKS.values()):  # four letters never wrap apart
            text = text.replace(group, group.replace(" ", "\u00a0"))
        regional = ('<label><input type="checkbox" data-setting="regional-ranks"'
                    f'{" checked" if on else ""}> {esc(text)}</label>')
    return (f'<fieldset class="opt display"><legend>{esc(legend)}</legend>'
            '<label><input type="checkbox" data-setting="four-colour"'
            f'{" checked" if display.get("four-colour") else ""}> {esc(four)}</label>'
            '<label><input type="checkbox" data-setting="large-cards"'
            f'{" checked" if display.get("large-cards") else ""}> {esc(large)}</label>'
            f'{regional}'
            '<label><input type="checkbox" data-setting="checker"'
            f'{" checked" if display.get("checker") else ""}> {esc(checker)}</label>'
            '</fieldset>')


NAME_MAX = 20  # the player's own name: at most this many characters


def clean_name(text: Any) -> tuple[str, bool]:
    """The player's own name as the table shows it: plain text with no control characters,
    its spaces collapsed, at most NAME_MAX characters; and whether it was cut to that."""
    chars = [" " if c.isspace() else c for c in str(text or "")
             if c.isspace() or unicodedata.category(c)[0] != "C" or c in "\u200c\u200d"]
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
    return (f'<div class="opt"><label for="opt-name">{esc(label)} <small>{esc(help_)}</small>'
            f'</label><input id="opt-name" data-name value="{esc(name)}" placeholder="{esc(you)}" '
            'autocomplete="nickname" spellcheck="false"></div>')


def lobby_html(games: list[str], info: dict[str, dict[str, Any]], selected: str,
               values: dict[str, str], players: str, seed: str, speed: str,
               levels: dict[str, dict[str, Any]], level: str,
               display: Mapping[str, bool] | None = None, replay: str = "",
               name: str = "") -> str:
    """The lobby with `selected` chosen; `replay` is the seed of this game's deal last on the
    table, offered as "Replay this deal" beside "Deal the cards" (which deals new cards);
    `name` the player's own name."""
    cards = []
    for g in games:
        gi = info[g]
        sel = " selected" if g == selected else ""
        cards.append(
            f'<button type="button" class="game-choice{sel}" data-game-choice="{esc(g)}" '
            f'aria-pressed="{"true" if g == selected else "false"}">'
            f'<span class="gtitle">{esc(gi["title"])}</span>'
            f'<span class="gsum">{esc(gi["summary"])}</span></button>')
    gi = info[selected]
    opts = [options_html(gi, values, players)]
    rules = rules_html(gi)
    speed_sel = "".join(f'<option value="{v}"{" selected" if v == speed else ""}>'
                        + esc(_(t)) + '</option>' for v, t in SPEEDS)
    # Each level by its name (a select that fits a phone's width); what it is, in words that
    # wrap, in its label (ui/web/ shows the chosen one's).
    def level_help(v: Mapping[str, Any]) -> str:
        return _(str(v["help"])) if v.get("help") else ""
    level_sel = "".join(
        f'<option value="{esc(k)}" data-help="{esc(level_help(v))}"'
        f'{" selected" if k == level else ""}>{esc(level_name(k))}</option>'
        for k, v in levels.items())
    chosen_help = level_help(levels.get(level) or next(iter(levels.values()), {}))
    # (Babel reads no call inside an f-string: each text is a variable first.)
    tagline = _("Turkish and Russian trick-taking games against the computer.")
    options_head = _("{game}: table options").format(game=gi["title"])
    seed_label = _("Seed")
    seed_help = _("(same seed, same cards; empty: random)")
    level_label = _("Computer players")
    speed_label = _("Computer speed")
    start = _("Deal the cards")
    same = (f'<button type="button" class="btn same-cards" data-action="same-cards" '
            f'data-seed="{esc(replay)}">'
            + esc(_("Replay this deal (same cards, seed {seed})").format(seed=replay))
            + '</button>') if replay else ""
    how = _("How to play {game}").format(game=gi["title"])
    games_label = _("Games")
    pill = esc(_("Puzzles")) + " · " + esc(_("Daily puzzle"))
    return (
        '<header class="lobby-head"><h1><span class="logo">' + suit_svg("S") + suit_svg("H", "red")
        + suit_svg("C") + suit_svg("D", "red") + '</span> Trick Table</h1>'
        f'<p class="tag">{esc(tagline)}</p>'
        f'<p class="puzzle-pill"><button type="button" class="btn small" data-action="puzzle-list">'
        f'{pill}</button></p></header>'
        '<p id="lobby-msg" class="lobby-msg" role="alert" hidden></p>'
        f'<div class="games" role="group" aria-label="{esc(games_label)}">{"".join(cards)}</div>'
        '<form id="setup" class="setup" onsubmit="return false">'
        f'<h2>{esc(options_head)}</h2>'
        f'{"".join(opts)}'
        f'{name_html(name)}'
        f'<div class="opt"><label for="opt-seed">{esc(seed_label)} <small>{esc(seed_help)}'
        f'</small></label><input id="opt-seed" name="seed" inputmode="numeric" value="{esc(seed)}" '
        'autocomplete="off"></div>'
        f'<div class="opt"><label for="opt-level">{esc(level_label)} '
        f'<small id="level-help" class="level-help">{esc(chosen_help)}</small></label>'
        f'<select id="opt-level" data-level>{level_sel}</select></div>'
        f'<div class="opt"><label for="opt-speed">{esc(speed_label)}</label>'
        f'<select id="opt-speed" data-speed>{speed_sel}</select></div>'
        f'{display_html(display, str(gi.get("home_language") or ""))}'
        f'<button type="button" class="btn primary start" data-start>{esc(start)}</button>'
        f'{same}'
        '</form>'
        f'{puzzles_html(info, selected)}'
        f'<details class="rules" open><summary>{esc(how)}</summary>{rules}</details>'
        f'{learn_html(gi)}'
        f'{record_link_html()}'
        f'{credits_html()}'
    )


# Where the card faces come from (assets/cards/README.md).
DECK_AUTHOR = "Adrian Kennard"
DECK_URL = "https://www.me.uk/cards/"


PUZZLE_GAMES = PUZZLE_FILE_GAMES  # the games with puzzles (engine/content/puzzle_file.py)


def puzzles_html(info: dict[str, dict[str, Any]], selected: str) -> str:
    """The lobby's puzzle list (ui/puzzle_page.py; the pill under the tagline leads here): the
    daily puzzle first, then the chosen game's puzzles and every other game's."""
    head = esc(_("Puzzles"))
    about = esc(_("Find the one card that wins, in positions from real deals."))
    daily = esc(_("Daily puzzle"))
    games = [g for g in PUZZLE_GAMES if g in info]
    games.sort(key=lambda g: g != selected)  # (stable: the chosen game first)
    buttons = "".join(
        f'<button type="button" class="btn" data-action="puzzles" data-game="{esc(g)}">'
        + esc(_("{game} puzzles").format(game=info[g]["title"])) + '</button>' for g in games)
    return (f'<section class="puzzles-entry" aria-labelledby="puzzles-head">'
            f'<h2 id="puzzles-head">{head}</h2><p>{about}</p><div class="puzzle-buttons">'
            f'<button type="button" class="btn primary" data-action="puzzle-daily">{daily}'
            f'</button>{buttons}</div></section>')


def learn_html(gi: dict[str, Any]) -> str:
    """The lobby's links to the lessons (learn/): the chosen game's page and the index."""
    game = esc(_("Lessons: {game} step by step").format(game=gi["title"]))
    every = esc(_("All lessons"))
    return (f'<p class="learn-link"><a href="learn/{esc(gi["name"])}.html">{game}</a>'
            f' · <a href="learn/">{every}</a></p>')


def record_link_html() -> str:
    """The lobby's way to the player's record (ui/recording.py)."""
    text = esc(_("Your record"))
    return (f'<p class="record-link"><button type="button" class="btn" data-action="record">'
            f'{text}</button></p>')


def credits_html() -> str:
    """The lobby's about line: the card faces' author, with a link to them."""
    text = esc(_("Card faces: {author}'s playing cards, public domain (CC0)."))
    link = f'<a href="{DECK_URL}" rel="noopener">{esc(DECK_AUTHOR)}</a>'
    return f'<p class="credits">{text.replace("{author}", link)}</p>'


def options_html(gi: dict[str, Any], values: dict[str, str], players: str) -> str:
    out = []
    if len(gi["players"]) > 1:
        # No choice yet: the game's own default (the rules' and the engine's), not the first.
        chosen = players if players in {str(n) for n in gi["players"]} else str(
            gi.get("default_players", ""))
        ch = "".join(f'<option value="{n}"{" selected" if str(n) == chosen else ""}>{n}</option>'
                     for n in gi["players"])
        out.append('<div class="opt"><label for="opt-players">' + esc(_("Players")) + '</label>'
                   f'<select id="opt-players" data-opt="players">{ch}</select></div>')
    for o in gi["options"]:
        name = o["name"]
        val = values.get(name, str(o["default"]))
        oid = f"opt-{esc(name)}"
        label = esc(o.get("help") or humanize(name))
        if o.get("type") == "bool":
            checked = " checked" if val.lower() in ("1", "true", "yes", "on") else ""
            out.append(f'<div class="opt check"><input type="checkbox" id="{oid}" data-opt="{esc(name)}"'
                       f'{checked}><label for="{oid}">{label}</label></div>')
        elif o.get("choices"):
            ch = "".join(
                f'<option value="{esc(c)}"{" selected" if str(c) == val else ""}>{esc(choice_label(name, c))}</option>'
                for c in o["choices"])
            out.append(f'<div class="opt"><label for="{oid}">{label}</label>'
                       f'<select id="{oid}" data-opt="{esc(name)}">{ch}</select></div>')
        else:
            lo = o.get("minimum")
            hi = o.get("maximum")
            rng = ""
            if o.get("type") == "int":
                rng = ' inputmode="numeric"' + (f' min="{lo}"' if lo is not None else "") + (
                    f' max="{hi}"' if hi is not None else "")
            out.append(f'<div class="opt"><label for="{oid}">{label}</label>'
                       f'<input id="{oid}" data-opt="{esc(name)}" value="{esc(val)}"{rng}></div>')
    return "".join(out)


def choice_label(name: str, c: Any) -> str:
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


# ------------------------------------------------------------------------------------ table
AVATAR_HUES = (205, 10, 145, 275, 40)  # one colour per seat, apart on the colour wheel


def avatar_html(seat: int, name: str) -> str:
    """A seat's avatar: the name's initial on a disc of the seat's own colour (drawn, no
    photo; hidden from screen readers, which read the name)."""
    initial = next((ch for ch in name if ch.isalnum()), "?").upper()
    hue = AVATAR_HUES[seat % len(AVATAR_HUES)]
    return (f'<span class="avatar" aria-hidden="true" style="--hue:{hue}">'
            f'{esc(initial)}</span>')


def seat_html(seat: int, pos: str, name: str, view: dict[str, Any], totals_txt: str,
              extra: list[str], thinking: bool, show_points: bool = False,
              team_points: bool = False) -> str:
    """One seat: name, dealer mark, card backs, tricks (and with `show_points`, the card points
    the view gives for this deal: with `team_points`, the seat's team's, said so: "team 53
    pts"), the match total and tags."""
    n = view["hand_sizes"][seat] if seat < len(view.get("hand_sizes", [])) else 0
    dealer = ""
    if view.get("dealer") == seat:
        d_title = _("Dealer")
        d_name = pgettext("seat mark", "dealer")
        # TRANSLATORS: the dealer's mark on a seat, one letter (the first of "Dealer").
        d_mark = pgettext("dealer mark, one letter", "D")
        dealer = (f'<span class="dealer" title="{esc(d_title)}" aria-label="{esc(d_name)}">'
                  f'{esc(d_mark)}</span>')
    turn = " turn" if view.get("to_move") == seat else ""
    taken = view.get("taken", [0] * 8)[seat] if seat < len(view.get("taken", [])) else 0
    backs = ""
    if seat != 0:
        shown = min(n, 13)
        cards_title = ngettext("{n} card", "{n} cards", n).format(n=n)
        backs = (f'<div class="backs" title="{esc(cards_title)}">' + "".join(
            '<span class="mini-back"></span>' for _i in range(shown))
            + (f'<span class="count">{n}</span>' if n else "") + '</div>')
    tags = "".join(f'<span class="tag">{esc(t)}</span>' for t in extra if t)
    tricks = esc(ngettext("{n} trick", "{n} tricks", taken).format(n=taken))
    pts = view.get("points")
    if show_points and isinstance(pts, list) and seat < len(pts):
        p = pts[seat]
        k = p if isinstance(p, int) else 2
        if team_points:
            # TRANSLATORS: a seat's team's card points this cycle, short ("team 53 pts").
            pts_txt = ngettext("team {n} pt", "team {n} pts", k).format(n=p)
            pts_title = _("card points the team has taken this cycle")
        else:
            pts_txt = ngettext("{n} pt", "{n} pts", k).format(n=p)
            pts_title = _("card points taken this cycle")
        tricks += f'</span><span title="{esc(pts_title)}">{esc(pts_txt)}'
    tricks_title = _("tricks taken this deal")
    # TRANSLATORS: tooltip of a seat's match total.
    match_title = pgettext("the match total", "match")
    return (
        f'<div class="seat pos-{pos}{turn}" data-seat="{seat}" data-cards="{n}">'
        f'<div class="plate">{avatar_html(seat, name)}<span class="name">{esc(name)}</span>'
        f'{dealer}'
        f'{"<span class=dots></span>" if thinking else ""}'
        # (on a phone the card count is a badge on the plate's corner: the backs are hidden)
        + (f'<span class="count plate-count" aria-hidden="true">{n}</span>'
           if seat != 0 and n else "") + '</div>'
        f'{backs}'
        f'<div class="stats"><span title="{esc(tricks_title)}">{tricks}</span>'
        + (f'<span title="{esc(match_title)}">{esc(totals_txt)}</span>'
           if totals_txt else "") + '</div>'
        f'{"<div class=tags>" + tags + "</div>" if tags else ""}'
        '</div>')


def trick_html(plays: list[list[Any]], pos: list[str], winner: int | None, fresh: int | None,
               win_seat: int | None, names: list[str] | None = None) -> str:
    """The plays on the felt, each an item of the trick's list named for a screen reader
    ("Ayşe: queen of spades, winning"). The play of `winner` (a finished trick) is marked
    `won`; the play of `win_seat` (now winning the trick in progress) is marked `leading`,
    drawn with a ring and named so."""
    out = []
    for i, (seat, move) in enumerate(plays):
        toks = str(move).split()
        cls = f"play at-{pos[seat]}"
        note = ""
        if winner is not None and seat == winner:
            cls += " won"
            note = _("took the trick")
        if win_seat is not None and seat == win_seat:
            cls += " leading"
            note = _("winning")
        if fresh is not None and i == len(plays) - 1:
            cls += f" fresh from-{pos[seat]}"
        cards = "".join(card_html(t, 'aria-hidden="true"', note=note) if is_card(t)
                        else back_html() for t in toks)
        shown = " ".join(t for t in toks if is_card(t))  # a face-down play shows no cards
        what = ", ".join(card_label(t) for t in toks if is_card(t)) or _("a card face down")
        if note:
            what = _("{card}, {note}").format(card=what, note=note)
        who = names[seat] if names is not None and seat < len(names) else str(seat)
        label = _("{name}: {cards}").format(name=who, cards=what)
        # the seat's name on its play (shown on phones, where the seats sit in a row)
        tag = f'<span class="who" aria-hidden="true">{esc(who)}</span>'
        out.append(f'<div class="{cls}" role="listitem" aria-label="{esc(label)}" '
                   f'data-play-seat="{seat}" data-play-cards="{esc(shown)}">{cards}{tag}</div>')
    return "".join(out)


def hand_html(hand: list[str], legal: set[str], selected: list[str], enabled: bool) -> str:
    out = []
    for c in hand:
        attrs = f'data-card="{esc(c)}"'
        cls = ""
        note = ""
        if enabled and c in legal:
            attrs += " data-legal"
            cls = "legal"
        elif enabled and c in selected:  # a tap takes it out of the selection: not disabled
            pass
        elif enabled:  # the player's turn, and this card may not be played
            attrs += ' aria-disabled="true"'
            note = _("not playable")
        if c in selected:
            attrs += ' data-selected aria-pressed="true"'
            cls += " selected"
        out.append(card_html(c, attrs + ' type="button"', cls, tag="button", note=note))
    return "".join(out)


def panel_html(view: dict[str, Any], moves: list[str], title: str, multi: bool,
               selection_ok: bool, timer: int | None) -> str:
    buttons = [m for m in moves if not is_card_move(m)]
    parts = []
    if buttons:
        phase = view.get("phase")
        if phase == "bidding":
            prompt = rules_of(view).auction_prompt(view)
            head = prompt.render(None, catalog()) if prompt is not None else _("Your bid")
        elif phase == "trump":
            head = _("Name the trump suit")
        else:
            head = title or _("Your move")
        tm = ""
        if timer is not None:
            # TRANSLATORS: seconds left to choose, short ("12s").
            secs = _("{seconds}s").format(seconds=timer)
            tm = f' <span class="timer" data-timer>{esc(secs)}</span>'
        parts.append(f'<div class="panel-head">{esc(head)}{tm}</div>'
                     f'<div class="panel-buttons">{"".join(move_button(m) for m in buttons)}</div>')
    if multi:
        dis = "" if selection_ok else " disabled"
        play = _("Play selected")
        parts.append('<div class="panel-buttons"><button type="button" class="btn primary" '
                     f'data-move="confirm"{dis}>{esc(play)}</button></div>')
    return "".join(parts)


def contract_text(view: dict[str, Any], names: list[str]) -> str | None:
    """The contract in play ("5 by Ayşe"), as the game says it (`Rules.contract`); None when
    there is none."""
    contract = rules_of(view).contract(view)
    return None if contract is None else contract.render(names, catalog(), I.YOU)


def info_items(view: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
    """Facts of the deal for the bar under the title: (label, value) pairs, plain text, as
    the game gives them (`Rules.deal_facts`: the contract, a pairing, a marker ...)."""
    cat = catalog()
    return [(label.render(names, cat, I.YOU), value.render(names, cat, I.YOU))
            for label, value in rules_of(view).deal_facts(view)]


def scoreboard_html(cols: list[tuple[str, Any, bool]], by: str, label: str,
                    goal: str = "") -> str:
    """The match score, always on show in the bar: per team or per seat as the game scores
    (`cols`: name, total, whether it is the player's), the total's name (`label`: "total",
    "penalty", "bankroll") and the goal where the game has one ("loses at 12", "bid 5 by
    Ayşe"). ``<div data-scoreboard data-by>``, each column ``data-col data-total`` (the player's
    also ``data-mine``)."""
    title = _("Score")
    items = "".join(
        f'<li class="sb-col{" mine" if mine else ""}" data-col="{i}" data-total="{esc(total)}"'
        f'{" data-mine" if mine else ""}><span class="sb-name">{esc(name)}</span> '
        f'<b class="sb-total">{esc(total)}</b></li>'
        for i, (name, total, mine) in enumerate(cols))
    return (f'<div class="scoreboard" data-scoreboard data-by="{esc(by)}" role="group" '
            f'aria-label="{esc(title)}"><span class="sb-label">{esc(label)}</span>'
            f'<ul class="sb-cols">{items}</ul>'
            + (f'<span class="sb-goal" data-goal>{esc(goal)}</span>' if goal else "")
            + '</div>')


def trump_html(view: dict[str, Any]) -> str:
    t = view.get("trump")
    if t in SUIT_SYM:
        colour = "red" if t in ("H", "D") else "black"
        extra = ""
        lad = ladder(view)
        if lad:
            top = " ".join(move_label(c) for c in lad[:4])
            ladder_title = _("trump ladder, highest first")
            extra = f'<span class="ladder" title="{esc(ladder_title)}">{esc(top)} …</span>'
        # TRANSLATORS: the label before the trump suit's symbol and name in the table's bar.
        label = pgettext("trump bar", "Trump")
        return (f'<div class="trump {colour}" data-trump="{t}">{esc(label)} '
                f'{suit_svg(t)}<span class="tname">{esc(suit_name(t))}</span>{extra}</div>')
    text = _("Trump: to be named") if view.get("phase") in ("bidding", "trump") else _("Trump: none")
    # (on a phone the chip shows "Trump ?" or "Trump –", the whole sentence read aloud)
    short = "?" if view.get("phase") in ("bidding", "trump") else "–"
    label = pgettext("trump bar", "Trump")
    return (f'<div class="trump none" data-trump=""><span class="tfull">{esc(text)}</span>'
            f'<span class="tshort" aria-hidden="true">{esc(label)} {short}</span></div>')


def summary_html(labels: Mapping[str, str], title: str, deal_no: int, result: dict[str, Any],
                 names: list[str], totals: list[Any], teams: list[list[int]] | None,
                 match_over: bool, extra_lines: list[str], deal_word: str = "deal",
                 card_points: bool = True) -> str:
    """The deal summary; `labels` are the game's `score_labels` (the column heads); the
    heading and the next button count in the game's `deal_word` ("cycle 2 over").

    Each seat's row ``<tr data-seat data-tricks data-points data-delta data-total>`` shows its
    tricks, its card points (only where the game counts them, `card_points`; elsewhere the
    result's points are the side's tricks), the deal's score ("−7" for a declarer
    who went down) and the total. In a team game the rows go by team (``data-team``) and the
    team's points, score and total are shown once for the team, across its players' rows."""
    n = len(names)
    tricks = result.get("tricks") or [0] * n
    points = result.get("points") or [None] * n
    delta = result.get("delta") or [0] * n
    per_seat_totals = len(totals) == n
    head_pts = labels.get("points") or _("Points")
    head_delta = labels.get("delta") or _("This deal")
    head_total = labels.get("total") or _("Total")
    groups = [list(t) for t in teams or [] if t and all(0 <= s < n for s in t)]
    grouped = bool(groups) and sorted(s for t in groups for s in t) == list(range(n))
    if not grouped:
        groups = [[s] for s in range(n)]
    rows = []
    for ti, team in enumerate(groups):
        span = f' rowspan="{len(team)}"' if len(team) > 1 else ""
        for k, s in enumerate(team):
            tot = totals[s] if per_seat_totals else ""
            shared = ""
            if k == 0:  # the team's (or the seat's) figures, once
                if card_points:
                    shared += f'<td{span}>{esc(fmt_value(points[s]))}</td>'
                shared += (f'<td class="delta"{span}>{esc(signed(delta[s]))}</td>'
                           f'<td class="total"{span}>{esc(tot)}</td>')
            team_attr = f' data-team="{ti}"' if grouped else ""
            cls = ' class="team-first"' if grouped and k == 0 and ti > 0 else ""
            rows.append(
                f'<tr{cls} data-seat="{s}"{team_attr} data-tricks="{esc(tricks[s])}" '
                f'data-points="{esc(points[s])}" data-delta="{esc(delta[s])}" '
                f'data-total="{esc(tot)}">'
                f'<th scope="row">{esc(names[s])}</th><td>{esc(tricks[s])}</td>{shared}</tr>')
    team_rows = ""
    if not per_seat_totals and teams:
        team_rows = "".join(
            f'<p class="teamtotal" data-team="{i}" data-total="{esc(totals[i])}">'
            f'{esc(I.names_list([names[s] for s in t]))}: {esc(totals[i])}</p>'
            for i, t in enumerate(teams) if i < len(totals))
    lines = "".join(f"<li>{esc(x)}</li>" for x in extra_lines)
    if match_over:
        btn = ('<button type="button" class="btn primary" data-action="continue">'
               + esc(_("See the result")) + '</button>')
    else:
        btn = ('<button type="button" class="btn primary" data-action="next">'
               + esc(by_word(NEXT_DEAL, deal_word)) + '</button>')
    aria = _("Deal summary")
    head = by_word(DEAL_OVER, deal_word).format(game=title, n=deal_no)
    head_tricks = _("Tricks")
    head_seat = _("Player")
    review = _("Review")
    sheet = _("Score sheet")
    return (
        f'<div class="sheet" data-summary data-deal="{deal_no}" role="dialog" '
        f'aria-label="{esc(aria)}">'
        f'<h2>{esc(head)}</h2>'
        f'{"<ul class=explain>" + lines + "</ul>" if lines else ""}'
        f'<table class="scores"><thead><tr><th><span class="sr-only">{esc(head_seat)}</span>'
        f'</th><th>{esc(head_tricks)}</th>'
        + (f'<th>{esc(head_pts)}</th>' if card_points else '')
        + f'<th>{esc(head_delta)}</th><th>{esc(head_total)}</th></tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>{team_rows}'
        f'<div class="sheet-actions">{btn}<button type="button" class="btn" '
        f'data-action="score-sheet">{esc(sheet)}</button><button type="button" class="btn" '
        f'data-action="review">{esc(review)}</button></div></div>')


# The reader's place at the end of a match, by place (a player: up to 5 at a table; a team:
# one of 2).
PLACE_SEAT = {1: N_("You finished first of {n}."), 2: N_("You finished second of {n}."),
              3: N_("You finished third of {n}."), 4: N_("You finished fourth of {n}."),
              5: N_("You finished fifth of {n}.")}
PLACE_TEAM = {1: N_("Your team finished first of {n}."),
              2: N_("Your team finished second of {n}.")}


def reader_place(totals: list[Any], winners: list[int], teams: list[list[int]] | None,
                 n: int, lower_wins: bool = False) -> tuple[int, int, bool] | None:
    """(the reader's place from 1, how many players or teams, whether by team) at the end of a
    match: the winners first, then by total (highest first, or lowest where the total is a
    penalty); a place shared by a tie is the better one. None: the totals do not say."""
    units = [list(t) for t in teams or [] if t]
    by_team = bool(units) and sorted(s for t in units for s in t) == list(range(n))
    if not by_team:
        units = [[s] for s in range(n)]
    if len(totals) != n or not all(isinstance(t, (int, float)) for t in totals):
        return None

    def key(unit: list[int]) -> tuple[bool, float]:
        total = float(totals[unit[0]])
        return (not any(s in winners for s in unit), total if lower_wins else -total)

    mine = next((u for u in units if I.YOU in u), None)
    if mine is None:
        return None
    place = 1 + sum(1 for u in units if key(u) < key(mine))
    return place, len(units), by_team


def place_text(place: tuple[int, int, bool] | None) -> str:
    """"You finished second of 4." / "Your team finished first of 2." ("" when unknown)."""
    if place is None:
        return ""
    at, of, by_team = place
    table = PLACE_TEAM if by_team else PLACE_SEAT
    return _(table[at]).format(n=of) if at in table else ""


def match_over_html(title: str, names: list[str], totals: list[Any], winners: list[int],
                    teams: list[list[int]] | None, me_won: bool,
                    lower_wins: bool = False) -> str:
    """The match's end: the winners, every seat ranked (winners first, then by total: highest
    first, or lowest where the total is a penalty), a link to the score sheet."""
    if len(totals) == len(names):
        order = sorted(range(len(names)), key=lambda s: (
            s not in winners, totals[s] if lower_wins else -totals[s], s))
        lines = "".join(
            f'<li data-seat="{s}" data-rank="{k + 1}" class="{"win" if s in winners else ""}">'
            f'{esc(names[s])}: {esc(totals[s])}</li>' for k, s in enumerate(order))
    else:
        lines = "".join(
            f'<li data-team="{i}">{esc(I.names_list([names[s] for s in t]))}: {esc(totals[i])}'
            '</li>'
            for i, t in enumerate(teams or []) if i < len(totals))
    wn = I.names_list([names[s] for s in winners])
    # winners who are not one team share the win (a tie on the top total)
    a_team = any(sorted(winners) == sorted(t) for t in teams or [])
    if me_won:
        headline = _("Shared win!") if len(winners) > 1 and not a_team else _("You win!")
    elif len(winners) > 1 and not a_team:
        headline = _("{names} share the win").format(names=wn)
    elif winners:
        headline = ngettext("{names} wins", "{names} win", len(winners)).format(names=wn)
    else:
        headline = _("Nobody wins")
    won_by = (ngettext("Winner: {names}", "Winners: {names}", len(winners)).format(names=wn)
              if winners else _("Winners: nobody"))
    at = reader_place(totals, winners, teams, len(names), lower_wins)
    place = place_text(at)
    place_p = (f'<p class="place" data-place="{at[0]}">{esc(place)}</p>' if place and at
               else "")
    lower_txt = _("Penalty points: the lower total is the better.")
    lower = f'<p class="note" data-lower-wins>{esc(lower_txt)}</p>' if lower_wins else ""
    aria = _("Match over")
    head = _("{game}: match over").format(game=title)
    again = _("Play again")
    sheet = _("Score sheet")
    lobby = _("Choose another game")
    return (
        f'<div class="sheet" data-match-over role="dialog" aria-label="{esc(aria)}">'
        f'<h2>{esc(head)}</h2>'
        f'<p class="headline">{esc(headline)}</p>{place_p}'
        f'<p class="winners" data-winners="{esc(",".join(map(str, winners)))}">{esc(won_by)}</p>'
        f'<ol class="final">{lines}</ol>{lower}'
        '<div class="sheet-actions"><button type="button" class="btn primary" data-action="again">'
        f'{esc(again)}</button><button type="button" class="btn" '
        f'data-action="score-sheet">{esc(sheet)}</button>'
        f'<button type="button" class="btn" data-action="lobby">'
        f'{esc(lobby)}</button></div></div>')


def keys_html() -> str:
    """The keyboard's shortcuts, as a list (the rules sheet and the "?" dialog show it)."""
    keys = [
        ("← → Home End", _("move between the cards of your hand")),
        (_("Enter or Space"), _("play the card (sets of cards: Space selects, Enter plays)")),
        (_("a card, e.g. QS or 10H"), _("type it to play it")),
        ("L", _("the last trick")),
        ("S", _("the score sheet")),
        ("H", _("a hint, where there is one")),
        ("R", _("read the table aloud: trump, contract, tricks, the trick, your hand")),
        ("U", _("take back your last move (practice)")),
        ("M", _("sound on or off")),
        ("Esc", _("close the dialog")),
        ("?", _("this list")),
    ]
    rows = "".join(f"<dt><kbd>{esc(k)}</kbd></dt><dd>{esc(v)}</dd>" for k, v in keys)
    return f'<dl class="keys">{rows}</dl>'


def check_html(move_label: str, cost_text: str, play: str, hint: str) -> str:
    """The play checker's question before a move the search rates clearly worse."""
    title = _("Are you sure?")
    text = _("{move} is expected to cost about {cost} compared with the strong player's choice.").format(
        move=move_label, cost=cost_text)
    return ('<div class="sheet" data-check role="alertdialog" aria-modal="true" '
            f'aria-labelledby="check-title"><h2 id="check-title">{esc(title)}</h2>'
            f'<p>{esc(text)}</p><div class="sheet-actions">'
            f'<button type="button" class="btn primary" data-action="check-hint">{esc(hint)}'
            f'</button><button type="button" class="btn" data-action="check-play">{esc(play)}'
            '</button></div></div>')


def keys_sheet_html() -> str:
    title = _("Keyboard shortcuts")
    back = _("Back to the table")
    return (f'<div class="sheet keys-sheet" role="dialog" aria-label="{esc(title)}" data-keys>'
            f'<h2 tabindex="-1" data-autofocus>{esc(title)}</h2>{keys_html()}<div class="sheet-actions">'
            f'<button type="button" class="btn primary" data-action="close">{esc(back)}</button>'
            '</div></div>')


def rules_sheet_html(gi: dict[str, Any]) -> str:
    aria = _("Rules")
    back = _("Back to the table")
    keyboard = _("Keyboard")
    # (the heading takes the focus: the sheet opens at its top, not at its last button)
    return (f'<div class="sheet rules-sheet" role="dialog" aria-label="{esc(aria)}">'
            f'<h2 tabindex="-1" data-autofocus>{esc(gi["title"])}</h2>'
            f'{rules_html(gi)}<div class="keys-part"><h3>{esc(keyboard)}</h3>{keys_html()}</div>'
            '<div class="sheet-actions"><button type="button" class="btn primary" '
            f'data-action="close">{esc(back)}</button></div></div>')


def lang_select_html() -> str:
    """The language picker (the lobby's and the table's)."""
    codes = list(I.LANGS) + ([I.PSEUDO] if I.current == I.PSEUDO else [])
    opts = "".join(
        f'<option value="{c}"{" selected" if c == I.current else ""}>'
        f'{esc(I.LANGS.get(c, "[pseudo]"))}</option>' for c in codes)
    label = esc(_("Language"))
    return (f'<select class="lang-pick" data-lang aria-label="{label}" title="{label}">'
            f'{opts}</select>')


def resume_html(title: str, deal_no: int, deal_over: bool = False,
                deal_word: str = "deal") -> str:
    """The lobby's line about a match waiting, with its button back to it (`deal_over`: deal
    `deal_no` is over, the next is still to come; counted in the game's `deal_word`)."""
    text = by_word(WAITING_OVER if deal_over else WAITING, deal_word).format(game=title,
                                                                             n=deal_no)
    back = _("Back to the match")
    return ('<div data-resume style="display:flex;flex-wrap:wrap;gap:8px 12px;'
            'align-items:center;justify-content:center;margin:0 0 14px">'
            f'<span>{esc(text)}</span><button type="button" class="btn primary" '
            f'data-action="resume">{esc(back)}</button></div>')


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
    return (f'<button type="button" class="btn small" data-action="take-over">'
            f'{esc(take_over_label())}</button>')


def take_over_label() -> str:
    """"Play on here", saying what it replaces."""
    return _("Play on here (the other tab’s game stops)")
