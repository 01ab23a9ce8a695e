"""Playing with friends through the page's Python (ui/friends/ on ui/shell/host.py): a host's
page and guests' pages, each with its own stand-in for ui/web/ (bench/fake_page.py), wired by an
in-memory relay that carries one page's `friends-send` operations as the other's `friends`
`msg` events, as the transport of ui/web/ does."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import engine
from bench.fake_page import FACTS, Page, run, until
from ui.friends import protocol as M
from ui.friends.guest import KEY as GUEST_KEY
from ui.friends.guest import guest_parts
from ui.friends.host import Computer, Friend, FriendsTable
from ui.shell import host as H
from ui.shell.env import NAME_KEY

from .friends_pages import (
    FIELDS,
    HOST_ID,
    Relay,
    RelayPage,
    app,
    guest_can_move,
    guest_session,
    host_session,
    host_table,
    play_until,
    seat_guest,
    start,
    table_with,
)

CARDS = [c + s for s in "SHDC" for c in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5")]


def seen_cards(page: RelayPage) -> set[str]:
    """Every card named by a `data-card` (the hand) or `data-play-cards` (the felt) of an
    operation written to `page`."""
    text = json.dumps(page.written)
    found = re.findall(r'data-(?:card|play-cards)=\\"([^\\"]+)\\"', text)
    return {c for cards in found for c in cards.split()}


WORD = re.compile(r"[0-9A-Za-z]+")


def drawn_hidden(m: Any, seat: int, page: RelayPage) -> set[str]:
    """The cards in another seat's hand now (never played, so never to be shown to `seat`)
    that an operation written to `page` names, as a word of the card notation."""
    hidden = {c for s in range(m.deal.players) if s != seat for c in m.deal.hands[s]}
    return hidden.intersection(WORD.findall(json.dumps(page.written)))


def test_a_deal_of_auction_batak_with_two_guests_and_a_computer() -> None:
    """The host, two guests and a computer play a whole deal: each guest's page draws its own
    hand and only the cards it may see; the host's summary comes at the end."""

    async def go() -> None:
        relay = Relay()
        host = await host_table(relay, friends=2)
        ayla = await seat_guest(relay, host, "Ayla", 1)
        boris = await seat_guest(relay, host, "Boris", 2)
        await until(ayla, lambda: "Waiting for the host" in ayla.parts.get("status", ""))
        host.click({"data-action": "friends-start"})
        await until(host, lambda: host.state.get("screen") == "table")
        m = app(host).t.match
        first = m.deal
        hands = {s: set(first.view(s)["hand"]) for s in (1, 2)}
        await until(ayla, lambda: (guest_session(ayla).state or {}).get("started"))
        assert "Ayla" in host.parts["seats"] and "Boris" in ayla.parts["seats"]
        checks = 0

        def nothing_hidden_drawn() -> None:
            nonlocal checks
            if first.phase != "over":
                checks += 1
                for seat, page in ((1, ayla), (2, boris)):
                    assert not drawn_hidden(m, seat, page), (seat, drawn_hidden(m, seat, page))

        by_guests = await play_until(
            host,
            [ayla, boris],
            lambda: host.state.get("overlay") == "summary",
            check=nothing_hidden_drawn,
        )
        assert first.phase == "over" and by_guests >= 26 and checks >= 26
        for seat, page in ((1, ayla), (2, boris)):
            shown = seen_cards(page)
            played = {str(mv) for t in first.view(seat)["tricks"] for _s, mv in t["plays"]}
            assert hands[seat] <= shown  # its own hand was drawn
            assert shown <= hands[seat] | played, shown - hands[seat] - played
            state = guest_session(page).state
            assert state is not None and state["view"]["seat"] == seat
        # the host reads the deal's summary: the guests see the deal over, and wait
        await until(ayla, lambda: "Waiting for the host." in ayla.parts.get("status", ""))
        assert guest_session(ayla).state["legal"] == []  # type: ignore[index]
        host.click({"data-action": "next"})
        await until(boris, lambda: "Waiting" not in boris.parts.get("status", ""))
        assert not guest_session(boris).state.get("hold")  # type: ignore[union-attr]
        assert host.errors == ayla.errors == boris.errors == []

    run(go)


