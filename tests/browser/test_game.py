"""The browser game end to end: every game played by clicks and checked against the engine."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine

from .conftest import App, Site

pytestmark = pytest.mark.e2e

# Seeds chosen so that the human also bids and names trump (Batak: the human makes the lowest
# bid offered once, wins the auction and names trump; Kozel Classic seed 9: the human holds the
# marker in cycle 1 and names trump on the timer).
GAME_SETUPS: dict[str, dict[str, Any]] = {
    "koz-maca": {"seed": 11},
    "batak": {"seed": 12, "bid": True, "names_trump": True},
    "batak-pairs": {"seed": 13, "bid": True, "names_trump": True},
    "kozel-miner": {"seed": 14},
    "kozel-classic": {"seed": 9, "trump": True},
    "bidding-kozel": {"seed": 16, "players": 3},
}


def summary_rows(page: Any) -> dict[int, dict[str, str]]:
    rows = {}
    for tr in page.query_selector_all("[data-summary] tr[data-seat]"):
        rows[int(tr.get_attribute("data-seat"))] = {
            k: str(tr.get_attribute(f"data-{k}")) for k in ("tricks", "points", "delta", "total")
        }
    return rows


def same_move(a: str, b: str) -> bool:
    return sorted(a.split()) == sorted(b.split())


def assert_subsequence(clicked: list[str], moves: list[str]) -> None:
    i = 0
    for m in moves:
        if i < len(clicked) and same_move(clicked[i], m):
            i += 1
    assert i == len(clicked), f"clicked moves {clicked} are not all in the deal's moves {moves}"


def check_summary(app: App, deal_index: int, clicked: list[str]) -> Any:
    """The summary on screen equals what the engine computes from the page's own record."""
    page = app.page
    assert page.get_attribute("[data-summary]", "data-deal") == str(deal_index + 1)
    record = app.record()
    m = engine.replay(record)
    deal = m.deals[deal_index]
    assert deal.phase == "over"
    assert_subsequence(clicked, record["deals"][deal_index]["moves"])
    res = deal.result
    rows = summary_rows(page)
    assert sorted(rows) == list(range(m.players))
    for s in range(m.players):
        assert rows[s]["tricks"] == str(res["tricks"][s]), (s, rows[s], res)
        assert rows[s]["points"] == str(res["points"][s]), (s, rows[s], res)
        assert rows[s]["delta"] == str(res["delta"][s]), (s, rows[s], res)
        assert rows[s]["total"] == str(m.totals[s]), (s, rows[s], m.totals)
    return m


@pytest.mark.parametrize("game", list(engine.GAMES))
def test_full_deal_by_clicks(app: App, game: str) -> None:
    if game not in engine.GAME_INFO:
        pytest.fail(f"{game} is in engine.GAMES but has no GAME_INFO")
    setup = GAME_SETUPS.get(game, {"seed": 17})
    app.start(game, setup["seed"], players=setup.get("players"))
    page = app.page
    assert page.get_attribute("#table", "data-game") == game
    if setup.get("trump"):
        assert app.wait_turn() == "input"
        assert page.get_attribute("#table", "data-phase") == "trump"
        assert page.query_selector("#panel [data-timer]") is not None, "no trump timer shown"
        assert len(page.query_selector_all('#panel [data-move^="trump "]')) == 4
    clicked = app.play_deal(bid=setup.get("bid", False))
    if setup.get("trump"):
        assert clicked[0].startswith("trump "), clicked[:2]
    if setup.get("bid"):
        assert any(c.startswith("bid ") for c in clicked), clicked
    if setup.get("names_trump"):
        assert any(c.startswith("trump ") for c in clicked), clicked
    m = check_summary(app, 0, clicked)
    assert m.seed == setup["seed"]
    assert m.players == setup.get("players", engine.GAME_INFO[game]["default_players"])
    assert len(clicked) > 0, "the human never had to act"


@pytest.mark.parametrize("game", ["batak", "kozel-miner"])
def test_strong_players_think_in_a_worker(app: App, game: str) -> None:
    """The sampling players run in the worker, and their deal scores as the engine says."""
    app.start(game, 31, level="strong")
    clicked = app.play_deal()
    check_summary(app, 0, clicked)
    ai = app.state()["ai"]
    assert ai["level"] == "strong" and ai["broken"] is None, ai
    assert ai["answers"] > 0, "the worker chose no move"


