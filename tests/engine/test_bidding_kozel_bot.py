"""The Bidding Kozel baseline computer player: legal always, and sensible in plain spots."""

from __future__ import annotations

import pytest

import engine
from tests.engine.test_bidding_kozel_rules import position

# Three players, trump clubs (6C turned up), dealer 2: seat 0 leads.
REST = ["JS QS KS AS", "JD QD KD AD"]


def bot_move(hands: list[str], moves: list[str] | None = None) -> str:
    m = position(hands, dealer=2, moves=moves)
    return engine.bots.choose(m.deal, rng=0)


def test_plays_a_bura_when_it_holds_one() -> None:
    """With three trumps in hand it leads them: a Bura takes the pot."""
    assert bot_move(["7C 8C 9C 6H"] + REST) == "7C 8C 9C"


def test_leads_a_set_headed_by_an_ace_or_ten() -> None:
    """Three of a plain suit with its Ace or Ten are led as a set (hard to beat card for card)."""
    assert bot_move(["AH 10H 7H 6S"] + REST) == "7H 10H AH"


def test_leads_a_worthless_plain_card_otherwise() -> None:
    """Without a set worth leading it leads its cheapest plain card, never a trump."""
    assert bot_move(["7C KH 6H QD"] + ["JS QS KS AS", "JD 10D KD AD"]) == "6H"


def test_beats_as_cheaply_as_it_can() -> None:
    """When it can take the trick without a trump it uses the cheapest card that beats."""
    assert bot_move(["9H 6S 7S 8S", "10H KH AH 7C", "JD QD KD AD"], ["9H"]) == "KH"


def test_throws_a_worthless_card_when_it_cannot_win() -> None:
    """Unable to beat the winning play, it throws its least valuable card."""
    assert bot_move(["AH 7S 8S 9S", "6S 10D KS 7D", "JD QD KD AD"], ["AH"]) == "6S"


@pytest.mark.parametrize(
    "lead, hand, kept",
    [
        ("9H", "7C 8C 6S 6D", True),  # two trumps, a live stock, a poor trick: keep them
        ("AH", "7C 6S 6D 10D", False),  # one trump and an Ace to win: trump it
    ],
)
def test_keeps_trumps_for_a_bura(lead: str, hand: str, kept: bool) -> None:
    """Holding two trumps while the stock may bring a third, it does not spend them on a
    poor trick; a rich trick is worth a trump."""
    others = ["AH 9H 6H 8H" if lead == "AH" else "9H 7H 6H 8H", hand, "JD QD KD AD"]
    move = bot_move(others, [lead])
    assert (not move.endswith("C")) == kept
