"""A hint's words (ui/teach/hints.py): the worker's evaluation checked, and one line saying why, by
the figure that decides (the expected score, `utility` in `score_unit`)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import teacher
from ui.teach import hints as H


def label(move: str) -> str:
    return f"<{move}>"


def ev(**kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "move": "KH",
        "values": {"KH": 6.2, "9H": 5.1, "2C": 4.0},
        "utility": {"KH": 1.6, "9H": 0.1, "2C": -1.3},
        "score_unit": "game-points",
        "unit": "tricks",
        "same": {},
        "samples": 40,
        "forced": False,
    }
    base.update(kw)
    return H.parse(base)


def test_the_reason_names_the_choice_and_the_best_alternative_by_the_score() -> None:
    text = H.reason(ev(), label)
    assert text == "<KH>: the best expected score here, about 1.6 points; <9H>: about 0.1 points."


def test_equal_moves_say_so() -> None:
    text = H.reason(ev(utility={"KH": 2.0, "QH": 2.01, "JH": 2.0}), label)
    assert text.startswith("Any of them") and "2 points" in text
    text = H.reason(
        ev(utility={"KH": 6.0}, values={"KH": 6.0}, same={"QH": "KH", "JH": "KH"}), label
    )
    assert text == "Any of them: all your moves here are worth the same."


def test_every_equal_option_is_named() -> None:
    """ "4♥ or 7♥: both worth about 7.8" left out 10♥, which was equal: every move as good as
    the choice is named, those the search rated once with it included."""
    e = ev(
        move="4H",
        values={"4H": 7.8, "7H": 7.8, "10H": 7.8, "AS": 6.1},
        utility={"4H": 3.4, "7H": 3.41, "10H": 3.38, "AS": 1.0},
        same={"5H": "4H"},
    )
    text = H.reason(e, label)
    assert text == (
        "<4H>, <7H>, <10H> and <5H>: all worth about 3.4 points here; any of them will do."
    )


def test_forced_penalty_and_stakes() -> None:
    assert (
        H.reason(ev(forced=True, values={}, utility={}), label)
        == "<KH>: it is the only move allowed here."
    )
    text = H.reason(
        ev(
            unit="points",
            values={"KH": 31.4, "9H": 20.2},
            utility={"KH": 0.65, "9H": -0.2},
            score_unit="penalty-points",
        ),
        label,
    )
    assert "0.65 penalty points" in text and "-0.2 penalty points" in text
    assert "card points" not in text


def test_cost_of_a_move_is_in_the_score() -> None:
    e = ev(same={"QH": "KH"})
    assert H.cost(e, "KH") == 0
    assert H.cost(e, "QH") == 0
    assert H.cost(e, "9H") == pytest.approx(1.5)
    assert H.cost(e, "AS") is None
    assert H.score_unit(e) == "game-points"
    # more tricks, less score: the cost is the score's
    e = ev(values={"KH": 5.0, "9H": 5.6}, utility={"KH": 4.9, "9H": -3.0})
    assert H.cost(e, "9H") == pytest.approx(7.9)
    assert H.check_cost(e, "9H") == pytest.approx(7.9)


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        {"move": ""},
        {"move": "KH", "values": {"KH": "x"}, "unit": "tricks"},
        {"move": "KH", "values": {}, "unit": "furlongs"},
        {"move": "KH", "values": {}, "unit": "tricks", "score_unit": "furlongs"},
        {"move": "KH", "values": {"KH": True}, "unit": "tricks"},
        {"move": "KH", "values": {}, "unit": "tricks", "same": [1]},
    ],
)
def test_a_bad_answer_is_refused(bad: Any) -> None:
    with pytest.raises(H.BadEvaluation):
        H.parse(bad)


def test_a_pass_that_scores_better_says_the_score_not_the_tricks() -> None:
    """ "Pass: best here for the score (about 2.6 tricks); bid 5 takes about 3.2 tricks but
    scores worse": the figures said are the expected scores, and the bid's chance of being
    made, which explains its score."""
    e = ev(
        move="pass",
        values={"pass": 2.6, "bid 5": 3.2, "bid 6": 3.2},
        utility={"pass": 0.4, "bid 5": -2.9, "bid 6": -4.6},
        chance={"bid 5": 0.31, "bid 6": 0.12},
    )
    text = H.reason(e, label)
    assert text == (
        "<pass>: the best expected score here, about 0.4 points; <bid 5>: about "
        "-2.9 points. With <bid 5> the contract is made in about 31 % of likely "
        "layouts."
    )
    assert "tricks" not in text


def test_a_bid_is_explained_by_its_score_and_the_chance_of_making_it() -> None:
    e = ev(
        move="bid 5",
        values={"pass": 1.2, "bid 5": 5.1, "bid 6": 5.1, "bid 7": 5.1},
        utility={"pass": -1.0, "bid 5": 2.5, "bid 6": 1.9, "bid 7": -3.0},
        chance={"bid 5": 0.74, "bid 6": 0.41, "bid 7": 0.12},
    )
    assert H.reason(e, label) == (
        "<bid 5>: the best expected score here, about 2.5 points; "
        "<bid 6>: about 1.9 points. The contract is made in about 74 "
        "% of likely layouts with <bid 5>, in about 41 % with <bid 6>."
    )


def test_card_play_names_the_chance_only_where_it_differs() -> None:
    e = ev(
        values={"KH": 5.0, "9H": 5.6},
        utility={"KH": 4.9, "9H": 1.0},
        chance={"KH": 0.8, "9H": 0.55},
    )
    assert H.reason(e, label) == (
        "<KH>: the best expected score here, about 4.9 points; <9H>: "
        "about 1 point. The contract is made in about 80 % of likely "
        "layouts with <KH>, in about 55 % with <9H>."
    )
    e = ev(
        values={"KH": 5.0, "9H": 5.6},
        utility={"KH": 4.9, "9H": 1.0},
        chance={"KH": 0.8, "9H": 0.79},
    )
    assert "%" not in H.reason(e, label)


def test_a_kept_move_against_a_higher_figure_says_it_is_too_close() -> None:
    """Bidding Kozel "7♥: best for the score (about −0.7 stakes); with K♥ about −0.4 stakes, but
    the score is worse": the search kept its simple play as K♥'s gain is within its noise; the
    hint says so rather than calling the higher figure worse."""
    e = ev(
        move="7H",
        unit="score",
        score_unit="score",
        values={"7H": -0.7, "KH": -0.4},
        utility={"7H": -0.7, "KH": -0.4},
    )
    text = H.reason(e, label)
    assert text == (
        "<7H> or <KH>: about -0.7 stakes and -0.4 stakes, too close for the search "
        "to tell apart; either will do."
    )
    assert H.cost(e, "KH") == pytest.approx(-0.3) and H.check_cost(e, "KH") is None


def test_an_evaluation_of_the_old_form_is_judged_by_its_values() -> None:
    e = H.parse({"move": "KH", "values": {"KH": 6.2, "9H": 5.1}, "unit": "tricks"})
    assert H.score_unit(e) == "tricks" and H.cost(e, "9H") == pytest.approx(1.1)


def test_the_checker_asks_exactly_before_a_mistake_or_a_blunder() -> None:
    for unit, steps in teacher.VERDICT_STEPS.items():
        for c in (0.0, steps[0], steps[1], steps[2], steps[2] * 1.5, steps[3] * 2):
            e = {
                "move": "A",
                "values": {},
                "unit": "tricks",
                "score_unit": unit,
                "utility": {"A": c, "B": 0.0},
                "same": {},
            }
            asks = H.check_cost(e, "B") is not None
            assert asks == (teacher.verdict(c, unit) in ("mistake", "blunder")), (unit, c)
