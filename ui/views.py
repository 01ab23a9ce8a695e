"""HTML for the lobby, the table, the panels and the overlays (pure: no `js`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .render import (
    SUIT_NAME,
    SUIT_SYM,
    back_html,
    card_html,
    esc,
    fmt_value,
    humanize,
    is_card,
    is_card_move,
    move_button,
    move_label,
    signed,
    suit_svg,
)

SPEEDS = [("0", "Instant"), ("1", "Fast"), ("2", "Normal"), ("3", "Slow")]


# ------------------------------------------------------------------------------------ lobby
def lobby_html(games: list[str], info: dict[str, dict[str, Any]], selected: str,
               values: dict[str, str], players: str, seed: str, speed: str,
               levels: dict[str, dict[str, Any]], level: str) -> str:
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
    speed_sel = "".join(f'<option value="{v}"{" selected" if v == speed else ""}>{esc(t)}</option>'
                        for v, t in SPEEDS)
    level_sel = "".join(
        f'<option value="{esc(k)}"{" selected" if k == level else ""}>'
        f'{esc(k.capitalize())} — {esc(v.get("help", ""))}</option>' for k, v in levels.items())
    return (
        '<header class="lobby-head"><h1><span class="logo">' + suit_svg("S") + suit_svg("H", "red")
        + suit_svg("C") + suit_svg("D", "red") + '</span> Trick Table</h1>'
        '<p class="tag">Turkish and Russian trick-taking games against the computer.</p></header>'
        '<p id="lobby-msg" class="lobby-msg" role="alert" hidden></p>'
        f'<div class="games" role="list">{"".join(cards)}</div>'
        '<form id="setup" class="setup" onsubmit="return false">'
        f'<h2>{esc(gi["title"])}: table options</h2>'
        f'{"".join(opts)}'
        '<div class="opt"><label for="opt-seed">Seed <small>(same seed, same cards; empty: random)'
        f'</small></label><input id="opt-seed" name="seed" inputmode="numeric" value="{esc(seed)}" '
        'autocomplete="off"></div>'
        f'<div class="opt"><label for="opt-level">Computer players</label><select id="opt-level" '
        f'data-level>{level_sel}</select></div>'
        f'<div class="opt"><label for="opt-speed">Computer speed</label><select id="opt-speed" '
        f'data-speed>{speed_sel}</select></div>'
        '<button type="button" class="btn primary start" data-start>Deal the cards</button>'
        '</form>'
        f'<details class="rules" open><summary>How to play {esc(gi["title"])}</summary>{rules}</details>'
    )


def options_html(gi: dict[str, Any], values: dict[str, str], players: str) -> str:
    out = []
    if len(gi["players"]) > 1:
        ch = "".join(f'<option value="{n}"{" selected" if str(n) == players else ""}>{n}</option>'
                     for n in gi["players"])
        out.append('<div class="opt"><label for="opt-players">Players</label>'
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
        return f"{SUIT_SYM[c]} {SUIT_NAME[c]}"
    if isinstance(c, str) and is_card(c):
        return move_label(c)
    return str(c)


def rules_html(gi: dict[str, Any]) -> str:
    paras = [p.strip() for p in str(gi.get("rules", "")).split("\n") if p.strip()]
    return "".join(f"<p>{esc(p)}</p>" for p in paras)


# ------------------------------------------------------------------------------------ table
def seat_html(seat: int, pos: str, name: str, view: dict[str, Any], totals_txt: str,
              extra: list[str], thinking: bool, show_points: bool = False) -> str:
    """One seat: name, dealer mark, card backs, tricks (and with `show_points`, the card points
    the view gives for this deal), the match total and tags."""
    n = view["hand_sizes"][seat] if seat < len(view.get("hand_sizes", [])) else 0
    dealer = '<span class="dealer" title="Dealer" aria-label="dealer">D</span>' if view.get(
        "dealer") == seat else ""
    turn = " turn" if view.get("to_move") == seat else ""
    taken = view.get("taken", [0] * 8)[seat] if seat < len(view.get("taken", [])) else 0
    backs = ""
    if seat != 0:
        shown = min(n, 13)
        backs = (f'<div class="backs" title="{n} cards">' + "".join(
            '<span class="mini-back"></span>' for _ in range(shown))
            + (f'<span class="count">{n}</span>' if n else "") + '</div>')
    tags = "".join(f'<span class="tag">{esc(t)}</span>' for t in extra if t)
    tricks = f"{taken} trick{'s' if taken != 1 else ''}"
    pts = view.get("points")
    if show_points and isinstance(pts, list) and seat < len(pts):
        tricks += f"</span><span title=\"card points taken this cycle\">{esc(pts[seat])} pts"
    return (
        f'<div class="seat pos-{pos}{turn}" data-seat="{seat}" data-cards="{n}">'
        f'<div class="plate"><span class="name">{esc(name)}</span>{dealer}'
        f'{"<span class=dots></span>" if thinking else ""}</div>'
        f'{backs}'
        f'<div class="stats"><span title="tricks taken this deal">{tricks}</span>'
        f'{"<span title=match>" + esc(totals_txt) + "</span>" if totals_txt else ""}</div>'
        f'{"<div class=tags>" + tags + "</div>" if tags else ""}'
        '</div>')


def trick_html(plays: list[list[Any]], pos: list[str], winner: int | None, fresh: int | None,
               win_seat: int | None) -> str:
    """The plays on the felt. The play of `winner` (a finished trick) is marked `won`; the
    play of `win_seat` (now winning the trick in progress) is marked `leading`, drawn with a
    ring and named so: its cards' accessible names end in ", winning"."""
    out = []
    for i, (seat, move) in enumerate(plays):
        toks = str(move).split()
        cls = f"play at-{pos[seat]}"
        note = ""
        if winner is not None and seat == winner:
            cls += " won"
            note = "took the trick"
        if win_seat is not None and seat == win_seat:
            cls += " leading"
            note = "winning"
        if fresh is not None and i == len(plays) - 1:
            cls += f" fresh from-{pos[seat]}"
        cards = "".join(card_html(t, note=note) if is_card(t) else back_html() for t in toks)
        shown = " ".join(t for t in toks if is_card(t))  # a face-down play shows no cards
        out.append(f'<div class="{cls}" data-play-seat="{seat}" data-play-cards="{esc(shown)}">'
                   f'{cards}</div>')
    return "".join(out)


