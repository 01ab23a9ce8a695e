#!/usr/bin/env python3
"""Make the card faces: one small SVG file per face and the back in assets/cards/faces/.

The court figures, the suit shapes and the pip layouts come from Adrian Kennard's CC0
playing cards, as shipped in plain SVG files by the npm package pinned in tools/deck/
(installed once with `npm ci --prefix` into .cache/deck-<lock hash>/). From them this script
keeps the centre art only (no corner indices, no card outline: the page draws those), shrinks
the court frame so that the card's outer columns stay free for the page's indices, makes every
suit symbol follow `currentColor`, rounds all path data to whole units and writes relative
path commands. The aces and the back are drawn here.

All the pieces are first gathered in one sprite of <symbol>s (`build`); each face's file then
holds only the symbols that face uses, with its colours fixed (an <img> or a CSS background
does not take the page's colours): faces/<card>.svg (faces/QS.svg, faces/10H.svg),
faces/back.svg, and faces/four/<card>.svg for the diamonds and clubs of the four-colour deck.
The rules that put them on the page's cards are written into assets/style.css, between the
FACES_BEGIN and FACES_END comments.

    python3 scripts/deck.py                       # write the faces and their CSS, print sizes
    python3 scripts/deck.py --check               # fail if they are not what it would write
    python3 scripts/deck.py --preview out.html    # also write a preview page
    python3 scripts/deck.py --preview out.html --shots docs/deck   # + docs/deck-44.png, -140.png

See docs/deck.md.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import http.server
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools" / "deck"
CACHE = ROOT / ".cache"
FACES = ROOT / "assets" / "cards" / "faces"
STYLE = ROOT / "assets" / "style.css"
FACES_BEGIN = "/* card faces: written by scripts/deck.py (docs/deck.md); do not edit by hand */\n"
FACES_END = "/* end of card faces */\n"
PACKAGE = "@heruka_urgyen/react-playing-cards"
IMAGES = Path("node_modules") / PACKAGE / "src" / "images" / "2color"

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["S", "H", "D", "C"]
SUIT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
# Each symbol draws in the source's card box (2.5 x 3.5 in, origin at the centre); the page's
# <svg> uses VIEWBOX, whose origin is the top-left corner, so that a plain <use> (x = y = 0,
# width = height = 100 %) fits the symbol to the whole card.
SYMBOL_BOX = "-120 -168 240 336"
VIEWBOX = "0 0 240 336"
HALF_W, HALF_H = 120.0, 168.0
# The outer columns (20 % of the width on each side, x < -72 or x > 72) are left empty on
# every card, so the page's corner indices never cover the art.
SAFE_X = 72.0
GZIP_BUDGET = 300 * 1024  # all the files together, each compressed on its own
# The ink of the pips and suit symbols, as the page's --black, --red, --blue and --green.
INK = {"S": "#1b1b1f", "H": "#c41e3a", "D": "#c41e3a", "C": "#1b1b1f"}
FOUR_INK = {"D": "#1a56b0", "C": "#16713a"}  # the four-colour deck's diamonds and clubs
BACK = "#8e1b2c"  # the back's panel
BACK_INK = "#f3d9a4"  # its lattice, frames and medallion

SVG_NS = "http://www.w3.org/2000/svg"
XLINK = "{http://www.w3.org/1999/xlink}href"
COLOURS = {"red": "#d40000", "white": "#fff", "black": "#000", "#FC4": "#fc4", "#44F": "#44f"}


def log(msg: str) -> None:
    print(f"deck.py: {msg}", file=sys.stderr)


# ------------------------------------------------------------------------------------ source
def source_dir() -> Path:
    """The pinned source package, installed once from tools/deck's lockfile."""
    lock = (TOOLS / "package-lock.json").read_bytes()
    dest = CACHE / ("deck-" + hashlib.sha256(lock).hexdigest()[:12])
    if (dest / IMAGES / "KS.svg").exists():
        return dest / IMAGES
    if shutil.which("npm") is None:
        sys.exit("deck.py needs npm to fetch the card art once: apt-get install nodejs npm")
    log(f"npm ci {PACKAGE} (once) into {dest.relative_to(ROOT)}")
    tmp = CACHE / (dest.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    for name in ("package.json", "package-lock.json", ".npmrc"):
        shutil.copy2(TOOLS / name, tmp / name)
    proc = subprocess.run(
        [
            "npm",
            "ci",
            "--prefix",
            str(tmp),
            "--no-audit",
            "--no-fund",
            "--legacy-peer-deps",
            "--ignore-scripts",
            "--silent",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode:
        sys.exit(f"deck.py: npm ci failed:\n{proc.stderr[-2000:]}")
    shutil.rmtree(dest, ignore_errors=True)
    tmp.rename(dest)
    return dest / IMAGES


def load(src: Path, card: str) -> ET.Element:
    name = card.replace("10", "T")
    return ET.parse(src / f"{name}.svg").getroot()


def tag(e: ET.Element) -> str:
    return e.tag.rsplit("}", 1)[-1]


def href(e: ET.Element) -> str:
    return (e.get(XLINK) or e.get("href") or "").lstrip("#")


# --------------------------------------------------------------------------------- numbers
def num(v: float, prec: int = 0) -> str:
    """Shortest text of v rounded to prec decimals ("-0" -> "0", "0.5" -> ".5")."""
    v = round(v, prec)
    if v == 0:
        return "0"
    if prec == 0 or v == int(v):
        return str(int(v))
    s = f"{v:.{prec}f}".rstrip("0").rstrip(".")
    return s.replace("0.", ".", 1) if s.startswith(("0.", "-0.")) else s


def attr_num(s: str | None, prec: int = 2) -> str | None:
    return None if s is None else num(float(s), prec)


_TOKEN = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def path_data(d: str, prec: int = 0) -> str:
    """Path data rounded to `prec` decimals and written with relative commands.

    Every absolute point is rounded first and the relative steps are taken between rounded
    points, so rounding errors never add up along a path."""
    toks = _TOKEN.findall(d)
    q = 10.0**prec

    def r(v: float) -> float:
        return round(v * q) / q

    segs: list[tuple[str, list[float]]] = []
    cx = cy = 0.0  # current point, exact (source coordinates)
    rx_ = ry_ = 0.0  # current point, rounded
    sx = sy = 0.0  # subpath start, exact
    rsx = rsy = 0.0  # subpath start, rounded
    i = 0
    cmd = ""

    def emit(c: str, nums: list[float]) -> None:
        segs.append((c, nums))

    while i < len(toks):
        if toks[i].isalpha():
            cmd = toks[i]
            i += 1
            if cmd in "Zz":
                emit("z", [])
                cx, cy, rx_, ry_ = sx, sy, rsx, rsy
                continue
        n = _ARGS[cmd.upper()]
        args = [float(t) for t in toks[i : i + n]]
        i += n
        rel = cmd.islower()
        up = cmd.upper()
        if up == "H":
            x = args[0] + (cx if rel else 0)
            y = cy
            up, args, rel = "L", [x, y], False
        elif up == "V":
            y = args[0] + (cy if rel else 0)
            x = cx
            up, args, rel = "L", [x, y], False
        if up == "A":
            ex, ey = args[5] + (cx if rel else 0), args[6] + (cy if rel else 0)
            rex, rey = r(ex), r(ey)
            emit(
                "a",
                [
                    r(args[0]),
                    r(args[1]),
                    round(args[2]),
                    int(args[3]),
                    int(args[4]),
                    rex - rx_,
                    rey - ry_,
                ],
            )
            cx, cy, rx_, ry_ = ex, ey, rex, rey
            continue
        pts = []
        for k in range(0, len(args), 2):
            px = args[k] + (cx if rel else 0)
            py = args[k + 1] + (cy if rel else 0)
            pts.append((px, py))
        rpts = [(r(px), r(py)) for px, py in pts]
        ex, ey = pts[-1]
        rex, rey = rpts[-1]
        if up == "M":
            emit("m" if segs else "M", [rex - rx_, rey - ry_] if segs else [rex, rey])
            sx, sy, rsx, rsy = ex, ey, rex, rey
            cmd = "l" if rel else "L"  # further pairs after M are line-tos
        elif up == "L":
            dx, dy = rex - rx_, rey - ry_
            if dy == 0 and dx != 0:
                emit("h", [dx])
            elif dx == 0 and dy != 0:
                emit("v", [dy])
            elif dx or dy:
                emit("l", [dx, dy])
            else:
                emit("h", [0])  # kept: with a round cap a zero-length line draws a dot
        else:
            emit(up.lower(), [v for p in rpts for v in (p[0] - rx_, p[1] - ry_)])
        cx, cy, rx_, ry_ = ex, ey, rex, rey
    return serialise(segs, prec)


def serialise(segs: list[tuple[str, list[float]]], prec: int) -> str:
    """Path data text with no separator that is not needed and no repeated command letter."""
    out: list[str] = []
    last_cmd, last_num = "", ""
    for c, nums in segs:
        if c != last_cmd or c in "mMz" or not nums:
            out.append(c)
            last_num = ""
        for n in nums:
            t = num(n, prec)
            if last_num and not t.startswith("-") and not (t.startswith(".") and "." in last_num):
                out.append(" ")
            out.append(t)
            last_num = t
        # pairs after "m" are relative line-tos, after "M" absolute ones (never written here)
        last_cmd = {"m": "l", "M": "L"}.get(c, c)
    return "".join(out)


def colour(v: str | None) -> str | None:
    return None if v is None else COLOURS.get(v, v)


# ------------------------------------------------------------------------------- writing svg
def el(name: str, attrs: dict[str, str | None], body: str = "") -> str:
    a = "".join(f' {k}="{v}"' for k, v in attrs.items() if v is not None)
    return f"<{name}{a}>{body}</{name}>" if body else f"<{name}{a}/>"


def pip(
    suit: str, cx: float, cy: float, size: float, extra: dict[str, str | None] | None = None
) -> str:
    """A suit symbol of height `size` centred on (cx, cy) (before any `transform` in extra)."""
    attrs: dict[str, str | None] = {
        "href": f"#pip-{suit}",
        "x": num(cx - size / 2, 2),
        "y": num(cy - size / 2, 2),
        "width": num(size, 2),
        "height": num(size, 2),
    }
    attrs.update(extra or {})
    return el("use", attrs)


# --------------------------------------------------------------------------------- the suits
def suit_symbols(src: Path) -> str:
    out = []
    for s in SUITS:
        root = load(src, f"2{s}")
        path = next(
            e for e in root.iter() if tag(e) == "symbol" and e.get("id", "").startswith("S")
        )
        d = path_data(next(p for p in path.iter() if tag(p) == "path").get("d", ""))
        out.append(
            el(
                "symbol",
                {"id": f"pip-{s}", "viewBox": "-600 -600 1200 1200"},
                el("path", {"fill": "currentColor", "d": d}),
            )
        )
    return "".join(out)


# ------------------------------------------------------------------------------- pip cards
def pip_layout(src: Path, rank: str) -> list[tuple[float, float, bool]]:
    """Pip centres and orientation of a number card, read from the source's spades."""
    root = load(src, f"{rank}S")
    out = []

    def walk(e: ET.Element, rotated: bool) -> None:
        for c in e:
            if tag(c) == "g" and "rotate(180)" in (c.get("transform") or ""):
                walk(c, True)
            elif tag(c) == "use" and href(c).startswith("SS"):
                h, x, y = float(c.get("height", 0)), float(c.get("x", 0)), float(c.get("y", 0))
                if x < -100:  # the corner index pip
                    continue
                cx = x + h / 2
                out.append((cx and math.copysign(PIP_COLUMN, cx), y + h / 2, rotated))

    walk(root, False)
    return out


PIP_SIZE = 64.0  # the source's pips are 70 high, in columns at x = +-52.5
PIP_COLUMN = 50.0  # here a little smaller and closer, to stay inside +-SAFE_X


def number_card(src: Path, rank: str, suit: str) -> str:
    uses = [
        pip(suit, x, y, PIP_SIZE, extra={"transform": "rotate(180)"} if rot else None)
        for x, y, rot in pip_layout(src, rank)
    ]
    for x, _, _ in pip_layout(src, rank):
        assert abs(x) + PIP_SIZE / 3 <= SAFE_X, (rank, x)  # suit shapes span 800 of 1200
    return "".join(uses)


def ace(suit: str) -> str:
    """A large centre pip (hearts and diamonds with a fine inlaid outline); the ace of spades
    is larger still, in a double oval."""
    size = 150.0 if suit == "S" else 118.0
    body = pip(suit, 0, 0, size)
    if suit in "HD":
        inner = size * 0.62
        body += pip(
            suit,
            0,
            0,
            inner,
            extra={
                "fill": "none",
                "stroke": "#fff",
                "opacity": ".9",
                "stroke-width": num(1.6 * 1200 / inner, 1),
            },
        )
    if suit == "S":
        # a fine double oval round the spade
        for rx, ry, w in ((62, 86, 2.2), (57, 81, 0.8)):
            body += el(
                "ellipse",
                {
                    "rx": str(rx),
                    "ry": str(ry),
                    "fill": "none",
                    "stroke": "currentColor",
                    "stroke-width": num(w, 1),
                },
            )
    return body


# -------------------------------------------------------------------------------- court cards
def court(src: Path, rank: str, suit: str, layers: list[str]) -> str:
    """The source's court art without its corner indices, with the figure's layer symbols
    appended to `layers` and the whole picture shrunk to keep inside the free middle."""
    root = load(src, f"{rank}{suit}")
    key = f"{rank}{suit}"
    ids: dict[str, str] = {}
    frame: ET.Element | None = None
    for e in root.iter():
        i = e.get("id")
        if not i:
            continue
        if i == f"S{suit}{rank}":
            ids[i] = f"pip-{suit}"
        elif i == f"V{suit}{rank}":
            ids[i] = ""  # the index glyph: dropped
        elif tag(e) == "rect":
            frame = e
            ids[i] = ""
        else:
            ids[i] = f"fig-{key}-{len(ids)}"

    def conv(e: ET.Element) -> str:
        t = tag(e)
        if t == "path":
            return el(
                "path",
                {
                    "fill": colour(e.get("fill")),
                    "stroke": colour(e.get("stroke")),
                    "stroke-width": attr_num(e.get("stroke-width")),
                    "stroke-linecap": e.get("stroke-linecap"),
                    "stroke-linejoin": e.get("stroke-linejoin"),
                    "stroke-miterlimit": attr_num(e.get("stroke-miterlimit")),
                    "d": path_data(e.get("d", "")),
                },
            )
        if t == "use":
            target = ids.get(href(e), "")
            if not target:
                return ""
            h = e.get("height")
            w = e.get("width")
            if target.startswith("pip-"):
                w = h  # square symbol placed by height: see pip()
            return el(
                "use",
                {
                    "href": f"#{target}",
                    "x": attr_num(e.get("x")),
                    "y": attr_num(e.get("y")),
                    "width": attr_num(w),
                    "height": attr_num(h),
                    "transform": transform(e.get("transform")),
                    "fill": colour(e.get("fill")),
                    "stroke": colour(e.get("stroke")),
                    "stroke-width": attr_num(e.get("stroke-width"), 1),
                    "stroke-linecap": e.get("stroke-linecap"),
                    "stroke-linejoin": e.get("stroke-linejoin"),
                },
            )
        if t == "g":
            return el(
                "g", {"transform": transform(e.get("transform"))}, "".join(conv(c) for c in e)
            )
        return ""

    for e in root.iter():
        if tag(e) == "symbol" and ids.get(e.get("id", ""), "").startswith("fig-"):
            layers.append(
                el(
                    "symbol",
                    {
                        "id": ids[e.get("id", "")],
                        "viewBox": e.get("viewBox"),
                        "preserveAspectRatio": e.get("preserveAspectRatio"),
                    },
                    "".join(conv(c) for c in e),
                )
            )

    body = []
    for e in root:
        if tag(e) in ("defs", "symbol", "rect"):
            continue
        if tag(e) == "use" and href(e) == (frame.get("id") if frame is not None else None):
            assert frame is not None
            body.append(
                el(
                    "rect",
                    {k: attr_num(frame.get(k)) for k in ("x", "y", "width", "height")}
                    | {"fill": "none", "stroke": colour(e.get("stroke"))},
                )
            )
            continue
        if tag(e) == "use" and float(e.get("x", 0)) < -100:
            continue  # the corner index pip
        if tag(e) == "g":
            kids = [
                c
                for c in e
                if not (tag(c) == "use" and (float(c.get("x", 0)) < -100 or not ids.get(href(c))))
            ]
            body.append(el("g", {"transform": e.get("transform")}, "".join(conv(c) for c in kids)))
            continue
        body.append(conv(e))
    assert frame is not None
    scale = SAFE_X / (float(frame.get("width", 0)) / 2 + 0.5)
    return el("g", {"transform": f"scale({num(scale, 4)})"}, "".join(body))


def transform(t: str | None) -> str | None:
    if not t:
        return None
    return re.sub(r"-?\d+\.\d+", lambda m: num(float(m.group(0)), 3), t)


# ---------------------------------------------------------------------------------- the back
def back() -> str:
    """A lattice of fine diamonds on a deep colour inside a double frame, with a medallion of
    the four suits in the middle, in BACK and BACK_INK."""
    x0, y0, x1, y1 = -108.0, -156.0, 108.0, 156.0  # the coloured panel
    bg = f"fill:{BACK}"
    ink = BACK_INK
    parts = [
        el(
            "rect",
            {
                "x": num(x0),
                "y": num(y0),
                "width": num(x1 - x0),
                "height": num(y1 - y0),
                "rx": "9",
                "style": bg,
            },
        )
    ]
    # lattice: lines at +-45 degrees, clipped by hand to the inner panel
    lx0, ly0, lx1, ly1 = x0 + 8, y0 + 8, x1 - 8, y1 - 8
    step = 12.0
    d = []
    for sign in (1, -1):
        k = -34 * step  # lines y = +-x + k with k a multiple of step: past the panel's corners
        while k <= 34 * step:
            # points on the line y = sign * x + k within the box
            pts = []
            for x in (lx0, lx1):
                y = sign * x + k
                if ly0 - 1e-9 <= y <= ly1 + 1e-9:
                    pts.append((x, y))
            for y in (ly0, ly1):
                x = (y - k) * sign
                if lx0 - 1e-9 <= x <= lx1 + 1e-9:
                    pts.append((x, y))
            pts = sorted({(round(a, 2), round(b, 2)) for a, b in pts})
            if len(pts) >= 2 and pts[0] != pts[-1]:
                (ax, ay), (bx, by) = pts[0], pts[-1]
                d.append(f"M{num(ax, 1)} {num(ay, 1)}L{num(bx, 1)} {num(by, 1)}")
            k += step
    parts.append(
        el(
            "path",
            {
                "d": path_data("".join(d), 1),
                "fill": "none",
                "style": f"stroke:{ink}",
                "stroke-width": ".8",
                "opacity": ".45",
            },
        )
    )
    # a small diamond in every other cell of the lattice: a cell's centre lies on the lines
    # y = x + kp and y = -x + km with kp, km half a step off the lattice lines
    dots = []
    for a in range(-34, 35):
        for b in range(-34, 35):
            if (a + b) % 2:
                continue
            kp, km = (a + 0.5) * step, (b + 0.5) * step
            x, y = (km - kp) / 2, (km + kp) / 2
            if lx0 + 2 < x < lx1 - 2 and ly0 + 2 < y < ly1 - 2:
                dots.append((x, y))
    dd = "".join(
        f"M{num(x - 1.3, 1)} {num(y, 1)}l1.3-1.3 1.3 1.3-1.3 1.3z" for x, y in sorted(dots)
    )
    parts.append(el("path", {"d": path_data(dd, 1), "style": f"fill:{ink}", "opacity": ".6"}))
    # double frame
    for inset, w in ((4.0, 1.6), (8.0, 0.7)):
        parts.append(
            el(
                "rect",
                {
                    "x": num(x0 + inset),
                    "y": num(y0 + inset),
                    "width": num(x1 - x0 - 2 * inset),
                    "height": num(y1 - y0 - 2 * inset),
                    "rx": num(9 - inset / 2, 1),
                    "fill": "none",
                    "style": f"stroke:{ink}",
                    "stroke-width": num(w, 1),
                },
            )
        )
    # medallion: a panel-coloured oval with a fine ring and the four suits
    parts.append(el("ellipse", {"rx": "46", "ry": "58", "style": bg}))
    parts.append(
        el(
            "ellipse",
            {"rx": "46", "ry": "58", "fill": "none", "style": f"stroke:{ink}", "stroke-width": "2"},
        )
    )
    parts.append(
        el(
            "ellipse",
            {
                "rx": "40",
                "ry": "52",
                "fill": "none",
                "style": f"stroke:{ink}",
                "stroke-width": ".8",
            },
        )
    )
    for s, (x, y) in zip(SUITS, ((0, -26), (22, 0), (0, 26), (-22, 0))):
        parts.append(
            el(
                "use",
                {
                    "href": f"#pip-{s}",
                    "x": num(x - 14),
                    "y": num(y - 14),
                    "width": "28",
                    "height": "28",
                    "style": f"color:{ink}",
                },
            )
        )
    return "".join(parts)


# --------------------------------------------------------------------------------- the deck
def cards() -> list[str]:
    return [r + s for s in SUITS for r in RANKS]


def build(src: Path) -> str:
    layers: list[str] = []
    faces = []
    for c in cards():
        r, s = c[:-1], c[-1]
        if r in ("J", "Q", "K"):
            body = court(src, r, s, layers)
        elif r == "A":
            body = ace(s)
        else:
            body = number_card(src, r, s)
        faces.append(el("symbol", {"id": f"f-{c}", "viewBox": SYMBOL_BOX}, body))
    head = (
        '<svg xmlns="http://www.w3.org/2000/svg">'
        "<!-- Trick Table card faces: generated by scripts/deck.py from Adrian Kennard's "
        "CC0 playing cards; see assets/cards/README.md -->"
    )
    return (
        head
        + suit_symbols(src)
        + "".join(layers)
        + "".join(faces)
        + el("symbol", {"id": "back", "viewBox": SYMBOL_BOX}, back())
        + "</svg>\n"
    )


# ---------------------------------------------------------------------------- one file per face
SYMBOL_RE = re.compile(r'<symbol id="([^"]+)"([^>]*)>(.*?)</symbol>', re.DOTALL)
HREF_RE = re.compile(r'href="#([^"]+)"')
SHORT = "abcdefghijklmnopqrstuvwxyz"


def face_files(sprite: str) -> dict[str, bytes]:
    """Every file of faces/ (path relative to it -> content): each face and the back with the
    symbols it uses (renamed a, b, c ...) and its ink fixed on the root (`color`, which the
    pips' `currentColor` takes)."""
    syms = {m[1]: (m[2], m[3]) for m in SYMBOL_RE.finditer(sprite)}

    def standalone(key: str, ink: str) -> bytes:
        attrs, body = syms[key]
        used: list[str] = []

        def walk(text: str) -> None:
            for ref in HREF_RE.findall(text):
                if ref not in used:
                    used.append(ref)
                    walk(syms[ref][1])

        walk(body)
        short = {ref: SHORT[i] for i, ref in enumerate(used)}

        def rename(text: str) -> str:
            return HREF_RE.sub(lambda m: f'href="#{short[m[1]]}"', text)

        defs = "".join(
            f'<symbol id="{short[r]}"{syms[r][0]}>{rename(syms[r][1])}</symbol>' for r in used
        )
        view = re.search(r'viewBox="([^"]+)"', attrs)
        assert view and view[1] == SYMBOL_BOX, key
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{SYMBOL_BOX}" width="240" '
            f'height="336" color="{ink}">{defs}{rename(body)}</svg>\n'
        ).encode()

    out = {}
    for c in cards():
        s = c[-1]
        out[f"{c}.svg"] = standalone(f"f-{c}", INK[s])
        if s in FOUR_INK:
            out[f"four/{c}.svg"] = standalone(f"f-{c}", FOUR_INK[s])
    out["back.svg"] = standalone("back", BACK_INK)
    return out


def faces_css(files: dict[str, bytes]) -> str:
    """The style.css rules that draw each card's face (the card element has class f-<card>;
    the image is its background, so it is fetched only when such a card is on the page)."""
    url = os.path.relpath(FACES, STYLE.parent).replace(os.sep, "/")
    lines = [FACES_BEGIN]
    for c in cards():
        lines.append(f".card.f-{c} {{ background-image: url({url}/{c}.svg); }}\n")
    for c in cards():
        if f"four/{c}.svg" in files:
            lines.append(
                f'html[data-deck="four"] .card.f-{c} '
                f"{{ background-image: url({url}/four/{c}.svg); }}\n"
            )
    lines.append(f".card.back {{ background-image: url({url}/back.svg); }}\n")
    lines.append(FACES_END)
    return "".join(lines)


def style_with(css: str) -> str:
    """style.css with its card-face block replaced by `css` (appended when it has none)."""
    text = STYLE.read_text(encoding="utf-8")
    if FACES_BEGIN in text:
        a = text.index(FACES_BEGIN)
        b = text.index(FACES_END, a) + len(FACES_END)
        return text[:a] + css + text[b:]
    return text.rstrip("\n") + "\n" + css


def gz_size(data: bytes) -> int:
    return len(gzip.compress(data, 9, mtime=0))


# ------------------------------------------------------------------------------- the preview
PREVIEW_CSS = """
body { margin: 0; padding: 10px; background: #0f5c3a; color: #f4f1e8;
  font: 14px system-ui, sans-serif; }
h2 { font-size: 15px; margin: 6px 0; }
.row { display: flex; flex-wrap: wrap; gap: 6px; margin-bottom: 8px; }
.card { position: relative; width: var(--w); height: calc(var(--w) * 1.42); flex: none;
  border-radius: calc(var(--w) * .09); background: #fffdf8; border: 1px solid #c9c2b0;
  box-shadow: 0 2px 4px rgba(0,0,0,.35); overflow: hidden; color: #1b1b1f;
  font-family: Georgia, "DejaVu Serif", serif; }
.card.H, .card.D { color: #c41e3a; }
.four .card.D { color: #1a56b0; } .four .card.C { color: #16713a; }
.card .face { position: absolute; inset: 0; width: 100%; height: 100%; }
.card .idx { position: absolute; left: 3%; top: 2.5%; width: 16%; display: flex;
  flex-direction: column; align-items: center; line-height: 1; font-weight: 700;
  font-size: max(9px, calc(var(--w) * .16)); letter-spacing: -.06em; }
.card .idx.br { left: auto; top: auto; right: 3%; bottom: 2.5%; transform: rotate(180deg); }
"""

PREVIEW_JS = """
const q = new URLSearchParams(location.search), w = q.get('w'), only = q.get('only');
if (w) document.querySelectorAll('section').forEach(s => { s.hidden = s.dataset.w !== w; });
if (only) document.querySelectorAll('.card').forEach(c => {
  c.hidden = !only.split(',').includes(c.title); });
"""
SUIT_SIGN = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def preview(out: Path) -> None:
    """A page of every face file (as <img>) at 44 and 140 px wide, with sample indices."""
    faces = os.path.relpath(FACES, out.parent).replace(os.sep, "/")

    def card(c: str, folder: str = "") -> str:
        r, s = c[:-1], c[-1]
        idx = "".join(
            f'<span class="idx {p}">{r}<span>{SUIT_SIGN[s]}</span></span>' for p in ("tl", "br")
        )
        return (
            f'<div class="card {s}" title="{c}"><img class="face" alt="" '
            f'src="{faces}/{folder}{c}.svg">{idx}</div>'
        )

    back_card = (
        f'<div class="card back" title="back"><img class="face" alt="" '
        f'src="{faces}/back.svg"></div>'
    )
    sections = []
    for w in (44, 140):
        rows = []
        for s in SUITS:
            rows.append('<div class="row">' + "".join(card(r + s) for r in RANKS) + "</div>")
        rows.append(
            '<div class="row four">'
            + "".join(card(r + s) for s in "HS" for r in ("7", "Q", "A"))
            + "".join(card(r + s, "four/") for s in "DC" for r in ("7", "Q", "A"))
            + back_card
            + "</div>"
        )
        sections.append(
            f'<section data-w="{w}" style="--w:{w}px"><h2>{w} px wide '
            f"(last row: the four-colour deck and the back)</h2>" + "".join(rows) + "</section>"
        )
    html = (
        '<!doctype html><html lang="en"><meta charset="utf-8"><title>Trick Table deck</title>'
        f"<style>{PREVIEW_CSS}</style>"
        + "".join(sections)
        + f"<script>{PREVIEW_JS}</script></html>\n"
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(html, encoding="utf-8")
    log(f"preview written to {out}")


def screenshots(page: Path, stem: Path) -> None:
    """Render the preview at both widths with headless Chromium through a local HTTP server
    (a file:// page may not <use> another file); PNGs are squeezed with pngquant if present."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(ROOT))
    http.server.SimpleHTTPRequestHandler.log_message = lambda *a: None  # type: ignore
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/{page.resolve().relative_to(ROOT).as_posix()}"
        for w, size in ((44, "740,400"), (140, "2090,1110")):
            png = Path(f"{stem}-{w}.png")
            with tempfile.TemporaryDirectory() as profile:
                subprocess.run(
                    [
                        "/usr/bin/chromium",
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--hide-scrollbars",
                        f"--user-data-dir={profile}",
                        f"--window-size={size}",
                        f"--screenshot={png.resolve()}",
                        "--virtual-time-budget=3000",
                        f"{url}?w={w}",
                    ],
                    capture_output=True,
                    check=True,
                    timeout=120,
                )
            if shutil.which("pngquant"):
                subprocess.run(
                    [
                        "pngquant",
                        "--force",
                        "--skip-if-larger",
                        "--strip",
                        "--quality=70-95",
                        "--output",
                        str(png),
                        str(png),
                    ],
                    check=False,
                )
            log(f"{png} {png.stat().st_size} bytes")
    finally:
        server.shutdown()


# ------------------------------------------------------------------------------------- main
def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--check", action="store_true", help="only compare with the committed faces and style.css"
    )
    ap.add_argument("--preview", type=Path, help="write an HTML preview page here")
    ap.add_argument("--shots", type=Path, help="with --preview: write STEM-44.png and STEM-140.png")
    args = ap.parse_args()
    files = face_files(build(source_dir()))
    style = style_with(faces_css(files))
    raw = sum(len(d) for d in files.values())
    gz = sum(gz_size(d) for d in files.values())
    court = max(files, key=lambda k: gz_size(files[k]))
    sizes = (
        f"{len(files)} files, {raw} bytes, {gz} bytes gzip -9 ({gz / 1024:.1f} KiB of the "
        f"{GZIP_BUDGET // 1024} KiB budget; largest {court}: {gz_size(files[court])})"
    )
    if gz > GZIP_BUDGET:
        sys.exit(f"deck.py: the faces are over their gzip budget: {sizes}")
    present = (
        {p.relative_to(FACES).as_posix() for p in FACES.rglob("*.svg")} if FACES.exists() else set()
    )
    if args.check:
        stale = sorted(
            k for k in files if not (FACES / k).exists() or (FACES / k).read_bytes() != files[k]
        )
        extra = sorted(present - set(files))
        if stale or extra or STYLE.read_text(encoding="utf-8") != style:
            sys.exit(
                "deck.py: assets/cards/faces/ or the faces' rules in assets/style.css are not "
                f"up to date (changed: {stale[:5]}, extra: {extra[:5]}): run python3 scripts/deck.py"
            )
        print(f"faces up to date: {sizes}")
        return
    for k, data in files.items():
        (FACES / k).parent.mkdir(parents=True, exist_ok=True)
        if not (FACES / k).exists() or (FACES / k).read_bytes() != data:
            (FACES / k).write_bytes(data)
    for k in present - set(files):
        (FACES / k).unlink()
    if STYLE.read_text(encoding="utf-8") != style:
        STYLE.write_text(style, encoding="utf-8")
    print(f"{FACES.relative_to(ROOT)}: {sizes}")
    if args.preview:
        preview(args.preview)
        if args.shots:
            screenshots(args.preview, args.shots)


if __name__ == "__main__":
    main()
