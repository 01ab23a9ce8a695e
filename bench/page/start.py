"""How fast the page starts: `page-load` (cold navigation -> interactive table against a bare
PyScript page) and `page-start` (lobby, first card, repeat visit from the service worker, the
first visit's transfer and a throttled line, each beside the bare page's time to ready)."""

from __future__ import annotations

import shutil
import statistics
import tempfile

from .browser import (
    CHROMIUM_ARGS,
    DEFAULT_CHROMIUM,
    bench_site,
    chromium,
    gzip_bytes,
    launch,
    mark,
    served_gzip,
)

FIRST_CARD_QUERY = "?game=koz-maca&seed=2&speed=0&level=easy"  # the player leads at once


def page_load(runs: int) -> None:
    """Cold navigation -> interactive table, ours vs a bare PyScript page (median of runs)."""
    from playwright.sync_api import sync_playwright

    server, base, _site = bench_site()
    results: dict[str, list[tuple[float, int]]] = {"bare": [], "ours": []}
    ours_python: list[float] = []  # from ui/main.py starting to the lobby shown
    with sync_playwright() as p:
        for i in range(runs):
            for label, url, marker in (
                ("bare", f"{base}/bare/", "window.__ready_at"),
                ("ours", f"{base}/game/", "window.__tt_ready_at"),
            ):
                # A fresh browser each time: a closed page's leftover work (WebAssembly tier-up,
                # storage) would otherwise slow down the next page measured.
                browser = launch(p, CHROMIUM_ARGS)
                ctx = browser.new_context()
                page = ctx.new_page()
                page.wait_for_timeout(500)
                page.goto(url)
                page.wait_for_function(f"typeof {marker} === 'number'", timeout=120_000)
                t = page.evaluate(marker)
                if label == "ours":
                    page.wait_for_selector("[data-start]", timeout=10_000)
                    main_at = page.evaluate(
                        "performance.getEntriesByName('tt:main')[0]?.startTime ?? 0"
                    )
                    ours_python.append((t - main_at) / 1000.0)
                # Bytes over the wire up to now, from the page's own resource timing (listening
                # to every request from here would slow the page down).
                size = page.evaluate("""() => performance.getEntriesByType('navigation')
                    .concat(performance.getEntriesByType('resource'))
                    .reduce((n, e) => n + (e.transferSize || 0), 0)""")
                results[label].append((t / 1000.0, int(size)))
                browser.close()
            print(
                f"run {i + 1}: bare {results['bare'][-1][0]:.2f} s, "
                f"ours {results['ours'][-1][0]:.2f} s",
                flush=True,
            )
    server.shutdown()
    med = {k: statistics.median(t for t, _ in v) for k, v in results.items()}
    size = {k: statistics.median(s for _, s in v) for k, v in results.items()}
    print(
        f"bare PyScript page : {med['bare']:.2f} s median, {size['bare'] / 1e6:.2f} MB transferred"
    )
    print(
        f"trick-table (dist/): {med['ours']:.2f} s median, "
        f"{size['ours'] / 1e6:.2f} MB transferred"
        f" (of which {statistics.median(ours_python):.2f} s from ui/main.py to the lobby)"
    )
    pairs = statistics.median(o[0] / r[0] for o, r in zip(results["ours"], results["bare"]))
    print(
        f"ratio ours/bare    : {med['ours'] / med['bare']:.2f} of the medians, "
        f"{pairs:.2f} median of the paired runs (goal <= 0.60), runs={runs}"
    )


# The start's steps, as the page marks them: Pyodide asked for (ui/pyodide.js), Pyodide ready,
# the page's Python running (ui/main.py), the first card playable.
START_STEPS = ("tt:pyodide", "tt:pyodide-ready", "tt:main", "tt:input")
STEPS_JS = (
    "() => Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"
)


