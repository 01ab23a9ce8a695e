"""A first visit as a player's browser makes it (`page-requests`): dist/ served under a sub-path
with GitHub Pages' caching headers (max-age=600, Last-Modified, 304 answers), a Chromium profile
on disk, the page left to settle until the service worker has the offline copy and the browser
has made the snapshot. Prints every path requested more than once (the page, its workers and
the service worker alike), what the visit downloaded (gzip-compressed, as a static host serves
it), the snapshot's making (time, size raw and stored, the renderer's peak memory) and the
repeat visit's start from it."""

from __future__ import annotations

import collections
import functools
import gzip
import http.server
import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from sitebuild.files import CACHE, DIST
from sitebuild.serve import QuietHandler, QuietServer

from .browser import CHROMIUM_ARGS, DEFAULT_CHROMIUM, chromium

SUB = "/games/trick-table/"


class PagesHandler(QuietHandler):
    """dist/ under SUB, with GitHub Pages' headers; every request logged to `log`."""

    log: list[tuple[str, int]]

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith(SUB):
            return str(Path(self.directory) / "__outside__")
        return super().translate_path("/" + path[len(SUB) :])

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        http.server.SimpleHTTPRequestHandler.end_headers(self)

    def log_request(self, code: Any = "-", size: Any = "-") -> None:
        self.log.append((self.path.split("?", 1)[0], int(getattr(code, "value", code))))


def pages_server(directory: Path, log: list[tuple[str, int]]) -> tuple[QuietServer, str]:
    """dist/ (a copy) served as GitHub Pages would, in the background; its base URL."""
    handler = type("Logged", (PagesHandler,), {"log": log})
    server = QuietServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{SUB}"


def repeated(log: list[tuple[str, int]]) -> dict[str, list[int]]:
    """The files requested more than once, with each answer's status."""
    by_path: dict[str, list[int]] = collections.defaultdict(list)
    for path, code in log:  # the folder is index.html: the same file under another URL
        by_path[path + "index.html" if path.endswith("/") else path].append(code)
    return {p: codes for p, codes in sorted(by_path.items()) if len(codes) > 1}


def downloaded_gzip(site: Path, log: list[tuple[str, int]]) -> int:
    """What the answers with a body (200) weigh gzip-compressed."""
    total = 0
    for path, code in log:
        file = site / path[len(SUB) :] if path.startswith(SUB) else site / "__outside__"
        if file.is_dir():
            file = file / "index.html"
        if code == 200 and file.is_file():
            total += len(gzip.compress(file.read_bytes(), 6))
    return total


class PeakRSS:
    """The largest resident size (MB) seen across `pids`, sampled every 50 ms in a thread."""

    def __init__(self, pids: list[int]) -> None:
        self.pids, self.peak, self.stop = pids, 0.0, threading.Event()
        self.first: float | None = None
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        while not self.stop.is_set():
            total = 0.0
            for pid in self.pids:
                try:
                    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                        if line.startswith("VmRSS:"):
                            total += float(line.split()[1]) / 1024
                except OSError:
                    pass
            self.peak = max(self.peak, total)
            if self.first is None:
                self.first = total
            time.sleep(0.05)

    def done(self) -> float:
        self.stop.set()
        self.thread.join()
        return self.peak


def renderer_pids(profile: str) -> list[int]:
    """The renderer processes of the Chromium started with `profile` (the page's workers run in
    its renderer), found in /proc by their ancestry."""
    procs: dict[int, tuple[int, str]] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
                procs[int(d.name)] = (ppid, (d / "cmdline").read_bytes().decode(errors="replace"))
            except (OSError, IndexError, ValueError):
                continue
    roots = {pid for pid, (_, cmd) in procs.items() if profile in cmd and "--type=" not in cmd}

    def under_root(pid: int) -> bool:
        while pid in procs and pid not in roots:
            pid = procs[pid][0]
        return pid in roots

    return [pid for pid, (_, cmd) in procs.items() if "--type=renderer" in cmd and under_root(pid)]


