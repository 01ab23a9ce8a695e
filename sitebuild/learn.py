"""The Python page of the tutorial (learn/python.html): a reader's snippets run against the
engine in a PyScript worker that installs the engine's wheel with micropip, with PyScript and
Pyodide served by the site itself.

What the build adds for it:

- PyScript's runtime (`dist/runtime/pyscript-<version>/`): core.js, core.css and the chunks
  core.js imports, less those of the editor, the terminal, archives and TOML configs.
- A Pyodide for micropip (`dist/runtime/pyodide-<version>-micropip-<hash>/`): the npm package
  has no micropip wheel, so the build pins PyPI's micropip wheel by version and sha256 (fetched
  once into .cache/ with pip) and serves it beside a lock file that names it with that hash,
  and beside Pyodide's full standard library (micropip needs zipfile, email, importlib.metadata,
  which the game page's pruned one leaves out). Its `pyodide.mjs` is a small module PyScript's
  `interpreter` key points at: it calls the site's own Pyodide (the game page's wasm, the same
  URL, so nothing is downloaded twice) with this folder's lock file and standard library.
  PyScript passes no lock file option of its own to Pyodide; it takes the folder of the
  `interpreter` URL as Pyodide's indexURL.
- Offline: the service worker precaches both runtime folders when the page asks for them
  (sitebuild/offline.py ON_DEMAND), not at its install, so a game player never downloads them.
- The page itself, rendered from learn/python.html: its configuration (the wheel's name, the
  runtime's URLs, the examples of learn/examples/) and its texts in every language, from the
  gettext catalogs (i18n/learn_python.py lists them), as one JSON script in the page.
"""

from __future__ import annotations

import gettext
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from .files import CACHE, ROOT, importable, log
from .node import pyodide_url, run_node, script, write_args
from .npm import PYODIDE_VERSION

MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
# PyPI's wheel (Pyodide's own build of it, named in its lock file, has another hash)
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
PAGE = Path("learn/python.html")
EXAMPLES = ROOT / "learn" / "examples"
# The examples in the order the page offers them: file stem -> its title's key in the texts.
EXAMPLE_ORDER = ("deal", "legal", "computer", "solve")
# PyScript chunks a worker page never loads (the editor, the terminal, archives, TOML)
PYSCRIPT_NEVER = ("codemirror", "xterm", "zip-", "toml-", "index-", "mpy-")
PYSCRIPT_NEVER_RE = r"^py-[A-Za-z0-9_-]{8}\.js$"  # the terminal's Pyodide chunk
IMPORT_RE = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["']\./([^"']+\.js)["']""")


def micropip_wheel() -> Path:
    """PyPI's micropip wheel at the pinned version, checked against its pinned sha256 (pip
    downloads it once into .cache/micropip/)."""
    out = CACHE / "micropip" / MICROPIP_WHEEL
    if out.exists() and hashlib.sha256(out.read_bytes()).hexdigest() == MICROPIP_SHA256:
        return out
    log(f"pip download micropip=={MICROPIP_VERSION} (once)")
    tmp = CACHE / "micropip" / "download"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            f"micropip=={MICROPIP_VERSION}",
            "--no-deps",
            "--only-binary=:all:",
            "--python-version",
            "3.14",
            "--disable-pip-version-check",
            "--quiet",
            "-d",
            str(tmp),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    got = tmp / MICROPIP_WHEEL
    if proc.returncode or not got.exists():
        sys.exit(f"build.py: pip download micropip=={MICROPIP_VERSION} failed:\n{proc.stderr}")
    digest = hashlib.sha256(got.read_bytes()).hexdigest()
    if digest != MICROPIP_SHA256:
        sys.exit(f"build.py: {MICROPIP_WHEEL} has sha256 {digest}, not {MICROPIP_SHA256}")
    got.replace(out)
    shutil.rmtree(tmp, ignore_errors=True)
    return out


def micropip_lockfile(pyodide_dir: Path) -> bytes:
    """Pyodide's lock file with one package, micropip: PyPI's wheel with its sha256."""
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text(encoding="utf-8"))
    entry = dict(lock["packages"]["micropip"])
    assert entry["version"] == MICROPIP_VERSION, entry  # the npm package's own pin
    entry.update(file_name=MICROPIP_WHEEL, sha256=MICROPIP_SHA256)
    data = {"info": lock["info"], "packages": {"micropip": entry}}
    return (json.dumps(data, indent=1) + "\n").encode()


def interpreter_module(pyodide: Path, here: Path) -> bytes:
    """The module PyScript's `interpreter` names: the site's Pyodide (`pyodide`, a folder of
    dist/) with the lock file and standard library of `here`."""
    up = "../" * len(here.parts)
    real = f"{up}{pyodide.as_posix()}/"
    return f"""\
// The site's Pyodide ({real}) for pages that install packages with micropip: PyScript's
// `interpreter` names this module and calls its loadPyodide; this folder holds the lock file
// (micropip, pinned by sha256), micropip's wheel and the full standard library.
import {{ loadPyodide as load, version }} from "{real}pyodide.mjs";

export {{ version }};

const here = new URL("./", import.meta.url).href;

