"""Kozel Miner and Classic: one test per rule of RULES.md §2 (its docstring states the rule).

Positions come from records with given hands (`engine.replay`), so every position is exact.
Whole-cycle outcomes for the penalty tables are in `test_kozel_golden.py`.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine.cards import DECK_24, DECK_32, DECK_36, kozel_points, parse_card
from engine.games.kozel import KozelDeal, miner_tables
from tests.engine.test_kozel_golden import GOLDEN, as_record, split_moves

MINER, CLASSIC = "kozel-miner", "kozel-classic"
PAIRED_AT_0 = {0: "C", 1: "S", 2: "H", 3: "D"}  # Miner pairing when seat 0 held J♣ first
PAIRED_AT_1 = {0: "D", 1: "C", 2: "S", 3: "H"}


def rec(
    game: str,
    rows: list[str],
    moves: str = "",
    options: dict[str, Any] | None = None,
    dealer: int = 3,
    seed: int = 0,
    **extra: Any,
) -> dict[str, Any]:
    deal: dict[str, Any] = {
        "dealer": dealer,
        "hands": [r.split() for r in rows],
        "moves": split_moves(moves),
    }
    deal.update(extra)
    return {"game": game, "seed": seed, "options": dict(options or {}), "deals": [deal]}


def pos(
    game: str, rows: list[str], moves: str = "", options: dict[str, Any] | None = None, **kw: Any
) -> engine.Match:
    return engine.replay(rec(game, rows, moves, options, **kw))


def kdeal(m: engine.Match, i: int = -1) -> KozelDeal:
    d = m.deals[i]
    assert isinstance(d, KozelDeal)
    return d


def play(m: engine.Match, moves: str) -> None:
    for mv in split_moves(moves):
        m.play(mv)


def finish_deal(m: engine.Match) -> KozelDeal:
    """Plays the current deal out with the first legal move of every seat."""
    d = kdeal(m)
    while d.phase != "over":
        m.play(d.legal_moves()[0])
    return d


# Classic, 24 cards, trump ♥ (fixed by the table). Seat 0 holds the marker J♣.
C1 = ["JC QS AH 10H 6S KD", "6C QD AS KS 10D 6H", "QC JS KH AD 6D 10C", "QH JH JD AC KC 10S"]
# As C1, but Q♣ sits with seat 3, the partner of the shamok (6♣) holder.
C2 = ["JC QS AH 10H 6S KD", "6C QD AS KS 10D 6H", "QH JS KH AD 6D 10C", "QC JH JD AC KC 10S"]
# Classic, trump ♥: seat 1's only plain card is A♠.
C3 = ["JC 6S KD 10D AD 10C", "AS 6C QD QH JH 6H", "QC QS JS AH 10S 6D", "JD KS 10H KH KC AC"]
# Classic, trump ♥: seat 0 holds the six best trumps but Q♦, which its partner holds.
C_SWEEP = ["6C QC QS QH JC AH", "10H 10S KS 6S 10D AC", "QD JS JH JD AS AD", "KH 6H KD 6D 10C KC"]
# Miner (first cycle: seat 0 holds J♣, so clubs are trump): seat 0 holds the nine best trumps.
M_SWEEP = [
    "6C JC JS JH JD AC 10C KC QC",
    "9C AS 10S KS QS 9S 8S 7S 6S",
    "8C AH 10H KH QH 9H 8H 7H 6H",
    "7C AD 10D KD QD 9D 8D 7D 6D",
]
# Miner: seat 0 holds eight top trumps and 6♠; team 1 takes only a zero-point trick.
M_ZERO = [
    "6C JC JS JH JD AC 10C KC 6S",
    "9S QC AH 10H KH QH 9H 8H 7H",
    "8S 9C AS 10S KS QS 6H 9D 10D",
    "7S 8C 7C KD QD AD 8D 7D 6D",
]
M_ZERO_MOVES = (
    "6C QC 9C 8C  JC AH AS 7C  JS 10H 10S KD  JH KH KS QD  JD QH QS AD  "
    "AC 9H 6H 8D  10C 8H 9D 7D  KC 7H 10D 6D  6S 9S 8S 7S"
)
H = {"trump": "H"}


# --- cards, points, ladders -------------------------------------------------------------------


def test_card_points_total_120_in_every_deck() -> None:
    """Card points A 11, 10 10, K 4, Q 3, J 2, others 0, whatever the suit: 120 a deck."""
    for deck in (DECK_24, DECK_32, DECK_36):
        assert sum(kozel_points(c) for c in deck) == 120
    assert [kozel_points(parse_card(c)) for c in ["AH", "10S", "KD", "QC", "JH", "9S", "6C"]] == [
        11,
        10,
        4,
        3,
        2,
        0,
        0,
    ]


def _classic_ladder(deck: int, x: str) -> list[str]:
    shamok = "6C" if deck == 24 else "7C"
    own = "A 10 K 6" if deck == 24 else "A 10 K 9 8 7"
    cards = (
        [shamok] + ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD"] + [r + x for r in own.split()]
    )
    return [c for i, c in enumerate(cards) if c not in cards[:i]]  # clubs: one card shorter


@pytest.mark.parametrize("deck", [24, 32])
@pytest.mark.parametrize("x", ["C", "S", "H", "D"])
def test_classic_ladders(deck: int, x: str) -> None:
    """Classic ladder for trump X: shamok (6♣ with 24 cards, 7♣ with 32) > Q♣ Q♠ Q♥ Q♦ >
    J♣ J♠ J♥ J♦ > X's own A 10 K 6 (24) or A 10 K 9 8 7 (32); one card shorter for clubs."""
    m = engine.new_match(CLASSIC, seed=1, options={"deck": deck, "trump": x})
    d = kdeal(m)
    assert d.trump == x
    want = _classic_ladder(deck, x)
    assert d.ladder == want
    assert (
        len(want)
        == {(24, False): 13, (24, True): 12, (32, False): 15, (32, True): 14}[(deck, x == "C")]
    )


