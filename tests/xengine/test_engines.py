"""The page in WebKitGTK and in Firefox ESR, as a player meets it: the lobby answers before
Python has started, Python starts, a whole deal is played at Instant against the computers, a
repeat visit starts Python from the memory snapshot, the page starts offline from the service
worker's copy, nothing is logged as an error, and a first visit asks the server for each file
once (read from the server's own log, which also sees the workers' and the service worker's
requests).

The tests run in this order on one browser per engine (conftest.py): the first two see the
engine's first visit of the site (the third reads its requests once the service worker has
precached everything).
"""

from __future__ import annotations

import json
import time

import pytest

from bench import xengine as X

from .conftest import Engine

pytestmark = pytest.mark.xengine

READY = "document.documentElement.dataset.ready === '1'"


def activated(eng: Engine) -> None:
    """Until the service worker has installed (its precache complete) and is active."""
    eng.driver.wait(X.SW_ACTIVE, 240, "the service worker to finish precaching and activate")


def test_the_static_lobby_answers_before_python(eng: Engine) -> None:
    d = eng.driver
    d.goto(eng.url(), wait="dom")
    d.wait(
        "document.querySelector('#lobby[data-static=\"1\"]:not([hidden]) [data-game-choice]')",
        60,
        "the static lobby with its game choices",
    )
    # What the lobby shows once its own click handler has run (a listener on the document
    # runs after the lobby's), and whether Python was ready then.
    before = d.run("""() => {
        const seen = () => ({
            ready: document.documentElement.dataset.ready || null,
            static: document.querySelector('#lobby').dataset.static || null,
            pressed: (document.querySelector('#lobby [data-game-choice][aria-pressed="true"]')
                || {dataset: {}}).dataset.gameChoice || null,
            heading: (document.querySelector('#setup h2') || {}).textContent || '',
            at: Math.round(performance.now())});
        document.addEventListener('click', () => { window.__xe_click = seen(); }, {once: true});
        return {...seen(), games: [...document.querySelectorAll('#lobby [data-game-choice]')]
            .map((b) => b.dataset.gameChoice)};
    }""")
    assert before["ready"] is None, f"Python was ready before the lobby could be seen: {before}"
    assert "batak" in before["games"] and len(before["games"]) >= 2, before
    pick = next(g for g in before["games"] if g != before["pressed"])
    d.click(f'#lobby[data-static="1"] [data-game-choice="{pick}"]')
    after = d.run("() => window.__xe_click || null")
    eng.facts["lobby"] = (before, after)
    assert after is not None, "the click did not reach the page"
    assert after["ready"] is None and after["static"] == "1", (
        f"{eng.name}: Python was ready ({after['at']} ms) before the static lobby could be "
        f"clicked (seen at {before['at']} ms): {after}"
    )
    assert after["pressed"] == pick, f"choosing {pick} did not redraw the lobby: {after}"
    assert after["heading"] != before["heading"], (before, after)


def test_python_starts(eng: Engine) -> None:
    d = eng.driver
    eng.facts["first_ready_ms"] = d.ready(180)
    boot = d.run("() => window.__tt_boot()")
    assert isinstance(boot, dict) and boot.get("from") in ("fresh", "snapshot"), boot
    if boot["from"] == "fresh":
        assert boot.get("why"), f"a fresh start says why: {boot}"
    state = d.state()
    assert state.get("screen") == "lobby", state


def test_a_first_visit_asks_for_each_file_once(eng: Engine) -> None:
    activated(eng)
    hits = eng.site.hits(since=eng.started)
    assert hits, "the server logged no request"
    bad = [h for h in hits if h.status not in (200, 304)]
    assert not bad, f"{eng.name}: requests that failed: {bad[:10]}"
    twice = X.repeated(hits)
    assert not twice, (
        f"{eng.name}: {len(twice)} of {len({h.path for h in hits})} files were requested more "
        f"than once on a first visit (until the precache was complete): {X.describe(twice)}"
    )


def human_turn(d: X.Driver) -> str:
    """Until the human must act ("input"), a finished trick waits for a tap ("tap") or the
    deal's summary shows ("summary")."""
    return str(
        d.wait(
            "document.querySelector('[data-summary]') ? 'summary' : "
            "document.querySelector('#table[data-input]') ? 'input' : "
            "document.querySelector('#table[data-tap]') ? 'tap' : ''",
            90,
            "the human's turn or the deal's summary",
        )
    )


