"""The transport of play with friends across engines, on the real static server and a local
PeerJS broker (`peer` from tools/friends on 127.0.0.1): a Firefox ESR guest joins a Chromium
host and both exchange text; WebKitGTK (Debian's has no RTCPeerConnection) says "no-webrtc" and
never loads PeerJS. The pages import ui/web/friends.js in a document of the site's origin that
starts nothing (the server's own answer for a file it does not have)."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from bench.page.browser import unavailable
from bench.page.friends import LocalBroker
from sitebuild.files import ROOT

from .conftest import Engine

pytestmark = pytest.mark.xengine

BLANK = "__friends_blank.html"
MOD = "./ui/web/friends.js"


@pytest.fixture(scope="module")
def broker() -> Iterator[LocalBroker]:
    with LocalBroker(expire_ms=1000) as b:  # an unknown host is said within a second
        yield b


def events(eng: Engine) -> list[dict[str, Any]]:
    return list(eng.driver.run(f"async () => (await import('{MOD}')).events()"))


def wait_event(get: Any, what: str, timeout: float = 20.0, **fields: Any) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        for e in get():
            if e["what"] == what and all(e.get(k) == v for k, v in fields.items()):
                return dict(e)
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} {fields} event; events: {get()}")
        time.sleep(0.05)


def test_webkit_says_no_webrtc(eng: Engine, broker: LocalBroker) -> None:
    if eng.name != "webkit":
        pytest.skip("WebKitGTK's case")
    d = eng.driver
    d.goto(eng.url(BLANK))
    has = d.run("() => typeof RTCPeerConnection !== 'undefined'")
    since = time.time()
    d.run(f"async (cfg) => {{ await (await import('{MOD}')).host(cfg); }}", broker.config())
    if has:  # a WebKitGTK built with WebRTC: the transport starts as in the other engines
        assert wait_event(lambda: events(eng), "open")["id"]
        return
    assert wait_event(lambda: events(eng), "error")["reason"] == "no-webrtc"
    assert not [h for h in eng.site.hits(since) if "peerjs" in h.path]


class ChromiumHost:
    """bench/page/friends.py's Chromium host in a process of its own (the browser tests' own
    Playwright may be running in this one): its id, and the events it has printed."""

    def __init__(self, url: str, cfg: dict[str, Any]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bench.page.friends", url, json.dumps(cfg)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()
        self.seen: list[dict[str, Any]] = []
        first = self.lines.get(timeout=60)
        self.id = str(json.loads(first)["id"])

    def read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)

    def events(self) -> list[dict[str, Any]]:
        while not self.lines.empty():
            self.seen.append(dict(json.loads(self.lines.get())))
        return self.seen

    def stop(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)


def test_a_firefox_guest_joins_a_chromium_host(eng: Engine, broker: LocalBroker) -> None:
    if eng.name != "firefox":
        pytest.skip("Firefox ESR's case")
    why = unavailable()
    if why:
        pytest.fail(f"the Chromium host cannot run: {why}", pytrace=False)
    cfg = broker.config()
    d = eng.driver
    host = ChromiumHost(eng.url(), cfg)
    try:
        assert host.id and host.id != "None"
        d.goto(eng.url(BLANK))
        d.run(
            f"async (id, cfg) => {{ await (await import('{MOD}')).join(id, cfg); }}", host.id, cfg
        )
        wait_event(lambda: events(eng), "peer", peer="host")
        label = wait_event(host.events, "peer")["peer"]
        wait_event(lambda: events(eng), "msg", peer="host", text="hello")
        sent = d.run(f"async () => (await import('{MOD}')).send('host', 'from firefox \u00e9')")
        assert sent == "ok"
        assert wait_event(host.events, "msg", peer=label)["text"] == "from firefox \u00e9"
        wait_event(lambda: events(eng), "msg", peer="host", text="from firefox \u00e9")  # echoed
        too_big = d.run(f"async () => (await import('{MOD}')).send('host', 'x'.repeat(16000))")
        assert too_big == "too-big"
        d.run(f"async () => (await import('{MOD}')).drop('*')")
        wait_event(host.events, "gone", peer=label)
    finally:
        host.stop()
