#!/usr/bin/env python3
"""Build the static site in dist/, or serve it.

    python build.py          build dist/ (idempotent; fast when .cache/ holds the runtime)
    python build.py serve    build, then serve dist/ on http://127.0.0.1:PORT/ (--port N)

The page's own benchmarks live in engine/bench/page.py (they load this file to build and serve
dist/); these two commands are aliases of them:

    python build.py bench    = python -m engine.bench page-load [--runs N]: cold navigation ->
                               interactive table for dist/ against a bare PyScript page
    python build.py bench-ai = python -m engine.bench page-ai [--deals N] [--seed S]: the page's
                               own decision times at the default level next to CPython's

The runtime comes from npm at pinned versions (`npm pack`, cached in .cache/npm/). Nothing is
fetched from a CDN at runtime: PyScript's `interpreter` points at the local pyodide.mjs, and the
engine and ui sources are loaded through the config's `files`. The Python standard library zip is
rebuilt as unchecked-hash .pyc compiled by the same Pyodide under Node, keeping only the modules
the page imports (computed by importing them under Node), which roughly halves the cold start.
Modules frozen into the interpreter stay out of it (Python never reads them from the zip), and
so do the few that start-up imports only for work the page never does (STDLIB_PATCHES).

A repeat visit starts from a memory snapshot of Pyodide with the page's modules imported
(make_snapshot, made under Node; loaded by ui/pyodide.js from the service worker's copy), and
PyScript's own package ships compiled (pyscript_pycache). pyscript.toml is the page's PyScript
configuration; the build completes it with the computed `files` into dist/pyscript.json.
"""

from __future__ import annotations

import argparse
import ast
import functools
import hashlib
import http.server
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
NPM_CACHE = CACHE / "npm"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
PACKAGES = {"pyodide": ("pyodide", PYODIDE_VERSION),
            "pyscript": ("@pyscript/core", PYSCRIPT_VERSION)}

# Engine modules the computer-player worker (ui/ai_worker.js) imports besides what ui/ imports.
WORKER_ROOTS = ("engine.ai", "engine.teacher")

# Bump when the stdlib recipe changes, so the cached zip is rebuilt.
STDLIB_RECIPE = "5"

# Stdlib modules kept although no import reaches them at start-up: they are imported lazily by
# tracebacks and error reporting, which must work when something goes wrong.
STDLIB_EXTRAS = (
    "_colorize", "textwrap", "linecache", "tokenize", "traceback",
    "encodings.ascii", "encodings.latin_1", "encodings.utf_8_sig",
    "encodings.raw_unicode_escape", "encodings.unicode_escape",
    "pyodide", "pyodide.ffi", "pyodide.ffi.wrappers", "pyodide.code", "pyodide.webloop",
    "_pyodide", "_pyodide._base", "_pyodide._importhook", "_pyodide._core_docs",
    "_pyodide.docstring", "_pyodide.jsbind",
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
STDLIB_SKIP = ("asyncio.windows_events", "asyncio.windows_utils", "asyncio.__main__",
               "asyncio.tools", "json.tool", "json.__main__", "pyodide._nodesock_transport",
               "ssl", "_ssl", "pyodide.console", "pyodide.http", "zipfile", "tempfile",
               "html.entities", "encodings.idna", "stringprep", "bz2", "lzma", "compression")
# Imports that the runtime's start-up makes only for work the page never does, made lazy in
# the shipped .pyc (file in the stdlib zip: (text, replacement), each text found exactly once,
# else the build stops), so that the modules they name can stay out of the zip (STDLIB_SKIP).
# pyodide._package_loader, which Pyodide imports at start-up, needs zipfile and tempfile only
# to install a package; the html package (imported by PyScript's pyscript.display for
# html.escape) loads its 80 KB entity table for html.unescape only.
STDLIB_PATCHES: dict[str, list[tuple[str, str]]] = {
    "pyodide/_package_loader.py": [
        ("from tempfile import NamedTemporaryFile\n",
         ("def NamedTemporaryFile(*args, **kwargs):\n"
          "    from tempfile import NamedTemporaryFile\n\n"
          "    return NamedTemporaryFile(*args, **kwargs)\n\n\n")),
        ("from zipfile import ZipFile\n",
         ("def ZipFile(*args, **kwargs):\n"
          "    from zipfile import ZipFile\n\n"
          "    return ZipFile(*args, **kwargs)\n\n\n")),
    ],
    "html/__init__.py": [
        ("from html.entities import html5 as _html5\n",
         ("class _LazyHtml5:\n"
          "    def __contains__(self, key):\n"
          "        from html.entities import html5\n"
          "        return key in html5\n\n"
          "    def __getitem__(self, key):\n"
          "        from html.entities import html5\n"
          "        return html5[key]\n\n\n"
          "_html5 = _LazyHtml5()\n")),
    ],
}

# PyScript chunks the page never loads, left out of dist/ (and so of the first visit's
# download, since the service worker precaches dist/): the code editor's (codemirror), the
# terminal's (xterm*, and its mpy-/py- chunks), archive unpacking (zip-, for `files` entries that
# are archives), the TOML config parser (toml-, the page's config is JSON), the debugging graph
# and the unreferenced index chunk. The editor, terminal and game plugins themselves are always
# imported, so they stay. tests/e2e load the whole page and fail on a missing chunk.
PYSCRIPT_SKIP = ("codemirror", "xterm", "zip-", "toml-", "pyodide_graph", "index-", "mpy-")
PYSCRIPT_SKIP_RE = r"^py-[A-Za-z0-9_-]{8}\.js$"  # the terminal's Pyodide chunk (py-<hash>.js)


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


# ------------------------------------------------------------------------------ translations
BABEL = "Babel==2.19.0"  # extraction and compilation of the gettext catalogs (pinned)
I18N = ROOT / "i18n"
POT = I18N / "trick-table.pot"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}


