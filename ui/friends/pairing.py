"""Pairing without a broker: the host's offer in the invite link (`?friends=pair:<code>`), the
guest's answer sent back as a short code that the host pastes in the field of that seat.

A code (made by ui/web/pairing.js) is the few SDP fields a data channel needs as compact text
(`TT1 o|a`, the ICE ufrag and password, the DTLS fingerprint and role, for an answer the ufrag
of the offer it answers, then the candidates), deflate-raw compressed, in base64url. The page
reads every code here before the transport gets it (`read_code`): at most MAX_CODE characters,
unpacked to at most MAX_TEXT bytes, each field of its form; a code that is not one, cut short,
too long, of the other kind, another seat's or used already is refused with a sentence and
changes nothing. Once its channel opens, a paired guest is a guest like any other: the same
`peer`, `msg` and `gone` events, the same checks, protocol and heartbeat (ui/friends/session.py,
guest.py). Pure but for the page's operations; tested under CPython.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from dataclasses import dataclass
from typing import Protocol

from ui.common.i18n import _
from ui.common.render import esc
from ui.friends import setup as V
from ui.friends.host import FriendsTable
from ui.shell.dom import Dom
from ui.shell.parts import Page

PREFIX = "pair:"  # ?friends=pair:<code>
MAX_CODE = 2_000  # characters of a code, read before anything else
MAX_TEXT = 4_000  # bytes a code may unpack to
MAX_CANDIDATES = 16
CODE_CHARS = re.compile(r"[A-Za-z0-9_-]+")
ICE = re.compile(r"[A-Za-z0-9+/]{4,256}")
PWD = re.compile(r"[A-Za-z0-9+/]{22,256}")
FINGERPRINT = re.compile(r"[0-9a-f]{64}")
ADDRESS = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,3}){3}|[0-9A-Fa-f:]{2,39}|[A-Za-z0-9-]{1,63}\.local")
TYPES = frozenset({"host", "srflx", "prflx", "relay"})
ROLES = frozenset({"actpass", "active", "passive"})
LABEL = re.compile(r"pair([1-9])-[0-9]{1,6}")  # a paired guest's label on the host's page


class PairError(ValueError):
    """A code refused; str() says why, for a person."""


@dataclass(frozen=True)
class PairCode:
    """A code read: its `kind` ("o", an offer; "a", an answer), its ICE `ufrag`, the ufrag of
    the offer an answer answers (`reply`) and how many candidates it names."""

    kind: str
    ufrag: str
    reply: str
    candidates: int


def _not_code() -> PairError:
    return PairError(_("This is not a code this game made: copy it again, whole."))


def _port(text: str) -> bool:
    return text.isdigit() and len(text) <= 5 and 0 < int(text) < 65536


def _candidate(text: str) -> bool:
    """A candidate as a code carries it: its type, address and port, and for a relayed or
    reflexive one the address and port it stands for."""
    p = text.split(" ")
    return (
        len(p) in (3, 5)
        and p[0] in TYPES
        and ADDRESS.fullmatch(p[1]) is not None
        and _port(p[2])
        and (len(p) == 3 or (ADDRESS.fullmatch(p[3]) is not None and _port(p[4])))
    )


def unpack(raw: object) -> str:
    """The compact text of a code, bounded: PairError when it is empty, too long, not base64url
    or not deflate-raw (damaged or cut short)."""
    code = raw.strip() if isinstance(raw, str) else ""
    if not code:
        raise PairError(_("There is no code here: paste the whole code."))
    if len(code) > MAX_CODE:
        raise PairError(_("This code is too long to be one this game made."))
    if CODE_CHARS.fullmatch(code) is None:
        raise _not_code()
    whole = code[:-1] if len(code) % 4 == 1 else code  # (a lone last character: no byte)
    try:
        data = base64.urlsafe_b64decode(whole + "=" * (-len(whole) % 4))
        d = zlib.decompressobj(-15)
        out = d.decompress(data, MAX_TEXT + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise _not_code() from None
    if len(out) > MAX_TEXT or d.unconsumed_tail:
        raise PairError(_("This code is too long to be one this game made."))
    if not d.eof:
        raise PairError(_("This code is cut short: copy it again, whole."))
    if d.unused_data:
        raise _not_code()
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        raise _not_code() from None


def read_code(raw: object, expect: str) -> PairCode:
    """A code read as the `expect`ed kind ("o": an invite link's offer; "a": a friend's
    answer); PairError, a sentence for a person, when it is not one."""
    lines = unpack(raw).split("\n")
    if not 7 <= len(lines) <= 6 + MAX_CANDIDATES or lines[0] not in ("TT1 o", "TT1 a"):
        raise _not_code()
    kind = lines[0][-1]
    ufrag, pwd, fp, setup, reply = lines[1:6]
    ok = (
        ICE.fullmatch(ufrag) is not None
        and PWD.fullmatch(pwd) is not None
        and FINGERPRINT.fullmatch(fp) is not None
        and setup in ROLES
        and (ICE.fullmatch(reply) is not None if kind == "a" else reply == "-")
        and all(_candidate(c) for c in lines[6:])
    )
    if not ok:
        raise _not_code()
    if kind != expect and expect == "a":
        raise PairError(
            _(
                "This is an invite link's code, not your friend's answer: "
                "paste the code your friend sends back."
            )
        )
    if kind != expect:
        raise PairError(
            _("This is an answer code: it goes in the host's page, in the field of its seat.")
        )
    return PairCode(kind, ufrag, reply, len(lines) - 6)


def reason_text(reason: str) -> str:
    """The transport's reason a pairing failed (ui/web/pairing.js), for a person."""
    if reason == "no-webrtc":
        return V.error_text("no-webrtc")
    if reason in ("not-code", "garbage", "form", "ice", "dtls", "reply", "candidates"):
        return str(_not_code())
    if reason == "no-streams":
        return _("This browser cannot make or read these codes: open the link in a newer one.")
    if reason == "no-candidates":
        return _("This browser found no network address to offer: check its connection.")
    return _("The connection could not be made: make a new link and try again.")


