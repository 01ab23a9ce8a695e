"""Screenshots of the page (PNG) into screens/ (ignored by git; TT_SCREENS=DIR writes elsewhere),
taken with headless Chromium from dist/ served under a sub-path, as GitHub Pages would serve it.
The few the docs show are copied by hand into docs/screens/.

    python3 build.py && python3 scripts/screenshots.py [game ...]
    python3 scripts/screenshots.py embed      # an embedded lesson of dist/learn/
    python3 scripts/screenshots.py languages  # the lobby and a table in Turkish and Russian
    python3 scripts/screenshots.py display    # the four-colour deck with large cards
    python3 scripts/screenshots.py review [ru] # a deal's review and its replay, each family
    python3 scripts/screenshots.py regional   # regional card letters (Russian and Turkish)
    python3 scripts/screenshots.py look       # the lobby and every game mid-trick, 3 sizes
    python3 scripts/screenshots.py puzzles    # the puzzle screen, 4 languages, 2 sizes
    python3 scripts/screenshots.py record     # the record page and a score sheet's chart
    python3 scripts/screenshots.py teach      # a puzzle after a wrong card, a hint (tr, phone)
    python3 scripts/screenshots.py python     # learn/python.html after a run (phone, desktop)
    python3 scripts/screenshots.py friends    # play with friends: the host's set-up sheet with
                                              # two guests (and its QR code, shown on a phone),
                                              # the host's and a guest's tables, a
                                              # guest's last trick, menu and deal summary,
                                              # and inviting without a broker (alone: pairing)

For each game (default: one of each family) at 360x640 and 1280x800: the table mid-trick,
the last trick, the score sheet after the first deal and the hand replay.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
OUT = Path(os.environ.get("TT_SCREENS") or ROOT / "screens")
BASE = "https://tricktable.test/games/trick-table/"
TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".mo": "application/octet-stream",
    ".webmanifest": "application/manifest+json",
}
SIZES = ((360, 640), (1280, 800))
DISPLAY_SIZES = ((360, 640), (390, 844), (640, 360), (1280, 800))
FRIENDS_SIZES = ((360, 640), (640, 360), (1280, 800))  # a phone both ways, a desktop
FAMILIES = ("koz-maca", "kozel-miner", "bidding-kozel")


def handle(route: Any) -> None:
    url = route.request.url
    if not url.startswith(BASE):
        route.abort()
        return
    rel = url[len(BASE) :].split("?")[0].split("#")[0] or "index.html"
    if rel.endswith("/"):
        rel += "index.html"
    p = DIST / rel
    if not p.is_file():
        route.fulfill(status=404, body="not found")
        return
    route.fulfill(
        status=200,
        body=p.read_bytes(),
        headers={"content-type": TYPES.get(p.suffix, "application/octet-stream")},
    )


def step(page: Any) -> None:
    """One move for the player (the computer's choice at the easy level), or a tap."""
    if page.query_selector("#table[data-tap]"):
        box = page.query_selector("#felt").bounding_box()
        page.click("#felt", position={"x": box["width"] / 2, "y": box["height"] / 2})
    elif page.query_selector("#table[data-input]"):
        page.evaluate("window.__tt_think()")


def to_trick_in_progress(page: Any, steps: int) -> None:
    """Moves on (at most `steps` moves or taps) until the player is to play a card to a trick
    that already holds two."""
    for _ in range(steps):
        if (
            page.query_selector("#table[data-input][data-phase=play]")
            and len(page.query_selector_all("#trick .play")) >= 2
        ):
            return
        step(page)
        time.sleep(0.05)


def open_page(b: Any, w: int, h: int, init: str | None = None) -> tuple[Any, Any]:
    """A new browser context of `w` x `h` on dist/ (under the sub-path), with `init` run in
    each page before its own scripts; the context (to close) and its page."""
    ctx = b.new_context(viewport={"width": w, "height": h})
    ctx.route("**/*", handle)
    if init is not None:
        ctx.add_init_script(init)
    return ctx, ctx.new_page()


def to_summary(page: Any) -> None:
    """Moves on (the player by the computer's easy choice, taps on the felt) to the deal's
    summary."""
    for _ in range(2000):
        if page.query_selector("[data-summary]"):
            break
        step(page)
        time.sleep(0.02)


def shoot(page: Any, name: str) -> None:
    time.sleep(0.4)
    page.screenshot(path=str(OUT / f"{name}.png"))
    print("wrote", OUT / f"{name}.png")


def embedded(b: Any) -> None:
    """The sample tutorial's Koz Maça page with its first lesson, at 360 and 900 px wide."""
    for w in (360, 900):
        ctx, page = open_page(b, w, 900)
        page.goto(BASE + "learn/koz-maca.html")
        div = page.query_selector("[data-lesson]")
        div.scroll_into_view_if_needed()
        frame = None
        for _ in range(600):
            frames = [f for f in page.frames if "lesson" in f.url]
            if frames and frames[0].evaluate("!!document.querySelector('#lesson:not([hidden])')"):
                frame = frames[0]
                break
            time.sleep(0.1)
        assert frame is not None, "the lesson did not load"
        page.evaluate("el => el.scrollIntoView({block: 'start'})", div)
        shoot(page, f"embed-lesson-{w}")
        ctx.close()


def languages(b: Any) -> None:
    """The lobby and a table in Turkish and Russian at 360x640."""
    for lang, game in (("tr", "koz-maca"), ("ru", "kozel-miner")):
        ctx, page = open_page(b, 360, 640)
        page.goto(BASE + f"?lang={lang}")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        shoot(page, f"lobby-{lang}-360x640")
        page.goto(BASE + f"?lang={lang}&game={game}&seed=5&speed=0&level=easy")
        page.wait_for_selector("#table:not([hidden])", timeout=120_000)
        to_trick_in_progress(page, 200)
        shoot(page, f"table-{lang}-360x640")
        ctx.close()


def display(b: Any) -> None:
    """The four-colour deck with large cards: a Batak table mid-trick at 360x640, 768x1024 and
    1280x800 (the settings are put in the page's storage, as the lobby's boxes would)."""
    for w, h in DISPLAY_SIZES:
        ctx, page = open_page(
            b,
            w,
            h,
            "localStorage.setItem('trick-table/display', "
            "JSON.stringify({'four-colour': true, 'large-cards': true}))",
        )
        page.goto(BASE + "?game=batak&seed=5&speed=0&level=easy")
        page.wait_for_selector("#table:not([hidden])", timeout=120_000)
        to_trick_in_progress(page, 400)
        shoot(page, f"four-colour-deck-{w}x{h}")
        ctx.close()


def reviews(b: Any, lang: str = "") -> None:
    """A deal's review (after one deal played by the computer's easy choices for the player)
    and the replay with its verdicts, for one game of each family at 360x640 and 1280x800
    (in the page's language `lang`, if given: review-<lang>-…)."""
    for game in FAMILIES:
        for w, h in SIZES:
            ctx, page = open_page(b, w, h)
            page.goto(
                BASE + f"?game={game}&seed=5&speed=0&level=easy" + (f"&lang={lang}" if lang else "")
            )
            page.wait_for_selector("#table:not([hidden])", timeout=120_000)
            to_summary(page)
            page.click('[data-summary] [data-action="review"]')
            page.wait_for_selector("[data-review] [data-perfect]", timeout=120_000)
            tag = f"{lang}-" if lang else ""
            shoot(page, f"review-{tag}{game}-{w}x{h}")
            page.click('[data-review] .sheet-actions [data-action="replay"]')
            page.wait_for_selector("[data-replay][data-reviewed]")
            for _ in range(2):
                page.click('[data-replay] [data-action="replay-next"]')
            shoot(page, f"review-replay-{tag}{game}-{w}x{h}")
            ctx.close()


def regional(b: Any) -> None:
    """Regional card letters, a table mid-trick at 360x640, 768x1024 and 1280x800: Kozel in
    Russian (В Д К Т, the default there) and Batak in Turkish with the four-colour deck
    (V K P A)."""
    for lang, game, settings in (
        ("ru", "kozel-miner", "{}"),
        ("tr", "batak", "{'four-colour': true}"),
    ):
        for w, h in DISPLAY_SIZES:
            ctx, page = open_page(
                b, w, h, f"localStorage.setItem('trick-table/display', JSON.stringify({settings}))"
            )
            page.goto(BASE + f"?lang={lang}&game={game}&seed=5&speed=0&level=easy")
            page.wait_for_selector("#table:not([hidden])", timeout=120_000)
            to_trick_in_progress(page, 400)
            shoot(page, f"regional-{lang}-{w}x{h}")
            ctx.close()


def look(b: Any) -> None:
    """The lobby and each of the six games mid-trick (every other seat has played or the
    player leads), at 360x640, 768x1024 and 1280x800: look-<what>-<size>.png."""
    sys.path.insert(0, str(ROOT))
    import engine

    for w, h in DISPLAY_SIZES:
        ctx, page = open_page(b, w, h)
        page.goto(BASE)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        shoot(page, f"look-lobby-{w}x{h}")
        for game in engine.GAMES:
            page.evaluate("q => window.__tt_reset(q)", f"?game={game}&seed=5&speed=0&level=easy")
            page.wait_for_selector("#table:not([hidden])", timeout=120_000)
            to_trick_in_progress(page, 400)
            shoot(page, f"look-{game}-{w}x{h}")
        ctx.close()


PUZZLE_SHOTS = (
    ("en", "batak/o100001.42"),
    ("tr", "koz-maca/c100002.40"),
    ("ru", "kozel-miner/17"),
    ("pt", "batak-pairs/5"),
)


def puzzle_best(ref: str) -> list[str]:
    """The right cards of puzzle `ref` ("game/id"), from the shipped file."""
    import json

    game, _sep, pid = ref.partition("/")
    data = json.loads((DIST / "puzzles" / f"{game}.json").read_text(encoding="utf-8"))
    return next((list(p["best"]) for p in data["puzzles"] if p["id"] == pid), [])


def puzzles(b: Any) -> None:
    """The puzzle screen in each language at 360x640 and 1280x800: the position, then after a
    wrong card (the refutation played out), and the lobby's way in (English)."""
    for lang, ref in PUZZLE_SHOTS:
        for w, h in SIZES:
            ctx, page = open_page(b, w, h)
            page.goto(BASE + f"?lang={lang}&speed=0&puzzle={ref}")
            page.wait_for_selector("#table[data-puzzle-state=solving][data-input]", timeout=120_000)
            name = f"puzzle-{lang}-{w}x{h}"
            shoot(page, name)
            best = puzzle_best(str(page.get_attribute("#table", "data-puzzle")))
            legal = page.eval_on_selector_all(
                "#hand [data-legal]", "ns => ns.map(n => n.dataset.card)"
            )
            wrong = next((c for c in legal if c not in best), None)
            if wrong:
                page.click(f'#hand [data-card="{wrong}"]')
                page.wait_for_selector(
                    "#table[data-puzzle-state=failed] #lesson .puzzle-controls", timeout=60_000
                )
                shoot(page, f"{name}-failed")
            ctx.close()
    ctx, page = open_page(b, 360, 640)
    page.goto(BASE + "?lang=en")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    page.evaluate("document.querySelector('.puzzles-entry').scrollIntoView()")
    shoot(page, "puzzle-lobby-360x640")
    ctx.close()


def phone(b: Any, w: int = 360, h: int = 640) -> tuple[Any, Any]:
    """A touch phone's context (device scale 2) on dist/, and its page."""
    ctx = b.new_context(
        viewport={"width": w, "height": h}, device_scale_factor=2, has_touch=True, is_mobile=True
    )
    ctx.route("**/*", handle)
    return ctx, ctx.new_page()


def teach(b: Any) -> None:
    """In Turkish on a 360x640 phone: a puzzle after a wrong card (the refutation played out,
    the answer not yet asked for), and a hint at auction Batak's table."""
    ctx, page = phone(b)
    page.goto(BASE + "?lang=tr&speed=0&puzzle=batak/o100001.42")
    page.wait_for_selector("#table[data-puzzle-state=solving][data-input]", timeout=120_000)
    best = puzzle_best(str(page.get_attribute("#table", "data-puzzle")))
    legal = page.eval_on_selector_all("#hand [data-legal]", "ns => ns.map(n => n.dataset.card)")
    wrong = next(c for c in legal if c not in best)
    page.click(f'#hand [data-card="{wrong}"]')
    page.wait_for_selector(
        "#table[data-puzzle-state=failed] #lesson .puzzle-controls", timeout=60_000
    )
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, "puzzle-wrong-tr-360")
    ctx.close()
    ctx, page = phone(b)
    page.goto(BASE + "?lang=tr&game=batak&seed=5&speed=0&level=easy")
    page.wait_for_selector("#table[data-input]", state="attached", timeout=120_000)
    page.click('#bar [data-action="hint"]')
    page.wait_for_selector("[data-hint]", state="attached", timeout=60_000)
    shoot(page, "hint-tr-360")
    ctx.close()


