"""Looking back at a match: the last trick, the score sheet and a trick-by-trick replay.

Pure HTML builders (no `js`: they run under CPython too). Every text that is not a literal of
this module goes through `render.esc`. Each sheet is shown in `#overlay` like the rules sheet
(`App.show_overlay(kind, html)`), and each has a close button `data-action="close"`, the
overlay's existing close action.

The builders, for the controller (`pos` is `render.positions(players, direction)`, `names` the
table's seat names, `render.seat_names(...)`):

Texts are in the page's language (`ui.common.i18n`): the game's title and score labels are translated
here (from `match.rules`), the engine's explanations render with `i18n.catalog()`; `names` are
shown as given (callers pass the translated seat names).

``last_trick_html(trick, pos, names, number=None) -> str``
    The previous trick: who played what, in order, and who took it. `trick` is one entry of a
    deal's `tricks`, ``{"leader": int, "plays": [[seat, move], ...], "winner": int}``. While
    the deal is being played, pass the view's trick (``deal.view(0)["tricks"][-1]``) so that a
    play laid face down stays hidden: its "??" tokens are drawn as card backs. `number` (from
    1) is shown in the heading when given. Root ``<div data-last-trick data-winner>``; each
    play ``<li data-play-seat data-move data-order>``; the winner's play also ``data-won``.

``score_sheet_html(match, names) -> str``
    Every deal of `match` so far, one row each (``<tr data-deal-row="<index>">``, index into
    `match.deals` from 0, ``data-state`` "over" or "playing"), with what the deal was about
    (contract, penalty and its reason, pot and stakes: from the deal's `result`) and, per seat
    or per team as the game scores (`match.rules.teams`), the deal's score and the running
    total. The row's ``data-deltas`` / ``data-totals`` and each cell's ``data-delta`` /
    ``data-total`` carry the numbers; the footer row ``data-totals-row`` gives the totals now,
    equal to `match.totals` (a team's total is its first seat's). Each finished deal has a
    replay button ``data-action="replay" data-deal="<index>"`` (in the row: it is the deal's
    number, in the first column).

``deal_replay(match, index) -> DealReplay``
    Works out the replay of finished deal ``match.deals[index]`` once (every trick, and every
    hand as it was before each trick, drawn cards included) by playing the match's record back.
    Keep it while the replay is open: the step buttons only change `step`.

``replay_html(replay, step, pos, names) -> str``
    Trick `step` (from 0, clamped to the deal's tricks) of the replay: its plays and winner,
    the hands before it (``<li data-hand-seat>``, cards ``data-rv-card``; the cards each seat
    is about to play also ``data-next``), the deal's facts and the result's explanation. Buttons ``data-action="replay-prev"`` and
    ``data-action="replay-next"`` (disabled at the ends) and ``data-action="close"``. Root
    ``<div data-replay data-deal="<index>" data-step data-steps>``; a deal that ended before
    any trick has ``data-steps="0"``. Everything is shown face up: the deal is over.

Suggested wiring: a bar button ``data-action="scores"`` opens the score sheet; a button
``data-action="last-trick"`` (when the deal has a finished trick) opens the last trick;
``replay`` builds `deal_replay` from ``data-deal`` and shows step 0; ``replay-prev`` /
``replay-next`` show step ∓ 1.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import GAME_INFO
from engine.core import Match, Rules, replay
from engine.messages import Message
from engine.teacher import VERDICT_STEPS
from ui.common.i18n import N_, YOU, _, catalog, game_info, names_list, ngettext, pgettext
from ui.common.render import (
    by_word,
    card_html,
    esc,
    is_card,
    signed,
    sort_hand,
)
from ui.teach.hints import amount, chance_line, shown

Trick = Mapping[str, Any]  # {"leader": int, "plays": [[seat, move], ...], "winner": int}
Label = Callable[[str], str]  # a move as a sentence names it ("K♥", "bid 5")


# ------------------------------------------------------------------------------ small pieces
def _who(seat: object, names: Sequence[str]) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return _("seat {n}").format(n=seat)


def game_texts(game: str, title: str, labels: Mapping[str, str]) -> tuple[str, dict[str, str]]:
    """A game's title and score labels in the page's language (`i18n.game_info`); `title`
    and `labels` as they are for a game the page does not know."""
    info = GAME_INFO.get(game)
    if info is None:
        return title, dict(labels)
    gi = game_info(info)
    return str(gi["title"]), dict(gi["score_labels"])


def _team_name(team: Sequence[int], names: Sequence[str]) -> str:
    return names_list([_who(s, names) for s in team])


def _nums(xs: Sequence[object]) -> str:
    return ",".join(str(x) for x in xs)


def _cards_html(move: object, note: str = "") -> str:
    """The cards of a play; a token that is not a card ("??": laid face down) is a back."""
    out = []
    for tok in str(move).split():
        if is_card(tok):
            out.append(card_html(tok, note=note))
        else:
            # (Babel reads no call inside an f-string: each text is a variable first.)
            down = _("a card laid face down")
            out.append(f'<div class="card back" role="img" aria-label="{esc(down)}"></div>')
    return "".join(out)


def plays_html(
    trick: Trick,
    pos: Sequence[str],
    names: Sequence[str],
    show_winner: bool = True,
    marks: Mapping[int, str] | None = None,
) -> str:
    """A trick's plays as an ordered list laid out like the table (each play placed at its
    seat's side: `at-<pos>`), in the order they were played. `marks`: HTML shown beside a
    seat's cards (the review's verdict on the player's card)."""
    winner = trick.get("winner") if show_winner else None
    items = []
    took_it, led, took_trick = _("took it"), _("led"), _("took the trick")
    for i, play in enumerate(trick.get("plays") or []):
        seat, move = play[0], play[1]
        side = pos[seat] if isinstance(seat, int) and 0 <= seat < len(pos) else "bottom"
        won = winner is not None and seat == winner
        tag = f'<span class="rv-won">{esc(took_it)}</span>' if won else ""
        lead = f'<span class="rv-lead">{esc(led)}</span>' if i == 0 else ""
        items.append(
            f'<li class="rv-play at-{esc(side)}{" won" if won else ""}" data-play-seat="{esc(seat)}" '
            f'data-move="{esc(move)}" data-order="{i}"{" data-won" if won else ""}>'
            f'<span class="rv-who">{esc(_who(seat, names))}{lead}{tag}</span>'
            f'<span class="rv-cards">{_cards_html(move, took_trick if won else "")}</span>'
            f"{(marks or {}).get(seat, '')}</li>"
        )
    return f'<ol class="rv-trick">{"".join(items)}</ol>'


