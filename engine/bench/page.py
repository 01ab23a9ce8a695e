"""The page's own figures, measured in Chromium on the built dist/ (in a source checkout).

    python -m engine.bench page-load [--runs N]
        build dist/, then time cold navigation -> interactive table for dist/ against a bare
        PyScript page built from the same npm runtime (median of N runs, default 5)
    python -m engine.bench page-start [--runs N]
        build dist/, then the figures of a fast start beside the bare PyScript page's time to
        ready in the same run: lobby interactive, first card playable, a repeat visit from the
        service worker, the first visit's transfer gzip-compressed, a 10 Mbit/s 40 ms line
    python -m engine.bench page-memory [--seed S]
        build dist/, then the page's memory at the table (renderer RSS and PSS) and the main
        thread's long tasks over one deal, with the search's worker (a second Pyodide) and
        without it, and the search's decision times (what would freeze the main thread)
    python -m engine.bench page-frames [--seed S] [--deals N]
        build dist/, then play whole deals of each family at Fast (every motion on) and at
        Instant (no motion: the baseline, same run), and count the frames over 50 ms (Long
        Animation Frames API, and gaps between animation frames) while the cards move; N deals
        in a row (default 2) on each of two page loads per game and speed, the page's first
        deal counted apart from the later ones
    python -m engine.bench page-ai [--deals N] [--seed S]
        build dist/, then have the page's computer (default level) make every decision of a few
        seeded deals of each game in its worker; print the page's own decision times next to
        CPython's on the same positions (--deals N per game, default 3; --seed S, default 7)

`python3 build.py bench` (page-start) and `python3 build.py bench-ai` are aliases of these. Both need the
repository's build.py (loaded from the checkout to build and serve dist/), the playwright
package and a Chromium (/usr/bin/chromium, else `chromium` on PATH, or CHROMIUM=/path); without
them they say why and exit with status 2. playwright is imported only inside the functions that
drive the browser, so the engine imports without it.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import sys
import tempfile
import threading
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

ROOT = Path(__file__).resolve().parents[2]  # the repository root in a source checkout
DEFAULT_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update"]
BENCH_AI_TIMEOUT = 30_000  # ms one page decision may take before page-ai gives up


# ----------------------------------------------------------------------------------- setting up
def chromium() -> str | None:
    """The Chromium to launch: $CHROMIUM (default /usr/bin/chromium), else `chromium` on PATH."""
    path = os.environ.get("CHROMIUM", DEFAULT_CHROMIUM)
    return path if os.path.isfile(path) else shutil.which("chromium")


def unavailable(root: Path = ROOT) -> str | None:
    """Why the page cannot be measured here, or None when it can."""
    if not (root / "build.py").is_file() or not (root / "ui").is_dir():
        return f"no build.py next to the engine package (in {root}); not a source checkout"
    if importlib.util.find_spec("playwright") is None:
        return "the playwright package is not installed"
    if chromium() is None:
        return (f"no Chromium at {os.environ.get('CHROMIUM', DEFAULT_CHROMIUM)} nor on PATH "
                f"(set CHROMIUM=/path/to/chromium)")
    return None


def load_build(root: Path = ROOT) -> ModuleType:
    """The repository's build.py as a module (the one already running, when it is)."""
    path = (root / "build.py").resolve()
    for name in ("build", "__main__"):
        mod = sys.modules.get(name)
        file = getattr(mod, "__file__", None)
        if mod is not None and file and Path(file).resolve() == path:
            return mod
    spec = importlib.util.spec_from_file_location("build", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build", mod)
    spec.loader.exec_module(mod)
    return mod


def launch(p: Playwright, args: list[str]) -> Browser:
    """A fresh headless Chromium (the one `chromium()` finds)."""
    exe = chromium() or DEFAULT_CHROMIUM
    try:
        return p.chromium.launch(executable_path=exe, args=args)
    except Exception as e:  # noqa: BLE001 (a clear message instead of playwright's traceback)
        sys.exit(f"could not start Chromium ({exe}): {e}")


def serve_in_background(b: ModuleType, directory: Path,
                        served: list[tuple[str, int]] | None = None) -> tuple[Any, str]:
    """build.py's static server on a free port in a daemon thread, and its base URL. With
    `served`, every request's path and status code is appended to it (whoever asked: the page,
    its worker or its service worker)."""
    if served is None:
        server = b.make_server(directory, 0)
    else:
        import functools
        import http.server

        log = served

        class Recording(b.QuietHandler):  # type: ignore[name-defined,misc]
            def log_request(self, code: Any = "-", size: Any = "-") -> None:
                log.append((self.path, int(getattr(code, "value", code))))

        server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(Recording, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


# ------------------------------------------------------------------------------------ page-load
BARE_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare</title>
<link rel="stylesheet" href="./pyscript/core.css">
<script type="module" src="./pyscript/core.js"></script></head>
<body><script type="py" config="./pyscript.toml">
import js
print("ready")
js.Reflect.set(js.window, "__ready_at", js.performance.now())
</script></body></html>
"""


def build_bare(b: ModuleType, dist: Path) -> Path:
    """A bare PyScript page from the stock npm runtime that only prints "ready"."""
    pyodide_dir = b.npm_package("pyodide")
    pyscript_dir = b.npm_package("pyscript")
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"):
        b.copy_if_changed(pyodide_dir / name, dist / "pyodide" / name)
    for p in (pyscript_dir / "dist").iterdir():
        if p.suffix in (".js", ".css"):
            b.copy_if_changed(p, dist / "pyscript" / p.name)
    b.write_if_changed(dist / "pyscript.toml", b'interpreter = "./pyodide/pyodide.mjs"\n')
    b.write_if_changed(dist / "index.html", BARE_HTML.encode())
    return dist


def bench_site(b: ModuleType, served: list[tuple[str, int]] | None = None
               ) -> tuple[Any, str, Path]:
    """A fresh copy of dist/ (at /game/) beside the bare PyScript page (at /bare/), served in
    the background: the server, its base URL and the folder."""
    site = b.CACHE / "bench" / "site"
    shutil.rmtree(site, ignore_errors=True)
    shutil.copytree(b.DIST, site / "game")
    build_bare(b, site / "bare")
    server, base = serve_in_background(b, site, served)
    return server, base, site


def served_gzip(site: Path, served: list[tuple[str, int]]) -> int:
    """What the requests answered with a body (200) weigh gzip-compressed, as a static host
    serves them (304 Not Modified answers carry no body)."""
    import gzip

    total = 0
    for path, code in served:
        rel = path.split("?", 1)[0].split("#", 1)[0].lstrip("/")
        file = site / rel
        if file.is_dir():
            file = file / "index.html"
        if code == 200 and file.is_file():
            total += len(gzip.compress(file.read_bytes(), 6))
    return total


def page_load(b: ModuleType, runs: int) -> None:
    """Cold navigation -> interactive table, ours vs a bare PyScript page (median of runs)."""
    import statistics

    from playwright.sync_api import sync_playwright

    server, base, _site = bench_site(b)
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
                        "performance.getEntriesByName('tt:main')[0]?.startTime ?? 0")
                    ours_python.append((t - main_at) / 1000.0)
                # Bytes over the wire up to now, from the page's own resource timing (listening
                # to every request from here would slow the page down).
                size = page.evaluate("""() => performance.getEntriesByType('navigation')
                    .concat(performance.getEntriesByType('resource'))
                    .reduce((n, e) => n + (e.transferSize || 0), 0)""")
                results[label].append((t / 1000.0, int(size)))
                browser.close()
            print(f"run {i + 1}: bare {results['bare'][-1][0]:.2f} s, "
                  f"ours {results['ours'][-1][0]:.2f} s", flush=True)
    server.shutdown()
    med = {k: statistics.median(t for t, _ in v) for k, v in results.items()}
    size = {k: statistics.median(s for _, s in v) for k, v in results.items()}
    print(f"bare PyScript page : {med['bare']:.2f} s median, "
          f"{size['bare'] / 1e6:.2f} MB transferred")
    print(f"trick-table (dist/): {med['ours']:.2f} s median, "
          f"{size['ours'] / 1e6:.2f} MB transferred"
          f" (of which {statistics.median(ours_python):.2f} s from ui/main.py to the lobby)")
    pairs = statistics.median(o[0] / r[0] for o, r in zip(results["ours"], results["bare"]))
    print(f"ratio ours/bare    : {med['ours'] / med['bare']:.2f} of the medians, "
          f"{pairs:.2f} median of the paired runs (goal <= 0.60), runs={runs}")


# ---------------------------------------------------------------------- start and offline figures
FIRST_CARD_QUERY = "?game=koz-maca&seed=2&speed=0&level=easy"  # the player leads at once


def mark(page: Any, name: str, timeout: float = 120_000) -> float:
    """A performance mark's time (ms since navigation), waiting for it."""
    page.wait_for_function(f"performance.getEntriesByName('{name}').length > 0", timeout=timeout)
    return float(page.evaluate(f"performance.getEntriesByName('{name}')[0].startTime"))


def gzip_bytes(dist: Path, page: Any, prefix: str) -> int:
    """What the files this page fetched weigh gzip-compressed, as a static host serves them."""
    import gzip

    urls = page.evaluate("""() => performance.getEntriesByType('navigation')
        .concat(performance.getEntriesByType('resource')).map(e => e.name)""")
    total = 0
    for url in set(urls):
        rel = url.split(prefix, 1)[-1].split("?", 1)[0].split("#", 1)[0] or "index.html"
        path = dist / rel
        if path.is_file():
            total += len(gzip.compress(path.read_bytes(), 6))
    return total


# The start's steps, as the page marks them: Pyodide asked for (ui/pyodide.js), Pyodide ready,
# the page's Python running (ui/main.py), the first card playable.
START_STEPS = ("tt:pyodide", "tt:pyodide-ready", "tt:main", "tt:input")
STEPS_JS = ("() => Object.fromEntries(performance.getEntriesByType('mark')"
            ".map(m => [m.name, m.startTime]))")


def start_figures(b: ModuleType, runs: int) -> None:
    """The figures of a fast start, each beside the bare PyScript page's time to ready in the
    same run: lobby interactive, first card playable, a repeat visit from the service worker,
    the first visit's transfer gzip-compressed, and the same on a throttled line."""
    import statistics

    from playwright.sync_api import sync_playwright

    served: list[tuple[str, int]] = []
    server, base, site = bench_site(b, served)
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
                profile, executable_path=chromium() or DEFAULT_CHROMIUM, args=CHROMIUM_ARGS,
                service_workers="allow")
            page = ctx.new_page()
            served.clear()
            page.goto(f"{base}/game/")
            rows["lobby"].append(mark(page, "tt:lobby") / 1000)
            page.goto(f"{base}/game/{FIRST_CARD_QUERY}")
            rows["card"].append(mark(page, "tt:input") / 1000)
            gz.append(gzip_bytes(site / "game", page, "/game/"))
            page.wait_for_function("navigator.serviceWorker.ready.then(r => !!r.active)",
                                   timeout=120_000)
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
            print(f"run {i + 1}: bare {rows['bare'][-1]:.2f} s, lobby {rows['lobby'][-1]:.3f} s, "
                  f"first card {rows['card'][-1]:.2f} s, repeat {rows['repeat'][-1]:.2f} s",
                  flush=True)
        # a throttled line: 10 Mbit/s down, 40 ms latency (one run)
        browser = launch(p, CHROMIUM_ARGS)
        ctx = browser.new_context()
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": 40, "downloadThroughput": 10e6 / 8,
            "uploadThroughput": 5e6 / 8})
        page.goto(f"{base}/game/")
        slow_lobby = mark(page, "tt:lobby", 600_000) / 1000
        page.goto(f"{base}/game/{FIRST_CARD_QUERY}")
        slow_card = mark(page, "tt:input", 600_000) / 1000
        browser.close()
    server.shutdown()
    med = {k: statistics.median(v) for k, v in rows.items()}
    bare = med["bare"]
    print(f"bare PyScript page, ready          : {bare:.2f} s median (runs={runs})")
    for key, label, goal in (("lobby", "lobby interactive", 0.15),
                             ("card", "first card playable", 0.6),
                             ("repeat", "repeat visit (service worker)", 0.3)):
        print(f"{label:<35}: {med[key]:.3f} s = {med[key] / bare:.2f} x bare (goal <= {goal})")
    print(f"  started from the snapshot         : {boots.count('snapshot')} of {len(boots)} "
          f"repeat visits; median ms at " + ", ".join(
              f"{name} {statistics.median(s[name] for s in steps):.0f}" for name in START_STEPS
              if all(name in s for s in steps)))
    print(f"first visit, gzip-compressed        : {statistics.median(gz) / 1e6:.2f} MB "
          f"(goal <= 5 MB): what the page fetched up to its first playable card")
    print(f"  with the service worker's install : {statistics.median(whole) / 1e6:.2f} MB: "
          f"every request the server answered with a body in that visit (the page, the "
          f"worker and the precache of dist/ for offline play)")
    print(f"10 Mbit/s, 40 ms (served uncompressed): lobby interactive {slow_lobby:.2f} s, "
          f"first card playable {slow_card:.2f} s")


