"""The page in other engines than Chromium: WebKitGTK (Python selenium with WebKitWebDriver and
a small browser with a profile on disk, webkit_browser.py, under Xvfb) and Firefox ESR
(puppeteer-core over WebDriver BiDi, from Node: firefox.mjs beside this file), with one small
interface for both (`Driver`), and a plain static server for dist/ under a sub-path that logs
every request.

Used by the cross-engine tests (tests/xengine/) and `python3 build.py bench engines`. Nothing
here downloads a browser: the engines are Debian's (webkit2gtk-driver, gir1.2-webkit2-4.1,
firefox-esr, xvfb).
"""

from __future__ import annotations

import contextlib
import functools
import glob
import http.server
import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitebuild.files import DIST, ROOT
from sitebuild.serve import QuietHandler, QuietServer

HERE = Path(__file__).resolve().parent
SUB = "/games/trick-table/"  # the sub-path, as on a GitHub Pages project site
WEBDRIVER = "/usr/bin/WebKitWebDriver"
FIREFOX = "/usr/bin/firefox-esr"
XVFB = "/usr/bin/Xvfb"
SYSTEM_PYTHON = "/usr/bin/python3"  # Debian's, with PyGObject (python3-gi)
TOOLS = ROOT / "tools" / "xengine"  # package.json + package-lock.json: puppeteer-core, pinned
ENGINES = ("webkit", "firefox")


def missing(engine: str) -> str | None:
    """The browser (or display) binary this machine lacks for `engine`, or None. The drivers
    themselves (selenium, puppeteer-core, Node) are the tests' own dependencies: without them
    a test fails, it is not skipped."""
    if engine == "webkit":
        if not os.path.isfile(WEBDRIVER):
            return f"no {WEBDRIVER} (Debian's webkit2gtk-driver)"
        if not os.path.isfile(XVFB):
            return f"no {XVFB} (Debian's xvfb)"
        if not glob.glob("/usr/lib/*/girepository-1.0/WebKit2-4.1.typelib"):
            return "no WebKit2-4.1.typelib (Debian's gir1.2-webkit2-4.1)"
        if not os.path.isfile(SYSTEM_PYTHON):
            return f"no {SYSTEM_PYTHON} (Debian's python3, with python3-gi)"
        return None
    if engine == "firefox":
        return None if os.path.isfile(FIREFOX) else f"no {FIREFOX} (Debian's firefox-esr)"
    raise ValueError(engine)


# ------------------------------------------------------------------------------ the server
@dataclass(frozen=True)
class Hit:
    """One request the server answered: its path (no query), when, status and bytes sent."""

    path: str
    at: float
    status: int
    size: int


class LoggingHandler(QuietHandler):
    """dist/ under SUB, every request logged on the server (`server.hits`)."""

    extensions_map = {
        **QuietHandler.extensions_map,  # noqa: RUF012
        ".webmanifest": "application/manifest+json",
        ".svg": "image/svg+xml",
    }
    server: LoggedServer

    def end_headers(self) -> None:
        # GitHub Pages' caching (10 minutes), not the builder's no-cache: a file the browser
        # has is not asked for again within a visit unless the page (or its service worker)
        # asks past the HTTP cache.
        self.send_header("Cache-Control", self.server.cache_control)
        http.server.SimpleHTTPRequestHandler.end_headers(self)

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith(SUB):
            return str(Path(self.directory) / "__outside__")
        return super().translate_path("/" + path[len(SUB) :])

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        status = int(code) if str(code).isdigit() else 0
        sent = 0
        if status == 200:
            local = Path(self.translate_path(self.path))
            if local.is_dir():
                local = local / "index.html"
            sent = local.stat().st_size if local.is_file() else 0
        self.server.record(Hit(path, time.time(), status, sent))


class LoggedServer(QuietServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, port: int, directory: Path, cache_control: str) -> None:
        super().__init__(
            ("127.0.0.1", port), functools.partial(LoggingHandler, directory=str(directory))
        )
        self.cache_control = cache_control
        self.hits: list[Hit] = []
        self.lock = threading.Lock()

    def record(self, hit: Hit) -> None:
        with self.lock:
            self.hits.append(hit)


# Page predicates the cross-engine tests and `bench engines` wait on.
SW_ACTIVE = (
    "!!(window.__tt_sw && window.__tt_sw.active && window.__tt_sw.active.state === 'activated')"
)
# The offline copy holds the memory snapshot (whoever put it there: the build or the page).
SNAPSHOT_CACHED = """(async () => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const req of await cache.keys()) {
      if (/\\/runtime\\/snapshot[^/]*$/.test(new URL(req.url).pathname)) return req.url;
    }
  }
  return null;
})()"""


