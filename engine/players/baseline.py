"""Baseline computer players ("easy"): simple, sensible, always legal, deterministic per seed.

Each game registers a policy `fn(observation, rng) -> Action` for the seat to move: it decides
from the seat's `Deal.observation` alone (its own hand, the cards played, the auction ...). The baseline is
the yardstick that stronger players are measured against.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..core import Action, Deal, Observation

Policy = Callable[[Observation, random.Random], Action]
POLICIES: dict[str, Policy] = {}


def policy(*games: str) -> Callable[[Policy], Policy]:
    def wrap(fn: Policy) -> Policy:
        for g in games:
            POLICIES[g] = fn
        return fn

    return wrap


def _rng(rng: random.Random | int | None) -> random.Random:
    if isinstance(rng, random.Random):
        return rng
    return random.Random(rng)


def choose_action(deal: Deal, rng: random.Random | int | None = None) -> Action:
    """The baseline's move for the seat to move, as an internal action."""
    if deal.to_move is None:
        raise ValueError("nobody is to move: the deal is over")
    return choose_for(deal.observation(deal.to_move), _rng(rng))


def choose_for(obs: Observation, rng: random.Random) -> Action:
    """The baseline's move from the observation of the seat to move."""
    fn = POLICIES.get(obs.game)
    legal = list(obs.legal)
    if fn is None:
        return rng.choice(legal)
    action = fn(obs, rng)
    assert action in legal, (obs.game, action, legal)
    return action


def choose(deal: Deal, seat: int | None = None, rng: random.Random | int | None = None) -> str:
    """The baseline's move for the seat to move, as move text."""
    if seat is not None and seat != deal.to_move:
        raise ValueError(f"seat {seat} is not to move (seat {deal.to_move} is)")
    return deal.action_str(choose_action(deal, rng))
