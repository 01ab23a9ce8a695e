"""A guest's felt, the parts that say what the host's table says, drawn by the table's own
views (ui/table/view.py, ui/table/pieces.py, ui/teach/review.py, ui/sheets/content.py) from
the `State` the host sent, said to the guest at its seat (`you`): the bar (the deal's number,
the trump, the contract, the score and the goal, "Last trick", the menu with "Leave the
table"), each seat's tags (its bid or pass, declarer, partner, away), the last trick, the
deal's summary and the match's end as sheets.

Pure (no `js`): tested under CPython (tests/ui/test_friends_felt.py).
"""

from __future__ import annotations

from typing import Any

from ui.common import render as R
from ui.common.i18n import _, catalog, pgettext
from ui.sheets import content as SC
from ui.table import pieces as TP
from ui.table import view as TV
from ui.teach import review as RV

CLOSE = "close"  # a guest's sheet closed, as the table's (Escape and Back press it, ui/web/)
LAST_TRICK = "friends-last-trick"
RESULT = "friends-result"  # the match's end, from the last deal's summary
LEAVE = "friends-leave"
ACTIONS = (CLOSE, LAST_TRICK, RESULT)  # a guest's own controls (GuestSession.action)


def button(action: str, text: str, cls: str = "btn", extra: str = "") -> str:
    """A control of the guest's (`data-action`), its text escaped."""
    return (
        f'<button type="button" class="{cls}" data-action="{action}"{extra}>{R.esc(text)}</button>'
    )


def close_button() -> str:
    """Back to the table from a guest's sheet (Escape and the phone's Back press it)."""
    return button(CLOSE, _("Back to the table"), "btn primary")


def leave_button(cls: str = "btn") -> str:
    return button(LEAVE, _("Leave the table"), cls)


def deals_total(view: dict[str, Any]) -> int | None:
    """How many deals the match has, where its options fix it (public: the table's options)."""
    total = R.rules_of(view).deals_in_match(view.get("options") or {})
    return int(total) if total else None


def seat_tags(
    view: dict[str, Any], names: list[str], you: int, seats: list[dict[str, Any]]
) -> list[list[str]]:
    """Each seat's tags as the host's table shows them (`Rules.seat_tags`: a bid or a pass,
    declarer, partner), said to the reader at `you`, and "away" for a friend who is away."""
    rules, cat = R.rules_of(view), catalog()
    out = []
    for s in range(len(names)):
        tags = [t.render(names, cat, you) for t in rules.seat_tags(view, s)]
        info = seats[s] if s < len(seats) else {}
        if info.get("away") and info.get("kind") == "friend":
            tags.append(pgettext("seat tag", "away"))
        out.append(tags)
    return out


def bar_html(
    st: dict[str, Any],
    view: dict[str, Any],
    gi: dict[str, Any],
    names: list[str],
    you: int,
    deal_no: int,
) -> str:
    """The guest's bar: the host's bar's head (the deal `deal_no`), scoreboard and goal, "Last
    trick", and the menu (on a phone behind its button, as the host's) with "Leave the
    table"."""
    rules = R.rules_of(view)
    deal = TV.deal_words(gi.get("deal_word"), deal_no, deals_total(view))
    head = TV.bar_head(str(gi["title"]), deal, view, names, you)
    totals = list(st.get("totals") or [])
    teams = gi.get("teams")
    cols = [
        (h, totals[ss[0]] if ss[0] < len(totals) else 0, you in ss)
        for h, ss in RV.columns(teams, len(names), names)
    ]
    goal = rules.goal(view)
    board = TP.scoreboard_html(
        cols,
        "team" if teams else "seat",
        str(gi["score_labels"].get("total") or _("Total")),
        "" if goal is None else goal.render(names, catalog(), you),
    )
    t_menu = R.esc(_("Menu"))
    last = button(
        LAST_TRICK, _("Last trick"), "btn small", "" if view.get("tricks") else " disabled"
    )
    return (
        f'{TV.menu_button()}{head}{board}<div class="actions">{last}</div>'
        f'<div class="menu" id="bar-menu" role="group" aria-label="{t_menu}">'
        f"{leave_button('btn small')}</div>"
    )


def last_trick_html(view: dict[str, Any], pos: list[str], names: list[str], you: int) -> str:
    """The last trick taken, as the host's "Last trick" shows it ("" when none yet)."""
    tricks = view.get("tricks") or []
    if not tricks or not isinstance(tricks[-1], dict):
        return ""
    return RV.last_trick_html(tricks[-1], pos, names, len(tricks), you, close_button())


def summary_html(
    deal: dict[str, Any],
    deal_no: int,
    st: dict[str, Any],
    gi: dict[str, Any],
    names: list[str],
    you: int,
) -> str:
    """A finished deal's summary as the host's sheet shows it (each seat's tricks, points, the
    deal's score and the totals, the rules' explanation) from that deal's view `deal` (its
    `result`) and the totals; at the match's end its way on is the match's result."""
    result = deal.get("result") or {}
    lines = [x.render(names, catalog(), you) for x in R.rules_of(deal).explain(result)]
    over = bool(st.get("match_over"))
    actions = button(RESULT, _("See the result"), "btn primary") if over else close_button()
    return SC.summary_html(
        gi["score_labels"],
        str(gi["title"]),
        deal_no,
        result,
        names,
        list(st.get("totals") or []),
        gi.get("teams"),
        over,
        lines,
        str(gi.get("deal_word") or "deal"),
        bool(gi.get("card_points", True)),
        actions=actions,
    )


def match_over_html(st: dict[str, Any], gi: dict[str, Any], names: list[str], you: int) -> str:
    """The match's end as the host's sheet shows it (the winners, every seat ranked, the
    reader's place), with the way back to the table and out of it."""
    winners = [w for w in st.get("winners") or [] if isinstance(w, int)]
    teams = gi.get("teams") or []
    me_won = you in winners or any(you in t and any(w in t for w in winners) for t in teams)
    return SC.match_over_html(
        str(gi["title"]),
        names,
        list(st.get("totals") or []),
        winners,
        gi.get("teams"),
        me_won,
        bool(gi.get("lower_total_wins")),
        you,
        close_button() + leave_button(),
    )


__all__ = [
    "ACTIONS",
    "CLOSE",
    "LAST_TRICK",
    "RESULT",
    "bar_html",
    "deals_total",
    "last_trick_html",
    "match_over_html",
    "seat_tags",
    "summary_html",
]
