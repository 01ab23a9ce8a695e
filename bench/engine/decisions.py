"""The computer players' decisions on fixed positions, compared between two source trees.

    python3 -m bench.engine.decisions --against /tmp/baseline_tree [--per-game 100]
        [--levels normal,strong] [--seed 1] [--jobs 2] [--repeat 1] [--save out.json]

Positions are generated with this tree: matches played by the baseline player in every seat,
sampled through whole deals and several deals of a match (auction, trump naming, early, middle
and late card play). Each position is a record (`Match.record()` at that point) and a decision
seed. The decide step replays every record and asks, per level, `engine.ai.choose`; it also
asks the baseline player (`engine.bots.choose`) and, at the strong level, the
perfect-information search (`engine.ai.choose_action(..., see_all=True)`), checks that the
record replays identically, and times each level's decision.

With `--against TREE` the decide step runs twice, in subprocesses, first with this tree and
then with TREE (its own `engine` package on PYTHONPATH, cwd TREE), one after the other so that
the times are comparable; `--jobs N` splits the positions over N processes per tree. The script
the subprocesses run is built from `decide` below and uses only the public API, so TREE needs
no copy of this module. `--repeat R` alternates the trees R times: each decision's time is its
least over the rounds (less noise on a busy machine), and a move that changes between two
rounds of the same tree is reported as nondeterminism. Exit status 0 when nothing differs, 1
otherwise. Without `--against` the decisions summary of this tree is printed (exit status 1 on
an illegal move, an error, a move changing between rounds or a record that does not replay
identically). Exit status 2 when a tree's decide step fails (e.g. its engine does not import).

A level is a playout budget, so a decision replays exactly for a seed; the level's time cap is
only a safety net, but a decision that reaches it may depend on the machine's load: such
decisions are counted as "near the time cap".
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import engine

STRIDE = 3  # a candidate position every STRIDE-th decision of a match (and each phase's first)
MAX_DEALS = 3  # deals of a match sampled
TAGS = ("bidding", "trump", "early", "middle", "late")  # where in a deal a position is
SEE_ALL_LEVEL = "strong"
NEAR_CAP = 0.9  # a decision taking this share of its level's time cap is reported
REPO_ROOT = Path(__file__).resolve().parents[2]


def match_seed(seed: int, k: int) -> int:
    """The seed of the k-th match sampled for a run with `seed`."""
    return seed * 100_000 + k


def _tag(phase: str, nth: int, count: int) -> str:
    """Where a decision sits in its deal: its phase, or the third of the card play."""
    if phase != "play":
        return phase if phase in TAGS else "bidding"
    return TAGS[2 + min(2, 3 * nth // max(1, count))]


def _sample_match(game: str, seed: int, k: int, quota: int) -> list[dict[str, Any]]:
    """Up to `quota` positions from the k-th match, spread over its deals and their parts."""
    m = engine.new_match(game, seed=match_seed(seed, k))
    rng = random.Random(f"pos:{game}:{k}")
    sampler = random.Random(f"sample:{game}:{seed}:{k}")
    buckets: dict[tuple[int, str], list[dict[str, Any]]] = {}
    decision = 0
    while not m.is_over and len(m.deals) <= MAX_DEALS:
        deal = m.deal
        deal_no = len(m.deals)
        kept: list[tuple[str, int, dict[str, Any]]] = []  # phase, nth play decision, position
        plays = 0
        last_phase = None
        while not m.is_over and m.deal is deal:
            phase = str(deal.phase)
            if decision % STRIDE == k % STRIDE or phase != last_phase:
                kept.append(
                    (
                        phase,
                        plays,
                        {
                            "game": game,
                            "record": m.record(),
                            "decision_seed": random.Random(
                                f"dseed:{seed}:{game}:{k}:{decision}"
                            ).randrange(1 << 30),
                            "phase": phase,
                            "where": f"match {k} deal {deal_no} move {len(deal.moves) + 1}",
                        },
                    )
                )
            last_phase = phase
            plays += phase == "play"
            m.play(engine.bots.choose(deal, deal.to_move, rng))
            decision += 1
        for phase, nth, pos in kept:
            buckets.setdefault((deal_no, _tag(phase, nth, plays)), []).append(pos)
    # Buckets in diagonals over (deal, tag), so that a small quota still mixes deals and parts;
    # each match starts at a different bucket.
    order = sorted(buckets, key=lambda b: ((TAGS.index(b[1]) + b[0]) % len(TAGS), b[0]))
    if not order:
        return []
    start = (k * quota) % len(order)
    order = order[start:] + order[:start]
    for b in order:
        sampler.shuffle(buckets[b])
    chosen: list[dict[str, Any]] = []
    while len(chosen) < quota and any(buckets[b] for b in order):
        for b in order:
            if buckets[b] and len(chosen) < quota:
                chosen.append(buckets[b].pop())
    chosen.sort(key=lambda p: (len(p["record"]["deals"]), len(p["record"]["deals"][-1]["moves"])))
    return chosen


def positions(games: list[str] | tuple[str, ...], per_game: int, seed: int) -> list[dict[str, Any]]:
    """`per_game` decision positions per game: {"game", "record", "decision_seed"} (with
    "phase" and "where" for the report), from matches played by the baseline player."""
    per_match = max(2, min(12, math.ceil(per_game / 4)))
    out: list[dict[str, Any]] = []
    for game in games:
        got: list[dict[str, Any]] = []
        k = 0
        while len(got) < per_game:
            if k > 10 * per_game + 10:
                raise RuntimeError(f"{game}: only {len(got)} positions from {k} matches")
            got += _sample_match(game, seed, k, min(per_match, per_game - len(got)))
            k += 1
        out += got
    return out


def decide(positions: list[dict[str, Any]], levels: list[str]) -> list[dict[str, Any]]:
    """Per position: the move and the decision time per level, the baseline move, the
    perfect-information move at the strong level ("see_all", when strong is among `levels`),
    whether each move is legal, and whether the record replays identically.

    Self-contained (only the standard library and the public engine API, imported here): its
    source is also the script the subprocesses run against the other tree.
    """
    import random
    import time

    import engine
    import engine.ai
    import engine.bots

    def err(exc: BaseException) -> str:
        return f"error {type(exc).__name__}: {exc}"

    out: list[dict[str, Any]] = []
    for pos in positions:
        rec = pos["record"]
        dseed = pos["decision_seed"]
        res: dict[str, Any] = {
            "game": pos["game"],
            "phase": None,
            "moves": {},
            "times": {},
            "baseline": None,
            "see_all": None,
            "replay_same": False,
            "illegal": [],
        }
        try:
            m = engine.replay(rec)
            res["replay_same"] = m.record() == rec
            res["phase"] = str(m.deal.phase)
            legal = m.deal.legal_moves()
        except Exception as exc:  # noqa: BLE001  (reported, not raised)
            res["baseline"] = err(exc)
            out.append(res)
            continue
        for level in levels:
            deal = engine.replay(rec).deal
            try:
                t0 = time.perf_counter()
                mv = engine.ai.choose(deal, deal.to_move, level=level, seed=dseed)
                res["times"][level] = time.perf_counter() - t0
            except Exception as exc:  # noqa: BLE001
                mv = err(exc)
            res["moves"][level] = mv
            if mv not in legal:
                res["illegal"].append(level)
        deal = engine.replay(rec).deal
        try:
            mv = engine.bots.choose(deal, deal.to_move, random.Random(dseed))
        except Exception as exc:  # noqa: BLE001
            mv = err(exc)
        res["baseline"] = mv
        if mv not in legal:
            res["illegal"].append("baseline")
        if "strong" in levels:
            deal = engine.replay(rec).deal
            try:
                action = engine.ai.choose_action(deal, deal.to_move, "strong", dseed, see_all=True)
                mv = deal.action_str(action)
            except Exception as exc:  # noqa: BLE001
                mv = err(exc)
            res["see_all"] = mv
            if mv not in legal:
                res["illegal"].append("see_all")
        out.append(res)
    return out


_WORKER_MAIN = """
def _worker_main() -> None:
    import json
    import sys

    import engine
    import engine.ai

    pos_path, out_path, levels_arg, part, parts = sys.argv[1:6]
    with open(pos_path, encoding="utf-8") as f:
        positions = json.load(f)
    levels = levels_arg.split(",")
    idx = list(range(int(part), len(positions), int(parts)))
    results = decide([positions[i] for i in idx], levels)
    for i, r in zip(idx, results):
        r["index"] = i
    meta = {"engine": engine.__file__, "python": sys.version.split()[0],
            "caps": {lv: float(engine.ai.LEVELS.get(lv, {}).get("time_cap", 0.0))
                     for lv in levels}}
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump({"meta": meta, "results": results}, f)


