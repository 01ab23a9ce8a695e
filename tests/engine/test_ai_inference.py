"""The searches' reading of the table (engine/players/batak_infer.py, kozel_infer.py), their
exact endings (engine/players/exact.py) and the Bidding Kozel yardstick's worlds."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import engine
from engine.cards import CARD_STR, DECK_52
from engine.core import Deal
from engine.games.batak import BatakObservation
from engine.games.bidding_kozel import BiddingKozelDeal
from engine.games.kozel import KozelObservation
from engine.players import (
    batak_baseline,
    batak_infer,
    batak_search,
    bidding_kozel_infer,
    kozel_infer,
    kozel_search,
)
from engine.players.exact import solve_worlds
from engine.players.levels import choose_action
from engine.solver import move_values


def baseline_positions(game: str, seeds: range, every: int = 5) -> Iterator[Deal]:
    """Positions of deals played by the baseline players everywhere."""
    for seed in seeds:
        m = engine.new_match(game, seed=seed)
        rng = random.Random(seed)
        d = m.deal
        k = 0
        while d.phase != "over":
            if k % every == 0:
                yield d.clone()
            m.play(engine.bots.choose(d, d.to_move, rng))
            k += 1


def test_the_fast_trump_estimate_is_the_baselines() -> None:
    """batak_infer.best_trump gives the baseline's trump and estimate, to the last bit."""
    rng = random.Random(5)
    for _ in range(5000):
        h = rng.sample(DECK_52, rng.randint(1, 13))
        assert batak_infer.best_trump(h) == batak_baseline.best_trump(h)


@pytest.mark.parametrize("game", ["koz-maca", "batak", "batak-pairs"])
def test_batak_true_hands_of_baseline_players_miss_nothing(game: str) -> None:
    """In deals the baseline plays everywhere, the true hands make every earlier bid, trump and
    card of the others exactly the baseline's (no miss), while drawn worlds often miss: the
    model asks the baseline's own questions, and it tells worlds apart."""
    saved = dict(batak_infer.MISS)
    batak_infer.MISS.update({k: 0.5 for k in saved})  # read every seat, the partner too
    try:
        misses = checked = 0
        for d in baseline_positions(game, range(1, 7)):
            seat = d.to_move
            assert seat is not None
            obs = d.observation(seat)
            assert isinstance(obs, BatakObservation)
            ev = batak_infer.events(obs)
            if ev.empty():
                continue
            batak_infer._set_logs()
            truth = [d.hand_cards(s) for s in range(4)]
            assert batak_infer.log_weight(ev, truth, obs.trump) == 0.0
            worlds = batak_search.sample_worlds(obs, 6, random.Random(1))
            misses += sum(batak_infer.log_weight(ev, w, obs.trump) < 0 for w in worlds)
            checked += len(worlds)
        assert checked and misses > checked // 10, (misses, checked)
    finally:
        batak_infer.MISS.update(saved)


@pytest.mark.parametrize("game", ["kozel-miner", "kozel-classic"])
def test_kozel_true_hands_of_baseline_players_miss_nothing(game: str) -> None:
    """As for Batak: the true hands of baseline players make none of their cards a miss."""
    saved = dict(kozel_infer.MISS)
    kozel_infer.MISS.update({k: 0.5 for k in saved})
    try:
        misses = checked = 0
        for d in baseline_positions(game, range(1, 8), every=3):
            seat = d.to_move
            if seat is None or d.phase != "play":
                continue
            obs = d.observation(seat)
            assert isinstance(obs, KozelObservation)
            ev = kozel_infer.events(obs)
            if ev.empty():
                continue
            truth = [d.hand_cards(s) for s in range(4)]
            assert kozel_infer.log_weight(ev, truth) == 0.0
            worlds = kozel_search.sample_worlds(obs, 6, random.Random(1))
            misses += sum(kozel_infer.log_weight(ev, w) < 0 for w in worlds)
            checked += len(worlds)
        assert checked and misses > checked // 10, (misses, checked)
    finally:
        kozel_infer.MISS.update(saved)


def test_bidding_kozel_true_hands_of_baseline_players_miss_nothing() -> None:
    """Bidding Kozel: the plays since the last refill, asked again of the baseline with the
    true hands, are all the baseline's, while drawn worlds often miss."""
    saved = dict(bidding_kozel_infer.MISS)
    bidding_kozel_infer.MISS["face_down"] = 1.0  # a prior on the cards, not a check
    try:
        misses = checked = 0
        for d in baseline_positions("bidding-kozel", range(1, 9), every=2):
            seat = d.to_move
            assert seat is not None
            obs = d.observation(seat)
            ev = bidding_kozel_infer.events(obs)  # type: ignore[arg-type]
            if ev.empty():
                continue
            assert bidding_kozel_infer.log_weight(ev, d) == 0.0
            worlds = d.resample_many(seat, random.Random(1), 4)
            misses += sum(bidding_kozel_infer.log_weight(ev, w) < 0 for w in worlds)
            checked += len(worlds)
        assert checked and misses > checked // 5, (misses, checked)
    finally:
        bidding_kozel_infer.MISS.update(saved)


def test_resampling_follows_the_weights() -> None:
    """Worlds are drawn again in proportion to their weights: a world 1000 times less likely
    than another is (nearly) never kept; equal weights keep every world equally."""
    got = batak_infer.resample(["a", "b"], [0.0, -7.0], 50, random.Random(3))
    assert got.count("a") == 50
    got = batak_infer.resample(["a", "b", "c", "d"], [0.0] * 4, 8, random.Random(3))
    assert sorted(got) == ["a", "a", "b", "b", "c", "c", "d", "d"]


@pytest.mark.parametrize("game", ["batak", "kozel-miner"])
def test_exact_worlds_are_the_solvers_values(game: str) -> None:
    """An ending's world, solved for the search, has the solver's own values per card."""
    for d in baseline_positions(game, range(1, 4), every=1):
        if d.phase == "play" and d.to_move is not None and len(d.hand_cards(d.to_move)) == 3:
            seat = d.to_move
            side = (seat, (seat + 2) % 4)
            hands = [d.hand_cards(s) for s in range(4)]
            got = solve_worlds(d, [hands], side, None)[0]
            want = move_values(d, side)
            assert {CARD_STR[c]: v for c, v in got.items()} == want
            return
    pytest.fail("no ending came up")


def test_the_fair_yardstick_shuffles_only_the_stock() -> None:
    """Bidding Kozel's fair yardstick sees every hand but not the stock's order: its worlds
    keep the hands, the plays and the turned-up card at the bottom, and reorder the rest."""
    d = engine.new_match("bidding-kozel", seed=4).deal
    assert isinstance(d, BiddingKozelDeal)
    orders = set()
    for k in range(6):
        w = d.shuffle_stock(random.Random(k))
        assert w.hands == d.hands and w.trick == d.trick
        assert sorted(w.stock) == sorted(d.stock) and w.stock[-1] == d.stock[-1]
        orders.add(tuple(w.stock))
    assert len(orders) > 1
    a = choose_action(d, level="strong", seed=2, see_hands=True)
    assert a == choose_action(d, level="strong", seed=2, see_hands=True)