export function loadPyodide(options = {{}}) {{
  const own = {{
    indexURL: new URL("{real}", import.meta.url).href,
    stdLibURL: here + "python_stdlib.zip",
    packageBaseUrl: here,
  }};
  if (!options.lockFileContents) own.lockFileURL = here + "pyodide-lock.json";
  return load({{ ...options, ...own }});
}}
""".encode()


def full_stdlib(pyodide_dir: Path) -> Path:
    """Pyodide's whole standard library compiled to unchecked-hash .pyc by the same Pyodide
    (node/stdlib.mjs, which also makes the game page's pruned one), so that Python compiles
    nothing at start (a reader's snippet may import any module of it); cached by its inputs."""
    with zipfile.ZipFile(pyodide_dir / "python_stdlib.zip") as z:
        tops = sorted({n.split("/")[0].removesuffix(".py") for n in z.namelist()})
    key_src = json.dumps([PYODIDE_VERSION, tops, script("stdlib.mjs").read_text(encoding="utf-8")])
    out = (
        CACHE
        / "stdlib"
        / f"python_stdlib-full-{hashlib.sha256(key_src.encode()).hexdigest()[:16]}.zip"
    )
    if out.exists():
        return out
    log("compiling the whole stdlib to .pyc with Pyodide under Node (once)")
    work = CACHE / "stdlib" / "work-full"
    tmp = work / "python_stdlib.zip"
    args = {
        "pyodide": pyodide_url(pyodide_dir),
        "indexURL": str(pyodide_dir) + "/",
        "roots": [],
        "out": str(tmp),
        "whole": tops,
        "skip": [],
        "patches": {},
    }
    run_node("stdlib.mjs", write_args(work / "args.json", args))
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp.replace(out)
    return out


def micropip_runtime(pyodide_dir: Path, pyodide: Path) -> tuple[Path, dict[Path, bytes | Path]]:
    """The micropip Pyodide's folder (named by its content) and its files."""
    files: dict[str, bytes | Path] = {
        "pyodide-lock.json": micropip_lockfile(pyodide_dir),
        MICROPIP_WHEEL: micropip_wheel(),
        "python_stdlib.zip": full_stdlib(pyodide_dir),
    }
    h = hashlib.sha256(pyodide.as_posix().encode())
    for name, content in sorted(files.items()):
        data = content if isinstance(content, bytes) else content.read_bytes()
        h.update(name.encode() + b"\0" + data)
    folder = pyodide.parent / f"pyodide-{PYODIDE_VERSION}-micropip-{h.hexdigest()[:8]}"
    files["pyodide.mjs"] = interpreter_module(pyodide, folder)
    return folder, {folder / name: content for name, content in files.items()}


def pyscript_page_files(pyscript_dir: Path) -> list[Path]:
    """core.js, core.css and every chunk core.js imports (statically or not), less those a
    worker page never loads (PYSCRIPT_NEVER)."""
    dist = pyscript_dir / "dist"
    todo, seen = ["core.js"], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for dep in IMPORT_RE.findall((dist / name).read_text(encoding="utf-8")):
            if not any(s in dep for s in PYSCRIPT_NEVER) and not re.match(PYSCRIPT_NEVER_RE, dep):
                todo.append(dep)
    return [dist / n for n in sorted(seen)] + [dist / "core.css"]


def examples() -> list[dict[str, str]]:
    """The page's example snippets (learn/examples/<name>.py), in EXAMPLE_ORDER."""
    return [
        {"name": n, "code": (EXAMPLES / f"{n}.py").read_text(encoding="utf-8")}
        for n in EXAMPLE_ORDER
    ]


def page_texts(catalogs: dict[str, bytes]) -> dict[str, dict[str, str]]:
    """The page's texts (i18n/learn_python.py) in every language, from the catalogs."""
    importable()
    from learn_python import LEARN_PYTHON  # type: ignore[import-not-found]  # i18n/

    from ui.common.i18n import LANGS

    out: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        tr = (
            gettext.GNUTranslations(io.BytesIO(catalogs[lang]))
            if lang in catalogs
            else gettext.NullTranslations()
        )
        out[lang] = {k: tr.gettext(v) for k, v in LEARN_PYTHON.items()}
    return out


def page_html(
    catalogs: dict[str, bytes], pyscript: Path, interpreter: Path, wheel_name: str
) -> bytes:
    """learn/python.html with its configuration filled in (URLs relative to learn/)."""
    importable()
    from ui.common.i18n import LANGS

    config = {
        "pyscript": f"../{pyscript.as_posix()}/core.js",
        "interpreter": f"../{interpreter.as_posix()}/pyodide.mjs",
        "wheels": "../wheels/",
        "wheel": wheel_name,
        "languages": LANGS,
        "texts": page_texts(catalogs),
        "examples": examples(),
    }
    data = json.dumps(config, ensure_ascii=False, indent=1).replace("</", "<\\/")
    html = (ROOT / PAGE).read_text(encoding="utf-8")
    if "<!-- learn:config -->" not in html or "<!-- learn:pyscript-css -->" not in html:
        sys.exit(f"build.py: {PAGE} lost a placeholder (learn:config, learn:pyscript-css)")
    html = html.replace(
        "<!-- learn:config -->",
        f'<script type="application/json" id="learn-config">{data}</script>',
    )
    html = html.replace(
        "<!-- learn:pyscript-css -->",
        f'<link rel="stylesheet" href="../{pyscript.as_posix()}/core.css">',
    )
    return html.encode()


def learn_files(
    pyodide_dir: Path,
    pyscript_dir: Path,
    pyodide: Path,
    pyscript: Path,
    catalogs: dict[str, bytes],
    wheel_name: str,
) -> dict[Path, bytes | Path]:
    """What the Python page adds to dist/: PyScript's files, the micropip Pyodide and the
    rendered page (its other files, learn/*, are copied as they are)."""
    wanted: dict[Path, bytes | Path] = {}
    for p in pyscript_page_files(pyscript_dir):
        wanted[pyscript / p.name] = p
    folder, files = micropip_runtime(pyodide_dir, pyodide)
    wanted |= files
    wanted[PAGE] = page_html(catalogs, pyscript, folder, wheel_name)
    return wanted
