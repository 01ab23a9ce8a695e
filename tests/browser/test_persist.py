"""Nothing is lost: the match is saved in localStorage after every move and comes back on a
reload; Back and Forward move between the lobby and the table; leaving asks first; bad saves,
full storage and a second tab are messages, never a crash.

The tests share the session's page: they reload it (the save survives a reload, as in a
browser) and start over with the app's reset hook, which also clears the save.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine

from .conftest import BASE, ORIGIN, App, Site

pytestmark = pytest.mark.e2e

KEY = "trick-table/v1"
BAD_KEY = "trick-table/v1/unreadable"


def reload(page: Any) -> None:
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)


def saved(page: Any) -> dict[str, Any] | None:
    text = page.evaluate("window.__tt_save()")
    return None if text is None else json.loads(text)


def put_save(page: Any, text: str) -> None:
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [KEY, text])


def table_state(app: App) -> dict[str, Any]:
    """What the page shows of the match: its state hook without the computer players' worker,
    the trick on the table and the hand."""
    st = app.state()
    st.pop("ai", None)
    page = app.page
    st["trick"] = page.eval_on_selector_all(
        "#trick [data-play-seat]",
        "ns => ns.map(n => n.dataset.playSeat + ' ' + "
        "Array.from(n.querySelectorAll('.card')).map(c => c.getAttribute('aria-label')).join())",
    )
    st["hand"] = page.eval_on_selector_all("#hand [data-card]", "ns => ns.map(n => n.dataset.card)")
    return st


def mid_trick(app: App) -> None:
    """Plays until the human is to play to a trick that others have begun."""
    page = app.page
    for _ in range(60):
        assert app.wait_turn() == "input"
        if (
            page.get_attribute("#table", "data-phase") == "play"
            and page.query_selector("#trick [data-play-seat]") is not None
        ):
            return
        app.act()
    pytest.fail("never came to a trick in progress")


def test_reload_mid_trick_brings_back_the_same_position(app: App) -> None:
    page = app.page
    app.start("koz-maca", 41)
    mid_trick(app)
    before, record = table_state(app), app.record()
    assert before["trick"], "no trick in progress"
    s = saved(page)
    assert s is not None and s["format"] == 1 and s["screen"] == "table"
    assert s["record"] == record
    assert s["settings"]["game"] == "koz-maca" and s["settings"]["speed"] == "0"
    assert "game=koz-maca" in page.evaluate("location.search")
    reload(page)
    assert app.wait_turn() == "input"
    assert app.record() == record
    assert table_state(app) == before
    app.act()  # and play goes on
    assert len(app.record()["deals"][0]["moves"]) > len(record["deals"][0]["moves"])


def test_reload_with_the_summary_open(app: App) -> None:
    page = app.page
    app.start("koz-maca", 42, options={"hands": "5"})
    app.play_deal()
    record = app.record()
    assert saved(page)["overlay"] == "summary"
    reload(page)
    page.wait_for_selector('[data-summary][data-deal="1"]')
    assert app.record() == record
    assert app.state()["overlay"] == "summary"
    # Escape closes it: the finished deal shows, "Games" is free, the summary a button away
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-summary]", state="detached")
    page.wait_for_selector('#panel [data-action="summary"]')
    page.click('#bar [data-action="lobby"]')
    page.wait_for_selector("#lobby:not([hidden])")
    page.click('#lobby [data-action="resume"]')
    page.wait_for_selector('[data-summary][data-deal="1"]')
    page.click('[data-summary] [data-action="close"]')
    page.wait_for_selector("[data-summary]", state="detached")
    page.click('#panel [data-action="summary"]')
    page.click('[data-summary] [data-action="next"]')
    page.wait_for_selector("[data-summary]", state="detached")
    assert page.get_attribute("#table", "data-deal") == "2"
    assert saved(page)["cur"] == 1


def test_back_and_forward_between_lobby_and_table(app: App) -> None:
    page = app.page
    app.start("koz-maca", 43)
    app.wait_turn()
    app.act()
    app.wait_turn()
    record = app.record()
    page.go_back()
    page.wait_for_selector("#lobby:not([hidden])")
    assert page.is_hidden("#table")
    assert page.url.startswith(BASE), page.url  # still on the site
    assert "game=" not in page.evaluate("location.search")
    assert app.state()["screen"] == "lobby"
    assert page.query_selector("[data-leave]") is None, "Back asked: the match is kept"
    assert saved(page)["record"] == record, "the match is kept while the lobby shows"
    page.go_forward()
    page.wait_for_selector("#table:not([hidden])")
    assert app.record() == record
    assert "seed=43" in page.evaluate("location.search")
    # The lobby offers the match in progress too.
    page.go_back()
    page.click('#lobby [data-action="resume"]')
    page.wait_for_selector("#table:not([hidden])")
    assert app.record() == record
    assert app.wait_turn() == "input"


def test_games_mid_match_keeps_it_and_a_new_match_asks(app: App) -> None:
    page = app.page
    app.start("koz-maca", 44)
    assert app.wait_turn() == "input"
    page.click("#status")  # a click on no control does nothing (and raises nothing)
    app.act()
    app.wait_turn()
    record = app.record()
    page.click('#bar [data-action="lobby"]')  # "Games": kept, as Back keeps it
    page.wait_for_selector("#lobby:not([hidden])")
    assert page.query_selector("[data-leave]") is None, "Games asked: the match is kept"
    assert saved(page)["record"] == record
    page.click('#lobby [data-action="resume"]')
    page.wait_for_selector("#table:not([hidden])")
    assert app.record() == record and app.wait_turn() == "input"
    page.click('#bar [data-action="lobby"]')
    page.wait_for_selector("#lobby:not([hidden])")
    # Starting another match is what asks
    page.click("#setup [data-start]")
    page.wait_for_selector('[data-leave] [data-action="leave-confirm"]')
    page.click('[data-action="leave-cancel"]')
    page.wait_for_selector("[data-leave]", state="detached")
    assert saved(page)["record"] == record
    page.click("#setup [data-start]")
    page.click('[data-leave] [data-action="leave-confirm"]')
    page.wait_for_selector("#table:not([hidden])")
    assert app.wait_turn() == "input" and app.record() != record


def kept_aside(page: Any, key: str) -> str:
    """The newest text kept aside under `key` (a dated list: engine/untrusted.py's `aside`)."""
    entries = json.loads(page.evaluate("k => localStorage.getItem(k)", key))
    assert entries[-1]["date"], entries
    return str(entries[-1]["text"])


def check_cannot_restore(page: Any, words: str) -> str:
    box = page.wait_for_selector("[data-restore-failed]")
    text = box.text_content() or ""
    assert "could not be restored" in text and words in text, text
    assert page.query_selector('[data-restore-failed] [data-action="copy-save"]') is not None
    assert page.query_selector('[data-restore-failed] [data-action="fresh-start"]') is not None
    return text


def test_corrupt_save(app: App) -> None:
    page = app.page
    bad = '{"format": 1, <img src=x id=injected onerror="window.__pwned=1">'
    put_save(page, bad)
    reload(page)
    check_cannot_restore(page, "not JSON")
    assert page.query_selector("#injected") is None
    assert page.evaluate("window.__pwned") is None
    # The bad text is kept under another key, not deleted; the save key is free again.
    assert kept_aside(page, BAD_KEY) == bad
    assert page.evaluate("window.__tt_save()") is None
    page.click("[data-restore-failed] summary")  # the saved text, shown as text
    assert page.is_visible("[data-bad-save]")
    assert page.input_value("[data-bad-save]") == bad
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=ORIGIN)
    page.click('[data-action="copy-save"]')
    page.wait_for_function("() => document.getElementById('toast').textContent.includes('Copied')")
    assert page.evaluate("navigator.clipboard.readText()") == bad
    page.click('[data-action="fresh-start"]')
    page.wait_for_selector("[data-restore-failed]", state="detached")
    page.wait_for_selector("#lobby:not([hidden])")
    app.start("koz-maca", 46)
    assert app.wait_turn() == "input"
    assert saved(page)["record"]["seed"] == 46


