"""Every seat's play and label have a place of their own, on every screen: for every game
(Bidding Kozel with 2 to 5 players), with every other seat's card (or set of three) on the
felt, at 360x640, 390x844, 768x1024 and 1280x800:

- no play overlaps another seat's play, any seat's label (its own too: a side seat's card
  never lies over its own stats) or the seat name on a played card;
- a seat's card-count badge lies over neither its own name nor another label, and nothing runs
  off the felt or the screen (the right seat's badge at 360 px);
- seat stats that wrap never start a line with "·";
- on a phone, each played card names its seat.

Each lesson of the learn site is walked step by step at 360x640 and 390x844 the same way
(any number of plays on the felt), and the lobby's level select shows each level's whole name
at 360x640 in every language.

Also: at 360x640 and 390x844 the auction's bid panel and the 13-card hand fit on the screen
together, and at 1280x800 the other tab's warning leaves the hand on the screen.

The positions are found with the engine and put on the table as the player's saved match
(`window.__tt_reopen` opens it as a reload would, without one: one page for the whole file).
"""

from __future__ import annotations

import functools
import json
import os
import random
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

import engine
import engine.content.puzzle_file as EP
from engine import address
from engine.content.lessons import load_lesson
from ui.puzzles import progress as P

from .conftest import DIST, App

pytestmark = pytest.mark.e2e

KEY = "trick-table/v1"
SIZES = ((360, 640), (390, 844), (768, 1024), (1280, 800))
PHONES = ((360, 640), (390, 844))


@functools.cache
def sets_position(players: int) -> dict[str, Any]:
    """A Bidding Kozel record where every seat but the player's has played three cards."""
    for seed in range(500):
        m = engine.new_match("bidding-kozel", seed=seed, players=players)
        rng = random.Random(seed)
        while not m.is_over and len(m.deals) == 1:
            d = m.deal
            trick = d.view(0)["trick"]
            if (
                d.phase == "play"
                and d.to_move == 0
                and len(trick) == players - 1
                and all(len(str(mv).split()) == 3 for _, mv in trick)
            ):
                return m.record()
            moves = m.legal_moves()
            three = [x for x in moves if len(x.split()) == 3] if d.to_move != 0 else []
            m.play(rng.choice(three or moves))
    raise AssertionError(f"no position with sets of three for {players} players")


@functools.cache
def full_trick_position(game: str) -> dict[str, Any]:
    """A record where every seat but the player's has played to the trick (the player last)."""
    for seed in range(300):
        m = engine.new_match(game, seed=seed)
        rng = random.Random(seed)
        while not m.is_over and len(m.deals) == 1:
            d = m.deal
            if (
                d.phase == "play"
                and d.to_move == 0
                and len(d.view(0)["trick"]) == m.players - 1
                and len(d.tricks) >= 1
            ):
                return m.record()
            m.play(rng.choice(m.legal_moves()))
    raise AssertionError(f"no full trick before the player's card in {game}")


@functools.cache
def auction_position() -> dict[str, Any]:
    """A Batak record in the auction with the player to bid, every bid open to them (two rows
    of buttons) and 13 cards in hand."""
    for seed in range(100):
        m = engine.new_match("batak", seed=seed)
        rng = random.Random(seed)
        while m.deal.phase == "bidding" and m.deal.to_move != 0:
            m.play(rng.choice(m.legal_moves()))
        if m.deal.phase == "bidding" and len(m.legal_moves()) >= 9:
            return m.record()
    raise AssertionError("no auction with the player to bid")


CASES = [(g, None) for g in engine.GAMES if g != "bidding-kozel"] + [
    ("bidding-kozel", n) for n in (2, 3, 4, 5)
]

