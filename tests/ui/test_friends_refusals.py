"""Bad input from a peer (ui/friends/): every message is checked for its size, depth, type and
rate; anything unknown, malformed, out of turn, stale or illegal is refused with a sentence to
that peer and changes nothing (the match's record, the seats); a flood is cut off."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

import engine
from ui.friends import protocol as M
from ui.friends.host import Computer, Friend, FriendsTable, Verdict
from ui.friends.peers import BURST, CUT_OFF


def msg(kind: str, **fields: Any) -> str:
    return json.dumps({"v": 1, "type": kind, **fields})


def table_with_guests(game: str = "batak", seed: int = 5) -> FriendsTable:
    """Host at seat 0, guests "a" (seat 1) and "b" (seat 2), a computer at seat 3, started."""
    counter = itertools.count()
    m = engine.new_match(game, seed=seed)
    table = FriendsTable(
        m, [Friend(), Friend(), Computer("easy")], "Host", lambda: f"t{next(counter)}"
    )
    for peer, seat, name in (("a", 1, "Ayla"), ("b", 2, "Boris")):
        verdict = table.receive(peer, msg("hello", seat=seat, name=name), 0.0)
        assert isinstance(verdict.replies[0], M.Welcome)
    table.start()
    return table


def to_move(table: FriendsTable, seat: int) -> None:
    """Plays the match (the computer's easy moves) until `seat` is to move."""
    m = table.match
    while m.to_move != seat:
        m.play(engine.ai.choose(m.deal, level="easy", seed=len(m.deal.moves)))


def snapshot(table: FriendsTable) -> Any:
    return (
        table.match.record(),
        table.names(),
        table.guests(),
        table.seat_infos(),
        table.sid,
        [table.token(s) for s in table.friend_seats()],
    )


def refused(table: FriendsTable, peer: str, text: Any, now: float = 1.0) -> M.Refused:
    """The one refusal `text` earns, checked to change nothing and to be a sentence."""
    before = snapshot(table)
    verdict = table.receive(peer, text, now)
    assert snapshot(table) == before
    assert verdict.accepted is None and not verdict.changed and not verdict.close, verdict
    assert len(verdict.replies) == 1 and isinstance(verdict.replies[0], M.Refused), verdict
    answer = verdict.replies[0]
    assert len(answer.text.split()) >= 4 and answer.text.endswith("."), answer.text
    assert json.loads(M.encode(answer))["type"] == "refused"
    return answer


NASTY = [
    ("not json", "{not json", "malformed"),
    ("too deep", json.dumps({"v": 1, "type": "ping", "x": [[[[1]]]]}), "malformed"),
    ("deeper", "[" * 5000, "malformed"),
    ("too long", msg("ping") + " " * M.MAX_TEXT, "malformed"),
    ("not text", 12, "malformed"),
    ("a list", "[1, 2]", "malformed"),
    ("no version", json.dumps({"type": "ping"}), "malformed"),
    ("version true", json.dumps({"v": True, "type": "ping"}), "malformed"),
    ("unknown type", msg("deal", cards=["AS"]), "malformed"),
    ("no type", json.dumps({"v": 1}), "malformed"),
    ("type not text", json.dumps({"v": 1, "type": ["move"]}), "malformed"),
    ("unknown field", msg("ping", extra=1), "malformed"),
    ("another seat's move", msg("move", sid=1, move="AS", seat=2), "malformed"),
    ("no sid", msg("move", move="AS"), "malformed"),
    ("no move", msg("move", sid=1), "malformed"),
    ("sid as text", msg("move", sid="1", move="AS"), "malformed"),
    ("sid negative", msg("move", sid=-1, move="AS"), "malformed"),
    ("sid a float", msg("move", sid=1.0, move="AS"), "malformed"),
    ("sid true", msg("move", sid=True, move="AS"), "malformed"),
    ("move not text", msg("move", sid=1, move=["AS"]), "malformed"),
    ("move empty", msg("move", sid=1, move=""), "malformed"),
    ("move too long", msg("move", sid=1, move="A" * (M.MAX_MOVE + 1)), "malformed"),
    ("no name", msg("hello", seat=1), "malformed"),
    ("name not text", msg("hello", seat=1, name=7), "malformed"),
    ("name empty", msg("hello", seat=1, name=" \t\u200b "), "malformed"),
    ("name of 21", msg("hello", seat=1, name="x" * 21), "malformed"),
    ("seat as text", msg("hello", seat="1", name="Ayla"), "malformed"),
    ("token not text", msg("hello", seat=1, name="Ayla", token=5), "malformed"),
    ("token not a token", msg("hello", seat=1, name="Ayla", token="<b>x</b>"), "malformed"),
    ("a lone surrogate", '{"v":1,"type":"hello","seat":1,"name":"\\ud800"}', "malformed"),
]


@pytest.mark.parametrize(("text", "code"), [n[1:] for n in NASTY], ids=[n[0] for n in NASTY])
def test_a_malformed_message_is_refused_and_changes_nothing(text: Any, code: str) -> None:
    table = table_with_guests()
    assert refused(table, "a", text).code == code


def test_parse_guest_reads_each_message() -> None:
    assert M.parse_guest(msg("hello", seat=2, name="  Ayla  Su ")) == M.Hello(2, "Ayla Su")
    assert M.parse_guest(msg("hello", seat=2, name="A", token="ab-_9")) == M.Hello(2, "A", "ab-_9")
    assert M.parse_guest(msg("move", sid=12, move="10S")) == M.Move(12, "10S")
    assert M.parse_guest(msg("ping")) == M.Ping()
    assert M.parse_guest(msg("leave")) == M.Leave()
    assert M.parse_guest(msg("hello", seat=1, name="x" * 20)).name == "x" * 20
    with pytest.raises(M.PeerError, match="1 to 20 characters"):
        M.parse_guest(msg("hello", seat=1, name="x" * 21))
    with pytest.raises(M.PeerError, match="4 levels") as exc:
        M.parse_guest(json.dumps({"v": 1, "type": "ping", "x": [[[[]]]]}))
    assert isinstance(exc.value, ValueError) and exc.value.code == "malformed"


def test_a_name_with_markup_stays_plain_text() -> None:
    """A name is kept as the text it is (never HTML, never cut or changed but for spaces
    and control characters) and sent as a JSON string."""
    m = engine.new_match("bidding-kozel", seed=1, players=2)
    table = FriendsTable(m, [Friend()], "Host")
    name = "<script>x</script>"
    verdict = table.receive("a", msg("hello", seat=1, name=name), 0.0)
    assert isinstance(verdict.replies[0], M.Welcome) and verdict.replies[0].name == name
    state = json.loads(M.encode(table.view_for(1)))
    assert state["seats"][1]["name"] == name and table.names() == ["Host", name]
    assert "<script>" not in M.encode(table.view_for(1)).replace(json.dumps(name)[1:-1], "")


def test_moves_refused_for_what_they_ask() -> None:
    table = table_with_guests()
    sid = table.sid
    to_move(table, 1)
    sid = table.sid
    legal = table.match.legal_moves()
    # another seat's turn, for a guest (b at seat 2) and a peer with no seat
    assert refused(table, "b", msg("move", sid=sid, move=legal[0])).code == "turn"
    assert refused(table, "x", msg("move", sid=sid, move=legal[0])).code == "no-seat"
    # a stale state id, before and after this one
    assert refused(table, "a", msg("move", sid=sid - 1, move=legal[0])).code == "stale"
    assert refused(table, "a", msg("move", sid=sid + 1, move=legal[0])).code == "stale"
    # a move the engine refuses: its reason, naming the seats
    bad = refused(table, "a", msg("move", sid=sid, move="bid 1")).text
    assert bad == table.match.deal.illegal_reason("bid 1").render(table.names(), None, 1)
    assert refused(table, "a", msg("move", sid=sid, move="ZZ")).code == "illegal"
    ok = table.receive("a", msg("move", sid=sid, move=legal[0]), 2.0)
    assert ok.accepted is not None and ok.accepted.move == legal[0]
    table.apply(ok.accepted)
    # the same move again (a replay): stale
    again = refused(table, "a", msg("move", sid=sid, move=legal[0]), 3.0)
    assert again.code == "stale"
    with pytest.raises(M.PeerError):
        table.apply(ok.accepted)


def test_an_illegal_card_is_refused_with_the_engines_reason() -> None:
    table = table_with_guests("koz-maca", seed=2)
    m = table.match

    def wrong() -> list[str]:
        return [c for c in m.deal.hand_of(2) if m.deal.illegal_reason(c) is not None]

    while not (m.to_move == 2 and m.deal.phase == "play" and wrong()):
        m.play(engine.ai.choose(m.deal, level="easy", seed=len(m.deal.moves)))
    not_held = next(c for c in m.deal.hand_of(1))
    for card in [wrong()[0], not_held]:
        answer = refused(table, "b", msg("move", sid=table.sid, move=card))
        assert answer.code == "illegal" and answer.what == "move"


def test_moves_before_the_start_are_refused() -> None:
    m = engine.new_match("batak", seed=1)
    table = FriendsTable(m, [Friend(), Computer(), Computer()], "Host")
    table.receive("a", msg("hello", seat=1, name="Ayla"), 0.0)
    to_move(table, 1)
    assert refused(table, "a", msg("move", sid=table.sid, move="pass")).code == "not-started"
    assert table.view_for(1).legal == ()


def test_seats_refused() -> None:
    table = table_with_guests()
    assert refused(table, "c", msg("hello", seat=1, name="Cem")).code == "taken"
    assert refused(table, "c", msg("hello", seat=0, name="Cem")).code == "seat"  # the host's
    assert refused(table, "c", msg("hello", seat=3, name="Cem")).code == "seat"  # a computer's
    assert refused(table, "c", msg("hello", seat=4, name="Cem")).code == "seat"  # no such seat
    assert refused(table, "c", msg("hello", seat=1, name="Cem", token="t1")).code == "token"
    assert refused(table, "c", msg("hello", seat=1, name="Cem", token="t0x")).code == "token"
    assert refused(table, "a", msg("hello", seat=2, name="Ayla")).code == "twice"
    assert refused(table, "a", msg("hello", seat=1, name="Ayla", token="t0")).code == "twice"


def test_a_flood_is_cut_off_and_changes_nothing() -> None:
    """2,000 messages at once: the first BURST are read, the next ones refused (one sentence,
    then silence), and the peer is cut off: every later message is dropped too."""
    table = table_with_guests()
    to_move(table, 1)
    before = snapshot(table)
    flood = msg("move", sid=table.sid, move="bid 1")
    verdicts = [table.receive("a", flood, 5.0) for _ in range(2_000)]
    assert snapshot(table)[0] == before[0]  # the match
    read = verdicts[: int(BURST)]
    assert all(isinstance(v.replies[0], M.Refused) and v.replies[0].code == "illegal" for v in read)
    assert verdicts[int(BURST)].replies[0] == M.Refused(
        "message", "rate", verdicts[int(BURST)].replies[0].text
    )
    assert all(v == Verdict() for v in verdicts[int(BURST) + 1 : int(BURST) + CUT_OFF - 1])
    cut = verdicts[int(BURST) + CUT_OFF - 1]
    assert cut.close and isinstance(cut.replies[0], M.Closed) and cut.changed
    assert all(v == Verdict(close=True) for v in verdicts[int(BURST) + CUT_OFF :])
    # cut off for good, even after a pause; its seat is played by the computer meanwhile
    assert table.receive("a", msg("ping"), 60.0) == Verdict(close=True)
    assert table.away(1, 60.0) and table.guests() == {2: "b"}
    # the other guest is not touched
    assert table.receive("b", msg("ping"), 5.0) == Verdict()


def test_a_steady_guest_is_never_cut_off() -> None:
    """Twenty messages a second, for a minute: every one is read."""
    table = table_with_guests()
    for i in range(1_200):
        assert table.receive("a", msg("ping"), 10.0 + i / 20) == Verdict()
