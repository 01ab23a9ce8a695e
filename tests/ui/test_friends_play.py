"""Playing with friends, the host's side (ui/friends/): a whole deal through the messages, the
guests answering only from what they were sent; the seats' heartbeat; every message small
enough for PeerJS's JSON channel."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

import engine
import engine.ai
from ui.friends import protocol as M
from ui.friends.host import Computer, Friend, FriendsTable, Verdict
from ui.friends.peers import AWAY_AFTER


def tokens() -> Any:
    """Tokens that differ, for a table that is the same on every run."""
    counter = itertools.count()
    return lambda: f"tok{next(counter)}"


def hello(seat: int, name: str, token: str | None = None) -> str:
    data: dict[str, Any] = {"v": 1, "type": "hello", "seat": seat, "name": name}
    if token is not None:
        data["token"] = token
    return json.dumps(data)


class Guest:
    """A guest's page: it keeps what the host sent it (as the transport carries it, JSON
    text) and answers from that only."""

    def __init__(self, peer: str, seat: int, name: str, rng: random.Random) -> None:
        self.peer, self.seat, self.name, self.rng = peer, seat, name, rng
        self.got: list[dict[str, Any]] = []
        self.token: str | None = None

    def take(self, *messages: M.HostMessage) -> None:
        for message in messages:
            data = json.loads(M.encode(message))
            if data["type"] == "welcome":
                self.token = data["token"]
            self.got.append(data)

    @property
    def state(self) -> dict[str, Any]:
        return next(d for d in reversed(self.got) if d["type"] == "state")

    def answer(self) -> str:
        """A move of its legal moves, answering its latest state."""
        state = self.state
        return json.dumps(
            {"v": 1, "type": "move", "sid": state["sid"], "move": self.rng.choice(state["legal"])}
        )


def seat_guests(table: FriendsTable, guests: list[Guest], now: float = 0.0) -> None:
    for g in guests:
        g.take(table.connect(g.peer, now))
        verdict = table.receive(g.peer, hello(g.seat, g.name), now)
        assert verdict.changed and not verdict.close
        g.take(*verdict.replies)


def send_states(table: FriendsTable, guests: list[Guest]) -> None:
    for g in guests:
        g.take(table.view_for(g.seat))


def test_a_deal_of_auction_batak_through_the_messages() -> None:
    """Host at seat 0, guests at seats 1 and 2, a computer at seat 3: the guests answer from
    the states they were sent, to the end of the deal; their legal moves are there exactly on
    their turn, and the next deal's first state shows them the deal just finished."""
    m = engine.new_match("batak", seed=11)
    table = FriendsTable(m, [Friend(), Friend(), Computer("easy")], "Host", tokens())
    guests = [
        Guest("peer-a", 1, "Ayla", random.Random(1)),
        Guest("peer-b", 2, "Boris", random.Random(2)),
    ]
    seat_guests(table, guests)
    table.start()
    send_states(table, guests)
    first = m.deal
    now, moves, by_guests = 0.0, 0, 0
    while m.deal is first:
        seat = m.to_move
        assert seat is not None
        for g in guests:
            assert bool(g.state["legal"]) == (seat == g.seat)
            assert g.state["sid"] == table.sid
        if seat in (0, 3):
            m.play(engine.ai.choose(m.deal, level="easy", seed=moves))
        else:
            g = guests[seat - 1]
            now += 0.5
            verdict = table.receive(g.peer, g.answer(), now)
            assert verdict.accepted is not None and not verdict.replies, verdict
            assert verdict.accepted.seat == seat
            table.apply(verdict.accepted)
            by_guests += 1
        moves += 1
        send_states(table, guests)
    assert first.phase == "over" and len(m.deals) == 2
    assert by_guests >= 26  # every card of seats 1 and 2, and their bids
    for g in guests:
        last = g.state["last"]
        assert last["phase"] == "over" and last["result"] == first.view(g.seat)["result"]
        assert g.state["view"]["hand"] == m.deal.view(g.seat)["hand"]
        assert [s["name"] for s in g.state["seats"]] == ["Host", "Ayla", "Boris", "Kemal"]


