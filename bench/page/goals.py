"""The page's goals in one table (`page-goals`): the main thread's longest task and total
blocking time up to the first playable card, the input delay of taps on the lobby while the
page loads (also with the CPU throttled 4x), the first card and a repeat visit against the bare
PyScript page, the bytes and requests of a first visit (the service worker's offline copy
included), and the memory at the table; each beside the bare PyScript page of the same run.

It relies only on the page's lasting hooks: the performance marks `tt:lobby` and `tt:input`,
`html[data-ready]`, `window.__tt_boot()`, `window.__tt_sw`, and the controls `[data-start]`,
`[data-game-choice]`, `[data-legal]` and `[data-move]`."""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import shutil
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from sitebuild.files import CACHE, DIST, log
from sitebuild.serve import QuietHandler, make_server

from ..xengine import SNAPSHOT_CACHED, SW_ACTIVE
from .browser import CHROMIUM_ARGS, DEFAULT_CHROMIUM, HERE, build_bare, chromium, launch, mark
from .memory import renderer_memory as memory

# Deals at once and the player leads (Koz Maça, seed 2), at the default level: the computer
# players' worker starts as it does for a player.
GAME_QUERY = "?game=koz-maca&seed=2&speed=0"
THROTTLE = 4  # Emulation.setCPUThrottlingRate: a mid-range phone
ARGS = [
    *CHROMIUM_ARGS,
    "--disable-dev-shm-usage",
    # no spare renderer kept ready for the next tab: every renderer is the page's
    "--disable-features=SpareRendererForSitePerProcess",
]
# tall enough that the lobby's "Deal the cards" is on screen at first paint, tapped unscrolled
VIEWPORT: Any = {"width": 1280, "height": 1000}
TAP_EVERY = 0.15  # s between taps while the page loads (after the last tap was taken)
TAP_AFTER = 1.0  # s of taps once the page is ready
QUIET = 3.0  # s without a request: the first visit's fetching is over
LOAD_TIMEOUT = 180_000  # ms (a throttled start of the runtime on the main thread is slow)
BARE_READY = "typeof window.__ready_at === 'number'"
CHOICES_JS = """() => [...document.querySelectorAll('[data-game-choice]')].slice(0, 2)
    .map(n => n.getBoundingClientRect()).filter(r => r.width > 0)
    .map(r => [r.x + r.width / 2, r.y + r.height / 2])"""
SNAPSHOT_JS = f"() => {SNAPSHOT_CACHED}"
# The same loop on the main thread and in a dedicated worker: what the CPU throttling slows.
SPIN_JS = """async () => {
    const body = "let x = 0; const t = performance.now(); " +
        "for (let i = 0; i < 3e7; i++) x += Math.sqrt(i); return performance.now() - t;";
    const main = new Function(body)();
    const src = `onmessage = () => postMessage((() => { ${body} })());`;
    const w = new Worker(URL.createObjectURL(new Blob([src])));
    const inWorker = await new Promise(r => { w.onmessage = e => r(e.data); w.postMessage(0); });
    w.terminate();
    return [main, inWorker]; }"""
SW_ACTIVE_JS = f"() => {SW_ACTIVE}"  # Playwright's form of the shared predicates


# ----------------------------------------------------------------------------- the server
class Requests:
    """Every request the bench server answered: path, status and who asked (Sec-Fetch-Dest:
    document, script, worker, serviceworker; empty for fetch(), which is how a worker and the
    service worker's precache fetch files)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.rows: list[tuple[float, str, int, str]] = []

    def add(self, path: str, code: int, dest: str) -> None:
        with self.lock:
            self.rows.append((time.monotonic(), path, code, dest))

    def since(self, t0: float, prefix: str) -> list[tuple[float, str, int, str]]:
        with self.lock:
            return [r for r in self.rows if r[0] >= t0 and r[1].startswith(prefix)]

    def last(self) -> float:
        with self.lock:
            return self.rows[-1][0] if self.rows else 0.0


def goals_site() -> tuple[Any, str, Path, Requests]:
    """A fresh copy of dist/ (at /game/) beside the bare PyScript page (at /bare/), served in
    the background by the builder's server, logging every request (the page's, its workers'
    and its service worker's)."""
    site = CACHE / "bench" / "goals"
    shutil.rmtree(site, ignore_errors=True)
    shutil.copytree(DIST, site / "game")
    build_bare(site / "bare")
    requests = Requests()

    class Logging(QuietHandler):
        def log_request(self, code: Any = "-", size: Any = "-") -> None:
            requests.add(
                self.path,
                int(getattr(code, "value", code)),
                self.headers.get("Sec-Fetch-Dest", "") if self.headers else "",
            )

    server = make_server(site, 0, Logging)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}", site, requests