@pytest.mark.parametrize("deck", [24, 32])
def test_classic_plain_suits(deck: int) -> None:
    """Classic plain suits: A 10 K 6 (24) or A 10 K 9 8 7 (32); plain ♣ lacks the shamok."""
    d = kdeal(engine.new_match(CLASSIC, seed=1, options={"deck": deck, "trump": "H"}))
    order = "A 10 K 6" if deck == 24 else "A 10 K 9 8 7"
    assert d.plain_order("S") == [r + "S" for r in order.split()]
    assert d.plain_order("D") == [r + "D" for r in order.split()]
    assert d.plain_order("C") == [r + "C" for r in order.split()[:-1]]
    assert d.plain_order("H") == []


@pytest.mark.parametrize("x", ["C", "S", "H", "D"])
def test_miner_ladders(x: str) -> None:
    """Miner ladder: 6 of trump (mat) > J♣ J♠ J♥ J♦ > A 10 K Q 9 8 7 of trump (12 trumps);
    plain suits A 10 K Q 9 8 7 6 (no Jack)."""
    t = miner_tables("SHDC".index(x))
    want = (
        ["6" + x] + ["JC", "JS", "JH", "JD"] + [r + x for r in ["A", "10", "K", "Q", "9", "8", "7"]]
    )
    assert [engine.cards.CARD_STR[c] for c in t.ladder] == want
    for s in "SHDC".replace(x, ""):
        assert [engine.cards.CARD_STR[c] for c in t.plain["SHDC".index(s)]] == [
            r + s for r in ["A", "10", "K", "Q", "9", "8", "7", "6"]
        ]


def test_miner_first_cycle_ladder_from_a_record() -> None:
    """In Miner's first cycle the marker holder is paired with ♣, so clubs are trump."""
    d = kdeal(pos(MINER, M_SWEEP))
    assert d.trump == "C" and d.owner == 0
    assert d.ladder == ["6C", "JC", "JS", "JH", "JD", "AC", "10C", "KC", "QC", "9C", "8C", "7C"]


def _expected_winner(d: KozelDeal, trick: dict[str, Any]) -> int:
    """The trick winner computed from the written-out ladders of RULES.md."""
    x = d.trump
    assert x is not None
    if d.classic:
        deck = len(d.initial_hands[0]) * 4
        ladder = _classic_ladder(deck, x)
        plain = ["A", "10", "K", "9", "8", "7", "6"]
    else:
        ladder = (
            ["6" + x]
            + ["JC", "JS", "JH", "JD"]
            + [r + x for r in ["A", "10", "K", "Q", "9", "8", "7"]]
        )
        plain = ["A", "10", "K", "Q", "9", "8", "7", "6"]
    plays = trick["plays"]
    trumps = [(ladder.index(c), s) for s, c in plays if c in ladder]
    if trumps:
        return min(trumps)[1]
    led = plays[0][1][-1]
    return min((plain.index(c[:-1]), s) for s, c in plays if c[-1] == led)[1]


@pytest.mark.parametrize(
    "game, options",
    [
        (MINER, {}),
        (CLASSIC, {}),
        (CLASSIC, {"deck": 32}),
        (CLASSIC, {"trump": "C"}),
        (CLASSIC, {"deck": 32, "trump": "C"}),
    ],
)
def test_trick_winner_follows_the_ladder(game: str, options: dict[str, Any]) -> None:
    """Trick winner: the highest trump on the ladder, else the highest card of the led plain
    suit (checked on random legal games against the ladders written out from RULES.md)."""
    for seed in range(6):
        m = engine.new_match(game, seed=seed, options=options)
        rng = random.Random(seed)
        while not m.is_over and len(m.deals) < 4:
            m.play(rng.choice(m.legal_moves()))
        for d in m.deals:
            assert isinstance(d, KozelDeal)
            for t in d.tricks:
                assert t["winner"] == _expected_winner(d, t), (d.trump, t)


