"""HTML inside the sheets: the deal summary, the match result and the player's place, the
keys, the checker's answer and the rules (pure: no `js`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ui.common import i18n as I
from ui.common.i18n import N_, _, ngettext
from ui.common.render import (
    by_word,
    esc,
    fmt_value,
    signed,
)
from ui.lobby.view import rules_html
from ui.table.pieces import DEAL_OVER, NEXT_DEAL


def summary_html(
    labels: Mapping[str, str],
    title: str,
    deal_no: int,
    result: dict[str, Any],
    names: list[str],
    totals: Sequence[float],
    teams: Sequence[Sequence[int]] | None,
    match_over: bool,
    extra_lines: list[str],
    deal_word: str = "deal",
    card_points: bool = True,
    actions: str | None = None,
    review: bool = True,
) -> str:
    """The deal summary; `labels` are the game's `score_labels` (the column heads); the
    heading and the next button count in the game's `deal_word` ("cycle 2 over"). `actions`:
    the buttons' HTML in place of the table's (the next deal, the score sheet, the review;
    `review`: whether the review is offered).

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
    rows = _rows(names, tricks, points, delta, totals, teams, card_points)
    team_rows = ""
    if not per_seat_totals and teams:
        team_rows = "".join(
            f'<p class="teamtotal" data-team="{i}" data-total="{esc(totals[i])}">'
            f"{esc(I.names_list([names[s] for s in t]))}: {esc(totals[i])}</p>"
            for i, t in enumerate(teams)
            if i < len(totals)
        )
    lines = "".join(f"<li>{esc(x)}</li>" for x in extra_lines)
    btn = _next_button(match_over, deal_word)
    aria = _("Deal summary")
    head = by_word(DEAL_OVER, deal_word).format(game=title, n=deal_no)
    head_tricks = _("Tricks")
    head_seat = _("Player")
    sheet = _("Score sheet")
    review_text = _("Review")
    review_btn = (
        f'<button type="button" class="btn" data-action="review">{esc(review_text)}</button>'
        if review
        else ""
    )
    return (
        f'<div class="sheet" data-summary data-deal="{deal_no}" role="dialog" '
        f'aria-label="{esc(aria)}">'
        f"<h2>{esc(head)}</h2>"
        f"{'<ul class=explain>' + lines + '</ul>' if lines else ''}"
        f'<table class="scores"><thead><tr><th><span class="sr-only">{esc(head_seat)}</span>'
        f"</th><th>{esc(head_tricks)}</th>"
        + (f"<th>{esc(head_pts)}</th>" if card_points else "")
        + f"<th>{esc(head_delta)}</th><th>{esc(head_total)}</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>{team_rows}"
        + (
            f'<div class="sheet-actions">{actions}</div></div>'
            if actions is not None
            else f'<div class="sheet-actions">{btn}<button type="button" class="btn" '
            f'data-action="score-sheet">{esc(sheet)}</button>{review_btn}</div></div>'
        )
    )


def _rows(
    names: list[str],
    tricks: Sequence[Any],
    points: Sequence[Any],
    delta: Sequence[Any],
    totals: Sequence[float],
    teams: Sequence[Sequence[int]] | None,
    card_points: bool,
) -> list[str]:
    """The summary's rows, by team where the teams cover the table (a team's figures once,
    across its players' rows)."""
    n = len(names)
    per_seat_totals = len(totals) == n
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
                    shared += f"<td{span}>{esc(fmt_value(points[s]))}</td>"
                shared += (
                    f'<td class="delta"{span}>{esc(signed(delta[s]))}</td>'
                    f'<td class="total"{span}>{esc(tot)}</td>'
                )
            team_attr = f' data-team="{ti}"' if grouped else ""
            cls = ' class="team-first"' if grouped and k == 0 and ti > 0 else ""
            rows.append(
                f'<tr{cls} data-seat="{s}"{team_attr} data-tricks="{esc(tricks[s])}" '
                f'data-points="{esc(points[s])}" data-delta="{esc(delta[s])}" '
                f'data-total="{esc(tot)}">'
                f'<th scope="row">{esc(names[s])}</th><td>{esc(tricks[s])}</td>{shared}</tr>'
            )
    return rows


def _next_button(match_over: bool, deal_word: str) -> str:
    """The summary's way on: the next deal, or the match's result."""
    if match_over:
        return (
            '<button type="button" class="btn primary" data-action="continue">'
            + esc(_("See the result"))
            + "</button>"
        )
    return (
        '<button type="button" class="btn primary" data-action="next">'
        + esc(by_word(NEXT_DEAL, deal_word))
        + "</button>"
    )


# The reader's place at the end of a match, by place (a player: up to 5 at a table; a team:
# one of 2).
PLACE_SEAT = {
    1: N_("You finished first of {n}."),
    2: N_("You finished second of {n}."),
    3: N_("You finished third of {n}."),
    4: N_("You finished fourth of {n}."),
    5: N_("You finished fifth of {n}."),
}


PLACE_TEAM = {1: N_("Your team finished first of {n}."), 2: N_("Your team finished second of {n}.")}


def reader_place(
    totals: Sequence[float],
    winners: list[int],
    teams: Sequence[Sequence[int]] | None,
    n: int,
    lower_wins: bool = False,
    you: int = I.YOU,
) -> tuple[int, int, bool] | None:
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

    mine = next((u for u in units if you in u), None)
    if mine is None:
        return None
    place = 1 + sum(1 for u in units if key(u) < key(mine))
    return place, len(units), by_team


