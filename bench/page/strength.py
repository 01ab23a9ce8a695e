"""The computer players' strength with the page's decision times (`strength`): the duplicate
benchmark of bench.engine.strength in CPython, then page-ai in Chromium, run from the repository
root (it rebuilds dist/ first) and printed under its own heading."""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
from typing import Any

from bench.engine import strength as engine_strength
from sitebuild.files import ROOT

from .browser import DEFAULT_CHROMIUM, chromium, unavailable

PAGE_HEADING = "decision time at the default level in the page (Chromium, PyScript worker):"


def page_times(deals: int, env: dict[str, str], out: Any) -> str | None:
    """Runs `python -m bench.page page-ai --deals N` from the repository root (so that the
    checkout's engine and builder are the ones measured), printing its output under
    PAGE_HEADING as it comes; returns None, or what went wrong (its last lines are printed)."""
    cmd = [sys.executable, "-m", "bench.page", "page-ai", "--deals", str(deals)]
    name = " ".join(["python3", *cmd[1:4]])
    print(
        f"  ({' '.join(['python3', *cmd[1:]])}: builds dist/, then the page's computer makes "
        f"every decision of {deals} deal(s) per game)",
        file=out,
        flush=True,
    )
    tail: collections.deque[str] = collections.deque(maxlen=15)
    try:
        proc = subprocess.Popen(
            cmd,
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            errors="replace",
        )
    except OSError as e:
        return f"could not start {name}: {e}"
    assert proc.stdout is not None
    with proc:
        for line in proc.stdout:
            line = line.rstrip("\n")
            tail.append(line)
            print(f"  {line}", file=out, flush=True)
        rc = proc.wait()
    if rc != 0:
        return f"{name} exited with status {rc}; its last lines are above"
    if not any(line.startswith("goal:") for line in tail):
        return f"{name} printed no decision times (no 'goal:' line)"
    return None


def main(argv: list[str]) -> int:
    """bench.engine.strength with `argv` (less --page-deals), then the page's decision times.
    Status 2 when the page cannot be measured here (checked first), 1 when page-ai fails."""
    ap = argparse.ArgumentParser(prog="python3 -m bench.page strength", add_help=False)
    ap.add_argument(
        "--page-deals",
        type=int,
        default=1,
        help="deals per game for the page's decision times (default 1)",
    )
    args, rest = ap.parse_known_args(argv)
    if args.page_deals < 1:
        ap.error(f"--page-deals must be at least 1, not {args.page_deals}")
    if "-h" in rest or "--help" in rest:
        return int(engine_strength.main(rest) or 0)
    why = unavailable()
    if why:
        print(f"python3 -m bench.page strength: cannot measure the page: {why}", file=sys.stderr)
        return 2
    rc = int(engine_strength.main(rest, page_hint=False) or 0)
    out = sys.stdout
    print(PAGE_HEADING, file=out, flush=True)
    env = dict(os.environ, PYTHONUNBUFFERED="1", CHROMIUM=chromium() or DEFAULT_CHROMIUM)
    failed = page_times(args.page_deals, env, out)
    if failed:
        print(f"error: the page could not be measured: {failed}", file=sys.stderr)
        return 1
    return rc