def test_a_guest_that_leaves_is_played_by_the_computer_and_comes_back() -> None:
    async def go() -> None:
        relay = Relay()
        host, (ayla,), m = await table_with(relay, "Ayla")
        await play_until(host, [ayla], lambda: m.deal.phase == "play" and bool(m.deal.trick))
        token = json.loads(ayla.storage[GUEST_KEY])[HOST_ID]
        relay.lose("peer1")
        await until(host, lambda: 1 not in app(host).t.pace.remote)
        turns: list[int | None] = []

        def played_for_ayla() -> bool:  # seat 1 came to move, and the computer moved for it
            turns.append(m.deal.to_move)
            return 1 in turns and turns[-1] != 1

        await play_until(host, [], played_for_ayla, steps=300)
        assert "away" in host.parts["seats"]
        back = await start(relay, f"?friends={HOST_ID}", {GUEST_KEY: json.dumps({HOST_ID: token})})
        await until(back, lambda: guest_session(back).seat == 1)
        await until(host, lambda: 1 in app(host).t.pace.remote)
        assert app(host).friends.host.table.names()[1] == "Guest"
        # the same seat again from another browser, with the seat's secret in the link
        relay.lose(relay.peer_of(back) or "")
        await until(host, lambda: 1 not in app(host).t.pace.remote)
        seat, secret = token
        linked = await start(relay, f"?friends={HOST_ID}&seat={seat}&token={secret}")
        await until(linked, lambda: guest_session(linked).seat == 1)
        await until(host, lambda: 1 in app(host).t.pace.remote)
        await play_until(host, [linked], lambda: host.state.get("overlay") == "summary")
        assert host.errors == back.errors == linked.errors == []

    run(go)


def test_bad_moves_and_a_flood_are_refused_and_change_nothing() -> None:
    """An illegal move, a move for another seat, a stale one and a flood of 2,000 messages from
    a guest: each refused in words (as text), the match as it was; the flood cuts the guest
    off and the computer plays its seat."""

    async def go() -> None:
        relay = Relay()
        host, (ayla, boris), m = await table_with(relay, "Ayla", "Boris")
        await play_until(host, [ayla, boris], lambda: guest_can_move(ayla))
        before = m.record()
        state = guest_session(ayla).state
        assert state is not None
        illegal = next(mv for mv in ["pass", "bid 13", *CARDS] if mv not in state["legal"])
        for text in (
            json.dumps({"v": 1, "type": "move", "sid": state["sid"], "move": illegal}),
            json.dumps({"v": 1, "type": "move", "sid": state["sid"] - 1, "move": illegal}),
            "<script>alert(1)</script>",
        ):
            relay.deliver(host, what="msg", peer="peer1", text=text)
        # Boris asks to move in Ayla's turn (his own seat is the only one he can speak for)
        move = json.dumps({"v": 1, "type": "move", "sid": state["sid"], "move": state["legal"][0]})
        relay.deliver(host, what="msg", peer="peer2", text=move)
        await until(ayla, lambda: len(ayla.toasts) >= 3)
        await until(boris, lambda: len(boris.toasts) >= 1)
        assert m.record() == before and guest_can_move(ayla)
        assert "It is not your turn." in boris.toasts
        for _ in range(2000):
            relay.deliver(host, what="msg", peer="peer1", text='{"v":1,"type":"ping"}')
        await until(host, lambda: "peer1" not in relay.guests)
        await until(ayla, lambda: any("Too many messages" in t for t in ayla.toasts))
        await until(ayla, lambda: "Too many messages" in ayla.parts.get("status", ""))
        assert m.record() == before
        await until(host, lambda: len(m.deal.moves) > len(before["deals"][-1]["moves"]))
        assert host.errors == ayla.errors == boris.errors == []

    run(go)


def test_a_name_with_markup_is_shown_as_text() -> None:
    async def go() -> None:
        relay = Relay()
        host = await host_table(relay, friends=2)
        evil = "<script>x</script>"
        await seat_guest(relay, host, evil, 1)
        other = await seat_guest(relay, host, "Boris", 2)
        host.click({"data-action": "friends-start"})
        await until(other, lambda: (guest_session(other).state or {}).get("started"))
        for html in (host.parts["lobby"], host.parts["seats"], other.parts["seats"]):
            assert "&lt;script&gt;x&lt;/script&gt;" in html and "<script>" not in html

    run(go)


def test_the_guests_are_told_when_the_host_goes() -> None:
    async def go() -> None:
        relay = Relay()
        host, (ayla,), _m = await table_with(relay, "Ayla")
        await until(ayla, lambda: (guest_session(ayla).state or {}).get("started"))
        hand = ayla.parts["hand"]
        relay.deliver(ayla, what="gone", peer="host")
        await until(ayla, lambda: "the table is paused" in ayla.parts.get("status", ""))
        assert ayla.parts["hand"] == hand and ayla.errors == []  # the table stays as it was