# ------------------------------------------------------------------------------- the host
@dataclass
class PairSeat:
    """A friend's seat's link without a broker: the transport's `label` for it, its offer's
    `code` and ufrag once made, whether its answer has been pasted (`answered`), whether its
    channel is open, and a refusal to say."""

    label: str
    code: str | None = None
    ufrag: str = ""
    answered: bool = False
    open: bool = False
    error: str | None = None


class Host(Protocol):
    """What the pairing reads of the host's session (ui/friends/session.py)."""

    app: Page
    dom: Dom
    table: FriendsTable | None

    def draw(self) -> None: ...


class Pairing:
    """The host's links without a broker, one a friend's seat (a part of `HostSession`)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.seats: dict[int, PairSeat] = {}
        self.offers: dict[str, int] = {}  # every offer's ufrag made here, and its seat
        self.used: set[str] = set()  # the offers already answered
        self.n = 0

    def reset(self) -> None:
        self.seats.clear()

    def _seat(self, raw: str) -> int | None:
        table = self.host.table
        if table is None or table.started or not raw.isdigit():
            return None
        seat = int(raw)
        return seat if seat in table.friend_seats() else None

    def make(self, raw_seat: str) -> None:
        """ "Invite without a broker" for a seat: a new offer (the last one for that seat, if
        not answered, is dropped)."""
        seat = self._seat(raw_seat)
        if seat is None:
            return
        self.n += 1
        state = PairSeat(f"pair{seat}-{self.n}")
        self.seats[seat] = state
        self.host.dom.op("friends-pair-offer", state.label, {})
        self.host.draw()

    def link(self, seat: int) -> str | None:
        """The seat's invite link without a broker (with its seat and token), once made."""
        state, table = self.seats.get(seat), self.host.table
        if state is None or state.code is None or table is None:
            return None
        env = self.host.app.env
        query = env.query_of(
            {"friends": PREFIX + state.code, "seat": str(seat), "token": table.token(seat)}
        )
        return f"{env.origin}{env.pathname}?{query}"

    def answer(self, raw_seat: str, code: object) -> None:
        """The friend's answer code pasted for a seat: checked, then given to the transport."""
        seat = self._seat(raw_seat)
        state = self.seats.get(seat) if seat is not None else None
        if seat is None or state is None:
            return
        try:
            found = self.check(seat, state, code)
        except PairError as exc:
            state.error = str(exc)
            self.host.draw()
            return
        state.error = None
        state.answered = True
        self.used.add(found.reply)
        self.host.dom.op("friends-pair-accept", state.label, str(code).strip())
        self.host.draw()

    def check(self, seat: int, state: PairSeat, code: object) -> PairCode:
        """An answer code for `seat`'s offer: PairError when it is not one, not for this
        offer, or used already."""
        if state.code is None:
            raise PairError(_("Wait for this seat's link first."))
        found = read_code(code, "a")
        if found.reply in self.used:
            raise PairError(_("This answer has been used already: make a new link for the seat."))
        if found.reply != state.ufrag:
            other = self.offers.get(found.reply)
            if other is not None and other != seat:
                raise PairError(
                    _("This answer is for another seat's link: paste it in that seat's field.")
                )
            raise PairError(
                _("This answer is not for this seat's newest link: send your friend that link.")
            )
        return found

    def on_event(self, what: str, peer: str, text: object, reason: str) -> bool:
        """A pairing event of the transport; whether it was one."""
        seat = next((s for s, st in self.seats.items() if st.label == peer), None)
        state = self.seats.get(seat) if seat is not None else None
        if what == "offer":
            if state is None or seat is None:
                return True
            try:
                found = read_code(text, "o")
            except PairError as exc:
                state.error = str(exc)
            else:
                state.code, state.ufrag = str(text).strip(), found.ufrag
                self.offers[found.ufrag] = seat
        elif what == "pair-error":
            if state is None:
                return True
            state.error = reason_text(reason)
            state.answered, state.code = False, None  # (a new link for the seat)
        elif what in ("peer", "gone") and state is not None:
            state.open = what == "peer"
            if what == "gone":
                state.error = _("The connection was lost: make a new link for the seat.")
            return False  # (the host's session hears it too)
        else:
            return what in ("offer", "pair-error")
        self.host.draw()
        return True

    def rows(self) -> dict[int, str]:
        """Each friend's seat's part of the set-up sheet: the control, the link, the field."""
        table = self.host.table
        if table is None:
            return {}
        return {s: seat_html(s, self.seats.get(s), self.link(s)) for s in table.friend_seats()}


