"""Reads a QR code's modules back into its text, as a phone's camera app would once it has the
grid: the format information (its BCH check), the function patterns, the mask, the codewords
in their zigzag, the blocks de-interleaved and each block's Reed-Solomon check, then the data
(byte mode). Written from the QR code standard (ISO/IEC 18004), independently of the library
that draws the page's codes (qrcode-generator), so that a test can say the drawn code is one a
reader decodes to the invite link. Versions 1 to 10 (a link of up to about 200 characters).

`read_qr(rows)` takes the modules as strings of "1" (dark) and "0", one per row, without the
quiet zone, and returns (text, version, level) or raises QRError saying what is wrong;
`scan(png_grey(screenshot))` finds those modules in a screenshot of the code.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class QRError(ValueError):
    """The grid is not a QR code this reader decodes."""


LEVELS = {1: "L", 0: "M", 3: "Q", 2: "H"}  # the format information's 2 bits
# Per level, for versions 1 to 10: Reed-Solomon codewords in each block, and how many blocks.
ECC_PER_BLOCK = {
    "L": (7, 10, 15, 20, 26, 18, 20, 24, 30, 18),
    "M": (10, 16, 26, 18, 24, 16, 18, 22, 22, 26),
    "Q": (13, 22, 18, 26, 18, 24, 18, 22, 20, 24),
    "H": (17, 28, 22, 16, 22, 28, 26, 26, 24, 28),
}
BLOCKS = {
    "L": (1, 1, 1, 1, 1, 2, 2, 2, 2, 4),
    "M": (1, 1, 1, 2, 2, 4, 4, 4, 5, 5),
    "Q": (1, 1, 2, 2, 4, 4, 6, 6, 8, 8),
    "H": (1, 1, 2, 4, 4, 4, 5, 6, 8, 8),
}
MASKS = (
    lambda r, c: (r + c) % 2 == 0,
    lambda r, c: r % 2 == 0,
    lambda r, c: c % 3 == 0,
    lambda r, c: (r + c) % 3 == 0,
    lambda r, c: (r // 2 + c // 3) % 2 == 0,
    lambda r, c: r * c % 2 + r * c % 3 == 0,
    lambda r, c: (r * c % 2 + r * c % 3) % 2 == 0,
    lambda r, c: ((r + c) % 2 + r * c % 3) % 2 == 0,
)


def format_bits(data: int) -> int:
    """The 15 format bits for 5 data bits (level and mask): BCH(15,5), then the fixed mask."""
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    return ((data << 10) | (rem & 0x3FF)) ^ 0x5412


def alignment_centres(version: int) -> list[int]:
    if version == 1:
        return []
    n = version // 7 + 2
    size = 17 + 4 * version
    step = (version * 8 + n * 3 + 5) // (n * 4 - 4) * 2
    return [6, *reversed([size - 7 - i * step for i in range(n - 1)])]


def function_modules(version: int) -> list[list[bool]]:
    """Which modules are the code's fixed patterns and its format and version information."""
    size = 17 + 4 * version
    f = [[False] * size for _ in range(size)]

    def box(r0: int, c0: int, h: int, w: int) -> None:
        for r in range(max(0, r0), min(size, r0 + h)):
            for c in range(max(0, c0), min(size, c0 + w)):
                f[r][c] = True

    box(0, 0, 9, 9)  # finders, separators, format information (and the dark module below)
    box(0, size - 8, 9, 8)
    box(size - 8, 0, 8, 9)
    box(6, 0, 1, size)  # timing
    box(0, 6, size, 1)
    centres = alignment_centres(version)
    last = len(centres) - 1
    for i, r in enumerate(centres):
        for j, c in enumerate(centres):
            if (i, j) not in ((0, 0), (0, last), (last, 0)):
                box(r - 2, c - 2, 5, 5)
    if version >= 7:
        box(0, size - 11, 6, 3)
        box(size - 11, 0, 3, 6)
    return f


def read_format(m: Sequence[Sequence[bool]]) -> tuple[str, int]:
    """The level and mask, from both copies of the format information (each checked)."""
    size = len(m)
    first = [m[i][8] for i in range(6)] + [m[7][8], m[8][8], m[8][7]]
    first += [m[8][14 - i] for i in range(9, 15)]
    second = [m[8][size - 1 - i] for i in range(8)] + [m[size - 15 + i][8] for i in range(8, 15)]
    found = []
    for bits in (first, second):
        value = sum(1 << i for i, b in enumerate(bits) if b)
        data = (value ^ 0x5412) >> 10
        if format_bits(data) != value:
            raise QRError(f"format information {value:015b} fails its BCH check")
        found.append(data)
    if found[0] != found[1]:
        raise QRError(f"the two copies of the format information differ: {found}")
    return LEVELS[found[0] >> 3], found[0] & 7


