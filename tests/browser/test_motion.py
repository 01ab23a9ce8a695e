"""Motion and sound at the table: a played card comes from its seat, a finished trick slides to
the winner whose seat pulses, a new deal is dealt in, each within 300 ms, none of it at Instant
or under reduced motion; sound effects follow play, the switch is remembered, embeds start
silent, and a browser without audio plays on."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import BASE, DIST, App, Site

pytestmark = pytest.mark.e2e

SOUND = '#bar [data-action="sound"]'


def seconds(css: str) -> float:
    """A CSS time list's longest entry ("0.22s", "180ms, 0.1s") in seconds."""
    out = 0.0
    for part in css.split(","):
        p = part.strip()
        out = max(out, float(p[:-2]) / 1000 if p.endswith("ms") else float(p.rstrip("s") or 0))
    return out


def goto(app: App, query: str) -> None:
    """The page as at this address (the app's own reset: no reload)."""
    app.page.set_viewport_size({"width": 1280, "height": 800})
    app.page.evaluate("q => window.__tt_reset(q)", query)


def test_cards_fly_from_their_seat_and_the_trick_goes_to_the_winner(app: App) -> None:
    page = app.page
    goto(app, "?game=koz-maca&seed=2&speed=1&level=easy")  # Fast: the player leads
    page.wait_for_selector("#table:not([hidden])")
    # The deal is dealt in: the table is marked for it, and the last card lands by 300 ms.
    assert page.get_attribute("#table", "data-dealing") == "1"
    timing = page.evaluate("""() => { const c = document.querySelector('#hand .card:last-child');
        const s = getComputedStyle(c); return [s.animationName, s.animationDuration,
        s.animationDelay]; }""")
    assert timing[0] == "deal-in" and seconds(timing[1]) + seconds(timing[2]) <= 0.3
    assert app.wait_turn() == "input"
    # Each card that comes to the trick starts at its seat: the start offset points from the
    # card's place towards the seat that played it.
    seen: dict[str, Any] = {}
    page.expose_function(
        "__tt_test_fly",
        lambda seat, fx, fy, dur: seen.setdefault(str(seat), (float(fx), float(fy), dur)),
    )
    page.evaluate("""() => new MutationObserver(() => {
        const p = document.querySelector('#trick .play.fresh');
        if (!p) return;
        const s = getComputedStyle(p);
        window.__tt_test_fly(p.dataset.playSeat, parseFloat(p.style.getPropertyValue('--fx')),
                             parseFloat(p.style.getPropertyValue('--fy')), s.animationDuration);
    }).observe(document.getElementById('trick'), {childList: true})""")
    pulses: list[str] = []
    page.expose_function("__tt_test_pulse", lambda seat, sx: pulses.append(f"{seat}:{sx}"))
    page.evaluate("""() => new MutationObserver(() => {
        const t = document.getElementById('trick');
        const s = document.querySelector('#seats .seat.pulse');
        if (t.classList.contains('sweep') && s)
            window.__tt_test_pulse(s.dataset.seat, t.style.getPropertyValue('--sx'));
    }).observe(document.getElementById('trick'), {attributes: true})""")
    for _ in range(3):  # three tricks: every seat has played
        assert app.wait_turn() == "input"
        app.act()
    page.wait_for_function("() => document.querySelectorAll('#trick .play').length >= 1")
    assert {"1", "2", "3"} <= set(seen), seen
    for seat, (fx, fy, dur) in seen.items():
        assert seconds(dur) <= 0.3
        box = page.evaluate(
            """s => { const n = s === '0' ? document.querySelector('#hand')
            : document.querySelector(`#seats .seat[data-seat="${s}"] .plate`);
            const r = n.getBoundingClientRect(); const t = document.getElementById('trick')
            .getBoundingClientRect(); return [r.left + r.width / 2 - (t.left + t.width / 2),
            r.top + r.height / 2 - (t.top + t.height / 2)]; }""",
            seat,
        )
        # The start offset leans the seat's way (left, right, up, down) from the trick.
        if abs(box[0]) > abs(box[1]):
            assert fx * box[0] > 0, (seat, fx, box)
        else:
            assert fy * box[1] > 0, (seat, fy, box)
    assert pulses, "no trick slid to a pulsing winner's seat"


