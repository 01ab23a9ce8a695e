"""Inviting without a broker, end to end on the built site (127.0.0.1): the site's friends.json
names a broker on a port where nothing listens, so no broker can be reached. The host (two
friends' seats, one computer) makes each friend's seat a link without a broker; each guest, in
a Chromium context of its own, opens it and is shown its answer code; the host pastes it in
that seat's field, the channel opens, and the guest takes its seat and plays a legal move that
the host's record shows. Every bad code is refused with its sentence on either page, and
changes nothing; a guest joined this way never loads PeerJS. And ui/web/pairing.js alone: every
malformed code answered with a reason, never thrown out of."""

from __future__ import annotations

import base64
import json
import socket
import zlib
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from bench import xengine as X
from bench.page import friends_play as FP

from .test_friends_play import MOVES, settle
from .test_friends_transport import served  # noqa: F401 (the shared fixture)

pytestmark = pytest.mark.e2e


def closed_port() -> int:
    """A port of 127.0.0.1 where nothing listens (taken, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Pages:
    """Pages in contexts of their own whose friends.json names a broker no one can reach."""

    def __init__(self, browser: Any, site: X.Site) -> None:
        self.browser, self.site = browser, site
        broker = {"host": "127.0.0.1", "port": closed_port(), "path": "/tt", "secure": False}
        self.cfg = json.dumps({"broker": broker, "iceServers": []})
        self.ctxs: list[Any] = []
        self.errors: list[str] = []
        self.peerjs: list[str] = []  # the guests' requests for PeerJS

    def page(self, guest: bool = False) -> Any:
        ctx = self.browser.new_context(service_workers="block")
        ctx.route(
            "**/friends.json",
            lambda r: r.fulfill(status=200, content_type="application/json", body=self.cfg),
        )
        self.ctxs.append(ctx)
        pg = ctx.new_page()
        pg.on("pageerror", lambda e: self.errors.append(str(e)))
        if guest:
            pg.on("request", lambda r: self.peerjs.append(r.url) if "peerjs" in r.url else None)
        pg.set_default_timeout(20_000)
        return pg


@pytest.fixture
def pages(browser: Any, served: X.Site) -> Iterator[Pages]:  # noqa: F811
    p = Pages(browser, served)
    yield p
    for ctx in p.ctxs:
        ctx.close()
    assert not p.errors, p.errors


def host_sheet(p: Pages) -> Any:
    """The host's set-up sheet, seats 1 and 2 a friend's, invited: the broker said to be out
    of reach."""
    host = p.page()
    FP.invite(host, p.site.base)
    host.wait_for_selector("[data-friends-error]")
    return host


def make_link(host: Any, seat: int) -> str:
    host.click(f'[data-action="friends-pair"][data-seat="{seat}"]')
    field = f'[data-friends-pair-link="{seat}"]'
    host.wait_for_selector(field)
    return str(host.get_attribute(field, "value"))


def answer_of(p: Pages, link: str) -> tuple[Any, str]:
    """A guest's page opened with `link`, and the answer code it shows."""
    guest = p.page(guest=True)
    guest.goto(link)
    guest.wait_for_selector("[data-friends-answer-code]", timeout=120_000)
    return guest, str(guest.input_value("[data-friends-answer-code]"))


def paste(host: Any, seat: int, code: str) -> str:
    """The code pasted in a seat's field and "Connect": the refusal said, or ""."""
    host.fill(f'[data-friends-pair-answer="{seat}"]', code)
    host.click(f'[data-action="friends-pair-answer"][data-seat="{seat}"]')
    settle(host)
    node = host.query_selector(f'[data-friends-pair-error="{seat}"]')
    return str(node.text_content()) if node else ""


