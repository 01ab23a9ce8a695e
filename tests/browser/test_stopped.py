"""A worker that dies (stopped, or Python's runtime failed for good) never leaves a silently
frozen table: an event it leaves unanswered for a few seconds is said plainly, with a reload
that brings the match back from its save (ui/web/, "the watchdog")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import BASE, DIST, Site

pytestmark = pytest.mark.e2e


def test_a_dead_worker_is_said_and_the_reload_brings_the_match_back(
    browser: Any, site: Site
) -> None:
    ctx = browser.new_context(viewport={"width": 1000, "height": 800}, service_workers="block")
    ctx.route("**/*", site.handle)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    try:
        page.goto(BASE + "?game=koz-maca&seed=5&speed=0&level=easy")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        page.wait_for_selector("#table[data-input]", state="attached", timeout=60_000)
        hand = page.eval_on_selector_all("#hand [data-card]", "ns => ns.map(n => n.dataset.card)")
        page.evaluate("window.__tt_worker.worker.terminate()")
        # the score sheet asked for: an event the worker never answers
        page.evaluate("document.querySelector('[data-action=\"score-sheet\"]').click()")
        box = page.wait_for_selector("#stopped[role=alert]", timeout=20_000)
        assert "stopped answering" in (box.text_content() or "")
        assert page.get_attribute("html", "data-stopped") == "no answer"
        page.click('#stopped [data-action="reload-page"]')
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        page.wait_for_selector("#table[data-input]", state="attached", timeout=60_000)
        assert page.query_selector("#stopped") is None
        rec = page.evaluate("JSON.parse(window.__tt_record())")
        assert (rec["game"], rec["seed"]) == ("koz-maca", 5)
        assert (
            page.eval_on_selector_all("#hand [data-card]", "ns => ns.map(n => n.dataset.card)")
            == hand
        )
    finally:
        ctx.close()


# Appended to ui/shell/host.py as this test serves it: a message that overflows the WebAssembly stack
# in the parser (Pyodide's fatal error, "Maximum call stack size exceeded", which no `except`
# catches and after which Python's runtime is gone for good), as deep JSON once did.
FATAL_HOOK = """

_receive = Host.receive


def _overflowing(self, text):
    if "overflow-the-stack" in text:
        import json
        json.loads("[" * 300000 + "]" * 300000)
    return _receive(self, text)


Host.receive = _overflowing
"""


def test_a_fatal_python_error_is_said_as_a_stopped_table(browser: Any, site: Site) -> None:
    """Not a stopped worker but Python's runtime dying in it (a real fatal error): the page says
    so with its reload, at once (the worker reports it), and the reload brings the match back."""
    root = DIST.parent

    def route(r: Any) -> None:
        url = r.request.url.split("?")[0]
        # one module more: ui/shell/host.py as source, with the hook
        if url == BASE + "pyscript.json":
            files = json.loads((DIST / "pyscript.json").read_text(encoding="utf-8"))
            files["files"]["./fatal-test/host.py"] = "ui/shell/host.py"
            r.fulfill(
                status=200, body=json.dumps(files), headers={"content-type": "application/json"}
            )
        elif url == BASE + "fatal-test/host.py":
            source = (root / "ui" / "shell" / "host.py").read_text(encoding="utf-8") + FATAL_HOOK
            r.fulfill(status=200, body=source, headers={"content-type": "text/plain"})
        else:
            site.handle(r)

    ctx = browser.new_context(viewport={"width": 1000, "height": 800}, service_workers="block")
    ctx.route("**/*", route)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    logged: list[str] = []
    page.on("console", lambda m: logged.append(m.text))
    try:
        page.goto(BASE + "?game=batak&seed=8&speed=0&level=easy")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        page.wait_for_selector("#table[data-input]", state="attached", timeout=60_000)
        hand = page.eval_on_selector_all("#hand [data-card]", "ns => ns.map(n => n.dataset.card)")
        page.evaluate("window.__tt_worker.worker.postMessage({type: 'overflow-the-stack'})")
        box = page.wait_for_selector("#stopped[role=alert]", timeout=20_000)
        assert "stopped answering" in (box.text_content() or "")
        why = str(page.get_attribute("html", "data-stopped"))
        assert why != "no answer", why  # said by the worker at once, not by the watchdog's wait
        assert any("fatal error" in t.lower() for t in logged), logged[-5:]
        # taps do nothing now, and the message stays
        page.evaluate("document.querySelector('#panel [data-move], #hand [data-card]').click()")
        page.wait_for_timeout(500)
        assert page.query_selector("#stopped") is not None
        page.click('#stopped [data-action="reload-page"]')
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        page.wait_for_selector("#table[data-input]", state="attached", timeout=60_000)
        assert page.query_selector("#stopped") is None
        assert sorted(
            page.eval_on_selector_all("#hand [data-card]", "ns => ns.map(n => n.dataset.card)")
        ) == sorted(hand)
    finally:
        ctx.close()
