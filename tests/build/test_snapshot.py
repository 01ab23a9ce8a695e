"""The memory snapshot a repeat visit starts from (sitebuild/snapshot.py, ui/pyodide.js,
ui/snapshot_maker.js): its sparse format round-trips and the browser writes the builder's
bytes, its name follows its content, and the built site names it, lists what goes into it and
neither ships nor precaches it. The browser side (made after a first visit, a repeat visit
starts from it, a damaged one falls back to the plain start) is tests/browser/test_offline.py's."""

from __future__ import annotations

import json
import random
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT))

from sitebuild import pyc  # noqa: E402 (after the path above)
from sitebuild import snapshot as snap  # noqa: E402 (after the path above)


def heap(seed: int, pages: int) -> bytes:
    """A heap-like buffer: zero pages, full pages and pages with a few bytes set."""
    rng = random.Random(seed)
    out = bytearray(pages * snap.SNAPSHOT_PAGE)
    for p in range(pages):
        kind = rng.choice(("zero", "zero", "full", "sparse"))
        base = p * snap.SNAPSHOT_PAGE
        if kind == "full":
            out[base : base + snap.SNAPSHOT_PAGE] = rng.randbytes(snap.SNAPSHOT_PAGE)
        elif kind == "sparse":
            out[base + rng.randrange(snap.SNAPSHOT_PAGE)] = rng.randrange(1, 256)
    return bytes(out)


@pytest.mark.parametrize("seed", range(5))
def test_the_sparse_format_round_trips(seed: int) -> None:
    raw = heap(seed, 64)
    packed = snap.sparse_snapshot(raw)
    assert snap.expand_snapshot(packed) == raw
    zero = sum(
        1
        for i in range(0, len(raw), snap.SNAPSHOT_PAGE)
        if not any(raw[i : i + snap.SNAPSHOT_PAGE])
    )
    runs = struct.unpack_from("<I", packed, 8)[0]
    # only the non-zero pages are kept (plus the header and the run table)
    assert len(packed) == 12 + 8 * runs + len(raw) - zero * snap.SNAPSHOT_PAGE


def test_edge_heaps_round_trip() -> None:
    for raw in (
        b"",
        bytes(snap.SNAPSHOT_PAGE * 3),
        b"\x01" * (snap.SNAPSHOT_PAGE * 2 + 5),
        bytes(snap.SNAPSHOT_PAGE) + b"\x07",
    ):
        assert snap.expand_snapshot(snap.sparse_snapshot(raw)) == raw


def test_consecutive_pages_make_one_run() -> None:
    raw = b"\x01" * (snap.SNAPSHOT_PAGE * 3) + bytes(snap.SNAPSHOT_PAGE) + b"\x02" * 10
    packed = snap.sparse_snapshot(raw)
    assert struct.unpack_from("<II", packed, 4) == (len(raw), 2)
    assert struct.unpack_from("<IIII", packed, 12) == (
        0,
        snap.SNAPSHOT_PAGE * 3,
        snap.SNAPSHOT_PAGE * 4,
        10,
    )


def test_a_foreign_file_is_refused() -> None:
    with pytest.raises(ValueError):
        snap.expand_snapshot(b"\x00asm" + bytes(20))