_SIZES: dict[Path, tuple[int, int]] = {}


def file_sizes(site: Path, path: str) -> tuple[int, int]:
    """A served file's raw and gzip-compressed size (as a static host compresses it)."""
    rel = path.split("?", 1)[0].split("#", 1)[0].lstrip("/")
    file = site / rel
    if file.is_dir():
        file = file / "index.html"
    if file not in _SIZES:
        data = file.read_bytes() if file.is_file() else b""
        _SIZES[file] = (len(data), len(gzip.compress(data, 6)) if data else 0)
    return _SIZES[file]


def fetched(site: Path, rows: list[tuple[float, str, int, str]]) -> dict[str, Any]:
    """What a visit fetched, from the server's log: requests, the bodies' raw and gzip bytes
    (a 304 Not Modified carries none), and the requests per file."""
    raw = gz = 0
    per: dict[str, list[str]] = {}
    for _t, path, code, dest in rows:
        name = path.split("?", 1)[0].split("#", 1)[0]
        per.setdefault(name, []).append(f"{dest or 'fetch'}:{code}")
        if code == 200:
            r, g = file_sizes(site, path)
            raw, gz = raw + r, gz + g
    again = sorted(((n, w) for n, w in per.items() if len(w) > 1), key=lambda x: -len(x[1]))
    return {
        "requests": len(rows),
        "raw": raw,
        "gzip": gz,
        "files": len(per),
        "max_per_file": max((len(w) for w in per.values()), default=0),
        "again": again,
    }


# ----------------------------------------------------------------------------- the browser
def new_page(ctx: Any, throttle: float) -> Any:
    """A page of `ctx` with the goals' observers, the CPU throttled `throttle` x if over 1."""
    page = ctx.new_page()
    page.set_default_timeout(LOAD_TIMEOUT)
    if throttle > 1:
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    return page


def fresh(p: Any, throttle: float = 1) -> tuple[Any, Any, Any]:
    """A fresh browser, context (no service worker, empty cache) and page."""
    browser = launch(p, ARGS)
    ctx = browser.new_context(viewport=VIEWPORT)
    ctx.add_init_script(path=HERE / "goals.js")
    return browser, ctx, new_page(ctx, throttle)


def long_tasks(page: Any, until: float) -> dict[str, Any]:
    """The main thread's long tasks that began before `until` (ms): longest, total blocking
    time (the sum of each one's time over 50 ms), how many."""
    tasks = [(float(s), float(d)) for s, d in page.evaluate("window.__goals.long") if s < until]
    ds = [d for _s, d in tasks]
    return {
        "longest": max(ds, default=0.0),
        "tbt": sum(max(0.0, d - 50) for d in ds),
        "count": len(ds),
        "tasks": tasks,
    }


def wait_js(page: Any, js: str, timeout: float = LOAD_TIMEOUT) -> None:
    page.wait_for_function(js, timeout=timeout, polling=50)


def play_a_little(page: Any, moves: int = 4, limit: float = 60) -> int:
    """Plays `moves` of the player's decisions (a legal card, or a bid in the panel), tapping
    the felt where a finished trick waits; returns how many were made."""
    made, t0 = 0, time.monotonic()
    while made < moves and time.monotonic() - t0 < limit:
        node = page.query_selector("[data-card][data-legal], button[data-move]:not([disabled])")
        # a node that went away as the table moved on: look again
        with contextlib.suppress(Exception):
            if node is not None:
                node.click(timeout=5000)
                made += 1
            elif page.query_selector("#felt") is not None:
                box = page.query_selector("#felt").bounding_box()
                if box:
                    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_timeout(400)
    return made


