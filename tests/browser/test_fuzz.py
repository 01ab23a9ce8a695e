"""A bounded fuzz run on the built page (the pure parts are fuzzed under CPython in
tests/ui/test_fuzz.py): a fixed-seed random set of bad addresses, bad texts in the browser's
storage, and hostile messages (one by one, then a burst) from a parent page to an embedded
table. Each time: a visible sentence (or an `error` event), no fatal runtime error (`#stopped`
never shown, no "fatal error" on the console), nothing injected (`window.__pwned` never set, no
`<img src=x>`), and the table still answers a legal move afterwards.
"""

from __future__ import annotations

import json
import random
from typing import Any
from urllib.parse import urlencode

import pytest

from ui.saves import store as S
from ui.stats import record as RC

from .conftest import App, Site
from .test_embed import (  # noqa: F401 (the parent pages' fixtures)
    TUTORIAL,
    Sites,
    events,
    outside,
    outside_context,
    parent_page,
    table_frame,
)

pytestmark = pytest.mark.e2e

SEED = 40
MARKUP = ['<img src=x onerror="window.__pwned=1">', "<script>window.__pwned=1</script>",
          '"><svg onload=window.__pwned=1>', "javascript:window.__pwned=1"]  # fmt: skip
NASTY = ["²", "٣", "１２", "--5", "9" * 5000, "-0", "0x10", "7.0", "NaN", "", "constructor",
         "__proto__", "toString", "[" * 5000, '{"a":' * 3000, "x" * 100_000, *MARKUP]  # fmt: skip
PAGE_PARAMS = ["game", "seed", "speed", "players", "level", "lang", "hands", "rounds", "trump",
               "constructor", "__proto__", MARKUP[0]]  # fmt: skip
FRAME_PARAMS = ["seat", "step", "record", "lesson", "puzzle", "seats", "view", "parent"]
# (a value no parameter takes; "" and "-0" are good seeds)
BAD = [v for v in NASTY if v not in ("", "-0")]
GAMES = ["batak", "koz-maca", "bidding-kozel", "kozel-classic", "nonesuch"]
SAID = ("#lobby-msg:not([hidden]), #embed-msg:not([hidden]), [data-restore-failed], "
        "#save-note:not([hidden]), #overlay:not([hidden]) [role=alert]")  # fmt: skip


def bad_addresses(rng: random.Random, n: int) -> list[str]:
    """Addresses that each carry at least one bad parameter, some in a frame (`embed=1`, where
    the embedding's parameters apply too; without it they are not read)."""
    out = []
    for _ in range(n):
        framed = rng.random() < 0.4
        names = PAGE_PARAMS + (FRAME_PARAMS if framed else [])
        q: list[tuple[str, str]] = [("embed", "1")] if framed else []
        q.append(("game", rng.choice(GAMES)))
        # a known parameter with a bad value (a name the page does not know is ignored where
        # the address names a game, as any link's extra parameters are), then any
        known = [n for n in names if n not in ("game", "constructor", "__proto__", MARKUP[0])]
        first = rng.choice(known)
        q.append((first, rng.choice(BAD)))
        for name in rng.sample([n for n in names if n not in (first, "game")], rng.randint(0, 2)):
            q.append((name, rng.choice(NASTY)))
        out.append("?" + urlencode(q))
    return out


def check_nothing_ran(page: Any, site: Site, where: str) -> None:
    assert page.evaluate("window.__pwned") is None, where
    assert page.query_selector('img[src="x"], svg[onload]') is None, where
    assert page.query_selector("#stopped:not([hidden])") is None, where
    fatal = [e for e in site.console_errors if "fatal error" in e.lower()]
    assert not fatal, (where, fatal)


def said(page: Any, where: str) -> str:
    box = page.wait_for_selector(SAID, timeout=30_000)
    text = (box.text_content() or "").strip()
    assert text, where
    for bad in ("Traceback", "invalid literal", "Expecting value", "Exceeds the limit"):
        assert bad not in text, (where, text[:300])
    return text


def plays_on(app: App) -> None:
    app.reset()
    app.start("batak", 3)
    assert app.wait_turn() == "input"
    app.act()  # a legal move, answered
    assert app.wait_turn() in ("input", "summary")


def test_bad_addresses_and_storage_are_said_and_the_table_plays_on(app: App, site: Site) -> None:
    page = app.page
    rng = random.Random(SEED)
    for query in bad_addresses(rng, 40):
        page.evaluate("q => window.__tt_reset(q)", query)
        app.settle()
        said(page, query[:200])
        check_nothing_ran(page, site, query[:200])
    # bad texts in storage, as any page of the same origin could write them
    for _ in range(8):
        key = rng.choice([S.KEY, RC.KEY])
        text = rng.choice([*NASTY, json.dumps({"format": 1, "tab": MARKUP[0], "n": "²"}),
                           json.dumps({"format": 2, "games": {MARKUP[0]: 1}})])  # fmt: skip
        app.reset()
        page.evaluate("([k, t]) => localStorage.setItem(k, t)", [key, text])
        page.evaluate("window.__tt_reopen('')")
        app.settle()
        said(page, f"{key}: {text[:80]}")
        check_nothing_ran(page, site, f"{key}: {text[:80]}")
    for key in ("trick-table/v1/puzzles", "trick-table/display"):  # read tolerantly: no fault
        app.reset()
        page.evaluate("([k, t]) => localStorage.setItem(k, t)", [key, "[" * 5000])
        page.evaluate("window.__tt_reopen('')")
        app.settle()
        check_nothing_ran(page, site, key)
        page.evaluate("k => localStorage.removeItem(k)", key)
    plays_on(app)


