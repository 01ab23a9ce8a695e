"""The layers keep to their rooms: the engine imports no page code, computer players touch no
private field of an engine object, and every message key the engine uses has English."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import engine
from engine.messages import ENGLISH

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = sorted((ROOT / "engine" / "players").glob("*.py"))
ENGINE = sorted((ROOT / "engine").rglob("*.py"))


def private_accesses(path: Path) -> list[str]:
    """`x._name` attribute reads and `getattr(x, "_name")` calls in a module (dunders and the
    module's own `self._x` aside: a player may keep private state of its own)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                and not node.attr.startswith("__"):
            if isinstance(node.value, ast.Name) and node.value.id == "self":
                continue
            out.append(f"{path.name}:{node.lineno} .{node.attr}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("getattr", "setattr", "hasattr") and len(node.args) >= 2 \
                and isinstance(node.args[1], ast.Constant) \
                and str(node.args[1].value).startswith("_"):
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
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                 else [])
        for n in names:
            assert n.split(".")[0] not in ("js", "pyscript", "pyodide", "ui"), (path, n)


def test_every_message_key_used_has_english() -> None:
    """Each `msg("key", ...)` in the engine has an English template, and each template's
    fields are the parameters given at some call (no placeholder is left unfilled)."""
    used: dict[str, set[str]] = {}
    for path in ENGINE:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id == "msg" and node.args \
                    and isinstance(node.args[0], ast.Constant):
                used.setdefault(str(node.args[0].value), set()).update(
                    k.arg for k in node.keywords if k.arg)
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
    assert j["key"] == "record.in_deal" and j["params"]["reason"]["key"] == \
        "record.unknown_deal_fields"


def test_messages_round_trip_through_json() -> None:
    """A message's JSON form (cards, suits, seats, nested messages) gives back the same
    message, rendered the same in English and with a table's seat names."""
    from engine.messages import card, from_json, msg, seat, seats, suit
    m = msg("record.bad_move", deal=2, move=5, text="AS",
            reason=msg("batak.must_trump", led=suit(1), trump=suit(0)))
    assert from_json(m.to_json()) == m
    k = msg("kozel.kozyryatnik", card=card(0x3C), team=seats([1, 3]))
    assert from_json(k.to_json()) == k
    assert "Olga & Nina" in k.render(["You", "Olga", "Ivan", "Nina"])
    w = msg("kozel.redeal_weak", seat=seat(2), points=12)
    assert str(from_json(w.to_json())) == "seat 2's hand is worth 12 points (13 or less)"
    with pytest.raises(ValueError):
        from_json({"key": "x", "params": {"c": {"rank": 1}}})
    with pytest.raises(ValueError):
        from_json(["not", "a", "message"])
