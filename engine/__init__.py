"""Rules engine for Turkish and Russian trick-taking card games.

Pure Python, standard library only: runs under CPython and in the browser under Pyodide
(`pip install trick-table`, or micropip in a PyScript page). The public API is `__all__`,
described in docs/python.md:

    import engine
    m = engine.new_match("batak", seed=7)
    m.deal.legal_moves(); m.play("bid 5"); m.record(); engine.replay(record)
    engine.ai.evaluate(m.deal, level="strong"); engine.solver.solve(deal, side=[0])
    engine.teacher.review_deal(m.record(), deal_index=0, seat=0)

`ai`, `solver` and `teacher` load on first use (the game page's start does not need them).
"""

from __future__ import annotations

import importlib
from typing import Any

from . import games  # noqa: F401  (registers every game)
from .core import (
    _GAMES,
    Deal,
    IllegalMove,
    Match,
    Option,
    RecordError,
    Rules,
    RulesError,
    new_match,
    replay,
    rules_class,
)

# Every registered game, in the order the rules modules register them (`engine.games`).
GAMES: tuple[str, ...] = tuple(_GAMES)


def available_games() -> tuple[str, ...]:
    """The games of GAMES that this build can play, in the same order."""
    return tuple(g for g in GAMES if g in _GAMES)


def parse_options(game: str, raw: dict[str, Any]) -> dict[str, Any]:
    """Checks and coerces table options given as text (URL parameters); RulesError on a bad one."""
    return rules_class(game).check_options(raw)


def game_info(game: str) -> dict[str, Any]:
    return rules_class(game).info()


GAME_INFO: dict[str, dict[str, Any]] = {g: game_info(g) for g in available_games()}

# The baseline players. The rest loads where it is used, its messages registering then: the
# address (`engine.address`), the content (`engine.content`: lessons, markup, puzzles), the
# solver, the searches and the teacher.
from . import bots, players  # noqa: F401, E402 (after the names above, which they import)

__version__ = "0.1.0"  # the wheel's version (pyproject.toml reads it here)

# Loaded on first use: `engine.ai` (the computer players by level: choose, evaluate), `engine.
# solver` (the exact open-deal solver) and `engine.teacher` (a deal's review).
LAZY = ("ai", "solver", "teacher")


def __getattr__(name: str) -> Any:
    if name in LAZY:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [  # noqa: F822 (ai, solver and teacher come from __getattr__)
    "GAMES",
    "GAME_INFO",
    "Deal",
    "IllegalMove",
    "Match",
    "Option",
    "RecordError",
    "Rules",
    "RulesError",
    "__version__",
    "ai",
    "available_games",
    "bots",
    "game_info",
    "new_match",
    "parse_options",
    "replay",
    "rules_class",
    "solver",
    "teacher",
]
