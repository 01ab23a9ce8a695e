"""The table inside a tutorial site: a position shown step by step, a lesson answering the
reader's moves, and the events for the parent page (a part of the table's controller,
ui/table/table.py; pure, tested under CPython).

What arrives from an address or a message has been checked by ui/embed/spec.py first; a refusal is
`EmbedError` and leaves the table as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine
import engine.bots
from ui.common import effects as F
from ui.common.i18n import _, catalog
from ui.embed import spec as E
from ui.table.pace import PAUSES


class Tutor:
    """Positions and lessons, over the table's state (mixed into `Table`)."""

    match: Any
    cur: int
    sid: int
    seq: int
    speed: str
    lingering: bool
    last_trick: dict[str, Any] | None
    selection: list[str]
    readers: set[int]
    open_view: bool
    seat_shift: int
    lesson_run: Any
    step_pos: int | None
    overlay: Any
    waiting: str | None
    on_lesson_move: Callable[[str], None]
    on_step_move: Callable[[str], None]

    # (the table's own, ui/table/table.py)
    def emit(self, *effects: F.Effect) -> None: ...
    def put(self, match: Any, cur: int) -> None: ...
    def view(self) -> dict[str, Any]: ...
    def names(self) -> list[str]: ...
    def apply(self, move: str) -> None: ...
    def advance(self) -> None: ...
    def begin_deal(self) -> None: ...
    def can_act(self) -> bool: ...
    def reason(self, move: str) -> str | None: ...
    def play(self, move: str, checked: bool = False) -> None: ...
    def bot_rng(self) -> Any: ...
    def move_posts(self, seen: Any, deal: Any, last: bool = True) -> list[F.Effect]: ...
    def wait(self, kind: str, seconds: float) -> None: ...

    def init_tutor(self) -> None:
        self.step_record: dict[str, Any] | None = None  # the position's moves, step by step
        self.script: list[str] = []
        self.start_step = 0  # where "restart" goes back to
        self.base_record: dict[str, Any] | None = None  # the position as it was loaded
        self.feedback: tuple[str, str] | None = None  # the lesson's answer to the last move
        self.hint_text: str | None = None  # the lesson's hint on show
        # A right answer's scripted replies, still to be shown one at a time (the lesson's
        # run is already past them; the table shows a copy of its match catching up).
        self.replies: list[str] = []
        self.replying = False
        self.reply_due = False
        self.on_lesson_move = self.lesson_try
        self.on_step_move = self.note_step

    def leave_tutor(self) -> None:
        """Back to the plain table."""
        self.lesson_run = None
        self.step_pos = None
        self.step_record = self.base_record = None
        self.script = []
        self.readers = {0}
        self.open_view = False
        self.feedback = self.hint_text = None
        self.seat_shift = 0
        self.replies, self.replying = [], False

    def show(self, match: Any, cur: int) -> None:
        """A position or a lesson on the table (the page shows the table, not the lobby)."""
        self.put(match, cur)
        self.emit(F.CloseSheet(), F.ShowTable(), F.Render())

    # ------------------------------------------------------------------------------ loading
    def load_lesson(self, spec: E.Spec) -> None:
        lesson = E.turn_lesson(spec.lesson, spec.seat or None)
        run = lesson.start()
        self.lesson_run = run
        self.step_pos = None
        self.step_record = self.base_record = None
        self.readers = {0}
        self.open_view = lesson.view == "open" or spec.open_view
        self.seat_shift = (spec.seat or spec.lesson.seat) % run.match.players
        self.feedback = self.hint_text = None
        self.replies, self.replying = [], False
        self.show(run.match, run.match.deals.index(run.deal))
        self.lesson_posts()

    def load_record(self, spec: E.Spec) -> None:
        rec = E.rotate(spec.record, spec.seat)
        pos = None
        if spec.step is not None:
            pos = min(spec.step, len(E.flat_moves(rec)))
            match = engine.replay(E.truncate(rec, pos))
        else:
            match = engine.replay(rec)
        self.lesson_run = None
        self.base_record = rec
        self.step_record = rec if pos is not None else None
        self.script = [mv for _d, mv in E.flat_moves(rec)] if pos is not None else []
        self.start_step = spec.step or 0
        self.step_pos = pos
        self.seat_shift = spec.seat
        self.readers = set(range(match.players)) if spec.all_seats else {0}
        self.open_view = spec.open_view or spec.all_seats  # the reader sees whom they play
        self.feedback = None
        if pos is not None:
            self.speed = "0"
        self.show(match, len(match.deals) - 1)
        if pos is None:
            self.advance()

    def set_view(self, spec: E.Spec, cmd: dict[str, Any]) -> None:
        """The parent's `set`: speed, open hands, the seats the reader plays."""
        if "speed" in cmd:
            self.speed = str(cmd["speed"])
        if "view" in cmd:
            self.open_view = spec.open_view
        if "seats" in cmd and self.match is not None and self.lesson_run is None:
            self.readers = set(range(self.match.players)) if spec.all_seats else {0}
        self.emit(F.Render())
        self.advance()

    # ------------------------------------------------------------------------------ lessons
    def lesson_try(self, move: str) -> None:
        """The reader's move in a lesson: right (played, with the step's replies), wrong or
        not allowed, each said with the lesson's words and posted to the parent."""
        run = self.lesson_run
        if run is None or run.done or self.replying:
            return
        shown = len(E.flat_moves(run.match.record()))
        out = run.try_move(move)
        names = self.names()
        self.selection = []
        if out.kind == "right":
            self.feedback = ("right", out.text or out.message.render(names, catalog()))
            self.hint_text = None
            # The table plays the answer and then each reply at its pace, on a copy of the
            # position the reader saw, so the trick is seen being played and won.
            self.match = engine.replay(E.truncate(run.match.record(), shown))
            self.replies = [mv for _seat, mv in out.played]
            self.replying = True
            self.reply_due = True  # the reader's own move goes at once
            self.lesson_continue()
        elif out.kind in ("wrong", "illegal"):
            why = out.reason.render(names, catalog()) if out.reason is not None else ""
            text = (" ".join(t for t in (why, out.text or "") if t)
                    or out.message.render(names, catalog()))
            self.feedback = (out.kind, text)
            self.emit(F.Render(), F.Post(
                E.event("error", message=text) if out.kind == "illegal" else
                E.event("lesson-step", step=run.step_index + 1, answer="wrong", move=move,
                        text=text)))

    def lesson_continue(self) -> None:
        """The next of a right answer's moves, once the last one was seen (a finished trick
        stays on show and is collected, as in play); then the lesson's next step."""
        run = self.lesson_run
        if run is None or not self.replying or self.waiting is not None \
                or self.overlay is not None:
            return
        pause, linger = PAUSES.get(self.speed, PAUSES["2"])
        while True:
            if self.lingering and linger > 0:
                self.wait("linger", linger)
                return
            if not self.replies:
                break
            if pause > 0 and not self.reply_due:
                self.wait("reply", pause)
                return
            self.reply_due = False
            self.apply(self.replies.pop(0))
        self.replying = False
        self.match = run.match  # the same position: the lesson's own match again
        self.cur = run.match.deals.index(run.deal)
        self.emit(F.Render())
        if run.done:
            self.emit(F.Say(_("Lesson complete.")))
        self.lesson_posts()

    def reply_timer(self) -> None:
        self.reply_due = True
        self.lesson_continue()

    def lesson_posts(self) -> None:
        run = self.lesson_run
        if run is None:
            return
        if run.done:
            self.emit(F.Post(E.event("lesson-done", title=run.lesson.title,
                                     steps=len(run.lesson.steps))))
        else:
            step = run.step
            self.emit(F.Post(E.event("lesson-step", step=run.step_index + 1,
                                     of=len(run.lesson.steps), text=step.text if step else "")))

    def lesson_hint(self) -> None:
        self.hint_text = self.lesson_run.hint()
        self.emit(F.Render())

    # ------------------------------------------------------------------------------ steps
    def step(self, by: int) -> None:
        if self.step_pos is None or self.match is None:
            raise E.EmbedError(_("This table is not showing a position step by step (add "
                                 "step=N)."))
        self.step_to(self.step_pos + by)

    def step_to(self, n: int) -> None:
        if self.step_pos is None or self.step_record is None:
            raise E.EmbedError(_("This table is not showing a position step by step (add "
                                 "step=N)."))
        n = max(0, n)
        if n == self.step_pos + 1:
            self.step_forward()
            return
        n = min(n, len(self.script))
        match = engine.replay(E.truncate(self.step_record, n))
        self.step_pos = n
        self.show(match, len(match.deals) - 1)

    def step_forward(self) -> None:
        if self.match is None or self.step_pos is None:
            return
        if self.match.is_over:
            raise E.EmbedError(_("The match is over: there is no next move."))
        self.lingering = False
        d = self.match.deals[self.cur]
        if d.phase == "over":  # the next deal
            self.cur = len(self.match.deals) - 1
            self.begin_deal()
            self.emit(F.Render())
            return
        if self.step_pos < len(self.script):
            move = self.script[self.step_pos]
        else:
            move = engine.bots.choose(d, d.to_move, self.bot_rng())
        self.apply(move)
        self.note_step(move)

    def note_step(self, move: str) -> None:
        """A move made in step mode: the script follows it (a new line when it differs)."""
        if self.step_pos is None:
            return
        pos = self.step_pos
        if pos < len(self.script) and self.script[pos] == move:
            self.step_pos = pos + 1
        else:
            self.step_record = self.match.record()
            self.script = [mv for _d, mv in E.flat_moves(self.step_record)]
            self.step_pos = len(self.script)
        self.emit(F.Render())

    def restart(self) -> bool:
        """The position or the lesson from its start; False when neither is on the table."""
        run = self.lesson_run
        if run is not None:
            run.restart()
            self.replies, self.replying = [], False
            self.feedback = self.hint_text = None
            self.show(run.match, run.match.deals.index(run.deal))
            self.lesson_posts()
            return True
        if self.base_record is None:
            return False
        shift, rec = self.seat_shift, self.base_record
        if self.step_pos is not None:
            self.step_record = rec
            self.script = [mv for _d, mv in E.flat_moves(rec)]
            self.step_pos = min(self.start_step, len(self.script))
            match = engine.replay(E.truncate(rec, self.step_pos))
            self.show(match, len(match.deals) - 1)
        else:
            match = engine.replay(rec)
            self.show(match, len(match.deals) - 1)
            self.advance()
        self.seat_shift = shift
        return True

    def remote_play(self, move: str) -> None:
        """`play` from the parent: the reader's move, checked like a click."""
        if self.match is None:
            raise E.EmbedError(_("There is no game on the table yet: send “load” first."))
        if self.lesson_run is not None:
            if self.replying:
                raise E.EmbedError(_("The table is still playing the replies to the last "
                                     "move: wait for the next “lesson-step”."))
            self.lesson_try(move)
            return
        if not self.can_act():
            raise E.EmbedError(_("It is not the reader’s turn to play."))
        norm = move.strip()
        if norm not in self.match.deals[self.cur].legal_moves():
            why = self.reason(norm)
            raise E.EmbedError(why or _("“{move}” is not a move the table can play now.")
                               .format(move=move[:40]))
        self.play(norm)
