"""The runtime choice, measured (`page-runtimes`): the three ways this site runs Python in a
page, in the same run, each in a fresh browser profile.

- **bare**: a bare PyScript page, Python on the main thread (bench/page/bare.html), the
  baseline every ratio is against (its time to ready, 1x CPU);
- **game**: the game page as shipped, Pyodide loaded by `loadPyodide` in a module worker
  (ui/worker.js), to its first playable card;
- **pyscript-worker**: learn/python.html, plain JS on the main thread and a PyScript worker
  that installs the engine's wheel with micropip, to its editor ready to run.

For each, at 1x and 4x CPU (Emulation.setCPUThrottlingRate, a mid-range phone): the time to
ready and the longest main-thread task after the first paint (Long Tasks API), then at 1x a
repeat visit in the same profile (HTTP cache and service worker warm). Last, what the PyScript
variant adds to the site, gzip-compressed: PyScript's files, micropip and the engine's wheel.
"""

from __future__ import annotations

import gzip
import shutil
import statistics
import tempfile
from pathlib import Path
from typing import Any

from .browser import CHROMIUM_ARGS, DEFAULT_CHROMIUM, bench_site, chromium

HERE = Path(__file__).resolve().parent
FIRST_CARD_QUERY = "?game=koz-maca&seed=2&speed=0&level=easy"  # the player leads at once
THROTTLE = 4
SETTLE_MS = 1500  # after ready, long tasks still counted
LONG_JS = (HERE / "long-tasks.js").read_text(encoding="utf-8")
# When a variant is ready (ms since navigation), read once the condition holds.
VARIANTS: dict[str, tuple[str, str]] = {
    "bare": ("bare/", "typeof window.__ready_at === 'number'"),
    "game": (
        f"game/{FIRST_CARD_QUERY}",
        "performance.getEntriesByName('tt:input').length > 0",
    ),
    "pyscript-worker": (
        "game/learn/python.html",
        "!!document.querySelector('[data-state=\"ready\"]')",
    ),
}
READY_AT = {
    "bare": "window.__ready_at",
    "game": "performance.getEntriesByName('tt:input')[0].startTime",
    "pyscript-worker": "performance.now()",  # (read as soon as the page says it is ready)
}
LONGEST_AFTER_PAINT = """() => {
    const paint = performance.getEntriesByType('paint');
    const first = paint.length ? Math.min(...paint.map(e => e.startTime)) : 0;
    return Math.max(0, ...window.__long.filter(([s, d]) => s + d > first).map(([s, d]) => d));
}"""


def visit(ctx: Any, base: str, variant: str, throttle: int) -> tuple[float, float]:
    """One visit: (seconds to ready, the longest main-thread task after first paint in ms)."""
    path, ready = VARIANTS[variant]
    page = ctx.new_page()
    if throttle > 1:
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.goto(f"{base}/{path}")
    page.wait_for_function(ready, timeout=240_000, polling="raf")
    at = float(page.evaluate(READY_AT[variant])) / 1000
    page.wait_for_timeout(SETTLE_MS)
    longest = float(page.evaluate(LONGEST_AFTER_PAINT))
    page.close()
    return at, longest


def added_gzip(site: Path) -> dict[str, int]:
    """What the PyScript variant adds to the site, gzip-compressed, by part."""
    game = site / "game"
    parts = {
        "PyScript": sorted((game / "runtime").glob("pyscript-*/**/*")),
        "micropip": sorted(game.rglob("micropip-*.whl")),
        "engine wheel": sorted((game / "wheels").glob("*.whl")),
    }
    return {
        k: sum(len(gzip.compress(p.read_bytes(), 6)) for p in files if p.is_file())
        for k, files in parts.items()
    }


def page_runtimes(runs: int) -> None:
    from playwright.sync_api import sync_playwright

    server, base, site = bench_site()
    if not (site / "game" / "learn" / "python.html").is_file():
        raise SystemExit("dist/learn/python.html is not built: the PyScript variant is missing")
    ready: dict[tuple[str, int], list[float]] = {}
    longest: dict[tuple[str, int], list[float]] = {}
    repeat: dict[str, list[float]] = {}
    with sync_playwright() as p:
        for i in range(runs):
            line = []
            for variant in VARIANTS:
                for throttle in (1, THROTTLE):
                    profile = tempfile.mkdtemp(prefix="tt-bench-runtimes-")
                    ctx = p.chromium.launch_persistent_context(
                        profile,
                        executable_path=chromium() or DEFAULT_CHROMIUM,
                        args=CHROMIUM_ARGS,
                        service_workers="allow",
                    )
                    ctx.add_init_script(LONG_JS)
                    at, worst = visit(ctx, base, variant, throttle)
                    ready.setdefault((variant, throttle), []).append(at)
                    longest.setdefault((variant, throttle), []).append(worst)
                    if throttle == 1:
                        again, _ = visit(ctx, base, variant, 1)
                        repeat.setdefault(variant, []).append(again)
                    ctx.close()
                    shutil.rmtree(profile, ignore_errors=True)
                    line.append(f"{variant} {throttle}x {at:.2f} s/{worst:.0f} ms")
            print(f"run {i + 1}: " + ", ".join(line), flush=True)
    server.shutdown()
    med = statistics.median
    bare = med(ready[("bare", 1)])
    print(
        f"\n{'variant':<18} {'ready 1x':>9} {'/bare':>6} {'ready 4x':>9} "
        f"{'longest task 1x / 4x':>22} {'repeat':>7} {'/bare':>6}"
    )
    for variant in VARIANTS:
        r1, r4 = med(ready[(variant, 1)]), med(ready[(variant, THROTTLE)])
        l1, l4 = med(longest[(variant, 1)]), med(longest[(variant, THROTTLE)])
        rep = med(repeat[variant])
        print(
            f"{variant:<18} {r1:>7.2f} s {r1 / bare:>6.2f} {r4:>7.2f} s "
            f"{l1:>11.0f} / {l4:<5.0f} ms {rep:>5.2f} s {rep / bare:>6.2f}"
        )
    print(f"(medians of {runs} runs; ratios against the bare page's ready at 1x, {bare:.2f} s)")
    worst_4x = {v: max(longest[(v, THROTTLE)]) for v in VARIANTS}
    print(
        "longest task of any run at 4x: "
        + ", ".join(f"{v} {t:.0f} ms" for v, t in worst_4x.items())
    )
    added = added_gzip(site)
    print(
        "added by the PyScript variant, gzip: "
        + ", ".join(f"{k} {v / 1e3:.0f} KB" for k, v in added.items())
        + f" (total {sum(added.values()) / 1e3:.0f} KB)"
    )
