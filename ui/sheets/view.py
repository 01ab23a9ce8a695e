"""The sheets and dialogs over the table, as HTML from the match and the reader's names (pure).

Every text that does not come from this module goes through `render.esc`; what comes from an
address, a message or a save is never part of these strings (the page sets it as text).
"""

from __future__ import annotations

from typing import Any

from engine.core import Match
from ui.common import i18n as I
from ui.common import render as R
from ui.common.i18n import N_, _
from ui.sheets import content as SC


def hint_label(move: str) -> str:
    """A move named in a hint's sentence: "bid 5", "Pass", "K♥"."""
    if move.lower().startswith("bid "):
        return _("bid {n}").format(n=move[4:])
    return R.move_label(move)


def practice_note(html: str, practice: bool) -> str:
    """A sheet of a practice match (hints or take-backs used) says so under its heading."""
    if not practice or "</h2>" not in html:
        return html
    text = R.esc(_("Practice match: hints or take-backs were used."))
    note = f'<p class="practice" data-practice>{text}</p>'
    return html.replace("</h2>", "</h2>" + note, 1)


def check_html(move: str, cost_text: str) -> str:
    """The play checker's question before a move the search rates clearly worse."""
    return SC.check_html(R.move_label(move), cost_text, _("Play it anyway"), _("Show the hint"))


def summary_html(
    match: Match,
    cur: int,
    gi: dict[str, Any],
    names: list[str],
    lines: list[str],
    review: bool = True,
) -> str:
    """A deal's summary (with the rules' explanation `lines`; `review`: whether it offers the
    deal's review)."""
    d = match.deals[cur]
    html = SC.summary_html(
        gi["score_labels"],
        gi["title"],
        cur + 1,
        d.result or {},
        names,
        list(match.totals),
        gi.get("teams"),
        match.is_over and cur == len(match.deals) - 1,
        lines,
        str(gi.get("deal_word") or "deal"),
        bool(gi.get("card_points", True)),
        review=review,
    )
    return practice_note(closable(html), match.practice)


def closable(html: str) -> str:
    """A sheet with a way back to the table last among its actions (`data-action="close"`,
    which Escape presses too)."""
    end = "</div></div>"
    if not html.endswith(end):
        return html
    back = R.esc(_("Back to the table"))
    return (
        html[: -len(end)]
        + '<button type="button" class="btn" data-action="close">'
        + back
        + "</button>"
        + end
    )


# A match decided in one deal, counted in the game's `deal_word`.
LOST_IN_ONE = {
    "deal": N_(
        "{names} reached {total}, the total that loses the match: the match is over after one deal."
    ),
    "cycle": N_(
        "{names} reached {total}, the total that loses the match: the match is over "
        "after one cycle."
    ),
    "round": N_(
        "{names} reached {total}, the total that loses the match: the match is over "
        "after one round."
    ),
}
# The same when the reader's team reached it (its own sentence, so that every language
# conjugates it).
YOURS_LOST_IN_ONE = {
    "deal": N_(
        "Your team reached {total}, the total that loses the match: the match is over "
        "after one deal."
    ),
    "cycle": N_(
        "Your team reached {total}, the total that loses the match: the match is over "
        "after one cycle."
    ),
    "round": N_(
        "Your team reached {total}, the total that loses the match: the match is over "
        "after one round."
    ),
}
OVER_IN_ONE = {
    "deal": N_("The match is over after one deal."),
    "cycle": N_("The match is over after one cycle."),
    "round": N_("The match is over after one round."),
}


def match_end_line(match: Match, cur: int, names: list[str]) -> str:
    """The summary's line when deal `cur` ends the match ("" when it does not): who reached
    the total that loses, and whether one deal decided it ("You and Ivan reached 12, the total
    that loses the match: the match is over after one deal.")."""
    if not match.is_over or cur != len(match.deals) - 1:
        return ""
    target = match.rules.losing_target()
    totals = list(match.totals)
    losers = (
        [s for s in range(len(names)) if s < len(totals) and totals[s] >= target]
        if target is not None and len(totals) == len(names)
        else []
    )
    one = cur == 0
    word = str(getattr(match.rules, "deal_word", "deal") or "deal")
    if I.YOU in losers and len(losers) > 1:
        if one:
            return R.by_word(YOURS_LOST_IN_ONE, word).format(total=totals[losers[0]])
        return _(
            "Your team reached {total}, the total that loses the match: the match is over."
        ).format(total=totals[losers[0]])
    if losers:
        who = I.names_list([names[s] for s in losers])
        if one:
            return R.by_word(LOST_IN_ONE, word).format(names=who, total=totals[losers[0]])
        return _(
            "{names} reached {total}, the total that loses the match: the match is over."
        ).format(names=who, total=totals[losers[0]])
    return R.by_word(OVER_IN_ONE, word) if one else ""


def match_over_html(match: Match, gi: dict[str, Any], names: list[str]) -> str:
    """The match's end."""
    teams = gi.get("teams") or []
    me_won = 0 in match.winners or any(0 in t and any(w in t for w in match.winners) for t in teams)
    html = SC.match_over_html(
        gi["title"],
        names,
        list(match.totals),
        list(match.winners),
        gi.get("teams"),
        me_won,
        bool(gi.get("lower_total_wins")),
    )
    return practice_note(html, match.practice)


def leave_html(title: str, text: str, confirm: str, cancel: str) -> str:
    """The dialog before a match in progress is lost."""
    return (
        '<div class="sheet" data-leave role="alertdialog" aria-modal="true" '
        f'aria-labelledby="leave-title"><h2 id="leave-title">{R.esc(title)}</h2>'
        f'<p>{R.esc(text)}</p><div class="sheet-actions">'
        '<button type="button" class="btn primary" data-action="leave-cancel">'
        f'{R.esc(cancel)}</button><button type="button" class="btn" '
        f'data-action="leave-confirm">{R.esc(confirm)}</button></div></div>'
    )


def restore_html() -> str:
    """The saved match could not be restored: a fresh start, and the saved text to copy (the
    reason and the text are set as text by the page, into `[data-reason]`, `[data-bad-save]`)."""
    title = R.esc(_("Your saved match could not be restored"))
    saved_text = R.esc(_("The saved text"))
    fresh = R.esc(
        _("You can start fresh. The saved text is kept: copy it into a bug report if you like.")
    )
    start = R.esc(_("Start fresh"))
    copy = R.esc(_("Copy the saved text"))
    return (
        '<div class="sheet" data-restore-failed role="alertdialog" aria-modal="true" '
        'aria-labelledby="restore-title"><h2 id="restore-title">'
        f"{title}</h2><p data-reason></p>"
        f"<p>{fresh}</p>"
        f"<details><summary>{saved_text}</summary>"
        f'<textarea data-bad-save readonly rows="5" aria-label="{saved_text}" '
        'style="width:100%;font:12px/1.3 monospace"></textarea></details>'
        '<div class="sheet-actions"><button type="button" class="btn primary" '
        f'data-action="fresh-start">{start}</button>'
        '<button type="button" class="btn" data-action="copy-save">'
        f"{copy}</button></div></div>"
    )
