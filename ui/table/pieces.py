"""HTML of the table's pieces: the seats, the trick, the hand, the move panel, the scoreboard
and the trump (pure: no `js`). `ui.table.view` puts them together."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ui.common import i18n as I
from ui.common.i18n import N_, _, catalog, ngettext, pgettext
from ui.common.render import (
    SUIT_SYM,
    back_html,
    card_html,
    card_label,
    esc,
    is_card,
    is_card_move,
    ladder,
    move_button,
    move_label,
    rules_of,
    suit_name,
    suit_svg,
)

# What a game calls one deal played out (the rules' `deal_word`), in the texts that count them.
DEAL_OVER = {
    "deal": N_("{game} — deal {n} over"),
    "cycle": N_("{game} — cycle {n} over"),
    "round": N_("{game} — round {n} over"),
}


NEXT_DEAL = {"deal": N_("Next deal"), "cycle": N_("Next cycle"), "round": N_("Next round")}


DEAL_NO = {"deal": N_("Deal {n}"), "cycle": N_("Cycle {n}"), "round": N_("Round {n}")}


DEAL_NO_OF = {
    "deal": N_("Deal {n} of {total}"),
    "cycle": N_("Cycle {n} of {total}"),
    "round": N_("Round {n} of {total}"),
}


OVER = {"deal": N_("Deal over."), "cycle": N_("Cycle over."), "round": N_("Round over.")}


# ------------------------------------------------------------------------------------ table
AVATAR_HUES = (205, 10, 145, 275, 40)  # one colour per seat, apart on the colour wheel


def avatar_html(seat: int, name: str) -> str:
    """A seat's avatar: the name's initial on a disc of the seat's own colour (drawn, no
    photo; hidden from screen readers, which read the name)."""
    initial = next((ch for ch in name if ch.isalnum()), "?").upper()
    hue = AVATAR_HUES[seat % len(AVATAR_HUES)]
    return f'<span class="avatar" aria-hidden="true" style="--hue:{hue}">{esc(initial)}</span>'


def seat_html(
    seat: int,
    pos: str,
    name: str,
    view: dict[str, Any],
    totals_txt: str,
    extra: list[str],
    thinking: bool,
    show_points: bool = False,
    team_points: bool = False,
) -> str:
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
        dealer = (
            f'<span class="dealer" title="{esc(d_title)}" aria-label="{esc(d_name)}">'
            f"{esc(d_mark)}</span>"
        )
    turn = " turn" if view.get("to_move") == seat else ""
    taken = view.get("taken", [0] * 8)[seat] if seat < len(view.get("taken", [])) else 0
    backs = ""
    if seat != 0:
        shown = min(n, 13)
        cards_title = ngettext("{n} card", "{n} cards", n).format(n=n)
        backs = (
            f'<div class="backs" title="{esc(cards_title)}">'
            + "".join('<span class="mini-back"></span>' for _i in range(shown))
            + (f'<span class="count">{n}</span>' if n else "")
            + "</div>"
        )
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
        f"{dealer}"
        f"{'<span class=dots></span>' if thinking else ''}"
        # (on a phone the card count is a badge on the plate's corner: the backs are hidden)
        + (
            f'<span class="count plate-count" aria-hidden="true">{n}</span>'
            if seat != 0 and n
            else ""
        )
        + "</div>"
        f"{backs}"
        f'<div class="stats"><span title="{esc(tricks_title)}">{tricks}</span>'
        + (f'<span title="{esc(match_title)}">{esc(totals_txt)}</span>' if totals_txt else "")
        + "</div>"
        f"{'<div class=tags>' + tags + '</div>' if tags else ''}"
        "</div>"
    )


def trick_html(
    plays: list[list[Any]],
    pos: list[str],
    winner: int | None,
    fresh: int | None,
    win_seat: int | None,
    names: list[str] | None = None,
) -> str:
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
        cards = "".join(
            card_html(t, 'aria-hidden="true"', note=note) if is_card(t) else back_html()
            for t in toks
        )
        shown = " ".join(t for t in toks if is_card(t))  # a face-down play shows no cards
        what = ", ".join(card_label(t) for t in toks if is_card(t)) or _("a card face down")
        if note:
            what = _("{card}, {note}").format(card=what, note=note)
        who = names[seat] if names is not None and seat < len(names) else str(seat)
        label = _("{name}: {cards}").format(name=who, cards=what)
        # the seat's name on its play (shown on phones, where the seats sit in a row)
        tag = f'<span class="who" aria-hidden="true">{esc(who)}</span>'
        out.append(
            f'<div class="{cls}" role="listitem" aria-label="{esc(label)}" '
            f'data-play-seat="{seat}" data-play-cards="{esc(shown)}">{cards}{tag}</div>'
        )
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


def panel_html(
    view: dict[str, Any],
    moves: list[str],
    title: str,
    multi: bool,
    selection_ok: bool,
    timer: int | None,
) -> str:
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
        parts.append(
            f'<div class="panel-head">{esc(head)}{tm}</div>'
            f'<div class="panel-buttons">{"".join(move_button(m) for m in buttons)}</div>'
        )
    if multi:
        dis = "" if selection_ok else " disabled"
        play = _("Play selected")
        parts.append(
            '<div class="panel-buttons"><button type="button" class="btn primary" '
            f'data-move="confirm"{dis}>{esc(play)}</button></div>'
        )
    return "".join(parts)


def contract_text(view: dict[str, Any], names: list[str]) -> str | None:
    """The contract in play ("5 by Ayşe"), as the game says it (`Rules.contract`); None when
    there is none."""
    contract = rules_of(view).contract(view)
    return None if contract is None else contract.render(names, catalog(), I.YOU)


def info_items(view: dict[str, Any], names: list[str], you: int = I.YOU) -> list[tuple[str, str]]:
    """Facts of the deal for the bar under the title: (label, value) pairs, plain text, as
    the game gives them (`Rules.deal_facts`: the contract, a pairing, a marker ...), said to
    the reader at seat `you`."""
    cat = catalog()
    return [
        (label.render(names, cat, you), value.render(names, cat, you))
        for label, value in rules_of(view).deal_facts(view)
    ]


def scoreboard_html(
    cols: Sequence[tuple[str, float, bool]], by: str, label: str, goal: str = ""
) -> str:
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
        for i, (name, total, mine) in enumerate(cols)
    )
    return (
        f'<div class="scoreboard" data-scoreboard data-by="{esc(by)}" role="group" '
        f'aria-label="{esc(title)}"><span class="sb-label">{esc(label)}</span>'
        f'<ul class="sb-cols">{items}</ul>'
        + (f'<span class="sb-goal" data-goal>{esc(goal)}</span>' if goal else "")
        + "</div>"
    )


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
        return (
            f'<div class="trump {colour}" data-trump="{t}">{esc(label)} '
            f'{suit_svg(t)}<span class="tname">{esc(suit_name(t))}</span>{extra}</div>'
        )
    text = (
        _("Trump: to be named") if view.get("phase") in ("bidding", "trump") else _("Trump: none")
    )
    # (on a phone the chip shows "Trump ?" or "Trump –", the whole sentence read aloud)
    short = "?" if view.get("phase") in ("bidding", "trump") else "–"
    label = pgettext("trump bar", "Trump")
    return (
        f'<div class="trump none" data-trump=""><span class="tfull">{esc(text)}</span>'
        f'<span class="tshort" aria-hidden="true">{esc(label)} {short}</span></div>'
    )
