"""The keyboard: dialogs (Escape, Tab), the hand (arrows, Enter), the table's keys (a card typed,
L, S, H, R, U, M, ?).
"""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from . import keymap as K
from . import render as R
from . import table_view as TV
from . import views as V
from .browser import (
    doc,
    el,
    found,
)
from .i18n import _


class Keys:
    """(mixed into ui/app.py's `App`)"""

    def on_key(self, event: Any) -> None:
        """Dialogs: Escape closes one that may be closed, Tab stays inside. The hand: the arrow
        keys (and Home, End) move between its cards; Enter or Space plays (they are buttons)."""
        key = str(event.key)
        ov = el("overlay")
        if self.t.overlay is not None and not ov.hidden:
            if key == "Escape":
                close = ov.querySelector('[data-action="close"], [data-action="leave-cancel"]')
                if found(close):
                    event.preventDefault()
                    close.click()
            elif key == "Tab":
                items = [n for n in ov.querySelectorAll(
                    'button:not([disabled]), select, input, a[href], [tabindex="0"]')]
                if items:
                    first, last = items[0], items[-1]
                    active = doc().activeElement
                    inside = found(active) and ov.contains(active)
                    if event.shiftKey and (not inside or active == first):
                        event.preventDefault()
                        last.focus()
                    elif not event.shiftKey and (not inside or active == last):
                        event.preventDefault()
                        first.focus()
            return
        active = doc().activeElement
        on_control = found(active) and found(active.closest("button, select, input, a"))
        in_hand = found(active) and el("hand").contains(active)
        if (self.t.lingering and key in ("Enter", " ")
                and (not on_control or (in_hand and not self.t.can_act()))):
            event.preventDefault()  # the keyboard's tap: the finished trick moves on
            self.tap()
            return
        if (key == "Enter" and in_hand and self.t.multi() and self.t.can_act()):
            event.preventDefault()  # Bidding Kozel: Space selects, Enter plays the selection
            confirm = doc().querySelector('#panel [data-move="confirm"]:not([disabled])')
            if found(confirm):
                self.click_move("confirm")
            else:
                self.toast(TV.status(self.table_model()))
            return
        tag = str(active.tagName).lower() if found(active) else ""
        if (tag not in ("input", "select", "textarea") and self.t.match is not None
                and not el("table").hidden and not (event.ctrlKey or event.metaKey
                                                    or event.altKey)
                and self.shortcut(event, key)):
            event.preventDefault()
            return
        if key not in ("ArrowLeft", "ArrowRight", "Home", "End"):
            return
        cards = list(doc().querySelectorAll("#hand [data-card]"))
        if not cards or not found(active) or not el("hand").contains(active):
            return
        i = next((k for k, c in enumerate(cards) if c == active), 0)
        j = {"ArrowLeft": i - 1, "ArrowRight": i + 1, "Home": 0, "End": len(cards) - 1}[key]
        event.preventDefault()
        cards[max(0, min(len(cards) - 1, j))].focus()

    def shortcut(self, event: Any, key: str) -> bool:
        """The table's keys (ui/keymap.py); True when the key was one of them."""
        what = K.read_key(K.key_char(key, str(getattr(event, "code", "") or "")),
                          float(js.performance.now()), self.typing)
        if what is None or what[0] == "typing":
            return what is not None
        kind, name = what
        if kind == "card":
            self.type_card(name)
        elif name == "last-trick":
            if self.t.view().get("tricks"):
                self.action("last-trick")
            else:
                self.say(_("No trick has been played yet."))
        elif name == "hint":
            node = doc().querySelector('[data-action="hint"]:not([disabled])')
            if found(node):
                node.click()
            else:
                self.say(_("There is no hint here."))
        elif name == "read":
            self.read_table()
        elif name == "keys":
            self.show_overlay("keys", V.keys_sheet_html())
        else:
            self.action(name)
        return True

    def type_card(self, card: str) -> None:
        """A card typed on the keyboard: played (or selected) as if it were clicked."""
        hand = list(self.t.view().get("hand") or [])
        if card not in hand:
            self.toast(_("{card} is not in your hand.").format(card=R.card_label(card)))
            return
        self.click_card(card)
        node = doc().querySelector(f'#hand [data-card="{card}"]')
        if found(node) and self.t.can_act():
            node.focus()
