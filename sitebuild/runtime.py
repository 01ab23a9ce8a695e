"""What of the pinned runtimes dist/ ships: PyScript's chunks less those the page never loads,
and Pyodide's lockfile without its package list."""

from __future__ import annotations

import json
import re
from pathlib import Path

# PyScript chunks the page never loads, left out of dist/ (and so of the first visit's
# download, since the service worker precaches dist/): the code editor's (codemirror), the
# terminal's (xterm*, and its mpy-/py- chunks), archive unpacking (zip-, for `files` entries that
# are archives), the TOML config parser (toml-, the page's config is JSON), the debugging graph
# and the unreferenced index chunk. The editor, terminal and game plugins themselves are always
# imported, so they stay. tests/browser load the whole page and fail on a missing chunk.
PYSCRIPT_SKIP = ("codemirror", "xterm", "zip-", "toml-", "pyodide_graph", "index-", "mpy-")
PYSCRIPT_SKIP_RE = r"^py-[A-Za-z0-9_-]{8}\.js$"  # the terminal's Pyodide chunk (py-<hash>.js)
# Pyodide's files the page loads (besides the stdlib zip, which the builder makes).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")


def pyscript_files(pyscript_dir: Path) -> list[Path]:
    """PyScript's .js and .css chunks that dist/ ships."""
    return [
        p
        for p in sorted((pyscript_dir / "dist").iterdir())
        if p.suffix in (".js", ".css")
        and not any(s in p.name for s in PYSCRIPT_SKIP)
        and not re.match(PYSCRIPT_SKIP_RE, p.name)
    ]


def minimal_lockfile(pyodide_dir: Path) -> bytes:
    """pyodide-lock.json without the package list: the page loads no packages."""
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    return json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":")).encode()