def gf_mul(x: int, y: int) -> int:
    z = 0
    for i in reversed(range(8)):
        z = (z << 1) ^ ((z >> 7) * 0x11D)
        z ^= ((y >> i) & 1) * x
    return z


def rs_remainder(data: Sequence[int], degree: int) -> list[int]:
    """The Reed-Solomon codewords of `data` (generator of roots 2^0 .. 2^(degree-1))."""
    divisor = [0] * (degree - 1) + [1]
    root = 1
    for _ in range(degree):
        for j in range(degree):
            divisor[j] = gf_mul(divisor[j], root)
            if j + 1 < degree:
                divisor[j] ^= divisor[j + 1]
        root = gf_mul(root, 2)
    out = [0] * degree
    for b in data:
        factor = b ^ out.pop(0)
        out.append(0)
        for i, coef in enumerate(divisor):
            out[i] ^= gf_mul(coef, factor)
    return out


def check_patterns(m: Sequence[Sequence[bool]], version: int) -> None:
    size = len(m)
    for r0, c0 in ((0, 0), (0, size - 7), (size - 7, 0)):
        for r in range(7):
            for c in range(7):
                ring = max(abs(r - 3), abs(c - 3))
                if m[r0 + r][c0 + c] != (ring != 2):
                    raise QRError(f"no finder pattern at ({r0}, {c0})")
    for i in range(8, size - 8):
        if m[6][i] != (i % 2 == 0) or m[i][6] != (i % 2 == 0):
            raise QRError(f"the timing pattern is broken at {i}")
    if not m[size - 8][8]:
        raise QRError("no dark module")