def sample_record() -> str:
    """A record of a few matches of each game, played out by random moves (ui/stats/record.py)."""
    import random

    sys.path.insert(0, str(ROOT))
    import engine
    from ui.stats import record as RC

    rec, rng = RC.Record(), random.Random(31)
    games = ["koz-maca", "batak", "kozel-miner", "bidding-kozel", "batak-pairs"]
    for i in range(16):
        game = games[i % len(games)]
        m = engine.new_match(
            game,
            seed=100 + i,
            options={"rounds": 3}
            if game == "bidding-kozel"
            else {"hands": 5}
            if game in ("koz-maca", "batak")
            else None,
        )
        while not m.is_over:
            m.play(rng.choice(m.deal.legal_moves()))
        RC.add_match(
            rec,
            m,
            ("easy", "normal", "strong")[i % 3],
            f"2026-11-{10 + i:02d}",
            practice=i % 7 == 3,
        )
    return rec.dumps()


PUZZLES = (
    '{"format": 1, "solved": {"batak": ["1", "2", "5"], "kozel-miner": ["3"]}, '
    '"failed": {"batak": ["4"]}, "streak": 2, "best": 4, "daily": {}}'
)


def record_screens(b: Any) -> None:
    """The record page (a sample record, the puzzles' progress) and a finished Koz Maça
    match's score sheet with its chart, at 360x640 and 1280x800; the record page in Turkish,
    Russian and Portuguese at 360x640."""
    init = (
        f"if (!sessionStorage.getItem('shot')) {{ sessionStorage.setItem('shot', '1'); "
        f"localStorage.setItem('trick-table/v1/record', {sample_record()!r}); "
        f"localStorage.setItem('trick-table/v1/puzzles', {PUZZLES!r}); }}"
    )
    for w, h in SIZES:
        ctx, page = open_page(b, w, h, init)
        page.goto(BASE + "?game=koz-maca&hands=5&seed=5&speed=0&level=easy")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        page.wait_for_selector("#table:not([hidden])")
        for _ in range(5):
            to_summary(page)
            nxt = page.query_selector('[data-summary] [data-action="next"]')
            if nxt is None:
                break
            nxt.click()
            page.wait_for_selector("[data-summary]", state="detached")
        page.click('[data-summary] [data-action="score-sheet"]')
        page.wait_for_selector("[data-score-sheet] svg[data-chart]")
        shoot(page, f"record-score-sheet-{w}x{h}")
        page.click('[data-score-sheet] [data-action="close"]')
        page.click('[data-summary] [data-action="continue"]')
        page.click('[data-match-over] [data-action="lobby"]')
        page.wait_for_selector("#lobby:not([hidden])")
        page.click('#lobby [data-action="record"]')
        page.wait_for_selector("[data-record] svg[data-chart]")
        shoot(page, f"record-page-{w}x{h}")
        page.evaluate(
            "document.querySelector('[data-record] [data-record-chart]')"
            ".scrollIntoView({block: 'start'})"
        )
        shoot(page, f"record-page-chart-{w}x{h}")
        page.click('[data-record] [data-action="record-reset"]')
        page.wait_for_selector("[data-record-reset]")
        shoot(page, f"record-reset-{w}x{h}")
        ctx.close()
    for lang in ("tr", "ru", "pt"):  # the record page in each language, on a phone
        ctx, page = open_page(b, 360, 640, init)
        page.goto(BASE + f"?lang={lang}")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        page.click('#lobby [data-action="record"]')
        page.wait_for_selector("[data-record] svg[data-chart]")
        page.mouse.move(0, 0)
        shoot(page, f"record-page-{lang}-360x640")
        ctx.close()


