"""Text from outside is read with limits (engine/untrusted.py): JSON nested thousands of levels
deep never reaches the parser (under Pyodide its recursion overflows the WebAssembly stack,
a fatal error no `except` catches), wherever it comes from: the save, the record, the display
settings, the puzzles' progress, a parent page's message, a lesson file. Each is refused with
a sentence for a person and changes nothing else.

The `fatal_deep_json` fixture stands in for Pyodide: `json.loads` given text nested more than
200 levels deep raises an exception no `except Exception` catches, as the real runtime dies.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.fake_page import FACTS, Page, run, until
from engine import untrusted as U
from ui.embed import spec as E
from ui.lobby import view as LW
from ui.puzzles import progress as PZ
from ui.saves import store as S
from ui.shell import host as H
from ui.shell.env import DISPLAY_KEY
from ui.stats import record as RC

DEEP = 5000
DEEP_ARRAY = "[" * DEEP + "]" * DEEP
DEEP_OBJECT = '{"a":' * DEEP + "1" + "}" * DEEP
DEEP_TEXTS = (DEEP_ARRAY, DEEP_OBJECT)


class WasmStackOverflow(BaseException):
    """Pyodide's "Maximum call stack size exceeded": nothing in the page's Python catches it."""


@pytest.fixture
def fatal_deep_json(monkeypatch: pytest.MonkeyPatch) -> None:
    real = json.loads

    def loads(text: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(text, str) and U.depth_of(text, 200) > 200:
            raise WasmStackOverflow("Maximum call stack size exceeded")
        return real(text, *args, **kwargs)

    monkeypatch.setattr(json, "loads", loads)


# ------------------------------------------------------------------------------ the helper
def test_depth_counts_brackets_outside_strings_only() -> None:
    assert U.depth_of('{"a": [1, {"b": "[[[{{{"}]}') == 3
    assert U.depth_of('["\\"[[[", "\\\\", [[]]]') == 3
    assert U.depth_of("") == 0
    assert U.depth_of(DEEP_ARRAY, 64) == 65  # stops counting past the limit


@pytest.mark.parametrize("text", DEEP_TEXTS, ids=["array", "object"])
def test_deep_json_is_refused_with_a_sentence(text: str) -> None:
    with pytest.raises(U.UntrustedError) as info:
        U.loads(text)
    assert isinstance(info.value, ValueError)
    assert str(info.value) == (
        "The text is nested more than 64 levels deep (lists and "
        "objects inside each other), so it is not read."
    )


def test_limits_of_depth_and_size() -> None:
    assert U.loads("[" * 64 + "]" * 64) is not None
    with pytest.raises(U.UntrustedError, match="more than 64 levels"):
        U.loads("[" * 65 + "]" * 65)
    assert U.loads("[" * 3 + "]" * 3, max_depth=3) == [[[]]]
    with pytest.raises(U.UntrustedError, match="is 12 characters long; at most 10 are read"):
        U.loads('"0123456789"', max_chars=10)
    with pytest.raises(
        U.UntrustedError, match=r"^The text is not valid JSON: it goes wrong at line 1, column 2\.$"
    ):
        U.loads("{nope")
    with pytest.raises(U.UntrustedError, match="is not text"):
        U.loads(None)


# ------------------------------------------------------------------------------ each reader
@pytest.mark.usefixtures("fatal_deep_json")
@pytest.mark.parametrize("text", DEEP_TEXTS, ids=["array", "object"])
def test_each_reader_refuses_deep_json(text: str) -> None:
    with pytest.raises(S.SaveError, match="nested too deeply to be a saved match"):
        S.parse(text)
    assert S.mark_of(text) == S.UNREADABLE
    with pytest.raises(RC.RecordError, match="nested too deeply to be a record"):
        RC.parse(text)
    assert RC.read_puzzles(text).solved == {}
    progress, unreadable = PZ.read_progress(text)
    assert unreadable and progress == PZ.Progress()
    assert LW.parse_display(text) == {}
    with pytest.raises(E.EmbedError, match="at most 64 levels deep"):
        E.parse_command(text)
    with pytest.raises(E.EmbedError, match="nested more than 64 levels deep: it is not a lesson"):
        E.lesson_from_text(text, "lessons/deep.json", None)


# ------------------------------------------------------------------------------ the page
class Posting(Page):
    """The stand-in for ui/web/, keeping what is posted to the parent window and the
    embed's message."""

    def __init__(self) -> None:
        super().__init__()
        self.posted: list[dict[str, Any]] = []
        self.embed_msg: str | None = None

    def carry_out(self, name: str, *args: Any) -> None:
        if name == "post":
            self.posted.append(json.loads(args[0]))
        elif name == "embed-msg":
            self.embed_msg = args[0]
        super().carry_out(name, *args)


