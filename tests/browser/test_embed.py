"""The table in a tutorial site: embed.js on a page of another origin, positions and lessons by
message and by address, the events in order, refusals of bad input, and injection attempts
through every entry point.

A second browser context serves dist/ at BASE and two outside sites: the tutorial
(https://tutorial.example) and another origin (https://other.example). Lessons of dist/learn/
run in the session's shared page through the app's reset hook (no reload per lesson).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

import engine
from engine import address
from engine.content.lessons import load_lesson
from ui.embed import spec as E

from .conftest import BASE, CONTENT_TYPES, DIST, App, Site, live_page

pytestmark = pytest.mark.e2e

TUTORIAL = "https://tutorial.example"
OTHER = "https://other.example"
LESSONS = sorted((DIST / "learn" / "lessons").glob("*.json"))


def parent_page(attrs: str) -> str:
    return f"""<!doctype html><html><head><meta charset="utf-8"><title>Tutorial</title></head>
<body><h1>A tutorial</h1>
<div id="t" data-trick-table {attrs}></div>
<script>
  window.events = [];
  document.addEventListener("trick-table", e => window.events.push(e.detail));
</script>
<script src="{BASE}embed.js"></script>
</body></html>"""


OTHER_PAGE = f"""<!doctype html><html><head><meta charset="utf-8"></head><body>
<iframe id="f" style="width:400px;height:500px"
  src="{BASE}?embed=1&game=koz-maca&seed=2&parent={quote(TUTORIAL)}"></iframe>
<script>
  window.got = [];
  window.addEventListener("message", e => window.got.push(e.data));
</script></body></html>"""


class Sites:
    def __init__(self, site: Site) -> None:
        self.site = site
        self.pages: dict[str, str] = {}

    def handle(self, route: Any) -> None:
        url = route.request.url
        for origin in (TUTORIAL, OTHER):
            if url.startswith(origin + "/"):
                path = url.split("?")[0][len(origin) :]
                body = self.pages.get(path)
                kind = ".json" if path.endswith(".json") else ".html"
                if body is None:
                    route.fulfill(status=404, body="not found")
                else:
                    route.fulfill(
                        status=200, body=body, headers={"content-type": CONTENT_TYPES[kind]}
                    )
                return
        self.site.handle(route)


@pytest.fixture(scope="module")
def outside_context(browser: Any, site: Site) -> Iterator[dict[str, Any]]:
    sites = Sites(site)
    ctx = browser.new_context(viewport={"width": 1000, "height": 800}, service_workers="block")
    ctx.route("**/*", sites.handle)
    yield {"ctx": ctx, "sites": sites, "page": None, "crashed": False}
    ctx.close()


@pytest.fixture
def outside(outside_context: dict[str, Any], site: Site) -> tuple[Any, Sites]:
    """The parent pages' one page (shared by this module's tests); a new one after a renderer
    crash, as conftest's `page`."""

    def new_page() -> Any:
        page = outside_context["ctx"].new_page()
        page.on("pageerror", lambda e: site.console_errors.append(f"pageerror (embed): {e}"))
        page.set_default_timeout(60_000)
        return page

    return live_page(outside_context, new_page), outside_context["sites"]


def table_frame(page: Any) -> Any:
    for f in page.frames:
        if f.url.startswith(BASE):
            return f
    raise AssertionError("no table frame")


def events(page: Any) -> list[dict[str, Any]]:
    """The table's events on the parent page, but for `resize` (the frame's height)."""
    return page.evaluate("window.events.filter(e => e.type !== 'resize')")


def wait_events(page: Any, n: int) -> list[dict[str, Any]]:
    page.wait_for_function(
        "n => window.events.filter(e => e.type !== 'resize').length >= n", arg=n, timeout=60_000
    )
    return events(page)


def send(page: Any, command: Any) -> None:
    page.evaluate("c => TrickTable.send(document.getElementById('t'), c)", command)


def send_and_wait(page: Any, command: Any) -> list[dict[str, Any]]:
    """Sends a command and returns the events it caused (waits for at least one)."""
    before = len(events(page))
    send(page, command)
    wait_events(page, before + 1)
    page.wait_for_timeout(300)  # events a command sends come together
    return events(page)[before:]


