"""Play with friends end to end: the built site on 127.0.0.1, a local PeerJS broker (the
transport test's fixtures), a host and two guests in three Chromium contexts and a computer
playing a whole deal of auction Batak. Each guest plays its own cards from its own page; the
felts agree; no guest's page ever draws a card of another seat's hand that was not played; a
guest that reloads mid-trick comes back to its seat, the computer having played for it. The
host's page reloaded mid-deal: its guests say the table is paused, then come back to their
seats by themselves and play on; a host's broker id still taken is asked for again."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from bench import xengine as X
from bench.page import friends_play as FP
from bench.page.friends import LocalBroker
from engine.core import Match

from .test_friends_transport import broker, served  # noqa: F401 (the shared fixtures)

pytestmark = pytest.mark.e2e

CARDS = "ns => ns.map(n => n.dataset.card)"
PLAYS = "ns => ns.flatMap(n => (n.dataset.playCards || '').split(' '))"  # the felt's plays
DEALS = "JSON.parse(window.__tt_record()).deals.length"
MOVES = "JSON.parse(window.__tt_record()).deals.at(-1).moves.length"  # the host's deal's moves


class Table:
    """The host's page and its guests' pages, each in a context of its own."""

    def __init__(self, browser: Any, site: X.Site, local: LocalBroker) -> None:
        self.browser, self.served = browser, site
        self.cfg = json.dumps(local.config())
        self.ctxs: list[Any] = []
        self.errors: list[str] = []

    def page(self) -> Any:
        ctx = self.browser.new_context(service_workers="block")
        ctx.route(
            "**/friends.json",
            lambda r: r.fulfill(status=200, content_type="application/json", body=self.cfg),
        )
        self.ctxs.append(ctx)
        pg = ctx.new_page()
        pg.on("pageerror", lambda e: self.errors.append(str(e)))
        pg.set_default_timeout(20_000)
        return pg

    def close(self) -> None:
        for ctx in self.ctxs:
            ctx.close()


@pytest.fixture
def table(browser: Any, served: X.Site, broker: LocalBroker) -> Iterator[Table]:  # noqa: F811
    t = Table(browser, served, broker)
    yield t
    t.close()
    assert not t.errors, t.errors


def settle(pg: Any) -> None:
    pg.wait_for_selector("html:not([data-busy])", state="attached")


def over(host: Any) -> bool:
    """The first deal is over on the host's page (its summary, or the next deal dealt)."""
    return bool(host.query_selector("[data-summary]")) or host.evaluate(DEALS) > 1


def host_record(host: Any) -> Match | None:
    """The host's match replayed from its record (the engine's own), to say whose card is whose
    (the first deal's; None once the next one is dealt)."""
    rec = json.loads(host.evaluate("window.__tt_record()"))
    if len(rec["deals"]) > 1:
        return None
    m = Match(rec["game"], seed=rec["seed"], options=rec["options"], players=rec["players"])
    for move in rec["deals"][-1]["moves"]:
        m.play(move)
    return m


def seen_cards(pg: Any) -> set[str]:
    """Every card the page draws face up (hand, trick, anywhere)."""
    drawn = pg.eval_on_selector_all("[data-card]", CARDS)
    return {c for c in drawn + pg.eval_on_selector_all("[data-play-cards]", PLAYS) if c}


def played(m: Match) -> set[str]:
    out: set[str] = set()
    for move in m.deal.moves:
        out.update(c for c in str(move).split() if len(c) >= 2 and c[-1] in "SHDC")
    return out


def check_fair(guests: dict[int, Any], host: Any) -> None:
    """No guest's page shows a card of another seat's hand that has not been played."""
    m = host_record(host)
    if m is None:
        return
    hands = m.deal.setup()["hands"]
    shown = played(m)
    for seat, pg in guests.items():
        others = {c for s, h in enumerate(hands) if s != seat for c in h} - shown
        leaked = seen_cards(pg) & others
        where = pg.evaluate(
            "cs => [...document.querySelectorAll('[data-card],[data-play-cards]')]"
            ".filter(n => cs.some(c => (n.dataset.card || n.dataset.playCards || '').split(' ')"
            ".includes(c))).map(n => (n.closest('[id]') || {}).id + ' ' + n.outerHTML.slice(0, 200))",
            sorted(leaked),
        )
        assert not leaked, f"seat {seat}'s page shows {leaked}: {where} ({m.deal.moves})"


def trick(pg: Any) -> list[str]:
    return sorted(c for c in pg.eval_on_selector_all("#trick .play", PLAYS) if c)


