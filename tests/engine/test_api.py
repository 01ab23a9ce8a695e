"""The public API contract and bad input: clear errors, never a changed state."""

from __future__ import annotations

import json
import random

import pytest

import engine
from tests.engine.test_batak_rules import DEAL_B
from tests.helpers import hands, position, record, state


def test_games_tuple() -> None:
    """engine.GAMES names the six games in a fixed order."""
    assert engine.GAMES == (
        "koz-maca",
        "batak",
        "batak-pairs",
        "kozel-miner",
        "kozel-classic",
        "bidding-kozel",
    )
    for g in engine.available_games():
        info = engine.GAME_INFO[g]
        assert info["title"] and info["summary"] and info["rules"]


def test_match_surface() -> None:
    """A match exposes players, options, deal, deals, totals, is_over, winners."""
    m = engine.new_match("batak", seed=7)
    assert m.players == 4 and m.options == {"hands": 10}
    assert m.deals == [m.deal] and m.totals == [0, 0, 0, 0]
    assert not m.is_over and m.winners == []
    d = m.deal
    assert d.phase == "bidding" and d.to_move == (d.dealer + 1) % 4
    assert d.trump is None and d.tricks == [] and d.result is None
    assert sorted(len(h) for h in d.hands) == [13] * 4


def test_ten_notation() -> None:
    """Cards are written rank then suit; T is accepted for ten on input, output is always 10."""
    m = position("koz-maca", DEAL_B, 3)
    m.play("TC")
    assert m.deal.trick == [[0, "10C"]]
    assert m.record()["deals"][0]["moves"] == ["10C"]


def test_unknown_game_and_options() -> None:
    """An unknown game, option name or option value raises a ValueError naming it."""
    with pytest.raises(ValueError, match="There is no game 'poker'"):
        engine.new_match("poker")
    with pytest.raises(engine.RulesError, match="no option 'speed'"):
        engine.new_match("batak", options={"speed": 3})
    with pytest.raises(engine.RulesError, match="'hands' cannot be 7"):
        engine.new_match("koz-maca", options={"hands": 7})
    with pytest.raises(engine.RulesError, match="players"):
        engine.new_match("batak", players=3)
    assert engine.parse_options("koz-maca", {"hands": "5"}) == {"hands": 5}


def test_illegal_and_malformed_moves_change_nothing() -> None:
    """An illegal or malformed move raises IllegalMove (a ValueError) with a reason; nothing changes."""
    m = position("koz-maca", DEAL_B, 3)
    for bad in ("XX", "", "11H", "AS", "bid 5", "pass", "trump H", "2S"):
        before = state(m)
        with pytest.raises(engine.IllegalMove) as exc:
            m.play(bad)
        assert isinstance(exc.value, ValueError) and str(exc.value)
        assert state(m) == before
    assert "not in your hand" in m.deal.why_illegal("AS")  # type: ignore[operator]
    assert m.deal.why_illegal("2D") is None


def test_record_is_json_and_replays_exactly() -> None:
    """m.record() is JSON-safe and replay() reproduces the match exactly."""
    m = engine.new_match("batak", seed=3, options={"hands": 3})
    for _ in range(80):
        m.play(engine.bots.choose(m.deal, rng=1))
    rec = json.loads(json.dumps(m.record()))
    r = engine.replay(rec)
    assert r.record() == m.record() and r.totals == m.totals
    assert r.deal.hands == m.deal.hands and r.deal.phase == m.deal.phase


def test_record_without_hands_deals_from_seed() -> None:
    """A record deal without hands is dealt from the seed, as in the live match."""
    m = engine.new_match("koz-maca", seed=5)
    for _ in range(10):
        m.play(m.deal.legal_moves()[0])
    rec = m.record()
    for d in rec["deals"]:
        del d["hands"]
    assert engine.replay(rec).record() == m.record()