# ----------------------------------------------------------------------------- the visits
def bare_visit(
    p: Any, base: str, requests: Requests, site: Path, throttle: float = 1
) -> dict[str, Any]:
    """The bare PyScript page, first visit: time to ready, long tasks up to it, its fetches
    and its renderer's memory once ready."""
    browser, _ctx, page = fresh(p, throttle)
    t0 = time.monotonic()
    page.goto(f"{base}/bare/", wait_until="commit")
    wait_js(page, BARE_READY)
    ready = float(page.evaluate("window.__ready_at"))
    out: dict[str, Any] = {"ready": ready, **long_tasks(page, ready)}
    if throttle == 1:
        page.wait_for_timeout(1000)
        out["mem"] = memory()
        out["bytes"] = fetched(site, requests.since(t0, "/bare/"))
    browser.close()
    return out


def lobby_drawn(page: Any, url: str) -> dict[str, Any]:
    """Opens `url` and returns, the moment the static lobby is drawn (`tt:lobby`), where its
    first two games and "Deal the cards" are (goals.js says so on the console)."""

    def said(m: Any) -> bool:
        return bool(m.text.startswith("goals:lobby "))

    with page.expect_event("console", predicate=said, timeout=LOAD_TIMEOUT) as heard:
        page.goto(url, wait_until="commit")
    return {"choices": [], "start": None, **json.loads(heard.value.text.split(" ", 1)[1])}


def taps(p: Any, url: str, ours: bool, throttle: float = 1) -> dict[str, Any]:
    """Taps while the page loads: at `tt:lobby` (on the bare page: once its body is there),
    then every TAP_EVERY s until the page is ready and TAP_AFTER s more, on the lobby's first
    two games in turn (the bare page: its middle). The Event Timing entries of those taps and
    the delays the capture listener saw."""
    browser, _ctx, page = fresh(p, throttle)
    ready: list[float] = []  # when the page said so (goals.js), heard between the taps
    page.on(
        "console", lambda m: ready.append(time.monotonic()) if m.text == "goals:ready" else None
    )
    if ours:
        points = lobby_drawn(page, url)["choices"]
    else:
        page.goto(url, wait_until="commit")
        wait_js(page, "document.body !== null")
        points = [[640, 360]]
    if not points:
        raise SystemExit("page-goals: the lobby shows no [data-game-choice] to tap")
    n, ready_at, t0 = 0, None, time.monotonic()
    while time.monotonic() - t0 < LOAD_TIMEOUT / 1000:
        # Nothing asks the page anything between two taps (an evaluation would wait for the
        # main thread to be free, and the tap after it would never land in a long task).
        x, y = points[n % len(points)]
        page.mouse.click(x, y)
        n += 1
        if ready_at is None and ready:
            ready_at = ready[0]
            if ours:
                points = page.evaluate(CHOICES_JS) or points  # the lobby Python drew
        if ready_at is not None and time.monotonic() - ready_at >= TAP_AFTER:
            break
        page.wait_for_timeout(TAP_EVERY * 1000)
    page.wait_for_timeout(500)
    g = page.evaluate("window.__goals")
    lobby = page.evaluate("performance.getEntriesByName('tt:lobby')[0]?.startTime ?? null")
    browser.close()
    events = [e for e in g["events"]]
    return {
        "taps": n,
        "entries": len(events),
        "delay": max((e["delay"] for e in events), default=None),
        "duration": max((e["duration"] for e in events), default=None),
        "seen": max((d for _n, _t, d in g["seen"]), default=None),
        "long": [[round(s), round(d)] for s, d in g["long"]],
        "loading": (ready_at or time.monotonic()) - t0,
        "lobby": lobby,
        "first": min((t for name, t, _d in g["seen"] if name == "pointerdown"), default=None),
    }


