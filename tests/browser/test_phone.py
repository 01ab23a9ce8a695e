"""The table fits every screen, phones first (Chromium with touch, device scale 2): every game
(Bidding Kozel with 2, 4 and 5 players) in each of its phases (the auction, the trump choice,
a trick in play, a finished trick on show, the deal's summary) and the lobby, at each of SIZES:

- on a phone or a tablet the page never scrolls, either way (a desktop neither, at 100 %);
- every card of the hand lies wholly on the screen and shows a strip of at least 28 px that a
  tap reaches (`document.elementFromPoint` there gives the card), and so does every move button
  of the panel (its middle);
- no control, seat name or the status line cuts its text (`scrollWidth <= clientWidth`);
- on a touch screen every button is at least 44 x 44 CSS px;
- no seat's plate is covered (by a play, the panel or anything else);
- in the lobby, choosing a game brings the deal button into view.

On the odd devices (ODD: a 320x480 phone, a 568x320 one on its side, a 2560x1440 monitor) the
page may scroll, but every card and move is reached once scrolled to and no text is cut.

At 200 % text size on a desktop the page may scroll, but nothing lies over the hand.

The positions are found with the engine and opened as the player's saved match
(`window.__tt_reopen`), one page for the whole file.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import engine

from .conftest import STRIP, Site, open_table_page
from .test_layout import reopen as layout_reopen

pytestmark = pytest.mark.e2e

SIZES = (
    (360, 640),
    (375, 667),
    (390, 844),
    (412, 915),
    (640, 360),
    (844, 390),
    (768, 1024),
    (1280, 800),
    (1920, 1080),
    (320, 480),
    (568, 320),
    (2560, 1440),
)  # odd devices: a small phone, its side, a monitor
# On the odd devices the page may scroll to what is out of sight and a plate may lie under a
# panel, but every card and move is reached (scrolled to) and no text is cut.
ODD = {(320, 480), (568, 320), (2560, 1440)}
TOUCH = {
    (360, 640),
    (375, 667),
    (390, 844),
    (412, 915),
    (640, 360),
    (844, 390),
    (768, 1024),
    (320, 480),
    (568, 320),
}
GAMES = [
    ("koz-maca", None),
    ("batak", None),
    ("batak-pairs", None),
    ("kozel-miner", None),
    ("kozel-classic", None),
    ("bidding-kozel", 2),
    ("bidding-kozel", 4),
    ("bidding-kozel", 5),
]


def _walk(game: str, players: int | None, stop: Callable[[Any], bool]) -> dict[str, Any] | None:
    """The first record (random moves, seeds 0 up) at which `stop(match)` holds."""
    for seed in range(200):
        m = engine.new_match(game, seed=seed, **({"players": players} if players else {}))
        rng = random.Random(seed)
        while True:
            if stop(m):
                return m.record()
            if m.is_over or len(m.deals) > 1:
                break
            m.play(rng.choice(m.legal_moves()))
    return None


@functools.cache
def positions(game: str, players: int | None) -> dict[str, dict[str, Any]]:
    """The game's phases as records: the player to bid, to name trump, to play a card to a
    trick of at least one card (after a trick is done: the 'finished' phase plays it), and a
    deal over (the summary)."""

    def mine(m: Any, phase: str) -> bool:
        d = m.deal
        return len(m.deals) == 1 and d.phase == phase and d.to_move == 0

    found = {
        "auction": _walk(game, players, lambda m: mine(m, "bidding")),
        "trump": _walk(game, players, lambda m: mine(m, "trump")),
        "play": _walk(
            game,
            players,
            lambda m: (
                mine(m, "play")
                and len(m.deal.tricks) >= 1
                and len(m.deal.view(0)["trick"]) == m.players - 1
                and len(m.deal.view(0)["hand"]) >= 3
            ),
        ),
        "summary": _walk(game, players, lambda m: len(m.deals) > 1 or m.is_over),
    }
    return {k: v for k, v in found.items() if v is not None}


def reopen(page: Any, game: str, record: dict[str, Any]) -> None:
    """Opens `record` as the player's saved match, whatever the phase."""
    layout_reopen(page, game, record, ready="#table:not([hidden])")


