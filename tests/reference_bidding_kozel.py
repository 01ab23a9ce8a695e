"""A second, plain reading of RULES.md §3 (Bidding Kozel) to cross-check the engine.

Written for clarity, not speed, and sharing nothing with `engine.games.bidding_kozel` but the card
notation: it replays one recorded deal (hands, stock, moves), checks every play, and returns
who took which tricks and points, why the round ended and who takes the pot.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

ORDER = ["6", "7", "8", "9", "J", "Q", "K", "10", "A"]
VALUE = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def beats(x: str, y: str, trump: str) -> bool:
    if suit(x) == suit(y):
        return ORDER.index(rank(x)) > ORDER.index(rank(y))
    return suit(x) == trump


def play_beats(play: list[str], over: list[str], trump: str) -> bool:
    return any(all(beats(p, o, trump) for p, o in zip(perm, over)) for perm in permutations(play))


def four_aces(hand: list[str]) -> bool:
    return sorted(hand) == ["AC", "AD", "AH", "AS"]


def check_deal(deal: dict[str, Any], players: int) -> dict[str, Any]:
    """Replays a recorded deal; raises AssertionError on an illegal play."""
    hands = [list(h) for h in deal["hands"]]
    stock = list(deal["stock"])
    trump = suit(stock[-1])
    seats = [s for s in range(players) if hands[s]]
    points = [0] * players
    tricks = [0] * players
    moves = list(deal["moves"])

    def clockwise_from(first: int) -> list[int]:
        i = seats.index(first)
        return seats[i:] + seats[:i]

    def left_of(seat: int) -> int:
        s = (seat + 1) % players
        while s not in seats:
            s = (s + 1) % players
        return s

    for s in seats:
        if four_aces(hands[s]):
            assert not moves
            return {"tricks": tricks, "points": points, "reason": "four_aces", "pot_winners": [s]}
    leader = left_of(deal["dealer"])
    while True:
        best: list[str] = []
        best_seat = -1
        bura_seat = -1
        bura: list[str] = []
        size = 0
        on_table: list[str] = []
        for s in clockwise_from(leader):
            play = moves.pop(0).split()
            for c in play:
                assert c in hands[s], (s, c, hands[s])
                hands[s].remove(c)
            if s == leader:
                assert len(play) == 1 or (len(play) == 3 and len({suit(c) for c in play}) == 1)
                size = len(play)
                best, best_seat = play, s
            else:
                assert len(play) == size
                if play_beats(play, best, trump):
                    best, best_seat = play, s
            is_bura = len(play) == 3 and all(suit(c) == trump for c in play)
            if is_bura and (bura_seat < 0 or play_beats(play, bura, trump)):
                bura_seat, bura = s, play
            on_table += play
        tricks[best_seat] += 1
        points[best_seat] += sum(VALUE.get(rank(c), 0) for c in on_table)
        if bura_seat >= 0:
            assert not moves
            return {
                "tricks": tricks,
                "points": points,
                "reason": "bura",
                "pot_winners": [bura_seat],
            }
        need = sum(4 - len(hands[s]) for s in seats)
        if need <= len(stock):
            while any(len(hands[s]) < 4 for s in seats):
                for s in clockwise_from(best_seat):
                    if len(hands[s]) < 4:
                        hands[s].append(stock.pop(0))
            for s in seats:
                if four_aces(hands[s]):
                    assert not moves
                    return {
                        "tricks": tricks,
                        "points": points,
                        "reason": "four_aces",
                        "pot_winners": [s],
                    }
        else:
            stock = []  # dead
        if not hands[best_seat]:
            assert not moves
            top = max(points[s] for s in seats)
            won = [s for s in seats if points[s] == top]
            return {
                "tricks": tricks,
                "points": points,
                "reason": "points" if len(won) == 1 else "tie",
                "pot_winners": won,
            }
        leader = best_seat
