"""A worker that dies (stopped, or Python's runtime failed for good) never leaves a silently
frozen table: an event it leaves unanswered for a few seconds is said plainly, with a reload
that brings the match back from its save (ui/page.js, "the watchdog")."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import BASE, Site

pytestmark = pytest.mark.e2e


def test_a_dead_worker_is_said_and_the_reload_brings_the_match_back(browser: Any,
                                                                      site: Site) -> None:
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
        assert page.eval_on_selector_all(
            "#hand [data-card]", "ns => ns.map(n => n.dataset.card)") == hand
    finally:
        ctx.close()