def test_a_guest_leaves_by_its_button_and_its_seat_waits_for_it() -> None:
    async def go() -> None:
        relay = Relay()
        host, (ayla,), _m = await table_with(relay, "Ayla")
        await until(ayla, lambda: (guest_session(ayla).state or {}).get("started"))
        assert 'data-action="friends-leave"' in ayla.parts["bar"]
        ayla.click({"data-action": "friends-leave"})
        await until(ayla, lambda: ayla.state.get("screen") == "lobby" and ayla.lobby is not None)
        await until(host, lambda: 1 not in app(host).t.pace.remote and "peer1" not in relay.guests)
        table = host_session(host).table
        assert table is not None and table.away(1, 0.0) and table.names()[1] == "Ayla"
        assert app(ayla).friends.guest is None and ayla.errors == host.errors == []

    run(go)

    run(go)


def test_each_computer_seat_has_its_level() -> None:
    """A tap on a computer seat's level changes it (easy, normal, strong, easy); the table asks
    each computer seat at its own level, and only for the match played with friends."""

    async def go() -> None:
        relay = Relay()
        host = await start(relay, "?speed=0&level=easy")
        host.send({"type": "click", "attrs": {"data-game-choice": "batak"}, "lobby": FIELDS})
        host.send({"type": "click", "attrs": {"data-action": "friends"}, "lobby": FIELDS})
        await until(host, lambda: 'data-friends="plan"' in host.parts.get("lobby", ""))
        for want in ("normal", "strong", "easy", "normal"):
            host.click({"data-action": "friends-level", "data-seat": "3"})
            await until(host, lambda w=want: f'data-level-of="{w}"' in host.parts["lobby"])
        host.click({"data-action": "friends-invite"})
        await until(host, lambda: f"?friends={HOST_ID}" in host.parts.get("lobby", ""))
        host.click({"data-action": "friends-start"})
        await until(host, lambda: host.state.get("screen") == "table")
        pace = app(host).t.pace
        assert [pace.level(s) for s in (1, 2, 3)] == ["easy", "easy", "normal"]
        assert pace.from_friend(1) is False  # no friend has come: the computer plays it
        pace.friends_match = None  # (another match on the table)
        assert pace.level(3) == "easy"

    run(go)


def test_a_guest_sees_the_trick_just_taken_until_the_next_lead() -> None:
    table, guest = engine_table()
    m = table.match
    while not m.deal.tricks:
        m.play(m.legal_moves()[0])
    state = json.loads(M.encode(table.view_for(1)))
    last = m.deal.view(1)["tricks"][-1]["plays"]
    trick = guest_parts(state, 1, {}, [])["trick"]
    assert all(f'data-play-cards="{mv}"' in trick for _s, mv in last), trick
    assert 'class="play at-left won"' in trick  # seat 0 took it: on guest 1's left
    m.play(m.legal_moves()[0])  # the next lead: the trick in progress is drawn
    trick = guest_parts(json.loads(M.encode(table.view_for(1))), 1, {}, [])["trick"]
    assert trick.count("data-play-cards=") == 1


def test_a_guest_sees_backs_for_every_seat_but_its_own() -> None:
    table, _guest = engine_table()
    state = json.loads(M.encode(table.view_for(1)))
    seats = guest_parts(state, 1, {}, [])["seats"]
    per_seat = {int(x.split('"')[0]): x for x in seats.split('data-seat="')[1:]}
    assert sorted(per_seat) == [0, 1, 2, 3]
    for s, html in per_seat.items():
        assert ('class="backs"' in html) is (s != 1), (s, html)
        assert ("plate-count" in html) is (s != 1), (s, html)
    assert per_seat[0].count("mini-back") == 13


def engine_table() -> tuple[FriendsTable, None]:
    m = engine.new_match("batak", seed=2)
    table = FriendsTable(m, [Friend(), Computer(), Computer()], "Host")
    table.start()
    return table, None