def _close_button(text: str | None = None) -> str:
    text = _("Back to the table") if text is None else text
    return f'<button type="button" class="btn primary" data-action="close">{esc(text)}</button>'


# ------------------------------------------------------------------------------ last trick
def _took_text(winner: object, names: Sequence[str], you: int = YOU) -> str:
    """Who took the trick: "You took the trick." for the reader (at seat `you`: its own
    sentence, so that every language conjugates it), else "Ayşe took the trick."."""
    if winner == you and not isinstance(winner, bool):
        return _("You took the trick.")
    return _("{player} took the trick.").format(player=_who(winner, names))


def last_trick_html(
    trick: Trick,
    pos: Sequence[str],
    names: Sequence[str],
    number: int | None = None,
    you: int = YOU,
    close: str = "",
) -> str:
    """The previous trick: every play in order, and who took the trick (see the module
    docstring for the attributes); said to the reader at seat `you`, closed by `close` (a
    button's HTML; the table's "Back to the table" by default)."""
    winner = trick.get("winner")
    head = _("Last trick (trick {n})").format(n=number) if number is not None else _("Last trick")
    won = ""
    if winner is not None:
        took = _took_text(winner, names, you)
        won = f'<p class="rv-result" data-winner="{esc(winner)}">{esc(took)}</p>'
    return (
        f'<div class="sheet review-sheet" data-last-trick '
        f'data-winner="{esc("" if winner is None else winner)}" '
        f'role="dialog" aria-label="{esc(head)}">'
        f"<h2>{esc(head)}</h2>{plays_html(trick, pos, names)}{won}"
        f'<div class="sheet-actions">{close or _close_button()}</div></div>'
    )


# ------------------------------------------------------------------------------ deal facts
def deal_facts(
    result: Mapping[str, Any] | None, names: Sequence[str], rules: Rules
) -> list[tuple[str, str]]:
    """What a finished deal was about, from its `result`, as (name, plain text) pairs: the
    game's `Rules.result_facts` (a contract and whether it was made, how the deal ended, a
    penalty, the pot, the trump ...). Only the facts the result has appear."""
    if not result:
        return []
    cat = catalog()
    return [(name, text.render(list(names), cat, YOU)) for name, text in rules.result_facts(result)]


def _facts_html(result: Mapping[str, Any] | None, names: Sequence[str], rules: Rules) -> str:
    facts = deal_facts(result, names, rules)
    return "".join(f'<span class="rv-fact" data-fact="{esc(k)}">{esc(v)}</span>' for k, v in facts)


def _fact_attrs(result: Mapping[str, Any] | None, rules: Rules) -> str:
    """The result's key facts (the game's `result_fields`) as data attributes of a score
    sheet row (tests read these): a list as its numbers, a yes/no as "yes" or "no"."""
    if not result:
        return ""
    attrs = []
    for key in rules.result_fields:
        v = result.get(key)
        name = key.replace("_", "-")
        if isinstance(v, (list, tuple)):
            attrs.append(f' data-{name}="{esc(_nums(v))}"')
            continue
        if v is None or isinstance(v, dict):
            continue
        if isinstance(v, bool):
            v = "yes" if v else "no"
        attrs.append(f' data-{name}="{esc(v)}"')
    return "".join(attrs)


