"""Inviting without a broker across engines: a Chromium host (tests/xengine/pair_host.py, in a
process of its own) makes seat 1's link without a broker; a Firefox ESR guest opens it, shows
its answer code, the host pastes it, the channel opens, and the guest takes its seat and plays
a legal move that the host's record shows. No broker: the site's friends.json names one on a
port of 127.0.0.1 where nothing listens, and no ICE server."""

from __future__ import annotations

import base64
import json
import queue
import socket
import subprocess
import sys
import threading
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench import xengine as X
from bench.page.browser import unavailable
from bench.page.friends_play import NEXT as MOVE
from bench.page.friends_play import SID
from sitebuild.files import DIST, ROOT

from .conftest import Engine
from .test_friends_play import Host, seat_moves

pytestmark = pytest.mark.xengine

ANSWER = "() => (document.querySelector('[data-friends-answer-code]') || {}).value || ''"
REFUSED = "() => (document.querySelector('[data-friends-pair-refused]') || {}).textContent || ''"


def offer_code() -> str:
    """A code as ui/web/pairing.js makes an offer's: compact text, deflate-raw, base64url."""
    text = "\n".join(
        ["TT1 o", "NdU6", "nMfW9gjqmvimEit7wy6Asnfx", "a8" * 32, "actpass", "-"]
        + ["host 3495459c-e8e6-4506-8322-91385c21f521.local 49232"]
    )
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(c.compress(text.encode()) + c.flush()).decode().rstrip("=")


OFFER = offer_code()  # a well-formed invitation (no host behind it)


class PairHost(Host):
    """pair_host.py running: its lines read as they come, commands written to it."""

    def __init__(self, url: str) -> None:  # (Host's, with pair_host.py)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.xengine.pair_host", url],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[dict[str, Any]] = queue.Queue()
        self.errors: list[str] = []
        threading.Thread(target=self.read, daemon=True).start()

    def tell(self, **cmd: Any) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[X.Site]:
    """dist/ (each of its entries linked) with a friends.json whose broker cannot be reached."""
    root: Path = tmp_path_factory.mktemp("pair-site")
    for entry in DIST.iterdir():
        if entry.name != "friends.json":
            (root / entry.name).symlink_to(entry)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    broker = {"host": "127.0.0.1", "port": port, "path": "/tt", "secure": False}
    cfg = {"broker": broker, "iceServers": []}
    (root / "friends.json").write_text(json.dumps(cfg), encoding="utf-8")
    s = X.Site(root, cache_control="no-cache").start()
    yield s
    s.stop()


def test_a_firefox_guest_pairs_without_a_broker_with_a_chromium_host(
    eng: Engine, site: X.Site
) -> None:
    if eng.name != "firefox":
        pytest.skip("Firefox ESR's case")
    why = unavailable()
    if why:
        pytest.fail(f"the Chromium host cannot run: {why}", pytrace=False)
    began = time.monotonic()
    host = PairHost(site.base)
    d = eng.driver
    try:
        link = host.next("link", 120)
        assert link and "friends=pair%3A" in str(link), host.errors
        d.goto(str(link))
        d.ready()
        code = d.wait(f"({ANSWER})() || ({REFUSED})()", 60, "the answer code")
        assert not d.run(REFUSED), d.run(REFUSED)
        host.tell(answer=code)
        assert host.next("refused", 60) == "", host.errors
        d.wait("document.querySelector('#hand [data-card]')", 60, "the guest's hand")
        move = None
        while move is None:
            assert time.monotonic() - began < 120, "the guest's turn never came"
            what = d.run(MOVE)
            if what is None or what[0] == "tap":
                time.sleep(0.05)
                continue
            kind, move = what
            before = d.run(SID)
            if kind == "move":
                d.click(f'#panel [data-move="{move}"]')
            else:
                d.click(f'#hand [data-card="{move}"][data-legal]')
            d.wait(f"({SID})().then((sid) => sid !== {before})", 20, f"the answer to {move}")
        host.tell(record=True)
        record = host.next("record", 30)
        assert record is not None, host.errors
        assert seat_moves(record, 1)[:1] == [move]  # the guest's move, in the host's record
        assert not [e for e in d.errors() if "friends" in e.lower()], d.errors()
        assert not host.errors, host.errors
    finally:
        host.stop()
    print(f"a Firefox guest paired without a broker: {time.monotonic() - began:.1f} s")


def test_a_guest_in_webkit_is_told_it_needs_webrtc_to_pair(eng: Engine, site: X.Site) -> None:
    if eng.name != "webkit":
        pytest.skip("WebKitGTK's case")
    d = eng.driver
    d.goto(site.base + "?friends=pair:" + OFFER)
    d.ready()
    if d.run("() => typeof RTCPeerConnection !== 'undefined'"):
        pytest.skip("this WebKitGTK has WebRTC: a guest pairs as in the other engines")
    said = d.wait(f"({REFUSED})()", 30, "the sentence")
    assert said == "Playing with friends needs a browser with WebRTC.", said
