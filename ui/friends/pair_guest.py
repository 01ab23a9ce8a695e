"""A guest's page opened with a link without a broker (`?friends=pair:<code>`, and the seat
and its token): the host's offer read (`pairing.read_code`), the page's answer made by the
transport (ui/web/pairing.js) and shown as a code to send back to the host, with its copy
button; once the host has pasted it and the channel is open, the page is a guest's like any
other (ui/friends/guest.py). A code that is not an invite link's is said in a sentence, and
nothing is started.
"""

from __future__ import annotations

import asyncio

from ui.common.i18n import _
from ui.common.render import esc
from ui.friends import pairing as PG
from ui.friends import protocol as M
from ui.friends.guest import GuestSession
from ui.shell.parts import Page

COPY = "friends-answer-copy"
LEAVE = "friends-leave"


class PairGuest(GuestSession):
    """A guest joined without a broker (a part of the page's `Friends`)."""

    def __init__(self, app: Page, code: str, seat: int | None, token: str | None) -> None:
        super().__init__(app, "pair", seat, token)
        self.code = code
        self.answer: str | None = None  # the answer code, once made
        self.refusal: str | None = None  # why the link's code cannot be used
        self.opened = False  # the channel to the host is open
        try:
            PG.read_code(code, "o")
        except PG.PairError as exc:
            self.refusal = str(exc)

    def join(self) -> None:
        if self.refusal is None:
            self.dom.op("friends-pair-join", self.code, {})
        self.draw_answer()

    def kept(self) -> tuple[int, str] | None:
        return None  # (the link names the seat and its token)

    def keep(self, seat: int, token: str) -> None:
        return  # (a new link is needed to come back: no broker finds this host again)

    def keep_trying(self) -> None:
        return  # (no broker to find the host again)

    def on_event(self, ev: M.Event) -> None:
        if ev.what == "answer" and ev.peer == "host" and self.answer is None:
            text = ev.text if isinstance(ev.text, str) else ""
            if 0 < len(text) <= PG.MAX_CODE:
                self.answer = text
            else:
                self.refusal = PG.reason_text("other")
            self.draw_answer()
        elif ev.what == "pair-error" and not self.opened:
            self.refusal = PG.reason_text(ev.reason)
            self.draw_answer()
        elif ev.what == "peer" and ev.peer == "host" and not self.opened and not self.left:
            self.opened = True
            self.heard = self.clock()
            self.show_text(_("Joining the table…"))
            asyncio.ensure_future(self.heartbeat())
        elif self.opened:
            super().on_event(ev)

    def host_gone(self) -> None:
        """The host's channel lost: said as a guest's page says it, but without a broker only
        a new link from the host brings this page back."""
        self.paused = True
        self.notice = self.closed or _(
            "The host has left. Without a broker, only a new link from the host brings you back."
        )
        if self.state is None:
            self.show_text(self.notice)
        else:
            self.draw()

    def leave(self) -> None:
        if self.opened:
            super().leave()
            return
        self.left = True
        self.dom.friends_drop("host")

    def action(self, what: str) -> bool:
        if what == COPY:
            asyncio.ensure_future(self.copy())
            return True
        return super().action(what)

    async def copy(self) -> None:
        if self.answer is None:
            return
        how = await self.app.env.ask("copy", self.answer, "[data-friends-answer-code]")
        if how == "none":
            self.app.felt.toast(_("Select the code and copy it."))

    def draw_answer(self) -> None:
        """The page until the channel opens: the answer code to send back, or why not."""
        if self.opened:
            return
        self.dom.hidden("table", True)
        self.dom.hidden("lobby", False)
        self.dom.html("lobby", answer_html(self.answer, self.refusal))


def answer_html(answer: str | None, refusal: str | None) -> str:
    """A guest's page joining without a broker: its answer code and copy button (or that it is
    being made, or why the link cannot be used), and the way back to the lobby."""
    head = _("Join a table without a broker")
    back = (
        f'<button type="button" class="btn" data-action="{LEAVE}">'
        f"{esc(_('Back to the lobby'))}</button>"
    )
    if refusal is not None:
        body = f'<p class="lobby-msg" role="alert" data-friends-pair-refused>{esc(refusal)}</p>'
    elif answer is None:
        body = f'<p role="status">{esc(_("Making your answer code…"))}</p>'
    else:
        body = (
            f"<p>{esc(_('Send this code back to the host, who pastes it in their page.'))}</p>"
            f'<p><label for="friends-answer-code">{esc(_("Your answer code"))}</label>'
            f'<textarea id="friends-answer-code" data-friends-answer-code readonly rows="8">'
            f"{esc(answer)}</textarea></p>"
            '<div class="panel-buttons">'
            f'<button type="button" class="btn primary" data-action="{COPY}">'
            f"{esc(_('Copy the code'))}</button>{back}</div>"
            f'<p role="status">{esc(_("The table opens here once the host has pasted it."))}</p>'
        )
        back = ""
    return (
        f'<section class="friends-setup" data-friends="pair-answer"><h2>{esc(head)}</h2>'
        f"{body}{back}</section>"
    )


__all__ = ["COPY", "PairGuest", "answer_html"]
