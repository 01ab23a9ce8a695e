"""The open-deal solver (engine.solver): exact against a plain brute-force minimax on random
endings, its play obligations the engine's, its values kept when everyone plays its moves."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import engine
from engine.core import Deal
from engine.games.batak import BatakDeal
from engine.games.kozel import POINTS, KozelDeal
from engine.solver import (
    UNSUPPORTED_BIDDING_KOZEL,
    Solver,
    SolveTimeout,
    Unsupported,
    move_values,
    solve,
    supported,
)
from tests.helpers import position

SOLVED = ("koz-maca", "batak", "batak-pairs", "kozel-miner", "kozel-classic")
TEAMS = ("batak-pairs", "kozel-miner", "kozel-classic")


def to_play(game: str, seed: int, options: dict[str, Any] | None = None) -> Deal:
    """A deal of `game` at the start of card play: a random auction (Batak), a random trump
    choice (Classic's first cycle)."""
    m = engine.new_match(game, seed=seed, options=options)
    d = m.deal
    rng = random.Random(seed)
    while d.phase != "play":
        assert d.phase != "over"
        acts = d.legal_actions()
        if d.phase == "bidding" and ("pass",) in acts and rng.random() < 0.6:
            d.play_action(("pass",))
        else:
            d.play_action(acts[rng.randrange(min(len(acts), 3))])
    return d


def ending(game: str, seed: int, most: int, options: dict[str, Any] | None = None) -> Deal:
    """Random legal play from a seeded deal until every hand has at most `most` cards, then
    0 to 3 more plays (so that some endings start inside a trick)."""
    d = to_play(game, seed, options)
    rng = random.Random(seed * 7 + most)
    extra = rng.randrange(4)
    while d.phase == "play" and (max(len(d.hand_cards(s)) for s in range(4)) > most or extra):
        if max(len(d.hand_cards(s)) for s in range(4)) <= most:
            extra -= 1
        acts = d.legal_actions()
        d.play_action(acts[rng.randrange(len(acts))])
    return d


def side_gain(d: Deal, plays: list[tuple[int, Any]], winner: int, side: frozenset[int]) -> int:
    if winner not in side:
        return 0
    if isinstance(d, KozelDeal):
        return sum(POINTS[c] for _, c in plays)
    return 1


def brute(d: Deal, side: frozenset[int], memo: dict[Any, int]) -> int:
    """The side's value from `d` on, by trying every legal move of every seat on copies of
    the engine's deal (no pruning; a trick-boundary position met twice is looked up)."""
    if d.phase == "over":
        return 0
    key = None
    if not d._trick:
        key = (
            tuple(tuple(sorted(d.hand_cards(s))) for s in range(4)),
            d.to_move,
            getattr(d, "broken", None),
        )
        if key in memo:
            return memo[key]
    vals = []
    for a in d.legal_actions():
        c = d.clone()
        n = len(c._tricks)
        c.play_action(a)
        v = 0
        if len(c._tricks) > n:
            _, plays, winner = c._tricks[-1]
            v = side_gain(c, plays, winner, side)
        vals.append(v + brute(c, side, memo))
    best = max(vals) if d.to_move in side else min(vals)
    if key is not None:
        memo[key] = best
    return best


def sides(game: str, d: Deal) -> list[tuple[int, ...]]:
    if game in TEAMS:
        return [(0, 2), (1, 3)]
    assert d.to_move is not None
    return [(d.to_move,), ((d.to_move + 1) % 4, (d.to_move + 3) % 4)]


# Endings per game by cards per hand (most): 220 a game, 1100 in all (most of them solved
# for both sides), a few seconds a game.
COUNTS = {1: 40, 2: 100, 3: 60, 4: 20}


@pytest.mark.slow
@pytest.mark.parametrize("game", SOLVED)
def test_agrees_with_brute_force(game: str) -> None:
    checked = 0
    for most, n in COUNTS.items():
        for k in range(n):
            d = ending(game, 1000 * most + k, most)
            if d.phase != "play":
                continue
            for side in sides(game, d)[: 1 if most == 4 else 2]:
                want = brute(d, frozenset(side), {})
                got = solve(d, side)
                assert got.value == want, (game, most, k, side, d.hands, d.trick)
                mv = move_values(d, side)
                assert set(mv) == set(d.legal_moves())
                for move, v in mv.items():
                    c = d.clone()
                    c.play(move)
                    n_tr = len(c._tricks)
                    gain = 0
                    if n_tr > len(d._tricks):
                        _, plays, winner = c._tricks[-1]
                        gain = side_gain(c, plays, winner, frozenset(side))
                    if most <= 2:
                        assert v == gain + brute(c, frozenset(side), {}), (game, k, move)
                best = max(mv.values()) if d.to_move in side else min(mv.values())
                assert best == got.value
                checked += 1
    assert checked > 250


@pytest.mark.parametrize(
    "game,options",
    [
        ("kozel-miner", {"must_trump": True}),
        ("kozel-classic", {"deck": 32}),
        ("kozel-classic", {"must_trump": True, "trump": "C"}),
    ],
)
@pytest.mark.slow
def test_kozel_options_agree_with_brute_force(game: str, options: dict[str, Any]) -> None:
    for most in (2, 3):
        for k in range(40):
            d = ending(game, 500 * most + k, most, options)
            if d.phase != "play":
                continue
            for side in ((0, 2), (1, 3)):
                assert solve(d, side).value == brute(d, frozenset(side), {}), (game, k, side)


@pytest.mark.parametrize("game", SOLVED)
def test_legal_moves_are_the_engines(game: str) -> None:
    """Move by move through random deals, the solver's legal cards are the engine's."""
    for seed in range(15):
        d = to_play(game, seed)
        rng = random.Random(seed)
        while d.phase == "play":
            s = Solver(d, (0,))
            led, win, _, broken = s._root_state()
            assert d.to_move is not None
            mask = s.legal(d.to_move, led, win, broken)
            ours = sorted(s.to_card[i] for i in range(80) if mask >> i & 1)
            assert ours == sorted(d.legal_actions())  # type: ignore[type-var]
            acts = d.legal_actions()
            d.play_action(acts[rng.randrange(len(acts))])


@pytest.mark.parametrize(
    "game", ["koz-maca", "batak", "batak-pairs", "kozel-miner", "kozel-classic"]
)
def test_value_kept_when_both_sides_play_the_solvers_moves(game: str) -> None:
    """From a middle position, both sides play moves that keep the value: the side makes
    exactly the value, and never less than the solve said at any point."""
    for seed in range(3):
        d = ending(game, 77 + seed, 5)
        if d.phase != "play":
            continue
        side = (0, 2) if game in TEAMS else (0,)
        first = solve(d, side)
        rng = random.Random(seed)
        while d.phase == "play":
            r = solve(d, side, best_moves=True)
            assert r.total == first.total
            d.play(rng.choice(r.best))
        final = solve(d, side)
        assert final.value == 0 and final.total == first.total
        if isinstance(d, BatakDeal):
            assert final.total == sum(d.taken[s] for s in side)
        else:
            assert isinstance(d, KozelDeal)
            assert final.total == d._team_points[side[0] & 1]


def test_side_playing_worse_never_gains() -> None:
    """A seat of the side that plays any move instead of a best one never raises the side's
    value; an opponent's any move never lowers it."""
    for game in ("koz-maca", "kozel-miner"):
        d = ending(game, 5, 4)
        side = (0, 2) if game in TEAMS else (0,)
        v = solve(d, side).value
        vals = move_values(d, side)
        assert d.to_move is not None
        if d.to_move in side:
            assert max(vals.values()) == v
        else:
            assert min(vals.values()) == v


def test_already_and_contract() -> None:
    d = to_play("batak", 3)
    assert isinstance(d, BatakDeal) and d.declarer is not None and d.bid is not None
    decl = (d.declarer,)
    rng = random.Random(1)
    while len(d.hand_cards(0)) > 5:
        acts = d.legal_actions()
        d.play_action(acts[rng.randrange(len(acts))])
    r = solve(d, decl)
    assert r.already == d.taken[d.declarer]
    assert r.total == r.already + r.value
    assert r.contract_made == (r.total >= d.bid)
    others = tuple(s for s in range(4) if s != d.declarer)
    o = solve(d, others)
    assert o.total + r.total == 13
    assert o.contract_made == r.contract_made
    assert solve(d, (d.declarer, others[0])).contract_made is None
    k = to_play("koz-maca", 2)
    assert solve(k, (0,)).contract_made is None


def test_position_from_a_record() -> None:
    """A record replayed to the start of play solves, and the hands are read, not changed."""
    ranks = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
    m = position("koz-maca", [[r + suit for r in ranks] for suit in "SHDC"], dealer=3)
    d = m.deal
    before = d.hands
    assert solve(d, (0,)).value == 13  # all trumps, leading them: every trick
    assert solve(d, (1,)).value == 0
    assert d.hands == before


def test_bidding_kozel_is_unsupported() -> None:
    m = engine.new_match("bidding-kozel", seed=1)
    with pytest.raises(Unsupported) as err:
        solve(m.deal, (0,))
    assert err.value.reason == UNSUPPORTED_BIDDING_KOZEL
    assert supported(m.deal) == UNSUPPORTED_BIDDING_KOZEL
    with pytest.raises(Unsupported):
        move_values(m.deal, (0,))


def test_not_in_card_play() -> None:
    m = engine.new_match("batak", seed=1)
    assert m.deal.phase == "bidding"
    with pytest.raises(Unsupported) as err:
        solve(m.deal, (0,))
    assert "bidding" in err.value.reason
    with pytest.raises(ValueError):
        solve(engine.new_match("koz-maca", seed=1).deal, ())


def test_over_deal_solves_to_nothing_left() -> None:
    d = ending("kozel-miner", 3, 0)
    assert d.phase == "over"
    r = solve(d, (0, 2))
    assert r.value == 0 and r.total == d._team_points[0]  # type: ignore[attr-defined]
    assert move_values(d, (0, 2)) == {}


def test_time_cap() -> None:
    d = to_play("koz-maca", 0)
    with pytest.raises(SolveTimeout):
        solve(d, (0,), max_seconds=0.0)


def _solver_state(s: Solver) -> tuple[int, int, int, bool]:
    """Prepare a Solver for a direct call at a trick boundary (as `value()` does)."""
    s._set_rem()
    h = s.hands
    allc = h[0] | h[1] | h[2] | h[3]
    broken = s.broken or (allc & s.tmask) != s.root_trumps
    return allc, allc.bit_count() // 4, s.to_move, broken


def _at_trick_boundaries(
    game: str, base: int, counts: dict[int, int]
) -> Iterator[tuple[int, int, Deal]]:
    """Random endings of `most` cards a hand (`counts[most]` of each, seeds `base * most +
    k`), each played on at random to the next trick boundary: (most, k, deal) for those
    still in play."""
    for most, count in counts.items():
        for k in range(count):
            d = ending(game, base * most + k, most)
            rng = random.Random(k)
            while d.phase == "play" and d._trick:
                acts = d.legal_actions()
                d.play_action(acts[rng.randrange(len(acts))])
            if d.phase == "play":
                yield most, k, d


@pytest.mark.slow
@pytest.mark.parametrize("game", SOLVED)
def test_sure_trick_bounds_hold(game: str) -> None:
    """The bounds from sure winners and from drawing trumps, at trick boundaries of random
    endings, never contradict the brute-force value."""
    checked = 0
    for most, k, d in _at_trick_boundaries(game, 3000, {2: 60, 3: 60, 4: 25}):
        for side in sides(game, d):
            s = Solver(d, side)
            allc, _, leader, broken = _solver_state(s)
            if not s.bounds_ok(allc):
                continue
            top = s.rem_pts if s.kozel else allc.bit_count() >> 2
            lo, hi = s._sure(s.hands, allc, leader, top, broken)
            want = brute(d, frozenset(side), {})
            assert lo <= want <= hi, (game, most, k, side, lo, want, hi)
            checked += 1
    assert checked > 150


@pytest.mark.slow
@pytest.mark.parametrize("game", SOLVED)
def test_top_trumps_bound_holds(game: str) -> None:
    """`Solver._alone` (a seat whose trumps are all above the other trumps, and longer than
    any other seat's, or the only trumps left): at trick boundaries of random endings, that
    seat alone against the three others takes at least what it says, by brute force, on lead
    or not; with and without other trumps in play."""
    checked = with_others = 0
    for most, k, d in _at_trick_boundaries(game, 11000, {2: 80, 3: 80, 4: 80, 5: 16}):
        for seat in range(4):
            s = Solver(d, (seat,))
            allc, _, _, _ = _solver_state(s)
            tp = allc & s.tmask
            if not s.bounds_ok(allc) or not s.hands[seat] & tp:
                continue
            w = s._alone(s.hands, seat, allc, tp)
            if not w:
                continue
            want = brute(d, frozenset((seat,)), {})
            assert w <= want, (game, most, k, seat, w, want)
            checked += 1
            with_others += tp != s.hands[seat] & tp
    assert checked > 15
    assert with_others > 10 or game.startswith("kozel")


@pytest.mark.slow
@pytest.mark.parametrize("game", SOLVED)
def test_table_keys_keep_the_values(game: str) -> None:
    """The table (entries found by exact cards and by relative ranks, shared between the
    zero-window searches) gives the same values as the search without any table, on
    hundreds of random endings of up to 4 cards a hand; with every switch of the search."""
    n = 0
    for most in (2, 3, 4):
        for k in range(70 if most < 4 else 40):
            d = ending(game, 5000 * most + k, most)
            if d.phase != "play":
                continue
            side = sides(game, d)[k % 2]
            want = Solver(d, side, tt=False).value()
            assert Solver(d, side).value() == want, (game, most, k, side)
            plain = Solver(
                d,
                side,
                tt=False,
                equiv=False,
                order=False,
                bounds=False,
                history=False,
                draw=False,
                guess=False,
                team=False,
            )
            assert plain.value() == want, (game, most, k, side)
            n += 1
    assert n > 120


@pytest.mark.slow
@pytest.mark.parametrize("game", SOLVED)
def test_longer_endings_agree_with_fewer_techniques(game: str) -> None:
    """Endings of 6 or 7 cards a hand (Classic: 5 or 6): the full solver and a solver with
    no table, no sure-trick bounds, no lead history, no first guess and no team lead order
    find the same value, and the move values of the seat to move agree with the value."""
    for k in range(4):
        most = 6 if k % 2 else 7
        if game == "kozel-classic":
            most = 5 if k % 2 else 6
        d = ending(game, 9000 + k, most)
        if d.phase != "play":
            continue
        side = sides(game, d)[k % 2]
        got = Solver(d, side)
        v = got.value()
        slow = Solver(
            d, side, tt=False, bounds=False, history=False, draw=False, guess=False, team=False
        )
        assert slow.value() == v, (game, k, side)
        vals = move_values(d, side)
        assert (max(vals.values()) if d.to_move in side else min(vals.values())) == v


@pytest.mark.parametrize(
    "game,options", [("koz-maca", None), ("kozel-miner", None), ("kozel-classic", {"deck": 32})]
)
def test_table_key_keeps_every_suit_apart(game: str, options: dict[str, Any] | None) -> None:
    """The relative-rank key packs one code per suit into one int: each field is wide enough
    for a full suit (Classic's 32 cards have 15 trumps), so the codes read back unchanged."""
    for seed in range(6):
        d = to_play(game, seed, options)
        s = Solver(d, (0, 2))
        h = s.hands
        allc = h[0] | h[1] | h[2] | h[3]
        width = 84 if s.kozel else 28
        key = s._key(3, allc)
        for g in reversed(s.groups):
            m = allc & s.gmask[g]
            code = 1
            for i in range(16 * g, 16 * g + 16):
                if m >> i & 1:
                    owner = next(o for o in range(4) if h[o] >> i & 1)
                    code = code << 5 | owner << 3 | s.pclass[i] if s.kozel else code << 2 | owner
            assert key & ((1 << width) - 1) == code, (game, seed, g)
            key >>= width
        assert key == 3


@pytest.mark.parametrize("game", SOLVED)
def test_move_classes_are_equivalent_moves(game: str) -> None:
    """`Solver.move_classes` splits the legal moves into runs of cards next to each other in
    their suit's order among the cards still in play (the same points in Kozel); every card of
    a run is worth the same to both sides."""
    merged = 0
    for seed in range(40):
        d = ending(game, 3000 + seed, 4)
        if d.phase != "play":
            continue
        seat = d.to_move
        assert seat is not None
        side = (seat, (seat + 2) % 4) if game in TEAMS else (seat,)
        classes = Solver(d, side).move_classes()
        flat = [m for c in classes for m in c]
        assert sorted(flat) == sorted(d.legal_moves())
        vals = move_values(d, side)
        other = move_values(d, tuple(s for s in range(4) if s not in side))
        for c in classes:
            assert len({vals[m] for m in c}) == 1 and len({other[m] for m in c}) == 1, c
            merged += len(c) > 1
    assert merged


# The reference search of the tests below: the general trick search (`Solver._play`) with
# only the table on, no equivalent cards, move ordering, bounds or first guess.
PLAIN: dict[str, bool] = {
    "equiv": False,
    "order": False,
    "bounds": False,
    "history": False,
    "draw": False,
    "guess": False,
    "team": False,
    "match": False,
}


@pytest.mark.parametrize(
    "game,options",
    [(g, None) for g in SOLVED]
    + [("kozel-classic", {"deck": 32}), ("kozel-miner", {"must_trump": True})],
)
@pytest.mark.slow
def test_values_equal_a_plain_search(game: str, options: dict[str, Any] | None) -> None:
    """The full solver (the fast trick searches of the Batak family, the run starts of
    equivalent cards on masks, the unbeaten-trump bound) against the plain search and, up to
    3 cards a hand, brute force: random endings of 2 to 5 cards a hand (Classic 2 to 4), some
    inside a trick, for both sides, with the move values of the seat to move."""
    n = 0
    for most in (2, 3, 4, 5):
        if most == 5 and game == "kozel-classic":
            continue
        for k in range(30 if most < 5 else 15):
            d = ending(game, 7000 * most + k, most, options)
            if d.phase != "play":
                continue
            for side in sides(game, d):
                want = Solver(d, side, **PLAIN).value()
                if most <= 3:
                    assert want == brute(d, frozenset(side), {}), (game, most, k, side)
                assert Solver(d, side).value() == want, (game, most, k, side)
                if k % 3 == 0:
                    full = Solver(d, side).move_values()
                    assert full == Solver(d, side, **PLAIN).move_values(), (game, most, k)
                n += 1
    assert n > 150


@pytest.mark.parametrize("game", ("koz-maca", "batak", "batak-pairs"))
def test_run_starts_on_masks_are_the_distinct_cards(game: str) -> None:
    """`Solver._reps` (every hand's run starts at a trick boundary, on masks) keeps exactly
    the cards `_distinct` keeps, hand by hand, at trick boundaries of random deals."""
    checked = 0
    for seed in range(30):
        d = to_play(game, seed)
        rng = random.Random(seed)
        while d.phase == "play":
            if not d._trick:
                s = Solver(d, (0,))
                h = s.hands
                allc = h[0] | h[1] | h[2] | h[3]
                reps = s._reps(allc)
                for seat in range(4):
                    want = sum(1 << i for i in s._distinct(seat, h[seat], allc))
                    assert reps[seat] == want, (game, seed, seat)
                checked += 1
            acts = d.legal_actions()
            d.play_action(acts[rng.randrange(len(acts))])
    assert checked > 300


def test_unbeaten_trumps_is_a_greedy_matching() -> None:
    """`Solver._unbeaten`: a seat's trumps that no higher trump of the other side can take,
    each of those taking at most one, equal to the count by trying every matching."""
    import itertools

    rng = random.Random(5)
    for _ in range(400):
        cards = rng.sample(range(13), rng.randrange(1, 9))
        split = rng.randrange(len(cards) + 1)
        mine, theirs = cards[:split], cards[split:]
        mm = sum(1 << c for c in mine)
        tm = sum(1 << c for c in theirs)
        best = len(mine)
        for r in range(1, min(len(mine), len(theirs)) + 1):
            for ms in itertools.combinations(mine, r):
                for ts in itertools.permutations(theirs, r):
                    if all(t > m for m, t in zip(ms, ts)):
                        best = min(best, len(mine) - r)
        assert Solver._unbeaten(mm, tm) == best, (mine, theirs)
