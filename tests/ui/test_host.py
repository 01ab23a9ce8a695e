"""The page's Python as its worker runs it (ui/shell/host.py), driven under CPython: events in as JSON
text, the DOM layer's operations out (ui/shell/dom.py), answered by a small stand-in for ui/web/
(bench/fake_page.py) that keeps the parts it was told to write. The browser's own part (ui/web/)
is the end-to-end tests'; this checks the protocol and the Python behind it without a browser.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from bench.fake_page import FACTS, asks, one_move, run, started, until
from ui.saves import store as S


def test_a_whole_deal_through_the_worker_protocol() -> None:
    """From the start message to a deal's summary: the lobby comes as each game's HTML, "Deal
    the cards" puts the table up, the player's turns come as `data-input`, and every click is
    answered (`ack`); the save is written through the `store` operation."""

    async def go() -> None:
        page = await started(dict(FACTS, search="?speed=0&level=easy"))
        assert page.lobby is not None and set(page.lobby["games"]) >= {"batak", "koz-maca"}
        assert page.state["screen"] == "lobby"
        fields = {"game": "batak", "opts": {}, "seed": "3", "speed": "0", "level": "easy"}
        page.send({"type": "click", "attrs": {"data-game-choice": "batak"}, "lobby": fields})
        page.send({"type": "click", "attrs": {"data-start": ""}, "lobby": fields})
        await until(page, lambda: page.state.get("screen") == "table")
        assert page.state["game"] == "batak" and page.state["seed"] == 3
        for _ in range(300):
            await until(page, lambda: asks(page))
            if page.state.get("overlay") == "summary":
                break
            await one_move(page)  # a tap where a finished trick waits, a pass, or a card
        assert page.state["overlay"] == "summary" and page.state["phase"] == "over"
        saved = json.loads(page.storage[S.KEY])
        assert saved["screen"] == "table"
        assert page.errors == []
        await asyncio.sleep(0)
        assert sorted(page.acks) == list(range(1, page.seq + 1))  # every event answered

    run(go)


def test_bad_input_is_a_message_and_changes_nothing() -> None:
    """A message that is not JSON, an unknown event, a card not in hand and an address with
    bad parameters: each is refused in words or ignored, never a fault."""

    async def go() -> None:
        page = await started(dict(FACTS, search="?game=nonesuch&speed=fast"))
        assert page.host is not None
        page.host.receive("{not json")
        page.host.receive(json.dumps(["a", "list"]))
        page.send({"type": "no-such-event"})
        assert "lobby-msg" not in page.parts or page.parts["lobby-msg"]
        page.send({"type": "click", "attrs": {"data-card": "ZZ"}})
        assert page.errors == []
        assert page.state["screen"] == "lobby"

    run(go)


@pytest.mark.parametrize("text", ["{", '{"v": 99}', "null"])
def test_a_bad_save_is_kept_and_the_page_starts_clean(text: str) -> None:
    async def go() -> None:
        facts = dict(FACTS, storage={S.KEY: text})
        page = await started(facts)
        assert page.errors == []
        assert page.state["screen"] == "lobby"

    run(go)