def test_the_card_faces_are_read_ahead(app: App) -> None:
    """Every card face of the page's deck is read once the page is calm (ui/faces.js), so no
    trick waits for one; none fails."""
    css = (DIST / "assets" / "style.css").read_text(encoding="utf-8")
    faces = set(re.findall(r"^\.card\.(f-\w+) \{ background-image: url\(", css, re.MULTILINE))
    assert len(faces) == 52
    page = app.page
    goto(app, "?speed=0")  # the lobby: calm
    page.wait_for_function(
        """() => { const f = window.__tt_faces();
        return f.total > 0 && f.loaded + f.failed === f.total; }""",
        timeout=30_000,
    )
    got = page.evaluate("window.__tt_faces()")
    assert got == {"total": len(faces), "loaded": len(faces), "failed": 0}, got


def test_no_motion_at_instant_or_under_reduced_motion(app: App) -> None:
    page = app.page
    goto(app, "?game=koz-maca&seed=2&speed=0&level=easy")
    page.wait_for_selector("#table:not([hidden])")
    assert page.get_attribute("#table", "data-dealing") is None
    assert app.wait_turn() == "input"
    app.act()
    assert page.query_selector("#trick .play.fresh") is None
    try:
        page.emulate_media(reduced_motion="reduce")
        goto(app, "?game=koz-maca&seed=2&speed=1&level=easy")
        page.wait_for_selector("#table:not([hidden])")
        assert page.get_attribute("#table", "data-dealing") is None
        assert app.wait_turn() == "input"
        app.act()
        page.wait_for_timeout(100)
        assert page.query_selector("#trick .play.fresh") is None
    finally:
        page.emulate_media(reduced_motion="no-preference")


def test_sound_follows_play_and_the_switch_is_remembered(app: App) -> None:
    page = app.page
    page.evaluate("localStorage.removeItem('trick-table/sound')")
    try:
        goto(app, "?game=koz-maca&seed=2&speed=0&level=easy")
        assert app.wait_turn() == "input"
        assert page.evaluate("window.__tt_sound_on()") is True  # on by default in the page
        assert page.get_attribute(SOUND, "aria-pressed") == "true"
        # the log keeps the last 200 (ui/sound.js): emptied, not counted from its length,
        # which stays 200 on a page that has played a lot already
        page.evaluate("window.__tt_sounds.length = 0")
        app.act()
        assert app.wait_turn() == "input"
        kinds = page.evaluate("window.__tt_sounds.slice()")
        assert "card" in kinds and "trick" in kinds and "turn" in kinds, kinds
        page.click(SOUND)
        page.wait_for_selector(f'{SOUND}[aria-pressed="false"]')
        assert page.evaluate("localStorage.getItem('trick-table/sound')") == "off"
        page.evaluate("window.__tt_sounds.length = 0")
        app.act()
        assert app.wait_turn() == "input"
        assert page.evaluate("window.__tt_sounds.length") == 0  # silent now
        page.keyboard.press("m")  # M turns it back on
        page.wait_for_selector(f'{SOUND}[aria-pressed="true"]')
        page.keyboard.press("m")
        page.wait_for_selector(f'{SOUND}[aria-pressed="false"]')
        page.reload()
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        assert page.evaluate("window.__tt_sound_on()") is False  # remembered
    finally:
        page.evaluate("localStorage.removeItem('trick-table/sound')")


def test_embeds_start_silent_and_no_audio_plays_on(browser: Any, site: Site) -> None:
    """An embed starts with sound off; a browser with no Web Audio at all plays on."""
    ctx = browser.new_context(viewport={"width": 800, "height": 700}, service_workers="block")
    ctx.route("**/*", site.handle)
    ctx.add_init_script("delete window.AudioContext; delete window.webkitAudioContext;")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(BASE + "?embed=1&game=koz-maca&seed=2&speed=0")
        page.wait_for_selector("#table[data-input]", state="attached", timeout=120_000)
        assert page.evaluate("window.__tt_sound_on()") is False
        page.click(SOUND)  # on, in a browser that has no audio
        page.wait_for_selector(f'{SOUND}[aria-pressed="true"]')
        before = page.get_attribute("#table", "data-seq")
        page.click("#hand [data-card][data-legal]")
        page.wait_for_function(
            "s => document.getElementById('table').dataset.seq !== s", arg=before
        )
        assert page.evaluate("window.__tt_sound('card')") is False  # asked, nothing to play
        assert not errors, errors
    finally:
        ctx.close()


