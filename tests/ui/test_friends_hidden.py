"""Hidden information stays hidden from every guest (ui/friends/): over random deals of every
game and player count, played by random legal moves to random points, no message the host
would send a guest names a card that guest may not see: a card in another seat's hand, or a
play Bidding Kozel laid face down to it (`face_down`: a play that does not take over the
trick). What may not be seen is taken from the engine's truth (`deal.hands`, each play as it is
made), never from the views themselves."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.cards import CARD_STR
from engine.core import Match
from ui.friends import felt as GF
from ui.friends import protocol as M
from ui.friends.guest import GuestSession
from ui.friends.host import Friend, FriendsTable
from ui.shell.app import App

from .friends_pages import guest_page

GAMES = [(g, n) for g in engine.GAMES for n in engine.GAME_INFO[g]["players"]]


WORD = re.compile(r"[0-9A-Za-z]+")


def leaks(text: str, cards: set[str]) -> set[str]:
    """The cards of `cards` that `text` names (as a whole word of the card notation)."""
    return cards.intersection(WORD.findall(text))


def public(deal: Any) -> set[str]:
    """The cards a game shows every seat wherever they are: Kozel's marker (its holder is
    announced) and Bidding Kozel's turned-up trump card (laid face up, drawn last)."""
    out = set()
    if isinstance(getattr(deal, "marker", None), int):
        out.add(CARD_STR[deal.marker])
    if isinstance(getattr(deal, "turned_up", None), str):
        out.add(deal.turned_up)
    return out


def scanned(view: dict[str, Any]) -> str:
    """A view as text, but for its trump ladder (the rules' order of every trump card)."""
    return json.dumps({k: v for k, v in view.items() if k != "ladder"}, ensure_ascii=False)


class Truth:
    """A match played move by move, with what each seat may not see, from the engine."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.face_down: list[tuple[int, list[str]]] = []  # this deal's plays laid face down
        self.deal = match.deal

    def play(self, move: str) -> None:
        deal = self.match.deal
        if deal is not self.deal:
            self.deal, self.face_down = deal, []
        seat = deal.to_move
        assert seat is not None
        if getattr(deal, "face_down", False) and deal.phase == "play":
            action = deal.parse_action(move)
            if not deal.would_win(action):  # laid face down: only its seat sees it
                self.face_down.append((seat, move.split()))
        self.match.play(move)
        if self.match.deal is not deal:
            self.face_down = []  # the round is over: its piles are turned over

    def hidden(self, seat: int) -> set[str]:
        """The cards of the deal in play that `seat` may not see now."""
        deal = self.match.deal
        out = {c for s in range(deal.players) if s != seat for c in deal.hands[s]}
        if deal is self.deal and deal.phase != "over":
            out |= {c for s, cards in self.face_down if s != seat for c in cards}
        return out - public(deal)

    def hidden_before(self, seat: int) -> set[str]:
        """The cards of the deal before this one that `seat` may not see (the hands left at its
        end: a round of Bidding Kozel may end with cards in hand)."""
        deal = self.match.deals[-2]
        return {c for s in range(deal.players) if s != seat for c in deal.hands[s]} - public(deal)


def guest_leaks(table: FriendsTable, truth: Truth, seat: int) -> set[str]:
    """The hidden cards named by anything the host would send guest `seat` now."""
    state = json.loads(M.encode(table.view_for(seat)))
    last = state.pop("last", None)
    state["view"] = scanned(state["view"])
    found = leaks(json.dumps(state, ensure_ascii=False), truth.hidden(seat))
    if last is not None:
        found |= leaks(scanned(last), truth.hidden_before(seat))
    for other in (table.lobby(), M.Welcome(seat, table.names()[seat], table.token(seat))):
        found |= leaks(M.encode(other), truth.hidden(seat))
    return found


def seated_table(game: str, players: int, seed: int) -> tuple[FriendsTable, Truth]:
    m = engine.new_match(game, seed=seed, players=players)
    table = FriendsTable(m, [Friend()] * (players - 1), "Host")
    for s in range(1, players):
        hello = {"v": 1, "type": "hello", "seat": s, "name": f"Guest {s}"}
        assert isinstance(table.receive(f"p{s}", json.dumps(hello), 0.0).replies[0], M.Welcome)
    table.start()
    return table, Truth(m)


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[f"{g}-{n}" for g, n in GAMES])
@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 400))
def test_no_guest_is_sent_a_card_it_may_not_see(
    game: str, players: int, seed: int, steps: int
) -> None:
    table, truth = seated_table(game, players, seed)
    rng = random.Random(seed)
    m = table.match
    for _step in range(steps):
        if m.is_over:
            break
        truth.play(rng.choice(m.legal_moves()))
        if rng.random() < 0.2 or m.deal.phase == "over" or not m.deal.moves:
            for seat in range(1, players):
                assert not guest_leaks(table, truth, seat), (game, players, seed, _step, seat)
    for seat in range(1, players):
        assert not guest_leaks(table, truth, seat), (game, players, seed, seat)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_face_down_plays_are_met_and_never_sent(players: int) -> None:
    """Whole rounds of Bidding Kozel: face-down plays are met (the test sees something hidden),
    the engine's own trick shows them (the check can fail), and no guest is sent one."""
    met = caught = 0
    for seed in range(3):
        table, truth = seated_table("bidding-kozel", players, seed)
        rng = random.Random(seed)
        first = table.match.deal
        while table.match.deal is first:
            truth.play(rng.choice(table.match.legal_moves()))
            for seat in range(1, players):
                hidden = {c for s, cards in truth.face_down if s != seat for c in cards}
                met += len(hidden)
                if first.phase != "over":
                    caught += bool(leaks(json.dumps(first.trick + first.tricks), hidden))
                assert not guest_leaks(table, truth, seat), (players, seed, seat)
    assert met > 0 and caught > 0, (met, caught)