def test_a_silent_guest_is_away_until_it_speaks_again() -> None:
    m = engine.new_match("bidding-kozel", seed=3, players=3)
    table = FriendsTable(m, [Friend("easy"), Friend()], "Host", tokens())
    g = Guest("peer-a", 1, "Ayla", random.Random(1))
    seat_guests(table, [g], now=10.0)
    assert not table.away(1, 10.0) and not table.computer_plays(1, 10.0)
    assert table.away(2, 10.0) and table.computer_plays(2, 10.0)  # never taken
    assert table.sweep(12.9) == [] and not table.away(1, 12.9)
    assert table.receive("peer-a", '{"v":1,"type":"ping"}', 12.9) == Verdict()
    assert table.sweep(15.8) == [] and table.away(1, 12.9 + AWAY_AFTER)
    assert table.sweep(15.9) == [1] and table.sweep(16.5) == []
    assert table.computer_plays(1, 16.0) and table.level(1) == "easy"
    assert [s.away for s in table.view_for(1).seats] == [False, True, True]
    back = table.receive("peer-a", '{"v":1,"type":"ping"}', 17.0)
    assert back.changed and not back.replies  # every guest is told it is back
    assert not table.away(1, 17.0) and not table.view_for(1).seats[1].away


def test_a_guest_that_leaves_comes_back_with_its_token() -> None:
    m = engine.new_match("koz-maca", seed=4)
    table = FriendsTable(m, [Friend(), Computer(), Friend()], "Host", tokens())
    g = Guest("peer-a", 3, "Ayla", random.Random(1))
    seat_guests(table, [g])
    assert g.token == "tok1" == table.token(3)
    before = m.record()
    left = table.receive("peer-a", '{"v":1,"type":"leave"}', 1.0)
    assert left.changed and left.close and table.away(3, 1.0) and table.guests() == {}
    again = table.receive("peer-z", hello(3, "Someone"), 2.0)
    assert [r.code for r in again.replies if isinstance(r, M.Refused)] == ["taken"]
    back = table.receive("peer-b", hello(3, "Ayla B", g.token), 3.0)
    assert isinstance(back.replies[0], M.Welcome) and back.replies[0].seat == 3
    assert table.guests() == {3: "peer-b"} and not table.away(3, 3.0)
    assert table.names()[3] == "Ayla B" and m.record() == before


def test_a_token_takes_the_seat_from_a_connection_that_still_holds_it() -> None:
    m = engine.new_match("batak-pairs", seed=4)
    table = FriendsTable(m, [Friend(), Friend(), Computer()], "Host", tokens())
    g = Guest("old", 2, "Ayla", random.Random(1))
    seat_guests(table, [g])
    verdict = table.receive("new", hello(2, "Ayla", table.token(2)), 1.0)
    assert verdict.drop == ("old",) and table.guests() == {2: "new"}
    table.start()
    refused = table.receive("old", json.dumps({"v": 1, "type": "move", "sid": 1, "move": "x"}), 2)
    assert [r.code for r in refused.replies if isinstance(r, M.Refused)] == ["no-seat"]


GAMES = [(g, n) for g in engine.GAMES for n in engine.GAME_INFO[g]["players"]]
LONG_NAME = "\U0001f0a1" * 20  # 20 characters of 4 bytes each


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[f"{g}-{n}" for g, n in GAMES])
def test_every_message_the_host_sends_is_under_16000_bytes(game: str, players: int) -> None:
    """Every seat's state after every move of three deals (the first state of a deal carries
    the one before too), with the longest names: under MAX_SENT bytes, and far from it."""
    m = engine.new_match(game, seed=7, players=players)
    table = FriendsTable(m, [Friend()] * (players - 1), LONG_NAME, tokens())
    for s in range(1, players):
        verdict = table.receive(f"p{s}", hello(s, LONG_NAME), 0.0)
        assert isinstance(verdict.replies[0], M.Welcome)
    table.start()
    rng = random.Random(7)
    largest = 0
    while not m.is_over and len(m.deals) <= 3:
        texts = [M.encode(table.lobby())]
        texts += [M.encode(table.view_for(s)) for s in range(1, players)]
        largest = max([largest, *(len(t.encode("utf-8")) for t in texts)])
        m.play(rng.choice(m.legal_moves()))
    assert 1_000 < largest < M.MAX_SENT // 2, largest