# ------------------------------------------------------------------------------ score sheet
# Counted in the game's `deal_word` (a deal, Kozel's cycle, Bidding Kozel's round).
SHEET_COLUMN = {"deal": N_("Deal"), "cycle": N_("Cycle"), "round": N_("Round")}
REPLAY_BUTTON = {
    "deal": N_("Replay deal {n}"),
    "cycle": N_("Replay cycle {n}"),
    "round": N_("Replay round {n}"),
}
REPLAY_OF = {
    "deal": N_("Replay of deal {n}"),
    "cycle": N_("Replay of cycle {n}"),
    "round": N_("Replay of round {n}"),
}
REPLAY_HEAD = {
    "deal": N_("{game}: deal {n}"),
    "cycle": N_("{game}: cycle {n}"),
    "round": N_("{game}: round {n}"),
}


def score_columns(match: Match, names: Sequence[str]) -> list[tuple[str, list[int]]]:
    """The score sheet's columns: (heading, seats) per team in a team game, else per seat."""
    return columns(match.rules.teams, match.players, names)


def columns(
    teams: Sequence[Sequence[int]] | None, players: int, names: Sequence[str]
) -> list[tuple[str, list[int]]]:
    """`score_columns` from plain data: the game's `teams` and the number of `players`."""
    if teams:
        return [(_team_name(t, names), list(t)) for t in teams]
    return [(_who(s, names), [s]) for s in range(players)]


def score_sheet_html(match: Match, names: Sequence[str]) -> str:
    """Every deal of the match so far with its score and the running totals (see the module
    docstring for the attributes)."""
    rules = match.rules
    labels = rules.score_labels
    cols = score_columns(match, names)
    by = "team" if rules.teams else "seat"
    running = list(rules.initial_totals())
    head = "".join(f'<th scope="col" data-col="{i}">{esc(h)}</th>' for i, (h, _) in enumerate(cols))
    ncols = len(cols) + 1
    rows = []
    if any(running):
        rows.append(_start_row(running, cols))
    being_played = _("being played")
    for i, d in enumerate(match.deals):
        res = d.result
        if d.phase != "over" or res is None:
            rows.append(
                f'<tr class="playing" data-deal-row="{i}" data-state="playing">'
                f'<th scope="row">{i + 1}</th><td colspan="{ncols - 1}" class="rv-note">'
                f"{esc(being_played)}</td></tr>"
            )
            continue
        running = [a + b for a, b in zip(running, res.get("delta") or [0] * match.players)]
        rows += _deal_rows(i, res, running, cols, names, rules)
    now = list(match.totals)
    foot = "".join(
        f'<td data-col="{i}" data-{by}="{i}" data-total="{esc(now[ss[0]])}">'
        f'<b class="tot">{esc(now[ss[0]])}</b></td>'
        for i, (_, ss) in enumerate(cols)
    )
    title, labels = game_texts(match.game, rules.title, labels)
    total = labels.get("total") or _("Total")
    caption = _(
        "Each deal: {delta} above, {total} below. Press a deal's number to replay it."
    ).format(delta=labels.get("delta") or _("This deal"), total=total)
    aria = _("Score sheet")
    sheet_head = _("{game}: score sheet").format(game=title)
    deal_col = by_word(SHEET_COLUMN, rules.deal_word)
    return (
        f'<div class="sheet review-sheet score-sheet" data-score-sheet data-by="{by}" '
        f'role="dialog" aria-label="{esc(aria)}">'
        f"<h2>{esc(sheet_head)}</h2>"
        '<div class="table-scroll"><table class="scores sheet-table">'
        f"<caption>{esc(caption)}</caption>"
        f'<thead><tr><th scope="col">{esc(deal_col)}</th>'
        f"{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody>"
        f'<tfoot><tr data-totals-row data-totals="{esc(_nums(now))}"><th scope="row">'
        f"{esc(total)}</th>{foot}</tr></tfoot>"
        "</table></div>"
        f'<div class="sheet-actions">{_close_button()}</div></div>'
    )


def _start_row(running: Sequence[float], cols: Sequence[tuple[str, Sequence[int]]]) -> str:
    """The score sheet's first row: the totals a match starts with."""
    cells = "".join(
        f'<td data-col="{i}" data-total="{esc(running[ss[0]])}">'
        f'<b class="tot">{esc(running[ss[0]])}</b></td>'
        for i, (_, ss) in enumerate(cols)
    )
    # TRANSLATORS: the score sheet's first row: the totals a match starts with.
    start = pgettext("score sheet row", "Start")
    return (
        f'<tr class="start-row" data-start-row data-totals="{esc(_nums(running))}">'
        f'<th scope="row">{esc(start)}</th>{cells}</tr>'
    )


