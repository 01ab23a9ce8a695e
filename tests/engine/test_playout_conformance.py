"""The search's fast playouts obey the rules: every card a playout plays is legal in the engine,
and the tricks, points and results it reaches are the engine's.

The playouts run on plain lists (per-suit rank lists for Batak, effective-suit tables for
Kozel) for speed, so they restate the follow/overtake/trump obligations inline. This test plays
thousands of them from random mid-deal positions, at the search's own randomness and with every
choice random (eps = 1: the playout's idea of "any legal card" is then tried everywhere), and
replays each traced card through `Deal.play_action` after checking it is in
`Deal.legal_actions()`; the playout's result and the search's goal value must match the
engine's final result. Bidding Kozel's search plays the deal itself (`Deal.apply_action` on
resampled worlds): its rollout policy must only ever choose legal plays.
"""

from __future__ import annotations

import random

import pytest

import engine
from engine.core import Deal
from engine.players import batak_choice, batak_search, bidding_kozel_search, kozel_search

PLAYOUTS = 600  # per game and eps


def positions(game: str, n: int, seed: int, options: dict[str, object] | None = None) -> list[Deal]:
    """`n` deal positions in card play, reached by baseline moves, from several matches."""
    out: list[Deal] = []
    rng = random.Random(seed)
    k = 0
    while len(out) < n:
        m = engine.new_match(game, seed=seed * 1000 + k, options=options)
        k += 1
        stop = rng.randrange(0, 40)
        for _ in range(stop):
            if m.is_over or m.deal.phase == "over":
                break
            m.play(engine.bots.choose(m.deal, rng=rng))
        d = m.deal
        if d.phase == "play" and d.to_move is not None:
            out.append(d)
    return out


def replay_trace(d: Deal, trace: list[tuple[int, int]]) -> Deal:
    """Plays the traced cards on a copy of `d`, each checked against the engine's rules."""
    w = d.clone()
    for i, (seat, c) in enumerate(trace):
        assert w.to_move == seat, f"play {i}: the playout moved seat {seat}, not {w.to_move}"
        legal = w.legal_actions()
        assert c in legal, (
            f"play {i}: seat {seat} played {engine.cards.card_str(c)}, "
            f"legal: {[w.action_str(a) for a in legal]}"
        )
        w.play_action(c)
    assert w.phase == "over", "the playout stopped before the deal ended"
    return w


@pytest.mark.parametrize("game", ["koz-maca", "batak", "batak-pairs"])
@pytest.mark.parametrize("eps", [0.08, 1.0])
def test_batak_playouts_follow_the_rules(game: str, eps: float) -> None:
    """Every card of a Batak-family playout is legal; its tricks and goal value are the
    engine's."""
    rng = random.Random(7)
    deals = positions(game, 60, 3)
    for k in range(PLAYOUTS):
        d = deals[k % len(deals)]
        obs = d.observation(d.to_move)  # type: ignore[arg-type]
        assert isinstance(obs, engine.games.batak.BatakObservation)
        hands = [d.hand_cards(s) for s in range(4)]
        trace: list[tuple[int, int]] = []
        taken = batak_search.playout(
            hands,
            obs.trump,
            obs.broken,  # type: ignore[arg-type]
            list(obs.trick),
            d.to_move,  # type: ignore[arg-type]
            list(obs.taken),
            obs.teams is not None,
            rng,
            eps,
            trace,
        )
        end = replay_trace(d, trace)
        assert end.result is not None
        assert taken == end.result["tricks"]
        for tr in end.tricks:
            plays = [(s, engine.cards.parse_card(c)) for s, c in tr["plays"]]
            assert engine.games.batak.trick_winner(plays, obs.trump) == tr["winner"]
        seat = obs.seat
        delta = end.result["delta"]
        raw = end.result["points"][seat]
        got = batak_search.value(game, taken, seat, obs.declarer, obs.bid)
        if obs.teams:
            want = delta[seat] - delta[(seat + 1) % 4] + batak_choice.TRICK_WEIGHT * (2 * raw - 13)
        else:
            own = taken[seat]
            want = (
                delta[seat]
                - (sum(delta) - delta[seat]) / 3.0
                + batak_choice.TRICK_WEIGHT * (own - (13 - own) / 3.0)
            )
        assert got == pytest.approx(want)