def python_page(b: Any) -> None:
    """The tutorial's Python page after running an example: a phone (360x640, device scale 2,
    touch; the whole page and its first screen) and 1280x800, in English and Turkish."""
    for (w, h), lang, example in (
        ((360, 640), "en", "legal"),
        ((360, 640), "tr", "solve"),
        ((1280, 800), "en", "computer"),
    ):
        phone = w < 600
        ctx = b.new_context(
            viewport={"width": w, "height": h},
            device_scale_factor=2 if phone else 1,
            has_touch=phone,
            is_mobile=phone,
        )
        ctx.route("**/*", handle)
        page = ctx.new_page()
        page.goto(BASE + f"learn/python.html?lang={lang}")
        page.wait_for_function(
            "document.documentElement.dataset.state === 'ready'", timeout=120_000
        )
        page.select_option("[data-action=example]", example)
        page.click("[data-action=run]")
        page.wait_for_function("document.documentElement.dataset.state === 'ready'", timeout=60_000)
        name = f"learn-python-{lang}-{w}x{h}"
        page.evaluate("window.scrollTo(0, 0)")
        shoot(page, name)
        page.locator("[data-output]").scroll_into_view_if_needed()
        shoot(page, name + "-output")
        time.sleep(0.4)
        page.screenshot(path=str(OUT / f"{name}-full.png"), full_page=True)
        print("wrote", OUT / f"{name}-full.png")
        ctx.close()


