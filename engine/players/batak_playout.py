"""The playout policy of the Batak family's strong player (batak_search): a deal played out to
its end by a fast heuristic policy on per-suit rank lists, from a world the seat dealt."""

from __future__ import annotations

import random

from ..games.batak import TrickState, trick_state

# --------------------------------------------------------------------------------------------
# Fast playouts on plain lists


SHORTEST_LEAD = 0.5  # playouts: how often a low lead comes from the shortest plain suit


Ranks = list[list[list[int]]]  # ranks[p][s]: seat p's ranks in suit s, ascending


def ranks_of(hands: list[list[int]]) -> tuple[Ranks, list[int]]:
    """The hands as sorted rank lists per seat and suit, and the unplayed ranks of each suit as
    bit masks: the playout's own form, built once per world and copied per candidate."""
    hs: Ranks = [[[], [], [], []] for _ in range(4)]
    unplayed = [0, 0, 0, 0]
    for p, h in enumerate(hands):
        row = hs[p]
        for c in h:
            row[c >> 4].append(c & 15)
            unplayed[c >> 4] |= 1 << (c & 15)
        for lst in row:
            lst.sort()
    return hs, unplayed


def playout(
    hands: list[list[int]],
    trump: int,
    broken: bool,
    trick: list[tuple[int, int]],
    to_move: int,
    taken: list[int],
    teams: bool,
    rng: random.Random,
    eps: float = 0.08,
    trace: list[tuple[int, int]] | None = None,
) -> list[int]:
    """Plays the deal to its end with a cheap heuristic policy; returns tricks per seat.

    The policy: lead the highest sure winner of a plain suit, else draw trumps with the top
    trump, else a low card (of the shortest suit half the time); follow with the lowest card
    on the partner's sure trick, win with the cheapest card when last or ruffing, play the
    highest winner second or third hand, else the lowest card; a random legal card with
    chance `eps`. `taken` is consumed (pass a copy). `trace`, when given, receives every
    (seat, card) played: the conformance test replays it through the rules.
    """
    hs, unplayed = ranks_of(hands)
    return playout_ranks(
        hs,
        unplayed,
        sum(len(h) for h in hands),
        trump,
        broken,
        trick,
        to_move,
        taken,
        teams,
        rng,
        eps,
        trace,
    )


def playout_ranks(
    hs: Ranks,
    unplayed: list[int],
    left: int,
    trump: int,
    broken: bool,
    trick: list[tuple[int, int]],
    to_move: int,
    taken: list[int],
    teams: bool,
    rng: random.Random,
    eps: float = 0.08,
    trace: list[tuple[int, int]] | None = None,
    state: TrickState | None = None,
) -> list[int]:
    """`playout` on the hands in `ranks_of` form (`left` cards in all); `hs`, `unplayed` and
    `taken` are consumed (pass copies). `state` is the trick's `trick_state` when the caller
    has it already."""
    rnd = rng.random
    led, high_led, high_trump, win = trick_state(trick, trump) if state is None else state
    n_trick = len(trick)
    p = to_move
    while left:
        row = hs[p]
        if n_trick == 0:
            # ---- lead
            if broken or not any(row[x] for x in range(4) if x != trump):
                suits = [x for x in range(4) if row[x]]
            else:
                suits = [x for x in range(4) if row[x] and x != trump]
            if rnd() < eps:
                k = int(rnd() * sum(len(row[x]) for x in suits))
                for x in suits:
                    if k < len(row[x]):
                        cs, cr = x, row[x][k]
                        break
                    k -= len(row[x])
            else:
                cs = -1
                cr = 0
                for x in suits:
                    if x != trump:
                        r = row[x][-1]
                        if r > cr and unplayed[x].bit_length() - 1 == r:
                            cs, cr = x, r
                if cs < 0 and trump in suits:
                    tr = row[trump]
                    if len(tr) >= 2 and unplayed[trump].bit_length() - 1 == tr[-1]:
                        cs, cr = trump, tr[-1]
                if cs < 0:
                    plain = [x for x in suits if x != trump] or suits
                    if rnd() < SHORTEST_LEAD:
                        cs = min(plain, key=lambda x: (len(row[x]), row[x][0]))
                    else:
                        k = int(rnd() * sum(len(row[x]) for x in plain))
                        for x in plain:
                            if k < len(row[x]):
                                cs = x
                                break
                            k -= len(row[x])
                    cr = row[cs][0]
            row[cs].remove(cr)
            led, high_led, win = cs, cr, p
            high_trump = cr if cs == trump else 0
        else:
            # ---- follow
            f = row[led]
            last = n_trick == 3
            if f:
                cs = led
                if led != trump and high_trump:
                    over = False  # plain following: any card of the suit
                    if rnd() < eps:
                        cr = f[int(rnd() * len(f))]
                    else:
                        cr = f[0]
                else:
                    over = f[-1] > high_led
                    if over:
                        k = 0
                        while f[k] <= high_led:
                            k += 1
                        low_over = f[k]
                        if rnd() < eps:
                            cr = f[k + int(rnd() * (len(f) - k))]
                        elif (
                            teams
                            and (win - p) % 2 == 0
                            and (last or unplayed[led].bit_length() - 1 < high_led)
                        ):
                            cr = low_over
                        else:
                            cr = low_over if last else f[-1]
                    else:
                        cr = f[int(rnd() * len(f))] if rnd() < eps else f[0]
                f.remove(cr)
            elif row[trump]:
                cs = trump
                t = row[trump]
                lo = 0  # no trump on the trick, or none can overtake it: any trump
                if high_trump and t[-1] > high_trump:
                    while t[lo] <= high_trump:
                        lo += 1
                if rnd() < eps:
                    cr = t[lo + int(rnd() * (len(t) - lo))]
                else:
                    cr = t[lo]
                t.remove(cr)
            else:
                # discard: the lowest card (a random one with chance eps)
                suits = [x for x in range(4) if row[x]]
                if rnd() < eps:
                    cs = suits[int(rnd() * len(suits))]
                    cr = row[cs][int(rnd() * len(row[cs]))]
                else:
                    cs = min(suits, key=lambda x: row[x][0])
                    cr = row[cs][0]
                row[cs].remove(cr)
            if cs == trump:
                if cr > high_trump:
                    high_trump = cr
                    win = p
                    if cs == led:
                        high_led = cr
            elif cs == led and cr > high_led:
                high_led = cr
                if not high_trump:
                    win = p
        unplayed[cs] &= ~(1 << cr)
        if trace is not None:
            trace.append((p, cs << 4 | cr))
        left -= 1
        n_trick += 1
        if n_trick == 4:
            taken[win] += 1
            if high_trump:
                broken = True
            n_trick = 0
            p = win
        else:
            p = (p + 1) & 3
    return taken
