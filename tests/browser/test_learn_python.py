"""The tutorial's Python page (learn/python.html) in Chromium: Python starts in a PyScript worker
that installs the engine's wheel with micropip, a snippet runs and its output is read; a
snippet that raises shows Python's traceback as text; printed HTML stays text; an import of a
module the engine does not have shows ModuleNotFoundError; an endless loop is stopped by the
time limit (?limit=2) or by Stop, and the page runs a snippet again afterwards; the page's
texts follow the language picker; at 360x640 nothing the reader needs is cut off; no
main-thread task after the first paint is longer than 200 ms; a wheel that is not there (a
wrong URL, ?wheel=) shows a plain message and the page stays usable.

One page of the shared browser for the whole file (Python's start downloads Pyodide once); the
tests run in this order.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

import engine

from .conftest import BASE, ROOT, Site

pytestmark = pytest.mark.e2e

LIMIT = 2  # seconds: the time limit these tests give the page (?limit=)
PAGE = f"learn/python.html?lang=en&limit={LIMIT}"
# Every long task of the main thread (PerformanceObserver 'longtask') and the first paint.
WATCH = """(() => {
  window.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__longtasks.push({start: e.startTime, ms: e.duration});
    }
  }).observe({type: "longtask", buffered: true});
})();"""
STATE = "document.documentElement.dataset.state"


class Learn:
    """The page, driven like a reader: the editor, the buttons, the output."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        self.dialogs: list[str] = []

    def state(self) -> str:
        return str(self.page.evaluate(STATE))

    def wait_ready(self, timeout: float = 120_000) -> None:
        self.page.wait_for_function(f"{STATE} === 'ready'", timeout=timeout)

    def run(self, code: str) -> str:
        """Types `code`, presses Run and waits for the end of the run; returns the output."""
        self.wait_ready()
        self.page.fill("#code", code)
        self.page.click("[data-action=run]")
        self.page.wait_for_function(f"{STATE} !== 'running'", timeout=60_000)
        return self.output()

    def output(self) -> str:
        return str(self.page.eval_on_selector("[data-output]", "n => n.textContent"))

    def status(self) -> str:
        return str(self.page.inner_text("#status"))


@pytest.fixture(scope="module")
def learn(shared_page: dict[str, Any], site: Site) -> Iterator[Learn]:
    page = shared_page["ctx"].new_page()
    page.set_default_timeout(30_000)
    page.add_init_script(WATCH)
    it = Learn(page)
    page.on("console", lambda m: it.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: it.errors.append(f"pageerror: {e}"))
    page.on("dialog", lambda d: (it.dialogs.append(d.message), d.dismiss()))
    page.goto(BASE + PAGE)
    try:
        yield it
    finally:
        page.close()


