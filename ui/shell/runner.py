"""The DOM layer's side of the table's controller (ui/table/table.py): events passed in, effects
carried out (the searches, timers, evaluations), and what the window.__tt_* hooks read.
"""

from __future__ import annotations

import asyncio
import json
import time

from ui.common import effects as F
from ui.common.i18n import _
from ui.lobby import view as LW
from ui.table.table import HINT_LEVEL, Table


class Runner:
    """(mixed into ui/shell/app.py's `App`)"""

    def sync(self) -> Table:
        """The controller, told what only the page knows (the checker's setting, whether the
        search players' worker failed)."""
        t = self.t
        t.checker = bool(self.env.display_settings().get("checker", False)) and self.embed is None
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
        """One effect (ui/common/effects.py)."""
        if isinstance(e, F.Render):
            self.render()
        elif isinstance(e, F.Say):
            self.say(e.text)
        elif isinstance(e, F.Toast):
            self.toast(e.text)
        elif isinstance(e, F.NewTable):
            self.clear_toast()
            self.dom.op("announce-clear")
        elif isinstance(e, F.Sound):
            self.dom.op("sound", e.kind)
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
            self.dom.op("timer", _("{n}s").format(n=e.seconds))
        elif isinstance(e, F.ShowTable):
            self.dom.op("show-table", False)
        elif isinstance(e, F.Save):
            self.save()

    async def ask_computer(self, e: F.Ask) -> None:
        """The computer's move: once the frame showing what came before is drawn (so its
        search never delays it; at Instant one move a frame), the search (the baseline at
        "easy"), answered no sooner than the pause."""
        await self.env.next_frame()
        t0 = time.monotonic()
        move, failed = None, False
        if e.level != "easy" and self.brain.broken is None:
            try:
                move = self.brain.choose(e.record, e.level, e.seed)
            except Exception:  # noqa: BLE001 (the search failed: the baseline plays)
                failed = True
        rest = e.pause - (time.monotonic() - t0)
        if rest > 0:
            await asyncio.sleep(rest)
        self.sync().computer_chose(e.sid, move, failed)
        self.flush()

    async def after(self, e: F.After) -> None:
        await asyncio.sleep(e.seconds)
        self.sync().timer(e.kind, e.sid)
        self.flush()

    async def evaluate(self, e: F.Evaluate) -> None:
        """The search's evaluation of the reader's moves, or (kind "review") the review of deal
        number `e.seed`, once the page has drawn that it is asked."""
        await self.env.next_frame()
        try:
            if self.brain.broken is not None:
                raise RuntimeError(self.brain.broken)
            if e.kind == "review":
                raw = self.brain.review(e.record, e.seed)
            else:
                raw = self.brain.evaluate(e.record, HINT_LEVEL, e.seed)
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

    def stale(self) -> bool:
        """Another tab has the match: the player's move is not taken here (it would be lost),
        and the page says how to play on here instead."""
        if self.t.match is None or not self.other_tab_has_it():
            return False
        self.toast(_("This match goes on in another tab: “{button}” brings it here.").format(
            button=LW.take_over_label()))
        self.flush()
        return True

    def click_card(self, card: str) -> None:
        if self.stale():
            return
        self.sync().click_card(card)
        self.flush()

    def click_move(self, move: str) -> None:
        if self.stale():
            return
        self.sync().click_move(move)
        self.flush()

    def play(self, move: str, checked: bool = False) -> None:
        if self.stale():
            return
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

    async def think_for_human(self) -> None:
        """Lets the computer at the page's level make the human seat's move (a hook for
        `python3 build.py bench page-ai`, which has the computer make every decision)."""
        if not self.t.can_act():
            return
        d, token = self.deal, self.t.sid
        try:
            move = self.brain.choose(self.record_json(), self.t.level, self.t.match.seed)
        except Exception as exc:  # noqa: BLE001 (reported: the bench stops on it)
            self.dom.op("console-error", f"__tt_think: {exc}")
            return
        if token == self.t.sid and self.deal is d and self.t.can_act():
            self.play(move)

    def state_json(self) -> str:
        """The table's state for tests and benchmarks (window.__tt_state)."""
        return json.dumps(self.t.state({
            "level": self.t.level, "worker": self.brain.worker,
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
