"""The tests live in folders by what they need, and the conftest marks them by folder: the quick
loop the README gives (no browser, no build) collects no test that opens a browser, builds the
site or needs Node.js, and the full command still collects every test."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.conftest import FOLDERS, folder_markers

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
QUICK = "not browser and not xengine and not build and not slow"
# what only a browser test does: import a browser's driver or the browser suites' fixtures
DRIVERS = ("playwright", "selenium", "tests.browser", "tests.xengine")


def drives_a_browser(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            if any(a.name.startswith(DRIVERS) for a in node.names):
                return True
        elif isinstance(node, ast.ImportFrom):
            if node.level and node.module == "conftest":
                return True
            if node.module and node.module.startswith(DRIVERS):
                return True
    return False


def suite_files() -> list[Path]:
    return sorted(TESTS.rglob("test_*.py"))


def collected(*args: str) -> list[str]:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
            *args,
            "tests",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode in (0, 5), run.stdout[-2000:] + run.stderr[-2000:]
    return [ln for ln in run.stdout.splitlines() if "::" in ln]


def test_every_test_file_is_in_a_folder_that_says_what_it_needs() -> None:
    loose = [
        str(p.relative_to(TESTS))
        for p in suite_files()
        if p.relative_to(TESTS).parts[0] not in FOLDERS
    ]
    assert not loose, f"test files outside {FOLDERS}: {loose}"
    for p in suite_files():
        assert folder_markers(p)[0] == p.relative_to(TESTS).parts[0]
    assert folder_markers(ROOT / "engine" / "core.py") == ()


def test_every_file_that_drives_a_browser_is_a_browser_test() -> None:
    drivers = [p for p in suite_files() if drives_a_browser(p)]
    assert drivers, "the scan finds no browser test at all"
    wrong = [
        str(p.relative_to(TESTS))
        for p in drivers
        if not {"browser", "xengine"} & set(folder_markers(p))
    ]
    assert not wrong, f"files that drive a browser outside tests/browser, tests/xengine: {wrong}"


def test_the_markers_are_registered() -> None:
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    lines = conf["tool"]["pytest"]["ini_options"]["markers"]
    names = {ln.split(":")[0].strip() for ln in lines}
    assert {*FOLDERS, "slow", "e2e"} <= names


def test_the_quick_loop_opens_no_browser_and_needs_no_build() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f'-m "{QUICK}"' in readme, "the README gives the quick loop's command"
    every = collected()
    quick = collected("-m", QUICK)
    assert 0 < len(quick) < len(every)
    files = {n.split("::")[0] for n in every}
    uncollected = [
        str(p.relative_to(ROOT)) for p in suite_files() if str(p.relative_to(ROOT)) not in files
    ]
    assert not uncollected, f"the full command misses {uncollected}"
    outside = [n for n in quick if not n.startswith(("tests/engine/", "tests/ui/"))]
    assert not outside, outside[:10]
    drivers = {str(p.relative_to(ROOT)) for p in suite_files() if drives_a_browser(p)}
    assert not [n for n in quick if n.split("::")[0] in drivers]
    # the older marker keeps every browser test out too
    assert not [n for n in collected("-m", "not e2e") if n.startswith("tests/browser/")]
