"""The table holds its parts as fields: no base classes, each part's state its own, and only the
table writes the table's fields (a part asks the table's methods); the names the page calls on
the table reach the part that holds them."""

from __future__ import annotations

import ast
from pathlib import Path

from ui.table.core import Entry, Field
from ui.table.table import Table

ROOT = Path(__file__).resolve().parents[2]
PARTS = [
    "ui/table/pace.py",
    "ui/table/hand.py",
    "ui/teach/coach.py",
    "ui/embed/tutor.py",
    "ui/teach/looking.py",
    "ui/puzzles/on_table.py",
]


def test_the_table_has_no_base_class_and_holds_its_parts() -> None:
    assert Table.__bases__ == (object,)
    t = Table()
    for part in ("hand", "pace", "coach", "tutor", "looking", "puzzling"):
        assert getattr(t, part).t is t


def test_no_part_writes_the_tables_fields() -> None:
    """`self.t.x = ...` (or `t.x = ...`, `t.x += ...`) appears in no part."""
    writes = []
    for rel in PARTS:
        for node in ast.walk(ast.parse((ROOT / rel).read_text(encoding="utf-8"))):
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, (ast.AugAssign, ast.AnnAssign))
                else []
            )
            for target in targets:
                base = target.value if isinstance(target, ast.Attribute) else None
                if (
                    isinstance(base, ast.Attribute)
                    and base.attr == "t"
                    or (isinstance(base, ast.Name) and base.id == "t")
                ):
                    writes.append(f"{rel}:{node.lineno}")
    assert writes == []


def test_every_entry_point_reaches_its_part() -> None:
    """Each method and field the table passes on to a part is there, on that part."""
    t = Table()
    entries = {name: d for name, d in vars(Table).items() if isinstance(d, (Entry, Field))}
    assert len(entries) > 40
    for name, d in entries.items():
        assert hasattr(getattr(t, d.part), d.name), name
        if isinstance(d, Entry):
            assert getattr(t, name) == getattr(getattr(t, d.part), d.name), name
