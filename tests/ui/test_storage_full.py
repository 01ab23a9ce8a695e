"""The browser's storage full (localStorage.setItem throwing QuotaExceededError): every write
is answered (ui/web/), and the player is told once, in one note, what is not being kept (the
match save, the finished match's record, puzzle progress, settings); play goes on
(ui/saves/page.py's `stored`). Driven through the worker's protocol with a stand-in page whose
storage raises as the browser's does."""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

import engine
from bench.fake_page import FACTS, legal_cards, run, until
from tests.ui.test_untrusted import Posting
from ui.puzzles import progress as P
from ui.saves import store as S
from ui.shell import host as H
from ui.shell.env import DISPLAY_KEY
from ui.stats import record as RC


class QuotaExceededError(Exception):
    """What the browser's localStorage.setItem throws when the storage is full."""


class FakeStorage(dict[str, str]):
    """localStorage: reads always work; writes throw once `full`."""

    full = False

    def set_item(self, key: str, value: str) -> None:
        if self.full:
            raise QuotaExceededError(key)
        self[key] = value


class FullPage(Posting):
    """ui/web/ops.js's `store` operation over a FakeStorage, and the notes it shows."""

    def __init__(self, storage: FakeStorage) -> None:
        super().__init__()
        self.storage = storage
        self.notes: list[tuple[str, str]] = []  # every `note` operation, in order
        self.note: tuple[str, str] | None = None  # the note on show

    def carry_out(self, name: str, *args: Any) -> None:
        if name == "store":
            key, value = args
            ok = True
            try:
                if value is None:
                    self.storage.pop(key, None)
                else:
                    self.storage.set_item(key, value)  # type: ignore[attr-defined]
            except QuotaExceededError:
                ok = False
            if value is not None:
                self.send({"type": "stored", "key": key, "ok": ok}, later=True)
            return
        if name == "note":
            self.notes.append((args[0], args[1]))
            self.note = (args[0], args[1])
        elif name == "note-clear" and (args[0] is None or self.note and self.note[0] == args[0]):
            self.note = None
        super().carry_out(name, *args)


async def opened(storage: FakeStorage, search: str = "") -> FullPage:
    page = FullPage(storage)
    page.host = H.boot(page)
    page.send({"type": "start", "facts": dict(FACTS, search=search, storage=dict(storage))})
    await asyncio.sleep(0)
    return page


def finished_save(game: str = "koz-maca", seed: int = 4) -> str:
    m = engine.new_match(game, seed=seed)
    rng = random.Random(seed)
    while not m.is_over:
        m.play(rng.choice(m.deal.legal_moves()))
    settings = S.Settings(game, {}, "", str(seed), "easy", "0")
    return S.Save("t0", 1, "table", "over", len(m.deals) - 1, [], settings, m.record()).dumps()


LOBBY = {"game": "batak", "opts": {}, "seed": "3", "speed": "0", "level": "easy"}


async def play_one_card(page: FullPage) -> None:
    """A legal card of the player's is answered: the trick goes on."""
    for _ in range(20):
        await until(page, lambda: "data-input" in page.table or "data-tap" in page.table)
        if "data-input" in page.table:
            break
        page.table.pop("data-tap", None)  # a finished trick waits: a tap on the felt
        page.send({"type": "click", "attrs": None, "felt": True})
    cards = legal_cards(page.parts["hand"])
    moves = re.findall(r'data-move="([^"]+)"(?![^>]*disabled)', page.parts.get("panel", ""))
    before = page.parts["hand"]
    page.table.pop("data-input", None)
    if cards:
        page.send({"type": "click", "attrs": {"data-card": cards[0]}})
    else:
        page.send(
            {"type": "click", "attrs": {"data-move": "pass" if "pass" in moves else moves[0]}}
        )
    await until(page, lambda: page.parts["hand"] != before)


def test_a_finished_match_not_kept_is_said_once_and_play_goes_on() -> None:
    async def go() -> None:
        storage = FakeStorage({S.KEY: finished_save()})
        storage.full = True
        page = await opened(storage)
        await until(page, lambda: page.note is not None)
        kind, text = page.note or ("", "")
        assert kind == "storage"
        assert "storage is full" in text and "not being kept" in text
        assert "the match save" in text and "this match in your record" in text
        assert RC.KEY not in storage  # the record was not written: nothing was pretended
        assert page.state["overlay"] == "over"
        # a new match: the refused writes of every move add nothing to say
        said = len(page.notes)
        page.send({"type": "click", "attrs": {"data-game-choice": "batak"}, "lobby": LOBBY})
        page.send({"type": "click", "attrs": {"data-start": ""}, "lobby": LOBBY})
        await until(page, lambda: page.state.get("screen") == "table")
        for _ in range(3):
            await play_one_card(page)
        await asyncio.sleep(0)
        assert len(page.notes) == said and page.note == (kind, text)
        assert not page.errors
        # room again: the next write goes through and the save's part of the note goes
        storage.full = False
        await play_one_card(page)
        await until(page, lambda: page.note is not None and "match save" not in page.note[1])
        assert page.note is not None and "this match in your record" in page.note[1]
        assert json.loads(storage[S.KEY])["record"]["game"] == "batak"

    run(go)


def test_puzzle_progress_and_settings_not_kept_are_said_then_cleared() -> None:
    async def go() -> None:
        storage = FakeStorage()
        page = await opened(storage)
        await until(page, lambda: page.state.get("screen") == "lobby")
        # index.html's display setting refused (window.__tt_stored), then the puzzles'
        page.send({"type": "stored", "key": DISPLAY_KEY, "ok": False})
        await until(page, lambda: page.note is not None)
        assert page.note is not None and page.note[1].count("your settings") == 1
        page.send({"type": "stored", "key": P.KEY, "ok": False})
        await until(page, lambda: page.note is not None and "puzzle" in page.note[1])
        assert "your puzzle progress and your settings" in page.note[1]
        page.send({"type": "stored", "key": P.KEY, "ok": False})  # again: nothing new
        page.send({"type": "stored", "key": DISPLAY_KEY, "ok": True})
        await until(page, lambda: page.note is not None and "settings" not in page.note[1])
        assert len(page.notes) == 3
        page.send({"type": "stored", "key": P.KEY, "ok": True})
        await until(page, lambda: page.note is None)
        assert not page.errors

    run(go)
