"""Numbers from outside (the address's seed, seat and step, a parent's `step`, the lobby's seed
field, a replay's deal and step, a puzzle's number) are read in one place
(`engine.untrusted.whole`): ASCII digits only (Python's `isdigit` also takes "²", which `int`
refuses), an optional "-" only where the number may be negative, at most 18 digits, within
bounds. Every refusal is a sentence for a person, never Python's own text, and a long value is
quoted cut short."""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace

import pytest

import engine
import engine.ai
from bench.fake_page import FACTS, run, until
from engine import untrusted as U
from tests.ui.test_untrusted import Posting
from ui.embed import spec as E
from ui.lobby import choices as C
from ui.lobby import query as Q
from ui.puzzles import progress as PZ
from ui.shell import host as H

ODD = [
    "²",
    "٣",
    "--5",
    "+5",
    "5-",
    "1e3",
    "0x10",
    "1_000",
    "",
    "  ",
    "5" * 5000,
    "5" * 19,
    "1.0",
    "½",
]


def short_id(value: str) -> str:
    return value if len(value) <= 8 else f"{value[:4]}…({len(value)})"


PYTHON_TEXT = ("invalid literal", "Exceeds the limit", "base 10", "int()")


def python_free(text: str) -> None:
    assert not any(p in text for p in PYTHON_TEXT), text
    assert len(text) < 300, len(text)


@pytest.mark.parametrize("value", ODD, ids=short_id)
def test_whole_refuses_anything_but_ascii_digits(value: str) -> None:
    with pytest.raises(U.UntrustedError) as info:
        U.whole(value, "step", 0, 10**18)
    python_free(str(info.value))
    assert str(info.value).startswith("“step” must be a whole number from 0 to ")


def test_whole_takes_ascii_digits_within_bounds() -> None:
    assert U.whole(" 17 ", "x", 0, 20) == 17
    assert U.whole(17, "x", 0, 20) == 17
    assert U.whole("-5", "x", -9, 9) == -5
    assert U.whole("9" * 18, "x", 0, 10**18) == 10**18 - 1
    for bad in ("-5", "21", True, None, 1.0, [1]):
        with pytest.raises(U.UntrustedError):
            U.whole(bad, "x", 0, 20)
    assert U.whole_or("²", 0, 9, -1) == -1
    assert U.whole_or("3", 0, 9, -1) == 3


@pytest.mark.parametrize("value", ["²", "5" * 5000, "--5"], ids=short_id)
def test_embed_numbers_refuse_with_a_sentence(value: str) -> None:
    for name in ("seat", "step"):
        with pytest.raises(E.EmbedError) as info:
            E.parse_params({"embed": "1", "game": "batak", name: value}, "https://site.test")
        python_free(str(info.value))
        assert f"“{name}” must be a whole number" in str(info.value)
    with pytest.raises(E.EmbedError) as info:
        E.parse_command(f'{{"v": 1, "type": "step", "to": "{value}"}}')
    python_free(str(info.value))


def parse(raw: dict[str, str]) -> Q.Query:
    return Q.parse(raw, engine.GAMES, engine.GAME_INFO, dict(engine.ai.LEVELS))


@pytest.mark.parametrize("value", ["--5", "²", "5" * 5000, "- 5", "5-"], ids=short_id)
def test_an_odd_seed_in_the_address_is_a_sentence(value: str) -> None:
    q = parse({"game": "batak", "seed": value})
    assert q.seed == ""
    assert q.errors and q.errors[0].startswith("The seed must be a whole number, not “")
    for e in q.errors:
        python_free(e)


def test_a_seed_is_read_as_a_number() -> None:
    assert parse({"game": "batak", "seed": " 042 "}).seed == "42"
    assert parse({"game": "batak", "seed": "-7"}).seed == "-7"


def test_long_parameters_are_quoted_cut_short() -> None:
    long = "<img src=x>" * 10_000  # about 100 KB
    for raw in (
        {"lang": long},
        {"speed": long},
        {"level": long},
        {"game": long},
        {"game": "batak", "players": long},
        {long: "1"},
        {f"x{i}": "1" for i in range(500)},
    ):
        q = parse(raw)
        assert q.errors, raw
        for e in q.errors:
            assert len(e) < 400, (sorted(raw)[:1], len(e))


