"""The memory snapshot a repeat visit starts from: Pyodide's heap after the page's start with
its modules imported. The player's browser makes it in idle time after the first visit
(ui/snapshot_maker.js) and keeps it in Cache Storage beside the offline copy; nothing of it is
downloaded. The build decides what goes into it (dist/snapshot.json) and names it by the
content hash of all that, so a new version never starts from an old version's snapshot.

The stored form leaves out the zero pages (most of the heap): sparse_snapshot here is the
reference of that format; ui/pyodide.js writes it (sparseSnapshot) and reads it back
(expandSnapshot)."""

from __future__ import annotations

import hashlib
import json
import struct
from pathlib import Path

from .files import ROOT
from .npm import PYODIDE_VERSION
from .pyc import PAGE_HOME

# Standard modules imported into the snapshot besides those the page's own modules import.
SNAPSHOT_STDLIB = ["html"]
SNAPSHOT_MAGIC = b"TTS1"
SNAPSHOT_PAGE = 4096
# The scripts that make the snapshot in the browser: part of its identity.
MAKER_SCRIPTS = ("ui/snapshot_maker.js", "ui/pyodide.js")
# A module that would run the page on import is left out of the snapshot (the page's worker
# starts it with ui.shell.host.boot, after the snapshot is taken: there is no such module now).
ENTRY_POINT = Path("ui/main.pyc")


def snapshot_modules(pycs: dict[Path, Path]) -> list[str]:
    """The modules imported into the snapshot: every engine and ui module of the page or its
    worker but the page's entry point, and the standard modules of SNAPSHOT_STDLIB."""
    modules = sorted(
        ".".join(rel.with_suffix("").parts).removesuffix(".__init__")
        for rel in pycs
        if rel != ENTRY_POINT and rel.suffix == ".pyc"
    )
    return modules + SNAPSHOT_STDLIB


def snapshot_plan(
    stdlib: Path, files: dict[str, str], pycs: dict[Path, Path]
) -> tuple[str, dict[str, object]]:
    """The snapshot's content key (the runtime's version, the stdlib, every file copied in with
    its bytes, the modules and the maker's scripts) and dist/snapshot.json without its URL:
    `home`, the interpreter's working directory; `files`, each compiled file's URL (relative to
    the site) and its path under `home`; `modules`, what is imported, in order.

    `files` maps each URL to its path under `home` (as worker.json does); `pycs` maps each path
    under `home` to the .pyc in the builder's cache."""
    modules = snapshot_modules(pycs)
    h = hashlib.sha256(PYODIDE_VERSION.encode() + b"\0" + stdlib.read_bytes() + b"\0")
    for name in MAKER_SCRIPTS:
        h.update(name.encode() + b"\0" + (ROOT / name).read_bytes() + b"\0")
    for url, target in sorted(files.items()):
        h.update(f"{url}\0{target}\0".encode() + pycs[Path(target)].read_bytes() + b"\0")
    h.update(json.dumps(modules).encode())
    return h.hexdigest()[:8], {
        "home": PAGE_HOME,
        "files": dict(sorted(files.items())),
        "modules": modules,
    }


def sparse_snapshot(raw: bytes) -> bytes:
    """A memory snapshot without its zero pages (most of the heap): "TTS1", the full length,
    the number of runs (little-endian u32), then each run's offset and length, then the runs'
    bytes. ui/pyodide.js's expandSnapshot expands it back to the full heap."""
    runs: list[tuple[int, int]] = []
    zero = bytes(SNAPSHOT_PAGE)
    for off in range(0, len(raw), SNAPSHOT_PAGE):
        page = raw[off : off + SNAPSHOT_PAGE]
        if page == zero[: len(page)]:
            continue
        if runs and runs[-1][0] + runs[-1][1] == off:
            runs[-1] = (runs[-1][0], runs[-1][1] + len(page))
        else:
            runs.append((off, len(page)))
    head = SNAPSHOT_MAGIC + struct.pack("<II", len(raw), len(runs))
    head += b"".join(struct.pack("<II", o, n) for o, n in runs)
    return head + b"".join(raw[o : o + n] for o, n in runs)


def expand_snapshot(data: bytes) -> bytes:
    """The full heap back from sparse_snapshot's format (what expandSnapshot does in the
    page)."""
    if data[:4] != SNAPSHOT_MAGIC:
        raise ValueError("not a Trick Table snapshot")
    full, count = struct.unpack_from("<II", data, 4)
    out = bytearray(full)
    pos = 12 + 8 * count
    for i in range(count):
        off, n = struct.unpack_from("<II", data, 12 + 8 * i)
        out[off : off + n] = data[pos : pos + n]
        pos += n
    return bytes(out)
