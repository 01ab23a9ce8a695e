"""The record page (a sheet from the lobby) and the score sheet's chart, as HTML (pure).

Everything shown of the stored record has been checked by ui/stats/record.py (names of games and
levels this page has, numbers, dates) and goes through `render.esc` all the same; the export's
JSON is set as text by the page (`[data-record-json]`), never as HTML.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core import Match
from ui.common.i18n import N_, _, ngettext, number, pgettext
from ui.common.render import by_word, esc
from ui.lobby.view import level_name
from ui.stats import chart as CH
from ui.stats import record as RC

# A game's score unit, said per deal played out (each unit's game counts in its own word).
UNIT_TEXT = {
    "tricks": N_("tricks per deal"),
    "points": N_("points per deal"),
    "penalty-points": N_("penalty points per cycle: lower is better"),
    "stakes": N_("stakes won or lost per round"),
}
RUNNING = {
    "deal": N_("Running totals, deal by deal. After deal {n}: {totals}."),
    "cycle": N_("Running totals, cycle by cycle. After cycle {n}: {totals}."),
    "round": N_("Running totals, round by round. After round {n}: {totals}."),
}


# What the score sheet chart's lines measure up (the game's total: "Total", "Penalty total",
# "Bankroll") and across, by the game's deal word.
Y_AXIS = {
    "deal": N_("{total} after each deal"),
    "cycle": N_("{total} after each cycle"),
    "round": N_("{total} after each round"),
}
X_AXIS = {"deal": N_("Deals →"), "cycle": N_("Cycles →"), "round": N_("Rounds →")}


def axis_html(up: str, across: str) -> tuple[str, str]:
    """A chart's axis labels, as HTML around the drawing (they wrap on a phone): what the
    height measures (above it) and what runs across (under it)."""
    return (
        f'<p class="chart-axis y" data-axis="y">↑ {esc(up)}</p>',
        f'<p class="chart-axis x" data-axis="x">{esc(across)}</p>',
    )


def key_html(items: Sequence[tuple[str, str, bool]]) -> str:
    """A chart's key: (name, colour, whether it is the player's)."""
    return "".join(
        f'<span class="key-item{" mine" if mine else ""}"><i aria-hidden="true" '
        f'style="background:{c}"></i>{esc(name)}</span>'
        for name, c, mine in items
    )


# ------------------------------------------------------------------------------ score sheet
def match_chart_html(match: Match, columns: Sequence[tuple[str, Sequence[int]]]) -> str:
    """The running totals of the match's finished deals, one line per column of the score
    sheet (a seat, or a team), the player's thicker ("" before a deal is over)."""
    done = [d for d in match.deals if d.phase == "over" and d.result]
    if not done:
        return ""
    mine = RC.my_team(match)
    start = list(match.rules.initial_totals())
    running, series = list(start), []
    per_col: list[list[float]] = [[] for _c in columns]
    for d in done:
        delta = list((d.result or {}).get("delta") or [0] * match.players)
        running = [a + b for a, b in zip(running, delta)]
        for i, (_h, seats) in enumerate(columns):
            per_col[i].append(running[seats[0]])
    for i, (head, seats) in enumerate(columns):
        series.append((head, per_col[i], bool(mine & set(seats))))
    totals = ", ".join(f"{head} {number(vals[-1], 1)}" for head, vals, _m in series)
    label = by_word(RUNNING, match.rules.deal_word).format(n=len(done), totals=totals)
    if match.rules.lower_total_wins:
        label += " " + _("Penalty points: the lower total is the better.")
    svg = CH.lines_svg(series, label, [start[seats[0]] for _h, seats in columns])
    key = key_html([(h, c, m) for (h, _v, m), c in zip(series, CH.line_colours(series))])
    total = pgettext("score.total", str(match.rules.score_labels.get("total") or "Total"))
    word = match.rules.deal_word
    y_axis, x_axis = axis_html(by_word(Y_AXIS, word).format(total=total), by_word(X_AXIS, word))
    return (
        f'<figure class="chart-box" data-match-chart>{y_axis}{svg}{x_axis}'
        f'<figcaption class="chart-key">{key}</figcaption></figure>'
    )


