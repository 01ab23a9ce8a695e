"""The table on the page: its parts written from the view model, the live region, toasts, sheets
over the table, focus and motion (a part of the DOM layer: ui/app.py's `App`).
"""

from __future__ import annotations

import contextlib

import js  # type: ignore[import-not-found]

from . import effects as F
from . import render as R
from . import speech as SP
from . import table_view as TV
from .browser import (
    control_selector,
    doc,
    el,
    found,
    sound_on,
)
from .i18n import _


class Felt:
    """(mixed into ui/app.py's `App`)"""

    def say(self, text: str) -> None:
        """Adds a line to the polite live region (#announce); the last few stay, so lines said
        in quick succession are all read, in order."""
        box = el("announce")
        if not found(box) or not text:
            return
        line = doc().createElement("p")
        line.textContent = text
        box.appendChild(line)
        while box.childElementCount > 6:
            box.removeChild(box.firstElementChild)

    def focus_hand(self, new_turn: bool = False) -> None:
        """When the player's turn comes (or focus has dropped to the page), focus goes to the
        first playable card (or the first move button of the panel); a control the player
        moved to inside the hand or panel keeps it."""
        active = doc().activeElement
        mine = found(active) and (el("hand").contains(active) or el("panel").contains(active))
        if new_turn and not mine:
            active = None
        if (found(active) and active != doc().body and active.isConnected
                and active.id != "felt"  # the felt had focus only while a trick waited
                and active.getClientRects().length > 0):  # a visible control keeps focus
            return
        target = doc().querySelector("#hand [data-legal], #panel [data-move]:not([disabled])")
        if found(target):
            target.focus()

    def toast(self, text: str) -> None:
        t = el("toast")
        t.textContent = text
        t.dataset.reason = text
        t.classList.remove("show")
        _width = t.offsetWidth  # reading the layout restarts the animation
        t.classList.add("show")

    def clear_toast(self) -> None:
        """No message of an earlier game is left on screen or for a screen reader."""
        t = el("toast")
        t.classList.remove("show")
        t.textContent = ""
        t.removeAttribute("data-reason")

    def show_overlay(self, kind: str, html: str) -> None:
        if self.t.overlay is None:  # focus comes back here when the dialog closes
            self.focus_before = doc().activeElement
        self.t.overlay = kind
        ov = el("overlay")
        ov.innerHTML = html
        ov.hidden = False
        first = ov.querySelector("button")
        if found(first):
            first.focus()

    def hide_overlay(self) -> None:
        self.t.overlay = None
        self.leave_go = None
        ov = el("overlay")
        was_open = not ov.hidden
        ov.hidden = True
        ov.innerHTML = ""
        back = self.focus_before
        self.focus_before = None
        if was_open and back is not None and found(back):
            if not back.isConnected:  # the bar or hand was drawn again: the same control
                sel = control_selector(back)
                back = doc().querySelector(sel) if sel else None
            if back is not None and found(back):
                back.focus()

    def mark_hint(self) -> None:
        """Marks the hinted move's card(s) or panel button with `data-hint`."""
        ev = self.t.hint
        if ev is None:
            return
        move = str(ev["move"])
        nodes = list(doc().querySelectorAll(f'#panel [data-move="{R.esc(move)}"]'))
        for c in move.split():
            if R.is_card(c):
                nodes += list(doc().querySelectorAll(f'#hand [data-card="{c}"]'))
        for n in nodes:
            n.setAttribute("data-hint", "")
        self.unput("hand", "panel")  # the marks go with the next render

    def render(self) -> None:
        active = doc().activeElement
        keep = control_selector(active) if found(active) and el("table").contains(active) else None
        self.draw_table()
        if self.t.hint is not None and self.t.can_act():
            self.mark_hint()
        if keep is not None:
            active = doc().activeElement
            if not found(active) or active == doc().body or not active.isConnected:
                again = doc().querySelector(keep)
                if found(again):
                    again.focus()
        node = doc().querySelector('#bar [data-action="hint"]')
        if found(node):
            node.setAttribute("aria-busy", "true" if self.t.hint_busy else "false")
        felt = el("felt")
        if self.t.waiting_for_tap():  # the keyboard's way on: Enter on the felt
            if felt.getAttribute("tabindex") != "0":
                felt.setAttribute("tabindex", "0")
                felt.setAttribute("role", "button")
                felt.setAttribute("aria-label", _("Tap the table to go on."))
                felt.focus()
        elif felt.hasAttribute("tabindex"):
            for attr in ("tabindex", "role", "aria-label"):
                felt.removeAttribute(attr)

    def table_model(self) -> TV.Model:
        """The table's view model (ui/table_view.py), with what only the page knows."""
        run = self.t.lesson_run
        step = ((self.t.step_pos, len(self.t.script), self.t.match.is_over)
                if self.t.step_pos is not None else None)
        return self.t.model(
            lesson_hint=bool(run is not None and run.step is not None and run.step.hint),
            embed=self.embed is not None, embedded=bool(self.embed and self.embed.embed),
            step=step, sound_on=sound_on(), lang_html=self.lang_select_html())

    def draw_table(self) -> None:
        m = self.t.match
        if m is None:
            return
        d = self.deal
        model = self.table_model()
        # A new deal's first look: the cards are dealt in (style.css, at most 300 ms), unless
        # at Instant or under reduced motion.
        start = (self.t.placed, self.t.cur)
        if start != self.dealt_shown:
            self.unput()  # a new deal or match: every part is drawn afresh
        dealing = start != self.dealt_shown and not d.moves and self.moving()
        self.dealt_shown = start
        table = el("table")
        for name, value in TV.table_data(model, self.t.cur, self.t.seq, dealing).items():
            if value is None:
                table.removeAttribute(name)
            else:
                table.setAttribute(name, value)
        # the game's home language, for the regional indices (style.css; docs/deck.md)
        doc().documentElement.dataset.home = str(model.gi.get("home_language") or "")
        if model.can and not self.input_marked:  # the first moment a card can be played
            self.input_marked = True
            with contextlib.suppress(Exception):
                js.performance.mark("tt:input")
        html = TV.parts(model)
        self.put("bar", html["bar"])
        self.put("seats", html["seats"])
        self.t.fresh = False  # the fly-in animation plays once
        trick = el("trick")
        trick.className = ""
        trick.style.removeProperty("--sx")
        trick.style.removeProperty("--sy")
        trick.setAttribute("role", "list")
        trick.setAttribute("aria-label", _("The trick"))
        el("hand").setAttribute("role", "group")
        el("hand").setAttribute("aria-label", _("Your hand"))
        flying = self.put("trick", html["trick"])
        self.put_panel(html["panel"], (self.t.placed, self.t.cur, str(d.phase)))
        el("status").textContent = TV.status(model)
        self.put("hand", html["hand"])
        el("hand").dataset.count = str(len(model.hand))
        self.put("open-hands", html["open-hands"])
        el("open-hands").setAttribute("aria-label", _("The other hands"))
        el("open-hands").hidden = not html["open-hands"]
        self.draw_lesson()
        if flying:  # measured once every part is written: one layout for the move, not two
            self.fly_in()

    def put_panel(self, panel: str, phase: tuple[int, int, str]) -> None:
        """Sets the panel under the felt. Once it has shown in a deal's phase, its place stays
        (empty, as tall as it was) until the phase ends: the felt keeps its size between the
        player's turns, so the table is not laid out and painted afresh twice a trick."""
        p = el("panel")
        if not panel and self.panel_kept == phase and not p.hidden:
            if not p.hasAttribute("data-idle"):
                # measured once a phase, while it still holds its buttons
                p.style.minHeight = f"{p.offsetHeight}px"
                p.dataset.idle = "1"
        else:
            if self.panel_kept != phase:  # a new phase: the kept place goes with the old one
                p.style.removeProperty("min-height")
            p.removeAttribute("data-idle")
            self.panel_kept = phase if panel else None
            p.hidden = not panel
        self.put("panel", panel)

    def put(self, key: str, html: str) -> bool:
        """Sets the table part `key` (an element id) to `html` unless it shows that already:
        a move re-renders only what it changed, so the browser lays out and paints less (no
        frame over 50 ms while the cards move). Whatever changes a part's DOM after it was put
        (a hint's mark, a seat's pulse) calls `unput`. True when the part was set."""
        if self.shown_html.get(key) == html:
            return False
        el(key).innerHTML = html
        self.shown_html[key] = html
        return True

    def unput(self, *keys: str) -> None:
        """The parts `keys` are set again at the next render, whatever they hold."""
        for key in keys or tuple(self.shown_html):
            self.shown_html.pop(key, None)

    def moving(self) -> bool:
        """Whether the table moves: not at Instant, nor when the system asks for reduced
        motion."""
        if self.t.speed == "0":
            return False
        with contextlib.suppress(Exception):
            return not bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        return True

    def seat_centre(self, seat: int) -> tuple[float, float] | None:
        """Where a seat is on screen (the player's: the top of the hand)."""
        node = (doc().querySelector("#hand") if seat == 0
                else doc().querySelector(f'#seats .seat[data-seat="{seat}"] .plate'))
        if not found(node):
            return None
        r = node.getBoundingClientRect()
        if r.width == 0 and r.height == 0:
            return None
        return (r.left + r.width / 2, r.top + (min(r.height, 60) / 2 if seat == 0
                                               else r.height / 2))

    def fly_in(self) -> None:
        """The card just played comes from the seat that played it: its start is measured
        from the seat's place on screen (at most 300 ms, style.css `fly`); at Instant and
        under reduced motion it is simply there."""
        node = el("trick").querySelector(".play.fresh")
        if not found(node):
            return
        node.classList.remove("fresh")
        if not self.moving():
            return
        raw = str(node.getAttribute("data-play-seat") or "")
        src = self.seat_centre(int(raw)) if raw.isdigit() else None
        if src is not None:
            r = node.getBoundingClientRect()  # the resting place (no animation yet)
            node.style.setProperty("--fx", f"{src[0] - (r.left + r.width / 2):.0f}px")
            node.style.setProperty("--fy", f"{src[1] - (r.top + r.height / 2):.0f}px")
        node.classList.add("fresh")

    def sweep_to(self, winner: int, side: str) -> None:
        """The finished trick slides to the winner's seat and the seat pulses (style.css
        `sweep`, `pulse`: 240 and 300 ms)."""
        trick = el("trick")
        dest = self.seat_centre(winner)
        if dest is not None:
            r = trick.getBoundingClientRect()
            trick.style.setProperty("--sx", f"{dest[0] - (r.left + r.width / 2):.0f}px")
            trick.style.setProperty("--sy", f"{dest[1] - (r.top + r.height / 2):.0f}px")
        trick.className = f"sweep to-{side}"
        seat = doc().querySelector(f'#seats .seat[data-seat="{winner}"]')
        if found(seat):
            seat.classList.add("pulse")
            self.unput("seats")

    def show_sheet(self, e: F.Sheet) -> None:
        kind = self.t.overlay
        self.show_overlay(e.kind, e.html)
        self.t.overlay = kind
        if e.say_head:
            head = el("overlay").querySelector(".sheet h2")
            self.say(str(head.textContent) if found(head) else _("Deal over."))

    def read_table(self) -> None:
        """The whole situation in words, for the "read the table" key (R)."""
        if self.t.match is not None:
            self.say(SP.table_sentence(self.table_model()))
