"""Accessibility audits with axe-core (npm, pinned in tools/a11y): no serious or critical
violation on the lobby, a table of each game mid-deal, and each panel and dialog, at 360 px and
1280 px wide, in every language the page offers.

axe-core is installed once from tools/a11y's lockfile into .cache/ and injected into the page
by the test (the page itself never loads it). `python3 -m tests.browser.test_a11y` prints every
violation by impact instead of failing (the audit's figures).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import engine
from ui.common.i18n import LANGS

from .conftest import ROOT, App

TOOLS = ROOT / "tools" / "a11y"
SIZES = ((360, 640), (1280, 800))
# WCAG 2.0-2.2 A and AA rules and axe's best practices.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
BLOCKING = ("serious", "critical")


def axe_source() -> str:
    """axe.min.js from the pinned package, installed with `npm ci` once per lockfile (by
    the site builder's npm_tools, as the build installs workbox-build)."""
    from sitebuild.npm import npm_tools

    try:
        dest = npm_tools(TOOLS, "a11y", "axe-core")
    except SystemExit as exc:
        pytest.fail(f"the accessibility audit cannot install axe-core: {exc}")
    return (dest / "node_modules" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")


def settle(page: Any) -> None:
    """Until no animation or transition runs (a card in flight, a sheet sliding in), at most
    1.5 s: what axe then reads is what a person sees at rest."""
    try:
        page.wait_for_function(
            "document.getAnimations().every(a => a.playState !== 'running')",
            polling="raf",
            timeout=1500,
        )
    except Exception as exc:  # something still moves: audit it as it stands
        if "Timeout" not in type(exc).__name__:
            raise


def audit(page: Any, axe: str, where: str) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now, each with `where`."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe)
    settle(page)  # the card in flight lands (axe reads colours as drawn)
    found = page.evaluate(
        """async tags => {
        const r = await axe.run(document, { runOnly: { type: 'tag', values: tags },
                                           resultTypes: ['violations'] });
        return r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.length,
            targets: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' :: '
                                             + (n.failureSummary || '').slice(0, 160)) }));
    }""",
        TAGS,
    )
    return [{**v, "where": where} for v in found]


def screens(app: App, axe: str, lang: str) -> list[dict[str, Any]]:
    """Every screen of the page in `lang`, audited at both sizes."""
    page = app.page
    out: list[dict[str, Any]] = []

    def both(where: str) -> None:
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            out.extend(audit(page, axe, f"{lang} {where} {w}px"))
        page.set_viewport_size({"width": 1280, "height": 800})

    app.reset()
    page.select_option("#lobby [data-lang]", lang)
    page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
    both("lobby")
    page.evaluate("t => localStorage.setItem('trick-table/v1/record', t)", a_record())
    page.evaluate("window.__tt_reopen('')")
    page.click('#lobby [data-action="record"]')
    page.wait_for_selector("[data-record] svg[data-chart]")
    both("record sheet")
    page.keyboard.press("Escape")
    for game in engine.GAMES:
        app.reset()
        app.start(game, 11)
        if app.wait_turn() == "input":
            if game == "batak" and page.query_selector("#panel:not([hidden]) [data-move]"):
                both("bidding panel")
            app.act()  # a move of the player's own, then the next turn: mid-deal
        if app.wait_turn() != "input":
            continue
        both(f"{game} table")
        if game == engine.GAMES[0]:
            page.click('#bar [data-action="rules"]')
            page.wait_for_selector("#overlay:not([hidden])")
            both("rules sheet")
            page.keyboard.press("Escape")
            page.keyboard.press("Shift+Slash")  # "?": the keyboard's shortcuts
            page.wait_for_selector("[data-keys]")
            both("shortcuts")
            page.keyboard.press("Escape")
        if page.query_selector('#bar [data-action="last-trick"]:not([disabled])'):
            page.click('#bar [data-action="last-trick"]')
            page.wait_for_selector("#overlay:not([hidden])")
            both(f"{game} last trick")
            page.keyboard.press("Escape")
    app.reset()
    app.start("koz-maca", 12)
    app.play_deal()
    both("deal summary")
    page.click('[data-summary] [data-action="score-sheet"]')
    page.wait_for_selector("#overlay:not([hidden])")
    both("score sheet")
    if page.query_selector('[data-score-sheet] [data-action="replay"]'):
        page.click('[data-score-sheet] [data-action="replay"]')
        page.wait_for_selector("[data-replay]")
        both("replay")
    page.keyboard.press("Escape")
    app.reset()
    app.start("batak", 3)
    page.click('#bar [data-action="lobby"]')  # the match kept: a new one asks first
    page.wait_for_selector("#lobby:not([hidden])")
    page.click("#setup [data-start]")
    if page.wait_for_selector('[data-action="leave-confirm"]'):
        both("leave dialog")
    return out


def a_record() -> str:
    """A stored record of one finished match (ui/stats/record.py), for the record sheet."""
    import random

    from ui.stats import record as RC

    m = engine.new_match("bidding-kozel", seed=2, options={"rounds": 2})
    rng = random.Random(2)
    while not m.is_over:
        m.play(rng.choice(m.deal.legal_moves()))
    rec = RC.Record()
    RC.add_match(rec, m, "easy", "2026-12-02", False)
    return rec.dumps()


def summarise(found: list[dict[str, Any]]) -> str:
    by_impact = Counter(str(v["impact"]) for v in found)
    lines = [", ".join(f"{k}: {n}" for k, n in sorted(by_impact.items())) or "none"]
    seen: set[tuple[str, str]] = set()
    for v in found:
        key = (v["id"], v["where"].split(" ", 1)[1])
        if key in seen:
            continue
        seen.add(key)
        lines.append(
            f"  [{v['impact']}] {v['id']} ({v['nodes']}) at {v['where']}: "
            f"{v['help']}; {v['targets'][:2]}"
        )
    return "\n".join(lines)


@pytest.fixture
def english_after(app: App) -> Iterator[None]:
    yield
    app.reset()
    app.page.select_option("#lobby [data-lang]", "en")
    app.page.wait_for_function("document.documentElement.lang === 'en'")


@pytest.mark.parametrize("lang", list(LANGS))
def test_no_serious_or_critical_violations(app: App, english_after: None, lang: str) -> None:
    axe = axe_source()
    found = screens(app, axe, lang)
    blocking = [v for v in found if v["impact"] in BLOCKING]
    assert not blocking, summarise(blocking)


def main() -> None:
    """Prints every violation by impact on every screen, in every language."""
    from playwright.sync_api import sync_playwright

    from .conftest import BASE, CHROMIUM_ARGS, Site, chromium_path

    axe = axe_source()
    site = Site()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        ctx = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
        ctx.route("**/*", site.handle)
        page = ctx.new_page()
        page.goto(BASE + "?speed=0&level=easy")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        app = App(page)
        every: list[dict[str, Any]] = []
        for lang in LANGS:
            every += screens(app, axe, lang)
        browser.close()
    print(summarise(every))
    print(json.dumps(Counter(str(v["impact"]) for v in every)))


if __name__ == "__main__":
    main()


def test_four_colour_deck_large_cards_and_zoom(app: App) -> None:
    """The lobby's display settings: the four-colour deck (♦ blue, ♣ green) and large cards,
    remembered over a reload (applied before Python runs); at 200 % zoom of a 1280 px window
    (640 CSS px) neither the lobby nor a table scrolls sideways."""
    page = app.page
    try:
        page.check('[data-setting="four-colour"]')
        page.check('[data-setting="large-cards"]')
        page.reload()
        assert page.evaluate("document.documentElement.dataset.deck") == "four"
        assert page.evaluate("document.documentElement.dataset.cards") == "large"
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        assert page.is_checked('[data-setting="four-colour"]')
        page.evaluate("q => window.__tt_reset(q)", "?game=batak&seed=5&speed=0&level=easy")
        assert App(page).wait_turn() == "input"
        colours = page.evaluate("""() => Object.fromEntries(['S', 'H', 'D', 'C'].map(s => {
            const c = document.querySelector('.card.s-' + s);
            return [s, c ? getComputedStyle(c).color : null]; }))""")
        want = {"D": "rgb(26, 86, 176)", "C": "rgb(22, 113, 58)"}
        for suit, rgb in want.items():
            assert colours[suit] in (None, rgb), colours
        assert any(colours[s] for s in want), colours  # a diamond or a club was drawn
        large = page.evaluate("document.querySelector('#hand .card').getBoundingClientRect().width")
        page.evaluate("document.documentElement.removeAttribute('data-cards')")
        normal = page.evaluate(
            "document.querySelector('#hand .card').getBoundingClientRect().width"
        )
        assert large > normal * 1.15, (large, normal)
        page.evaluate("document.documentElement.setAttribute('data-cards', 'large')")
        for where in ("table", "lobby"):
            if where == "lobby":
                app.reset()
            page.set_viewport_size({"width": 640, "height": 400})
            page.wait_for_timeout(300)
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= 640, f"{where} scrolls sideways at 200 % zoom: {wide} px"
            page.set_viewport_size({"width": 1280, "height": 800})
    finally:
        app.reset()
        page.uncheck('[data-setting="four-colour"]')
        page.uncheck('[data-setting="large-cards"]')


def test_card_faces_and_regional_letters(app: App) -> None:
    """Each card shows its face's picture (a background image: the four-colour deck's own
    file for ♦ and ♣) under indices of at least 14 px. The court cards and aces are lettered
    В Д К Т in a game of Russian home on a Russian page, by default; the lobby's box turns the
    letters off, and on in English too; a card's accessible name stays as it is."""
    page = app.page
    letters = """() => Object.fromEntries([...document.querySelectorAll('#hand .card b[data-r]')]
        .map(b => { const c = getComputedStyle(b, '::before').content;
            return [b.dataset.r, c.startsWith('attr(') ? b.dataset.r : c.replaceAll('"', '')]; }))"""
    try:
        page.select_option("#lobby [data-lang]", "ru")
        page.wait_for_function("document.documentElement.lang === 'ru'")
        page.click('[data-game-choice="kozel-miner"]')
        assert page.is_checked('[data-setting="regional-ranks"]')  # the default in Russian
        app.start("kozel-miner", 5)
        assert app.wait_turn() == "input"
        shown = page.evaluate(letters)
        russian = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}
        assert any(r in shown for r in russian), shown
        for r, letter in shown.items():
            assert letter == russian.get(r, r), shown
        label = page.get_attribute("#hand .card", "aria-label") or ""
        assert label and not label.startswith(("В ", "Д ", "Т ")), label
        faces = page.evaluate("""() => [...document.querySelectorAll('#hand .card')].map(c => [
            c.getAttribute('data-card'), getComputedStyle(c).backgroundImage,
            parseFloat(getComputedStyle(c.querySelector('.idx')).fontSize)])""")
        for card, image, size in faces:
            assert image.endswith(f'/assets/cards/faces/{card}.svg")'), (card, image)
            assert size >= 14, (card, size)
        # the box off: Latin letters
        app.reset()
        page.uncheck('[data-setting="regional-ranks"]')
        app.start("kozel-miner", 5)
        assert app.wait_turn() == "input"
        assert all(v == r for r, v in page.evaluate(letters).items())
        # on, in English: every game in its home's letters
        app.reset()
        page.select_option("#lobby [data-lang]", "en")
        page.wait_for_function("document.documentElement.lang === 'en'")
        page.check('[data-setting="regional-ranks"]')
        page.check('[data-setting="four-colour"]')
        app.start("batak", 5)
        assert app.wait_turn() == "input"
        turkish = {"J": "V", "Q": "K", "K": "P", "A": "A"}
        for r, letter in page.evaluate(letters).items():
            assert letter == turkish.get(r, r)
        image = page.evaluate("""() => { const c = document.querySelector('#hand .card.s-D, #hand .card.s-C');
            return c ? [c.getAttribute('data-card'), getComputedStyle(c).backgroundImage] : null; }""")
        if image:
            assert image[1].endswith(f'/assets/cards/faces/four/{image[0]}.svg")'), image
    finally:
        app.reset()
        page.select_option("#lobby [data-lang]", "en")
        page.uncheck('[data-setting="four-colour"]')
        page.evaluate("""() => { const s = JSON.parse(localStorage.getItem('trick-table/display') || '{}');
            delete s['regional-ranks']; localStorage.setItem('trick-table/display', JSON.stringify(s)); }""")
        page.reload()
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
