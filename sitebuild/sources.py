"""Which engine and ui modules the page loads at its start and which its computer-player worker
needs, found by following their imports (module level for the page, every import for the
worker)."""

from __future__ import annotations

import ast
from pathlib import Path

from .files import ROOT

# Engine modules the computer players need besides what ui/ imports at module level (imported
# lazily in the page's worker, ui/shell/brain.py).
WORKER_ROOTS = ("engine.ai", "engine.teacher")


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
    return closure(
        [p for p in (ROOT / "ui").rglob("*.py") if "__pycache__" not in p.parts], lazy=False
    )


def worker_sources() -> list[Path]:
    """The engine modules the computer-player worker needs (every import, even lazy ones)."""
    roots = [f for f in map(module_file, ("engine",) + WORKER_ROOTS) if f is not None]
    return [p for p in closure(roots, lazy=True) if p.relative_to(ROOT).parts[0] == "engine"]