def babel() -> None:
    """Imports Babel, installing the pinned version first when it is missing."""
    try:
        import babel  # noqa: F401
    except ImportError:
        log(f"installing {BABEL}")
        subprocess.run([sys.executable, "-m", "pip", "install", "-q",
                        "--disable-pip-version-check", BABEL], check=True)


def importable() -> None:
    """The engine and ui/ importable here (the build renders with the page's own code)."""
    for folder in (str(ROOT), str(I18N)):
        if folder not in sys.path:
            sys.path.insert(0, folder)


def template() -> Any:
    """The catalog template: every string of ui/ in _(), N_(), ngettext() and pgettext(),
    and every engine text the page shows (message templates by key, the games' texts)."""
    babel()
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    importable()
    import datetime

    import engine
    from ui.i18n import DOMAIN, engine_texts

    fixed = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)  # stable files
    cat = Catalog(project="Trick Table", version="1", domain=DOMAIN, charset="utf-8",
                  header_comment="# The page's strings, extracted by `python3 build.py i18n`.",
                  fuzzy=False, creation_date=fixed, revision_date=fixed)
    for fn, line, message, comments, context in extract_from_dir(
            str(ROOT), [("ui/**.py", "python"), ("i18n/**.py", "python")], keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",)):
        cat.add(message, locations=[(fn, line)],
                auto_comments=comments, context=context,
                flags=("python-brace-format",) if "{" in str(message) else ())
    for ctx, text, where in engine_texts(engine.GAME_INFO):
        cat.add(text, locations=[(where, 0)], context=ctx,
                flags=("python-brace-format",) if "{" in text else ())
    return cat


def update_catalogs() -> None:
    """`python3 build.py i18n`: writes the template and brings every .po up to date with it
    (new strings empty, changed ones fuzzy, gone ones dropped)."""
    from babel.messages.pofile import read_po, write_po

    cat = template()
    I18N.mkdir(exist_ok=True)
    with POT.open("wb") as f:
        write_po(f, cat, width=100, omit_header=False, sort_output=True)
    from ui.i18n import LANGS

    for code in LANGS:
        po = I18N / f"{code}.po"
        if code != "en" and not po.exists():  # a new language starts from the template
            with POT.open("rb") as f:
                fresh = read_po(f, locale=code)
            with po.open("wb") as f:
                write_po(f, fresh, width=100, sort_output=True)
    for po in sorted(I18N.glob("*.po")):
        with po.open("rb") as f:
            lang = read_po(f, locale=po.stem)
        lang.update(cat, no_fuzzy_matching=True)
        lang.obsolete.clear()
        with po.open("wb") as f:
            write_po(f, lang, width=100, sort_output=True, include_previous=False)
    log(f"{POT.relative_to(ROOT)}: {len(cat)} strings; updated "
        + ", ".join(p.stem for p in sorted(I18N.glob("*.po"))))


def pseudo(text: str) -> str:
    """The pseudo-language: every string 40 % longer, its {fields} kept (layout tests)."""
    import re

    parts = re.split(r"(\{[^{}]*\})", text)
    out = []
    for part in parts:
        if part.startswith("{") and part.endswith("}"):
            out.append(part)
        else:
            out.append(part.translate(str.maketrans("aeiouAEIOU", "àéîõüÅÉÎÕÜ")))
    body = "".join(out)
    pad = max(1, round(len(text) * 0.4))
    return f"[{body}{'~' * (pad - 2) if pad > 2 else ''}]" if text.strip() else text


def compiled_catalogs() -> dict[str, bytes]:
    """Each language's .mo (compiled by Babel from i18n/<lang>.po), and the pseudo-language."""
    babel()
    import io

    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    out: dict[str, bytes] = {}
    for po in sorted(I18N.glob("*.po")):
        with po.open("rb") as f:
            cat = read_po(f, locale=po.stem)
        buf = io.BytesIO()
        write_mo(buf, cat, use_fuzzy=False)
        out[po.stem] = buf.getvalue()
    src = template()
    fake = Catalog(locale="en", domain=src.domain, charset="utf-8")
    for m in src:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            fake.add(m.id, tuple(pseudo(x) for x in m.id), context=m.context)
        else:
            fake.add(m.id, pseudo(m.id), context=m.context)
    buf = io.BytesIO()
    write_mo(buf, fake)
    out["xx"] = buf.getvalue()
    return out


def before_python_texts(catalogs: dict[str, bytes]) -> str:
    """The splash, failure, title and description texts in every language, as a script for
    index.html (they show before Python runs), from the same catalogs as the page."""
    import gettext
    import io

    importable()
    from before_python import BEFORE_PYTHON

    from ui.i18n import LANGS, SAVED_KEY

    texts: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        tr = (gettext.GNUTranslations(io.BytesIO(catalogs[lang])) if lang in catalogs
              else gettext.NullTranslations())
        texts[lang] = {k: tr.gettext(v) for k, v in BEFORE_PYTHON.items()}
    data = json.dumps({"texts": texts, "saved": SAVED_KEY}, ensure_ascii=False)
    return "<script>window.__tt_i18n = " + data.replace("</", "<\\/") + ";</script>"


def static_lobby(catalogs: dict[str, bytes]) -> str:
    """The lobby as HTML for every language and every chosen game, rendered at build time by
    the page's own views (ui/views.py), so a player can choose a game and its options and read
    the rules while the runtime loads (index.html shows it at first paint)."""
    importable()
    import engine
    import engine.ai
    from ui import i18n as I
    from ui import store as S
    from ui import views as V

    speed = "2"  # the page's default speed (ui/app.py)
    out: dict[str, dict[str, str]] = {}
    for lang in I.LANGS:
        I.use(lang, catalogs.get(lang))
        info = {g: I.game_info(engine.GAME_INFO[g]) for g in engine.GAMES}
        out[lang] = {g: V.lobby_html(list(engine.GAMES), info, g, {}, "", "", speed,
                                     dict(engine.ai.LEVELS), engine.ai.DEFAULT_LEVEL)
                     for g in engine.GAMES}
    I.use(I.DEFAULT, None)
    data = json.dumps({"first": engine.GAMES[0], "lobby": out, "names": I.LANGS,
                       "save": S.KEY, "lang_key": I.SAVED_KEY}, ensure_ascii=False)
    return ('<script type="application/json" id="tt-lobby">' + data.replace("</", "<\\/")
            + "</script>")


# ------------------------------------------------------------------------- offline, installable
TOOLS = ROOT / "tools" / "sw"  # package.json + package-lock.json: workbox-build, pinned
THEME = "#0d5132"
SW_SCRIPT = r"""
const path = require("path");
const { generateSW } = require(path.join(process.argv[2], "node_modules", "workbox-build"));
generateSW({
  globDirectory: process.argv[3],
  globPatterns: ["**/*"],
  globIgnores: ["sw.js", "sw.js.map", "workbox-*.js"],
  swDest: path.join(process.argv[3], "sw.js"),
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  inlineWorkboxRuntime: true,
  sourcemap: false,
  mode: "production",
  cleanupOutdatedCaches: true,
  skipWaiting: false,          // a new version waits until the player says "reload"
  clientsClaim: false,
  directoryIndex: "index.html",
  ignoreURLParametersMatching: [/.*/],  // ?game=…&seed=… is the same page
  // runtime/<name>-<version>/ and py-<hash>/ never change their bytes under one URL
  // (build.py names them so):
  // no revision, no cache-busting query, so the install reuses what the page just fetched.
  dontCacheBustURLsMatching: /^(runtime|py-[0-9a-f]{8})\//,
}).then(({ count, size, warnings }) => {
  for (const w of warnings) console.error("workbox:", w);
  console.log(JSON.stringify({ count, size }));
}).catch((e) => { console.error(e); process.exit(1); });
"""


def npm_tools(folder: Path, prefix: str, package: str) -> Path:
    """The npm packages of `folder`'s lockfile (package.json + package-lock.json), installed
    once with `npm ci` into .cache/<prefix>-<hash of the lockfile>/; `package` is the one
    that must be there. SystemExit says why when npm is missing or fails."""
    lock = (folder / "package-lock.json").read_bytes()
    dest = CACHE / (prefix + "-" + hashlib.sha256(lock).hexdigest()[:12])
    if (dest / "node_modules" / package / "package.json").exists():
        return dest
    if shutil.which("npm") is None:
        sys.exit(f"build.py needs npm (and Node.js >= 18) for {package}: "
                 "apt-get install nodejs npm")
    log(f"npm ci {package} (once)")
    tmp = CACHE / (dest.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy2(folder / name, tmp / name)
    proc = subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--silent"], cwd=tmp,
                          capture_output=True, text=True, check=False)
    if proc.returncode:
        sys.exit(f"build.py: npm ci for {package} failed:\n{proc.stderr[-2000:]}")
    shutil.rmtree(dest, ignore_errors=True)
    tmp.rename(dest)
    return dest


def tools_dir() -> Path:
    """workbox-build and its dependencies, installed once from tools/sw's lockfile."""
    return npm_tools(TOOLS, "tools", "workbox-build")


def service_worker(dist: Path) -> dict[str, int]:
    """dist/sw.js: Workbox precaches every file of dist/ by content hash (generated from the
    files themselves: nothing is listed by hand); returns the file count and bytes."""
    tools = tools_dir()
    script = CACHE / "generate-sw.cjs"
    script.write_text(SW_SCRIPT, encoding="utf-8")
    proc = subprocess.run(["node", str(script), str(tools), str(dist)], capture_output=True,
                          text=True, check=False)
    if proc.returncode:
        sys.exit(f"build.py: generating the service worker failed:\n{proc.stderr[-2000:]}")
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def web_manifest() -> bytes:
    """The web-app manifest: relative start_url and scope, so it works under any sub-path."""
    icons = []
    for name, size, purpose in (("icon-192.png", 192, "any"), ("icon-512.png", 512, "any"),
                                ("icon-maskable-512.png", 512, "maskable")):
        if (ROOT / "assets" / "icons" / name).exists():
            icons.append({"src": f"./assets/icons/{name}", "sizes": f"{size}x{size}",
                          "type": "image/png", "purpose": purpose})
    data = {"name": "Trick Table", "short_name": "Trick Table",
            "description": "Koz Maça, Batak, Kozel and Bidding Kozel against the computer.",
            "start_url": "./", "scope": "./", "display": "standalone",
            "orientation": "any", "theme_color": THEME, "background_color": "#093d27",
            "icons": icons}
    return (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode()


# --------------------------------------------------------------------------------------- runtime
def npm_package(key: str) -> Path:
    """Unpack the pinned npm tarball (fetched once with `npm pack`) and return its folder."""
    name, version = PACKAGES[key]
    dest = NPM_CACHE / f"{key}-{version}"
    if (dest / "package.json").exists():
        return dest
    NPM_CACHE.mkdir(parents=True, exist_ok=True)
    tgz_name = f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    tgz = NPM_CACHE / tgz_name
    if not tgz.exists():
        log(f"npm pack {name}@{version}")
        if shutil.which("npm") is None:
            sys.exit("build.py needs npm (and Node.js >= 18) to fetch the runtime once: "
                     "apt-get install nodejs npm")
        proc = subprocess.run(["npm", "pack", "--silent", f"{name}@{version}"], cwd=NPM_CACHE,
                              capture_output=True, text=True, check=False)
        if proc.returncode or not tgz.exists():
            sys.exit(f"build.py: `npm pack {name}@{version}` failed:\n{proc.stderr[-2000:]}")
    tmp = NPM_CACHE / f".unpack-{key}"
    shutil.rmtree(tmp, ignore_errors=True)
    with tarfile.open(tgz) as tar:
        tar.extractall(tmp, filter="data")
    shutil.rmtree(dest, ignore_errors=True)
    (tmp / "package").rename(dest)
    shutil.rmtree(tmp, ignore_errors=True)
    return dest


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


NODE_STDLIB_SCRIPT = r"""
import { loadPyodide } from "%(pyodide_mjs)s";
import fs from "node:fs";
const args = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
// No column tables in the bytecode (PYTHONNODEBUGRANGES): smaller files, same behaviour.
const py = await loadPyodide({ indexURL: args.indexURL, stdout: () => {},
                               stderr: (s) => console.error(s),
                               env: { PYTHONNODEBUGRANGES: "1" } });
py.globals.set("ARGS", py.toPy(args));
const out = py.runPython(`
import sys, io, zipfile, importlib, importlib.util, _imp
from importlib._bootstrap_external import _code_to_hash_pyc

roots = list(ARGS["roots"])
for name in roots:
    try:
        importlib.import_module(name)
    except Exception:
        pass
keep = set(sys.modules)
whole = tuple(ARGS["whole"])
skip = tuple(ARGS["skip"])
patches = {fn: [tuple(p) for p in ps] for fn, ps in ARGS["patches"].items()}
src = zipfile.ZipFile("/lib/python314.zip")
buf = io.BytesIO()
# Deflated member by member: stored members would gzip 7 %% smaller on a host that compresses
# .zip responses, but many static hosts send application/zip as it is (2.9 times larger).
dst = zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9)
kept = []
frozen = []
for info in sorted(src.infolist(), key=lambda i: i.filename):
    fn = info.filename
    if not fn.endswith(".py"):
        continue
    mod = fn[:-3].replace("/", ".")
    if mod.endswith(".__init__"):
        mod = mod[: -len(".__init__")]
    if mod.startswith("site-packages."):
        continue
    if mod in skip or mod.startswith(tuple(n + "." for n in skip)):
        continue
    if mod not in keep and mod.split(".")[0] not in whole:
        continue
    spec = getattr(sys.modules.get(mod), "__spec__", None)
    if _imp.find_frozen(mod) is not None or getattr(spec, "origin", None) == "frozen":
        # Frozen into the interpreter, which imports it from there before looking at the zip
        # (importlib._bootstrap and _bootstrap_external are importlib's names for two of them).
        frozen.append(mod)
        continue
    data = src.read(fn)
    for old, new in patches.pop(fn, ()):
        text = data.decode("utf-8")
        assert text.count(old) == 1, (fn, old)
        data = text.replace(old, new).encode("utf-8")
    code = compile(data, "/lib/python314.zip/" + fn, "exec", dont_inherit=True,
                   optimize=2)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
    zi = zipfile.ZipInfo(fn + "c", date_time=(1980, 1, 1, 0, 0, 0))
    zi.compress_type = zipfile.ZIP_DEFLATED
    dst.writestr(zi, bytes(pyc))
    kept.append(mod)
dst.close()
assert not patches, ("patched files not in the zip", list(patches))
from pyodide.ffi import to_js
to_js([buf.getvalue(), kept, frozen])
`);
const [data, kept, frozen] = out;
fs.writeFileSync(args.out, data);
fs.writeFileSync(args.out + ".txt", Array.from(kept).join("\n") + "\n");
fs.writeFileSync(args.out + ".frozen.json", JSON.stringify(Array.from(frozen)));
"""

NODE_CHECK_SCRIPT = r"""
import { loadPyodide } from "%(pyodide_mjs)s";
import fs from "node:fs";
const args = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const py = await loadPyodide({ indexURL: args.indexURL, stdLibURL: args.zip });
py.globals.set("ARGS", py.toPy(args));
py.runPython(`
import importlib, sys
missing = []
for name in ARGS["roots"]:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as e:
        parent, _, attr = name.rpartition(".")
        if parent and parent in sys.modules and hasattr(sys.modules[parent], attr):
            continue  # "from X import name" where name is not a module
        if e.name and e.name.split(".")[0] in ARGS["stdlib_top"]:
            missing.append(name + ": " + str(e))
    except Exception:
        pass
assert not missing, missing
# The modules left out because they are frozen come from the interpreter itself.
thawed = [n for n in ARGS["frozen"]
          if importlib.import_module(n).__spec__.origin != "frozen"]
assert not thawed, thawed
`);
console.log("ok");
"""


NODE_PYC_SCRIPT = r"""
import { loadPyodide } from "%(pyodide_mjs)s";
import fs from "node:fs";
const args = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
// No column tables in the bytecode (PYTHONNODEBUGRANGES): smaller files, same behaviour.
const py = await loadPyodide({ indexURL: args.indexURL, stdout: () => {},
                               stderr: (s) => console.error(s),
                               env: { PYTHONNODEBUGRANGES: "1" } });
py.FS.mkdirTree("/src");
for (const [i, f] of args.files.entries()) py.FS.writeFile("/src/" + i, fs.readFileSync(f.path));
py.globals.set("ARGS", py.toPy(args));
const out = py.runPython(`
import sys, importlib.util
from importlib._bootstrap_external import _code_to_hash_pyc
res = []
for i, f in enumerate(ARGS["files"]):
    data = open(f"/src/{i}", "rb").read()
    code = compile(data, f["filename"], "exec", dont_inherit=True, optimize=f.get("optimize", 2))
    res.append(bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)))
from pyodide.ffi import to_js
to_js([sys.implementation.cache_tag, res])
`);
const [tag, blobs] = out;
fs.mkdirSync(args.out, { recursive: true });
fs.writeFileSync(args.out + "/tag.txt", tag);
for (const [i, b] of Array.from(blobs).entries()) fs.writeFileSync(args.out + "/" + i + ".pyc", b);
"""

# Where PyScript writes the `files` entries (the interpreter's working directory).
PAGE_HOME = "/home/pyodide"


NODE_SNAPSHOT_SCRIPT = r"""
import { loadPyodide } from "%(pyodide_mjs)s";
import fs from "node:fs";
import path from "node:path";
const args = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
// The page's start (PyScript passes stdout, stderr and indexURL), with the page's stdlib zip.
const py = await loadPyodide({ indexURL: args.indexURL, stdLibURL: args.stdlib,
                               _makeSnapshot: true, stdout: () => {},
                               stderr: (s) => console.error(s) });
for (const f of args.files) {
  py.FS.mkdirTree(path.posix.dirname(f.target));
  py.FS.writeFile(f.target, fs.readFileSync(f.path));
}
py.globals.set("MODULES", py.toPy(args.modules));
py.runPython(`
import importlib, os
os.chdir(${JSON.stringify(args.home)})
for name in MODULES:
    importlib.import_module(name)
del MODULES
`);
fs.writeFileSync(args.out, py.makeMemorySnapshot());
"""
# Standard modules PyScript's own package imports as the page starts (the page's are imported
# by its own modules).
SNAPSHOT_STDLIB = ["html"]
SNAPSHOT_MAGIC = b"TTS1"
SNAPSHOT_PAGE = 4096


def sparse_snapshot(raw: bytes) -> bytes:
    """A memory snapshot without its zero pages (most of the heap): "TTS1", the full length,
    the number of runs (little-endian u32), then each run's offset and length, then the runs'
    bytes. index.html's snapshot reader expands it back to the full heap."""
    import struct

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
    import struct

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
    h = hashlib.sha256((PYODIDE_VERSION + "\0" + NODE_SNAPSHOT_SCRIPT).encode())
    h.update(stdlib.read_bytes())
    for rel, src in sorted(files.items()):
        h.update(rel.as_posix().encode() + b"\0" + src.read_bytes() + b"\0")
    h.update(json.dumps(modules).encode())
    out = CACHE / "snapshot" / f"snapshot-{h.hexdigest()[:16]}.bin"
    if out.exists():
        return out
    log("making the memory snapshot of the page's start with Pyodide under Node")
    work = CACHE / "snapshot" / "work"
    work.mkdir(parents=True, exist_ok=True)
    (work / "snapshot.mjs").write_text(NODE_SNAPSHOT_SCRIPT % {
        "pyodide_mjs": (pyodide_dir / "pyodide.mjs").as_uri()})
    raw = work / "heap.bin"
    (work / "args.json").write_text(json.dumps({
        "indexURL": str(pyodide_dir) + "/", "stdlib": str(stdlib), "home": PAGE_HOME,
        "files": [{"target": f"{PAGE_HOME}/{rel.as_posix()}", "path": str(src)}
                  for rel, src in sorted(files.items())],
        "modules": modules, "out": str(raw)}))
    run_node(work / "snapshot.mjs", work / "args.json")
    data = sparse_snapshot(raw.read_bytes())
    raw.unlink()
    for old in (CACHE / "snapshot").glob("snapshot-*.bin"):  # keep the cache small
        old.unlink()
    out.write_bytes(data)
    return out


def compile_page_sources(pyodide_dir: Path, sources: list[Path]) -> dict[Path, Path]:
    """Unchecked-hash .pyc for the engine and ui sources (cached by their content).

    Shipped instead of the sources, as `<name>.pyc` where `<name>.py` would be (Python
    imports a .pyc without its source), so the page neither compiles them (about half a second
    of a cold start) nor downloads the sources. They are compiled without docstrings, asserts
    and column tables (-OO, PYTHONNODEBUGRANGES): tracebacks name the file and line.
    """
    h = hashlib.sha256((PYODIDE_VERSION + ":" + STDLIB_RECIPE).encode())
    for p in sources:
        h.update(p.relative_to(ROOT).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    out = CACHE / "pyc" / h.hexdigest()[:16]
    if not (out / "tag.txt").exists():
        log("compiling engine/ and ui/ to .pyc with Pyodide under Node")
        work = CACHE / "pyc" / "work"
        work.mkdir(parents=True, exist_ok=True)
        (work / "pyc.mjs").write_text(NODE_PYC_SCRIPT % {
            "pyodide_mjs": (pyodide_dir / "pyodide.mjs").as_uri()})
        files = [{"path": str(p), "filename": f"{PAGE_HOME}/{p.relative_to(ROOT).as_posix()}"}
                 for p in sources]
        tmp = CACHE / "pyc" / (out.name + ".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        (work / "args.json").write_text(json.dumps(
            {"indexURL": str(pyodide_dir) + "/", "files": files, "out": str(tmp)}))
        run_node(work / "pyc.mjs", work / "args.json")
        shutil.rmtree(out, ignore_errors=True)
        tmp.rename(out)
        for old in (CACHE / "pyc").iterdir():  # keep the cache small
            if old.is_dir() and old.name not in (out.name, "work"):
                shutil.rmtree(old, ignore_errors=True)
    result: dict[Path, Path] = {}
    for i, p in enumerate(sources):
        result[p.relative_to(ROOT).with_suffix(".pyc")] = out / f"{i}.pyc"
    return result


NODE_PYSCRIPT_PACKAGE_SCRIPT = r"""
// PyScript's own Python package, as its core bundle writes it into the interpreter's working
// directory before the page's code runs: the one object literal passed to wo(".", {...}).
import fs from "node:fs";
const [bundle, out] = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const src = fs.readFileSync(bundle, "utf8");
const key = 'wo(".",';
let i = src.indexOf(key);
if (i < 0 || src.indexOf(key, i + 1) >= 0) throw new Error("PyScript's package literal not found once");
i += key.length;
let depth = 0, j = i, quote = null;
for (; j < src.length; j++) {
  const c = src[j];
  if (quote) { if (c === "\\") j++; else if (c === quote) quote = null; continue; }
  if (c === '"' || c === "'" || c === "`") quote = c;
  else if (c === "{") depth++;
  else if (c === "}" && --depth === 0) { j++; break; }
}
const files = {};
(function walk(prefix, node) {
  for (const [k, v] of Object.entries(node)) {
    if (typeof v === "string") files[prefix + k] = v; else walk(prefix + k + "/", v);
  }
})("", Function("return " + src.slice(i, j))());
fs.writeFileSync(out, JSON.stringify(files));
"""


def pyscript_pycache(pyodide_dir: Path, pyscript_dir: Path) -> dict[Path, Path]:
    """Compiled PyScript's Python package (cached by the bundle), for its __pycache__.

    PyScript writes its package's sources into the working directory at each start and the
    page imports it before its own code runs (about 0.1 s): with these unchecked-hash .pyc
    beside them (written there through the config's `files`), Python does not compile them.
    They are compiled from the very sources the bundle writes, taken out of it under Node.
    Empty (a plain start) when the bundle no longer holds them as this expects."""
    bundles = [p for p in pyscript_files(pyscript_dir) if p.name.startswith("core-")
               and 'wo(".",' in p.read_text(encoding="utf-8")]
    if len(bundles) != 1:
        log("PyScript's package was not found in its bundle: it is compiled in the page")
        return {}
    bundle = bundles[0]
    key = hashlib.sha256(bundle.read_bytes() + NODE_PYSCRIPT_PACKAGE_SCRIPT.encode()
                         + PYODIDE_VERSION.encode()).hexdigest()[:16]
    out = CACHE / "pyscript-pyc" / key
    listing = out / "files.json"
    if not listing.exists():
        work = CACHE / "pyscript-pyc" / "work"
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        (work / "extract.mjs").write_text(NODE_PYSCRIPT_PACKAGE_SCRIPT)
        (work / "args.json").write_text(json.dumps([str(bundle), str(work / "package.json")]))
        run_node(work / "extract.mjs", work / "args.json")
        package = json.loads((work / "package.json").read_text(encoding="utf-8"))
        if "pyscript/__init__.py" not in package:
            log("PyScript's package has no __init__.py in its bundle: compiled in the page")
            return {}
        # only what `import pyscript` loads (the rest is never imported by this page)
        names, todo = [], ["pyscript/__init__.py"]
        while todo:
            name = todo.pop()
            if name in names or name not in package:
                continue
            names.append(name)
            for node in ast.walk(ast.parse(package[name])):
                mods = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                        [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
                todo += [m.replace(".", "/") + ".py" for m in mods if m.startswith("pyscript.")]
        names.sort()
        for i, name in enumerate(names):
            (work / f"{i}.py").write_text(package[name], encoding="utf-8")
        (work / "pyc.mjs").write_text(NODE_PYC_SCRIPT % {
            "pyodide_mjs": (pyodide_dir / "pyodide.mjs").as_uri()})
        tmp = work / "out"
        (work / "pyc.json").write_text(json.dumps({
            "indexURL": str(pyodide_dir) + "/", "out": str(tmp),
            # as the page runs them (optimize 0: their docstrings and asserts kept)
            "files": [{"path": str(work / f"{i}.py"), "filename": f"{PAGE_HOME}/{name}",
                       "optimize": 0} for i, name in enumerate(names)]}))
        run_node(work / "pyc.mjs", work / "pyc.json")
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
    return {Path(rel): out / name
            for rel, name in json.loads(listing.read_text(encoding="utf-8")).items()}


def run_node(script: Path, args: Path) -> None:
    if shutil.which("node") is None:
        sys.exit("build.py needs Node.js >= 18 to precompile the Python files: "
                 "apt-get install nodejs")
    proc = subprocess.run(["node", str(script), str(args)], capture_output=True, text=True,
                          check=False)
    if proc.returncode:
        tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-25:])
        sys.exit(f"build.py: {script.name} failed under Node:\n{tail[-4000:]}")


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
    key_src = json.dumps([PYODIDE_VERSION, STDLIB_RECIPE, roots, STDLIB_WHOLE_PACKAGES,
                          STDLIB_SKIP, STDLIB_PATCHES, NODE_STDLIB_SCRIPT,
                          NODE_CHECK_SCRIPT])
    key = hashlib.sha256(key_src.encode()).hexdigest()[:16]
    out = CACHE / "stdlib" / f"python_stdlib-{key}.zip"
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    log("compiling the stdlib to .pyc with Pyodide under Node (once per import set)")
    work = CACHE / "stdlib" / "work"
    work.mkdir(parents=True, exist_ok=True)
    pyodide_mjs = (pyodide_dir / "pyodide.mjs").as_uri()
    (work / "compile.mjs").write_text(NODE_STDLIB_SCRIPT % {"pyodide_mjs": pyodide_mjs})
    (work / "check.mjs").write_text(NODE_CHECK_SCRIPT % {"pyodide_mjs": pyodide_mjs})
    tmp = work / "python_stdlib.zip"
    args = {"indexURL": str(pyodide_dir) + "/", "roots": roots, "out": str(tmp),
            "whole": list(STDLIB_WHOLE_PACKAGES), "skip": list(STDLIB_SKIP),
            "patches": STDLIB_PATCHES}
    (work / "args.json").write_text(json.dumps(args))
    run_node(work / "compile.mjs", work / "args.json")
    # Check that every root still imports from the pruned zip.
    import zipfile
    with zipfile.ZipFile(pyodide_dir / "python_stdlib.zip") as z:
        tops = sorted({n.split("/")[0].removesuffix(".py") for n in z.namelist()})
    frozen = json.loads(Path(str(tmp) + ".frozen.json").read_text())
    check = {"indexURL": str(pyodide_dir) + "/", "zip": str(tmp), "roots": roots,
             "stdlib_top": tops, "frozen": frozen}
    (work / "check.json").write_text(json.dumps(check))
    run_node(work / "check.mjs", work / "check.json")
    tmp.replace(out)
    shutil.copy(str(tmp) + ".txt", str(out) + ".txt")
    return out


# ------------------------------------------------------------------------------------------ dist
def copy_if_changed(src: Path, dst: Path) -> None:
    if (dst.exists() and dst.stat().st_size == src.stat().st_size
            and dst.read_bytes() == src.read_bytes()):
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def write_if_changed(dst: Path, data: bytes) -> None:
    if dst.exists() and dst.read_bytes() == data:
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_bytes(data)


def module_file(mod: str) -> Path | None:
    base = ROOT.joinpath(*mod.split("."))
    for cand in (base.with_suffix(".py"), base / "__init__.py"):
        if cand.is_file():
            return cand
    return None


def local_imports(path: Path, lazy: bool) -> list[Path]:
    """Files of engine/ui modules that `path` imports (with `lazy`, also inside functions)."""
    pkg = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    pkg = pkg.removesuffix(".__init__") if path.name == "__init__.py" else pkg.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if lazy:
        nodes = list(ast.walk(tree))
    else:  # module level, including inside if/try blocks, but not in functions or classes
        nodes, todo = [], list(tree.body)
        while todo:
            n = todo.pop()
            nodes.append(n)
            if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                todo.extend(c for c in ast.iter_child_nodes(n) if isinstance(c, ast.stmt))
    mods: list[str] = []
    for node in nodes:
        if isinstance(node, ast.Import):
            mods += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = pkg.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                root = ".".join(parts + ([node.module] if node.module else []))
            else:
                root = node.module or ""
            mods.append(root)
            mods += [f"{root}.{a.name}" for a in node.names]
    out: list[Path] = []
    for mod in mods:
        parts = mod.split(".")
        if parts[0] in ("engine", "ui"):
            for i in range(1, len(parts) + 1):
                f = module_file(".".join(parts[:i]))
                if f is not None:
                    out.append(f)
    return out


def closure(start: list[Path], lazy: bool) -> list[Path]:
    seen: set[Path] = set()
    todo = list(start)
    while todo:
        path = todo.pop()
        if path not in seen:
            seen.add(path)
            todo += local_imports(path, lazy)
    return sorted(seen)


def page_sources() -> list[Path]:
    """ui/ and the engine modules it imports at module level (what the page loads).

    The engine's command line, benchmarks and the search players' modules (imported lazily,
    only in the worker) stay out of the page's start-up.
    """
    return closure([p for p in (ROOT / "ui").rglob("*.py") if "__pycache__" not in p.parts],
                   lazy=False)


def worker_sources() -> list[Path]:
    """The engine modules the computer-player worker needs (every import, even lazy ones)."""
    roots = [f for f in map(module_file, ("engine",) + WORKER_ROOTS) if f is not None]
    return [p for p in closure(roots, lazy=True) if p.relative_to(ROOT).parts[0] == "engine"]


def minimal_lockfile(pyodide_dir: Path) -> bytes:
    """pyodide-lock.json without the package list: the page loads no packages."""
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    return json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":")).encode()