def test_bench_hooks_time_the_worker(app: App) -> None:
    """The hooks `python3 build.py bench-ai` drives: the page's computer makes the human seat's
    move, and the page's own timings of the worker's decisions can be read (and cleared)."""
    page = app.page
    app.start("kozel-miner", 31, level="strong")
    assert app.wait_turn() == "input"
    page.evaluate("window.__tt_ai_times(true)")
    before = app.seq()
    page.evaluate("window.__tt_think()")
    page.wait_for_function("s => document.getElementById('table').dataset.seq !== s", arg=before)
    times = json.loads(page.evaluate("window.__tt_ai_times()"))
    assert times, "no decision timed"
    first = times[0]
    assert first["level"] == "strong" and first["seed"] == 31 and first["ms"] > 0, first
    m = engine.replay(json.loads(first["record"]))
    assert m.deal.to_move == 0, "the first decision timed was not the human seat's"
    assert first["move"] in m.deal.legal_moves(), first["move"]
    assert json.loads(page.evaluate("window.__tt_ai_times(true)"))
    assert json.loads(page.evaluate("window.__tt_ai_times()")) == []


def test_koz_maca_match_to_the_end(app: App) -> None:
    app.start("koz-maca", 21, options={"hands": "5"})
    page = app.page
    for i in range(5):
        clicked = app.play_deal()
        m = check_summary(app, i, clicked)
        if i < 4:
            page.click('[data-summary] [data-action="next"]')
            page.wait_for_selector("[data-summary]", state="detached")
    assert m.is_over
    page.click('[data-summary] [data-action="continue"]')
    over = page.wait_for_selector("[data-match-over]")
    winners = page.get_attribute("[data-match-over] [data-winners]", "data-winners")
    assert winners == ",".join(map(str, m.winners))
    assert over.query_selector('[data-action="again"]') is not None
    page.click('[data-action="again"]')
    page.wait_for_selector("[data-match-over]", state="detached")
    assert page.get_attribute("#table", "data-deal") == "1"


def test_paced_play_stays_responsive(app: App) -> None:
    """At a real speed the computers pause between moves, and the page answers clicks meanwhile."""
    page = app.page
    app.start("koz-maca", 6)
    page.click('[data-action="speed"]')  # Instant -> Fast (once the worker has answered)
    page.wait_for_function(
        "() => (document.querySelector('[data-action=\"speed\"]')"
        ".textContent || '').includes('Fast')",
        timeout=10_000,
    )
    for _ in range(2):  # a few tricks, with pauses, trick sweeps and the human's clicks
        assert app.wait_turn() == "input"
        app.act()
    page.wait_for_selector("#table:not([data-input])", state="attached")
    t0 = page.evaluate("performance.now()")
    page.click('[data-action="rules"]')
    page.wait_for_selector(".rules-sheet")
    assert page.evaluate("performance.now()") - t0 < 1500, "the page did not answer a click"
    page.click('[data-action="close"]')
    assert app.wait_turn() == "input"
    assert len(app.record()["deals"][0]["moves"]) >= 8


def test_illegal_card_shows_the_engine_reason(app: App) -> None:
    app.start("koz-maca", 5)
    page = app.page
    for _ in range(60):
        assert app.wait_turn() == "input"
        illegal = page.query_selector("#hand [data-card]:not([data-legal])")
        if illegal is not None and page.get_attribute("#table", "data-phase") == "play":
            card = str(illegal.get_attribute("data-card"))
            before = app.record()
            seq = app.seq()
            illegal.click(force=True)  # aria-disabled: playwright would wait for "enabled"
            toast = page.wait_for_selector("#toast.show")
            m = engine.replay(before)
            why = m.deal.illegal_reason(card)
            assert why is not None, f"the engine says {card} is legal"
            assert toast.text_content() == why.render(engine.GAME_INFO["koz-maca"]["seat_names"])
            assert toast.text_content() == m.deal.why_illegal(card)  # no seat named here
            assert app.record() == before, "an illegal click changed the game"
            assert app.seq() == seq
            assert page.query_selector(f'#hand [data-card="{card}"]') is not None
            # Starting over clears the message: nothing of the old game is announced.
            app.reset()
            assert page.query_selector("#toast.show") is None
            assert page.text_content("#toast") == ""
            assert page.get_attribute("#toast", "data-reason") is None
            return
        app.act()
    pytest.fail("never held an illegal card")


