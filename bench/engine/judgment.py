"""How often the strong player's card is clearly wrong in endings: `python -m bench.engine.judgment`.

The positions are those of tests/ui/test_hint_judgment.py, generated the same way for more seeds:
the first card-play position of a seeded deal (baseline players everywhere) where seat 0 is
to move with at most `--cards` cards and a choice. Each is solved exactly (engine.solver,
every card visible) in `--layouts` layouts the player cannot tell apart (`deal.resample` from
its observation). A decision is clearly wrong when the chosen move is worse than the best
move in every one of those layouts (Kozel: by at least 10 card points on average). Bidding
Kozel, which the solver does not take, is judged in endings of two cards by an exhaustive
search of card points (as in the test).

Only the engine's public API is used, so the same file measures another checkout:
`PYTHONPATH=/other/tree python3 bench/engine/judgment.py`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator
from typing import Any

import engine
import engine.ai
from engine.cards import kozel_points, parse_card
from engine.core import Deal
from engine.solver import move_values

POINTS_MARGIN = 10  # card points: the mean loss that makes a worse card "clearly" worse


def side_of(m: engine.Match, seat: int) -> tuple[int, ...]:
    for team in m.rules.teams or ():
        if seat in team:
            return tuple(team)
    return (seat,)


def endings(game: str, most: int, seeds: range) -> Iterator[tuple[engine.Match, int]]:
    """As tests/ui/test_hint_judgment.endings: the first position of seat 0 with at most `most`
    cards and a choice, in the first deal of each seeded match played by the baseline."""
    for seed in seeds:
        m = engine.new_match(game, seed=seed)
        rng = random.Random(seed)
        while m.deals[0].phase != "over":
            d = m.deal
            if (
                d.to_move == 0
                and d.phase == "play"
                and len(d.hand_cards(0)) <= most
                and len(d.legal_moves()) > 1
            ):
                yield m, seed
                break
            m.play(engine.bots.choose(d, d.to_move, rng))


def _bk_play(d: Deal, mv: str, side: frozenset[int]) -> tuple[Deal, int]:
    nd = d.clone()
    before = len(nd.tricks)
    nd.play(mv)
    if len(nd.tricks) > before and nd.tricks[-1]["winner"] in side:
        return nd, sum(
            kozel_points(parse_card(c)) for _, ms in nd.tricks[-1]["plays"] for c in ms.split()
        )
    return nd, 0


def _bk_value(d: Deal, side: frozenset[int], memo: dict[Any, int]) -> int:
    if d.phase != "play":
        return 0
    key = (tuple(tuple(h) for h in d.hands), tuple(map(tuple, d.trick)), d.to_move)
    if key not in memo:
        vals = [
            g + _bk_value(nd, side, memo)
            for nd, g in (_bk_play(d, mv, side) for mv in d.legal_moves())
        ]
        memo[key] = (max(vals) if d.to_move in side else min(vals)) if vals else 0
    return memo[key]


def layouts(m: engine.Match, seed: int, n: int) -> list[dict[str, int]]:
    """Every legal move's value for the player's side in `n` layouts it cannot tell apart."""
    d = m.deal
    side = side_of(m, 0)
    rng = random.Random(1000 + seed)
    if d.game != "bidding-kozel":
        return [move_values(d.resample(0, rng), side, max_seconds=5.0) for _ in range(n)]
    out = []
    fs = frozenset(side)
    for _ in range(n):
        w = d.resample(0, rng)
        memo: dict[Any, int] = {}
        vals = {}
        for mv in w.legal_moves():
            nd, g = _bk_play(w, mv, fs)
            vals[mv] = g + _bk_value(nd, fs, memo)
        out.append(vals)
    return out


def clearly_wrong(values: list[dict[str, int]], move: str, points: bool) -> bool:
    """The move is below the best in every layout (card points: by POINTS_MARGIN on mean)."""
    if not all(v[move] < max(v.values()) for v in values):
        return False
    if not points:
        return True
    loss = sum(max(v.values()) - v[move] for v in values) / len(values)
    return loss >= POINTS_MARGIN


def judge(
    game: str, positions: int, cards: int, n_layouts: int, level: str, out: Any
) -> tuple[int, int]:
    """(clearly wrong decisions, positions) for `game`."""
    wrong = seen = 0
    most = 2 if game == "bidding-kozel" else cards
    points = game.startswith("kozel") or game == "bidding-kozel"
    bad: list[int] = []
    for m, seed in endings(game, most, range(1, 20 * positions)):
        values = layouts(m, seed, n_layouts if game != "bidding-kozel" else n_layouts // 3)
        mv = engine.ai.choose(m.deal, 0, level=level, seed=seed)
        seen += 1
        if clearly_wrong(values, mv, points):
            wrong += 1
            bad.append(seed)
        if seen >= positions:
            break
    print(
        f"  {game:<14} {wrong:3d} of {seen} clearly wrong ({100 * wrong / max(1, seen):.1f}%)"
        f"{'  seeds ' + ' '.join(map(str, bad[:12])) if bad else ''}",
        file=out,
        flush=True,
    )
    return wrong, seen


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.engine.judgment", description=__doc__)
    ap.add_argument("--positions", type=int, default=220, help="endings per game (default 220)")
    ap.add_argument("--cards", type=int, default=4, help="cards in hand at most (default 4)")
    ap.add_argument("--layouts", type=int, default=24, help="layouts solved (default 24)")
    ap.add_argument("--level", default="strong")
    ap.add_argument("--games", default=",".join(engine.GAMES))
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    print(
        f"clearly wrong decisions of the {args.level} player in endings "
        f"(engine {engine.__file__}):",
        flush=True,
    )
    for g in args.games.split(","):
        judge(g.strip(), args.positions, args.cards, args.layouts, args.level, sys.stdout)
    print(f"({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
