"""The strength benchmark's duplicate pairs (`python -m bench.engine strength pairs`)."""

from __future__ import annotations

import io

import pytest

from bench.engine import strength
from engine.players import bidding_kozel_search


def test_settings_are_parsed_and_checked() -> None:
    got = strength.parse_setting(
        "bidding_kozel_search.CONFIDENCE=1.5; bidding_kozel_infer.MISS={'play': 0.5}"
    )
    assert [(m.__name__, n, v) for m, n, v in got] == [
        ("engine.players.bidding_kozel_search", "CONFIDENCE", 1.5),
        ("engine.players.bidding_kozel_infer", "MISS", {"play": 0.5}),
    ]
    assert strength.parse_setting("") == []
    for bad in (
        "CONFIDENCE=1",
        "bidding_kozel_search.confidence=1",
        "bidding_kozel_search.NO_SUCH=1",
    ):
        with pytest.raises(ValueError):
            strength.parse_setting(bad)


@pytest.mark.slow
def test_pairs_of_the_same_player_do_not_differ_and_the_setting_is_undone() -> None:
    """The search as it is and with its own value of a setting play the same deal alike (the
    search replays exactly for a seed), and the setting is put back afterwards."""
    before = bidding_kozel_search.CONFIDENCE
    out = io.StringIO()
    res = strength.pairs(
        "bidding-kozel", 3, 1, ["", f"bidding_kozel_search.CONFIDENCE={before!r}"], out
    )
    assert res[0] == res[1]
    assert before == bidding_kozel_search.CONFIDENCE
    assert "minus" in out.getvalue()
