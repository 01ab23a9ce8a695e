"""The page's standard library: Pyodide's stdlib zip pruned to the modules the page may import
(found by importing them under Node), compiled to unchecked-hash .pyc by the same Pyodide, with a
few start-up imports made lazy; cached in .cache/stdlib/ by its inputs.

Modules frozen into the interpreter stay out of it (Python never reads them from the zip), and
so do the few that start-up imports only for work the page never does (STDLIB_PATCHES). This
roughly halves the cold start.
"""

from __future__ import annotations

import ast
import hashlib
import json
import shutil
import zipfile
from pathlib import Path

from .files import CACHE, log
from .node import pyodide_url, run_node, script, write_args
from .npm import PYODIDE_VERSION
from .sources import page_sources, worker_sources

# Bump when the stdlib recipe changes, so the cached zip is rebuilt.
STDLIB_RECIPE = "5"

# Stdlib modules kept although no import reaches them at start-up: they are imported lazily by
# tracebacks and error reporting, which must work when something goes wrong.
STDLIB_EXTRAS = (
    "_colorize",
    "textwrap",
    "linecache",
    "tokenize",
    "traceback",
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.utf_8_sig",
    "encodings.raw_unicode_escape",
    "encodings.unicode_escape",
    "pyodide",
    "pyodide.ffi",
    "pyodide.ffi.wrappers",
    "pyodide.code",
    "pyodide.webloop",
    "_pyodide",
    "_pyodide._base",
    "_pyodide._importhook",
    "_pyodide._core_docs",
    "_pyodide.docstring",
    "_pyodide.jsbind",
)
# Packages of which every module is kept (small, and their members import each other lazily).
STDLIB_WHOLE_PACKAGES = ("pyodide", "_pyodide", "json", "re", "collections")
# Never shipped: platform-specific or tooling modules that an import scan pulls in.
# ssl: asyncio imports it only if it can (the page opens no TLS sockets of its own).
# pyodide.console and pyodide.http: PyScript's terminal and pyfetch (the page uses neither).
# zipfile, tempfile: for installing packages (the page installs none; see STDLIB_PATCHES).
# html.entities: html.unescape's table (see STDLIB_PATCHES; nothing the page runs unescapes).
# encodings.idna (and the stringprep it imports): host names in sockets (the page opens none).
# bz2, lzma, compression (zstd): shutil imports them only if it can, for archives (none here).
# A name leaves out its submodules too.
STDLIB_SKIP = (
    "asyncio.windows_events",
    "asyncio.windows_utils",
    "asyncio.__main__",
    "asyncio.tools",
    "json.tool",
    "json.__main__",
    "pyodide._nodesock_transport",
    "ssl",
    "_ssl",
    "pyodide.console",
    "pyodide.http",
    "zipfile",
    "tempfile",
    "html.entities",
    "encodings.idna",
    "stringprep",
    "bz2",
    "lzma",
    "compression",
)
# Imports that the runtime's start-up makes only for work the page never does, made lazy in
# the shipped .pyc (file in the stdlib zip: (text, replacement), each text found exactly once,
# else the build stops), so that the modules they name can stay out of the zip (STDLIB_SKIP).
# pyodide._package_loader, which Pyodide imports at start-up, needs zipfile and tempfile only
# to install a package; the html package (imported by PyScript's pyscript.display for
# html.escape) loads its 80 KB entity table for html.unescape only.
STDLIB_PATCHES: dict[str, list[tuple[str, str]]] = {
    "pyodide/_package_loader.py": [
        (
            "from tempfile import NamedTemporaryFile\n",
            (
                "def NamedTemporaryFile(*args, **kwargs):\n"
                "    from tempfile import NamedTemporaryFile\n\n"
                "    return NamedTemporaryFile(*args, **kwargs)\n\n\n"
            ),
        ),
        (
            "from zipfile import ZipFile\n",
            (
                "def ZipFile(*args, **kwargs):\n"
                "    from zipfile import ZipFile\n\n"
                "    return ZipFile(*args, **kwargs)\n\n\n"
            ),
        ),
    ],
    "html/__init__.py": [
        (
            "from html.entities import html5 as _html5\n",
            (
                "class _LazyHtml5:\n"
                "    def __contains__(self, key):\n"
                "        from html.entities import html5\n"
                "        return key in html5\n\n"
                "    def __getitem__(self, key):\n"
                "        from html.entities import html5\n"
                "        return html5[key]\n\n\n"
                "_html5 = _LazyHtml5()\n"
            ),
        ),
    ],
}


def stdlib_imports(paths: list[Path]) -> set[str]:
    """Every absolute module name imported anywhere in the given Python files."""
    found: set[str] = set()
    for path in paths:
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def stdlib_roots(pyscript_dir: Path) -> list[str]:
    """Module names the page may import: from the engine, ui and PyScript's own Python code."""
    sources = sorted(set(page_sources()) | set(worker_sources()))
    sources += list((pyscript_dir / "src" / "stdlib" / "pyscript").glob("*.py"))
    names = stdlib_imports(sources) | set(STDLIB_EXTRAS)
    local = {"engine", "ui", "js", "pyscript", "polyscript", "_pyscript"}
    return sorted(n for n in names if n.split(".")[0] not in local)


def build_stdlib(pyodide_dir: Path, pyscript_dir: Path) -> Path:
    """The pruned, precompiled stdlib zip (cached by its inputs)."""
    roots = stdlib_roots(pyscript_dir)
    key_src = json.dumps(
        [
            PYODIDE_VERSION,
            STDLIB_RECIPE,
            roots,
            STDLIB_WHOLE_PACKAGES,
            STDLIB_SKIP,
            STDLIB_PATCHES,
            script("stdlib.mjs").read_text(encoding="utf-8"),
            script("stdlib-check.mjs").read_text(encoding="utf-8"),
        ]
    )
    key = hashlib.sha256(key_src.encode()).hexdigest()[:16]
    out = CACHE / "stdlib" / f"python_stdlib-{key}.zip"
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    log("compiling the stdlib to .pyc with Pyodide under Node (once per import set)")
    work = CACHE / "stdlib" / "work"
    tmp = work / "python_stdlib.zip"
    args = {
        "pyodide": pyodide_url(pyodide_dir),
        "indexURL": str(pyodide_dir) + "/",
        "roots": roots,
        "out": str(tmp),
        "whole": list(STDLIB_WHOLE_PACKAGES),
        "skip": list(STDLIB_SKIP),
        "patches": STDLIB_PATCHES,
    }
    run_node("stdlib.mjs", write_args(work / "args.json", args))
    # Check that every root still imports from the pruned zip.
    with zipfile.ZipFile(pyodide_dir / "python_stdlib.zip") as z:
        tops = sorted({n.split("/")[0].removesuffix(".py") for n in z.namelist()})
    frozen = json.loads(Path(str(tmp) + ".frozen.json").read_text())
    check = {
        "pyodide": pyodide_url(pyodide_dir),
        "indexURL": str(pyodide_dir) + "/",
        "zip": str(tmp),
        "roots": roots,
        "stdlib_top": tops,
        "frozen": frozen,
    }
    run_node("stdlib-check.mjs", write_args(work / "check.json", check))
    tmp.replace(out)
    shutil.copy(str(tmp) + ".txt", str(out) + ".txt")
    return out
