"""Card-play puzzles from real positions, proved by the open-deal solver (docs/puzzles.md).

    python3 -m engine.content.puzzles build --out puzzles --seed 1 --per-game 200
    python3 -m engine.content.puzzles check puzzles/batak.json

    loaded = load_puzzles(text)                 # never raises on bad input
    loaded.puzzles, loaded.errors               # Puzzle values; Messages naming each problem
    deal = loaded.puzzles[0].position()         # the engine deal at the puzzle's position
    prove(loaded.puzzles[0])                    # [] when the solver confirms it, else Messages

A puzzle is a position in card play (an engine record: one deal with its `hands` and the moves
up to the position) where one card, or one run of equivalent cards, is clearly best for the
seat to move: every other legal move loses at least a trick (Kozel: 10 card points, or a
penalty step) for the mover's side, measured as the most tricks (card points) the side can
force from the position. Two kinds:

- `open`: every hand visible; the solver proves it on the deal itself.
- `closed`: the mover sees only its own hand and the cards played; the card is best in every
  layout of the unseen cards consistent with that view (voids, as the engine's resampler
  knows them): all the layouts when there are at most `LAYOUTS`, else the deal's own layout
  and `LAYOUTS` others drawn by the resampler from the puzzle's layout seed.

The mover's side: Koz Maça the seat alone; auction Batak the declarer alone, or the three
defenders together; partnership Batak and Kozel the team.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..cards import sort_key
from ..core import Deal, Match
from ..messages import Message, msg
from . import puzzle_messages  # noqa: F401  (the messages below)
from .puzzle_file import (  # noqa: F401  (the loader's part, re-exported)
    FILE_FIELDS,
    FORMAT,
    GAMES,
    KINDS,
    LAYOUTS,
    PUZZLE_FIELDS,
    VERSION,
    Loaded,
    Puzzle,
    PuzzleError,
    load_puzzles,
    main_line,
    parse_puzzle,
    side_of,
    unit_of,
)

KOZEL_MARGIN = 10  # card points a wrong card must lose in Kozel (or a penalty step)
NATURAL_SEEDS = 6  # decisions of the sampling player asked for each puzzle's difficulty

# Cards a hand of the mover where positions are looked for, per kind (the solver is fast
# there: hundredths of a second a position).
OPEN_CARDS = {
    "koz-maca": (3, 7),
    "batak": (3, 7),
    "batak-pairs": (3, 7),
    "kozel-miner": (3, 6),
    "kozel-classic": (2, 5),
}
CLOSED_CARDS = {
    "koz-maca": (2, 6),
    "batak": (2, 6),
    "batak-pairs": (2, 6),
    "kozel-miner": (2, 5),
    "kozel-classic": (2, 4),
}


# --------------------------------------------------------------------------------------------
# What a position is worth


def step_of(points: int) -> int:
    """Kozel: the penalty band of a team's card points in the cycle (0 lost without spas,
    1 lost with spas, 2 eggs, 3 won with the others on spas, 4 won outright)."""
    if points <= 30:
        return 0
    if points < 60:
        return 1
    if points == 60:
        return 2
    if points <= 89:
        return 3
    return 4


def loses(game: str, already: int, best: int, value: int) -> bool:
    """Whether a move worth `value` (from the position) is clearly worse than `best`: a trick
    less, or in Kozel 10 card points less or a lower penalty band."""
    if unit_of(game) == "tricks":
        return value < best
    return best - value >= KOZEL_MARGIN or step_of(already + value) < step_of(already + best)


def _solver(deal: Deal, side: Sequence[int]) -> Any:
    from ..solver import Solver

    return Solver(deal, side)


def move_classes(deal: Deal, side: Sequence[int]) -> list[tuple[str, ...]]:
    """The legal moves of the seat to move in runs of equivalent cards."""
    return list(_solver(deal, side).move_classes())


def _values(deal: Deal, side: Sequence[int]) -> tuple[dict[str, int], int]:
    """The value after each legal move, and what the side already took."""
    s = _solver(deal, side)
    vals: dict[str, int] = s.move_values()
    return {m: vals[m] for m in deal.legal_moves()}, int(s.already)


def taken_from(deal: Deal, side: Sequence[int], moves: Sequence[str]) -> int:
    """What `side` takes from `deal`'s position over `moves` (tricks or card points,
    counting the cards of the trick in progress), as the solver counts a value."""
    from ..solver import Solver

    d = deal.clone()
    before = Solver(d, side).already
    for mv in moves:
        d.play(mv)
    return int(Solver(d, side).already) - int(before)


# --------------------------------------------------------------------------------------------
# Layouts of the unseen cards (closed puzzles)


def _view(deal: Deal, seat: int) -> tuple[list[int], dict[int, int], dict[int, set[int]]]:
    """The cards `seat` cannot see, how many each other seat holds, and which of them each
    may hold (the voids the plays proved), as the engine's resampler knows them."""
    obs = deal.observation(seat)
    played = obs.played_cards()
    hand = set(obs.hand)
    unseen = [c for c in deal.deck_cards() if c not in played and c not in hand]
    voids = obs.voids()  # type: ignore[attr-defined]
    eff = getattr(deal, "_eff", None)
    sizes = {s: obs.hand_sizes[s] for s in range(4) if s != seat}

    def group(c: int) -> int:
        return int(eff[c]) if eff else c >> 4

    allowed = {s: {c for c in unseen if group(c) not in voids[s]} for s in sizes}
    return unseen, sizes, allowed