def test_shamok_beats_every_queen_and_mat_beats_every_jack() -> None:
    """The shamok is the top trump in Classic; the mat (6 of trump) tops Miner's Jacks."""
    m = pos(CLASSIC, C1, "10H 6C QC JD", H)  # 10H, then shamok, Q♣ and J♦
    assert kdeal(m, 0).tricks[0]["winner"] == 1
    m = pos(MINER, M_SWEEP, "JC 9C 8C 7C 6C")
    assert kdeal(m).tricks[0]["winner"] == 0 and kdeal(m).trick == [[0, "6C"]]


# --- following -------------------------------------------------------------------------------


def test_classic_queen_and_jack_do_not_follow_their_printed_suit() -> None:
    """Permanent trumps belong to no plain suit: Q♦ does not follow a diamond lead (the seat
    must play its plain 10♦), and J♦ does not make its holder able to follow diamonds."""
    m = pos(CLASSIC, C1, "KD", H)
    assert m.legal_moves() == ["10D"]
    with pytest.raises(
        engine.IllegalMove, match="Q♦ is a trump in Kozel and does not follow diamonds"
    ):
        m.play("QD")
    play(m, "10D")
    assert sorted(m.legal_moves()) == ["6D", "AD"]
    play(m, "AD")
    assert sorted(m.legal_moves()) == sorted(
        ["QH", "JH", "JD", "AC", "KC", "10S"]
    )  # J♦ is no diamond


def test_miner_jack_does_not_follow_its_printed_suit() -> None:
    """Miner: Jacks are trumps; J♠ does not follow a spade lead and does not count as one."""
    rows = [
        "6C JC AH 10H KH QH 9H JD 6S",
        "JS AS 10S KS 9C 7C 10C KC 8C",
        "QS 9S 8S 7S 8H 7H 6H QC AC",
        "JH AD 10D KD QD 9D 8D 7D 6D",
    ]
    m = pos(MINER, rows, "6S")
    assert sorted(m.legal_moves()) == ["10S", "AS", "KS"]
    with pytest.raises(engine.IllegalMove, match="J♠ is a trump in Kozel"):
        m.play("JS")
    play(m, "AS 9S")
    assert len(m.legal_moves()) == 9  # seat 3: J♥ but no plain spade, so anything


def test_trump_lead_must_be_followed_with_a_trump() -> None:
    """A trump lead (any trump card: a Queen too) must be followed with a trump when held;
    a plain card of the Queen's printed suit does not follow it."""
    m = pos(CLASSIC, C1, "QS", H)
    assert sorted(m.legal_moves()) == ["6C", "6H", "QD"]
    with pytest.raises(
        engine.IllegalMove, match="A♠ is a plain spade and does not follow the trump Q♠"
    ):
        m.play("AS")
    m = pos(CLASSIC, C1, "10H", H)
    with pytest.raises(
        engine.IllegalMove,
        match=r"A trump \(10♥\) was led: you must play a "
        "trump",
    ):
        m.play("10D")


def test_plain_lead_may_not_be_trumped_while_holding_the_suit() -> None:
    """A plain lead must be followed with a plain card of that suit when held: a trump may not
    be played instead; without the suit anything goes (no duty to trump or to beat)."""
    m = pos(CLASSIC, C1, "6S", H)
    assert sorted(m.legal_moves()) == ["AS", "KS"]
    with pytest.raises(engine.IllegalMove, match="a trump may not replace it"):
        m.play("6C")
    play(m, "KS")
    assert len(m.legal_moves()) == 6  # seat 2 has no plain spade (J♠ is a trump): anything


def test_card_not_in_hand_and_wrong_move_kind() -> None:
    """A card that is not in the hand, or a bid during card play, is refused with the reason."""
    m = pos(CLASSIC, C1, "", H)
    with pytest.raises(engine.IllegalMove, match="A♠ is not in your hand"):
        m.play("AS")
    with pytest.raises(engine.IllegalMove, match="play a card"):
        m.play("bid 7")
    with pytest.raises(engine.IllegalMove, match="not a move"):
        m.play("XYZ")


def test_no_duty_to_beat() -> None:
    """There is never a duty to beat: a low card of the led suit is legal under a high one."""
    m = pos(CLASSIC, C1, "KD 10D", H)
    assert "6D" in m.legal_moves() and "AD" in m.legal_moves()


def test_must_trump_option() -> None:
    """Option must_trump: void in the led plain suit and holding a trump, play a trump."""
    m = pos(CLASSIC, C1, "6S AS", {"trump": "H", "must_trump": True})
    assert sorted(m.legal_moves()) == ["JS", "KH", "QC"]
    with pytest.raises(engine.IllegalMove, match="must trump when void"):
        m.play("10C")
    m = pos(CLASSIC, C1, "6S AS", H)
    assert len(m.legal_moves()) == 6


# --- kozyryatnik ------------------------------------------------------------------------------


