"""A table played with friends, as each player sees it: the host's table has no undo, hint or
play checker (they would take back a guest's move, or help the host alone); a guest's felt
says what the host's says (the contract, the bids, the deal's number, the last trick, the
deal's summary, the match's end), drawn by the table's own views from the state it was sent."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import engine
from bench.fake_page import asks, run, until
from ui.embed.spec import EmbedError
from ui.friends import felt as GF
from ui.friends import protocol as M
from ui.friends.guest import GuestSession
from ui.friends.host import FriendsTable
from ui.shell.env import DISPLAY_KEY

from .friends_pages import (
    Relay,
    app,
    guest_of,
    host_table,
    play_until,
    seat_guest,
    seated,
    table_with,
)


def test_the_hosts_table_has_no_undo_no_hint_and_no_checker() -> None:
    """At a match with friends the bar draws neither Hint nor Undo; their keys, a click on
    their controls and the play checker's setting are refused in words and change nothing. A
    match alone on the same page has them again."""

    async def go() -> None:
        relay = Relay()
        host = await host_table(relay, friends=1)
        ayla = await seat_guest(relay, host, "Ayla", 1)
        host.send({"type": "motion", "reduce": True, "display": json.dumps({"checker": True})})
        assert app(host).env.store[DISPLAY_KEY]
        host.click({"data-action": "friends-start"})
        t = app(host).t
        m = t.match
        await play_until(
            host,
            [ayla],
            lambda: m.deal.to_move == 0 and len(m.deal.moves) >= 4 and "data-input" in host.table,
        )
        bar = host.parts["bar"]
        assert 'data-action="last-trick"' in bar
        assert 'data-action="hint"' not in bar and 'data-action="undo"' not in bar
        moves = list(m.deal.moves)
        assert t.coach.check_asked == -1  # the checker's search was never asked
        host.toasts.clear()
        host.click({"data-action": "undo"})
        host.click({"data-action": "hint"})
        for key in ("U", "H"):
            host.send({"type": "key", "kind": "key", "char": key})
        await until(host, lambda: len(host.toasts) >= 4)
        assert host.toasts[0] == host.toasts[2] == "At a table with friends no move is taken back."
        assert host.toasts[1] == host.toasts[3]
        assert host.toasts[1].startswith("At a table with friends there are no hints")
        assert list(m.deal.moves) == moves and not m.practice and t.hint is None
        assert t.overlay is None and not t.hint_busy
        # the same table, not a match with friends any more: undo, hint and the checker again
        t.pace.friends_match = None
        host.send({"type": "seen"})
        app(host).felt.render()
        await until(host, lambda: 'data-action="undo"' in host.parts["bar"])
        assert 'data-action="hint"' in host.parts["bar"] and t.coach.check_asked == t.sid
        assert host.errors == ayla.errors == []

    run(go)


def send(table: FriendsTable, g: GuestSession) -> list[list[Any]]:
    """The guest takes its state now; the operations its page wrote."""
    assert g.seat is not None
    g.app.dom.ops.clear()
    g.take(M.parse_host(M.encode(table.view_for(g.seat))))
    return list(g.app.dom.ops)


def part(ops: list[list[Any]], name: str) -> str:
    return next(str(op[2]) for op in reversed(ops) if op[:2] == ["html", name])


def sheets(ops: list[list[Any]]) -> list[tuple[Any, str]]:
    return [(op[1], str(op[2])) for op in ops if op[0] == "overlay"]


def test_a_guest_sees_the_contract_the_bids_and_the_deal_number() -> None:
    """As the host's bar and seats say them: "Deal 1 of 10", each seat's bid or pass during
    the auction, then the contract under the title with its declarer, said to the guest when
    it is the declarer ("by you")."""
    table, m = seated("batak")
    g = guest_of(table, 1)
    ops = send(table, g)
    bar = part(ops, "bar")
    assert "Deal 1 of 10" in bar and 'data-action="menu"' in bar
    assert 'data-action="friends-last-trick" disabled' in bar
    assert 'data-action="friends-leave"' in bar and 'id="bar-menu"' in bar
    while m.deal.phase == "bidding":
        seat, legal = m.deal.to_move, m.legal_moves()
        move = next(x for x in legal if x != "pass") if seat == 1 else "pass"
        m.play(move)
        seats = part(send(table, g), "seats")
        tag = "pass" if move == "pass" else "bid "
        plate = seats.split(f'data-seat="{seat}"')[1].split('class="seat ')[0]
        assert f'<span class="tag">{tag}' in plate, (seat, plate)
    bar = part(send(table, g), "bar")
    assert m.deal.declarer == 1
    assert "<small>Contract</small>" in bar and "by you" in bar, bar
    host = guest_of(table, 2)  # (another guest: the declarer named)
    assert "by Guest 1" in part(send(table, host), "bar")
    assert '<span class="tag">declarer</span>' in part(send(table, host), "seats")


def play_deal(table: FriendsTable, m: Any, rng: random.Random) -> None:
    first = m.deal
    while m.deal is first and not m.is_over:
        m.play(rng.choice(m.legal_moves()))


@pytest.mark.parametrize("game", list(engine.GAMES))
def test_every_games_guest_sees_the_last_trick_and_the_deals_summary(game: str) -> None:
    """In every game (Bidding Kozel's face-down plays among them): "Last trick" opens the trick
    just taken as the host's sheet shows it; a deal over opens its summary (each seat's tricks
    and the totals) while the host reads its own, and it closes when the next deal is played."""
    table, m = seated(game, seed=5)
    g = guest_of(table, 1)
    rng = random.Random(5)
    while not m.deal.tricks:
        m.play(rng.choice(m.legal_moves()))
    ops = send(table, g)
    assert 'data-action="friends-last-trick"' in part(ops, "bar")
    assert g.action(GF.LAST_TRICK)
    ((kind, html),) = sheets(g.app.dom.ops)
    last = m.deal.view(1)["tricks"][-1]
    assert kind == "last-trick" and f'data-winner="{last["winner"]}"' in html
    assert html.count('class="rv-play') == len(last["plays"]) and 'data-action="close"' in html
    g.action(GF.CLOSE)
    assert g.app.dom.ops[-1] == ["overlay", None, ""] and g.sheet is None
    play_deal(table, m, rng)
    if m.is_over:
        return  # (a match decided in one deal: its end, below)
    table.hold = True  # the host reads the summary
    ops = send(table, g)
    ((kind, html),) = sheets(ops)
    result = m.deals[-2].result
    assert kind == "summary" and 'data-summary data-deal="1"' in html
    for s in range(m.players):
        assert f'data-seat="{s}" ' in html and f'data-tricks="{result["tricks"][s]}"' in html
    assert f'data-action="{GF.CLOSE}"' in html and 'data-action="next"' not in html
    assert "Waiting for the host." in next(str(op[2]) for op in ops if op[:2] == ["text", "status"])
    assert sheets(send(table, g)) == []  # the same state again: not opened twice
    table.hold = False  # the host deals on: the summary goes
    assert sheets(send(table, g)) == [(None, "")]


def test_a_guest_sees_the_match_end_and_its_winners() -> None:
    """The last deal's summary, then "See the result": the winners and the guest's place, with
    the way back to the table and out of it."""
    table, m = seated("batak", seed=3)
    g = guest_of(table, 1)
    rng = random.Random(3)
    while not m.is_over:
        m.play(rng.choice(m.legal_moves()))
    state = json.loads(M.encode(table.view_for(1)))
    assert state["winners"] == m.winners and state["match_over"]
    ((kind, html),) = sheets(send(table, g))
    assert kind == "summary" and f'data-deal="{len(m.deals)}"' in html
    assert f'data-action="{GF.RESULT}"' in html
    assert g.action(GF.RESULT)
    ((kind, html),) = sheets(g.app.dom.ops[-1:])
    assert kind == "over" and f'data-winners="{",".join(map(str, m.winners))}"' in html
    assert 'data-action="friends-leave"' in html and 'data-action="again"' not in html
    assert "data-place=" in html
    assert ("You win!" in html) is (1 in m.winners)


def face_down(view: dict[str, Any]) -> list[Any]:
    """The plays of the trick in progress that the view shows face down ("??")."""
    return [p for p in view.get("trick") or [] if "??" in str(p[1]).split()]


def test_a_guest_sees_face_down_plays_as_backs_and_the_games_own_facts() -> None:
    """Bidding Kozel: a play laid face down to the guest is drawn as a card's back on its felt;
    Kozel: the seats show the cycle's card points and the total that loses ("/12"), and the
    scoreboard says the goal, as on the host's table."""
    table, m = seated("bidding-kozel", seed=5)
    g = guest_of(table, 1)
    rng = random.Random(5)
    while not face_down(m.deal.view(1)):
        m.play(rng.choice(m.legal_moves()))
    trick = part(send(table, g), "trick")
    assert trick.count('class="card back') == len(face_down(m.deal.view(1))) > 0, trick
    table, m = seated("kozel-miner", seed=5)
    g = guest_of(table, 1)
    ops = send(table, g)
    target = m.rules.losing_target()
    assert target and f"/{target}" in part(ops, "seats") and "data-goal" in part(ops, "bar")
    while not m.deal.tricks:
        m.play(rng.choice(m.legal_moves()))
    assert " pts</span>" in part(send(table, g), "seats")