def _layout_key(deal: Deal) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sorted(deal.hand_cards(s))) for s in range(4))


def _with_hands(deal: Deal, hands: Mapping[int, Sequence[int]]) -> Deal:
    world = deal.clone()
    for s, h in hands.items():
        world._hands[s] = sorted(h, key=sort_key)
    return world


def _enumerate(
    unseen: list[int], sizes: dict[int, int], allowed: dict[int, set[int]], limit: int
) -> list[dict[int, list[int]]]:
    """Up to `limit` layouts of `unseen` within `allowed` and `sizes`, in a fixed order."""
    seats = sorted(sizes)
    cards = sorted(unseen, key=lambda c: (sum(c in allowed[s] for s in seats), c))
    room = dict(sizes)
    hands: dict[int, list[int]] = {s: [] for s in seats}
    out: list[dict[int, list[int]]] = []

    def go(k: int) -> None:
        if len(out) >= limit:
            return
        if k == len(cards):
            out.append({s: list(h) for s, h in hands.items()})
            return
        c = cards[k]
        for s in seats:
            if room[s] and c in allowed[s]:
                room[s] -= 1
                hands[s].append(c)
                go(k + 1)
                hands[s].pop()
                room[s] += 1

    go(0)
    return out


def layouts(deal: Deal, seat: int, seed: int, count: int = LAYOUTS) -> tuple[list[Deal], bool]:
    """The layouts a closed puzzle is proved on, and whether they are all the consistent
    layouts: every one when there are at most `count` + 1, else the deal's own layout first
    and then `count` distinct others drawn by the engine's resampler from `seed` (a draw the
    resampler made outside the view, which it does only when the view cannot be met, is
    passed over)."""
    unseen, sizes, allowed = _view(deal, seat)
    every = _enumerate(unseen, sizes, allowed, count + 2)
    if len(every) <= count + 1:
        return [_with_hands(deal, h) for h in every], True
    own = _layout_key(deal)
    worlds = [deal.clone()]
    seen = {own}
    rng = random.Random(seed)
    tries = 0
    while len(worlds) < count + 1 and tries < 50 * count:
        tries += 1
        w = deal.resample(seat, rng)
        key = _layout_key(w)
        if key in seen:
            continue
        if any(c not in allowed[s] for s in sizes for c in w.hand_cards(s)):
            continue
        seen.add(key)
        worlds.append(w)
    return worlds, False


# --------------------------------------------------------------------------------------------
# Judging a position


