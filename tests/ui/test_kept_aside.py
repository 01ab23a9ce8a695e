"""Texts that could not be read are kept aside, a few of them, dated and bounded
(engine/untrusted.py's `aside`); a save of a newer format stays where it is until the player
chooses to start fresh (ui/saves/page.py); the readers of saves and records share one refusal of
text that is not JSON or too big (`loads_or`)."""

from __future__ import annotations

import asyncio
import json

import pytest

from bench.fake_page import FACTS, run, until
from engine import untrusted as U
from tests.ui.test_untrusted import Posting
from ui.saves import store as S
from ui.shell import host as H
from ui.stats import record as RC


def test_the_last_few_bad_texts_are_kept_each_dated() -> None:
    kept = None
    for i in range(5):
        kept = U.aside(kept, f"bad {i}", f"2026-12-0{i + 1}T10:00:00+00:00")
    entries = json.loads(kept or "")
    assert [e["text"] for e in entries] == ["bad 2", "bad 3", "bad 4"]
    assert [e["date"] for e in entries] == [
        "2026-12-03T10:00:00+00:00",
        "2026-12-04T10:00:00+00:00",
        "2026-12-05T10:00:00+00:00",
    ]
    assert U.aside_entries(kept) == entries


def test_a_long_bad_text_is_cut_and_its_length_noted() -> None:
    text = "x" * (U.ASIDE_CHARS + 10)
    kept = U.aside(None, text, "d")
    (entry,) = json.loads(kept)
    assert entry == {"date": "d", "text": "x" * U.ASIDE_CHARS, "length": U.ASIDE_CHARS + 10}
    many = None
    for _ in range(10):
        many = U.aside(many, text, "d")
    assert len(many or "") < U.ASIDE_KEEP * (U.ASIDE_CHARS + 100)


@pytest.mark.parametrize("old", ["{not json", '{"format": 1}', "[1, 2]", '[{"text": 3}]', ""])
def test_an_older_pages_single_text_becomes_an_undated_entry(old: str) -> None:
    entries = json.loads(U.aside(old, "new", "d"))
    assert entries == [{"date": None, "text": old}, {"date": "d", "text": "new"}]


def test_one_refusal_of_text_not_json_or_too_big() -> None:
    for text, words in (
        ("{no", "not JSON: it goes wrong at line 1, column 2"),
        ("[" * 100 + "]" * 100, "at most 2000000"),
    ):
        with pytest.raises(S.SaveError, match=words.replace("(", r"\(")):
            S.parse(text)
        with pytest.raises(RC.RecordError, match=words.replace("(", r"\(")):
            RC.parse(text)
    with pytest.raises(KeyError, match="x 1:2"):
        U.loads_or("{no", KeyError, "x {line}:{column}", "y")


async def opened(search: str, storage: dict[str, str]) -> Posting:
    """The page opened with `storage` in the browser (the stand-in keeps it as written)."""
    page = Posting()
    page.storage = dict(storage)
    page.host = H.boot(page)
    page.send({"type": "start", "facts": dict(FACTS, search=search, storage=dict(storage))})
    await asyncio.sleep(0)
    return page


NEWER = json.dumps({"format": 2, "tab": "t9", "n": 4, "anything": ["a newer page's"]})


def test_a_newer_save_is_refused_as_newer() -> None:
    with pytest.raises(S.SaveNewer, match="another version"):
        S.parse(NEWER)
    with pytest.raises(S.SaveError) as info:
        S.parse(json.dumps({"format": 0, "tab": "t", "n": 1}))
    assert not isinstance(info.value, S.SaveNewer)


def test_a_newer_save_stays_until_the_player_starts_fresh() -> None:
    async def go() -> None:
        page = await opened("", {S.KEY: NEWER})
        await until(page, lambda: page.overlay[0] == "restore")
        assert page.storage.get(S.KEY) == NEWER and S.BAD_KEY not in page.storage
        # a lobby click behind the sheet writes nothing over it
        page.send(
            {
                "type": "click",
                "attrs": {"data-game-choice": "batak"},
                "lobby": {"game": "batak", "opts": {}, "seed": "3", "speed": "0", "level": "easy"},
            }
        )
        await until(page, lambda: page.acks and max(page.acks) == page.seq)
        assert page.storage.get(S.KEY) == NEWER
        page.send({"type": "click", "attrs": {"data-action": "fresh-start"}})
        await until(page, lambda: S.BAD_KEY in page.storage)
        (entry,) = U.aside_entries(page.storage[S.BAD_KEY])
        assert entry["text"] == NEWER and entry["date"]
        page.send(
            {
                "type": "click",
                "attrs": {"data-start": ""},
                "lobby": {"game": "batak", "opts": {}, "seed": "3", "speed": "0", "level": "easy"},
            }
        )
        await until(page, lambda: page.state.get("screen") == "table")
        assert json.loads(page.storage[S.KEY])["format"] == S.FORMAT
        assert not page.errors

    run(go)


def test_unreadable_saves_and_records_keep_the_last_three() -> None:
    async def go() -> None:
        storage: dict[str, str] = {}
        for i in range(4):
            storage[S.KEY] = f'{{"format": 1, "bad save {i}"'
            storage[RC.KEY] = f'{{"format": 1, "games": {i}}}'
            page = await opened("", storage)
            await until(page, lambda p=page: p.overlay[0] == "restore")
            assert not page.errors
            storage = dict(page.storage)
        saves = U.aside_entries(storage[S.BAD_KEY])
        assert [e["text"] for e in saves] == [f'{{"format": 1, "bad save {i}"' for i in (1, 2, 3)]
        records = U.aside_entries(storage[RC.BAD_KEY])
        assert [e["text"] for e in records] == [f'{{"format": 1, "games": {i}}}' for i in (1, 2, 3)]
        assert all(e["date"] for e in saves + records)

    run(go)


def test_copy_save_falls_back_to_the_newest_kept_text() -> None:
    async def go() -> None:
        kept = U.aside(U.aside(None, "older", "d1"), "newest", "d2")
        page = await opened("", {S.BAD_KEY: kept})
        await until(page, lambda: page.state.get("screen") == "lobby")
        copied: list[str] = []
        base = page.carry_out

        def carry_out(name: str, *args: object) -> None:
            if name == "copy":
                copied.append(str(args[1]))
            base(name, *args)

        page.carry_out = carry_out  # type: ignore[method-assign]
        page.send({"type": "click", "attrs": {"data-action": "copy-save"}})
        await until(page, lambda: copied)
        assert copied == ["newest"]

    run(go)
