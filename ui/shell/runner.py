"""The DOM layer's side of the table's controller (ui/table/table.py): events passed in, effects
carried out (the searches, timers, evaluations), and what the window.__tt_* hooks read.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

from ui.common import effects as F
from ui.common.i18n import _
from ui.lobby import view as LW
from ui.shell.parts import Page
from ui.table.table import HINT_LEVEL, Table


def nothing() -> None:
    """No event: only the turn's arrival (`Runner.flush`)."""


class Runner:
    """The controller's effects carried out (a part of ui/shell/app.py's `App`): each event goes
    into the table in one call (`event`), with what only the page knows."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.t, self.dom, self.env = app.t, app.dom, app.env
        # the match's record as JSON, and the position it is for (`record_json`)
        self.record: tuple[tuple[int, int, int, int] | None, str] = (None, "null")

    def event(self, act: Callable[[], object] | None = None) -> None:
        """One event into the controller (`act`, none: only the turn's arrival), told what only
        the page knows (the checker's setting, whether the search players' worker failed);
        then its effects carried out, the turn's arrival (said, sounded, focused) with them."""
        checker = (
            bool(self.env.display_settings().get("checker", False)) and self.app.embed.spec is None
        )
        self.carry_out(self.t.event(act or nothing, checker, self.app.brain.broken is None))
        self.app.friends.sync()  # a table with friends: each guest's state, when it changed

    def flush(self) -> None:
        """Carries out the controller's effects, then the turn's arrival and its effects."""
        self.event()

    def carry_out(self, fx: list[F.Effect] | None = None) -> None:
        """Carries out the effects `fx`, then those the controller has still to give."""
        for _round in range(50):
            for e in fx or ():  # a computer's question carries the record of the position
                if isinstance(e, F.Ask) and e.sid == self.t.sid:
                    self.record = (self.position(), e.record)
            for e in fx or ():
                self.do(e)
            fx = self.t.take()
            if not fx:
                break

    def do(self, e: F.Effect) -> None:
        """One effect (ui/common/effects.py)."""
        if isinstance(e, F.Render):
            self.app.felt.render()
        elif isinstance(e, F.Say):
            self.app.felt.say(e.text)
        elif isinstance(e, F.Toast):
            self.app.felt.toast(e.text)
        elif isinstance(e, F.NewTable):
            self.app.felt.clear_toast()
            self.dom.op("announce-clear")
        elif isinstance(e, F.Sound):
            self.dom.op("sound", e.kind)
        elif isinstance(e, F.Post):
            self.app.embed.post(e.data)
        elif isinstance(e, F.Ask):  # (the frame is asked for with the move before it)
            asyncio.ensure_future(self.ask_computer(e, self.env.ask("frame")))
        elif isinstance(e, F.After):
            asyncio.ensure_future(self.after(e))
        elif isinstance(e, F.Evaluate):
            asyncio.ensure_future(self.evaluate(e))
        elif isinstance(e, F.Sweep):
            self.app.felt.sweep_to(e.winner, e.side)
        elif isinstance(e, F.Sheet):
            self.app.felt.show_sheet(e)
        elif isinstance(e, F.CloseSheet):
            self.app.felt.sheet_closed()
        elif isinstance(e, F.Focus):
            self.app.felt.focus_hand(e.new_turn)
        elif isinstance(e, F.TimerText):
            self.dom.op("timer", _("{n}s").format(n=e.seconds))
        elif isinstance(e, F.ShowTable):
            self.dom.op("show-table", False)
        elif isinstance(e, F.Save):
            self.app.saves.save()

    async def ask_computer(self, e: F.Ask, frame: Awaitable[Any]) -> None:
        """The computer's move: once the frame showing what came before is drawn (`frame`, so
        its search never delays it; at Instant one move a frame), the search (the baseline at
        "easy"), answered no sooner than the pause."""
        await frame
        t0 = time.monotonic()
        move, failed = None, False
        if e.level != "easy" and self.app.brain.broken is None:
            try:
                move = self.app.brain.choose(e.record, e.level, e.seed)
            except Exception:  # noqa: BLE001 (the search failed: the baseline plays)
                failed = True
        rest = e.pause - (time.monotonic() - t0)
        if rest > 0:
            await asyncio.sleep(rest)
        self.event(lambda: self.t.computer_chose(e.sid, move, failed))

    async def after(self, e: F.After) -> None:
        await asyncio.sleep(e.seconds)
        self.event(lambda: self.t.timer(e.kind, e.sid))

    async def evaluate(self, e: F.Evaluate) -> None:
        """The search's evaluation of the reader's moves, or (kind "review") the review of deal
        number `e.seed`, once the page has drawn that it is asked."""
        await self.env.next_frame()
        try:
            if self.app.brain.broken is not None:
                raise RuntimeError(self.app.brain.broken)
            if e.kind == "review":
                raw = self.app.brain.review(e.record, e.seed)
            else:
                raw = self.app.brain.evaluate(e.record, HINT_LEVEL, e.seed)
            ev, error = json.loads(raw), None
        except Exception as exc:  # noqa: BLE001 (no hint, or no check this turn)
            ev, error = None, str(exc)
        if e.kind == "review":
            self.event(lambda: self.t.reviewed_deal(e.sid, e.seed, ev, error))
        else:
            self.event(lambda: self.t.evaluated(e.kind, e.sid, ev, error))

    def tap(self) -> None:
        self.event(self.t.tap)

    def stale(self) -> bool:
        """Another tab has the match: the player's move is not taken here (it would be lost),
        and the page says how to play on here instead."""
        if self.t.match is None or not self.app.saves.other_tab_has_it():
            return False
        self.app.felt.toast(
            _("This match goes on in another tab: “{button}” brings it here.").format(
                button=LW.take_over_label()
            )
        )
        self.flush()
        return True

    def click_card(self, card: str) -> None:
        if self.stale():
            return
        self.event(lambda: self.t.click_card(card))

    def click_move(self, move: str) -> None:
        if self.stale():
            return
        self.event(lambda: self.t.click_move(move))

    def play(self, move: str, checked: bool = False) -> None:
        if self.stale():
            return
        self.event(lambda: self.t.play(move, checked))

    def kick(self) -> None:
        """Play goes on (the computers' turns, the timers)."""
        self.event(self.t.advance)

    def undo(self) -> None:
        embedded = self.app.embed.spec is not None
        self.event(lambda: self.t.undo(embedded=embedded))

    def ask_hint(self) -> None:
        self.event(self.t.ask_hint)

    def show_summary(self) -> None:
        self.event(self.t.summary)

    def show_match_over(self) -> None:
        self.event(self.t.match_over)

    async def think_for_human(self) -> None:
        """Lets the computer at the page's level make the human seat's move (a hook for
        `python3 build.py bench page-ai`, which has the computer make every decision)."""
        if not self.t.can_act():
            return
        d, token = self.app.deal, self.t.sid
        try:
            move = self.app.brain.choose(self.record_json(), self.t.level, self.t.match.seed)
        except Exception as exc:  # noqa: BLE001 (reported: the bench stops on it)
            self.dom.op("console-error", f"__tt_think: {exc}")
            return
        if token == self.t.sid and self.app.deal is d and self.t.can_act():
            self.play(move)

    def state_json(self) -> str:
        """The table's state for tests and benchmarks (window.__tt_state)."""
        return json.dumps(
            table_state(
                self.t,
                {
                    "level": self.t.level,
                    "worker": self.app.brain.worker,
                    "broken": self.app.brain.broken,
                    "answers": self.app.brain.answers,
                    "started": self.app.brain.started,
                },
            )
        )

    def ai_times(self, clear: bool = False) -> str:
        """The worker's decisions measured in the page, as JSON; `clear` forgets them."""
        out = json.dumps(self.app.brain.times)
        if clear:
            self.app.brain.times.clear()
        return out

    def position(self) -> tuple[int, int, int, int] | None:
        """Where the table is: its match, state id, deals and moves of the deal (None: none)."""
        m = self.t.match
        return (id(m), self.t.sid, len(m.deals), len(m.deals[-1].moves)) if m is not None else None

    def record_json(self) -> str:
        """The match's record as JSON, made once for each position (or brought by the
        computer's question for it: `carry_out`)."""
        key = self.position()
        if key != self.record[0]:
            self.record = (key, self.t.record_json())
        return self.record[1]


def table_state(t: Table, ai: dict[str, Any]) -> dict[str, Any]:
    """What tests and benchmarks read of the table (window.__tt_state), with the computer
    players' worker's state `ai`."""
    if t.match is None:
        return {"screen": "lobby", "ai": ai}
    d = t.deal
    return {
        "screen": "table",
        "game": t.match.game,
        "seed": t.match.seed,
        "deal": t.cur,
        "phase": d.phase,
        "to_move": d.to_move,
        "overlay": t.overlay,
        "match_over": t.match.is_over,
        "ai": ai,
        "practice": t.match.practice,
        "hint": t.hint,
        "check": t.coach.check_now(),
        "puzzle": t.puzzling.as_state(),
    }
