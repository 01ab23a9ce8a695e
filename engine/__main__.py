"""Command line: play in the terminal, let computer players play, run the benchmarks.

    python3 -m engine play koz-maca [--seed N] [--players N] [--level L] [-o name=value ...]
    python3 -m engine simulate batak --matches 100 --seed 1
    python3 -m engine bench [speed] [--seconds S] [--games g1,g2]
    python3 -m engine bench strength --deals 50
    python3 -m engine games

`python3 -m engine --help` lists the commands; `python3 -m engine <command> --help` a command's
options.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from typing import Any

from . import available_games, bots, game_info, new_match
from .cards import SUIT_SYMBOLS
from .core import Deal, IllegalMove, Match, RecordError, RulesError


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


def _levels() -> tuple[dict[str, str], str]:
    """The computer players' levels (name -> a line of help) and the default level."""
    try:
        from . import ai
    except ImportError:  # a build without the search players: the baseline only
        return {"easy": "the simple baseline player"}, "easy"
    levels = {name: str(spec.get("help", "")) for name, spec in ai.LEVELS.items()}
    return levels, str(ai.DEFAULT_LEVEL)


def _level_lines(levels: dict[str, str], default: str, indent: str = "  ") -> list[str]:
    """One line per level: its name and help, the default marked."""
    width = max(len(name) for name in levels)
    out: list[str] = []
    for name, text in levels.items():
        text = text.removesuffix(" (the default)")
        mark = " (default)" if name == default else ""
        out.append(f"{indent}{name:<{width}}  {text}{mark}")
    return out


def _parser(command: str, description: str, default_level: str) -> argparse.ArgumentParser:
    """The options `play` and `simulate` share: the game, players, level and table options."""
    levels, _ = _levels()
    ap = argparse.ArgumentParser(
        prog=f"python3 -m engine {command}",
        description=description,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="levels of the computer players:\n"
        + "\n".join(_level_lines(levels, default_level))
        + "\n\nthe games: python3 -m engine games; their rules and table options: "
        "docs/rules.md",
    )
    ap.add_argument(
        "game",
        choices=list(available_games()),
        metavar="GAME",
        help="one of: " + ", ".join(available_games()),
    )
    choices = [
        f"{game_info(g)['title']}: {', '.join(map(str, game_info(g)['players']))}"
        for g in available_games()
        if len(game_info(g)["players"]) > 1
    ]
    ap.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help="number of players, where the game allows a choice ("
        + "; ".join(choices or ["none does"])
        + "; default: the game's own)",
    )
    ap.add_argument(
        "--level",
        default=default_level,
        choices=list(levels),
        help=f"the computer players' level (default {default_level}; see below)",
    )
    ap.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a table option, e.g. -o hands=5 (repeatable)",
    )
    return ap


def _at_least_one(ap: argparse.ArgumentParser, flag: str, value: int) -> None:
    """Refuses a count below 1 the argparse way: usage, a message, exit status 2."""
    if value < 1:
        ap.error(f"{flag} must be a whole number of at least 1, not {value}")


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
    print(
        f"-- deal {len(m.deals)}  dealer: seat {d.dealer}  trump: "
        f"{SUIT_SYMBOLS[v['trump']] if v['trump'] else 'not yet'}  "
        f"totals: {m.totals}"
    )
    for key in ("bids", "pot", "owner", "turned_up", "stock_size"):
        if v.get(key) not in (None, []):
            print(f"   {key}: {v[key]}")
    if v["trick"]:
        print("   trick: " + ", ".join(f"seat {s}: {_fmt_move(c)}" for s, c in v["trick"]))
    print(f"   your hand: {' '.join(_fmt_card(c) for c in v['hand'])}")


