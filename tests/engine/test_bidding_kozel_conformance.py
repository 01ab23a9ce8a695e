"""Bidding Kozel conformance: random legal matches for 2, 3, 4 and 5 players.

- every card is in exactly one place (hands, stock, the trick, won piles, dead cards);
- legal moves are non-empty and free of repeats until the round is over;
- an illegal or malformed move raises engine.IllegalMove and changes nothing;
- replay(m.record()) reproduces the state and the totals; the same seed gives the same match;
- bankrolls plus the pot always hold every stake (a remainder lost at match end aside);
- the per-seat view never shows captured points during a round.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import engine
from engine.cards import CARD_STR, DECK_36, parse_card
from engine.games.bidding_kozel import BiddingKozelDeal
from tests import reference_bidding_kozel
from tests.helpers import state

GAME = "bidding-kozel"


def check_places(d: BiddingKozelDeal) -> None:
    """Every card of the deck is in exactly one place, and the won piles match the tricks."""
    seen = [c for s in d.active for c in d._hands[s]]
    seen += [parse_card(c) for c in d.stock + d.dead]
    seen += [c for _, a in d._trick for c in ((a,) if isinstance(a, int) else a)]
    seen += [parse_card(c) for p in d.piles for c in p]
    assert sorted(seen) == sorted(DECK_36)
    assert all(not d._hands[s] for s in range(d.players) if s not in d.active)
    # Everyone plays as many cards to a trick, so hands differ only by the plays of this trick.
    assert len({len(d._hands[s]) for s in d.active}) <= 2


def bad_moves(d: BiddingKozelDeal, rng: random.Random) -> list[str]:
    """Malformed and illegal candidates: foreign cards, wrong counts, mixed-suit leads."""
    seat = d.to_move
    assert seat is not None
    hand = [CARD_STR[c] for c in d._hands[seat]]
    out = [CARD_STR[c] for c in rng.sample(DECK_36, 3)]
    out += ["", "pass", "bid 7", "ZZ", "6H 6H 6H", " ".join(hand[:2])]
    if len(hand) == 4:
        out.append(" ".join(hand))
    if len(hand) >= 3:
        out.append(" ".join(rng.sample(hand, 3)))
    out.append(rng.choice(hand))
    legal = set(d.legal_moves())
    return [mv for mv in out if _canon(d, mv) not in legal]


def _canon(d: BiddingKozelDeal, mv: str) -> str | None:
    """The canonical text of a well-formed move (None when malformed)."""
    try:
        return d.action_str(d.parse_action(mv))
    except engine.IllegalMove:
        return None


def stakes_held(m: engine.Match) -> int:
    """Bankrolls plus the pot, counting the antes of a round in progress once."""
    d = m.deal
    assert isinstance(d, BiddingKozelDeal)
    if d.phase == "over":
        return sum(m.totals) + m.info.get("pot", 0) + m.info.get("lost", 0)
    return sum(m.totals) - sum(d.antes) + d.pot


def run(players: int, seed: int, rounds: int = 4, probe: bool = True) -> engine.Match:
    rng = random.Random(seed)
    probe_rng = random.Random(seed + 7)
    m = engine.new_match(
        GAME, seed=seed, players=players, options={"rounds": rounds, "bankroll": 3}
    )
    total = 3 * players
    steps = 0
    while not m.is_over:
        d = m.deal
        assert isinstance(d, BiddingKozelDeal)
        check_places(d)
        assert stakes_held(m) == total
        moves = d.legal_moves()
        assert moves and len(moves) == len(set(moves)), d.phase
        if probe and steps % 5 == 0:
            for seat in range(players):
                text = json.dumps(m.view(seat))
                assert "points" not in text
            for bad in bad_moves(d, probe_rng):
                before = state(m)
                with pytest.raises(engine.IllegalMove):
                    m.play(bad)
                assert state(m) == before
        if probe and steps % 23 == 0:
            r = engine.replay(m.record())
            assert state(r) == state(m) and r.info == m.info
        m.play(rng.choice(moves))
        steps += 1
        if d.phase == "over":
            check_places(d)
            r = d.result
            assert r is not None
            assert sum(r["points"]) <= 120 and r["reason"] in ("points", "tie", "bura", "four_aces")
            assert d.legal_moves() == [] and d.to_move is None
            assert sum(r["delta"]) == -r["remainder"] + (r["pot"] - sum(r["antes"]))
    assert stakes_held(m) == total
    assert m.totals == [
        3 + sum(d.result["delta"][s] for d in m.deals)  # type: ignore[index]
        for s in range(players)
    ]
    top = max(m.totals)
    assert m.winners == [s for s in range(players) if m.totals[s] == top]
    return m


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_matches_keep_the_invariants(players: int) -> None:
    for seed in range(3):
        m = run(players, seed)
        r = engine.replay(m.record())
        assert state(r) == state(m) and r.totals == m.totals and r.info == m.info
        assert run(players, seed, probe=False).record() == m.record()


@pytest.mark.parametrize("players", [3, 5])
def test_long_matches_end_with_players_out(players: int) -> None:
    """Matches with small bankrolls go on until fewer than two can ante."""
    ended_early = 0
    for seed in range(6):
        m = run(players, 100 + seed, rounds=60, probe=False)
        assert m.is_over
        if len(m.deals) < 60:
            ended_early += 1
            assert sum(1 for t in m.totals if t >= 1) < 2
    assert ended_early


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_plain_reading_of_the_rules_agrees(players: int) -> None:
    """Random and baseline-played rounds are legal and end alike under an independent, plain
    reading of RULES.md §3 (tests/reference_bidding_kozel.py)."""
    for seed in range(25):
        m = engine.new_match(GAME, seed=seed, players=players, options={"rounds": 3, "bankroll": 2})
        rng = random.Random(seed)
        while not m.is_over:
            d = m.deal
            if seed % 2:
                m.play(rng.choice(d.legal_moves()))
            else:
                m.play(engine.bots.choose(d, rng=rng))
        for d, setup in zip(m.deals, m.record()["deals"]):
            r = d.result
            assert r is not None
            want = {k: r[k] for k in ("tricks", "points", "reason", "pot_winners")}
            assert reference_bidding_kozel.check_deal(setup, players) == want


GOLDEN = sorted((Path(__file__).resolve().parents[1] / "golden").glob("bidding-kozel-*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_records_match_the_plain_reading(path: Path) -> None:
    """The golden Bidding Kozel records (tests/golden) end as the plain reading says."""
    data = json.loads(path.read_text())
    rec = data["record"]
    m = engine.replay(rec)
    for d, setup, want in zip(m.deals, rec["deals"], data["results"]):
        got = reference_bidding_kozel.check_deal(setup, rec["players"])
        assert d.result is not None and got["points"] == want["points"]
        assert got["pot_winners"] == d.result["pot_winners"]
