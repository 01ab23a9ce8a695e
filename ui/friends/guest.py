"""A guest's page at a table played with friends (opened with `?friends=<host's id>`): it joins
the host, says hello with its name and a seat (the link's or the one its browser kept, with
the seat's token, else the first free one), then draws the table from the last `State` the
host sent, and only from it. A tap on a legal card or a move's button is sent as a `Move`
request with the state id; the host may refuse it (said as plain text). Every message of the
host is checked (`protocol.parse_host`): one that is not a message changes nothing. If the
host goes, the page says the table is paused.

The table is drawn with the felt's own pieces (ui/table/pieces.py) from the seat's view, the
guest's seat at the bottom.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import engine
from ui.common import render as R
from ui.common.i18n import _, game_info, ngettext, pgettext
from ui.friends import felt as GF
from ui.friends import protocol as M
from ui.friends import setup as V
from ui.shell.parts import Page
from ui.table import pieces as TP
from ui.table import view as TV

KEY = "trick-table/friends"  # each host id's seat and token (localStorage: the page reads
# back only the keys under "trick-table/", ui/web/main.js)
BEAT = 1.0  # seconds between the guest's heartbeats
HOST_SILENT = 4.0  # seconds without a word from the host before the table is said paused
REJOIN = 3.0  # seconds between a paused guest's tries to join its host again


class GuestSession:
    """The guest's side of a table with friends (a part of the page's `Friends`)."""

    def __init__(
        self,
        app: Page,
        host: str,
        seat: int | None = None,
        token: str | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.app, self.dom, self.clock = app, app.dom, clock
        self.host = host
        self.want: int | None = seat
        self.token = token
        self.seat: int | None = None
        self.lobby: dict[str, Any] | None = None
        self.state: dict[str, Any] | None = None
        self.said_hello = False
        self.selection: list[str] = []
        self.notice: str | None = None  # a sentence on the table's status line
        self.heard = clock()
        self.paused = False
        self.closed: str | None = None  # the host stopped listening to this page, and why
        self.left = False  # the guest left the table
        self.tried: set[int] = set()  # the seats asked for and refused
        self.trying = False  # the host is asked again (`rejoin`) while the table is paused
        self.sheet: str | None = None  # the guest's sheet open ("summary", "over", ...)
        self.summed = 0  # the last deal whose summary was shown
        self.asked: Asked | None = None  # the last move asked for, not yet answered
        self.lost_touch = False  # the host went since that move was asked for

    # ------------------------------------------------------------------------- joining
    def join(self) -> None:
        kept = self.kept()
        if self.token is None and kept is not None:
            self.want, self.token = kept
        self.dom.friends_join(self.host, {})
        self.show_text(_("Joining the table…"))
        asyncio.ensure_future(self.heartbeat())

    def kept(self) -> tuple[int, str] | None:
        """The seat and token this browser kept for this host, if any."""
        try:
            data = json.loads(self.app.env.read_key(KEY) or "{}")
            seat, token = data[self.host]
        except Exception:  # noqa: BLE001 (nothing kept, or not readable: a free seat)
            return None
        if isinstance(seat, int) and isinstance(token, str) and M.TOKEN_CHARS.fullmatch(token):
            return seat, token
        return None

    def keep(self, seat: int, token: str) -> None:
        try:
            data = json.loads(self.app.env.read_key(KEY) or "{}")
            if not isinstance(data, dict):
                data = {}
            data[self.host] = [seat, token]
            self.app.env.write_key(KEY, json.dumps(data))
        except Exception:  # noqa: BLE001 (storage off: the link brings the seat back)
            return

    def name(self) -> str:
        return self.app.t.player_name or _("Guest")

    def send(self, data: dict[str, Any]) -> None:
        self.dom.friends_send("host", json.dumps({"v": M.VERSION, **data}))

    # ------------------------------------------------------------------------- the host's
    def on_event(self, ev: M.Event) -> None:
        what = ev.what
        if what == "msg" and ev.peer == "host":
            try:
                data = M.parse_host(ev.text)
            except M.PeerError:
                return  # not a message of the host's: nothing changes
            self.heard = self.clock()
            if self.paused:
                self.paused = False
                self.notice = None
            self.take(data)
        elif what == "error" and self.state is None:
            self.show_text(V.error_text(ev.reason))  # (no table yet: why it cannot be joined)
        elif what == "gone" and ev.peer == "host" or what == "error":
            self.host_gone()

    def host_gone(self) -> None:
        self.paused = True
        self.lost_touch = True
        self.notice = self.closed or _(
            "The host has left: the table is paused until the host comes back."
        )
        if self.state is None:
            self.show_text(self.notice)
        else:
            self.draw()
        self.keep_trying()

    def keep_trying(self) -> None:
        """While the table is paused, the host is asked again every REJOIN seconds (its page,
        reopened, has the same broker id)."""
        if self.trying or self.left or self.closed is not None or self.seat is None:
            return
        self.trying = True
        asyncio.ensure_future(self.rejoin())

    async def rejoin(self) -> None:
        """Joins the host again until it answers: then the lobby it sends is answered with a
        hello for this guest's seat, with its token (`take`)."""
        try:
            while self.paused and not self.left and self.closed is None:
                await asyncio.sleep(REJOIN)
                if not self.paused or self.left or self.closed is not None:
                    break
                self.said_hello = False
                self.dom.friends_join(self.host, {})
        finally:
            self.trying = False

    def take(self, data: dict[str, Any]) -> None:
        kind = data["type"]
        if kind == "lobby":
            self.lobby = data
            if not self.said_hello:
                self.hello()
        elif kind == "welcome":
            self.seat, self.token = int(data["seat"]), str(data["token"])
            self.keep(self.seat, self.token)
        elif kind == "state" and self.seat is not None:
            self.answer_to_move(data)
            if self.state is None or data.get("view", {}).get("phase") != self.state.get(
                "view", {}
            ).get("phase"):
                self.selection = []
            self.state = data
            self.notice = None
            self.draw()
            self.show_sheets()
        elif kind in ("refused", "closed"):
            self.asked = None  # (a refusal answers the move asked, if any)
            self.app.felt.toast(str(data["text"]))  # (text, never HTML: the toast's textContent)
            if kind == "closed":
                self.closed = str(data["text"])
            if kind == "refused" and data.get("code") in ("taken", "token", "seat"):
                if self.want is not None:
                    self.tried.add(self.want)
                self.said_hello = False
                self.token = None
                self.want = None
                if self.lobby is not None:
                    self.hello()

    def hello(self) -> None:
        """The seat asked for: the kept or linked one, else the first free friend's seat."""
        lobby = self.lobby
        assert lobby is not None
        free = [
            s["seat"]
            for s in lobby["seats"]
            if s.get("kind") == "friend" and s.get("free") and s["seat"] not in self.tried
        ]
        seat = self.want if self.want is not None else (free[0] if free else None)
        if seat is None:
            self.show_text(_("No seat is free at this table."))
            return
        self.want = seat
        data: dict[str, Any] = {"type": "hello", "seat": seat, "name": self.name()}
        if self.token is not None:
            data["token"] = self.token
        self.said_hello = True
        self.send(data)

    def leave(self) -> None:
        """The guest leaves: the host is told (its seat stays its own: the link, or this
        browser, brings it back), the connection closed, the lobby shown."""
        self.left = True
        self.close_sheet()
        self.send({"type": "leave"})
        self.dom.friends_drop("host")

    async def heartbeat(self) -> None:
        while not self.left:
            await asyncio.sleep(BEAT)
            self.send({"type": "ping"})
            if not self.paused and self.clock() - self.heard > HOST_SILENT:
                self.host_gone()

    # ------------------------------------------------------------------------- taps
    def click(self, attrs: dict[str, str]) -> bool:
        """A tap at the guest's table: a card or a move, sent to the host when it is legal."""
        st = self.state
        if st is None:
            return True
        legal = [str(m) for m in st["legal"]]
        move: str | None = None
        if "data-move" in attrs and "disabled" not in attrs:
            asked = str(attrs["data-move"])
            move = TV.selection_move(legal, self.selection) if asked == "confirm" else asked
        elif "data-card" in attrs:
            card = str(attrs["data-card"])
            if card in legal:
                move = card
            elif card in self.selection:
                self.selection.remove(card)
            elif card in TV.candidate_cards(legal, self.selection):
                self.selection.append(card)
        if move is not None and move in legal:
            self.selection = []
            self.ask(st, move)
        self.draw()
        return True

    # ------------------------------------------------------------------------- a move asked
    def ask(self, st: dict[str, Any], move: str) -> None:
        """`move` asked of the host in the state `st`, remembered until it is answered (a state
        of another id, or a refusal): a host that goes and comes back without it is asked
        again (`answer_to_move`)."""
        seat = self.seat
        if seat is None:
            return
        self.asked = Asked(int(st["sid"]), move, seat, position(st))
        self.lost_touch = False
        self.send({"type": "move", "sid": st["sid"], "move": move})

    def answer_to_move(self, st: dict[str, Any]) -> None:
        """A state of the host, before it is drawn: whether it answers the move asked. Once
        the host has gone and come back, a state at the same position (the same moves so far,
        deal, phase, seat to move, tricks taken and cards on the table), with this seat to
        move and the move still legal, means the move never reached the table: it is asked
        again by itself (the host checks it as any move); any other state drops it.
        Without the host gone, a state of another id answers it."""
        asked = self.asked
        if asked is None:
            return
        if not self.lost_touch:
            if st["sid"] != asked.sid:
                self.asked = None
            return
        self.lost_touch = False
        self.asked = None
        view = st["view"]
        if (
            view.get("to_move") == asked.seat == self.seat
            and position(st) == asked.at
            and asked.move in [str(m) for m in st["legal"]]
        ):
            self.ask(st, asked.move)

    # ------------------------------------------------------------------------- sheets
    def show_sheets(self) -> None:
        """A deal over: its summary while the host reads its own, until the next deal's state
        comes (the host has gone on: never over the guest's turn); the match over: its last
        deal's summary, then its result."""
        st, seat = self.state, self.seat
        if st is None or seat is None:
            return
        n = int(st.get("deal_number") or 1)
        last = st.get("last")
        if st.get("match_over") and self.summed < n:
            self.summed = n
            self.open_sheet(
                "summary", lambda f: GF.summary_html(f.view, n, st, f.gi, f.names, seat)
            )
        elif isinstance(last, dict) and self.summed < n - 1 and st.get("hold"):
            self.summed = n - 1
            self.open_sheet(
                "summary", lambda f: GF.summary_html(last, n - 1, st, f.gi, f.names, seat), last
            )
        elif self.sheet == "summary" and not st.get("hold") and not st.get("match_over"):
            self.close_sheet()

    def open_sheet(
        self,
        kind: str,
        html: Callable[[Facts], str],
        view: dict[str, Any] | None = None,
    ) -> None:
        """A sheet over the guest's table, drawn from the last state (or the deal `view`); one
        this page cannot draw is not opened."""
        st, seat = self.state, self.seat
        if st is None or seat is None:
            return
        try:
            text = html(felt_facts(st, seat, self.lobby or {}, view))
        except Exception:  # noqa: BLE001 (a state this page cannot draw: no sheet)
            return
        if text:
            self.sheet = kind
            self.dom.op("overlay", kind, text)

    def close_sheet(self) -> None:
        if self.sheet is not None:
            self.sheet = None
            self.dom.op("overlay", None, "")

    def action(self, what: str) -> bool:
        """A control of the guest's table (ui/friends/felt.py `ACTIONS`); whether it was one."""
        st = self.state
        if what == GF.CLOSE:
            self.close_sheet()
        elif what == GF.LAST_TRICK and st is not None:
            held = bool(st.get("hold")) and isinstance(st.get("last"), dict)
            self.open_sheet(
                "last-trick",
                lambda f: GF.last_trick_html(f.view, f.pos, f.names, f.seat),
                st["last"] if held else None,
            )
        elif what == GF.RESULT and st is not None and st.get("match_over"):
            self.open_sheet("over", lambda f: GF.match_over_html(st, f.gi, f.names, f.seat))
        else:
            return what in GF.ACTIONS
        return True

    # ------------------------------------------------------------------------- drawing
    def show_text(self, text: str) -> None:
        self.dom.op("show-table", True)
        self.dom.text("status", text)

    def draw(self) -> None:
        st, seat = self.state, self.seat
        if st is None or seat is None:
            return
        try:
            parts = guest_parts(st, seat, self.lobby or {}, self.selection)
        except Exception:  # noqa: BLE001 (a view this page cannot draw: the last one stays)
            return
        self.dom.op("show-table", True)
        view = st["view"]
        to_move = view.get("to_move")
        sets = engine.GAME_INFO.get(str(view.get("game") or ""), {}).get("multi_card_plays")
        self.dom.op(
            "table-data",
            {
                "data-game": str(view.get("game") or ""),
                "data-phase": str(view.get("phase")),
                "data-to-move": str(to_move) if isinstance(to_move, int) else "",
                "data-players": str(len(st["seats"])),
                "data-deal": str(st.get("deal_number", 1)),
                "data-input": "1" if st["legal"] else None,
                "data-remote": "1",  # a card tapped is marked at once (ui/web/events.js)
                "data-sets": "1" if sets else None,  # (a tap chooses a card of a set)
            },
        )
        for part in ("bar", "seats", "trick", "hand"):
            self.dom.html(part, parts[part])
        self.dom.op("panel", parts["panel"], str(st["view"].get("phase")))
        self.dom.text("status", self.notice or parts["status"])
        self.dom.hidden("open-hands", True)