def send_until(page: Any, command: Any, last: tuple[str, ...]) -> list[dict[str, Any]]:
    """Sends a command and returns the events it caused, up to the first of type `last` (a
    lesson's replies come one at a time, then the next step)."""
    before = len(events(page))
    send(page, command)
    page.wait_for_function(
        "([n, last]) => window.events.filter(e => e.type !== 'resize').slice(n)"
        ".some(e => last.includes(e.type))",
        arg=[before, list(last)],
        timeout=60_000,
    )
    return events(page)[before:]


def record_of(frame: Any) -> dict[str, Any]:
    return json.loads(frame.evaluate("window.__tt_record()"))


def lesson_doc(name: str) -> dict[str, Any]:
    return json.loads((DIST / "learn" / "lessons" / f"{name}.json").read_text(encoding="utf-8"))


def test_parent_page_embeds_loads_and_plays_by_message(outside: tuple[Any, Sites]) -> None:
    page, sites = outside
    sites.pages["/tutorial.html"] = parent_page('data-game="koz-maca" data-seed="4"')
    page.goto(TUTORIAL + "/tutorial.html")
    frame = page.wait_for_selector("#t iframe")
    src = str(frame.get_attribute("src"))
    assert src.startswith(BASE) and "embed=1" in src and "parent=" + quote(TUTORIAL, safe="") in src
    evs = wait_events(page, 1)
    assert evs[0]["type"] == "ready" and evs[0]["v"] == 1 and evs[0]["source"] == "trick-table"
    tf = table_frame(page)
    tf.wait_for_selector("html[data-embed]", state="attached")
    assert tf.query_selector("#lobby:not([hidden])") is None  # no lobby in the embed

    # A record by message: the exact position.
    m = engine.new_match("koz-maca", seed=21)
    while m.deal.to_move != 0 or len(m.deal.moves) < 3:
        m.play(m.legal_moves()[0])
    record = m.record()
    send(page, {"v": 1, "type": "load", "record": record})
    # (the table of data-seed 4 is already waiting for a move: wait for the loaded one's)
    tf.wait_for_function(
        "s => { const r = JSON.parse(window.__tt_record() || 'null');"
        " return !!r && r.seed === s"
        " && document.getElementById('table').dataset.input === '1'; }",
        arg=record["seed"],
    )
    assert record_of(tf) == record
    hand = tf.eval_on_selector_all("#hand [data-card]", "ns => ns.map(n => n.dataset.card)")
    assert sorted(hand) == sorted(m.deal.view(0)["hand"])

    # An illegal move is an error event with the rule's reason; nothing changes.
    legal = m.legal_moves()
    illegal = next(
        engine.cards.CARD_STR[c]
        for c in m.deal.hand_cards(0)
        if engine.cards.CARD_STR[c] not in legal
    )
    got = send_and_wait(page, {"v": 1, "type": "play", "move": illegal})
    assert [e["type"] for e in got] == ["error"]
    assert got[0]["message"] == m.deal.illegal_reason(illegal).render(
        ["You", "Mehmet", "Ayşe", "Kemal"]
    )
    assert record_of(tf) == record

    # A legal move: the move event first, then the computers' moves.
    got = send_and_wait(page, {"v": 1, "type": "play", "move": legal[0]})
    assert got[0]["type"] == "move" and got[0]["seat"] == 0 and got[0]["move"] == legal[0]
    assert all(e["type"] in ("move", "trick") for e in got)

    # A lesson by message, answered wrong, illegal and right; the events in order.
    doc = lesson_doc("koz-maca-overtake")
    lesson = load_lesson(doc)
    got = send_and_wait(page, {"v": 1, "type": "load", "lesson": doc})
    assert got[0] == {
        "v": 1,
        "source": "trick-table",
        "type": "lesson-step",
        "step": 1,
        "of": len(lesson.steps),
        "text": lesson.steps[0].text,
    }
    run = lesson.start()
    deal = run.deal
    step_moves = set(lesson.steps[0].moves)
    wrong = next(mv for mv in deal.legal_moves() if mv not in step_moves)
    illegal = next(
        engine.cards.CARD_STR[c]
        for c in deal.hand_cards(0)
        if engine.cards.CARD_STR[c] not in deal.legal_moves()
    )
    got = send_and_wait(page, {"v": 1, "type": "play", "move": wrong})
    assert got[0]["type"] == "lesson-step" and got[0]["answer"] == "wrong" and got[0]["step"] == 1
    tf.wait_for_selector('#lesson [data-lesson-feedback="wrong"]')
    got = send_and_wait(page, {"v": 1, "type": "play", "move": illegal})
    assert got[0]["type"] == "error"
    assert (
        str(deal.illegal_reason(illegal).render(["You", "Mehmet", "Ayşe", "Kemal"]))
        in got[0]["message"]
    )
    for i, step in enumerate(lesson.steps):
        got = send_until(
            page, {"v": 1, "type": "play", "move": step.moves[0]}, ("lesson-step", "lesson-done")
        )
        moves = [e for e in got if e["type"] == "move"]
        assert [e["move"] for e in moves] == [step.moves[0], *step.replies]
        last = got[-1]
        if i + 1 < len(lesson.steps):
            assert last["type"] == "lesson-step" and last["step"] == i + 2
        else:
            assert last["type"] == "lesson-done"
    tf.wait_for_selector("#lesson[data-done] [data-lesson-done]")

    # restart brings the lesson back to its first step.
    got = send_and_wait(page, {"v": 1, "type": "restart"})
    assert got[-1]["type"] == "lesson-step" and got[-1]["step"] == 1


