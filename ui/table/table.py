"""The table's controller: the match on the table and what the page does with it, pure.

Events come in as method calls (a card clicked, a move pressed, the felt tapped, the computer
chose, a timer fired, an evaluation arrived); each returns the effects to carry out
(ui/common/effects.py), and the DOM layer (ui/shell/app.py) carries them out. The engine's
`Match` is the one game model; what is drawn comes from `ui.table.view.model`, built from the
reader's view.

Time is injected (`clock`); the computer players' randomness comes from the match's seed and
the position, so a reloaded match plays on as it would have. Work that answers later carries
the state id `sid`, bumped whenever the position or the match changes (`Table.bump`, the one
place): an answer for another id is for a position gone, and is refused.

The table holds its parts as fields, each with its own state: `hand` (ui/table/hand.py),
`pace` (ui/table/pace.py), `coach` (ui/teach/coach.py), `tutor` (ui/embed/tutor.py), `looking`
(ui/teach/looking.py) and `puzzling` (ui/puzzles/on_table.py). A part sees the table as a
`TableCore` (ui/table/core.py): it reads the table's state and asks the table's methods to
change it; only the table changes its own fields. A sheet opens with `Table.open` and closes
with `Table.close`. The names the page calls on the table stay the table's: those a part holds
are passed on to it (`Entry`, `Field`).

Tested under CPython: tests/ui/test_controller.py.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import engine
from ui.common import effects as F
from ui.common import render as R
from ui.common.i18n import YOU, catalog, error_text, game_info
from ui.common.seen import reader_view, seen_move
from ui.embed.tutor import Tutor
from ui.puzzles.on_table import Puzzling
from ui.sheets.overlay import Overlay
from ui.table import speech as SP
from ui.table import view as TV
from ui.table.core import Entry, Field, Setting
from ui.table.hand import Hand
from ui.table.pace import Pace
from ui.teach.coach import Coach
from ui.teach.looking import Looking

HINT_LEVEL = "strong"  # hints come from the strongest player, whatever the table's level


def sound_of(match: Any, deal: Any, finished: bool) -> str:
    """A move's sound: a card laid, a trick taken, and at the deal's end whether it went well
    for the reader's side."""
    if deal.phase == "over" and deal.result:
        delta = list(deal.result.get("delta") or [])
        mine = delta[0] if delta and isinstance(delta[0], (int, float)) else 0
        lower = bool(match.rules.lower_total_wins)
        return "won" if (mine <= 0 if lower else mine > 0) else "lost"
    return "trick" if finished else "card"


