"""The command line of build.py: build dist/, serve it, update the catalogs, or run the page's
benchmarks (bench.page)."""

from __future__ import annotations

import argparse
import sys

from .dist import build
from .files import dist_size, log
from .i18n import update_catalogs
from .serve import serve

USAGE = """Build the static site in dist/, or serve it.

    python3 build.py          build dist/ (idempotent; fast when .cache/ holds the runtime)
    python3 build.py serve    build, then serve dist/ on http://127.0.0.1:PORT/ (--port N)
    python3 build.py i18n     extract the page's strings into i18n/trick-table.pot and update
                              each i18n/<lang>.po (Babel, pinned)
    python3 build.py bench [--runs N]
                              build, then every figure of the page's goals beside a bare
                              PyScript page, PASS/MISS each (= bench page-goals)
    python3 build.py bench COMMAND ...
                              a page benchmark in Chromium (page-goals, page-load, page-start,
                              page-requests, page-ai, page-memory, page-frames, strength; as
                              python3 -m bench.page)
    python3 build.py bench-ai [--deals N] [--seed S]
                              = bench page-ai: the page's decision times beside CPython's

The runtime comes from npm at pinned versions (`npm pack`, cached in .cache/npm/). Nothing is
fetched from a CDN at runtime: PyScript's `interpreter` points at the local pyodide.mjs, and the
engine and ui are loaded, compiled, through the config's `files`. pyscript.toml is the page's
PyScript configuration; the build completes it with the computed `files` into
dist/pyscript.json. How each step works is in the modules of sitebuild/.
"""


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("bench", "bench-ai"):
        from bench.page import cli as bench_cli  # the page benchmarks, beside the builder

        rest = argv[1:]
        if argv[0] == "bench-ai":
            rest = ["page-ai", *rest]
        elif not rest or rest[0].startswith("-") and rest[0] not in ("-h", "--help"):
            rest = ["page-goals", *rest]
        return bench_cli.main(rest)
    ap = argparse.ArgumentParser(
        prog="python3 build.py",
        description=USAGE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument(
        "command",
        nargs="?",
        default="build",
        choices=("build", "serve", "i18n", "bench", "bench-ai"),
    )
    ap.add_argument("--port", type=int, default=8000, help="serve: the port (default 8000)")
    a = ap.parse_args(argv)
    if a.command == "i18n":
        update_catalogs()
        return 0
    build()
    log(f"dist/ ready ({dist_size() / 1e6:.1f} MB)")
    if a.command == "serve":
        serve(a.port)
    return 0
