"""A whole deal with friends measured (`python3 build.py bench friends-deal`): a host and two
guests, each in a Chromium context of its own, and a computer play a deal of auction Batak on
the built site through a local PeerJS broker (127.0.0.1), every move a click on a page's own
controls (bench/page/friends_play.py). It prints:

- a guest opening the invite link to its seat taken (the host's welcome), and a guest opening
  it again mid-deal to its table drawn (its own hand on its felt), each beside that page's own
  time to ready in the same load;
- the delay from a player's click on a card to that card on the other players' felts (the
  first animation frame after the felt changed), median and p95 over the deal's cards: to the
  host's felt, to the other guest's, and back on the clicking guest's own felt (a guest's card
  goes to the host and comes back as the host's state: the time a guest's tap is answered);
- the bytes the deal sent each way (the text of every message, heartbeats included, by kind).

Then the same deal again with the guests' pages' CPU throttled 4x (a phone), in the same run:
the ratios are the figures to compare."""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engine.core import Match
from sitebuild.files import DIST

from .browser import CHROMIUM_ARGS, launch, serve_in_background
from .friends import LocalBroker, p95
from .friends_play import OVER, OnPage, invite, play_until

# Installed in every page before its scripts: the time of each click on a card of the hand
# (its card), and of the first animation frame that shows each card on the felt's trick.
WATCH = """(() => {
  const now = () => performance.timeOrigin + performance.now();
  const clicks = [], shown = {}, marks = [];
  window.__bench_clicks = clicks;
  window.__bench_marks = marks;
  window.__bench_shown = shown;
  document.addEventListener("click", (e) => {
    const c = e.target && e.target.closest && e.target.closest("#hand [data-card]");
    if (!c) return;
    const t = performance.timeOrigin + e.timeStamp;
    clicks.push({card: c.dataset.card, t: t});
    requestAnimationFrame(() => { if (c.hasAttribute("data-sent")) marks.push(now() - t); });
  }, true);
  const look = () => {
    const fresh = [];
    for (const n of document.querySelectorAll("#trick .play[data-play-cards]")) {
      for (const card of n.dataset.playCards.split(" ")) {
        if (card && !(card in shown)) { shown[card] = 0; fresh.push(card); }
      }
    }
    if (fresh.length) requestAnimationFrame(() => { const t = now(); fresh.forEach((c) => { shown[c] = t; }); });
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true});
})()"""
# Counts the text of every message a page receives, by the message's type.
COUNT = """async () => {
  const f = await import("./ui/web/friends.js");
  const got = {};
  window.__bench_bytes = got;
  f.listen((e) => {
    if (e.what !== "msg") return;
    let kind = "?";
    try { kind = JSON.parse(e.text).type; } catch (err) { /* counted as "?" */ }
    const n = new TextEncoder().encode(e.text).length;
    const k = got[kind] || (got[kind] = {n: 0, bytes: 0});
    k.n += 1; k.bytes += n;
  });
}"""
NOW = "() => performance.timeOrigin + performance.now()"
# When the page's first welcome (its seat taken) came, or null before.
WELCOMED = """async () => {
  const evs = await window.__tt_friends.events();
  return evs.some((e) => e.what === "msg" && e.text.includes('"type":"welcome"'))
    ? performance.timeOrigin + performance.now() : null;
}"""
HAND = "#hand [data-card]"


class Run:
    """One deal's pages: the host's and its two guests' (by seat), on one broker."""

    def __init__(self, browser: Any, url: str, broker: LocalBroker, cpu: int) -> None:
        self.browser, self.url, self.cpu = browser, url, cpu
        self.cfg = json.dumps(broker.config())
        self.ctxs: list[Any] = []

    def page(self, throttle: bool) -> Any:
        ctx = self.browser.new_context(service_workers="block")
        ctx.route(
            "**/friends.json",
            lambda r: r.fulfill(status=200, content_type="application/json", body=self.cfg),
        )
        ctx.add_init_script(WATCH)
        self.ctxs.append(ctx)
        pg = ctx.new_page()
        pg.set_default_timeout(60_000)
        if throttle and self.cpu > 1:
            cdp = ctx.new_cdp_session(pg)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": self.cpu})
        return pg

    def close(self) -> None:
        for ctx in self.ctxs:
            ctx.close()


