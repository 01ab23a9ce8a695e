"""A hint's words (pure: no `js`): the strong player's choice for the player's seat and one line
saying why, built from what its search found (`engine.ai.evaluate`, run in the worker).

    ev = {"move": "KH", "values": {"KH": 6.2, "9H": 5.1}, "unit": "tricks", "same": {},
          "samples": 40, "forced": False}
    reason(ev, label)   # "K♥: about 6.2 tricks expected for your side; 9♥: about 5.1."

Only the player's own moves are named (the values are of the player's legal moves), so a hint
never names a card the player cannot see.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .i18n import _, ngettext, number, plural_n

# Below these differences two moves count as equal (the search's own noise is larger).
EQUAL = {"tricks": 0.05, "points": 0.5, "score": 0.05}
# The play checker asks before a move expected to cost at least this much (by the unit).
CHECK_AT = {"tricks": 0.5, "points": 10.0, "score": 0.5}


class BadEvaluation(ValueError):
    """The worker's answer is not an evaluation this page can read."""


def parse(ev: Any) -> dict[str, Any]:
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
            for k, v in values.items()):
        raise BadEvaluation("values are not numbers by move")
    if not isinstance(same, Mapping) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in same.items()):
        raise BadEvaluation("same is not moves by move")
    unit = ev.get("unit")
    if unit not in EQUAL:
        raise BadEvaluation(f"unknown unit {unit!r}")
    numbers: dict[str, dict[str, float]] = {}
    for name in ("chance", "utility"):
        raw = ev.get(name, {}) or {}
        if not isinstance(raw, Mapping) or not all(
                isinstance(k, str) and isinstance(v, (int, float)) and not isinstance(v, bool)
                for k, v in raw.items()):
            raise BadEvaluation(f"{name} is not numbers by move")
        numbers[name] = {str(k): float(v) for k, v in raw.items()}
    return {"move": move, "values": {str(k): float(v) for k, v in values.items()},
            "same": dict(same), "unit": str(unit), "forced": bool(ev.get("forced")),
            "samples": int(ev.get("samples") or 0), **numbers}


# The decimals a figure is shown with, by unit (the review's verdicts use the same rounding:
# engine.teacher.SHOWN_DIGITS).
DIGITS = {"tricks": 1, "points": 0, "score": 1}


def shown(value: float, unit: str) -> float:
    """`value` rounded as `amount` shows it (one decimal, whole card points)."""
    return round(value, DIGITS.get(unit, 1))


def amount(value: float, unit: str, exact: bool = False) -> str:
    """"6.2 tricks", "31 card points", "1.5 stakes" in the page's language: a decimal comma
    where the language writes one, whole numbers without decimals ("3 tricks"), the plural
    form of the number shown (`exact`: up to two decimals, "0.05 tricks"). The "score" unit
    is stakes won or lost ("1.5 stakes")."""
    digits = 2 if exact else DIGITS.get(unit, 1)
    text = number(value, digits)
    n = plural_n(value, digits)
    if unit == "tricks":
        return ngettext("{n} trick", "{n} tricks", n).format(n=text)
    if unit == "points":
        return ngettext("{n} card point", "{n} card points", n).format(n=text)
    return ngettext("{n} stake", "{n} stakes", n).format(n=text)


def reason(ev: Mapping[str, Any], label: Callable[[str], str]) -> str:
    """One line saying why `ev["move"]` is suggested; `label` names a move for the player
    ("K♥", "Bid 5")."""
    move = str(ev["move"])
    values: Mapping[str, float] = ev.get("values") or {}
    unit = str(ev.get("unit") or "tricks")
    if ev.get("forced"):
        return _("{move}: it is the only move allowed here.").format(move=label(move))
    best = values.get(move)
    others = sorted(((v, m) for m, v in values.items() if m != move), reverse=True)
    if best is None or not others:
        if ev.get("same"):
            return _("Any of them: all your moves here are worth the same.")
        return _("{move}: the strong player's choice.").format(move=label(move))
    # The most tempting alternative: the search's own second choice (by what it maximises),
    # else the next best by value.
    utility: Mapping[str, float] = ev.get("utility") or {}
    rated = [m for _v, m in others if m in utility]
    alt = max(rated, key=lambda m: utility[m]) if rated else others[0][1]
    alt_value = values[alt]
    eps = EQUAL.get(unit, 0.05)
    chance: Mapping[str, float] = ev.get("chance") or {}
    if move in chance and alt in chance and abs(chance[move] - chance[alt]) >= 0.05:
        return _("{move}: the contract is made in about {p} % of likely layouts; with "
                 "{alt} (about {other}), in about {q} %.").format(
                     move=label(move), p=round(100 * chance[move]), alt=label(alt),
                     other=amount(alt_value, unit), q=round(100 * chance[alt]))
    b_shown = shown(best, unit)
    if all(abs(best - v) < eps or shown(v, unit) == b_shown for v, _m in others):
        return _("Any of them: {move} and the others are all worth about {value} here.").format(
            move=label(move), value=amount(best, unit))
    a_shown = shown(alt_value, unit)
    if alt_value > best + eps:  # chosen for the score, not for the most tricks or points
        if move in chance and alt in chance:
            return _("{move}: the contract is made in about {p} % of likely layouts; with "
                     "{alt} (about {other}), in about {q} %.").format(
                         move=label(move), p=round(100 * chance[move]), alt=label(alt),
                         other=amount(alt_value, unit), q=round(100 * chance[alt]))
        return _("{move}: the best for the score here (about {value}); {alt} would take about "
                 "{other} but score worse.").format(move=label(move), value=amount(best, unit),
                                                    alt=label(alt),
                                                    other=amount(alt_value, unit))
    if a_shown > b_shown:  # a higher figure, but within the search's noise
        return _("{move} or {alt}: about {value} and {other}, too close for the search to tell "
                 "apart; either will do.").format(move=label(move), alt=label(alt),
                                                  value=amount(best, unit),
                                                  other=amount(alt_value, unit))
    if a_shown == b_shown:
        return _("{move} or {alt}: both worth about {value} here; either will do.").format(
            move=label(move), alt=label(alt), value=amount(best, unit))
    return _("{move}: about {value} expected for your side; {alt}: about {other}.").format(
        move=label(move), value=amount(best, unit), alt=label(alt),
        other=amount(alt_value, unit))


def cost(ev: Mapping[str, Any], move: str) -> float | None:
    """How much worse `move` is expected to be than the search's choice, in the evaluation's
    unit (0 for the choice or a move treated as the same; below 0 for a move the search
    rated higher but did not choose); None when the search did not rate it."""
    values: Mapping[str, float] = ev.get("values") or {}
    same: Mapping[str, str] = ev.get("same") or {}
    chosen = str(ev.get("move"))
    rated = move if move in values else same.get(move)
    if rated is None or rated not in values or chosen not in values:
        return None
    return values[chosen] - values[rated]


def check_cost(ev: Mapping[str, Any], move: str) -> float | None:
    """What the play checker says `move` is expected to cost, when that is at least CHECK_AT
    in the evaluation's unit (the checker then asks "Are you sure?"); None when it lets the
    move go (the search's choice, a move it rated the same or higher, or one it did not rate)."""
    c = cost(ev, move)
    if c is None or c < CHECK_AT.get(str(ev.get("unit")), CHECK_AT["tricks"]):
        return None
    return c