@pytest.mark.parametrize(
    "game,options",
    [
        ("kozel-miner", {}),
        ("kozel-classic", {}),
        ("kozel-classic", {"deck": 32, "must_trump": True}),
        ("kozel-miner", {"must_trump": True}),
    ],
)
@pytest.mark.parametrize("eps", [0.08, 1.0])
def test_kozel_playouts_follow_the_rules(game: str, options: dict[str, object], eps: float) -> None:
    """Every card of a Kozel playout is legal (following by effective suit, the Classic
    kozyryatnik, 'must trump'); its card points, tricks, shamok ending and penalty are the
    engine's."""
    rng = random.Random(11)
    deals = positions(game, 60, 4, options)
    for k in range(PLAYOUTS):
        d = deals[k % len(deals)]
        obs = d.observation(d.to_move)  # type: ignore[arg-type]
        assert isinstance(obs, engine.games.kozel.KozelObservation)
        S = kozel_search.Setup(obs)
        hands = [d.hand_cards(s) for s in range(4)]
        trace: list[tuple[int, int]] = []
        pts, tt, queen = kozel_search.playout(
            S,
            hands,
            list(obs.trick),
            d.to_move,  # type: ignore[arg-type]
            list(obs.team_points),
            [obs.taken[0] + obs.taken[2], obs.taken[1] + obs.taken[3]],
            rng,
            eps,
            trace,
        )
        end = replay_trace(d, trace)
        r = end.result
        assert r is not None
        assert pts == [r["points"][0], r["points"][1]]
        assert tt == [r["tricks"][0] + r["tricks"][2], r["tricks"][1] + r["tricks"][3]]
        assert (queen if queen >= 0 else None) == r["queen_by"]
        seat = obs.seat
        me = seat & 1
        got = kozel_search.value(S, pts, tt, queen, seat)
        if r["reason"] == "eggs":
            assert got == 0.0
        else:
            want = (
                r["delta"][seat ^ 1]
                - r["delta"][seat]
                + kozel_search.POINT_WEIGHT * (pts[me] - pts[1 - me])
            )
            assert got == pytest.approx(want)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bidding_kozel_rollouts_play_legal_moves(players: int) -> None:
    """The Bidding Kozel rollout policy, run on worlds the rules resample for the seat to
    move, only ever chooses legal plays and always reaches the end of the round."""
    rng = random.Random(5)
    count = 0
    seed = 0
    while count < 150:
        seed += 1
        m = engine.new_match("bidding-kozel", seed=seed, players=players)
        for _ in range(rng.randrange(0, 12)):
            if m.is_over or m.deal.phase != "play":
                break
            m.play(engine.bots.choose(m.deal, rng=rng))
        d = m.deal
        if d.phase != "play" or d.to_move is None:
            continue
        w = d.resample(d.to_move, rng)
        assert w.hand_of(d.to_move) == d.hand_of(d.to_move)
        assert sorted(c for h in w.card_places().values() for c in h) == w.deck_cards()
        for eps in (0.05, 1.0):
            x = w.clone()
            while x.phase != "over":
                a = bidding_kozel_search.policy(x, rng, eps)  # type: ignore[arg-type]
                assert a in x.legal_actions()
                x.apply_action(a)
            assert x.result is not None
            count += 1


@pytest.mark.parametrize(
    "game", ["koz-maca", "batak", "batak-pairs", "kozel-miner", "kozel-classic"]
)
def test_resample_is_consistent_with_the_observation(game: str) -> None:
    """`Deal.resample(seat, rng)` keeps the seat's hand, every public play and hand size, uses
    each card once, and gives no seat a card of a suit its plays proved it void in."""
    rng = random.Random(9)
    for d in positions(game, 25, 5):
        seat = d.to_move
        assert seat is not None
        obs = d.observation(seat)
        w = d.resample(seat, rng)
        wobs = w.observation(seat)
        assert wobs.hand == obs.hand and wobs.tricks == obs.tricks and wobs.trick == obs.trick
        assert wobs.hand_sizes == obs.hand_sizes
        assert sorted(c for h in w.card_places().values() for c in h) == w.deck_cards()
        voids = obs.voids()  # type: ignore[attr-defined]
        eff = (
            obs.tables.eff
            if game.startswith("kozel") and obs.tables  # type: ignore[attr-defined]
            else [c >> 4 for c in range(64)]
        )
        for s in range(4):
            if s != seat:
                assert not any(eff[c] in voids[s] for c in w.hand_cards(s)), (s, voids[s])
