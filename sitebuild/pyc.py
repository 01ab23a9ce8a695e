"""The page's Python compiled ahead of time by Pyodide under Node: the engine and ui sources as
unchecked-hash .pyc shipped in their place, and PyScript's own package as the __pycache__ beside
the sources it writes (both cached in .cache/ by their inputs)."""

from __future__ import annotations

import ast
import hashlib
import json
import shutil
from pathlib import Path

from .files import CACHE, ROOT, log
from .node import pyodide_url, run_node, script_bytes, write_args
from .npm import PYODIDE_VERSION
from .runtime import pyscript_files
from .stdlib import STDLIB_RECIPE

# Where PyScript writes the `files` entries (the interpreter's working directory).
PAGE_HOME = "/home/pyodide"


def compile_page_sources(pyodide_dir: Path, sources: list[Path]) -> dict[Path, Path]:
    """Unchecked-hash .pyc for the engine and ui sources (cached by their content).

    Shipped instead of the sources, as `<name>.pyc` where `<name>.py` would be (Python
    imports a .pyc without its source), so the page neither compiles them (about half a second
    of a cold start) nor downloads the sources. They are compiled without docstrings, asserts
    and column tables (-OO, PYTHONNODEBUGRANGES): tracebacks name the file and line.
    """
    h = hashlib.sha256((PYODIDE_VERSION + ":" + STDLIB_RECIPE).encode())
    h.update(script_bytes("pyc.mjs") + b"\0")
    for p in sources:
        h.update(p.relative_to(ROOT).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    out = CACHE / "pyc" / h.hexdigest()[:16]
    if not (out / "tag.txt").exists():
        log("compiling engine/ and ui/ to .pyc with Pyodide under Node")
        work = CACHE / "pyc" / "work"
        files = [
            {"path": str(p), "filename": f"{PAGE_HOME}/{p.relative_to(ROOT).as_posix()}"}
            for p in sources
        ]
        tmp = CACHE / "pyc" / (out.name + ".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        run_node(
            "pyc.mjs",
            write_args(
                work / "args.json",
                {
                    "pyodide": pyodide_url(pyodide_dir),
                    "indexURL": str(pyodide_dir) + "/",
                    "files": files,
                    "out": str(tmp),
                },
            ),
        )
        shutil.rmtree(out, ignore_errors=True)
        tmp.rename(out)
        for old in (CACHE / "pyc").iterdir():  # keep the cache small
            if old.is_dir() and old.name not in (out.name, "work"):
                shutil.rmtree(old, ignore_errors=True)
    result: dict[Path, Path] = {}
    for i, p in enumerate(sources):
        result[p.relative_to(ROOT).with_suffix(".pyc")] = out / f"{i}.pyc"
    return result


def imported_package_files(package: dict[str, str]) -> list[str]:
    """The files of PyScript's package that `import pyscript` loads (the page imports no other
    part of it), sorted."""
    names: list[str] = []
    todo = ["pyscript/__init__.py"]
    while todo:
        name = todo.pop()
        if name in names or name not in package:
            continue
        names.append(name)
        for node in ast.walk(ast.parse(package[name])):
            mods = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            todo += [m.replace(".", "/") + ".py" for m in mods if m.startswith("pyscript.")]
    return sorted(names)


def pyscript_pycache(pyodide_dir: Path, pyscript_dir: Path) -> dict[Path, Path]:
    """Compiled PyScript's Python package (cached by the bundle), for its __pycache__.

    PyScript writes its package's sources into the working directory at each start and the
    page imports it before its own code runs (about 0.1 s): with these unchecked-hash .pyc
    beside them (written there through the config's `files`), Python does not compile them.
    They are compiled from the very sources the bundle writes, taken out of it under Node.
    Empty (a plain start) when the bundle no longer holds them as this expects."""
    bundles = [
        p
        for p in pyscript_files(pyscript_dir)
        if p.name.startswith("core-") and 'wo(".",' in p.read_text(encoding="utf-8")
    ]
    if len(bundles) != 1:
        log("PyScript's package was not found in its bundle: it is compiled in the page")
        return {}
    bundle = bundles[0]
    key = hashlib.sha256(
        bundle.read_bytes()
        + script_bytes("pyscript-package.mjs", "pyc.mjs")
        + PYODIDE_VERSION.encode()
    ).hexdigest()[:16]
    out = CACHE / "pyscript-pyc" / key
    listing = out / "files.json"
    if not listing.exists():
        work = CACHE / "pyscript-pyc" / "work"
        shutil.rmtree(work, ignore_errors=True)
        run_node(
            "pyscript-package.mjs",
            write_args(work / "args.json", [str(bundle), str(work / "package.json")]),
        )
        package = json.loads((work / "package.json").read_text(encoding="utf-8"))
        if "pyscript/__init__.py" not in package:
            log("PyScript's package has no __init__.py in its bundle: compiled in the page")
            return {}
        names = imported_package_files(package)
        for i, name in enumerate(names):
            (work / f"{i}.py").write_text(package[name], encoding="utf-8")
        tmp = work / "out"
        run_node(
            "pyc.mjs",
            write_args(
                work / "pyc.json",
                {
                    "pyodide": pyodide_url(pyodide_dir),
                    "indexURL": str(pyodide_dir) + "/",
                    "out": str(tmp),
                    # as the page runs them (optimize 0: their docstrings and asserts kept)
                    "files": [
                        {
                            "path": str(work / f"{i}.py"),
                            "filename": f"{PAGE_HOME}/{name}",
                            "optimize": 0,
                        }
                        for i, name in enumerate(names)
                    ],
                },
            ),
        )
        tag = (tmp / "tag.txt").read_text().strip()
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        pycs = {}
        for i, name in enumerate(names):
            rel = Path(name).parent / "__pycache__" / f"{Path(name).stem}.{tag}.pyc"
            shutil.copy(tmp / f"{i}.pyc", out / f"{i}.pyc")
            pycs[rel.as_posix()] = f"{i}.pyc"
        listing.write_text(json.dumps(pycs, indent=1))
        shutil.rmtree(work, ignore_errors=True)
    return {
        Path(rel): out / name
        for rel, name in json.loads(listing.read_text(encoding="utf-8")).items()
    }
