"""The player's record in the browser (ui/stats/page.py): a finished match shows up on the
record page from the lobby with its chart, the score sheet draws the match's chart, export
gives the record as JSON (copied and downloaded), reset asks and clears, and a corrupt record
is started afresh with a note while the match in progress goes on."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import App

pytestmark = pytest.mark.e2e

RECORD = "trick-table/v1/record"


def finish_a_match(app: App) -> None:
    """A one-round Bidding Kozel match at Instant, to its result."""
    app.start("bidding-kozel", 5, options={"rounds": "1"})
    app.play_deal()
    app.page.click('[data-summary] [data-action="continue"]')
    app.page.wait_for_selector("[data-match-over]")
    app.settle()


def stats(page: Any) -> dict[str, Any]:
    return page.evaluate("window.__tt_record_stats()")


def test_a_finished_match_shows_in_the_record_with_its_charts(app: App) -> None:
    page = app.page
    assert stats(page)["games"] == {}
    finish_a_match(app)
    # the score sheet draws the match: one line per seat, named in words
    page.click('[data-match-over] [data-action="score-sheet"]')
    svg = page.wait_for_selector('[data-score-sheet] svg[data-chart="match"][role="img"]')
    assert "Running totals" in str(svg.get_attribute("aria-label"))
    assert len(svg.query_selector_all("polyline")) == 4
    assert svg.bounding_box()["width"] > 200
    page.click('[data-score-sheet] [data-action="close"]')
    page.wait_for_selector("[data-match-over]")
    page.click('[data-match-over] [data-action="lobby"]')
    page.wait_for_selector("#lobby:not([hidden])")
    app.settle()
    got = stats(page)["games"]["bidding-kozel"]["easy"]
    assert (got["played"], got["deals"], got["unit"]) == (1, 1, "stakes")
    # a reload at the lobby counts nothing again
    page.evaluate("window.__tt_reopen('')")
    app.settle()
    assert stats(page)["games"]["bidding-kozel"]["easy"]["played"] == 1
    page.click('#lobby [data-action="record"]')
    sheet = page.wait_for_selector("#overlay:not([hidden]) [data-record]")
    app.settle()
    row = sheet.query_selector('tr[data-game="bidding-kozel"][data-level="easy"]')
    assert row is not None and row.get_attribute("data-played") == "1"
    chart = sheet.query_selector('svg[data-chart="recent"][role="img"]')
    assert chart is not None and len(chart.query_selector_all("rect[data-bar]")) == 1
    assert chart.query_selector("title") is not None
    # export: the JSON in the box, copied, and downloaded
    box = json.loads(page.input_value("[data-record-json]"))
    assert box["games"]["bidding-kozel"]["easy"]["played"] == 1
    page.click('[data-record] [data-action="record-export"]')
    page.wait_for_selector("#toast:not([hidden])", state="attached")
    with page.expect_download() as dl:
        page.click('[data-record] [data-action="record-download"]')
    path = dl.value.path()
    with open(path, encoding="utf-8") as f:
        assert json.load(f)["games"]["bidding-kozel"]["easy"]["played"] == 1
    assert dl.value.suggested_filename == "trick-table-record.json"
    app.settle()
    # reset asks first, and Cancel keeps everything
    page.click('[data-record] [data-action="record-reset"]')
    page.wait_for_selector("[data-record-reset]")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-record]")
    app.settle()
    assert stats(page)["games"]["bidding-kozel"]["easy"]["played"] == 1
    page.click('[data-record] [data-action="record-reset"]')
    page.click('[data-record-reset] [data-action="record-reset-confirm"]')
    page.wait_for_selector("[data-record] [data-record-empty]")
    app.settle()
    assert stats(page)["games"] == {}
    assert page.evaluate(f"localStorage.getItem('{RECORD}')") is None
    page.click('[data-record] [data-action="close"]')
    page.wait_for_selector("#overlay", state="hidden")


def test_a_corrupt_record_is_reset_with_a_note_and_the_match_goes_on(app: App) -> None:
    page = app.page
    app.start("batak", 3)
    app.wait_turn()
    before = json.loads(page.evaluate("window.__tt_save()"))["record"]
    page.evaluate(f"localStorage.setItem('{RECORD}', '{{\"format\": 1, \"games\": 7}}')")
    page.evaluate("window.__tt_reopen('')")
    app.settle()
    note = page.wait_for_selector('#save-note[data-note="record"]:not([hidden])')
    assert "could not be read" in note.inner_text()
    kept = json.loads(page.evaluate("localStorage.getItem('trick-table/v1/record-unreadable')"))
    assert kept[-1]["text"] == '{"format": 1, "games": 7}' and kept[-1]["date"]
    assert json.loads(page.evaluate("window.__tt_save()"))["record"] == before
    assert not page.query_selector("[data-restore-failed]")
    assert page.evaluate("!document.getElementById('table').hidden")
    assert stats(page)["games"] == {}
