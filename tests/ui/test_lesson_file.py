"""A lesson file that is not a lesson (not JSON, too large, too deep, for another game than the
table's, or refused by the engine's lesson reader) is said in a sentence an author understands,
naming the file: in the frame (the page's `embed-msg`, as text) and as an `error` event, which
embed.js also shows in the author's element."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bench.fake_page import run, until
from tests.ui.test_untrusted import opened
from ui.embed import spec as E

LESSONS = Path(__file__).resolve().parents[2] / "learn" / "lessons"
LESSON = json.loads((LESSONS / "koz-maca-overtake.json").read_text(encoding="utf-8"))
BATAK = json.loads((LESSONS / "batak-auction.json").read_text(encoding="utf-8"))
MARKUP = '<img src=x onerror="window.__pwned=1">'

CASES = [
    ("not a lesson " + MARKUP, "is not JSON"),
    ("[" * 5000 + "]" * 5000, "nested more than 64 levels deep: it is not a lesson"),
    (json.dumps(BATAK), "but the lesson “f.json” is for"),
    (json.dumps({"v": 1, "game": "koz-maca"}), "is not a lesson the table can use:"),
    (json.dumps({**LESSON, "title": MARKUP, "steps": "x"}), "is not a lesson the table can use:"),
]


@pytest.mark.parametrize(("text", "words"), CASES)
def test_each_refusal_names_the_file(text: str, words: str) -> None:
    with pytest.raises(E.EmbedError, match=words) as info:
        E.lesson_from_text(text, "f.json", "koz-maca")
    assert "“f.json”" in str(info.value)
    assert not any(w in str(info.value) for w in ("Traceback", "Expecting value", "JSONDecode"))


def test_a_file_of_5_mb_is_too_large_unread() -> None:
    with pytest.raises(E.EmbedError, match="too large: 5,000,000 characters") as info:
        E.lesson_from_text("{" + " " * (5_000_000 - 2) + "}", "big.json", None)
    assert "at most 250,000" in str(info.value) and "“big.json”" in str(info.value)


def load(frame_text: str | None = None, **fields: object) -> str:
    return json.dumps({"v": 1, "type": "load", **fields})


@pytest.mark.parametrize(
    ("message", "words"),
    [
        (
            load(lesson="nope " + MARKUP, name="lessons/a.json"),
            "The lesson “lessons/a.json” is not JSON.",
        ),
        (
            load(name="lessons/big.json", size=5_000_000),
            "“lessons/big.json” is too large: 5,000,000",
        ),
        (
            load(lesson=json.dumps(BATAK), name="b.json"),
            "lesson “b.json” is for Batak",
        ),
        (
            load(lesson=json.dumps({"v": 1}), name="c.json"),
            "“c.json” is not a lesson the table can use",
        ),
        ('{"v": 1, "type": "load", "lesson": ' + "[" * 3000, "at most 64 levels deep"),
    ],
)
def test_a_bad_lesson_from_embed_js_is_said_in_the_frame(message: str, words: str) -> None:
    """The table waits for embed.js's `load` (wait=lesson): what is wrong with the file is
    shown in the frame (as text) and sent as an `error` event; nothing is dealt."""

    async def go() -> None:
        page = await opened(
            "?embed=1&game=koz-maca&wait=lesson&parent=https%3A%2F%2Ft.example", {}, embedded=True
        )
        await until(page, lambda: any(p.get("type") == "ready" for p in page.posted))
        page.send({"type": "message", "origin": "https://t.example", "text": message})
        await until(page, lambda: any(p.get("type") == "error" for p in page.posted))
        err = [p for p in page.posted if p.get("type") == "error"][-1]["message"]
        assert words in err, err
        assert page.embed_msg == err
        assert page.hidden.get("table") is True and page.state.get("screen") != "table"
        assert not page.errors
        # a good lesson afterwards is taken, and the sentence goes
        good = load(lesson=json.dumps(LESSON), name="lessons/good.json")
        page.send({"type": "message", "origin": "https://t.example", "text": good})
        await until(page, lambda: any(p.get("type") == "lesson-step" for p in page.posted))
        assert page.embed_msg is None
        await asyncio.sleep(0)

    run(go)


def test_size_is_only_for_a_file_too_large() -> None:
    for bad in (
        load(name="x", size=10),
        load(name="x", size="5000000"),
        load(name=3, lesson="{}"),
        load(name="x", size=5_000_000, lesson="{}"),
    ):
        with pytest.raises(E.EmbedError):
            E.parse_command(bad)


def test_sizes_are_grouped_as_the_language_writes_them() -> None:
    from ui.common import i18n as I

    try:
        for lang, shown in (
            ("en", "5,000,000"),
            ("tr", "5.000.000"),
            ("ru", "5\u00a0000\u00a0000"),
        ):
            I.use(lang, None)
            assert I.grouped(5_000_000) == shown
    finally:
        I.use("en", None)
