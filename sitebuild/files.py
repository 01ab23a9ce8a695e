"""Where the builder reads and writes (the checkout, dist/, .cache/), its log lines, and file
writes that leave a file alone when its bytes are already right."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # the repository root
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
I18N = ROOT / "i18n"


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def importable() -> None:
    """The engine and ui/ importable here (the build renders with the page's own code)."""
    for folder in (str(ROOT), str(I18N)):
        if folder not in sys.path:
            sys.path.insert(0, folder)


def copy_if_changed(src: Path, dst: Path) -> None:
    if (
        dst.exists()
        and dst.stat().st_size == src.stat().st_size
        and dst.read_bytes() == src.read_bytes()
    ):
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def write_if_changed(dst: Path, data: bytes) -> None:
    if dst.exists() and dst.read_bytes() == data:
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_bytes(data)


def dist_size(dist: Path = DIST) -> int:
    """Bytes in dist/."""
    return sum(f.stat().st_size for f in dist.rglob("*") if f.is_file())
