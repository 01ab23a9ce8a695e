"""The page's clicks and changes: one listener each on the document, reading the `data-*`
attributes of the control (elements are drawn anew freely, so nothing binds to them).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]

from . import sheets as SH
from . import views as V
from .browser import (
    el,
    found,
    set_history,
    set_sound,
    sound_on,
)
from .choices import REVIEW_ACTIONS
from .i18n import _
from .overlay import REVIEW


class Controls:
    """(mixed into ui/app.py's `App`)"""

    def on_change(self, event: Any) -> None:
        t = event.target
        if t is not None and t.hasAttribute("data-lang"):
            self.change_language(str(t.value))
            return
        if t is None or self.t.match is not None:
            if t is not None and t.hasAttribute("data-speed") and self.t.match is not None:
                self.t.speed = str(t.value)
                self.save()
            return
        if (t.hasAttribute("data-opt") or t.id == "opt-seed" or t.hasAttribute("data-speed")
                or t.hasAttribute("data-level")):
            self.read_lobby()
            self.save()

    def on_click(self, event: Any) -> None:
        target = event.target
        if target is None or not hasattr(target, "closest"):
            return
        node = target.closest("[data-game-choice],[data-start],[data-card],[data-move],[data-action]")
        if not found(node):  # a click outside any control: on the felt, it ends a trick's show
            if self.t.lingering and found(target.closest("#felt")):
                self.tap()
            return
        ds = node.dataset
        if node.hasAttribute("data-game-choice"):
            self.read_lobby()
            self.c.choose(str(ds.gameChoice))
            self.show_lobby()
            self.save()
        elif node.hasAttribute("data-start"):
            self.read_lobby()
            self.deal_new()
        elif node.hasAttribute("data-card"):
            self.click_card(str(ds.card))
        elif node.hasAttribute("data-move"):
            if node.disabled:
                return
            self.click_move(str(ds.move))
        elif node.hasAttribute("data-action"):
            self.action(str(ds.action), node)

    def action(self, what: str, node: Any = None) -> None:
        m = self.t.match
        if what in REVIEW_ACTIONS:
            deal = str(node.getAttribute("data-deal") or "") if found(node) else ""
            step = str(node.getAttribute("data-step") or "") if found(node) else ""
            self.t.look(what, deal, step)
            self.flush()
            pressed = el("overlay").querySelector(f'[data-action="{what}"]:not([disabled])')
            if what.startswith("replay-") and found(pressed):
                pressed.focus()
            return
        if what == "undo":
            if self.t.overlay is None:
                self.undo()
            return
        if what in ("check-play", "check-hint") and self.t.overlay == "check":
            self.sync().check_answer(play=what == "check-play")
        elif what == "next" and m is not None:
            self.sync().next_deal()
        elif what == "continue" and m is not None:
            self.t.match_over()
        elif what == "again" and m is not None:
            self.c.seed = ""
            self.start_match()
        elif what == "lobby":
            if self.in_progress():
                self.ask_leave(_("Leave the match?"), _("The match in progress will be lost."),
                               _("Leave the match"), self.leave)
            else:
                self.leave()
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
        elif what == "fresh-start":  # the lobby, as on a first visit
            self.hide_overlay()
            set_history("lobby", str(js.window.location.pathname))
            self.open_page("")
        elif what == "copy-save":
            asyncio.ensure_future(self.copy_save())
        elif what == "take-over":
            self.take_over()
        elif what == "rules":
            gi = self.gi(self.t.match.game if self.t.match else self.c.selected)
            self.show_overlay("rules", V.rules_sheet_html(gi))
        elif what == "close":
            if self.t.overlay in REVIEW:
                self.t.close_review()
                self.flush()
                return
            self.hide_overlay()
            self.sync().close()
        elif what == "sound":
            set_sound(not sound_on())
            self.say(_("Sound on.") if sound_on() else _("Sound off."))
            self.render()
        elif what == "speed":
            self.t.cycle_speed([k for k, _name in V.SPEEDS])
        self.flush()

    def ask_leave(self, title: str, text: str, confirm: str, go: Callable[[], None],
                  cancel: str | None = None) -> None:
        """The in-page dialog before a match in progress is lost: `go` runs on "Leave"
        (`cancel` is the other button's text, "Keep playing" by default)."""
        cancel = cancel or _("Keep playing")
        under = self.leave_under if self.t.overlay == "leave" else self.t.overlay
        self.show_overlay("leave", SH.leave_html(title, text, confirm, cancel))
        self.leave_go = go
        self.leave_under = under