def cpython_output(name: str) -> str:
    """What the example `name` prints under CPython."""
    code = (ROOT / "learn" / "examples" / f"{name}.py").read_text(encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<snippet>", "exec"), {"__name__": "__main__"})
    return out.getvalue()


def test_python_starts_and_an_example_runs(learn: Learn) -> None:
    p = learn.page
    assert learn.state() in ("loading", "ready")
    learn.wait_ready()
    assert "Python 3." in learn.status() and "engine 0." in learn.status(), learn.status()
    names = p.eval_on_selector_all("[data-action=example] option", "os => os.map(o => o.value)")
    assert names == ["deal", "legal", "computer", "solve"]
    p.select_option("[data-action=example]", "deal")
    code = p.input_value("#code")
    assert "engine.new_match" in code
    p.click("[data-action=run]")
    p.wait_for_function(f"{STATE} !== 'running'", timeout=60_000)
    assert learn.output() == cpython_output("deal")
    assert learn.status().startswith("Finished in"), learn.status()
    assert learn.state() == "ready"


def test_the_legal_cards_example_says_why(learn: Learn) -> None:
    learn.page.select_option("[data-action=example]", "legal")
    learn.page.click("[data-action=run]")
    learn.page.wait_for_function(f"{STATE} !== 'running'", timeout=60_000)
    assert learn.output() == cpython_output("legal")
    assert "you must follow suit" in learn.output()


def test_a_snippet_that_raises_shows_the_traceback_as_text(learn: Learn) -> None:
    out = learn.run("def half(n):\n    return n / 0\n\nprint('before')\nhalf(3)\n")
    assert out.startswith("before\n"), out
    assert "Traceback (most recent call last):" in out
    assert 'File "<snippet>", line 2, in half' in out and "return n / 0" in out
    assert out.rstrip().endswith("ZeroDivisionError: division by zero"), out
    assert "The program ended with an error" in learn.status()
    assert learn.page.locator("[data-output] .stderr").count() >= 1
    assert learn.state() == "ready"


def test_printed_html_stays_text(learn: Learn) -> None:
    out = learn.run('print("<script>alert(1)</script><b>bold</b><img src=x onerror=alert(2)>")')
    assert out == "<script>alert(1)</script><b>bold</b><img src=x onerror=alert(2)>\n"
    elements = learn.page.eval_on_selector(
        "[data-output]", "n => [...n.querySelectorAll('*')].map(e => e.tagName)"
    )
    assert set(elements) <= {"SPAN"}, elements  # only the page's own spans
    assert learn.page.locator("script:not([src]):not([type])").count() == 0
    assert learn.dialogs == []


def test_a_module_the_engine_does_not_have(learn: Learn) -> None:
    out = learn.run("import engine.no_such_module\n")
    assert "ModuleNotFoundError: No module named 'engine.no_such_module'" in out, out
    out = learn.run("import engine, sys\nprint(engine.GAMES[0], 'ok')\n")
    assert out == "koz-maca ok\n"


def test_an_endless_loop_is_stopped_by_the_time_limit(learn: Learn) -> None:
    learn.wait_ready()
    learn.page.fill("#code", "n = 0\nwhile True:\n    n += 1\n")
    learn.page.click("[data-action=run]")
    assert learn.state() == "running"
    assert learn.page.is_enabled("[data-action=stop]")
    learn.page.wait_for_function(f"{STATE} !== 'running'", timeout=(LIMIT + 10) * 1000)
    assert f"Stopped after {LIMIT} s" in learn.output(), learn.output()
    learn.wait_ready()  # a fresh worker
    assert learn.run("print(6 * 7)") == "42\n"


def test_stop_ends_a_run_at_once(learn: Learn) -> None:
    learn.wait_ready()
    learn.page.fill("#code", "print('started', flush=True)\nwhile True:\n    pass\n")
    learn.page.click("[data-action=run]")
    learn.page.wait_for_function(
        "document.querySelector('[data-output]').textContent.includes('started')"
    )
    learn.page.click("[data-action=stop]")
    assert learn.state() == "loading"
    assert "Stopped by you" in learn.output()
    learn.wait_ready()
    assert learn.run("print('again')") == "again\n"


def test_the_texts_follow_the_language_picker(learn: Learn) -> None:
    p = learn.page
    p.select_option("[data-action=language]", "tr")
    assert p.inner_text("[data-action=run]") == "Çalıştır"
    assert p.evaluate("document.documentElement.lang") == "tr"
    assert "lang=tr" in p.url
    p.select_option("[data-action=language]", "ru")
    assert p.inner_text("[data-action=stop]") == "Остановить"
    p.select_option("[data-action=language]", "en")
    assert p.inner_text("[data-action=run]") == "Run"


def test_a_phone_sees_every_control(learn: Learn) -> None:
    p = learn.page
    p.set_viewport_size({"width": 360, "height": 640})
    try:
        wide = p.evaluate("document.documentElement.scrollWidth")
        assert wide <= 360, f"the page is {wide} px wide at 360 px"
        for sel in (
            "[data-action=example]",
            "[data-action=language]",
            "#code",
            "[data-action=run]",
            "[data-action=stop]",
            "[data-output]",
        ):
            box = p.locator(sel).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, (sel, box)
        for sel in ("#code", "[data-action=run]", "[data-action=stop]"):
            label = p.evaluate(
                "s => { const n = document.querySelector(s); return n.labels && n.labels.length"
                " ? n.labels[0].textContent : n.textContent; }",
                sel,
            )
            assert label.strip(), f"{sel} has no label"
        assert p.get_attribute("[data-output]", "aria-live") == "polite"
        # Run is on screen from the top of the page, and after a run the output is too
        p.evaluate("window.scrollTo(0, 0)")
        run = p.locator("[data-action=run]").bounding_box()
        assert run and run["y"] >= 0 and run["y"] + run["height"] <= 640, run
        p.select_option("[data-action=example]", "deal")
        p.click("[data-action=run]")
        p.wait_for_function(f"{STATE} !== 'running'", timeout=60_000)
        out = p.locator("[data-output]").bounding_box()
        assert out and 0 <= out["y"] < 640 - 48, out
        assert "seat 0:" in learn.output()
    finally:
        p.set_viewport_size({"width": 1280, "height": 800})


def test_no_main_thread_task_over_200_ms_after_first_paint(learn: Learn) -> None:
    p = learn.page
    figures = p.evaluate("""() => {
        const paint = performance.getEntriesByType('paint')
            .find((e) => e.name === 'first-paint');
        const at = paint ? paint.startTime : 0;
        const after = window.__longtasks.filter((t) => t.start >= at);
        return {firstPaint: at, longest: Math.max(0, ...after.map((t) => t.ms)),
                count: after.length, starts: window.__learn.starts};
    }""")
    print(f"\nlearn/python.html: {json.dumps(figures)}")
    assert figures["firstPaint"] > 0
    assert figures["longest"] < 200, f"a main-thread task of {figures['longest']:.0f} ms"
    assert learn.errors == [], learn.errors


def test_a_wheel_that_is_not_there_shows_a_plain_message(learn: Learn, site: Site) -> None:
    p = learn.page
    missing = "trick_table-9.9.9-py3-none-any.whl"
    p.goto(BASE + f"learn/python.html?lang=en&wheel={missing}")
    p.wait_for_function(f"{STATE} === 'error'", timeout=120_000)
    text = learn.status()
    assert text.startswith("Python could not start:") and "Press Run to try again." in text
    assert f"could not be downloaded from {BASE}wheels/{missing} (HTTP 404)" in text, text
    assert p.locator("#status *").count() == 0  # the message is text, no element of its own
    assert p.locator(".py-error").count() == 0
    # the page stays usable: the editor, the examples and Run (which tries again)
    assert p.is_enabled("[data-action=run]") and p.is_editable("#code")
    p.select_option("[data-action=example]", "solve")
    assert "solve(" in p.input_value("#code")
    assert f"wheels/{missing}" in site.missing
    site.missing[:] = [m for m in site.missing if m != f"wheels/{missing}"]  # asked on purpose
    # an address that is not a file name of the wheels folder is not followed
    p.goto(BASE + "learn/python.html?lang=en&wheel=https://example.test/x.whl")
    learn.wait_ready()
    assert "Python 3." in learn.status()


def test_the_wheel_installs_in_a_pyscript_tag_of_an_authors_page(
    shared_page: dict[str, Any],
) -> None:
    """docs/embed.md's tag form: an author's page on the site with PyScript's `<script
    type="py">` whose config names the site's micropip Pyodide and the engine's wheel, by
    relative URLs. (The page is served by a route: nothing is added to the site.)"""
    html = (ROOT / "dist" / "learn" / "python.html").read_text(encoding="utf-8")
    found = re.search(
        r'<script type="application/json" id="learn-config">(.*?)</script>', html, re.S
    )
    assert found, "the Python page has no configuration"
    cfg = json.loads(found.group(1))
    config = json.dumps(
        {"interpreter": cfg["interpreter"], "packages": [cfg["wheels"] + cfg["wheel"]]}
    )
    author = (
        '<!DOCTYPE html><html><head><meta charset="utf-8">'
        f'<script type="module" src="{cfg["pyscript"]}"></script></head>'
        '<body><pre id="out"></pre>'
        f"<script type=\"py\" config='{config}'>\n"
        "import engine\n"
        "from pyscript import document\n"
        'm = engine.new_match("koz-maca", seed=7)\n'
        'm.play("AH")\n'
        'document.getElementById("out").textContent = " ".join(m.legal_moves())\n'
        "</script></body></html>"
    )
    page = shared_page["ctx"].new_page()
    try:
        url = BASE + "learn/author-tag.html"
        page.route(url, lambda route: route.fulfill(body=author, content_type="text/html"))
        page.goto(url)
        page.wait_for_function(
            "document.getElementById('out').textContent.length > 0", timeout=120_000
        )
        match = engine.new_match("koz-maca", seed=7)
        match.play("AH")
        assert page.inner_text("#out") == " ".join(match.legal_moves())
    finally:
        page.close()