async def opened(search: str, storage: dict[str, str], embedded: bool = False) -> Posting:
    page = Posting()
    page.host = H.boot(page)
    page.send(
        {
            "type": "start",
            "facts": dict(FACTS, search=search, storage=dict(storage), embedded=embedded),
        }
    )
    await asyncio.sleep(0)
    return page


@pytest.mark.usefixtures("fatal_deep_json")
def test_a_deep_save_is_kept_aside_and_the_page_opens() -> None:
    async def go() -> None:
        page = await opened(
            "",
            {
                S.KEY: DEEP_ARRAY,
                DISPLAY_KEY: DEEP_OBJECT,
                RC.KEY: DEEP_OBJECT,
                RC.PUZZLES_KEY: DEEP_ARRAY,
            },
        )
        await until(page, lambda: page.overlay[0] is not None)
        assert page.overlay[0] == "restore"
        assert S.KEY not in page.storage
        assert U.aside_entries(page.storage[S.BAD_KEY])[-1]["text"] == DEEP_ARRAY  # kept aside
        assert U.aside_entries(page.storage[RC.BAD_KEY])[-1]["text"] == DEEP_OBJECT
        assert not page.errors
        # the page still answers: a new match deals
        page.send({"type": "click", "attrs": {"data-action": "restore-fresh"}})
        page.send(
            {
                "type": "click",
                "attrs": {"data-start": ""},
                "lobby": {"game": "batak", "opts": {}, "seed": "3", "speed": "0", "level": "easy"},
            }
        )
        await until(page, lambda: page.state.get("screen") == "table")
        assert not page.errors

    run(go)


@pytest.mark.usefixtures("fatal_deep_json")
def test_a_deep_message_from_the_parent_is_an_error_event() -> None:
    async def go() -> None:
        page = await opened("?embed=1&game=batak&seed=3&speed=0", {}, embedded=True)
        await until(page, lambda: page.state.get("screen") == "table")
        before = dict(page.state)
        deep = '{"v":1,"type":"restart","x":' + "[" * 3000 + "]" * 3000 + "}"
        page.send({"type": "message", "origin": "https://parent.test", "text": deep})
        await until(page, lambda: any(p.get("type") == "error" for p in page.posted))
        err = [p for p in page.posted if p.get("type") == "error"][-1]
        assert err["message"] == (
            "A message to the table may nest lists and objects at most 64 levels deep."
        )
        assert page.state == before
        assert not page.errors

    run(go)


# ------------------------------------------------------------------------------ any text
def nesting(v: Any) -> int:
    if isinstance(v, list):
        return 1 + max((nesting(x) for x in v), default=0)
    if isinstance(v, dict):
        return 1 + max((nesting(x) for x in v.values()), default=0)
    return 0


VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab:,²', max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(alphabet='[]{}"\\ab', max_size=4), inner, max_size=3)
    ),
    max_leaves=30,
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(VALUES)
def test_the_depth_scan_agrees_with_the_parser(value: Any) -> None:
    text = json.dumps(value)
    assert U.depth_of(text) == nesting(value)
    assert U.loads(text) == value


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='[]{}",:\\ a1²-e.', max_size=400))
def test_any_text_is_json_or_a_sentence(text: str) -> None:
    """Whatever the text, the readers answer with a value or a ValueError with a sentence,
    never another exception."""
    for read in (
        U.loads,
        E.parse_command,
        RC.read_puzzles,
        LW.parse_display,
        lambda t: PZ.read_progress(t),
        S.mark_of,
        S.parse,
        RC.parse,
    ):
        try:
            read(text)
        except ValueError as exc:
            assert str(exc)
    for read_number in (lambda t: U.whole(t, "n", -5, 10**18), lambda t: E.whole(t, "n", 0, 9)):
        try:
            assert isinstance(read_number(text), int)
        except ValueError as exc:
            assert str(exc).startswith("“n” must be a whole number")