def test_kozyryatnik_only_owner_team_opens_with_trump() -> None:
    """Classic kozyryatnik: only the owner's team may open a trick with a trump; the other
    team's leader who still holds plain cards must lead one."""
    m = pos(CLASSIC, C1, "6S AS 10C 10S", H)
    d = kdeal(m)
    assert d.tricks[0]["winner"] == 1 and d.to_move == 1
    assert d.owner == 0 and d.kozyryatnik == [0, 2]
    assert sorted(m.legal_moves()) == ["10D", "KS"]
    with pytest.raises(engine.IllegalMove, match="kozyryatnik"):
        m.play("QD")
    assert m.view(1)["kozyryatnik"] == [0, 2]


def test_kozyryatnik_owner_team_may_lead_trump() -> None:
    """The owner's team may open any trick with a trump."""
    m = pos(CLASSIC, C1, "", H)
    assert "QS" in m.legal_moves() and "10H" in m.legal_moves()


def test_kozyryatnik_trump_only_hand_may_lead_trump() -> None:
    """The other team may lead a trump when the leader holds nothing but trumps."""
    m = pos(CLASSIC, C3, "6S AS 10S KS", H)
    d = kdeal(m)
    assert d.to_move == 1 and d.owner == 0
    assert sorted(m.legal_moves()) == sorted(["6C", "QD", "QH", "JH", "6H"])


def test_miner_has_no_kozyryatnik() -> None:
    """Miner: no restriction on leading trumps (either team, holding plain cards or not)."""
    m = pos(MINER, M_ZERO, "6S 9S 8S 7S")
    d = kdeal(m)
    assert d.kozyryatnik is None and d.owner == 0 and d.to_move == 1
    assert "QC" in m.legal_moves() and "AH" in m.legal_moves()


# --- shamok takes the Queen of Clubs -------------------------------------------------------


def test_shamok_takes_opponents_queen_of_clubs() -> None:
    """When a completed trick holds the shamok and Q♣ played by opposing teams, the cycle
    ends at once (cards left unplayed) and the team that played Q♣ takes 4, the other 0."""
    m = pos(CLASSIC, C1, "10H 6C QC", H)
    assert kdeal(m).phase == "play" and m.deal.to_move == 3  # the trick is played out first
    m.play("JD")
    d = kdeal(m, 0)
    assert d.phase == "over" and d.reason == "shamok"
    assert d.result is not None and d.result["delta"] == [4, 0, 4, 0]
    assert d.result["queen_by"] == 2 and d.result["shamok_by"] == 1
    assert [len(h) for h in d.hands] == [5, 5, 5, 5]
    assert m.totals == [4, 0, 4, 0] and len(m.deals) == 2


def test_shamok_and_queen_of_clubs_between_partners() -> None:
    """Nothing happens when the shamok and Q♣ come from partners: the cycle continues."""
    m = pos(CLASSIC, C2, "10H 6C QH QC", H)
    d = kdeal(m)
    assert len(m.deals) == 1 and d.phase == "play" and d.tricks[0]["winner"] == 1


def test_shamok_doubled_after_eggs() -> None:
    """With eggs_double, the shamok's 4 is doubled in the cycle after eggs."""
    r = as_record(GOLDEN["classic_eggs"][0])
    r["options"] = {"eggs_double": True}
    o = kdeal(engine.replay(r), 1).owner
    assert o is not None
    rows = [C1[(s - o) % 4] for s in range(4)]  # the owner holds C1's first hand
    r["deals"].append(
        {
            "dealer": 0,
            "hands": [h.split() for h in rows],
            "trump": "H",
            "moves": ["10H", "6C", "QC", "JD"],
        }
    )
    m = engine.replay(r)
    d = kdeal(m, 1)
    assert d.reason == "shamok" and d.doubled
    assert d.result is not None and d.result["delta"][o] == 8 and sum(d.result["delta"]) == 16


# --- lusya, zero-point tricks, the end of the match -----------------------------------------


def test_classic_lusya() -> None:
    """Lusya: a team that took no trick gets a flat 12 (whatever the spas) and, at 12, loses."""
    m = pos(CLASSIC, C_SWEEP, "", H)
    for c in ["6C", "QC", "QS", "QH", "JC", "AH"]:
        assert m.deal.to_move == 0
        m.play(c)
        while m.deal.to_move != 0 and m.deal.phase == "play":
            m.play(m.legal_moves()[0])
    d = kdeal(m, 0)
    assert d.reason == "lusya" and d.result["delta"] == [0, 12, 0, 12]  # type: ignore[index]
    assert m.is_over and m.winners == [0, 2] and m.totals == [0, 12, 0, 12]


@pytest.mark.parametrize("short, flat", [(False, 12), (True, 6)])
def test_miner_lusya(short: bool, flat: int) -> None:
    """Miner lusya: 12 flat, or 6 on short tables (where 6 also loses the match)."""
    m = pos(MINER, M_SWEEP, "", {"short": short})
    while m.deal.to_move is not None and len(m.deals) == 1:
        m.play(m.legal_moves()[0])
    d = kdeal(m, 0)
    assert d.reason == "lusya" and d.result["delta"] == [0, flat, 0, flat]  # type: ignore[index]
    assert m.is_over and m.winners == [0, 2]