def on_felt(m: Match) -> tuple[list[str], list[str]]:
    """The trick in progress and the one taken last, by the host's record."""
    v = m.deal.view(0)
    now = sorted(str(c) for _, c in v.get("trick") or [])
    tricks = v.get("tricks") or []
    last = sorted(str(c) for _, c in tricks[-1]["plays"]) if tricks else []
    return now, last


def agree(host: Any, guests: dict[int, Any], timeout: float = 8.0) -> int:
    """Every felt shows the trick of the host's record: a guest's the trick in progress, or
    before the next lead the trick just taken; the host's the same, or an empty felt then
    (waited for). How many cards the guests show."""
    deadline = time.monotonic() + timeout
    while True:
        m = host_record(host)
        if m is None:
            return 0
        now, last = on_felt(m)
        want = now or last
        shown = trick(host)
        got = {s: trick(g) for s, g in guests.items()}
        if all(v == want for v in got.values()) and shown in (now, want):
            return sum(len(v) for v in got.values())
        if time.monotonic() > deadline:
            raise AssertionError(f"the felts disagree: {want} wanted, host {shown}, guests {got}")
        time.sleep(0.1)


def refused(pg: Any, code: str, timeout: float = 10.0) -> str:
    """The sentence of the host's latest refusal `code` to this page (waited for)."""
    deadline = time.monotonic() + timeout
    while True:
        for e in reversed(pg.evaluate("() => window.__tt_friends.events()")):
            if e["what"] == "msg" and '"refused"' in e["text"]:
                data = json.loads(e["text"])
                if data["code"] == code:
                    return str(data["text"])
        if time.monotonic() > deadline:
            raise AssertionError(f"no refusal {code}")
        time.sleep(0.1)


def cheat(pg: Any, move: str) -> None:
    """A move request sent by hand through the page's transport, with the last state's id."""
    pg.evaluate(
        """async (move) => {
          const evs = await window.__tt_friends.events();
          const st = evs.filter(e => e.what === "msg" && e.text.includes('"type":"state"')).at(-1);
          const sid = JSON.parse(st.text).sid;
          return window.__tt_friends.send("host", JSON.stringify({v: 1, type: "move", sid, move}));
        }""",
        move,
    )


def try_cheating(host: Any, guests: dict[int, Any], m: Match) -> bool:
    """At a guest's turn with a card it may not play: that card sent by hand is refused with a
    sentence, and so is a card sent by the other guest, whose turn it is not; nothing moves."""
    seat = m.deal.to_move
    hand = m.deal.setup()["hands"][seat]
    wrong = [c for c in hand if c not in played(m) and c not in m.deal.legal_moves()]
    if not wrong:
        return False
    before = len(m.deal.moves)
    cheat(guests[seat], wrong[0])
    assert refused(guests[seat], "illegal")
    other = next(s for s in guests if s != seat)
    cheat(guests[other], m.deal.legal_moves()[0])
    assert refused(guests[other], "turn") == "It is not your turn."
    assert host.evaluate(MOVES) == before
    return True


def open_table(t: Table) -> tuple[Any, dict[int, Any], str]:
    host = t.page()
    FP.invite(host, t.served.base)  # seats 1 and 2 friends, 3 computer
    link = str(host.get_attribute("[data-friends-link]", "value"))
    assert "?friends=" in link
    pages = []
    for _ in range(2):
        g = t.page()
        g.goto(link)
        pages.append(g)
    host.wait_for_function(
        "() => document.querySelectorAll('[data-friends-seat][data-kind=friend]').length === 2"
        " && ![...document.querySelectorAll('[data-friends-seat][data-kind=friend]')]"
        ".some(n => n.textContent.includes('waiting'))",
        timeout=60_000,
    )
    host.click('[data-action="friends-start"]')
    host.wait_for_selector("#table:not([hidden])")
    host.wait_for_selector('#bar [data-action="last-trick"]', state="attached")
    assert not host.query_selector('[data-action="undo"], [data-action="hint"]')  # no help
    guests: dict[int, Any] = {}
    for g in pages:
        g.wait_for_selector("#hand [data-card]", state="attached", timeout=30_000)
        own = set(g.eval_on_selector_all("#hand [data-card]", CARDS))
        first = host_record(host)
        assert first is not None
        hands = first.deal.setup()["hands"]
        seat = next(s for s, h in enumerate(hands) if set(h) == own)
        guests[seat] = g
    assert sorted(guests) == [1, 2]
    return host, guests, link


