"""A deal's review for one seat: every decision of the seat with a verdict from the sampling
search (under the seat's own information at that moment), and what perfect play makes with
every card visible (the exact solver, `engine.solver`).

    review = engine.teacher.review_deal(record, deal_index=0, seat=0)
    review["decisions"]   # [{"n": 1, "trick": 1, "move": "9H", "best": "KH", "cost": 0.8,
                          #   "verdict": "mistake", "unit": "tricks", ...}, ...]
    review["perfect"]     # {"solved": True, "value": 7, "unit": "tricks", "made": 6, ...}

What perfect play makes is solved from the first card within `solve_seconds`; when that
tree is too large, from the start of each later trick in turn (the tricks before it as they
were played; `later_seconds` each, LATER_TRIES at most), and then `perfect["from_trick"]` says
from which trick (`why_key` "timeout" and `seconds` still say that the first card was not
solved in time).

Verdicts compare the seat's move with the search's choice in the same position, by how much
less the search expects from the seat's move (`cost`, in the game's unit: tricks, card points
or stakes); the steps are in VERDICT_STEPS and written in the review's legend. The result is
JSON-safe (the page's worker sends it as it is).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from .core import Match, replay

__all__ = ["LEVEL", "SHOWN_DIGITS", "VERDICTS", "VERDICT_STEPS", "deal_start", "review_deal", "verdict"]

LEVEL = "normal"  # the review's search: a whole deal's decisions within seconds in the page
VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")
# The largest cost (expected loss against the search's choice) of each verdict but the last,
# by unit: "best" up to the first step, "good" up to the second, and so on.
VERDICT_STEPS: dict[str, tuple[float, float, float, float]] = {
    "tricks": (0.05, 0.25, 0.6, 1.2),
    "points": (0.5, 4.0, 10.0, 20.0),
    "score": (0.05, 0.25, 0.6, 1.2),
}
# The decimals the review shows a cost with, by unit ("+0.6 tricks", "+4 card points"): a
# verdict is that of the figure as shown, so "+0.6 tricks" is always an inaccuracy.
SHOWN_DIGITS = {"tricks": 1, "points": 0, "score": 1}
SOLVE_SECONDS = 3.0  # the open deal from the start of card play
LATER_SECONDS = 1.0  # then from each of the next tricks' starts, LATER_TRIES at most
LATER_TRIES = 4
CHECK_CARDS = 6  # each of the seat's cards is checked against perfect play from this hand size


def verdict(cost: float | None, unit: str) -> str | None:
    """The verdict of a move that is expected to cost `cost` against the search's choice, by
    that cost rounded as the review shows it (SHOWN_DIGITS)."""
    if cost is None:
        return None
    cost = round(cost, SHOWN_DIGITS.get(unit, 1))
    steps = VERDICT_STEPS.get(unit, VERDICT_STEPS["tricks"])
    for name, top in zip(VERDICTS, steps, strict=False):
        if cost <= top:
            return name
    return VERDICTS[-1]


def _side(match: Match, seat: int) -> tuple[int, ...]:
    teams = match.rules.teams
    if teams:
        for team in teams:
            if seat in team:
                return tuple(team)
    return (seat,)


def deal_start(record: Mapping[str, Any], deal_index: int) -> tuple[Match, list[str]]:
    """The match with the deal `deal_index` at its first move, and that deal's moves."""
    deals = list(record.get("deals") or [])
    if not 0 <= deal_index < len(deals):
        raise ValueError(f"the record has no deal {deal_index + 1}")
    moves = list(deals[deal_index].get("moves") or [])
    head = {**record, "deals": [*deals[:deal_index], {**deals[deal_index], "moves": []}]}
    return replay(head), moves