def test_zero_point_trick_avoids_lusya() -> None:
    """A zero-point trick avoids lusya: the team is scored by the normal table (0 points, no
    spas, the winners hold the marker: 2 in Miner)."""
    m = pos(MINER, M_ZERO, M_ZERO_MOVES)
    d = kdeal(m, 0)
    assert d.result is not None
    assert d.result["tricks"] == [8, 1, 0, 0] and d.result["points"] == [120, 0, 120, 0]
    assert d.reason == "normal" and d.result["delta"] == [0, 2, 0, 2]


def test_match_target_and_winners() -> None:
    """The first team to reach 12 penalty points (6 short) loses; the other team wins."""
    m = pos(CLASSIC, C1, "10H 6C QC JD", {"trump": "H", "short": True})
    assert not m.is_over and m.totals == [4, 0, 4, 0]
    r = m.record()
    rows = [C1[(s + 2) % 4] for s in range(4)]  # seat 1 owns now; Q♣ with seat 0
    r["deals"][-1] = {
        "dealer": 0,
        "hands": [h.split() for h in rows],
        "trump": "H",
        "moves": ["JD", "10H", "6C", "QC"],
    }
    m = engine.replay(r)
    assert m.is_over and m.totals == [8, 0, 8, 0] and m.winners == [1, 3]


# --- re-deal ---------------------------------------------------------------------------------


def test_redeal_hand_worth_13_or_less() -> None:
    """Re-deal (score untouched) when a hand is worth ≤ 13 points, before anything else; the
    same dealer deals again."""
    rows = ["6S 6H 6D 6C 10S QS", "JS KS AS 10H JH QH", "KH AH 10D JD QD KD", "AD 10C JC QC KC AC"]
    m = pos(CLASSIC, rows, dealer=2)
    d = kdeal(m, 0)
    assert d.phase == "over" and d.reason == "redeal" and d.result is not None
    assert d.result["delta"] == [0, 0, 0, 0] and "13 points" in d.result["why"]
    assert d.legal_moves() == [] and d.to_move is None
    assert len(m.deals) == 2 and m.deal.dealer == 2 and m.totals == [0] * 4
    # the re-dealt cycle is still the first one: the marker holder names trump
    assert m.deal.phase == "trump" and kdeal(m).cycle == 1
    again = engine.replay(m.record())
    assert again.record() == m.record()


def test_hand_worth_14_is_played() -> None:
    """A hand worth 14 points is not re-dealt."""
    rows = ["6S 6H 6D 10S JS JH", "QS KS AS 10H QH KH", "AH 10D JD QD KD AD", "6C 10C JC QC KC AC"]
    m = pos(CLASSIC, rows)
    assert len(m.deals) == 1 and m.deal.phase == "trump"


def test_classic_redeal_four_queens() -> None:
    """Classic also re-deals when one hand holds all four Queens; Miner does not."""
    rows = ["JC 10S KS 6S 10H KH", "QS QH QD QC AS AH", "JS JH JD 6H AD 10D", "KD 6D 6C 10C KC AC"]
    m = pos(CLASSIC, rows)
    assert kdeal(m, 0).reason == "redeal" and "four Queens" in kdeal(m, 0).redeal_why  # type: ignore[operator]
    miner = [
        "JC 6C JS JH JD AC 10C KC 9C",
        "QS QH QD QC AS AH AD 6S 6H",
        "10S KS 9S 8S 7S 10H KH 9H 8H",
        "7H 10D KD 9D 8D 7D 6D 8C 7C",
    ]
    m = pos(MINER, miner)
    assert len(m.deals) == 1 and m.deal.phase == "play"


def test_redeal_record_with_moves_is_refused() -> None:
    """A record may not list moves for a deal that is re-dealt."""
    rows = ["6S 6H 6D 6C 10S QS", "JS KS AS 10H JH QH", "KH AH 10D JD QD KD", "AD 10C JC QC KC AC"]
    with pytest.raises(engine.RecordError, match="already over"):
        pos(CLASSIC, rows, "trump H")


@pytest.mark.parametrize("game, options", [(MINER, {}), (CLASSIC, {}), (CLASSIC, {"deck": 32})])
def test_seeded_deals_never_need_a_redeal(game: str, options: dict[str, Any]) -> None:
    """Dealing from the seed re-deals at once: no seeded hand is worth ≤ 13 or (Classic)
    holds all four Queens, and no re-deal shows up as a deal."""
    thrown = 0
    for seed in range(40):
        m = engine.new_match(game, seed=seed, options=options)
        d = kdeal(m)
        for h in d.initial_hands:
            assert sum(kozel_points(c) for c in h) >= 14
            if game == CLASSIC:
                assert sum(1 for c in h if c & 15 == 12) < 4
        assert len(m.deals) == 1 and m.view(0)["thrown_in"] == d.thrown_in
        thrown += len(d.thrown_in)
    assert thrown > 0  # the throw-ins happened, and the view says why


