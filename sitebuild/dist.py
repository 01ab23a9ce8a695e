"""dist/ itself: every file the site ships (the runtime under versioned names, the compiled
engine and ui, the page's own files, the catalogs), the file lists the page's worker and the
snapshot's maker copy in (pyscript.json from pyscript.toml, snapshot.json), index.html
completed, and nothing left over from a previous build."""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .files import DIST, ROOT, copy_if_changed, log, write_if_changed
from .friends import friends_files
from .i18n import before_python_texts, compiled_catalogs
from .learn import learn_files
from .lobby import static_lobby
from .npm import PYODIDE_VERSION, PYSCRIPT_VERSION, npm_package
from .offline import service_worker, web_manifest
from .pyc import compile_page_sources
from .runtime import PYODIDE_FILES, minimal_lockfile
from .snapshot import snapshot_plan
from .sources import page_sources, worker_sources
from .stdlib import build_stdlib
from .wheel import WHEELS, wheel, wheel_name

Wanted = dict[Path, bytes | Path]  # dist/'s files: their bytes, or the file to copy
RUNTIME = Path("runtime")


@dataclass(frozen=True)
class Names:
    """Where dist/ puts the runtime, named by version and content, so each URL always means the
    same bytes (the service worker precaches them without cache-busting), and the URL of the
    snapshot the browser makes (named by what goes into it; never a file of dist/)."""

    pyodide: Path
    pyscript: Path
    snapshot: Path

    def paths(self, text: str) -> str:
        """The sources name runtime/pyodide/, runtime/pyscript/ and runtime/snapshot.bin;
        dist/ has the versions."""
        return (
            text.replace("runtime/pyodide/", f"{self.pyodide.as_posix()}/")
            .replace("runtime/pyscript/", f"{self.pyscript.as_posix()}/")
            .replace("runtime/snapshot.bin", self.snapshot.as_posix())
        )


def runtime_files(pyodide_dir: Path, pyscript_dir: Path, stdlib: Path, names: Names) -> Wanted:
    """Pyodide (with the page's stdlib zip and an empty package list)."""
    wanted: Wanted = {}
    for name in PYODIDE_FILES:
        wanted[names.pyodide / name] = pyodide_dir / name
    wanted[names.pyodide / "python_stdlib.zip"] = stdlib
    wanted[names.pyodide / "pyodide-lock.json"] = minimal_lockfile(pyodide_dir)
    return wanted


@dataclass
class Code:
    """The compiled Python of dist/: its files, what the page's worker (ui/worker.js) and the
    snapshot's maker copy into their Pyodide (`files`: the ui and the engine, the computer
    players' search included, and CODE_DATA), and each source's .pyc (or data file) by its path
    under the interpreter's working directory."""

    wanted: Wanted
    files: dict[str, str]
    pycs: dict[Path, Path]


# Data files the page's Python reads beside its modules (the list of the DOM operations).
CODE_DATA = (Path("ui/ops.json"),)


def code_files(pyodide_dir: Path, pyscript_dir: Path) -> Code:
    """The engine and ui as .pyc, and PyScript's own package compiled (its __pycache__), in
    dist/py-<hash of them all>/, so one URL always means the same bytes (the service worker
    then reuses the page's download, as for runtime/)."""
    page = page_sources()
    worker = worker_sources()
    sources = sorted(set(page) | set(worker))
    pycs = dict(zip(sources, compile_page_sources(pyodide_dir, sources).items()))
    shipped = [pycs[p] for p in sources] + [(rel, ROOT / rel) for rel in CODE_DATA]
    code_hash = hashlib.sha256()
    for rel, src in shipped:
        code_hash.update(rel.as_posix().encode() + b"\0" + src.read_bytes())
    code_dir = Path(f"py-{code_hash.hexdigest()[:8]}")
    code = Code({}, {}, dict(shipped))
    for rel, src in shipped:
        code.wanted[code_dir / rel] = src
        code.files[f"./{(code_dir / rel).as_posix()}"] = rel.as_posix()
    return code


