"""The host leaves and comes back (ui/friends/kept.py, session.py's `reopen`, guest.py's
`rejoin`): the host's page reopened from its save opens its table with friends again with the
same broker id, the guests' seats waiting for them; a paused guest joins again by itself and
takes its own seat back with its token; what was kept but is damaged or another match's is said
in a sentence and the match opens alone."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import engine
from bench.fake_page import run
from ui.friends import guest as G
from ui.friends import kept as K
from ui.friends.host import Computer, Friend, FriendsTable
from ui.friends.peers import BACK_WITHIN
from ui.saves import store as S
from ui.shell.env import NAME_KEY

from .friends_pages import (
    HOST_ID,
    ComingBack,
    RelayPage,
    app,
    back_in,
    guest_can_move,
    guest_move,
    guest_page,
    guest_session,
    host_session,
    play_until,
    soon,
    start,
    table_with,
)


@pytest.fixture(autouse=True)
def quick_tries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(G, "REJOIN", 0.05)


def test_the_host_comes_back_and_the_guest_plays_on_in_its_seat() -> None:
    async def go() -> None:
        relay = ComingBack()
        host, (ayla,), m = await table_with(relay, "Ayla", friends=2)
        await play_until(host, [ayla], lambda: m.deal.phase == "play" and len(m.deal.moves) > 8)
        saved = json.loads(host.storage[S.KEY])["friends"]
        assert saved["broker"] == HOST_ID and saved["seats"][0]["name"] == "Ayla"
        assert [x["kind"] for x in saved["seats"]] == ["friend", "friend", "computer"]
        assert "name" not in saved["seats"][1]  # (never taken)
        token = json.loads(ayla.storage[G.KEY])[HOST_ID][1]
        assert saved["seats"][0]["token"] == token
        hand = ayla.parts["hand"]

        relay.host_goes()
        kept = dict(host.storage)  # (as the closed tab left it)
        before = json.loads(kept[S.KEY])["record"]
        assert len(before["deals"][-1]["moves"]) > 6
        await soon(lambda: "the table is paused" in ayla.parts.get("status", ""))
        assert ayla.parts["hand"] == hand
        joins = sum(op[0] == "friends-join" for op in ayla.written)
        await soon(lambda: sum(op[0] == "friends-join" for op in ayla.written) >= joins + 2)
        assert "the table is paused" in ayla.parts.get("status", "")  # (still: nobody there)

        again = await start(relay, "", kept)
        await soon(lambda: app(again).t.match is not None)
        assert relay.ids[-1] == {"id": HOST_ID}  # the same broker id: the guests' links
        m2 = app(again).t.match
        assert m2.record() == before
        table = host_session(again).table
        assert table is not None and table.started and table.token(1) == token
        assert table.names()[1] == "Ayla" and table.seat_infos()[1].away and table.away(2, 0.0)
        # Ayla's seat is waited for a few seconds, then the computer plays it until she is back
        assert table.away(1, time.monotonic() + BACK_WITHIN) and table.guests() == {}
        await soon(lambda: 1 in back_in(again))  # Ayla is back in her seat
        assert guest_session(ayla).seat == 1 and not guest_session(ayla).paused
        assert "paused" not in ayla.parts.get("status", "")
        assert table.guests().keys() == {1} and table.names()[1] == "Ayla"
        moved = len(m2.deal.moves)
        await play_until(again, [ayla], lambda: guest_can_move(ayla) or m2.deal.phase == "over")
        by_ayla = await play_until(again, [ayla], lambda: len(m2.deal.moves) > moved + 8)
        assert by_ayla >= 1
        assert "friends" in json.loads(again.storage[S.KEY])  # kept on for the next time
        assert again.errors == ayla.errors == host.errors == []

    run(go)


def kept_save(storage: dict[str, str], change: Callable[[dict[str, Any]], None]) -> dict[str, str]:
    data = json.loads(storage[S.KEY])
    change(data)
    return dict(storage, **{S.KEY: json.dumps(data)})


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d["friends"].update(broker="<b>x</b>"), "id for its friends' links"),
        (lambda d: d["friends"].update(seed=d["friends"]["seed"] + 1), "another match's"),
        (lambda d: d["friends"]["seats"][0].update(token="no token!"), "secret"),
        (lambda d: d["friends"]["seats"].pop(), "seats are not this match's"),
        (lambda d: d.update(friends=[1, 2]), "not a table with friends"),
        (lambda d: d["friends"]["seats"][0].update(name="x" * 40), "name"),
    ],
)
def test_a_damaged_or_foreign_table_is_said_and_the_match_opens_alone(
    change: Callable[[dict[str, Any]], None], said: str
) -> None:
    async def go() -> None:
        relay = ComingBack()
        host, (ayla,), m = await table_with(relay, "Ayla")
        await play_until(host, [ayla], lambda: len(m.deal.moves) > 2)
        before = m.record()
        relay.host_goes()
        again = await start(relay, "", kept_save(host.storage, change))
        await soon(lambda: bool(again.toasts))
        assert said in again.toasts[-1] and "goes on with the computer" in again.toasts[-1]
        now = app(again).t.match.record()
        assert now["deals"][0]["moves"][:3] == before["deals"][0]["moves"][:3]
        assert host_session(again).table is None and app(again).t.pace.remote == frozenset()
        assert not any(op[0] == "friends-host" for op in again.written)
        assert again.errors == []
        assert "friends" not in json.loads(again.storage[S.KEY])  # (said once, not kept)

    run(go)


def test_what_is_kept_reads_back_to_the_same_table() -> None:
    m = engine.new_match("bidding-kozel", seed=3, players=4)
    counter = iter(range(100))
    table = FriendsTable(
        m, [Friend("easy"), Computer("strong"), Friend()], "Host", lambda: f"t{next(counter)}"
    )
    table.hello("p", K.M.Hello(3, "Ayla"), 0.0)
    table.start()
    data = K.kept_data(table, "broker-1")
    assert json.loads(json.dumps(data)) == data
    kept = K.read_kept(data, m, ["easy", "normal", "strong"])
    again = K.table_of(kept, m, "Host")
    assert again.started and again.names() == table.names()
    assert [again.kind(s) for s in (1, 2, 3)] == ["friend", "computer", "friend"]
    assert [again.level(s) for s in (1, 2, 3)] == ["easy", "strong", "normal"]
    assert (again.token(1), again.token(3)) == ("t0", "t1")
    infos = again.seat_infos()
    assert infos[1].free and not infos[3].free and infos[3].away and again.guests() == {}
    with pytest.raises(K.KeptError):
        K.read_kept(data, engine.new_match("bidding-kozel", seed=4, players=4), ["easy"])


def test_a_save_with_a_table_restores_and_one_without_is_as_before() -> None:
    m = engine.new_match("batak", seed=9)
    base = S.Save("tab", 1, "table", None, 0, [], S.Settings("batak", {}, "", "", "easy", "0"))
    base.record = m.record()
    plain = base.dumps()
    assert "friends" not in json.loads(plain)
    _save, again = S.restore(plain, ["batak"], engine.GAME_INFO, ["easy"], ["0"])
    assert again is not None and again.friends is None
    base.friends = {"anything": ["kept as it was"]}  # (checked only when it is opened)
    _save, again = S.restore(base.dumps(), ["batak"], engine.GAME_INFO, ["easy"], ["0"])
    assert again is not None and again.friends == {"anything": ["kept as it was"]}
    assert again.record() == m.record()  # (the match's own record knows nothing of it)


def test_the_lobby_continue_opens_the_table_again() -> None:
    """The host goes to the lobby mid-match and its page is reopened there: the lobby's
    continue puts the match back with its table with friends, and the guest comes back."""

    async def go() -> None:
        relay = ComingBack()
        host, (ayla,), m = await table_with(relay, "Ayla")
        await play_until(host, [ayla], lambda: len(m.deal.moves) > 2)
        host.click({"data-action": "lobby"})
        await soon(lambda: json.loads(host.storage[S.KEY])["screen"] == "lobby")
        moves = list(m.deal.moves)
        assert json.loads(host.storage[S.KEY])["friends"]["broker"] == HOST_ID
        relay.host_goes()
        again = await start(relay, "", dict(host.storage))
        await soon(lambda: again.state.get("screen") == "lobby")
        assert relay.ids == [{}]  # (nothing opened again yet: the lobby shows)
        assert "friends" in json.loads(again.storage[S.KEY])  # kept by the lobby's save
        again.click({"data-action": "resume"})
        await soon(lambda: relay.ids[-1] == {"id": HOST_ID})
        await soon(lambda: 1 in back_in(again))
        assert guest_session(ayla).seat == 1
        assert app(again).t.match.deal.moves[: len(moves)] == moves
        assert again.errors == ayla.errors == []

    run(go)


def test_a_transport_failure_after_the_start_is_said_to_the_host() -> None:
    async def go() -> None:
        relay = ComingBack()
        host, _guests, _m = await table_with(relay, "Ayla")
        await soon(lambda: host.state.get("screen") == "table")
        relay.deliver(host, what="error", reason="broker")
        await soon(lambda: bool(host.toasts))
        assert host.toasts[-1] == "The server that introduces the players cannot be reached."

    run(go)


SAVED = Path(__file__).parent / "saved" / "friends-host.json"


def test_a_save_written_before_still_opens_its_table() -> None:
    """A host's save with its table with friends, as the page wrote it before the table rode
    on the match (tests/ui/saved/friends-host.json): the table opens again with its broker id,
    its seats and its friend's secret, the friend takes its seat back, and the save written
    now has the same fields and the same table."""
    text = SAVED.read_text(encoding="utf-8").strip()
    old = json.loads(text)
    token = old["friends"]["seats"][0]["token"]

    async def go() -> None:
        relay = ComingBack()
        again = await start(relay, "", {S.KEY: text, NAME_KEY: "Hostess"})
        await soon(lambda: relay.ids == [{"id": HOST_ID}])
        m = app(again).t.match
        assert m.record() == old["record"] and m.seat_names == old["names"]
        table = host_session(again).table
        assert table is not None and table.started and table.token(1) == token
        assert [table.kind(s) for s in (1, 2, 3)] == ["friend", "friend", "computer"]
        assert table.names()[1] == "Ayla" and table.seat_infos()[1].away  # (until she is back)
        kept = {G.KEY: json.dumps({HOST_ID: [1, token]}), NAME_KEY: "Ayla"}
        ayla = await start(relay, f"?friends={HOST_ID}", kept)
        await soon(lambda: 1 in back_in(again))
        assert guest_session(ayla).seat == 1 and table.names()[1] == "Ayla"
        await play_until(
            again, [ayla], lambda: len(m.deal.moves) > len(old["record"]["deals"][-1]["moves"])
        )
        now = json.loads(again.storage[S.KEY])
        assert set(now) == set(old) and now["friends"] == old["friends"]
        assert again.errors == ayla.errors == []

    run(go)


def moves_sent(page: RelayPage) -> list[tuple[int, str]]:
    """The moves a guest's page asked of its host: (state id, move)."""
    sent = [json.loads(op[2]) for op in page.written if op[0] == "friends-send"]
    return [(int(d["sid"]), str(d["move"])) for d in sent if d.get("type") == "move"]