@dataclass
class Verdict:
    """A position's proof: the value in the deal's own layout, the right moves, the moves that
    lose (in the deal, or in some layout), and for closed puzzles the layouts."""

    value: int
    best: tuple[str, ...]
    losing: tuple[str, ...]
    legal: tuple[str, ...]
    layouts: dict[str, Any] | None = None
    why: str = ""

    @property
    def ok(self) -> bool:
        return not self.why


def judge_open(deal: Deal, side: Sequence[int]) -> Verdict:
    """Whether the position is an open puzzle for the seat to move (`why` empty when it is)."""
    legal = tuple(deal.legal_moves())
    vals, already = _values(deal, side)
    top = max(vals.values())
    best = tuple(m for m in legal if vals[m] == top)
    losing = tuple(m for m in legal if m not in best and loses(deal.game, already, top, vals[m]))
    v = Verdict(top, best, losing, legal)
    _check_shape(deal, side, v)
    return v


def judge_closed(deal: Deal, side: Sequence[int], seed: int, count: int = LAYOUTS) -> Verdict:
    """Whether the position is a closed puzzle for the seat to move: the right moves keep the
    value in every layout; every other move loses clearly in at least one."""
    seat = deal.to_move
    assert seat is not None
    legal = tuple(deal.legal_moves())
    worlds, complete = layouts(deal, seat, seed, count)
    keep = set(legal)
    lost: set[str] = set()
    own = _layout_key(deal)
    value = None
    for w in worlds:
        vals, already = _values(w, side)
        top = max(vals.values())
        if _layout_key(w) == own:
            value = top
        keep &= {m for m in legal if vals[m] == top}
        lost |= {m for m in legal if vals[m] != top and loses(deal.game, already, top, vals[m])}
        if not keep:
            break
    best = tuple(m for m in legal if m in keep)
    losing = tuple(m for m in legal if m in lost and m not in keep)
    info = {"seed": seed, "count": len(worlds), "all": complete}
    v = Verdict(-1 if value is None else value, best, losing, legal, info)
    if not complete and len(worlds) < count + 1:
        v.why = f"only {len(worlds)} layouts found"
    else:
        _check_shape(deal, side, v)
    return v


def _check_shape(deal: Deal, side: Sequence[int], v: Verdict) -> None:
    """A puzzle needs a right move, one run of equivalent cards as the right moves, and every
    other legal move losing clearly."""
    if not v.best:
        v.why = "no move is best in every layout"
        return
    wrong = [m for m in v.legal if m not in v.best]
    if not wrong:
        v.why = "every legal move is best"
        return
    if set(wrong) - set(v.losing):
        v.why = "some other move does not lose clearly: " + " ".join(
            m for m in wrong if m not in v.losing
        )
        return
    classes = move_classes(deal, side)
    if not any(set(v.best) == set(c) for c in classes):
        v.why = "the right moves are not one run of equivalent cards: " + " ".join(v.best)


# --------------------------------------------------------------------------------------------
# The computer players (decisions with no time cap, so that a build replays exactly)


def player_move(deal: Deal, level: str, seed: int) -> str:
    """The move of the computer player at `level` for the seat to move, as
    `engine.ai.choose` makes it but without the time cap (the same move whenever the cap
    does not stop the search)."""
    from ..players import levels

    seat = deal.to_move
    assert seat is not None
    obs = deal.observation(seat)
    legal = list(obs.legal)
    budget = int(levels.LEVELS[level]["playouts"])
    fn = levels._searcher(obs.game) if budget > 0 else None
    if fn is None or len(legal) == 1:
        return levels.choose(deal, level="easy", seed=seed)
    rng = levels.decision_rng(obs, seed)
    worlds = levels.Worlds(lambda r, n: deal.resample_many(seat, r, n), None)
    return deal.action_str(fn(obs, budget, rng, worlds, None))


