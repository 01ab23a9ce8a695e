"""The page's decision times (`page-ai`): the page's computer at the default level makes every
decision of a few seeded deals of each game in its worker, timed beside engine.ai.choose in
CPython on the same positions."""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

from engine import GAMES, ai, replay
from sitebuild.files import DIST, log

from .browser import (
    BENCH_AI_TIMEOUT,
    CHROMIUM_ARGS,
    launch,
    percentile,
    serve_in_background,
    tap_felt,
)


def page_ai(deals: int, seed: int) -> None:
    """Decision time of the default level: the page's worker (as the page measures it) and
    CPython in this process, on the same positions."""
    from playwright.sync_api import sync_playwright

    level = ai.DEFAULT_LEVEL
    server, base = serve_in_background(DIST)
    base += "/"
    samples: dict[str, list[dict[str, Any]]] = {}
    t_start = time.perf_counter()
    with sync_playwright() as p:
        browser = launch(p, [*CHROMIUM_ARGS, "--disable-dev-shm-usage"])
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.set_default_timeout(BENCH_AI_TIMEOUT)

        def start(game: str, match_seed: int) -> None:
            page.evaluate("q => window.__tt_reset(q)", f"?game={game}&seed={match_seed}&speed=0")
            page.wait_for_selector("#table:not([hidden])", state="attached")

        def step() -> str:
            """One decision by the page's computer (any seat); "summary" when a deal ended."""
            for _ in range(100):
                try:
                    page.wait_for_selector(
                        "#table[data-input], [data-summary], #table[data-tap]", state="attached"
                    )
                except Exception:  # noqa: BLE001 (say where it stuck, then stop)
                    sys.exit(
                        f"page-ai: the computer seats made no move for "
                        f"{BENCH_AI_TIMEOUT / 1000:.0f} s; state "
                        f"{page.evaluate('window.__tt_state()')}; errors {errors}"
                    )
                if page.query_selector("[data-summary], #table[data-input]"):
                    break
                # At Instant a finished trick waits for a tap on the felt.
                tap_felt(page)
            if page.query_selector("[data-summary]"):
                return "summary"
            before = page.get_attribute("#table", "data-seq")
            page.evaluate("window.__tt_think()")
            try:
                page.wait_for_function(
                    "s => document.getElementById('table').dataset.seq !== s "
                    "|| document.querySelector('[data-summary]')",
                    arg=before,
                )
            except Exception:  # noqa: BLE001 (say where it stuck, then stop)
                sys.exit(
                    f"page-ai: no move after {BENCH_AI_TIMEOUT / 1000:.0f} s; state "
                    f"{page.evaluate('window.__tt_state()')}; errors {errors}"
                )
            return "input"

        page.goto(base + "?speed=0")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        # Warm-up: the worker boots its own Pyodide and imports the search on its first
        # decision; that one is not a decision time.
        start("koz-maca", seed + 1000)
        while not json.loads(page.evaluate("window.__tt_ai_times()")):
            step()
        page.evaluate("window.__tt_ai_times(true)")
        state = json.loads(page.evaluate("window.__tt_state()"))
        if state["ai"]["level"] != level or state["ai"]["broken"]:
            sys.exit(f"page-ai: the page's computer is not the worker at {level!r}: {state['ai']}")
        log(
            f"worker ready ({time.perf_counter() - t_start:.0f} s); level {level!r}, "
            f"{deals} deal(s) per game, seed {seed}"
        )
        for game in GAMES:
            t0 = time.perf_counter()
            match_seed = seed
            start(game, match_seed)
            done = 0
            while done < deals:
                if step() != "summary":
                    continue
                done += 1
                if done >= deals:
                    break
                if page.query_selector('[data-summary] [data-action="next"]'):
                    page.click('[data-summary] [data-action="next"]')
                    page.wait_for_selector("[data-summary]", state="detached")
                else:  # the match is over: a new one, with the next seed
                    match_seed += 1
                    start(game, match_seed)
            samples[game] = json.loads(page.evaluate("window.__tt_ai_times(true)"))
            log(
                f"{game}: {len(samples[game])} decisions in the page "
                f"({time.perf_counter() - t0:.0f} s)"
            )
        browser.close()
    server.shutdown()
    if errors:
        sys.exit(f"page-ai: errors in the page: {errors}")

    def row(label: str, page_ms: list[float], py_ms: list[float], same: int) -> str:
        pm, pp = statistics.median(page_ms), percentile(page_ms, 95)
        cm, cp = statistics.median(py_ms), percentile(py_ms, 95)
        return (
            f"{label:<14} {len(page_ms):>5} {pm:>8.0f} {pp:>8.0f} {cm:>8.0f} {cp:>8.0f} "
            f"{pm / cm:>6.1f} {pp / cp:>6.1f} {same:>5}/{len(page_ms)}"
        )

    print(
        f"Decision time at the default level ({level!r}), ms: the page's worker round trip "
        f"(performance.now() around\neach request, which includes rebuilding the position "
        f"from the match record) vs engine.ai.choose in CPython\non the same positions; "
        f"p95 is nearest-rank; 'same' counts equal moves.",
        flush=True,
    )
    print(
        f"{'game':<14} {'dec':>5} {'page med':>8} {'page p95':>8} {'py med':>8} {'py p95':>8} "
        f"{'x med':>6} {'x p95':>6} {'same':>11}"
    )
    all_page: list[float] = []
    all_py: list[float] = []
    all_same = 0
    for game, entries in samples.items():
        page_ms: list[float] = []
        py_ms: list[float] = []
        same = 0
        for e in entries:
            d = replay(json.loads(e["record"])).deal
            t = time.perf_counter()
            move = ai.choose(d, d.to_move, level=e["level"], seed=e["seed"])
            py_ms.append((time.perf_counter() - t) * 1000)
            page_ms.append(float(e["ms"]))
            same += move == e["move"]
        if not entries:
            print(f"{game:<14} {0:>5}  (no decisions)")
            continue
        print(row(game, page_ms, py_ms, same), flush=True)
        all_page += page_ms
        all_py += py_ms
        all_same += same
    if all_page:
        print(row("all", all_page, all_py, all_same))
        page_met = "met" if percentile(all_page, 95) <= 1000 else "NOT met"
        py_met = "met" if percentile(all_py, 95) <= 150 else "NOT met"
        print(
            f"goal: p95 <= 1000 ms in the page ({page_met}), <= 150 ms in CPython ({py_met}); "
            f"total {time.perf_counter() - t_start:.0f} s"
        )
