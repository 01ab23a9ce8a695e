"""The host's page at a table played with friends: the set-up sheet, the transport's events
in, `FriendsTable.receive` and its verdicts applied to the page's own table, every guest sent
its `view_for(seat)` after each change, the computer playing a seat whose guest is away, and
the heartbeat (`HostPing` about once a second, `sweep`).

The match is the page's table's (ui/table/table.py): a guest's accepted move is played there
as the computer's would be, so the host sees it, says it and saves it as any move. The seats a
guest holds and speaks for are the table's `pace.remote`: the computer is not asked for them.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from engine.core import Match
from ui.common.i18n import _, error_text
from ui.friends import kept as K
from ui.friends import peers as P
from ui.friends import protocol as M
from ui.friends import setup as V
from ui.friends.host import Accepted, Computer, Friend, FriendsTable, Verdict
from ui.friends.pairing import Pairing
from ui.shell.parts import Page

BEAT = 1.0  # seconds between the host's heartbeats (and its sweeps for silent guests)


class HostSession:
    """The host's side of a table with friends (a part of the page's `Friends`)."""

    def __init__(self, app: Page, clock: Callable[[], float] = time.monotonic) -> None:
        self.app = app
        self.dom = app.dom
        self.clock = clock
        self.match: Match | None = None  # the match being set up
        self.plan: list[str] = []  # "friend" or "computer" for seats 1, 2, ...
        self.levels: list[str] = []  # the computer's level for seats 1, 2, ...
        self.table: FriendsTable | None = None
        self.broker: str | None = None  # this page's broker id, once the transport is open
        self.error: str | None = None
        self.sent: dict[str, str] = {}  # each guest's peer and the last state it was sent
        self.beating = False
        self.qr_open = False  # the phone's "Show the QR code" (a wide screen shows it anyway)
        self.qr_reveal = False  # the code just shown: scrolled into view once drawn
        self.pairing = Pairing(self)  # the links without a broker (ui/friends/pairing.py)

    @property
    def active(self) -> bool:
        return self.table is not None

    # ------------------------------------------------------------------------- the set-up
    def open_setup(self) -> None:
        """The lobby's "Play with friends": the match the lobby would deal, its seats to plan
        (a match in progress kept for Forward is lost: asked first, as "Deal the cards" asks)."""
        self.app.lobby.read_lobby()
        p = self.app.paused
        if p is not None and not p.match.is_over:
            self.app.controls.ask_leave(
                _("Start a new match?"),
                _("Your match in progress will be lost."),
                _("Start the new match"),
                self.plan_table,
                cancel=_("Cancel"),
            )
        else:
            self.plan_table()

    def plan_table(self) -> None:
        lobby = self.app.lobby
        lobby.read_lobby()
        try:
            match = lobby.c.new_match()
        except ValueError as exc:
            lobby.lobby_error(_("Cannot start: {reason}").format(reason=error_text(exc)))
            return
        self.match = match
        self.plan = ["friend"] + ["computer"] * (match.players - 2)
        self.levels = [self.app.t.level] * (match.players - 1)
        self.table, self.broker, self.error, self.sent = None, None, None, {}
        self.qr_open = False
        self.pairing.reset()
        self.draw()

    def toggle(self, seat: str) -> None:
        """A seat of the plan changes between a friend's and a computer's."""
        if self.table is not None or not seat.isdigit() or not 0 < int(seat) <= len(self.plan):
            return
        i = int(seat) - 1
        self.plan[i] = "computer" if self.plan[i] == "friend" else "friend"
        self.draw()

    def cycle_level(self, seat: str) -> None:
        """A computer seat's level changes to the next one (easy, normal, strong)."""
        if self.table is not None or not seat.isdigit() or not 0 < int(seat) <= len(self.plan):
            return
        order = list(self.app.levels)
        i = int(seat) - 1
        now = self.levels[i]
        self.levels[i] = order[(order.index(now) + 1) % len(order)] if now in order else order[0]
        self.draw()

    def host_name(self) -> str:
        return self.app.t.player_name or _("Host")

    def invite(self) -> None:
        """The table opens to friends: its seats fixed, the transport started."""
        if self.match is None or self.table is not None:
            return
        seats = [
            Friend(level) if k == "friend" else Computer(level)
            for k, level in zip(self.plan, self.levels, strict=True)
        ]
        self.table = FriendsTable(self.match, seats, self.host_name())
        self.dom.friends_host({})
        self.draw()

    def link(self) -> str | None:
        if self.broker is None:
            return None
        env = self.app.env
        return f"{env.origin}{env.pathname}?{env.query_of({'friends': self.broker})}"

    def draw(self) -> None:
        """The set-up sheet in the lobby's place (until the match starts)."""
        m = self.match
        if m is None or (self.table is not None and self.table.started):
            return
        title = str(self.app.gi(m.game)["title"])
        if self.table is None:
            names = [self.host_name(), *self.app.gi(m.game)["seat_names"][1 : m.players]]
            html = V.plan_html(title, names, self.plan, self.levels)
        else:
            html = V.invite_html(
                title,
                self.link(),
                self.table.seat_infos(),
                self.error,
                self.qr_open,
                self.pairing.rows(),
            )
        self.dom.html("lobby", html)
        self.draw_link()

    async def copy(self) -> None:
        link = self.link()
        if link is None:
            return
        how = await self.app.env.ask("copy", link, "[data-friends-link]")
        if how == "none":
            self.app.felt.toast(_("Select the link and copy it."))

    def draw_link(self) -> None:
        """The invite sheet just drawn shows the link: its QR code and Share button follow
        (ui/web/invite.js, which takes the link as the operation's argument)."""
        link = self.link()
        reveal, self.qr_reveal = self.qr_reveal, False
        if self.table is not None and self.error is None and link is not None:
            self.dom.op("friends-link", link, *([True] if reveal else []))

    def toggle_qr(self) -> None:
        """The phone's "Show the QR code" / "Hide the QR code"."""
        if self.table is None or self.table.started or self.link() is None:
            return
        self.qr_open = not self.qr_open
        self.qr_reveal = self.qr_open
        self.draw()
        self.dom.op("focus", '[data-action="friends-qr"]')

    async def share(self) -> None:
        """The system share sheet with the link; cancelled by the person, nothing is said;
        failed (or no share sheet after all), the link is copied instead, and said."""
        link, m = self.link(), self.match
        if link is None or m is None:
            return
        game = str(self.app.gi(m.game)["title"])
        title = _("Play {game} with friends").format(game=game)
        text = _("Join my table of {game}: open the link to take a seat.").format(game=game)
        how = await self.app.env.ask("friends-share", title, text, link)
        if how in ("shared", "cancelled"):
            return
        copied = await self.app.env.ask("copy", link, "[data-friends-link]")
        if copied in ("clipboard", "selection"):
            self.app.felt.toast(_("The link could not be shared, so it was copied instead."))
        else:
            self.app.felt.toast(_("The link could not be shared: select it and copy it."))

    async def copy_pair(self, seat: str) -> None:
        """A seat's link without a broker copied (ui/friends/pairing.py)."""
        link = self.pairing.link(int(seat)) if seat.isdigit() else None
        if link is None:
            return
        how = await self.app.env.ask("copy", link, f'[data-friends-pair-link="{int(seat)}"]')
        if how == "none":
            self.app.felt.toast(_("Select the link and copy it."))

    def cancel(self) -> None:
        """The set-up is dropped: every connection closed, the lobby again."""
        if self.table is not None:
            self.dom.friends_drop("*")
        self.match, self.table, self.broker, self.sent = None, None, None, {}
        self.pairing.reset()
        self.app.lobby.show_lobby()

    def start(self) -> None:
        """ "Start": the match on the page's table, the guests' moves let through."""
        table, t, app = self.table, self.app.t, self.app
        if table is None or table.started:
            return
        table.start()
        app.felt.hide_overlay()
        t.put(table.match, 0)
        t.pace.friends_match = table.match
        t.pace.levels = {s: table.level(s) for s in range(1, table.match.players)}
        app.lobby.c.dealt(table.match)
        t.arrange(away=set())
        app.set_paused(None)
        self.dom.op("show-table", True)
        self.seats_changed(kick=False)
        app.felt.render()
        app.saves.save()
        app.runner.kick()
        if not self.beating:
            self.beating = True
            asyncio.ensure_future(self.heartbeat())

    # ------------------------------------------------------------------------- coming back
    def kept(self, match: Match) -> dict[str, object] | None:
        """What opens this table again, kept with the save of `match` (ui/friends/kept.py):
        None unless `match` is this started table's and its transport has its id."""
        table = self.table
        if table is None or table.match is not match or not table.started or self.broker is None:
            return None
        return K.kept_data(table, self.broker)

    def reopen(self, match: Match) -> None:
        """The host's saved match put back on the page's table (a reload, the lobby's
        continue): its table with friends again, as its save kept it, with the same broker id
        (the guests' links reach it), the seats waiting for their guests (the computer plays
        each until its guest is back with its token). What was kept but cannot be read is
        said, and the match goes on without friends."""
        if self.table is not None and self.table.match is match:
            return  # (the table never went: the lobby and back)
        raw = match.friends
        if raw is None:
            return
        try:
            kept = K.read_kept(raw, match, list(self.app.levels))
        except K.KeptError as exc:
            match.friends = None
            self.app.felt.toast(
                _("The table with friends cannot be opened again: {reason}.").format(reason=exc)
                + " "
                + _("The match goes on with the computer.")
            )
            return
        if self.table is not None:
            self.dom.friends_drop("*")  # (another table's transport)
        table = K.table_of(kept, match, self.host_name())
        table.expect_back(self.clock() + P.BACK_WITHIN)
        self.match, self.table, self.error, self.sent = match, table, None, {}
        self.broker = None  # (until the transport says it has the id again)
        self.plan = [x.kind for x in kept.seats]
        self.levels = [x.level for x in kept.seats]
        pace = self.app.t.pace
        pace.friends_match = match
        pace.levels = {s: table.level(s) for s in range(1, match.players)}
        pace.remote = frozenset()
        self.dom.friends_host({"id": kept.broker})
        self.seats_changed(kick=False)
        if not self.beating:
            self.beating = True
            asyncio.ensure_future(self.heartbeat())

    def say_error(self) -> None:
        """The transport failed once the match has started (the broker lost, or a reopened
        table's id never free again): said to the host, whose set-up sheet is gone."""
        if self.table is not None and self.table.started and self.error is not None:
            self.app.felt.toast(self.error)

    # ------------------------------------------------------------------------- the transport
    def on_event(self, ev: M.Event) -> None:
        table, what = self.table, ev.what
        if what == "open":
            self.broker = ev.id or None
            if table is not None and table.started:  # (a table opened again: its guests can
                table.expect_back(self.clock() + P.BACK_WITHIN)  # reach it from now on)
                self.seats_changed()
            self.draw()
            return
        if what == "error":
            self.error = V.error_text(ev.reason or "other")
            self.draw()
            self.say_error()
            return
        if table is None:
            return
        peer = ev.peer
        if not peer or peer == "host":
            return
        now = self.clock()
        if what == "peer":
            self.send(peer, table.connect(peer, now))
        elif what == "msg":
            self.apply(peer, table.receive(peer, ev.text, now))
        elif what == "gone":
            self.sent.pop(peer, None)
            if table.drop(peer):
                self.seats_changed()

    def send(self, peer: str, message: M.HostMessage) -> None:
        self.dom.friends_send(peer, M.encode(message))

    def apply(self, peer: str, v: Verdict) -> None:
        """A verdict carried out: its replies, a move played, the seats told, peers dropped."""
        for reply in v.replies:
            self.send(peer, reply)
            if isinstance(reply, M.State):
                self.sent[peer] = M.encode(reply)
        if v.close:
            self.sent.pop(peer, None)
            self.dom.friends_drop(peer)
        for other in v.drop:
            self.sent.pop(other, None)
            self.dom.friends_drop(other)
        if v.accepted is not None:
            self.play(v.accepted)
        if v.changed:
            self.seats_changed()

    def play(self, accepted: Accepted) -> None:
        """A guest's move, checked by `FriendsTable`, played on the page's table."""
        t = self.app.t
        table = self.table
        if table is None or t.match is not table.match or accepted.sid != table.sid:
            return

        def act() -> None:
            t.pace.halt()  # a finished trick's show, or the computer asked: over
            t.end_show()
            t.apply(accepted.move)
            t.advance()

        self.app.runner.event(act)

    # ------------------------------------------------------------------------- what is sent
    def seats_changed(self, kick: bool = True) -> None:
        """A guest came, left or came back: the names and the seats away on the table, the
        computer asked for a seat no guest speaks for now, every guest its state."""
        table, t = self.table, self.app.t
        if table is None:
            return
        now = self.clock()
        if not table.started:
            self.draw()
            self.sync()
            return
        m = table.match
        m.seat_names = table.names()
        remote = {s for s in table.friend_seats() if not table.computer_plays(s, now)}
        was = t.pace.remote
        t.pace.remote = frozenset(remote)
        t.arrange(away=(set(t.away) & {0}) | {s for s in table.friend_seats() if s not in remote})
        to_move = m.deal.to_move if t.match is m else None
        if kick and to_move in was and to_move not in remote:
            self.app.runner.kick()  # (it sends every guest its state, too)
        else:
            self.app.felt.render()
            self.sync()

    def sync(self) -> None:
        """Every guest its state, when it changed since the last one it was sent (after every
        event of the page's table, ui/shell/runner.py)."""
        table, t = self.table, self.app.t
        if table is None:
            return
        m = table.match
        table.hold = t.match is not m or t.cur != len(m.deals) - 1 or t.overlay is not None
        for seat, peer in table.guests().items():
            text = M.encode(table.view_for(seat))
            if self.sent.get(peer) != text:
                self.sent[peer] = text
                self.dom.friends_send(peer, text)

    async def heartbeat(self) -> None:
        """About once a second: every guest a ping, and the seats gone silent swept (the
        computer plays them)."""
        while self.table is not None and self.table.started:
            await asyncio.sleep(BEAT)
            table = self.table
            if table is None:
                break
            ping = M.encode(M.HostPing())
            for peer in table.guests().values():
                self.dom.friends_send(peer, ping)
            if table.sweep(self.clock()):
                self.seats_changed()
        self.beating = False


__all__ = ["BEAT", "HostSession"]