def test_malformed_messages_are_errors_and_change_nothing(outside: tuple[Any, Sites]) -> None:
    page, sites = outside
    if not page.url.startswith(TUTORIAL):
        sites.pages["/tutorial.html"] = parent_page('data-game="koz-maca" data-seed="4"')
        page.goto(TUTORIAL + "/tutorial.html")
        wait_events(page, 1)
    tf = table_frame(page)
    record = engine.new_match("batak", seed=5).record()
    send(page, {"v": 1, "type": "load", "record": record})
    tf.wait_for_function("() => document.getElementById('table').dataset.input === '1'")
    before = record_of(tf)
    bad: list[Any] = [
        "hello",
        42,
        None,
        [],
        {},
        {"v": 2, "type": "restart"},
        {"v": 1, "type": "explode"},
        {"v": 1, "type": "load"},
        {"v": 1, "type": "load", "record": {"game": "poker"}},
        {"v": 1, "type": "load", "record": "z1.!!!not-base64"},
        {"v": 1, "type": "load", "lesson": {"v": 1, "game": "batak"}},
        {"v": 1, "type": "play"},
        {"v": 1, "type": "play", "move": "bid 99"},
        {"v": 1, "type": "play", "move": "<img src=x onerror=alert(1)>"},
        {"v": 1, "type": "step", "dir": "sideways"},
        {"v": 1, "type": "set", "speed": "9"},
        {"v": 1, "type": "restart", "extra": 1},
    ]
    for cmd in bad:
        got = send_and_wait(page, cmd)
        assert [e["type"] for e in got] == ["error"], (cmd, got)
        assert isinstance(got[0]["message"], str) and len(got[0]["message"]) > 10
        assert record_of(tf) == before, cmd
    assert tf.query_selector("#table[data-input]") is not None  # still playable
    assert tf.query_selector("img[src=x]") is None


def test_parent_origin_refuses_another_origin(outside: tuple[Any, Sites]) -> None:
    """?parent= names the tutorial: a page of another origin that frames the table can neither
    command it nor hear its events."""
    page, sites = outside
    sites.pages["/other.html"] = OTHER_PAGE
    page.goto(OTHER + "/other.html")
    tf = None
    for _ in range(600):
        try:
            tf = table_frame(page)
            if tf.evaluate("!!document.documentElement.dataset.ready"):
                break
        except Exception:  # noqa: BLE001, S110 (the frame is still loading)
            pass
        page.wait_for_timeout(100)
    assert tf is not None
    # seed 2: the reader leads, so nothing moves on its own while the messages arrive
    tf.wait_for_selector("#table[data-input]", state="attached")
    before = record_of(tf)
    page.evaluate("""() => document.getElementById('f').contentWindow.postMessage(
        {v: 1, type: "load", record: {game: "batak", seed: 1, deals: []}}, "*")""")
    page.evaluate("""() => document.getElementById('f').contentWindow.postMessage(
        {v: 1, type: "play", move: "pass"}, "*")""")
    page.wait_for_timeout(800)
    assert record_of(tf) == before
    assert page.evaluate("window.got") == []  # not even "ready": events go to the tutorial only


