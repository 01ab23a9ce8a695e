"""The baseline computer player for Kozel Miner and Classic.

Simple and sensible, always legal, deterministic: it reads only what its seat may see (its own
hand, the trump, the owner and the cards played so far). It takes tricks that carry points with
the cheapest card that wins, gives points to a partner who is sure to take the trick, throws its
cheapest card otherwise, keeps its high trumps for tricks worth taking, and in Classic keeps its
Queen of Clubs away from the shamok. The Classic marker holder names the suit that gives its
hand the most trumps and points.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..core import Action, Observation
from ..games.kozel import POINTS, TRUMP, KozelObservation, trick_winner
from .baseline import policy


def best_trump(hand: Sequence[int]) -> int:
    """The suit that makes the hand strongest as trump: most own cards, then most points."""

    def score(s: int) -> tuple[int, int, int]:
        own = [c for c in hand if c >> 4 == s and c & 15 not in (11, 12)]
        return (len(own), sum(POINTS[c] for c in own), -s)

    return max(range(4), key=score)


@policy("kozel-miner", "kozel-classic")
def kozel_policy(obs: Observation, rng: random.Random) -> Action:
    assert isinstance(obs, KozelObservation)
    seat = obs.seat
    hand = obs.hand
    if obs.phase == "trump":
        return ("trump", best_trump(hand))
    cards = [a for a in obs.legal if isinstance(a, int)]
    if len(cards) == 1:
        return cards[0]
    return card_rule(obs, seat, cards, hand)


def card_rule(obs: KozelObservation, seat: int, cards: list[int], hand: Sequence[int]) -> int:
    assert obs.tables is not None
    eff, st = obs.tables.eff, obs.tables.strength
    seen = obs.played_cards()
    deck = obs.deck
    unseen = [c for c in deck if c not in seen and c not in hand]
    trick: tuple[tuple[int, int], ...] = obs.trick  # type: ignore[assignment]
    after = [(seat + k) & 3 for k in range(1, 4 - len(trick))]  # seats still to play
    opp_after = any((s ^ seat) & 1 for s in after)

    def beaten_by_unseen(c: int) -> bool:
        e = eff[c]
        return any(st[u] > st[c] and (eff[u] == TRUMP or eff[u] == e) for u in unseen)

    # Classic: the shamok takes an opponent's Queen of Clubs (4 penalty points).
    queen_risk = 0
    if obs.classic:
        sh, qc = obs.shamok, obs.queen
        sh_by = next((s for s, c in trick if c == sh), None)
        qc_by = next((s for s, c in trick if c == qc), None)
        if sh in cards and qc_by is not None and (qc_by ^ seat) & 1:
            return sh
        if qc in cards and (
            (sh_by is not None and (sh_by ^ seat) & 1)
            or (sh_by is None and sh in unseen and opp_after)
        ):
            queen_risk = 1
        if sh in cards and sh_by is None and qc in unseen and len(cards) > 1 and not trick:
            cards = [c for c in cards if c != sh] or cards  # keep the shamok for the Queen

    def risky(c: int) -> int:
        return queen_risk if obs.classic and c == obs.queen else 0

    def cheap(c: int) -> tuple[int, int, int, int]:
        return (risky(c), POINTS[c], 1 if eff[c] == TRUMP else 0, st[c])

    if not trick:
        # Cash a plain card nobody can beat in its suit, richest first.
        masters = [
            c
            for c in cards
            if eff[c] != TRUMP
            and POINTS[c] >= 10
            and not any(eff[u] == eff[c] and st[u] > st[c] for u in unseen)
        ]
        if masters:
            return max(masters, key=lambda c: (POINTS[c], -st[c]))
        # Draw trumps with a sure top trump while the opponents may still hold some.
        trumps = [c for c in cards if eff[c] == TRUMP and not risky(c)]
        if trumps and any(eff[u] == TRUMP for u in unseen):
            top = max(trumps, key=lambda c: st[c])
            if not beaten_by_unseen(top) and len(trumps) >= 3:
                return top
        # Otherwise lead a cheap plain card from the shortest suit.
        plain = [c for c in cards if eff[c] != TRUMP]
        if plain:
            length = {s: sum(1 for c in hand if eff[c] == s) for s in range(4)}
            return min(plain, key=lambda c: (POINTS[c] >= 10, length[eff[c]], POINTS[c], st[c]))
        return min(cards, key=cheap)

    last = not after
    pts = sum(POINTS[c] for _, c in trick)
    win_seat = trick_winner(trick, eff, st) if trick else None
    partner_wins = win_seat is not None and (win_seat ^ seat) & 1 == 0
    if partner_wins:
        win_card = next(c for s, c in trick if s == win_seat)
        if last or not opp_after or not beaten_by_unseen(win_card):
            # Smear: give the partner points, but not a trump that can still win tricks.
            def gift(c: int) -> tuple[int, int, int]:
                keep = eff[c] == TRUMP and (st[c] >= 108 or not beaten_by_unseen(c))
                return (-risky(c), -int(keep), POINTS[c] * 10 - st[c])

            return max(cards, key=gift)
        return min(cards, key=cheap)
    win_str = st[next(c for s, c in trick if s == win_seat)]
    led = eff[trick[0][1]]
    winners = [
        c for c in cards if (eff[c] == TRUMP or eff[c] == led) and st[c] > win_str and not risky(c)
    ]
    if winners:
        by_cost = sorted(winners, key=lambda c: (1 if eff[c] == TRUMP else 0, st[c]))
        if last:
            c = by_cost[0]
            if pts + POINTS[c] > 0 or eff[c] != TRUMP:
                return c
        else:
            sure = [c for c in by_cost if not beaten_by_unseen(c)]
            if sure and (pts >= 4 or eff[sure[0]] != TRUMP):
                return sure[0]
            if pts >= 4:  # contest a rich trick with the cheapest card that wins it now
                return by_cost[0]
    return min(cards, key=cheap)
