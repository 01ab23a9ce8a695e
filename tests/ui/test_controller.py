"""The table's controller under CPython (ui/table/table.py): events in, state and effects out.

A small driver stands in for the page: it keeps a virtual clock, runs the timers the
controller asks for (`After`), answers `Ask` with the baseline's move after its pause, and
records every effect; nothing runs in a browser.
"""

from __future__ import annotations

import heapq
import itertools
import json
import random
from typing import Any

import pytest

import engine
import engine.bots
from ui.common import effects as F
from ui.saves import store as S
from ui.table import view as TV
from ui.table.pace import PAUSES
from ui.table.table import Overlay, Table


class Driver:
    """The page, without a page: effects are recorded and time is virtual."""

    def __init__(
        self, game: str, seed: int, speed: str = "0", players: int | None = None, **options: Any
    ) -> None:
        self.now = 0.0
        self.t = Table(clock=lambda: self.now)
        self.t.speed = speed
        self.t.level = "easy"
        self.t.put(engine.new_match(game, seed=seed, players=players, options=options or None), 0)
        self.queue: list[tuple[float, int, Any]] = []
        self.n = itertools.count()
        self.log: list[F.Effect] = []
        self.answer_asks = True

    def flush(self) -> list[F.Effect]:
        out: list[F.Effect] = []
        for turn in (False, True):
            if turn:
                self.t.after_event()
            fx = self.t.take()
            while fx:
                for e in fx:
                    out.append(e)
                    if isinstance(e, F.After):
                        heapq.heappush(self.queue, (self.now + e.seconds, next(self.n), e))
                    elif isinstance(e, F.Ask) and self.answer_asks:
                        heapq.heappush(self.queue, (self.now + e.pause, next(self.n), e))
                fx = self.t.take()
        self.log += out
        return out

    def step(self) -> bool:
        """Runs the next timer or answer; False when nothing waits."""
        if not self.queue:
            return False
        at, _n, e = heapq.heappop(self.queue)
        self.now = max(self.now, at)
        if isinstance(e, F.After):
            self.t.timer(e.kind, e.sid)
        else:
            self.t.computer_chose(e.sid, None)
        self.flush()
        return True

    def until_reader(self, limit: int = 500) -> None:
        """Runs the table until the reader must act, a tap is awaited, or a sheet is open."""
        for _ in range(limit):
            if self.t.can_act() or self.t.waiting_for_tap() or self.t.overlay is not None:
                return
            if not self.step():
                return
        raise AssertionError("the table never came to the reader")

    def start(self) -> None:
        self.t.advance()
        self.flush()


def kinds(fx: list[F.Effect], kind: type) -> list[Any]:
    return [e for e in fx if isinstance(e, kind)]


def test_an_illegal_card_changes_nothing_and_says_why() -> None:
    """A card the rules forbid: the state is unchanged and the toast gives the rule's reason."""
    dr = Driver("koz-maca", seed=3)
    dr.start()
    for _ in range(40):
        dr.until_reader()
        d = dr.t.deal
        legal = d.legal_moves()
        bad = [c for c in d.view(0)["hand"] if c not in legal]
        if bad and dr.t.can_act():
            break
        if dr.t.waiting_for_tap():
            dr.t.tap()
        else:
            dr.t.click_card(legal[0])
        dr.flush()
    else:
        pytest.fail("no position with an illegal card came")
    before = (json.dumps(dr.t.match.record()), dr.t.sid, dr.t.seq)
    dr.t.click_card(bad[0])
    fx = dr.flush()
    assert (json.dumps(dr.t.match.record()), dr.t.sid, dr.t.seq) == before
    toasts = [e.text for e in kinds(fx, F.Toast)]
    assert toasts == [d.illegal_reason(bad[0]).render(dr.t.names())]
    assert not kinds(fx, F.Save)