def throttle_check(p: Any, base: str) -> dict[str, float]:
    """How much the CPU throttling slows the main thread and a dedicated worker: one loop timed
    in each, unthrottled and throttled, the quickest of three (other work on the machine only
    ever slows a loop down); a plain file of the site as the page."""
    browser, ctx, page = fresh(p)
    cdp = ctx.new_cdp_session(page)
    page.goto(f"{base}/bare/pyscript/core.css")
    best = {}
    for rate in (1, THROTTLE):
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        runs = [page.evaluate(SPIN_JS) for _ in range(3)]
        best[rate] = [min(r[0] for r in runs), min(r[1] for r in runs)]
    browser.close()
    return {
        "main": best[THROTTLE][0] / max(best[1][0], 1e-3),
        "worker": best[THROTTLE][1] / max(best[1][1], 1e-3),
    }


def lobby_visit(p: Any, base: str, throttle: float = 1) -> dict[str, Any]:
    """First visit as a player comes: the lobby, "Deal the cards" tapped the moment it is drawn
    (seed 2 in the lobby's seed field, goals.js), then the long tasks up to the first playable
    card."""
    browser, _ctx, page = fresh(p, throttle)
    start = lobby_drawn(page, f"{base}/game/")["start"]
    if start and 0 <= start[1] < VIEWPORT["height"]:
        page.mouse.click(*start)
    else:  # off screen: scrolled to first, once the main thread can
        page.click("[data-start]")
    card = mark(page, "tt:input", LOAD_TIMEOUT)
    out = {"card": card, **long_tasks(page, card)}
    browser.close()
    return out


def game_visit(p: Any, base: str, throttle: float) -> dict[str, Any]:
    """First visit by the address that deals at once, in a fresh browser: the long tasks up to
    the first playable card."""
    browser, _ctx, page = fresh(p, throttle)
    page.goto(f"{base}/game/{GAME_QUERY}", wait_until="commit")
    card = mark(page, "tt:input", LOAD_TIMEOUT)
    out = {"card": card, **long_tasks(page, card)}
    browser.close()
    return out


def first_and_repeat(p: Any, base: str, site: Path, requests: Requests) -> dict[str, Any]:
    """A first visit by the address that deals at once, in a new profile on disk (no service
    worker, empty cache), as a player's browser has: the long tasks to the first card; a few
    moves; the memory at the table; then waiting for the service worker to be active, the
    offline copy to hold the snapshot and the server to be quiet, every request of the visit
    counted at the server. Then a repeat visit of the same address, from the offline copy."""
    profile = tempfile.mkdtemp(prefix="tt-goals-profile-")
    ctx = p.chromium.launch_persistent_context(
        profile,
        executable_path=chromium() or DEFAULT_CHROMIUM,
        args=ARGS,
        service_workers="allow",
        viewport=VIEWPORT,
    )
    ctx.add_init_script(path=HERE / "goals.js")
    for stray in ctx.pages:
        stray.close()
    page = new_page(ctx, 1)
    t0 = time.monotonic()
    page.goto(f"{base}/game/{GAME_QUERY}", wait_until="commit")
    card = mark(page, "tt:input", LOAD_TIMEOUT)
    out: dict[str, Any] = {"card": card, **long_tasks(page, card)}
    out["moves"] = play_a_little(page)
    page.wait_for_timeout(1000)
    out["mem"] = memory()
    try:
        wait_js(page, SW_ACTIVE_JS, 120_000)
        out["sw_at"] = time.monotonic() - t0
    except Exception:  # noqa: BLE001 (no service worker: the rest is measured all the same)
        out["sw_at"] = None
    deadline = time.monotonic() + 60
    snapshot = None
    while time.monotonic() < deadline and not snapshot:
        snapshot = page.evaluate(SNAPSHOT_JS)
        if not snapshot:
            page.wait_for_timeout(500)
    out["snapshot"] = snapshot
    deadline = time.monotonic() + 60
    while time.monotonic() - max(requests.last(), t0) < QUIET and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    out["quiet_at"] = time.monotonic() - t0
    out["bytes"] = fetched(site, requests.since(t0, "/game/"))
    out["mem_idle"] = memory()
    page.evaluate("localStorage.clear()")  # no saved match to bring back
    page.close()
    again = new_page(ctx, 1)
    again.goto(f"{base}/game/{GAME_QUERY}", wait_until="commit")
    repeat = mark(again, "tt:input", LOAD_TIMEOUT)
    out["repeat"] = {
        "card": repeat,
        **long_tasks(again, repeat),
        "boot": again.evaluate("window.__tt_boot ? window.__tt_boot() : null"),
    }
    ctx.close()
    shutil.rmtree(profile, ignore_errors=True)
    return out


