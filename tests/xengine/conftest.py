"""Cross-engine fixtures: the built dist/ in WebKitGTK and in Firefox ESR, one browser per
engine for all of its tests (reloaded, never relaunched), each with a fresh profile and a
server of its own (bench/xengine.py: a plain static server on 127.0.0.1 under
/games/trick-table/ that logs every request, and the two drivers).

The tests of one engine run in their file's order, all on that engine's browser before the
other engine starts: the first ones see the browser's first visit of the site.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from bench import xengine as X
from sitebuild.files import DIST


@dataclass
class Engine:
    """One engine's browser and server, and what its first visit showed."""

    name: str
    driver: Any
    site: X.Site
    started: float
    facts: dict[str, Any] = field(default_factory=dict)

    def url(self, query: str = "") -> str:
        return self.site.base + query


@pytest.fixture(scope="session")
def xvfb() -> Iterator[X.Xvfb]:
    x = X.Xvfb()
    yield x
    x.stop()


@pytest.fixture(scope="module", params=X.ENGINES)
def eng(request: pytest.FixtureRequest, xvfb: X.Xvfb) -> Iterator[Engine]:
    name = str(request.param)
    why = X.missing(name)
    if why is not None:
        pytest.skip(f"{name} cannot run here: {why}")
    if not (DIST / "index.html").is_file() or not (DIST / "sw.js").is_file():
        pytest.fail(
            "dist/ is missing or incomplete: build it first with `python3 build.py` "
            "(scripts/test.sh does this before running the tests)",
            pytrace=False,
        )
    site = X.Site(DIST).start()
    started = time.time()
    driver = X.open_engine(name, xvfb)
    try:
        yield Engine(name, driver, site, started)
    finally:
        try:
            driver.close()
        finally:
            site.stop()
