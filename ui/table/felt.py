"""The table on the page: its parts written from the view model, the live region, toasts, sheets
over the table, focus and motion (a part of the DOM layer: ui/shell/app.py's `App`).
"""

from __future__ import annotations

from ui.common import effects as F
from ui.common import i18n as I
from ui.common import render as R
from ui.common.i18n import _
from ui.sheets.overlay import Overlay
from ui.shell.parts import Page
from ui.table import pieces as TP
from ui.table import speech as SP
from ui.table import view as TV


class Felt:
    """The table drawn, its sheets, focus and motion (a part of ui/shell/app.py's `App`): what
    each part shows, so a move writes only what it changed."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.t, self.dom, self.env = app.t, app.dom, app.env
        self.dealt_shown: tuple[int, int] | None = None  # the deal whose dealing was shown
        self.shown_html: dict[str, str] = {}  # what each table part shows (`put`)
        self.input_marked = False  # performance mark "tt:input" made
        self.flown = -1  # the play (`Table.seq`) whose fly-in was drawn

    def say(self, text: str) -> None:
        """Adds a line to the polite live region (#announce); the last few stay, so lines said
        in quick succession are all read, in order."""
        if text:
            self.dom.op("say", text)

    def focus_hand(self, new_turn: bool = False) -> None:
        """When the player's turn comes (or focus has dropped to the page), focus goes to the
        first playable card (or the first move button of the panel); a control the player
        moved to inside the hand or panel keeps it (ui/web/ knows where focus is)."""
        self.dom.op("focus-hand", bool(new_turn))

    def toast(self, text: str) -> None:
        self.dom.op("toast", text)

    def clear_toast(self) -> None:
        """No message of an earlier game is left on screen or for a screen reader."""
        self.dom.op("toast", None)

    def show_overlay(self, kind: Overlay, html: str) -> None:
        """A sheet of the page's own over the table: the table opens it (`Table.open`), and its
        effect draws it (`show_sheet`)."""
        self.t.open(kind, html)
        self.app.runner.carry_out()

    def hide_overlay(self) -> None:
        """Whatever sheet is open closes (`Table.close`; its effect: `sheet_closed`)."""
        self.t.close(go_on=False)
        self.app.runner.carry_out()

    def mark_hint(self) -> None:
        """Marks the hinted move's card(s) or panel button with `data-hint`."""
        ev = self.t.hint
        if ev is None:
            return
        self.dom.op("mark-hint", str(ev["move"]))
        self.unput("hand", "panel")  # the marks go with the next render

    def render(self) -> None:
        self.dom.op("keep-focus", True)  # a control of the table with focus keeps it
        self.draw_table()
        if self.t.hint is not None and self.t.can_act():
            self.mark_hint()
        self.dom.op("keep-focus", False)
        self.dom.attr(
            '#bar [data-action="hint"]', "aria-busy", "true" if self.t.hint_busy else "false"
        )
        # the keyboard's way on while a finished trick waits: Enter on the felt
        self.dom.op("felt-tap", _("Tap the table to go on.") if self.t.waiting_for_tap() else None)

    def table_model(self) -> TV.Model:
        """The table's view model (ui/table/view.py), with what only the page knows."""
        run, spec = self.t.lesson_run, self.app.embed.spec
        step = (
            (self.t.step_pos, len(self.t.script), self.t.match.is_over)
            if self.t.step_pos is not None
            else None
        )
        return self.t.model(
            lesson_hint=bool(run is not None and run.step is not None and run.step.hint),
            embed=spec is not None,
            embedded=bool(spec and spec.embed),
            step=step,
            sound_on=self.env.sound_is_on,
            fresh=self.t.fresh and self.flown != self.t.seq,
            lang_html=self.app.lobby.lang_select_html(),
            friends=self.t.at_friends,
        )

    def draw_table(self) -> None:
        m = self.t.match
        if m is None:
            return
        d = self.app.deal
        # text names cards with the letters the cards show (the regional indices or Latin)
        I.use_letters(
            str(self.app.info.get(m.game, {}).get("home_language") or ""),
            self.env.display_settings().get("regional-ranks"),
        )
        model = self.table_model()
        # A new deal's first look: the cards are dealt in (style.css, at most 300 ms), unless
        # at Instant or under reduced motion.
        start = (self.t.placed, self.t.cur)
        if start != self.dealt_shown:
            self.unput()  # a new deal or match: every part is drawn afresh
        dealing = start != self.dealt_shown and not d.moves and self.moving()
        self.dealt_shown = start
        self.dom.op("table-data", TV.table_data(model, self.t.cur, self.t.seq, dealing))
        # the game's home language, for the regional indices (style.css; docs/deck.md)
        self.dom.root("data-home", str(model.gi.get("home_language") or ""))
        if model.can and not self.input_marked:  # the first moment a card can be played
            self.input_marked = True
            self.dom.op("mark", "tt:input")
        html = TV.parts(model)
        self.put("bar", html["bar"])
        self.put("seats", html["seats"])
        self.flown = self.t.seq  # the last play's fly-in animation plays once
        self.dom.op("trick-reset", _("The trick"), _("Your hand"))
        flying = self.put("trick", html["trick"])
        # Once the panel has shown in a deal's phase its place stays (empty, as tall as it
        # was) until the phase ends: the felt keeps its size between the player's turns.
        self.dom.op("panel", html["panel"], f"{self.t.placed}/{self.t.cur}/{d.phase}")
        self.shown_html.pop("panel", None)
        self.dom.text("status", TV.status(model))
        self.put("hand", html["hand"])
        self.dom.attr("#hand", "data-count", str(len(model.hand)))
        self.put("open-hands", html["open-hands"])
        self.dom.attr("#open-hands", "aria-label", _("The other hands"))
        self.dom.hidden("open-hands", not html["open-hands"])
        self.app.embed.draw_lesson()
        if flying:  # measured once every part is written: one layout for the move, not two
            self.dom.op("fly-in", self.moving())

    def put(self, key: str, html: str) -> bool:
        """Sets the table part `key` (an element id) to `html` unless it shows that already:
        a move re-renders only what it changed, so the browser lays out and paints less (no
        frame over 50 ms while the cards move). Whatever changes a part's DOM after it was put
        (a hint's mark, a seat's pulse) calls `unput`. True when the part was set."""
        if self.shown_html.get(key) == html:
            return False
        self.dom.html(key, html)
        self.shown_html[key] = html
        return True

    def unput(self, *keys: str) -> None:
        """The parts `keys` are set again at the next render, whatever they hold."""
        for key in keys or tuple(self.shown_html):
            self.shown_html.pop(key, None)

    def moving(self) -> bool:
        """Whether the table moves: not at Instant, nor when the system asks for reduced
        motion."""
        return self.t.speed != "0" and not self.env.reduce_motion

    def sweep_to(self, winner: int, side: str) -> None:
        """The finished trick slides to the winner's seat and the seat pulses (style.css
        `sweep`, `pulse`: 240 and 300 ms; measured on the main thread)."""
        self.dom.op("sweep", winner, side)
        self.unput("seats")

    def show_sheet(self, e: F.Sheet) -> None:
        """A sheet over the table; focus goes to its first button and comes back where it was
        when the sheet closes (ui/web/)."""
        self.dom.op("overlay", e.kind, e.html)
        if e.say_head:
            word = self.app.gi(self.t.match.game).get("deal_word") if self.t.match else None
            self.dom.op("say-head", R.by_word(TP.OVER, word))

    def sheet_closed(self) -> None:
        """The sheet is gone from the page (and the leave dialog's "Leave" with it)."""
        self.app.controls.drop_leave()
        self.dom.op("overlay", None, "")

    def read_table(self) -> None:
        """The whole situation in words, for the "read the table" key (R)."""
        if self.t.match is not None:
            self.say(SP.table_sentence(self.table_model()))