def _button(action: str, text: str, extra: str = "", cls: str = "btn small") -> str:
    return f'<button type="button" class="{cls}" data-action="{action}"{extra}>{esc(text)}</button>'


def seat_html(seat: int, state: PairSeat | None, link: str | None) -> str:
    """A friend's seat's part of the host's set-up sheet: "Invite without a broker", then the
    seat's link (with its copy button) and the field for the friend's answer code."""
    make = _button("friends-pair", _("Invite without a broker"), f' data-seat="{seat}"')
    if state is None:
        return f'<div class="friends-pair" data-friends-pair="{seat}">{make}</div>'
    parts: list[str] = []
    if state.open:
        parts.append(f'<p role="status">{esc(_("Connected without a broker."))}</p>')
    elif state.answered:
        parts.append(f'<p role="status">{esc(_("Connecting…"))}</p>')
    elif link is None and state.error is None:
        parts.append(f'<p role="status">{esc(_("Making the link…"))}</p>')
    elif link is not None:
        box, field = f"friends-pair-link-{seat}", f"friends-pair-answer-{seat}"
        parts.append(
            f'<p><label for="{box}">{esc(_("Link for this seat, without a broker"))}</label>'
            f'<input id="{box}" data-friends-pair-link="{seat}" readonly value="{esc(link)}"></p>'
            + _button("friends-pair-copy", _("Copy the link"), f' data-seat="{seat}"')
            + f'<p><label for="{field}">{esc(_("Your friend’s answer code"))}</label>'
            f'<input id="{field}" data-friends-pair-answer="{seat}" data-typed autocomplete="off"'
            ' spellcheck="false" autocapitalize="off"></p>'
            + _button(
                "friends-pair-answer",
                _("Connect"),
                f' data-seat="{seat}" data-field="{field}"',
                cls="btn primary small",
            )
        )
    if state.error is not None:
        parts.append(
            f'<p class="lobby-msg" role="alert" data-friends-pair-error="{seat}">'
            f"{esc(state.error)}</p>"
        )
    if state.open or state.error is not None and (state.answered or link is None):
        parts.append(make)  # (a new link for the seat)
    return f'<div class="friends-pair" data-friends-pair="{seat}">{"".join(parts)}</div>'


__all__ = [
    "LABEL",
    "MAX_CODE",
    "MAX_TEXT",
    "PREFIX",
    "PairCode",
    "PairError",
    "PairSeat",
    "Pairing",
    "read_code",
    "reason_text",
    "seat_html",
    "unpack",
]