def test_at_instant_a_finished_trick_stays_until_a_tap() -> None:
    """At Instant, a trick finished with a computer to play next stays on the felt, however
    long the clock runs, until the felt is tapped."""
    dr = Driver("batak", seed=4)
    dr.start()
    for _ in range(200):
        dr.until_reader()
        if dr.t.waiting_for_tap():
            break
        if dr.t.overlay is not None:
            pytest.fail("the deal ended before a trick waited for a tap")
        dr.t.click_move(dr.t.deal.legal_moves()[0]) if not TV.multi(
            dr.t.match, dr.t.cur
        ) and not engine.cards.is_card_move(dr.t.deal.legal_moves()[0]) else dr.t.click_card(
            dr.t.deal.legal_moves()[0]
        )
        dr.flush()
    assert dr.t.lingering and dr.t.waiting_for_tap()
    moves = len(dr.t.deal.moves)
    dr.now += 3600
    while dr.step():
        pass
    assert dr.t.lingering and len(dr.t.deal.moves) == moves  # nothing moved on
    dr.t.tap()
    dr.flush()
    assert not dr.t.lingering
    dr.until_reader()
    assert len(dr.t.deal.moves) > moves


def test_a_stale_computer_answer_is_ignored() -> None:
    """An answer for a state id that is gone (here: the reader took a move back meanwhile)
    changes nothing; the answer for the current id is played."""
    dr = Driver("koz-maca", seed=5, speed="2")
    dr.answer_asks = False
    dr.start()
    for _ in range(100):
        asks = kinds(dr.log, F.Ask)
        if asks and dr.t.pace.waiting == "computer":
            break
        if not dr.step():
            if dr.t.can_act():
                dr.t.click_card(dr.t.deal.legal_moves()[0])
                dr.flush()
            elif dr.t.lingering:
                dr.t.tap()
                dr.flush()
    ask = kinds(dr.log, F.Ask)[-1]
    record = json.dumps(dr.t.match.record())
    dr.t.computer_chose(ask.sid - 1, None)
    dr.flush()
    assert json.dumps(dr.t.match.record()) == record
    d = dr.t.deal
    dr.t.computer_chose(ask.sid, engine.bots.choose(d, d.to_move, random.Random(1)))
    dr.flush()
    assert len(dr.t.deal.moves) == len(json.loads(record)["deals"][-1]["moves"]) + 1


def test_the_trump_timer_marks_the_seat_away_and_names_trump() -> None:
    """Kozel Classic, seed 9: the reader holds the marker and names trump on a timer; when it
    runs out, the seat is marked away and the baseline's choice is played for it."""
    dr = Driver("kozel-classic", seed=9)
    dr.start()
    dr.until_reader()
    d = dr.t.deal
    assert d.phase == "trump" and d.to_move == 0 and dr.t.pace.timer_left is not None
    expected = engine.bots.choose(d, 0, dr.t.bot_rng())
    seconds = int(dr.t.match.rules.trump_timer)
    for _ in range(seconds):
        assert dr.step()
    assert 0 in dr.t.away
    assert d.moves[-1] == expected
    assert any("Time is up" in e.text for e in kinds(dr.log, F.Toast))
    assert "away" in TV.parts(dr.t.model())["seats"]


def test_undo_takes_back_the_readers_last_decision() -> None:
    """Undo: the deal is back at the reader's last decision, the match is practice."""
    dr = Driver("koz-maca", seed=6)
    dr.start()
    dr.until_reader()
    assert dr.t.coach.undo_point() is None  # nothing of the reader's yet
    at = len(dr.t.deal.moves)
    card = dr.t.deal.legal_moves()[0]
    dr.t.click_card(card)
    dr.flush()
    dr.until_reader()
    if dr.t.waiting_for_tap():
        dr.t.tap()
        dr.flush()
        dr.until_reader()
    assert len(dr.t.deal.moves) > at + 1
    dr.t.undo()
    dr.flush()
    assert len(dr.t.deal.moves) == at and dr.t.can_act()
    assert dr.t.match.practice
    assert card in dr.t.deal.legal_moves()


