"""What every page benchmark shares: finding and launching Chromium, serving dist/ (and a bare
PyScript page beside it) in the background, and the page hooks that play a deal."""

from __future__ import annotations

import gzip
import importlib.util
import math
import os
import shutil
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sitebuild.files import CACHE, DIST, copy_if_changed, write_if_changed
from sitebuild.npm import npm_package
from sitebuild.serve import QuietHandler, make_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

HERE = Path(__file__).resolve().parent
DEFAULT_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]
BENCH_AI_TIMEOUT = 30_000  # ms one page decision may take before a benchmark gives up


def chromium() -> str | None:
    """The Chromium to launch: $CHROMIUM (default /usr/bin/chromium), else `chromium` on PATH."""
    path = os.environ.get("CHROMIUM", DEFAULT_CHROMIUM)
    return path if os.path.isfile(path) else shutil.which("chromium")


def unavailable() -> str | None:
    """Why the page cannot be measured here, or None when it can."""
    if importlib.util.find_spec("playwright") is None:
        return "the playwright package is not installed"
    if chromium() is None:
        return (
            f"no Chromium at {os.environ.get('CHROMIUM', DEFAULT_CHROMIUM)} nor on PATH "
            f"(set CHROMIUM=/path/to/chromium)"
        )
    return None


def launch(p: Playwright, args: list[str]) -> Browser:
    """A fresh headless Chromium (the one `chromium()` finds)."""
    exe = chromium() or DEFAULT_CHROMIUM
    try:
        return p.chromium.launch(executable_path=exe, args=args)
    except Exception as e:  # noqa: BLE001 (a clear message instead of playwright's traceback)
        sys.exit(f"could not start Chromium ({exe}): {e}")


def serve_in_background(
    directory: Path, served: list[tuple[str, int]] | None = None
) -> tuple[Any, str]:
    """The builder's static server on a free port in a daemon thread, and its base URL. With
    `served`, every request's path and status code is appended to it (whoever asked: the page,
    its worker or its service worker)."""
    if served is None:
        server = make_server(directory, 0)
    else:
        log = served

        class Recording(QuietHandler):
            def log_request(self, code: Any = "-", size: Any = "-") -> None:
                log.append((self.path, int(getattr(code, "value", code))))

        server = make_server(directory, 0, Recording)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def build_bare(dist: Path) -> Path:
    """A bare PyScript page (bare.html) from the stock npm runtime that only prints "ready"."""
    pyodide_dir = npm_package("pyodide")
    pyscript_dir = npm_package("pyscript")
    for name in (
        "pyodide.mjs",
        "pyodide.asm.mjs",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "pyodide-lock.json",
    ):
        copy_if_changed(pyodide_dir / name, dist / "pyodide" / name)
    for p in (pyscript_dir / "dist").iterdir():
        if p.suffix in (".js", ".css"):
            copy_if_changed(p, dist / "pyscript" / p.name)
    write_if_changed(dist / "pyscript.toml", b'interpreter = "./pyodide/pyodide.mjs"\n')
    copy_if_changed(HERE / "bare.html", dist / "index.html")
    return dist


def bench_site(served: list[tuple[str, int]] | None = None) -> tuple[Any, str, Path]:
    """A fresh copy of dist/ (at /game/) beside the bare PyScript page (at /bare/), served in
    the background: the server, its base URL and the folder."""
    site = CACHE / "bench" / "site"
    shutil.rmtree(site, ignore_errors=True)
    shutil.copytree(DIST, site / "game")
    build_bare(site / "bare")
    server, base = serve_in_background(site, served)
    return server, base, site


def served_gzip(site: Path, served: list[tuple[str, int]]) -> int:
    """What the requests answered with a body (200) weigh gzip-compressed, as a static host
    serves them (304 Not Modified answers carry no body)."""
    total = 0
    for path, code in served:
        rel = path.split("?", 1)[0].split("#", 1)[0].lstrip("/")
        file = site / rel
        if file.is_dir():
            file = file / "index.html"
        if code == 200 and file.is_file():
            total += len(gzip.compress(file.read_bytes(), 6))
    return total


def gzip_bytes(dist: Path, page: Any, prefix: str) -> int:
    """What the files this page fetched weigh gzip-compressed, as a static host serves them."""
    urls = page.evaluate("""() => performance.getEntriesByType('navigation')
        .concat(performance.getEntriesByType('resource')).map(e => e.name)""")
    total = 0
    for url in set(urls):
        rel = url.split(prefix, 1)[-1].split("?", 1)[0].split("#", 1)[0] or "index.html"
        path = dist / rel
        if path.is_file():
            total += len(gzip.compress(path.read_bytes(), 6))
    return total


def mark(page: Any, name: str, timeout: float = 120_000) -> float:
    """A performance mark's time (ms since navigation), waiting for it."""
    page.wait_for_function(f"performance.getEntriesByName('{name}').length > 0", timeout=timeout)
    return float(page.evaluate(f"performance.getEntriesByName('{name}')[0].startTime"))


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    xs = sorted(values)
    return xs[max(0, math.ceil(q / 100 * len(xs)) - 1)]


def tap_felt(page: Any) -> None:
    """Taps the middle of the felt, where a finished trick waits at Instant."""
    box = page.query_selector("#felt").bounding_box()
    page.click("#felt", position={"x": box["width"] / 2, "y": box["height"] / 2})


def think_to_summary(page: Any) -> int:
    """Plays the deal on show to its summary, the player's seat by the page's computer
    (__tt_think), tapping the felt where a finished trick waits; returns the player's moves."""
    moves = 0
    while not page.query_selector("[data-summary]"):
        page.wait_for_selector(
            "#table[data-input], [data-summary], #table[data-tap]", state="attached"
        )
        if page.query_selector("[data-summary]"):
            break
        if not page.query_selector("#table[data-input]"):
            tap_felt(page)
            continue
        before = page.get_attribute("#table", "data-seq")
        page.evaluate("window.__tt_think()")
        page.wait_for_function(
            "s => document.getElementById('table').dataset.seq !== s "
            "|| document.querySelector('[data-summary]')",
            arg=before,
        )
        moves += 1
    return moves