def test_miner_redeal_does_not_fix_the_pairing() -> None:
    """A re-deal is no cycle: Miner's pairing is fixed by the first cycle actually played."""
    low = [
        "6S 7S 8S 9S 6H 7H 8H 9H JS",
        "AS 10S KS QS AH 10H KH QH JH",
        "6D 7D 8D 9D AD 10D KD QD 6C",
        "JC JD AC 10C KC QC 9C 8C 7C",
    ]
    r = rec(MINER, low)
    rows = [M_SWEEP[1], M_SWEEP[0], M_SWEEP[2], M_SWEEP[3]]  # seat 1 holds J♣
    r["deals"].append({"dealer": 3, "hands": [h.split() for h in rows], "moves": []})
    m = engine.replay(r)
    assert kdeal(m, 0).reason == "redeal" and "pairing" not in m.info
    d = kdeal(m, 1)
    assert d.pairing == PAIRED_AT_1 and d.trump == "C" and d.owner == 1


# --- Miner: marker, ownership, pairing, penalties -------------------------------------------


def test_miner_marker_holder_owns_and_leads() -> None:
    """Miner: the marker (J♣) holder owns the cycle and leads trick 1; option A♣."""
    rows = [M_SWEEP[2], M_SWEEP[3], M_SWEEP[0], M_SWEEP[1]]  # seat 2 holds J♣ and A♣
    d = kdeal(pos(MINER, rows))
    assert d.owner == 2 and d.to_move == 2 and d.marker_holder == 2
    rows = [
        "6C JC JS JH JD QC 10C KC 9C",
        "AC AS 10S KS QS 9S 8S 7S 6S",
        "8C AH 10H KH QH 9H 8H 7H 6H",
        "7C AD 10D KD QD 9D 8D 7D 6D",
    ]
    d = kdeal(pos(MINER, rows, options={"marker": "AC"}))
    assert d.owner == 1 and d.to_move == 1 and d.trump == "C"
    assert d.pairing == PAIRED_AT_1


def test_miner_pairing_locked_across_cycles() -> None:
    """Miner pairing: at the first cycle played, the marker holder gets ♣, the next seat
    clockwise ♠, the partner ♥, the last seat ♦; locked for the game. Each cycle the trump is
    the suit paired with whoever holds the marker."""
    for holder in (1, 2, 3, 0):
        r = rec(MINER, M_ZERO, M_ZERO_MOVES)  # cycle 1: seat 0 holds J♣
        rows = [M_ZERO[(s - holder) % 4] for s in range(4)]  # cycle 2: `holder` holds J♣
        r["deals"].append({"dealer": 0, "hands": [h.split() for h in rows], "moves": []})
        m = engine.replay(r)
        d = kdeal(m)
        assert d.pairing == PAIRED_AT_0 and m.info["pairing"] == PAIRED_AT_0
        assert d.owner == holder and d.to_move == holder
        x = "CSHD"[holder]
        assert d.trump == x and d.ladder[0] == "6" + x
        assert m.view(0)["pairing"] == PAIRED_AT_0
    # had seat 2 held J♣ in the first cycle, seat 2 would be paired with clubs
    d = kdeal(pos(MINER, [M_ZERO[(s - 2) % 4] for s in range(4)]))
    assert d.pairing == {0: "H", 1: "D", 2: "C", 3: "S"} and d.trump == "C"


def test_miner_pairing_from_seeded_match() -> None:
    """The pairing of a seeded match never changes, and each cycle's trump follows it."""
    m = engine.new_match(MINER, seed=4)
    rng = random.Random(4)
    while not m.is_over:
        m.play(rng.choice(m.legal_moves()))
    first = kdeal(m, 0)
    assert first.pairing is not None and first.pairing[first.owner] == "C"  # type: ignore[index]
    trumps = set()
    for d in m.deals:
        assert isinstance(d, KozelDeal)
        assert d.pairing == first.pairing
        assert d.trump == d.pairing[d.owner]  # type: ignore[index]
        trumps.add(d.trump)
    assert len(trumps) > 1


def test_miner_eggs_counts_as_played_for_the_pairing() -> None:
    """An eggs cycle still counts as played: it fixes Miner's pairing."""
    m = engine.replay(as_record(GOLDEN["miner_short_eggs"][0]))
    d0 = kdeal(m, 0)
    assert d0.reason == "eggs" and m.info["pairing"] == d0.pairing
    assert kdeal(m, 1).pairing == d0.pairing


# --- Classic: trump choice, random trump, ownership ------------------------------------------