def _deal_rows(
    i: int,
    res: Mapping[str, Any],
    running: Sequence[float],
    cols: Sequence[tuple[str, Sequence[int]]],
    names: Sequence[str],
    rules: Rules,
) -> list[str]:
    """A finished deal's rows of the score sheet: its scores and the totals after it (its
    number the replay button), then what it was about."""
    ncols = len(cols) + 1
    delta = list(res.get("delta") or [0] * len(running))
    rows = []
    cells = "".join(
        f'<td data-col="{c}" data-delta="{esc(delta[ss[0]])}" data-total="{esc(running[ss[0]])}">'
        f'<span class="dl">{esc(signed(delta[ss[0]]))}</span>'
        f'<b class="tot">{esc(running[ss[0]])}</b></td>'
        for c, (_, ss) in enumerate(cols)
    )
    # The deal's number is its replay button (a column of its own would not fit 5 seats
    # on a phone).
    replay_name = by_word(REPLAY_BUTTON, rules.deal_word).format(n=i + 1)
    btn = (
        f'<button type="button" class="btn small replay-btn" data-action="replay" '
        f'data-deal="{i}" aria-label="{esc(replay_name)}">'
        f'<span aria-hidden="true">▶</span> {i + 1}</button>'
    )
    rows.append(
        f'<tr class="deal" data-deal-row="{i}" data-state="over" '
        f'data-deltas="{esc(_nums(delta))}" data-totals="{esc(_nums(running))}"'
        f'{_fact_attrs(res, rules)}><th scope="row">{btn}</th>{cells}</tr>'
    )
    facts = _facts_html(res, names, rules)
    if facts:
        rows.append(
            f'<tr class="facts-row" data-deal-facts="{i}"><td colspan="{ncols}">{facts}</td></tr>'
        )
    return rows


# ------------------------------------------------------------------------------ replay
@dataclass(frozen=True)
class DealReplay:
    """A finished deal worked out for replay (`deal_replay`): every trick in order and every
    seat's hand before each trick, face up."""

    index: int  # the deal's index in `match.deals`, from 0
    players: int
    tricks: tuple[Trick, ...]  # {"leader", "plays": [[seat, move], ...], "winner"}
    hands: tuple[tuple[tuple[str, ...], ...], ...]  # hands[k][seat]: before trick k
    result: Mapping[str, Any]
    explain: tuple[Message, ...]  # the rules' explanation of the result
    sort_view: Mapping[str, Any]  # the deal's last view of seat 0: how a hand is sorted
    rank_order: tuple[str, ...]
    title: str  # the game's English title (shown translated: `game_title(game, title)`)
    game: str = ""  # the game's name (engine.GAME_INFO key)
    # What the deal was about (`Rules.result_facts`), a trump turned up included.
    facts: tuple[tuple[str, Message], ...] = ()

    @property
    def steps(self) -> int:
        return len(self.tricks)


def deal_replay(match: Match, index: int) -> DealReplay:
    """The replay of finished deal `match.deals[index]`: the match's record is played back to
    the start of that deal, then its moves one by one, keeping each seat's hand at the start
    of every trick (a game with a stock draws cards between tricks, so the hands are the
    engine's, not the deal's first hands minus the cards played). ValueError when the deal is
    not over."""
    if not 0 <= index < len(match.deals) or match.deals[index].phase != "over":
        raise ValueError(f"deal {index + 1} is not over")
    rec = match.record()
    setups = [dict(s) for s in rec["deals"][: index + 1]]
    moves = list(setups[index].get("moves", []))
    setups[index]["moves"] = []
    m = replay({**rec, "deals": setups})
    d = m.deals[index]
    snaps: list[tuple[tuple[str, ...], ...]] = []
    for mv in moves:
        if d.phase == "play" and not d.trick and len(snaps) == len(d.tricks):
            snaps.append(tuple(tuple(h) for h in d.hands))
        m.play(mv)
    tricks = tuple(d.tricks)
    if len(snaps) != len(tricks):
        raise ValueError(f"deal {index + 1}: the replay lost track of the tricks")
    v = dict(d.view(0), options=dict(m.options))
    result = dict(d.result or {})
    about = dict(result)
    if about.get("trump") is None:  # a trump turned up, not part of the result
        about["trump"] = v.get("trump")
    return DealReplay(
        index=index,
        players=m.players,
        tricks=tricks,
        hands=tuple(snaps),
        result=result,
        explain=tuple(m.rules.explain(result)),
        sort_view=v,
        rank_order=tuple(m.rules.rank_order),
        title=m.rules.title,
        game=m.game,
        facts=tuple(m.rules.result_facts(about)),
    )