def page_files(names: Names) -> Wanted:
    """The page's own files: its entry point, its scripts (naming the runtime as dist/ does),
    the assets, the embed script for tutorial sites (dist/embed.js), the sample tutorial
    (dist/learn/), which uses only embed.js, as an outside site would, and the puzzles
    (dist/puzzles/<game>.json, built by engine.content.puzzles)."""
    wanted: Wanted = {}
    for p in sorted((ROOT / "ui").glob("*.js")) + sorted((ROOT / "ui" / "web").glob("*.js")):
        wanted[p.relative_to(ROOT)] = names.paths(p.read_text(encoding="utf-8")).encode()
    for p in sorted((ROOT / "assets").rglob("*")):
        if p.is_file():
            wanted[p.relative_to(ROOT)] = p
    wanted[Path("embed.js")] = ROOT / "embed" / "embed.js"
    for p in sorted((ROOT / "learn").rglob("*")):
        if p.is_file():
            wanted[p.relative_to(ROOT)] = p
    for p in sorted((ROOT / "puzzles").glob("*.json")):  # the puzzles (engine.content.puzzles)
        wanted[p.relative_to(ROOT)] = p
    return wanted


def pyscript_config(files: dict[str, str]) -> bytes:
    """dist/pyscript.json: pyscript.toml, the page's PyScript configuration, with the computed
    `files`."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    config["files"] = files
    return (json.dumps(config, indent=1) + "\n").encode()


def index_html(
    files: dict[str, str], pyscript_dir: Path, catalogs: dict[str, bytes], names: Names
) -> bytes:
    """index.html with its placeholders filled: preloads, the texts shown before Python runs
    and the static lobby."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    html = html.replace("<!-- texts:before-python -->", before_python_texts(catalogs))
    html = html.replace("<!-- lobby:static -->", static_lobby(catalogs))
    return names.paths(html).encode()


def write_dist(dist: Path, wanted: Wanted) -> None:
    """Writes what changed, then removes what a previous build left behind (sw.js aside: it is
    generated after the other files)."""
    for out_rel, content in wanted.items():
        if isinstance(content, bytes):
            write_if_changed(dist / out_rel, content)
        else:
            copy_if_changed(content, dist / out_rel)
    keep = {(dist / out_rel) for out_rel in wanted} | {dist / "sw.js"}
    for p in sorted(dist.rglob("*"), reverse=True):
        if p.is_file() and p not in keep:
            p.unlink()
        elif p.is_dir() and not any(p.iterdir()):
            p.rmdir()


def build(dist: Path = DIST) -> Path:
    """Builds the site into `dist` (idempotent; fast when .cache/ holds the runtime)."""
    pyodide_dir = npm_package("pyodide")
    pyscript_dir = npm_package("pyscript")
    stdlib = build_stdlib(pyodide_dir, pyscript_dir)
    stdlib_key = hashlib.sha256(stdlib.read_bytes()).hexdigest()[:8]
    code = code_files(pyodide_dir, pyscript_dir)
    snap_key, snap_plan = snapshot_plan(stdlib, code.files, code.pycs)
    names = Names(
        pyodide=RUNTIME / f"pyodide-{PYODIDE_VERSION}-{stdlib_key}",
        pyscript=RUNTIME / f"pyscript-{PYSCRIPT_VERSION}",
        snapshot=RUNTIME / f"snapshot-{snap_key}.bin",
    )
    catalogs = compiled_catalogs()
    wanted = runtime_files(pyodide_dir, pyscript_dir, stdlib, names)
    wanted |= code.wanted
    # What the browser's snapshot holds, for ui/snapshot_maker.js (and its URL, for the
    # service worker, which keeps that one and drops the others).
    snap_plan = {"url": names.snapshot.as_posix(), **snap_plan}
    wanted[Path("snapshot.json")] = (json.dumps(snap_plan, indent=1) + "\n").encode()
    wanted |= page_files(names)
    for lang, mo in catalogs.items():  # fetched when needed (ui/shell/app.py load_catalog)
        wanted[Path(f"i18n/{lang}.mo")] = mo
    wanted[Path("pyscript.json")] = pyscript_config(code.files)
    wanted[Path("index.html")] = index_html(code.files, pyscript_dir, catalogs, names)
    wanted[WHEELS / wheel_name()] = wheel()  # the engine for pip and micropip (docs/python.md)
    # the tutorial's Python page: PyScript, a Pyodide with micropip, the page rendered
    wanted |= learn_files(
        pyodide_dir, pyscript_dir, names.pyodide, names.pyscript, catalogs, wheel_name()
    )
    wanted |= friends_files()  # PeerJS and friends.json, loaded only for a table with friends
    wanted[Path(".nojekyll")] = b""
    wanted[Path("manifest.webmanifest")] = web_manifest()
    write_dist(dist, wanted)
    sw = service_worker(dist)
    log(f"sw.js precaches {sw['count']} files ({sw['size'] / 1e6:.1f} MB)")
    return dist