# -------------------------------------------------------------------------------------- page-ai
def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    import math

    xs = sorted(values)
    return xs[max(0, math.ceil(q / 100 * len(xs)) - 1)]


def page_ai(b: ModuleType, deals: int, seed: int) -> None:
    """Decision time of the default level: the page's worker (as the page measures it) and
    CPython in this process, on the same positions."""
    import statistics
    import time

    from playwright.sync_api import sync_playwright

    from .. import GAMES, ai, replay

    level = ai.DEFAULT_LEVEL
    server, base = serve_in_background(b, b.DIST)
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
                        "#table[data-input], [data-summary], #table[data-tap]", state="attached")
                except Exception:  # noqa: BLE001 (say where it stuck, then stop)
                    sys.exit(f"page-ai: the computer seats made no move for "
                             f"{BENCH_AI_TIMEOUT / 1000:.0f} s; state "
                             f"{page.evaluate('window.__tt_state()')}; errors {errors}")
                if page.query_selector("[data-summary], #table[data-input]"):
                    break
                # At Instant a finished trick waits for a tap on the felt.
                box = page.query_selector("#felt").bounding_box()
                page.click("#felt", position={"x": box["width"] / 2, "y": box["height"] / 2})
            if page.query_selector("[data-summary]"):
                return "summary"
            before = page.get_attribute("#table", "data-seq")
            page.evaluate("window.__tt_think()")
            try:
                page.wait_for_function(
                    "s => document.getElementById('table').dataset.seq !== s "
                    "|| document.querySelector('[data-summary]')", arg=before)
            except Exception:  # noqa: BLE001 (say where it stuck, then stop)
                sys.exit(f"page-ai: no move after {BENCH_AI_TIMEOUT / 1000:.0f} s; state "
                         f"{page.evaluate('window.__tt_state()')}; errors {errors}")
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
        b.log(f"worker ready ({time.perf_counter() - t_start:.0f} s); level {level!r}, "
              f"{deals} deal(s) per game, seed {seed}")
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
            b.log(f"{game}: {len(samples[game])} decisions in the page "
                  f"({time.perf_counter() - t0:.0f} s)")
        browser.close()
    server.shutdown()
    if errors:
        sys.exit(f"page-ai: errors in the page: {errors}")

    def row(label: str, page_ms: list[float], py_ms: list[float], same: int) -> str:
        pm, pp = statistics.median(page_ms), percentile(page_ms, 95)
        cm, cp = statistics.median(py_ms), percentile(py_ms, 95)
        return (f"{label:<14} {len(page_ms):>5} {pm:>8.0f} {pp:>8.0f} {cm:>8.0f} {cp:>8.0f} "
                f"{pm / cm:>6.1f} {pp / cp:>6.1f} {same:>5}/{len(page_ms)}")

    print(f"Decision time at the default level ({level!r}), ms: the page's worker round trip "
          f"(performance.now() around\neach request, which includes rebuilding the position "
          f"from the match record) vs engine.ai.choose in CPython\non the same positions; "
          f"p95 is nearest-rank; 'same' counts equal moves.", flush=True)
    print(f"{'game':<14} {'dec':>5} {'page med':>8} {'page p95':>8} {'py med':>8} {'py p95':>8} "
          f"{'x med':>6} {'x p95':>6} {'same':>11}")
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
        print(f"goal: p95 <= 1000 ms in the page ({page_met}), <= 150 ms in CPython ({py_met}); "
              f"total {time.perf_counter() - t_start:.0f} s")