def test_a_guests_sheets_through_its_page() -> None:
    """On a guest's page: "Last trick" opens the trick just taken and "Back to the table"
    (which Escape and Back press) closes it; at the deal's end the summary shows while the
    host reads its own, and goes when the host deals on."""

    async def go() -> None:
        relay = Relay()
        host, (ayla,), m = await table_with(relay, "Ayla")
        await play_until(host, [ayla], lambda: len(m.deal.tricks) == 1 and not m.deal.trick)
        await until(ayla, lambda: 'data-action="friends-last-trick">' in ayla.parts["bar"])
        ayla.click({"data-action": "friends-last-trick"})
        await until(ayla, lambda: ayla.overlay[0] == "last-trick")
        assert "Last trick (trick 1)" in ayla.overlay[1]
        ayla.click({"data-action": "close"})
        await until(ayla, lambda: ayla.overlay == (None, ""))
        await play_until(host, [ayla], lambda: host.state.get("overlay") == "summary")
        await until(ayla, lambda: ayla.overlay[0] == "summary")
        assert 'data-deal="1"' in ayla.overlay[1] and "Ayla" in ayla.overlay[1]
        host.click({"data-action": "next"})
        await until(ayla, lambda: ayla.overlay == (None, ""))
        assert "Deal 2 of 10" in ayla.parts["bar"]
        assert host.errors == ayla.errors == []

    run(go)


