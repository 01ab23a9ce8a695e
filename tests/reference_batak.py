"""An independent, slow and plain reading of RULES.md §1, used to cross-check the engine.

It works on card text only and shares no code with `engine/`.
"""

from __future__ import annotations

from typing import Any

ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def rank(card: str) -> int:
    return ORDER.index(card[:-1])


def allowed(hand: list[str], trick: list[str], trump: str, broken: bool) -> list[str]:
    if not trick:
        if broken or all(c[-1] == trump for c in hand):
            return list(hand)
        return [c for c in hand if c[-1] != trump]
    led = trick[0][-1]
    same = [c for c in hand if c[-1] == led]
    trumps_on = [c for c in trick if c[-1] == trump]
    if same:
        if led != trump and trumps_on:
            return same
        best = max(rank(c) for c in trick if c[-1] == led)
        higher = [c for c in same if rank(c) > best]
        return higher or same
    mine = [c for c in hand if c[-1] == trump]
    if mine:
        if trumps_on:
            best = max(rank(c) for c in trumps_on)
            higher = [c for c in mine if rank(c) > best]
            return higher or mine
        return mine
    return list(hand)


def winner(plays: list[tuple[int, str]], trump: str) -> int:
    led = plays[0][1][-1]
    trumps = [(rank(c), s) for s, c in plays if c[-1] == trump]
    if trumps:
        return max(trumps)[1]
    return max((rank(c), s) for s, c in plays if c[-1] == led)[1]


def check_deal(game: str, deal: dict[str, Any]) -> dict[str, Any]:
    """Replays one recorded deal by the rule book; returns tricks, points and delta."""
    hands = [list(h) for h in deal["hands"]]
    moves = list(deal["moves"])
    dealer = deal["dealer"]
    teams = game == "batak-pairs"
    bid = declarer = None
    if game == "koz-maca":
        trump = "S"
        leader = (dealer + 1) % 4
    else:
        passed: set[int] = set()
        seat = (dealer + 1) % 4
        while True:
            mv = moves.pop(0)
            if mv == "pass":
                assert not (bid is None and seat == dealer and len(passed) == 3)
                passed.add(seat)
            else:
                n = int(mv.split()[1])
                assert n >= (7 if teams else 4) and (bid is None or n > bid) and n <= 13
                bid, declarer = n, seat
            active = [s for s in range(4) if s not in passed]
            if bid == 13 or (bid is not None and active == [declarer]):
                break
            seat = (seat + 1) % 4
            while seat in passed:
                seat = (seat + 1) % 4
        trump = moves.pop(0).split()[1]
        leader = declarer
    broken = False
    taken = [0, 0, 0, 0]
    while moves:
        plays: list[tuple[int, str]] = []
        for k in range(4):
            seat = (leader + k) % 4
            card = moves.pop(0)
            assert card in allowed(hands[seat], [c for _, c in plays], trump, broken), card
            hands[seat].remove(card)
            plays.append((seat, card))
        if any(c[-1] == trump for _, c in plays):
            broken = True
        leader = winner(plays, trump)
        taken[leader] += 1
    side = [taken[s] + (taken[(s + 2) % 4] if teams else 0) for s in range(4)]
    delta = list(side)
    if declarer is not None:
        assert bid is not None
        if side[declarer] < bid:
            for s in (declarer, (declarer + 2) % 4) if teams else (declarer,):
                delta[s] = -bid
    return {"tricks": taken, "points": side, "delta": delta}