def place_text(place: tuple[int, int, bool] | None) -> str:
    """ "You finished second of 4." / "Your team finished first of 2." ("" when unknown)."""
    if place is None:
        return ""
    at, of, by_team = place
    table = PLACE_TEAM if by_team else PLACE_SEAT
    return _(table[at]).format(n=of) if at in table else ""


def match_over_html(
    title: str,
    names: list[str],
    totals: Sequence[float],
    winners: list[int],
    teams: Sequence[Sequence[int]] | None,
    me_won: bool,
    lower_wins: bool = False,
    you: int = I.YOU,
    actions: str | None = None,
) -> str:
    """The match's end: the winners, every seat ranked (winners first, then by total: highest
    first, or lowest where the total is a penalty), a link to the score sheet; said to the
    reader at seat `you`. `actions`: the buttons' HTML in place of the table's."""
    if len(totals) == len(names):
        order = sorted(
            range(len(names)),
            key=lambda s: (s not in winners, totals[s] if lower_wins else -totals[s], s),
        )
        lines = "".join(
            f'<li data-seat="{s}" data-rank="{k + 1}" class="{"win" if s in winners else ""}">'
            f"{esc(names[s])}: {esc(totals[s])}</li>"
            for k, s in enumerate(order)
        )
    else:
        lines = "".join(
            f'<li data-team="{i}">{esc(I.names_list([names[s] for s in t]))}: {esc(totals[i])}</li>'
            for i, t in enumerate(teams or [])
            if i < len(totals)
        )
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
    won_by = (
        ngettext("Winner: {names}", "Winners: {names}", len(winners)).format(names=wn)
        if winners
        else _("Winners: nobody")
    )
    at = reader_place(totals, winners, teams, len(names), lower_wins, you)
    place = place_text(at)
    place_p = f'<p class="place" data-place="{at[0]}">{esc(place)}</p>' if place and at else ""
    lower_txt = _("Penalty points: the lower total is the better.")
    lower = f'<p class="note" data-lower-wins>{esc(lower_txt)}</p>' if lower_wins else ""
    aria = _("Match over")
    head = _("{game}: match over").format(game=title)
    again = _("Play again")
    sheet = _("Score sheet")
    lobby = _("Choose another game")
    return (
        f'<div class="sheet" data-match-over role="dialog" aria-label="{esc(aria)}">'
        f"<h2>{esc(head)}</h2>"
        f'<p class="headline">{esc(headline)}</p>{place_p}'
        f'<p class="winners" data-winners="{esc(",".join(map(str, winners)))}">{esc(won_by)}</p>'
        f'<ol class="final">{lines}</ol>{lower}'
        + (
            f'<div class="sheet-actions">{actions}</div></div>'
            if actions is not None
            else '<div class="sheet-actions"><button type="button" class="btn primary" '
            f'data-action="again">{esc(again)}</button><button type="button" class="btn" '
            f'data-action="score-sheet">{esc(sheet)}</button>'
            f'<button type="button" class="btn" data-action="lobby">'
            f"{esc(lobby)}</button></div></div>"
        )
    )


def keys_html(friends: bool = False) -> str:
    """The keyboard's shortcuts, as a list (the rules sheet and the "?" dialog show it); at a
    table with friends (`friends`) without the hint and undo, which are not there."""
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
    if friends:
        keys = [(k, v) for k, v in keys if k not in ("H", "U")]
    rows = "".join(f"<dt><kbd>{esc(k)}</kbd></dt><dd>{esc(v)}</dd>" for k, v in keys)
    return f'<dl class="keys">{rows}</dl>'


def check_html(move_label: str, cost_text: str, play: str, hint: str) -> str:
    """The play checker's question before a move the search rates clearly worse."""
    title = _("Are you sure?")
    text = _(
        "{move} is expected to cost about {cost} compared with the strong player's choice."
    ).format(move=move_label, cost=cost_text)
    return (
        '<div class="sheet" data-check role="alertdialog" aria-modal="true" '
        f'aria-labelledby="check-title"><h2 id="check-title">{esc(title)}</h2>'
        f'<p>{esc(text)}</p><div class="sheet-actions">'
        f'<button type="button" class="btn primary" data-action="check-hint">{esc(hint)}'
        f'</button><button type="button" class="btn" data-action="check-play">{esc(play)}'
        "</button></div></div>"
    )


def keys_sheet_html(friends: bool = False) -> str:
    title = _("Keyboard shortcuts")
    back = _("Back to the table")
    return (
        f'<div class="sheet keys-sheet" role="dialog" aria-label="{esc(title)}" data-keys>'
        f'<h2 tabindex="-1" data-autofocus>{esc(title)}</h2>{keys_html(friends)}<div class="sheet-actions">'
        f'<button type="button" class="btn primary" data-action="close">{esc(back)}</button>'
        "</div></div>"
    )


def rules_sheet_html(gi: dict[str, Any], friends: bool = False) -> str:
    aria = _("Rules")
    back = _("Back to the table")
    keyboard = _("Keyboard")
    # (the heading takes the focus: the sheet opens at its top, not at its last button)
    return (
        f'<div class="sheet rules-sheet" role="dialog" aria-label="{esc(aria)}">'
        f'<h2 tabindex="-1" data-autofocus>{esc(gi["title"])}</h2>'
        f'{rules_html(gi)}<div class="keys-part"><h3>{esc(keyboard)}</h3>{keys_html(friends)}</div>'
        '<div class="sheet-actions"><button type="button" class="btn primary" '
        f'data-action="close">{esc(back)}</button></div></div>'
    )
