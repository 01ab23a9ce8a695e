"""engine.ai.evaluate: the computer player's move with what its search found for each move."""

from __future__ import annotations

import copy
import math
import random

import pytest

import engine
from engine import ai
from engine.cards import card_str, parse_card
from engine.core import Deal
from tests.engine.test_ai_batak import LAST_TRICK, TRUMP_ROWS
from tests.engine.test_ai_kozel import _bura_position
from tests.helpers import hands, position

# Per game: baseline matches and how often a card play is kept (Kozel deals are short).
SPREAD = {"kozel-miner": (6, 3), "kozel-classic": (8, 3), "bidding-kozel": (6, 2)}
UNIT = {
    "koz-maca": "tricks",
    "batak": "tricks",
    "batak-pairs": "tricks",
    "kozel-miner": "points",
    "kozel-classic": "points",
    "bidding-kozel": "score",
}


def _positions(game: str, matches: int, every: int) -> list[engine.Match]:
    """Positions of baseline matches: every auction and trump decision, every `every`-th card
    play (copies, so the caller may keep them)."""
    out: list[engine.Match] = []
    for seed in range(matches):
        m = engine.new_match(game, seed=100 + seed)
        rng = random.Random(seed)
        n = 0
        deals = 0
        while m.to_move is not None and deals < 2:
            d = m.deal
            if d.phase != "play" or n % every == seed % every:
                out.append(engine.replay(m.record()))
            n += 1
            before = len(m.deals)
            m.play(engine.bots.choose(d, rng=rng))
            deals += len(m.deals) - before
    return out


def _check(ev: ai.Evaluation, d: Deal, game: str) -> None:
    legal = d.legal_moves()
    assert ev.move in legal
    assert ev.unit == UNIT[game]
    assert ev.forced == (len(legal) == 1)
    assert set(ev.values) <= set(legal) and set(ev.utility) <= set(legal)
    assert set(ev.values) == set(ev.utility)  # every rated move has both figures
    assert all(math.isfinite(v) for v in ev.values.values())
    for m, r in ev.same.items():
        assert m in legal and m not in ev.values
        assert r in ev.values or (not ev.values and r == ev.move)
    if ev.by == "search" and not ev.values:  # every legal card does the same
        assert set(ev.same) | {ev.move} == set(legal) and ev.note
    if ev.by == "search" and ev.values:
        assert ev.move in ev.values
        assert ev.samples > 0
        # rated or equivalent to a rated move: every legal move is covered
        assert set(ev.values) | set(ev.same) == set(legal)
        if ev.default is not None:
            assert ev.default in ev.values
    if ev.forced:
        assert ev.by == "forced" and ev.values == {}
    for v in ev.chance.values():
        assert 0.0 <= v <= 1.0