@pytest.mark.parametrize("seed", ["--5", "²", "5" * 5000], ids=short_id)
def test_the_lobby_seed_field_never_shows_python_text(seed: str) -> None:
    c = C.Choices("batak", seed=seed)
    assert c.settings("easy", "1").seed == ""
    with pytest.raises(ValueError) as info:
        c.new_match(random.Random(1))
    python_free(str(info.value))


def test_a_puzzle_number_in_odd_digits_is_no_puzzle() -> None:
    a, b = SimpleNamespace(id="a"), SimpleNamespace(id="b")
    assert PZ.find([a, b], "²") is None
    assert PZ.find([a, b], "2") is b


def test_an_odd_seat_in_an_embed_address_is_said_not_hung() -> None:
    async def go() -> None:
        page = Posting()
        page.host = H.boot(page)
        page.send(
            {
                "type": "start",
                "facts": dict(FACTS, search="?embed=1&game=batak&seat=%C2%B2", embedded=True),
            }
        )
        await asyncio.sleep(0)
        await until(page, lambda: page.embed_msg is not None)
        assert page.embed_msg == "“seat” must be a whole number from 0 to 4, not “²”."
        await until(page, lambda: any(p.get("type") == "error" for p in page.posted))
        assert not page.errors

    run(go)


# ------------------------------------------------------------------------------ a new game in a frame
async def framed(search: str) -> Posting:
    page = Posting()
    page.host = H.boot(page)
    page.send({"type": "start", "facts": dict(FACTS, search=search, embedded=True)})
    await asyncio.sleep(0)
    return page


def test_an_embedded_new_game_takes_players_and_table_options() -> None:
    async def go() -> None:
        page = await framed("?embed=1&game=bidding-kozel&players=5&seed=3&rounds=2&speed=0")
        await until(page, lambda: page.state.get("screen") == "table")
        assert page.host is not None and page.host.app is not None
        m = page.host.app.t.match
        assert (m.game, m.players, m.seed, m.options["rounds"]) == ("bidding-kozel", 5, 3, 2)
        assert page.embed_msg is None and not page.errors

    run(go)


@pytest.mark.parametrize(
    ("search", "said"),
    [
        (
            "?embed=1&game=bidding-kozel&players=99&seed=3",
            "Bidding Kozel is for 2, 3, 4, 5 players, not “99”.",
        ),
        ("?embed=1&game=bidding-kozel&hands=3", "Bidding Kozel: there is no option 'hands'"),
        ("?embed=1&game=batak&hands=%3Cimg%20src%3Dx%3E", "<img src=x>"),
        ("?embed=1&game=batak&seed=--5", "The seed must be a whole number, not “--5”."),
    ],
)
def test_an_embedded_new_game_refuses_what_the_page_refuses(search: str, said: str) -> None:
    async def go() -> None:
        page = await framed(search)
        await until(page, lambda: page.embed_msg is not None)
        assert said in str(page.embed_msg)  # set as text by ui/web/, never as HTML
        errors = [p for p in page.posted if p.get("type") == "error"]
        assert errors and said in errors[0]["message"]
        assert page.host is not None and page.host.app is not None
        assert page.host.app.t.match is None
        assert not page.errors

    run(go)


# ------------------------------------------------------------------------------ the engine
@pytest.mark.parametrize("value", ["²", "--5", "5" * 5000, "٣"], ids=short_id)
def test_the_engine_reads_numbers_in_ascii_digits_only(value: str) -> None:
    """A table option, a number of players and a bid in odd digits are refused with the
    engine's own sentence (the value cut short), never Python's int() text."""
    for go in (
        lambda: engine.parse_options("batak", {"hands": value}),
        lambda: engine.parse_options("bidding-kozel", {"rounds": value}),
        lambda: engine.new_match("bidding-kozel", seed=1, players=value),
    ):
        with pytest.raises(engine.RulesError) as info:
            go()
        python_free(str(info.value))
    m = engine.new_match("batak", seed=1)
    with pytest.raises(engine.IllegalMove) as bid:
        m.play(f"bid {value}")
    python_free(str(bid.value))
    assert engine.parse_options("batak", {"hands": " 5 "})["hands"] == 5
