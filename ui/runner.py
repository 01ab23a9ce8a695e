"""The DOM layer's side of the table's controller (ui/controller.py): events passed in, effects
carried out (the worker, timers, evaluations), and the window.__tt_* hooks that read the table.
"""

from __future__ import annotations

import asyncio
import json

import js  # type: ignore[import-not-found]

from . import effects as F
from .browser import (
    display_settings,
    doc,
    el,
    found,
    next_frame,
    sound,
)
from .controller import HINT_LEVEL, Table
from .i18n import _


class Runner:
    """(mixed into ui/app.py's `App`)"""

    def sync(self) -> Table:
        """The controller, told what only the page knows (the checker's setting, whether the
        search players' worker failed)."""
        t = self.t
        t.checker = bool(display_settings().get("checker", False)) and self.embed is None
        t.search_ok = t.search_ok and self.brain.broken is None
        return t

    def flush(self) -> None:
        """Carries out the controller's effects, then the turn's arrival (said, sounded,
        focused) and its effects."""
        for turn in (False, True):
            if turn and self.t.match is not None:
                self.t.after_event()
            for _round in range(50):
                fx = self.t.take()
                if not fx:
                    break
                for e in fx:
                    self.do(e)

    def do(self, e: F.Effect) -> None:
        """One effect (ui/effects.py)."""
        if isinstance(e, F.Render):
            self.render()
        elif isinstance(e, F.Say):
            self.say(e.text)
        elif isinstance(e, F.Toast):
            self.toast(e.text)
        elif isinstance(e, F.Sound):
            sound(e.kind)
        elif isinstance(e, F.Post):
            self.post(e.data)
        elif isinstance(e, F.Ask):
            asyncio.ensure_future(self.ask_computer(e))
        elif isinstance(e, F.After):
            asyncio.ensure_future(self.after(e))
        elif isinstance(e, F.Evaluate):
            asyncio.ensure_future(self.evaluate(e))
        elif isinstance(e, F.Sweep):
            self.sweep_to(e.winner, e.side)
        elif isinstance(e, F.Sheet):
            self.show_sheet(e)
        elif isinstance(e, F.CloseSheet):
            self.hide_overlay()
        elif isinstance(e, F.Focus):
            self.focus_hand(e.new_turn)
        elif isinstance(e, F.TimerText):
            node = doc().querySelector("[data-timer]")
            if found(node):
                node.textContent = _("{n}s").format(n=e.seconds)
        elif isinstance(e, F.ShowTable):
            el("lobby").hidden = True
            el("table").hidden = False
        elif isinstance(e, F.Save):
            self.save()

    async def ask_computer(self, e: F.Ask) -> None:
        """The computer's move: once the frame showing what came before is drawn (so its
        search never delays it; at Instant one move a frame), the search in the worker (the
        baseline at "easy"), answered no sooner than the pause."""
        await next_frame()
        think = None
        if e.level != "easy" and self.brain.broken is None:
            think = asyncio.ensure_future(self.brain.choose(e.record, e.level, e.seed))
        await asyncio.sleep(e.pause)
        move, failed = None, False
        if think is not None:
            try:
                move = await think
            except Exception:  # noqa: BLE001 (the worker failed: the baseline plays)
                failed = True
        self.sync().computer_chose(e.sid, move, failed)
        self.flush()

    async def after(self, e: F.After) -> None:
        await asyncio.sleep(e.seconds)
        self.sync().timer(e.kind, e.sid)
        self.flush()

    async def evaluate(self, e: F.Evaluate) -> None:
        """The search's evaluation of the reader's moves, or (kind "review") the review of deal
        number `e.seed`, from the worker."""
        try:
            if self.brain.broken is not None:
                raise RuntimeError(self.brain.broken)
            if e.kind == "review":
                raw = await self.brain.evaluate(e.record, "review", e.seed, kind="review")
            else:
                raw = await self.brain.evaluate(e.record, HINT_LEVEL, e.seed)
            ev, error = json.loads(raw), None
        except Exception as exc:  # noqa: BLE001 (no hint, or no check this turn)
            ev, error = None, str(exc)
        if e.kind == "review":
            self.sync().reviewed_deal(e.sid, e.seed, ev, error)
        else:
            self.sync().evaluated(e.kind, e.sid, ev, error)
        self.flush()

    def tap(self) -> None:
        self.sync().tap()
        self.flush()

    def click_card(self, card: str) -> None:
        self.sync().click_card(card)
        self.flush()

    def click_move(self, move: str) -> None:
        self.sync().click_move(move)
        self.flush()

    def play(self, move: str, checked: bool = False) -> None:
        self.sync().play(move, checked)
        self.flush()

    def kick(self) -> None:
        """Play goes on (the computers' turns, the timers)."""
        self.sync().advance()
        self.flush()

    def undo(self) -> None:
        self.sync().undo(embedded=self.embed is not None)
        self.flush()

    def ask_hint(self) -> None:
        self.sync().ask_hint()
        self.flush()

    def show_summary(self) -> None:
        self.t.summary()
        self.flush()

    def show_match_over(self) -> None:
        self.t.match_over()
        self.flush()

    def think_for_human(self) -> None:
        """Lets the computer at the page's level make the human seat's move (a hook for
        `python3 build.py bench-ai`, which has the computer make every decision)."""
        async def go() -> None:
            if not self.t.can_act():
                return
            d, token = self.deal, self.t.sid
            try:
                move = await self.brain.choose(self.record_json(), self.t.level, self.t.match.seed)
            except Exception as exc:  # noqa: BLE001 (reported: the bench stops on it)
                js.console.error(f"__tt_think: {exc}")
                return
            if token == self.t.sid and self.deal is d and self.t.can_act():
                self.play(move)
        asyncio.ensure_future(go())

    def state_json(self) -> str:
        """The table's state for tests and benchmarks (window.__tt_state)."""
        return json.dumps(self.t.state({
            "level": self.t.level, "worker": self.brain.worker is not None,
            "broken": self.brain.broken, "answers": self.brain.answers,
            "started": self.brain.started}))

    def ai_times(self, clear: bool = False) -> str:
        """The worker's decisions measured in the page, as JSON; `clear` forgets them."""
        out = json.dumps(self.brain.times)
        if clear:
            self.brain.times.clear()
        return out

    def record_json(self) -> str:
        return json.dumps(self.t.match.record()) if self.t.match is not None else "null"
