"""Runs the builder's Node scripts (`sitebuild/node/*.mjs`), each given one JSON file of
arguments; a failure stops the build with the script's last lines."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

SCRIPTS = Path(__file__).resolve().parent / "node"


def script(name: str) -> Path:
    """The path of `node/<name>`."""
    return SCRIPTS / name


def script_bytes(*names: str) -> bytes:
    """The scripts' contents, for the cache keys of what they make."""
    return b"\0".join(script(n).read_bytes() for n in names)


def run_node(name: str, args: Path) -> None:
    """`node node/<name> <args>` (args: a JSON file the script reads)."""
    if shutil.which("node") is None:
        sys.exit(
            "build.py needs Node.js >= 18 to precompile the Python files: apt-get install nodejs"
        )
    proc = subprocess.run(
        ["node", str(script(name)), str(args)], capture_output=True, text=True, check=False
    )
    if proc.returncode:
        tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-25:])
        sys.exit(f"build.py: {name} failed under Node:\n{tail[-4000:]}")


def write_args(path: Path, args: Any) -> Path:
    """`args` as the JSON file a script reads; returns its path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(args))
    return path


def pyodide_url(pyodide_dir: Path) -> str:
    """pyodide.mjs's file URL, which the scripts import (they are not beside it)."""
    return (pyodide_dir / "pyodide.mjs").as_uri()
