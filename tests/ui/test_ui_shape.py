"""The page's Python keeps its shape: the table's logic is pure and tested under CPython, and the
part that needs a browser stays thin.

- no class in ui/ over 400 lines, no function over 80;
- no module of ui/ imports `js`, `pyodide` or `pyscript`, at any depth: the page's Python runs
  in a worker (ui/worker.js) and writes the DOM layer's operations as data (ui/shell/dom.py), so every
  line of it runs under CPython too (tests/ui/test_host.py drives it there).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UI = sorted(p for p in (ROOT / "ui").rglob("*.py") if "__pycache__" not in p.parts)
BROWSER = {"js", "pyodide", "pyscript"}


def dotted(path: Path) -> str:
    """ui/table/table.py -> ui.table.table; ui/table/__init__.py -> ui.table."""
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


PURE = [dotted(p) for p in UI]


def imports(path: Path) -> set[str]:
    """Every module a file imports, function-level imports included (`from P import N` as both
    `P` and `P.N`, since N may be a module; relative ones resolved against the file's package)."""
    out: set[str] = set()
    here = dotted(path).split(".") if path.is_relative_to(ROOT) else ["ui", "probe"]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            package = here[: len(here) - node.level] if node.level else []
            base = ".".join(package + ([node.module] if node.module else []))
            out |= {base} | {f"{base}.{a.name}" for a in node.names}
    return out


def module_file(mod: str) -> Path | None:
    """The file of module `mod` of ui/ (a module or a package's __init__), or None."""
    stem = ROOT.joinpath(*mod.split("."))
    for path in (stem.with_suffix(".py"), stem / "__init__.py"):
        if path.is_file():
            return path
    return None


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


@pytest.mark.parametrize("path", UI, ids=dotted)
def test_no_class_over_400_lines_and_no_function_over_80(path: Path) -> None:
    too_big = [
        (kind, name, n) for kind, name, n in sizes(path) if n > (400 if kind == "class" else 80)
    ]
    assert not too_big, f"{dotted(path)}: {too_big}"


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
    todo = [name]
    while todo:
        mod = todo.pop()
        if mod in seen or not mod.startswith("ui."):
            continue
        seen.add(mod)
        path = module_file(mod)
        if path is None:
            continue
        assert not uses_browser(path), f"{name} reaches {mod}, which imports the browser"
        todo += [m for m in imports(path) if m.startswith("ui.")]


def test_the_scans_can_fail(tmp_path: Path) -> None:
    """The measures see what they look for: a browser import inside a function, a long
    function and a long class."""
    probe = tmp_path / "probe.py"
    body = "\n".join(f"        x{i} = {i}" for i in range(90))
    probe.write_text(f"class A:\n    def f(self):\n        import js\n{body}\n")
    assert uses_browser(probe)
    assert ("function", "f", 92) in sizes(probe)


FEATURES = sorted(p for p in (ROOT / "ui").iterdir() if p.is_dir() and p.name != "__pycache__")


def test_ui_is_a_folder_per_feature() -> None:
    """ui/ holds packages and the worker's scripts only: its Python lives in feature folders."""
    loose = [p.name for p in (ROOT / "ui").glob("*.py") if p.name != "__init__.py"]
    assert not loose, f"modules outside a feature folder: {loose}"
    assert len(FEATURES) >= 8


@pytest.mark.parametrize("folder", FEATURES, ids=lambda p: p.name)
def test_no_two_modules_of_a_folder_differ_only_by_an_ending(folder: Path) -> None:
    stems = sorted(p.stem for p in folder.glob("*.py") if p.stem != "__init__")
    alike = [(a, b) for a in stems for b in stems if a != b and b.startswith(a)]
    assert not alike, f"{folder.name}: look-alike names {alike}"


def test_the_readme_map_lists_every_module() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("- `ui/`")
    section = readme[start : readme.index("\n- `index.html`", start)]
    missing = []
    for folder in FEATURES:
        assert f"`{folder.name}/`" in section, f"the README's map has no {folder.name}/"
        for p in sorted(folder.iterdir()):
            if p.suffix in (".py", ".js") and p.stem != "__init__" and f"`{p.name}`" not in section:
                missing.append(f"{folder.name}/{p.name}")
    assert not missing, f"the README's map of ui/ leaves out {missing}"


def test_the_folder_checks_can_fail(tmp_path: Path) -> None:
    (tmp_path / "puzzle.py").write_text("")
    (tmp_path / "puzzle_page.py").write_text("")
    with pytest.raises(AssertionError):
        test_no_two_modules_of_a_folder_differ_only_by_an_ending(tmp_path)