def test_position_by_address_shows_the_state_at_step(app: App) -> None:
    page = app.page
    m = engine.new_match("kozel-miner", seed=9)
    while len(m.deal.moves) < 14:
        m.play(m.legal_moves()[-1])
    record = m.record()
    n = 6
    open_embed(page, f"?embed=1&record={quote(address.encode(record))}&step={n}&view=open")
    page.wait_for_selector("#table:not([hidden])")

    def shown() -> tuple[list[str], list[list[Any]], str]:
        hand = page.eval_on_selector_all("#hand [data-card]", "ns => ns.map(n => n.dataset.card)")
        trick = page.eval_on_selector_all(
            "#trick [data-play-seat]",
            "ns => ns.map(n => [Number(n.dataset.playSeat), n.dataset.playCards])",
        )
        return hand, trick, str(page.get_attribute(".step-count", "data-step"))

    def expected(k: int) -> tuple[list[str], list[list[Any]], str]:
        at = engine.replay(E.truncate(record, k))
        v = at.deal.view(0)
        return (sorted(v["hand"]), [[s, mv] for s, mv in (v["trick"] or [])], str(k))

    def check(k: int) -> None:
        hand, trick, step = shown()
        want = expected(k)
        assert (sorted(hand), step) == (want[0], want[2])
        if want[1]:  # a trick in progress (a finished one stays on show until the next step)
            assert trick == want[1]

    check(n)
    assert page.query_selector("#open-hands [data-open-seat]") is not None  # view=open
    page.click('[data-action="step-next"]')
    page.wait_for_selector(f'.step-count[data-step="{n + 1}"]')
    check(n + 1)
    page.click('[data-action="step-prev"]')
    page.click('[data-action="step-prev"]')
    page.wait_for_selector(f'.step-count[data-step="{n - 1}"]')
    check(n - 1)
    assert app.record() == E.truncate(record, n - 1)


def test_bad_addresses_are_messages(app: App) -> None:
    page = app.page
    for query, words in (
        ("?embed=1&record=%7Bnot%20json", "not valid"),
        (
            "?embed=1&record="
            + quote(json.dumps({"game": "koz-maca", "deals": [{"hands": [["AS"]], "moves": []}]})),
            "could not be set up",
        ),
        ("?embed=1&lesson=" + quote("https://evil.example/lesson.json"), "own address"),
        ("?embed=1&game=poker", "Unknown game"),
        (
            "?embed=1&game=batak&record="
            + quote(address.encode(engine.new_match("koz-maca", seed=1).record())),
            "is for Koz Maça",
        ),
        ("?embed=1&game=batak&step=-3", "whole number"),
        ("?embed=1&game=batak&parent=javascript:alert(1)", "origin"),
    ):
        page.evaluate("q => window.__tt_reset(q)", query)
        box = page.wait_for_selector("#embed-msg:not([hidden])")
        assert words in (box.text_content() or ""), (query, box.text_content())
    app.reset()  # the page still works
    app.start("koz-maca", 3)
    assert app.wait_turn() == "input"


INJECTIONS = [
    "<script>window.__pwned = 1</script>",
    '<img src=x onerror="window.__pwned=1">',
    "[click me](javascript:window.__pwned=1)",
    '<a href="javascript:window.__pwned=1">x</a>',
]


