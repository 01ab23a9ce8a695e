"""A tutorial page with several tables (`page-learn`): dist/learn/koz-maca.html as shipped
(the tables out of sight start when the reader scrolls near them) beside the same page with
every table started at once (its `data-loading` attributes removed, written next to it for
this run only): how long the reader waits for the first table, how many tables (each a Python
runtime) have started, and the renderer's memory, on a phone (360x640, and CPU throttled 4x)
and a desktop (1280x800)."""

from __future__ import annotations

import re
import statistics
import time
from typing import Any

from sitebuild.files import DIST

from .browser import CHROMIUM_ARGS, launch, serve_in_background
from .memory import renderer_memory

PAGE = "learn/koz-maca.html"
EAGER = "learn/bench-eager.html"  # the same page, every table started with it
SETTLE = 4.0  # seconds after the first table is ready before counting and measuring


def first_ready(page: Any, timeout: float = 180.0) -> None:
    """Waits until the first table's frame says it is ready."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        frames = [f for f in page.frames if "embed=1" in f.url]
        try:
            if frames and frames[0].evaluate("!!document.documentElement.dataset.ready"):
                return
        except Exception:  # noqa: BLE001, S110 (the frame is still loading)
            pass
        time.sleep(0.05)
    raise RuntimeError("the first table never got ready")


def one_visit(
    browser: Any, url: str, size: tuple[int, int], throttle: bool
) -> tuple[float, int, float]:
    """(seconds to the first table, tables started, renderers' PSS in MB) of one cold visit."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    if throttle:
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    try:
        t0 = time.monotonic()
        page.goto(url)
        first_ready(page)
        ready = time.monotonic() - t0
        time.sleep(SETTLE)
        started = int(
            page.evaluate(
                "[...document.querySelectorAll('[data-trick-table] iframe')]"
                ".filter(f => f.getAttribute('src')).length"
            )
        )
        return ready, started, float(renderer_memory()["pss"])
    finally:
        ctx.close()


def page_learn(runs: int) -> None:
    """Prints, per size, the medians of `runs` visits of each page, alternated, and the ratio
    of the shipped page's wait to the eager page's."""
    from playwright.sync_api import sync_playwright

    shipped = (DIST / PAGE).read_text(encoding="utf-8")
    eager = re.sub(r'\s+data-loading="lazy"', "", shipped)
    if eager == shipped:
        print(f"{PAGE} has no lazy tables: nothing to compare")
        return
    (DIST / EAGER).write_text(eager, encoding="utf-8")
    server, base = serve_in_background(DIST)
    try:
        with sync_playwright() as p:
            browser = launch(p, CHROMIUM_ARGS)
            print(f"page-learn: {PAGE}, {runs} cold visits of each page per row (medians)")
            print(
                f"{'size':<20} {'page':<28} {'first table':>12} {'started':>8} "
                f"{'renderers PSS':>14}"
            )
            for size, throttle in (((360, 640), False), ((360, 640), True), ((1280, 800), False)):
                got: dict[str, list[tuple[float, int, float]]] = {PAGE: [], EAGER: []}
                for _ in range(runs):
                    for name in (EAGER, PAGE):
                        got[name].append(one_visit(browser, f"{base}/{name}", size, throttle))
                label = f"{size[0]}x{size[1]}" + (" CPU 4x" if throttle else "")
                for name, what in ((EAGER, "every table at once"), (PAGE, "as shipped")):
                    rows = got[name]
                    print(
                        f"{label:<20} {what:<28} "
                        f"{statistics.median(r[0] for r in rows):>10.1f} s "
                        f"{statistics.median(r[1] for r in rows):>8.0f} "
                        f"{statistics.median(r[2] for r in rows):>11.0f} MB"
                    )
                ratio = statistics.median(r[0] for r in got[PAGE]) / statistics.median(
                    r[0] for r in got[EAGER]
                )
                print(f"{label:<20} {'wait, shipped / at once':<28} {ratio:>10.2f}x")
            browser.close()
    finally:
        server.shutdown()
        (DIST / EAGER).unlink(missing_ok=True)
