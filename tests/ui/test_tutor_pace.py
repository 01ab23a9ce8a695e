"""A lesson and a position in a tutorial's frame, driven through the page's worker protocol
(ui/shell/host.py) under CPython: the parent page hears `ready` before anything else, a right answer's
replies are played one at a time at the table's pace (each `move` carries its trick, each trick
finished is a `trick` event, the next step comes after them), a finished lesson leaves nothing
that claims a turn, and with every seat the reader's the live region names whose turn it is as
the status does.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

import engine
from bench.fake_page import FACTS, Page, run, until
from engine import address
from engine.content.lessons import load_lesson
from ui.embed import lesson as LV
from ui.shell import host as H

ROOT = Path(__file__).resolve().parents[2]
LESSON_FILES = sorted((ROOT / "learn" / "lessons").glob("*.json"))
TUTORIAL = "https://tutorial.example"


class Framed(Page):
    """The stand-in page, framed: it keeps what is posted to the parent, with the time."""

    def __init__(self) -> None:
        super().__init__()
        self.posted: list[tuple[float, dict[str, Any]]] = []
        self.status = ""
        self.lesson_step: str | None = None

    def carry_out(self, name: str, *args: Any) -> None:
        if name == "post":
            self.posted.append((asyncio.get_event_loop().time(), json.loads(args[0])))
        elif name == "text" and args[0] == "status":
            self.status = args[1]
        elif name == "lesson":
            self.lesson_step = args[1]
        super().carry_out(name, *args)

    def events(self) -> list[dict[str, Any]]:
        return [e for _t, e in self.posted]


async def framed(search: str) -> Framed:
    page = Framed()
    page.host = H.boot(page)
    page.send({"type": "start", "facts": dict(FACTS, search=search, embedded=True)})
    await asyncio.sleep(0)
    return page


async def within(page: Page, ok: Any, seconds: float = 30.0) -> None:
    """Waits (in the loop's own time: the table's timers run) until `ok()`."""
    loop = asyncio.get_event_loop()
    end = loop.time() + seconds
    while not ok():
        assert loop.time() < end, f"never happened; state {page.state}, errors {page.errors}"
        await asyncio.sleep(0.01)


def doc(name: str) -> dict[str, Any]:
    return json.loads((ROOT / "learn" / "lessons" / f"{name}.json").read_text(encoding="utf-8"))


def lesson_query(d: dict[str, Any], speed: str) -> str:
    return f"?embed=1&speed={speed}&parent={quote(TUTORIAL)}&lesson=" + quote(address.encode(d))


def test_error_never_comes_before_ready() -> None:
    async def go() -> None:
        page = await framed(f"?embed=1&game=poker&parent={quote(TUTORIAL)}")
        kinds = [e["type"] for e in page.events()]
        assert kinds[:2] == ["ready", "error"], kinds
        assert "poker" in page.events()[1]["message"]

    run(go)


@pytest.mark.slow
def test_a_right_answer_plays_its_replies_one_at_a_time() -> None:
    """Koz Maça's overtake lesson at speed 1: the answer, then Mehmet's A♥ and Ayşe's 2♥ one
    after another, the trick won (a `trick` event) and shown a while, then the next three
    plays; the second step begins only then."""
    d = doc("koz-maca-overtake")
    lesson = load_lesson(d)
    step = lesson.steps[0]

    async def go() -> None:
        page = await framed(lesson_query(d, "1"))
        await until(page, lambda: page.lesson_step == "1")
        start = len(page.posted)
        page.send({"type": "click", "attrs": {"data-card": step.moves[0]}})
        assert page.lesson_step == "1"  # the step answered stays while its replies play
        assert "data-input" not in page.table
        await within(page, lambda: page.lesson_step == "2")
        got = page.posted[start:]
        moves = [(t, e) for t, e in got if e["type"] == "move"]
        assert [e["move"] for _t, e in moves] == [step.moves[0], *step.replies]
        gaps = [b[0] - a[0] for a, b in itertools.pairwise(moves)]
        assert min(gaps) >= 0.2, gaps  # speed 1: 0.25 s before each reply
        assert moves[1][1]["trick"] == [
            [3, "7H"],
            [0, "8H"],
            [1, "AH"],
        ]  # each move carries its trick
        kinds = [e["type"] for _t, e in got]
        assert kinds.count("trick") == 1 and kinds[-1] == "lesson-step"
        trick_at = next(t for t, e in got if e["type"] == "trick")
        next_move = next(t for t, e in moves if t > trick_at)
        assert next_move - trick_at >= 0.6  # the trick won stays on show (linger 0.6 s)
        trick = next(e for e in page.events() if e["type"] == "trick")
        assert trick["plays"][-1] == [2, "2H"] and trick["winner"] == 1
        assert "data-input" in page.table  # the reader's turn again
        assert page.errors == []

    run(go)


def test_after_the_lesson_a_tap_claims_no_turn() -> None:
    d = doc("koz-maca-overtake")
    lesson = load_lesson(d)

    async def go() -> None:
        page = await framed(lesson_query(d, "0"))
        for i, step in enumerate(lesson.steps):
            await until(page, lambda i=i: page.lesson_step == str(i + 1))
            page.send({"type": "click", "attrs": {"data-card": step.moves[0]}})
        await within(page, lambda: page.events()[-1]["type"] == "lesson-done")
        page.send({"type": "click", "attrs": None, "felt": True})
        await asyncio.sleep(0)
        assert "is playing" not in page.status and "Your" not in page.status, page.status
        assert "Lesson complete" in page.status
        assert page.said[-1] == "Lesson complete.", page.said[-3:]
        assert "data-input" not in page.table and "data-tap" not in page.table
        assert page.errors == []

    run(go)


def test_a_lesson_shows_no_deal_count() -> None:
    d = doc("koz-maca-overtake")

    async def go() -> None:
        page = await framed(lesson_query(d, "0"))
        await until(page, lambda: page.lesson_step == "1")
        assert "Deal 1" not in page.parts["bar"]
        assert re.search(r"Deal \d", page.parts["bar"]) is None

    run(go)


def test_forced_steps_say_so() -> None:
    """Every step of the shipped lessons whose answer is the only legal move says so in the
    lesson's box; the others do not."""
    forced = 0
    for path in LESSON_FILES:
        run = load_lesson(json.loads(path.read_text(encoding="utf-8"))).start()
        while not run.done:
            step = run.step
            assert step is not None
            only = step.expect != "any" and len(run.deal.legal_moves()) == 1
            texts = json.dumps([LV.lesson_box(run, None, None)], default=lambda n: n.__dict__)
            assert ("data-lesson-only" in texts) == only, (path.name, run.step_index)
            forced += only
            assert (
                run.try_move(
                    step.moves[0] if step.expect != "any" else run.deal.legal_moves()[0]
                ).kind
                == "right"
            )
    assert forced >= 1  # (koz-maca-overtake's second step: Q♣ is the only club allowed)


def test_every_seat_the_live_region_names_whose_turn() -> None:
    """seats=all: when the turn passes to Mehmet the live region says his name, as the status
    does, never "Your turn"."""
    m = engine.new_match("koz-maca", seed=21)
    while m.deal.to_move != 0:
        m.play(m.legal_moves()[0])
    record = m.record()

    async def go() -> None:
        page = await framed(
            f"?embed=1&seats=all&speed=0&parent={quote(TUTORIAL)}&record="
            + quote(address.encode(record))
        )
        await until(page, lambda: "data-input" in page.table)
        assert page.said[-1].startswith("Your turn")
        card = re.findall(r'data-card="([^"]+)"[^>]*data-legal', page.parts["hand"])[0]
        page.send({"type": "click", "attrs": {"data-card": card}})
        await until(page, lambda: "Mehmet" in page.status)
        assert page.status.startswith("Mehmet to play")
        turn_lines = [s for s in page.said if "to play" in s or "Your turn" in s]
        assert turn_lines[-1].startswith("Mehmet to play:"), page.said[-4:]
        moves = [e for e in page.events() if e["type"] == "move"]
        assert moves[-1]["trick"] and moves[-1]["trick"][-1] == [0, card]

    run(go)
