"""Playing with friends on the page: the host's side (`session.HostSession`) or, on a page
opened with `?friends=<host's id>`, the guest's (`guest.GuestSession`); the transport's
`friends` events (ui/shell/host.py), the set-up sheet's controls and a guest's taps come here.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

from engine.core import Match
from ui.friends import felt as GF
from ui.friends import pairing as PG
from ui.friends import protocol as M
from ui.friends.guest import GuestSession
from ui.friends.pair_guest import PairGuest
from ui.friends.session import HostSession
from ui.shell.parts import Page

BROKER_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # a broker's id, as PeerJS gives them
ACTIONS = (
    "friends",
    "friends-seat",
    "friends-level",
    "friends-invite",
    "friends-copy",
    "friends-share",
    "friends-qr",
    "friends-start",
    "friends-cancel",
    "friends-leave",
    "friends-pair",
    "friends-pair-copy",
    "friends-pair-answer",
    "friends-answer-copy",
)


class Friends:
    """The page's part for tables with friends (held as `App.friends`)."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.host = HostSession(app)
        self.guest: GuestSession | None = None

    def open_address(self, raw: dict[str, str]) -> bool:
        """A page opened with `?friends=<id>` (and `&seat=N&token=T`) joins that table as a
        guest; an id that is not one is said, and the lobby shows. Whether it is a guest."""
        if "friends" not in raw:
            return False
        host = raw["friends"]
        if host.startswith(PG.PREFIX):
            return self.open_pairing(raw)
        if not BROKER_ID.fullmatch(host):
            return False
        seat_text, token = raw.get("seat", ""), raw.get("token")
        seat = int(seat_text) if seat_text.isdigit() and 0 < int(seat_text) < 10 else None
        if token is not None and not M.TOKEN_CHARS.fullmatch(token):
            token = None
        self.guest = GuestSession(self.app, host, seat if token is not None else None, token)
        self.guest.join()
        return True

    def open_pairing(self, raw: dict[str, str]) -> bool:
        """A page opened with a link without a broker (`?friends=pair:<code>&seat=N&token=T`):
        the guest's answer code to send back, or why the code cannot be used."""
        seat_text, token = raw.get("seat", ""), raw.get("token")
        seat = int(seat_text) if seat_text.isdigit() and 0 < int(seat_text) < 10 else None
        if token is not None and not M.TOKEN_CHARS.fullmatch(token):
            token = None
        code = raw["friends"][len(PG.PREFIX) :]
        self.guest = PairGuest(self.app, code, seat if token is not None else None, token)
        self.guest.join()
        return True

    def on_event(self, msg: dict[str, Any]) -> None:
        """A `friends` event of the transport (ui/web/)."""
        ev = M.read_event(msg)
        if self.guest is not None:
            self.guest.on_event(ev)
        elif self.host.pairing.on_event(ev.what, ev.peer, ev.text, ev.reason):
            pass  # a link without a broker made, or refused (ui/friends/pairing.py)
        else:
            self.host.on_event(ev)

    def action(self, what: str, attrs: dict[str, str]) -> bool:
        """A control of the set-up sheet (`data-action="friends..."`); whether it was one."""
        h = self.host
        if what == "friends":
            h.open_setup()
        elif what == "friends-seat":
            h.toggle(str(attrs.get("data-seat") or ""))
        elif what == "friends-level":
            h.cycle_level(str(attrs.get("data-seat") or ""))
        elif what == "friends-invite":
            h.invite()
        elif what == "friends-copy":
            asyncio.ensure_future(h.copy())
        elif what == "friends-share":
            asyncio.ensure_future(h.share())
        elif what == "friends-qr":
            h.toggle_qr()
        elif what == "friends-start":
            h.start()
        elif what == "friends-cancel":
            h.cancel()
        elif what == "friends-pair":
            h.pairing.make(str(attrs.get("data-seat") or ""))
        elif what == "friends-pair-copy":
            asyncio.ensure_future(h.copy_pair(str(attrs.get("data-seat") or "")))
        elif what == "friends-pair-answer":
            h.pairing.answer(str(attrs.get("data-seat") or ""), attrs.get("data-field-value"))
        elif what == "friends-leave" and self.guest is not None:
            self.guest.leave()
            self.guest = None
            self.app.env.set_history("lobby", self.app.env.pathname)
            self.app.open_page("")
        elif self.guest is not None and self.guest.action(what):
            pass  # a control of the guest's table (ui/friends/felt.py)
        else:
            return False
        return True

    def click(self, attrs: dict[str, str]) -> bool:
        """A guest's tap on a card or a move (sent to the host); whether it was one."""
        g = self.guest
        if g is not None and attrs.get("data-action") == GF.CLOSE:
            return g.action(GF.CLOSE)  # a guest's sheet closed (ui/friends/felt.py)
        if g is None or not ("data-card" in attrs or "data-move" in attrs):
            return False
        return g.click(attrs)

    def sync(self) -> None:
        """After every event of the host's table: every guest its state, if it changed."""
        self.host.sync()

    def kept(self, match: Match) -> object | None:
        """What the save of `match` keeps to open its table with friends again: the host's
        table now (ui/friends/kept.py), else what the match's save had (a table not opened
        again yet), else None."""
        now = self.host.kept(match)
        return now if now is not None else match.friends


__all__ = ["ACTIONS", "BROKER_ID", "Friends"]