def codewords(m: Sequence[Sequence[bool]], version: int, mask: int) -> list[int]:
    """The codewords in placement order, the mask taken off."""
    size = len(m)
    fixed = function_modules(version)
    bits: list[bool] = []
    right = size - 1
    while right >= 1:
        if right == 6:
            right = 5
        upward = ((right + 1) & 2) == 0
        for vert in range(size):
            r = size - 1 - vert if upward else vert
            for c in (right, right - 1):
                if not fixed[r][c]:
                    bits.append(m[r][c] != MASKS[mask](r, c))
        right -= 2
    return [
        sum(int(b) << (7 - k) for k, b in enumerate(bits[i : i + 8]))
        for i in range(0, len(bits) // 8 * 8, 8)
    ]


def data_codewords(raw: list[int], version: int, level: str) -> list[int]:
    """The blocks de-interleaved and each checked by its Reed-Solomon codewords; their data."""
    nblocks, ecc = BLOCKS[level][version - 1], ECC_PER_BLOCK[level][version - 1]
    short = nblocks - len(raw) % nblocks
    short_len = len(raw) // nblocks
    lengths = [short_len - ecc + (0 if i < short else 1) for i in range(nblocks)]
    blocks: list[list[int]] = [[] for _ in range(nblocks)]
    it = iter(raw)
    for i in range(max(lengths)):
        for j in range(nblocks):
            if i < lengths[j]:
                blocks[j].append(next(it))
    eccs = [[next(it) for _ in range(nblocks)] for _ in range(ecc)]
    data: list[int] = []
    for j, block in enumerate(blocks):
        got = [row[j] for row in eccs]
        if rs_remainder(block, ecc) != got:
            raise QRError(f"block {j} fails its Reed-Solomon check")
        data += block
    return data


def read_qr(rows: Sequence[str]) -> tuple[str, int, str]:
    size = len(rows)
    if size < 21 or (size - 17) % 4 or any(len(r) != size for r in rows):
        raise QRError(f"not a QR code's square: {size} rows of {sorted({len(r) for r in rows})}")
    version = (size - 17) // 4
    if version > 10:
        raise QRError(f"version {version}: this reader reads versions 1 to 10")
    m = [[ch == "1" for ch in r] for r in rows]
    check_patterns(m, version)
    level, mask = read_format(m)
    data = data_codewords(codewords(m, version, mask), version, level)
    bits = "".join(f"{b:08b}" for b in data)
    if bits[:4] != "0100":
        raise QRError(f"mode {bits[:4]}: this reader reads byte mode only")
    count = 8 if version <= 9 else 16  # the byte count's width
    n = int(bits[4 : 4 + count], 2)
    body = bits[4 + count : 4 + count + 8 * n]
    if len(body) < 8 * n:
        raise QRError(f"{n} bytes announced, {len(body) // 8} there")
    raw = bytes(int(body[i : i + 8], 2) for i in range(0, len(body), 8))
    return raw.decode("utf-8"), version, level


def png_grey(png: bytes) -> list[list[int]]:
    """A PNG's pixels as grey levels 0-255 (8-bit RGB or RGBA, not interlaced: what a browser's
    screenshot is)."""
    import struct
    import zlib

    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise QRError("not a PNG")
    at, idat = 8, b""
    width = height = channels = 0
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _c, _f, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise QRError(f"PNG of depth {depth}, colour type {colour}: not read here")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    prev = bytearray(stride)
    grey: list[list[int]] = []
    for y in range(height):
        filt, line = (
            raw[y * (stride + 1)],
            bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]),
        )
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if filt == 1:
                line[i] = (line[i] + a) & 255
            elif filt == 2:
                line[i] = (line[i] + b) & 255
            elif filt == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif filt == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        grey.append([sum(line[i : i + 3]) // 3 for i in range(0, stride, channels)])
        prev = line
    return grey


def scan(grey: Sequence[Sequence[int]]) -> list[str]:
    """The modules of the QR code in a picture of it (dark on light, upright), as a camera app
    finds them: the dark area's extent, the module's size from the top-left finder pattern's
    width (7 modules), then each module's centre sampled."""
    dark = [[v < 128 for v in row] for row in grey]
    rows = [y for y, row in enumerate(dark) if any(row)]
    cols = [x for x in range(len(dark[0])) if any(row[x] for row in dark)]
    if not rows:
        raise QRError("nothing dark in the picture")
    top, left = rows[0], cols[0]
    run = 0
    while left + run < len(dark[top]) and dark[top][left + run]:
        run += 1
    module = run / 7
    n = round((cols[-1] - left + 1) / module)
    if round((rows[-1] - top + 1) / module) != n:
        raise QRError("the dark area is not square")
    step = (cols[-1] - left + 1) / n
    return [
        "".join(
            "1" if dark[int(top + (r + 0.5) * step)][int(left + (c + 0.5) * step)] else "0"
            for c in range(n)
        )
        for r in range(n)
    ]


# The QR code's SVG as ui/web/invite.js draws it into the page's `[data-friends-qr]`: its size
# in modules, its viewBox and its dark runs, for `svg_modules` (a page's function, as source).
SVG_RECTS = """() => {
  const svg = document.querySelector("[data-friends-qr] svg");
  const num = (r, k) => Number(r.getAttribute(k));
  return {
    modules: Number(svg.getAttribute("data-modules")),
    viewBox: svg.getAttribute("viewBox"),
    rects: [...svg.querySelectorAll("g rect")].map(r => [num(r, "x"), num(r, "y"),
      num(r, "width"), num(r, "height")]),
  };
}"""
QUIET = 4  # ui/web/invite.js's light margin, in modules


def svg_modules(got: dict[str, Any]) -> list[str]:
    """The modules of the SVG that `SVG_RECTS` describes (each rect a run of dark modules in a
    row, within the quiet zone), as rows; QRError if the runs do not make a grid."""
    n = int(got["modules"])
    if got["viewBox"] != f"0 0 {n + 2 * QUIET} {n + 2 * QUIET}":
        raise QRError(f"viewBox {got['viewBox']} for {n} modules")
    grid = [["0"] * n for _ in range(n)]
    for x, y, w, h in got["rects"]:
        if h != 1 or w < 1 or x < QUIET or x + w > n + QUIET or not QUIET <= y < n + QUIET:
            raise QRError(f"a rect off the grid: {(x, y, w, h)}")
        for c in range(x - QUIET, x - QUIET + w):
            if grid[y - QUIET][c] == "1":
                raise QRError(f"two rects on the module ({y - QUIET}, {c})")
            grid[y - QUIET][c] = "1"
    return ["".join(row) for row in grid]


__all__ = ["SVG_RECTS", "QRError", "png_grey", "read_qr", "scan", "svg_modules"]