@pytest.mark.parametrize(
    "mutate, words",
    [
        (lambda r: r.update(game="chess"), "no game 'chess'"),
        (lambda r: r.update(deals="x"), "'deals' must be a list"),
        (lambda r: r.update(seed="x"), "'seed'"),
        (lambda r: r.update(options={"hands": 2}), "'hands' cannot be 2"),
        (lambda r: r.update(colour="red"), "unknown field.s.: colour"),
        (lambda r: r["deals"][0].update(dealer=9), "dealer"),
        (lambda r: r["deals"][0]["hands"][0].pop(), "has 12 cards"),
        (lambda r: r["deals"][0]["hands"][0].__setitem__(0, "3S"), "dealt twice"),
        (lambda r: r["deals"][0]["hands"][0].__setitem__(0, "ZZ"), "not a card"),
        (
            lambda r: r["deals"][0].update(moves=["5D", "3D"]),
            "Deal 1, move 2 '3D': You must play higher than 5♦",
        ),
        (lambda r: r["deals"][0].update(moves=[5]), "'moves' must be a list"),
        (lambda r: r["deals"][0].update(stock=[]), "Deal 1: Unknown deal field.s.: stock"),
    ],
)
def test_malformed_records_name_the_problem(mutate: object, words: str) -> None:
    """A malformed record raises a RecordError (a ValueError) naming the problem."""
    rec = record("koz-maca", [list(h) for h in DEAL_B], 3)
    mutate(rec)  # type: ignore[operator]
    with pytest.raises(engine.RecordError, match=words.replace("(", r"\(")):
        engine.replay(rec)
    with pytest.raises(ValueError):
        engine.replay(rec)


def test_not_a_record() -> None:
    """Something that is not a record object is rejected with a message."""
    for bad in (None, [], "{}", {"deals": []}):
        with pytest.raises(engine.RecordError):
            engine.replay(bad)


def test_moves_after_match_over() -> None:
    """No move is accepted once the match is over."""
    m = engine.new_match("koz-maca", seed=2, options={"hands": 5})
    while not m.is_over:
        m.play(m.deal.legal_moves()[0])
    assert m.deal.to_move is None and m.deal.legal_moves() == []
    with pytest.raises(engine.IllegalMove, match="over"):
        m.play("AS")


def test_view_hides_other_hands() -> None:
    """A seat's view shows its own hand and only the sizes of the others."""
    m = position("koz-maca", DEAL_B, 3)
    v = m.view(1)
    assert v["hand"] == m.deal.hands[1]
    assert v["hand_sizes"] == [13, 13, 13, 13]
    text = json.dumps(v)
    for seat in (0, 2, 3):
        for c in DEAL_B[seat]:
            assert f'"{c}"' not in text
    assert v["legal_moves"] == [] and m.view(0)["legal_moves"] == m.deal.legal_moves()


def test_hands_helper_deal_is_proper() -> None:
    """The test deals are proper 52-card deals (guards the fixtures themselves)."""
    cards = [c for h in DEAL_B for c in h]
    assert len(cards) == len(set(cards)) == 52
    assert hands("AS KS") == [["AS", "KS"]]


@pytest.mark.parametrize("with_hands", [True, False])
def test_unknown_deal_field_is_refused_with_or_without_hands(with_hands: bool) -> None:
    """An unknown field inside a record's deal is refused, naming it, whether or not the deal
    lists its hands (as unknown top-level fields are)."""
    m = engine.new_match("batak", seed=4)
    rec = m.record()
    if not with_hands:
        del rec["deals"][0]["hands"]
    rec["deals"][0]["colour"] = "red"
    with pytest.raises(engine.RecordError, match="Deal 1: Unknown deal field.s.: colour"):
        engine.replay(rec)


def test_options_must_be_a_mapping() -> None:
    """Options given as a list are refused with a sentence saying what options are."""
    with pytest.raises(engine.RulesError, match="options are a mapping of option names"):
        engine.new_match("batak", options=[1, 2])  # type: ignore[arg-type]


def test_bidding_kozel_winners_is_a_query() -> None:
    """Asking a finished Bidding Kozel match for its winners changes nothing: the pot left over
    is settled when the last round is scored."""
    m = engine.new_match("bidding-kozel", seed=2, options={"rounds": 2})
    rng = random.Random(2)
    while not m.is_over:
        m.play(engine.bots.choose(m.deal, rng=rng))
    before = (dict(m.info), list(m.totals))
    assert m.rules.winners(m) == m.winners
    assert m.rules.winners(m) == m.winners
    assert (dict(m.info), list(m.totals)) == before
    assert m.info["pot"] == 0 and "lost" in m.info
