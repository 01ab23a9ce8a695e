"""Positions of judgment and no-cheating checks for the strong player in Kozel and Bidding
Kozel (records with given hands)."""

from __future__ import annotations

import random

import pytest

import engine
from engine import ai
from engine.cards import DECK_36, card_str, parse_card
from engine.games.kozel import POINTS
from tests.helpers import hands, position, record


def test_kozel_smears_points_on_the_partners_sure_trick() -> None:
    """Partner (seat 0) led the mat, the top trump: the trick is ours whatever comes. Seat 2
    has no trump and may play anything: it gives a card worth 10 or 11."""
    rows = hands(
        "JC 6C AC 10C KC QC 9C 8C 7C",
        "JS JH AH KH QH 6D 8D 6S 8S",
        "10H 9H 8H 10D 9D 7D AS 10S 7S",
        "JD 6H 7H AD KD QD 9S QS KS",
    )
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


def test_kozel_miner_gives_no_points_to_the_opponents_mat() -> None:
    """Seat 1 led the mat, the top trump: the trick is the opponents' whatever comes. Seat 2
    has no trump and may play anything: it gives a card worth nothing, not its ace or ten."""
    rows = hands(
        "AD 10C KD 8H KH 9H KS 7S 8C",
        "JC 6C AS JH QH 8D QC 9C JS",
        "AH 10S 7D 8S 7H 6S 9S QD 6D",
        "AC 7C KC JD 10H QS 9D 10D 6H",
    )
    m = position("kozel-miner", rows, dealer=0, moves=["6C"])
    d = m.deal
    assert d.to_move == 2 and d.trump == "C" and len(d.legal_moves()) == 9
    for seed in range(3):
        mv = ai.choose(d, seed=seed)
        assert POINTS[parse_card(mv)] == 0, mv


def test_kozel_miner_trumps_a_trick_full_of_points() -> None:
    """Ace, ten and king of hearts (25 points) lie on the trick and seat 0, last to play, has
    no heart: any trump takes them, while a plain card hands them to the opponents."""
    rows = hands(
        "7C AC JD AS QC QD 6D 7S KS",
        "JC AH KC 6C JH AD JS 9H 7H",
        "10H QS 9C 10D 7D 9D 10C 8C 6S",
        "KH KD 8S 10S 8D QH 9S 8H 6H",
    )
    m = position("kozel-miner", rows, dealer=0, moves=["AH", "10H", "KH"])
    d = m.deal
    assert d.to_move == 0 and d.trump == "C" and len(d.legal_moves()) == 9
    for seed in range(3):
        assert ai.choose(d, seed=seed) in ("7C", "QC", "AC", "JD")


CLASSIC_H = {"trump": "H"}


def test_kozel_classic_smears_points_on_the_partners_shamok() -> None:
    """Partner (seat 0) led the shamok, the top trump: the trick is ours. Seat 2 has no trump
    and may play anything: it gives an ace or a ten."""
    rows = hands(
        "6C QC JC AH 10H KD", "JS QS AD 10D 6S KC", "AS 10S KS 6D AC 10C", "QH QD JH JD KH 6H"
    )
    m = position("kozel-classic", rows, dealer=3, moves=["6C", "JS"], options=CLASSIC_H)
    d = m.deal
    assert d.to_move == 2 and d.trump == "H" and len(d.legal_moves()) == 6
    for seed in range(3):
        mv = ai.choose(d, seed=seed)
        assert POINTS[parse_card(mv)] >= 10, mv


def test_kozel_classic_last_to_play_smears_the_lone_ten() -> None:
    """Partner's ace of spades holds the trick and seat 2 plays last with no plain spade. The
    ten of clubs stands alone with the ace of clubs out, so it would likely be lost later:
    give its 10 points to the partner now."""
    rows = hands(
        "AS QC JS 6H AD 10D", "6S QH 10H KH AC KC", "10C 6D KD JD QD QS", "JC KS 10S JH AH 6C"
    )
    m = position("kozel-classic", rows, dealer=2, moves=["KS", "AS", "6S"], options=CLASSIC_H)
    d = m.deal
    assert d.to_move == 2 and len(d.legal_moves()) == 6
    for seed in range(3):
        assert ai.choose(d, seed=seed) == "10C"