def review_deal(record: Mapping[str, Any], deal_index: int = 0, seat: int = 0,
                level: str = LEVEL, seed: int = 0, solve_seconds: float = SOLVE_SECONDS,
                check_cards: int = CHECK_CARDS,
                later_seconds: float = LATER_SECONDS) -> dict[str, Any]:
    """The review of `seat`'s decisions in deal `deal_index` of `record` (see the module)."""
    from .ai import evaluate
    from .solver import SolveTimeout, move_values, solve, supported

    match, moves = deal_start(record, deal_index)
    side = _side(match, seat)
    decisions: list[dict[str, Any]] = []
    perfect: dict[str, Any] = {"solved": False}
    checks: list[dict[str, Any]] = []
    started = time.perf_counter()
    for n, mv in enumerate(moves):
        d = match.deal
        if d.phase == "play" and "from" not in perfect:
            perfect = {"solved": False, "from": n}
            why = supported(d)
            if why is not None:
                perfect["why"] = why
                perfect["why_key"] = "unsupported"
            else:
                try:
                    r = solve(d, side, max_seconds=solve_seconds)
                    perfect.update(solved=True, value=r.value, total=r.total, unit=r.unit,
                                   contract_made=r.contract_made)
                except SolveTimeout:
                    perfect["why"] = (f"the open deal was not solved within {solve_seconds:g} s "
                                      f"(with every card visible the tree is too large here)")
                    perfect["why_key"] = "timeout"
                    perfect["seconds"] = solve_seconds
        elif (d.phase == "play" and not d.trick and perfect.get("why_key") == "timeout"
              and not perfect.get("solved") and perfect.get("later", 0) < LATER_TRIES):
            # Not solved from the first card: from a later trick, the tricks before it as they
            # were played (a smaller tree), so the review still says what perfect play makes.
            perfect["later"] = perfect.get("later", 0) + 1
            try:
                r = solve(d, side, max_seconds=later_seconds)
                perfect.update(solved=True, value=r.value, total=r.total, unit=r.unit,
                               contract_made=r.contract_made, from_trick=len(d.tricks) + 1)
            except SolveTimeout:
                pass
        if d.to_move == seat:
            ev = evaluate(d, seat, level=level, seed=seed)
            values = ev.values
            rated = mv if mv in values else ev.same.get(mv)
            cost = (values[ev.move] - values[rated]
                    if rated is not None and rated in values and ev.move in values else None)
            entry: dict[str, Any] = {
                "n": n, "trick": len(d.tricks) + 1, "phase": d.phase, "move": mv,
                "best": ev.move, "unit": ev.unit, "forced": ev.forced,
                "cost": None if cost is None else round(max(cost, 0.0), 2),
                "verdict": "best" if ev.forced or mv == ev.move or rated == ev.same.get(ev.move,
                                                                                       ev.move)
                else verdict(round(max(cost, 0.0), 2) if cost is not None else None, ev.unit),
                "value": None if rated is None or rated not in values else round(values[rated], 2),
                "best_value": None if ev.move not in values else round(values[ev.move], 2),
            }
            if (d.phase == "play" and perfect.get("why_key") != "unsupported"
                    and supported(d) is None and len(d.hand_cards(seat)) <= check_cards):
                try:
                    mvals = move_values(d, side, max_seconds=1.0)
                    top = max(mvals.values())
                    if mv in mvals:
                        entry["perfect_loss"] = top - mvals[mv]
                        checks.append({"n": n, "loss": top - mvals[mv]})
                except SolveTimeout:
                    pass
            decisions.append(entry)
        match.play(mv)
    perfect["checked"] = len(checks)
    perfect["lowered"] = [c["n"] for c in checks if c["loss"] > 0]
    d = match.deals[deal_index] if deal_index < len(match.deals) else match.deal
    result = d.result or {}
    made: Any = None
    if perfect.get("unit") == "tricks":
        tricks = result.get("tricks") or []
        made = sum(tricks[s] for s in side if s < len(tricks)) if tricks else None
    elif perfect.get("unit") == "points":
        pts = result.get("points") or []
        made = sum(pts[s] for s in side if s < len(pts) and isinstance(pts[s], int)) \
            if pts else None
    perfect["made"] = made
    return {"game": match.game, "deal": deal_index, "seat": seat, "side": list(side),
            "level": level, "decisions": decisions, "perfect": perfect,
            "steps": {u: list(v) for u, v in VERDICT_STEPS.items()},
            "seconds": round(time.perf_counter() - started, 2)}


def counts(decisions: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """How many decisions got each verdict."""
    out = {v: 0 for v in VERDICTS}
    for dec in decisions:
        v = dec.get("verdict")
        if v in out:
            out[str(v)] += 1
    return out