@dataclass(frozen=True)
class Asked:
    """A move asked of the host: in the state `sid`, for `seat`, at the position `at`."""

    sid: int
    move: str
    seat: int
    at: tuple[object, ...]


def position(st: dict[str, Any]) -> tuple[object, ...]:
    """Where the state `st` is: its id (the match's moves so far), its deal, phase and seat to
    move, the tricks taken and the cards on the table (as its seat sees them)."""
    view = st["view"]
    tricks = view.get("tricks")
    return (
        st["sid"],
        st.get("deal_number"),
        view.get("phase"),
        view.get("to_move"),
        len(tricks) if isinstance(tricks, list) else None,
        json.dumps(view.get("trick"), sort_keys=True),
    )


@dataclass(frozen=True)
class Facts:
    """What the guest's felt and sheets are drawn from: the seat's view (with the table's
    options), the game's facts, the seats' names and their places around the guest's."""

    view: dict[str, Any]
    gi: dict[str, Any]
    names: list[str]
    pos: list[str]
    seat: int


def felt_facts(
    st: dict[str, Any], seat: int, lobby: dict[str, Any], view: dict[str, Any] | None = None
) -> Facts:
    """The facts of the state `st` for the guest at `seat` (`view`: another view than the
    state's, the deal just finished)."""
    v = dict(st["view"] if view is None else view)
    v["options"] = dict(lobby.get("options") or {})
    game = str(v.get("game") or lobby.get("game") or "")
    gi = game_info(engine.GAME_INFO[game])
    n = len(st["seats"])
    base = R.positions(n, gi.get("direction", "right"))
    names = [str(s["name"]) for s in st["seats"]]
    return Facts(v, gi, names, [base[(s - seat) % n] for s in range(n)], seat)


