"""The computer players by level (`engine.players.levels`), the page's entry point:

    engine.ai.choose(deal, level="strong", seed=0) -> "QH"
"""

from .players.levels import DEFAULT_LEVEL, LEVELS, choose, choose_action, decision_rng

__all__ = ["DEFAULT_LEVEL", "LEVELS", "choose", "choose_action", "decision_rng"]
