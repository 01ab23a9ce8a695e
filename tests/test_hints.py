"""A hint's words (ui/hints.py): the worker's evaluation checked, and one line saying why."""

from __future__ import annotations

from typing import Any

import pytest

from ui import hints as H


def label(move: str) -> str:
    return f"<{move}>"


def ev(**kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"move": "KH", "values": {"KH": 6.2, "9H": 5.1, "2C": 4.0},
                            "unit": "tricks", "same": {}, "samples": 40, "forced": False}
    base.update(kw)
    return H.parse(base)


def test_the_reason_names_the_choice_and_the_best_alternative() -> None:
    text = H.reason(ev(), label)
    assert text == "<KH>: about 6.2 tricks expected for your side; <9H>: about 5.1 tricks."


def test_equal_moves_say_so() -> None:
    text = H.reason(ev(values={"KH": 6.0, "QH": 6.01, "JH": 6.0}), label)
    assert text.startswith("Any of them") and "6 tricks" in text
    text = H.reason(ev(values={"KH": 6.0}, same={"QH": "KH", "JH": "KH"}), label)
    assert text == "Any of them: all your moves here are worth the same."


def test_forced_and_points() -> None:
    assert H.reason(ev(forced=True, values={}), label) == \
        "<KH>: it is the only move allowed here."
    text = H.reason(ev(unit="points", values={"KH": 31.4, "9H": 20.2}), label)
    assert "31 card points" in text and "20 card points" in text


def test_cost_of_a_move() -> None:
    e = ev(same={"QH": "KH"})
    assert H.cost(e, "KH") == 0
    assert H.cost(e, "QH") == 0
    assert H.cost(e, "9H") == pytest.approx(1.1)
    assert H.cost(e, "AS") is None


@pytest.mark.parametrize("bad", [None, [], {"move": ""}, {"move": "KH", "values": {"KH": "x"},
                                                           "unit": "tricks"},
                                 {"move": "KH", "values": {}, "unit": "furlongs"},
                                 {"move": "KH", "values": {"KH": True}, "unit": "tricks"},
                                 {"move": "KH", "values": {}, "unit": "tricks", "same": [1]}])
def test_a_bad_answer_is_refused(bad: Any) -> None:
    with pytest.raises(H.BadEvaluation):
        H.parse(bad)


def test_a_choice_for_the_contract_says_so() -> None:
    e = ev(values={"KH": 5.0, "9H": 5.6}, chance={"KH": 0.8, "9H": 0.55})
    assert H.reason(e, label) == ("<KH>: the contract is made in about 80 % of likely layouts; "
                                  "with <9H> (about 5.6 tricks), in about 55 %.")
    e = ev(unit="points", values={"KH": 40.0, "9H": 52.0})
    assert H.reason(e, label).startswith("<KH>: the best for the score here")
    assert H.cost(e, "9H") == -12.0  # rated higher, not chosen: never "clearly worse"


def test_a_bid_is_explained_by_the_chance_of_making_it() -> None:
    """Bids rate the same tricks (the hand's), so the reason is the chance of making the bid,
    against the search's own second choice (by what it maximises)."""
    e = ev(move="bid 5", values={"pass": 1.2, "bid 5": 5.1, "bid 6": 5.1, "bid 7": 5.1},
           utility={"pass": -1.0, "bid 5": 2.5, "bid 6": 1.9, "bid 7": -3.0},
           chance={"bid 5": 0.74, "bid 6": 0.41, "bid 7": 0.12})
    assert H.reason(e, label) == ("<bid 5>: the contract is made in about 74 % of likely "
                                  "layouts; with <bid 6> (about 5.1 tricks), in about 41 %.")
