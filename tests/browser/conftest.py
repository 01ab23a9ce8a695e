"""End-to-end fixtures: one Chromium page on the built dist/, served without a server.

dist/ is served through `context.route` on a fake https origin under a sub-path (as on GitHub
Pages project pages). Any request that leaves that origin is aborted and recorded; console
errors and page errors are recorded too, and the last tests assert both lists are empty.
The page is loaded once per session; tests start over with the app's own reset hook.

Should Chromium's renderer crash ("Target crashed", "Page crashed"), the test it crashed in is
run once more on a new page (pytest-rerunfailures, only for those two errors, at most
MAX_CRASH_RERUNS in a whole run); the run's summary names each such crash with its test and
error. An assertion that fails is never run again, and a test that crashes twice fails.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
ORIGIN = "https://tricktable.test"
BASE = f"{ORIGIN}/games/trick-table/"
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".pyc": "application/octet-stream",
    ".txt": "text/plain",
}
# A renderer crash is Chromium's, not a test's finding: the test runs once more on a new page
# (a renderer is seldom lost, but when one is, every later step of that page fails).
CRASHES = [r"Target crashed", r"Page crashed"]
MAX_CRASH_RERUNS = 6

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--allow-file-access-from-files",
    "--disable-dev-shm-usage",
]


def chromium_path() -> str:
    for cand in (
        os.environ.get("CHROMIUM"),
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
    ):
        if cand and Path(cand).exists():
            return cand
    pytest.fail(
        "Chromium not found: install Debian's chromium (apt-get install chromium) or set "
        "CHROMIUM=/path/to/chromium",
        pytrace=False,
    )


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=CRASHES))


def pytest_configure(config: Any) -> None:
    # a cap on crash reruns in one run: a page that keeps crashing fails the run
    if getattr(config.option, "max_suite_reruns", None) is None:
        config.option.max_suite_reruns = MAX_CRASH_RERUNS


CRASH_RERUNS: list[str] = []


def pytest_runtest_logreport(report: Any) -> None:
    if report.outcome == "rerun":
        lines = [ln for ln in str(report.longreprtext).splitlines() if ln.startswith("E ")]
        CRASH_RERUNS.append(
            f"{report.nodeid} ({report.when}): "
            f"{lines[0][1:].strip() if lines else 'renderer crash'}"
        )


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if CRASH_RERUNS:
        terminalreporter.write_sep(
            "=",
            f"Chromium's renderer crashed {len(CRASH_RERUNS)} times; "
            "each test it crashed in ran once more on a new page",
        )
        for line in CRASH_RERUNS:
            terminalreporter.write_line(line)


class Site:
    """Routes requests for BASE to dist/ and records everything else."""

    def __init__(self) -> None:
        self.outside: list[str] = []
        self.missing: list[str] = []
        self.console_errors: list[str] = []

    def handle(self, route: Any) -> None:
        url = route.request.url
        if not url.startswith(BASE):
            self.outside.append(url)
            route.abort()
            return
        rel = url[len(BASE) :].split("?", 1)[0].split("#", 1)[0] or "index.html"
        path = (DIST / rel).resolve()
        if DIST.resolve() not in path.parents or not path.is_file():
            self.missing.append(rel)
            route.fulfill(status=404, body="not found")
            return
        route.fulfill(
            status=200,
            body=path.read_bytes(),
            headers={
                "content-type": CONTENT_TYPES.get(path.suffix, "application/octet-stream"),
                "cache-control": "no-cache",
            },
        )


@pytest.fixture(scope="session")
def site() -> Site:
    if not (DIST / "index.html").is_file() or not (DIST / "pyscript.json").is_file():
        pytest.fail(
            "dist/ is missing or incomplete: build it first with `python3 build.py` "
            "(scripts/test.sh does this before running the tests)",
            pytrace=False,
        )
    return Site()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


def open_table_page(ctx: Any, site: Site) -> Any:
    """A page of the shared context at the lobby, once its Python is ready."""
    pg = ctx.new_page()
    pg.on("console", lambda m: site.console_errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: site.console_errors.append(f"pageerror: {e}"))
    pg.set_default_timeout(30_000)
    pg.goto(BASE + "?speed=0")
    try:
        pg.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    except PlaywrightTimeout:
        body = pg.inner_text("body")[:2000]
        pytest.fail(
            f"the page never became ready; page text:\n{body}\nerrors: "
            f"{site.console_errors}\nmissing: {site.missing}",
            pytrace=False,
        )
    return pg


@pytest.fixture(scope="session")
def shared_page(browser: Any, site: Site) -> Iterator[dict[str, Any]]:
    # No service worker in the routed contexts: the offline copy and the repeat visit's start
    # from the snapshot are test_offline.py's (a real server); here each load is the plain
    # start, and the precache (15 MB) does not go through the routes in the middle of a test.
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    ctx.route("**/*", site.handle)
    holder: dict[str, Any] = {"ctx": ctx, "page": None, "crashed": False}
    yield holder
    ctx.close()


def live_page(holder: dict[str, Any], new_page: Callable[[], Any]) -> Any:
    """The page `holder` keeps for several tests, or a new one from `new_page()` when there is
    none yet or its renderer crashed (a crashed page is dead for every later step)."""
    pg = holder["page"]
    if pg is None or pg.is_closed() or holder["crashed"]:
        if pg is not None and not pg.is_closed():
            pg.close()
        holder["crashed"] = False
        pg = new_page()
        pg.on("crash", lambda _p: holder.__setitem__("crashed", True))
        holder["page"] = pg
    return pg


@pytest.fixture
def page(shared_page: dict[str, Any], site: Site) -> Any:
    """The one page the tests share (reset between tests, not reloaded); a new one after a
    renderer crash."""
    return live_page(shared_page, lambda: open_table_page(shared_page["ctx"], site))


# Where a player taps a card of the hand: its index, in the strip a fanned hand always shows
STRIP = {"x": 10, "y": 24}


class App:
    """Drives the page like a player: only clicks (and typing in the lobby)."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def settle(self) -> None:
        """Waits until the page's Python (in its worker) has answered every event sent so far:
        `html[data-busy]` is set from an event until its answer is carried out."""
        self.page.wait_for_selector("html:not([data-busy])", state="attached")

    def reset(self, query: str = "?speed=0&level=easy") -> None:
        self.page.set_viewport_size({"width": 1280, "height": 800})
        self.page.evaluate("q => window.__tt_reset(q)", query)
        self.page.wait_for_selector("#lobby:not([hidden])", state="attached")

    def start(
        self,
        game: str,
        seed: int,
        options: dict[str, str] | None = None,
        players: int | None = None,
        level: str | None = None,
    ) -> None:
        p = self.page
        p.click(f'[data-game-choice="{game}"]')
        for name, value in (options or {}).items():
            node = p.locator(f'#setup [data-opt="{name}"]')
            if node.get_attribute("type") == "checkbox":
                node.set_checked(value in ("1", "true"))
            elif node.evaluate("n => n.tagName") == "SELECT":
                node.select_option(value)
            else:
                node.fill(value)
        if players is not None:
            p.select_option('#setup [data-opt="players"]', str(players))
        p.fill("#opt-seed", str(seed))
        p.select_option("[data-speed]", "0")
        if level is not None:
            p.select_option("[data-level]", level)
        p.click("[data-start]")
        p.wait_for_selector("#table:not([hidden])")
        self.settle()

    def seq(self) -> str:
        return str(self.page.get_attribute("#table", "data-seq"))

    def state(self) -> dict[str, Any]:
        return json.loads(self.page.evaluate("window.__tt_state()"))

    def record(self) -> dict[str, Any]:
        return json.loads(self.page.evaluate("window.__tt_record()"))

    def wait_turn(self) -> str:
        """Waits until the human must act ("input") or a deal summary shows ("summary").

        At Instant a finished trick stays on the felt until a tap when a computer plays
        next (`#table[data-tap]`): the player taps the felt, as a person would."""
        for _ in range(200):
            self.settle()
            self.page.wait_for_selector(
                "#table[data-input], [data-summary], #table[data-tap]",
                state="attached",
                timeout=60_000,
            )
            self.settle()
            if self.page.query_selector("[data-summary]"):
                return "summary"
            if self.page.query_selector("#table[data-input]"):
                return "input"
            self.tap()
        raise AssertionError("the table kept waiting for taps")

    def tap(self) -> None:
        """Taps the felt (the middle of the table, where the trick lies)."""
        if self.page.query_selector("#table[data-tap]"):
            self.page.click("#felt", position=self.felt_middle())

    def felt_middle(self) -> dict[str, float]:
        box = self.page.query_selector("#felt").bounding_box()
        return {"x": box["width"] / 2, "y": box["height"] / 2}

    def act(self, bid: bool = False) -> str:
        """Makes one move by clicking, like a player who picks simple moves; returns it.

        In an auction it passes, or with `bid` makes the lowest bid it is offered.
        """
        p = self.page
        before = self.seq()
        buttons = p.query_selector_all('#panel [data-move]:not([data-move="confirm"])')
        confirm = p.query_selector('#panel [data-move="confirm"]')
        if buttons:
            moves = [str(b.get_attribute("data-move")) for b in buttons]
            bids = [m for m in moves if m.startswith("bid ")]
            move = bids[0] if bid and bids else ("pass" if "pass" in moves else moves[0])
            p.click(f'#panel [data-move="{move}"]')
        elif confirm is not None:
            chosen: list[str] = []
            for _ in range(4):
                if p.query_selector('#panel [data-move="confirm"]:not([disabled])'):
                    break
                card = p.query_selector("#hand [data-card][data-legal]:not([data-selected])")
                assert card is not None, "no selectable card while the play is incomplete"
                chosen.append(str(card.get_attribute("data-card")))
                card.click(position=STRIP)
                self.settle()
            p.click('#panel [data-move="confirm"]')
            move = " ".join(chosen)
        else:
            card = p.query_selector("#hand [data-card][data-legal]")
            assert card is not None, "the human is to move but no card is playable"
            move = str(card.get_attribute("data-card"))
            card.click(position=STRIP)
        p.wait_for_function("s => document.getElementById('table').dataset.seq !== s", arg=before)
        return move

    def play_deal(self, bid: bool = False) -> list[str]:
        """Plays the human's moves until the deal summary shows; returns the moves clicked."""
        moves: list[str] = []
        for _ in range(200):
            if self.wait_turn() == "summary":
                return moves
            moves.append(self.act(bid=bid and not any(m.startswith("bid ") for m in moves)))
        raise AssertionError("the deal did not end")


@pytest.fixture
def app(page: Any) -> App:
    a = App(page)
    a.reset()
    return a
