"""How often partnership Batak's computer players outbid their own partner (self-play).

    python3 -m bench.engine raises [--deals 100] [--seed 1] [--level strong] [SETTING ...]

Every seat plays at `level`; each deal's auction is played, and the deals with a raise are
played to their end. A raise is a bid made while the partner holds the highest bid; it is
"at the same trump" when the raiser's longest suit (the search's model of a declarer's trump,
by length, then ranks) is the partner's too. Printed: raises, raises at the same trump,
auctions won by a raise and how many of those went down, and the same for the raises at the
same trump. A SETTING is `module.NAME=value;...` of engine/players, as in `strength pairs` (each one
is measured on the same deals; '' = as it is).
"""

from __future__ import annotations

import argparse
from typing import Any

from engine import ai, new_match

from .strength import parse_setting


def _longest(hand: list[int]) -> int:
    """The suit a declarer with `hand` names in the search's model: the longest, then by ranks."""
    return max(range(4), key=lambda x: sum(20 + (c & 15) for c in hand if c >> 4 == x))


def measure(deals: int, seed: int, level: str) -> dict[str, int]:
    """The counts of the module's docstring over `deals` deals from match seed `seed`."""
    out = {
        "deals": 0,
        "raises": 0,
        "same_trump": 0,
        "won_by_raise": 0,
        "raise_down": 0,
        "ended_on_same": 0,
        "went_down": 0,
    }
    for k in range(deals):
        m = new_match("batak-pairs", seed=seed + k)
        d = m.deal
        hands = [list(d.hand_cards(s)) for s in range(4)]
        best = [_longest(h) for h in hands]
        high: int | None = None
        last_same = False
        last_raise = False
        raised = False
        while d.phase == "bidding":
            seat = d.to_move
            assert seat is not None
            mv = ai.choose(d, level=level, seed=m.seed)
            if mv.startswith("bid"):
                partner_high = high is not None and (high - seat) % 2 == 0 and high != seat
                last_same = False
                last_raise = partner_high
                if partner_high:
                    raised = True
                    out["raises"] += 1
                    if best[seat] == best[(seat + 2) % 4]:
                        out["same_trump"] += 1
                        last_same = True
                high = seat
            m.play(mv)
        out["deals"] += 1
        if not raised:
            continue
        while m.deals[0].phase != "over":
            m.play(ai.choose(m.deal, level=level, seed=m.seed))
        res: dict[str, Any] = m.deals[0].result or {}
        if last_raise:
            out["won_by_raise"] += 1
            out["raise_down"] += res.get("made") is False
        if last_same:
            out["ended_on_same"] += 1
            if res.get("made") is False:
                out["went_down"] += 1
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m bench.engine raises",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1, help="match seed of the first deal")
    p.add_argument("--level", default="strong", choices=["normal", "strong"])
    p.add_argument("settings", nargs="*", default=[""])
    a = p.parse_args(argv)
    for text in a.settings or [""]:
        changes = parse_setting(text)
        old = [(mod, name, getattr(mod, name)) for mod, name, _v in changes]
        for mod, name, v in changes:
            setattr(mod, name, v)
        try:
            got = measure(a.deals, a.seed, a.level)
        finally:
            for mod, name, v in reversed(old):
                setattr(mod, name, v)
        print(
            f"{text or '(as it is)'}: {got['deals']} deals, {got['raises']} raises of the "
            f"partner's bid, {got['same_trump']} at the same best trump; "
            f"{got['won_by_raise']} auctions won by a raise, {got['raise_down']} of them went "
            f"down; {got['ended_on_same']} won by a raise at the same trump, "
            f"{got['went_down']} of them went down",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
