"""The keyboard: dialogs (Escape, Tab), the hand (arrows, Enter), the table's keys (a card typed,
L, S, H, R, U, M, ?).
"""

from __future__ import annotations

import time
from typing import Any

from ui.common import render as R
from ui.common.i18n import _
from ui.sheets import content as SC
from ui.sheets.overlay import Overlay
from ui.shell import keymap as K
from ui.shell.parts import Page
from ui.table import view as TV
from ui.teach.coach import no_hint, no_undo


class Keys:
    """The keyboard (a part of ui/shell/app.py's `App`). ui/web/ keeps what needs the live
    document: Escape and Tab in a dialog, the arrow keys in the hand, and whether a key is the
    page's at all (it is not in a field, nor with Ctrl, Alt or Meta): those never wait for the
    worker."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.t, self.dom = app.t, app.dom
        self.typing = K.Typing()  # a card being typed on the keyboard ("Q", "10")

    def on_key(self, ev: dict[str, Any]) -> None:
        """A key of the table's: `ev["kind"]` is "tap" (Enter or Space while a finished trick
        is on show), "confirm" (Enter in the hand when several cards are played together) or
        "key" (a letter, digit or "?": `ev["char"]`)."""
        kind = ev.get("kind")
        if kind == "tap":
            if self.t.lingering:
                self.app.runner.tap()
        elif kind == "confirm":
            if self.t.multi() and self.t.can_act():
                if TV.selection_move(self.app.deal.legal_moves(), self.t.selection) is not None:
                    self.app.runner.click_move("confirm")
                else:
                    self.app.felt.toast(TV.status(self.app.felt.table_model()))
        elif kind == "key" and self.t.match is not None:
            self.shortcut(str(ev.get("char") or ""))

    def shortcut(self, ch: str) -> bool:
        """The table's keys (ui/shell/keymap.py); True when the key was one of them."""
        what = K.read_key(ch, time.monotonic() * 1000, self.typing)
        if what is None or what[0] == "typing":
            return what is not None
        kind, name = what
        if kind == "card":
            self.type_card(name)
        elif name == "last-trick":
            if self.t.view().get("tricks"):
                self.app.controls.action("last-trick")
            else:
                self.app.felt.say(_("No trick has been played yet."))
        elif name in ("hint", "undo") and self.t.at_friends:  # (ui/teach/coach.py)
            self.app.felt.toast(no_hint() if name == "hint" else no_undo())
        elif name == "hint":  # as if the bar's Hint button were pressed, when it may be
            self.dom.op(
                "click", '[data-action="hint"]:not([disabled])', _("There is no hint here.")
            )
        elif name == "read":
            self.app.felt.read_table()
        elif name == "keys":
            self.app.felt.show_overlay(Overlay.KEYS, SC.keys_sheet_html(self.t.at_friends))
        else:
            self.app.controls.action(name)
        return True

    def type_card(self, card: str) -> None:
        """A card typed on the keyboard: played (or selected) as if it were clicked."""
        hand = list(self.t.view().get("hand") or [])
        if card not in hand:
            self.app.felt.toast(_("{card} is not in your hand.").format(card=R.card_label(card)))
            return
        self.app.runner.click_card(card)
        if self.t.can_act():
            self.dom.op("focus", f'#hand [data-card="{card}"]')
