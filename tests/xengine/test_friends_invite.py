"""The host's invite sheet across engines: in Firefox ESR, once the local broker (`peer` from
tools/friends on 127.0.0.1) has given the host its id, the link's QR code is drawn as SVG and
read back module by module to the link (tests/qr_read.py), and the Share button is shown only
if the browser has `navigator.share`; in WebKitGTK (Debian's has no RTCPeerConnection) the
sheet says that playing with friends needs WebRTC, and draws no code and no Share button.
The site is the cross-engine play test's: dist/ with a friends.json naming the local broker."""

from __future__ import annotations

from typing import Any

import pytest

from bench import xengine as X
from tests.qr_read import SVG_RECTS, read_qr, svg_modules

from .conftest import Engine
from .test_friends_play import broker, site  # noqa: F401 (the shared fixtures)

pytestmark = pytest.mark.xengine

SHEET = """() => {
  const share = document.querySelector('[data-action="friends-share"]');
  return {
    link: (document.querySelector("[data-friends-link]") || {}).value || null,
    qr: !!document.querySelector("[data-friends-qr]"),
    svg: !!document.querySelector("[data-friends-qr] svg"),
    share: share ? !share.hidden : null,
    canShare: typeof navigator.share === "function",
    error: (document.querySelector("[data-friends-error]") || {}).textContent || null,
  };
}"""


def open_sheet(eng: Engine, site: X.Site) -> Any:  # noqa: F811
    d = eng.driver
    d.goto(site.base + "?speed=0&level=easy")
    d.ready()
    d.click('[data-game-choice="batak"]')
    d.click('[data-action="friends"]')
    d.wait("document.querySelector('[data-action=\"friends-invite\"]')", 30, "the plan")
    d.click('[data-action="friends-invite"]')
    return d


def test_a_firefox_host_draws_the_link_s_qr_code(eng: Engine, site: X.Site) -> None:  # noqa: F811
    if eng.name != "firefox":
        pytest.skip("Firefox ESR's case")
    d = open_sheet(eng, site)
    d.wait("document.querySelector('[data-friends-qr] svg')", 60, "the QR code")
    got = d.run(SHEET)
    assert got["link"].startswith(site.base) and "?friends=" in got["link"], got
    text, version, level = read_qr(svg_modules(d.run(SVG_RECTS)))
    assert (text, level) == (got["link"], "M") and 1 <= version <= 10
    assert got["share"] == got["canShare"], got  # shown exactly where the browser can share
    assert not [e for e in d.errors() if "invite" in e.lower() or "qr" in e.lower()], d.errors()
    d.click('[data-action="friends-cancel"]')


def test_a_webkit_host_is_told_it_needs_webrtc(eng: Engine, site: X.Site) -> None:  # noqa: F811
    if eng.name != "webkit":
        pytest.skip("WebKitGTK's case")
    d = open_sheet(eng, site)
    if d.run("() => typeof RTCPeerConnection !== 'undefined'"):
        pytest.skip("this WebKitGTK has WebRTC: its host gets a link as in the other engines")
    said = d.wait(
        "(document.querySelector('[data-friends-error]') || {}).textContent", 30, "the sentence"
    )
    assert said == "Playing with friends needs a browser with WebRTC.", said
    got = d.run(SHEET)
    assert got["link"] is None and not got["qr"] and got["share"] is None, got
    d.click('[data-action="friends-cancel"]')
