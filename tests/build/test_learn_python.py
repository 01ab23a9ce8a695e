"""The tutorial's Python page (learn/python.html) as built: the page with its configuration and
texts, PyScript's vendored files (core.js and every chunk it loads), the micropip Pyodide (its
lock file pins PyPI's micropip wheel by sha256, the wheel beside it), the engine's wheel, all of
it in the service worker's precache; and the page's example snippets, run under CPython against
the engine, print what the page shows."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT))

from sitebuild import learn  # noqa: E402 (after the path above)
from sitebuild.wheel import wheel_name  # noqa: E402 (after the path above)

needs_dist = pytest.mark.skipif(
    not (DIST / "learn" / "python.html").is_file(), reason="run build.py"
)
# What each example prints (substrings, in order), under CPython as in the page.
EXPECT = {
    "deal": [
        "seat 0: 7S 3S 2S 10H 9H 4H 3H KD 10D 8D 4D 5C 2C",
        "seat 3: QS JS 8S KH QH 7H 6H AD JD 7D 5D AC 3C",
        "trump: S - to move: seat 1",
    ],
    "legal": [
        "seat 2 holds: 10S 6S 5S JH 2H QD 6D QC JC 10C 9C 8C 6C",
        "legal: JH 2H",
        "10S: Hearts (♥) were led: you must follow suit.",
        "6C: Hearts (♥) were led: you must follow suit.",
    ],
    "computer": ["easy level plays: 2H", "normal level plays ", "  2H: ", " tricks expected"],
    "solve": ["seat 1 takes 3 more tricks (5 in all)", "best cards: AS KS 9D 7C"],
}


def page_config() -> dict[str, Any]:
    html = (DIST / "learn" / "python.html").read_text(encoding="utf-8")
    m = re.search(r'<script type="application/json" id="learn-config">(.*?)</script>', html, re.S)
    assert m, "the page has no configuration"
    return dict(json.loads(m.group(1)))


def precached() -> set[str]:
    return set(re.findall(r'"url":"([^"]+)"', (DIST / "sw.js").read_text(encoding="utf-8")))


def run_example(code: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<snippet>", "exec"), {"__name__": "__main__"})
    return out.getvalue()


@pytest.mark.parametrize("name", learn.EXAMPLE_ORDER)
def test_each_example_prints_what_the_page_shows(name: str) -> None:
    code = (learn.EXAMPLES / f"{name}.py").read_text(encoding="utf-8")
    out = run_example(code)
    at = 0
    for want in EXPECT[name]:
        found = out.find(want, at)
        assert found >= 0, f"{name}: {want!r} not printed (in order) in:\n{out}"
        at = found + len(want)


def test_the_examples_are_the_page_s_and_each_has_a_title() -> None:
    from i18n.learn_python import LEARN_PYTHON

    assert sorted(p.stem for p in learn.EXAMPLES.glob("*.py")) == sorted(learn.EXAMPLE_ORDER)
    for name in learn.EXAMPLE_ORDER:
        assert f"ex_{name}" in LEARN_PYTHON


def test_a_shipped_pyscript_chunk_imports_only_shipped_chunks_or_never_loaded_ones() -> None:
    files = learn.pyscript_page_files(ROOT / ".cache" / "npm" / "pyscript-0.7.31")
    names = {p.name for p in files}
    assert {"core.js", "core.css"} <= names and any(n.startswith("core-") for n in names)
    assert not any("codemirror" in n or "xterm" in n for n in names)
    for p in files:
        for dep in learn.IMPORT_RE.findall(p.read_text(encoding="utf-8")):
            assert (
                dep in names
                or any(s in dep for s in learn.PYSCRIPT_NEVER)
                or re.match(learn.PYSCRIPT_NEVER_RE, dep)
            ), f"{p.name} imports {dep}, which is not shipped"


@needs_dist
def test_the_built_page_names_the_runtime_and_the_wheel_of_dist() -> None:
    cfg = page_config()
    assert cfg["wheel"] == wheel_name()
    base = DIST / "learn"
    assert (base / cfg["wheels"] / cfg["wheel"]).resolve().is_file()
    core = (base / cfg["pyscript"]).resolve()
    assert core.name == "core.js" and core.is_file()
    assert core.parent == (DIST / "runtime" / "pyscript-0.7.31").resolve()
    assert {p.name for p in core.parent.iterdir()} == {
        p.name for p in learn.pyscript_page_files(ROOT / ".cache" / "npm" / "pyscript-0.7.31")
    }
    interpreter = (base / cfg["interpreter"]).resolve()
    assert interpreter.is_file()
    real = re.search(r'from "([^"]+pyodide\.mjs)"', interpreter.read_text(encoding="utf-8"))
    assert real, "the interpreter module imports no Pyodide"
    assert (interpreter.parent / real.group(1)).resolve().is_file()
    assert set(cfg["texts"]) == {"en", "tr", "ru", "pt"}
    for lang, texts in cfg["texts"].items():
        assert all(texts.values()), lang
        if lang != "en":
            assert texts["run"] != cfg["texts"]["en"]["run"], f"{lang}: Run is not translated"
    assert [e["name"] for e in cfg["examples"]] == list(learn.EXAMPLE_ORDER)
    html = (DIST / "learn" / "python.html").read_text(encoding="utf-8")
    assert "cdn" not in html.lower() and "<!-- learn:" not in html
    assert 'href="python.html"' in (DIST / "learn" / "index.html").read_text(encoding="utf-8")


@needs_dist
def test_micropip_is_pinned_by_its_hash_beside_its_lock_file() -> None:
    interpreter = (DIST / "learn" / page_config()["interpreter"]).resolve()
    folder = interpreter.parent
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert list(lock["packages"]) == ["micropip"]
    entry = lock["packages"]["micropip"]
    wheel = folder / entry["file_name"]
    assert entry["version"] == learn.MICROPIP_VERSION
    assert entry["sha256"] == learn.MICROPIP_SHA256
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
    # the game page's own lock file (in the folder the interpreter module loads Pyodide from)
    # still lists no package
    real = re.search(r'from "([^"]+)pyodide\.mjs"', interpreter.read_text(encoding="utf-8"))
    assert real
    game = json.loads((folder / real.group(1) / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert game["packages"] == {} and game["info"] == lock["info"]


@needs_dist
def test_everything_the_page_loads_is_precached() -> None:
    """The page's own files at the service worker's install; its runtime (PyScript, the
    micropip Pyodide) when the page asks (sitebuild/offline.py ON_DEMAND), so that the game's
    first visit does not download it; the site's Pyodide, which it shares with the game, at the
    install."""
    from sitebuild.offline import on_demand

    cfg = page_config()
    base = DIST / "learn"
    rel = lambda p: p.resolve().relative_to(DIST.resolve()).as_posix()  # noqa: E731
    install = {"learn/python.html", "learn/python.js", "learn/python_worker.py"}
    install |= {"learn/python.css", "learn/style.css", rel(base / cfg["wheels"] / cfg["wheel"])}
    interpreter = (base / cfg["interpreter"]).resolve()
    real = re.search(r'from "([^"]+)pyodide\.mjs"', interpreter.read_text(encoding="utf-8"))
    assert real
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        install.add(rel(interpreter.parent / real.group(1) / name))
    later = {rel(p) for p in interpreter.parent.iterdir()}
    later |= {rel(p) for p in (base / cfg["pyscript"]).resolve().parent.iterdir()}
    sw = (DIST / "sw.js").read_text(encoding="utf-8")
    missing = sorted(install - precached())
    assert not missing, f"not in the service worker's precache: {missing}"
    assert set(on_demand(DIST)) == later
    for url in later:
        assert json.dumps(url) in sw, f"{url} is not in the service worker's on-demand list"
        assert url not in precached(), f"{url} is downloaded by every first visit of the game"