def test_a_guest_ignores_what_is_not_a_message_of_its_host() -> None:
    """Text that is not JSON, too deep, of an unknown type, a state with fields of the wrong
    type, a welcome with a token that is not one: the guest's table stays as it was."""

    async def go() -> None:
        relay = Relay()
        host, (ayla,), _m = await table_with(relay, "Ayla")
        await until(ayla, lambda: (guest_session(ayla).state or {}).get("started"))
        g = guest_session(ayla)
        for _ in range(300):  # (the table settles: it waits for a bid of the host or the guest)
            await asyncio.sleep(0)
        before = (dict(ayla.parts), g.state, g.seat, g.token)
        for text in (
            "{",
            "[" * 50 + "]" * 50,
            json.dumps({"v": 1, "type": "evil"}),
            json.dumps({"v": 2, "type": "ping"}),
            json.dumps({"v": 1, "type": "state", "sid": "1", "view": {}, "legal": []}),
            json.dumps({"v": 1, "type": "state", "sid": 1, "view": [], "legal": [], "seats": []}),
            json.dumps({"v": 1, "type": "welcome", "seat": 3, "token": "<b>no</b>"}),
            json.dumps({"v": 1, "type": "refused", "text": 5}),
            "x" * 20_000,
        ):
            relay.deliver(ayla, what="msg", peer="host", text=text)
        relay.deliver(ayla, what="msg", peer="someone-else", text='{"v":1,"type":"closed"}')
        for _ in range(20):
            await asyncio.sleep(0)
        assert (dict(ayla.parts), g.state, g.seat, g.token) == before
        assert ayla.errors == [] and ayla.toasts == []

    run(go)


def test_two_guests_for_one_seat() -> None:
    """Two guests open the link at once for the table's one friend's seat: one takes it, the
    other is told no seat is free (it asks once, never again and again)."""

    async def go() -> None:
        relay = Relay()
        host = await host_table(relay, friends=1)
        first = await start(relay, f"?friends={HOST_ID}", {NAME_KEY: "Ayla"})
        second = await start(relay, f"?friends={HOST_ID}", {NAME_KEY: "Boris"})
        pages = (first, second)
        await until(host, lambda: any(guest_session(p).seat == 1 for p in pages))
        seated = next(p for p in pages if guest_session(p).seat == 1)
        other = second if seated is first else first
        await until(other, lambda: "No seat is free" in other.parts.get("status", ""))
        for _ in range(50):
            await asyncio.sleep(0)
        hellos = [op for op in other.written if op[0] == "friends-send" and "hello" in op[2]]
        assert len(hellos) == 1 and guest_session(other).seat is None
        assert host.errors == first.errors == second.errors == []

    run(go)


def test_a_match_in_progress_is_lost_only_when_the_host_says_so() -> None:
    async def go() -> None:
        relay = Relay()
        host = await start(relay, "?speed=0&level=easy")
        host.send({"type": "click", "attrs": {"data-game-choice": "batak"}, "lobby": FIELDS})
        host.send({"type": "click", "attrs": {"data-start": ""}, "lobby": FIELDS})
        await until(host, lambda: host.state.get("screen") == "table")
        host.click({"data-action": "lobby"})  # to the lobby, the match kept for Forward
        await until(host, lambda: host.state.get("screen") == "lobby")
        host.send({"type": "click", "attrs": {"data-action": "friends"}, "lobby": FIELDS})
        await until(host, lambda: host.overlay[0] == "leave")
        assert 'data-friends="plan"' not in host.parts.get("lobby", "")
        assert app(host).paused is not None  # nothing lost yet
        host.click({"data-action": "leave-confirm"})
        await until(host, lambda: 'data-friends="plan"' in host.parts.get("lobby", ""))
        assert host.errors == []

    run(go)


def test_a_link_whose_table_id_is_not_one_is_said_in_the_lobby() -> None:
    """`?friends=` with what cannot be a broker's id: the lobby says so in a sentence (the id
    as text), and no transport is started."""

    class Logging(Page):
        def __init__(self) -> None:
            super().__init__()
            self.log: list[tuple[Any, ...]] = []

        def carry_out(self, name: str, *args: Any) -> None:
            self.log.append((name, *args))
            super().carry_out(name, *args)

    async def go() -> None:
        page = Logging()
        page.host = H.boot(page)
        page.send({"type": "start", "facts": dict(FACTS, search="?friends=%3Cb%3Ex%3C%2Fb%3E!")})
        await until(page, lambda: any(op[0] == "lobby-msg" and op[1] for op in page.log))
        said = next(op[1] for op in page.log if op[0] == "lobby-msg" and op[1])
        assert "is not the link of a table with friends" in said, said
        assert "&lt;b&gt;" not in said and "does not know" not in said, said
        assert "<b>x</b>!" in said  # the id as text: the op sets text, never HTML
        assert not any(op[0].startswith("friends-") for op in page.log), page.log

    run(go)
