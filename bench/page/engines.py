"""`python3 build.py bench engines`: the page's start in each engine, from a fresh profile, on
the same plain static server as the cross-engine tests (xengine.py: dist/ under a sub-path,
every request logged on the server, workers' and service workers' included):

- the time to html[data-ready] on a first visit and on a repeat visit (the page's own clock,
  from the navigation's start, read every 50 ms), and how the repeat visit's Python started;
- the requests per file on the first visit until the service worker has precached everything
  (the most any file was asked for, and the files asked for more than once);
- the bytes that first visit downloads: each file served, raw and gzip-compressed (as a static
  host would send it), added up;
- the bare PyScript page's time to ready in the same engine, first and repeat visit, and the
  ratios;
- the memory at the table (a Batak deal at Instant): the proportional set size of the
  browser's content processes from /proc/<pid>/smaps_rollup (WebKit's WebKitWebProcess,
  Firefox's "Web Content"/"Isolated Web Co", Chromium's renderers); the tab's is the largest.

WebKitGTK (webkit_browser.py under Xvfb, selenium) and Firefox ESR (puppeteer-core over BiDi)
always; Chromium (Playwright) too when playwright and a Chromium are here. An engine that is
missing is named and passed over.
"""

from __future__ import annotations

import gzip
import os
import statistics
import time
from pathlib import Path
from typing import Any

from sitebuild.files import CACHE, DIST, log

from .. import xengine as X

TABLE = "?game=batak&speed=0&seed=3&level=easy"


class Chromium(X.Driver):
    """Chromium through Playwright (the same Driver calls), for the figures beside the others."""

    engine = "chromium"

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        from .browser import CHROMIUM_ARGS, chromium

        self.pw = sync_playwright().start()
        self.browser = self.pw.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        self.page = self.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        self.page.set_default_timeout(180_000)
        self.events: list[str] = []
        self.page.on("console", lambda m: self.events.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.events.append(f"pageerror: {e}"))

    def goto(self, url: str, wait: str = "load") -> None:
        self.page.goto(url, wait_until="domcontentloaded" if wait == "dom" else "load")

    def reload(self, wait: str = "load") -> None:
        self.page.reload(wait_until="domcontentloaded" if wait == "dom" else "load")

    def run(self, fn: str, *args: Any) -> Any:
        return self.page.evaluate(f"(args) => ({fn})(...args)", list(args))

    def click(self, selector: str) -> None:
        self.page.click(selector)

    def errors(self) -> list[str]:
        return list(self.events)

    def pids(self) -> list[int]:
        return X.descendants(os.getpid())

    def close(self) -> None:
        self.browser.close()
        self.pw.stop()


def renderers(pids: list[int]) -> list[tuple[int, str, int]]:
    """Chromium's renderer processes among `pids`, as (pid, name, PSS kB)."""
    out = []
    for pid in pids:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read()  # Chromium rewrites its argv as one string
        except OSError:
            continue
        if b" --type=renderer " in cmd.replace(b"\0", b" "):
            pss = X.pss_kb(pid)
            if pss is not None:
                out.append((pid, "renderer", pss))
    return out


def content(driver: X.Driver) -> list[tuple[int, str, int]]:
    if driver.engine == "chromium":
        return renderers(driver.pids())
    return X.content_processes(driver)


def gzip_size(path: Path, memo: dict[Path, int]) -> int:
    if path not in memo:
        memo[path] = len(gzip.compress(path.read_bytes(), 6))
    return memo[path]


def served_file(site: X.Site, url_path: str) -> Path | None:
    if not url_path.startswith(X.SUB):
        return None
    rel = url_path[len(X.SUB) :] or "index.html"
    path = (site.directory / rel).resolve()
    if path.is_dir():
        path = path / "index.html"
    return path if path.is_file() else None


BARE_READY = "typeof window.__ready_at === 'number' ? window.__ready_at : 0"


