"""The computer players' modules import one another one way: no circle, imports inside
functions included (a search registers into `engine.players.registry`, which `levels` reads)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import engine.players

PLAYERS = Path(engine.players.__file__).parent


def imports_of(path: Path) -> set[str]:
    """The sibling modules of engine/players that `path` imports, anywhere in the file."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level == 1:
                if mod:
                    out.add(mod.split(".")[0])
                else:
                    out.update(a.name for a in node.names)
            elif mod.startswith("engine.players."):
                out.add(mod.split(".")[2])
            elif mod == "engine.players":
                out.update(a.name for a in node.names)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("engine.players."):
                    out.add(a.name.split(".")[2])
    return {m for m in out if (PLAYERS / f"{m}.py").exists()} - {path.stem}


def run_fresh(code: str) -> str:
    """Runs `code` in a fresh interpreter at the repository's root; its output (fails the test
    with the interpreter's error if it fails)."""
    run = subprocess.run(
        [sys.executable, "-c", code],
        check=False,
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        path.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return path[path.index(m) :] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        path.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def test_the_circle_finder_finds_a_circle() -> None:
    """The check itself: a planted circle is found, a one-way chain is not."""
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_players_import_no_circle() -> None:
    """No module of engine/players reaches itself through its imports (lazy ones too)."""
    graph = {p.stem: imports_of(p) for p in PLAYERS.glob("*.py") if p.stem != "__init__"}
    assert "registry" in graph["batak_search"] and "levels" not in graph["batak_search"]
    assert find_circle(graph) is None, find_circle(graph)


def test_every_games_search_is_found_whichever_search_module_was_imported_first() -> None:
    """The searches register when first needed; a search module imported beforehand (by a
    tool, a test or the puzzle builder) must not leave the other games without theirs."""
    code = (
        "import engine, engine.players.batak_search\n"
        "from engine.players.levels import _searcher\n"
        "missing = [g for g in engine.GAMES if _searcher(g) is None]\n"
        "assert not missing, missing\n"
    )
    run_fresh(code)


# What `import engine` loads: the rules (core, cards, messages, the checks on untrusted input,
# each game), the baseline players and the sampling they draw worlds with; nothing else.
ENGINE_CORE = frozenset(
    {
        "engine",
        "engine.bots",
        "engine.cards",
        "engine.core",
        "engine.games",
        "engine.games.batak",
        "engine.games.bidding_kozel",
        "engine.games.kozel",
        "engine.messages",
        "engine.players",
        "engine.players.baseline",
        "engine.players.batak_baseline",
        "engine.players.bidding_kozel_baseline",
        "engine.players.kozel_baseline",
        "engine.sampling",
        "engine.untrusted",
    }
)


def test_importing_the_engine_loads_only_its_core() -> None:
    """`import engine` loads the rules and the baseline players only: not the content (lessons,
    markup, puzzles), the address, the solver, the searches, the teacher or any benchmark."""
    code = (
        "import engine, sys\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(('engine', 'bench')))))"
    )
    loaded = set(run_fresh(code).split())
    assert loaded == ENGINE_CORE, (sorted(loaded - ENGINE_CORE), sorted(ENGINE_CORE - loaded))


def test_content_loads_on_its_own_and_registers_its_messages() -> None:
    """A content module imported alone brings what it needs and registers its messages."""
    code = (
        "from engine.content.lessons import load_lesson\n"
        "from engine.content import puzzle_file, markup\n"
        "from engine.messages import ENGLISH\n"
        "assert any(k.startswith('lesson.') for k in ENGLISH), 'no lesson message'\n"
        "assert any(k.startswith('puzzle') for k in ENGLISH), 'no puzzle message'\n"
        "import engine.players.batak_search\n"
    )
    run_fresh(code)