def test_bad_url_parameters(app: App) -> None:
    page = app.page
    app.reset("?game=no-such-game&speed=0")
    msg = page.wait_for_selector("#lobby-msg:not([hidden])")
    assert "no-such-game" in (msg.text_content() or "")
    assert page.is_hidden("#table")
    # A bad option value for a real game: the message names it and the lobby still works.
    app.reset("?game=koz-maca&hands=7&speed=0")
    msg = page.wait_for_selector("#lobby-msg:not([hidden])")
    assert "hands" in (msg.text_content() or "").lower()
    assert page.is_hidden("#table")
    # URL text is shown as text, never parsed as HTML.
    app.reset("?game=%3Cimg%20src%3Dx%20id%3Dinjected%3E&speed=0")
    msg = page.wait_for_selector("#lobby-msg:not([hidden])")
    assert "<img" in (msg.text_content() or "")
    assert page.query_selector("#injected") is None
    app.reset("?game=koz-maca&seed=abc")
    assert "seed" in (page.text_content("#lobby-msg") or "").lower()
    app.reset("?level=genius")
    assert "genius" in (page.text_content("#lobby-msg") or "")
    # A parameter this page does not know is named as such, not taken for a table option.
    app.reset("?colour=blue")
    text = page.text_content("#lobby-msg") or ""
    assert "colour" in text and "need a game" not in text, text
    app.reset("?lang=tr")  # a parameter the page knows (the language) is not an error
    assert page.is_hidden("#lobby-msg")
    page.evaluate("q => window.__tt_reset(q)", "?game=koz-maca&lang=tr&seed=4&speed=0")
    page.wait_for_selector("#table:not([hidden])")
    assert page.get_attribute("#table", "data-game") == "koz-maca"
    # The lobby still starts a game afterwards.
    app.reset()
    app.start("koz-maca", 3)
    assert page.get_attribute("#table", "data-game") == "koz-maca"


def test_url_parameters_start_a_game(app: App) -> None:
    page = app.page
    page.evaluate("q => window.__tt_reset(q)", "?game=kozel-classic&deck=32&seed=42&speed=0")
    page.wait_for_selector("#table:not([hidden])")
    rec = app.record()
    assert rec["game"] == "kozel-classic" and rec["seed"] == 42
    assert str(rec["options"].get("deck")) == "32"
    # A game started from the lobby is put in the address bar, so a reload deals it again.
    app.reset()
    app.start("batak", 77, options={"hands": "3"})
    search = page.evaluate("location.search")
    assert "game=batak" in search and "seed=77" in search and "hands=3" in search, search


TIME_UP = "Time is up: the computer named trump for you (you are marked away)."


def test_kozel_classic_trump_timer_times_out(app: App) -> None:
    """The Kozel Classic marker holder has 20 seconds to name trump; on time-out the computer
    names it and the seat is marked away.

    Seed 9 deals the marker to the human (seat 0), who must name trump first. The test waits
    out the real 20 seconds without clicking.
    """
    page = app.page
    try:
        page.evaluate("q => window.__tt_reset(q)", "?game=kozel-classic&seed=9&speed=0&level=easy")
        page.wait_for_selector("#table:not([hidden])")
        rec = app.record()
        assert rec["game"] == "kozel-classic" and rec["seed"] == 9
        assert rec["deals"][0]["moves"] == [], "a move was made before the human's turn"
        d = engine.replay(rec).deal
        assert (d.phase, d.to_move) == ("trump", 0), "seed 9 no longer gives the human the marker"

        # The countdown shows and goes down, one second at a time.
        timer = page.wait_for_selector("#panel [data-timer]", timeout=10_000)
        first = int((timer.text_content() or "").rstrip("s"))
        assert 15 <= first <= 20, first
        page.wait_for_function(
            "n => { const t = document.querySelector('#panel [data-timer]');"
            " return t !== null && parseInt(t.textContent) < n; }",
            arg=first,
            timeout=10_000,
        )
        assert page.get_attribute("#table", "data-phase") == "trump"
        assert not page.query_selector_all("#seats .tag:text-is('away')"), "away before time-out"

        # Nobody clicks: after the time-out the computer names trump for the human.
        page.wait_for_function(
            "t => document.getElementById('toast').textContent === t", arg=TIME_UP, timeout=45_000
        )
        assert page.get_attribute("#toast", "data-reason") == TIME_UP
        rec = app.record()
        moves = rec["deals"][0]["moves"]
        assert moves and moves[0].startswith("trump "), moves[:2]
        m = engine.replay(rec)
        assert m.deals[0].phase != "trump", "the deal is still waiting for trump"
        assert m.deals[0].trump == moves[0].split()[1], (m.deals[0].trump, moves[0])
        assert page.get_attribute("#table", "data-phase") != "trump"
        assert page.query_selector("#panel [data-timer]") is None, "the countdown is still shown"
        tags = [t.text_content() for t in page.query_selector_all('#seats [data-seat="0"] .tag')]
        assert "away" in tags, tags
        for s in range(1, m.players):
            others = page.query_selector_all(f'#seats [data-seat="{s}"] .tag')
            assert "away" not in [t.text_content() for t in others], s
    finally:
        app.reset()  # back to the lobby: the next tests start from a clean page