# ----------------------------------------------------------------------------- the table
def med(values: list[float]) -> float:
    return statistics.median(values)


def runs_of(values: list[float], fmt: str = "{:.0f}") -> str:
    return "" if len(values) < 2 else " [" + ", ".join(fmt.format(v) for v in values) + "]"


def verdict(value: float | None, goal: float, bound: float | None = None) -> str:
    if value is None:
        return "-"
    if value <= goal:
        return "PASS"
    return f"MISS (within the {bound:g} bound)" if bound is not None and value <= bound else "MISS"


def delay_text(values: list[float | None]) -> str:
    """An Event Timing maximum: "< 16 ms" when no entry was over the threshold."""
    real = [v for v in values if v is not None]
    return "< 16 ms" if not real else f"{med(real):.0f} ms" + runs_of(real)


def page_goals(runs: int) -> None:
    """Every figure of the page's goals, beside the bare PyScript page in the same run."""
    from playwright.sync_api import sync_playwright

    server, base, site, requests = goals_site()
    R: dict[str, list[dict[str, Any]]] = {}

    def keep(key: str, visit: Any, *args: Any) -> None:
        try:
            R.setdefault(key, []).append(visit(*args))
        except Exception as e:  # noqa: BLE001 (which visit failed, instead of a traceback)
            server.shutdown()
            raise SystemExit(f"page-goals: the visit {key!r} failed: {e}") from None

    started, load_before = time.monotonic(), os.getloadavg()[0]
    with sync_playwright() as p:
        for i in range(runs):
            # the bare page three times a run, between the others: a steadier yardstick on a
            # machine that other work slows by turns
            keep("bare", bare_visit, p, base, requests, site)
            keep("first", first_and_repeat, p, base, site, requests)
            keep("bare", bare_visit, p, base, requests, site)
            keep("lobby", lobby_visit, p, base)
            keep("taps", taps, p, f"{base}/game/", True)
            keep("bare_taps", taps, p, f"{base}/bare/", False)
            keep("bare", bare_visit, p, base, requests, site)
            keep("bare_slow", bare_visit, p, base, requests, site, THROTTLE)
            keep("game_slow", game_visit, p, base, THROTTLE)
            keep("lobby_slow", lobby_visit, p, base, THROTTLE)
            keep("taps_slow", taps, p, f"{base}/game/", True, THROTTLE)
            keep("bare_taps_slow", taps, p, f"{base}/bare/", False, THROTTLE)
            keep("throttle", throttle_check, p, base)
            f = R["first"][-1]
            log(
                f"run {i + 1}: bare ready {R['bare'][-1]['ready']:.0f} ms, first card "
                f"{f['card']:.0f} ms, repeat {f['repeat']['card']:.0f} ms "
                f"({(f['repeat']['boot'] or {}).get('from', '?')}), "
                f"{time.monotonic() - started:.0f} s so far"
            )
    server.shutdown()
    report(R, runs, time.monotonic() - started, (load_before, os.getloadavg()[0]))


def col(key: str, R: dict[str, list[dict[str, Any]]], *path: str) -> list[float]:
    out = []
    for row in R[key]:
        v: Any = row
        for k in path:
            v = v[k]
        out.append(float(v))
    return out


