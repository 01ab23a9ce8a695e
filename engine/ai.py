"""The computer players by level (`engine.players.levels`), the page's entry point:

    engine.ai.choose(deal, level="strong", seed=0) -> "QH"
    engine.ai.evaluate(deal, level="strong", seed=0) -> Evaluation(move="QH", values={...}, ...)

`evaluate` and `Evaluation` (engine.players.evaluate, where type checkers see them) are loaded
on first use: the page's start-up does not need them.
"""

from typing import Any

from .players.levels import DEFAULT_LEVEL, LEVELS, choose, choose_action, decision_rng

# Evaluation and evaluate load on first use (__getattr__ below)
__all__ = [  # noqa: F822
    "DEFAULT_LEVEL",
    "LEVELS",
    "Evaluation",
    "choose",
    "choose_action",
    "decision_rng",
    "evaluate",
]


def __getattr__(name: str) -> Any:
    if name in ("Evaluation", "evaluate"):
        from .players import evaluate as module

        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
