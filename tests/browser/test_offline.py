"""Offline and installable: after one visit the page loads and plays with the network off (the
service worker that build.py generates precaches every file of dist/); a rebuilt site with a
changed file is fetched in the background and offered ("A new version is ready") without
interrupting the match, which survives the update (and drops an older version's snapshot). The
browser makes the memory snapshot after the first visit and a repeat visit starts from it; a
first visit requests each file once.

Service workers need a real secure origin: these tests serve a copy of dist/ from a local HTTP
server (127.0.0.1 is a secure context) under a sub-path, as GitHub Pages would, in a browser
context of their own.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import DIST

pytestmark = pytest.mark.e2e

SUB = "/trick-table/"


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,  # noqa: RUF012
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
    }

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith(SUB):
            return str(Path(self.directory) / "__outside__")
        return super().translate_path("/" + path[len(SUB) :])

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    root = tmp_path_factory.mktemp("site") / "dist"
    shutil.copytree(DIST, root)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(root))
    )
    t = threading.Thread(target=server.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{server.server_address[1]}{SUB}", root
    server.shutdown()


def wait_ready(page: Any) -> None:
    """Until the page's Python has started (html[data-ready])."""
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)


@contextlib.contextmanager
def first_visit(browser: Any, base: str) -> Iterator[Any]:
    """A browser context of its own (service workers allowed), at its first visit of the site
    with the page ready; closed afterwards."""
    ctx = browser.new_context(viewport={"width": 1000, "height": 800}, service_workers="allow")
    try:
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        page.goto(base)
        wait_ready(page)
        yield page
    finally:
        ctx.close()


def wait_controlled(page: Any) -> None:
    """Until the service worker has installed (every file precached) and is active."""
    page.wait_for_function(
        """async () => {
        const reg = await navigator.serviceWorker.ready;
        return !!(reg && reg.active);
    }""",
        timeout=120_000,
    )


def wait_snapshot_made(page: Any) -> dict[str, Any]:
    """What the page's making of the snapshot gave (ui/snapshot.js), once it has."""
    page.wait_for_function(
        "window.__tt_snapshot_made && window.__tt_snapshot_made()", timeout=180_000, polling=250
    )
    return dict(page.evaluate("window.__tt_snapshot_made()"))


def play_a_card(page: Any) -> str:
    page.click('[data-game-choice="koz-maca"]')
    page.fill("#opt-seed", "4")
    page.select_option("[data-speed]", "0")
    page.select_option("[data-level]", "easy")
    page.click("[data-start]")
    return play_one(page)


def play_one(page: Any) -> str:
    """Plays a legal card of the hand at the table, once the player may."""
    page.wait_for_selector("#table[data-input]", state="attached", timeout=60_000)
    before = page.get_attribute("#table", "data-seq")
    card = page.query_selector("#hand [data-card][data-legal]")
    move = str(card.get_attribute("data-card"))
    card.click()
    page.wait_for_function("s => document.getElementById('table').dataset.seq !== s", arg=before)
    return move


def test_offline_after_one_visit_and_an_update_is_offered(
    browser: Any, served: tuple[str, Path]
) -> None:
    base, root = served
    with first_visit(browser, base) as page:
        wait_controlled(page)
        manifest = json.loads((root / "manifest.webmanifest").read_text(encoding="utf-8"))
        assert manifest["start_url"] == "./" and manifest["scope"] == "./"
        assert manifest["display"] == "standalone"

        # Offline: the page loads from the service worker and a card can be played.
        page.context.set_offline(True)
        page.reload()
        wait_ready(page)
        assert page.evaluate("!!navigator.serviceWorker.controller")
        move = play_a_card(page)
        saved = json.loads(page.evaluate("window.__tt_save()"))
        assert saved["record"]["deals"][0]["moves"][:1] != [] and move

        # A rebuilt site with a changed file: offered in the background, taken on "Reload".
        page.context.set_offline(False)
        css = root / "assets" / "style.css"
        css.write_text(css.read_text(encoding="utf-8") + "\n/* new version */\n", encoding="utf-8")
        from sitebuild.offline import service_worker

        service_worker(root)
        page.evaluate("window.__tt_sw && window.__tt_sw.update()")
        page.wait_for_selector("#update:not([hidden])", timeout=120_000)
        assert page.is_visible("#table")  # the match goes on, undisturbed
        record = json.loads(page.evaluate("window.__tt_record()"))
        # An older version's snapshot, kept in the browser's snapshot cache: dropped when the
        # new version takes over.
        page.evaluate("""async () => {
            const scope = (await navigator.serviceWorker.ready).scope;
            const cache = await caches.open("trick-table-snapshot " + scope);
            await cache.put(new URL("runtime/snapshot-00000000.bin", scope).href,
                            new Response(new Uint8Array([84, 84, 83, 49])));
        }""")
        with page.expect_navigation(timeout=120_000):  # the new version takes over: a reload
            page.click('#update [data-action="update"]')
        wait_ready(page)
        page.wait_for_function(
            "() => document.getElementById('table') && !document.getElementById('table').hidden",
            timeout=60_000,
        )
        after = json.loads(page.evaluate("window.__tt_record()"))
        moves = record["deals"][0]["moves"]
        assert after["seed"] == record["seed"]  # the saved match came back (and plays on)
        assert after["deals"][0]["moves"][: len(moves)] == moves
        text = page.evaluate("fetch('./assets/style.css').then(r => r.text())")
        assert "/* new version */" in text
        assert page.evaluate(
            "caches.match(new URL('runtime/snapshot-00000000.bin', "
            "location.href).href).then(r => !r)"
        )


