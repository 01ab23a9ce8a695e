"""The layers keep to their rooms: no import circle among the project's modules, the engine
imports no page code and drives no browser, computer players touch no private field of an
engine object, and every message key the engine uses has English."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import engine
from engine.messages import ENGLISH

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = sorted((ROOT / "engine" / "players").glob("*.py"))
# The engine and its benchmarks in CPython (`python3 -m engine bench` runs them).
ENGINE = sorted([*(ROOT / "engine").rglob("*.py"), *(ROOT / "bench" / "engine").rglob("*.py")])
# The project's own modules, whose imports may form no circle (tests are their users).
LAYERS = ("engine", "ui", "sitebuild", "bench")

# Circles known to be there, each the set of modules it joins, until they are broken: a circle
# found that is not listed fails, and so does one listed that is no longer found. None is left:
# the computer players' searches register in engine/players/registry.py, which levels reads.
KNOWN_CIRCLES: tuple[frozenset[str], ...] = ()


def project_modules(root: Path = ROOT, layers: tuple[str, ...] = LAYERS) -> dict[str, Path]:
    """Every module of the layers (and the top-level build.py) by its dotted name."""
    mods: dict[str, Path] = {}
    for layer in layers:
        for path in sorted((root / layer).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = path.relative_to(root).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            mods[name] = path
    if (root / "build.py").is_file():
        mods["build"] = root / "build.py"
    return mods


def imports_of(name: str, path: Path, mods: dict[str, Path]) -> set[str]:
    """The project modules that module `name` imports anywhere in its file (at module level,
    in functions, under `if TYPE_CHECKING`), relative imports resolved: `import a.b` is a.b,
    `from a import b` is a.b when that is a module, else a."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def known(mod: str) -> str | None:
        while mod and mod not in mods:  # a name inside a module: the module
            mod = mod.rpartition(".")[0]
        return mod or None

    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(m for a in node.names if (m := known(a.name)))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                src = ".".join(base + ([node.module] if node.module else []))
            else:
                src = node.module or ""
            for a in node.names:
                m = known(f"{src}.{a.name}") if f"{src}.{a.name}" in mods else known(src)
                if m:
                    out.add(m)
    out.discard(name)
    return out


