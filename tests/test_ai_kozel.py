"""Positions of judgment and no-cheating checks for the strong player in Kozel and Bidding
Kozel (records with given hands)."""

from __future__ import annotations

import random

import pytest

import engine
from engine import ai
from engine.cards import DECK_36, card_str, parse_card
from engine.kozel import POINTS

from .helpers import hands, position, record


def test_kozel_smears_points_on_the_partners_sure_trick() -> None:
    """Partner (seat 0) led the mat, the top trump: the trick is ours whatever comes. Seat 2
    has no trump and may play anything: it gives a card worth 10 or 11."""
    rows = hands("JC 6C AC 10C KC QC 9C 8C 7C", "JS JH AH KH QH 6D 8D 6S 8S",
                 "10H 9H 8H 10D 9D 7D AS 10S 7S", "JD 6H 7H AD KD QD 9S QS KS")
    m = position("kozel-miner", rows, dealer=3, moves=["6C", "JH"])
    d = m.deal
    assert d.to_move == 2 and d.trump == "C"
    for seed in range(3):
        mv = ai.choose(d, seed=seed)
        assert POINTS[parse_card(mv)] >= 10, mv


def _bura_position() -> engine.Match:
    rows = hands("AH 10H KH 6S", "AS 10S KS QS", "AD 10D KD QD", "AC 10C KC QC")
    used = {parse_card(c) for r in rows for c in r} | {parse_card("7H")}
    stock = [card_str(c) for c in DECK_36 if c not in used] + ["7H"]
    return engine.replay(record("bidding-kozel", rows, dealer=3, stock=stock))


def test_bidding_kozel_leads_a_bura_with_three_winning_trumps() -> None:
    """Holding A 10 K of trump (hearts, the 7H turned up), the leader plays them together: a
    Bura nobody can beat takes the pot at once."""
    d = _bura_position().deal
    assert d.to_move == 0 and d.trump == "H"
    for seed in range(3):
        assert ai.choose(d, seed=seed) == "KH 10H AH"


def _kozel_alt(m: engine.Match, seat: int, rng: random.Random) -> engine.Match | None:
    from engine.ai_kozel import sample_worlds
    d = m.deal
    world = sample_worlds(d, seat, 1, rng)[0]  # type: ignore[arg-type]
    played: list[list[str]] = [[] for _ in range(4)]
    for _, plays, _w in d._tricks:
        for s, c in plays:
            played[s].append(card_str(c))
    for s, c in d._trick:
        played[s].append(card_str(c))
    rec = m.record()
    rec["deals"][-1]["hands"] = [played[s] + [card_str(c) for c in world[s]] for s in range(4)]
    try:
        alt = engine.replay(rec)
    except ValueError:
        return None
    return alt if alt.deal.phase != "over" and len(alt.deals) == len(m.deals) else None


@pytest.mark.parametrize("game,moves", [("kozel-miner", 5), ("kozel-miner", 14),
                                        ("kozel-classic", 1), ("kozel-classic", 9)])
def test_no_cheating_kozel(game: str, moves: int) -> None:
    """Other hands consistent with the seat's view (voids, the marker) give the same moves."""
    m = engine.new_match(game, seed=21)
    rng = random.Random(2)
    for _ in range(moves):
        m.play(engine.bots.choose(m.deal, rng=rng))
    seat = m.deal.to_move
    assert seat is not None
    want = [ai.choose(m.deal, level="normal", seed=s) for s in range(2)]
    checked = 0
    for _ in range(12):
        alt = _kozel_alt(m, seat, rng)
        if alt is None:
            continue  # a redeal-worthy hand: not a playable alternative
        assert alt.deal.hands[seat] == m.deal.hands[seat]
        assert [ai.choose(alt.deal, level="normal", seed=s) for s in range(2)] == want
        checked += 1
        if checked == 2:
            break
    assert checked


@pytest.mark.parametrize("moves", [0, 5, 11])
def test_no_cheating_bidding_kozel(moves: int) -> None:
    """Shuffling the other hands and the stock (the turned-up card stays at the bottom) among
    themselves leaves the seat's view, and so its move, unchanged."""
    m = engine.new_match("bidding-kozel", seed=8)
    rng = random.Random(4)
    for _ in range(moves):
        m.play(engine.bots.choose(m.deal, rng=rng))
    d = m.deal
    seat = d.to_move
    assert seat is not None
    want = [ai.choose(d, level="normal", seed=s) for s in range(2)]
    for k in range(2):
        alt = d.clone()
        others = [s for s in range(d.players) if s != seat]
        stock_free = alt._stock[alt._drawn:-1] if alt.stock_size else []
        pool = [c for s in others for c in alt._hands[s]] + stock_free
        random.Random(k).shuffle(pool)
        i = 0
        for s in others:
            n = len(alt._hands[s])
            alt._hands[s] = pool[i:i + n]
            i += n
        if alt.stock_size:
            alt._stock = alt._stock[:alt._drawn] + pool[i:] + [alt._stock[-1]]
        alt.points = [7] * alt.players  # captured points are hidden too
        assert [ai.choose(alt, level="normal", seed=s) for s in range(2)] == want
