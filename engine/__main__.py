"""Command line: play in the terminal, let computer players play, run the benchmarks.

    python -m engine play koz-maca [--seed N] [--players N] [--option name=value ...]
    python -m engine simulate batak --matches 100 --seed 1
    python -m engine bench
    python -m engine games
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from typing import Any

from . import GAMES, available_games, bots, game_info, new_match
from .cards import SUIT_SYMBOLS
from .core import Deal, IllegalMove, Match, RulesError


def _computer(level: str) -> Callable[[Deal, random.Random], str]:
    """The computer player for a level: the strong player when present, else the baseline."""
    if level != "easy":
        try:
            from . import ai
        except ImportError:
            ai = None  # type: ignore[assignment]
        if ai is not None:
            def strong(deal: Deal, rng: random.Random) -> str:
                return str(ai.choose(deal, level=level, seed=rng.randrange(2**31)))
            return strong

    def easy(deal: Deal, rng: random.Random) -> str:
        return bots.choose(deal, rng=rng)
    return easy


def _parse_kv(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        if "=" not in item:
            raise RulesError(f"option '{item}' must be written name=value")
        k, v = item.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def _fmt_card(text: str) -> str:
    return text[:-1] + SUIT_SYMBOLS.get(text[-1], text[-1]) if text[-1] in "SHDC" else text


def _fmt_move(move: str) -> str:
    parts = move.split()
    if all(len(p) >= 2 and p[-1] in "SHDC" and p[:-1].isalnum() for p in parts):
        return " ".join(_fmt_card(p) for p in parts)
    return move


def _show(m: Match, seat: int) -> None:
    v = m.view(seat)
    d = m.deal
    print()
    print(f"-- deal {len(m.deals)}  dealer: seat {d.dealer}  trump: "
          f"{SUIT_SYMBOLS[v['trump']] if v['trump'] else 'not yet'}  "
          f"totals: {m.totals}")
    for key in ("bids", "pot", "owner", "turned_up", "stock_size"):
        if v.get(key) not in (None, []):
            print(f"   {key}: {v[key]}")
    if v["trick"]:
        print("   trick: " + ", ".join(f"seat {s}: {_fmt_move(c)}" for s, c in v["trick"]))
    print(f"   your hand: {' '.join(_fmt_card(c) for c in v['hand'])}")


def play(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine play")
    ap.add_argument("game", choices=list(GAMES))
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--level", default="strong", choices=["easy", "normal", "strong"])
    ap.add_argument("--option", "-o", action="append", default=[], help="name=value")
    args = ap.parse_args(argv)
    try:
        m = new_match(args.game, seed=args.seed, options=_parse_kv(args.option),
                      players=args.players)
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    computer = _computer(args.level)
    rng = random.Random(m.seed)
    me = 0
    print(f"{game_info(args.game)['title']} (seed {m.seed}); you are seat {me}. "
          "Type a move, '?' for the legal moves, 'record' to print the record, 'quit' to stop.")
    last_deal = None
    while not m.is_over:
        d = m.deal
        if last_deal is not None and last_deal is not d:
            _summary(last_deal, m)
        last_deal = d
        if d.to_move != me:
            move = computer(d, rng)
            print(f"   seat {d.to_move} plays {_fmt_move(move)}")
            m.play(move)
            continue
        _show(m, me)
        print(f"   legal: {', '.join(d.legal_moves())}")
        try:
            text = input("your move> ").strip()
        except EOFError:
            print()
            return 0
        if text in ("quit", "exit"):
            return 0
        if text == "?":
            continue
        if text == "record":
            print(json.dumps(m.record()))
            continue
        try:
            m.play(text)
        except IllegalMove as exc:
            print(f"   not allowed: {exc}")
    if last_deal is not None:
        _summary(last_deal, m)
    print(f"match over. totals {m.totals}; winners: seats {m.winners}")
    return 0


def _summary(d: Deal, m: Match) -> None:
    r = d.result or {}
    print(f"== deal {d.index + 1} over: " + ", ".join(f"{k} {v}" for k, v in r.items()))


def simulate(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine simulate")
    ap.add_argument("game", choices=list(GAMES))
    ap.add_argument("--matches", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--level", default="easy", choices=["easy", "normal", "strong"])
    ap.add_argument("--option", "-o", action="append", default=[], help="name=value")
    args = ap.parse_args(argv)
    try:
        opts = _parse_kv(args.option)
        first = new_match(args.game, seed=args.seed, options=opts, players=args.players)
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    computer = _computer(args.level)
    n = first.players
    sums = [0] * n
    wins = [0.0] * n
    deals = 0
    for k in range(args.matches):
        m = first if k == 0 else new_match(args.game, seed=args.seed + k, options=opts,
                                           players=args.players)
        rng = random.Random(m.seed)
        while not m.is_over:
            m.play(computer(m.deal, rng))
        deals += len(m.deals)
        for s in range(n):
            sums[s] += m.totals[s]
        for s in m.winners:
            wins[s] += 1 / len(m.winners)
        print(f"match {k + 1:>4} (seed {m.seed}): totals {m.totals} winners {m.winners}")
    print(f"{args.matches} matches, {deals} deals; mean totals per seat: "
          + ", ".join(f"{s / args.matches:.1f}" for s in sums)
          + "; wins per seat: " + ", ".join(f"{w:g}" for w in wins))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    cmd, rest = argv[0], argv[1:]
    if cmd == "play":
        return play(rest)
    if cmd == "simulate":
        return simulate(rest)
    if cmd == "bench":
        from .bench import speed
        return speed.main(rest)
    if cmd == "games":
        for g in available_games():
            info: dict[str, Any] = game_info(g)
            print(f"{g:<14} {info['title']}: {info['summary']}")
        return 0
    print(f"unknown command '{cmd}' (play, simulate, bench, games)", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