def says_the_contract(host: Any, guests: dict[int, Any], m: Match) -> bool:
    """Once the auction is over, each guest's bar says the contract as the host's does, and
    its seats show the bids and passes; the host's table still offers no undo or hint."""
    for g in guests.values():
        g.wait_for_function(
            "() => [...document.querySelectorAll('#bar .fact')]"
            ".some(n => n.textContent.includes('Contract'))"
        )
        tags = g.eval_on_selector_all("#seats .tag", "ns => ns.map(n => n.textContent)")
        assert any(t.startswith("bid ") for t in tags) and "pass" in tags, tags
        assert "of 10" in g.inner_text("#bar .title")
    assert m.deal.declarer is not None
    assert not host.query_selector('[data-action="undo"], [data-action="hint"]')
    return True


def test_a_deal_with_two_friends_and_a_computer(table: Table) -> None:
    host, guests, link = open_table(table)
    reloaded, came_back, shown, cheated, contract, marked = False, 0, 0, False, False, False
    by_seat: dict[int, int] = {0: 0, 1: 0, 2: 0}
    moves = 0  # the host's deal's moves before the move of this round

    def look() -> bool:
        """Before each move: nothing unfair drawn, the contract said, a guest's reload, a
        guest's cheating (a round without a move when a guest reloaded)."""
        nonlocal reloaded, came_back, cheated, contract, moves, marked
        settle(host)
        m = host_record(host)
        if m is None:
            return True
        check_fair(guests, host)
        to_move, moves = m.deal.to_move, len(m.deal.moves)
        if m.deal.phase == "play" and not contract:
            contract = says_the_contract(host, guests, m)
        if m.deal.phase == "play" and to_move in guests and not reloaded and m.deal.trick:
            came_back = reload_a_guest(host, guests[to_move], to_move, m)
            reloaded = True
            by_seat[came_back] = 0
            return True
        if m.deal.phase == "play" and to_move in guests and not cheated:
            cheated = try_cheating(host, guests, m)
        if m.deal.phase == "play" and to_move in guests and cheated and not marked:
            marked = tap_marks_at_once(host, guests[to_move], moves)
            return True
        return False

    def answered(seat: int, _move: str) -> None:
        """After each move: a guest's reached the host, and every felt shows the trick."""
        nonlocal shown
        by_seat[seat] += 1
        if seat in guests:
            host.wait_for_function(
                f"n => document.querySelector('[data-summary]') || {MOVES} > n",
                arg=moves,
                timeout=10_000,
            )
            if not over(host):
                shown += agree(host, guests)

    pages = {0: FP.OnPage(host), **{s: FP.OnPage(g) for s, g in guests.items()}}
    FP.play_until(pages, lambda: over(host), before=look, after=answered, rounds=400)
    assert reloaded and cheated and contract and marked and shown > 20, shown
    assert by_seat[came_back] >= 1 and by_seat[3 - came_back] >= 5, by_seat  # (played on after)
    check_fair(guests, host)


TAP_MARKS = """() => {
  const card = document.querySelector("#hand [data-card][data-legal]");
  card.click();
  return card.hasAttribute("data-sent");
}"""


def tap_marks_at_once(host: Any, g: Any, moves: int) -> bool:
    """A guest's tap on a playable card marks it at once, in the same task as the tap, before
    the host has it (the move still goes to the host, which plays it)."""
    settle(g)
    assert g.evaluate(TAP_MARKS)
    host.wait_for_function(f"n => {MOVES} > n", arg=moves, timeout=20_000)
    return True


def reload_a_guest(host: Any, g: Any, seat: int, m: Match) -> int:
    """A guest reloads mid-trick at its turn: the computer plays for it meanwhile, and the
    same link (its browser kept the seat's token) brings it back to its seat. Its seat."""
    before = len(m.deal.moves)
    g.reload()
    host.wait_for_function(f"n => {MOVES} > n", arg=before, timeout=20_000)
    g.wait_for_selector("#hand [data-card]", state="attached", timeout=60_000)
    back = set(g.eval_on_selector_all("#hand [data-card]", CARDS))
    now = host_record(host)
    assert now is not None and back and back <= set(now.deal.setup()["hands"][seat]), back
    assert now.deal.moves[before] in m.deal.legal_moves()  # the computer's, for that seat
    return seat


def opened_ids(pg: Any, timeout: float = 30.0) -> list[str]:
    """The broker ids the page's transport opened with (waited for, until there is one)."""
    deadline = time.monotonic() + timeout
    while True:
        events = pg.evaluate("() => window.__tt_friends.events()")
        opened = [str(e["id"]) for e in events if e["what"] == "open"]
        if opened or time.monotonic() > deadline:
            return opened
        time.sleep(0.1)


