"""The computer players' strength, measured in duplicate: `python -m bench.engine strength`.

Each deal (the first deal of a match from seed i) is played several times with the same cards:
- games for one (Koz Maça, Batak, Bidding Kozel): once by four baseline players, then once per
  seat with the tested player in that seat and baseline players in the others; the tested
  player's result in a seat is compared with the baseline's result in the same seat;
- team games (partnership Batak, Kozel): the tested pair against a baseline pair, then the
  teams swapped; the pair's result is compared with the baseline pair's in the same seats.
Card luck cancels, so a few hundred deals give a tight interval. The tested players are the
chosen level and the perfect-information player (the same search, allowed to see every
card), the upper bound. Decision times are measured on the tested level's own decisions.

Decision time per level is printed as the median and 95th percentile in CPython. The page's own
decision times, in Chromium, are the site builder's to measure (the engine never drives a
browser): `python3 build.py bench strength` runs this benchmark and then the page's.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from engine import ai, available_games, bots, new_match
from engine.core import Action, Deal

UNITS = {
    "koz-maca": "tricks per deal",
    "batak": "points per deal",
    "batak-pairs": "team points per deal",
    "kozel-miner": "penalty points per cycle (fewer taken is better; shown as saved)",
    "kozel-classic": "penalty points per cycle (fewer taken is better; shown as saved)",
    "bidding-kozel": "stakes per round",
}
TEAM_GAMES = {"batak-pairs", "kozel-miner", "kozel-classic"}

# The yardstick, frozen: the perfect-information player's advantage over the baseline as
# measured before the inference and exact-ending work (this benchmark, 120 deals a game, seed
# 1; the search then used heuristic playouts on the true hands). The goals are shares of it,
# so that a stronger search (which would also raise a live perfect-information figure) is
# measured against the same bar; `--no-upper` skips the live figure.
FROZEN_UPPER = {
    "koz-maca": 0.702,
    "batak": 0.800,
    "batak-pairs": 5.142,
    "kozel-miner": 1.546,
    "kozel-classic": 2.267,
    "bidding-kozel": 1.415,
}
GOAL_SHARE = 0.6  # strong - baseline >= this share of FROZEN_UPPER (every game but one)
GOAL_BIDDING_KOZEL = 0.40  # stakes per round: Bidding Kozel's goal, in its own unit
FAIR_GAMES = {"bidding-kozel"}  # games with a fair yardstick: every hand seen, the stock not

Player = Callable[[Deal, int], Action]


def score(deal: Deal, seat: int) -> float:
    """The seat's result of a finished deal, larger is better, in the game's unit."""
    res = deal.result
    assert res is not None
    if deal.game == "koz-maca":
        return float(res["tricks"][seat])
    if deal.game.startswith("kozel"):
        return -float(res["delta"][seat])  # penalty points taken by the seat's team
    return float(res["delta"][seat])


def _baseline(deal: Deal, seed: int) -> Action:
    seat = deal.to_move
    return bots.choose_action(deal, random.Random(f"base:{seed}:{seat}:{len(deal.moves)}"))


class Timed:
    """A searching player that records how long each of its decisions takes."""

    def __init__(self, level: str, see_all: bool = False, see_hands: bool = False) -> None:
        self.level = level
        self.see_all = see_all
        self.see_hands = see_hands
        self.times: list[float] = []

    def __call__(self, deal: Deal, seed: int) -> Action:
        t = time.perf_counter()
        a = ai.choose_action(
            deal, level=self.level, seed=seed, see_all=self.see_all, see_hands=self.see_hands
        )
        self.times.append(time.perf_counter() - t)
        return a


def play(game: str, seed: int, seats: list[Callable[[Deal, int], Action] | None]) -> Deal:
    """Plays the first deal of match `seed`; seats[s] None = the baseline."""
    m = new_match(game, seed=seed)
    d = m.deal
    while d.phase != "over":
        s = d.to_move
        assert s is not None
        p = seats[s]
        a = _baseline(d, seed) if p is None else p(d, seed * 31 + len(d.moves))
        d.play_action(a)
    return d


def duplicate(
    game: str, seed: int, player: Callable[[Deal, int], Action], base: Deal | None = None
) -> tuple[float, Deal]:
    """The tested player's mean advantage over the baseline on deal `seed` (and the all-baseline
    deal, reusable for another player)."""
    n = new_match(game, seed=seed).players
    if game in TEAM_GAMES:
        a = play(game, seed, [player if s % 2 == 0 else None for s in range(n)])
        b = play(game, seed, [player if s % 2 == 1 else None for s in range(n)])
        adv = ((score(a, 0) - score(b, 0)) + (score(b, 1) - score(a, 1))) / 2.0
        return adv, a
    if base is None:
        base = play(game, seed, [None] * n)
    tot = 0.0
    for k in range(n):
        d = play(game, seed, [player if s == k else None for s in range(n)])
        tot += score(d, k) - score(base, k)
    return tot / n, base


def play_match(
    game: str, seed: int, seats: list[Callable[[Deal, int], Action] | None], max_deals: int = 60
) -> list[int]:
    """Plays a whole match (at most `max_deals` deals); returns the winners (seats)."""
    m = new_match(game, seed=seed)
    while not m.is_over and len(m.deals) <= max_deals:
        d = m.deal
        s = d.to_move
        assert s is not None
        p = seats[s]
        a = (
            _baseline(d, seed * 1000 + len(m.deals))
            if p is None
            else p(d, seed * 31 + 7 * len(m.deals) + len(d.moves))
        )
        m.play_action(a)
    return list(m.winners) if m.is_over else []


def matches_won(
    game: str, n: int, player: Callable[[Deal, int], Action], first_seed: int
) -> tuple[int, int]:
    """Team games: matches the tested pair wins out of 2n (n seeds, the teams swapped)."""
    won = 0
    for i in range(n):
        for side in (0, 1):
            seats: list[Callable[[Deal, int], Action] | None] = [
                player if s % 2 == side else None for s in range(4)
            ]
            w = play_match(game, first_seed + i, seats)
            if w and w[0] % 2 == side:
                won += 1
    return won, 2 * n


def ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % confidence interval."""
    if not xs:
        return 0.0, float("nan")
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, float("nan")
    return m, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def pct(ts: list[float], q: float) -> float:
    s = sorted(ts)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