def test_phone_layout_360x640(app: App) -> None:
    page = app.page
    page.set_viewport_size({"width": 360, "height": 640})
    app.start("koz-maca", 8)
    app.wait_turn()
    cards = page.query_selector_all("#hand [data-card]")
    assert len(cards) == 13
    for c in cards:
        box = c.bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
        assert box["y"] >= 0 and box["y"] + box["height"] <= 640, box
        assert box["width"] >= 44 and box["height"] >= 44, box
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for b in page.query_selector_all("#bar button, #panel button"):
        box = b.bounding_box()
        if box:
            assert box["height"] >= 44 or box["width"] >= 44, box
    # The lobby fits too.
    app.reset()
    page.set_viewport_size({"width": 360, "height": 640})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_runtime_failure_shows_a_readable_message(browser: Any, site: Site) -> None:
    """If the runtime cannot load, the splash says so in words (never a blank page)."""
    from .conftest import BASE

    ctx = browser.new_context(viewport={"width": 800, "height": 600}, service_workers="block")

    def broken(route: Any) -> None:
        if route.request.url.endswith("pyodide.asm.wasm"):
            route.fulfill(status=404, body="not found")
        else:
            Site().handle(route)

    ctx.route("**/*", broken)
    pg = ctx.new_page()
    try:
        pg.goto(BASE)
        pg.wait_for_selector("#splash.failed", timeout=60_000)
        text = pg.text_content("#splash-msg") or ""
        assert "could not start" in text and "Reload" in text, text
        assert pg.is_visible("#splash-msg")
    finally:
        ctx.close()


def test_no_request_left_the_origin(site: Site) -> None:
    assert site.outside == [], f"requests left the page's origin: {site.outside}"
    assert site.missing == [], f"files the page asked for are missing from dist/: {site.missing}"


def test_no_console_errors(site: Site) -> None:
    assert site.console_errors == [], site.console_errors


def test_undo_takes_back_the_players_last_move_and_marks_practice(app: App) -> None:
    """Undo takes back the player's last decision and the computers' moves after it; the
    match is then practice (kept in the save, said on the summary); with nothing of the
    player's to take back, a message and nothing changes."""
    page = app.page
    app.start("koz-maca", 8)
    assert app.wait_turn() == "input"
    first = app.record()
    mine = app.act()
    assert app.wait_turn() == "input"
    assert len(app.record()["deals"][0]["moves"]) > len(first["deals"][0]["moves"]) + 1
    page.click('#bar [data-action="undo"]')
    page.wait_for_function(
        "n => window.__tt_record && JSON.parse(window.__tt_record()).deals[0].moves.length === n",
        arg=len(first["deals"][0]["moves"]),
    )
    assert app.record() == first
    assert page.query_selector(f'#hand [data-card="{mine}"]') is not None
    saved = json.loads(page.evaluate("localStorage.getItem('trick-table/v1')"))
    assert saved["practice"] is True
    app.play_deal()
    assert page.query_selector("[data-summary] [data-practice]") is not None
    # a new match is not practice; nothing to take back before the player's first move
    app.reset()
    app.start("koz-maca", 2)  # the player leads the first trick
    assert app.wait_turn() == "input"
    before = app.record()
    assert before["deals"][0]["moves"] == []
    page.click('#bar [data-action="undo"]')
    page.wait_for_selector("#toast.show")
    assert app.record() == before
    saved = json.loads(page.evaluate("localStorage.getItem('trick-table/v1')"))
    assert "practice" not in saved


