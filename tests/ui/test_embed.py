"""ui/embed/spec.py: what an address or a parent window may ask of an embedded table, checked
before anything changes (pure: runs under CPython)."""

from __future__ import annotations

import json
import random

import pytest

import engine
from engine import address
from ui.embed import spec as E

ORIGIN = "https://tricktable.test"


def played(game: str, seed: int, n: int) -> dict:
    m = engine.new_match(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(n):
        if m.is_over:
            break
        m.play(rng.choice(m.legal_moves()))
    return m.record()


def test_address_parameters() -> None:
    rec = played("batak", 1, 12)
    spec = E.parse_params(
        {
            "embed": "1",
            "game": "batak",
            "record": address.encode(rec),
            "seat": "2",
            "seats": "all",
            "view": "open",
            "step": "5",
            "parent": "https://tutorial.example",
        },
        ORIGIN,
    )
    assert spec.embed and spec.record == rec and spec.seat == 2 and spec.all_seats
    assert spec.open_view and spec.step == 5 and spec.parent == "https://tutorial.example"
    assert E.parse_params({"record": json.dumps(rec)}, ORIGIN).record == rec
    lesson = E.parse_params({"lesson": "lessons/x.json"}, ORIGIN)
    assert lesson.lesson_url == "lessons/x.json" and lesson.lesson is None
    # embed.js's own: the frame follows the height; the lesson file comes by message
    fitted = E.parse_params(
        {"embed": "1", "game": "koz-maca", "fit": "1", "wait": "lesson"}, ORIGIN
    )
    assert fitted.fit and fitted.wait and fitted.lesson is None and fitted.lesson_url is None
    assert not E.parse_params({"embed": "1", "game": "koz-maca"}, ORIGIN).fit


@pytest.mark.parametrize(
    "raw, words",
    [
        ({"game": "poker"}, "Unknown game"),
        ({"record": "{nope"}, "not valid"),
        (
            {"record": json.dumps({"game": "batak", "deals": [{"moves": ["bid 99"]}]})},
            "could not be set up",
        ),
        ({"record": "z1.AAAA"}, "not valid"),
        (
            {"game": "koz-maca", "record": json.dumps(engine.new_match("batak", seed=1).record())},
            "is for Koz Maça",
        ),
        ({"record": "{}", "lesson": "{}"}, "both"),
        ({"lesson": "https://evil.example/l.json"}, "own address"),
        ({"lesson": "javascript:alert(1)"}, "own address"),
        ({"lesson": "//evil.example/l.json"}, "not one this table can open"),
        ({"seat": "7"}, "whole number from 0 to 4"),
        ({"step": "-1"}, "whole number"),
        ({"seats": "some"}, "“seats”"),
        ({"view": "x-ray"}, "“view”"),
        ({"parent": "javascript:alert(1)"}, "origin"),
        ({"parent": "https://a.example/path"}, "origin"),
        ({"wait": "record"}, "“wait”"),
        ({"wait": "lesson", "lesson": "lessons/x.json"}, "“wait”"),
    ],
)
def test_bad_parameters_say_what(raw: dict, words: str) -> None:
    with pytest.raises(E.EmbedError) as err:
        E.parse_params(raw, ORIGIN)
    assert words in str(err.value)


@pytest.mark.parametrize("game", list(engine.GAMES))
def test_turned_records_play_the_same(game: str) -> None:
    rec = played(game, 3, 30)
    m = engine.replay(rec)
    for seat in range(1, m.players):
        turned = engine.replay(E.rotate(rec, seat))
        assert [d.moves for d in turned.deals] == [d.moves for d in m.deals]
        assert turned.deal.view(0)["hand"] == m.deal.view(seat)["hand"]


def test_truncate_and_flat_moves() -> None:
    rec = played("koz-maca", 2, 20)
    flat = E.flat_moves(rec)
    assert len(flat) == 20
    for n in (0, 1, 7, 20):
        cut = E.truncate(rec, n)
        assert [mv for _, mv in E.flat_moves(cut)] == [mv for _, mv in flat[:n]]
        engine.replay(cut)


@pytest.mark.parametrize(
    "text, words",
    [
        (None, "JSON object"),
        ("x" * (E.MAX_MESSAGE + 1), "JSON object"),
        ("nope", "JSON object"),
        ("[]", "JSON object"),
        ('{"type": "restart"}', "“v”"),
        ('{"v": 1, "type": "fly"}', "Unknown"),
        ('{"v": 1, "type": "restart", "x": 1}', "unknown field"),
        ('{"v": 1, "type": "load"}', "one of"),
        ('{"v": 1, "type": "play", "move": 3}', "move as text"),
        ('{"v": 1, "type": "step", "dir": "up"}', "“dir”"),
        ('{"v": 1, "type": "set"}', "needs"),
        ('{"v": 1, "type": "set", "speed": 7}', "“speed”"),
        ('{"v": 1, "type": "set", "view": "x"}', "“view”"),
    ],
)
def test_bad_commands(text: str | None, words: str) -> None:
    with pytest.raises(E.EmbedError) as err:
        E.parse_command(text)
    assert words in str(err.value)


def test_good_commands_and_events() -> None:
    for cmd in (
        {"v": 1, "type": "restart"},
        {"v": 1, "type": "play", "move": "QS"},
        {"v": 1, "type": "step", "dir": "back"},
        {"v": 1, "type": "step", "to": 3},
        {"v": 1, "type": "set", "speed": "0", "view": "open", "seats": "all"},
        {"v": 1, "type": "load", "record": {"game": "batak"}, "step": 2},
    ):
        assert E.parse_command(json.dumps(cmd)) == cmd
    assert E.event("ready") == {"v": 1, "source": "trick-table", "type": "ready"}