# One measure of the felt, read in the page: every play (a card or a fan of them), the seat
# name shown on a play, and each part of every seat's label.
MEASURE = """() => {
  const box = (n, kind, seat) => { const r = n.getBoundingClientRect();
    return {x: r.left, y: r.top, r: r.right, b: r.bottom, kind, seat,
            what: kind + ' of seat ' + seat}; };
  const out = [];
  for (const p of document.querySelectorAll('#trick .play')) {
    const s = p.dataset.playSeat;
    const cards = p.querySelectorAll('.card');
    const a = cards[0].getBoundingClientRect(), z = cards[cards.length - 1].getBoundingClientRect();
    out.push({x: Math.min(a.left, z.left), y: Math.min(a.top, z.top), r: Math.max(a.right, z.right),
              b: Math.max(a.bottom, z.bottom), kind: 'play', seat: s, what: 'play of seat ' + s});
    const who = p.querySelector('.who');
    if (who && who.getClientRects().length) out.push(box(who, 'who', s));
  }
  for (const seat of document.querySelectorAll('#felt .seat')) {
    const s = seat.dataset.seat;
    for (const [sel, kind] of [['.plate', 'plate'], ['.name', 'name'], ['.count', 'badge'],
                               ['.stats', 'stats'], ['.tags', 'tags']]) {
      for (const n of seat.querySelectorAll(sel)) {
        const backs = n.closest('.backs');  // read, not shown, on a phone
        if (backs && backs.getBoundingClientRect().width <= 1) continue;
        const r = n.getBoundingClientRect();
        if (r.width > 1 && r.height > 1 && getComputedStyle(n).visibility !== 'hidden')
          out.push(box(n, kind, s));
      }
    }
  }
  const leading = [];
  for (const st of document.querySelectorAll('#felt .seat .stats')) {
    const spans = [...st.children];
    for (let i = 1; i < spans.length; i++) {
      const wrapped = spans[i].getBoundingClientRect().top > spans[i - 1].getBoundingClientRect().top + 2;
      const dot = getComputedStyle(spans[i], '::before').content;
      if (wrapped && dot && dot !== 'none' && dot !== 'normal' && dot.includes('·'))
        leading.push(st.closest('.seat').dataset.seat + ': ' + spans[i].textContent);
    }
  }
  const f = document.getElementById('felt').getBoundingClientRect();
  return {boxes: out, leading, felt: {x: f.left, r: f.right},
          scroll: document.documentElement.scrollWidth};
}"""


def overlap(a: dict[str, Any], b: dict[str, Any], slack: float = 1.0) -> bool:
    return (
        min(a["r"], b["r"]) - max(a["x"], b["x"]) > slack
        and min(a["b"], b["b"]) - max(a["y"], b["y"]) > slack
    )