def status(pg: Any) -> str:
    return str(pg.evaluate("() => document.getElementById('status').textContent"))


def test_the_host_reloads_and_the_guests_play_on_in_their_seats(table: Table) -> None:
    """The host's page reloaded mid-deal: each guest's page says the table is paused, then the
    host's page opens the table again at the same position with the same broker id, each guest
    joins again by itself and takes its own seat back, and the deal is played to its end."""
    host, guests, link = open_table(table)
    pages = {0: FP.OnPage(host), **{s: FP.OnPage(g) for s, g in guests.items()}}

    def in_play() -> bool:  # a few moves first, into the play
        m = host_record(host)
        assert m is not None
        return m.deal.phase == "play" and len(m.deal.moves) >= 6

    def settled() -> bool:
        settle(host)
        return False

    FP.play_until(pages, in_play, before=settled, rounds=200, fails="the play never began")
    before = json.loads(host.evaluate("window.__tt_record()"))
    host.reload()
    for g in guests.values():
        g.wait_for_function(
            "() => document.getElementById('status').textContent.includes('table is paused')",
            timeout=10_000,
        )
    host.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    host.wait_for_selector("#table:not([hidden])")
    after = json.loads(host.evaluate("window.__tt_record()"))
    moves = before["deals"][-1]["moves"]
    assert after["seed"] == before["seed"] and after["deals"][-1]["moves"][: len(moves)] == moves
    opened = opened_ids(host)  # (the broker may hold the id a moment: asked for again)
    assert opened and link.endswith("?friends=" + opened[-1]), (link, opened)
    for g in guests.values():  # each guest back at its table, by itself
        g.wait_for_function(
            "() => !document.getElementById('status').textContent.includes('paused')",
            timeout=30_000,
        )
    by_seat = {0: 0, 1: 0, 2: 0}

    def own_cards() -> bool:
        """Before each move: nothing unfair drawn; a guest to move holds its own seat's hand."""
        settle(host)
        m = host_record(host)
        if m is None:
            return True
        check_fair(guests, host)
        seat = m.deal.to_move
        if seat in guests:  # its own cards: the guest's page holds its seat's hand
            g = guests[seat]
            settle(g)
            own = set(g.eval_on_selector_all("#hand [data-card]", CARDS))
            assert own <= set(m.deal.setup()["hands"][seat]), (seat, own)
        return False

    def count(seat: int, _move: str) -> None:
        by_seat[seat] += 1

    FP.play_until(pages, lambda: over(host), before=own_cards, after=count, rounds=400)
    assert by_seat[1] >= 2 and by_seat[2] >= 2, by_seat  # each guest played on, in its seat
    for g in guests.values():
        assert "paused" not in status(g)


HOST_OPEN = """async (cfg) => {
  const f = await import("./ui/web/friends.js");
  await f.host(cfg);
  for (let i = 0; i < 400; i++) {
    const open = f.events().find((e) => e.what === "open");
    if (open) return open.id;
    await new Promise((r) => setTimeout(r, 25));
  }
  return null;
}"""
FRIENDS_EVENTS = "async () => (await import('./ui/web/friends.js')).events()"


def test_a_host_id_still_taken_is_asked_for_again(table: Table) -> None:
    """A host's page asking for a broker id another page still holds (a reopened table whose
    last page has not let go of it) asks again every few seconds, saying nothing meanwhile,
    and has it once it is free."""
    first, second = table.page(), table.page()
    for pg in (first, second):
        pg.goto(table.served.base + "__friends_blank.html")
    cfg = json.loads(table.cfg)
    held = first.evaluate(HOST_OPEN, cfg)
    assert held
    second.evaluate(
        "async (cfg) => { await (await import('./ui/web/friends.js')).host(cfg); }",
        dict(cfg, id=held),
    )
    time.sleep(4.0)  # refused by the broker at least once (the id is taken), then again
    assert second.evaluate(FRIENDS_EVENTS) == []  # no error said, no other id taken
    first.evaluate("async () => (await import('./ui/web/friends.js')).drop('*')")
    deadline = time.monotonic() + 15.0
    while not any(e["what"] == "open" for e in second.evaluate(FRIENDS_EVENTS)):
        assert time.monotonic() < deadline, "the id was never taken again"
        time.sleep(0.1)
    assert [e for e in second.evaluate(FRIENDS_EVENTS) if e["what"] != "msg"] == [
        {"type": "friends", "what": "open", "id": held}
    ]