def test_resume_from_a_save() -> None:
    """A save of the current format is restored and play goes on where it was."""
    dr = Driver("batak-pairs", seed=7)
    dr.start()
    dr.until_reader()
    settings = S.Settings("batak-pairs", {}, "", "", "easy", "0")
    text = S.Save("tab", 1, "table", None, dr.t.cur, [], settings, dr.t.match.record()).dumps()
    save, match = S.restore(text, list(engine.GAMES), engine.GAME_INFO, {"easy": {}}, PAUSES)
    assert match is not None
    again = Table()
    again.speed, again.level = "0", "easy"
    again.put(match, save.cur)
    assert json.dumps(again.match.record()) == json.dumps(dr.t.match.record())
    assert again.can_act() == dr.t.can_act()


@pytest.mark.parametrize("game", engine.GAMES)
def test_the_status_line_in_every_phase(game: str) -> None:
    """The status line names whose turn it is in every phase of a whole deal, and what the
    reader is to do on its turn."""
    players = 3 if game == "bidding-kozel" else None
    dr = Driver(game, seed=2, players=players)
    dr.start()
    seen: set[str] = set()
    for _ in range(400):
        if dr.t.overlay is Overlay.SUMMARY:
            break
        m = dr.t.model()
        text = TV.status(m)
        d = dr.t.deal
        seen.add(d.phase)
        assert text, (d.phase, d.to_move)
        if m.can:
            assert text.startswith(("Your", "Select", "Name the trump", "You take")), text
            move = d.legal_moves()[0]
            if engine.cards.is_card_move(move):
                for c in move.split():
                    dr.t.click_card(c)
                if TV.multi(dr.t.match, dr.t.cur):
                    dr.t.click_move("confirm")
            else:
                dr.t.click_move(move)
        elif m.tap:
            assert text.endswith("Tap the table to go on.")
            dr.t.tap()
        elif d.to_move is not None and not dr.t.lingering:
            assert dr.t.names()[d.to_move] in text
            dr.step()
        else:
            dr.step()
        dr.flush()
    assert "play" in seen and dr.t.overlay is Overlay.SUMMARY


def test_a_deal_plays_to_its_summary_with_motion() -> None:
    """At a speed with motion, a finished trick lingers, slides to the winner (`Sweep`) and the
    deal reaches its summary, the clock having run the pauses."""
    dr = Driver("kozel-miner", seed=3, speed="2")
    dr.start()
    for _ in range(2000):
        if dr.t.overlay is Overlay.SUMMARY:
            break
        if dr.t.can_act():
            dr.t.click_card(dr.t.deal.legal_moves()[0])
            dr.flush()
        elif not dr.step():
            pytest.fail("the table stopped")
    assert dr.t.overlay is Overlay.SUMMARY
    sweeps = kinds(dr.log, F.Sweep)
    assert sweeps and all(e.winner in range(4) for e in sweeps)
    assert dr.now >= PAUSES["2"][1] * len(sweeps)


def test_an_address_round_trips() -> None:
    """The address of a match on the table (ui/lobby/query.py `of_match`), read back, deals the
    same match: the game, its options, the players, the level and the seed."""
    from ui.lobby import query as Q

    levels = ["easy", "normal", "strong"]
    for game in engine.GAMES:
        info = engine.GAME_INFO[game]
        for players in info["players"]:
            m = engine.new_match(game, seed=4321, players=players)
            q = Q.of_match(m, m.options, "strong", "normal", info)
            back = Q.parse(q, list(engine.GAMES), engine.GAME_INFO, levels)
            assert not back.errors, (game, q, back.errors)
            assert back.game == game and back.seed == "4321" and back.level == "strong"
            again = engine.new_match(
                game,
                seed=int(back.seed),
                players=int(back.players) if back.players else None,
                options=engine.parse_options(game, back.options),
            )
            assert again.record() == m.record()
    bad = Q.parse(
        {"game": "poker", "seed": "x1", "speed": "9"}, list(engine.GAMES), engine.GAME_INFO, levels
    )
    assert bad.game is None and len(bad.errors) == 3


