"""The page benchmarks' command line: `python3 -m bench.page COMMAND` (or `python3 build.py
bench COMMAND`). Each builds dist/ first and needs the playwright package and a Chromium
(/usr/bin/chromium, else `chromium` on PATH, or CHROMIUM=/path); without them it says why and
exits with status 2.

    page-goals [--runs N]
        every figure of the page's goals, beside the bare PyScript page of the same run, with
        PASS/MISS: the longest main-thread task and total blocking time to the first playable
        card (by an address that deals, and by the lobby's "Deal the cards"), the input delay of
        taps on the lobby while it loads, the same with the CPU throttled 4x, the first card and
        a repeat visit as ratios of the bare page's ready, a first visit's bytes and requests
        per file counted at the server (the service worker's offline copy included), and the
        memory at the table (default 1 run, about 3 minutes)
    page-load [--runs N]
        cold navigation -> interactive table for dist/ against a bare PyScript page built from
        the same npm runtime (median of N runs, default 5)
    page-start [--runs N]
        the figures of a fast start beside the bare PyScript page's time to ready in the same
        run: lobby interactive, first card playable, a repeat visit from the service worker, the
        first visit's transfer gzip-compressed, a 10 Mbit/s 40 ms line (default 3 runs)
    page-requests (no options)
        a first visit as a player's browser makes it (GitHub Pages' caching headers, a profile
        on disk): every file requested more than once by the page, its workers or the service
        worker, the visit's download gzip-compressed, the snapshot made in the browser (time,
        size raw and stored, peak memory) and the repeat visit's start from it
    page-memory [--seed S]
        the page's memory at the table (renderer RSS and PSS) and the main thread's long tasks
        over one deal, with the search's worker (a second Pyodide) and without it, and the
        search's decision times (what would freeze the main thread)
    page-frames [--seed S] [--deals N]
        whole deals of each family played at Fast (every motion on) and at Instant (no motion:
        the baseline, same run), counting the frames over 50 ms (Long Animation Frames API, and
        gaps between animation frames) while the cards move; N deals in a row (default 2) on
        each of two page loads per game and speed, the page's first deal counted apart
    page-ai [--deals N] [--seed S]
        the page's computer (default level) makes every decision of a few seeded deals of each
        game in its worker; its decision times beside CPython's on the same positions (--deals N
        per game, default 3; --seed S, default 7)
    page-runtimes [--runs N]
        the runtime choice: a bare PyScript page, the game's module worker with loadPyodide,
        and learn/python.html's PyScript worker installing the engine's wheel with micropip,
        in the same run: time to ready and the longest main-thread task at 1x and 4x CPU, a
        repeat visit, and what PyScript, micropip and the wheel add, gzip (default 3 runs)
    page-learn [--runs N]
        a tutorial page with four tables (dist/learn/koz-maca.html) as shipped, the tables out
        of sight starting when the reader scrolls near them, beside the same page with every
        table started at once: the wait for the first table, the tables started and the
        renderers' memory, at 360x640 (also with the CPU throttled 4x) and 1280x800 (default 3
        runs)
    strength [strength options] [--page-deals N]
        the computer players' strength (python3 -m bench.engine strength, the same options),
        then page-ai with N deals per game (default 1): decision times in CPython and in the page
    friends [--runs N]
        play with friends through a local PeerJS broker (`peer`, tools/friends) in two Chromium
        contexts: a guest's opening to its first message beside the page's own time to ready,
        a message's round trip (median, p95 over 100), a deal of auction Batak by a host and a
        guest (a card to the other page's felt: median, p95; the bytes the host sends) and the
        transport's added gzip download beside a first visit's (default 3 runs)
    friends-deal [--cpu N]
        a whole deal of auction Batak with two friends (each in a Chromium context) and a
        computer through a local broker: a guest's link to its seat and, opened again mid-deal,
        to its hand on the felt; the delay from a click on a card to it on the other players'
        felts and on a guest's own (median, p95); the bytes sent each way by kind; then the same
        with the guests' CPU throttled N times (default 4) in the same run
    engines [--engines webkit,firefox,chromium]
        WebKitGTK and Firefox ESR (and Chromium, when playwright is here) side by side from a
        fresh profile: time to ready on a first and a repeat visit, requests per file and bytes
        of a first visit (the server's log), memory at the table (engines.py)
"""