def test_audio_starts_at_a_calm_moment_never_mid_trick(browser: Any, site: Site) -> None:
    """Making the audio context holds the page up (over 100 ms here), so after the page's
    first tap it is made only where nothing moves and no trick is being played: in the lobby
    at once, at the table not before the deal's summary."""
    for query, at_table in (("?speed=0", False), ("?game=koz-maca&seed=2&speed=0", True)):
        ctx = browser.new_context(viewport={"width": 800, "height": 700}, service_workers="block")
        ctx.route("**/*", site.handle)
        page = ctx.new_page()
        try:
            page.goto(BASE + query)
            page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
            assert page.evaluate("window.__tt_sound('card')") is False  # not used yet
            if at_table:
                page.wait_for_selector("#table[data-input]", state="attached")
                page.click("#hand [data-card][data-legal]")
            else:
                page.click('[data-game-choice="batak"]')
            page.wait_for_timeout(1500)
            assert page.evaluate("window.__tt_sound('card')") is (not at_table)
        finally:
            ctx.close()


def test_the_felt_keeps_its_size_between_the_players_turns(app: App) -> None:
    """Bidding Kozel's "Play selected" shows on the player's turns only: its place stays (empty)
    through the play, so the felt keeps its size. A felt that grows and shrinks lays out and
    draws the whole table again, twice a trick."""
    page = app.page
    for seed in range(8, 30):  # a deal whose first turn of the play offers a set of three
        goto(app, f"?game=bidding-kozel&seed={seed}&speed=0&level=easy")
        page.wait_for_selector("#table:not([hidden])")
        for _ in range(60):  # through the auction to the player's first turn of the play
            assert app.wait_turn() == "input"
            if page.get_attribute("#table", "data-phase") == "play":
                break
            app.act()
        assert page.get_attribute("#table", "data-phase") == "play"
        # (where every play open is a single card, one tap plays it: no panel to keep)
        if page.query_selector('#panel:not([hidden]) [data-move="confirm"]') is not None:
            break
    else:
        pytest.fail("no deal offered a set of three at the player's first turn of the play")
    page.evaluate("""() => { window.__tt_test_felt = [];
        new ResizeObserver(es => { for (const e of es) window.__tt_test_felt.push([
            Math.round(e.contentRect.height), document.getElementById('table').dataset.phase,
            !!document.querySelector('[data-summary]')]); })
        .observe(document.getElementById('felt')); }""")
    idle = []
    for _ in range(40):
        if app.wait_turn() == "summary":
            break
        app.act()
        idle.append(
            page.evaluate("""() => { const p = document.getElementById('panel');
            const t = document.getElementById('table').dataset;
            return t.input || t.phase !== 'play' ? null
                : [p.hidden, p.hasAttribute('data-idle'), p.querySelectorAll('button').length]; }""")
        )
    sizes = page.evaluate("window.__tt_test_felt")
    in_play = {h for h, phase, summary in sizes if phase == "play" and not summary}
    assert len(in_play) == 1, f"the felt changed size during the play: {sizes}"
    # between the player's turns the panel is there, empty, with no control to press
    seen = [s for s in idle if s is not None]
    assert seen, "no computer's turn was seen after a move of the player's"
    assert all(s == [False, True, 0] for s in seen), seen


def test_no_endless_motion(app: App) -> None:
    """Nothing loops for ever (a looping animation keeps the compositor drawing every frame, a
    core's worth where it runs on the CPU): the splash's cards move in a few steps a second and
    a few times only, not at all once the page is ready or under reduced motion."""
    css = (DIST / "assets" / "style.css").read_text(encoding="utf-8")
    assert "infinite" not in css
    page = app.page
    style = """() => { const s = getComputedStyle(document.querySelector('.splash-cards span'));
        return [s.animationName, s.animationIterationCount, s.animationTimingFunction]; }"""
    assert page.evaluate(style)[0] == "none"  # the page is ready
    page.evaluate("document.documentElement.removeAttribute('data-ready')")
    try:
        name, count, timing = page.evaluate(style)
        assert name == "fan" and float(count) <= 5 and timing.startswith("steps(")
        page.emulate_media(reduced_motion="reduce")
        assert page.evaluate(style)[0] == "none"
    finally:
        page.emulate_media(reduced_motion="no-preference")
        page.evaluate("document.documentElement.dataset.ready = '1'")