def friend_move(page: Any) -> None:
    """A guest's move by clicking (bench/page/friends_play.py): pass in the auction when it
    may, else the first legal card or move."""
    sys.path.insert(0, str(ROOT))
    from bench.page import friends_play as FP

    try:  # (a card drawn anew as it is clicked: tried again next time)
        FP.act(FP.OnPage(page), tap=False)
    except PlaywrightError:
        return


def friends(b: Any) -> None:
    """A table of auction Batak with two friends and a computer (a local broker, the site
    served on 127.0.0.1 as the tests serve it): the host's set-up sheet with the invite link
    and both guests arrived, then the host's and a guest's tables mid-trick; each at 360x640
    (a touch phone) and 1280x800."""
    sys.path.insert(0, str(ROOT))
    import json

    from bench import xengine as X
    from bench.page import friends_play as FP
    from bench.page.friends import LocalBroker

    with LocalBroker() as broker:
        site = X.Site(DIST, cache_control="no-cache").start()
        cfg = json.dumps(broker.config())
        try:
            for w, h in FRIENDS_SIZES:
                pages, ctxs = [], []
                for _ in range(3):
                    ctx = b.new_context(
                        viewport={"width": w, "height": h},
                        service_workers="block",
                        **(
                            {"device_scale_factor": 2, "has_touch": True, "is_mobile": True}
                            if min(w, h) < 600
                            else {}
                        ),
                    )
                    ctx.route(
                        "**/friends.json",
                        lambda r: r.fulfill(status=200, content_type="application/json", body=cfg),
                    )
                    ctxs.append(ctx)
                    pages.append(ctx.new_page())
                host, guests = pages[0], pages[1:]
                FP.invite(host, site.base)
                link = str(host.get_attribute("[data-friends-link]", "value"))
                for g in guests:
                    g.goto(link)
                host.wait_for_function(
                    "() => ![...document.querySelectorAll('[data-friends-seat][data-kind=friend]')]"
                    ".some(n => n.textContent.includes('waiting'))",
                    timeout=90_000,
                )
                host.wait_for_selector("[data-friends-qr] svg", state="attached")
                shoot(host, f"friends-setup-{w}x{h}")
                if host.is_visible('[data-action="friends-qr"]'):  # a phone: behind the toggle
                    host.click('[data-action="friends-qr"]')
                    host.wait_for_selector("[data-friends-qr] svg", state="visible")
                    shoot(host, f"friends-setup-qr-{w}x{h}")
                host.click('[data-action="friends-start"]')
                for _ in range(600):  # to a trick with two cards, the first guest to play
                    if (
                        guests[0].query_selector("#table[data-input][data-phase=play]")
                        and len(host.query_selector_all("#trick .play")) >= 2
                    ):
                        break
                    step(host)
                    for g in guests[1:]:
                        friend_move(g)
                    if guests[0].query_selector("#table[data-input]:not([data-phase=play])"):
                        friend_move(guests[0])
                    time.sleep(0.1)
                time.sleep(1)
                shoot(host, f"friends-host-table-{w}x{h}")
                shoot(guests[0], f"friends-guest-table-{w}x{h}")
                guest_sheets(host, guests, w, h)
                for ctx in ctxs:
                    ctx.close()
        finally:
            site.stop()


