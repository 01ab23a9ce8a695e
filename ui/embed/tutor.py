"""The table inside a tutorial site: a position shown step by step, a lesson answering the
reader's moves, and the events for the parent page (a part of the table's controller,
ui/table/table.py, held as `Table.tutor`; pure, tested under CPython).

What arrives from an address or a message has been checked by ui/embed/spec.py first; a refusal is
`EmbedError` and leaves the table as it was.
"""

from __future__ import annotations

from typing import Any

import engine
import engine.bots
from ui.common import effects as F
from ui.common.i18n import _, catalog
from ui.common.seen import Seen
from ui.embed import spec as E
from ui.table.core import TableCore
from ui.table.pace import PAUSES


class Tutor:
    """Positions and lessons on the table (held as `Table.tutor`)."""

    def __init__(self, t: TableCore) -> None:
        self.t = t
        self.run: Any = None  # the lesson's run, answering the reader's moves (ui/embed/page.py)
        self.step_pos: int | None = None  # a position step by step: nothing moves by itself
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

    @property
    def lesson(self) -> bool:
        return self.run is not None

    @property
    def lesson_done(self) -> bool:
        return self.run is not None and bool(self.run.done)

    @property
    def stepping(self) -> bool:
        """A position is shown step by step: nothing moves by itself."""
        return self.step_pos is not None

    def leave_tutor(self) -> None:
        """Back to the plain table."""
        self.run = None
        self.step_pos = None
        self.step_record = self.base_record = None
        self.script = []
        self.t.arrange(readers={0}, open_view=False, shift=0)
        self.feedback = self.hint_text = None
        self.replies, self.replying = [], False

    def orig(self, seat: int | None) -> int | None:
        """A seat in the record's own numbering (the table may be turned)."""
        t = self.t
        if seat is None or t.match is None:
            return seat
        return int((seat + t.seat_shift) % t.match.players)

    def move_posts(self, seen: Seen, deal: Any, last: bool = True) -> list[F.Effect]:
        """The parent page's events for a move, as the reader saw it (the page sends them only
        when it is embedded); with `last`, the deal's end when it is over."""
        over = last and deal.phase == "over"
        return [
            F.Post(e)
            for e in E.move_events(
                seen, self.t.match.deals.index(deal) + 1, deal.result if over else None, self.orig
            )
        ]

    # ------------------------------------------------------------------------------ loading
    def load_lesson(self, spec: E.Spec) -> None:
        assert spec.lesson is not None  # (ui/embed/page.py loads a lesson's spec only)
        lesson = E.turn_lesson(spec.lesson, spec.seat or None)
        run = lesson.start()
        self.run = run
        self.step_pos = None
        self.step_record = self.base_record = None
        self.t.arrange(
            readers={0},
            open_view=lesson.view == "open" or spec.open_view,
            shift=(spec.seat or spec.lesson.seat) % run.match.players,
        )
        self.feedback = self.hint_text = None
        self.replies, self.replying = [], False
        self.t.show(run.match, run.match.deals.index(run.deal))
        self.lesson_posts()

    def load_record(self, spec: E.Spec) -> None:
        assert spec.record is not None  # (ui/embed/page.py loads a record's spec only)
        rec = E.rotate(spec.record, spec.seat)
        pos = None
        if spec.step is not None:
            pos = min(spec.step, len(E.flat_moves(rec)))
            match = engine.replay(E.truncate(rec, pos))
        else:
            match = engine.replay(rec)
        self.run = None
        self.base_record = rec
        self.step_record = rec if pos is not None else None
        self.script = [mv for _d, mv in E.flat_moves(rec)] if pos is not None else []
        self.start_step = spec.step or 0
        self.step_pos = pos
        # (the reader sees whom they play)
        self.t.arrange(
            readers=set(range(match.players)) if spec.all_seats else {0},
            open_view=spec.open_view or spec.all_seats,
            shift=spec.seat,
            speed="0" if pos is not None else None,
        )
        self.feedback = None
        self.t.show(match, len(match.deals) - 1)
        if pos is None:
            self.t.advance()

    def set_view(self, spec: E.Spec, cmd: dict[str, Any]) -> None:
        """The parent's `set`: speed, open hands, the seats the reader plays."""
        t = self.t
        seats = "seats" in cmd and t.match is not None and self.run is None
        t.arrange(
            speed=str(cmd["speed"]) if "speed" in cmd else None,
            open_view=spec.open_view if "view" in cmd else None,
            readers=(set(range(t.match.players)) if spec.all_seats else {0}) if seats else None,
        )
        t.emit(F.Render())
        t.advance()

    # ------------------------------------------------------------------------------ lessons
    def lesson_try(self, move: str) -> None:
        """The reader's move in a lesson: right (played, with the step's replies), wrong or
        not allowed, each said with the lesson's words and posted to the parent."""
        t = self.t
        run = self.run
        if run is None or run.done or self.replying:
            return
        shown = len(E.flat_moves(run.match.record()))
        out = run.try_move(move)
        names = t.names()
        t.unselect()
        if out.kind == "right":
            self.feedback = ("right", out.text or out.message.render(names, catalog()))
            self.hint_text = None
            # The table plays the answer and then each reply at its pace, on a copy of the
            # position the reader saw, so the trick is seen being played and won.
            t.swap(engine.replay(E.truncate(run.match.record(), shown)), t.cur)
            self.replies = [mv for _seat, mv in out.played]
            self.replying = True
            self.reply_due = True  # the reader's own move goes at once
            self.lesson_continue()
        elif out.kind in ("wrong", "illegal"):
            why = out.reason.render(names, catalog()) if out.reason is not None else ""
            text = " ".join(x for x in (why, out.text or "") if x) or out.message.render(
                names, catalog()
            )
            self.feedback = (out.kind, text)
            t.emit(
                F.Render(),
                F.Post(
                    E.event("error", message=text)
                    if out.kind == "illegal"
                    else E.event(
                        "lesson-step", step=run.step_index + 1, answer="wrong", move=move, text=text
                    )
                ),
            )

    def lesson_continue(self) -> None:
        """The next of a right answer's moves, once the last one was seen (a finished trick
        stays on show and is collected, as in play); then the lesson's next step."""
        t = self.t
        run = self.run
        if run is None or not self.replying or t.waiting is not None or t.overlay is not None:
            return
        pause, linger = PAUSES.get(t.speed, PAUSES["2"])
        while True:
            if t.lingering and linger > 0:
                t.wait("linger", linger)
                return
            if not self.replies:
                break
            if pause > 0 and not self.reply_due:
                t.wait("reply", pause)
                return
            self.reply_due = False
            t.apply(self.replies.pop(0))
        self.replying = False
        t.swap(run.match, run.match.deals.index(run.deal))  # the lesson's own match again
        t.emit(F.Render())
        if run.done:
            t.emit(F.Say(_("Lesson complete.")))
        self.lesson_posts()

    def reply_timer(self) -> None:
        self.reply_due = True
        self.lesson_continue()

    def lesson_posts(self) -> None:
        run = self.run
        if run is None:
            return
        if run.done:
            self.t.emit(
                F.Post(E.event("lesson-done", title=run.lesson.title, steps=len(run.lesson.steps)))
            )
        else:
            step = run.step
            self.t.emit(
                F.Post(
                    E.event(
                        "lesson-step",
                        step=run.step_index + 1,
                        of=len(run.lesson.steps),
                        text=step.text if step else "",
                    )
                )
            )

    def lesson_hint(self) -> None:
        self.hint_text = self.run.hint()
        self.t.emit(F.Render())

    # ------------------------------------------------------------------------------ steps
    def step(self, by: int) -> None:
        if self.step_pos is None or self.t.match is None:
            raise E.EmbedError(_("This table is not showing a position step by step (add step=N)."))
        self.step_to(self.step_pos + by)

    def step_to(self, n: int) -> None:
        if self.step_pos is None or self.step_record is None:
            raise E.EmbedError(_("This table is not showing a position step by step (add step=N)."))
        n = max(0, n)
        if n == self.step_pos + 1:
            self.step_forward()
            return
        n = min(n, len(self.script))
        match = engine.replay(E.truncate(self.step_record, n))
        self.step_pos = n
        self.t.show(match, len(match.deals) - 1)

    def step_forward(self) -> None:
        t = self.t
        if t.match is None or self.step_pos is None:
            return
        if t.match.is_over:
            raise E.EmbedError(_("The match is over: there is no next move."))
        t.end_show()
        d = t.deal
        if d.phase == "over":  # the next deal
            t.swap(t.match, len(t.match.deals) - 1)
            t.begin_deal()
            t.emit(F.Render())
            return
        if self.step_pos < len(self.script):
            move = self.script[self.step_pos]
        else:
            move = engine.bots.choose(d, d.to_move, t.bot_rng())
        t.apply(move)
        self.note_step(move)

    def note_step(self, move: str) -> None:
        """A move made in step mode: the script follows it (a new line when it differs)."""
        if self.step_pos is None:
            return
        pos = self.step_pos
        if pos < len(self.script) and self.script[pos] == move:
            self.step_pos = pos + 1
        else:
            self.step_record = self.t.match.record()
            self.script = [mv for _d, mv in E.flat_moves(self.step_record)]
            self.step_pos = len(self.script)
        self.t.emit(F.Render())

    def restart(self) -> bool:
        """The position or the lesson from its start; False when neither is on the table."""
        t = self.t
        run = self.run
        if run is not None:
            run.restart()
            self.replies, self.replying = [], False
            self.feedback = self.hint_text = None
            self.t.show(run.match, run.match.deals.index(run.deal))
            self.lesson_posts()
            return True
        if self.base_record is None:
            return False
        shift, rec = t.seat_shift, self.base_record
        if self.step_pos is not None:
            self.step_record = rec
            self.script = [mv for _d, mv in E.flat_moves(rec)]
            self.step_pos = min(self.start_step, len(self.script))
            match = engine.replay(E.truncate(rec, self.step_pos))
            self.t.show(match, len(match.deals) - 1)
        else:
            match = engine.replay(rec)
            self.t.show(match, len(match.deals) - 1)
            t.advance()
        t.arrange(shift=shift)
        return True

    def remote_play(self, move: str) -> None:
        """`play` from the parent: the reader's move, checked like a click."""
        t = self.t
        if t.match is None:
            raise E.EmbedError(_("There is no game on the table yet: send “load” first."))
        if self.run is not None:
            if self.replying:
                raise E.EmbedError(
                    _(
                        "The table is still playing the replies to the last "
                        "move: wait for the next “lesson-step”."
                    )
                )
            self.lesson_try(move)
            return
        if not t.can_act():
            raise E.EmbedError(_("It is not the reader’s turn to play."))
        norm = move.strip()
        if norm not in t.deal.legal_moves():
            why = t.reason(norm)
            raise E.EmbedError(
                why or _("“{move}” is not a move the table can play now.").format(move=move[:40])
            )
        t.play(norm)