def guest_parts(
    st: dict[str, Any], seat: int, lobby: dict[str, Any], selection: list[str]
) -> dict[str, str]:
    """The table's parts for the guest at `seat` from the host's state `st` (its seat's view)."""
    last = st.get("last")
    held = bool(st.get("hold")) and isinstance(last, dict)
    f = felt_facts(st, seat, lobby, last if held and isinstance(last, dict) else None)
    view, gi, names, pos = f.view, f.gi, f.names, f.pos
    seats = st["seats"]
    n = len(seats)
    deal_no = int(st.get("deal_number") or 1) - (1 if held else 0)
    legal = [str(m) for m in st["legal"]]
    multi = bool(gi["multi_card_plays"]) and any(" " in m for m in legal if R.is_card_move(m))
    cards = (
        TV.candidate_cards(legal, selection)
        if multi
        else {m for m in legal if R.is_card_move(m) and " " not in m}
    )
    totals = list(st["totals"])
    label = gi["score_labels"]["total_short"]
    target = R.rules_of(view).losing_target()
    out_of = f"/{target}" if target is not None else ""
    to_move = view.get("to_move")
    tags = GF.seat_tags(view, names, seat, list(seats))
    seats_html = "".join(
        own_backs(
            TP.seat_html(
                s,
                pos[s],
                names[s],
                view,
                f"{label} {totals[s] if s < len(totals) else ''}{out_of}",
                tags[s],
                to_move == s and s != seat,
                bool(gi["seat_points"]),
                bool(gi.get("teams")),
            ),
            s,
            seat,
            view,
        )
        for s in range(n)
    )
    hand = R.sort_hand(list(view.get("hand") or []), view, gi["rank_order"])
    return {
        "bar": GF.bar_html(st, view, gi, names, seat, deal_no),
        "seats": seats_html,
        "trick": trick_part(view, pos, names),
        "panel": TP.panel_html(
            view, legal, "", multi, TV.selection_move(legal, selection) is not None, None
        ),
        "hand": TP.hand_html(hand, cards, selection, bool(legal)),
        "status": (
            R.by_word(TP.OVER, gi.get("deal_word")) + " " + _("Waiting for the host.")
            if held
            else guest_status(
                view, names, seat, legal, bool(st.get("match_over")), bool(st.get("started"))
            )
        ),
    }