def _hand_row(
    seat: int, name: str, hand: Sequence[str], plays: set[str], taken: int, rp: DealReplay
) -> str:
    cards = sort_hand(list(hand), dict(rp.sort_view), rp.rank_order)
    in_trick = _("played in this trick")
    # `data-rv-card`, not `data-card`: the page's click handler treats [data-card] as a play.
    shown = "".join(
        card_html(
            c,
            attrs=f'data-rv-card="{esc(c)}"' + (" data-next" if c in plays else ""),
            cls="next" if c in plays else "",
            note=in_trick if c in plays else "",
        )
        for c in cards
    )
    n = len(cards)
    count = ngettext("{n} card", "{n} cards", n).format(n=n)
    won = ngettext("{n} trick", "{n} tricks", taken).format(n=taken)
    none = "<em>" + esc(_("no cards")) + "</em>"
    return (
        f'<li class="rv-hand" data-hand-seat="{seat}" data-cards="{n}">'
        f'<span class="rv-who">{esc(name)} <small>{esc(count)} · {esc(won)}</small></span>'
        f'<span class="rv-cards">{shown or none}</span></li>'
    )


def replay_verdicts(review: Mapping[str, Any] | None) -> dict[int, list[Mapping[str, Any]]]:
    """A deal review's decisions (`engine.teacher.review_deal`) by the replay's step: a card
    play under its trick's index (from 0), the auction and trump decisions under -1."""
    out: dict[int, list[Mapping[str, Any]]] = {}
    for dec in (review or {}).get("decisions") or []:
        if not isinstance(dec, Mapping):
            continue
        step = _play_step(dec)
        out.setdefault(-1 if step is None else step, []).append(dec)
    return out


def _play_step(dec: Mapping[str, Any]) -> int | None:
    """The replay's step (the trick's index, from 0) of a card decision; None for a bid or a
    trump choice, or a decision without a readable trick."""
    trick = dec.get("trick")
    if (
        dec.get("phase") == "play"
        and isinstance(trick, int)
        and not isinstance(trick, bool)
        and trick >= 1
    ):
        return trick - 1
    return None


def _verdict_word(v: str) -> str:
    return _(VERDICT_WORDS[v]) if v in VERDICT_WORDS else _("not rated")


def _where(dec: Mapping[str, Any]) -> str:
    if dec.get("phase") == "play":
        return _("Trick {n}").format(n=dec.get("trick"))
    return _("Auction") if dec.get("phase") == "bidding" else _("Trump")


def _decision_line(dec: Mapping[str, Any], label: Label, unit: str) -> str:
    """ "you: K♥ · better: A♥ (+0.8 trick)": the player's move and what the search
    preferred (when it is not the same)."""
    v = str(dec.get("verdict") or "")
    line = _("you: {move}").format(move=label(str(dec.get("move"))))
    better = v not in ("best", "") and dec.get("best") and isinstance(dec.get("cost"), (int, float))
    if better:
        line += " · " + _("better: {move} (+{amount})").format(
            move=label(str(dec["best"])), amount=amount(float(dec["cost"]), unit)
        )
    # A bid or trump: the chance of making the contract, which explains the score.
    chances = {str(dec.get("move")): dec.get("chance")}
    if better:
        chances[str(dec["best"])] = dec.get("best_chance")
    known = {
        m: float(p)
        for m, p in chances.items()
        if isinstance(p, (int, float)) and not isinstance(p, bool)
    }
    if dec.get("phase") in ("bidding", "trump") and known:
        line += " · " + chance_line(known, list(known), label)
    return line


def _decision_item(dec: Mapping[str, Any], where: str, line: str) -> str:
    """One decision as an item of a list: its verdict, then `where` and `line` (HTML)."""
    v = str(dec.get("verdict") or "")
    return (
        f'<li data-decision data-verdict="{esc(v)}"><span class="decision-row">'
        f'<span class="verdict">{esc(_verdict_word(v))}</span> '
        f'<span class="decision">{where} · {line}</span></span></li>'
    )


def _verdict_badge(dec: Mapping[str, Any]) -> str:
    v = str(dec.get("verdict") or "")
    return (
        f'<span class="verdict-badge" data-verdict="{esc(v)}">'
        f'<span class="verdict">{esc(_verdict_word(v))}</span></span>'
    )


def _replay_nav(step: int, steps: int) -> str:
    """The replay's previous and next buttons, and which trick is on show."""
    prev_dis = " disabled" if step <= 0 else ""
    next_dis = " disabled" if step >= steps - 1 else ""
    where = (
        _("Trick {n} of {total}").format(n=step + 1, total=steps)
        if steps
        else _("No trick was played in this deal.")
    )
    prev_txt = pgettext("replay", "Previous")  # the previous trick
    next_txt = pgettext("replay", "Next")  # the next trick
    return (
        '<div class="rv-nav">'
        f'<button type="button" class="btn" data-action="replay-prev"{prev_dis}>'
        f'<span aria-hidden="true">‹</span> {esc(prev_txt)}</button>'
        f'<p class="rv-step" aria-live="polite">{esc(where)}</p>'
        f'<button type="button" class="btn" data-action="replay-next"{next_dis}>'
        f'{esc(next_txt)} <span aria-hidden="true">›</span></button></div>'
    )


