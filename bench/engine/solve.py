"""The open-deal solver's benchmark (engine.solver): solve times and nodes per game.

    python -m bench.engine solve [--deals N] [--seed S] [--cap SECONDS] [--games g1,g2]
                                 [--from-cards K] [--mid-cards K] [--no-baseline]
                                 [--before REV]

For each game, N deals are dealt from the seed and brought to the start of card play (Batak:
a short scripted auction, the first bidder declares; Classic's first cycle: trump named by the
first choice), then solved from the first card for the side on lead (Koz Maça and auction
Batak: the seat on lead alone against the three others; partnership Batak and Kozel: the team
on lead). Each solve is capped at --cap seconds; a capped solve counts as the cap in the
percentiles, which are then printed with ">=".

Rows "from k cards" solve the same deals after random legal play has brought every hand to k
cards (at a trick boundary), to show how the time grows with the cards left.

With --before REV (a git revision of this checkout, e.g. `main` or `HEAD~3`), the solver of
that revision (its engine/solver.py or engine/solver/, loaded beside this one) solves the same
positions first in each row, and the row prints both and the ratio of their total times and
nodes.

Two baselines, run in the same command on the same positions, each printed as the ratio of
its total time (and nodes) to the full solver's:
- plain alpha-beta of the same code (no transposition table, no equivalent-card pruning, no
  move ordering, no bounds) on Koz Maça and Kozel Miner with 6 cards a hand;
- the solver with its lead history, trump-drawing bound, first guess and team lead order
  switched off (`Solver(..., history=False, draw=False, guess=False, team=False)`) on each
  Batak game with 10 cards a hand and Kozel Miner with 7 (--mid-cards to change the 10).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path
from typing import Any

from engine import new_match
from engine.core import Deal
from engine.solver import Solver, SolveTimeout

FULL_GAMES = ("koz-maca", "batak", "batak-pairs", "kozel-miner", "kozel-classic")
TEAMS = ("batak-pairs", "kozel-miner", "kozel-classic")


def start_of_play(game: str, seed: int) -> Deal:
    """A deal at its first card: a scripted auction (the first bidder bids the minimum, the
    others pass) and the first trump choice."""
    d = new_match(game, seed=seed).deal
    while d.phase != "play":
        acts = d.legal_actions()
        if d.phase == "bidding":
            bids = [a for a in acts if isinstance(a, tuple) and a[0] == "bid"]
            d.play_action(
                bids[0]
                if not getattr(d, "bids", None)
                else ("pass",)
                if ("pass",) in acts
                else bids[0]
            )
        else:
            d.play_action(acts[0])
    return d


def cut(d: Deal, cards: int, seed: int) -> Deal:
    """The deal after random legal play down to `cards` cards a hand, at a trick boundary."""
    rng = random.Random(seed)
    while d.phase == "play" and (len(d.hand_cards(0)) > cards or d._trick):
        acts = d.legal_actions()
        d.play_action(acts[rng.randrange(len(acts))])
    return d


def side_of(game: str, d: Deal) -> tuple[int, ...]:
    seat = d.to_move
    assert seat is not None
    if game in TEAMS:
        return (seat, (seat + 2) % 4)
    return (seat,)


def load_before(rev: str) -> Any:
    """The solver of git revision `rev` (its engine/solver.py, or its engine/solver/ package),
    as a module of the engine package beside the current one."""
    root = Path(__file__).resolve().parents[2]
    name = "engine._solver_before"

    def show(path: str) -> str:
        return subprocess.run(
            ["git", "show", f"{rev}:{path}"], cwd=root, check=True, capture_output=True, text=True
        ).stdout

    listing = subprocess.run(
        ["git", "ls-tree", "--name-only", rev, "engine/solver/"],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    if not listing:  # one module
        mod = types.ModuleType(name)
        mod.__package__ = "engine"
        sys.modules[name] = mod
        exec(
            compile(show("engine/solver.py"), f"{rev}:engine/solver.py", "exec"),  # noqa: S102
            mod.__dict__,
        )
        return mod
    where = Path(tempfile.mkdtemp(prefix="solver-before-"))
    for path in listing:
        if path.endswith(".py"):
            (where / Path(path).name).write_text(show(path), encoding="utf-8")
    spec = importlib.util.spec_from_file_location(
        name, where / "__init__.py", submodule_search_locations=[str(where)]
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def timed(
    d: Deal, side: tuple[int, ...], cap: float | None, solver: Any = None, **flags: bool
) -> tuple[float, int, bool]:
    """(seconds, nodes, finished) for one solve (with `solver`, that module's Solver)."""
    cls = Solver if solver is None else solver.Solver
    s = cls(d, side, max_seconds=cap, **flags)
    t = time.perf_counter()
    try:
        s.value()
        done = True
    except (SolveTimeout, getattr(solver, "SolveTimeout", SolveTimeout)):
        done = False
    return time.perf_counter() - t, s.nodes, done


def rows(label: str, ds: list[Deal], g: str, cap: float, before: Any, out: Any) -> None:
    """One row (and with `before`, the other revision's row and the ratios) for `ds`."""
    if before is not None:
        old = [timed(d, side_of(g, d), cap, before) for d in ds]
        row(f"{label}, before", old, cap, out)
    runs = [timed(d, side_of(g, d), cap) for d in ds]
    row(label, runs, cap, out)
    if before is not None:
        to = sum(t if done else cap for t, _, done in old)
        tn = sum(t if done else cap for t, _, done in runs)
        no = sum(n for _, n, _ in old)
        nn = sum(n for _, n, _ in runs)
        print(
            f"  {'':<28} before / now: time {to / max(tn, 1e-9):.1f}x, nodes "
            f"{no / max(nn, 1):.1f}x (a capped solve counts as the cap)",
            file=out,
        )


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def row(label: str, runs: list[tuple[float, int, bool]], cap: float, out: object) -> None:
    ts = [t if done else cap for t, _, done in runs]
    ns = [n for _, n, _ in runs]
    capped = sum(1 for *_, done in runs if not done)
    mark = ">=" if capped else ""
    p95 = pct(ts, 0.95)
    print(
        f"  {label:<28} median {mark}{statistics.median(ts):7.3f} s   "
        f"p95 {'>=' if capped and p95 >= cap - 1e-9 else ''}{p95:7.3f} s   "
        f"nodes median {int(statistics.median(ns)):>9}   capped {capped}/{len(runs)}",
        file=out,
    )  # type: ignore[call-overload]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.engine solve")
    ap.add_argument("--deals", type=int, default=5, help="deals per game (default 5)")
    ap.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    ap.add_argument(
        "--cap", type=float, default=30.0, help="seconds allowed per solve (default 30)"
    )
    ap.add_argument("--games", default=",".join(FULL_GAMES))
    ap.add_argument(
        "--from-cards",
        default="8",
        help="also solve from this many cards a hand (comma list; '' for none)",
    )
    ap.add_argument(
        "--mid-cards",
        type=int,
        default=10,
        help="cards a hand for the second baseline's Batak positions (default 10)",
    )
    ap.add_argument("--no-baseline", action="store_true", help="skip both baselines")
    ap.add_argument(
        "--before",
        default=None,
        help="also time the solver of this git revision on the same positions",
    )
    args = ap.parse_args(argv)
    before = load_before(args.before) if args.before else None
    out = sys.stdout
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    print(
        f"open-deal solver, CPython {sys.version.split()[0]}: {args.deals} deals per game "
        f"from seed {args.seed}, cap {args.cap:g} s per solve; nodes = trick-boundary "
        "positions searched",
        file=out,
    )
    seeds = range(args.seed, args.seed + args.deals)
    for g in games:
        print(f"{g}:", file=out)
        first = [start_of_play(g, s) for s in seeds]
        full = len(first[0].hand_cards(0))
        rows(f"from the first card ({full})", first, g, args.cap, before, out)
        for k in [int(x) for x in args.from_cards.split(",") if x.strip()]:
            if k >= full:
                continue
            ds = [cut(start_of_play(g, s), k, s) for s in seeds]
            ds = [d for d in ds if d.phase == "play"]
            if ds:
                rows(f"from {k} cards a hand", ds, g, args.cap, before, out)
        out.flush()
    if args.no_baseline:
        return 0
    print(
        "baseline: plain alpha-beta (no table, no equivalence, no ordering, no bounds) on the "
        "same positions, 6 cards a hand:",
        file=out,
    )
    for g in ("koz-maca", "kozel-miner"):
        compare(g, 6, seeds, args.cap, out, tt=False, equiv=False, order=False, bounds=False)
    print(
        "baseline: no lead history, no trump-drawing bound, no first guess, no team lead "
        f"order; {args.mid_cards} cards a hand (Kozel Miner 7):",
        file=out,
    )
    for g in ("koz-maca", "batak", "batak-pairs", "kozel-miner"):
        compare(
            g,
            7 if g == "kozel-miner" else args.mid_cards,
            seeds,
            args.cap,
            out,
            history=False,
            draw=False,
            guess=False,
            team=False,
        )
    return 0


def compare(g: str, cards: int, seeds: range, cap: float, out: object, **flags: bool) -> None:
    """The full solver and a baseline configuration on the same positions, and the ratio of
    their total times and nodes (a capped baseline solve counts as the cap)."""
    ds = [cut(start_of_play(g, s), cards, s) for s in seeds]
    ds = [d for d in ds if d.phase == "play"]
    fast = [timed(d, side_of(g, d), cap) for d in ds]
    slow = [timed(d, side_of(g, d), cap, **flags) for d in ds]
    row(f"{g} solver", fast, cap, out)
    row(f"{g} baseline", slow, cap, out)
    tf = sum(t if done else cap for t, _, done in fast)
    ts = sum(t if done else cap for t, _, done in slow)
    nf = sum(n for _, n, _ in fast)
    ns = sum(n for _, n, _ in slow)
    print(
        f"  {g}: baseline / solver time {ts / max(tf, 1e-9):.1f}x, nodes {ns / max(nf, 1):.1f}x",
        file=out,
    )  # type: ignore[call-overload]


if __name__ == "__main__":
    raise SystemExit(main())