def test_classic_marker_holder_names_trump_in_cycle_one() -> None:
    """Marker-chosen table: in cycle 1 the marker holder (J♣) names trump ('trump X'), then
    owns the cycle and leads."""
    m = pos(CLASSIC, C3)
    d = kdeal(m)
    assert d.phase == "trump" and d.to_move == 0 and d.trump is None
    assert m.legal_moves() == ["trump S", "trump H", "trump D", "trump C"]
    with pytest.raises(engine.IllegalMove, match="names trump"):
        m.play("6S")
    m.play("trump D")
    assert d.trump == "D" and d.phase == "play" and d.to_move == 0
    assert "trump" not in m.record()["deals"][0]  # the move names it, not the deal
    with pytest.raises(engine.IllegalMove, match="already set"):
        m.play("trump S")


def test_classic_marker_ace_of_diamonds() -> None:
    """Option marker AD: the A♦ holder names trump and owns cycle 1."""
    m = pos(CLASSIC, C3, options={"marker": "AD"})
    assert kdeal(m).to_move == 0 and kdeal(m).marker_holder == 0
    rows = [C1[2], C1[3], C1[0], C1[1]]  # A♦ with seat 0, J♣ with seat 2
    m = pos(CLASSIC, rows, options={"marker": "AD", "trump": "S"})
    assert kdeal(m).owner == 0 and kdeal(m).kozyryatnik == [0, 2]


def test_classic_fixed_trump_every_cycle() -> None:
    """Fixed trump: the table's suit every cycle; nobody is asked."""
    m = engine.new_match(CLASSIC, seed=3, options={"trump": "D"})
    rng = random.Random(3)
    while not m.is_over:
        assert m.deal.phase != "trump" and m.deal.trump == "D"
        m.play(rng.choice(m.legal_moves()))


def test_classic_random_trump_reproducible_from_seed() -> None:
    """From cycle 2 trump is drawn at random before the deal, from the match seed: the same
    seed gives the same trumps, a record replays them, and every suit comes up."""
    seen = set()
    for seed in range(12):
        runs = []
        for _ in range(2):
            m = engine.new_match(CLASSIC, seed=seed)
            rng = random.Random(seed)
            while len(m.deals) < 4 and not m.is_over:
                m.play(rng.choice(m.legal_moves()))
            runs.append([d.trump for d in m.deals])
            rec_ = m.record()
            assert all("trump" in d for d in rec_["deals"][1:])
            for d in rec_["deals"]:
                d.pop("hands")
            assert [d.trump for d in engine.replay(rec_).deals] == runs[-1]
        assert runs[0] == runs[1]
        seen.update(runs[0][1:])
    assert seen == {"S", "H", "D", "C"}


def test_classic_record_fixes_random_trump() -> None:
    """A record deal may fix a drawn trump with "trump"; not the first cycle's chosen one."""
    r = as_record(GOLDEN["classic_spas"][0])
    r["deals"].append({"dealer": 0, "hands": [h.split() for h in C1], "trump": "D"})
    m = engine.replay(r)
    assert kdeal(m, 1).trump == "D" and m.record()["deals"][1]["trump"] == "D"
    with pytest.raises(engine.RecordError, match="marker holder names trump"):
        pos(CLASSIC, C1, trump="D")
    with pytest.raises(engine.RecordError, match="fixed to ♥"):
        pos(CLASSIC, C1, options=H, trump="D")
    with pytest.raises(engine.RecordError, match="trump"):
        pos(MINER, M_SWEEP, trump="D")


def test_classic_ownership_passes_to_last_trick_winner() -> None:
    """Classic ownership: cycle 1 the marker holder; later the winner of the previous cycle's
    last trick (also after eggs), who leads and holds the kozyryatnik."""
    for name in ("classic_spas", "classic_eggs", "classic_no_spas"):
        m = engine.replay(as_record(GOLDEN[name][0]))
        d0, d1 = kdeal(m, 0), kdeal(m, 1)
        assert d0.owner == d0.marker_holder
        last = d0.tricks[-1]["winner"]
        assert d1.owner == last and d1.to_move == last
        assert d1.kozyryatnik == [last % 2, last % 2 + 2]
        assert m.view(last)["owner"] == last


def test_classic_shamok_ending_passes_ownership_to_its_trick_winner() -> None:
    """After a shamok ending the next owner is the winner of that last trick played."""
    m = pos(CLASSIC, C1, "10H 6C QC JD", H)
    assert kdeal(m, 1).owner == 1


# --- options ---------------------------------------------------------------------------------


def test_options_hold_every_value() -> None:
    """m.options and the record hold every option of the game with its value."""
    m = engine.new_match(MINER, seed=1)
    assert m.options == {"marker": "JC", "short": False, "must_trump": False, "eggs_double": False}
    m = engine.new_match(CLASSIC, seed=1, options={"deck": "32", "trump": "h", "short": "on"})
    assert m.options == {
        "deck": 32,
        "marker": "JC",
        "trump": "H",
        "short": True,
        "must_trump": False,
        "eggs_double": False,
    }
    assert m.record()["options"] == m.options