def pyscript_files(pyscript_dir: Path) -> list[Path]:
    return [p for p in sorted((pyscript_dir / "dist").iterdir())
            if p.suffix in (".js", ".css") and not any(s in p.name for s in PYSCRIPT_SKIP)
            and not re.match(PYSCRIPT_SKIP_RE, p.name)]


def build(dist: Path = DIST) -> Path:
    pyodide_dir = npm_package("pyodide")
    pyscript_dir = npm_package("pyscript")
    stdlib = build_stdlib(pyodide_dir, pyscript_dir)

    wanted: dict[Path, bytes | Path] = {}
    # The runtime's folders are named by version (and the stdlib zip's content), so each URL
    # under runtime/ always means the same bytes: the service worker precaches them without
    # cache-busting, from the browser's HTTP cache, instead of downloading them a second time.
    stdlib_key = hashlib.sha256(stdlib.read_bytes()).hexdigest()[:8]
    pyo = Path("runtime") / f"pyodide-{PYODIDE_VERSION}-{stdlib_key}"
    pys = Path("runtime") / f"pyscript-{PYSCRIPT_VERSION}"

    def runtime_paths(text: str) -> str:
        """The sources name runtime/pyodide/ and runtime/pyscript/; dist/ has the versions."""
        return (text.replace("runtime/pyodide/", f"{pyo.as_posix()}/")
                .replace("runtime/pyscript/", f"{pys.as_posix()}/"))

    rt = Path("runtime")
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        wanted[pyo / name] = pyodide_dir / name
    wanted[pyo / "python_stdlib.zip"] = stdlib
    wanted[pyo / "pyodide-lock.json"] = minimal_lockfile(pyodide_dir)
    for p in pyscript_files(pyscript_dir):
        wanted[pys / p.name] = p
    for lic, src in (("LICENSE-pyscript.txt", pyscript_dir / "LICENSE"),):
        if src.exists():
            wanted[rt / lic] = src

    page = page_sources()
    worker = worker_sources()
    sources = sorted(set(page) | set(worker))
    pycs = dict(zip(sources, compile_page_sources(pyodide_dir, sources).items()))
    files: dict[str, str] = {}  # what PyScript copies in before the page's Python runs
    worker_files: dict[str, str] = {}  # what ui/ai_worker.js copies into its own Pyodide
    # The compiled engine and ui live in dist/py-<hash of them all>/, so one URL always means
    # the same bytes (the service worker then reuses the page's download, as for runtime/).
    package_pycs = pyscript_pycache(pyodide_dir, pyscript_dir)
    code_hash = hashlib.sha256()
    for rel_pyc, src_pyc in [pycs[p] for p in sources] + sorted(package_pycs.items()):
        code_hash.update(rel_pyc.as_posix().encode() + b"\0" + src_pyc.read_bytes())
    code_dir = Path(f"py-{code_hash.hexdigest()[:8]}")
    for p in sources:
        rel_pyc, src_pyc = pycs[p]
        wanted[code_dir / rel_pyc] = src_pyc
        for target, wanted_here in ((files, p in page), (worker_files, p in worker)):
            if wanted_here:
                target[f"./{(code_dir / rel_pyc).as_posix()}"] = rel_pyc.as_posix()
    wanted[Path("worker.json")] = (json.dumps({"files": worker_files}, indent=1) + "\n").encode()
    # PyScript's own package, compiled, beside the sources it writes (pyscript_pycache).
    for rel_pyc, src_pyc in package_pycs.items():
        wanted[code_dir / rel_pyc] = src_pyc
        files[f"./{(code_dir / rel_pyc).as_posix()}"] = rel_pyc.as_posix()
    # The memory snapshot a repeat visit starts from, the page's Python (ui/pyodide.js) and the
    # computer players' worker's (ui/ai_worker.js) alike: every module of either imported but
    # the page's entry point. Named by content, under runtime/ like the runtime itself.
    snap_pycs = {pycs[p][0]: pycs[p][1] for p in sources}
    modules = sorted(".".join(rel.with_suffix("").parts).removesuffix(".__init__")
                     for rel in snap_pycs if rel != Path("ui/main.pyc"))
    modules += SNAPSHOT_STDLIB
    snapshot = make_snapshot(pyodide_dir, stdlib, snap_pycs, modules)
    snap_rel = rt / f"snapshot-{hashlib.sha256(snapshot.read_bytes()).hexdigest()[:8]}.bin"
    wanted[snap_rel] = snapshot
    wanted[Path("ui/main.py")] = ROOT / "ui" / "main.py"  # the page's <script type="py" src>
    for p in sorted((ROOT / "ui").glob("*.js")):
        wanted[p.relative_to(ROOT)] = (runtime_paths(p.read_text(encoding="utf-8"))
                                       .replace("runtime/snapshot.bin", snap_rel.as_posix())
                                       .encode())
    for p in sorted((ROOT / "assets").rglob("*")):
        if p.is_file():
            wanted[p.relative_to(ROOT)] = p
    # The embed script for tutorial sites (dist/embed.js) and the sample tutorial (dist/learn/),
    # which uses only embed.js, as an outside site would.
    wanted[Path("embed.js")] = ROOT / "embed" / "embed.js"
    for p in sorted((ROOT / "learn").rglob("*")):
        if p.is_file():
            wanted[p.relative_to(ROOT)] = p

    # The languages: compiled catalogs the page reads with gettext (ui/i18n.py).
    catalogs = compiled_catalogs()
    for lang, mo in catalogs.items():
        rel_mo = f"i18n/{lang}.mo"
        wanted[Path(rel_mo)] = mo  # fetched when needed (ui/app.py load_catalog)

    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    config["files"] = files
    wanted[Path("pyscript.json")] = (json.dumps(config, indent=1) + "\n").encode()
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    # Fetch the compiled engine and ui while Pyodide boots, not after (about 0.2 s).
    preloads = "\n".join(f'<link rel="preload" href="{src}" as="fetch" crossorigin>'
                          for src in files if src.endswith(".pyc"))
    html = html.replace("<!-- preload:files -->", preloads)
    chunks = "\n".join(f'<link rel="modulepreload" href="./{pys.as_posix()}/{p.name}">'
                        for p in pyscript_files(pyscript_dir) if p.name.startswith("core-"))
    html = html.replace("<!-- preload:pyscript -->", chunks)
    html = html.replace("<!-- texts:before-python -->", before_python_texts(catalogs))
    html = html.replace("<!-- lobby:static -->", static_lobby(catalogs))
    html = runtime_paths(html).replace("runtime/snapshot.bin", snap_rel.as_posix())
    wanted[Path("index.html")] = html.encode()
    wanted[Path(".nojekyll")] = b""
    wanted[Path("manifest.webmanifest")] = web_manifest()
    keep_extra = {dist / "sw.js"}  # written below, after the other files

    for out_rel, content in wanted.items():
        if isinstance(content, bytes):
            write_if_changed(dist / out_rel, content)
        else:
            copy_if_changed(content, dist / out_rel)
    # Remove what a previous build left behind.
    keep = {(dist / out_rel) for out_rel in wanted} | keep_extra
    for p in sorted(dist.rglob("*"), reverse=True):
        if p.is_file() and p not in keep:
            p.unlink()
        elif p.is_dir() and not any(p.iterdir()):
            p.rmdir()
    sw = service_worker(dist)
    log(f"sw.js precaches {sw['count']} files ({sw['size'] / 1e6:.1f} MB)")
    return dist


