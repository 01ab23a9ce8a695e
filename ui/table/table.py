"""The table's controller: the match on the table and what the page does with it, pure.

Events come in as method calls (a card clicked, a move pressed, the felt tapped, the computer
chose, a timer fired, an evaluation arrived); each returns the effects to carry out
(ui/common/effects.py), and the DOM layer (ui/shell/app.py) carries them out. The engine's `Match` is the
one game model; what is drawn comes from `ui.table.view.model`, built from the reader's view.

Time is injected (`clock`); the computer players' randomness comes from the match's seed and
the position, so a reloaded match plays on as it would have. Work that answers later carries
the state id `sid`, bumped whenever the position or the match changes: an answer for another
id is for a position gone, and is refused.

Tested under CPython: tests/ui/test_controller.py.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import engine
import engine.bots
from ui.common import effects as F
from ui.common import render as R
from ui.common.i18n import YOU, _, catalog, error_text, game_info
from ui.common.seen import reader_view, seen_move
from ui.embed import spec as E
from ui.embed.tutor import Tutor
from ui.puzzles.on_table import Puzzling
from ui.sheets import view as SH
from ui.sheets.overlay import REVIEW, Overlay
from ui.table import speech as SP
from ui.table import view as TV
from ui.table.pace import Pace
from ui.teach import hints as H
from ui.teach.coach import Coach
from ui.teach.looking import Looking

HINT_LEVEL = "strong"  # hints come from the strongest player, whatever the table's level




class Table(Pace, Coach, Tutor, Looking, Puzzling):
    """The state of the table and its transitions (the computer's turns and the table's
    timers are ui/table/pace.py's; the hints, the play checker and undo ui/teach/coach.py's; positions and
    lessons for tutorial sites ui/embed/tutor.py's; the sheets looking back ui/teach/looking.py's)."""

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
        self.waiting: str | None = None  # the timer awaited now ("linger", "sweep", "tick")
        self.cleared_at = -1e9  # when the last finished trick began to clear (clock)
        self.last_trick: dict[str, Any] | None = None  # as the reader saw it
        self.fresh = False
        self.selection: list[str] = []
        self.timer_left: int | None = None
        self.away: set[int] = set()
        self.readers: set[int] = {0}
        self.player_name = ""  # the player's own name (the lobby's field), else "You"
        self.open_view = False
        self.lesson_run: Any = None  # a lesson answers the reader's moves (ui/embed/page.py)
        self.step_pos: int | None = None  # a position step by step: nothing moves by itself
        self.seat_shift = 0  # the table is turned: seat 0 is the record's seat `seat_shift`
        self.hint: dict[str, Any] | None = None  # the evaluation shown as a hint
        self.hint_busy = False
        self.check_ev: tuple[int, dict[str, Any]] | None = None  # (sid, evaluation)
        self.check_move: str | None = None  # the move the play checker asks about
        self.checker = False  # the play checker is on
        self.search_ok = True  # the search players' worker can be had
        self.was_turn = False
        self.turn_seat: int | None = None  # whose turn was said (the reader may play them all)
        self.fx: list[F.Effect] = []
        # A lesson answers the reader's move itself; step by step, the script follows each
        # move (ui/embed/tutor.py).
        self.on_lesson_move: Callable[[str], None] = lambda _move: None
        self.on_step_move: Callable[[str], None] = lambda _move: None
        self.init_tutor()
        self.init_looking()
        self.init_puzzling()

    # ------------------------------------------------------------------------------ reading
    @property
    def deal(self) -> Any:
        return self.match.deals[self.cur]

    @property
    def lesson(self) -> bool:
        return self.lesson_run is not None

    @property
    def own_end(self) -> bool:
        """A lesson or a puzzle is on the table: its end is its own (no deal summary, its
        last trick stays on the felt, nothing to tap for)."""
        return self.lesson_run is not None or self.puzzle is not None

    @property
    def lesson_done(self) -> bool:
        return self.lesson_run is not None and bool(self.lesson_run.done)

    @property
    def stepping(self) -> bool:
        return self.step_pos is not None

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
        kept = getattr(self.match, "seat_names", None)  # kept with the match, and in its save
        if not isinstance(kept, list) or len(kept) != len(now):
            kept = list(now)
            self.match.seat_names = kept
        return [self.player_name or now[0], *kept[1:]]

    def view(self) -> dict[str, Any]:
        return reader_view(self.deal, self.readers, self.open_view)

    def ui(self, **page: Any) -> TV.Ui:
        """The table's state for its view model; `page` adds what only the page knows."""
        return TV.Ui(readers=frozenset(self.readers), open_view=self.open_view,
                     speed=self.speed, overlay=self.overlay is not None,
                     lingering=self.lingering, last_trick=self.last_trick, fresh=self.fresh,
                     selection=tuple(self.selection), timer_left=self.timer_left,
                     away=frozenset(self.away), lesson=self.own_end,
                     lesson_done=self.lesson_done and not self.replying,
                     busy=self.replying or (self.puzzle is not None
                                            and (self.pz_playing or self.pz_state != "solving")),
                     summary_closed=self.summary_closed, **page)

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

    def state(self, ai: dict[str, Any]) -> dict[str, Any]:
        """What tests and benchmarks read of the table (window.__tt_state), with the computer
        players' worker's state `ai`."""
        if self.match is None:
            return {"screen": "lobby", "ai": ai}
        d = self.deal
        check = self.check_ev[1] if self.check_ev is not None and self.check_ev[0] == self.sid \
            else None
        return {"screen": "table", "game": self.match.game, "seed": self.match.seed,
                "deal": self.cur, "phase": d.phase, "to_move": d.to_move,
                "overlay": self.overlay, "match_over": self.match.is_over, "ai": ai,
                "practice": bool(getattr(self.match, "practice", False)), "hint": self.hint,
                "check": check,
                "puzzle": None if self.puzzle is None else
                {"ref": self.puzzle_ref, "state": self.pz_state, "playing": self.pz_playing}}

    def where(self, leave_under: Any, paused: Any) -> tuple[str, Any, int, set[int], str | None]:
        """Where the page is, for its save: (screen, match, deal, seats away, the sheet to
        open again: "summary", "over" or None). `leave_under` is the sheet a leave dialog
        covers; `paused` the match kept while the lobby shows."""
        if self.match is not None:
            under = leave_under if self.overlay == "leave" else self.overlay
            if under in REVIEW:
                under = self.review_under
            return ("table", self.match, self.cur, self.away,
                    under if under in ("summary", "over") else None)
        if paused is not None:
            return "lobby", paused.match, paused.cur, paused.away, paused.overlay
        return "lobby", None, 0, set(), None

    def error(self, exc: BaseException) -> str:
        return error_text(exc, self.names() if self.match is not None else None, YOU)

    def reason(self, move: str) -> str | None:
        """Why the reader may not play `move` now, in a sentence that names the seats."""
        why = self.deal.illegal_reason(move)
        return None if why is None else why.render(self.names(), catalog(), YOU)

    # ------------------------------------------------------------------------------ the table
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
        self.sid += 1
        self.overlay = None
        self.hint = None
        self.begin_deal()

    def begin_deal(self) -> None:
        self.summary_closed = False
        self.selection = []
        self.last_trick = None
        self.lingering = False
        self.waiting = None
        self.fresh = False
        self.timer_left = None

    def after_event(self) -> None:
        """The turn's arrival is said, sounded and focused once (and rated, for the checker)."""
        if self.overlay is not None:
            return  # the turn is said when the sheet over it has closed, if it is new then
        turn = self.match is not None and self.can_act()
        seat = self.deal.to_move if turn else None
        if turn and (not self.was_turn or seat != self.turn_seat):  # seats=all: whose turn
            self.emit(F.Say(SP.turn_sentence(self.model())), F.Sound("turn"), F.Focus(True))
            self.prefetch_check()
        elif turn:
            self.emit(F.Focus(False))
            if self.check_asked != self.sid:  # still the reader's turn, in a new position (a
                self.prefetch_check()         # trick just won at Instant): rated again
        self.was_turn = turn
        self.turn_seat = seat

    def model(self, **page: Any) -> TV.Model:
        return TV.model(self.match, self.cur, self.ui(**page), self.gi(), self.names())

    # ------------------------------------------------------------------------------ the reader
    def click_card(self, card: str) -> None:
        if self.match is None or self.overlay is not None:
            return
        d = self.deal
        if not self.can_act():
            if d.phase != "over" and d.to_move != 0:
                self.emit(F.Toast(_("Wait for your turn.")))
            return
        legal = d.legal_moves()
        if self.multi():
            if card in self.selection:
                self.selection.remove(card)
                self.emit(F.Render())
                return
            if card in TV.candidate_cards(legal, self.selection):
                self.selection.append(card)
                self.emit(F.Render())
                return
            reason = self.reason(card) if not self.selection else None
            self.emit(F.Toast(reason or _("That card cannot join the cards you selected.")))
            return
        if card in legal or self.lesson:  # a lesson answers every card itself
            self.play(card)
            return
        self.emit(F.Toast(self.reason(card) or _("You cannot play that card now.")))

    def click_move(self, move: str) -> None:
        if not self.can_act():
            return
        legal = self.deal.legal_moves()
        if move == "confirm":
            m = TV.selection_move(legal, self.selection)
            if m is None:
                self.emit(F.Toast(_("Select one card, or three of one suit (as many as were "
                                    "led).")))
                return
            self.play(m)
        elif move in legal or self.lesson:
            self.play(move)
        else:
            self.emit(F.Toast(self.reason(move) or _("Not now.")))

    def play(self, move: str, checked: bool = False) -> None:
        """The reader's move (with the play checker on, a move the search rates clearly worse
        asks first); a lesson answers it itself."""
        ev = None if checked else self.needs_check(move)
        if ev is not None:
            self.check_move = move
            cost = H.cost(ev, move) or 0.0
            self.open(Overlay.CHECK, SH.check_html(move, H.amount(cost, H.score_unit(ev))))
            return
        self.timer_left = None
        self.selection = []
        self.away.discard(0)
        self.waiting = None  # the trump timer, or the finished trick's show, ends here
        self.lingering = False
        if self.puzzle is not None:
            self.puzzle_try(move)  # (ui/puzzles/on_table.py)
            return
        if self.lesson:
            self.on_lesson_move(move)
            return
        self.apply(move)
        if self.stepping:
            self.on_step_move(self.deal.moves[-1] if self.deal.moves else move)
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
        self.sid += 1
        self.hint = None  # a hint is for the position it was asked in
        seen = seen_move(before, self.view(), -1 if mover is None else mover, d.moves[-1])
        self.emit(*self.move_posts(seen, d))
        if mover is not None:
            self.emit(F.Say(SP.move_sentence(mover, seen.move, self.names())))
        self.emit(F.Sound(self.sound_of(move, seen.finished is not None)))
        self.fresh = len(seen.trick) > 0
        if seen.finished is not None:
            self.last_trick = seen.finished
            self.emit(F.Say(SP.took_sentence(int(seen.finished["winner"]), self.names())))
            # At Instant the deal's last trick gives way to the summary at once (the summary
            # and "Last trick" show it); every other finished trick stays on show a while, and
            # so does the last one of a lesson or a puzzle, whose end has no summary.
            self.lingering = not (self.speed == "0" and d.phase == "over"
                                  and not self.own_end)
            self.fresh = True
        self.emit(F.Render(), F.Save())
        if d.phase == "over" and not self.lingering and not self.own_end:
            self.summary()  # (a lesson's end is its own, and a puzzle's)

    def orig(self, seat: int | None) -> int | None:
        """A seat in the record's own numbering (the table may be turned)."""
        if seat is None or self.match is None:
            return seat
        return (seat + self.seat_shift) % self.match.players

    def move_posts(self, seen: Any, deal: Any, last: bool = True) -> list[F.Effect]:
        """The parent page's events for a move, as the reader saw it (the page sends them only
        when it is embedded); with `last`, the deal's end when it is over."""
        over = last and deal.phase == "over"
        return [F.Post(e) for e in E.move_events(seen, self.match.deals.index(deal) + 1,
                                                  deal.result if over else None, self.orig)]

    def sound_of(self, move: str, finished: bool) -> str:
        """A move's sound: a card laid, a trick taken, and at the deal's end whether it went
        well for the reader's side."""
        d = self.deal
        if d.phase == "over" and d.result:
            delta = list(d.result.get("delta") or [])
            mine = delta[0] if delta and isinstance(delta[0], (int, float)) else 0
            lower = bool(self.match.rules.lower_total_wins)
            return "won" if (mine <= 0 if lower else mine > 0) else "lost"
        return "trick" if finished else "card"

    def tap(self) -> None:
        """A tap on the felt (or Enter there): the finished trick's show ends."""
        if not self.lingering:
            return
        if self.lesson or self.stepping or self.puzzle is not None:
            self.lingering = False  # no computer waits: the table moves on at once
            if self.waiting == "linger":
                self.waiting = None
            self.emit(F.Render())
            self.advance()  # a lesson's next reply
            return
        self.end_linger()

    # ------------------------------------------------------------------------------ sheets
    def open(self, kind: Overlay, html: str, say_head: bool = False) -> None:
        self.overlay = kind
        self.emit(F.Sheet(kind.value, html, say_head))

    def close(self, was: Any = None) -> None:
        """The sheet (`was`) is closed: play goes on. A deal's summary closed (Escape, its
        close button) leaves the finished deal on show, the summary a button away."""
        if was == Overlay.SUMMARY and self.match is not None and self.deal.phase == "over":
            self.summary_closed = True
        self.overlay = None
        self.emit(F.CloseSheet(), F.Render())
        self.advance()

    def summary(self) -> None:
        m, d = self.match, self.deal
        names = self.names()
        lines = [x.render(names, catalog(), YOU) for x in m.rules.explain(d.result or {})]
        end = SH.match_end_line(m, self.cur, names)  # a lusya, a match decided in one deal
        if end:
            lines.append(end)
        html = SH.summary_html(m, self.cur, self.gi(), names, lines)
        self.open(Overlay.SUMMARY, html, say_head=True)
        if lines:
            self.emit(F.Say(" ".join(lines)))
        self.emit(F.Save())

    def match_over(self) -> None:
        self.open(Overlay.OVER, SH.match_over_html(self.match, self.gi(), self.names()))
        self.emit(F.Save())

    def next_deal(self) -> None:
        """The summary's "Next deal"."""
        self.overlay = None
        self.cur = len(self.match.deals) - 1
        self.sid += 1
        self.begin_deal()
        self.emit(F.CloseSheet(), F.Render(), F.Save())
        notice = self.match.rules.new_deal_notice(self.view())
        if notice is not None:
            self.emit(F.Toast(notice.render(self.names(), catalog(), YOU)))
        self.advance()

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
    def sheet(self, kind: str | None, html: str = "") -> None:  # the page's own sheet, or none
        self.overlay = kind  # type: ignore[assignment]  # (the record's sheets: the page's kinds)
        self.emit(F.Sheet(kind, html, False) if kind is not None else F.CloseSheet())
    def clear(self) -> None: self.sid, self.match, self.overlay = self.sid + 1, None, None