def difficulty(deal: Deal, v: Verdict, seed: int) -> dict[str, Any]:
    """How hard the puzzle is: `losing` (legal moves that lose) of `legal`, whether the
    baseline player finds a right move, `natural` (the share of the sampling player's
    decisions, over NATURAL_SEEDS seeds, that pick a wrong card), and `rating` 1..5:
    1, +2 when the baseline misses, +1 when the sampling player sometimes picks a wrong
    card, +1 more when it does so at least half the time."""
    from ..players import levels

    base = levels.choose(deal, level="easy", seed=seed) in v.best
    wrong = sum(player_move(deal, "normal", seed + k) not in v.best for k in range(NATURAL_SEEDS))
    natural = round(wrong / NATURAL_SEEDS, 2)
    rating = 1 + (0 if base else 2) + (1 if wrong else 0) + (1 if 2 * wrong >= NATURAL_SEEDS else 0)
    return {
        "losing": len(v.losing),
        "legal": len(v.legal),
        "baseline": base,
        "natural": natural,
        "rating": min(5, rating),
    }


# --------------------------------------------------------------------------------------------
# Building


def _start(game: str, seed: int) -> Match | None:
    """A new match whose first deal is played (None when the first deal was dealt again)."""
    m = Match(game, seed=seed)
    if len(m.deals) != 1:
        return None
    return m


def _record_at(m: Match) -> dict[str, Any]:
    rec = m.record()
    return {
        "game": rec["game"],
        "seed": rec["seed"],
        "players": rec["players"],
        "options": rec["options"],
        "deals": rec["deals"][-1:],
    }


@dataclass
class Found:
    """A position that passed as a puzzle, before its lines and difficulty are worked out."""

    kind: str
    record: dict[str, Any]
    deal: Deal
    seat: int
    side: tuple[int, ...]
    verdict: Verdict
    deal_seed: int


def candidates(game: str, deal_seed: int, closed_tries: int = 6) -> Iterator[Found]:
    """The positions of one deal the sampling players play ("normal", no time cap) that pass
    as puzzles: open ones, and closed ones among the first `closed_tries` positions that pass
    as open ones in the closed range of cards, until one passes."""
    m = _start(game, deal_seed)
    if m is None:
        return
    d = m.deal
    lo, hi = OPEN_CARDS[game]
    clo, chi = CLOSED_CARDS[game]
    tried = 0
    closed_found = False
    while d.phase != "over" and m.deal is d:
        seat = d.to_move
        assert seat is not None
        if d.phase == "play" and len(d.legal_moves()) > 1:
            k = len(d.hand_cards(seat))
            side = side_of(d, seat)
            if lo <= k <= hi or clo <= k <= chi:
                v = judge_open(d, side)
                if v.ok and lo <= k <= hi:
                    yield Found("open", _record_at(m), d.clone(), seat, side, v, deal_seed)
                if v.ok and clo <= k <= chi and tried < closed_tries and not closed_found:
                    tried += 1
                    lseed = deal_seed * 1000 + len(d.moves)
                    cv = judge_closed(d, side, lseed)
                    if cv.ok:
                        closed_found = True
                        yield Found("closed", _record_at(m), d.clone(), seat, side, cv, deal_seed)
        m.play(player_move(d, "normal", deal_seed))


def _puzzle(f: Found) -> dict[str, Any]:
    """The stored form of a puzzle found: the solver's line after each right move and the
    difficulty worked out."""
    d, v = f.deal, f.verdict
    p: dict[str, Any] = {
        "id": f"{f.kind[0]}{f.deal_seed}.{len(d.moves)}",
        "kind": f.kind,
        "record": f.record,
        "seat": f.seat,
        "side": list(f.side),
        "unit": unit_of(d.game),
        "value": v.value,
        "best": list(v.best),
        "lines": {mv: main_line(d, f.side, mv) for mv in v.best},
    }
    if v.layouts is not None:
        p["layouts"] = v.layouts
    p["difficulty"] = difficulty(d, v, f.deal_seed)
    return p