def act(d: X.Driver) -> str:
    """Clicks the first move the panel offers, else the first legal card of the hand."""
    seq = d.run("() => document.getElementById('table').dataset.seq")
    move = d.run("""() => {
        const b = document.querySelector('#panel:not([hidden]) [data-move]:not([disabled])');
        if (b) return {sel: `#panel [data-move="${b.dataset.move}"]`, move: b.dataset.move};
        const c = document.querySelector('#hand [data-card][data-legal]');
        return c ? {sel: `#hand [data-card="${c.dataset.card}"][data-legal]`,
                    move: c.dataset.card} : null;
    }""")
    assert move, "the human is to move but nothing can be clicked"
    d.click(move["sel"])
    d.wait(
        f"document.getElementById('table').dataset.seq !== {json.dumps(seq)} || "
        "!!document.querySelector('[data-summary]')",
        60,
        f"the move {move['move']} to land",
    )
    return str(move["move"])


def test_a_whole_deal_at_instant(eng: Engine) -> None:
    d = eng.driver
    d.goto(eng.url("?game=batak&speed=0&seed=3&level=easy"))
    d.ready(180)
    d.wait("document.querySelector('#table:not([hidden])')", 60, "the table")
    clicked: list[str] = []
    for _ in range(300):
        turn = human_turn(d)
        if turn == "summary":
            break
        if turn == "tap":
            seq = d.run("() => document.getElementById('table').dataset.seq")
            d.click("#felt")
            d.wait(
                f"!document.querySelector('#table[data-tap]') || "
                f"document.getElementById('table').dataset.seq !== {json.dumps(seq)}",
                30,
                "the tap on the felt to take the trick away",
            )
            continue
        clicked.append(act(d))
    else:
        raise AssertionError(f"the deal did not end ({len(clicked)} moves clicked)")
    state = d.state()
    assert state["overlay"] == "summary" and state["game"] == "batak", state
    record = json.loads(d.run("() => window.__tt_record()"))
    deal = record["deals"][0]
    played = [sum(1 for m in deal["moves"] if m in hand) for hand in deal["hands"]]
    assert played == [len(h) for h in deal["hands"]], (
        f"every seat plays its whole hand: cards played per seat {played}"
    )
    assert clicked, "the human seat made no move"
    eng.facts["deal_moves"] = len(deal["moves"])


def test_a_repeat_visit_starts_from_the_snapshot(eng: Engine) -> None:
    d = eng.driver
    activated(eng)
    cached = d.wait(X.SNAPSHOT_CACHED, 240, "a memory snapshot in the offline copy (caches)")
    t = time.monotonic()
    d.goto(eng.url())
    eng.facts["repeat_ready_ms"] = d.ready(180)
    eng.facts["repeat_ready_wall_s"] = time.monotonic() - t
    boot = d.run("() => window.__tt_boot()")
    assert boot.get("from") == "snapshot", (
        f"{eng.name}: the offline copy holds {cached}, yet Python started {boot.get('from')}: "
        f"{boot.get('why')}"
    )


def test_an_offline_start(eng: Engine) -> None:
    d = eng.driver
    activated(eng)
    eng.site.stop()
    try:
        d.reload()
        d.ready(180)
        assert d.run("() => !!navigator.serviceWorker.controller"), "the page is the offline copy"
        # a new match (the page starts over as if its address asked for it: nothing saved)
        d.run(
            "async (q) => { await window.__tt_reset(q); }",
            "?game=koz-maca&speed=0&seed=4&level=easy",
        )
        d.wait(
            "document.querySelector('#table:not([hidden])[data-input]')",
            90,
            "a deal at the table, offline (the human's first turn)",
        )
        state = d.state()
        assert state["game"] == "koz-maca" and state["screen"] == "table", state
        act(d)  # and a card is played
    finally:
        eng.site.start()


def test_no_error_was_logged(eng: Engine) -> None:
    """Console errors, uncaught errors and unhandled rejections of every document the engine
    showed: Firefox's hook is in place before the page's scripts (and the BiDi log sees the
    rest); WebKitWebDriver runs scripts only in a parsed document, so there the hook starts
    once the page is parsed."""
    d = eng.driver
    probe = "xengine: the error hook is listening"
    d.run("(p) => { console.error(p); }", probe)  # the hook sees what the page would log
    errors = d.errors()
    assert any(probe in e for e in errors), f"{eng.name}: the error hook saw nothing: {errors}"
    errors = [e for e in errors if probe not in e]
    assert not errors, f"{eng.name}: errors in the page: " + "\n".join(errors[:20])