def import_graph(root: Path = ROOT, layers: tuple[str, ...] = LAYERS) -> dict[str, set[str]]:
    mods = project_modules(root, layers)
    return {name: imports_of(name, path, mods) for name, path in mods.items()}


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The import circles: each set of modules that import one another, directly or through
    each other (the graph's strongly connected components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(frozenset(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def a_cycle(graph: dict[str, set[str]], comp: frozenset[str]) -> list[str]:
    """One path of imports round a circle, for the failure message: a -> b -> ... -> a."""
    start = min(comp)
    paths = {start: [start]}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(graph[v] & comp):
            if w == start:
                return paths[v] + [start]
            if w not in paths:
                paths[w] = paths[v] + [w]
                todo.append(w)
    return sorted(comp)


def test_the_circle_scan_finds_a_circle_through_a_function(tmp_path: Path) -> None:
    """The scan itself works: a circle closed by an import inside a function, through a
    relative `from . import mod`, is found, and a one-way import is not a circle."""
    pkg = tmp_path / "engine" / "players"
    pkg.mkdir(parents=True)
    (tmp_path / "engine" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "levels.py").write_text("def f():\n    from . import search\n")
    (pkg / "search.py").write_text("from .levels import f\n")
    (pkg / "alone.py").write_text("from engine.players import levels\n")
    graph = import_graph(tmp_path, ("engine",))
    assert graph["engine.players.alone"] == {"engine.players.levels"}
    assert circles(graph) == [frozenset({"engine.players.levels", "engine.players.search"})]
    (pkg / "levels.py").write_text("def f():\n    pass\n")
    assert circles(import_graph(tmp_path, ("engine",))) == []


def test_no_import_circle() -> None:
    """No module of engine/, ui/ or sitebuild/ (nor build.py) imports, at any depth and
    counting imports inside functions, a module that imports it back: every circle found is
    reported (KNOWN_CIRCLES aside)."""
    graph = import_graph()
    assert len(graph) > 40 and graph["engine"], "the scan found no modules"
    new = [c for c in circles(graph) if c not in KNOWN_CIRCLES]
    assert new == [], "import circles: " + "; ".join(
        f"{' -> '.join(a_cycle(graph, c))} (joining {', '.join(sorted(c))})" for c in new
    )


def test_known_circles_are_still_there() -> None:
    """Each circle KNOWN_CIRCLES allows is still there: one that is broken leaves the list."""
    found = circles(import_graph())
    gone = [sorted(c) for c in KNOWN_CIRCLES if c not in found]
    assert gone == [], f"no longer a circle, remove from KNOWN_CIRCLES: {gone}"


# What drives a browser, and the site builder (which does): none of it is the engine's.
BROWSER_MODULES = (
    "playwright",
    "selenium",
    "pyppeteer",
    "webbrowser",
    "build",
    "sitebuild",
    "bench.page",
    "bench.xengine",
)
OS_PROCESSES = ("system", "popen", "exec", "spawn", "posix_spawn")  # os.<these>*: a process
BROWSER_WORDS = (
    "chromium",
    "chrome",
    "firefox",
    "playwright",
    "selenium",
    "page-goals",
    "page-load",
    "page-start",
    "page-ai",
    "page-memory",
    "page-frames",
    "build.py",
    "sitebuild",
)


def browser_uses(path: Path) -> list[str]:
    """Where a module imports a browser driver or the site builder, anywhere in its file, and,
    in a module that starts processes (subprocess, os.system, os.exec*, ...), the strings of
    its code (docstrings aside) that name a browser, a page benchmark or the builder: what such
    a process would be asked to run."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[str] = []
    starts_processes = False
    docstrings = {
        id(n.body[0].value)
        for n in ast.walk(tree)
        if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        and n.body
        and isinstance(n.body[0], ast.Expr)
        and isinstance(n.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        names = (
            [a.name for a in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
            if isinstance(node, ast.ImportFrom) and not node.level
            else []
        )
        for n in names:
            if any(n == m or n.startswith(f"{m}.") for m in BROWSER_MODULES):
                out.append(f"{path.name}:{node.lineno} imports {n}")
            if n.split(".")[0] == "subprocess":
                starts_processes = True
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "os"
            and node.attr.startswith(OS_PROCESSES)
        ):
            starts_processes = True
    if starts_processes:
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
            ):
                words = [w for w in BROWSER_WORDS if w in node.value.lower()]
                if words:
                    out.append(f"{path.name}:{node.lineno} runs {node.value!r}")
    return out


def test_the_browser_scan_finds_a_browser(tmp_path: Path) -> None:
    """The scan itself works: a lazy playwright import, an import of the builder and a
    subprocess asked to run a page benchmark are each found; a docstring naming them is not."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        '"""Not this: sitebuild, page-ai, chromium."""\nimport subprocess\n\n\n'
        "def f():\n    from playwright.sync_api import sync_playwright\n"
        "    import bench.page\n"
        '    subprocess.run(["python3", "-m", "x", "page-ai"])\n'
    )
    assert [u.split(" ", 1)[1] for u in browser_uses(probe)] == [
        "imports playwright.sync_api",
        "imports bench.page",
        "runs 'page-ai'",
    ]
    probe.write_text('"""Names page-ai and chromium."""\nimport subprocess\n')
    assert browser_uses(probe) == []


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_drives_no_browser(path: Path) -> None:
    """The engine never drives a browser: no browser driver (playwright, selenium), no site
    builder (build, sitebuild) imported anywhere in it, and no process it starts is asked to
    run a browser or a page benchmark. Those are the site builder's (bench.page)."""
    assert browser_uses(path) == []


def private_accesses(path: Path) -> list[str]:
    """`x._name` attribute reads and `getattr(x, "_name")` calls in a module (dunders and the
    module's own `self._x` aside: a player may keep private state of its own)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[str] = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            if isinstance(node.value, ast.Name) and node.value.id == "self":
                continue
            out.append(f"{path.name}:{node.lineno} .{node.attr}")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and str(node.args[1].value).startswith("_")
        ):
            out.append(f"{path.name}:{node.lineno} {node.func.id}(..., {node.args[1].value!r})")
    return out


def test_the_scan_finds_a_private_access() -> None:
    """The scan itself works: it reports `deal._hands` and `getattr(deal, "_trick")`."""
    probe = ROOT / "tests" / "_probe_private.py"
    probe.write_text("def f(deal):\n    return deal._hands, getattr(deal, '_trick')\n")
    try:
        assert len(private_accesses(probe)) == 2
    finally:
        probe.unlink()


@pytest.mark.parametrize("path", PLAYERS, ids=lambda p: p.name)
def test_players_touch_no_private_engine_field(path: Path) -> None:
    """Computer players decide from `Deal.observation(seat)` and worlds the rules resample:
    they never read a private field (`._name`) of a deal or any other engine object."""
    assert private_accesses(path) == []


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_imports_no_page_code(path: Path) -> None:
    """The engine is pure Python: no `js`, `pyscript`, `pyodide` or `ui` imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names = (
            [a.name for a in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
            if isinstance(node, ast.ImportFrom) and not node.level
            else []
        )
        for n in names:
            assert n.split(".")[0] not in ("js", "pyscript", "pyodide", "ui"), (path, n)


def test_every_message_key_used_has_english() -> None:
    """Each `msg("key", ...)` in the engine has an English template, and each template's
    fields are the parameters given at some call (no placeholder is left unfilled). Every
    module is loaded first: each registers its own messages as it loads."""
    import importlib

    for path in ENGINE:
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[0] == "engine" and parts[-1] != "__main__":
            importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    used: dict[str, set[str]] = {}
    for path in ENGINE:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "msg"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                used.setdefault(str(node.args[0].value), set()).update(
                    k.arg for k in node.keywords if k.arg
                )
    assert used, "no msg() call found: the scan is broken"
    for key, params in used.items():
        assert key in ENGLISH, key
        fields = set(re.findall(r"{(\w+)", ENGLISH[key]))
        assert fields <= params, (key, fields - params)


def test_errors_carry_message_values() -> None:
    """An illegal move, a bad option and a bad record raise ValueErrors whose `.message` has a
    stable key, typed parameters and the same English as `str()`."""
    m = engine.new_match("koz-maca", seed=3)
    with pytest.raises(engine.IllegalMove) as exc:
        m.play("ZZ")
    assert exc.value.message.key == "move.bad_card" and str(exc.value) == str(exc.value.message)
    with pytest.raises(engine.RulesError) as rexc:
        engine.new_match("batak", options=[1, 2])  # type: ignore[arg-type]
    assert rexc.value.message.key == "options.not_mapping"
    assert "mapping of option names to values" in str(rexc.value)
    rec = m.record()
    rec["deals"][0]["colour"] = "red"
    with pytest.raises(engine.RecordError) as dexc:
        engine.replay(rec)
    assert "colour" in str(dexc.value)
    j = dexc.value.message.to_json()
    assert (
        j["key"] == "record.in_deal"
        and j["params"]["reason"]["key"] == "record.unknown_deal_fields"
    )


def test_messages_round_trip_through_json() -> None:
    """A message's JSON form (cards, suits, seats, nested messages) gives back the same
    message, rendered the same in English and with a table's seat names."""
    from engine.messages import card, from_json, msg, seat, seats, suit

    m = msg(
        "record.bad_move",
        deal=2,
        move=5,
        text="AS",
        reason=msg("batak.must_trump", led=suit(1), trump=suit(0)),
    )
    assert from_json(m.to_json()) == m
    k = msg("kozel.kozyryatnik", card=card(0x3C), team=seats([1, 3]))
    assert from_json(k.to_json()) == k
    assert "Olga and Nina" in k.render(["You", "Olga", "Ivan", "Nina"])
    w = msg("kozel.redeal_weak", seat=seat(2), points=12)
    assert str(from_json(w.to_json())) == "seat 2's hand is worth 12 points (13 or less)"
    with pytest.raises(ValueError):
        from_json({"key": "x", "params": {"c": {"rank": 1}}})
    with pytest.raises(ValueError):
        from_json(["not", "a", "message"])


def test_shipped_packages_hold_no_benchmarks() -> None:
    """The engine and the site builder ship only themselves: their benchmarks and the
    cross-engine harness live in the top-level bench/, which neither imports at module level
    (the engine's `bench` command and build.py's load it when asked)."""
    for layer in ("engine", "sitebuild"):
        paths = [p for p in (ROOT / layer).rglob("*") if "__pycache__" not in p.parts]
        assert paths, layer
        assert [str(p.relative_to(ROOT)) for p in paths if "bench" in p.stem] == []
        for path in (p for p in paths if p.suffix == ".py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in tree.body:
                names = (
                    [a.name for a in node.names]
                    if isinstance(node, ast.Import)
                    else [node.module or ""]
                    if isinstance(node, ast.ImportFrom) and not node.level
                    else []
                )
                assert not [n for n in names if n.split(".")[0] == "bench"], path
    assert (ROOT / "bench" / "engine" / "speed.py").is_file()
    assert (ROOT / "bench" / "page" / "cli.py").is_file()


def test_the_solver_and_the_batak_search_are_split_by_job() -> None:
    """The solver is a package of three jobs, each importing only the ones below it (the
    position and rules on masks, then the bounds, then the search); the Batak family's search
    player is world sampling, the playout policy and the choice, which the registered search
    module re-exports. None of them is over 700 lines (as the formatter wraps them)."""
    graph = import_graph(ROOT, ("engine",))
    solver = {m: graph[f"engine.solver.{m}"] for m in ("position", "bounds", "search")}
    assert not {m for m in solver["position"] if m.startswith("engine.solver")}
    assert {m for m in solver["bounds"] if m.startswith("engine.solver")} == {
        "engine.solver.position"
    }
    assert "engine.solver.bounds" in solver["search"]
    players = "engine.players."
    assert not {
        m
        for m in graph[players + "batak_worlds"] | graph[players + "batak_playout"]
        if m in (players + "batak_choice", players + "batak_search")
    }
    assert {players + "batak_worlds", players + "batak_playout"} <= graph[players + "batak_choice"]
    for path in [
        *(ROOT / "engine" / "solver").glob("*.py"),
        *(ROOT / "engine" / "players").glob("batak_*.py"),
    ]:
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 700, path
    from engine import solver as S
    from engine.players import batak_search as B

    assert S.Solver.__module__ == S.solve.__module__ == "engine.solver.search"
    assert B.sample_worlds.__module__ == "engine.players.batak_worlds"
    assert B.playout.__module__ == "engine.players.batak_playout"
    assert B.choose_card.__module__ == "engine.players.batak_choice"