def test_a_lessons_steps() -> None:
    """A lesson on the table: a wrong card is answered (feedback, a `lesson-step` event with
    "wrong") and changes nothing; each right card plays the step's replies and posts the next
    step; the last one posts `lesson-done`."""
    from pathlib import Path

    from ui.embed import spec as E

    doc = json.loads(
        (
            Path(__file__).resolve().parents[2] / "learn" / "lessons" / "koz-maca-overtake.json"
        ).read_text(encoding="utf-8")
    )
    t = Table()
    t.load_lesson(E.Spec(lesson=E.parse_lesson(doc)))
    fx = t.take()
    posts = [e.data for e in kinds(fx, F.Post)]
    assert posts[-1]["type"] == "lesson-step" and posts[-1]["step"] == 1
    lesson = t.lesson_run.lesson
    wrong = next(mv for mv in t.deal.legal_moves() if mv not in lesson.steps[0].moves)
    before = json.dumps(t.match.record())
    t.click_card(wrong)
    fx = t.take()
    assert t.feedback is not None and t.feedback[0] == "wrong"
    assert [e.data["answer"] for e in kinds(fx, F.Post)] == ["wrong"]
    assert json.dumps(t.match.record()) == before
    for i, step in enumerate(lesson.steps):
        t.click_card(step.moves[0])
        fx = new = t.take()
        timers = 0
        while kinds(new, F.After):  # the replies come one at a time, each after a timer
            after = kinds(new, F.After)[-1]
            assert not t.can_act()
            t.timer(after.kind, after.sid)
            new = t.take()
            fx += new
            timers += 1
        posts = [e.data for e in kinds(fx, F.Post)]
        moves = [p["move"] for p in posts if p["type"] == "move"]
        assert moves == [step.moves[0], *step.replies]
        assert timers >= len(step.replies)
        assert posts[-1]["type"] == ("lesson-done" if i + 1 == len(lesson.steps) else "lesson-step")
    assert t.lesson_done and not t.can_act()


def test_bidding_kozel_a_single_card_that_is_a_whole_play_plays_on_one_tap() -> None:
    """Following a single card's lead, a card is the whole play: one tap plays it (no
    selection, no "Play selected"); leading, where sets of three are open, a tap selects."""
    followed = led = False
    for seed in range(60):
        dr = Driver("bidding-kozel", seed=seed, players=3)
        dr.start()
        for _ in range(60):
            dr.until_reader()
            if dr.t.waiting_for_tap():
                dr.t.tap()
                dr.flush()
                continue
            d = dr.t.deal
            if d.phase != "play" or not dr.t.can_act():
                break
            legal = [m for m in d.legal_moves() if " " not in m]
            sets = [m for m in d.legal_moves() if " " in m]
            if not sets and not followed:  # every play open is one card
                assert not TV.multi(dr.t.match, dr.t.cur)
                n = len(d.tricks), len(d.view(0)["trick"])
                dr.t.click_card(legal[0])
                dr.flush()
                assert (len(d.tricks), len(d.view(0)["trick"])) != n, "one tap played it"
                assert dr.t.selection == []
                followed = True
                continue
            if sets and not led:  # sets of three open: a tap selects, a play waits
                assert TV.multi(dr.t.match, dr.t.cur)
                card = sets[0].split()[0]
                dr.t.click_card(card)
                dr.flush()
                assert dr.t.selection == [card]
                dr.t.click_card(card)  # and a tap takes it back
                dr.flush()
                assert dr.t.selection == []
                led = True
            m = sets[0] if sets else legal[0]
            if sets:
                for c in m.split():
                    dr.t.click_card(c)
                dr.t.click_move("confirm")
            else:
                dr.t.click_card(m)
            dr.flush()
        if followed and led:
            return
    pytest.fail(f"positions not found (followed {followed}, led {led})")