async def at_a_card_of_ayla(relay: ComingBack) -> tuple[RelayPage, RelayPage, list[str]]:
    """A host and Ayla in the play, at Ayla's turn after a trick, the host's save at that
    position; the deal's moves so far."""
    host, (ayla,), m = await table_with(relay, "Ayla")
    await play_until(host, [ayla], lambda: guest_can_move(ayla) and bool(m.deal.tricks))
    moves = list(m.deal.moves)
    await soon(lambda: json.loads(host.storage[S.KEY])["record"]["deals"][-1]["moves"] == moves)
    return host, ayla, moves


def test_a_move_the_host_never_had_is_asked_again_by_itself_and_played_once() -> None:
    """Ayla taps a card as the host's tab closes: her move never reaches it. The host's page
    opened again waits for her a moment; back in her seat at the same position, her page asks
    for the same card again by itself (with the new state's id), and it is played once."""

    async def go() -> None:
        relay = ComingBack()
        host, ayla, moves = await at_a_card_of_ayla(relay)
        relay.host_goes()
        guest_move(ayla)  # (lost: the host is gone)
        ((sid, card),) = moves_sent(ayla)[-1:]
        assert guest_session(ayla).asked is not None
        again = await start(relay, "", dict(host.storage))
        m2 = app(again).t.match
        await soon(lambda: len(m2.deal.moves) > len(moves))
        assert m2.deal.moves[: len(moves)] == moves and m2.deal.moves[len(moves)] == card
        assert 1 in back_in(again)  # (played by Ayla's page, not by the computer for her)
        assert moves_sent(ayla)[-2:] == [(sid, card), (sid, card)]  # (the same position)
        await soon(lambda: (guest_session(ayla).state or {}).get("sid", sid) > sid)  # answered
        await play_until(again, [ayla], lambda: len(m2.deal.moves) > len(moves) + 6)
        assert m2.deal.moves.count(card) == 1 and moves_sent(ayla).count((sid, card)) == 2
        assert guest_session(ayla).asked is None or guest_session(ayla).asked.sid != sid
        assert not any("moved on" in t for t in ayla.toasts)
        assert again.errors == ayla.errors == []

    run(go)


