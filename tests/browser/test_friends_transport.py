"""The transport of play with friends (ui/web/friends.js) in two Chromium contexts on the built
site, served on 127.0.0.1 under the sub-path, through a local PeerJS broker (`peer` from
tools/friends, started for this module on a free port): the events of a host and a guest, a
message over the size limit refused, a guest to an unknown host, an unreachable broker, a
closed guest, no WebRTC, the site's friends.json read, and the transport loaded only when a
friends operation arrives. Each page here is a document of the site's server that starts nothing
(its answer for a file it does not have: a page the test made up itself would not count as
served from 127.0.0.1, and Chromium would keep it from the broker there) and imports the module;
the last test's is the game page itself."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from bench import xengine as X
from bench.page.friends import LocalBroker
from sitebuild.files import DIST

pytestmark = pytest.mark.e2e

BLANK = "__friends_blank.html"
MOD = "./ui/web/friends.js"
EVENTS = f"async () => (await import('{MOD}')).events()"
LIMIT = 16000


@pytest.fixture(scope="module")
def broker() -> Iterator[LocalBroker]:
    with LocalBroker(expire_ms=1000) as b:  # an unknown host is said within a second
        yield b


@pytest.fixture(scope="module")
def served() -> Iterator[X.Site]:
    if not (DIST / "runtime" / "peerjs-1.5.5" / "peerjs.mjs").is_file():
        pytest.fail("dist/ has no PeerJS: build it first with `python3 build.py`", pytrace=False)
    site = X.Site(DIST, cache_control="no-cache").start()
    yield site
    site.stop()


@pytest.fixture
def pages(browser: Any, served: X.Site) -> Iterator[Any]:
    """`pages()` opens a blank page of the site in a new context (closed after the test)."""
    ctxs: list[Any] = []
    errors: list[str] = []

    def new_page() -> Any:
        ctx = browser.new_context(service_workers="block")
        ctxs.append(ctx)
        pg = ctx.new_page()
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.set_default_timeout(15_000)
        pg.goto(served.base + BLANK)
        return pg

    yield new_page
    for ctx in ctxs:
        ctx.close()
    assert not errors, errors


def call(pg: Any, name: str, *args: Any) -> Any:
    return pg.evaluate(
        f"async (args) => (await import('{MOD}')).{name}(...args)",
        list(args),
    )


def wait_event(pg: Any, what: str, timeout: float = 15.0, **fields: Any) -> dict[str, Any]:
    """The first event `what` (with `fields`) the page has posted, waited for."""
    deadline = time.monotonic() + timeout
    while True:
        for e in pg.evaluate(EVENTS):
            if e["what"] == what and all(e.get(k) == v for k, v in fields.items()):
                return dict(e)
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} {fields} event; events: {pg.evaluate(EVENTS)}")
        time.sleep(0.03)


def pair(pages: Any, broker: LocalBroker) -> tuple[Any, Any, str]:
    """A host and a guest connected: (host page, guest page, the guest's label on the host)."""
    cfg = broker.config()
    host = pages()
    call(host, "host", cfg)
    host_id = wait_event(host, "open")["id"]
    guest = pages()
    call(guest, "join", host_id, cfg)
    wait_event(guest, "open")
    wait_event(guest, "peer", peer="host")
    label = wait_event(host, "peer")["peer"]
    return host, guest, label


def test_a_host_and_a_guest_exchange_text(pages: Any, broker: LocalBroker) -> None:
    host, guest, label = pair(pages, broker)
    assert isinstance(label, str) and label and label != "host"
    text = json.dumps({"t": "hello", "name": "Ayşe <b>", "n": 1}, ensure_ascii=False)
    assert call(guest, "send", "host", text) == "ok"
    got = wait_event(host, "msg", peer=label)
    assert got == {"type": "friends", "what": "msg", "peer": label, "text": text}
    assert call(host, "send", label, "back \u2665") == "ok"
    assert wait_event(guest, "msg", peer="host")["text"] == "back \u2665"
    # the text is passed on as received: not JSON is not the transport's business
    assert call(guest, "send", "host", "{not json") == "ok"
    wait_event(host, "msg", peer=label, text="{not json")
    # a second start of the host reuses its transport: the same id again
    ids = {e["id"] for e in host.evaluate(EVENTS) if e["what"] == "open"}
    call(host, "host", {})
    time.sleep(0.2)
    assert {e["id"] for e in host.evaluate(EVENTS) if e["what"] == "open"} == ids


def test_a_message_over_the_limit_is_refused(pages: Any, broker: LocalBroker) -> None:
    host, guest, label = pair(pages, broker)
    assert call(guest, "send", "host", "x" * LIMIT) == "too-big"
    assert call(guest, "send", "host", "\u00e9" * (LIMIT // 2)) == "too-big"  # 16,000 bytes
    assert call(guest, "send", "host", 42) == "not-text"
    assert call(guest, "send", "nobody", "x") == "no-peer"
    fits = "y" * (LIMIT - 1)
    assert call(guest, "send", "host", fits) == "ok"
    got = wait_event(host, "msg", peer=label)
    assert got["text"] == fits  # the largest message arrives whole; the refused ones never
    assert [e for e in host.evaluate(EVENTS) if e["what"] == "msg"] == [got]


def test_a_guest_to_an_unknown_host(pages: Any, broker: LocalBroker) -> None:
    guest = pages()
    call(guest, "join", "no-such-table-4c2e", broker.config())
    assert wait_event(guest, "error")["reason"] == "peer-unavailable"


def test_an_unreachable_broker(pages: Any, broker: LocalBroker) -> None:
    cfg = broker.config()
    free = LocalBroker()  # a free port that nothing listens on
    cfg["broker"] = {**cfg["broker"], "port": free.port}
    host = pages()
    call(host, "host", cfg)
    assert wait_event(host, "error")["reason"] == "broker"
    assert not [e for e in host.evaluate(EVENTS) if e["what"] == "open"]


def test_a_host_that_loses_its_broker_says_so(pages: Any) -> None:
    """The broker going away after the start is an error "broker" (the channels already open
    would go on: only new guests need it)."""
    with LocalBroker() as own:
        host = pages()
        call(host, "host", own.config())
        wait_event(host, "open")
    assert wait_event(host, "error")["reason"] == "broker"


def test_a_closed_guest_is_gone_and_a_dropped_one_hears_it(pages: Any, broker: LocalBroker) -> None:
    host, guest, label = pair(pages, broker)
    guest.close()
    wait_event(host, "gone", peer=label)
    guest2 = pages()
    host_id = next(e["id"] for e in host.evaluate(EVENTS) if e["what"] == "open")
    call(guest2, "join", host_id, broker.config())
    wait_event(guest2, "peer", peer="host")
    label2 = [e["peer"] for e in host.evaluate(EVENTS) if e["what"] == "peer"][-1]
    assert label2 != label  # a new channel, a new label
    call(host, "drop", label2)
    wait_event(guest2, "gone", peer="host")
    assert call(host, "send", label2, "x") == "no-peer"
    time.sleep(0.3)  # what the host dropped itself is not reported back to it
    assert not [e for e in host.evaluate(EVENTS) if e["what"] == "gone" and e["peer"] == label2]


def test_no_webrtc_says_so_without_loading_peerjs(pages: Any, served: X.Site) -> None:
    pg = pages()
    pg.evaluate("() => { delete window.RTCPeerConnection; }")
    since = time.time()
    call(pg, "host", {})
    assert wait_event(pg, "error")["reason"] == "no-webrtc"
    assert not [h for h in served.hits(since) if "peerjs" in h.path]


def test_the_site_settings_are_read_from_friends_json(
    pages: Any, broker: LocalBroker, served: X.Site
) -> None:
    """With {} as the config, the broker and ICE servers are friends.json's; the shipped file
    names PeerJS's public broker, so the test's own one is put in its place."""
    shipped = json.loads((DIST / "friends.json").read_text(encoding="utf-8"))
    assert shipped["broker"]["host"] == "0.peerjs.com" and shipped["iceServers"]
    host = pages()
    host.context.route(
        served.base + "friends.json",
        lambda r: r.fulfill(
            status=200, content_type="application/json", body=json.dumps(broker.config())
        ),
    )
    call(host, "host", {})
    assert wait_event(host, "open")["id"]


def test_loaded_only_by_a_friends_operation(
    browser: Any, broker: LocalBroker, served: X.Site
) -> None:
    """The game page starts without the transport; the friends-host operation (ui/web/ops.js)
    loads it and its events go to the worker like any other."""
    ctx = browser.new_context(service_workers="block")
    try:
        pg = ctx.new_page()
        since = time.time()
        pg.goto(served.base + "?speed=0")
        pg.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        transport = ("/ui/web/friends.js", "/peerjs.mjs", "/friends.json")
        loaded = [h.path for h in served.hits(since) if h.path.endswith(transport)]
        assert not loaded, loaded
        pg.evaluate(
            "async (cfg) => (await import('./ui/web/ops.js')).OPS['friends-host'](cfg)",
            broker.config(),
        )
        assert wait_event(pg, "open")["id"]
        paths = [h.path for h in served.hits(since)]
        assert any(p.endswith("/ui/web/friends.js") for p in paths)
        assert any(p.endswith("/runtime/peerjs-1.5.5/peerjs.mjs") for p in paths)
        pg.wait_for_function("() => !document.documentElement.hasAttribute('data-busy')")
        assert pg.evaluate("() => window.__tt_friends.drop('*')") is None
    finally:
        ctx.close()