class Table:
    """The state of the table and its transitions; its parts: the reader's turn, selection and
    clicks (`hand`), the computer's turns and the table's timers (`pace`), the hints, the play
    checker and undo (`coach`), positions and lessons for tutorial sites (`tutor`), the deal's
    summary, the match's result and the sheets looking back (`looking`) and the puzzle on the
    table (`puzzling`)."""

    def __init__(self, clock: Callable[[], float] = lambda: 0.0) -> None:
        self.clock = clock
        self.match: Any = None
        self.cur = 0  # index of the deal on the table
        self.sid = 0  # the state id: answers for another one are refused
        self.placed = 0  # matches put on the table (each one is drawn afresh)
        self.seq = 0  # moves played on this page (a hook for tests: data-seq)
        self.speed = "2"
        self.level: str = "normal"
        self.overlay: Overlay | None = None
        self.summary_closed = False  # the deal's summary was closed: the table shows the deal
        self.lingering = False  # a finished trick is on show
        self.last_trick: dict[str, Any] | None = None  # as the reader saw it
        self.fresh = False
        self.away: set[int] = set()
        self.readers: set[int] = {0}
        self.player_name = ""  # the player's own name (the lobby's field), else "You"
        self.open_view = False
        self.seat_shift = 0  # the table is turned: seat 0 is the record's seat `seat_shift`
        self.search_ok = True  # the search players' worker can be had
        self.fx: list[F.Effect] = []
        self.hand = Hand(self)
        self.pace = Pace(self)
        self.coach = Coach(self)
        self.tutor = Tutor(self)
        self.looking = Looking(self)
        self.puzzling = Puzzling(self)

    # ------------------------------------------------------------------------------ reading
    @property
    def deal(self) -> Any:
        return self.match.deals[self.cur]

    @property
    def own_end(self) -> bool:
        """A lesson or a puzzle is on the table: its end is its own (no deal summary, its
        last trick stays on the felt, nothing to tap for)."""
        return self.tutor.run is not None or self.puzzle is not None

    def take(self) -> list[F.Effect]:
        """The effects of the events so far, in order (emptied)."""
        out, self.fx = self.fx, []
        return out

    def emit(self, *effects: F.Effect) -> None:
        self.fx.extend(effects)

    def gi(self) -> dict[str, Any]:
        return game_info(engine.GAME_INFO[self.match.game])

    def names(self) -> list[str]:
        """The seats' names: the player's ("You") in the page's language, the others' as they
        were named when the match began (a change of language does not rename the opponents
        mid-match)."""
        now = R.seat_names(self.gi()["seat_names"], self.match.players)
        kept = self.match.seat_names  # kept with the match, and in its save
        if not isinstance(kept, list) or len(kept) != len(now):
            kept = list(now)
            self.match.seat_names = kept
        return [self.player_name or now[0], *kept[1:]]

    def view(self) -> dict[str, Any]:
        return reader_view(self.deal, self.readers, self.open_view)

    def ui(self, **page: Any) -> TV.Ui:
        """The table's state for its view model; `page` adds what only the page knows."""
        replying = self.tutor.replying
        page.setdefault("fresh", self.fresh)  # (the page says whether it drew it already)
        return TV.Ui(
            readers=frozenset(self.readers),
            open_view=self.open_view,
            speed=self.speed,
            overlay=self.overlay is not None,
            lingering=self.lingering,
            last_trick=self.last_trick,
            selection=tuple(self.hand.selection),
            timer_left=self.pace.timer_left,
            away=frozenset(self.away),
            lesson=self.own_end,
            lesson_done=self.lesson_done and not replying,
            busy=replying or self.puzzling.busy,
            summary_closed=self.summary_closed,
            **page,
        )

    def can_act(self) -> bool:
        return TV.can_act(self.match, self.cur, self.ui())

    def waiting_for_tap(self) -> bool:
        return TV.waiting_for_tap(self.match, self.cur, self.ui())

    def multi(self) -> bool:
        return self.match is not None and TV.multi(self.match, self.cur)

    def record_json(self) -> str:
        return json.dumps(self.match.record()) if self.match is not None else "null"

    def bot_rng(self) -> random.Random:
        """The baseline's tie-breaks for the decision now: fixed by the match's seed and the
        position, so a reloaded match plays on exactly as it would have."""
        return random.Random(f"bots:{self.match.seed}:{self.cur}:{len(self.deal.moves)}")

    def error(self, exc: BaseException) -> str:
        return error_text(exc, self.names() if self.match is not None else None, YOU)

    def reason(self, move: str) -> str | None:
        """Why the reader may not play `move` now, in a sentence that names the seats."""
        why = self.deal.illegal_reason(move)
        return None if why is None else why.render(self.names(), catalog(), YOU)

    # ------------------------------------------------------------------------------ the table
    def bump(self) -> None:
        """A new state: answers asked for the one before are refused."""
        self.sid += 1

    def put(self, match: Any, cur: int) -> None:
        """A match on the table at deal `cur` (new, resumed, replayed or taken back). Another
        table (another game or cards, or one put after the lobby) drops every message of the
        one before: those on screen, and those still to be carried out (they come before)."""
        old = self.match
        if old is None or old.game != match.game or old.seed != match.seed:
            self.emit(F.NewTable())
        self.match = match
        self.cur = cur
        self.placed += 1
        self.bump()
        self.overlay = None
        self.coach.drop_hint()
        self.begin_deal()

    def show(self, match: Any, cur: int) -> None:
        """A position, a lesson or a puzzle on the table (the page shows the table, not the
        lobby)."""
        self.put(match, cur)
        self.close(go_on=False)
        self.emit(F.ShowTable(), F.Render())

    def swap(self, match: Any, cur: int) -> None:
        """The same position on another match object, or the deal after a finished one shown
        step by step (a lesson's copy catching up, its own match again): no new state."""
        self.match = match
        self.cur = cur

    def take_back(self, match: Any) -> None:
        """`match`, the one on the table with the reader's last decision taken back: practice
        from now on, and the reader's turn said again."""
        self.put(match, len(match.deals) - 1)
        self.practise()
        tricks = self.view().get("tricks") or []
        self.last_trick = tricks[-1] if tricks else None
        self.seq += 1
        self.hand.turn_again()

    def begin_deal(self) -> None:
        self.summary_closed = False
        self.hand.clear()
        self.last_trick = None
        self.lingering = False
        self.fresh = False
        self.pace.halt()

    def arrange(
        self,
        readers: set[int] | None = None,
        open_view: bool | None = None,
        shift: int | None = None,
        speed: str | None = None,
        level: str | None = None,
        name: str | None = None,
        away: set[int] | None = None,
    ) -> None:
        """How the table is shown and played (what is given changes): the seats the reader
        plays, open hands, the seat turned to the bottom, the speed, the computers' level, the
        player's name, the seats away."""
        self.readers = self.readers if readers is None else readers
        self.open_view = self.open_view if open_view is None else open_view
        self.seat_shift = self.seat_shift if shift is None else shift
        self.speed = self.speed if speed is None else speed
        self.level = self.level if level is None else level
        self.player_name = self.player_name if name is None else name
        self.away = self.away if away is None else away

    def reopen_summary(self) -> None:
        """The finished deal's summary again, after it was closed."""
        self.summary_closed = False
        self.looking.summary()

    def end_show(self, settled: bool = False) -> None:
        """The finished trick's show is over (`settled`: the trick's cards are drawn still)."""
        self.lingering = False
        if settled:
            self.fresh = False

    def unselect(self) -> None:
        self.hand.clear()

    def mark_away(self, seat: int) -> None:
        self.away.add(seat)

    def practise(self) -> None:
        """The match is practice from now on (its summary and score sheet say so)."""
        self.match.practice = True

    def search_failed(self) -> None:
        self.search_ok = False

    def model(self, **page: Any) -> TV.Model:
        return TV.model(self.match, self.cur, self.ui(**page), self.gi(), self.names())

    # ------------------------------------------------------------------------------ the reader
    def play(self, move: str, checked: bool = False) -> None:
        """The reader's move (with the play checker on, a move the search rates clearly worse
        asks first); a lesson answers it itself."""
        ev = None if checked else self.coach.needs_check(move)
        if ev is not None:
            self.coach.ask_first(move, ev)
            return
        self.hand.clear()
        self.away.discard(0)
        self.pace.halt()  # the trump timer, or the finished trick's show, ends here
        self.lingering = False
        if self.puzzle is not None:
            self.puzzling.puzzle_try(move)
            return
        if self.lesson:
            self.tutor.lesson_try(move)
            return
        self.apply(move)
        if self.stepping:
            self.tutor.note_step(self.deal.moves[-1] if self.deal.moves else move)
        self.advance()

    def apply(self, move: str) -> None:
        """Plays `move` for the seat to move; says and shows it as the reader saw it."""
        d = self.deal
        before = self.view()
        mover = d.to_move
        try:
            self.match.play(move)
        except ValueError as exc:
            self.emit(F.Toast(self.error(exc)), F.Render())
            return
        self.seq += 1
        self.bump()
        self.coach.drop_hint()  # a hint is for the position it was asked in
        seen = seen_move(before, self.view(), -1 if mover is None else mover, d.moves[-1])
        self.emit(*self.tutor.move_posts(seen, d))
        if mover is not None:
            self.emit(F.Say(SP.move_sentence(mover, seen.move, self.names())))
        self.emit(F.Sound(sound_of(self.match, d, seen.finished is not None)))
        self.fresh = len(seen.trick) > 0
        if seen.finished is not None:
            self.last_trick = seen.finished
            self.emit(F.Say(SP.took_sentence(int(seen.finished["winner"]), self.names())))
            # At Instant the deal's last trick gives way to the summary at once (the summary
            # and "Last trick" show it); every other finished trick stays on show a while, and
            # so does the last one of a lesson or a puzzle, whose end has no summary.
            self.lingering = not (self.speed == "0" and d.phase == "over" and not self.own_end)
            self.fresh = True
        self.emit(F.Render(), F.Save())
        if d.phase == "over" and not self.lingering and not self.own_end:
            self.summary()  # (a lesson's end is its own, and a puzzle's)

    def advance(self) -> None:
        """What happens next: a lesson's replies or a puzzle's line, one move at a time, else
        play's pace (ui/table/pace.py)."""
        if self.match is not None and self.lesson:
            self.tutor.lesson_continue()
        elif self.match is not None and self.puzzle is not None:
            self.puzzling.puzzle_continue()
        else:
            self.pace.advance()

    def replies_due(self) -> None:
        """A reply's pause is over: the puzzle's line, or the lesson's replies, go on."""
        if self.puzzle is not None:
            self.puzzling.puzzle_timer()
        else:
            self.tutor.reply_timer()

    # ------------------------------------------------------------------------------ sheets
    def open(self, kind: Overlay, html: str, say_head: bool = False) -> None:
        """A sheet over the table (the one way a sheet opens)."""
        self.overlay = kind
        self.emit(F.Sheet(kind.value, html, say_head))

    def close(self, was: Any = None, go_on: bool = True) -> None:
        """The sheet (`was`) is closed (the one way a sheet closes); with `go_on`, play goes on
        (else the caller says what comes next). A deal's summary closed (Escape, its close
        button) leaves the finished deal on show, the summary a button away."""
        if was == Overlay.SUMMARY and self.match is not None and self.deal.phase == "over":
            self.summary_closed = True
        self.overlay = None
        self.emit(F.CloseSheet())
        if go_on:
            self.emit(F.Render())
            self.advance()

    def next_deal(self) -> None:
        """The summary's "Next deal"."""
        self.close(go_on=False)
        self.cur = len(self.match.deals) - 1
        self.bump()
        self.begin_deal()
        self.emit(F.Render(), F.Save())
        notice = self.match.rules.new_deal_notice(self.view())
        if notice is not None:
            self.emit(F.Toast(notice.render(self.names(), catalog(), YOU)))
        self.advance()

    # ------------------------------------------------------------------------------ the parts
    # The table's entry points for what its parts hold (the page calls the table, and so do
    # the other parts, which see it as a TableCore).
    click_card = Entry("hand", Hand.click_card)
    click_move = Entry("hand", Hand.click_move)
    after_event = Entry("hand", Hand.after_event)
    selection = Field[list[str]]("hand", "selection")
    tap = Entry("pace", Pace.tap)
    timer = Entry("pace", Pace.timer)
    computer_chose = Entry("pace", Pace.computer_chose)
    wait = Entry("pace", Pace.wait)
    waiting = Field[str | None]("pace", "waiting")
    at_friends = Field[bool]("pace", "at_friends")
    undo = Entry("coach", Coach.undo)
    ask_hint = Entry("coach", Coach.ask_hint)
    check_answer = Entry("coach", Coach.check_answer)
    evaluated = Entry("coach", Coach.evaluated)
    rate_turn = Entry("coach", Coach.rate_turn)
    hint = Field[dict[str, Any] | None]("coach", "hint")
    hint_busy = Field[bool]("coach", "hint_busy")
    checker = Setting[bool]("coach", "checker")
    summary = Entry("looking", Looking.summary)
    match_over = Entry("looking", Looking.match_over)
    look = Entry("looking", Looking.look)
    close_review = Entry("looking", Looking.close_review)
    back_to = Entry("looking", Looking.back_to)
    reviewed_deal = Entry("looking", Looking.reviewed_deal)
    leave_tutor = Entry("tutor", Tutor.leave_tutor)
    load_lesson = Entry("tutor", Tutor.load_lesson)
    load_record = Entry("tutor", Tutor.load_record)
    set_view = Entry("tutor", Tutor.set_view)
    remote_play = Entry("tutor", Tutor.remote_play)
    step = Entry("tutor", Tutor.step)
    step_to = Entry("tutor", Tutor.step_to)
    restart = Entry("tutor", Tutor.restart)
    lesson_hint = Entry("tutor", Tutor.lesson_hint)
    lesson_run = Field[Any]("tutor", "run")
    lesson = Field[bool]("tutor", "lesson")
    lesson_done = Field[bool]("tutor", "lesson_done")
    stepping = Field[bool]("tutor", "stepping")
    step_pos = Field[int | None]("tutor", "step_pos")
    script = Field[list[str]]("tutor", "script")
    feedback = Field[tuple[str, str] | None]("tutor", "feedback")
    hint_text = Field[str | None]("tutor", "hint_text")
    replying = Field[bool]("tutor", "replying")
    puzzle = Field[Any]("puzzling", "puzzle")
    load_puzzle = Entry("puzzling", Puzzling.load_puzzle)
    leave_puzzle = Entry("puzzling", Puzzling.leave_puzzle)
    retry_puzzle = Entry("puzzling", Puzzling.retry_puzzle)
    show_puzzle_answer = Entry("puzzling", Puzzling.show_puzzle_answer)
    puzzle_goal = Entry("puzzling", Puzzling.puzzle_goal)
    pz_state = Field[str]("puzzling", "state")
    pz_move = Field[str | None]("puzzling", "move")
    pz_daily = Field[str | None]("puzzling", "daily")
    pz_number = Field[int]("puzzling", "number")
    pz_playing = Field[bool]("puzzling", "playing")
    pz_shown = Field[bool]("puzzling", "shown")
    pz_last_counted = Field[bool]("puzzling", "last_counted")
    pz_solved_before = Field[bool]("puzzling", "solved_before")
    on_puzzle_result = Setting[Callable[[bool], None]]("puzzling", "on_result")

    def cycle_speed(self, order: list[str]) -> None:
        self.speed = order[(order.index(self.speed) + 1) % len(order)]
        self.emit(F.Render(), F.Save())

    # ---- what the page sets: one event in (told what only the page knows), its effects out
    def event(self, act: Callable[[], object], checker: bool, ok: bool) -> list[F.Effect]:
        self.checker, self.search_ok = checker, self.search_ok and ok
        act()
        if self.match is not None:
            self.after_event()  # the turn's arrival, with the event's effects
        return self.take()

    def clear(self) -> None:
        """No match on the table (the lobby shows)."""
        self.bump()
        self.match = None
        self.overlay = None