def with_chart(html: str, chart: str) -> str:
    """The score sheet with its chart under its heading."""
    if not chart or "</h2>" not in html:
        return html
    return html.replace("</h2>", "</h2>" + chart, 1)


# ------------------------------------------------------------------------------ the record
def record_html(
    rec: RC.Record, puzzles: RC.Puzzles, titles: Mapping[str, str], levels: Sequence[str]
) -> str:
    """The record page: per game and level, the last matches' chart, the puzzles, export and
    reset. `titles` are the games this page has (their titles in the page's language)."""
    title = _("Your record")
    close = _("Close")
    export = _("Copy the record")
    download = _("Download the record")
    reset = _("Reset the record")
    json_label = _("The record as JSON")
    return (
        f'<div class="sheet review-sheet record-sheet" data-record role="dialog" '
        f'aria-labelledby="record-title"><h2 id="record-title" tabindex="-1" '
        f"data-autofocus>{esc(title)}</h2>"
        f"{games_html(rec, titles, levels)}{recent_html(rec, titles)}"
        f"{puzzles_html(puzzles, titles)}"
        f'<details class="record-json"><summary>{esc(json_label)}</summary>'
        f'<textarea id="record-json" data-record-json readonly rows="5" '
        f'aria-label="{esc(json_label)}"></textarea></details>'
        '<div class="sheet-actions">'
        f'<button type="button" class="btn" data-action="record-export">{esc(export)}</button>'
        f'<a class="btn" data-action="record-download" download="trick-table-record.json" '
        f'href="#">{esc(download)}</a>'
        f'<button type="button" class="btn" data-action="record-reset">{esc(reset)}</button>'
        f'<button type="button" class="btn primary" data-action="close">{esc(close)}</button>'
        "</div></div>"
    )


