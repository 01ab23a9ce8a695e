"""Marks every test by the folder it lives in, which says what it needs:

- tests/engine/: the rules, the players, the solver, the teacher: Python only.
- tests/ui/: the page's Python under CPython, through the worker's messages: no browser.
- tests/build/: the site builder, the built dist/, the message catalogs, Node.js.
- tests/browser/: the built page in Chromium (also marked `e2e`, the older name).
- tests/xengine/: the built page in WebKitGTK and Firefox ESR.

`slow` (set on the tests themselves) marks the heavy ones without a browser. The quick loop
(README) is `-m "not browser and not xengine and not build and not slow"`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
FOLDERS = ("engine", "ui", "build", "browser", "xengine")


def folder_markers(path: Path) -> tuple[str, ...]:
    """The markers of a test file by its folder under tests/ (none for a file elsewhere)."""
    try:
        first = Path(path).resolve().relative_to(HERE).parts[0]
    except (ValueError, IndexError):
        return ()
    if first not in FOLDERS:
        return ()
    return (first, "e2e") if first == "browser" else (first,)


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    for item in items:
        for name in folder_markers(Path(item.path)):
            item.add_marker(getattr(pytest.mark, name))