class Site:
    """dist/ served on 127.0.0.1 under SUB by a plain static server that logs every request:
    no COOP/COEP headers, Last-Modified with 304 answers, and GitHub Pages' Cache-Control
    (`cache_control`). It can be stopped and started again on the same port, and its log is
    kept across."""

    def __init__(self, directory: Path = DIST, cache_control: str = "max-age=600") -> None:
        self.directory = directory
        self.cache_control = cache_control
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = int(s.getsockname()[1])
        self.base = f"http://127.0.0.1:{self.port}{SUB}"
        self.server: LoggedServer | None = None
        self.thread: threading.Thread | None = None
        self.past: list[Hit] = []

    def start(self) -> Site:
        if self.server is None:
            self.server = LoggedServer(self.port, self.directory, self.cache_control)
            self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
            self.thread.start()
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.past.extend(self.server.hits)
            self.server = None

    def hits(self, since: float = 0.0, until: float | None = None) -> list[Hit]:
        live = [] if self.server is None else list(self.server.hits)
        return [h for h in self.past + live if h.at >= since and (until is None or h.at <= until)]


def repeated(hits: list[Hit]) -> dict[str, int]:
    """The paths requested more than once among `hits`, with their counts."""
    counts: dict[str, int] = {}
    for h in hits:
        counts[h.path] = counts.get(h.path, 0) + 1
    return {p: n for p, n in sorted(counts.items()) if n > 1}


def describe(twice: dict[str, int], limit: int = 6) -> str:
    """The repeated paths by how often each was asked for, a few named of each count."""
    by: dict[int, list[str]] = {}
    for path, n in twice.items():
        by.setdefault(n, []).append(path.removeprefix(SUB))
    parts = []
    for n in sorted(by, reverse=True):
        names = by[n]
        more = f" and {len(names) - limit} more" if len(names) > limit else ""
        parts.append(f"{len(names)} x{n} ({', '.join(names[:limit])}{more})")
    return "; ".join(parts)


# ------------------------------------------------------------------------------ the drivers
# A script the tests run in the page after each load: the page's errors from then on, in
# window.__xe_errors (where the driver cannot run it before the page's own scripts).
ERROR_HOOK = """(() => {
  if (window.__xe_errors) return;
  const errors = window.__xe_errors = [];
  const text = (a) => { try { return a && a.stack ? String(a.stack) : String(a); }
                        catch (e) { return "?"; } };
  window.addEventListener("error", (e) => errors.push("error: " + (e.message ||
    (e.target && (e.target.src || e.target.href)) || "?")), true);
  window.addEventListener("unhandledrejection", (e) => errors.push("unhandledrejection: " +
    text(e.reason)));
  const orig = console.error;
  console.error = function (...args) {
    errors.push("console.error: " + args.map(text).join(" "));
    return orig.apply(this, args);
  };
})();"""


class Driver:
    """One browser with one tab, driven the same way in every engine."""

    engine = ""
    kept: list[str]  # the errors of the documents left behind (harvested before navigating)

    def goto(self, url: str, wait: str = "load") -> None:
        """Opens `url`; returns at DOMContentLoaded (`wait="dom"`) or at the load event."""
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def run(self, fn: str, *args: Any) -> Any:
        """Calls the JavaScript function `fn` (source text, may be async) with `args` in the
        page; returns its (awaited) result as JSON values."""
        raise NotImplementedError

    def click(self, selector: str) -> None:
        """A real click (the driver's input) on the first element matching `selector`."""
        raise NotImplementedError

    def errors(self) -> list[str]:
        """The page's errors since the driver started (console errors, uncaught errors and
        unhandled rejections), as far as the driver sees them."""
        raise NotImplementedError

    def pids(self) -> list[int]:
        """The browser's processes (the root and every descendant)."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # ---------------------------------------------------------------------- shared helpers
    def wait(self, predicate: str, timeout: float = 60.0, what: str = "") -> Any:
        """Polls the JavaScript expression `predicate` in the page (every 50 ms, in the page)
        until it is truthy, for at most `timeout` seconds; returns its value (a string or a
        number as it is, anything else truthy as True). Fails with
        `what` when it never is. A navigation during the wait is waited through."""
        deadline = time.monotonic() + timeout
        last_error = ""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(
                    f"{self.engine}: waited {timeout:.0f} s for "
                    f"{what or predicate}{' (' + last_error + ')' if last_error else ''}"
                )
            try:
                got = self.run(
                    """async (pred, ms) => {
                    const end = Date.now() + ms;
                    for (;;) {
                      let v = null;
                      try { v = await (0, eval)(pred); } catch (e) { v = null; }
                      if (v) return typeof v === "string" || typeof v === "number" ? v : true;
                      if (Date.now() > end) return null;
                      await new Promise((r) => setTimeout(r, 50));
                    }
                }""",
                    predicate,
                    int(min(left, 10.0) * 1000),
                )
            except Exception as e:  # noqa: BLE001 (a navigation cut the script: try again)
                last_error = str(e).splitlines()[0][:200] if str(e) else type(e).__name__
                time.sleep(0.1)
                continue
            if got:
                return got

    def ready(self, timeout: float = 180.0) -> float:
        """Waits for html[data-ready]; returns the page's own time to it (ms since the
        navigation started)."""
        self.wait(
            "document.documentElement.dataset.ready === '1'",
            timeout,
            "html[data-ready] (Python ready)",
        )
        return float(self.run("() => performance.now()"))

    def state(self) -> dict[str, Any]:
        return dict(json.loads(self.run("() => window.__tt_state()")))

    def hook_errors(self) -> None:
        self.run("() => { " + ERROR_HOOK + " }")

    def page_errors(self) -> list[str]:
        """The errors the hook has seen in the current document."""
        try:
            return [str(e) for e in self.run("() => window.__xe_errors || []")]
        except Exception:  # noqa: BLE001 (no document to ask: nothing seen)
            return []

    def harvest(self) -> None:
        """Keeps the current document's errors before it is left."""
        if not hasattr(self, "kept"):
            self.kept = []
        self.kept.extend(e for e in self.page_errors() if e not in self.kept)