def fmt_ci(m: float, h: float) -> str:
    if math.isnan(h):
        return f"{m:+.3f}  [95% CI n/a: needs 2 deals or more]"
    return f"{m:+.3f}  [95% CI {m - h:+.3f}, {m + h:+.3f}]"


def one_deal(
    job: tuple[str, int, str, bool],
) -> tuple[float, float | None, float | None, list[float], float | None]:
    """One deal in duplicate: the tested level's advantage, the perfect-information player's
    (or None), the baseline's own mean (games for one), the tested level's decision times and
    the fair yardstick's advantage (FAIR_GAMES, else None)."""
    game, seed, level, upper = job
    tested = Timed(level)
    a, base = duplicate(game, seed, tested)
    own = (
        None
        if game in TEAM_GAMES
        else statistics.fmean(score(base, s) for s in range(base.players))
    )
    u = None
    if upper:
        u, _ = duplicate(
            game, seed, Timed(level, see_all=True), None if game in TEAM_GAMES else base
        )
    fair = None
    if game in FAIR_GAMES:
        fair, _ = duplicate(
            game, seed, Timed(level, see_hands=True), None if game in TEAM_GAMES else base
        )
    return a, u, own, tested.times, fair


def run_game(
    game: str,
    deals: int,
    level: str,
    upper: bool,
    first_seed: int,
    out: Any,
    matches: int = 0,
    jobs: int = 1,
) -> dict[str, Any]:
    tested = Timed(level)
    t0 = time.perf_counter()
    work = [(game, first_seed + i, level, upper) for i in range(deals)]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            done = pool.map(one_deal, work, chunksize=1)
    else:
        done = [one_deal(w) for w in work]
    adv = [a for a, _, _, _, _ in done]
    adv_up = [u for _, u, _, _, _ in done if u is not None]
    base_scores = [b for _, _, b, _, _ in done if b is not None]
    adv_fair = [f for _, _, _, _, f in done if f is not None]
    for _, _, _, ts, _ in done:
        tested.times.extend(ts)
    m, h = ci(adv)
    print(
        f"{game}: {UNITS.get(game, 'points per deal')}, {deals} deals in duplicate "
        f"({time.perf_counter() - t0:.0f} s)",
        file=out,
    )
    if base_scores:
        print(f"  baseline's own mean            {statistics.fmean(base_scores):.3f}", file=out)
    print(f"  {level:<6} - baseline            {fmt_ci(m, h)}", file=out)
    row: dict[str, Any] = {"game": game, "deals": deals, "adv": m, "ci": h}
    if upper:
        mu, hu = ci(adv_up)
        print(f"  perfect-info - baseline        {fmt_ci(mu, hu)}", file=out)
        row.update(upper=mu, upper_ci=hu)
        if mu > 0:
            print(
                f"  share of the baseline->perfect-info gap closed: {100 * m / mu:.0f}%", file=out
            )
            row["gap_closed"] = m / mu
    frozen = FROZEN_UPPER.get(game)
    if frozen:
        print(
            f"  frozen perfect-info - baseline {frozen:+.3f}  (share of it: "
            f"{100 * m / frozen:.0f}%)",
            file=out,
        )
        row["frozen_share"] = m / frozen
    if adv_fair:
        mf, hf = ci(adv_fair)
        print(
            f"  fair yardstick - baseline      {fmt_ci(mf, hf)}  (every hand seen, the "
            f"stock's order not)",
            file=out,
        )
        row.update(fair=mf, fair_ci=hf)
        if mf > 0:
            print(
                f"  share of the baseline->fair-yardstick gap closed: {100 * m / mf:.0f}%", file=out
            )
            row["fair_closed"] = m / mf
    if matches and game.startswith("kozel"):
        t1 = time.perf_counter()
        won, of = matches_won(game, matches, tested, first_seed)
        print(
            f"  matches won by the {level} pair against a baseline pair: {won} of {of} "
            f"({100 * won / of:.0f}%; {time.perf_counter() - t1:.0f} s)",
            file=out,
        )
        row["matches"] = (won, of)
    ts = tested.times
    print(
        f"  {level} decision time: median {1000 * statistics.median(ts):.1f} ms, "
        f"p95 {1000 * pct(ts, 0.95):.1f} ms, max {1000 * max(ts):.1f} ms "
        f"({len(ts)} decisions)",
        file=out,
    )
    row["times"] = ts
    out.flush()
    return row


