"""The one list of the DOM operations (ui/ops.json: each operation's argument names): every
operation the page's Python emits (found by reading ui/'s sources) and every one the main thread
carries out (ui/web/ops.js, imported under Node) is in it with the same number of arguments,
and ui/shell/dom.py's make_op refuses what it does not list."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from ui.shell import dom as D

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "ui"
LIST = json.loads((UI / "ops.json").read_text(encoding="utf-8"))


def emitted() -> list[tuple[str, str, int | None]]:
    """Each operation a ui/ module emits with a literal name: (where, name, its argument count,
    None when some are passed with *). `x.op(name, ...)` sends one; `x.ask(name, ...)` sends one
    whose first argument is the number of the answer awaited (ui/shell/env.py)."""
    found = []
    for path in sorted(UI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("op", "ask")
                and node.args
            ):
                continue
            first = node.args[0]
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                continue
            rest = node.args[1:]
            count = None if any(isinstance(a, ast.Starred) for a in rest) else len(rest)
            if count is not None and node.func.attr == "ask":
                count += 1
            found.append((f"{path.relative_to(ROOT)}:{node.lineno}", first.value, count))
    return found


def test_python_emits_only_listed_operations_with_their_arguments():
    found = emitted()
    assert len({name for _, name, _ in found}) >= 40  # the scan finds the page's operations
    for where, name, count in found:
        assert name in LIST, f"{where}: {name!r} is not in ui/ops.json"
        if count is not None:
            least, most = D.arity(name)
            assert least <= count <= most, f"{where}: {name!r} with {count} arguments"


def test_every_listed_operation_is_emitted_somewhere():
    names = {name for _, name, _ in emitted()}
    # (ui/shell/dom.py's own helpers send html, text, hidden and attr)
    assert set(LIST) - names == set()


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_main_thread_carries_out_exactly_the_listed_operations():
    script = (
        "globalThis.window = globalThis;"
        "globalThis.document = { documentElement: {} };"
        f"const m = await import({json.dumps((UI / 'web' / 'ops.js').as_uri())});"
        "console.log(JSON.stringify(Object.fromEntries("
        "Object.entries(m.OPS).map(([k, f]) => [k, f.length]))));"
    )
    proc = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    handled = json.loads(proc.stdout.strip().splitlines()[-1])
    assert sorted(handled) == sorted(LIST)
    for name, params in handled.items():
        assert params == len(LIST[name]), f"ops.js {name!r} takes {params}, ops.json {LIST[name]}"


def test_make_op_refuses_an_unlisted_name_or_count():
    assert D.make_op("say", "hello") == ["say", "hello"]
    assert D.make_op("copy", 3, "text") == ["copy", 3, "text"]  # its selector may be left out
    with pytest.raises(ValueError, match="no DOM operation"):
        D.make_op("shout", "hello")
    with pytest.raises(ValueError, match="takes"):
        D.make_op("say")
    page = D.Dom()
    with pytest.raises(ValueError):
        page.op("toast", "a", "b")
    assert page.ops == []  # nothing half-built is kept