BACKS = re.compile(r'<span class="count plate-count"[^>]*>\d+</span>|<div class="backs".*?</div>')


def own_backs(html: str, s: int, seat: int, view: dict[str, Any]) -> str:
    """A seat's HTML as the guest at `seat` sees it: the felt draws card backs for every seat
    but seat 0 (the reader's own at the host's table), so the guest's own seat loses them and
    the host's seat 0 gets them."""
    if s == seat != 0:
        return BACKS.sub("", html)
    if s != 0 or seat == 0:
        return html
    sizes = view.get("hand_sizes") or []
    k = int(sizes[0]) if sizes and isinstance(sizes[0], int) else 0
    if not k:
        return html
    title = ngettext("{n} card", "{n} cards", k).format(n=k)
    backs = (
        f'<div class="backs" title="{R.esc(title)}">'
        + '<span class="mini-back"></span>' * min(k, 13)
        + f'<span class="count">{k}</span></div>'
    )
    badge = f'<span class="count plate-count" aria-hidden="true">{k}</span>'
    return html.replace('</div><div class="stats">', f'{badge}</div>{backs}<div class="stats">', 1)


def trick_part(view: dict[str, Any], pos: list[str], names: list[str]) -> str:
    """The trick in progress; before the next lead, the trick just taken (its winner marked),
    so the last card of every trick is seen."""
    plays = list(view.get("trick") or [])
    tricks = view.get("tricks") or []
    if not plays and tricks and isinstance(tricks[-1], dict):
        last = tricks[-1]
        winner = last.get("winner")
        return TP.trick_html(
            list(last.get("plays") or []),
            pos,
            winner if isinstance(winner, int) else None,
            None,
            None,
            names,
        )
    return TP.trick_html(plays, pos, None, None, view.get("winning_seat"), names)


def guest_status(
    view: dict[str, Any],
    names: list[str],
    seat: int,
    legal: list[str],
    over: bool,
    started: bool = True,
) -> str:
    """The status line: the guest's turn, or whose it is."""
    phase, to_move = view.get("phase"), view.get("to_move")
    if not started:
        return _("Waiting for the host to start.")
    if over or phase == "over":
        return pgettext("match.over", "The match is over.") if over else ""
    if legal:
        return TV.turn_text(phase, max(len([m for m in legal if R.is_card_move(m)]), 1))
    if isinstance(to_move, int) and 0 <= to_move < len(names) and to_move != seat:
        return TV.waiting_text(phase, names[to_move])
    return ""


__all__ = ["KEY", "GuestSession", "guest_parts", "guest_status"]