def think_to_summary(page: Any) -> int:
    """Plays the deal on show to its summary, the player's seat by the page's computer
    (__tt_think), tapping the felt where a finished trick waits; returns the player's moves."""
    moves = 0
    while not page.query_selector("[data-summary]"):
        page.wait_for_selector("#table[data-input], [data-summary], #table[data-tap]",
                               state="attached")
        if page.query_selector("[data-summary]"):
            break
        if not page.query_selector("#table[data-input]"):
            box = page.query_selector("#felt").bounding_box()
            page.click("#felt", position={"x": box["width"] / 2, "y": box["height"] / 2})
            continue
        before = page.get_attribute("#table", "data-seq")
        page.evaluate("window.__tt_think()")
        page.wait_for_function("s => document.getElementById('table').dataset.seq !== s "
                               "|| document.querySelector('[data-summary]')", arg=before)
        moves += 1
    return moves


# ---------------------------------------------------------------------------------- page-memory
LONG_TASKS = """
window.__long = [];
try {
  new PerformanceObserver(l => { for (const e of l.getEntries()) window.__long.push(
    [Math.round(e.startTime), Math.round(e.duration)]); })
    .observe({ type: "longtask", buffered: true });
} catch (e) { /* no long task timing */ }
"""


def renderer_memory(browser: Any) -> dict[str, float]:
    """The renderer processes' memory (MB): resident (RSS) and proportional (PSS, shared pages
    split among the processes that share them), from /proc, for the pids Chromium reports."""
    cdp = browser.new_browser_cdp_session()
    info = cdp.send("SystemInfo.getProcessInfo")
    rss = pss = 0.0
    for proc in info.get("processInfo", []):
        if proc.get("type") != "renderer":
            continue
        try:
            text = Path(f"/proc/{proc['id']}/smaps_rollup").read_text()
        except OSError:
            continue
        for line in text.splitlines():
            key, _, rest = line.partition(":")
            if key in ("Rss", "Pss"):
                kb = float(rest.split()[0]) / 1024
                rss, pss = (rss + kb, pss) if key == "Rss" else (rss, pss + kb)
    return {"rss": rss, "pss": pss}