def start_figures(runs: int) -> None:
    """The figures of a fast start, each beside the bare PyScript page's time to ready in the
    same run: lobby interactive, first card playable, a repeat visit from the service worker,
    the first visit's transfer gzip-compressed, and the same on a throttled line."""
    from playwright.sync_api import sync_playwright

    served: list[tuple[str, int]] = []
    server, base, site = bench_site(served)
    rows: dict[str, list[float]] = {k: [] for k in ("bare", "lobby", "card", "repeat")}
    gz: list[int] = []
    whole: list[int] = []
    boots: list[str] = []  # how each repeat visit's Python started (ui/pyodide.js)
    steps: list[dict[str, float]] = []  # and when it reached each of START_STEPS
    with sync_playwright() as p:
        for i in range(runs):
            browser = launch(p, CHROMIUM_ARGS)
            page = browser.new_context().new_page()
            page.goto(f"{base}/bare/")
            page.wait_for_function("typeof window.__ready_at === 'number'", timeout=120_000)
            rows["bare"].append(page.evaluate("window.__ready_at") / 1000)
            browser.close()

            # A profile on disk, as a player's browser has: its HTTP cache keeps the runtime
            # (an in-memory incognito cache does not keep a 9.6 MB file).
            profile = tempfile.mkdtemp(prefix="tt-bench-profile-")
            ctx = p.chromium.launch_persistent_context(
                profile,
                executable_path=chromium() or DEFAULT_CHROMIUM,
                args=CHROMIUM_ARGS,
                service_workers="allow",
            )
            page = ctx.new_page()
            served.clear()
            page.goto(f"{base}/game/")
            rows["lobby"].append(mark(page, "tt:lobby") / 1000)
            page.goto(f"{base}/game/{FIRST_CARD_QUERY}")
            rows["card"].append(mark(page, "tt:input") / 1000)
            gz.append(gzip_bytes(site / "game", page, "/game/"))
            page.wait_for_function(
                "navigator.serviceWorker.ready.then(r => !!r.active)", timeout=120_000
            )
            # and the browser has made the snapshot the repeat visit starts from (ui/snapshot.js)
            page.wait_for_function(
                "window.__tt_snapshot_made && window.__tt_snapshot_made()",
                timeout=180_000,
                polling=250,
            )
            page.wait_for_timeout(1000)
            whole.append(served_gzip(site, served))
            page.evaluate("localStorage.clear()")
            again = ctx.new_page()
            again.goto(f"{base}/game/{FIRST_CARD_QUERY}")
            rows["repeat"].append(mark(again, "tt:input") / 1000)
            boots.append(str(again.evaluate("window.__tt_boot ? window.__tt_boot().from : '?'")))
            steps.append(again.evaluate(STEPS_JS))
            ctx.close()
            shutil.rmtree(profile, ignore_errors=True)
            print(
                f"run {i + 1}: bare {rows['bare'][-1]:.2f} s, lobby {rows['lobby'][-1]:.3f} s, "
                f"first card {rows['card'][-1]:.2f} s, repeat {rows['repeat'][-1]:.2f} s",
                flush=True,
            )
        # a throttled line: 10 Mbit/s down, 40 ms latency (one run)
        browser = launch(p, CHROMIUM_ARGS)
        ctx = browser.new_context()
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": 40,
                "downloadThroughput": 10e6 / 8,
                "uploadThroughput": 5e6 / 8,
            },
        )
        page.goto(f"{base}/game/")
        slow_lobby = mark(page, "tt:lobby", 600_000) / 1000
        page.goto(f"{base}/game/{FIRST_CARD_QUERY}")
        slow_card = mark(page, "tt:input", 600_000) / 1000
        browser.close()
    server.shutdown()
    med = {k: statistics.median(v) for k, v in rows.items()}
    bare = med["bare"]
    print(f"bare PyScript page, ready          : {bare:.2f} s median (runs={runs})")
    for key, label, goal in (
        ("lobby", "lobby interactive", 0.15),
        ("card", "first card playable", 0.6),
        ("repeat", "repeat visit (service worker)", 0.3),
    ):
        print(f"{label:<35}: {med[key]:.3f} s = {med[key] / bare:.2f} x bare (goal <= {goal})")
    print(
        f"  started from the snapshot         : {boots.count('snapshot')} of {len(boots)} "
        f"repeat visits; median ms at "
        + ", ".join(
            f"{name} {statistics.median(s[name] for s in steps):.0f}"
            for name in START_STEPS
            if all(name in s for s in steps)
        )
    )
    print(
        f"first visit, gzip-compressed        : {statistics.median(gz) / 1e6:.2f} MB "
        f"(goal <= 5 MB): what the page fetched up to its first playable card"
    )
    print(
        f"  with the service worker's install : {statistics.median(whole) / 1e6:.2f} MB: "
        f"every request the server answered with a body in that visit (the page, the "
        f"workers and the precache of dist/ for offline play; the snapshot is made in the "
        f"browser)"
    )
    print(
        f"10 Mbit/s, 40 ms (served uncompressed): lobby interactive {slow_lobby:.2f} s, "
        f"first card playable {slow_card:.2f} s"
    )