def kbd(html: str) -> list[str]:
    """The keys a keys list names (`<kbd>`)."""
    return re.findall(r"<kbd>([^<]+)</kbd>", html)


def test_the_hosts_table_offers_nothing_it_refuses() -> None:
    """At a match with friends the host's keys sheet and rules leave out H and U; the deal's
    summary has no Review (a click on one is refused in words, the summary stays); a parent's
    `set` or `load` with every hand open, or every seat the reader's, is refused in a sentence
    and changes nothing. The same table alone has them all again."""

    async def go() -> None:
        relay = Relay()
        host, (ayla,), _m = await table_with(relay, "Ayla")
        a = app(host)
        t = a.t
        m = t.match
        await until(host, lambda: "data-input" in host.table or asks(host))
        host.send({"type": "key", "kind": "key", "char": "?"})
        await until(host, lambda: host.overlay[0] == "keys")
        assert {"L", "S", "R", "M", "?"} <= set(kbd(host.overlay[1]))
        assert "H" not in kbd(host.overlay[1]) and "U" not in kbd(host.overlay[1])
        host.click({"data-action": "close"})
        host.click({"data-action": "rules"})
        await until(host, lambda: host.overlay[0] == "rules")
        assert "S" in kbd(host.overlay[1]) and not {"H", "U"} & set(kbd(host.overlay[1]))
        host.click({"data-action": "close"})
        await until(host, lambda: host.overlay[0] is None)
        # a tutorial page's parent asks for every hand, or every seat: refused, nothing changes
        before = (t.open_view, set(t.readers), a.embed.spec, m.record())
        for cmd, said in (
            ({"type": "set", "view": "open"}, "each player sees only their own hand"),
            ({"type": "set", "seats": "all"}, "each player plays only their own seat"),
            ({"type": "load", "record": m.record(), "view": "open"}, "only their own hand"),
        ):
            with pytest.raises(EmbedError, match=said):
                a.embed.command(cmd)
            host.send({"type": "message", "origin": "", "text": json.dumps(cmd)})
        assert (t.open_view, set(t.readers), a.embed.spec, m.record()) == before
        assert t.match is m and host.errors == []
        await play_until(host, [ayla], lambda: host.state.get("overlay") == "summary")
        summary = host.overlay[1]
        assert 'data-action="score-sheet"' in summary and 'data-action="next"' in summary
        assert 'data-action="review"' not in summary
        host.toasts.clear()
        host.click({"data-action": "review"})
        await until(host, lambda: bool(host.toasts))
        assert host.toasts == [
            "At a table with friends the deals are reviewed once the match is over."
        ]
        assert host.overlay == ("summary", summary) and t.overlay == "summary"
        m.is_over = True  # (the match over: the review is offered again)
        assert t.looking.may_review()
        m.is_over = False
        # the same table alone: Review, H and U, and the open view again
        t.pace.friends_match = None
        host.click({"data-action": "close"})
        host.click({"data-action": "summary"})
        await until(host, lambda: 'data-action="review"' in host.overlay[1])
        host.send({"type": "key", "kind": "key", "char": "?"})
        await until(host, lambda: host.overlay[0] == "keys" and "H" in kbd(host.overlay[1]))
        assert "U" in kbd(host.overlay[1])
        a.embed.command({"type": "set", "view": "open"})
        assert t.open_view
        assert host.errors == ayla.errors == []

    run(go)
