"""The hint's judgment, game by game (ui/teach/hints.py on engine.ai.evaluate at the hint's level, as
the page's worker runs it).

Positions come from whole deals played by the baseline players from seeded records (every hand
is in the record). Which move is right is decided without the sampling search: in endings
(a few cards per hand) the exact solver (engine.solver) rates every move in many layouts the
player cannot tell apart (`deal.resample` from the player's own observation). A move that is
best in every one of those layouts, and better than some other move in most of them, is the
clear hint; a position where every move is worth the same in every layout is one where the
hint must say so. Bidding Kozel, whose deals the solver does not take (sets of cards and the
stock), is judged in endings by an exhaustive search of its own below.

The play checker (ui/hints.check_cost, the page's rule) never asks on the strong player's own
choice, and asks on a planted blunder in each game.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import engine
import engine.ai
from engine.cards import CARD_STR, kozel_points, parse_card
from engine.core import Deal
from engine.players.evaluate import UNITS
from engine.solver import move_values
from ui.teach import hints as H

HINT_LEVEL = "strong"  # ui/shell/app.py HINT_LEVEL: hints come from the strongest player
LAYOUTS = 24  # layouts of the unseen cards each ending is solved in
SOLVED_GAMES = [g for g in engine.GAMES if g != "bidding-kozel"]
CARDS = set(CARD_STR.values())


def hint(d: Deal, seed: int) -> dict[str, Any]:
    """The hint as the page gets it: the worker's JSON, checked by the page."""
    ev = engine.ai.evaluate(d, 0, level=HINT_LEVEL, seed=seed)
    return H.parse(json.loads(json.dumps(dataclasses.asdict(ev))))


def side_of(m: engine.Match, seat: int) -> tuple[int, ...]:
    for team in m.rules.teams or ():
        if seat in team:
            return tuple(team)
    return (seat,)


def endings(game: str, most: int, seeds: range) -> Iterator[tuple[engine.Match, int]]:
    """Card-play positions where the player (seat 0) is to move with at most `most` cards and a
    choice, in the first deal of seeded matches played by the baseline players."""
    for seed in seeds:
        m = engine.new_match(game, seed=seed)
        rng = random.Random(seed)
        while m.deals[0].phase != "over":
            d = m.deal
            if (
                d.to_move == 0
                and d.phase == "play"
                and len(d.hand_cards(0)) <= most
                and len(d.legal_moves()) > 1
            ):
                yield m, seed
                break
            m.play(engine.bots.choose(d, d.to_move, rng))


def truth(m: engine.Match, seed: int) -> list[dict[str, int]]:
    """Every legal move's value for the player's side, solved with every card visible, in
    LAYOUTS layouts consistent with what the player sees."""
    d = m.deal
    side = side_of(m, 0)
    rng = random.Random(1000 + seed)
    return [move_values(d.resample(0, rng), side, max_seconds=5.0) for _ in range(LAYOUTS)]


# What "clearly worse" is in the solver's units: half a trick, 10 card points on average.
CLEAR_LOSS = {"tricks": 0.5, "points": 10.0}


def clear_move(values: list[dict[str, int]], unit: str) -> str | None:
    """The move that is best in every layout while every other move loses on average at least
    CLEAR_LOSS; None when there is none."""
    n = len(values)
    for mv in values[0]:
        if not all(v[mv] == max(v.values()) for v in values):
            continue
        if all(
            sum(v[mv] - v[o] for v in values) / n >= CLEAR_LOSS[unit] for o in values[0] if o != mv
        ):
            return mv
    return None


def all_equal(values: list[dict[str, int]]) -> bool:
    return all(len(set(v.values())) == 1 for v in values)


@pytest.mark.slow
@pytest.mark.parametrize("game", SOLVED_GAMES)
def test_the_hint_finds_the_clearly_right_card(game: str) -> None:
    """In endings where one card is right in every layout the player cannot tell apart, the
    hint is that card (or one the search treats as the same, which is then equally right), and
    its reason names only the player's own moves."""
    found = 0
    for m, seed in endings(game, 4, range(1, 400)):
        values = truth(m, seed)
        right = clear_move(values, UNITS[game])
        if right is None:
            continue
        ev = hint(m.deal, seed)
        chosen = ev["move"]
        assert all(v[chosen] == max(v.values()) for v in values), (seed, chosen, right, values)
        text = H.reason(ev, str)
        mine = set(m.deal.legal_moves())
        named = {w.strip(".,:;()") for w in text.split()} & CARDS
        assert chosen in text and named <= mine, text
        found += 1
        if found == 3:
            return
    pytest.fail(f"only {found} clear endings of {game} came up")


