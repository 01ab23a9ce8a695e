"""The lobby answers before Python: it is built into index.html by the page's own views, so a
player can choose a game and its options and read the rules while the runtime loads; "Deal the
cards" then deals as soon as the page is ready, with the choices made."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import BASE, Site

pytestmark = pytest.mark.e2e


@pytest.fixture
def held(browser: Any, site: Site) -> Iterator[tuple[Any, Any]]:
    """A page whose runtime (Pyodide's wasm) is held back until the test lets it go."""
    ctx = browser.new_context(viewport={"width": 1000, "height": 800}, service_workers="block")
    waiting: list[Any] = []
    gone = [False]

    def handle(route: Any) -> None:
        if route.request.url.endswith("pyodide.asm.wasm") and not gone[0]:
            waiting.append(route)
            return
        site.handle(route)

    def release() -> None:
        gone[0] = True
        for route in waiting:
            site.handle(route)

    ctx.route("**/*", handle)
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    yield page, release
    ctx.close()


def test_lobby_works_before_python_and_deals_when_ready(held: tuple[Any, Any]) -> None:
    page, release = held
    page.goto(BASE)
    page.wait_for_selector("#lobby[data-static]:not([hidden])")
    assert page.evaluate("!document.documentElement.dataset.ready")  # Python not running
    assert page.is_hidden("#splash")
    # choose a game, an option, the level; read its rules
    page.click('[data-game-choice="kozel-classic"]')
    page.wait_for_selector('[data-game-choice="kozel-classic"].selected')
    assert "Kozel" in (page.text_content("#setup h2") or "")
    assert page.is_visible("details.rules")
    page.fill("#opt-seed", "77")
    page.select_option("[data-speed]", "0")
    page.select_option("[data-level]", "easy")
    page.click("[data-start]")
    assert page.is_disabled("[data-start]")
    assert "Loading" in (page.text_content("[data-start]") or "")
    # the runtime arrives: the page deals that game at once, with those choices
    release()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    page.wait_for_selector("#table:not([hidden])", timeout=60_000)
    assert page.get_attribute("#table", "data-game") == "kozel-classic"
    rec = page.evaluate("JSON.parse(window.__tt_record())")
    assert rec["seed"] == 77
    state = page.evaluate("JSON.parse(window.__tt_state())")
    assert state["ai"]["level"] == "easy"


def test_an_address_with_a_game_opens_its_table_at_once(browser: Any, site: Site) -> None:
    """A shared link (?game=…&seed=…) opens straight at the table, the lobby never shown."""
    ctx = browser.new_context(viewport={"width": 1000, "height": 800}, service_workers="block")
    ctx.route("**/*", site.handle)
    page = ctx.new_page()
    try:
        page.goto(BASE + "?game=koz-maca&seed=2&speed=0&level=easy")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        page.wait_for_selector("#table[data-input]", state="attached", timeout=60_000)
        assert page.is_hidden("#lobby")
        assert page.evaluate("performance.getEntriesByName('tt:input').length") == 1
    finally:
        ctx.close()


def test_the_static_lobby_reads_only_its_own_names(held: tuple[Any, Any]) -> None:
    """A language or a saved game named after a property every JavaScript object has
    (`constructor`, `__proto__`, `toString`) is no language and no game: the page paints in
    English with its first game, never "undefined" or a function's source."""
    page, _release = held

    def painted_plainly() -> None:
        page.wait_for_selector("#lobby[data-static]:not([hidden])")
        assert page.evaluate("!document.documentElement.dataset.ready")  # Python not running
        assert page.evaluate("document.documentElement.lang") == "en"
        title = page.title()
        assert title and title != "undefined"
        text = page.evaluate("document.body.innerText")
        assert "undefined" not in text and "native code" not in text
        assert page.query_selector("[data-game-choice].selected") is not None

    for query in ("?lang=constructor", "?lang=__proto__", "?lang=toString"):
        page.goto(BASE + query)
        painted_plainly()
    page.evaluate("""() => {
        localStorage.setItem("trick-table/lang", "constructor");
        localStorage.setItem("trick-table/v1",
                             JSON.stringify({screen: "lobby", settings: {game: "constructor"}}));
    }""")
    page.goto(BASE)
    painted_plainly()
    page.evaluate("""() => localStorage.setItem("trick-table/v1",
                           JSON.stringify({screen: "lobby", settings: {game: "__proto__"}}))""")
    page.goto(BASE)
    painted_plainly()


def test_a_repeated_language_keeps_its_first_value(held: tuple[Any, Any]) -> None:
    """`?lang=tr&lang=ru`: the first value, before Python runs and after (as
    URLSearchParams.get reads it), so the page never paints one language and then another."""
    page, release = held
    page.goto(BASE + "?lang=tr&lang=ru")
    page.wait_for_selector("#lobby[data-static]:not([hidden])")
    assert page.evaluate("document.documentElement.lang") == "tr"
    release()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    page.wait_for_timeout(500)
    assert page.evaluate("document.documentElement.lang") == "tr"