def test_injection_attempts_run_nothing(app: App, outside: tuple[Any, Sites]) -> None:
    page = app.page
    doc = lesson_doc("koz-maca-overtake")
    doc["title"] = INJECTIONS[0]
    doc["intro"] = INJECTIONS[1] + "\n\n" + INJECTIONS[2]
    doc["steps"][0]["text"] = INJECTIONS[3] + " " + INJECTIONS[1]
    doc["steps"][0]["wrong"] = INJECTIONS[1]
    doc["steps"][0]["hint"] = INJECTIONS[2]
    load_lesson(doc)  # a valid lesson: the text is just text
    open_embed(page, "?embed=1&lesson=" + quote(address.encode(doc)))
    page.wait_for_selector("#lesson [data-lesson-text]")
    page.click('[data-action="hint"]')
    page.wait_for_selector("#lesson [data-lesson-hint]")
    wrong = next(
        mv
        for mv in load_lesson(doc).start().deal.legal_moves()
        if mv not in doc["steps"][0]["expect"]
    )
    page.click(f'#hand [data-card="{wrong}"]')
    page.wait_for_selector('#lesson [data-lesson-feedback="wrong"]')
    text = page.text_content("#lesson") or ""
    assert "<script>" in text and "<img" in text  # shown as text
    for sel in (
        "#lesson script",
        "#lesson img",
        '#lesson a[href^="javascript"]',
        "#lesson a[href]",
    ):
        assert page.query_selector(sel) is None, sel
    # through the address: a record and a game named with markup
    page.evaluate("q => window.__tt_reset(q)", "?embed=1&game=" + quote(INJECTIONS[1]))
    page.wait_for_selector("#embed-msg:not([hidden])")
    assert page.query_selector("#embed-msg img") is None
    # through a message
    tpage, sites = outside
    sites.pages["/tutorial.html"] = parent_page('data-game="koz-maca" data-seed="4"')
    if not tpage.url.startswith(TUTORIAL):
        tpage.goto(TUTORIAL + "/tutorial.html")
        wait_events(tpage, 1)
    tf = table_frame(tpage)
    send_and_wait(tpage, {"v": 1, "type": "load", "lesson": doc})
    tf.wait_for_selector("#lesson [data-lesson-text]")
    got = send_and_wait(tpage, {"v": 1, "type": "load", "record": {"game": INJECTIONS[1]}})
    assert got[0]["type"] == "error"
    for p in (page, tf):
        assert p.evaluate("window.__pwned") is None
        assert p.query_selector("#lesson img, #embed-msg img, #lesson script") is None


def open_embed(page: Any, query: str) -> None:
    """The shared page as if loaded with `query` (an embed shows no lobby)."""
    page.set_viewport_size({"width": 1000, "height": 800})
    page.evaluate("q => window.__tt_reset(q)", query)


def click_move(page: Any, move: str) -> None:
    """Makes a move in the page as a reader would: a card, a bid button, or a set of cards."""
    before = page.get_attribute("#table", "data-seq")
    fb = page.get_attribute("#lesson", "data-step")
    if page.query_selector(f'#panel [data-move="{move}"]'):
        page.click(f'#panel [data-move="{move}"]')
    elif " " in move and not move.startswith(("bid", "trump")):
        for c in move.split():
            page.click(f'#hand [data-card="{c}"]')
        page.click('#panel [data-move="confirm"]')
    else:
        page.click(f'#hand [data-card="{move}"]')
        if page.query_selector('#panel [data-move="confirm"]'):  # a play of one card, confirmed
            page.click('#panel [data-move="confirm"]')
    page.wait_for_function(
        "([s, f]) => document.getElementById('table').dataset.seq !== s || "
        "document.getElementById('lesson').dataset.step !== f",
        arg=[before, fb],
    )


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_learn_lesson_runs_to_the_end(app: App, path: Path) -> None:
    page = app.page
    doc = json.loads(path.read_text(encoding="utf-8"))
    lesson = load_lesson(doc)
    open_embed(page, "?embed=1&speed=1&lesson=" + quote(address.encode(doc)))
    page.wait_for_selector('#lesson[data-step="1"]')
    run = lesson.start()
    for i, step in enumerate(lesson.steps):
        page.wait_for_selector(f'#lesson[data-step="{i + 1}"]:not([data-done])')
        legal = run.deal.legal_moves()
        accepted = legal if step.expect == "any" else list(step.moves)
        wrong = [mv for mv in legal if mv not in accepted and " " not in mv]
        if i == 0 and wrong:  # a wrong answer is refused with the lesson's words
            seq = page.get_attribute("#table", "data-seq")
            _click_only(page, wrong[0])
            page.wait_for_selector('#lesson [data-lesson-feedback="wrong"]')
            assert page.get_attribute("#table", "data-seq") == seq
        answer = accepted[0]
        click_move(page, answer)
        out = run.try_move(answer)
        assert out.kind == "right"
    page.wait_for_selector("#lesson[data-done] [data-lesson-done]")
    assert app.record()["deals"][0]["moves"] == run.match.record()["deals"][0]["moves"]