@pytest.mark.slow
@pytest.mark.parametrize("game", engine.available_games())
def test_move_is_choose_everywhere(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """On many positions of every game and phase (auction, trump choice, card play, sets),
    evaluate's move is exactly choose's for the same seat, level and seed, and its figures
    cover the moves the search rated. (A level's time cap would make both depend on how busy
    the machine is: it is lifted here, so the same inputs must give the same move.)"""
    from engine.players import levels as L

    for name in L.LEVELS:
        monkeypatch.setitem(L.LEVELS, name, {**L.LEVELS[name], "time_cap": 0.0})
    phases: set[str] = set()
    positions = _positions(game, *SPREAD.get(game, (3, 6)))
    assert len(positions) >= 50
    for i, m in enumerate(positions):
        d = m.deal
        seed = i % 3
        ev = ai.evaluate(d, seed=seed)
        assert ev.move == ai.choose(d, seed=seed), (game, i, d.phase)
        _check(ev, d, game)
        phases.add(d.phase)
        if game == "bidding-kozel" and any(" " in mv for mv in d.legal_moves()):
            phases.add("sets")  # Bidding Kozel: a lead or a follow of three cards
        if i % 4 == 0:
            for level in ("easy", "normal"):
                ev2 = ai.evaluate(d, d.to_move, level, seed)
                assert ev2.move == ai.choose(d, d.to_move, level, seed), (game, i, level)
                _check(ev2, d, game)
    expected = (
        {"play"}
        | ({"bidding", "trump"} if game in ("batak", "batak-pairs") else set())
        | ({"trump"} if game == "kozel-classic" else set())
        | ({"sets"} if game == "bidding-kozel" else set())
    )
    assert phases == expected


@pytest.mark.parametrize("game", engine.available_games())
def test_search_rates_every_candidate(game: str) -> None:
    """At the first decision with a choice, the strong search rates the moves and every legal
    move is either rated or mapped to a rated one."""
    for m in _positions(game, 1, 1):
        d = m.deal
        if len(d.legal_moves()) > 2 and d.phase == "play":
            ev = ai.evaluate(d, seed=4)
            if ev.values:
                break
    else:
        pytest.fail("no rated position found")
    assert ev.by == "search" and ev.samples >= 8
    assert set(ev.values) | set(ev.same) == set(d.legal_moves())


def test_easy_level_rates_nothing() -> None:
    """The easy level is the baseline's rule: the move only, and a note saying why."""
    m = engine.new_match("koz-maca", seed=2)
    ev = ai.evaluate(m.deal, level="easy", seed=1)
    assert ev.move == ai.choose(m.deal, level="easy", seed=1)
    assert ev.by == "baseline" and ev.values == {} and ev.samples == 0 and ev.note


def test_forced_move() -> None:
    """A single legal move (the last card of the deal): forced, no figures."""
    d = engine.replay(LAST_TRICK).deal
    d.play("AC")
    while len(d.legal_moves()) > 1:
        d.play(engine.bots.choose(d, rng=0))
    ev = ai.evaluate(d)
    assert ev.forced and ev.by == "forced" and ev.values == {} and ev.samples == 0
    assert ev.move == d.legal_moves()[0] == ai.choose(d)


def test_batak_sure_winner_has_the_highest_value() -> None:
    """The declarer one trick short with two to go: the club ace makes 4 tricks and the
    contract, the diamond 3 and down. The values say so in tricks, the chance in certainty."""
    d = engine.replay(LAST_TRICK).deal
    ev = ai.evaluate(d)
    assert ev.move == "AC" == max(ev.values, key=ev.values.__getitem__)
    assert ev.values == {"3D": 3.0, "AC": 4.0}
    assert ev.chance == {"3D": 0.0, "AC": 1.0}
    assert ev.utility["AC"] > ev.utility["3D"]


def test_koz_maca_sure_winner_has_the_highest_value() -> None:
    rec = copy.deepcopy(LAST_TRICK)
    rec["game"] = "koz-maca"
    rec["deals"][0]["moves"] = rec["deals"][0]["moves"][5:]
    ev = ai.evaluate(engine.replay(rec).deal, seed=2)
    assert ev.move == "AC" and ev.values["AC"] > ev.values["3D"] + 0.9
    assert ev.chance == {}


def test_kozel_trumping_a_rich_trick_has_the_highest_values() -> None:
    """25 points on the trick and seat 0, last, has no heart: any trump takes them; every
    trump is worth more card points for the team than every plain card."""
    rows = hands(
        "7C AC JD AS QC QD 6D 7S KS",
        "JC AH KC 6C JH AD JS 9H 7H",
        "10H QS 9C 10D 7D 9D 10C 8C 6S",
        "KH KD 8S 10S 8D QH 9S 8H 6H",
    )
    d = position("kozel-miner", rows, dealer=0, moves=["AH", "10H", "KH"]).deal
    ev = ai.evaluate(d)
    trumps = {"7C", "QC", "AC", "JD"}
    assert ev.move in trumps
    low_trump = min(v for m, v in ev.values.items() if m in trumps)
    high_plain = max(v for m, v in ev.values.items() if m not in trumps)
    assert low_trump > high_plain + 15


def test_bidding_kozel_bura_has_the_highest_value() -> None:
    """A Bura nobody can beat takes the pot: 3 stakes (the pot of 4 minus the ante), sure."""
    ev = ai.evaluate(_bura_position().deal)
    assert ev.move == "KH 10H AH" and ev.values["KH 10H AH"] == 3.0
    assert ev.values["KH 10H AH"] == max(ev.values.values())


def test_trump_choice_values_per_suit() -> None:
    """Seven hearts headed by A K Q J: hearts is trump, and it has the most tricks."""
    m = position("batak", TRUMP_ROWS, dealer=3, moves=["bid 5", "pass", "pass", "pass"])
    ev = ai.evaluate(m.deal)
    assert ev.move == "trump H"
    assert set(ev.values) == {"trump S", "trump H", "trump D", "trump C"}
    assert ev.values["trump H"] == max(ev.values.values())
    assert ev.chance["trump H"] >= 0.9


def test_bids_rated_with_tricks_and_chance() -> None:
    """The forced dealer with a weak hand: every bid rated, 4 is chosen, and a higher bid is
    never more likely to be made."""
    m = position("batak", TRUMP_ROWS, dealer=2, moves=["pass", "pass", "pass"])
    d = m.deal
    ev = ai.evaluate(d)
    assert ev.move == "bid 4" == ai.choose(d)
    assert set(ev.values) == set(d.legal_moves())
    assert all(ev.detail[b].startswith("as declarer with trump") for b in ev.values)
    assert ev.utility["bid 4"] == max(ev.utility.values())


def test_touching_cards_are_the_same() -> None:
    """Seat 1 must follow the heart ace with J 10 9 8, which do the same in every world: no
    comparison, the others mapped to the card played."""
    rows = hands(
        "AS KS QS JS 10S AH QH AD KD QD AC KC QC",
        "9S 8S 7S JH 10H 9H 8H JD 10D 9D JC 10C 9C",
        "6S 5S KH 3H 8D 7D 6D 5D 8C 7C 6C 5C 4C",
        "4S 3S 2S 7H 6H 5H 4H 2H 4D 3D 2D 3C 2C",
    )
    m = position(
        "batak-pairs", rows, dealer=3, moves=["bid 7", "pass", "pass", "pass", "trump S", "AH"]
    )
    d = m.deal
    ev = ai.evaluate(d)
    assert ev.move == ai.choose(d) == "8H"
    assert ev.values == {} and ev.same == {"JH": "8H", "10H": "8H", "9H": "8H"}
    assert ev.note
    # The lead before: A K Q of diamonds and of clubs are rated once each.
    m = position("batak-pairs", rows, dealer=3, moves=["bid 7", "pass", "pass", "pass", "trump S"])
    ev = ai.evaluate(m.deal)
    assert ev.move == ai.choose(m.deal)
    assert ev.same["AD"] == ev.same["KD"] == "QD" and ev.same["AC"] == ev.same["KC"] == "QC"


@pytest.mark.slow
def test_rated_equivalent_cards_are_equal() -> None:
    """Where a card of a touching group is rated besides the one standing for it (the simple
    move joins the candidates), both have the same values: same worlds, same luck."""
    found = 0
    for game in ("koz-maca", "batak"):
        for m in _positions(game, 2, 3):
            d = m.deal
            if d.phase != "play":
                continue
            ev = ai.evaluate(d, seed=1)
            for c in ev.values:
                s = c[-1]
                for c2 in ev.values:
                    if c2 != c and c2[-1] == s and _touching(d, c, c2):
                        assert ev.values[c] == ev.values[c2], (c, c2, ev)
                        found += 1
    assert found  # the case occurs


def _touching(d: Deal, a: str, b: str) -> bool:
    """No unseen card of the suit between a and b for the seat to move."""
    seat = d.to_move
    assert seat is not None
    known = (
        set(d.hand_of(seat))
        | {c for t in d.tricks for _, c in t["plays"]}
        | {c for _, c in d.trick}
    )
    lo, hi = sorted((parse_card(a) & 15, parse_card(b) & 15))
    suit = parse_card(a) >> 4
    return all(card_str((suit << 4) | r) in known for r in range(lo + 1, hi))


def test_bad_input_raises_like_choose() -> None:
    m = engine.new_match("koz-maca", seed=1)
    d = m.deal
    other = (d.to_move + 1) % 4
    with pytest.raises(ValueError):
        ai.evaluate(d, seat=other)
    with pytest.raises(ValueError):
        ai.evaluate(d, level="grandmaster")
    rec = engine.replay(LAST_TRICK)
    while len(rec.deals) == 1 and not rec.is_over:
        rec.play(engine.bots.choose(rec.deal, rng=0))
    over = rec.deals[0]
    assert over.to_move is None
    with pytest.raises(ValueError):
        ai.choose(over)
    with pytest.raises(ValueError):
        ai.evaluate(over)
