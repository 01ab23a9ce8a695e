"""A hint's words (pure: no `js`): the strong player's choice for the player's seat and one line
saying why, built from what its search found (`engine.ai.evaluate`, run in the worker).

    ev = {"move": "KH", "values": {"KH": 6.2, "9H": 5.1}, "unit": "tricks", "same": {},
          "utility": {"KH": 1.4, "9H": 0.3}, "score_unit": "game-points", "samples": 40,
          "forced": False}
    reason(ev, label)   # "K♥: the best expected score here, about 1.4 points; 9♥: about 0.3
                        #  points."

The figures are the expected score (`utility` in `score_unit`), the measure the review grades
by (`engine.teacher.judge`), so the hint, the play checker and the review agree.

Only the player's own moves are named (the values are of the player's legal moves), so a hint
never names a card the player cannot see.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.teacher import SHOWN_DIGITS, VERDICT_STEPS, judge, measure, verdict
from ui.common.i18n import _, names_list, ngettext, number, plural_n

# The hint and the play checker judge a move as the review does (engine.teacher.judge): by the
# expected score, in the evaluation's score unit. Two moves are equal when the review would
# grade one "best" against the other; the checker asks before a move the review would call a
# mistake or a blunder (a cost above the inaccuracy's step, as shown).
EQUAL = {unit: steps[0] for unit, steps in VERDICT_STEPS.items()}
CHECK_AT = {unit: steps[2] for unit, steps in VERDICT_STEPS.items()}
# A chance of making the contract is worth saying when it differs by this much between two moves.
CHANCE_GAP = 0.05


class BadEvaluation(ValueError):
    """The worker's answer is not an evaluation this page can read."""


def parse(ev: object) -> dict[str, Any]:
    """Checks the worker's evaluation (a JSON object) and returns it; BadEvaluation if not."""
    if not isinstance(ev, Mapping):
        raise BadEvaluation("not an object")
    move = ev.get("move")
    values = ev.get("values", {})
    same = ev.get("same", {})
    if not isinstance(move, str) or not move:
        raise BadEvaluation("no move")
    if not isinstance(values, Mapping) or not all(
        isinstance(k, str) and isinstance(v, (int, float)) and not isinstance(v, bool)
        for k, v in values.items()
    ):
        raise BadEvaluation("values are not numbers by move")
    if not isinstance(same, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in same.items()
    ):
        raise BadEvaluation("same is not moves by move")
    unit = ev.get("unit")
    if unit not in ("tricks", "points", "score"):
        raise BadEvaluation(f"unknown unit {unit!r}")
    numbers: dict[str, dict[str, float]] = {}
    for name in ("chance", "utility"):
        raw = ev.get(name, {}) or {}
        if not isinstance(raw, Mapping) or not all(
            isinstance(k, str) and isinstance(v, (int, float)) and not isinstance(v, bool)
            for k, v in raw.items()
        ):
            raise BadEvaluation(f"{name} is not numbers by move")
        numbers[name] = {str(k): float(v) for k, v in raw.items()}
    score_unit = ev.get("score_unit") or ""
    if score_unit and score_unit not in VERDICT_STEPS:
        raise BadEvaluation(f"unknown score unit {score_unit!r}")
    return {
        "move": move,
        "values": {str(k): float(v) for k, v in values.items()},
        "same": dict(same),
        "unit": str(unit),
        "forced": bool(ev.get("forced")),
        "samples": int(ev.get("samples") or 0),
        "score_unit": str(score_unit),
        **numbers,
    }


# The decimals a figure is shown with, by unit (the review's verdicts use the same rounding).
DIGITS = SHOWN_DIGITS


def shown(value: float, unit: str) -> float:
    """`value` rounded as `amount` shows it (one decimal, whole card points)."""
    return round(value, DIGITS.get(unit, 1))


def amount(value: float, unit: str, exact: bool = False) -> str:
    """ "6.2 tricks", "31 card points", "1.5 stakes", "-7 points", "0.25 penalty points" in
    the page's language: a decimal comma where the language writes one, whole numbers without
    decimals ("3 tricks"), the plural form of the number shown (`exact`: up to two decimals,
    "0.05 tricks"). "game-points" are a game's points where tricks and contracts score,
    "penalty-points" penalty points, "score" stakes won or lost ("1.5 stakes"); "tricks"
    and "points" (card points) are the units of reviews made before."""
    digits = max(2, DIGITS.get(unit, 1)) if exact else DIGITS.get(unit, 1)
    text = number(value, digits)
    n = plural_n(value, digits)
    if unit == "tricks":
        return ngettext("{n} trick", "{n} tricks", n).format(n=text)
    if unit == "points":
        return ngettext("{n} card point", "{n} card points", n).format(n=text)
    if unit == "game-points":
        return ngettext("{n} point", "{n} points", n).format(n=text)
    if unit == "penalty-points":
        return ngettext("{n} penalty point", "{n} penalty points", n).format(n=text)
    return ngettext("{n} stake", "{n} stakes", n).format(n=text)