def bare_times(driver: X.Driver, bare: Path) -> tuple[float, float]:
    """The bare PyScript page's time to ready in this engine (its Python printing "ready"),
    first visit and repeat visit, on a server of its own (another origin: nothing of the
    page's cache is shared)."""
    site = X.Site(bare).start()
    try:
        driver.goto(site.base, wait="dom")
        first = float(driver.wait(BARE_READY, 180, "the bare page's ready"))
        driver.goto(site.base, wait="dom")
        repeat = float(driver.wait(BARE_READY, 180, "the bare page's ready, again"))
    finally:
        site.stop()
    return first, repeat


def one_engine(name: str, xvfb: X.Xvfb, bare: Path | None = None) -> dict[str, Any]:
    """The figures of one engine, from a fresh browser and a server of its own."""
    site = X.Site(DIST).start()
    driver: X.Driver = Chromium() if name == "chromium" else X.open_engine(name, xvfb)
    out: dict[str, Any] = {"engine": name}
    try:
        started = time.time()
        driver.goto(site.base, wait="dom")
        out["first_ready_ms"] = driver.ready(180)
        out["first_boot"] = driver.run("() => window.__tt_boot()")
        driver.wait(X.SW_ACTIVE, 300, "the service worker to precache and activate")
        hits = site.hits(since=started)
        out["first_visit_s"] = time.time() - started
        counts: dict[str, int] = {}
        for h in hits:
            counts[h.path] = counts.get(h.path, 0) + 1
        out["files"] = len(counts)
        out["requests"] = len(hits)
        out["max_requests"] = max(counts.values()) if counts else 0
        out["repeated"] = X.repeated(hits)
        out["hits"] = hits
        memo: dict[Path, int] = {}
        raw = gz = 0
        for h in hits:
            f = served_file(site, h.path) if h.status == 200 else None
            if f is not None:
                raw += h.size
                gz += gzip_size(f, memo)
        out["bytes_raw"], out["bytes_gzip"] = raw, gz
        once = {p for p in counts}
        out["bytes_once_gzip"] = sum(
            gzip_size(f, memo) for p in once if (f := served_file(site, p)) is not None
        )

        driver.goto(site.base + TABLE)
        driver.ready(180)
        driver.wait(
            "document.querySelector('#table:not([hidden])[data-input]')",
            120,
            "the human's first turn at the table",
        )
        out["table_pss"] = content(driver)

        driver.wait(X.SNAPSHOT_CACHED, 300, "a memory snapshot in the offline copy")
        driver.run("(q) => window.__tt_reset(q)", "")
        repeats = []
        for _ in range(3):
            driver.goto(site.base, wait="dom")
            repeats.append(driver.ready(180))
            out["repeat_boot"] = driver.run("() => window.__tt_boot()")
        out["repeat_ready_ms"] = statistics.median(repeats)
        out["repeat_runs"] = repeats
        # the first card of a table opened by its address (from the offline copy)
        driver.goto(site.base + TABLE, wait="dom")
        out["repeat_card_ms"] = float(
            driver.wait(
                "(performance.getEntriesByName('tt:input')[0] || {}).startTime || 0",
                180,
                "the first playable card (tt:input)",
            )
        )
        out["errors"] = driver.errors()
        if bare is not None:
            out["bare_first_ms"], out["bare_repeat_ms"] = bare_times(driver, bare)
    finally:
        driver.close()
        site.stop()
    return out


def mb(n: float) -> str:
    return f"{n / 1e6:.1f} MB"


