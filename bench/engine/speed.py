"""Benchmarks that print figures (never timed tests).

    python -m engine bench                  random-playout full deals per second, per game
    python -m bench.engine speed [--seconds S] [--games g1,g2]
    python -m bench.engine strength ...     the computer players' strength (bench.engine.strength)
    python -m bench.engine raises [--deals N] [--seed S] [SETTING ...]
                                            partnership Batak: outbidding the partner
                                            (bench.engine.raises)
    python -m bench.engine solve [--deals N] [--seed S] [--cap SECONDS]
                                            the open-deal solver's times (bench.engine.solve)

The page's own figures in Chromium (page-goals, page-load, page-start, page-ai, page-memory,
page-frames) are measured by the site builder in a source checkout: `python3 build.py bench
COMMAND`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from engine import available_games, new_match

# The page's benchmarks, run by the site builder (python3 build.py bench COMMAND).
PAGE_COMMANDS = ("page-goals", "page-load", "page-start", "page-ai", "page-memory", "page-frames")


def playout_rate(game: str, seconds: float, seed: int = 1) -> tuple[int, float]:
    """Random-playout deals (fresh deal from a shuffled deck, uniform legal moves) per second."""
    m = new_match(game, seed=seed)
    rules = m.rules
    rng = random.Random(seed)
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        d = rules.make_deal(m, 0, n % m.players, rng, None)
        while d.phase != "over":
            a = d.legal_actions()
            d.apply_action(a[int(rng.random() * len(a))])
        n += 1
        now = time.perf_counter()
        if now >= end:
            return n, n / (now - start)


def speed(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.engine speed")
    ap.add_argument("--seconds", type=float, default=2.0, help="time per game (default 2)")
    ap.add_argument("--games", default=",".join(available_games()))
    args = ap.parse_args(argv)
    print(
        f"random-playout full deals per second (CPython {sys.version.split()[0]}, "
        f"{args.seconds:g} s per game)"
    )
    for g in args.games.split(","):
        n, rate = playout_rate(g.strip(), args.seconds)
        print(f"  {g:<14} {rate:9.0f} deals/s   ({n} deals)")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "strength":
        try:
            from . import strength as bench_strength
        except ImportError:
            print("the strength benchmark is not available in this build", file=sys.stderr)
            return 2
        return int(bench_strength.main(argv[1:]) or 0)
    if argv and argv[0] == "raises":
        from . import raises as bench_raises

        return bench_raises.main(argv[1:])
    if argv and argv[0] == "solve":
        from . import solve as bench_solve

        return bench_solve.main(argv[1:])
    if argv and argv[0] in PAGE_COMMANDS:
        print(
            f"{argv[0]} measures the page in Chromium, which the site builder does: "
            f"python3 build.py bench {' '.join(argv)}",
            file=sys.stderr,
        )
        return 2
    if argv and argv[0] == "speed":
        argv = argv[1:]
    return speed(argv)


if __name__ == "__main__":
    raise SystemExit(main())