def goal_line(r: dict[str, Any]) -> str:
    """The game's goal: strong - baseline >= GOAL_SHARE of the frozen perfect-information
    figure (Bidding Kozel: >= GOAL_BIDDING_KOZEL stakes a round), with the 95 % interval."""
    g = r["game"]
    if g == "bidding-kozel":
        bar = GOAL_BIDDING_KOZEL
        what = f"{g}: strong - baseline >= {bar:+.2f}"
    elif g in FROZEN_UPPER:
        bar = GOAL_SHARE * FROZEN_UPPER[g]
        what = (
            f"{g}: strong - baseline >= {bar:+.3f} ({100 * GOAL_SHARE:.0f}% of the frozen "
            f"{FROZEN_UPPER[g]:+.3f})"
        )
    else:
        return f"goal '{g}': none set"
    m, h = r["adv"], r["ci"]
    extra = (
        f", {100 * r['fair_closed']:.0f}% of the fair yardstick's gap" if "fair_closed" in r else ""
    )
    return f"goal '{what}': {'met' if m >= bar else 'NOT met'} ({fmt_ci(m, h)}{extra})"


def time_level(games: list[str], level: str, deals: int, out: Any) -> list[float]:
    """Decision times of `level` when it plays every seat of a few deals."""
    p = Timed(level)
    for g in games:
        for i in range(deals):
            m = new_match(g, seed=10_000 + i)
            play(g, 10_000 + i, [p] * m.players)
    return p.times


