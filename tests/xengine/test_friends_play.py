"""Play with friends across engines, at the game page: a Chromium host (tests/xengine/
friends_host.py, Playwright in a process of its own) and a Firefox ESR guest play a whole deal
of auction Batak with two computers, the guest playing its own moves from its page's hooks
(`#table[data-input]`, `#hand [data-card][data-legal]`, the panel's `data-move`) with the
driver's clicks; and a guest's page in WebKitGTK (Debian's has no RTCPeerConnection) says in
words that playing with friends needs a browser with WebRTC.

Both browsers read the site's friends.json: here the site is dist/ with a friends.json of its
own naming the local broker (`peer` from tools/friends on 127.0.0.1), every other file dist/'s.
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench import xengine as X
from bench.page import friends_play as FP
from bench.page.browser import unavailable
from bench.page.friends import LocalBroker
from engine.core import Match
from sitebuild.files import DIST, ROOT

from .conftest import Engine

pytestmark = pytest.mark.xengine

STATUS = "() => (document.getElementById('status') || {}).textContent || ''"


@pytest.fixture(scope="module")
def broker() -> Iterator[LocalBroker]:
    with LocalBroker() as b:
        yield b


@pytest.fixture(scope="module")
def site(broker: LocalBroker, tmp_path_factory: pytest.TempPathFactory) -> Iterator[X.Site]:
    """dist/ (each of its entries linked) with a friends.json naming the local broker."""
    root: Path = tmp_path_factory.mktemp("friends-site")
    for entry in DIST.iterdir():
        if entry.name != "friends.json":
            (root / entry.name).symlink_to(entry)
    (root / "friends.json").write_text(json.dumps(broker.config()), encoding="utf-8")
    s = X.Site(root, cache_control="no-cache").start()
    yield s
    s.stop()


class Host:
    """friends_host.py running: the lines it printed, read as they come."""

    def __init__(self, url: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.xengine.friends_host", url],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[dict[str, Any]] = queue.Queue()
        self.errors: list[str] = []
        threading.Thread(target=self.read, daemon=True).start()

    def read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(json.loads(line))

    def next(self, key: str, timeout: float) -> Any | None:
        """The next line with `key` within `timeout` seconds (None if none came)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                got = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return None
            if "error" in got:
                self.errors.append(str(got["error"]))
            elif key in got:
                return got[key]

    def stop(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)


def seat_moves(record: dict[str, Any], seat: int) -> list[str]:
    """The moves of `seat` in the record's first deal, replayed by the engine."""
    m = Match(record["game"], seed=record["seed"], options=record["options"])
    out = []
    for move in record["deals"][0]["moves"]:
        if m.deal.to_move == seat:
            out.append(str(move))
        m.play(move)
    return out


def test_a_firefox_guest_plays_a_deal_with_a_chromium_host(eng: Engine, site: X.Site) -> None:
    if eng.name != "firefox":
        pytest.skip("Firefox ESR's case")
    why = unavailable()
    if why:
        pytest.fail(f"the Chromium host cannot run: {why}", pytrace=False)
    began = time.monotonic()
    host = Host(site.base)
    d = eng.driver
    try:
        link = host.next("link", 120)
        assert link and "?friends=" in link, host.errors
        d.goto(str(link))
        d.ready()
        d.wait("document.querySelector('#hand [data-card]')", 60, "the guest's hand")
        seen: dict[str, Any] = {"sid": -1, "record": None}

        def over() -> bool:  # the host has printed its record: the first deal is over
            seen["record"] = seen["record"] or host.next("record", 0.0)
            return seen["record"] is not None

        def look() -> bool:  # the state id now, before the guest's move (if it makes one)
            seen["sid"] = d.run(FP.SID)
            return False

        def answered(_seat: int, move: str) -> None:  # the host's next state (the move
            # played) before the next look
            d.wait(
                f"({FP.SID})().then((sid) => sid !== {seen['sid']})", 20, f"the answer to {move}"
            )

        timeout = max(1.0, 150 - (time.monotonic() - began))
        made = FP.play_until({1: d}, over, before=look, after=answered, timeout=timeout)
        clicked = [move for _seat, move in made]
        record = seen["record"]
        mine = seat_moves(record, 1)
        cards = [mv for mv in mine if mv[-1] in "SHDC" and " " not in mv]
        assert mine == clicked, (mine, clicked)  # every move of seat 1 the guest's own
        assert len(cards) == 13  # all its cards, none played by the computer for it
        assert "Waiting for the host" in str(d.run(STATUS)) or FP.next_move(d) is None
        assert not [e for e in d.errors() if "friends" in e.lower()], d.errors()
        assert not host.errors, host.errors
    finally:
        host.stop()
    print(f"a deal with a Firefox guest: {time.monotonic() - began:.1f} s")


def test_a_guest_in_webkit_is_told_it_needs_webrtc(eng: Engine, site: X.Site) -> None:
    if eng.name != "webkit":
        pytest.skip("WebKitGTK's case")
    d = eng.driver
    d.goto(site.base + "?friends=some-table-id")
    d.ready()
    if d.run("() => typeof RTCPeerConnection !== 'undefined'"):
        pytest.skip("this WebKitGTK has WebRTC: a guest joins as in the other engines")
    said = d.wait(f"(({STATUS})().includes('WebRTC') && ({STATUS})())", 30, "the sentence")
    assert said == "Playing with friends needs a browser with WebRTC.", said
