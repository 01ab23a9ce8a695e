"""The puzzle screen in the browser: the address opens the puzzle, a wrong card fails and the
refutation is played out on the felt, a right card solves it, "Next puzzle", the daily puzzle
(the same for a date, from the lobby too), bad addresses said in the lobby (as text), and the
embed's `puzzle-solved` / `puzzle-failed` events on a tutorial's page.

The shared page is reset with the app's own hook between tests (no reload); the embed runs on a
parent page of another origin, as in tests/browser/test_embed.py.
"""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import quote

import pytest

import engine.content.puzzle_file as EP
from ui.puzzles import progress as P

from .conftest import BASE, DIST, App
from .test_embed import (  # noqa: F401
    TUTORIAL,
    Sites,
    events,
    outside,
    outside_context,
    parent_page,
    scroll_to_start,
    send,
    table_frame,
    wait_events,
)
from .test_offline import first_visit, served, wait_controlled, wait_ready  # noqa: F401

pytestmark = pytest.mark.e2e

FILES: dict[str, list[EP.Puzzle]] = {}


def puzzles(game: str) -> list[EP.Puzzle]:
    if game not in FILES:
        text = (DIST / "puzzles" / f"{game}.json").read_text(encoding="utf-8")
        FILES[game] = EP.load_puzzles(text, game).puzzles
    return FILES[game]


def one(ref: str) -> EP.Puzzle:
    game, _sep, pid = ref.partition("/")
    p = P.find(puzzles(game), pid)
    assert p is not None, ref
    return p


