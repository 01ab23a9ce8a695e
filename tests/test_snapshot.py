"""The memory snapshot a repeat visit starts from (sitebuild/snapshot.py, ui/pyodide.js): its
sparse format round-trips, and the built site names, precaches and configures the one it has.
The browser side (a repeat visit starts from it, a damaged one falls back to the plain start)
is tests/e2e/test_offline.py's."""

from __future__ import annotations

import json
import random
import re
import struct
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT))

from sitebuild import pyc
from sitebuild import snapshot as snap


def heap(seed: int, pages: int) -> bytes:
    """A heap-like buffer: zero pages, full pages and pages with a few bytes set."""
    rng = random.Random(seed)
    out = bytearray(pages * snap.SNAPSHOT_PAGE)
    for p in range(pages):
        kind = rng.choice(("zero", "zero", "full", "sparse"))
        base = p * snap.SNAPSHOT_PAGE
        if kind == "full":
            out[base:base + snap.SNAPSHOT_PAGE] = rng.randbytes(snap.SNAPSHOT_PAGE)
        elif kind == "sparse":
            out[base + rng.randrange(snap.SNAPSHOT_PAGE)] = rng.randrange(1, 256)
    return bytes(out)


@pytest.mark.parametrize("seed", range(5))
def test_the_sparse_format_round_trips(seed: int) -> None:
    raw = heap(seed, 64)
    packed = snap.sparse_snapshot(raw)
    assert snap.expand_snapshot(packed) == raw
    zero = sum(1 for i in range(0, len(raw), snap.SNAPSHOT_PAGE)
               if not any(raw[i:i + snap.SNAPSHOT_PAGE]))
    runs = struct.unpack_from("<I", packed, 8)[0]
    # only the non-zero pages are kept (plus the header and the run table)
    assert len(packed) == 12 + 8 * runs + len(raw) - zero * snap.SNAPSHOT_PAGE


def test_edge_heaps_round_trip() -> None:
    for raw in (b"", bytes(snap.SNAPSHOT_PAGE * 3), b"\x01" * (snap.SNAPSHOT_PAGE * 2 + 5),
                bytes(snap.SNAPSHOT_PAGE) + b"\x07"):
        assert snap.expand_snapshot(snap.sparse_snapshot(raw)) == raw


def test_consecutive_pages_make_one_run() -> None:
    raw = b"\x01" * (snap.SNAPSHOT_PAGE * 3) + bytes(snap.SNAPSHOT_PAGE) + b"\x02" * 10
    packed = snap.sparse_snapshot(raw)
    assert struct.unpack_from("<II", packed, 4) == (len(raw), 2)
    assert struct.unpack_from("<IIII", packed, 12) == (0, snap.SNAPSHOT_PAGE * 3,
                                                       snap.SNAPSHOT_PAGE * 4, 10)


def test_a_foreign_file_is_refused() -> None:
    with pytest.raises(ValueError):
        snap.expand_snapshot(b"\x00asm" + bytes(20))


needs_dist = pytest.mark.skipif(not (DIST / "index.html").is_file(), reason="run build.py")


@needs_dist
def test_the_site_names_precaches_and_configures_its_snapshot() -> None:
    html = (DIST / "index.html").read_text(encoding="utf-8")
    names = set(re.findall(r"runtime/snapshot-[0-9a-f]{8}\.bin", html))
    assert len(names) == 1, names
    (name,) = names
    data = (DIST / name).read_bytes()
    assert data[:4] == snap.SNAPSHOT_MAGIC
    full = snap.expand_snapshot(data)
    assert len(full) == struct.unpack_from("<I", data, 4)[0]
    assert [p.name for p in (DIST / "runtime").glob("snapshot-*.bin")] == [Path(name).name]
    assert name in (DIST / "sw.js").read_text(encoding="utf-8")  # in the offline copy
    config = json.loads((DIST / "pyscript.json").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./ui/pyodide.js"
    shim = (DIST / "ui" / "pyodide.js").read_text(encoding="utf-8")
    assert re.search(r'from "\.\./runtime/pyodide-[^/"]+/pyodide\.mjs"', shim)
    assert "runtime/pyodide/" not in shim


@needs_dist
def test_the_snapshot_holds_every_page_module() -> None:
    """Python starts from the snapshot with each module the page imports already imported, so
    the page never needs them on disk: the snapshot names their files (module __file__s)."""
    html = (DIST / "index.html").read_text(encoding="utf-8")
    (name,) = set(re.findall(r"runtime/snapshot-[0-9a-f]{8}\.bin", html))
    full = snap.expand_snapshot((DIST / name).read_bytes())
    config = json.loads((DIST / "pyscript.json").read_text(encoding="utf-8"))
    page = [target for target in config["files"].values()
            if target != "ui/main.pyc" and not target.startswith("pyscript/")]
    assert len(page) > 20
    for target in page:
        assert f"{pyc.PAGE_HOME}/{target}".encode() in full, target


@needs_dist
def test_pyscripts_package_comes_compiled_beside_its_sources() -> None:
    """PyScript writes its package's sources at each start; the config's `files` put their
    compiled form in pyscript/__pycache__/ as unchecked-hash .pyc (used without compiling or
    checking the sources), for the package `import pyscript` loads."""
    config = json.loads((DIST / "pyscript.json").read_text(encoding="utf-8"))
    cached = {target: src for src, target in config["files"].items()
              if target.startswith("pyscript/__pycache__/")}
    names = {Path(t).name.split(".")[0] for t in cached}
    assert {"__init__", "context", "display", "events"} <= names
    for target, src in cached.items():
        assert re.fullmatch(r"pyscript/__pycache__/\w+\.cpython-3\d+\.pyc", target)
        data = (DIST / src).read_bytes()
        assert struct.unpack_from("<I", data, 4)[0] == 0b01  # hash-based, source unchecked
    assert all(src.startswith("./py-") for src in cached.values())