def test_a_move_the_host_played_before_it_went_is_not_asked_again() -> None:
    """Ayla's card reaches the host, which plays and saves it, but its answer is lost as its
    tab closes: back at the table, the position is not the one she asked in, and her page
    asks nothing again (no refusal, nothing played twice)."""

    async def go() -> None:
        relay = ComingBack()
        host, ayla, moves = await at_a_card_of_ayla(relay)
        relay.muted = True
        guest_move(ayla)
        ((sid, card),) = moves_sent(ayla)[-1:]
        m = app(host).t.match
        await soon(
            lambda: (
                len(json.loads(host.storage[S.KEY])["record"]["deals"][-1]["moves"]) > len(moves)
            )
        )
        assert m.deal.moves[len(moves)] == card
        relay.host_goes()
        relay.muted = False
        assert guest_session(ayla).asked is not None  # (never answered)
        again = await start(relay, "", dict(host.storage))
        await soon(lambda: 1 in back_in(again))
        await soon(
            lambda: guest_session(ayla).state is not None and guest_session(ayla).state["sid"] > sid
        )
        m2 = app(again).t.match
        await play_until(again, [ayla], lambda: len(m2.deal.moves) > len(moves) + 6)
        assert moves_sent(ayla).count((sid, card)) == 1 and m2.deal.moves.count(card) == 1
        assert guest_session(ayla).asked is None or guest_session(ayla).asked.sid != sid
        assert not ayla.toasts and again.errors == ayla.errors == []

    run(go)