def open_puzzle(page: Any, query: str) -> str:
    """The shared page as if loaded with `query`; the puzzle's `game/id` once it waits for
    the player's card."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate("q => window.__tt_reset(q)", query)
    page.wait_for_selector(
        "#table[data-puzzle][data-puzzle-state=solving][data-input]", state="attached"
    )
    return str(page.get_attribute("#table", "data-puzzle"))


def seq(frame: Any) -> int:
    return int(frame.get_attribute("#table", "data-seq") or 0)


def legal(frame: Any) -> list[str]:
    return frame.eval_on_selector_all("#hand [data-legal]", "ns => ns.map(n => n.dataset.card)")


def test_address_opens_the_puzzle_and_a_wrong_card_plays_the_refutation(app: App) -> None:
    page = app.page
    ref = open_puzzle(page, "?speed=1&puzzle=batak/o100001.42")
    assert ref == "batak/o100001.42"
    p = one(ref)
    assert page.get_attribute("#table", "data-puzzle-kind") == "open"
    assert page.text_content("#lesson .puzzle-goal") == "Win 2 of the last 4 tricks."
    assert len(page.query_selector_all("#open-hands [data-open-seat]")) == 3
    page.wait_for_function(
        "() => document.getElementById('announce').textContent"
        ".includes('Win 2 of the last 4 tricks.')"
    )  # said for a screen reader
    hand = sorted(
        page.eval_on_selector_all("#hand [data-card]", "ns => ns.map(n => n.dataset.card)")
    )
    d = p.position()
    assert hand == sorted(d.view(p.seat)["hand"])
    wrong = next(c for c in legal(page) if c not in p.best)
    line = EP.main_line(d, p.side, wrong)
    seq0 = seq(page)
    page.click(f'#hand [data-card="{wrong}"]')
    page.wait_for_selector("#table[data-puzzle-state=failed] [data-puzzle-feedback=failed]")
    page.wait_for_function(
        "() => document.getElementById('announce').textContent.includes('Not this one')"
    )
    # played out at the table's pace ("Fast"), one move at a time: not all at once
    page.wait_for_timeout(300)
    assert seq(page) - seq0 < 1 + len(line)
    page.wait_for_selector('#lesson [data-action="puzzle-next"]', timeout=60_000)
    assert page.get_attribute("#table", "data-phase") == "over"
    assert seq(page) - seq0 == 1 + len(line)
    said = page.text_content("#lesson [data-puzzle-feedback]") or ""
    assert "Not this one" in said and "queen of diamonds" not in said  # the answer: when asked
    focused = page.evaluate("document.activeElement && document.activeElement.dataset.action")
    assert focused == "puzzle-next"  # the keyboard goes on from there
    page.focus('#lesson [data-action="puzzle-answer"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("#lesson [data-puzzle-answer]")
    assert "queen of diamonds" in (page.text_content("#lesson [data-puzzle-answer]") or "")
    focused = page.evaluate("document.activeElement && document.activeElement.dataset.action")
    assert focused == "puzzle-next"  # (its button gone, the focus is not dropped)
    saved = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(P.KEY)})"))
    assert saved["failed"] == {"batak": ["o100001.42"]} and saved["streak"] == 0


def test_a_right_card_solves_and_next_puzzle_follows(app: App) -> None:
    page = app.page
    ref = open_puzzle(page, "?speed=0&puzzle=koz-maca/5")
    p = one(ref)
    assert ref == f"koz-maca/{puzzles('koz-maca')[4].id}"
    seq0 = seq(page)
    page.focus(f'#hand [data-card="{p.best[0]}"]')  # the keyboard, as at the table
    page.keyboard.press("Enter")
    page.wait_for_selector('#table[data-puzzle-state=solved] #lesson [data-action="puzzle-next"]')
    assert page.get_attribute("#table", "data-phase") == "over"
    assert seq(page) - seq0 == 1 + len(p.lines[p.best[0]])
    assert "streak 1" in (page.text_content("#lesson .puzzle-progress") or "")
    page.click('#lesson [data-action="puzzle-next"]')
    page.wait_for_function(
        "r => { const t = document.getElementById('table'); return t.dataset.puzzle !== r"
        " && t.dataset.puzzleState === 'solving' && t.dataset.input === '1'; }",
        arg=ref,
    )
    nxt = str(page.get_attribute("#table", "data-puzzle"))
    assert nxt.startswith("koz-maca/") and nxt != ref
    assert "puzzle=koz-maca" in page.evaluate("location.search")  # reload opens it again
    page.click('#bar [data-action="lobby"]')
    page.wait_for_selector("#lobby:not([hidden])")
    assert page.query_selector("#table[data-puzzle]") is None
    # the record page reads the progress (ui/stats/record.py)
    page.click('#lobby [data-action="record"]')
    page.wait_for_selector('[data-puzzle-game="koz-maca"][data-solved="1"][data-failed="0"]')
    assert page.query_selector('[data-streak="1"][data-best="1"]')


def test_a_corrupt_progress_is_reset_with_a_note(app: App) -> None:
    page = app.page
    app.reset("?speed=0")
    page.evaluate(f'localStorage.setItem({json.dumps(P.KEY)}, \'{{"format": 1, "solved": 3}}\')')
    page.evaluate("q => window.__tt_reopen(q)", "?speed=0&puzzle=batak/1")
    page.wait_for_selector("#table[data-puzzle][data-puzzle-state=solving]", state="attached")
    assert "could not be read" in (page.text_content("#lesson [data-puzzle-note]") or "")
    stored = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(P.KEY)})"))
    assert stored == {"format": 1, "solved": {}, "failed": {}, "streak": 0, "best": 0, "daily": {}}


def test_a_closed_puzzle_shows_only_the_movers_hand(app: App) -> None:
    page = app.page
    p = next(x for x in puzzles("kozel-miner") if x.kind == "closed")
    open_puzzle(page, f"?speed=0&puzzle=kozel-miner/{p.id}")
    assert page.get_attribute("#table", "data-puzzle-kind") == "closed"
    assert page.query_selector("#open-hands [data-open-seat]") is None
    d = p.position()
    mine = set(d.view(p.seat)["hand"])
    shown = set(page.eval_on_selector_all("[data-card]", "ns => ns.map(n => n.dataset.card)"))
    played = {str(mv) for _s, mv in d.view(p.seat).get("trick") or []}
    assert shown <= mine | played
    assert "points" in (page.text_content("#lesson .puzzle-goal") or "")


def test_the_daily_puzzle_is_the_same_for_a_date(app: App) -> None:
    page = app.page
    game, _n = P.daily_game("2026-12-02")
    want = f"{game}/{P.daily_pick('2026-12-02', puzzles(game)).id}"
    assert open_puzzle(page, "?speed=0&puzzle=daily/2026-12-02") == want
    assert page.text_content("#lesson .lesson-head .puzzle-date") == "2026-12-02"
    # the date never wraps, even on a small phone
    page.set_viewport_size({"width": 360, "height": 640})
    box = page.eval_on_selector(
        "#lesson .puzzle-date",
        "n => [n.getClientRects().length, "
        "n.getBoundingClientRect().height, "
        "parseFloat(getComputedStyle(n).lineHeight) || 20]",
    )
    assert box[0] == 1 and box[1] < 1.6 * box[2], box
    page.set_viewport_size({"width": 1280, "height": 800})
    assert open_puzzle(page, "?speed=0&puzzle=daily/2026-12-02") == want
    other = open_puzzle(page, "?speed=0&puzzle=daily/2026-12-03")
    game3, _n = P.daily_game("2026-12-03")
    assert other == f"{game3}/{P.daily_pick('2026-12-03', puzzles(game3)).id}"
    # today's, from the lobby's "Daily puzzle"; the pill under the tagline leads to the list
    app.reset("?speed=0")
    page.click('#lobby .puzzle-pill [data-action="puzzle-list"]')
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.closest("
        "'.puzzles-entry') && document.activeElement.dataset.action"
        " === 'puzzle-daily'"
    )
    page.click('#lobby [data-action="puzzle-daily"]')
    page.wait_for_selector("#table[data-puzzle][data-puzzle-state=solving]", state="attached")
    today = time.strftime("%Y-%m-%d", time.gmtime())
    gt, _n = P.daily_game(today)
    assert (
        page.get_attribute("#table", "data-puzzle") == f"{gt}/{P.daily_pick(today, puzzles(gt)).id}"
    )


def test_the_lobby_entry_opens_the_chosen_games_puzzles(app: App) -> None:
    page = app.page
    app.reset("?speed=0")
    page.click('[data-game-choice="batak-pairs"]')
    page.click('#lobby [data-action="puzzles"][data-game="batak-pairs"]')
    page.wait_for_selector(
        "#table[data-puzzle^='batak-pairs/'][data-puzzle-state=solving]", state="attached"
    )
    assert "team" in (page.text_content("#lesson .puzzle-goal") or "")
    ref = page.get_attribute("#table", "data-puzzle")
    # another language: the box's words change, the puzzle stays
    page.select_option("#bar [data-lang]", "ru")
    page.wait_for_function(
        "() => /команд/.test(document.querySelector('#lesson .puzzle-goal').textContent)"
    )
    assert page.get_attribute("#table", "data-puzzle") == ref
    assert page.get_attribute("#table", "data-puzzle-state") == "solving"
    page.select_option("#bar [data-lang]", "en")
    page.wait_for_function(
        "() => /team/.test(document.querySelector('#lesson .puzzle-goal').textContent)"
    )
    # Back: to the lobby
    page.go_back()
    page.wait_for_selector("#lobby:not([hidden])")
    assert page.query_selector("#table[data-puzzle]") is None


@pytest.mark.parametrize(
    "query, words",
    [
        ("?puzzle=", "empty"),
        ("?puzzle=poker/1", "no puzzles for"),
        ("?puzzle=batak/nonesuch", "no puzzle"),
        ("?puzzle=daily/2026-02-30", "not a date"),
        ("?puzzle=" + quote('batak/<img src=x onerror="window.__pwned=1">'), "not a puzzle"),
        ("?puzzle=" + quote("<script>window.__pwned=1</script>"), "no puzzles for"),
    ],
)
def test_bad_addresses_are_messages_in_the_lobby(app: App, query: str, words: str) -> None:
    page = app.page
    page.evaluate("q => window.__tt_reset(q)", query)
    msg = page.wait_for_selector("#lobby-msg:not([hidden])")
    assert words in (msg.text_content() or ""), msg.text_content()
    assert page.query_selector("#table[data-puzzle]") is None
    assert page.query_selector("#lobby-msg img, #lobby-msg script") is None
    assert page.evaluate("window.__pwned") is None
    assert page.query_selector("#lobby .puzzles-entry [data-action=puzzle-daily]")


def test_embedded_puzzle_sends_its_events(outside: tuple[Any, Sites]) -> None:  # noqa: F811
    page, sites = outside
    sites.pages["/puzzle.html"] = parent_page('data-puzzle="batak/17" data-speed="0"')
    page.goto(TUTORIAL + "/puzzle.html")
    frame = page.wait_for_selector("#t iframe")
    assert "puzzle=batak%2F17" in str(frame.get_attribute("src"))
    evs = wait_events(page, 1)
    assert evs[0]["type"] == "ready"
    tf = table_frame(page)
    tf.wait_for_selector(
        "#table[data-puzzle][data-puzzle-state=solving][data-input]", state="attached"
    )
    p = puzzles("batak")[16]
    assert tf.get_attribute("#table", "data-puzzle") == f"batak/{p.id}"
    wrong = next(c for c in legal(tf) if c not in p.best)
    send(page, {"v": 1, "type": "play", "move": wrong})
    page.wait_for_function("() => window.events.some(e => e.type === 'puzzle-failed')")
    ev = next(e for e in events(page) if e["type"] == "puzzle-failed")
    assert ev["puzzle"] == f"batak/{p.id}" and ev["move"] == wrong and ev["best"] == list(p.best)
    tf.wait_for_selector('#lesson [data-action="puzzle-retry"]')
    send(page, {"v": 1, "type": "restart"})
    tf.wait_for_selector("#table[data-puzzle-state=solving][data-input]", state="attached")
    tf.click(f'#hand [data-card="{p.best[0]}"]')
    page.wait_for_function("() => window.events.some(e => e.type === 'puzzle-solved')")
    ev = next(e for e in events(page) if e["type"] == "puzzle-solved")
    assert ev["puzzle"] == f"batak/{p.id}" and ev["move"] == p.best[0]
    # The verdict is told first, then the solution is played out: its moves come after it.
    line = [p.best[0], *p.lines[p.best[0]]]
    page.wait_for_function(
        "n => { const es = window.events.filter(e => e.type !== 'resize');"
        " const i = es.findIndex(e => e.type === 'puzzle-solved');"
        " return es.slice(i).filter(e => e.type === 'move').length >= n; }",
        arg=len(line),
        timeout=60_000,
    )
    evs = events(page)
    after = evs[next(i for i, e in enumerate(evs) if e["type"] == "puzzle-solved") :]
    assert [e["move"] for e in after if e["type"] == "move"] == line


def test_the_learn_site_has_a_puzzles_page(outside: tuple[Any, Sites]) -> None:  # noqa: F811
    page, _sites = outside
    page.goto(BASE + "learn/index.html")
    assert page.query_selector('a[href="puzzles.html"]')
    page.goto(BASE + "learn/puzzles.html")
    divs = page.query_selector_all("[data-trick-table][data-puzzle]")
    assert len(divs) >= 3
    page.wait_for_function(
        "n => document.querySelectorAll('[data-trick-table] iframe').length >= n", arg=len(divs)
    )
    for f in page.query_selector_all("[data-trick-table] iframe"):
        scroll_to_start(page, f)  # the later ones start when the reader comes near
        src = str(f.get_attribute("src"))
        assert src.startswith(BASE) and "puzzle=" in src and "embed=1" in src


def test_the_daily_puzzle_works_offline(browser: Any, served: tuple[str, Any]) -> None:  # noqa: F811
    """After one visit the puzzle files come from the service worker's precache."""
    base, _root = served
    with first_visit(browser, base) as page:
        wait_controlled(page)
        page.context.set_offline(True)
        page.goto(base + "?speed=0&puzzle=daily/2026-12-02")
        wait_ready(page)
        page.wait_for_selector(
            "#table[data-puzzle][data-puzzle-state=solving][data-input]",
            state="attached",
            timeout=60_000,
        )
        game, _n = P.daily_game("2026-12-02")
        assert (
            page.get_attribute("#table", "data-puzzle")
            == f"{game}/{P.daily_pick('2026-12-02', puzzles(game)).id}"
        )
        page.context.set_offline(False)