def friends_pairing(b: Any) -> None:
    """Inviting without a broker (friends.json names a broker no one can reach): the host's
    set-up sheet with seat 1's link and its answer field, and the guest's page with its answer
    code to send back; each at 360x640 (a touch phone) and 1280x800."""
    sys.path.insert(0, str(ROOT))
    import json
    import socket

    from bench import xengine as X
    from bench.page import friends_play as FP

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    broker = {"host": "127.0.0.1", "port": port, "path": "/tt", "secure": False}
    cfg = json.dumps({"broker": broker, "iceServers": []})
    site = X.Site(DIST, cache_control="no-cache").start()
    try:
        for w, h in FRIENDS_SIZES:
            ctxs = []
            for _ in range(2):
                phone = {"device_scale_factor": 2, "has_touch": True, "is_mobile": True}
                ctx = b.new_context(
                    viewport={"width": w, "height": h},
                    service_workers="block",
                    **(phone if min(w, h) < 600 else {}),
                )
                ctx.route(
                    "**/friends.json",
                    lambda r: r.fulfill(status=200, content_type="application/json", body=cfg),
                )
                ctxs.append(ctx)
            host, guest = (c.new_page() for c in ctxs)
            FP.invite(host, site.base, friends=(1,))
            host.click('[data-action="friends-pair"][data-seat="1"]')
            link = str(host.get_attribute('[data-friends-pair-link="1"]', "value"))
            guest.goto(link)
            guest.wait_for_selector("[data-friends-answer-code]", timeout=120_000)
            host.bring_to_front()
            host.fill(
                '[data-friends-pair-answer="1"]', guest.input_value("[data-friends-answer-code]")
            )
            shoot(host, f"friends-pair-setup-{w}x{h}")
            shoot(guest, f"friends-pair-answer-{w}x{h}")
            host.click('[data-action="friends-pair-answer"][data-seat="1"]')
            host.wait_for_selector('[data-friends-pair="1"] [role="status"]')
            host.wait_for_function(
                "() => !document.querySelector('[data-friends-seat=\"1\"]')"
                ".textContent.includes('waiting')"
            )
            shoot(host, f"friends-pair-connected-{w}x{h}")
            for ctx in ctxs:
                ctx.close()
    finally:
        site.stop()