def _click_only(page: Any, move: str) -> None:
    if page.query_selector(f'#panel [data-move="{move}"]'):
        page.click(f'#panel [data-move="{move}"]')
    else:
        page.click(f'#hand [data-card="{move}"]')
        if page.query_selector('#panel [data-move="confirm"]'):  # a set: select, then play
            page.click('#panel [data-move="confirm"]')


def scroll_to_start(page: Any, frame: Any) -> None:
    """Scrolls a table's frame into view and waits until embed.js has given it its address
    (a data-loading="lazy" table starts only when the reader comes near)."""
    frame.scroll_into_view_if_needed()
    page.wait_for_function("f => !!f.getAttribute('src')", arg=frame)


def test_learn_site_uses_only_embed_js(outside: tuple[Any, Sites]) -> None:
    page, _ = outside
    page.goto(BASE + "learn/koz-maca.html")
    frames = page.query_selector_all("[data-trick-table] iframe")
    divs = page.query_selector_all("[data-trick-table]")
    assert len(frames) == len(divs) >= 4
    # the tables out of sight (data-loading="lazy") start only when the reader comes near
    assert frames[0].get_attribute("src") and not frames[-1].get_attribute("src")
    for f in frames:
        scroll_to_start(page, f)
        src = str(f.get_attribute("src"))
        assert src.startswith(BASE + "?embed=1"), src
        assert "fit=1" in src  # the frame follows the table's height
        assert "lesson=" not in src  # a lesson file is read by embed.js and sent by message
    frames[0].scroll_into_view_if_needed()
    tf = None
    for _ in range(600):
        cands = [fr for fr in page.frames if fr.url.startswith(BASE + "?embed=1")]
        if cands and cands[0].evaluate("!!document.documentElement.dataset.ready"):
            tf = cands[0]
            break
        page.wait_for_timeout(100)
    assert tf is not None
    tf.wait_for_selector("#table:not([hidden])")
    assert tf.query_selector("#embed-msg:not([hidden])") is None


def frames_ready(page: Any, n: int) -> list[Any]:
    for _ in range(900):
        cands = [fr for fr in page.frames if fr.url.startswith(BASE + "?embed=1")]
        try:
            if len(cands) >= n and all(
                fr.evaluate("!!document.documentElement.dataset.ready") for fr in cands
            ):
                return cands
        except Exception:  # noqa: BLE001, S110 (a frame is still loading)
            pass
        page.wait_for_timeout(100)
    raise AssertionError("the frames never got ready")