# Everything the checks read, measured in the page at once.
MEASURE = """([touch, strict]) => {
  const vw = innerWidth, vh = innerHeight, bad = [];
  const shown = n => { const r = n.getBoundingClientRect();
    return r.width > 1 && r.height > 1 && getComputedStyle(n).visibility !== 'hidden'; };
  const hits = (n, x, y) => { const at = document.elementFromPoint(x, y);
    return !!at && (at === n || n.contains(at)); };
  const name = n => (n.dataset.card || n.dataset.move || n.dataset.action || n.className
                     || n.tagName) + '';
  const doc = document.documentElement;
  const scrolls = doc.scrollHeight > vh + 1 || doc.scrollWidth > vw + 1;
  const overlay = !document.getElementById('overlay').hidden;
  const table = !document.getElementById('table').hidden;
  if (table && !overlay) {
    const cards = [...document.querySelectorAll('#hand .card')];
    cards.forEach((c, i) => {
      if (!strict) c.scrollIntoView({block: 'nearest'});
      const r = c.getBoundingClientRect();
      if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5)
        bad.push('card ' + name(c) + ' is not wholly on the screen');
      const next = cards[i + 1] && cards[i + 1].getBoundingClientRect();
      const sameRow = next && Math.abs(next.top - r.top) < r.height / 2;
      const strip = sameRow ? Math.min(r.width, next.left - r.left) : r.width;
      if (strip < 28) bad.push('card ' + name(c) + ' shows a strip of ' + strip.toFixed(0) + ' px');
      if (!hits(c, r.left + Math.min(strip, r.width) / 2, r.top + 16))
        bad.push('a tap on card ' + name(c) + ' does not reach it');
    });
    for (const b of document.querySelectorAll('#panel [data-move]')) {
      if (!shown(b)) continue;
      if (!strict) b.scrollIntoView({block: 'nearest'});
      const r = b.getBoundingClientRect();
      if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5)
        bad.push('move ' + name(b) + ' is not wholly on the screen');
      else if (!hits(b, (r.left + r.right) / 2, (r.top + r.bottom) / 2))
        bad.push('a tap on move ' + name(b) + ' does not reach it');
    }
    for (const p of strict ? document.querySelectorAll('#felt .seat .plate') : []) {
      const r = p.getBoundingClientRect();
      for (const fx of [0.3, 0.5, 0.7]) {
        const x = r.left + r.width * fx, y = (r.top + r.bottom) / 2;
        if (x < 0 || y < 0 || x > vw || y > vh) { bad.push('a plate is off the screen'); break; }
        if (!hits(p, x, y)) {
          const at = document.elementFromPoint(x, y);
          bad.push('the plate of seat ' + p.closest('.seat').dataset.seat + ' is covered by '
                   + (at ? (at.id || at.className || at.tagName) : 'nothing'));
          break;
        }
      }
    }
  }
  const scope = overlay ? '#overlay' : (table ? '#table' : '#lobby');
  for (const n of document.querySelectorAll(scope + ' button:not(.card), ' + scope + ' select, #status, #felt .seat .name')) {
    if (!shown(n)) continue;
    if (n.scrollWidth > n.clientWidth + 1) bad.push('the text of ' + name(n) + ' is cut: ' + JSON.stringify(n.textContent.trim().slice(0, 40)));
    if (touch && n.tagName === 'BUTTON') {
      const r = n.getBoundingClientRect();
      if (r.width < 43.5 || r.height < 43.5) bad.push('button ' + name(n) + ' is ' + r.width.toFixed(0) + 'x' + r.height.toFixed(0));
    }
  }
  if (!strict) scrollTo(0, 0);
  return {scrolls, bad};
}"""


@pytest.fixture(scope="module")
def phone(shared_page: dict[str, Any], site: Site) -> Iterator[Any]:
    """A page on a touch screen of device scale 2 (a context of its own, the shared browser)."""
    browser = shared_page["ctx"].browser
    ctx = browser.new_context(
        viewport={"width": 360, "height": 640},
        has_touch=True,
        device_scale_factor=2,
        service_workers="block",
    )
    ctx.route("**/*", site.handle)
    page = open_table_page(ctx, site)
    page.add_style_tag(
        content="*, *::before, *::after { transition: none !important;"
        " animation: none !important; }"
    )
    yield page
    ctx.close()


def measure(page: Any, size: tuple[int, int], where: str) -> list[str]:
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(80)
    got = page.evaluate(MEASURE, [size in TOUCH, size not in ODD])
    out = [f"{where} at {width}x{height}: {b}" for b in got["bad"]]
    if got["scrolls"] and size not in ODD:
        out.append(f"{where} at {width}x{height}: the page scrolls")
    return out


@pytest.mark.parametrize("game,players", GAMES, ids=[f"{g}-{p or ''}" for g, p in GAMES])
def test_every_phase_fits_every_screen(phone: Any, game: str, players: int | None) -> None:
    page = phone
    bad: list[str] = []
    seen = []
    for phase, record in positions(game, players).items():
        reopen(page, game, record)
        if phase == "summary":
            page.wait_for_selector("[data-summary]", state="attached")
        seen.append(phase)
        for size in SIZES:
            bad += measure(page, size, f"{game} {phase}")
        if phase == "play":
            # the player's card ends the trick: it stays on the felt (Instant) until a tap
            page.set_viewport_size({"width": 360, "height": 640})
            page.click("#hand [data-legal]", position=STRIP)
            page.wait_for_selector("html:not([data-busy])", state="attached")
            if page.query_selector("#overlay [data-check]"):  # the play checker asks first
                page.click('#overlay [data-action="check-play"]')
                page.wait_for_selector("html:not([data-busy])", state="attached")
            page.wait_for_function(
                f"() => document.querySelectorAll('#trick .play').length == {record['players']}"
            )
            seen.append("finished trick")
            for size in SIZES:
                bad += measure(page, size, f"{game} finished trick")
    assert {"play", "finished trick", "summary"} <= set(seen), seen
    if game in ("batak", "batak-pairs"):
        assert {"auction", "trump"} <= set(seen), seen
    assert not bad, "\n".join(bad)


