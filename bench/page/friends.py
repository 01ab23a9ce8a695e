"""Play with friends measured (`python3 build.py bench friends`): two Chromium contexts on the
built site through a local PeerJS broker (`peer` from tools/friends, on 127.0.0.1): the time
from a guest opening the page to its first message from the host, beside the page's own time
to ready in the same load; the delay of a message's round trip (median and p95 over 100); and
what the transport and the invite link's QR code (qrcode-generator and ui/web/invite.js) add to the site,
gzip-compressed, beside a first visit's download. Then pairing without a broker
(`page_pairing`): the invite link's and the answer code's lengths, and the times of the offer,
the answer and the paste to an open channel. A whole deal with friends is
`bench friends-deal` (friends_deal.py).

`LocalBroker` is the broker the tests start too (tests/browser/test_friends_transport.py,
tests/xengine/test_friends_transport.py)."""

from __future__ import annotations

import gzip
import json
import socket
import statistics
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from sitebuild.files import DIST
from sitebuild.friends import PEERJS, QRCODE, broker_script, not_precached
from sitebuild.offline import on_demand

from .browser import CHROMIUM_ARGS, launch, serve_in_background

BROKER_PATH = "/tt"
BLANK = "__friends_blank.html"


class LocalBroker:
    """The PeerJS broker (`peer`, pinned in tools/friends) on 127.0.0.1 and a free port, in a
    process of its own, stopped by `stop()` (or on leaving a `with`). `expire_ms` is its
    `--expire_timeout` (5 s, as `peer`'s default)."""

    def __init__(self, expire_ms: int = 5000) -> None:
        self.expire_ms = expire_ms  # how long an offer to an unknown id waits ("peer-unavailable")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = int(s.getsockname()[1])
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 20.0) -> LocalBroker:
        script = broker_script()
        self.proc = subprocess.Popen(
            ["node", str(script), "--host", "127.0.0.1", "--port", str(self.port)]
            + ["--path", BROKER_PATH, "--expire_timeout", str(self.expire_ms)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + timeout
        url = f"http://127.0.0.1:{self.port}{BROKER_PATH}/"
        while True:
            try:
                with urllib.request.urlopen(url, timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the PeerJS broker did not start on {url}")
            time.sleep(0.05)

    def config(self) -> dict[str, Any]:
        """The transport's settings for this broker (as friends.json gives them), no ICE
        server: every candidate is on this machine."""
        broker = {"host": "127.0.0.1", "port": self.port, "path": BROKER_PATH, "secure": False}
        return {"broker": broker, "iceServers": []}

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()  # `peer` then waits for its open sockets: a second at most
            try:
                self.proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.proc = None

    def __enter__(self) -> LocalBroker:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


# In the host's page: host on the broker, say "hello" to each guest as it opens and send back
# every message it receives.
HOST_ECHO = """async (config) => {
  const f = await import("./ui/web/friends.js");
  f.listen((e) => {
    if (e.what === "peer") f.send(e.peer, "hello");
    if (e.what === "msg") f.send(e.peer, e.text);
  });
  await f.host(config);
  for (let i = 0; i < 400; i++) {
    const open = f.events().find((e) => e.what === "open");
    if (open) return open.id;
    await new Promise((r) => setTimeout(r, 25));
  }
  return null;
}"""

# In a guest's page as soon as its modules run: join, and note when the first message came.
GUEST_JOIN = """async ([id, config, game]) => {
  for (let i = 0; game && i < 400 && !window.__tt_friends; i++) await new Promise((r) => setTimeout(r, 5));
  const f = await import("./ui/web/friends.js");
  const joined = performance.now();
  const first = new Promise((resolve) => f.listen((e) => {
    if (e.what === "msg") resolve(performance.now());
  }));
  await f.join(id, config);
  const at = await first;
  return {joined: joined, first: at};
}"""

# Round trips: each message waits for its echo.
ROUND_TRIPS = """async (n) => {
  const f = await import("./ui/web/friends.js");
  const times = [];
  for (let i = 0; i < n; i++) {
    const text = JSON.stringify({t: "ping", i: i});
    const back = new Promise((resolve) => {
      const off = f.listen((e) => { if (e.what === "msg" && e.text === text) { off(); resolve(); } });
    });
    const t0 = performance.now();
    f.send("host", text);
    await back;
    times.push(performance.now() - t0);
  }
  return times;
}"""


def gz(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 9))


def first_visit_gzip(dist: Path) -> int:
    """The files a first visit downloads with the offline copy (what sw.js precaches)."""
    later = set(on_demand(dist)) | set(not_precached(dist)) | {"sw.js", "sw.js.map"}
    return sum(
        gz(p)
        for p in dist.rglob("*")
        if p.is_file() and p.relative_to(dist).as_posix() not in later
    )


def p95(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(0.95 * (len(s) - 1)))]


def page_friends(runs: int = 3) -> None:
    """Prints the figures (median of `runs` guest openings; 100 round trips on the last)."""
    from playwright.sync_api import sync_playwright

    server, base = serve_in_background(DIST)
    url = base + "/"
    opens: list[tuple[float, float, float]] = []
    quiet: list[float] = []  # join() to the first message in a document that starts nothing
    trips: list[float] = []
    try:
        with LocalBroker() as broker, sync_playwright() as pw:
            browser = launch(pw, CHROMIUM_ARGS)
            config = broker.config()
            for run in range(runs):
                host_ctx = browser.new_context(service_workers="block")
                guest_ctx = browser.new_context(service_workers="block")
                host = host_ctx.new_page()
                host.goto(url + BLANK)  # the server's 404 page: a document that starts nothing
                host_id = host.evaluate(HOST_ECHO, config)
                if not host_id:
                    raise SystemExit("bench friends: the host never reached the broker")
                guest = guest_ctx.new_page()
                guest.goto(url + "?speed=0", wait_until="commit")
                got = guest.evaluate(GUEST_JOIN, [host_id, config, True])
                guest.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
                ready = float(guest.evaluate("() => window.__tt_ready_at"))
                opens.append(
                    (float(got["first"]), float(got["first"]) - float(got["joined"]), ready)
                )
                if run == runs - 1:
                    trips = [float(t) for t in guest.evaluate(ROUND_TRIPS, 100)]
                bare_ctx = browser.new_context(service_workers="block")
                bare = bare_ctx.new_page()
                bare.goto(url + BLANK)
                got = bare.evaluate(GUEST_JOIN, [host_id, config, False])
                quiet.append(float(got["first"]) - float(got["joined"]))
                for ctx in (host_ctx, guest_ctx, bare_ctx):
                    ctx.close()
            browser.close()
    finally:
        server.shutdown()
    first = statistics.median(o[0] for o in opens)
    joined = statistics.median(o[1] for o in opens)
    ready = statistics.median(o[2] for o in opens)
    peerjs = gz(DIST / PEERJS)
    friends_js = gz(DIST / "ui" / "web" / "friends.js")
    visit = first_visit_gzip(DIST)
    print(f"play with friends, local broker on 127.0.0.1, Chromium, median of {runs} openings")
    print(
        f"  guest opening -> first message: {first:.0f} ms "
        f"(÷ the same page's own time to ready, {ready:.0f} ms: {first / ready:.2f}); "
        f"from join() to it: {joined:.0f} ms "
        f"({statistics.median(quiet):.0f} ms in a document that starts nothing)"
    )
    print(
        f"  message round trip over {len(trips)}: median {statistics.median(trips):.2f} ms, "
        f"p95 {p95(trips):.2f} ms"
    )
    added = peerjs + friends_js
    print(
        f"  added download (gzip, only when a table with friends opens): PeerJS {peerjs / 1e3:.1f} KB"
        f" + friends.js {friends_js / 1e3:.1f} KB = {added / 1e3:.1f} KB "
        f"(÷ a first visit's {visit / 1e6:.2f} MB: {added / visit:.4f})"
    )
    qr = gz(DIST / QRCODE)
    invite_js = gz(DIST / "ui" / "web" / "invite.js")
    print(
        f"  the invite link's QR code (gzip, only when the host's set-up sheet shows a link): "
        f"qrcode-generator {qr / 1e3:.1f} KB + invite.js {invite_js / 1e3:.1f} KB = "
        f"{(qr + invite_js) / 1e3:.1f} KB (÷ a first visit's: {(qr + invite_js) / visit:.4f})"
    )
    print(
        json.dumps(
            {
                "first_ms": first,
                "join_ms": joined,
                "ready_ms": ready,
                "peerjs_gz": peerjs,
                "qrcode_gz": qr,
                "invite_js_gz": invite_js,
            }
        )
    )


# One pairing without a broker in two pages (ui/web/pairing.js): the host's offer, the
# guest's answer, and the channel from the paste to open on both sides; each time in ms.
PAIR_HOST = """async (label) => {
  const p = await import("./ui/web/pairing.js"), f = await import("./ui/web/friends.js");
  const t0 = performance.now();
  const code = await new Promise((resolve) => {
    const off = f.listen((e) => { if (e.peer === label && e.what !== "peer") { off(); resolve(e.text || ""); } });
    p.offer(label, {iceServers: []});
  });
  return {code: code, ms: performance.now() - t0};
}"""
PAIR_GUEST = """async (code) => {
  const p = await import("./ui/web/pairing.js"), f = await import("./ui/web/friends.js");
  const t0 = performance.now();
  const answer = await new Promise((resolve) => {
    const off = f.listen((e) => { if (e.what === "answer" || e.what === "pair-error") { off(); resolve(e.text || ""); } });
    p.answer(code, {iceServers: []});
  });
  return {code: answer, ms: performance.now() - t0};
}"""
PAIR_OPEN = """async ([label, code]) => {
  const p = await import("./ui/web/pairing.js"), f = await import("./ui/web/friends.js");
  const t0 = performance.now();
  const opened = new Promise((resolve) => {
    const off = f.listen((e) => { if (e.peer === label && (e.what === "peer" || e.what === "pair-error")) { off(); resolve(e.what); } });
  });
  await p.accept(label, code);
  const what = await opened;
  return {what: what, ms: performance.now() - t0};
}"""


def page_pairing(runs: int = 8) -> None:
    """Pairing without a broker (ui/web/pairing.js) in two Chromium contexts, `runs` times:
    the invite link's and the answer code's lengths (min-max), and the median times of the
    host's offer, the guest's answer and the paste to an open channel."""
    from playwright.sync_api import sync_playwright

    server, base = serve_in_background(DIST)
    url = base + "/"
    links: list[int] = []
    answers: list[int] = []
    times: dict[str, list[float]] = {"offer": [], "answer": [], "open": []}
    opened = 0
    try:
        with sync_playwright() as pw:
            browser = launch(pw, CHROMIUM_ARGS)
            for run in range(runs):
                ctxs = [browser.new_context(service_workers="block") for _ in range(2)]
                host, guest = (c.new_page() for c in ctxs)
                for pg in (host, guest):
                    pg.goto(url + BLANK)
                label = f"pair1-{run + 1}"
                offer = host.evaluate(PAIR_HOST, label)
                query = urllib.parse.urlencode({"friends": "pair:" + offer["code"]})
                links.append(
                    len(f"https://example.github.io/trick-table/?{query}&seat=1&token=") + 22
                )  # (a seat's token: 16 bytes, base64url)
                answer = guest.evaluate(PAIR_GUEST, offer["code"])
                answers.append(len(answer["code"]))
                got = host.evaluate(PAIR_OPEN, [label, answer["code"]])
                opened += got["what"] == "peer"
                for k, v in (("offer", offer), ("answer", answer), ("open", got)):
                    times[k].append(float(v["ms"]))
                for c in ctxs:
                    c.close()
            browser.close()
    finally:
        server.shutdown()
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"inviting without a broker, Chromium, {runs} pairings ({opened}/{runs} opened)")
    print(
        f"  invite link {min(links)}-{max(links)} characters (at https://example.github.io/"
        f"trick-table/, with the seat and its token); answer code {min(answers)}-{max(answers)}"
    )
    print(
        f"  median: offer {med['offer']:.0f} ms, answer {med['answer']:.0f} ms, "
        f"paste -> open {med['open']:.0f} ms (max {max(times['open']):.0f} ms)"
    )


def chromium_host(url: str, config: dict[str, Any]) -> None:
    """A Chromium host that says "hello" to each guest and sends back what it receives, in a
    process of its own (`python3 -m bench.page.friends URL CONFIG`): prints {"id": ...} once
    it is on the broker, then each event as a JSON line, until its standard input closes."""
    import threading

    from playwright.sync_api import sync_playwright

    done = threading.Event()

    def until_closed() -> None:
        sys.stdin.read()
        done.set()

    threading.Thread(target=until_closed, daemon=True).start()
    with sync_playwright() as pw:
        browser = launch(pw, CHROMIUM_ARGS)
        page = browser.new_context(service_workers="block").new_page()
        page.goto(url + BLANK)
        print(json.dumps({"id": page.evaluate(HOST_ECHO, config)}), flush=True)
        seen = 0
        while not done.wait(0.05):
            got = page.evaluate("async () => (await import('./ui/web/friends.js')).events()")
            for e in got[seen:]:
                print(json.dumps(e), flush=True)
            seen = len(got)
        browser.close()


if __name__ == "__main__":
    chromium_host(sys.argv[1], json.loads(sys.argv[2]))