def test_two_guests_paired_without_a_broker_take_their_seats_and_play(pages: Pages) -> None:
    p = pages
    host = host_sheet(p)
    assert "cannot be reached" in str(host.text_content("[data-friends-error]"))
    first, second = make_link(host, 1), make_link(host, 2)
    for link, seat in ((first, 1), (second, 2)):
        q = parse_qs(urlsplit(link).query)
        assert q["friends"][0].startswith("pair:") and q["seat"] == [str(seat)]
        assert 200 <= len(link) <= 600, len(link)
    ayla, ayla_code = answer_of(p, first)
    boris, boris_code = answer_of(p, second)
    assert 100 <= len(ayla_code) <= 400 and ayla_code != boris_code

    offer = parse_qs(urlsplit(first).query)["friends"][0][len("pair:") :]
    for code, says in [
        ("", "There is no code here"),
        ("not a code at all!", "not a code this game made"),
        (ayla_code[: len(ayla_code) // 2], "cut short"),
        ("A" * 2001, "too long"),
        (offer, "not your friend's answer"),
        (boris_code, "for another seat's link"),
    ]:
        said = paste(host, 1, code)
        assert says in said, (code[:30], said)
        assert host.query_selector('[data-friends-pair-answer="1"]')  # (the field is still there)

    assert paste(host, 1, ayla_code) == ""
    assert paste(host, 2, boris_code) == ""
    for guest in (ayla, boris):
        guest.wait_for_selector("#table:not([hidden])")
    host.wait_for_function(
        "() => [...document.querySelectorAll('[data-friends-seat][data-kind=friend]')]"
        ".every(n => !n.textContent.includes('waiting'))",
        timeout=30_000,
    )
    assert host.query_selector('[data-friends-pair="1"] [role="status"]')
    # the same answer again, for a new link of the seat: used already; nothing changes
    make_link(host, 1)
    assert "used already" in paste(host, 1, ayla_code)

    host.click('[data-action="friends-start"]')
    host.wait_for_selector("#table:not([hidden])")
    moves = {"before": 0}
    ayla_moved: list[tuple[int, str]] = []  # (the host's moves before it, Ayla's first move)

    def count() -> bool:
        moves["before"] = host.evaluate(MOVES)
        return False

    def mine(seat: int, move: str) -> None:
        if seat == 1 and not ayla_moved:
            ayla_moved.append((moves["before"], move))

    players = {1: FP.OnPage(ayla), 2: FP.OnPage(boris), 0: FP.OnPage(host)}
    FP.play_until(
        players,
        lambda: bool(ayla_moved),
        before=count,
        after=mine,
        timeout=90.0,
        fails="Ayla's turn never came",
    )
    before, move = ayla_moved[0]
    host.wait_for_function(f"() => {MOVES} > {before}")
    rec = json.loads(host.evaluate("window.__tt_record()"))
    assert rec["deals"][-1]["moves"][before] == move
    assert not p.peerjs, p.peerjs


def test_a_guests_page_refuses_a_code_that_is_not_an_invitation(pages: Pages) -> None:
    p = pages
    host = host_sheet(p)
    link = make_link(host, 1)
    guest, answer = answer_of(p, link)
    base = p.site.base
    for search, says in [
        (f"?friends=pair:{answer}", "This is an answer code"),
        ("?friends=pair:", "There is no code here"),
        ("?friends=pair:%3Cb%3Ehello", "not a code this game made"),
        (f"?friends=pair:{link.split('pair%3A')[1][:40]}", "cut short"),
        (f"?friends=pair:{'A' * 2500}", "too long"),
    ]:
        pg = p.page(guest=True)
        pg.goto(base + search)
        pg.wait_for_selector("[data-friends-pair-refused]", timeout=120_000)
        assert says in str(pg.text_content("[data-friends-pair-refused]"))
        assert not pg.query_selector("[data-friends-answer-code]")
        pg.click('[data-action="friends-leave"]')
        pg.wait_for_selector('[data-action="friends"]')  # (the lobby)
        pg.context.close()
        p.ctxs.remove(pg.context)
    assert not p.peerjs
    assert guest.query_selector("[data-friends-answer-code]")


def deflated(text: str) -> str:
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(c.compress(text.encode()) + c.flush()).decode().rstrip("=")


def test_the_transport_refuses_every_malformed_code_with_a_reason(
    browser: Any,
    served: X.Site,  # noqa: F811
) -> None:
    """ui/web/pairing.js on its own: a code that is not one is answered with a reason, never
    thrown out of; one that would unpack past the bound is refused; a well-formed one is read
    back to the same fields and rebuilt as an SDP."""
    ctx = browser.new_context(service_workers="block")
    try:
        pg = ctx.new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.goto(served.base + "__friends_blank.html")
        fields = "\n".join(
            ["TT1 o", "NdU6", "nMfW9gjqmvimEit7wy6Asnfx", "a8" * 32, "actpass", "-"]
            + ["host 3495459c-e8e6-4506-8322-91385c21f521.local 49232"]
        )
        good = deflated(fields)
        cases = {
            "null": None,
            "number": 42,
            "empty": "  ",
            "long": "A" * 2001,
            "chars": "<b>x</b>",
            "not-deflate": "____",
            "cut": good[: len(good) // 2],
            "bomb": deflated("TT1 o\n" + "a" * 100_000),
            "form": deflated("TT1 o\nonly"),
            "candidates": deflated(fields.replace("49232", "0")),
        }
        got = pg.evaluate(
            """async ([cases, good]) => {
              const p = await import("./ui/web/pairing.js");
              const out = {};
              for (const k in cases) {
                try { out[k] = await p.unpack(cases[k]); } catch (e) { out[k] = "threw " + e; }
              }
              const f = await p.unpack(good);
              out.good = typeof f === "string" ? f : p.textOf(f);
              out.sdp = typeof f === "string" ? "" : p.sdpOf(f);
              return out;
            }""",
            [cases, good],
        )
        want = {"null": "empty", "number": "empty", "empty": "empty", "long": "too-long"}
        want |= {"chars": "not-code", "not-deflate": "garbage", "cut": "garbage"}
        want |= {"bomb": "too-long", "form": "form", "candidates": "candidates"}
        assert {k: got[k] for k in want} == want
        assert got["good"] == fields
        assert "a=ice-ufrag:NdU6\r\n" in got["sdp"] and "typ host" in got["sdp"]
        said = pg.evaluate(
            """async (answer) => {
              const p = await import("./ui/web/pairing.js"), f = await import("./ui/web/friends.js");
              await p.answer("%%%", {iceServers: []});
              await p.accept("pair1-1", answer);
              await p.offer("<b>", {iceServers: []});
              return f.events().filter((e) => e.what === "pair-error").map((e) => e.reason);
            }""",
            deflated(fields.replace("TT1 o", "TT1 a").replace("\n-\n", "\nNdU6\n")),
        )
        assert said == ["not-code", "no-offer", "label"]
        assert not errors, errors
    finally:
        ctx.close()
