"""The page's clicks and changes: ui/web/ listens once on the document and sends the control's
`data-*` attributes (elements are drawn anew freely, so nothing binds to them), and with them
the lobby's fields as they stand.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from ui.common.i18n import _
from ui.lobby import view as LW
from ui.lobby.choices import REVIEW_ACTIONS
from ui.sheets import content as SC
from ui.sheets import view as SH
from ui.sheets.overlay import REVIEW


class Controls:
    """(mixed into ui/shell/app.py's `App`)"""

    def on_change(self, ev: dict[str, Any]) -> None:
        """A field changed: `ev` has its attributes (`attrs`), `value` and the lobby's fields."""
        attrs = ev.get("attrs") or {}
        self.lobby_fields = ev.get("lobby")
        if "data-lang" in attrs:
            self.change_language(str(ev.get("value") or ""))
            return
        if "data-name" in attrs:
            self.set_player_name(ev.get("value"))
            return
        if self.t.match is not None:
            if "data-speed" in attrs:
                self.t.speed = str(ev.get("value") or "")
                self.save()
            return
        if ("data-opt" in attrs or attrs.get("id") == "opt-seed" or "data-speed" in attrs
                or "data-level" in attrs):
            self.read_lobby()
            self.save()

    def on_click(self, ev: dict[str, Any]) -> None:
        """A click: `ev["attrs"]` are the attributes of the control it was on (the closest
        element with data-game-choice, data-start, data-card, data-move or data-action), none
        when it was outside any; `felt` whether it was on the felt."""
        attrs = ev.get("attrs")
        self.lobby_fields = ev.get("lobby")
        if not attrs:  # a click outside any control: on the felt, it ends a trick's show
            if self.t.lingering and ev.get("felt"):
                self.tap()
            return
        if "data-game-choice" in attrs:
            self.read_lobby()
            self.c.choose(str(attrs["data-game-choice"]))
            self.show_lobby(drawn=str(attrs["data-game-choice"]))
            self.save()
        elif "data-start" in attrs:
            self.read_lobby()
            self.deal_new()
        elif "data-card" in attrs:
            self.click_card(str(attrs["data-card"]))
        elif "data-move" in attrs:
            if "disabled" in attrs:
                return
            self.click_move(str(attrs["data-move"]))
        elif str(attrs.get("data-action") or "").startswith("record"):
            self.record_action(str(attrs["data-action"]))  # the record page (ui/stats/page.py)
        elif "data-action" in attrs:
            what = str(attrs["data-action"])
            if not self.puzzle_action(what, attrs):  # a puzzle's control (ui/puzzles/page.py)
                self.action(what, attrs)

    def action(self, what: str, attrs: dict[str, str] | None = None) -> None:
        m = self.t.match
        attrs = attrs or {}
        if what in REVIEW_ACTIONS:
            self.t.look(what, str(attrs.get("data-deal") or ""), str(attrs.get("data-step") or ""))
            self.flush()
            if what.startswith("replay-"):
                self.dom.op("focus", f'#overlay [data-action="{what}"]:not([disabled])')
            return
        if what == "undo":
            if self.t.overlay is None:
                self.undo()
            return
        if what in ("check-play", "check-hint") and self.t.overlay == "check":
            self.sync().check_answer(play=what == "check-play")
        elif what == "next" and m is not None:
            self.sync().next_deal()
        elif what == "summary" and m is not None:
            self.reopen_summary()
        elif what == "continue" and m is not None:
            self.t.match_over()
        elif what == "again" and m is not None:
            self.c.seed = ""
            self.start_match()
        elif what == "lobby":
            self.to_games()
        elif what == "leave-confirm":
            go = self.leave_go
            self.hide_overlay()
            if go is not None:
                go()
        elif what == "leave-cancel":
            under = self.leave_under
            self.hide_overlay()
            if self.t.match is not None:
                self.t.back_to(under)
        elif what in ("restart", "step-prev", "step-next", "hint"):
            try:
                if what == "restart":
                    self.restart()
                elif what == "hint" and self.t.lesson_run is not None:  # a lesson's own hint
                    self.t.lesson_hint()
                elif what == "hint":  # the strong player's choice, with why
                    self.ask_hint()
                else:
                    self.t.step(1 if what == "step-next" else -1)
            except ValueError as exc:
                self.toast(self.error_text(exc))
        elif what == "resume":
            self.resume()
        elif what == "same-cards":
            self.replay_deal()
        elif what == "fresh-start":
            self.fresh_start()
        elif what == "copy-save":
            asyncio.ensure_future(self.copy_save())
        elif what == "take-over":
            self.take_over()
        elif what == "rules":
            gi = self.gi(self.t.match.game if self.t.match else self.c.selected)
            self.show_overlay("rules", SC.rules_sheet_html(gi))
        elif what == "close":
            if self.t.overlay in REVIEW:
                self.t.close_review()
                self.flush()
                return
            was = self.t.overlay
            self.hide_overlay()
            self.sync().close(was)
        elif what == "sound":
            self.env.sound_is_on = not self.env.sound_is_on
            self.dom.op("sound-set", self.env.sound_is_on)
            self.say(_("Sound on.") if self.env.sound_is_on else _("Sound off."))
            self.render()
        elif what == "speed":
            self.t.cycle_speed([k for k, _name in LW.SPEEDS])
        self.flush()

    def to_games(self) -> None:
        """The bar's "Games": to the lobby, a match in progress kept as Back keeps it
        (starting another match is what asks, ui/shell/app.py deal_new)."""
        if self.in_progress():
            self.env.set_history("lobby", self.env.pathname)
            self.pause()
        else:
            self.leave()

    def reopen_summary(self) -> None:
        """The finished deal's summary again, after it was closed (the panel's button)."""
        if self.t.overlay is None and self.deal.phase == "over" and not self.t.own_end:
            self.t.summary_closed = False
            self.show_summary()

    def ask_leave(self, title: str, text: str, confirm: str, go: Callable[[], None],
                  cancel: str | None = None) -> None:
        """The in-page dialog before a match in progress is lost: `go` runs on "Leave"
        (`cancel` is the other button's text, "Keep playing" by default)."""
        cancel = cancel or _("Keep playing")
        under = self.leave_under if self.t.overlay == "leave" else self.t.overlay
        self.show_overlay("leave", SH.leave_html(title, text, confirm, cancel))
        self.leave_go = go
        self.leave_under = under