def hand_html(hand: list[str], legal: set[str], selected: list[str], enabled: bool) -> str:
    out = []
    for c in hand:
        attrs = f'data-card="{esc(c)}"'
        cls = ""
        if enabled and c in legal:
            attrs += " data-legal"
            cls = "legal"
        if c in selected:
            attrs += " data-selected"
            cls += " selected"
        out.append(card_html(c, attrs + ' type="button"', cls, tag="button"))
    return "".join(out)


def panel_html(view: dict[str, Any], moves: list[str], title: str, multi: bool,
               selection_ok: bool, timer: int | None) -> str:
    buttons = [m for m in moves if not is_card_move(m)]
    parts = []
    if buttons:
        phase = view.get("phase")
        if phase == "bidding":
            head = "Your bid" + (f" (current: {view.get('bid')})" if view.get("bid") else "")
        elif phase == "trump":
            head = "Name the trump suit"
        else:
            head = title or "Your move"
        tm = f' <span class="timer" data-timer>{timer}s</span>' if timer is not None else ""
        parts.append(f'<div class="panel-head">{esc(head)}{tm}</div>'
                     f'<div class="panel-buttons">{"".join(move_button(m) for m in buttons)}</div>')
    if multi:
        dis = "" if selection_ok else " disabled"
        parts.append('<div class="panel-buttons"><button type="button" class="btn primary" '
                     f'data-move="confirm"{dis}>Play selected</button></div>')
    return "".join(parts)