# Where the page's decision times come from (printed after the CPython figures).
PAGE_HINT = (
    "the page's own decision times in Chromium: python3 build.py bench page-ai "
    "(or python3 build.py bench strength ... for both)"
)


def parse_setting(text: str) -> list[tuple[Any, str, Any]]:
    """`module.NAME=value;...` (a module of engine/players, an upper-case setting it has, a
    Python literal) as (module, name, value) triples; "" is no change."""
    import ast
    import importlib

    out: list[tuple[Any, str, Any]] = []
    for part in filter(None, (p.strip() for p in text.split(";"))):
        lhs, eq, rhs = part.partition("=")
        mod_name, dot, name = lhs.strip().rpartition(".")
        if not (eq and dot and name.isupper()):
            raise ValueError(f"not module.NAME=value: {part!r}")
        mod = importlib.import_module(f"engine.players.{mod_name}")
        if not hasattr(mod, name):
            raise ValueError(f"engine.players.{mod_name} has no setting {name}")
        out.append((mod, name, ast.literal_eval(rhs.strip())))
    return out


def pairs(
    game: str,
    first_seed: int,
    deals: int,
    settings: list[str],
    out: Any,
    level: str = ai.DEFAULT_LEVEL,
) -> list[list[float]]:
    """Duplicate pairs: each setting's advantage over the baseline on the same deals (the
    all-baseline deal shared), and each setting's difference from the first, with 95 %
    intervals. A setting holds only while its own deals are played."""
    parsed = [parse_setting(t) for t in settings]
    res: list[list[float]] = [[] for _ in settings]
    times: list[list[float]] = [[] for _ in settings]
    for i in range(deals):
        seed = first_seed + i
        base: Deal | None = None
        for j, changes in enumerate(parsed):
            old = [(m, n, getattr(m, n)) for m, n, _ in changes]
            for m, n, v in changes:
                setattr(m, n, v)
            try:
                p = Timed(level)
                a, b = duplicate(game, seed, p, None if game in TEAM_GAMES else base)
            finally:
                for m, n, v in reversed(old):
                    setattr(m, n, v)
            base = b
            res[j].append(a)
            times[j].extend(p.times)
    for j, text in enumerate(settings):
        m, h = ci(res[j])
        print(
            f"  {text or '(as it is)'}: {fmt_ci(m, h)}; decision median "
            f"{1000 * statistics.median(times[j]):.1f} ms, p95 "
            f"{1000 * pct(times[j], 0.95):.1f} ms",
            file=out,
        )
    for j in range(1, len(settings)):
        m, h = ci([y - x for x, y in zip(res[0], res[j])])
        print(f"  {settings[j]} minus {settings[0] or '(as it is)'}: {fmt_ci(m, h)}", file=out)
    return res


def pairs_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bench.engine strength pairs",
        description="duplicate pairs on the same deals: settings of the searches compared",
    )
    ap.add_argument("game")
    ap.add_argument(
        "settings",
        nargs="+",
        help="per player: module.NAME=value;... of engine/players ('' = as it is)",
    )
    ap.add_argument("--seed", type=int, default=41, help="seed of the first deal (default 41)")
    ap.add_argument("--deals", type=int, default=60, help="deals (default 60)")
    args = ap.parse_args(argv)
    if args.game not in available_games():
        ap.error(f"unknown or unavailable game {args.game!r}")
    try:
        for t in args.settings:
            parse_setting(t)
    except (ValueError, SyntaxError, ImportError) as e:
        ap.error(str(e))
    print(f"duplicate pairs, {args.game}, {args.deals} deals from seed {args.seed}")
    pairs(args.game, args.seed, args.deals, args.settings, sys.stdout)
    return 0