def hostile_messages(rng: random.Random, n: int) -> list[Any]:
    kinds = ["load", "play", "restart", "step", "set", "constructor", "__proto__", MARKUP[0], 7]
    fields = ["record", "lesson", "name", "size", "seat", "seats", "view", "step", "move", "dir",
              "to", "speed", "x", "__proto__"]  # fmt: skip
    values: list[Any] = [*NASTY, 1, -1, 10**30, None, True, [], {}, ["x"] * 3]
    out: list[Any] = []
    for _ in range(n):
        pick = rng.random()
        if pick < 0.15:
            out.append(rng.choice(NASTY))  # not an object
        elif pick < 0.25:
            out.append({"v": 1, "type": "load", "x": [[[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]]]})
        else:
            msg: dict[str, Any] = {"v": rng.choice([1, 1, 1, "1", 2]), "type": rng.choice(kinds)}
            for f in rng.sample(fields, rng.randint(0, 3)):
                msg[f] = rng.choice(values)
            out.append(msg)
    return out


def test_hostile_parent_messages_and_a_burst_leave_the_table_playing(
    outside: tuple[Any, Sites],  # noqa: F811 (the fixture imported above)
    site: Site,
) -> None:
    page, sites = outside
    sites.pages["/fuzz.html"] = parent_page('data-game="batak" data-seed="3" data-speed="0"')
    page.goto(TUTORIAL + "/fuzz.html")
    page.wait_for_function("window.events.some(e => e.type === 'ready')", timeout=60_000)
    tf = table_frame(page)
    tf.wait_for_selector("#table[data-input]", state="attached", timeout=60_000)
    rng = random.Random(SEED)
    deep = "deep"  # {v: 1, type: "restart", x: <an array nested 3,000 deep>}, made in the page
    for msg in [*hostile_messages(rng, 40), deep]:
        before = len([e for e in events(page) if e["type"] == "error"])
        page.evaluate(
            """m => { if (m === "deep") { let x = []; for (let i = 0; i < 3000; i++) x = [x];
                                           m = {v: 1, type: "restart", x: x}; }
                      TrickTable.send(document.getElementById('t'), m); }""",
            msg,
        )
        if isinstance(msg, dict) and msg.get("v") == 1 and set(msg) == {"v", "type"} and msg[
                "type"] == "restart":  # fmt: skip
            continue  # a good command: no error to wait for
        page.wait_for_function(
            "n => window.events.filter(e => e.type === 'error').length > n", arg=before,
            timeout=20_000)  # fmt: skip
    # a burst of 2,000 at once
    page.evaluate(
        """ms => { const el = document.getElementById('t');
                   for (let i = 0; i < 2000; i++) TrickTable.send(el, ms[i % ms.length]); }""",
        hostile_messages(rng, 50),
    )
    tf.wait_for_selector("html:not([data-busy])", state="attached", timeout=60_000)
    errors = [e["message"] for e in events(page) if e["type"] == "error"]
    assert errors and all(isinstance(m, str) and m.strip() for m in errors)
    for m in errors:
        assert "Traceback" not in m and "Expecting value" not in m, m
    for p in (page, tf):
        assert p.evaluate("window.__pwned") is None
        assert p.query_selector('img[src="x"], svg[onload]') is None
    assert tf.query_selector("#stopped:not([hidden])") is None
    assert not [e for e in site.console_errors if "fatal error" in e.lower()]
    # the table still answers: back to the deal's start, then a legal card of the reader's
    n = len(events(page))
    page.evaluate("() => TrickTable.send(document.getElementById('t'), {v: 1, type: 'restart'})")
    tf.wait_for_selector("#table[data-input]", state="attached", timeout=60_000)
    tf.wait_for_selector("html:not([data-busy])", state="attached", timeout=60_000)
    move = tf.evaluate(
        """() => { const c = document.querySelector('#hand [data-card][data-legal]');
                   if (c) return c.dataset.card;
                   const b = [...document.querySelectorAll('#panel [data-move]')]
                     .map(b => b.dataset.move);
                   return b.includes('pass') ? 'pass' : b[0]; }"""
    )
    page.evaluate("m => TrickTable.send(document.getElementById('t'), {v: 1, type: 'play', move: m})",
                  move)  # fmt: skip
    page.wait_for_function(
        "([n, m]) => window.events.slice(n).some(e => e.type === 'move' && e.move === m)",
        arg=[n, move], timeout=60_000)  # fmt: skip
