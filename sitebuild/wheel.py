"""The engine's wheel (`trick_table-<version>-py3-none-any.whl`): the package pip installs and
micropip installs in a PyScript page, built from pyproject.toml by pip with its pinned build
backend (setuptools, fetched from PyPI into pip's isolated build environment), into
.cache/wheels/<key>/, the key a hash of pyproject.toml and every file of engine/ (so a rebuild
without a change reuses it). `build()` puts it in dist/wheels/.
"""

from __future__ import annotations

import ast
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

from .files import CACHE, ROOT, log

WHEELS = Path("wheels")  # the wheel's folder in dist/


def version() -> str:
    """`engine.__version__`, read without importing the engine (pyproject.toml takes it too)."""
    tree = ast.parse((ROOT / "engine" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets
        ):
            return str(ast.literal_eval(node.value))
    raise SystemExit("[build] engine/__init__.py has no __version__")


def wheel_name() -> str:
    """The wheel's file name (its version: `engine.__version__`)."""
    return f"trick_table-{version()}-py3-none-any.whl"


def sources() -> list[Path]:
    """What goes into the wheel: pyproject.toml and the engine's files (no caches)."""
    files = [ROOT / "pyproject.toml", ROOT / "docs" / "python.md"]
    files += sorted(
        p
        for p in (ROOT / "engine").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    )
    return files


def key() -> str:
    h = hashlib.sha256()
    for p in sources():
        h.update(p.relative_to(ROOT).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def wheel() -> Path:
    """The engine's wheel for the current sources, built once per change."""
    out = CACHE / "wheels" / key()
    path = out / wheel_name()
    if path.exists():
        return path
    log(f"building the engine's wheel {wheel_name()}")
    out.mkdir(parents=True, exist_ok=True)
    src = out / "src"  # a copy of what goes in: setuptools writes its build/ there
    shutil.rmtree(src, ignore_errors=True)
    for p in sources():
        dst = src / p.relative_to(ROOT)
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(p, dst)
    env = dict(os.environ, SOURCE_DATE_EPOCH="1767225600")  # 2026-01-01: the same bytes each time
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "--disable-pip-version-check",
            "--wheel-dir",
            str(out),
            str(src),
        ],
        env=env,
        capture_output=True,
        text=True,
    )
    shutil.rmtree(src, ignore_errors=True)
    if proc.returncode != 0 or not path.exists():
        raise SystemExit(f"[build] the engine's wheel failed:\n{proc.stdout}\n{proc.stderr}")
    return path
