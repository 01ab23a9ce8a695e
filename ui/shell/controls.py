"""The page's clicks and changes: ui/web/ listens once on the document and sends the control's
`data-*` attributes (elements are drawn anew freely, so nothing binds to them), and with them
the lobby's fields as they stand.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Literal

from ui.common.i18n import _
from ui.lobby import view as LW
from ui.lobby.choices import REVIEW_ACTIONS
from ui.sheets import content as SC
from ui.sheets import view as SH
from ui.sheets.overlay import REVIEW, Overlay
from ui.shell.parts import Act, Page


class Controls:
    """The clicks and changes (a part of ui/shell/app.py's `App`); the leave dialog's own
    state."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.t, self.dom, self.env = app.t, app.dom, app.env
        self.leave_go: Callable[[], None] | None = None  # what "Leave" in the dialog does
        self.leave_under: str | None = None  # the sheet the leave dialog covers

    def on_change(self, ev: dict[str, Any]) -> None:
        """A field changed: `ev` has its attributes (`attrs`), `value` and the lobby's fields."""
        attrs = ev.get("attrs") or {}
        self.app.lobby.take_fields(ev.get("lobby"))
        if "data-lang" in attrs:
            self.app.lobby.change_language(str(ev.get("value") or ""))
            return
        if "data-name" in attrs:
            self.app.lobby.set_player_name(ev.get("value"))
            return
        if self.t.match is not None:
            if "data-speed" in attrs:
                self.t.arrange(speed=str(ev.get("value") or ""))
                self.app.saves.save()
            return
        if (
            "data-opt" in attrs
            or attrs.get("id") == "opt-seed"
            or "data-speed" in attrs
            or "data-level" in attrs
        ):
            self.app.lobby.read_lobby()
            self.app.saves.save()

    def on_click(self, ev: dict[str, Any]) -> None:
        """A click: `ev["attrs"]` are the attributes of the control it was on (the closest
        element with data-game-choice, data-start, data-card, data-move or data-action), none
        when it was outside any; `felt` whether it was on the felt."""
        attrs = ev.get("attrs")
        self.app.lobby.take_fields(ev.get("lobby"))
        if attrs and self.app.friends.click(attrs):
            return  # a guest's tap at a friend's table (ui/friends/guest.py)
        if not attrs:  # a click outside any control: on the felt, it ends a trick's show
            if self.t.lingering and ev.get("felt"):
                self.app.runner.tap()
            return
        if "data-game-choice" in attrs:
            self.app.lobby.read_lobby()
            self.app.lobby.c.choose(str(attrs["data-game-choice"]))
            self.app.lobby.show_lobby(drawn=str(attrs["data-game-choice"]))
            self.app.saves.save()
        elif "data-start" in attrs:
            self.app.lobby.read_lobby()
            self.app.deal_new()
        elif "data-card" in attrs:
            self.app.runner.click_card(str(attrs["data-card"]))
        elif "data-move" in attrs:
            if "disabled" in attrs:
                return
            self.app.runner.click_move(str(attrs["data-move"]))
        elif str(attrs.get("data-action") or "").startswith("record"):
            self.app.stats.record_action(str(attrs["data-action"]))  # (ui/stats/page.py)
        elif "data-action" in attrs:
            what = str(attrs["data-action"])
            # a puzzle's control (ui/puzzles/page.py), a table with friends' (ui/friends/),
            # else the table's or the page's
            if not self.app.puzzles.puzzle_action(what, attrs) and not (
                what.startswith("friends") and self.app.friends.action(what, attrs)
            ):
                self.action(what, attrs)

    def action(self, what: str, attrs: dict[str, str] | None = None) -> None:
        """A control's `data-action` (`attrs`: its attributes): what it asks of the table goes
        to it in one call (ui/shell/runner.py `event`), with the turn's arrival."""
        t = self.t
        attrs = attrs or {}
        if what in REVIEW_ACTIONS:
            deal, step = str(attrs.get("data-deal") or ""), str(attrs.get("data-step") or "")
            self.app.runner.event(lambda: t.look(what, deal, step))
            if what.startswith("replay-"):
                self.dom.op("focus", f'#overlay [data-action="{what}"]:not([disabled])')
            return
        if what == "undo":
            if t.overlay is None:
                self.app.runner.undo()
            return
        act = self.table_action(what)
        if act is False:
            self.page_action(what)
        try:
            self.app.runner.event(act or None)
        except ValueError as exc:  # (a step or a hint refused: said, the table as it was)
            if what not in ("step-prev", "step-next", "hint"):
                raise
            self.app.felt.toast(self.app.error_text(exc))
            self.app.runner.flush()

    def table_action(self, what: str) -> Act | Literal[False]:
        """What the control `what` asks of the table: False when it is the page's."""
        t, m = self.t, self.t.match
        if what in ("check-play", "check-hint") and t.overlay == "check":
            return lambda: t.check_answer(play=what == "check-play")
        if what == "next" and m is not None:
            return t.next_deal
        if what == "summary" and m is not None:
            return self.reopen_summary()
        if what == "continue" and m is not None:
            return t.match_over
        if what == "leave-cancel":
            under = self.leave_under

            def cancel() -> None:  # the sheet the dialog covered comes back
                t.close(go_on=False)
                if m is not None:
                    t.back_to(under)

            return cancel
        if what == "hint" and t.lesson_run is not None:  # a lesson's own hint
            return t.lesson_hint
        if what == "hint":  # the strong player's choice, with why
            return t.ask_hint
        if what in ("step-prev", "step-next"):
            return lambda: t.step(1 if what == "step-next" else -1)
        if what == "close":
            return t.close_review if t.overlay in REVIEW else lambda: t.close(t.overlay)
        if what == "speed":
            return lambda: t.cycle_speed([k for k, _name in LW.SPEEDS])
        return False

    def page_action(self, what: str) -> None:
        """A control of the page's own (the lobby, the saves, the sheets it opens)."""
        m = self.t.match
        if what == "again" and m is not None:
            self.app.lobby.set_choice(seed="")
            self.app.start_match()
        elif what == "lobby":
            self.to_games()
        elif what == "leave-confirm":
            go = self.leave_go
            self.app.felt.hide_overlay()
            if go is not None:
                go()
        elif what == "restart":  # the position, the lesson or the match from its start
            try:
                self.app.embed.restart()
            except ValueError as exc:
                self.app.felt.toast(self.app.error_text(exc))
        elif what == "resume":
            self.app.resume()
        elif what == "same-cards":
            self.app.replay_deal()
        elif what == "fresh-start":
            self.app.saves.fresh_start()
        elif what == "copy-save":
            asyncio.ensure_future(self.app.saves.copy_save())
        elif what == "take-over":
            self.app.saves.take_over()
        elif what == "rules":
            gi = self.app.gi(m.game if m else self.app.lobby.c.selected)
            self.app.felt.show_overlay(Overlay.RULES, SC.rules_sheet_html(gi, self.t.at_friends))
        elif what == "sound":
            on = self.env.toggle_sound()
            self.dom.op("sound-set", on)
            self.app.felt.say(_("Sound on.") if on else _("Sound off."))
            self.app.felt.render()

    def to_games(self) -> None:
        """The bar's "Games": to the lobby, a match in progress kept as Back keeps it
        (starting another match is what asks, ui/shell/app.py deal_new)."""
        if self.app.in_progress():
            self.env.set_history("lobby", self.env.pathname)
            self.app.pause()
        else:
            self.app.leave()

    def reopen_summary(self) -> Act:
        """The finished deal's summary again, after it was closed (the panel's button)."""
        t = self.t
        if t.overlay is not None or self.app.deal.phase != "over" or t.own_end:
            return None
        return t.reopen_summary

    def ask_leave(
        self, title: str, text: str, confirm: str, go: Callable[[], None], cancel: str | None = None
    ) -> None:
        """The in-page dialog before a match in progress is lost: `go` runs on "Leave"
        (`cancel` is the other button's text, "Keep playing" by default)."""
        cancel = cancel or _("Keep playing")
        under = self.leave_under if self.t.overlay == "leave" else self.t.overlay
        self.app.felt.show_overlay(Overlay.LEAVE, SH.leave_html(title, text, confirm, cancel))
        self.leave_go = go
        self.leave_under = under

    def drop_leave(self) -> None:
        """A sheet closed: "Leave" no longer has anything to do."""
        self.leave_go = None
