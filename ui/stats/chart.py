"""Small charts as SVG markup (pure): the running totals of a match on its score sheet, and the
last matches on the record page.

Every text in them goes through `render.esc`; the numbers are formatted here. Each chart is
`role="img"` with an `aria-label` and a `<title>` that say what it shows in words, and its key
is HTML beside it (names wrap there, not in the SVG).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ui.common.i18n import number
from ui.common.render import esc

W, H = 320, 150  # the drawing's own units (it scales to the sheet's width)
PAD_L, PAD_R, PAD_T, PAD_B = 34, 8, 8, 20
MINE = "#123524"  # the player's line: the page's dark green, thicker
HUES = (10, 205, 275, 40, 145)  # the others, apart on the colour wheel
WON, LOST = "#1f7a4a", "#b3261e"


def colour(i: int) -> str:
    return f"hsl({HUES[i % len(HUES)]} 65% 42%)"


def _scale(lo: float, hi: float) -> tuple[float, float]:
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    pad = (hi - lo) * 0.08
    return lo - pad, hi + pad


def _ticks(lo: float, hi: float) -> list[float]:
    """The values the axis names: 0 where the data crosses it, and the lowest and the highest
    (labelled to one decimal), each far enough from the others for its label."""
    near = max(hi - lo, 1e-9) * 0.12
    kept = [0.0] if lo <= 0 <= hi else []
    for v in (lo, hi):
        if all(abs(v - k) >= near for k in kept):
            kept.append(v)
    return sorted(kept)


def _frame(label: str, body: str, data: str) -> str:
    return (
        f'<svg class="chart" viewBox="0 0 {W} {H}" role="img" aria-label="{esc(label)}" '
        f'{data} xmlns="http://www.w3.org/2000/svg" focusable="false">'
        f"<title>{esc(label)}</title>{body}</svg>"
    )


def _axis(lo: float, hi: float, y: Callable[[float], float]) -> str:
    """Lines across at the values `_ticks` names between the data's lowest and highest."""
    out = []
    for v in _ticks(lo, hi):
        yy = y(v)
        out.append(
            f'<line x1="{PAD_L}" x2="{W - PAD_R}" y1="{yy:.1f}" y2="{yy:.1f}" '
            f'stroke="#d8d2c2" stroke-width="{1.4 if v == 0 else 0.7}"/>'
            f'<text x="{PAD_L - 4}" y="{yy + 3.5:.1f}" text-anchor="end" font-size="10" '
            f'fill="#555">{esc(number(v, 1))}</text>'
        )
    return "".join(out)


def lines_svg(
    series: Sequence[tuple[str, Sequence[float], bool]],
    label: str,
    start: Sequence[float] | None = None,
) -> str:
    """One line per column of the score sheet (name, running total after each deal, whether
    it is the player's), from the totals the match started with (`start`) to the last deal."""
    n = max((len(v) for _n, v, _m in series), default=0)
    if n == 0:
        return ""
    starts = list(start) if start is not None else [0.0] * len(series)
    pts = [
        [starts[i] if i < len(starts) else 0.0, *vals] for i, (_n, vals, _m) in enumerate(series)
    ]
    raw = (min(min(p) for p in pts), max(max(p) for p in pts))
    lo, hi = _scale(*raw)

    def x(i: int) -> float:
        return PAD_L + (W - PAD_L - PAD_R) * i / n

    def y(v: float) -> float:
        return PAD_T + (H - PAD_T - PAD_B) * (hi - v) / (hi - lo)

    body = [_axis(*raw, y)]
    step = max(1, n // 10 + (1 if n % 10 else 0)) if n > 10 else 1
    for i in range(1, n + 1):
        if i % step == 0 or i == n:
            body.append(
                f'<text x="{x(i):.1f}" y="{H - 6}" text-anchor="middle" font-size="10" '
                f'fill="#555">{i}</text>'
            )
    colours = line_colours(series)
    order = sorted(range(len(series)), key=lambda k: series[k][2])  # the player's on top
    for k in order:
        mine, c = series[k][2], colours[k]
        dash = ' stroke-dasharray="5 3"' if not mine and k % 2 else ""
        path = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(pts[k]))
        body.append(
            f'<polyline points="{path}" fill="none" stroke="{c}" '
            f'stroke-width="{3 if mine else 1.8}" stroke-linejoin="round"{dash} '
            f'data-series="{k}"/>'
        )
        body.append(
            "".join(
                f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="{2.6 if mine else 2}" fill="{c}"/>'
                for i, v in enumerate(pts[k])
                if i
            )
        )
    return _frame(label, "".join(body), f'data-chart="match" data-points="{n}"')


def line_colours(series: Sequence[tuple[str, Sequence[float], bool]]) -> list[str]:
    """Each series' colour as `lines_svg` draws it (for the key)."""
    out, others = [], 0
    for _n, _v, mine in series:
        out.append(MINE if mine else colour(others))
        others += 0 if mine else 1
    return out


def bars_svg(values: Sequence[tuple[float, bool, bool]], label: str) -> str:
    """One bar per match, oldest first (value: how much better per deal the player did, won,
    practice); a won match's bar is green, a lost one's red, a practice match's hollow."""
    n = len(values)
    if n == 0:
        return ""
    raw = (min(0.0, *(v for v, _w, _p in values)), max(0.0, *(v for v, _w, _p in values)))
    lo, hi = _scale(*raw)
    slot = (W - PAD_L - PAD_R) / max(n, 10)

    def y(v: float) -> float:
        return PAD_T + (H - PAD_T - PAD_B) * (hi - v) / (hi - lo)

    body = [_axis(*raw, y)]
    for i, (v, won, practice) in enumerate(values):
        c = WON if won else LOST
        top, bottom = sorted((y(v), y(0)))
        h = max(bottom - top, 1.5)
        fill = f'fill="#fffdf8" stroke="{c}" stroke-width="1.5"' if practice else f'fill="{c}"'
        body.append(
            f'<rect x="{PAD_L + slot * i + slot * 0.15:.1f}" y="{top:.1f}" '
            f'width="{slot * 0.7:.1f}" height="{h:.1f}" {fill} '
            f'data-bar="{i}" data-won="{str(won).lower()}"/>'
        )
    body.append(
        f'<text x="{PAD_L}" y="{H - 6}" font-size="10" fill="#555">1</text>'
        f'<text x="{PAD_L + slot * (n - 0.5):.1f}" y="{H - 6}" text-anchor="middle" '
        f'font-size="10" fill="#555">{n}</text>'
        if n > 1
        else ""
    )
    return _frame(label, "".join(body), f'data-chart="recent" data-points="{n}"')