@pytest.mark.parametrize(
    "game, options, word",
    [
        (CLASSIC, {"deck": 36}, "deck"),
        (CLASSIC, {"marker": "AC"}, "marker"),
        (MINER, {"marker": "AD"}, "marker"),
        (MINER, {"deck": 36}, "deck"),
        (MINER, {"trump": "H"}, "trump"),
        (CLASSIC, {"trump": "X"}, "trump"),
        (CLASSIC, {"short": "maybe"}, "short"),
        (MINER, {"must_trump": 2}, "must_trump"),
        (MINER, {"eggs_double": "x"}, "eggs_double"),
    ],
)
def test_bad_options_raise(game: str, options: dict[str, Any], word: str) -> None:
    """An unknown option or an impossible value is a RulesError (a ValueError) naming it."""
    with pytest.raises(engine.RulesError, match=word):
        engine.new_match(game, seed=1, options=options)
    with pytest.raises(ValueError, match=word):
        engine.parse_options(game, options)


def test_game_info_and_view() -> None:
    """Both games describe themselves, and the view shows trump, owner, kozyryatnik, pairing."""
    for g in (MINER, CLASSIC):
        info = engine.GAME_INFO[g]
        assert info["direction"] == "left" and info["teams"] == [[0, 2], [1, 3]]
        assert info["title"] and info["rules"]
    v = engine.replay(rec(MINER, M_SWEEP)).view(1)
    assert v["owner"] == 0 and v["pairing"] == PAIRED_AT_0 and v["trump"] == "C"
    assert v["kozyryatnik"] is None and len(v["hand"]) == 9 and v["reason"] is None


def test_clone_plays_out_without_touching_the_deal() -> None:
    """A clone of a deal (for search) plays out on its own; the deal and match are unchanged."""
    m = engine.new_match(CLASSIC, seed=8, options={"trump": "S"})
    m.play(m.legal_moves()[0])
    d = kdeal(m)
    before = (m.record(), d.hands, d.tricks, d.trick, d.to_move, d.points, dict(m.info))
    c = d.clone()
    while c.phase != "over":
        c.apply_action(c.legal_actions()[0])
    assert c.result is not None and d.result is None
    assert (m.record(), d.hands, d.tricks, d.trick, d.to_move, d.points, dict(m.info)) == before


def test_view_shows_the_table_not_other_hands() -> None:
    """A seat's view holds its own hand, the trump, owner, kozyryatnik and running points."""
    m = pos(CLASSIC, C1, "6S AS 10C 10S", H)
    v = m.view(2)
    assert sorted(v["hand"]) == sorted(["JS", "KH", "AD", "6D", "QC"])
    assert v["trump"] == "H" and v["owner"] == 0 and v["kozyryatnik"] == [0, 2]
    assert v["points"] == [0, 31, 0, 31] and v["hand_sizes"] == [5, 5, 5, 5]
    assert v["legal_moves"] == [] and m.view(1)["legal_moves"] == ["KS", "10D"]
    assert v["ladder"][0] == "6C" and v["marker"] == "JC" and v["cycle"] == 1


def _ladder_of(d: KozelDeal) -> list[str]:
    x = d.trump
    assert x is not None
    if d.classic:
        return _classic_ladder(len(d.initial_hands[0]) * 4, x)
    return (
        ["6" + x] + ["JC", "JS", "JH", "JD"] + [r + x for r in ["A", "10", "K", "Q", "9", "8", "7"]]
    )


def _expected_legal(d: KozelDeal, must_trump: bool) -> set[str]:
    """The legal cards written straight from RULES.md §2 (following and kozyryatnik)."""
    seat = d.to_move
    assert seat is not None
    ladder = set(_ladder_of(d))
    hand = set(d.hand_of(seat))
    trumps = {c for c in hand if c in ladder}
    if not d.trick:
        if d.classic and seat % 2 != (d.owner or 0) % 2 and hand - trumps:
            return hand - trumps
        return hand
    lead = d.trick[0][1]
    if lead in ladder:
        return trumps or hand
    same = {c for c in hand - trumps if c[-1] == lead[-1]}
    if same:
        return same
    if must_trump and trumps:
        return trumps
    return hand


@pytest.mark.parametrize(
    "game, options",
    [
        (MINER, {}),
        (MINER, {"must_trump": True}),
        (CLASSIC, {}),
        (CLASSIC, {"deck": 32, "must_trump": True}),
        (CLASSIC, {"trump": "C"}),
    ],
)
def test_legal_moves_follow_the_written_rules(game: str, options: dict[str, Any]) -> None:
    """At every card decision of random games, the legal cards are exactly those the written
    rules allow (plain lead: plain cards of the suit; trump lead: trumps; else anything, or
    trumps under must_trump; Classic leads: the kozyryatnik)."""
    for seed in range(4):
        m = engine.new_match(game, seed=seed, options=options)
        rng = random.Random(seed)
        while not m.is_over and len(m.deals) < 4:
            d = kdeal(m)
            if d.phase == "play":
                want = _expected_legal(d, bool(options.get("must_trump")))
                assert set(m.legal_moves()) == want, (d.trick, d.hand_of(d.to_move or 0))
            m.play(rng.choice(m.legal_moves()))