_worker_main()
"""


def worker_script() -> str:
    """The script a subprocess runs (`python3 -c`): `decide` and a main that reads positions
    from a JSON file and writes its share of the results to another."""
    return (
        "from __future__ import annotations\n\nfrom typing import Any\n\n\n"
        + inspect.getsource(decide)
        + "\n"
        + _WORKER_MAIN
    )


def run_tree(
    tree: Path, pos_path: Path, levels: list[str], jobs: int, workdir: Path, name: str
) -> dict[str, Any]:
    """Runs the decide step with `tree`'s engine in `jobs` subprocesses at once; the results
    in position order and the meta data (the engine imported, the levels' time caps)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree)
    env.pop("PYTHONSTARTUP", None)
    script = worker_script()
    procs = []
    for j in range(jobs):
        out = workdir / f"{name}-{j}.json"
        cmd = [
            sys.executable,
            "-c",
            script,
            str(pos_path),
            str(out),
            ",".join(levels),
            str(j),
            str(jobs),
        ]
        procs.append((out, subprocess.Popen(cmd, cwd=tree, env=env)))
    results: list[dict[str, Any]] = []
    meta: dict[str, Any] = {}
    failed = [p.args for _, p in procs if p.wait() != 0]
    if failed:
        raise RuntimeError(f"the decide step failed with the tree {tree} (see above)")
    for out, _ in procs:
        data = json.loads(out.read_text(encoding="utf-8"))
        meta = data["meta"]
        results += data["results"]
    results.sort(key=lambda r: r["index"])
    return {"meta": meta, "results": results}


def merge_rounds(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One tree's rounds as one run: the first round's moves, each decision's least time over
    the rounds, and under "unstable" the positions whose moves changed between rounds (the
    same tree, position, level and seed must give the same move)."""
    first = runs[0]
    unstable: list[tuple[int, str, str, str]] = []  # index, what, first move, later move
    results = []
    for i, r in enumerate(first["results"]):
        r = dict(r, times=dict(r["times"]))
        for later in runs[1:]:
            o = later["results"][i]
            for what in ["replay_same", "baseline", "see_all", *r["moves"]]:
                x, y = _move(r, what), _move(o, what)
                if x != y:
                    unstable.append((i, what, x, y))
            for level, t in o["times"].items():
                r["times"][level] = min(t, r["times"].get(level, t))
        results.append(r)
    return {"meta": first["meta"], "results": results, "unstable": unstable, "rounds": len(runs)}


def pct(ts: list[float], q: float) -> float:
    """The q-quantile (nearest rank, as in bench.engine.strength)."""
    s = sorted(ts)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


def _times(results: list[dict[str, Any]], level: str) -> list[float]:
    return [r["times"][level] for r in results if level in r["times"]]


def _ms(x: float) -> str:
    return "     n/a" if math.isnan(x) else f"{1000 * x:8.1f}"


def _move(r: dict[str, Any], what: str) -> str:
    """One result's move: a level's, or "baseline" or "see_all" (or "replay_same")."""
    if what in ("baseline", "see_all", "replay_same"):
        return str(r[what])
    return str(r["moves"].get(what))


def _near_cap(run: dict[str, Any], level: str) -> int:
    cap = float(run["meta"].get("caps", {}).get(level, 0.0))
    return sum(1 for t in _times(run["results"], level) if cap > 0 and t >= NEAR_CAP * cap)


def _checks(run: dict[str, Any]) -> tuple[int, int, int]:
    """Records not replaying identically, positions with an illegal move, errors."""
    res = run["results"]
    bad_replay = sum(1 for r in res if not r["replay_same"])
    illegal = sum(1 for r in res if r["illegal"])
    errors = sum(
        1
        for r in res
        for mv in [*r["moves"].values(), r["baseline"], r["see_all"]]
        if isinstance(mv, str) and mv.startswith("error ")
    )
    return bad_replay, illegal, errors


def print_positions(pos: list[dict[str, Any]], seed: int) -> None:
    games = Counter(p["game"] for p in pos)
    print(f"positions: {len(pos)} (seed {seed}; generated with {REPO_ROOT})")
    for g, n in games.items():
        ph = Counter(p["phase"] for p in pos if p["game"] == g)
        deals = Counter(len(p["record"]["deals"]) for p in pos if p["game"] == g)
        print(
            f"  {g:<14} {n:4d}   phases: "
            + ", ".join(f"{k} {v}" for k, v in sorted(ph.items()))
            + "   deals: "
            + ", ".join(f"#{k} {v}" for k, v in sorted(deals.items()))
        )


def _print_unstable(name: str, run: dict[str, Any]) -> int:
    """Prints the moves of `run` that changed between its rounds (nondeterminism)."""
    unstable = run.get("unstable", [])
    if run.get("rounds", 1) > 1:
        print(f"{name}: moves that changed between its {run['rounds']} rounds: {len(unstable)}")
        for i, what, x, y in unstable[:10]:
            print(f"  #{i} {what}: {x!r} then {y!r}")
    return len(unstable)


def summary(pos: list[dict[str, Any]], run: dict[str, Any], levels: list[str]) -> int:
    """Prints one tree's decisions; 1 on an illegal move, an error or a replay mismatch."""
    res = run["results"]
    print(f"engine: {run['meta'].get('engine')} (Python {run['meta'].get('python')})")
    for level in levels:
        ts = _times(res, level)
        same = sum(1 for r in res if r["moves"].get(level) == r["baseline"])
        med = statistics.median(ts) if ts else math.nan
        line = (
            f"  {level:<7} {len(ts)} decisions, median {_ms(med).strip()} ms, "
            f"p95 {_ms(pct(ts, 0.95)).strip()} ms; same move as the baseline {same}"
        )
        if level == SEE_ALL_LEVEL:
            line += f", as see_all {sum(1 for r in res if r['moves'].get(level) == r['see_all'])}"
        print(line + f"; near the time cap {_near_cap(run, level)}")
    bad_replay, illegal, errors = _checks(run)
    print(
        f"records not replaying identically: {bad_replay}; positions with an illegal move: "
        f"{illegal}; errors: {errors}"
    )
    for r in res:
        if r["illegal"] or not r["replay_same"]:
            print(
                f"  #{r['index']} {pos[r['index']]['where']} {r['game']}: illegal "
                f"{r['illegal']}, replays identically {r['replay_same']}, moves {r['moves']}, "
                f"baseline {r['baseline']!r}, see_all {r['see_all']!r}"
            )
    unstable = _print_unstable("this tree", run)
    return 1 if bad_replay or illegal or errors or unstable else 0


def compare(
    pos: list[dict[str, Any]],
    new: dict[str, Any],
    old: dict[str, Any],
    levels: list[str],
    against: Path,
) -> int:
    """Prints the differences between the two trees' decisions and times; 1 if any differ."""
    a, b = new["results"], old["results"]
    assert len(a) == len(b) == len(pos)
    print(f"new tree: {REPO_ROOT} (engine {new['meta'].get('engine')})")
    print(f"old tree: {against} (engine {old['meta'].get('engine')})")
    diffs: list[tuple[int, str, str, str]] = []  # index, what, new move, old move
    print("decisions that differ (new vs old):")
    whats = [*levels, "baseline"] + (["see_all"] if SEE_ALL_LEVEL in levels else [])
    labels = {"baseline": "baseline (engine.bots)", "see_all": "see_all (strong, perfect)"}
    for what in whats:
        d = [
            (i, what, _move(x, what), _move(y, what))
            for i, (x, y) in enumerate(zip(a, b, strict=True))
            if _move(x, what) != _move(y, what)
        ]
        print(f"  {labels.get(what, what):<26} {len(d):4d} of {len(pos)}")
        diffs += d
    nb, ni, ne = _checks(new)
    ob, oi, oe = _checks(old)
    print(f"records not replaying identically: new {nb}, old {ob}")
    print(f"positions with an illegal move: new {ni}, old {oi}; errors: new {ne}, old {oe}")
    if diffs:
        print(f"differing positions (first {min(10, len(diffs))} of {len(diffs)}):")
        for i, what, x, y in sorted(diffs)[:10]:
            p = pos[i]
            print(
                f"  #{i} {p['game']} {what} phase {a[i]['phase'] or p['phase']} ({p['where']}, "
                f"decision seed {p['decision_seed']}): new {x!r}, old {y!r}"
            )
    rounds = new.get("rounds", 1)
    print(
        "decision time per level (ms; new tree first, then old, one after the other"
        + (f"; each decision's least time over {rounds} rounds" if rounds > 1 else "")
        + "):"
    )
    print(
        f"  {'level':<7} {'new med':>8} {'new p95':>8} {'old med':>8} {'old p95':>8}"
        f" {'med new/old':>12} {'p95 new/old':>12}  near cap new/old"
    )
    for level in levels:
        tn, to = _times(a, level), _times(b, level)
        mn = statistics.median(tn) if tn else math.nan
        mo = statistics.median(to) if to else math.nan
        pn, po = pct(tn, 0.95), pct(to, 0.95)
        rm = mn / mo if mo and not math.isnan(mo) else math.nan
        rp = pn / po if po and not math.isnan(po) else math.nan
        print(
            f"  {level:<7} {_ms(mn)} {_ms(pn)} {_ms(mo)} {_ms(po)} {rm:12.3f} {rp:12.3f}"
            f"  {_near_cap(new, level)}/{_near_cap(old, level)}"
        )
    unstable = _print_unstable("new tree", new) + _print_unstable("old tree", old)
    bad = bool(diffs) or bool(unstable) or any((nb, ni, ne, ob, oi, oe))
    print("result: " + ("DIFFERENCES found (exit 1)" if bad else "no differences (exit 0)"))
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python3 -m bench.engine.decisions",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    ap.add_argument(
        "--against",
        type=Path,
        default=None,
        help="another source tree (its root, holding engine/) to compare with",
    )
    ap.add_argument("--per-game", type=int, default=100, help="positions per game (default 100)")
    ap.add_argument("--levels", default="normal,strong", help="default normal,strong")
    ap.add_argument("--seed", type=int, default=1, help="seed of the positions (default 1)")
    ap.add_argument("--jobs", type=int, default=1, help="processes per tree (default 1)")
    ap.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="decide R times per tree, alternating the trees; times are each "
        "decision's least, and a move that changes between rounds is reported "
        "(default 1)",
    )
    ap.add_argument(
        "--games", default=",".join(engine.available_games()), help="default: every game"
    )
    ap.add_argument(
        "--save",
        type=Path,
        default=None,
        help="write the positions and both trees' results to this JSON file",
    )
    args = ap.parse_args(argv)
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    if min(args.per_game, args.jobs, args.repeat) < 1 or not levels:
        ap.error("--per-game, --jobs and --repeat must be at least 1, --levels not empty")
    if args.against is not None and not (args.against / "engine" / "__init__.py").is_file():
        ap.error(f"{args.against} has no engine/__init__.py")
    pos = positions(games, args.per_game, args.seed)
    print_positions(pos, args.seed)
    print(f"levels: {', '.join(levels)}; processes per tree: {args.jobs}; rounds: {args.repeat}")
    with tempfile.TemporaryDirectory(prefix="decisions-") as tmp:
        work = Path(tmp)
        pos_path = work / "positions.json"
        pos_path.write_text(json.dumps(pos), encoding="utf-8")
        new_runs: list[dict[str, Any]] = []
        old_runs: list[dict[str, Any]] = []
        try:
            for r in range(args.repeat):
                new_runs.append(run_tree(REPO_ROOT, pos_path, levels, args.jobs, work, f"new{r}"))
                if args.against is not None:
                    old_runs.append(
                        run_tree(
                            args.against.resolve(), pos_path, levels, args.jobs, work, f"old{r}"
                        )
                    )
        except RuntimeError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        new = merge_rounds(new_runs)
        old = merge_rounds(old_runs) if old_runs else None
    if args.save is not None:
        args.save.write_text(
            json.dumps({"positions": pos, "new": new, "old": old}), encoding="utf-8"
        )
    if old is None:
        return summary(pos, new, levels)
    return compare(pos, new, old, levels, args.against.resolve())


if __name__ == "__main__":
    raise SystemExit(main())