def test_the_snapshots_name_follows_what_goes_into_it(tmp_path: Path) -> None:
    """A new version never finds an old version's snapshot: its key changes with any file's
    bytes or path, and with the modules imported."""
    stdlib = tmp_path / "python_stdlib.zip"
    stdlib.write_bytes(b"stdlib")
    pycs = {}
    for name in ("engine/__init__.pyc", "ui/app.pyc", "ui/main.pyc"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(name.encode())
        pycs[Path(name)] = tmp_path / name
    files = {f"./py-00000000/{rel.as_posix()}": rel.as_posix() for rel in pycs}
    key, plan = snap.snapshot_plan(stdlib, files, pycs)
    assert re.fullmatch(r"[0-9a-f]{8}", key)
    assert plan["modules"] == ["engine", "ui.app", *snap.SNAPSHOT_STDLIB]  # not the entry point
    assert plan["files"] == files and plan["home"] == pyc.PAGE_HOME
    assert snap.snapshot_plan(stdlib, files, pycs)[0] == key
    (tmp_path / "ui/app.pyc").write_bytes(b"changed")
    assert snap.snapshot_plan(stdlib, files, pycs)[0] != key
    stdlib.write_bytes(b"another stdlib")
    assert snap.snapshot_plan(stdlib, files, pycs)[0] != key


needs_dist = pytest.mark.skipif(not (DIST / "index.html").is_file(), reason="run build.py")


def site_snapshot_name() -> str:
    """The snapshot's URL (relative to the site) that the page, its worker and the maker use."""
    names = set()
    for rel in ("ui/worker.js", "ui/snapshot.js", "ui/snapshot_maker.js"):
        names |= set(
            re.findall(r"runtime/snapshot[^\"'\s]*\.bin", (DIST / rel).read_text(encoding="utf-8"))
        )
    assert len(names) == 1, names
    (name,) = names
    assert re.fullmatch(r"runtime/snapshot-[0-9a-f]{8}\.bin", name)
    return name


@needs_dist
def test_the_snapshot_is_named_and_never_shipped_nor_precached() -> None:
    name = site_snapshot_name()
    plan = json.loads((DIST / "snapshot.json").read_text(encoding="utf-8"))
    assert plan["url"] == name
    assert not list((DIST / "runtime").glob("snapshot*"))  # made by the browser, not shipped
    sw = (DIST / "sw.js").read_text(encoding="utf-8")
    assert json.dumps(name) in sw  # kept when the service worker drops the other versions'
    assert f'"url":"{name}"' not in sw  # not in the precache
    worker = (DIST / "ui" / "worker.js").read_text(encoding="utf-8")
    assert re.search(r'from "\.\./runtime/pyodide-[^/"]+/pyodide\.mjs"', worker)
    assert "runtime/pyodide/" not in worker


@needs_dist
def test_the_snapshot_holds_every_page_and_worker_module() -> None:
    """The page's worker starts from the snapshot with each module of the page and its computer
    players already imported: snapshot.json copies in each file the worker copies in
    (pyscript.json's `files`) and imports each of their modules."""
    plan = json.loads((DIST / "snapshot.json").read_text(encoding="utf-8"))
    config = json.loads((DIST / "pyscript.json").read_text(encoding="utf-8"))
    wanted = dict(config["files"])
    assert len(wanted) > 20
    assert plan["files"] == wanted
    assert plan["home"] == pyc.PAGE_HOME
    for src in plan["files"]:
        assert (DIST / src).is_file(), src
    modules = set(plan["modules"])
    # besides the modules, the data files their Python reads (the list of DOM operations)
    assert {t for t in wanted.values() if not t.endswith(".pyc")} == {"ui/ops.json"}
    for target in (t for t in wanted.values() if t.endswith(".pyc")):
        mod = target.removesuffix(".pyc").replace("/", ".").removesuffix(".__init__")
        assert mod in modules, mod
    assert {"ui.shell.host", "engine.ai"} <= modules
    assert set(snap.SNAPSHOT_STDLIB) <= modules


@needs_dist
@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_browsers_sparse_form_is_the_builders(tmp_path: Path) -> None:
    """ui/pyodide.js's sparseSnapshot (what the browser stores) writes sparse_snapshot's bytes,
    and its expandSnapshot reads them back."""
    heaps = [heap(s, 40) for s in range(3)] + [
        b"",
        b"\x01" * (snap.SNAPSHOT_PAGE * 2 + 5),
        bytes(snap.SNAPSHOT_PAGE) + b"\x07",
    ]
    for i, raw in enumerate(heaps):
        (tmp_path / f"{i}.raw").write_bytes(raw)
    script = tmp_path / "pack.mjs"
    script.write_text(f"""
import fs from "node:fs";
const {{ sparseSnapshot, expandSnapshot }} = await import({json.dumps((DIST / "ui" / "pyodide.js").as_uri())});
for (let i = 0; i < {len(heaps)}; i++) {{
  const raw = new Uint8Array(fs.readFileSync(`{tmp_path}/${{i}}.raw`));
  const packed = sparseSnapshot(raw);
  fs.writeFileSync(`{tmp_path}/${{i}}.tts`, packed);
  if (Buffer.compare(Buffer.from(expandSnapshot(packed)), Buffer.from(raw))) process.exit(3);
}}
""")
    proc = subprocess.run(["node", str(script)], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    for i, raw in enumerate(heaps):
        assert (tmp_path / f"{i}.tts").read_bytes() == snap.sparse_snapshot(raw), i
