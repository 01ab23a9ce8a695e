"""The Kozel search's playout policy and trump choice: every setting of the playout policy
plays legal cards and the engine's results, the in-trick reading of a world (`_beats`) is the
rules', and the Classic trump choice replays for a seed."""

from __future__ import annotations

import random

import pytest

import engine
from engine import ai
from engine.cards import parse_card
from engine.games.kozel import KozelObservation
from engine.players import kozel_search
from tests.engine.test_playout_conformance import positions, replay_trace


@pytest.mark.parametrize(
    "game,options",
    [
        ("kozel-miner", {}),
        ("kozel-classic", {}),
        ("kozel-classic", {"deck": 32, "must_trump": True}),
        ("kozel-miner", {"must_trump": True}),
    ],
)
@pytest.mark.parametrize("policy", [0, 1, 2, 4, 8, 15, 16, 32, 48])
def test_every_playout_policy_follows_the_rules(
    game: str, options: dict[str, object], policy: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kozel_search, "POLICY", policy)
    rng = random.Random(5)
    deals = positions(game, 30, 7, options)
    for k in range(150):
        d = deals[k % len(deals)]
        obs = d.observation(d.to_move)  # type: ignore[arg-type]
        assert isinstance(obs, KozelObservation)
        S = kozel_search.Setup(obs, seat=d.to_move)
        hands = [d.hand_cards(s) for s in range(4)]
        trace: list[tuple[int, int]] = []
        pts, _tt, queen = kozel_search.playout(
            S,
            hands,
            list(obs.trick),
            d.to_move,  # type: ignore[arg-type]
            list(obs.team_points),
            [obs.taken[0] + obs.taken[2], obs.taken[1] + obs.taken[3]],
            rng,
            0.0 if k % 2 else None,
            trace,
        )
        r = replay_trace(d, trace).result
        assert r is not None
        assert pts == [r["points"][0], r["points"][1]]
        assert (queen if queen >= 0 else None) == r["queen_by"]


def _cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def test_beats_reads_following_and_trumping() -> None:
    """Miner, trump clubs: a seat holding the led suit must follow and beats only by rank; a
    seat void in it beats with any trump above the winner."""
    m = engine.new_match("kozel-miner", seed=3)
    obs = m.deal.observation(0)
    assert isinstance(obs, KozelObservation) and obs.tables is not None
    t = obs.tables_by_trump[parse_card("AC") >> 4]  # clubs
    eff, st = t.eff, t.strength
    led = eff[parse_card("KH")]
    k = st[parse_card("KH")]
    assert kozel_search._beats(_cards("AH 7C"), eff, st, led, k)
    assert not kozel_search._beats(_cards("9H 6C"), eff, st, led, k)  # must follow: 9 < K
    assert kozel_search._beats(_cards("7C 8S"), eff, st, led, k)  # void: trumps
    assert not kozel_search._beats(_cards("8S AD"), eff, st, led, k)
    jack = st[parse_card("JS")]
    assert not kozel_search._beats(_cards("7C 8S"), eff, st, led, jack)
    assert kozel_search._beats(_cards("JC 8S"), eff, st, led, jack)


@pytest.mark.slow
def test_classic_trump_choice_replays_and_is_legal() -> None:
    for seed in range(4):
        m = engine.new_match("kozel-classic", seed=seed)
        d = m.deal
        if d.phase != "trump":
            continue
        a = ai.choose(d, seed=1)
        assert a == ai.choose(d, seed=1)
        assert a in d.legal_moves()


@pytest.mark.parametrize(
    "game,options",
    [
        ("kozel-miner", {}),
        ("kozel-classic", {}),
        ("kozel-classic", {"deck": 32, "must_trump": True}),
    ],
)
def test_the_baseline_in_a_playout_is_the_baseline(
    game: str, options: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With every seat played as the baseline and no random card, a playout's first card on
    the true hands is the baseline player's."""
    monkeypatch.setattr(kozel_search, "POLICY", 32)
    for d in positions(game, 80, 9, options):
        seat = d.to_move
        assert seat is not None
        obs = d.observation(seat)
        assert isinstance(obs, KozelObservation)
        trace: list[tuple[int, int]] = []
        kozel_search.playout(
            kozel_search.Setup(obs, seat=seat),
            [d.hand_cards(s) for s in range(4)],
            list(obs.trick),  # type: ignore[arg-type]
            seat,
            [0, 0],
            [0, 0],
            random.Random(1),
            0.0,
            trace,
        )
        assert trace[0] == (seat, engine.bots.choose_action(d, random.Random(1)))