def test_a_hint_marks_the_strong_players_choice_with_why(app: App) -> None:
    """Hint: the worker's search (the computer players' own, from the player's observation)
    marks its choice in the hand (`data-hint`) and says why in a line; the match becomes
    practice. Asked while a computer is to play, it says to wait."""
    page = app.page
    app.start("koz-maca", 2)  # the player leads
    assert app.wait_turn() == "input"
    page.click('#bar [data-action="hint"]')
    page.wait_for_selector("#hand [data-hint]", timeout=60_000)
    hinted = page.eval_on_selector_all("#hand [data-hint]", "ns => ns.map(n => n.dataset.card)")
    legal = page.eval_on_selector_all("#hand [data-legal]", "ns => ns.map(n => n.dataset.card)")
    assert len(hinted) == 1 and hinted[0] in legal
    state = app.state()
    assert state["practice"] is True and state["hint"]["move"] == hinted[0]
    assert (page.text_content("#toast") or "").strip()
    page.click(f'#hand [data-card="{hinted[0]}"]')
    page.wait_for_function("() => !document.querySelector('#hand [data-hint]')")


def test_the_play_checker_asks_before_a_clearly_worse_card_only(app: App) -> None:
    """With the play checker on, the search's own choice plays at once; a card the review
    would call a mistake or a blunder (by the expected score: `ui.teach.hints.check_cost`) asks "Are
    you sure?" first, and "Play it anyway" plays it."""
    from ui.teach.hints import check_cost

    page = app.page
    page.evaluate("localStorage.setItem('trick-table/display', JSON.stringify({checker: true}))")
    try:
        for seed in range(2, 12):
            app.reset()
            app.start("koz-maca", seed)
            for _ in range(13):
                if app.wait_turn() != "input":
                    break
                page.wait_for_function(
                    "() => JSON.parse(window.__tt_state()).check", timeout=60_000
                )
                ev = app.state()["check"]
                legal = page.eval_on_selector_all(
                    "#hand [data-legal]", "ns => ns.map(n => n.dataset.card)"
                )
                asked = [c for c in legal if check_cost(ev, c) is not None]
                worst = max(asked, key=lambda c: float(check_cost(ev, c) or 0), default=None)
                if worst is not None:
                    seq = app.seq()
                    page.click(f'#hand [data-card="{worst}"]')
                    page.wait_for_selector("[data-check]")
                    assert app.seq() == seq  # nothing played yet
                    # on a desktop the question leaves the trick and the hand in view
                    hidden = page.evaluate("""() => {
                        const d = document.querySelector('[data-check]').getBoundingClientRect();
                        const over = r => Math.min(d.right, r.right) - Math.max(d.left, r.left) > 1
                            && Math.min(d.bottom, r.bottom) - Math.max(d.top, r.top) > 1;
                        return [...document.querySelectorAll('#trick .play, #hand .card')]
                            .filter(n => over(n.getBoundingClientRect()))
                            .map(n => n.dataset.card || n.textContent);
                    }""")
                    assert hidden == [], f"the checker's dialog covers {hidden}"
                    page.click('[data-check] [data-action="check-play"]')
                    page.wait_for_function(
                        "s => document.getElementById('table').dataset.seq !== s", arg=seq
                    )
                    return
                # the search's own choice never asks
                seq = app.seq()
                page.click(f'#hand [data-card="{ev["move"]}"]')
                page.wait_for_function(
                    "s => document.getElementById('table').dataset.seq !== s", arg=seq
                )
                assert page.query_selector("[data-check]") is None
        pytest.fail("no card the checker asks about came up in ten deals")
    finally:
        page.evaluate("localStorage.removeItem('trick-table/display')")


