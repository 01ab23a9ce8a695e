"""The baseline computer players (`engine.players.baseline`), under their first name."""

from .players.baseline import POLICIES, choose, choose_action, policy
from .players.batak_baseline import estimate_tricks

__all__ = ["POLICIES", "choose", "choose_action", "estimate_tricks", "policy"]
