"""The page's Python keeps its shape: the table's logic is pure and tested under CPython, and the
part that needs a browser stays thin.

- no class in ui/ over 400 lines, no function over 80;
- no module of ui/ imports `js`, `pyodide` or `pyscript`, at any depth: the page's Python runs
  in a worker (ui/worker.js) and writes the DOM layer's operations as data (ui/dom.py), so every
  line of it runs under CPython too (tests/ui/test_host.py drives it there).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UI = sorted((ROOT / "ui").glob("*.py"))
BROWSER = {"js", "pyodide", "pyscript"}
PURE = [p.stem for p in UI if p.stem != "__init__"]


def imports(path: Path) -> set[str]:
    """Every module a file imports, function-level imports included (relative ones as
    `ui.<name>`)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = "ui." + (node.module or "")
                out |= {base.rstrip(".")} if node.module else {f"ui.{a.name}" for a in node.names}
            else:
                out.add(node.module or "")
    return out


def uses_browser(path: Path) -> bool:
    return any(m.split(".")[0] in BROWSER for m in imports(path))


def sizes(path: Path) -> list[tuple[str, str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            out.append(("class", node.name, node.end_lineno - node.lineno + 1))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.append(("function", node.name, node.end_lineno - node.lineno + 1))
    return out


@pytest.mark.parametrize("path", UI, ids=lambda p: p.name)
def test_no_class_over_400_lines_and_no_function_over_80(path: Path) -> None:
    too_big = [
        (kind, name, n) for kind, name, n in sizes(path) if n > (400 if kind == "class" else 80)
    ]
    assert not too_big, f"{path.name}: {too_big}"


@pytest.mark.slow
def test_no_python_of_the_page_imports_the_browser() -> None:
    total = browser = 0
    for path in UI:
        n = len(path.read_text(encoding="utf-8").splitlines())
        total += n
        browser += n if uses_browser(path) else 0
    assert total > 0 and browser == 0, f"{browser} of {total} lines import js"


@pytest.mark.slow
@pytest.mark.parametrize("name", PURE)
def test_the_pure_modules_never_reach_the_browser(name: str) -> None:
    """Followed through every import (function-level too): no js, pyodide or pyscript."""
    seen: set[str] = set()
    todo = [f"ui.{name}"]
    while todo:
        mod = todo.pop()
        if mod in seen or not mod.startswith("ui."):
            continue
        seen.add(mod)
        path = ROOT / "ui" / f"{mod[3:]}.py"
        if not path.is_file():
            continue
        assert not uses_browser(path), f"ui.{name} reaches {mod}, which imports the browser"
        todo += [m for m in imports(path) if m.startswith("ui.")]


def test_the_scans_can_fail(tmp_path: Path) -> None:
    """The measures see what they look for: a browser import inside a function, a long
    function and a long class."""
    probe = tmp_path / "probe.py"
    body = "\n".join(f"        x{i} = {i}" for i in range(90))
    probe.write_text(f"class A:\n    def f(self):\n        import js\n{body}\n")
    assert uses_browser(probe)
    assert ("function", "f", 92) in sizes(probe)