def report(r: dict[str, Any]) -> None:
    print(f"\n== {r['engine']}")
    print(
        f"  first visit: html[data-ready] at {r['first_ready_ms']:.0f} ms "
        f"(Python {r['first_boot'].get('from')}); service worker active after "
        f"{r['first_visit_s']:.1f} s"
    )
    runs = ", ".join(f"{v:.0f}" for v in r["repeat_runs"])
    print(
        f"  repeat visit: html[data-ready] at {r['repeat_ready_ms']:.0f} ms median ({runs}); "
        f"Python {r['repeat_boot'].get('from')}"
        f"{' (' + str(r['repeat_boot'].get('why')) + ')' if r['repeat_boot'].get('why') else ''}"
    )
    if "bare_first_ms" in r:
        print(
            f"  bare PyScript page, same engine: ready at {r['bare_first_ms']:.0f} ms first, "
            f"{r['bare_repeat_ms']:.0f} ms repeat; ours / bare: first visit ready "
            f"{r['first_ready_ms'] / r['bare_first_ms']:.2f} x, repeat visit ready "
            f"{r['repeat_ready_ms'] / r['bare_repeat_ms']:.2f} x"
        )
    if "repeat_card_ms" in r:
        print(
            f"  a table by its address from the offline copy: first card playable at "
            f"{r['repeat_card_ms']:.0f} ms"
        )
    print(
        f"  first visit requests: {r['requests']} for {r['files']} files; at most "
        f"{r['max_requests']} for one file; {len(r['repeated'])} files more than once"
    )
    by: dict[int, dict[str, list[str]]] = {}
    for p, n in r["repeated"].items():
        folder, _, name = p.removeprefix(X.SUB).rpartition("/")
        by.setdefault(n, {}).setdefault(folder + "/" if folder else "", []).append(name)
    for n in sorted(by, reverse=True):
        groups = []
        for folder, names in sorted(by[n].items()):
            groups.append(
                f"{folder}{names[0]}"
                if len(names) == 1
                else f"{folder} ({len(names)} files)"
                if len(names) > 3
                else f"{folder}{{{','.join(names)}}}"
            )
        print(f"    x{n}: {sum(len(v) for v in by[n].values())} files: {'; '.join(groups)}")
    status: dict[int, int] = {}
    for h in r["hits"]:
        status[h.status] = status.get(h.status, 0) + 1
    print("    answers: " + ", ".join(f"{n} x {code}" for code, n in sorted(status.items())))
    print(
        f"  first visit downloads: {mb(r['bytes_raw'])} raw, {mb(r['bytes_gzip'])} gzip "
        f"(each file once: {mb(r['bytes_once_gzip'])} gzip)"
    )
    procs = sorted(r["table_pss"], key=lambda t: -t[2])
    if procs:
        listing = ", ".join(f"{name} {pid}: {kb / 1024:.0f} MB" for pid, name, kb in procs)
        print(
            f"  memory at the table (PSS): the tab's process {procs[0][2] / 1024:.0f} MB; "
            f"all content processes {sum(t[2] for t in procs) / 1024:.0f} MB ({listing})"
        )
    else:
        print("  memory at the table: no content process found")
    if r["errors"]:
        print(f"  errors in the page: {len(r['errors'])}: {r['errors'][:3]}")


def chromium_missing() -> str | None:
    from .browser import unavailable

    return unavailable()


def main(argv: list[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(
        prog="python3 build.py bench engines",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument(
        "--engines",
        default="webkit,firefox,chromium",
        help="a comma-separated list of webkit, firefox, chromium",
    )
    args = ap.parse_args(argv)
    names = [n.strip() for n in args.engines.split(",") if n.strip()]
    for n in names:
        if n not in (*X.ENGINES, "chromium"):
            ap.error(f"unknown engine {n!r}")
    from sitebuild.dist import build

    build()
    from .browser import build_bare

    bare = build_bare(CACHE / "bench" / "engines-bare")
    # (the drivers wait for #app after a navigation: an empty element, nothing more)
    page = bare / "index.html"
    text = page.read_text(encoding="utf-8")
    if 'id="app"' not in text:
        page.write_text(text.replace("<body>", '<body><div id="app"></div>', 1), encoding="utf-8")
    xvfb = X.Xvfb()
    results = []
    try:
        for name in names:
            why = chromium_missing() if name == "chromium" else X.missing(name)
            if why:
                print(f"\n== {name}: not measured: {why}")
                continue
            log(f"bench engines: {name}")
            r = one_engine(name, xvfb, bare)
            report(r)
            results.append(r)
    finally:
        xvfb.stop()
    return 0 if results else 2
