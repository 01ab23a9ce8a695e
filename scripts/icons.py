"""Renders the app icons in assets/icons/ from the hand-drawn assets/icons/icon.svg with headless
Chromium (Python playwright), so they can be regenerated after the SVG changes:

    python3 scripts/icons.py

- icon-192.png, icon-512.png: the SVG as drawn (a rounded green square on a transparent
  background);
- icon-maskable-512.png: the maskable variant (web-app manifest `"purpose": "maskable"`): the
  background full-bleed to the edges and the cards scaled into the central safe zone (the circle
  of radius 40 % of the size, which every platform mask keeps). The script checks that no card
  pixel lies outside that circle.
"""

from __future__ import annotations

import base64
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "assets" / "icons"
SOURCE = ICONS / "icon.svg"
CHROMIUM = "/usr/bin/chromium"
SIZE = 512  # the SVG's own viewBox is 0 0 512 512
MASKABLE_SCALE = 0.86  # the cards' scale about the centre in the maskable variant
SAFE_RADIUS = 0.4  # of the size: the maskable safe zone

HTML = """<!doctype html><html><head><meta charset="utf-8"><style>
html, body {{ margin: 0; padding: 0; background: transparent; overflow: hidden; }}
svg {{ display: block; width: {size}px; height: {size}px; }}
</style></head><body>{svg}</body></html>"""

# Counts the pixels of a PNG (data URL) that belong to a card (white, red or black, i.e. not a
# shade of the green felt) at a distance of more than `radius` (a fraction of the size) from the
# centre.
OUTSIDE_SAFE_ZONE = """async ([url, radius]) => {
  const img = new Image();
  img.src = url;
  await img.decode();
  const n = img.width, c = document.createElement("canvas");
  c.width = c.height = n;
  const ctx = c.getContext("2d");
  ctx.drawImage(img, 0, 0);
  const px = ctx.getImageData(0, 0, n, n).data;
  let count = 0;
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) {
    const dx = x + 0.5 - n / 2, dy = y + 0.5 - n / 2;
    if (Math.hypot(dx, dy) <= radius * n) continue;
    const i = 4 * (y * n + x), r = px[i], g = px[i + 1], b = px[i + 2];
    if (!(g > r + 8 && g > b + 8)) count++;
  }
  return count;
}"""


def maskable(svg: str) -> str:
    """The maskable variant: a square full-bleed background, the motif scaled about the centre."""
    out, n = re.subn(r'(<rect id="background"[^>]*?) rx="[^"]*"', r"\1", svg)
    assert n == 1, 'icon.svg needs one <rect id="background" rx=...>'
    half = SIZE / 2
    transform = f"translate({half} {half}) scale({MASKABLE_SCALE}) translate({-half} {-half})"
    out, n = re.subn(r'<g id="motif">', f'<g id="motif" transform="{transform}">', out)
    assert n == 1, 'icon.svg needs one <g id="motif">'
    return out


def render(page: Any, svg: str, size: int, path: Path, *, transparent: bool) -> bytes:
    page.set_viewport_size({"width": size, "height": size})
    page.set_content(HTML.format(size=size, svg=svg))
    page.wait_for_load_state("load")
    png: bytes = page.screenshot(
        path=str(path),
        omit_background=transparent,
        clip={"x": 0, "y": 0, "width": size, "height": size},
    )
    print(f"{path.relative_to(ROOT)}: {size}x{size}")
    return png


def main() -> int:
    svg = SOURCE.read_text(encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        try:
            page = browser.new_page(device_scale_factor=1)
            for size in (192, 512):
                render(page, svg, size, ICONS / f"icon-{size}.png", transparent=True)
            png = render(
                page, maskable(svg), 512, ICONS / "icon-maskable-512.png", transparent=False
            )
            url = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
            outside = page.evaluate(OUTSIDE_SAFE_ZONE, [url, SAFE_RADIUS])
        finally:
            browser.close()
    if outside:
        print(
            f"icon-maskable-512.png: {outside} card pixels outside the safe zone "
            f"(radius {SAFE_RADIUS:.0%}); lower MASKABLE_SCALE",
            file=sys.stderr,
        )
        return 1
    print(f"icon-maskable-512.png: the cards are inside the safe zone (radius {SAFE_RADIUS:.0%})")
    if shutil.which("pngquant"):  # a quarter of the size: every first visit downloads them
        for name in ("icon-192.png", "icon-512.png", "icon-maskable-512.png"):
            subprocess.run(
                [
                    "pngquant",
                    "--quality",
                    "70-95",
                    "--skip-if-larger",
                    "--force",
                    "--output",
                    str(ICONS / name),
                    str(ICONS / name),
                ],
                check=False,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
