"""The saved match (ui/saves/store.py): writing, reading, checking and replaying a save."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
import engine.ai
from ui.saves import store as S

GAMES = list(engine.available_games())
LEVELS = list(engine.ai.LEVELS)
SPEEDS = ["0", "1", "2", "3"]


def restore(text: str) -> tuple[S.Save, Any]:
    return S.restore(text, GAMES, engine.GAME_INFO, LEVELS, SPEEDS)


def settings(game: str = "koz-maca", **kw: Any) -> S.Settings:
    base = {"game": game, "options": {}, "players": "", "seed": "", "level": "easy", "speed": "0"}
    base.update(kw)
    return S.Settings(**base)


def played(game: str = "koz-maca", seed: int = 5, moves: int = 6) -> engine.Match:
    m = engine.new_match(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        m.play(rng.choice(m.deal.legal_moves()))
    return m


def save_of(m: engine.Match | None, **kw: Any) -> S.Save:
    args: dict[str, Any] = {
        "tab": "t1",
        "n": 3,
        "screen": "table" if m else "lobby",
        "settings": settings(m.game if m else "koz-maca"),
        "record": m.record() if m else None,
    }
    args.update(kw)
    return S.Save(**args)


def edited(text: str, **changes: Any) -> str:
    data = json.loads(text)
    data.update(changes)
    return json.dumps(data)


def test_round_trip_mid_trick() -> None:
    m = played(moves=6)  # a trick in progress
    assert m.deal.trick, "the position should have a trick in progress"
    text = save_of(m, away=[2]).dumps()
    assert json.loads(text)["format"] == S.FORMAT
    save, back = restore(text)
    assert back.record() == m.record()
    assert back.deal.view(0) == m.deal.view(0)
    assert (save.screen, save.overlay, save.cur, save.away) == ("table", None, 0, [2])
    assert save.mark == ("t1", 3)


def test_round_trip_summary_open() -> None:
    m = engine.new_match("koz-maca", seed=8)
    rng = random.Random(8)
    while len(m.deals) == 1:
        m.play(rng.choice(m.deal.legal_moves()))
    save, back = restore(save_of(m, overlay="summary", cur=0).dumps())
    assert back.deals[0].phase == "over" and save.overlay == "summary" and save.cur == 0


def test_lobby_save_without_a_match() -> None:
    save, m = restore(
        save_of(
            None, settings=settings("batak", options={"hands": "3"}, level="normal", speed="1")
        ).dumps()
    )
    assert m is None and save.screen == "lobby"
    assert save.settings == settings("batak", options={"hands": "3"}, level="normal", speed="1")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "not a saved match"),
        ('{"tab": "x"}', "no save format"),
    ],
)
def test_unreadable_text(text: str, words: str) -> None:
    with pytest.raises(S.SaveError, match=words):
        restore(text)


def test_another_version() -> None:
    text = edited(save_of(played()).dumps(), format=2)
    with pytest.raises(S.SaveError, match="another version"):
        restore(text)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"extra": 1}, "does not know"),
        ({"screen": "kitchen"}, "screen"),
        ({"overlay": "<b>x</b>"}, "open sheet"),
        ({"cur": -1}, "not a deal number"),
        ({"cur": True}, "not a deal number"),
        ({"away": "0"}, "away"),
        ({"away": [9]}, "not at this table"),
        ({"record": []}, "not an object"),
        ({"n": "1"}, "which tab"),
        ({"cur": 3}, "never dealt"),
        ({"overlay": "summary"}, "not over"),
        ({"overlay": "over"}, "not over"),
        ({"settings": {"game": "koz-maca"}}, "lobby settings"),
    ],
)
def test_hand_edited_fields(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(S.SaveError, match=words):
        restore(edited(save_of(played()).dumps(), **changes))


def test_missing_field() -> None:
    data = json.loads(save_of(played()).dumps())
    del data["away"]
    with pytest.raises(S.SaveError, match="lacks"):
        restore(json.dumps(data))


def test_table_without_a_match() -> None:
    with pytest.raises(S.SaveError, match="no match"):
        restore(save_of(None, screen="table").dumps())


@pytest.mark.parametrize(
    ("kw", "words"),
    [
        ({"game": "chess"}, "does not have"),
        ({"options": {"hands": "7"}}, "table option"),
        ({"options": {"colour": "red"}}, "table option"),
        ({"players": "9"}, "players"),
        ({"seed": "abc"}, "seed"),
        ({"level": "genius"}, "level"),
        ({"speed": "9"}, "speed"),
    ],
)
def test_settings_this_page_does_not_have(kw: dict[str, Any], words: str) -> None:
    s = settings(**kw)
    with pytest.raises(S.SaveError, match=words):
        restore(save_of(None, settings=s).dumps())


def test_a_move_the_engine_refuses() -> None:
    m = played(moves=6)
    rec = m.record()
    moves = rec["deals"][0]["moves"]
    moves[-1] = moves[0]  # a card already played: not in that hand any more
    with pytest.raises(engine.RecordError):
        engine.replay(rec)
    with pytest.raises(S.SaveError, match="does not replay") as err:
        restore(save_of(None, screen="table", record=rec, settings=settings()).dumps())
    assert "move 6" in str(err.value)


def test_a_match_of_another_game() -> None:
    rec = played().record()
    rec["game"] = "<img src=x>"
    with pytest.raises(S.SaveError, match="game this page does not have"):
        restore(save_of(None, screen="table", record=rec, settings=settings()).dumps())


def test_a_record_of_the_wrong_shape_is_an_error_not_a_crash() -> None:
    rec = played().record()
    rec["deals"][0]["hands"] = 7
    with pytest.raises(S.SaveError, match="does not replay"):
        restore(save_of(None, screen="table", record=rec, settings=settings()).dumps())


def test_who_wrote_it() -> None:
    text = save_of(None, tab="a", n=4).dumps()
    assert S.mark_of(None) is None
    assert S.mark_of(text) == ("a", 4)
    assert S.mark_of("{oops") == S.UNREADABLE
    assert S.mark_of('{"tab": 1, "n": 2}') == S.UNREADABLE
    # This tab wrote it (or read it) last: no one else wrote since.
    assert not S.written_since(text, ("a", 4))
    # Another tab wrote after: the stored mark is not the one this tab knows.
    assert S.written_since(save_of(None, tab="b", n=5).dumps(), ("a", 4))
    # A save that appeared since this tab found none.
    assert S.written_since(text, None)
    # A save that is gone (cleared) is nobody's: writing is fine.
    assert not S.written_since(None, ("a", 4))
    assert S.written_since("{oops", ("a", 4))
    assert S.next_n(text, ("a", 4)) == 5
    assert S.next_n(None, None) == 1
    assert S.next_n(save_of(None, tab="b", n=9).dumps(), ("a", 4)) == 10


def test_valid_options() -> None:
    assert S.valid_options("batak", {"hands": "3"}) == {"hands": "3"}
    assert S.valid_options("batak", {"hands": "7"}) == {}
    kept = S.valid_options("kozel-classic", {"deck": "32", "marker": "ZZ", "short": "true"})
    assert kept == {"deck": "32", "short": "true"}


def test_same_match() -> None:
    m = engine.new_match("batak", seed=12, options={"hands": 3})
    opts = engine.parse_options("batak", {"hands": "3"})
    assert S.same_match(m, "batak", "12", "", opts)
    assert S.same_match(m, "batak", "12", "4", opts)
    assert not S.same_match(m, "batak", "13", "", opts)
    assert not S.same_match(m, "batak", "", "", opts)
    assert not S.same_match(m, "koz-maca", "12", "", opts)
    assert not S.same_match(m, "batak", "12", "", engine.parse_options("batak", {}))


def test_the_practice_mark_is_kept_and_checked() -> None:
    """A match in which a move was taken back stays "practice" over a reload; a save without
    the mark (older saves) is not practice; a mark that is not true or false is refused."""
    m = played(moves=6)
    text = save_of(m, practice=True).dumps()
    assert json.loads(text)["practice"] is True
    save, back = restore(text)
    assert save.practice and back.practice is True
    plain = save_of(m).dumps()
    assert "practice" not in json.loads(plain)
    save, back = restore(plain)
    assert not save.practice and back.practice is False
    with pytest.raises(S.SaveError, match="practice"):
        restore(edited(text, practice="yes"))


def test_the_seats_names_are_kept_and_checked() -> None:
    """A save keeps the seats' names as the match began; a save without them (older saves)
    names the seats afresh; names that are not a list of texts, or one per seat, are refused."""
    m = played(moves=6)
    names = ["You", "Mehmet", "Ayşe", "Kemal"]
    text = save_of(m, names=names).dumps()
    assert json.loads(text)["names"] == names
    _save, back = restore(text)
    assert back.seat_names == names
    _save, back = restore(save_of(m).dumps())
    assert getattr(back, "seat_names", None) is None
    for bad in ("Mehmet", [1, 2, 3, 4], [], ["x" * 41, "a", "b", "c"]):
        with pytest.raises(S.SaveError, match="names"):
            restore(edited(text, names=bad))
    with pytest.raises(S.SaveError, match="3 seats"):
        restore(edited(text, names=names[:3]))
