"""The memory snapshot a repeat visit starts from: Pyodide's heap after the page's start with
its modules imported, made under Node and stored without its zero pages (ui/pyodide.js expands
it in the page)."""

from __future__ import annotations

import hashlib
import json
import struct
from pathlib import Path

from .files import CACHE, log
from .node import pyodide_url, run_node, script_bytes, write_args
from .npm import PYODIDE_VERSION
from .pyc import PAGE_HOME

# Standard modules PyScript's own package imports as the page starts (the page's are imported
# by its own modules).
SNAPSHOT_STDLIB = ["html"]
SNAPSHOT_MAGIC = b"TTS1"
SNAPSHOT_PAGE = 4096


def sparse_snapshot(raw: bytes) -> bytes:
    """A memory snapshot without its zero pages (most of the heap): "TTS1", the full length,
    the number of runs (little-endian u32), then each run's offset and length, then the runs'
    bytes. index.html's snapshot reader expands it back to the full heap."""
    runs: list[tuple[int, int]] = []
    zero = bytes(SNAPSHOT_PAGE)
    for off in range(0, len(raw), SNAPSHOT_PAGE):
        page = raw[off:off + SNAPSHOT_PAGE]
        if page == zero[:len(page)]:
            continue
        if runs and runs[-1][0] + runs[-1][1] == off:
            runs[-1] = (runs[-1][0], runs[-1][1] + len(page))
        else:
            runs.append((off, len(page)))
    head = SNAPSHOT_MAGIC + struct.pack("<II", len(raw), len(runs))
    head += b"".join(struct.pack("<II", o, n) for o, n in runs)
    return head + b"".join(raw[o:o + n] for o, n in runs)


def expand_snapshot(data: bytes) -> bytes:
    """The full heap back from sparse_snapshot's format (what index.html does in the page)."""
    if data[:4] != SNAPSHOT_MAGIC:
        raise ValueError("not a Trick Table snapshot")
    full, count = struct.unpack_from("<II", data, 4)
    out = bytearray(full)
    pos = 12 + 8 * count
    for i in range(count):
        off, n = struct.unpack_from("<II", data, 12 + 8 * i)
        out[off:off + n] = data[pos:pos + n]
        pos += n
    return bytes(out)


def make_snapshot(pyodide_dir: Path, stdlib: Path, files: dict[Path, Path],
                  modules: list[str]) -> Path:
    """Pyodide's memory after start-up with the page's modules imported, made under Node
    (cached by its inputs), in sparse_snapshot's format.

    A repeat visit starts from it (ui/pyodide.js) instead of initialising Python and importing
    the stdlib, engine and ui again. `files` maps each page file's path under PAGE_HOME to its
    .pyc; the same files are written there again by PyScript, so a lazy import finds them."""
    h = hashlib.sha256(PYODIDE_VERSION.encode() + b"\0" + script_bytes("snapshot.mjs"))
    h.update(stdlib.read_bytes())
    for rel, src in sorted(files.items()):
        h.update(rel.as_posix().encode() + b"\0" + src.read_bytes() + b"\0")
    h.update(json.dumps(modules).encode())
    out = CACHE / "snapshot" / f"snapshot-{h.hexdigest()[:16]}.bin"
    if out.exists():
        return out
    log("making the memory snapshot of the page's start with Pyodide under Node")
    work = CACHE / "snapshot" / "work"
    raw = work / "heap.bin"
    run_node("snapshot.mjs", write_args(work / "args.json", {
        "pyodide": pyodide_url(pyodide_dir), "indexURL": str(pyodide_dir) + "/",
        "stdlib": str(stdlib), "home": PAGE_HOME,
        "files": [{"target": f"{PAGE_HOME}/{rel.as_posix()}", "path": str(src)}
                  for rel, src in sorted(files.items())],
        "modules": modules, "out": str(raw)}))
    data = sparse_snapshot(raw.read_bytes())
    raw.unlink()
    for old in (CACHE / "snapshot").glob("snapshot-*.bin"):  # keep the cache small
        old.unlink()
    out.write_bytes(data)
    return out