def score_unit(ev: Mapping[str, Any]) -> str:
    """The unit the evaluation's moves are judged in (`engine.teacher.measure`)."""
    return measure(ev)[1]


def equal(a: float, b: float, unit: str) -> bool:
    """Whether two expected scores are the same to the review: the lower one would be graded
    "best" against the higher."""
    return verdict(abs(a - b), unit) == "best"


def _percent(p: float) -> int:
    return round(100 * p)


def chance_line(chance: Mapping[str, float], moves: list[str], label: Callable[[str], str]) -> str:
    """The chance of making the contract with each of `moves` that has one, as a sentence."""
    have = [m for m in moves if m in chance]
    if len(have) == 2:
        return _(
            "The contract is made in about {p} % of likely layouts with {move}, in about "
            "{q} % with {alt}."
        ).format(
            p=_percent(chance[have[0]]),
            move=label(have[0]),
            q=_percent(chance[have[1]]),
            alt=label(have[1]),
        )
    if len(have) == 1:
        return _("With {move} the contract is made in about {p} % of likely layouts.").format(
            move=label(have[0]), p=_percent(chance[have[0]])
        )
    return ""


def reason(ev: Mapping[str, Any], label: Callable[[str], str]) -> str:
    """One line saying why `ev["move"]` is suggested; `label` names a move for the player
    ("K♥", "Bid 5"). The figure that decides is the expected score (`engine.teacher.measure`,
    the review's measure); the chance of making the contract is added where it explains the
    score (a bid or trump, or where it differs between the two moves named). Moves as good as
    the choice are all named ("any of them" when that is every move)."""
    move = str(ev["move"])
    if ev.get("forced"):
        return _("{move}: it is the only move allowed here.").format(move=label(move))
    score, unit = measure(ev)
    same: Mapping[str, str] = ev.get("same") or {}
    best = score.get(move)
    others = sorted(((v, m) for m, v in score.items() if m != move), reverse=True)
    if best is None or not others:
        if same:
            return _("Any of them: all your moves here are worth the same.")
        return _("{move}: the strong player's choice.").format(move=label(move))
    if all(equal(best, v, unit) for v, _m in others):
        return _("Any of them: {move} and the others are all worth about {value} here.").format(
            move=label(move), value=amount(best, unit)
        )
    chance: Mapping[str, float] = ev.get("chance") or {}
    top_v, top = others[0]
    if top_v > best and not equal(best, top_v, unit):
        # Rated higher but kept apart by the search's rule for a clear gain: within its noise.
        return _(
            "{move} or {alt}: about {value} and {other}, too close for the search to tell "
            "apart; either will do."
        ).format(
            move=label(move), alt=label(top), value=amount(best, unit), other=amount(top_v, unit)
        )
    ties = [m for v, m in others if equal(best, v, unit)]
    if ties:
        group = [move, *ties]
        group += [m for m, r in same.items() if r in group and m not in group]
        return _("{moves}: all worth about {value} here; any of them will do.").format(
            moves=names_list([label(m) for m in group]), value=amount(best, unit)
        )
    alt_v, alt = top_v, top
    # Figures that would show alike are shown with more decimals: the choice is better.
    exact = shown(best, unit) == shown(alt_v, unit)
    text = _("{move}: the best expected score here, about {value}; {alt}: about {other}.").format(
        move=label(move),
        value=amount(best, unit, exact),
        alt=label(alt),
        other=amount(alt_v, unit, exact),
    )
    bidding = any(m.startswith(("bid", "pass", "trump")) for m in (move, alt))
    if move in chance and alt in chance:
        if bidding or abs(chance[move] - chance[alt]) >= CHANCE_GAP:
            text += " " + chance_line(chance, [move, alt], label)
    elif bidding and (move in chance or alt in chance):
        text += " " + chance_line(chance, [move, alt], label)
    return text


def cost(ev: Mapping[str, Any], move: str) -> float | None:
    """How much less score `move` is expected to make than the search's choice
    (`engine.teacher.judge`, in `score_unit(ev)`): 0 for the choice or a move treated as the
    same; below 0 for a move the search rated higher but did not choose; None when the search
    did not rate it."""
    got = judge(ev, move)["cost"]
    return None if got is None else float(got)


def check_cost(ev: Mapping[str, Any], move: str) -> float | None:
    """What the play checker says `move` is expected to cost, when the review would call it a
    mistake or a blunder (a cost above CHECK_AT, as shown); None when it lets the move go (the
    search's choice, a move it rated about the same or higher, or one it did not rate)."""
    j = judge(ev, move)
    if j["verdict"] not in ("mistake", "blunder") or j["cost"] is None:
        return None
    return float(j["cost"])