def info_items(view: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
    """Facts of the deal for the bar under the title: (label, value) pairs, plain text. Each
    shows when the view has it (contract, pairing, marker, kozyryatnik, eggs, stock, pot)."""
    items: list[tuple[str, str]] = []

    def who(s: Any) -> str:
        return names[s] if isinstance(s, int) and 0 <= s < len(names) else fmt_value(s)

    if view.get("bid"):
        d = view.get("declarer")
        items.append(("Contract", f"{view['bid']} by {who(d)}" if d is not None else str(view["bid"])))
    if isinstance(view.get("pairing"), dict) and view["pairing"]:
        pairs = ", ".join(f"{who(int(s))} {SUIT_SYM.get(str(t), t)}" for s, t in view["pairing"].items())
        items.append(("Pairing", pairs))
    if view.get("marker"):
        holder = view.get("marker_holder")
        items.append(("Marker", f"{move_label(view['marker'])} — {who(holder)}"))
    if isinstance(view.get("kozyryatnik"), list) and view.get("kozyryatnik"):
        items.append(("Kozyryatnik", " & ".join(who(s) for s in view["kozyryatnik"])))
    if view.get("doubled"):
        items.append(("Eggs", "penalties doubled"))
    if view.get("turned_up"):
        items.append(("Turned up", move_label(view["turned_up"])))
    if view.get("stock_size") is not None:
        items.append(("Stock", str(view["stock_size"])))
    if view.get("pot") is not None:
        items.append(("Pot", str(view["pot"])))
    return items


def trump_html(view: dict[str, Any]) -> str:
    t = view.get("trump")
    if t in SUIT_SYM:
        colour = "red" if t in ("H", "D") else "black"
        extra = ""
        lad = view.get("ladder") or []
        if lad:
            top = " ".join(move_label(c) for c in lad[:4])
            extra = f'<span class="ladder" title="trump ladder, highest first">{esc(top)} …</span>'
        return (f'<div class="trump {colour}" data-trump="{t}">Trump {suit_svg(t)}'
                f'<span class="tname">{SUIT_NAME[t]}</span>{extra}</div>')
    label = "to be named" if view.get("phase") in ("bidding", "trump") else "none"
    return f'<div class="trump none" data-trump="">Trump: {label}</div>'


def summary_html(labels: Mapping[str, str], title: str, deal_no: int, result: dict[str, Any],
                 names: list[str], totals: list[Any], teams: list[list[int]] | None,
                 match_over: bool, extra_lines: list[str]) -> str:
    """The deal summary; `labels` are the game's `score_labels` (the column heads)."""
    n = len(names)
    tricks = result.get("tricks") or [0] * n
    points = result.get("points") or [None] * n
    delta = result.get("delta") or [0] * n
    per_seat_totals = len(totals) == n
    head_pts = labels.get("points", "Points")
    head_delta = labels.get("delta", "This deal")
    head_total = labels.get("total", "Total")
    rows = []
    for s in range(n):
        tot = totals[s] if per_seat_totals else ""
        rows.append(
            f'<tr data-seat="{s}" data-tricks="{esc(tricks[s])}" data-points="{esc(points[s])}" '
            f'data-delta="{esc(delta[s])}" data-total="{esc(tot)}">'
            f'<th scope="row">{esc(names[s])}</th><td>{esc(tricks[s])}</td>'
            f'<td>{esc(fmt_value(points[s]))}</td><td class="delta">{esc(signed(delta[s]))}</td>'
            f'<td class="total">{esc(tot)}</td></tr>')
    team_rows = ""
    if not per_seat_totals and teams:
        team_rows = "".join(
            f'<p class="teamtotal" data-team="{i}" data-total="{esc(totals[i])}">'
            f'{esc(" & ".join(names[s] for s in t))}: {esc(totals[i])}</p>'
            for i, t in enumerate(teams) if i < len(totals))
    lines = "".join(f"<li>{esc(x)}</li>" for x in extra_lines)
    btn = ('<button type="button" class="btn primary" data-action="continue">See the result</button>'
           if match_over else
           '<button type="button" class="btn primary" data-action="next">Next deal</button>')
    return (
        f'<div class="sheet" data-summary data-deal="{deal_no}" role="dialog" aria-label="Deal summary">'
        f'<h2>{esc(title)} — deal {deal_no} over</h2>'
        f'{"<ul class=explain>" + lines + "</ul>" if lines else ""}'
        '<table class="scores"><thead><tr><th></th><th>Tricks</th>'
        f'<th>{esc(head_pts)}</th><th>{esc(head_delta)}</th><th>{esc(head_total)}</th></tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>{team_rows}'
        f'<div class="sheet-actions">{btn}<button type="button" class="btn" '
        'data-action="score-sheet">Score sheet</button></div></div>')


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
            f'<li data-team="{i}">{esc(" & ".join(names[s] for s in t))}: {esc(totals[i])}</li>'
            for i, t in enumerate(teams or []) if i < len(totals))
    wn = " & ".join(names[s] for s in winners) if winners else "nobody"
    headline = "You win!" if me_won else f"{wn} win{'s' if len(winners) == 1 else ''}"
    if me_won and len(winners) > 1:
        headline = "Shared win!"
    return (
        f'<div class="sheet" data-match-over role="dialog" aria-label="Match over">'
        f'<h2>{esc(title)}: match over</h2><p class="headline">{esc(headline)}</p>'
        f'<p class="winners" data-winners="{esc(",".join(map(str, winners)))}">Winner'
        f'{"s" if len(winners) != 1 else ""}: {esc(wn)}</p><ol class="final">{lines}</ol>'
        '<div class="sheet-actions"><button type="button" class="btn primary" data-action="again">'
        'Play again</button><button type="button" class="btn" data-action="score-sheet">'
        'Score sheet</button><button type="button" class="btn" data-action="lobby">'
        'Choose another game</button></div></div>')


def rules_sheet_html(gi: dict[str, Any]) -> str:
    return (f'<div class="sheet rules-sheet" role="dialog" aria-label="Rules"><h2>{esc(gi["title"])}</h2>'
            f'{rules_html(gi)}<div class="sheet-actions"><button type="button" class="btn primary" '
            'data-action="close">Back to the table</button></div></div>')