def games_html(rec: RC.Record, titles: Mapping[str, str], levels: Sequence[str]) -> str:
    rows = []
    for game, title in titles.items():
        per = rec.games.get(game, {})
        for level in [lv for lv in levels if lv in per]:
            rows.append(tally_row(game, title, level, per[level]))
    if not rows:
        return f'<p class="record-none" data-record-empty>{esc(_("No match finished yet."))}</p>'
    heads = [_("Game"), _("Won"), _("You"), _("Computers")]
    caption = _(
        "Matches won of those played, and the mean score per deal: yours and the "
        "computers' on the same deals (in a team game, the other team's). Practice "
        "matches are not counted."
    )
    head = "".join(f'<th scope="col">{esc(h)}</th>' for h in heads)
    return (
        '<div class="table-scroll"><table class="scores record-table">'
        f"<caption>{esc(caption)}</caption><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def deals_text(unit: str, n: int) -> str:
    """How many deals were counted, in the word of the game's unit ("12 cycles")."""
    if unit == "penalty-points":
        return ngettext("{n} cycle", "{n} cycles", n).format(n=n)
    if unit == "stakes":
        return ngettext("{n} round", "{n} rounds", n).format(n=n)
    return ngettext("{n} deal", "{n} deals", n).format(n=n)


def tally_row(game: str, title: str, level: str, t: RC.Tally) -> str:
    unit = RC.unit_of(game)
    means = t.means()
    mine, theirs = ("–", "–") if means is None else (number(means[0], 1), number(means[1], 1))
    won = _("{won} of {played}").format(won=t.won, played=t.played)
    practice = (
        ngettext("+{n} practice match", "+{n} practice matches", t.practice).format(n=t.practice)
        if t.practice
        else ""
    )
    return (
        f'<tr data-game="{esc(game)}" data-level="{esc(level)}" data-played="{t.played}" '
        f'data-won="{t.won}" data-practice="{t.practice}" data-deals="{t.deals}" '
        f'data-unit="{esc(unit)}"{" data-lower-better" if unit in RC.LOWER_BETTER else ""}>'
        f'<th scope="row">{esc(title)} · {esc(level_name(level))}'
        f'<small class="unit">{esc(_(UNIT_TEXT.get(unit, UNIT_TEXT["points"])))}</small></th>'
        f'<td>{esc(won)}<small class="unit">{esc(deals_text(unit, t.deals))}</small>'
        + (f'<small class="unit">{esc(practice)}</small>' if practice else "")
        + f"</td><td data-mean-mine>{esc(mine)}</td>"
        f"<td data-mean-theirs>{esc(theirs)}</td></tr>"
    )


def recent_html(rec: RC.Record, titles: Mapping[str, str]) -> str:
    matches = [m for m in rec.recent if m.game in titles]
    if not matches:
        return ""
    n, won = len(matches), sum(m.won for m in matches)
    head = _("Your last matches")
    label = ngettext(
        "Your last match: {won} won of {n}. The bar is how far your score per deal was "
        "better than the computers' (below the line: worse), in the game's unit.",
        "Your last {n} matches: {won} won. Each bar is how far your score per deal was better "
        "than the computers' (below the line: worse), in the game's unit.",
        n,
    ).format(n=n, won=won)
    svg = CH.bars_svg([(m.margin(), m.won, m.practice) for m in matches], label)
    y_axis, x_axis = axis_html(
        _("Your score per deal minus the computers' (each in its game's unit)"),
        _("Matches, oldest to newest →"),
    )
    key = key_html([(_("won"), CH.WON, False), (_("lost"), CH.LOST, False)])
    hollow = _("hollow: practice")
    items = "".join(match_item(m, titles) for m in reversed(matches))
    listed = _("The matches, newest first")
    return (
        f'<h3>{esc(head)}</h3><figure class="chart-box" data-record-chart>{y_axis}{svg}'
        f"{x_axis}"
        f'<figcaption class="chart-key">{key}<span class="key-item">{esc(hollow)}</span>'
        f'</figcaption></figure><details class="record-list"><summary>{esc(listed)}'
        f"</summary><ol>{items}</ol></details>"
    )


def match_item(m: RC.Match, titles: Mapping[str, str]) -> str:
    result = _("won") if m.won else _("lost")
    practice = _("practice") if m.practice else ""
    scores = " ".join(number(x, 1) for x in m.mine)
    text = _("{date}, {game} ({level}): {result}; your scores: {scores}").format(
        date=m.date, game=titles[m.game], level=level_name(m.level), result=result, scores=scores
    )
    return (
        f'<li data-recent data-won="{str(m.won).lower()}">{esc(text)}'
        + (f" <small>({esc(practice)})</small>" if practice else "")
        + "</li>"
    )


def puzzles_html(p: RC.Puzzles, titles: Mapping[str, str]) -> str:
    head = _("Puzzles")
    if p.empty():
        return (
            f'<h3>{esc(head)}</h3><p class="record-none" data-puzzles-empty>'
            f"{esc(_('No puzzle tried yet.'))}</p>"
        )
    rows = "".join(
        f'<li data-puzzle-game="{esc(g)}" data-solved="{p.solved.get(g, 0)}" '
        f'data-failed="{p.failed.get(g, 0)}">'
        + esc(
            _("{game}: {solved} solved, {failed} failed").format(
                game=title, solved=p.solved.get(g, 0), failed=p.failed.get(g, 0)
            )
        )
        + "</li>"
        for g, title in titles.items()
        if p.solved.get(g) or p.failed.get(g)
    )
    streak = _("Streak: {streak} (best {best})").format(streak=p.streak, best=p.best)
    return (
        f'<h3>{esc(head)}</h3><ul class="record-puzzles">{rows}</ul>'
        f'<p data-streak="{p.streak}" data-best="{p.best}">{esc(streak)}</p>'
    )


def reset_html() -> str:
    """The question before the record and the puzzles' progress are cleared."""
    title = _("Reset your record?")
    text = _(
        "Every match counted and your puzzles' progress will be cleared. A match in "
        "progress is kept."
    )
    yes = _("Reset")
    no = _("Cancel")
    return (
        '<div class="sheet" data-record-reset role="alertdialog" aria-modal="true" '
        f'aria-labelledby="record-reset-title"><h2 id="record-reset-title">{esc(title)}</h2>'
        f'<p>{esc(text)}</p><div class="sheet-actions">'
        f'<button type="button" class="btn primary" data-action="record-reset-cancel" '
        f'data-cancel>{esc(no)}</button><button type="button" class="btn" '
        f'data-action="record-reset-confirm">{esc(yes)}</button></div></div>'
    )