def _rated(
    verdicts: Mapping[int, Sequence[Mapping[str, Any]]] | None,
    step: int,
    seat: int,
    label: Label | None,
) -> tuple[dict[int, str], str]:
    """The review's verdicts in trick `step` of a replay: the badge beside `seat`'s card (by
    seat) and the list of that trick's decisions (the auction's and the trump's at the first
    trick); nothing when the deal was not reviewed."""
    marks: dict[int, str] = {}
    if verdicts is None:
        return marks, ""
    here = list(verdicts.get(step) or [])
    if here:
        marks[seat] = "".join(_verdict_badge(d) for d in here)
    shown = [*list(verdicts.get(-1) or []), *here] if step == 0 else here
    unit_of = str(here[0].get("unit") if here else "tricks")
    items = "".join(
        _decision_item(
            d,
            esc(_where(d)),
            esc(_decision_line(d, label or str, str(d.get("unit") or unit_of))),
        )
        for d in shown
    )
    heading = _("Your decisions")
    none = _("No decision of yours in this trick was rated.")
    rated = f"<h3>{esc(heading)}</h3>" + (
        f'<ul class="decisions rv-verdicts">{items}</ul>'
        if items
        else f'<p class="rv-note">{esc(none)}</p>'
    )
    return marks, rated


def replay_html(
    rp: DealReplay,
    step: int,
    pos: Sequence[str],
    names: Sequence[str],
    verdicts: Mapping[int, Sequence[Mapping[str, Any]]] | None = None,
    label: Label | None = None,
    seat: int = 0,
) -> str:
    """Trick `step` of a deal's replay (see the module docstring for the attributes).
    `verdicts` (`replay_verdicts` of the deal's review) puts the review's verdict beside
    `seat`'s card in each trick (``<span class="verdict-badge" data-verdict>``) and lists that
    trick's decisions under it (``<li data-decision data-verdict>``; the auction's and the
    trump's at the first trick); `label` names a move (as in the review)."""
    steps = rp.steps
    step = max(0, min(step, steps - 1)) if steps else 0
    deal_no = rp.index + 1
    facts = "".join(
        f'<span class="rv-fact" data-fact="{esc(k)}">'
        f"{esc(x.render(list(names), catalog(), YOU))}</span>"
        for k, x in rp.facts
    )
    lines = "".join(f"<li>{esc(x.render(list(names), catalog(), YOU))}</li>" for x in rp.explain)
    nav = _replay_nav(step, steps)
    body = ""
    if steps:
        trick = rp.tricks[step]
        winner = trick.get("winner")
        played: dict[int, set[str]] = {}
        for who, move in trick.get("plays") or []:
            played.setdefault(who, set()).update(str(move).split())
        taken = [0] * rp.players
        for t in rp.tricks[:step]:
            w = t.get("winner")
            if isinstance(w, int) and 0 <= w < rp.players:
                taken[w] += 1
        hands = "".join(
            _hand_row(s, _who(s, names), rp.hands[step][s], played.get(s, set()), taken[s], rp)
            for s in range(rp.players)
        )
        took = _took_text(winner, names)
        before = _("Hands before this trick")
        marks, rated = _rated(verdicts, step, seat, label)
        body = (
            f"{plays_html(trick, pos, names, marks=marks)}"
            f'<p class="rv-result" data-winner="{esc(winner)}">{esc(took)}</p>'
            f"{rated}"
            f'<h3>{esc(before)}</h3><ul class="rv-hands">{hands}</ul>'
        )
    title, _labels = game_texts(rp.game, rp.title, {})
    word = (GAME_INFO.get(rp.game) or {}).get("deal_word")
    aria = by_word(REPLAY_OF, word).format(n=deal_no)
    head = by_word(REPLAY_HEAD, word).format(game=title, n=deal_no)
    result_head = _("The result")
    reviewed = " data-reviewed" if verdicts is not None else ""
    back = _("Back to the review") if verdicts is not None else None
    return (
        f'<div class="sheet review-sheet replay-sheet" data-replay data-deal="{rp.index}" '
        f'data-step="{step}" data-steps="{steps}"{reviewed} role="dialog" '
        f'aria-label="{esc(aria)}">'
        f"<h2>{esc(head)}</h2>"
        f"{'<p class=rv-facts>' + facts + '</p>' if facts else ''}"
        f"{nav}{body}"
        + (f"<h3>{esc(result_head)}</h3><ul class=explain>{lines}</ul>" if lines else "")
        + '<div class="sheet-actions">'
        f"{_close_button(back)}</div></div>"
    )