def guest_sheets(host: Any, guests: list[Any], w: int, h: int) -> None:
    """A guest's "Last trick" and its menu (on a phone), then the deal played out to the
    guest's summary of it."""
    g = guests[0]
    for _ in range(600):  # to a trick taken
        if g.query_selector('#bar [data-action="friends-last-trick"]:not([disabled])'):
            break
        step(host)
        for other in guests:
            friend_move(other)
        time.sleep(0.05)
    g.click('#bar [data-action="friends-last-trick"]')
    shoot(g, f"friends-guest-last-trick-{w}x{h}")
    g.click('#overlay [data-action="close"]')
    if g.query_selector('#bar [data-action="menu"]:visible'):
        g.click('#bar [data-action="menu"]')
        shoot(g, f"friends-guest-menu-{w}x{h}")
        g.click('#bar [data-action="menu"]')
    for _ in range(2000):  # to the deal's summary on the guest's page
        if g.query_selector("#overlay [data-summary]"):
            break
        step(host)
        for other in guests:
            friend_move(other)
        time.sleep(0.02)
    shoot(g, f"friends-guest-summary-{w}x{h}")
    host.wait_for_selector("#overlay [data-summary]")  # (the host's, without Review)
    shoot(host, f"friends-host-summary-{w}x{h}")
    host.click('#overlay [data-action="close"]')
    host.keyboard.press("?")  # (the keys, without H and U)
    host.wait_for_selector("#overlay [data-keys]")
    shoot(host, f"friends-host-keys-{w}x{h}")