def play(argv: list[str]) -> int:
    ap = _parser(
        "play",
        "Play a match in the terminal against computer players: you are seat "
        "0;\ntype a move, '?' for the legal moves, 'record' for the record, 'quit' to "
        "stop.",
        _levels()[1],
    )
    ap.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="N",
        help="the match seed, any whole number (default: a random one)",
    )
    args = ap.parse_args(argv)
    try:
        m = new_match(
            args.game, seed=args.seed, options=_parse_kv(args.option), players=args.players
        )
    except (RulesError, RecordError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    computer = _computer(args.level)
    rng = random.Random(m.seed)
    me = 0
    print(
        f"{game_info(args.game)['title']} (seed {m.seed}); you are seat {me}. "
        "Type a move, '?' for the legal moves, 'record' to print the record, 'quit' to stop."
    )
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
    ap = _parser(
        "simulate",
        "Computer players play whole matches against each other; prints "
        "each match's\ntotals, then the mean totals and the wins per seat. The level "
        "defaults to easy\nhere, for speed: a match at normal or strong takes many "
        "seconds.",
        "easy",
    )
    ap.add_argument(
        "--matches",
        type=int,
        default=10,
        metavar="N",
        help="matches to play, at least 1 (default 10)",
    )
    ap.add_argument(
        "--seed",
        type=int,
        default=1,
        metavar="N",
        help="seed of the first match, any whole number; match k uses seed + k - 1 (default 1)",
    )
    args = ap.parse_args(argv)
    _at_least_one(ap, "--matches", args.matches)
    try:
        opts = _parse_kv(args.option)
        first = new_match(args.game, seed=args.seed, options=opts, players=args.players)
    except (RulesError, RecordError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    computer = _computer(args.level)
    n = first.players
    sums = [0] * n
    wins = [0.0] * n
    deals = 0
    for k in range(args.matches):
        m = (
            first
            if k == 0
            else new_match(args.game, seed=args.seed + k, options=opts, players=args.players)
        )
        rng = random.Random(m.seed)
        while not m.is_over:
            m.play(computer(m.deal, rng))
        deals += len(m.deals)
        for s in range(n):
            sums[s] += m.totals[s]
        for s in m.winners:
            wins[s] += 1 / len(m.winners)
        print(f"match {k + 1:>4} (seed {m.seed}): totals {m.totals} winners {m.winners}")
    print(
        f"{args.matches} matches, {deals} deals; mean totals per seat: "
        + ", ".join(f"{s / args.matches:.1f}" for s in sums)
        + "; wins per seat: "
        + ", ".join(f"{w:g}" for w in wins)
    )
    return 0


def usage() -> str:
    """The top-level help: every command with its main options."""
    levels, default = _levels()
    return "\n".join(
        [
            "usage: python3 -m engine <command> [options]",
            "",
            "Trick Table's rules engine on the command line.",
            "",
            "commands:",
            "  play GAME [--seed N] [--players N] [--level L] [-o NAME=VALUE ...]",
            "      play a match in the terminal against computer players (you are seat 0)",
            "  simulate GAME [--matches N] [--seed N] [--players N] [--level L] [-o NAME=VALUE ...]",
            "      computer players play N whole matches (default 10, level easy); prints the",
            "      totals per match, the mean totals and the wins per seat",
            "  bench [speed] [--seconds S] [--games G1,G2]",
            "      speed benchmark: random-playout full deals per second, per game",
            "  bench strength [--deals N] [--games G1,G2] [--level L] [--jobs N]",
            "      strength benchmark: the computer players against the baseline in duplicate,",
            "      500 deals per game by default (--deals N for a quick run), then the decision",
            "      times per level; the same as: python3 -m bench.engine strength --deals N",
            "  games",
            "      list the games with their names, titles and summaries",
            "",
            "games: " + ", ".join(available_games()),
            "",
            f"levels (--level; play defaults to {default}, simulate to easy):",
            *_level_lines(levels, ""),
            "",
            "python3 -m engine <command> --help shows a command's options.",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    cmd, rest = argv[0], argv[1:]
    try:
        if cmd == "play":
            return play(rest)
        if cmd == "simulate":
            return simulate(rest)
        if cmd == "bench":  # the benchmarks live beside the engine, in the checkout's bench/
            try:
                from bench.engine import speed
            except ImportError:
                print(
                    "error: the benchmarks are not here: run `python3 -m bench.engine` from "
                    "a checkout of the repository",
                    file=sys.stderr,
                )
                return 2
            return speed.main(rest)  # "bench strength ..." is dispatched there
    except KeyboardInterrupt:
        print()
        return 130
    except RulesError as exc:  # e.g. an unknown game given to `bench --games`
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if cmd == "games":
        for g in available_games():
            info: dict[str, Any] = game_info(g)
            print(f"{g:<14} {info['title']}: {info['summary']}")
        return 0
    print(usage(), file=sys.stderr)
    print(
        f"\nerror: unknown command '{cmd}' (play, simulate, bench, bench strength, games)",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