def first_visit(dist: Path = DIST, browser_type: Any = None) -> dict[str, Any]:
    """One first visit and one repeat visit, as the module says; returns the figures. With
    `browser_type` (playwright's, e.g. a test's `browser.browser_type`) it launches from that
    instead of starting playwright."""
    if browser_type is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            return first_visit(dist, p.chromium)
    site = CACHE / "bench" / "requests"
    shutil.rmtree(site, ignore_errors=True)
    shutil.copytree(dist, site)
    log: list[tuple[str, int]] = []
    server, base = pages_server(site, log)
    profile = tempfile.mkdtemp(prefix="tt-requests-profile-")
    out: dict[str, Any] = {}
    try:
        ctx = browser_type.launch_persistent_context(
            profile,
            executable_path=chromium() or DEFAULT_CHROMIUM,
            args=[*CHROMIUM_ARGS, "--disable-dev-shm-usage"],
            service_workers="allow",
        )
        try:
            visit(ctx, base, profile, log, site, out)
        finally:
            ctx.close()
    finally:
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)
    return out


def visit(
    ctx: Any, base: str, profile: str, log: list[tuple[str, int]], site: Path, out: dict[str, Any]
) -> None:
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    t0 = time.monotonic()
    page.goto(base)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    out["fresh_ready_s"] = page.evaluate("window.__tt_ready_at") / 1000
    page.wait_for_function("navigator.serviceWorker.ready.then(r => !!r.active)", timeout=180_000)
    out["sw_active_s"] = time.monotonic() - t0
    peak = PeakRSS(renderer_pids(profile))
    page.wait_for_timeout(3000)
    if page.evaluate("!!window.__tt_snapshot_made"):  # a snapshot made in the browser
        page.wait_for_function("window.__tt_snapshot_made()", timeout=300_000, polling=200)
        out["made"] = page.evaluate("window.__tt_snapshot_made()")
    else:
        page.wait_for_timeout(5000)
        out["made"] = {"made": False, "why": "this site makes none in the browser"}
    out["peak_rss_mb"] = peak.done()
    out["rss_before_mb"] = peak.first or 0.0
    out["snapshot_done_s"] = time.monotonic() - t0
    page.wait_for_timeout(1000)
    out["repeated"] = repeated(log)
    out["requests"] = len(log)
    out["gzip"] = downloaded_gzip(site, log)
    log.clear()
    page.goto(base)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    out["repeat_boot"] = page.evaluate("window.__tt_boot()")
    out["repeat_ready_s"] = page.evaluate("window.__tt_ready_at") / 1000
    out["repeat_requests"] = list(log)


def page_requests() -> None:
    r = first_visit()
    print(
        f"first visit: {r['requests']} requests, {r['gzip'] / 1e6:.2f} MB gzip in all "
        f"(ready at {r['fresh_ready_s']:.2f} s, offline copy complete at "
        f"{r['sw_active_s']:.1f} s, snapshot done at {r['snapshot_done_s']:.1f} s)"
    )
    if r["repeated"]:
        print("  requested more than once:")
        for path, codes in r["repeated"].items():
            print(f"    {path}: {len(codes)} x ({', '.join(map(str, codes))})")
    else:
        print("  no path was requested more than once")
    made = r["made"]
    if made.get("made"):
        print(
            f"snapshot made in the browser in {made['ms'] / 1000:.2f} s (Pyodide "
            f"{made['startMs'] / 1000:.2f} s, imports {made['importMs'] / 1000:.2f} s, "
            f"snapshot and store {made['snapshotMs'] / 1000:.2f} s): "
            f"{made['raw'] / 1e6:.1f} MB raw, {made['stored'] / 1e6:.1f} MB stored; the "
            f"renderers' peak RSS meanwhile {r['peak_rss_mb']:.0f} MB "
            f"({r['rss_before_mb']:.0f} MB before)"
        )
    else:
        print(f"no snapshot made: {made.get('why')}")
    print(
        f"repeat visit: {r['repeat_boot']}, ready at {r['repeat_ready_s']:.2f} s, "
        f"{len(r['repeat_requests'])} requests {r['repeat_requests']}"
    )
