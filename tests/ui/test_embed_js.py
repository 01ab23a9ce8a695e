"""embed.js passes on every parameter the table's address takes from an author's element: the
embedding's, the page's own (ui/lobby/query.py) and every game's table options."""

from __future__ import annotations

import json
import re
from pathlib import Path

import engine
from ui.lobby import query as Q

EMBED_JS = (Path(__file__).resolve().parents[2] / "embed" / "embed.js").read_text(encoding="utf-8")
OWN = {"embed", "parent", "fit", "wait", "lesson"}  # set by embed.js itself, not from data-*


def passed() -> set[str]:
    m = re.search(r"var PASS = (\[[^\]]*\]);", EMBED_JS)
    assert m is not None
    return set(json.loads(m.group(1)))


def test_every_table_option_of_every_game_is_passed() -> None:
    options = {o["name"] for g in engine.available_games() for o in engine.GAME_INFO[g]["options"]}
    assert options <= passed(), options - passed()
    assert passed() >= Q.UI_PARAMS, Q.UI_PARAMS - passed()


def test_every_embedding_parameter_is_passed_or_set_by_embed_js() -> None:
    from ui.embed.spec import PARAMS

    assert set(PARAMS) - OWN <= passed(), set(PARAMS) - OWN - passed()