def new_match_seed(page: Any) -> int:
    """Starts a Koz Maça match with no seed given (the page draws one) and returns its seed."""
    page.wait_for_selector("#lobby:not([hidden])", timeout=60_000)
    page.click('[data-game-choice="koz-maca"]')
    page.fill("#opt-seed", "")
    page.select_option("[data-speed]", "0")
    page.select_option("[data-level]", "easy")
    page.click("[data-start]")
    page.wait_for_selector("#table[data-input]", state="attached", timeout=60_000)
    return int(json.loads(page.evaluate("window.__tt_record()"))["seed"])


def fresh_lobby(page: Any) -> None:
    """Reloads the page at the lobby with nothing saved (the page saves as it goes: the
    match is dropped first, not just its storage)."""
    page.evaluate("window.__tt_reset('')")
    page.reload()
    wait_ready(page)


def test_a_repeat_visit_starts_from_the_snapshot_and_a_damaged_one_is_passed_over(
    browser: Any, served: tuple[str, Path]
) -> None:
    base, _root = served
    with first_visit(browser, base) as page:
        first = page.evaluate("window.__tt_boot()")
        assert first["from"] == "fresh" and "no snapshot" in first["why"]
        wait_controlled(page)
        # The browser makes the snapshot in idle time once the offline copy is there.
        made = wait_snapshot_made(page)
        assert made["made"] is True and made["stored"] < made["raw"], made
        assert page.evaluate("window.__tt_make_snapshot()") == made  # once a page
        kept = page.evaluate("""async () => {
            const out = [];
            for (const name of await caches.keys()) {
                for (const req of await (await caches.open(name)).keys()) {
                    if (/\\/runtime\\/snapshot-/.test(req.url)) out.push([name, req.url]);
                }
            }
            return out;
        }""")
        assert len(kept) == 1 and kept[0][0].startswith("trick-table-snapshot "), kept

        # Repeat visits: Python comes from the snapshot, and each draws its own random seed
        # (random's state is in the snapshot too, and is seeded afresh).
        seeds = []
        for _ in range(2):
            fresh_lobby(page)
            assert page.evaluate("window.__tt_boot()") == {"from": "snapshot"}
            seeds.append(new_match_seed(page))
        assert seeds[0] != seeds[1]
        move = play_one(page)
        # The computer players' worker starts from the same snapshot (a hint asks it).
        page.wait_for_selector("#table[data-input], #table[data-tap]", state="attached")
        if page.get_attribute("#table", "data-tap") is not None:  # a finished trick on show
            page.click("#felt")
        page.wait_for_selector("#table[data-input]", state="attached", timeout=60_000)
        page.click('#bar [data-action="hint"]')
        page.wait_for_function(
            "JSON.parse(window.__tt_state()).ai.started !== null", timeout=120_000
        )
        assert json.loads(page.evaluate("window.__tt_state()"))["ai"]["started"] == "snapshot"
        record = json.loads(page.evaluate("window.__tt_record()"))

        # A damaged snapshot in the offline copy: the plain start, with the match kept.
        damaged = page.evaluate("""async () => {
            for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                for (const req of await cache.keys()) {
                    if (/\\/runtime\\/snapshot-[0-9a-f]{8}\\.bin$/.test(req.url)) {
                        await cache.put(req, new Response(new Uint8Array([84, 84, 83, 49, 9])));
                        return req.url;
                    }
                }
            }
            return null;
        }""")
        assert damaged, "the offline copy holds the snapshot"
        page.reload()
        wait_ready(page)
        boot = page.evaluate("window.__tt_boot()")
        assert boot["from"] == "fresh" and "did not load" in boot["why"], boot
        page.wait_for_selector("#table[data-input]", state="attached", timeout=60_000)
        after = json.loads(page.evaluate("window.__tt_record()"))
        assert after["seed"] == record["seed"] and move
        assert after["deals"][0]["moves"][:1] == record["deals"][0]["moves"][:1]


def test_a_first_visit_requests_each_file_once_and_makes_the_snapshot(browser: Any) -> None:
    """GitHub Pages' caching headers, a profile on disk: the page, its workers and the service
    worker's precache request each file once (the precache reuses the page's downloads), all
    of it within 6 MB gzip-compressed; the snapshot is made in the browser, never downloaded,
    and the repeat visit starts from it without a request."""
    from bench.page.requests import first_visit as visit

    r = visit(DIST, browser.browser_type)
    assert r["repeated"] == {}, r["repeated"]
    assert r["gzip"] <= 6_000_000, r["gzip"]
    assert r["made"]["made"] is True, r["made"]
    assert r["repeat_boot"] == {"from": "snapshot"}
    assert r["repeat_requests"] == []
