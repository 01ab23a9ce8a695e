"""The strong player's contract: levels, determinism, and no reading of hidden cards."""

from __future__ import annotations

import random

import pytest

import engine
from engine import ai
from engine.core import Deal


def _advance(game: str, seed: int, moves: int) -> engine.Match:
    """A match of `game` after `moves` baseline moves (a mid-deal position)."""
    m = engine.new_match(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        m.play(engine.bots.choose(m.deal, rng=rng))
    return m


def test_levels_exported() -> None:
    """LEVELS lists easy, normal and strong; strong is the default."""
    assert {"easy", "normal", "strong"} <= set(ai.LEVELS)
    assert ai.DEFAULT_LEVEL == "strong"


@pytest.mark.parametrize("game", engine.available_games())
def test_every_level_plays_legal_moves(game: str) -> None:
    """Each level returns a legal move, as text, for the seat to move."""
    m = _advance(game, 3, 6)
    d = m.deal
    for level in ai.LEVELS:
        mv = ai.choose(d, level=level, seed=1)
        assert mv in d.legal_moves()


@pytest.mark.parametrize("game", engine.available_games())
def test_deterministic_for_a_seed(game: str) -> None:
    """The same position and seed give the same move."""
    m = _advance(game, 5, 9)
    a = [ai.choose(m.deal, level="normal", seed=s) for s in range(3)]
    b = [ai.choose(m.deal, level="normal", seed=s) for s in range(3)]
    assert a == b


def test_wrong_seat_and_level_rejected() -> None:
    m = engine.new_match("koz-maca", seed=1)
    other = (m.deal.to_move + 1) % 4
    with pytest.raises(ValueError):
        ai.choose(m.deal, seat=other)
    with pytest.raises(ValueError):
        ai.choose(m.deal, level="grandmaster")


def _hidden_swapped(m: engine.Match, seat: int, rng: random.Random) -> engine.Match:
    """The same match, but the other seats' unseen cards redealt consistently with the
    seat's view by the rules' own resampler (cards played stay where they were): the record
    replays, so every play stays legal."""
    d = m.deal
    world = d.resample(seat, rng)
    played: list[list[str]] = [[] for _ in range(d.players)]
    for t in d.tricks:
        for s, c in t["plays"]:
            played[s].append(c)
    for s, c in d.trick:
        played[s].append(c)
    rec = m.record()
    hands = [played[s] + world.hand_of(s) for s in range(d.players)]
    rec["deals"][-1]["hands"] = hands
    return engine.replay(rec)


@pytest.mark.parametrize(
    "game,moves",
    [
        ("koz-maca", 0),
        ("koz-maca", 17),
        ("koz-maca", 30),
        ("batak", 2),
        ("batak", 20),
        ("batak-pairs", 23),
    ],
)
def test_no_cheating_batak_family(game: str, moves: int) -> None:
    """Redealing the hidden cards in any way consistent with the seat's view does not change
    the strong player's decision: it never reads the other hands."""
    m = _advance(game, 11, moves)
    seat = m.deal.to_move
    assert seat is not None
    want = [ai.choose(m.deal, level="normal", seed=s) for s in range(2)]
    rng = random.Random(moves)
    for _ in range(3):
        alt = _hidden_swapped(m, seat, rng)
        d: Deal = alt.deal
        assert d.hands[seat] == m.deal.hands[seat]
        assert d.tricks == m.deal.tricks and d.trick == m.deal.trick
        assert [ai.choose(d, level="normal", seed=s) for s in range(2)] == want


def test_no_cheating_in_the_auction() -> None:
    """In the auction, swapping two other seats' whole hands changes nothing for the bidder."""
    m = _advance("batak", 4, 1)
    seat = m.deal.to_move
    rec = m.record()
    hands = rec["deals"][-1]["hands"]
    a, b = [s for s in range(4) if s != seat][:2]
    hands[a], hands[b] = hands[b], hands[a]
    alt = engine.replay(rec)
    for s in range(3):
        assert ai.choose(alt.deal, level="normal", seed=s) == ai.choose(
            m.deal, level="normal", seed=s
        )


@pytest.mark.parametrize("key", ["", "ai:1:batak:0:3:2:40", "ai:7:bidding-kozel:2:0:1:9"])
def test_deferred_random_draws_the_numbers_of_random_random(key: str) -> None:
    """A decision's generator is seeded only when first drawn from, and then gives exactly the
    numbers `random.Random(key)` gives, whatever the first draw is."""
    from engine.players.levels import DeferredRandom

    def draws(r: random.Random) -> list[object]:
        return [
            r.random(),
            r.getrandbits(48),
            r.randrange(10**9),
            r.choice(range(100)),
            r.sample(range(50), 5),
            r.uniform(1, 2),
        ]

    assert draws(DeferredRandom(key)) == draws(random.Random(key))
    for first in ("shuffle", "randrange", "getstate"):
        a, b = random.Random(key), DeferredRandom(key)
        if first == "shuffle":
            x, y = list(range(30)), list(range(30))
            a.shuffle(x)
            b.shuffle(y)
            assert x == y
        elif first == "randrange":
            assert a.randrange(7) == b.randrange(7)
        else:
            assert a.getstate() == b.getstate()
        assert a.random() == b.random()