def test_a_move_asked_again_only_at_the_same_position() -> None:
    """The rule on its own: after the host went, a state at the same position with the move
    legal asks it again; the same state with another id, deal, seat to move or card on the
    table, or without the move among the legal ones, drops it."""
    m = engine.new_match("batak", seed=5)
    table = FriendsTable(m, [Friend(), Computer(), Computer()], "Host")
    table.hello("p1", K.M.Hello(1, "Ayla"), 0.0)
    table.start()
    while not (m.deal.phase == "play" and m.deal.to_move == 1 and m.deal.trick):
        m.play(m.legal_moves()[0])
    state = json.loads(K.M.encode(table.view_for(1)))
    card = state["legal"][0]

    def asked_again(change: Callable[[dict[str, Any]], None]) -> list[Any]:
        g = G.GuestSession(guest_page(), HOST_ID)
        g.seat, g.state, g.trying = 1, state, True  # (no tries of its own in this test)
        g.ask(state, card)
        g.host_gone()
        back = json.loads(json.dumps(state))
        change(back)
        g.app.dom.ops.clear()
        g.take(back)
        return [json.loads(op[2]) for op in g.app.dom.ops if op[0] == "friends-send"]

    (again,) = asked_again(lambda st: None)
    assert (again["type"], again["sid"], again["move"]) == ("move", state["sid"], card)
    assert asked_again(lambda st: st.update(sid=st["sid"] + 4)) == []
    assert asked_again(lambda st: st["view"]["trick"].append([2, "2C"])) == []
    assert asked_again(lambda st: st.update(legal=[x for x in st["legal"] if x != card])) == []
    assert asked_again(lambda st: st.update(deal_number=2)) == []
    assert asked_again(lambda st: st["view"].update(to_move=2)) == []


def test_a_table_opened_again_waits_for_its_guests_a_moment() -> None:
    """The seats a guest held are waited for until the given time (the computer does not play
    them), then swept to the computer; a guest back in time takes its seat."""
    m = engine.new_match("batak", seed=5)
    table = FriendsTable(m, [Friend(), Friend(), Computer()], "Host", lambda: "t")
    table.hello("p1", K.M.Hello(1, "Ayla"), 0.0)
    table.hello("p2", K.M.Hello(2, "Boris"), 0.0)
    table.start()
    table.leave("p1")
    table.leave("p2")
    assert table.computer_plays(1, 1.0) and table.computer_plays(2, 1.0)
    table.expect_back(10.0)
    assert not table.computer_plays(1, 9.0) and not table.computer_plays(2, 9.0)
    assert table.computer_plays(3, 9.0) and table.sweep(9.0) == []
    table.hello("p3", K.M.Hello(1, "Ayla", "t"), 9.5)
    assert table.sweep(10.0) == [2] and table.computer_plays(2, 10.0)
    assert not table.computer_plays(1, 10.0) and table.sweep(11.0) == []