def generate(
    game: str,
    seed: int,
    per_game: int,
    closed_share: float = 0.4,
    max_deals: int = 4000,
    log: Any = None,
) -> list[dict[str, Any]]:
    """`per_game` puzzles of `game` (`closed_share` of them closed), from deals seeded from
    `seed`: at most one open and one closed from each deal, at different positions, the open
    one picked with a generator seeded from the game and `seed`."""
    want_closed = round(per_game * closed_share)
    want = {"open": per_game - want_closed, "closed": want_closed}
    rng = random.Random(f"puzzles:{game}:{seed}")
    got: dict[str, list[dict[str, Any]]] = {"open": [], "closed": []}
    for k in range(max_deals):
        if all(len(got[x]) >= want[x] for x in KINDS):
            break
        deal_seed = seed * 100_000 + k
        found: dict[str, list[Found]] = {"open": [], "closed": []}
        for f in candidates(
            game, deal_seed, closed_tries=6 if len(got["closed"]) < want["closed"] else 0
        ):
            found[f.kind].append(f)
        used: set[int] = set()
        for kind in ("closed", "open"):
            pool = [f for f in found[kind] if len(f.deal.moves) not in used]
            if pool and len(got[kind]) < want[kind]:
                f = pool[rng.randrange(len(pool))]
                used.add(len(f.deal.moves))
                got[kind].append(_puzzle(f))
        if log is not None and k % 20 == 19:
            print(
                f"  {game}: {k + 1} deals, {len(got['open'])} open, {len(got['closed'])} closed",
                file=log,
                flush=True,
            )
    return got["open"] + got["closed"]


def source_hash(extra: str = "") -> str:
    """A hash of what the puzzles depend on: the engine's sources (rules, players, this
    module; not the solver's, whose values are exact whatever its search, and whose lines
    take the first right move in the engine's order) and `extra`, the build's arguments."""
    import hashlib

    root = Path(__file__).resolve().parents[1]  # engine/
    h = hashlib.sha256()
    files = sorted(
        [
            *root.glob("*.py"),
            *root.glob("content/*.py"),
            *root.glob("games/*.py"),
            *root.glob("players/*.py"),
        ]
    )  # not solver/
    for f in files:
        h.update(str(f.relative_to(root)).encode())
        h.update(f.read_bytes())
    h.update(extra.encode())
    return h.hexdigest()[:16]


def dumps(game: str, seed: int, inputs: str, puzzles: list[dict[str, Any]]) -> str:
    """A puzzle file's text: the header on its own lines, then one puzzle a line."""
    head = {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "seed": seed,
        "inputs": inputs,
        "count": len(puzzles),
    }
    body = ",\n".join(json.dumps(p, ensure_ascii=False, separators=(",", ":")) for p in puzzles)
    return json.dumps(head, ensure_ascii=False)[:-1] + ',\n"puzzles":[\n' + body + "\n]}\n"


def build(
    out: Path,
    seed: int,
    per_game: int,
    games: Sequence[str] = GAMES,
    closed_share: float = 0.4,
    force: bool = False,
    log: Any = None,
) -> dict[str, str]:
    """Writes `out/<game>.json` for each game; a file whose header has the same inputs hash
    (engine sources and arguments) is kept as it is. Returns game -> "built" | "cached"."""
    out.mkdir(parents=True, exist_ok=True)
    done: dict[str, str] = {}
    for g in games:
        inputs = source_hash(f"{g}:{seed}:{per_game}:{closed_share}")
        path = out / f"{g}.json"
        if not force and path.exists():
            try:
                head = json.loads(path.read_text(encoding="utf-8"))
                if head.get("inputs") == inputs and head.get("version") == VERSION:
                    done[g] = "cached"
                    continue
            except (OSError, ValueError, AttributeError):
                pass
        ps = generate(g, seed, per_game, closed_share, log=log)
        path.write_text(dumps(g, seed, inputs, ps), encoding="utf-8")
        done[g] = "built"
    return done


# --------------------------------------------------------------------------------------------
# Loading


def load_file(path: str | Path, game: str | None = None) -> Loaded:
    """`load_puzzles` on a file (a .json, or .json.gz); an unreadable file is an error too."""
    import gzip

    try:
        raw = Path(path).read_bytes()
        if str(path).endswith(".gz"):
            raw = gzip.decompress(raw)
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        out = Loaded()
        out.errors.append(msg("puzzles.not_json", why=str(exc)))
        return out
    return load_puzzles(raw, game)


# --------------------------------------------------------------------------------------------
# Proving