def test_a_message_too_large_is_never_sent() -> None:
    with pytest.raises(ValueError, match="bytes"):
        M.encode(M.Refused("message", "malformed", "x" * M.MAX_SENT))
    assert len(M.encode(M.Refused("message", "malformed", "x" * 100))) < 200


def test_two_guests_of_the_same_name_are_told_apart() -> None:
    m = engine.new_match("batak", seed=2)
    table = FriendsTable(m, [Friend(), Friend(), Computer()], "Guest", tokens())
    first = table.receive("peer-a", hello(1, "Guest"), 1.0)
    second = table.receive("peer-b", hello(2, "guest"), 1.0)
    long = "x" * 20
    assert isinstance(first.replies[0], M.Welcome) and first.replies[0].name == "Guest 2"
    assert isinstance(second.replies[0], M.Welcome) and second.replies[0].name == "guest 3"
    assert table.names()[:3] == ["Guest", "Guest 2", "guest 3"]
    table2 = FriendsTable(engine.new_match("batak", seed=2), [Friend()] * 3, long, tokens())
    named = table2.receive("peer-c", hello(1, long), 1.0).replies[0]
    assert isinstance(named, M.Welcome) and named.name == "x" * 18 + " 2"


TEAM_GAMES = ("batak-pairs", "kozel-miner", "kozel-classic")  # partners sit opposite (0 and 2)


def plans() -> list[tuple[str, int, tuple[str, ...]]]:
    """Every game and player count with every seat but the host's a friend's; and each
    partnership game with one friend as the host's partner (seat 2), then as an opponent
    (seat 1), the other seats the computer's."""
    out = [(g, n, ("friend",) * (n - 1)) for g, n in GAMES]
    for g in TEAM_GAMES:
        out.append((g, 4, ("computer", "friend", "computer")))
        out.append((g, 4, ("friend", "computer", "computer")))
    return out


@pytest.mark.parametrize(
    ("game", "players", "plan"), plans(), ids=[f"{g}-{n}-{'.'.join(p)}" for g, n, p in plans()]
)
def test_every_game_plays_a_whole_deal_through_the_messages(
    game: str, players: int, plan: tuple[str, ...]
) -> None:
    """The host plays seat 0 and the computer its seats; each friend answers only from the
    states it was sent, whose legal moves are the engine's for that seat on its turn and
    none otherwise: the deal is played to its end, every friend's move accepted."""
    m = engine.new_match(game, seed=5, players=players)
    seats = [Friend() if kind == "friend" else Computer("easy") for kind in plan]
    table = FriendsTable(m, seats, "Host", tokens())
    guests = [
        Guest(f"peer-{s}", s, f"Guest {s}", random.Random(s))
        for s, kind in enumerate(plan, start=1)
        if kind == "friend"
    ]
    seat_guests(table, guests)
    table.start()
    send_states(table, guests)
    by_seat = {g.seat: g for g in guests}
    first, now, played = m.deal, 0.0, {g.seat: 0 for g in guests}
    while m.deal is first:
        seat = m.to_move
        assert seat is not None
        for g in guests:
            legal = sorted(m.legal_moves()) if seat == g.seat else []
            assert sorted(g.state["legal"]) == legal, (g.seat, seat)
        if seat in by_seat:
            g = by_seat[seat]
            now += 0.5
            verdict = table.receive(g.peer, g.answer(), now)
            assert verdict.accepted is not None and not verdict.replies, verdict
            table.apply(verdict.accepted)
            played[seat] += 1
        else:
            m.play(engine.ai.choose(m.deal, level="easy", seed=len(first.moves)))
        send_states(table, guests)
    assert first.phase == "over"
    assert all(n > 0 for n in played.values()), played
    for g in guests:
        assert g.state["last"]["phase"] == "over"
        assert g.state["last"]["result"] == first.view(g.seat)["result"]