# ------------------------------------------------------------------------ the deal's review
# What a review's unit measures (the reviews made before, in tricks or card points, say nothing).
SCORE_WORDS = {
    "game-points": N_(
        "Every decision is judged by the score it is expected to bring: your "
        "side's points in the deal minus the others' (their average where each "
        "plays alone), a failed contract counting minus the bid."
    ),
    "penalty-points": N_(
        "Every decision is judged by the score it is expected to bring: the "
        "penalty points the other team takes in the cycle minus your team's."
    ),
    "score": N_(
        "Every decision is judged by the stakes it is expected to win or lose in the round."
    ),
}
VERDICT_WORDS = {
    "best": N_("best"),
    "good": N_("good"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}


def _legend_items(steps: Sequence[float], unit: str) -> list[str]:
    """The verdicts' legend: each verdict with the expected loss it covers."""
    out = []
    for i, name in enumerate(VERDICT_WORDS):
        if i < len(steps):
            rng = _("up to {amount}").format(amount=amount(float(steps[i]), unit, exact=True))
        else:
            rng = _("more than {amount}").format(amount=amount(float(steps[-1]), unit, exact=True))
        out.append(
            f'<li data-verdict="{name}"><b>{esc(_(VERDICT_WORDS[name]))}</b> {esc(rng)}</li>'
        )
    return out


def _review_rows(review: dict[str, Any], index: int | None, label: Label, unit: str) -> list[str]:
    """Every decision of the player's, in order, the trick's name opening the replay there."""
    rows = []
    for dec in review.get("decisions") or []:
        where = esc(_where(dec))
        step = _play_step(dec)
        if index is not None and step is not None:
            # The trick's name opens the replay at that trick, verdicts beside the cards.
            see = _("Trick {n} in the replay").format(n=step + 1)
            where = (
                f'<button type="button" class="linkish" data-action="replay" '
                f'data-deal="{index}" data-step="{step}" aria-label="{esc(see)}">'
                f"{where}</button>"
            )
        line = esc(_decision_line(dec, label, unit))
        loss = dec.get("perfect_loss")
        p_unit = str((review.get("perfect") or {}).get("unit") or unit)
        if isinstance(loss, (int, float)) and loss > 0 and shown(float(loss), p_unit) > 0:
            if dec.get("verdict") in ("best", "good"):
                # not a contradiction: the verdict is from what the player could see
                line += esc(
                    " · "
                    + _(
                        "with every card visible this lost {amount}; the "
                        "verdict is from what you could see then"
                    ).format(amount=amount(float(loss), p_unit))
                )
            else:
                line += esc(
                    " · "
                    + _("with every card visible this lost {amount}").format(
                        amount=amount(float(loss), p_unit)
                    )
                )
        rows.append(_decision_item(dec, where, line))
    return rows


def _contract_text(perfect: Mapping[str, Any], solo: bool = False) -> str:
    """Whether the contract could be made with perfect play, said from the player's side:
    "Your side could have made the contract." for the declaring side ("you" for a player
    alone), "Your side could have beaten the contract." for a defender (a review made before,
    without ``declaring``, names the declarer)."""
    made = perfect.get("contract_made")
    if not isinstance(made, bool):
        return ""
    declaring = perfect.get("declaring")
    if declaring is True and solo:
        return (
            _("So you could have made the contract.")
            if made
            else _("So you could not have made the contract, even playing it perfectly.")
        )
    if declaring is True:
        return (
            _("So your side could have made the contract.")
            if made
            else _("So your side could not have made the contract, even playing it perfectly.")
        )
    if declaring is False:
        return (
            _("So the declarer could have made the contract whatever your side played.")
            if made
            else _("So your side could have beaten the contract.")
        )
    return (
        _("So the declarer could have made the contract.")
        if made
        else _("So the declarer could not have made the contract.")
    )


def _given_away_text(
    perfect: Mapping[str, Any], decisions: Sequence[Mapping[str, Any]], label: Label
) -> str:
    """Which of the player's last cards (those checked with every card visible) gave
    something away, and how much; or that none did."""
    checked = perfect.get("checked")
    if isinstance(checked, bool) or not isinstance(checked, int) or checked <= 0:
        return ""
    lowered = perfect.get("lowered")
    marks = set(lowered) if isinstance(lowered, list) else set()
    p_unit = str(perfect.get("unit") or "tricks")
    cards = []
    for dec in decisions:
        if dec.get("n") not in marks:
            continue
        loss = dec.get("perfect_loss")
        where = dec.get("trick")
        if not isinstance(loss, (int, float)) or isinstance(loss, bool) or loss <= 0:
            continue
        cards.append(
            _("{card} at trick {trick} (lost {amount})").format(
                card=label(str(dec.get("move"))),
                trick=where if isinstance(where, int) else "?",
                amount=amount(float(loss), p_unit),
            )
        )
    if cards:
        return ngettext(
            "With every card visible, your card that gave something away: {cards}.",
            "With every card visible, your cards that gave something away: {cards}.",
            len(cards),
        ).format(cards=names_list(cards))
    return ngettext(
        "With every card visible, your last card gave nothing away.",
        "With every card visible, none of your last {n} cards gave anything away.",
        checked,
    ).format(n=checked)


def _perfect_text(
    perfect: dict[str, Any],
    unit: str,
    decisions: Sequence[Mapping[str, Any]] = (),
    label: Label = str,
    solo: bool = False,
) -> str:
    """What perfect play makes with every card visible (from the first card, or from a later
    trick with the tricks before it as they were played), whether the contract could be made
    from the player's side, and which of the player's last cards gave something away. `solo`:
    the player plays alone (said "you", not "your side")."""
    if perfect.get("solved"):
        p_unit = str(perfect.get("unit") or unit)
        total, made = float(perfect.get("total", 0)), float(perfect.get("made") or 0)
        figures = {"amount": amount(total, p_unit), "made": amount(made, p_unit)}
        later = perfect.get("from_trick")
        if isinstance(later, int) and not isinstance(later, bool) and later > 1:
            text = (
                _(
                    "With every card visible and everyone playing perfectly from trick "
                    "{trick} on (the tricks before it as they were played), you take "
                    "{amount} in this deal; you took {made}."
                )
                if solo
                else _(
                    "With every card visible and everyone playing perfectly from trick "
                    "{trick} on (the tricks before it as they were played), your side takes "
                    "{amount} in this deal; it took {made}."
                )
            ).format(trick=later, **figures)
        else:
            text = (
                _(
                    "With every card visible and everyone playing perfectly from the first "
                    "card, you take {amount} in this deal; you took {made}."
                )
                if solo
                else _(
                    "With every card visible and everyone playing perfectly from the first "
                    "card, your side takes {amount} in this deal; it took {made}."
                )
            ).format(**figures)
        if shown(made, p_unit) > shown(total, p_unit):
            text += " " + (
                _("You took more because the others did not play perfectly either.")
                if solo
                else _("It took more because the other side did not play perfectly either.")
            )
        contract = _contract_text(perfect, solo)
        if contract:
            text += " " + contract
    else:
        key = perfect.get("why_key")
        if key == "unsupported":
            text = _(
                "What perfect play makes is not worked out in this game: with plays of "
                "several cards and the stock there are far too many ways to play a deal, "
                "and card points alone do not decide the round."
            )
        elif key == "timeout":
            text = _(
                "What perfect play makes in this deal is not known: with every card "
                "visible there are too many ways to play it to work out here."
            )
        else:
            text = _("What perfect play makes in this deal is not known.")
    away = _given_away_text(perfect, decisions, label)
    return text + (" " + away if away else "")


def deal_review_html(
    review: dict[str, Any] | None, label: Label, title: str, error: str | None = None
) -> str:
    """The deal's review: a legend of the verdicts (their steps in the game's unit), every
    decision of the player in order (``<li data-decision data-verdict>``) with the search's
    preferred move and what it expected more, and what perfect play makes (``data-perfect``).
    None: still being worked out (``data-review-busy``, a progress line)."""
    head = _("Review — {game}").format(game=title)
    close = _("Back")
    if review is None:
        body = f'<p data-review-busy role="status">{esc(error or _("Working out the review…"))}</p>'
        return (
            f'<div class="sheet review-sheet" role="dialog" aria-label="{esc(head)}" '
            f'data-review><h2>{esc(head)}</h2>{body}<div class="sheet-actions">'
            f'<button type="button" class="btn primary" data-action="close">{esc(close)}'
            "</button></div></div>"
        )
    decisions = review.get("decisions") or []
    unit = str(decisions[0]["unit"]) if decisions else "tricks"
    steps = (review.get("steps") or {}).get(unit) or list(
        VERDICT_STEPS.get(unit, VERDICT_STEPS["tricks"])
    )
    legend_head = _(
        "Each of your decisions against the strong player's choice in the same "
        "position, from what you could see then (expected loss):"
    )
    if unit in SCORE_WORDS:
        legend_head = _(SCORE_WORDS[unit]) + " " + legend_head
    deal = review.get("deal")
    index = deal if isinstance(deal, int) and not isinstance(deal, bool) and deal >= 0 else None
    rows = _review_rows(review, index, label, unit)
    perfect = review.get("perfect")
    side = review.get("side")
    solo = isinstance(side, list) and len(side) == 1
    text = _perfect_text(perfect if isinstance(perfect, dict) else {}, unit, decisions, label, solo)
    replay_btn = ""
    if index is not None:
        replay_txt = _("Replay with the verdicts")
        replay_btn = (
            f'<button type="button" class="btn" data-action="replay" '
            f'data-deal="{index}" data-step="0">{esc(replay_txt)}</button>'
        )
    return (
        f'<div class="sheet review-sheet" role="dialog" aria-label="{esc(head)}" data-review>'
        f"<h2>{esc(head)}</h2><p>{esc(legend_head)}</p>"
        f'<ul class="verdict-legend">{"".join(_legend_items(steps, unit))}</ul>'
        f'<ol class="decisions">{"".join(rows)}</ol>'
        f'<p data-perfect>{esc(text)}</p><div class="sheet-actions">{replay_btn}'
        f'<button type="button" class="btn primary" data-action="close">{esc(close)}</button>'
        "</div></div>"
    )