def prove(p: Puzzle) -> list[Message]:
    """The solver's proof of a loaded puzzle, from scratch: its right moves are exactly the
    moves that keep the value (open: in the deal; closed: in every layout, all of them or the
    deal's own and `layouts.count - 1` drawn from `layouts.seed`), every other legal move
    loses clearly (a trick; Kozel 10 card points or a penalty step), the right moves are one
    run of equivalent cards, the stored value is the deal's, and each right move's line takes
    exactly that value. Empty when all holds."""
    d = p.position()
    problems: list[str] = []
    if p.kind == "open":
        v = judge_open(d, p.side)
    else:
        assert p.layouts is not None
        v = judge_closed(
            d,
            p.side,
            int(p.layouts["seed"]),
            count=max(0, int(p.layouts["count"]) - 1) if not p.layouts["all"] else LAYOUTS,
        )
        if v.layouts is not None and (
            v.layouts["count"] != p.layouts["count"] or v.layouts["all"] != p.layouts["all"]
        ):
            problems.append(f"{v.layouts['count']} layouts, not {p.layouts['count']}")
        if v.layouts is not None and v.layouts["count"] < LAYOUTS and not v.layouts["all"]:
            problems.append(f"only {v.layouts['count']} layouts")
    if v.why:
        problems.append(v.why)
    if set(v.best) != set(p.best):
        problems.append("the right moves are " + " ".join(v.best) + ", not " + " ".join(p.best))
    if v.value != p.value:
        problems.append(f"the value is {v.value}, not {p.value}")
    for b in p.best:
        got = taken_from(d, p.side, [b, *p.lines.get(b, ())])
        if got != v.value:
            problems.append(f"the line after {b} takes {got}, not {v.value}")
    return (
        [msg("puzzles.in", id=p.id, reason=msg("puzzles.unproved", why="; ".join(problems)))]
        if problems
        else []
    )


# --------------------------------------------------------------------------------------------
# Command line


def main(argv: list[str] | None = None) -> int:
    import argparse
    import gzip

    ap = argparse.ArgumentParser(prog="python3 -m engine.content.puzzles")
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="generate the puzzle files (kept when their inputs match)")
    b.add_argument("--out", default="puzzles")
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--per-game", type=int, default=200)
    b.add_argument("--closed-share", type=float, default=0.4)
    b.add_argument("--games", default=",".join(GAMES))
    b.add_argument("--force", action="store_true", help="build even when the inputs match")
    c = sub.add_parser("check", help="load and re-prove puzzle files")
    c.add_argument("files", nargs="+")
    c.add_argument("--no-prove", action="store_true", help="only load and replay")
    args = ap.parse_args(argv)
    if args.cmd == "build":
        games = [g.strip() for g in args.games.split(",") if g.strip()]
        bad = [g for g in games if g not in GAMES]
        if bad:
            print(f"no puzzles for {', '.join(bad)} (games: {', '.join(GAMES)})", file=sys.stderr)
            return 2
        res = build(
            Path(args.out),
            args.seed,
            args.per_game,
            games,
            args.closed_share,
            args.force,
            log=sys.stderr,
        )
        total = 0
        for g, how in res.items():
            path = Path(args.out) / f"{g}.json"
            size = len(gzip.compress(path.read_bytes(), 9))
            total += size
            print(f"{g}: {how}, {size / 1024:.1f} KB gzip")
        print(f"total {total / 1024:.1f} KB gzip")
        return 0
    bad_files = 0
    for f in args.files:
        loaded = load_file(f)
        problems = list(loaded.errors)
        if not args.no_prove:
            for p in loaded.puzzles:
                problems += prove(p)
        kinds = {k: sum(p.kind == k for p in loaded.puzzles) for k in KINDS}
        print(
            f"{f}: {len(loaded.puzzles)} puzzles ({kinds['open']} open, "
            f"{kinds['closed']} closed), {len(problems)} problems"
        )
        for m in problems:
            print(f"  {m}")
        bad_files += bool(problems)
    return 1 if bad_files else 0


if __name__ == "__main__":
    raise SystemExit(main())