@pytest.mark.parametrize("size", [(360, 640), (1280, 800)], ids=["360x640", "1280x800"])
def test_learn_page_stays_still_and_frames_fit(
    outside: tuple[Any, Sites], size: tuple[int, int]
) -> None:
    """/learn/koz-maca.html: loading it neither scrolls the page nor puts the focus in a frame
    (the lessons' tables wait for the reader), and every frame is as tall as its table: nothing
    scrolls inside, so each lesson shows its felt at the top of its frame."""
    page, _ = outside
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        page.goto(BASE + "learn/koz-maca.html")
        frames_ready(page, 1)[0].wait_for_selector("#table:not([hidden])")
        page.wait_for_timeout(2000)  # the table's first turn has come (and asked for focus)
        assert page.evaluate("window.scrollY") == 0
        assert page.evaluate("document.activeElement.tagName") != "IFRAME"
        # the lessons further down start as the reader scrolls to them (data-loading="lazy")
        for el in page.query_selector_all("[data-trick-table] iframe")[1:]:
            scroll_to_start(page, el)
        frames = frames_ready(page, 4)
        for fr in frames:
            fr.wait_for_selector("#table:not([hidden])")
        page.wait_for_timeout(2000)
        assert page.evaluate("document.activeElement.tagName") != "IFRAME"
        for fr in frames:
            assert (
                fr.evaluate("document.hasFocus() && document.activeElement !== document.body")
                is False
            )
        page.wait_for_function(
            """() => [...document.querySelectorAll('iframe')].every(f => {
            const d = f.contentDocument;  // same origin here: the frames can be measured
            return d && Math.abs(f.getBoundingClientRect().height
                                 - d.documentElement.scrollHeight) <= 2; })""",
            timeout=20_000,
        )
        for fr in frames:
            inner = fr.evaluate("""() => ({scroll: window.scrollY, view: innerHeight,
                content: document.documentElement.scrollHeight,
                felt: document.getElementById('felt').getBoundingClientRect().toJSON()})""")
            assert inner["scroll"] == 0 and inner["content"] <= inner["view"] + 1, inner
            assert inner["felt"]["top"] >= 0 and inner["felt"]["bottom"] <= inner["view"], inner
    finally:
        page.set_viewport_size({"width": 1000, "height": 800})


def test_lesson_file_on_the_authors_site(outside: tuple[Any, Sites]) -> None:
    """The documented snippet on another origin: embed.js reads the lesson file from the
    author's site and hands it to the table, which checks it as any lesson; a missing file is
    an error said as text on the author's page; `error` never comes before `ready`."""
    page, sites = outside
    doc = lesson_doc("koz-maca-overtake")
    sites.pages["/lessons/koz-maca-overtake.json"] = json.dumps(doc)
    sites.pages["/snippet.html"] = parent_page(
        'data-game="koz-maca" data-lesson="lessons/koz-maca-overtake.json"'
    )
    page.goto(TUTORIAL + "/snippet.html")
    evs = wait_events(page, 2)
    assert [e["type"] for e in evs[:2]] == ["ready", "lesson-step"], evs
    assert evs[1]["step"] == 1 and evs[1]["text"] == load_lesson(doc).steps[0].text
    tf = table_frame(page)
    tf.wait_for_selector('#lesson[data-step="1"] [data-lesson-text]')
    assert tf.query_selector("#embed-msg:not([hidden])") is None
    height = page.evaluate("document.querySelector('#t iframe').getBoundingClientRect().height")
    assert height != 640  # the frame follows the table (a resize event), not a fixed height
    resized = page.evaluate("window.events.filter(e => e.type === 'resize')")
    assert resized and resized[-1]["height"] == round(height)
    assert page.evaluate("window.events[0].type") == "ready"  # even before the first resize

    # a lesson file that is not there, and one for another game than the snippet names
    sites.pages["/missing.html"] = parent_page(
        'data-game="koz-maca" data-lesson="lessons/nowhere.json"'
    )
    page.goto(TUTORIAL + "/missing.html")
    page.wait_for_function("window.events.some(e => e.type === 'error')", timeout=60_000)
    alert = page.wait_for_selector("#t p[role=alert]")
    assert "nowhere.json" in (alert.text_content() or "") and "404" in (alert.text_content() or "")
    sites.pages["/other-game.html"] = parent_page(
        'data-game="batak" data-lesson="lessons/koz-maca-overtake.json"'
    )
    page.goto(TUTORIAL + "/other-game.html")
    evs = wait_events(page, 2)
    assert [e["type"] for e in evs[:2]] == ["ready", "error"], evs
    assert "Koz Maça" in evs[1]["message"]

    # an address's error comes after `ready`, never before
    sites.pages["/poker.html"] = parent_page('data-game="poker"')
    page.goto(TUTORIAL + "/poker.html")
    evs = wait_events(page, 2)
    assert [e["type"] for e in evs[:2]] == ["ready", "error"], evs