def test_kozel_classic_trumps_a_trick_full_of_points() -> None:
    """Ace, king and ten of spades (25 points) lie on the trick and seat 0, last to play, has
    no plain spade: a trump (the six of hearts or the queen of diamonds) takes them."""
    rows = hands(
        "6H QD AD 10D KD AC", "JC AS QC JH 10H 6C", "KS 6D QS JS 10C KC", "10S 6S QH JD AH KH"
    )
    m = position("kozel-classic", rows, dealer=0, moves=["AS", "KS", "10S"], options=CLASSIC_H)
    d = m.deal
    assert d.to_move == 0 and len(d.legal_moves()) == 6
    for seed in range(3):
        assert ai.choose(d, seed=seed) in ("6H", "QD")


def _bidding_kozel(rows: list[list[str]], turned: str, moves: list[str]) -> engine.Match:
    used = {parse_card(c) for r in rows for c in r} | {parse_card(turned)}
    stock = [card_str(c) for c in DECK_36 if c not in used] + [turned]
    return engine.replay(record("bidding-kozel", rows, dealer=3, moves=moves, stock=stock))


def test_bidding_kozel_takes_the_ace_with_a_small_trump() -> None:
    """The spade ace (11 points) leads the trick and seat 3, last to play, holds the six of
    trumps: it takes the trick and the lead instead of throwing a card to seat 0."""
    d = _bidding_kozel(
        hands("AS 9D 8C 7S", "7D JC QS 8S", "8D 6C 9S JD", "6H 6S 7C 9C"), "7H", ["AS", "7D", "8D"]
    ).deal
    assert d.to_move == 3 and d.trump == "H"
    for seed in range(3):
        assert ai.choose(d, seed=seed) == "6H"


def test_bidding_kozel_throws_no_points_under_the_trump_ace() -> None:
    """Seat 0 led the ace of trumps, which nothing beats: seat 1 must give a card to that
    trick, so it gives one worth nothing and keeps its spade ace and ten."""
    d = _bidding_kozel(
        hands("AH 9D 8C 7S", "AS 10S 6D 7C", "8D 6C 9S JD", "QH 6S KC 9C"), "7H", ["AH"]
    ).deal
    assert d.to_move == 1 and d.trump == "H"
    for seed in range(3):
        mv = ai.choose(d, seed=seed)
        assert POINTS[parse_card(mv)] == 0, mv


def _kozel_alt(m: engine.Match, seat: int, rng: random.Random) -> engine.Match | None:
    from engine.players.kozel_search import sample_worlds

    d = m.deal
    world = sample_worlds(d.observation(seat), 1, rng)[0]  # type: ignore[arg-type]
    played: list[list[str]] = [[] for _ in range(4)]
    for tr in d.tricks:
        for s, c in tr["plays"]:
            played[s].append(c)
    for s, c in d.trick:
        played[s].append(c)
    rec = m.record()
    rec["deals"][-1]["hands"] = [played[s] + [card_str(c) for c in world[s]] for s in range(4)]
    try:
        alt = engine.replay(rec)
    except ValueError:
        return None
    return alt if alt.deal.phase != "over" and len(alt.deals) == len(m.deals) else None


@pytest.mark.parametrize(
    "game,moves",
    [("kozel-miner", 5), ("kozel-miner", 14), ("kozel-classic", 1), ("kozel-classic", 9)],
)
@pytest.mark.slow
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
        stock_free = alt._stock[alt._drawn : -1] if alt.stock_size else []
        pool = [c for s in others for c in alt._hands[s]] + stock_free
        random.Random(k).shuffle(pool)
        i = 0
        for s in others:
            n = len(alt._hands[s])
            alt._hands[s] = pool[i : i + n]
            i += n
        if alt.stock_size:
            alt._stock = alt._stock[: alt._drawn] + pool[i:] + [alt._stock[-1]]
        alt.points = [7] * alt.players  # captured points are hidden too
        assert [ai.choose(alt, level="normal", seed=s) for s in range(2)] == want


def test_kozel_classic_gives_nothing_to_the_opponents_shamok() -> None:
    """Seat 1 led the shamok, the top trump: the trick is the opponents' whatever comes. Seat 2
    has no trump and may play anything: it gives the 6 of diamonds (no points), not a king,
    ten or ace."""
    rows = hands(
        "QS JS AH KD 6S KC", "6C QC JC 10H QH 6H", "AS 10S KS 6D AC 10C", "QD JH JD KH AD 10D"
    )
    m = position("kozel-classic", rows, dealer=0, moves=["6C"], options=CLASSIC_H)
    d = m.deal
    assert d.to_move == 2 and d.trump == "H" and len(d.legal_moves()) == 6
    for seed in range(3):
        assert ai.choose(d, seed=seed) == "6D"