def real_save(app: App, seed: int) -> tuple[str, dict[str, Any]]:
    app.start("koz-maca", seed)
    assert app.wait_turn() == "input"
    text = app.page.evaluate("window.__tt_save()")
    return text, json.loads(text)


def test_save_from_another_version_or_game(app: App) -> None:
    page = app.page
    _, data = real_save(app, 47)
    put_save(page, json.dumps({**data, "format": 2}))
    reload(page)
    check_cannot_restore(page, "another version")
    page.click('[data-action="fresh-start"]')
    page.wait_for_selector("#lobby:not([hidden])")
    other = {**data, "record": {**data["record"], "game": "<b id=injected>poker</b>"}}
    put_save(page, json.dumps(other))
    reload(page)
    text = check_cannot_restore(page, "game this page does not have")
    assert "<b id=injected>" in text  # shown as text
    assert page.query_selector("#injected") is None


def test_hand_edited_save_with_an_illegal_move(app: App) -> None:
    page = app.page
    real_save(app, 48)
    app.act()
    app.wait_turn()
    data = saved(page)
    record = data["record"]
    moves = record["deals"][0]["moves"]
    assert len(moves) >= 5
    moves[-1] = moves[0]  # a card already played
    with pytest.raises(engine.RecordError):
        engine.replay(record)
    put_save(page, json.dumps(data))
    reload(page)
    check_cannot_restore(page, "does not replay")
    assert page.is_hidden("#table")
    page.click('[data-action="fresh-start"]')
    page.wait_for_selector("#lobby:not([hidden])")


