"""The stand-in pages of the tests of playing with friends (tests/ui/test_friends_*.py): a
host's page and guests' pages, each with its own stand-in for ui/web/ (bench/fake_page.py),
wired by an in-memory relay that carries one page's `friends-send` operations as the other's
`friends` `msg` events, as the transport of ui/web/ does (`Relay`; `ComingBack`, where the
host's page may go and a new one take its id); a table set up and started with its guests
(`table_with`), the moves each page makes when it is asked (`play_until`); and a guest's page
alone, drawing the states of a `FriendsTable` (`guest_page`, `seated`, `guest_of`).
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Callable
from typing import Any

import engine
from bench.fake_page import FACTS, Page, asks, legal_cards, one_move, until
from engine.core import Match
from ui.common.render import esc
from ui.friends import protocol as M
from ui.friends.guest import GuestSession
from ui.friends.host import Friend, FriendsTable
from ui.friends.session import HostSession
from ui.shell import host as H
from ui.shell.app import App
from ui.shell.dom import Dom
from ui.shell.env import NAME_KEY, Env

HOST_ID = "host-broker-id"
FIELDS = {"game": "batak", "opts": {}, "seed": "5", "speed": "0", "level": "easy"}


class RelayPage(Page):
    """A stand-in page whose transport is the relay's; every operation written is kept."""

    def __init__(self, relay: Relay) -> None:
        super().__init__()
        self.relay = relay
        self.written: list[list[Any]] = []

    def carry_out(self, name: str, *args: Any) -> None:
        self.written.append([name, *args])
        if name.startswith("friends-"):
            self.relay.op(self, name, *args)
        else:
            super().carry_out(name, *args)


class Relay:
    """The transport: a host, and guests each with a peer id of its own."""

    def __init__(self) -> None:
        self.host: RelayPage | None = None
        self.guests: dict[str, RelayPage] = {}
        self.n = 0

    def deliver(self, page: RelayPage, **event: Any) -> None:
        page.send({"type": "friends", **event}, later=True)

    def peer_of(self, page: RelayPage) -> str | None:
        return next((p for p, g in self.guests.items() if g is page), None)

    def op(self, page: RelayPage, name: str, *args: Any) -> None:
        if name == "friends-host":
            self.host = page
            self.deliver(page, what="open", id=HOST_ID)
        elif name == "friends-join":
            assert args[0] == HOST_ID and self.host is not None
            self.n += 1
            peer = f"peer{self.n}"
            self.guests[peer] = page
            self.deliver(page, what="open", id=peer)
            self.deliver(self.host, what="peer", peer=peer)
        elif name == "friends-send":
            peer, text = args
            assert isinstance(text, str) and len(text.encode()) < 16_000
            if page is self.host:
                if peer in self.guests:
                    self.deliver(self.guests[peer], what="msg", peer="host", text=text)
            else:
                me = self.peer_of(page)
                if me is not None and self.host is not None:
                    self.deliver(self.host, what="msg", peer=me, text=text)
        elif name == "friends-drop" and page is not self.host:
            me = self.peer_of(page)
            if me is not None and self.host is not None:
                self.guests.pop(me)
                self.deliver(self.host, what="gone", peer=me)
        elif name == "friends-drop" and page is self.host:
            for peer in list(self.guests) if args[0] == "*" else [args[0]]:
                if peer in self.guests:
                    self.deliver(self.guests.pop(peer), what="gone", peer="host")
                    self.deliver(page, what="gone", peer=peer)

    def lose(self, peer: str) -> RelayPage:
        """A guest's connection fails (its tab closed)."""
        assert self.host is not None
        page = self.guests.pop(peer)
        self.deliver(self.host, what="gone", peer=peer)
        return page


async def start(relay: Relay, search: str, storage: dict[str, str] | None = None) -> RelayPage:
    page = RelayPage(relay)
    page.host = H.boot(page)
    page.send({"type": "start", "facts": dict(FACTS, search=search, storage=storage or {})})
    await asyncio.sleep(0)
    return page


def app(page: Page) -> Any:
    assert page.host is not None and page.host.app is not None
    return page.host.app


def host_session(page: Page) -> HostSession:
    session: HostSession = app(page).friends.host
    return session


def guest_session(page: Page) -> GuestSession:
    g = app(page).friends.guest
    assert g is not None
    return g


def guest_can_move(page: Page) -> bool:
    g = guest_session(page)
    return g.state is not None and bool(g.state["legal"])


def guest_move(page: Page) -> None:
    """The guest's tap: a move of the panel, else a raised card of its hand (from the ops)."""
    moves = re.findall(r'data-move="([^"]+)"(?![^>]*disabled)', page.parts.get("panel", ""))
    if moves:
        page.click({"data-move": "pass" if "pass" in moves else moves[0]})
    else:
        page.click({"data-card": legal_cards(page.parts["hand"])[0]})