def clash(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two boxes of the felt may not overlap: parts of one seat's label lie together
    (but its badge keeps off its name and stats), a play and the name on it lie together."""
    kinds = {a["kind"], b["kind"]}
    label = {"plate", "name", "badge", "stats", "tags"}
    if a["seat"] == b["seat"]:
        if kinds <= label:
            return "badge" in kinds and bool(kinds & {"name", "stats", "tags"})
        if kinds == {"play", "who"}:
            return False
    if "plate" in kinds and "name" in kinds or "plate" in kinds and "badge" in kinds:
        return a["seat"] != b["seat"] and True
    return True


def check_felt(page: Any, size: tuple[int, int], players: int | None, case: str) -> list[str]:
    """What is wrong with the felt at `size`; `players` - 1 plays are expected on it (None:
    any number, as in a lesson's step)."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(120)
    if os.environ.get("TT_LAYOUT_SHOTS"):  # a folder to keep what the test saw
        page.screenshot(path=f"{os.environ['TT_LAYOUT_SHOTS']}/{case}-{width}x{height}.png")
    got = page.evaluate(MEASURE)
    boxes = got["boxes"]
    where = f"{case} at {width}x{height}: "
    plays = [b for b in boxes if b["kind"] == "play"]
    bad = []
    if players is not None and len(plays) != players - 1:
        bad.append(f"{len(plays)} plays on the felt")
    if width <= 640:
        named = {b["seat"] for b in boxes if b["kind"] == "who"}
        bad += [
            f"the play of seat {p['seat']} does not name its seat"
            for p in plays
            if p["seat"] not in named
        ]
    felt = got["felt"]
    bad += [
        f"{b['what']} runs off the felt or the screen"
        for b in boxes
        if b["x"] < max(0, felt["x"]) - 1 or b["r"] > min(width, felt["r"]) + 1 or b["y"] < 0
    ]
    bad += [
        f"{a['what']} overlaps {b['what']}"
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if clash(a, b) and overlap(a, b)
    ]
    bad += [f"seat stats wrap to a line starting with '·' ({t})" for t in got["leading"]]
    if got["scroll"] > width:
        bad.append("the page scrolls sideways")
    return [where + x for x in bad]


def reopen(
    page: Any, game: str, record: dict[str, Any], ready: str = "#table:not([hidden])[data-input]"
) -> None:
    """Puts `record` on the table as the player's saved match and opens the page on it as a
    reload would (until `ready` is there: by default, the player's turn)."""
    save = {
        "format": 1,
        "tab": "layout-test",
        "n": 1,
        "screen": "table",
        "overlay": None,
        "cur": 0,
        "away": [],
        "record": record,
        "settings": {
            "game": game,
            "options": {},
            "players": str(record["players"]),
            "seed": str(record["seed"]),
            "level": "easy",
            "speed": "0",
        },
    }
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [KEY, json.dumps(save)])
    page.evaluate("() => window.__tt_reopen('')")
    page.wait_for_selector(ready, state="attached")
    page.wait_for_selector("html:not([data-busy])", state="attached")


@pytest.fixture
def still(app: App) -> Any:
    """The shared page without transitions (a box read at once is where it ends), put back
    as it was afterwards."""
    page = app.page
    handle = page.add_style_tag(
        content="*, *::before, *::after { transition: none !important;"
        " animation: none !important; }"
    )
    yield page
    handle.evaluate("n => n.remove()")
    page.evaluate("k => localStorage.removeItem(k)", KEY)
    page.set_viewport_size({"width": 1280, "height": 800})


def test_every_play_and_seat_label_has_its_own_place(still: Any) -> None:
    page = still
    bad: list[str] = []
    for game, players in CASES:
        record = sets_position(players) if players else full_trick_position(game)
        reopen(page, game, record)
        case = f"{game}-{record['players']}p"
        for size in SIZES:
            bad += check_felt(page, size, record["players"], case)
    assert not bad, "\n".join(bad)


def bottom_of(page: Any, sel: str) -> float:
    return float(
        page.evaluate(
            "s => Math.max(...[...document.querySelectorAll(s)].map(n => "
            "n.getBoundingClientRect().bottom + window.scrollY))",
            sel,
        )
    )


def test_the_bid_panel_and_the_hand_fit_on_a_phone(still: Any) -> None:
    page = still
    reopen(page, "batak", auction_position())
    page.wait_for_selector('#panel [data-move="pass"]', state="attached")
    for width, height in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(120)
        if os.environ.get("TT_LAYOUT_SHOTS"):
            page.screenshot(path=f"{os.environ['TT_LAYOUT_SHOTS']}/auction-{width}x{height}.png")
        assert len(page.query_selector_all("#hand .card")) == 13
        hand = bottom_of(page, "#hand .card")
        panel = bottom_of(page, "#panel .btn")
        assert panel <= height and hand <= height, (
            f"at {width}x{height} the bids end at {panel:.0f} and the hand at {hand:.0f}"
        )


def test_the_other_tabs_warning_keeps_the_hand_on_the_screen(still: Any) -> None:
    page = still
    reopen(page, "koz-maca", full_trick_position("koz-maca"))
    # another tab writes the save; this tab's next save finds it and says so
    page.evaluate(
        """k => { const s = JSON.parse(localStorage.getItem(k));
        s.tab = 'another-tab'; s.n += 5; const t = JSON.stringify(s);
        localStorage.setItem(k, t);
        window.dispatchEvent(new StorageEvent('storage', {key: k, newValue: t})); }""",
        KEY,
    )
    page.click('#bar [data-action="speed"]')
    page.wait_for_selector('#save-note[data-note="other-tab"]:not([hidden])')
    for width, height in ((1280, 800), (360, 640)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(120)
        if os.environ.get("TT_LAYOUT_SHOTS"):
            page.screenshot(path=f"{os.environ['TT_LAYOUT_SHOTS']}/other-tab-{width}x{height}.png")
        hand = bottom_of(page, "#hand .card")
        limit = height if width > 640 else height + 90  # a phone: the hand's first row shows
        assert hand <= limit, f"at {width}x{height} the hand ends at {hand:.0f}"
    page.click('#save-note [data-action="take-over"]')
    page.wait_for_selector("#save-note", state="hidden")


def test_a_toast_at_the_table_leaves_the_trump_chip_in_view(still: Any) -> None:
    """A message at the table (the trump timer's "Time's up" among them) shows under the trump
    chip, never over it."""
    page = still
    reopen(page, "koz-maca", full_trick_position("koz-maca"))
    for width, height in ((360, 640), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        card = page.query_selector("#hand .card:not([data-legal])")
        assert card is not None, "the position has a card the player may not play"
        card.click(force=True)  # (aria-disabled: a tap on it says why)
        page.wait_for_selector("#toast.show", state="attached")
        boxes = page.evaluate("""() => ['#toast', '#bar .trump'].map(s => {
            const r = document.querySelector(s).getBoundingClientRect();
            return {x: r.left, y: r.top, r: r.right, b: r.bottom, what: s}; })""")
        assert not overlap(boxes[0], boxes[1]), f"at {width}x{height}: {boxes}"
        assert boxes[0]["b"] <= height / 2, "the message stays clear of the hand"
        page.evaluate("document.getElementById('toast').classList.remove('show')")


LESSONS = sorted((Path(__file__).resolve().parents[2] / "learn" / "lessons").glob("*.json"))


def test_every_lessons_table_has_its_places_on_a_phone(still: Any) -> None:
    """Each lesson of the learn site, step by step at 360x640 and 390x844: the plays on the
    felt, the seats' labels ("You" too) and their stats each have a place of their own."""
    from .test_embed import click_move, open_embed

    page = still
    bad: list[str] = []
    for path in LESSONS:
        doc = json.loads(path.read_text(encoding="utf-8"))
        lesson = load_lesson(doc)
        open_embed(page, "?embed=1&fit=1&speed=0&lesson=" + quote(address.encode(doc)))
        run = lesson.start()
        for i, step in enumerate(lesson.steps):
            page.wait_for_selector(f'#lesson[data-step="{i + 1}"]:not([data-done])')
            page.wait_for_selector("html:not([data-busy])", state="attached")
            for size in PHONES:
                bad += check_felt(page, size, None, f"{path.stem} step {i + 1}")
            legal = run.deal.legal_moves()
            answer = (legal if step.expect == "any" else list(step.moves))[0]
            page.set_viewport_size({"width": 1000, "height": 800})
            click_move(page, answer)
            assert run.try_move(answer).kind == "right"
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", ["en", "tr", "ru", "pt"])
def test_the_level_select_shows_its_whole_choice_on_a_phone(app: App, lang: str) -> None:
    """In the lobby at 360x640, each computer level's name fits in the level select (nothing
    of it cut off), the select stays on the screen, and the page does not scroll sideways."""
    page = app.page
    app.reset()
    page.select_option("#lobby [data-lang]", lang)
    page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
    try:
        page.set_viewport_size({"width": 360, "height": 640})
        page.wait_for_timeout(100)
        got = page.evaluate("""() => {
            const s = document.querySelector('#lobby [data-level]');
            const cs = getComputedStyle(s), r = s.getBoundingClientRect();
            const ctx = document.createElement('canvas').getContext('2d');
            ctx.font = cs.font;
            const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)
                         - 16;  // the select's arrow
            return {room, left: r.left, right: r.right, scroll: document.documentElement.scrollWidth,
                    names: [...s.options].map(o => [o.textContent, ctx.measureText(o.textContent).width])};
        }""")
        assert got["left"] >= 0 and got["right"] <= 360, got
        assert got["scroll"] <= 360, got
        cut = [n for n, w in got["names"] if w > got["room"]]
        assert not cut, f"cut off in a {got['room']:.0f} px select: {cut}"
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.select_option("#lobby [data-lang]", "en")


@pytest.mark.parametrize(
    "ref", ["batak/1", "koz-maca/1", "batak-pairs/1", "kozel-miner/1", "kozel-classic/1"]
)
def test_a_puzzles_table_has_its_places_on_a_phone(still: Any, ref: str) -> None:
    """A puzzle's table (a position mid-deal, every hand open or only the player's) at
    360x640 and 390x844: the plays, the seats' labels, the player's own name and the tags
    (a declarer's "bid 5 · declarer") each have a place of their own."""
    page = still
    page.evaluate("q => window.__tt_reset(q)", f"?puzzle={ref}")
    page.wait_for_selector('#table[data-puzzle-state="solving"]', state="attached", timeout=60_000)
    page.wait_for_selector("html:not([data-busy])", state="attached")
    bad: list[str] = []
    for size in PHONES:
        bad += check_felt(page, size, None, f"puzzle-{ref.replace('/', '-')}")
        cut = page.evaluate("""() => [...document.querySelectorAll('#felt .seat.pos-bottom .name')]
            .filter(n => n.scrollWidth > n.clientWidth + 1
                         || n.getBoundingClientRect().right
                            > n.closest('.plate').getBoundingClientRect().right + 1)
            .map(n => n.textContent)""")
        bad += [f"puzzle {ref} at {size}: the player's name {c!r} is cut" for c in cut]
    # A wrong card: the refuting line is played out and its last trick, a full one, stays on
    # the felt beside every seat's stats (at Instant too), on phones and on a desktop.
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate("q => window.__tt_reset(q)", f"?speed=0&puzzle={ref}")
    page.wait_for_selector(
        '#table[data-puzzle-state="solving"][data-input]', state="attached", timeout=60_000
    )
    game, _sep, pid = str(page.get_attribute("#table", "data-puzzle")).partition("/")
    text = (DIST / "puzzles" / f"{game}.json").read_text(encoding="utf-8")
    found = P.find(EP.load_puzzles(text, game).puzzles, pid)
    assert found is not None, pid
    best = list(found.best)
    legal = page.eval_on_selector_all("#hand [data-legal]", "ns => ns.map(n => n.dataset.card)")
    wrong = next((c for c in legal if c not in best), None)
    if wrong is not None:
        page.click(f'#hand [data-card="{wrong}"]')
        page.wait_for_selector(
            '#table[data-puzzle-state="failed"] #lesson .puzzle-controls',
            state="attached",
            timeout=60_000,
        )
        page.wait_for_selector("html:not([data-busy])", state="attached")
        for size in SIZES:
            bad += check_felt(page, size, None, f"puzzle-{ref.replace('/', '-')}-failed")
        status = page.inner_text("#status")
        if "Tap the table" in status:
            bad.append(f"puzzle {ref}: its end asks for a tap that does nothing: {status!r}")
    assert not bad, "\n".join(bad)