def report(
    R: dict[str, list[dict[str, Any]]], runs: int, seconds: float, load: tuple[float, float]
) -> None:
    """The goals table: each line's goal, the figure, the bare page's, and PASS/MISS."""
    lines: list[tuple[str, str, str, str, str]] = []

    def row(goal: str, figure: str, bare: str, target: str, result: str) -> None:
        lines.append((goal, figure, bare, target, result))

    def ms(values: list[float]) -> str:
        return f"{med(values):.0f} ms" + runs_of(values)

    def tapped(r: dict[str, Any]) -> str:
        first = "-" if r["first"] is None else f"{r['first']:.0f}"
        lobby = "" if r["lobby"] is None else f" (tt:lobby {r['lobby']:.0f})"
        return f"{r['taps']}, {r['entries']}, {r['loading']:.1f} s, first at {first} ms" + lobby

    for slow, tag in (("", ""), ("_slow", f", CPU {THROTTLE}x")):
        bare = R["bare" + slow]
        ours = {"address": (R["first"] if not slow else R["game_slow"]), "lobby": R["lobby" + slow]}
        for how, label in (("address", f"by {GAME_QUERY}"), ("lobby", "lobby + Deal")):
            longest = [r["longest"] for r in ours[how]]
            tbt = [r["tbt"] for r in ours[how]]
            bl = [r["longest"] for r in bare]
            bt = [r["tbt"] for r in bare]
            row(
                f"1 first visit{tag}, {label}: longest main-thread task to the first card",
                ms(longest),
                ms(bl) + " to ready",
                "<= 50 ms (100 at most)",
                "report" if slow else verdict(med(longest), 50, 100),
            )
            row(
                f"2 first visit{tag}, {label}: total blocking time to the first card",
                ms(tbt),
                ms(bt) + " to ready",
                "<= 100 ms",
                "report" if slow else verdict(med(tbt), 100),
            )
        t, bt_ = R["taps" + slow], R["bare_taps" + slow]
        delays = [r["delay"] for r in t]
        real = [d for d in delays if d is not None]
        row(
            f"3 tap on the lobby during the load{tag}: input delay (Event Timing, max)",
            delay_text(delays),
            delay_text([r["delay"] for r in bt_]) + " (its body)",
            "<= 100 ms",
            "report" if slow else (verdict(med(real), 100) if real else "PASS"),
        )
        row(
            f"  the same taps{tag}: processing + presentation (entry.duration, max)",
            delay_text([r["duration"] for r in t]),
            delay_text([r["duration"] for r in bt_]),
            "(report)",
            "report",
        )
        row(
            f"  the same taps{tag}: delay seen by a capture listener (max)",
            ms([r["seen"] or 0 for r in t]),
            ms([r["seen"] or 0 for r in bt_]),
            "(cross-check)",
            "report",
        )
        row(
            f"  the same taps{tag}: taps, Event Timing entries, ready after the first tap, "
            "the first tap",
            " / ".join(tapped(r) for r in t),
            " / ".join(tapped(r) for r in bt_),
            "",
            "",
        )
    bare_ready = col("bare", R, "ready")
    first = col("first", R, "card")
    repeat = col("first", R, "repeat", "card")
    ratio1, ratio2 = med(first) / med(bare_ready), med(repeat) / med(bare_ready)
    row(
        "4 first visit: first card playable / bare page ready (medians)",
        f"{ratio1:.2f} x ({ms(first)})",
        ms(bare_ready) + " ready",
        "<= 0.3 x",
        verdict(ratio1, 0.3),
    )
    boots = [(r["repeat"]["boot"] or {}).get("from", "?") for r in R["first"]]
    row(
        "4 repeat visit (service worker): first card playable / bare page ready (medians)",
        f"{ratio2:.2f} x ({ms(repeat)})",
        ms(bare_ready) + " ready",
        "<= 0.2 x",
        verdict(ratio2, 0.2),
    )
    row(
        "  repeat visit: longest main-thread task / total blocking time to the first card",
        ms(col("first", R, "repeat", "longest")) + " / " + ms(col("first", R, "repeat", "tbt")),
        "",
        "(report)",
        "report",
    )
    row("  repeat visit: Python started from", ", ".join(boots), "", "snapshot", "")
    b = [r["bytes"] for r in R["first"]]
    bb = [r["bytes"] for r in R["bare"][:1]]
    gz = [x["gzip"] / 1e6 for x in b]
    row(
        "5 first visit with the service worker's offline copy: gzip",
        f"{med(gz):.2f} MB ({med([x['raw'] / 1e6 for x in b]):.2f} MB raw, "
        f"{med([x['requests'] for x in b]):.0f} requests)" + runs_of(gz, "{:.2f}"),
        f"{med([x['gzip'] / 1e6 for x in bb]):.2f} MB ({med([x['requests'] for x in bb]):.0f} "
        f"requests)",
        "<= 6 MB",
        verdict(med(gz), 6),
    )
    most = [x["max_per_file"] for x in b]
    row(
        "6 first visit: requests per file (max)",
        f"{med(most):.0f} ({med([len(x['again']) for x in b]):.0f} of "
        f"{med([x['files'] for x in b]):.0f} files more than once)",
        f"{med([x['max_per_file'] for x in bb]):.0f}",
        "1",
        verdict(med(most), 1),
    )
    # the larger of: after a few moves, and once the service worker was idle
    pss = [max(r["mem"]["renderer"], r["mem_idle"]["renderer"]) for r in R["first"]]
    row(
        "7 memory at the table (PSS of the renderer: page, workers, service worker)",
        ms(pss).replace(" ms", " MB"),
        ms([r["mem"]["renderer"] for r in R["bare"]]).replace(" ms", " MB"),
        "<= 300 MB",
        verdict(med(pss), 300),
    )

    print(
        f"page-goals: {runs} run(s), {seconds:.0f} s, {os.cpu_count()} cores, load average "
        f"{load[0]:.1f} before and {load[1]:.1f} after (other work on the machine slows every "
        f"figure); the bare PyScript page measured in the same run; medians of the runs "
        f"[each run]"
    )
    w = max(len(x[0]) for x in lines)
    fw = max(len(x[1]) for x in lines)
    bw = max(len(x[2]) for x in lines)
    print(f"{'goal':<{w}}  {'figure':<{fw}}  {'bare page':<{bw}}  {'target':<22}  result")
    for goal, figure, bare_figure, target, result in lines:
        print(f"{goal:<{w}}  {figure:<{fw}}  {bare_figure:<{bw}}  {target:<22}  {result}")
    notes(R)


