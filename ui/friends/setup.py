"""The host's set-up sheet for a table with friends, as HTML (pure): each seat a friend's or a
computer's, then the invite link with its copy button and the notice that the host sees every
hand, the guests' names as they arrive, and "Start". Every name a guest gave is escaped
(`render.esc`): nothing from a peer is HTML.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ui.common.i18n import _
from ui.common.render import esc
from ui.friends import protocol as M
from ui.lobby import view as LW


def _button(action: str, text: str, extra: str = "", cls: str = "btn") -> str:
    return f'<button type="button" class="{cls}" data-action="{action}"{extra}>{esc(text)}</button>'


def seat_kind_text(kind: str) -> str:
    return {
        "host": _("You (the host)"),
        "friend": _("A friend"),
        "computer": _("The computer"),
    }.get(kind, kind)


def plan_html(title: str, names: Sequence[str], plan: Sequence[str], levels: Sequence[str]) -> str:
    """Before the invitation: every seat but the host's, a friend's or a computer's (a tap
    changes it), a computer's with its level (a tap changes it), and the button that opens the
    table to friends."""
    rows = [f'<li data-friends-seat="0">{esc(names[0])}: {esc(seat_kind_text("host"))}</li>']
    for i, kind in enumerate(plan, start=1):
        level = ""
        if kind == "computer":
            level = " " + _button(
                "friends-level",
                LW.level_name(levels[i - 1]),
                f' data-seat="{i}" data-level-of="{esc(levels[i - 1])}"',
                cls="btn small",
            )
        rows.append(
            f'<li data-friends-seat="{i}">{esc(names[i])}: '
            + _button(
                "friends-seat", seat_kind_text(kind), f' data-seat="{i}" data-kind="{esc(kind)}"'
            )
            + level
            + "</li>"
        )
    head = _("Play {game} with friends").format(game=title)
    return (
        f'<section class="friends-setup" data-friends="plan"><h2>{esc(head)}</h2>'
        f'<ul class="friends-seats">{"".join(rows)}</ul>'
        f"<p>{esc(_('The host can see every hand.'))}</p>"
        '<div class="panel-buttons">'
        + _button("friends-invite", _("Invite friends"), cls="btn primary")
        + _button("friends-cancel", _("Cancel"))
        + "</div></section>"
    )


def invite_html(
    title: str,
    link: str | None,
    seats: Sequence[M.SeatInfo],
    error: str | None,
    qr_open: bool = False,
    pairs: Mapping[int, str] | None = None,
) -> str:
    """After the invitation: the link (once the transport is ready) and its copy button, the
    notice, each seat with the name of the guest holding it, and "Start". `pairs`: a seat's
    invitation without a broker (ui/friends/pairing.py `seat_html`), HTML under the seat."""
    head = _("Play {game} with friends").format(game=title)
    if error is not None:
        body = f'<p class="lobby-msg" role="alert" data-friends-error>{esc(error)}</p>'
    elif link is None:
        body = f'<p role="status">{esc(_("Opening the table…"))}</p>'
    else:
        body = (
            f'<p><label for="friends-link">{esc(_("Invite link"))}</label>'
            f'<input id="friends-link" data-friends-link readonly value="{esc(link)}"></p>'
            + _button("friends-copy", _("Copy the link"))
            + share_html(qr_open)
        )
    rows = []
    for s in seats:
        if s.kind == "friend" and s.free:
            who = _("waiting for a friend")
        elif s.kind == "friend" and s.away:
            who = _("{name} (away: the computer plays)").format(name=s.name)
        else:
            who = s.name
        rows.append(
            f'<li data-friends-seat="{s.seat}" data-kind="{esc(s.kind)}">'
            f"{esc(seat_kind_text(s.kind))}: {esc(who)}{(pairs or {}).get(s.seat, '')}</li>"
        )
    return (
        f'<section class="friends-setup" data-friends="invite"><h2>{esc(head)}</h2>{body}'
        f"<p>{esc(_('The host can see every hand.'))}</p>"
        f'<ul class="friends-seats" aria-live="polite">{"".join(rows)}</ul>'
        '<div class="panel-buttons">'
        + _button("friends-start", _("Start"), cls="btn primary")
        + _button("friends-cancel", _("Cancel"))
        + "</div></section>"
    )


def share_html(qr_open: bool) -> str:
    """Beside the invite link: the Share button (drawn hidden: ui/web/invite.js shows it where
    the browser has the system share sheet), the phone's "Show the QR code" toggle (a wide
    screen shows the code at once and hides the toggle: assets/style.css) and the empty box the
    link's QR code is drawn into (ui/web/invite.js, from the `friends-link` operation: the link
    is never written into this HTML a second time)."""
    toggle = _("Hide the QR code") if qr_open else _("Show the QR code")
    expanded = "true" if qr_open else "false"
    return (
        '<div class="friends-share">'
        + _button("friends-share", _("Share the link"), " hidden")
        + _button("friends-qr", toggle, f' aria-expanded="{expanded}" aria-controls="friends-qr"')
        + "</div>"
        f'<div class="friends-qr" id="friends-qr" data-friends-qr data-open="{int(qr_open)}"'
        f' role="img" aria-label="{esc(_("The invite link as a QR code"))}"></div>'
    )


def error_text(reason: str) -> str:
    """The transport's failure (`reason` from the page), for a person."""
    if reason == "no-webrtc":
        return _("Playing with friends needs a browser with WebRTC.")
    if reason == "peer-unavailable":
        return _("This table is not open: ask its host for a new link.")
    if reason == "broker":
        return _("The server that introduces the players cannot be reached.")
    return _("The connection to the other players failed.")


__all__ = ["error_text", "invite_html", "plan_html", "seat_kind_text", "share_html"]