def main(games: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        b = pw.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        if games == ["embed"]:
            embedded(b)
            games = []
        if games == ["languages"]:
            languages(b)
            games = []
        if games == ["display"]:
            display(b)
            games = []
        if games and games[0] == "review":  # review [lang]
            reviews(b, *games[1:2])
            games = []
        if games == ["look"]:
            look(b)
            games = []
        if games == ["puzzles"]:
            puzzles(b)
            games = []
        if games == ["regional"]:
            regional(b)
            games = []
        if games == ["teach"]:
            teach(b)
            games = []
        if games == ["record"]:
            record_screens(b)
            games = []
        if games == ["python"]:
            python_page(b)
            games = []
        if games == ["friends"]:
            friends(b)
            friends_pairing(b)
            games = []
        if games == ["pairing"]:
            friends_pairing(b)
            games = []
        for game in games:
            for w, h in SIZES:
                ctx, page = open_page(b, w, h)
                page.goto(BASE + f"?game={game}&seed=5&speed=0&level=easy")
                page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
                page.wait_for_selector("#table:not([hidden])")
                for _ in range(400):  # until others have played to a trick in progress
                    if page.query_selector("[data-summary]"):
                        break
                    if (
                        page.query_selector("#table[data-input][data-phase=play]")
                        and len(page.query_selector_all("#trick .play")) >= 2
                        and not page.query_selector("#trick .play.won")
                        and page.query_selector('#bar [data-action="last-trick"]:not([disabled])')
                    ):
                        break
                    step(page)
                    time.sleep(0.05)
                shoot(page, f"{game}-table-{w}x{h}")
                page.click('#bar [data-action="last-trick"]')
                shoot(page, f"{game}-last-trick-{w}x{h}")
                page.click('[data-last-trick] [data-action="close"]')
                to_summary(page)
                page.click('[data-summary] [data-action="score-sheet"]')
                shoot(page, f"{game}-score-sheet-{w}x{h}")
                page.click('[data-score-sheet] [data-action="replay"]')
                for _ in range(3):
                    page.click('[data-replay] [data-action="replay-next"]')
                shoot(page, f"{game}-replay-{w}x{h}")
                ctx.close()
        b.close()
    if shutil.which("pngquant"):  # a quarter of the size, no visible change
        subprocess.run(
            [
                "pngquant",
                "--quality",
                "70-95",
                "--skip-if-larger",
                "--force",
                "--ext",
                ".png",
                *map(str, OUT.glob("*.png")),
            ],
            check=False,
        )


if __name__ == "__main__":
    main(sys.argv[1:] or list(FAMILIES))
