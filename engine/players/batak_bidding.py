"""The auction of auction and partnership Batak, played to its end in a drawn world.

A bid is worth what the auction it starts ends in: who declares, at what bid, and what that
contract scores for the seat's side. In each world the search draws (its hands consistent with
the bids and passes so far), the rest of the auction is played with the other seats bidding
like the baseline player (the lowest legal bid while the hand's rough trick count reaches it,
the partner's share of three tricks added in partnership Batak; the dealer bids the minimum
when the other three passed) and the seat itself following a plan: its bid now (or a pass),
then the lowest legal bid each turn as long as that bid is at most its limit. A plan's value
is the mean, over the worlds, of the contract's score for the seat (the same goal as its card
play: its score minus the others' mean, the team's minus the other team's), with the tricks
of each possible declarer from the search's playouts.

Pure functions: no random draw here, so a decision replays exactly for a seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

PARTNER_SHARE = 3.0  # the baseline's count of its partner's tricks in partnership Batak


@dataclass(frozen=True)
class Auction:
    """The auction so far, from the seat to move's view."""

    seat: int
    dealer: int
    min_bid: int
    high: int | None  # the highest bid so far
    high_by: int | None  # who made it
    passed: frozenset[int]
    teams: bool

    @classmethod
    def of(cls, obs: object) -> Auction:
        bids: Sequence[tuple[int, int | None]] = obs.bids  # type: ignore[attr-defined]
        high: int | None = None
        by: int | None = None
        passed: set[int] = set()
        for s, b in bids:
            if b is None:
                passed.add(s)
            else:
                high, by = b, s
        return cls(
            obs.seat,  # type: ignore[attr-defined]
            obs.dealer,  # type: ignore[attr-defined]
            obs.min_bid,  # type: ignore[attr-defined]
            high,
            by,
            frozenset(passed),
            obs.teams is not None,  # type: ignore[attr-defined]
        )


def outcome(
    a: Auction, est: Sequence[float], first: int | None, limit: int
) -> tuple[int, int, bool]:
    """(declarer, bid, whether the limit stopped the seat) at the end of the auction when the
    seat bids `first` now (None: pass) and then the lowest legal bid while it is at most
    `limit`; `est[s]` is the trick count by which another seat s bids (the partner's share
    included)."""
    me = a.seat
    high, by = a.high, a.high_by
    passed = set(a.passed)
    s = me
    mine_first = True
    stopped = False
    while True:
        low = a.min_bid if high is None else max(a.min_bid, high + 1)
        forced = high is None and s == a.dealer and len(passed) == 3
        b: int | None
        if s == me:
            if mine_first:
                b = first
                mine_first = False
            else:
                b = low if low <= limit else None
                stopped = b is None
        else:
            b = low if est[s] >= low else None
        if b is None and forced:
            b = low
        if b is None:
            passed.add(s)
        else:
            high, by = b, s
        if (
            high is not None
            and by is not None
            and (high == 13 or all(x in passed for x in range(4) if x != by))
        ):
            return by, high, stopped
        s = (s + 1) % 4
        while s in passed:
            s = (s + 1) % 4


def score_for(
    seat: int, teams: bool, declarer: int, bid: int, tricks: float, others: float = 1.0
) -> float:
    """The seat's goal value when `declarer`'s side takes `tricks` of the 13 under contract
    `bid`: its score minus the others' mean (auction Batak; the defenders share the other
    tricks equally; `others` weighs their mean) or its team's score minus the other team's
    (partnership Batak)."""
    dec = tricks if tricks >= bid else -float(bid)
    if teams:
        v = dec - (13 - tricks)
        return v if (declarer - seat) % 2 == 0 else -v
    if declarer == seat:
        return dec - others * (13 - tricks) / 3.0
    each = (13 - tricks) / 3.0
    return each - others * (dec + 2 * each) / 3.0


__all__ = ["Auction", "outcome", "score_for"]
