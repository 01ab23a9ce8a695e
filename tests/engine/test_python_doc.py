"""docs/python.md's examples run as written, one after the other in one namespace, and print
what their comments say (a comment line `# <text>` right after a `print(...)` line is the
text it prints, up to a trailing "...")."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "python.md"


def blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def promised(block: str) -> list[str]:
    """The output lines a block's comments promise (a `# …` line after a print)."""
    lines = block.splitlines()
    return [
        nxt.strip()[2:]
        for line, nxt in zip(lines, lines[1:])
        if line.startswith("print(") and nxt.strip().startswith("# ")
    ]


def test_the_examples_run_and_print_what_they_say() -> None:
    found = blocks()
    assert len(found) >= 4, "docs/python.md lost its examples"
    namespace: dict[str, object] = {}
    assert sum(len(promised(b)) for b in found) >= 1, "no example says what it prints"
    for block in found:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, str(DOC), "exec"), namespace)
        printed = out.getvalue().splitlines()
        for text in promised(block):
            head = text.removesuffix("...").rstrip()
            assert any(p.startswith(head) for p in printed), (text, printed)


def test_every_public_name_is_there_and_documented() -> None:
    import engine

    text = DOC.read_text(encoding="utf-8")
    for name in engine.__all__:
        assert getattr(engine, name) is not None
        assert f"`{name}" in text, f"docs/python.md does not document engine.{name}"