def test_full_storage_is_a_quiet_note(app: App) -> None:
    page = app.page
    _, before = real_save(app, 49)
    page.evaluate("""() => {
        window.__realSetItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function () {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
    }""")
    try:
        app.act()
        note = page.wait_for_selector('#save-note[data-note="storage"]')
        text = note.text_content() or ""
        assert "not being kept" in text and "the match save" in text, text
        assert app.wait_turn() == "input"  # play goes on
        page.evaluate("""() => {  // the note is said once: count its changes from now on
            window.__noteChanges = 0;
            new MutationObserver(() => { window.__noteChanges++; }).observe(
                document.getElementById('save-note'),
                {childList: true, characterData: true, subtree: true});
        }""")
        app.act()
        assert app.wait_turn() == "input"
        assert page.evaluate("window.__noteChanges") == 0
        assert page.query_selector("#overlay:not([hidden])") is None
        assert saved(page) == before
    finally:
        page.evaluate("() => { Storage.prototype.setItem = window.__realSetItem; }")
    app.act()  # storage works again: the note goes and the save catches up
    app.wait_turn()
    page.wait_for_selector("#save-note", state="hidden")
    assert saved(page)["record"] == app.record()


def test_two_tabs_the_later_one_wins(app: App, site: Site) -> None:
    page = app.page
    app.start("koz-maca", 50)
    assert app.wait_turn() == "input"
    first_tab = saved(page)["tab"]
    other = page.context.new_page()
    errors: list[str] = []
    other.on("pageerror", lambda e: errors.append(str(e)))
    try:
        other.goto(page.url)
        other.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
        other.wait_for_selector("#table[data-input]", state="attached")
        second = App(other)
        assert second.record() == app.record()
        second_save = saved(page)
        assert second_save["tab"] != first_tab, "the later tab did not take the save"
        # The first tab, shown again, says so before any move is made in it
        page.bring_to_front()
        page.evaluate("window.dispatchEvent(new Event('focus'))")
        note = page.wait_for_selector('#save-note[data-note="other-tab"]')
        assert "another tab" in (note.text_content() or "")
        assert "the other tab" in (page.text_content('#save-note [data-action="take-over"]') or "")
        # and its move is not taken (it would be lost): it says how to play on here
        seq = page.get_attribute("#table", "data-seq")
        page.click("#hand [data-card][data-legal]")
        page.wait_for_function("() => /Play on here/.test(document.body.textContent)")
        assert page.get_attribute("#table", "data-seq") == seq
        assert saved(page) == second_save
        # The later tab plays on and saves.
        second.act()
        assert second.wait_turn() == "input"
        assert saved(other)["record"] == second.record()
        # "Play on here" in the first tab takes the latest position from the save.
        page.click('#save-note [data-action="take-over"]')
        page.wait_for_selector("#save-note", state="hidden")
        assert app.record() == second.record()
        assert saved(page)["tab"] == first_tab
        assert errors == []
    finally:
        other.close()


def test_lobby_settings_are_remembered(app: App) -> None:
    page = app.page
    page.click('[data-game-choice="batak"]')
    page.select_option('#setup [data-opt="hands"]', "3")
    page.select_option("[data-speed]", "1")
    page.select_option("[data-level]", "normal")
    assert saved(page)["settings"]["game"] == "batak"
    reload(page)
    page.wait_for_selector("#lobby:not([hidden])")
    assert page.get_attribute('[data-game-choice="batak"]', "aria-pressed") == "true"
    assert page.input_value('#setup [data-opt="hands"]') == "3"
    assert page.input_value("[data-speed]") == "1"
    assert page.input_value("[data-level]") == "normal"
    # Parameters in the address win over the remembered settings.
    page.goto(BASE + "?level=easy&speed=0")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    assert page.input_value("[data-level]") == "easy"
    assert page.input_value("[data-speed]") == "0"
    assert page.get_attribute('[data-game-choice="batak"]', "aria-pressed") == "true"