def notes(R: dict[str, list[dict[str, Any]]]) -> None:
    """What stands behind the table's figures."""
    f = R["first"][-1]
    print()
    sw = "never" if f["sw_at"] is None else f"{f['sw_at']:.1f} s after navigation"
    print(
        f"first visit (last run): {f['moves']} moves played; service worker active "
        f"{sw}, offline copy's snapshot: "
        f"{f['snapshot'] or 'none within 60 s'}; the server quiet from {f['quiet_at']:.1f} s"
    )
    for key, label in (("first", f"by {GAME_QUERY}"), ("lobby", "lobby + Deal")):
        tasks = R[key][-1]["tasks"]
        print(
            f"first visit {label} (last run): {len(tasks)} long tasks before the first card "
            f"at {R[key][-1]['card']:.0f} ms; over 100 ms, at ms: duration: "
            + ", ".join(f"{s:.0f}: {d:.0f}" for s, d in tasks if d > 100)
        )
    m, mi = f["mem"], f["mem_idle"]
    print(
        f"memory at the table (the larger of the two is line 7's): after {f['moves']} moves "
        f"{m['renderers']} renderer process(es), PSS each {m['each']} MB, all of Chromium "
        f"{m['chromium']:.0f} MB (the browser, GPU and utility processes too); once the "
        f"service worker was idle {mi['renderers']} renderer process(es), PSS each "
        f"{mi['each']} MB, all of Chromium {mi['chromium']:.0f} MB. One renderer process: "
        f"the tab's page, its dedicated workers and its service worker share it; more: each "
        f"is listed, the service worker's among them"
    )
    again = f["bytes"]["again"]
    if again:
        print(
            f"files requested more than once in the first visit ({len(again)}; "
            f"who asked: Sec-Fetch-Dest, status):"
        )
        for name, who in again[:12]:
            print(f"  {len(who)}x {name}  {' '.join(who)}")
        if len(again) > 12:
            print(f"  ... and {len(again) - 12} more")
    th = R["throttle"][-1]
    print(
        f"CPU {THROTTLE}x: Emulation.setCPUThrottlingRate on the page's target, set before "
        f"navigation; a loop took {th['main']:.1f}x as long on the main thread and "
        f"{th['worker']:.1f}x in a dedicated worker (a worker slowed less than {THROTTLE}x "
        f"runs faster than a phone's would; the main thread's figures are the ones throttled "
        f"as asked)"
    )