def test_the_check_sees_another_seats_hand() -> None:
    """The yardstick can fail: a state built from another seat's view names its cards."""
    table, truth = seated_table("batak", 4, 1)
    other: Any = table.view_for(2)
    assert leaks(json.dumps(other.view), truth.hidden(1)) == set(table.match.deal.hands[2])


def page_leaks(table: FriendsTable, truth: Truth, seat: int, page: App) -> set[str]:
    """The hidden cards named by the operations a guest's page writes when it is sent its
    state now (ui/friends/guest.py draws the table from it), and by its sheets: the last
    trick and the match's end (ui/friends/felt.py). First thing in a new deal, while the host
    reads its summary, the page draws the deal just over and its summary: nothing hidden at
    the end of that deal may be named."""
    guest = GuestSession(page, "host-id")
    guest.seat = seat
    guest.lobby = M.parse_host(M.encode(table.lobby()))
    page.dom.ops.clear()
    m = table.match
    table.hold = held = len(m.deals) > 1 and not m.deal.moves  # (the host reads the summary)
    state = M.parse_host(M.encode(table.view_for(seat)))
    table.hold = False
    guest.take(state)
    assert page.dom.ops, "the guest's page drew nothing"
    if held:
        assert any(op[:2] == ["overlay", "summary"] for op in page.dom.ops), "no summary"
    guest.action(GF.LAST_TRICK)
    guest.action(GF.RESULT)
    hidden = truth.hidden_before(seat) if held else truth.hidden(seat)
    return leaks(json.dumps(page.dom.ops, ensure_ascii=False), hidden)


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[f"{g}-{n}" for g, n in GAMES])
@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 400))
def test_no_guest_page_draws_a_card_it_may_not_see(
    game: str, players: int, seed: int, steps: int
) -> None:
    """The same over the operations a guest's page writes: its hand, the trick, the panel, the
    seats and the bar, drawn from the state it was sent."""
    table, truth = seated_table(game, players, seed)
    rng = random.Random(seed)
    m = table.match
    page = guest_page()
    for _step in range(steps):
        if m.is_over:
            break
        truth.play(rng.choice(m.legal_moves()))
        if rng.random() < 0.1 or m.deal.phase == "over" or not m.deal.moves:
            for seat in range(1, players):  # (a new deal: the summary of the one before)
                assert not page_leaks(table, truth, seat, page), (game, players, seed, seat)
    for seat in range(1, players):
        assert not page_leaks(table, truth, seat, page), (game, players, seed, seat)


def test_the_page_check_sees_a_card_drawn_that_may_not_be() -> None:
    """The page's yardstick can fail: a guest's page sent another seat's view draws its hand."""
    table, truth = seated_table("batak", 4, 1)
    page = guest_page()
    guest = GuestSession(page, "host-id")
    guest.seat, guest.lobby = 1, M.parse_host(M.encode(table.lobby()))
    guest.take(M.parse_host(M.encode(table.view_for(2))))
    drawn = leaks(json.dumps(page.dom.ops), truth.hidden(1))
    assert drawn == set(table.match.deal.hands[2])