def page_memory(b: ModuleType, seed: int) -> None:
    """The page's memory at the table and its main thread's long tasks over one Koz Maça deal,
    with the computer players' search in its worker (a second Pyodide) and with the level that
    needs no worker, each in a fresh browser; and how long the search's decisions take, which
    is how long the page would freeze if the search ran on the main thread."""
    import statistics

    from playwright.sync_api import sync_playwright

    server, base = serve_in_background(b, b.DIST)
    rows: dict[str, dict[str, Any]] = {}
    with sync_playwright() as p:
        for label, level in (("with the worker", ""), ("no worker (easy)", "easy")):
            browser = launch(p, [*CHROMIUM_ARGS, "--disable-dev-shm-usage"])
            page = browser.new_page()
            page.add_init_script(LONG_TASKS)
            page.set_default_timeout(BENCH_AI_TIMEOUT)
            query = f"?game=koz-maca&seed={seed}&speed=0" + (f"&level={level}" if level else "")
            page.goto(f"{base}/{query}")
            page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
            ready = float(page.evaluate("window.__tt_ready_at"))
            moves = think_to_summary(page)
            page.wait_for_timeout(500)
            state = json.loads(page.evaluate("window.__tt_state()"))
            every = page.evaluate("window.__long")
            long_tasks = [d for t, d in every if t > ready]
            times = [float(e["ms"]) for e in json.loads(page.evaluate("window.__tt_ai_times()"))]
            rows[label] = {"mem": renderer_memory(browser), "long": long_tasks,
                           "start": [d for t, d in every if t <= ready], "ready": ready,
                           "times": times, "worker": state["ai"]["worker"], "moves": moves}
            browser.close()
    server.shutdown()
    print(f"Koz Maça, seed {seed}, one deal at Instant, the player's seat played by the page's "
          f"computer too (__tt_think)")
    print("long tasks: the main thread's tasks over 50 ms (Long Tasks API) during the deal, "
          "after the page was ready; at start: before it was ready (loading the runtime)")
    print(f"{'':<18} {'RSS MB':>8} {'PSS MB':>8} {'long tasks':>10} {'> 100 ms':>8} "
          f"{'longest':>8} {'at start':>9}")
    for label, r in rows.items():
        longs = r["long"]
        print(f"{label:<18} {r['mem']['rss']:>8.0f} {r['mem']['pss']:>8.0f} {len(longs):>10} "
              f"{sum(d > 100 for d in longs):>8} {max(longs, default=0):>8.0f} "
              f"{len(r['start']):>4} ({max(r['start'], default=0):.0f} ms longest)")
    w, e = rows["with the worker"], rows["no worker (easy)"]
    print(f"the worker's Pyodide costs {w['mem']['pss'] - e['mem']['pss']:.0f} MB PSS "
          f"({w['mem']['pss'] / max(e['mem']['pss'], 1):.2f} x the page without it)")
    if w["times"]:
        over = sum(t > 100 for t in w["times"])
        print(f"the search's decisions in the worker: {len(w['times'])}, median "
              f"{statistics.median(w['times']):.0f} ms, p95 {percentile(w['times'], 95):.0f} ms; "
              f"{over} of them over 100 ms, each a long task (a frozen page) if the search ran "
              f"on the main thread")