async def host_table(relay: Relay, friends: int, game: str = "batak") -> RelayPage:
    """The host's page in the lobby, "Play with friends", `friends` seats a friend's, invited."""
    host = await start(relay, "?speed=0&level=easy", {NAME_KEY: "Hostess"})
    fields = dict(FIELDS, game=game)
    host.send({"type": "click", "attrs": {"data-game-choice": game}, "lobby": fields})
    host.send({"type": "click", "attrs": {"data-action": "friends"}, "lobby": fields})
    await until(host, lambda: 'data-friends="plan"' in host.parts.get("lobby", ""))
    for seat in range(2, friends + 1):
        host.click({"data-action": "friends-seat", "data-seat": str(seat)})
    host.click({"data-action": "friends-invite"})
    await until(host, lambda: f"?friends={HOST_ID}" in host.parts.get("lobby", ""))
    return host


async def seat_guest(relay: Relay, host: RelayPage, name: str, seat: int) -> RelayPage:
    guest = await start(relay, f"?friends={HOST_ID}", {NAME_KEY: name})
    await until(guest, lambda: guest_session(guest).seat == seat)
    await until(host, lambda: esc(name) in host.parts.get("lobby", ""))
    return guest


async def table_with(
    relay: Relay, *names: str, friends: int | None = None
) -> tuple[RelayPage, list[RelayPage], Match]:
    """The host's table with `friends` seats a friend's (as many as `names` unless given), a
    guest called each of `names` seated at seats 1, 2, ..., and the match started."""
    host = await host_table(relay, friends=len(names) if friends is None else friends)
    guests = [await seat_guest(relay, host, name, seat) for seat, name in enumerate(names, 1)]
    host.click({"data-action": "friends-start"})
    await until(host, lambda: app(host).t.match is not None)
    return host, guests, app(host).t.match


async def play_until(
    host: RelayPage, guests: list[RelayPage], done: Any, steps: int = 400, check: Any = None
) -> int:
    """The host and the guests each move when their page asks, until `done()` (`check()`
    after every round)."""
    by_guests = 0
    for _ in range(steps):
        if check is not None:
            check()
        if done():
            return by_guests
        acted = False
        for g in guests:
            if guest_can_move(g):
                sid = guest_session(g).state["sid"]  # type: ignore[index]
                guest_move(g)
                by_guests += 1
                acted = True
                await until(
                    g,
                    lambda g=g, sid=sid: (
                        not guest_can_move(g) or g.acks and guest_session(g).state["sid"] != sid
                    ),
                )  # type: ignore[index]
        if asks(host) and host.state.get("overlay") != "summary":
            await one_move(host)
            acted = True
        if not acted:
            await asyncio.sleep(0)
    raise AssertionError("the deal did not end")


class ComingBack(Relay):
    """The relay, where the host's page may go (a closed tab) and a new one take its id."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[Any] = []  # the config of each `friends-host`
        self.muted = False  # the host's messages are lost on their way (its tab closing)

    def op(self, page: RelayPage, name: str, *args: Any) -> None:
        if name == "friends-host":
            self.ids.append(args[0])
            self.host = page
            self.deliver(page, what="open", id=args[0].get("id") or HOST_ID)
        elif name == "friends-join" and self.host is None:
            self.deliver(page, what="error", reason="peer-unavailable")  # nobody has the id
        elif name == "friends-join" and self.peer_of(page) is not None:
            # a guest's page joining again while it holds a channel: as ui/web/friends.js, its
            # new transport takes the old one's place (the host sees the old channel close)
            old = self.peer_of(page)
            assert old is not None and self.host is not None
            self.guests.pop(old)
            self.deliver(self.host, what="gone", peer=old)
            super().op(page, name, *args)
        elif name == "friends-send" and page is not self.host and self.peer_of(page) is None:
            return  # (a page whose host went: nothing is carried)
        elif name == "friends-send" and page is self.host and self.muted:
            return
        else:
            super().op(page, name, *args)

    def host_goes(self) -> None:
        """The host's tab closes: each guest's channel to it is gone."""
        assert self.host is not None
        host_session(self.host).table = None  # (its page runs no more)
        self.host = None
        for peer in list(self.guests):
            self.deliver(self.guests.pop(peer), what="gone", peer="host")


async def soon(ok: Callable[[], Any], seconds: float = 10.0) -> None:
    """Waits in real time (the guest's tries are timed) until `ok()`."""
    deadline = time.monotonic() + seconds
    while not ok():
        assert time.monotonic() < deadline, "never happened"
        await asyncio.sleep(0.01)


def back_in(page: RelayPage) -> set[int]:
    """The seats whose guest is back at the host's table (its seat taken again)."""
    table = host_session(page).table
    return set() if table is None else set(table.guests())


def guest_page() -> App:
    """A guest's page (its operations kept, none carried out)."""
    dom = Dom()
    return App(dom, Env(dom, dict(FACTS, search="?friends=host-id")))


def seated(game: str, seed: int = 2, players: int | None = None) -> tuple[FriendsTable, Any]:
    """A match of `game` with a friend at every seat but the host's, started."""
    m = engine.new_match(game, seed=seed, players=players)
    table = FriendsTable(m, [Friend()] * (m.players - 1), "Hostess")
    for s in range(1, m.players):
        hello = {"v": 1, "type": "hello", "seat": s, "name": f"Guest {s}"}
        table.receive(f"p{s}", json.dumps(hello), 0.0)
    table.start()
    return table, m


def guest_of(table: FriendsTable, seat: int) -> GuestSession:
    g = GuestSession(guest_page(), "host-id")
    g.seat, g.lobby = seat, M.parse_host(M.encode(table.lobby()))
    return g