from __future__ import annotations

import argparse
import sys

from sitebuild.dist import build
from sitebuild.files import dist_size, log

from . import engines, strength
from .ai import page_ai
from .browser import unavailable
from .frames import page_frames
from .friends import page_friends, page_pairing
from .friends_deal import friends_deal
from .goals import page_goals
from .learn import page_learn
from .memory import page_memory
from .requests import page_requests
from .runtimes import page_runtimes
from .start import page_load, start_figures

COMMANDS = (
    "page-goals",
    "page-load",
    "page-start",
    "page-requests",
    "page-ai",
    "page-memory",
    "page-frames",
    "page-learn",
    "page-runtimes",
    "strength",
    "engines",
    "friends",
    "friends-deal",
)


def parser(command: str) -> argparse.ArgumentParser:
    """The options of one page benchmark."""
    ap = argparse.ArgumentParser(
        prog=f"python3 -m bench.page {command}",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    if command in ("page-load", "page-start", "page-learn", "page-runtimes", "friends"):
        ap.add_argument(
            "--runs",
            type=int,
            default=5 if command == "page-load" else 3,
            help="cold loads of each page",
        )
    elif command == "page-goals":
        ap.add_argument("--runs", type=int, default=1, help="rounds of every visit (default 1)")
    elif command == "friends-deal":
        ap.add_argument("--cpu", type=int, default=4, help="the guests' CPU throttling (default 4)")
    elif command == "page-memory":
        ap.add_argument("--seed", type=int, default=2, help="the match seed (default 2)")
    elif command == "page-frames":
        ap.add_argument("--seed", type=int, default=2, help="the first match seed (default 2)")
        ap.add_argument(
            "--deals", type=int, default=2, help="deals in a row on each page load (default 2)"
        )
    elif command == "page-ai":
        ap.add_argument("--deals", type=int, default=3, help="deals per game (default 3)")
        ap.add_argument("--seed", type=int, default=7, help="the first match seed (default 7)")
    return ap


def main(argv: list[str] | None = None) -> int:
    """`COMMAND [options]` (argv[0] is the command)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command, rest = (argv[0], argv[1:]) if argv else ("", [])
    if command in ("-h", "--help"):
        print(__doc__)
        return 0
    if command not in COMMANDS:
        print(f"unknown page benchmark {command!r} ({', '.join(COMMANDS)})", file=sys.stderr)
        return 2
    if command == "strength":
        return strength.main(rest)
    if command == "engines":
        return engines.main(rest)
    ap = parser(command)
    args = ap.parse_args(rest)
    for name in ("runs", "deals"):
        if getattr(args, name, 1) < 1:
            ap.error(f"--{name} must be at least 1, not {getattr(args, name)}")
    why = unavailable()
    if why:
        print(f"python3 -m bench.page {command}: cannot measure the page: {why}", file=sys.stderr)
        return 2
    build()
    log(f"dist/ ready ({dist_size() / 1e6:.1f} MB)")
    if command == "page-load":
        page_load(args.runs)
    elif command == "page-start":
        start_figures(args.runs)
    elif command == "page-requests":
        page_requests()
    elif command == "page-goals":
        page_goals(args.runs)
    elif command == "page-memory":
        page_memory(args.seed)
    elif command == "page-frames":
        page_frames(args.seed, args.deals)
    elif command == "page-learn":
        page_learn(args.runs)
    elif command == "page-runtimes":
        page_runtimes(args.runs)
    elif command == "friends":
        page_friends(args.runs)
        page_pairing()
    elif command == "friends-deal":
        friends_deal(args.cpu)
    else:
        page_ai(args.deals, args.seed)
    return 0