def main(argv: list[str] | None = None, page_hint: bool = True) -> int:
    """The benchmark's command line; `page_hint` prints where the page's times come from.
    `strength pairs ...` compares settings of the searches (`pairs_main`)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "pairs":
        return pairs_main(argv[1:])
    ap = argparse.ArgumentParser(
        prog="python -m bench.engine strength",
        description="duplicate strength benchmark of the computer players",
    )
    ap.add_argument("--deals", type=int, default=500, help="deals per game (default 500)")
    ap.add_argument(
        "--games",
        default=",".join(available_games()),
        help="comma-separated games (default: every available game)",
    )
    ap.add_argument(
        "--level", default=ai.DEFAULT_LEVEL, choices=[k for k in ai.LEVELS if k != "easy"]
    )
    ap.add_argument("--no-upper", action="store_true", help="skip the perfect-information player")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first deal (default 1)")
    ap.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="worker processes for the deals (default 1; decision times are then "
        "measured under that load)",
    )
    ap.add_argument(
        "--matches",
        type=int,
        default=10,
        help="Kozel: whole matches per side for 'matches won' (default 10, 0 = skip)",
    )
    ap.add_argument(
        "--timing-deals",
        type=int,
        default=2,
        help="deals per game for the per-level decision times (default 2)",
    )
    args = ap.parse_args(argv)
    for name, least in (("deals", 1), ("jobs", 1), ("matches", 0), ("timing_deals", 0)):
        if getattr(args, name) < least:
            ap.error(
                f"--{name.replace('_', '-')} must be at least {least}, not {getattr(args, name)}"
            )
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    for g in games:
        if g not in available_games():
            ap.error(
                f"unknown or unavailable game {g!r} (available: {', '.join(available_games())})"
            )
    out = sys.stdout
    print(
        f"duplicate strength benchmark, CPython {sys.version.split()[0]}, level {args.level}, "
        f"playouts per decision {ai.LEVELS[args.level]['playouts']}",
        file=out,
    )
    rows = [
        run_game(
            g, args.deals, args.level, not args.no_upper, args.seed, out, args.matches, args.jobs
        )
        for g in games
    ]
    print("decision time per level (CPython, every seat played by the level):", file=out)
    for level in ai.LEVELS:
        if level == "easy":
            ts = time_level(games, "easy", 1, out)
        elif level == args.level:
            ts = [t for r in rows for t in r["times"]]
        else:
            ts = time_level(games, level, args.timing_deals, out)
        if ts:
            print(
                f"  {level:<7} median {1000 * statistics.median(ts):7.2f} ms   "
                f"p95 {1000 * pct(ts, 0.95):7.2f} ms   ({len(ts)} decisions)",
                file=out,
            )
    if page_hint:
        print(PAGE_HINT, file=out)
    ok = all(r["adv"] - r["ci"] > 0 for r in rows)
    print(
        f"goal 'beats the baseline in every game (CI above zero)': {'met' if ok else 'NOT met'}",
        file=out,
    )
    for r in rows:
        print(goal_line(r), file=out)
    all_ts = [t for r in rows for t in r["times"]]
    if all_ts and args.level == ai.DEFAULT_LEVEL:
        p95 = 1000 * pct(all_ts, 0.95)
        print(
            f"goal 'p95 decision time <= 150 ms in CPython at the default level': "
            f"{'met' if p95 <= 150 else 'NOT met'} ({p95:.1f} ms)",
            file=out,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