def descendants(root: int) -> list[int]:
    """`root` and every process under it (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


def process_name(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/comm", encoding="utf-8") as f:
            return f.read().strip()
    except OSError:
        return ""


def pss_kb(pid: int) -> int | None:
    """The process's proportional set size (kB) from /proc/<pid>/smaps_rollup."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="utf-8") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


class Xvfb:
    """One X server for the run (the WebKitGTK browser needs a display)."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        self.display = ""

    def start(self) -> str:
        if self.proc is not None:
            return self.display
        for number in range(91, 140):
            if os.path.exists(f"/tmp/.X{number}-lock") or os.path.exists(
                f"/tmp/.X11-unix/X{number}"
            ):
                continue
            r, w = os.pipe()
            proc = subprocess.Popen(
                [
                    XVFB,
                    f":{number}",
                    "-screen",
                    "0",
                    "1280x1024x24",
                    "-nolisten",
                    "tcp",
                    "-displayfd",
                    str(w),
                ],
                pass_fds=(w,),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            os.close(w)
            with os.fdopen(r) as f:
                got = f.readline().strip()  # Xvfb writes the display once it is up
            if got:
                self.proc, self.display = proc, f":{got}"
                return self.display
            proc.wait(timeout=10)
        raise RuntimeError("Xvfb did not start on any display :91 to :139")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None


class WebKit(Driver):
    """WebKitGTK in automation mode, through WebKitWebDriver (selenium): webkit_browser.py,
    with a fresh profile on disk (MiniBrowser's automation mode keeps none: with no HTTP cache,
    a service worker could never reuse what its page has downloaded)."""

    engine = "webkit"

    def __init__(self, display: str, timeout: float = 180.0) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        self.profile = tempfile.mkdtemp(prefix="xengine-webkit-")
        options.binary_location = SYSTEM_PYTHON
        options.add_argument(str(HERE / "webkit_browser.py"))
        options.add_argument("--automation")
        options.add_argument(f"--profile={self.profile}")
        options.page_load_strategy = "none"  # goto() waits for the state it is asked for
        env = {**os.environ, "DISPLAY": display}
        service = Service(executable_path=WEBDRIVER, env=env, log_output=subprocess.DEVNULL)
        self.wd = webdriver.WebKitGTK(options=options, service=service)
        self.wd.set_script_timeout(timeout)
        self.wd.set_window_size(1280, 900)
        self.service_pid = int(service.process.pid)

    def goto(self, url: str, wait: str = "load") -> None:
        self._leave()
        self.wd.get(url)
        self._loaded(wait)

    def reload(self, wait: str = "load") -> None:
        self._leave()
        self.wd.refresh()
        self._loaded(wait)

    def _leave(self) -> None:
        """Marks the document being left, so that _loaded() waits for the next one (with no
        page load strategy, the driver answers before the navigation has committed)."""
        self.harvest()
        with contextlib.suppress(Exception):  # no document yet
            self.wd.execute_script("window.__xe_left = true;")

    def _loaded(self, wait: str) -> None:
        states = "['interactive', 'complete']" if wait == "dom" else "['complete']"
        self.wait(
            f"!window.__xe_left && {states}.includes(document.readyState) && "
            "location.href !== 'about:blank'",
            120,
            f"the page's {wait} state",
        )
        self.hook_errors()

    def run(self, fn: str, *args: Any) -> Any:
        got = self.wd.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"Promise.resolve().then(() => ({fn})(...arguments[0]))"
            ".then((v) => done({ok: v === undefined ? null : v}),"
            " (e) => done({err: String((e && e.stack) || e)}));",
            list(args),
        )
        if isinstance(got, dict) and "ok" in got:
            return got["ok"]
        why = got.get("err") if isinstance(got, dict) else f"no answer ({got!r})"
        raise RuntimeError(f"webkit: the page's script failed: {why}")

    def click(self, selector: str) -> None:
        from selenium.webdriver.common.by import By

        self.wd.find_element(By.CSS_SELECTOR, selector).click()

    def errors(self) -> list[str]:
        self.harvest()
        return list(self.kept)

    def pids(self) -> list[int]:
        return descendants(self.service_pid)

    def close(self) -> None:
        try:
            self.wd.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)


def driver_modules() -> Path:
    """The node_modules holding puppeteer-core at tools/xengine's pinned version (npm ci into
    .cache/ once per lockfile; no browser is downloaded)."""
    from sitebuild.npm import npm_tools

    os.environ.setdefault("PUPPETEER_SKIP_DOWNLOAD", "1")
    return npm_tools(TOOLS, "xengine", "puppeteer-core") / "node_modules"


class Firefox(Driver):
    """Firefox ESR, headless, through puppeteer-core over WebDriver BiDi: firefox.mjs in Node,
    one JSON command a line on its stdin, one answer a line on its stdout."""

    engine = "firefox"

    def __init__(self, timeout: float = 180.0) -> None:
        modules = driver_modules()
        self.timeout = timeout
        self.proc = subprocess.Popen(
            ["node", str(HERE / "firefox.mjs")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={
                **os.environ,
                "XE_NODE_MODULES": str(modules),
                "XE_FIREFOX": FIREFOX,
                "PUPPETEER_SKIP_DOWNLOAD": "1",
            },
        )
        self.lock = threading.Lock()
        self.seq = 0
        hello = self.call("hello")
        self.browser_pid = int(hello["pid"])

    def call(self, op: str, **args: Any) -> Any:
        with self.lock:
            self.seq += 1
            assert self.proc.stdin is not None and self.proc.stdout is not None
            self.proc.stdin.write(json.dumps({"id": self.seq, "op": op, **args}) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"firefox: the driver (firefox.mjs) ended (exit {self.proc.poll()})")
        got = json.loads(line)
        if "err" in got:
            raise RuntimeError(f"firefox: {op}: {got['err']}")
        return got.get("ok")

    def goto(self, url: str, wait: str = "load") -> None:
        self.harvest()
        if wait == "dom":  # puppeteer's DOMContentLoaded waits for the module scripts too
            self.call("goto", url=url, wait="none", selector="#app")
            return
        self.call("goto", url=url, wait="load")
        self.hook_errors()

    def reload(self, wait: str = "load") -> None:
        self.harvest()
        self.call("reload", wait="domcontentloaded" if wait == "dom" else "load")
        self.hook_errors()

    def run(self, fn: str, *args: Any) -> Any:
        return self.call("run", fn=fn, args=list(args))

    def click(self, selector: str) -> None:
        self.call("click", selector=selector)

    def errors(self) -> list[str]:
        self.harvest()
        events = [str(e) for e in self.call("errors")]  # the BiDi log's, across documents
        return events + [e for e in self.kept if e not in events]

    def pids(self) -> list[int]:
        return descendants(self.browser_pid)

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, OSError, ValueError):
            self.call("close")
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def content_processes(driver: Driver) -> list[tuple[int, str, int]]:
    """The browser's processes that run web content, as (pid, name, PSS kB): WebKit's
    WebKitWebProcess(es); Firefox's content processes ("Isolated Web Co" for a site's tab,
    "Web Content" for others)."""
    names = (
        ("WebKitWebProces",) if driver.engine == "webkit" else ("Isolated Web Co", "Web Content")
    )
    out = []
    for pid in driver.pids():
        name = process_name(pid)
        if name.startswith(names):
            pss = pss_kb(pid)
            if pss is not None:
                out.append((pid, name, pss))
    return out


def open_engine(engine: str, xvfb: Xvfb) -> Driver:
    """A fresh browser of `engine` (a new profile: nothing cached, no service worker)."""
    if engine == "webkit":
        return WebKit(xvfb.start())
    return Firefox()
