"""The tutorial's Python page (learn/python.html) in WebKitGTK and in Firefox ESR, under the real
static server: Python starts in the page's PyScript worker (the engine's wheel installed with
micropip from the site), an example runs and its output is the one CPython prints; after that
visit the page starts and runs a snippet offline, from the service worker's copy; nothing is
logged as an error.

The tests run in this order on one browser per engine (conftest.py).
"""

from __future__ import annotations

import contextlib
import io
import json
import time

import pytest

from bench import xengine as X
from sitebuild.files import ROOT

from .conftest import Engine

pytestmark = pytest.mark.xengine

PAGE = "learn/python.html?lang=en"
STATE = "document.documentElement.dataset.state"


def cpython_output(name: str) -> str:
    code = (ROOT / "learn" / "examples" / f"{name}.py").read_text(encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<snippet>", "exec"), {"__name__": "__main__"})
    return out.getvalue()


def ready(d: X.Driver) -> None:
    d.wait(
        f"{STATE} === 'ready' || ({STATE} === 'error' && "
        "document.getElementById('status').textContent)",
        240,
        "the Python page to be ready",
    )
    state = d.run(f"() => {STATE}")
    status = d.run("() => document.getElementById('status').textContent")
    assert state == "ready", f"{d.engine}: the page did not start Python: {status}"


def run(d: X.Driver, code: str) -> str:
    d.run("(code) => { document.getElementById('code').value = code; }", code)
    d.click("[data-action=run]")
    d.wait(
        f"{STATE} !== 'running' && {STATE} !== 'loading'",
        120,
        "the run to end",
    )
    return str(d.run("() => document.querySelector('[data-output]').textContent"))


def test_the_python_page_runs_an_example(eng: Engine) -> None:
    d = eng.driver
    t = time.monotonic()
    d.goto(eng.url(PAGE))
    ready(d)
    eng.facts["learn_ready_s"] = round(time.monotonic() - t, 1)
    code = (ROOT / "learn" / "examples" / "deal.py").read_text(encoding="utf-8")
    assert run(d, code) == cpython_output("deal")
    out = run(d, "print('<b>x</b>')\nimport engine.nothing_here\n")
    assert out.startswith("<b>x</b>\n") and "ModuleNotFoundError" in out, out
    assert d.run("() => document.querySelectorAll('[data-output] b').length") == 0


def test_the_python_page_works_offline_after_a_visit(eng: Engine) -> None:
    d = eng.driver
    d.wait("!!navigator.serviceWorker.controller", 240, "the service worker to take the page")
    done = d.wait(
        "window.__learn.offline && JSON.stringify(window.__learn.offline)",
        240,
        "the service worker to precache the page's runtime",
    )
    assert json.loads(done)["ok"] is True, done
    eng.site.stop()
    try:
        t = time.monotonic()
        d.reload()
        ready(d)
        eng.facts["learn_offline_ready_s"] = round(time.monotonic() - t, 1)
        assert run(d, "import engine\nprint(len(engine.GAMES))\n") == f"{6}\n"
    finally:
        eng.site.start()
    print(f"\n{eng.name}: {json.dumps(eng.facts)}")


def test_no_error_was_logged_on_the_python_page(eng: Engine) -> None:
    d = eng.driver
    probe = "xengine: the error hook is listening"
    d.run("(p) => { console.error(p); }", probe)
    errors = [e for e in d.errors() if probe not in e]
    assert not errors, f"{eng.name}: errors in the page: " + "\n".join(errors[:20])