def test_a_lesson_file_that_is_not_a_lesson_is_said_in_the_frame_and_the_element(
    outside: tuple[Any, Sites],
) -> None:
    """embed.js reads a lesson file that is not a lesson (not JSON, 5 MB, nested too deep,
    for another game, refused by the engine's reader): the table says why, naming the file, in
    the frame (as text) and as an `error` event, and embed.js puts the same sentence in the
    author's element (as text); no markup from the file runs anywhere."""
    page, sites = outside
    markup = '<img src=x id=injected onerror="window.__pwned=1">'
    files = {
        "not-json.json": ("nope " + markup, "is not JSON"),
        "big.json": ('{"v": 1, "title": "' + "x" * 5_000_000 + '"}', "too large"),
        "deep.json": ("[" * 5000 + "]" * 5000, "nested more than 64 levels deep"),
        "batak.json": (json.dumps(lesson_doc("batak-auction")), "is for Batak"),
        "refused.json": (
            json.dumps({"v": 1, "game": "koz-maca", "title": markup}),
            "is not a lesson the table can use",
        ),
    }
    for name, (body, words) in files.items():
        sites.pages[f"/lessons/{name}"] = body
        sites.pages[f"/{name}.html"] = parent_page(
            f'data-game="koz-maca" data-lesson="lessons/{name}"'
        )
        page.goto(f"{TUTORIAL}/{name}.html")
        page.wait_for_function("window.events.some(e => e.type === 'error')", timeout=60_000)
        error = next(e for e in events(page) if e["type"] == "error")["message"]
        assert f"“lessons/{name}”" in error and words in error, error
        alert = page.wait_for_selector("#t p[data-trick-table-problem][role=alert]")
        assert alert.text_content() == error
        tf = table_frame(page)
        box = tf.wait_for_selector("#embed-msg:not([hidden])")
        assert box.text_content() == error and box.is_visible()
        assert page.query_selector("#injected") is None and tf.query_selector("#injected") is None
        assert page.evaluate("window.__pwned") is None and tf.evaluate("window.__pwned") is None


def test_embed_js_passes_the_table_options(outside: tuple[Any, Sites]) -> None:
    """`data-hands`, `data-must-trump` (or `data-must_trump`), `data-players` and the other
    table options reach the table as its own address parameters; a wrong one is refused in
    a sentence, in the frame and as an `error` event."""
    page, sites = outside
    sites.pages["/options.html"] = parent_page(
        'data-game="kozel-classic" data-seed="4" data-deck="32" data-must-trump="1" data-trump="H"'
    )
    page.goto(TUTORIAL + "/options.html")
    tf = None
    page.wait_for_function("window.events.some(e => e.type === 'ready')", timeout=60_000)
    tf = table_frame(page)
    tf.wait_for_selector("#table:not([hidden])")
    rec = record_of(tf)
    assert rec["seed"] == 4
    assert rec["options"]["deck"] == 32 and rec["options"]["must_trump"] is True
    assert rec["options"]["trump"] == "H"
    sites.pages["/players.html"] = parent_page(
        'data-game="bidding-kozel" data-players="5" data-seed="3" data-rounds="4"'
    )
    page.goto(TUTORIAL + "/players.html")
    page.wait_for_function("window.events.some(e => e.type === 'ready')", timeout=60_000)
    tf = table_frame(page)
    tf.wait_for_selector("#table:not([hidden])")
    rec = record_of(tf)
    assert len(rec["deals"][0]["hands"]) == 5 and rec["options"]["rounds"] == 4
    sites.pages["/bad-hands.html"] = parent_page(
        'data-game="batak" data-hands="<img src=x id=injected onerror=window.__pwned=1>"'
    )
    page.goto(TUTORIAL + "/bad-hands.html")
    page.wait_for_function("window.events.some(e => e.type === 'error')", timeout=60_000)
    error = next(e for e in events(page) if e["type"] == "error")["message"]
    tf = table_frame(page)
    box = tf.wait_for_selector("#embed-msg:not([hidden])")
    assert box.text_content() == error and "hands" in error.lower(), error
    assert tf.query_selector("#injected") is None and tf.evaluate("window.__pwned") is None