def test_no_console_errors_while_saving(site: Site) -> None:
    assert site.console_errors == [], site.console_errors


def test_reload_plays_on_as_without_it(app: App) -> None:
    """The computers' choices depend on the match and the position only: the same moves of the
    player give the same deal whether or not the page was reloaded on the way."""
    page = app.page

    def play(reload_after: int | None) -> dict[str, Any]:
        app.reset()
        app.start("koz-maca", 61)
        for i in range(4):
            assert app.wait_turn() == "input"
            if i == reload_after:
                reload(page)
                assert app.wait_turn() == "input"
            app.act()
        assert app.wait_turn() in ("input", "summary")
        return app.record()

    assert play(None) == play(1)


def test_deeply_nested_storage_is_refused_not_fatal(app: App) -> None:
    """A save, record, display settings and puzzles' progress nested 5,000 levels deep (any
    page of the same origin could write them) would overflow Pyodide's stack in the parser, a
    fatal error no `except` catches: each is refused before it is parsed, the bad save kept
    aside, and the page plays on."""
    page = app.page
    deep = "[" * 5000 + "]" * 5000
    for key in (KEY, "trick-table/v1/record", "trick-table/display", "trick-table/v1/puzzles"):
        page.evaluate("([k, t]) => localStorage.setItem(k, t)", [key, deep])
    reload(page)
    check_cannot_restore(page, "nested too deeply")
    assert kept_aside(page, BAD_KEY) == deep
    page.click('[data-action="fresh-start"]')
    page.wait_for_selector("[data-restore-failed]", state="detached")
    app.start("koz-maca", 48)
    assert app.wait_turn() == "input"
    assert saved(page)["record"]["seed"] == 48
    for key in ("trick-table/display", "trick-table/v1/puzzles"):
        page.evaluate("k => localStorage.removeItem(k)", key)


def test_full_storage_at_a_finished_match_says_the_record_is_not_kept(app: App) -> None:
    """A match that ends while the browser's storage is full: the note says, once, that
    neither the save nor this match in the record is kept; a new match still plays."""
    page = app.page
    m = engine.new_match("kozel-classic", seed=5)
    rng = __import__("random").Random(5)
    while not m.is_over:
        m.play(rng.choice(m.deal.legal_moves()))
    settings = {
        "game": "kozel-classic",
        "options": {},
        "players": "",
        "seed": "5",
        "level": "easy",
        "speed": "0",
    }
    put_save(
        page,
        json.dumps(
            {
                "format": 1,
                "tab": "t0",
                "n": 1,
                "screen": "table",
                "overlay": "over",
                "cur": len(m.deals) - 1,
                "away": [],
                "settings": settings,
                "record": m.record(),
            }
        ),
    )
    page.evaluate("localStorage.removeItem('trick-table/v1/record')")
    page.evaluate("""() => {
        window.__realSetItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function () {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
    }""")
    try:
        page.evaluate("window.__tt_reopen('')")
        app.settle()
        note = page.wait_for_selector('#save-note[data-note="storage"]:not([hidden])')
        text = note.text_content() or ""
        assert "storage is full" in text and "this match in your record" in text, text
        assert note.is_visible()
        assert page.evaluate("localStorage.getItem('trick-table/v1/record')") is None
        app.reset()
        app.start("batak", 12)
        assert app.wait_turn() == "input"
        app.act()  # a legal move is answered
        assert app.wait_turn() == "input"
        assert page.query_selector("#stopped:not([hidden])") is None
    finally:
        page.evaluate("() => { Storage.prototype.setItem = window.__realSetItem; }")


def test_full_storage_when_a_setting_changes_says_settings_are_not_kept(app: App) -> None:
    """index.html's own write (a display setting, in the lobby) refused by full storage is
    said in the same note ("your settings"); the setting applies for this visit."""
    page = app.page
    app.reset()
    page.evaluate("""() => {
        window.__realSetItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function () {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
    }""")
    try:
        page.check('[data-setting="four-colour"]')
        note = page.wait_for_selector('#save-note[data-note="storage"]:not([hidden])')
        assert "your settings" in (note.text_content() or "")
        assert page.evaluate("document.documentElement.dataset.deck") == "four"
    finally:
        page.evaluate("() => { Storage.prototype.setItem = window.__realSetItem; }")
        page.uncheck('[data-setting="four-colour"]')
    page.wait_for_selector("#save-note", state="hidden")