def until(pg: Any, fn: str, timeout: float = 60.0) -> float:
    """`fn`'s first result that is not null, polled every 10 ms."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = pg.evaluate(fn)
        if got is not None:
            return float(got)
        time.sleep(0.01)
    raise AssertionError(f"never came: {fn}")


def ready_ms(pg: Any) -> float:
    pg.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    return float(pg.evaluate("() => window.__tt_ready_at"))


def opened(run: Run) -> tuple[Any, dict[int, Any], str, list[tuple[float, float]]]:
    """The host's table with seats 1 and 2 friends' and 3 the computer's, its two guests
    seated (each: link opened -> welcome, and its page's ready), the deal started."""
    host = run.page(throttle=False)
    invite(host, run.url)
    host.wait_for_selector("[data-friends-link]")
    link = str(host.get_attribute("[data-friends-link]", "value"))
    pages, joins = [], []
    for _ in range(2):
        g = run.page(throttle=True)
        g.goto(link, wait_until="commit")
        start = g.evaluate(NOW)
        g.wait_for_function(
            "() => window.__tt_friends && true", polling=20, timeout=120_000
        )  # (the page's hooks are there)
        ready = ready_ms(g)
        welcomed = until(g, WELCOMED)
        joins.append((float(welcomed) - float(start), ready))
        g.evaluate(COUNT)
        pages.append(g)
    host.wait_for_function(
        "() => [...document.querySelectorAll('[data-friends-seat][data-kind=friend]')]"
        ".every(n => !n.textContent.includes('waiting'))"
    )
    host.evaluate(COUNT)
    host.click('[data-action="friends-start"]')
    host.wait_for_selector("#table:not([hidden])")
    host.wait_for_function("() => window.__tt_record() !== null")
    guests: dict[int, Any] = {}
    rec = json.loads(host.evaluate("window.__tt_record()"))
    m = Match(rec["game"], seed=rec["seed"], options=rec["options"], players=rec["players"])
    hands = m.deal.setup()["hands"]
    for g in pages:
        g.wait_for_selector(HAND, state="attached")
        own = set(g.eval_on_selector_all(HAND, "ns => ns.map(n => n.dataset.card)"))
        guests[next(s for s, h in enumerate(hands) if set(h) == own)] = g
    return host, guests, link, joins


def harvest(pg: Any) -> dict[str, Any]:
    """What a page recorded: its clicks, the frames that showed each card, the bytes it got."""
    return {
        "clicks": pg.evaluate("() => window.__bench_clicks"),
        "shown": pg.evaluate("() => window.__bench_shown"),
        "bytes": pg.evaluate("() => window.__bench_bytes || {}"),
        "marks": pg.evaluate("() => window.__bench_marks"),
    }


def joined(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """One page's records before and after it was opened again."""
    return {
        "clicks": a["clicks"] + b["clicks"],
        "shown": {**b["shown"], **a["shown"]},
        "bytes": merge(iter([a["bytes"], b["bytes"]])),
        "marks": a["marks"] + b["marks"],
    }


class Back:
    """A guest's page opened again on its link mid-deal (its browser keeps its seat), once,
    after `after` moves: from the navigation to its own hand drawn, and its page's ready; what
    the page had recorded before is kept."""

    def __init__(self, host: Any, guest: Any, link: str, after: int = 20) -> None:
        self.host, self.guest, self.link, self.after = host, guest, link, after
        self.figures: tuple[float, float] | None = None
        self.gap = (0.0, 0.0)  # its navigation to its hand drawn (epoch ms)
        self.before: dict[str, Any] | None = None

    def __call__(self) -> bool:
        if self.figures is not None:
            return False
        rec = json.loads(self.host.evaluate("window.__tt_record()"))
        if len(rec["deals"][-1]["moves"]) < self.after:
            return False
        g = self.guest
        self.before = harvest(g)
        g.goto(self.link, wait_until="commit")
        start = g.evaluate(NOW)
        g.wait_for_selector(HAND, state="attached", timeout=60_000)
        drawn = g.evaluate(NOW)
        self.gap = (float(start), float(drawn))
        self.figures = (float(drawn) - float(start), ready_ms(g))
        g.evaluate(COUNT)
        return True


def delays(records: dict[str, dict[str, Any]]) -> dict[str, list[float]]:
    """For each card clicked on a page, the time to its frame on each other page's felt (and
    on a guest's own)."""
    out: dict[str, list[float]] = {
        "the host's click -> the guests' felts": [],
        "a guest's click -> the host's felt": [],
        "a guest's click -> the other guest's felt": [],
        "a guest's click -> its own felt (through the host)": [],
        "a guest's click -> its card marked sent (its next frame)": [
            m for r in records.values() for m in r["marks"]
        ],
    }
    for who, rec in records.items():
        for c in rec["clicks"]:
            for other, orec in records.items():
                t = orec["shown"].get(c["card"])
                if not t:
                    continue
                d = float(t) - float(c["t"])
                gap = orec.get("gap")
                if gap and float(c["t"]) < gap[1] and float(t) >= gap[0]:
                    continue  # drawn by the page opened again, not as the card came
                if who == "host":
                    out["the host's click -> the guests' felts"].append(d)
                elif other == who:
                    out["a guest's click -> its own felt (through the host)"].append(d)
                elif other == "host":
                    out["a guest's click -> the host's felt"].append(d)
                else:
                    out["a guest's click -> the other guest's felt"].append(d)
    return out


def one_deal(browser: Any, url: str, broker: LocalBroker, cpu: int) -> dict[str, Any]:
    run = Run(browser, url, broker, cpu)
    try:
        host, guests, link, joins = opened(run)
        pages = {0: OnPage(host), **{s: OnPage(g) for s, g in guests.items()}}
        back = Back(host, guests[min(guests)], link)
        made = play_until(pages, lambda: bool(host.evaluate(OVER)), before=back, timeout=600.0)
        assert back.figures is not None and back.before is not None
        records = {"host": harvest(host)}
        for s, g in guests.items():
            records[f"guest{s}"] = harvest(g)
        key = f"guest{min(guests)}"
        records[key] = {**joined(back.before, records[key]), "gap": back.gap}
        sent = {
            "host -> guests": merge(iter([r["bytes"] for k, r in records.items() if k != "host"])),
            "guests -> host": records["host"]["bytes"],
        }
        return {
            "joins": joins,
            "back": back.figures,
            "delays": delays(records),
            "sent": sent,
            "moves": len(made),
        }
    finally:
        run.close()


def merge(counts: Iterator[dict[str, dict[str, int]]]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for c in counts:
        for kind, v in c.items():
            k = out.setdefault(kind, {"n": 0, "bytes": 0})
            k["n"] += v["n"]
            k["bytes"] += v["bytes"]
    return out


@contextmanager
def chromium() -> Iterator[tuple[Any, str, LocalBroker]]:
    from playwright.sync_api import sync_playwright

    server, base = serve_in_background(DIST)
    try:
        with LocalBroker() as broker, sync_playwright() as pw:
            browser = launch(pw, CHROMIUM_ARGS)
            try:
                yield browser, base + "/", broker
            finally:
                browser.close()
    finally:
        server.shutdown()


def show(label: str, r: dict[str, Any]) -> None:
    print(f"{label} ({r['moves']} moves clicked):")
    for i, (join, ready) in enumerate(r["joins"], start=1):
        print(
            f"  guest {i}: link opened -> seat taken {join:.0f} ms (its page's ready {ready:.0f} ms)"
        )
    back, ready = r["back"]
    print(
        f"  a guest's link opened again mid-match -> its hand on its felt {back:.0f} ms (ready {ready:.0f} ms)"
    )
    for what, xs in r["delays"].items():
        if xs:
            print(
                f"  {what}: median {statistics.median(xs):.0f} ms,"
                f" p95 {p95(xs):.0f} ms over {len(xs)} cards"
            )
    for way, kinds in r["sent"].items():
        total = sum(v["bytes"] for v in kinds.values())
        parts = ", ".join(
            f"{k} {v['n']} ({v['bytes'] / 1e3:.1f} KB)" for k, v in sorted(kinds.items())
        )
        print(f"  {way}: {total / 1e3:.1f} KB: {parts}")


def friends_deal(cpu: int = 4) -> None:
    """Prints the figures: one deal at full speed, then one with the guests' CPU throttled."""
    t0 = time.monotonic()
    with chromium() as (browser, url, broker):
        fast = one_deal(browser, url, broker, 1)
        print("(the deal at full speed played)", flush=True)
        slow = one_deal(browser, url, broker, cpu)
    print("a deal of auction Batak with two friends and a computer, local broker, Chromium")
    show("guests at full speed", fast)
    show(f"guests' CPU throttled {cpu}x (a phone)", slow)
    for what in fast["delays"]:
        a, b = fast["delays"].get(what) or [], slow["delays"].get(what) or []
        if a and b:
            print(
                f"  ratio {cpu}x / 1x, {what}: median "
                f"{statistics.median(b) / statistics.median(a):.2f}"
            )
    print(f"({time.monotonic() - t0:.0f} s)")


__all__ = ["friends_deal"]
