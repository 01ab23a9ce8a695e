"""Bidding in auction and partnership Batak: the auction played to its end in each world."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine import ai
from engine.games.batak import BatakObservation
from engine.players import batak_bidding, batak_choice
from engine.players.batak_bidding import Auction, outcome, score_for
from tests.helpers import hands, position


def auction(
    seat: int = 0,
    dealer: int = 3,
    high: int | None = None,
    by: int | None = None,
    passed: tuple[int, ...] = (),
    teams: bool = False,
) -> Auction:
    return Auction(seat, dealer, 7 if teams else 4, high, by, frozenset(passed), teams)


def test_the_others_drop_out_and_the_seat_declares_at_the_lowest_bid() -> None:
    assert outcome(auction(), [0, 2, 3, 1], 4, 13) == (0, 4, False)


def test_a_competitor_outbids_the_seat_up_to_its_count() -> None:
    a = auction()
    est = [0, 7, 0, 0]  # seat 1 bids while its count reaches the bid
    assert outcome(a, est, 4, 6) == (1, 7, True)  # the seat stops at 6: seat 1 declares 7
    assert outcome(a, est, 4, 8) == (0, 8, False)  # it goes to 8 and declares
    assert outcome(a, est, None, -1) == (1, 4, False)  # a pass: seat 1 buys it at 4


def test_the_dealer_must_bid_when_the_others_passed() -> None:
    a = auction(seat=0, dealer=3)
    assert outcome(a, [0, 1, 1, 1], None, -1) == (3, 4, False)


def test_a_bid_of_13_ends_the_auction() -> None:
    a = auction(high=12, by=1, passed=(2, 3))
    assert outcome(a, [0, 13, 0, 0], 13, 13) == (0, 13, False)


def test_partnership_the_partner_bids_on_after_a_pass() -> None:
    a = auction(seat=0, dealer=3, teams=True)
    # seat 2 (the partner) counts 8 with its share: after the seat's pass it buys at 7 or 8
    assert outcome(a, [0, 7, 8, 0], None, -1) == (2, 8, False)


def test_score_for_matches_the_search_contract_value() -> None:
    """The auction's score of an outcome is the search's `_contract_value` for one world."""
    for teams, game in ((False, "batak"), (True, "batak-pairs")):
        m = position(game, TRUMP_ROWS, dealer=3, moves=[])
        obs = m.deal.observation(0)
        for bid in (4, 7, 9):
            for t in (3, 7, 8, 12):
                for dec in range(4):
                    mine = dec == 0 or (teams and dec == 2)
                    want = batak_choice._contract_value(obs, [t], bid, mine)
                    assert abs(score_for(0, teams, dec, bid, t) - want) < 1e-9


TRUMP_ROWS = hands(
    "AH KH QH JH 10H 9H 8H AS 2S 3D 4D 2C 3C",
    "KS QS JS 10S 9S 2H 3H KD QD JD 10D KC QC",
    "8S 7S 6S 4H 5H 9D 8D 7D AC JC 10C 9C 8C",
    "3S 4S 6H 7H AD 6D 5D 2D 7C 6C 5C 4C 5S",
)


@pytest.fixture
def auction_model() -> Iterator[None]:
    before = batak_choice.BID_MODEL
    batak_choice.BID_MODEL = "auction"
    try:
        yield
    finally:
        batak_choice.BID_MODEL = before


@pytest.mark.usefixtures("auction_model")
def test_a_strong_hand_bids_and_a_weak_one_passes() -> None:
    """The auction model: seat 0's seven hearts bid; seat 3's weak hand passes over it."""
    m = position("batak", TRUMP_ROWS, dealer=3, moves=[])
    assert m.deal.to_move == 0
    for seed in range(2):
        assert ai.choose(m.deal, seed=seed) == "bid 4"
    # seat 3 holds no ace but one and a short trump suit: over a bid of 4 it passes
    m = position("batak", TRUMP_ROWS, dealer=3, moves=["bid 4", "pass", "pass"])
    assert m.deal.to_move == 3
    assert ai.choose(m.deal, seed=0) == "pass"


@pytest.mark.usefixtures("auction_model")
def test_evaluate_rates_every_bid_and_the_pass() -> None:
    m = position("batak", TRUMP_ROWS, dealer=3, moves=[])
    d = m.deal
    ev = ai.evaluate(d)
    assert ev.move == ai.choose(d)
    assert set(ev.utility) == set(d.legal_moves())
    assert ev.utility[ev.move] == max(ev.utility[mv] for mv in ("pass", "bid 4"))
    assert ev.detail["pass"].startswith("defending")


def test_both_bidding_models_bid_a_strong_hand() -> None:
    m = position("batak", TRUMP_ROWS, dealer=3, moves=[])
    before = batak_choice.BID_MODEL
    try:
        for model in ("lowest", "auction"):
            batak_choice.BID_MODEL = model
            assert ai.choose(m.deal, seed=0) == "bid 4"
    finally:
        batak_choice.BID_MODEL = before
    assert batak_bidding.PARTNER_SHARE == 3.0


@pytest.mark.parametrize("seed", [201, 251])
def test_a_partner_does_not_outbid_its_partner_at_the_same_trump(seed: int) -> None:
    """Partnership Batak self-play, seeds 201 and 251: seat 3 outbid its partner's 7 and the
    partners went on outbidding each other at the same trump until they went down. The
    partner's contract stands: seat 3 passes (the outbidding setting, True, still outbids)."""
    import engine

    m = engine.new_match("batak-pairs", seed=seed)
    d = m.deal
    while not (d.to_move == 3 and d.observation(3).bid is not None):  # type: ignore[attr-defined]
        d.play(ai.choose(d, level="strong", seed=seed))
    assert d.observation(3).declarer == 1  # type: ignore[attr-defined]
    assert ai.choose(d, level="strong", seed=seed) == "pass"
    old = batak_choice.PARTNER_RAISE
    try:
        batak_choice.PARTNER_RAISE = True
        assert ai.choose(d, level="strong", seed=seed) == "bid 8"
    finally:
        batak_choice.PARTNER_RAISE = old


def test_outbidding_the_partner_pays_only_for_another_trump_clearly_better() -> None:
    import engine

    obs = engine.new_match("batak-pairs", seed=4).deal.observation(0)
    assert isinstance(obs, BatakObservation)
    own = [9.0, 10.0, 9.0, 10.0] * 5  # declaring at 8 with spades: made in every world
    worse = [2.0] * 20  # the partner's contract, as the seat counts it, in each world
    longest_spades = [20, 0, 0, 0]  # the partner names spades in every world
    longest_hearts = [0, 0, 20, 0]
    assert not batak_choice._raise_pays(obs, own, worse, 8, 0, longest_spades)
    assert batak_choice._raise_pays(obs, own, worse, 8, 0, longest_hearts)
    noisy = [x + (30.0 if k % 2 else -30.0) for k, x in enumerate(worse)]  # no clear gain
    assert not batak_choice._raise_pays(obs, own, noisy, 8, 0, longest_hearts)