# ---------------------------------------------------------------------------------- page-frames
FRAMES = """
window.__frames = {loaf: [], gaps: [], count: 0, on: false};
try {
  new PerformanceObserver(l => { if (!window.__frames.on) return;
    // where the table was when the long frame ended: the deal's summary on show, the cards
    // being dealt, or the play of a trick
    const at = document.querySelector("[data-summary]") ? "summary"
      : document.querySelector("#table[data-dealing]") ? "dealing" : "trick";
    for (const e of l.getEntries())
      window.__frames.loaf.push([Math.round(e.duration), at, e.startTime]); })
    .observe({ type: "long-animation-frame", buffered: false });
} catch (e) { window.__frames.noLoaf = true; }
(function tick(last) { requestAnimationFrame(t => {
  const f = window.__frames;
  if (f.on) { f.count++; if (last !== null && t - last > 50) f.gaps.push(Math.round(t - last)); }
  tick(t); }); })(null);
"""
FRAME_GAMES = ("koz-maca", "kozel-miner", "bidding-kozel")


def watch_deal(page: Any) -> dict[str, Any]:
    """The deal on show played to its summary, the player's seat by the page's computer
    (__tt_think), with frames counted from the table's look at the deal's start."""
    t0 = page.evaluate("window.__frames = {...window.__frames, loaf: [], gaps: [], count: 0, "
                       "on: true, t0: performance.now()}; window.__frames.t0")
    think_to_summary(page)
    page.wait_for_timeout(400)
    f = page.evaluate("window.__frames.on = false; "
                      "({...window.__frames, ms: performance.now() - window.__frames.t0})")
    # A frame that began before the table's first look is the page's start (its figures are
    # build.py bench's), not a trick's, even when it ends with the table on show.
    return {"loaf": [d for d, _at, _t in f["loaf"]],
            "trick": [d for d, at, t in f["loaf"] if at == "trick" and t >= t0],
            "gaps": f["gaps"], "frames": f["count"], "ms": f["ms"],
            "no_loaf": bool(f.get("noLoaf"))}


