"""A deal's review for one seat: every decision of the seat with a verdict from the sampling
search (under the seat's own information at that moment), and what perfect play makes with
every card visible (the exact solver, `engine.solver`).

    review = engine.teacher.review_deal(record, deal_index=0, seat=0)
    review["decisions"]   # [{"n": 1, "trick": 1, "move": "9H", "best": "KH", "cost": 0.8,
                          #   "verdict": "mistake", "unit": "game-points", ...}, ...]
    review["perfect"]     # {"solved": True, "value": 7, "unit": "tricks", "made": 6,
                          #  "contract_made": False, "declaring": False, ...}

What perfect play makes is solved from the first card within `solve_seconds`; when that
tree is too large, from the start of each later trick in turn (the tricks before it as they
were played; `later_seconds` each, LATER_TRIES at most), and then `perfect["from_trick"]` says
from which trick (`why_key` "timeout" and `seconds` still say that the first card was not
solved in time).

Verdicts compare the seat's move with the search's choice in the same position, by how much
less score the search expects from the seat's move (`cost`): the expected score every
decision is judged by, bids, trump, cards and Bidding Kozel's sets alike, `Evaluation.utility`
in its `score_unit` ("game-points" in the Batak family, "penalty-points" in Kozel, "score",
stakes, in Bidding Kozel; engine/players/evaluate.py). The hint and the play checker judge by the same
measure (`judge`), and the review runs the hint's search (LEVEL, and the match's seed), so in
any position the hint's move is the review's "best" and the review's "better" move is the
hint's. A bid or trump decision also carries the chance that the contract is made with the
seat's move and with the search's (`chance`, `best_chance`). The steps are in VERDICT_STEPS
and written in the review's legend. Reviews made before carry the units "tricks", "points"
(card points) and "score" (stakes), which the page still shows. The result is JSON-safe (the
page's worker sends it as it is).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from .core import Match, replay

__all__ = [
    "LEVEL",
    "SHOWN_DIGITS",
    "VERDICTS",
    "VERDICT_STEPS",
    "deal_start",
    "judge",
    "measure",
    "review_deal",
    "verdict",
]

LEVEL = "strong"  # the hint's level (ui/table/table.py HINT_LEVEL): the same search, so the
# review and the hint agree; a whole deal's decisions within seconds in the page
VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")
# The largest cost (expected loss of score against the search's choice) of each verdict but
# the last, by unit: "best" up to the first step, "good" up to the second, and so on.
# "game-points": the Batak family's points, the side's against the others' (a trick more is
# worth 4/3 of a point against the others' mean, 2 against the other team), so the steps of
# a trick and a half; "penalty-points": Kozel's penalty points (a cycle's penalty is 1 to 4,
# a lusya 12); "score": Bidding Kozel's stakes. "tricks" and "points" (card points) are the units of
# the reviews made before, kept so that saved reviews still read.
VERDICT_STEPS: dict[str, tuple[float, float, float, float]] = {
    "game-points": (0.1, 0.4, 0.9, 1.8),
    "penalty-points": (0.05, 0.25, 0.6, 1.2),
    "score": (0.05, 0.25, 0.6, 1.2),
    "tricks": (0.05, 0.25, 0.6, 1.2),
    "points": (0.5, 4.0, 10.0, 20.0),
}
# The decimals the review shows a cost with, by unit ("+0.6 points", "+4 card points"): a
# verdict is that of the figure as shown, so "+0.6 points" is always an inaccuracy.
SHOWN_DIGITS = {"game-points": 1, "penalty-points": 2, "score": 1, "tricks": 1, "points": 0}
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


def measure(ev: Mapping[str, Any]) -> tuple[dict[str, float], str]:
    """What an evaluation (`dataclasses.asdict(Evaluation)`, or its JSON) judges moves by, and
    its unit: the expected score (`utility` in `score_unit`); an evaluation without a
    `score_unit` (made before it had one) by its `values` in `unit`."""
    unit = ev.get("score_unit")
    if unit:
        return {str(k): float(v) for k, v in (ev.get("utility") or {}).items()}, str(unit)
    return (
        {str(k): float(v) for k, v in (ev.get("values") or {}).items()},
        str(ev.get("unit") or "tricks"),
    )


def judge(ev: Mapping[str, Any], move: str) -> dict[str, Any]:
    """`move` judged against the search's choice `ev["move"]` by the expected score
    (`measure`): "cost" (how much less score the move is expected to make, below 0 for a move
    rated higher than the choice though not chosen; None when the search did not rate it),
    "verdict" (of the cost as shown, at least 0; "best" for the choice, a move it stands for
    and a forced move), "best" (the choice), "unit", "value" and "best_value" (the expected
    scores), "chance" and "best_chance" (the chance of making the contract, where the search
    gives one)."""
    score, unit = measure(ev)
    same: Mapping[str, str] = ev.get("same") or {}
    chosen = str(ev.get("move"))
    chance: Mapping[str, float] = ev.get("chance") or {}
    rated = move if move in score else same.get(move)
    cost = (
        score[chosen] - score[rated]
        if rated is not None and rated in score and chosen in score
        else None
    )
    if (
        ev.get("forced")
        or move == chosen
        or (rated is not None and rated == same.get(chosen, chosen))
    ):
        v: str | None = "best"
    else:
        v = verdict(None if cost is None else max(cost, 0.0), unit)
    return {
        "best": chosen,
        "unit": unit,
        "cost": cost,
        "verdict": v,
        "value": None if rated is None or rated not in score else round(score[rated], 2),
        "best_value": None if chosen not in score else round(score[chosen], 2),
        "chance": None if rated is None or rated not in chance else round(chance[rated], 3),
        "best_chance": None if chosen not in chance else round(chance[chosen], 3),
    }


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


def review_deal(
    record: Mapping[str, Any],
    deal_index: int = 0,
    seat: int = 0,
    level: str = LEVEL,
    seed: int | None = None,
    solve_seconds: float = SOLVE_SECONDS,
    check_cards: int = CHECK_CARDS,
    later_seconds: float = LATER_SECONDS,
) -> dict[str, Any]:
    """The review of `seat`'s decisions in deal `deal_index` of `record` (see the module).
    The search's seed is the record's (the hint's own) unless `seed` is given."""
    import dataclasses

    from .ai import evaluate

    if seed is None:
        got = record.get("seed", 0)
        seed = got if isinstance(got, int) and not isinstance(got, bool) else 0
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
                    perfect.update(
                        solved=True,
                        value=r.value,
                        total=r.total,
                        unit=r.unit,
                        contract_made=r.contract_made,
                        **_declaring(d, side),
                    )
                except SolveTimeout:
                    perfect["why"] = (
                        f"the open deal was not solved within {solve_seconds:g} s "
                        f"(with every card visible the tree is too large here)"
                    )
                    perfect["why_key"] = "timeout"
                    perfect["seconds"] = solve_seconds
        elif (
            d.phase == "play"
            and not d.trick
            and perfect.get("why_key") == "timeout"
            and not perfect.get("solved")
            and perfect.get("later", 0) < LATER_TRIES
        ):
            # Not solved from the first card: from a later trick, the tricks before it as they
            # were played (a smaller tree), so the review still says what perfect play makes.
            perfect["later"] = perfect.get("later", 0) + 1
            try:
                r = solve(d, side, max_seconds=later_seconds)
                perfect.update(
                    solved=True,
                    value=r.value,
                    total=r.total,
                    unit=r.unit,
                    contract_made=r.contract_made,
                    from_trick=len(d.tricks) + 1,
                    **_declaring(d, side),
                )
            except SolveTimeout:
                pass
        if d.to_move == seat:
            ev = evaluate(d, seat, level=level, seed=seed)
            j = judge(dataclasses.asdict(ev), mv)
            cost = j["cost"]
            entry: dict[str, Any] = {
                "n": n,
                "trick": len(d.tricks) + 1,
                "phase": d.phase,
                "move": mv,
                "best": j["best"],
                "unit": j["unit"],
                "forced": ev.forced,
                "cost": None if cost is None else round(max(cost, 0.0), 2),
                "verdict": j["verdict"],
                "value": j["value"],
                "best_value": j["best_value"],
            }
            if j["chance"] is not None or j["best_chance"] is not None:
                entry.update(chance=j["chance"], best_chance=j["best_chance"])
            if (
                d.phase == "play"
                and perfect.get("why_key") != "unsupported"
                and supported(d) is None
                and len(d.hand_cards(seat)) <= check_cards
            ):
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
        made = (
            sum(pts[s] for s in side if s < len(pts) and isinstance(pts[s], int)) if pts else None
        )
    perfect["made"] = made
    return {
        "game": match.game,
        "deal": deal_index,
        "seat": seat,
        "side": list(side),
        "level": level,
        "decisions": decisions,
        "perfect": perfect,
        "steps": {u: list(v) for u, v in VERDICT_STEPS.items()},
        "seconds": round(time.perf_counter() - started, 2),
    }


def _declaring(deal: Any, side: Sequence[int]) -> dict[str, bool]:
    """{"declaring": whether `side` is the declaring side} in a deal with a declarer (the
    review says "your side could have made the contract" or "... beaten the contract"), else
    {}."""
    declarer = getattr(deal, "declarer", None)
    if isinstance(declarer, int) and not isinstance(declarer, bool):
        return {"declaring": declarer in side}
    return {}


def counts(decisions: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """How many decisions got each verdict."""
    out = {v: 0 for v in VERDICTS}
    for dec in decisions:
        v = dec.get("verdict")
        if v in out:
            out[str(v)] += 1
    return out