# ---------------------------------------------------------------------------------------- serve
class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript", ".js": "text/javascript",
        ".wasm": "application/wasm", ".json": "application/json",
        ".zip": "application/zip", ".py": "text/plain"}

    def log_message(self, format: str, *args: object) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def make_server(directory: Path, port: int) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(QuietHandler, directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve(port: int) -> None:
    server = make_server(DIST, port)
    print(f"Serving {DIST} at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


def dist_size() -> int:
    """Bytes in dist/."""
    return sum(f.stat().st_size for f in DIST.rglob("*") if f.is_file())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", nargs="?", default="build",
                    choices=("build", "serve", "bench", "bench-ai", "i18n"))
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--runs", type=int, default=3, help="bench: cold loads of each page")
    ap.add_argument("--deals", type=int, default=3, help="bench-ai: deals per game")
    ap.add_argument("--seed", type=int, default=7, help="bench-ai: the first match seed")
    a = ap.parse_args()
    if a.command in ("bench", "bench-ai"):  # aliases of the benchmarks in engine/bench/page.py
        from engine.bench import page

        if a.command == "bench":
            return page.main(["page-start", "--runs", str(a.runs)])
        return page.main(["page-ai", "--deals", str(a.deals), "--seed", str(a.seed)])
    if a.command == "i18n":
        update_catalogs()
        return 0
    build()
    log(f"dist/ ready ({dist_size() / 1e6:.1f} MB)")
    if a.command == "serve":
        serve(a.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