def test_the_lobby_fits_and_brings_the_deal_button_to_the_thumb(phone: Any) -> None:
    page = phone
    page.evaluate("q => window.__tt_reset(q)", "?speed=0")
    page.wait_for_selector("#lobby:not([hidden])", state="attached")
    bad: list[str] = []
    for size in SIZES:
        width, height = size
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        got = page.evaluate(MEASURE, [size in TOUCH, True])
        bad += [f"lobby at {width}x{height}: {b}" for b in got["bad"]]
        if page.evaluate("document.documentElement.scrollWidth") > width + 1:
            bad.append(f"lobby at {width}x{height}: the page scrolls sideways")
        page.click('[data-game-choice="kozel-classic"]')
        page.wait_for_timeout(80)
        box = page.evaluate("""() => { const r = document.querySelector('[data-start]')
            .getBoundingClientRect(); return [r.top, r.bottom]; }""")
        if not (box[0] >= 0 and box[1] <= height + 0.5):
            bad.append(
                f"lobby at {width}x{height}: after choosing a game the deal button is "
                f"at {box[0]:.0f}-{box[1]:.0f}"
            )
        page.click('[data-game-choice="batak"]')
    assert not bad, "\n".join(bad)


def test_large_text_never_lies_over_the_hand(phone: Any) -> None:
    """At 200 % text size on a desktop the page may scroll; every card of the hand is reached
    by a tap on its strip once scrolled to."""
    page = phone
    record = positions("batak", None)["auction"]
    reopen(page, "batak", record)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    try:
        page.wait_for_timeout(120)
        bad = page.evaluate("""() => {
          const out = [], cards = [...document.querySelectorAll('#hand .card')];
          cards.forEach((c, i) => {
            c.scrollIntoView({block: 'nearest'});
            const r = c.getBoundingClientRect(), n = cards[i + 1];
            const strip = n && Math.abs(n.getBoundingClientRect().top - r.top) < r.height / 2
              ? n.getBoundingClientRect().left - r.left : r.width;
            const at = document.elementFromPoint(r.left + Math.min(strip, r.width) / 2, r.top + 16);
            if (!at || !(at === c || c.contains(at)))
              out.push(c.dataset.card + ' is covered by ' + (at ? (at.id || at.className) : 'nothing'));
          });
          for (const b of document.querySelectorAll('#panel [data-move]')) {
            b.scrollIntoView({block: 'nearest'});
            const r = b.getBoundingClientRect();
            const at = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
            if (!at || !(at === b || b.contains(at))) out.push('move ' + b.dataset.move + ' is covered');
          }
          return out; }""")
        assert not bad, bad
    finally:
        page.evaluate("document.documentElement.style.fontSize = ''")
        page.evaluate("window.scrollTo(0, 0)")


def test_the_players_own_name_is_plain_text_cut_with_a_word(phone: Any) -> None:
    """A name typed in the lobby with markup, an emoji and 200 characters is kept as plain text,
    cut to 20 characters with a message in the lobby, and shown whole on the player's plate."""
    page = phone
    page.set_viewport_size({"width": 360, "height": 640})
    page.evaluate("q => window.__tt_reset(q)", "?speed=0&level=easy")
    page.wait_for_selector("#lobby:not([hidden]) #opt-name", state="attached")
    typed = "<b>Ayla</b>\U0001f600" + "x" * 200
    page.fill("#opt-name", typed)
    page.dispatch_event("#opt-name", "change")
    page.wait_for_selector("html:not([data-busy])", state="attached")
    try:
        expect = "<b>Ayla</b>\U0001f600xxxxxxxx"
        assert page.input_value("#opt-name") == expect
        msg = page.inner_text("#lobby-msg")
        assert page.is_visible("#lobby-msg") and "20" in msg, msg
        page.click("[data-start]")
        page.wait_for_selector("#table:not([hidden])[data-input]", state="attached")
        plate = page.query_selector('#felt .seat[data-seat="0"] .name')
        assert plate is not None and plate.text_content() == expect
        assert page.query_selector("#felt .seat .name *") is None  # no markup made of it
        assert page.evaluate("n => n.scrollWidth <= n.clientWidth + 1", plate)
        # kept with the settings: a new lobby shows it
        page.evaluate("q => window.__tt_reset(q)", "?speed=0&level=easy")
        page.wait_for_selector("#lobby:not([hidden]) #opt-name", state="attached")
        assert page.input_value("#opt-name") == expect
    finally:
        page.evaluate("q => window.__tt_reset(q)", "?speed=0&level=easy")
        page.wait_for_selector("#lobby:not([hidden]) #opt-name", state="attached")
        page.fill("#opt-name", "")
        page.dispatch_event("#opt-name", "change")
        page.wait_for_selector("html:not([data-busy])", state="attached")