def play_watched(page: Any, base: str, query: str, deals: int) -> list[dict[str, Any]]:
    """`deals` deals in a row from `query` on one page load, as a player plays a match: the
    first deal shares the machine with the page's start (the computer players' worker, the
    offline copy, the card faces read ahead), the later ones do not."""
    if page.url.startswith(base):
        page.evaluate("localStorage.clear()")  # no saved match to offer back
    page.goto(f"{base}/{query}")
    page.wait_for_selector("#table:not([hidden])", state="attached", timeout=120_000)
    out = []
    for k in range(deals):
        if k:
            page.click('[data-summary] [data-action="next"]')
            page.wait_for_selector("[data-summary]", state="detached")
            page.wait_for_selector("#table:not([hidden])", state="attached")
        out.append(watch_deal(page))
        if page.query_selector('[data-summary] [data-action="next"]') is None:
            break  # the match is over
    return out


def page_frames(b: ModuleType, seed: int, deals: int) -> None:
    """Long frames over whole deals with every motion on (Fast) against Instant (no motion),
    one game of each family, in the same browser: `deals` deals in a row on one page load,
    twice per game and speed (two seeds)."""
    from playwright.sync_api import sync_playwright

    server, base = serve_in_background(b, b.DIST)
    rows: list[tuple[str, str, int, dict[str, Any]]] = []
    with sync_playwright() as p:
        browser = launch(p, [*CHROMIUM_ARGS, "--disable-dev-shm-usage"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.add_init_script(FRAMES)
        page.set_default_timeout(BENCH_AI_TIMEOUT)
        for game in FRAME_GAMES:
            for k in range(2):
                for label, speed in (("Fast (motion)", "1"), ("Instant (none)", "0")):
                    q = f"?game={game}&seed={seed + k}&speed={speed}"
                    for i, r in enumerate(play_watched(page, base, q, deals)):
                        rows.append((game, label, i, r))
        browser.close()
    server.shutdown()
    print("frames over 50 ms while whole deals are played (the player's seat by the page's "
          f"computer), at 1280x800, {deals} deal(s) in a row on each of two page loads per "
          "game and speed: Long Animation Frames (LoAF) and gaps between animation frames (rAF)")
    print("LoAF>50: all of them; in a trick: those that began with the deal's table on show and "
          "ended while a trick was being played (not the page's start, nor while the cards were "
          "dealt or the deal's summary came up); 1st: the page's first deal, later: the others")
    print(f"{'game':<14} {'speed':<15} {'deals':>5} {'seconds':>8} {'frames':>7} {'fps':>5} "
          f"{'LoAF>50':>8} {'trick 1st':>9} {'later':>6} {'rAF gaps>50':>11} {'longest ms':>10}"
          "  in a trick, per deal")
    for game in FRAME_GAMES:
        for label in ("Fast (motion)", "Instant (none)"):
            rs = [(i, r) for g, lab, i, r in rows if g == game and lab == label]
            secs = sum(r["ms"] for _i, r in rs) / 1000
            frames = sum(r["frames"] for _i, r in rs)
            loaf = [d for _i, r in rs for d in r["loaf"]]
            first = [d for i, r in rs if i == 0 for d in r["trick"]]
            later = [d for i, r in rs if i > 0 for d in r["trick"]]
            gaps = [d for _i, r in rs for d in r["gaps"]]
            print(f"{game:<14} {label:<15} {len(rs):>5} {secs:>8.1f} {frames:>7} "
                  f"{frames / max(secs, 1e-9):>5.0f} {len(loaf):>8} {len(first):>9} "
                  f"{len(later) if deals > 1 else '-':>6} {len(gaps):>11} "
                  f"{max(loaf + gaps, default=0):>10}  "
                  + " ".join(str(len(r["trick"])) for _i, r in rs))
    if any(r["no_loaf"] for _g, _l, _i, r in rows):
        print("(this Chromium has no Long Animation Frames API: only rAF gaps are counted)")


# ------------------------------------------------------------------------------------------ cli
def main(argv: list[str]) -> int:
    """`page-load [--runs N]` or `page-ai [--deals N] [--seed S]` (argv[0] is the command)."""
    command, rest = (argv[0], argv[1:]) if argv else ("", [])
    ap = argparse.ArgumentParser(prog=f"python -m engine.bench {command}",
                                 description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    if command in ("page-load", "page-start"):
        ap.add_argument("--runs", type=int, default=5 if command == "page-load" else 3,
                        help="cold loads of each page")
    elif command == "page-memory":
        ap.add_argument("--seed", type=int, default=2, help="the match seed (default 2)")
    elif command == "page-frames":
        ap.add_argument("--seed", type=int, default=2, help="the first match seed (default 2)")
        ap.add_argument("--deals", type=int, default=2,
                        help="deals in a row on each page load (default 2)")
    elif command == "page-ai":
        ap.add_argument("--deals", type=int, default=3, help="deals per game (default 3)")
        ap.add_argument("--seed", type=int, default=7, help="the first match seed (default 7)")
    else:
        print(f"unknown page benchmark {command!r} (page-load, page-start, page-ai, "
              f"page-memory, page-frames)",
              file=sys.stderr)
        return 2
    args = ap.parse_args(rest)
    for name in ("runs", "deals"):
        if getattr(args, name, 1) < 1:
            ap.error(f"--{name} must be at least 1, not {getattr(args, name)}")
    why = unavailable()
    if why:
        print(f"python -m engine.bench {command}: cannot measure the page: {why}",
              file=sys.stderr)
        return 2
    b = load_build()
    b.build()
    b.log(f"dist/ ready ({b.dist_size() / 1e6:.1f} MB)")
    if command == "page-load":
        page_load(b, args.runs)
    elif command == "page-start":
        start_figures(b, args.runs)
    elif command == "page-memory":
        page_memory(b, args.seed)
    elif command == "page-frames":
        page_frames(b, args.seed, args.deals)
    else:
        page_ai(b, args.deals, args.seed)
    return 0
