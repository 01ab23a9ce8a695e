"""The host's invite sheet in Chromium (the built site on 127.0.0.1, a local PeerJS broker: the
transport test's fixtures): the link's QR code drawn as SVG, read back module by module to the
link by tests/qr_read.py and equal to what the vendored qrcode-generator gives for it under
Node, and scanned to the link from a screenshot of it as the screen shows it; on a phone (360x640) behind "Show the QR code" with Start in view without scrolling, on
a wide screen (1280x800) at once; the Share button hidden where the browser has no
`navigator.share`, and with one (stubbed before the page's scripts) given the link, silent when
the person cancels, the link copied and said when it fails."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bench import xengine as X
from bench.page import friends_play as FP
from bench.page.friends import LocalBroker
from tests.build.test_friends_qr import library_matrices
from tests.qr_read import SVG_RECTS, png_grey, read_qr, scan, svg_modules

from .test_friends_transport import broker, served  # noqa: F401 (the shared fixtures)

pytestmark = pytest.mark.e2e

# A share sheet where the browser has none: records what it is given; `window.__share_how`
# says how it ends ("ok", "abort": the person closed it, "fail": another error).
SHARE_STUB = """
window.__shared = [];
Object.defineProperty(navigator, "share", {configurable: true, value: function (data) {
  window.__shared.push(JSON.parse(JSON.stringify(data)));
  const how = window.__share_how || "ok";
  if (how === "abort") return Promise.reject(new DOMException("closed", "AbortError"));
  if (how === "fail") return Promise.reject(new DOMException("refused", "NotAllowedError"));
  return Promise.resolve();
}});
"""
BOX = """(sel) => {
  const b = document.querySelector(sel).getBoundingClientRect();
  return {top: b.top, bottom: b.bottom, left: b.left, right: b.right, width: b.width,
          height: b.height, inner: innerHeight, scroll: scrollY, innerWidth: innerWidth};
}"""


@pytest.fixture
def host(browser: Any, served: X.Site, broker: LocalBroker) -> Iterator[Callable[..., Any]]:  # noqa: F811
    """`host(width, height, init=None, game="batak", players=0)`: a host's page at the invite
    sheet of a table of `game` (one friend's seat; `players` chosen in the lobby), its link
    shown, in a context of its own; `init` runs before the page's scripts."""
    ctxs: list[Any] = []
    errors: list[str] = []
    cfg = json.dumps(broker.config())

    def open_sheet(
        width: int, height: int, init: str | None = None, game: str = "batak", players: int = 0
    ) -> Any:
        phone = min(width, height) < 600
        ctx = browser.new_context(
            viewport={"width": width, "height": height},
            service_workers="block",
            **({"has_touch": True, "is_mobile": True} if phone else {}),
        )
        ctxs.append(ctx)
        ctx.route(
            "**/friends.json",
            lambda r: r.fulfill(status=200, content_type="application/json", body=cfg),
        )
        if init is not None:
            ctx.add_init_script(init)
        pg = ctx.new_page()
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        pg.set_default_timeout(20_000)
        FP.invite(pg, served.base, friends=(1,), game=game, players=players)
        pg.wait_for_selector("[data-friends-qr] svg", state="attached")
        return pg

    yield open_sheet
    for ctx in ctxs:
        ctx.close()
    assert not errors, errors


def link_of(pg: Any) -> str:
    return str(pg.get_attribute("[data-friends-link]", "value"))


def drawn_modules(pg: Any) -> list[str]:
    """The QR code's modules as the SVG draws them (each dark run a rect), as rows."""
    return svg_modules(pg.evaluate(SVG_RECTS))


def check_code(pg: Any) -> int:
    """The drawn code is the link's: read back, and as the vendored library makes it."""
    link = link_of(pg)
    assert link.startswith("http://127.0.0.1:") and "?friends=" in link
    rows = drawn_modules(pg)
    assert rows == library_matrices(link)[0]
    text, version, level = read_qr(rows)
    assert (text, level) == (link, "M") and 1 <= version <= 10
    assert pg.get_attribute("[data-friends-qr]", "data-link") == link
    return version


def check_picture(pg: Any) -> None:
    """The code as the screen shows it (a screenshot of its box, the page's green cut off at
    the edges) scans to the link."""
    grey = png_grey(pg.locator("[data-friends-qr]").screenshot())
    inside = [row[3:-3] for row in grey[3:-3]]  # (within the white quiet zone)
    rows = scan(inside)
    assert read_qr(rows)[0] == link_of(pg)
    assert rows == drawn_modules(pg)


def in_view(pg: Any, sel: str) -> dict[str, float]:
    b = pg.evaluate(BOX, sel)
    assert b["scroll"] == 0 and b["top"] >= 0 and b["bottom"] <= b["inner"], (sel, b)
    assert b["left"] >= 0 and b["right"] <= b["innerWidth"], (sel, b)
    return dict(b)


def test_a_phone_shows_the_code_behind_a_toggle_with_start_in_view(host: Any) -> None:
    pg = host(360, 640)
    in_view(pg, '[data-action="friends-start"]')
    assert not pg.is_visible("[data-friends-qr]")  # drawn, but behind the toggle
    toggle = '[data-action="friends-qr"]'
    assert pg.is_visible(toggle) and pg.text_content(toggle) == "Show the QR code"
    if pg.evaluate("typeof navigator.share") == "function":
        pg.wait_for_selector('[data-action="friends-share"]', state="visible")
    else:
        assert pg.is_hidden('[data-action="friends-share"]')  # no share sheet: no button
    pg.click(toggle)
    pg.wait_for_selector("[data-friends-qr] svg", state="visible")
    assert pg.text_content(toggle) == "Hide the QR code"
    assert pg.get_attribute(toggle, "aria-expanded") == "true"
    assert pg.evaluate("document.activeElement.dataset.action") == "friends-qr"
    box = pg.evaluate(BOX, "[data-friends-qr]")
    assert box["width"] == box["height"] >= 180, box  # square, big enough to scan
    assert box["bottom"] - box["scroll"] <= box["inner"], box  # the whole code in view
    check_code(pg)
    check_picture(pg)
    pg.click(toggle)
    pg.wait_for_selector("[data-friends-qr]", state="hidden")
    in_view(pg, '[data-action="friends-start"]')


def test_a_phone_held_sideways_scrolls_the_code_into_view(host: Any) -> None:
    pg = host(640, 360)
    assert not pg.is_visible("[data-friends-qr]")
    pg.click('[data-action="friends-qr"]')
    pg.wait_for_selector("[data-friends-qr] svg", state="visible")
    pg.wait_for_function(
        "() => { const b = document.querySelector('[data-friends-qr]').getBoundingClientRect();"
        " return b.top >= 0 && b.bottom <= innerHeight + 1; }"
    )
    box = pg.evaluate(BOX, "[data-friends-qr]")
    assert box["width"] == box["height"] >= 180, box
    check_code(pg)


def test_a_wide_screen_shows_the_code_at_once(host: Any) -> None:
    pg = host(1280, 800)
    pg.wait_for_selector("[data-friends-qr] svg", state="visible")
    assert not pg.is_visible('[data-action="friends-qr"]')  # no toggle needed
    box = in_view(pg, "[data-friends-qr]")
    assert box["width"] == box["height"] >= 200, box
    in_view(pg, '[data-action="friends-start"]')
    check_code(pg)
    check_picture(pg)


def test_share_gives_the_link_to_the_share_sheet(host: Any) -> None:
    # the longest sheet: five players, four seats to list, and the Share button too
    pg = host(360, 640, init=SHARE_STUB, game="bidding-kozel", players=5)
    pg.context.grant_permissions(["clipboard-read", "clipboard-write"])
    share = '[data-action="friends-share"]'
    pg.wait_for_selector(share, state="visible")
    assert len(pg.query_selector_all("[data-friends-seat]")) == 5
    in_view(pg, '[data-action="friends-start"]')
    link = link_of(pg)
    pg.click(share)
    pg.wait_for_function("window.__shared.length === 1")
    got = pg.evaluate("window.__shared[0]")
    assert got == {
        "title": "Play Bidding Kozel with friends",
        "text": "Join my table of Bidding Kozel: open the link to take a seat.",
        "url": link,
    }
    pg.evaluate("window.__share_how = 'abort'")  # the person closes the share sheet
    pg.click(share)
    pg.wait_for_function("window.__shared.length === 2")
    pg.wait_for_selector("html:not([data-busy])", state="attached")
    time.sleep(0.5)
    assert pg.query_selector("#toast.show") is None  # nothing said
    pg.evaluate("navigator.clipboard.writeText('something else')")
    pg.evaluate("window.__share_how = 'fail'")
    pg.click(share)
    toast = pg.wait_for_selector("#toast.show")
    assert toast.text_content() == "The link could not be shared, so it was copied instead."
    assert pg.evaluate("navigator.clipboard.readText()") == link
    assert pg.evaluate("window.__shared.length") == 3