@pytest.mark.parametrize("game", SOLVED_GAMES)
def test_the_hint_says_when_every_card_is_equal(game: str) -> None:
    """Where every card is worth the same in every layout, the hint says any of them will do."""
    found = 0
    for m, seed in endings(game, 3, range(1, 600)):
        values = truth(m, seed)
        if not all_equal(values):
            continue
        ev = hint(m.deal, seed)
        text = H.reason(ev, str)
        assert text.startswith("Any of them"), (seed, ev, text)
        found += 1
        if found == 2:
            return
    pytest.fail(f"only {found} endings of {game} with every card equal came up")


# ------------------------------------------------------------------------- Bidding Kozel
def bk_play(d: Deal, mv: str, side: frozenset[int]) -> tuple[Deal, int]:
    """A copy of `d` after `mv`, and the card points `side` took if that finished a trick."""
    nd = d.clone()
    before = len(nd.tricks)
    nd.play(mv)
    if len(nd.tricks) > before and nd.tricks[-1]["winner"] in side:
        return nd, sum(
            kozel_points(parse_card(c)) for _, ms in nd.tricks[-1]["plays"] for c in ms.split()
        )
    return nd, 0


def bk_value(d: Deal, side: frozenset[int], memo: dict[Any, int]) -> int:
    """Bidding Kozel by exhaustive search with every card visible: the card points `side`
    takes from here on, both sides playing their best."""
    if d.phase != "play":
        return 0
    key = (tuple(tuple(h) for h in d.hands), tuple(map(tuple, d.trick)), d.to_move)
    if key not in memo:
        vals = [
            gained + bk_value(nd, side, memo)
            for nd, gained in (bk_play(d, mv, side) for mv in d.legal_moves())
        ]
        memo[key] = (max(vals) if d.to_move in side else min(vals)) if vals else 0
    return memo[key]


def bk_truth(m: engine.Match, seed: int) -> list[dict[str, int]]:
    """Each legal move's card points for the player (exhaustive search) in layouts consistent
    with what the player sees."""
    side = frozenset(side_of(m, 0))
    rng = random.Random(1000 + seed)
    out = []
    for _ in range(LAYOUTS // 3):
        w = m.deal.resample(0, rng)
        memo: dict[Any, int] = {}
        vals = {}
        for mv in w.legal_moves():
            nd, gained = bk_play(w, mv, side)
            vals[mv] = gained + bk_value(nd, side, memo)
        out.append(vals)
    return out


def test_bidding_kozel_hints_in_the_last_tricks() -> None:
    """Bidding Kozel endings (two cards each): where one play takes clearly more card points in
    every layout, the hint is that play; where every play takes the same, the hint says so."""
    clear = equal = 0
    for m, seed in endings("bidding-kozel", 2, range(1, 400)):
        values = bk_truth(m, seed)
        right = clear_move(values, "points")
        if right is None and not all_equal(values):
            continue
        ev = hint(m.deal, seed)
        text = H.reason(ev, str)
        if right is not None:
            assert all(v[ev["move"]] == max(v.values()) for v in values), (seed, ev, values)
            clear += 1
        else:
            assert text.startswith("Any of them"), (seed, ev, text)
            equal += 1
        if clear >= 2 and equal >= 1:
            return
    pytest.fail(f"Bidding Kozel endings: {clear} clear, {equal} equal came up")


# ------------------------------------------------------------------------- the play checker
@pytest.mark.parametrize("game", engine.GAMES)
def test_the_checker_asks_on_a_planted_blunder_and_never_on_the_choice(game: str) -> None:
    """At every decision of the player in whole deals, the checker lets the strong player's own
    choice (`engine.ai.choose` at the hint's level) go; a planted blunder, the move the search
    expects the lowest score from when that is more than H.CHECK_AT below its choice, makes it
    ask. The blunder is no artefact of one run's random layouts: the search with other draws
    still rates it clearly below its choice."""
    decisions = 0
    for seed in range(1, 60):
        m = engine.new_match(game, seed=seed)
        rng = random.Random(seed)
        while m.deals[0].phase != "over":
            d = m.deal
            if d.to_move == 0 and len(d.legal_moves()) > 1:
                ev = hint(d, seed)
                choice = engine.ai.choose(d, 0, level=HINT_LEVEL, seed=seed)
                assert choice == ev["move"]
                assert H.check_cost(ev, choice) is None
                for mv, other in ev["same"].items():
                    if other == choice:
                        assert H.check_cost(ev, mv) is None
                decisions += 1
                score = ev["utility"]
                worst = min(score, key=score.get) if score else None
                cost = H.check_cost(ev, worst) if worst is not None else None
                if cost is not None:
                    unit = H.score_unit(ev)
                    assert cost > H.CHECK_AT[unit]
                    again = hint(d, seed + 7919)
                    assert (
                        again["utility"][again["move"]] - again["utility"][worst]
                        >= H.CHECK_AT[unit] / 2
                    ), (seed, worst, ev, again)
                    m.play(worst)  # the blunder is a legal move: the deal goes on
                    return
            m.play(engine.bots.choose(d, d.to_move, rng))
    pytest.fail(f"no blunder came up in {decisions} decisions of {game}")