def test_the_deal_review_rates_every_decision(app: App) -> None:
    """From the deal summary, Review: the worker rates each of the player's decisions
    (`data-verdict`), says what perfect play makes or why not, and Back returns to the
    summary."""
    page = app.page
    app.start("koz-maca", 5)
    app.play_deal()
    page.click('[data-summary] [data-action="review"]')
    page.wait_for_selector("[data-review] [data-perfect]", timeout=90_000)
    verdicts = page.eval_on_selector_all(
        "[data-review] [data-decision]", "ns => ns.map(n => n.dataset.verdict)"
    )
    assert len(verdicts) == 13
    assert set(verdicts) <= {"best", "good", "inaccuracy", "mistake", "blunder"}
    assert (page.text_content("[data-review] [data-perfect]") or "").strip()
    # The replay with the verdicts: trick 3 straight from its row, the player's card marked.
    page.click('[data-review] [data-decision] [data-action="replay"][data-step="2"]')
    page.wait_for_selector('[data-replay][data-reviewed][data-step="2"]')
    badge = page.get_attribute('[data-replay] [data-play-seat="0"] .verdict-badge', "data-verdict")
    assert badge == verdicts[2]
    page.click('[data-replay] [data-action="replay-next"]')
    page.wait_for_selector('[data-replay][data-reviewed][data-step="3"]')
    assert (
        page.get_attribute('[data-replay] [data-play-seat="0"] .verdict-badge', "data-verdict")
        == verdicts[3]
    )
    # Back: to the review (at once: it is kept), then to the summary.
    page.click('[data-replay] [data-action="close"]')
    page.wait_for_selector("[data-review] [data-perfect]", timeout=5_000)
    assert (
        page.eval_on_selector_all(
            "[data-review] [data-decision]", "ns => ns.map(n => n.dataset.verdict)"
        )
        == verdicts
    )
    page.click('[data-review] .sheet-actions [data-action="close"]')
    page.wait_for_selector("[data-summary]")


LEVELS = ("easy", "normal", "strong")


@pytest.mark.parametrize("game", list(engine.GAMES))
def test_hint_undo_and_review_in_every_game(app: App, game: str) -> None:
    """In each game, at a level taken in turn (so every level is met): the hint marks a legal
    move of the player's first decision and playing it works; undo takes it back to the same
    record; after the deal, the review rates every decision of the player's, and the summary
    says the match is practice."""
    page = app.page
    level = LEVELS[list(engine.GAMES).index(game) % len(LEVELS)]
    app.start(game, 21, level=level)
    assert app.wait_turn() == "input"
    before = app.record()
    page.click('#bar [data-action="hint"]')
    page.wait_for_selector("#hand [data-hint], #panel [data-hint]", timeout=60_000)
    hinted = app.state()["hint"]["move"]
    panel = page.query_selector("#panel [data-hint]")
    if panel is not None:
        assert panel.get_attribute("data-move") == hinted and not panel.is_disabled()
    else:
        cards = page.eval_on_selector_all("#hand [data-hint]", "ns => ns.map(n => n.dataset.card)")
        legal = page.eval_on_selector_all("#hand [data-legal]", "ns => ns.map(n => n.dataset.card)")
        assert sorted(cards) == sorted(hinted.split()) and set(cards) <= set(legal)
    seq = app.seq()
    if panel is not None:
        panel.click()
    else:
        for c in hinted.split():
            page.click(f'#hand [data-card="{c}"]')
        if page.query_selector('#panel [data-move="confirm"]'):
            page.click('#panel [data-move="confirm"]')
    page.wait_for_function("s => document.getElementById('table').dataset.seq !== s", arg=seq)
    mine = app.record()["deals"][0]["moves"][len(before["deals"][0]["moves"])]
    assert same_move(mine, hinted)
    assert app.wait_turn() == "input"
    page.click('#bar [data-action="undo"]')
    page.wait_for_function(
        "n => JSON.parse(window.__tt_record()).deals[0].moves.length === n",
        arg=len(before["deals"][0]["moves"]),
    )
    assert app.record() == before
    app.play_deal(bid=True)
    page.click('[data-summary] [data-action="review"]')
    page.wait_for_selector("[data-review] [data-perfect]", timeout=90_000)
    rec = app.record()
    trial = engine.replay({**rec, "deals": [{**rec["deals"][0], "moves": []}]})
    decisions = 0
    for mv in rec["deals"][0]["moves"]:
        decisions += trial.deal.to_move == 0
        trial.play(mv)
    verdicts = page.eval_on_selector_all(
        "[data-review] [data-decision]", "ns => ns.map(n => n.dataset.verdict)"
    )
    assert len(verdicts) == decisions
    assert set(verdicts) <= {"best", "good", "inaccuracy", "mistake", "blunder", ""}
    page.click('[data-review] .sheet-actions [data-action="close"]')
    page.wait_for_selector("[data-summary] [data-practice]")
