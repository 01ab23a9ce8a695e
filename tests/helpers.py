"""Helpers for building exact positions from records with given hands."""

from __future__ import annotations

from typing import Any

import engine


def hands(*rows: str) -> list[list[str]]:
    """Hands written one string per seat: 'AS KS 10H 2C ...'."""
    return [row.split() for row in rows]


def record(
    game: str,
    rows: list[list[str]],
    dealer: int,
    moves: list[str] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    players: int | None = None,
    **extra: Any,
) -> dict[str, Any]:
    deal: dict[str, Any] = {"dealer": dealer, "hands": rows, "moves": list(moves or [])}
    deal.update(extra)
    rec: dict[str, Any] = {
        "game": game,
        "seed": seed,
        "options": dict(options or {}),
        "deals": [deal],
    }
    if players is not None:
        rec["players"] = players
    return rec


def position(
    game: str,
    rows: list[list[str]],
    dealer: int,
    moves: list[str] | None = None,
    options: dict[str, Any] | None = None,
    **kw: Any,
) -> engine.Match:
    return engine.replay(record(game, rows, dealer, moves, options, **kw))


def state(m: engine.Match) -> Any:
    """Everything observable about a match, to check that a rejected move changed nothing."""
    d = m.deal
    return (
        m.record(),
        list(m.totals),
        m.is_over,
        list(m.winners),
        d.phase,
        d.to_move,
        d.hands,
        d.tricks,
        d.trick,
        d.result,
        d.legal_moves(),
        len(m.deals),
    )
