"""The table's view model and its views: pure functions from what the reader may see.

`model(match, cur, ui)` builds a `Model` from `ui.common.seen.reader_view` (the seats the reader plays)
and the table's own state (`Ui`); `parts(model)` gives the HTML of each part of the table
(bar, seats, trick, panel, hand, open hands) and `status(model)` the status line. Nothing here
reads the engine's truth, except the other hands the reader asked to see (`open_view`).

Pure (no `js`): tested under CPython (tests/ui/test_seen.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import CARD_STR
from engine.core import Match, Rules
from ui.common import render as R
from ui.common.i18n import YOU, _, catalog, ngettext, pgettext
from ui.common.seen import reader_view
from ui.lobby import view as LW
from ui.table import pieces as TP
from ui.teach import review as RV


@dataclass
class Ui:
    """What the table itself holds beside the match (the controller's state for a drawing)."""

    readers: frozenset[int] = frozenset({0})
    open_view: bool = False
    speed: str = "2"
    overlay: bool = False  # a sheet or dialog is open over the table
    lingering: bool = False  # a finished trick is on show
    last_trick: dict[str, Any] | None = None  # as the reader saw it (ui/common/seen.py)
    fresh: bool = False  # the last play flies in
    selection: tuple[str, ...] = ()
    timer_left: int | None = None
    away: frozenset[int] = frozenset()
    lesson: bool = False  # a lesson or a puzzle is on the table (its end is its own)
    lesson_done: bool = False
    busy: bool = False  # a lesson's replies are being played
    lesson_hint: bool = False  # the lesson's step has a hint
    embed: bool = False  # a position or a lesson (the reader's controls only)
    embedded: bool = False  # inside another page's frame
    step: tuple[int, int, bool] | None = None  # step by step: (position, moves, match over)
    sound_on: bool = False
    summary_closed: bool = False  # the finished deal's summary was closed: a button reopens it
    lang_html: str = ""  # the language picker, drawn by the page
    friends: bool = False  # a match played with friends: no hint, no undo


def can_act(match: Match | None, cur: int, ui: Ui) -> bool:
    """Whether the reader may make a move now (at Instant the finished trick stays on show
    while the player chooses the next card)."""
    if match is None:
        return False
    d = match.deals[cur]
    return (
        not ui.overlay
        and (not ui.lingering or ui.speed == "0")
        and d.phase != "over"
        and d.to_move in ui.readers
        and not (ui.lesson and (ui.lesson_done or ui.busy))
    )


def waiting_for_tap(match: Match | None, cur: int, ui: Ui) -> bool:
    """At Instant a finished trick stays until the player's next card or a tap; when a
    computer is next, it waits for the tap. The last trick of a lesson or a puzzle stays
    (nothing comes after it to tap for)."""
    if ui.lesson and match is not None and match.deals[cur].phase == "over":
        return False
    return ui.lingering and ui.speed == "0" and not ui.overlay and not can_act(match, cur, ui)


def multi(match: Match | None, cur: int) -> bool:
    """Plays of several cards (the game's `multi_card_plays`): select cards, then confirm.
    Where every play open now is a single card (following a single card's lead), a card is a
    whole play: one tap plays it."""
    if not (
        match is not None
        and bool(match.rules.multi_card_plays)
        and match.deals[cur].phase == "play"
    ):
        return False
    cards = [m for m in match.deals[cur].legal_moves() if R.is_card_move(m)]
    return not cards or any(" " in m for m in cards)


def candidate_cards(legal: Sequence[str], selection: Sequence[str]) -> set[str]:
    """Cards that can join the current selection on the way to a legal play."""
    sel = set(selection)
    out: set[str] = set()
    for m in legal:
        if not R.is_card_move(m):
            continue
        cards = m.split()
        if sel <= set(cards):
            out.update(c for c in cards if c not in sel)
    return out


def selection_move(legal: Sequence[str], selection: Sequence[str]) -> str | None:
    """The legal play the selected cards make, if they make one."""
    sel = set(selection)
    for m in legal:
        if R.is_card_move(m) and set(m.split()) == sel and len(m.split()) == len(sel):
            return m
    return None


@dataclass
class Model:
    """Everything the table shows, from the reader's view."""

    game: str
    gi: dict[str, Any]
    view: dict[str, Any]
    names: list[str]
    pos: list[str]
    deal_no: int
    deals_total: int | None
    can: bool
    legal: list[str]
    legal_cards: set[str]
    hand: list[str]
    multi: bool
    selection_ok: bool
    tap: bool
    ui: Ui
    totals: list[int]
    seat_tags: list[list[str]]
    score_cols: list[tuple[str, int, bool]]
    score_by: str
    losing_target: int | None
    rules: Rules
    open_hands: list[tuple[int, list[str]]] = field(default_factory=list)


def model(match: Match, cur: int, ui: Ui, gi: dict[str, Any], names: list[str]) -> Model:
    """The view model of the table: the deal as the reader may see it, and the table's state."""
    d = match.deals[cur]
    v = reader_view(d, ui.readers, ui.open_view)
    v["options"] = dict(match.options)
    pos = R.positions(match.players, gi.get("direction", "right"))
    can = can_act(match, cur, ui)
    legal = d.legal_moves() if can else []
    is_multi = multi(match, cur)
    if is_multi:
        legal_cards = candidate_cards(legal, ui.selection)
    else:
        legal_cards = {mv for mv in legal if R.is_card_move(mv) and " " not in mv}
    tags = []
    for s in range(match.players):
        extra = [t.render(names, catalog(), YOU) for t in match.rules.seat_tags(v, s)]
        if s in ui.away:
            extra.append(pgettext("seat tag", "away"))
        tags.append(extra)
    totals = list(match.totals)
    cols = [(head, totals[seats[0]], 0 in seats) for head, seats in RV.score_columns(match, names)]
    opened: list[tuple[int, list[str]]] = []
    if ui.open_view:
        opened = [
            (s, R.sort_hand([CARD_STR[c] for c in d.hand_cards(s)], v, gi["rank_order"]))
            for s in range(1, match.players)
        ]
    total = match.rules.deals_in_match(match.options)
    return Model(
        game=match.game,
        gi=gi,
        view=v,
        names=names,
        pos=pos,
        deal_no=cur + 1,
        deals_total=int(total) if total else None,
        can=can,
        legal=legal,
        legal_cards=legal_cards,
        hand=R.sort_hand(list(v.get("hand") or []), v, gi["rank_order"]),
        multi=is_multi,
        selection_ok=is_multi and selection_move(legal, ui.selection) is not None,
        tap=waiting_for_tap(match, cur, ui),
        ui=ui,
        totals=totals,
        seat_tags=tags,
        score_cols=cols,
        score_by="team" if match.rules.teams else "seat",
        losing_target=match.rules.losing_target(),
        open_hands=opened,
        rules=match.rules,
    )


def table_data(m: Model, cur: int, seq: int, dealing: bool) -> dict[str, str | None]:
    """The table's `data-*` hooks (None: the attribute is removed): the game, phase, seat to
    move, players, plays of several cards (`sets`), deal, moves played (`seq`), the cards
    being dealt in (`dealing`), the reader's turn (`input`) and a finished trick waiting for a
    tap (`tap`); never `remote` (a guest's table at a host's: ui/friends/guest.py)."""
    to_move = m.view.get("to_move")
    return {
        "data-game": m.game,
        "data-phase": str(m.view.get("phase")),
        "data-to-move": "" if to_move is None else str(to_move),
        "data-players": str(len(m.names)),
        "data-sets": "1" if m.gi["multi_card_plays"] else None,
        "data-deal": str(cur + 1),
        "data-seq": str(seq),
        "data-dealing": "1" if dealing else None,
        "data-input": "1" if m.can else None,
        "data-tap": "1" if m.tap else None,
        "data-remote": None,
    }


# ------------------------------------------------------------------------------- the parts
def status(m: Model) -> str:
    """The status line under the felt."""
    v, names, ui = m.view, m.names, m.ui
    to_move: int | None = v.get("to_move")
    done = _("Lesson complete: “Restart” plays it again.") if ui.lesson_done else ""
    if ui.lingering and ui.last_trick is not None:
        w = ui.last_trick["winner"]
        took = (
            _("You take the trick.")
            if w == 0
            else _("{name} takes the trick.").format(name=names[w])
        )
        if m.can:  # two sentences, each translated whole
            return took + " " + _("Your lead.") if not v.get("trick") else took
        if done:
            return took + " " + done
        if m.tap:
            return took + " " + _("Tap the table to go on.")
        return took
    if done:
        return done
    phase = v.get("phase")
    if phase == "over":
        return R.by_word(TP.OVER, m.gi.get("deal_word"))
    if m.can and to_move is not None and to_move != 0:  # the reader plays every seat (seats=all)
        return _("{name} to play: choose from their hand.").format(name=names[to_move])
    if m.can:
        prompt = m.rules.selection_prompt(v) if m.multi and phase not in TURN_PHASES else None
        if prompt is not None:
            return prompt.render(names, catalog(), YOU)
        return turn_text(phase, len(m.legal_cards))
    if to_move is not None and to_move not in ui.readers and ui.step is not None:
        # a stepped example: nobody plays until the reader steps on
        if ui.step[0] < ui.step[1]:
            return _("{name} is next: press › to see the move.").format(name=names[to_move])
        return ""
    if to_move is not None and to_move not in ui.readers:  # a reader's seat waits for no one
        return waiting_text(phase, names[to_move])
    return ""


TURN_PHASES = ("bidding", "trump")  # a bid or a trump named, not a card played


def turn_text(phase: object, cards: int) -> str:
    """The reader's turn in words: a bid, the trump to name, or `cards` raised cards to play
    from (one raised card, or several: every card of the hand when any will do)."""
    if phase == "bidding":
        return _("Your bid.")
    if phase == "trump":
        return _("Name the trump suit.")
    return ngettext("Your turn: play the raised card.", "Your turn: play a raised card.", cards)


def waiting_text(phase: object, name: str) -> str:
    """Whose turn it is, when it is another player's: bidding, naming trump or playing."""
    if phase == "bidding":
        return _("{name} is bidding…").format(name=name)
    if phase == "trump":
        return _("{name} is naming trump…").format(name=name)
    return _("{name} is playing…").format(name=name)


def deal_text(m: Model) -> str:
    return deal_words(m.gi.get("deal_word"), m.deal_no, m.deals_total)


def deal_words(word: str | None, n: int, total: int | None) -> str:
    """The deal's number as the bar says it ("Deal 3 of 10", in the game's `deal_word`), of
    `total` when the match has a length."""
    return (
        R.by_word(TP.DEAL_NO_OF, word).format(n=n, total=total)
        if total
        else R.by_word(TP.DEAL_NO, word).format(n=n)
    )


def bar_head(title: str, deal: str, view: dict[str, Any], names: list[str], you: int = YOU) -> str:
    """The bar's title, the deal's number (`deal`, none: not shown), the trump and the deal's
    facts (the contract ...), said to the reader at seat `you`."""
    info = "".join(
        f'<span class="fact"><small>{R.esc(a)}</small> {R.esc(b)}</span>'
        for a, b in TP.info_items(view, names, you)
    )
    return (
        f'<div class="title"><h1><b>{R.esc(title)}</b></h1>'
        + (f"<small>{R.esc(deal)}</small>" if deal else "")
        + f"</div>{TP.trump_html(view)}"
        f'<div class="facts">{info}</div>'
    )


def menu_button() -> str:
    """The bar's menu button (on a phone the menu opens from it, ui/web/menu.js)."""
    t_menu = R.esc(_("Menu"))
    return (
        '<button type="button" class="btn small menu-btn" data-action="menu" '
        f'aria-controls="bar-menu" aria-expanded="false" aria-label="{t_menu}" '
        f'title="{t_menu}">{MENU_ICON}</button>'
    )


def scoreboard(m: Model) -> str:
    """The bar's scoreboard: the match totals per team or per seat (the score sheet's
    columns), and the goal (the losing target, the contract in play)."""
    goal = m.rules.goal(m.view)
    text = goal.render(m.names, catalog(), YOU) if goal is not None else ""
    return TP.scoreboard_html(
        m.score_cols, m.score_by, str(m.gi["score_labels"].get("total") or _("Total")), text
    )


# The sound switch's icon: a speaker with waves, or struck through.
_SPEAKER = (
    '<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" '
    'focusable="false"><path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>{}</svg>'
)
SPEAKER_ON = _SPEAKER.format(
    '<path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" '
    'fill="none" stroke="currentColor" stroke-width="2" '
    'stroke-linecap="round"/>'
)
SPEAKER_OFF = _SPEAKER.format(
    '<path d="M16 9l6 6M22 9l-6 6" fill="none" stroke="currentColor" '
    'stroke-width="2" stroke-linecap="round"/>'
)


# The menu's button: three lines.
MENU_ICON = (
    '<svg class="icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" '
    'focusable="false"><path d="M4 7h16M4 12h16M4 17h16" fill="none" '
    'stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></svg>'
)


def _button(action: str, text: str, extra: str = "") -> str:
    return f'<button type="button" class="btn small" data-action="{action}"{extra}>{text}</button>'


def embed_buttons(m: Model) -> str:
    """A position's or a lesson's controls: the last trick, steps, the lesson's hint, restart."""
    ui = m.ui
    # (texts translated outside the f-strings: Babel does not look inside them)
    t_prev, t_next = R.esc(_("Previous move")), R.esc(_("Next move"))
    out = [
        _button("last-trick", R.esc(_("Last trick")), "" if m.view.get("tricks") else " disabled")
    ]
    if ui.step is not None:
        at, total, over = ui.step
        out.append(
            '<button type="button" class="btn small" data-action="step-prev"'
            f'{"" if at > 0 else " disabled"} aria-label="{t_prev}">‹</button>'
        )
        out.append(f'<span class="step-count" data-step="{at}">{at}/{total}</span>')
        out.append(
            '<button type="button" class="btn small" data-action="step-next"'
            f'{" disabled" if over else ""} aria-label="{t_next}">›</button>'
        )
    if ui.lesson and ui.lesson_hint:
        out.append(_button("hint", R.esc(_("Hint"))))
    if not ui.friends:  # (a match with friends is never dealt again: ui/embed/page.py)
        out.append(_button("restart", R.esc(_("Restart"))))
    return "".join(out)


def bar(m: Model) -> str:
    """The header bar: title, deal, trump, the deal's facts and scoreboard, the actions of play
    (`.actions`: the last trick, hint, undo) and the menu (`.menu`: scores, rules, speed,
    sound, games, language). On a phone the bar is one line of fixed height, the actions lie
    under the thumb at the foot of the screen and the menu opens from its button
    (`data-action="menu"`, carried out by the page at once: ui/web/)."""
    ui, v = m.ui, m.view
    head = bar_head(str(m.gi["title"]), "" if ui.lesson else deal_text(m), v, m.names)
    t_sound = R.esc(_("Sound"))
    sound_btn = (
        '<button type="button" class="btn small sound" data-action="sound" '
        f'aria-pressed="{"true" if ui.sound_on else "false"}" aria-label="{t_sound}" '
        f'title="{t_sound}">{SPEAKER_ON if ui.sound_on else SPEAKER_OFF}</button>'
    )
    games_btn = _button("lobby", R.esc(_("Games"))) + ui.lang_html
    if ui.embed:  # a position or a lesson: the controls a reader needs
        return (
            f'{head}<div class="menu">{embed_buttons(m)}{sound_btn}'
            + (ui.lang_html if ui.embedded else games_btn)
            + "</div>"
        )
    over = " disabled" if v.get("phase") == "over" else ""
    speed_name = dict(LW.SPEEDS).get(ui.speed, "")
    speed_name = _(speed_name) if speed_name else ""  # views.SPEEDS: English, marked N_
    t_speed_title, t_speed = R.esc(_("Computer speed")), R.esc(_("Speed:"))
    t_hint_title = R.esc(
        _("The strong player's choice for you, and why (the match becomes practice)")
    )
    t_undo_title = R.esc(_("Take back your last move (the match becomes practice)"))
    t_menu = R.esc(_("Menu"))
    actions = (
        '<div class="actions">'
        + _button("last-trick", R.esc(_("Last trick")), "" if v.get("tricks") else " disabled")
        + (
            ""
            if ui.friends
            else _button("hint", R.esc(_("Hint")), f' title="{t_hint_title}"{over}')
            + _button("undo", R.esc(_("Undo")), f' title="{t_undo_title}"{over}')
        )
        + "</div>"
    )
    return (
        f"{menu_button()}{head}{scoreboard(m)}{actions}"
        f'<div class="menu" id="bar-menu" role="group" aria-label="{t_menu}">'
        + _button("score-sheet", R.esc(_("Scores")))
        + _button("rules", R.esc(_("Rules")))
        + _button(
            "speed",
            f'<span class="lbl">{t_speed} </span>{R.esc(speed_name)}',
            f' title="{t_speed_title}"',
        )
        + f"{sound_btn}{games_btn}</div>"
    )


def seats(m: Model) -> str:
    """Every seat's plate, with its tricks, total and tags."""
    label = m.gi["score_labels"]["total_short"]
    out_of = f"/{m.losing_target}" if m.losing_target is not None else ""
    to_move = m.view.get("to_move")
    out = []
    for s in range(len(m.names)):
        tot = m.totals[s] if s < len(m.totals) else ""
        thinking = not m.can and to_move == s and s != 0 and not m.ui.lingering and not m.ui.overlay
        out.append(
            TP.seat_html(
                s,
                m.pos[s],
                m.names[s],
                m.view,
                f"{label} {tot}{out_of}",
                m.seat_tags[s],
                thinking,
                bool(m.gi["seat_points"]),
                bool(m.gi.get("teams")),
            )
        )
    return "".join(out)


def trick(m: Model) -> str:
    """The plays on the felt: the trick in progress, or the finished one on show."""
    ui = m.ui
    if ui.lingering and ui.last_trick is not None:
        plays, winner = ui.last_trick["plays"], ui.last_trick["winner"]
    else:
        plays, winner = m.view.get("trick") or [], None
    return TP.trick_html(
        plays,
        m.pos,
        winner,
        1 if ui.fresh else None,
        m.view.get("winning_seat") if not ui.lingering else None,
        m.names,
    )


def panel(m: Model) -> str:
    d_phase = m.view.get("phase")
    if d_phase == "over" and m.ui.summary_closed and not m.ui.lesson:
        label = _("Deal summary")
        return (
            '<div class="panel-buttons"><button type="button" class="btn primary" '
            f'data-action="summary">{R.esc(label)}</button></div>'
        )
    return TP.panel_html(
        m.view,
        m.legal,
        "",
        m.multi and m.can,
        m.selection_ok,
        m.ui.timer_left if m.can and d_phase == "trump" else None,
    )


def hand(m: Model) -> str:
    return TP.hand_html(
        m.hand, m.legal_cards, list(m.ui.selection), m.can and m.view.get("to_move") == 0
    )


def open_hands(m: Model) -> str:
    """The other seats' hands, when the reader sees them (`data-view="open"`, or every seat)."""
    rows = []
    to_move = m.view.get("to_move")
    for s, cards in m.open_hands:
        if not cards:
            continue  # (the deal is over: nothing left to show)
        mover = m.can and to_move == s
        rows.append(
            f'<div class="open-hand at-{R.esc(m.pos[s])}" data-open-seat="{s}">'
            f'<span class="oh-name">{R.esc(m.names[s])}</span>'
            f'<div class="oh-cards">'
            f"{TP.hand_html(cards, m.legal_cards if mover else set(), list(m.ui.selection), mover)}"
            "</div></div>"
        )
    return "".join(rows)


def parts(m: Model) -> dict[str, str]:
    """The HTML of each part of the table, by element id."""
    return {
        "bar": bar(m),
        "seats": seats(m),
        "trick": trick(m),
        "panel": panel(m),
        "hand": hand(m),
        "open-hands": open_hands(m),
    }
