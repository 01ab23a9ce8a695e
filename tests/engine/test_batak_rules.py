"""One test per rule of RULES.md §1 (Koz Maça, auction Batak, partnership Batak).

Positions come from records with given hands, so every position is exact.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import engine
from tests.helpers import hands, position, state

# Deal B: a mixed deal (dealer 3, so seat 0 leads / bids first).
DEAL_B = hands(
    "2S 3S AH KH QH JH 10H 2D 5D 9D 2C 6C 10C",
    "JS 5S 6S 9H 8H AD 3D 6D 10D 3C 7C JC KC",
    "7S 8S 9S 10S 7H 6H 5H KD 4D 7D 4C 8C QC",
    "4S QS KS AS 4H 3H 2H QD JD 8D 5C 9C AC",
)
# Deal C: seat 1 is void in hearts.
DEAL_C = hands(
    "8S 5H 6H 7H 2D 3D 4D 5D 2C 3C 4C 5C 6C",
    "2S 4S 5S 6S 7S 6D 7D 8D 9D 7C 8C 9C 10C",
    "3S 9S 4H KH 8H 9H 10D JD QD JC QC KC AC",
    "10S JS QS KS AS 2H 3H 10H JH QH AH KD AD",
)
# Deal D: seat 0 holds all the clubs; the others are void in clubs.
DEAL_D = hands(
    "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
    "5S 6S KS AH KH QH JH 10H AD KD QD JD 10D",
    "3S 9S 10S JS 9H 8H 7H 6H 9D 8D 7D 6D 5D",
    "2S 4S 7S 8S QS AS 5H 4H 3H 2H 4D 3D 2D",
)
# Deal E: each seat holds one whole suit (S, H, D, C).
DEAL_E = hands(
    *(
        " ".join(
            f"{r}{s}" for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
        )
        for s in "SHDC"
    )
)


def legal(m: engine.Match) -> set[str]:
    return set(m.deal.legal_moves())


def rejects(m: engine.Match, move: str, *words: str) -> None:
    before = state(m)
    with pytest.raises(engine.IllegalMove) as exc:
        m.play(move)
    for w in words:
        assert w in str(exc.value)
    assert state(m) == before


def play_out(m: engine.Match) -> None:
    deal = m.deal
    while m.deal is deal and deal.phase != "over":
        m.play(deal.legal_moves()[0])


# --- Play obligations ----------------------------------------------------------------------


def test_koz_maca_spades_trump_and_first_lead_right_of_dealer() -> None:
    """Koz Maça: no auction, spades are trump every hand, and the seat on the dealer's right leads."""
    for dealer in range(4):
        m = position("koz-maca", DEAL_B, dealer)
        assert m.deal.phase == "play"
        assert m.deal.trump == "S"
        assert m.deal.to_move == (dealer + 1) % 4


def test_trump_may_not_be_led_before_broken() -> None:
    """Trump may not be led until a trump has been played to an earlier trick."""
    m = position("koz-maca", DEAL_B, 3)
    assert legal(m) == set(DEAL_B[0]) - {"2S", "3S"}
    rejects(m, "2S", "may not be led")


def test_trump_may_be_led_when_only_trumps_held() -> None:
    """A leader holding only trumps may lead a trump before trumps are broken."""
    m = position("koz-maca", DEAL_E, 3)
    assert legal(m) == set(DEAL_E[0])
    m = position("batak", DEAL_D, 3, ["bid 13", "trump C"])
    assert m.deal.to_move == 0
    assert legal(m) == set(DEAL_D[0])


def test_trump_broken_by_a_trump_on_a_completed_trick() -> None:
    """A trump played to a completed trick breaks trumps: they may be led from the next trick on."""
    m = position("koz-maca", DEAL_C, 3, ["5H", "4S", "4H", "2H"])
    assert m.deal.tricks[0]["winner"] == 1
    assert m.deal.to_move == 1
    assert {"2S", "5S", "6S", "7S"} <= legal(m)


def test_must_follow_and_overtake_the_led_suit() -> None:
    """Holding the led suit with no trump on the trick: play higher than its highest card if able."""
    m = position("koz-maca", DEAL_B, 3, ["5D"])
    assert legal(m) == {"6D", "10D", "AD"}
    rejects(m, "3D", "higher than 5♦")
    rejects(m, "KC", "follow suit")
    m.play("6D")
    assert legal(m) == {"7D", "KD"}
    m.play("7D")
    assert legal(m) == {"QD", "JD", "8D"}


def test_follow_with_any_card_of_the_suit_when_unable_to_overtake() -> None:
    """Holding the led suit but nothing higher than its highest card: any card of that suit."""
    m = position("koz-maca", DEAL_B, 3, ["5D", "AD"])
    assert legal(m) == {"KD", "4D", "7D"}


def test_plain_following_enough_once_trumped() -> None:
    """Once a trump is on a non-trump trick, following suit is enough (no duty to overtake)."""
    m = position("koz-maca", DEAL_C, 3, ["5H", "4S"])
    assert legal(m) == {"4H", "8H", "9H", "KH"}


def test_trump_lead_must_be_overtaken_when_able() -> None:
    """When trump is led, a follower must overtake the highest trump if able, else play any trump."""
    m = position("koz-maca", DEAL_C, 3, ["5H", "4S", "4H", "2H", "5S"])
    assert legal(m) == {"9S"}
    rejects(m, "3S", "higher than 5♠")
    m.play("9S")
    assert legal(m) == {"10S", "JS", "QS", "KS", "AS"}
    m.play("10S")
    assert legal(m) == {"8S"}


def test_void_must_trump() -> None:
    """Void in the led suit and holding trumps: must play a trump (any, when none is on the trick)."""
    m = position("koz-maca", DEAL_D, 3, ["AC"])
    assert legal(m) == {"5S", "6S", "KS"}
    rejects(m, "AH", "must play a trump")


def test_void_must_overtake_a_trump_on_the_trick() -> None:
    """Void, with a trump already on the trick: must overtake it when able."""
    m = position("koz-maca", DEAL_D, 3, ["AC", "5S"])
    assert legal(m) == {"9S", "10S", "JS"}
    rejects(m, "3S", "overtake")
    m.play("10S")
    assert legal(m) == {"QS", "AS"}


def test_void_unable_to_overtake_plays_any_trump() -> None:
    """Void and unable to overtake the trump on the trick: any trump (still a trump)."""
    m = position("koz-maca", DEAL_D, 3, ["AC", "KS"])
    assert legal(m) == {"3S", "9S", "10S", "JS"}


def test_void_without_trumps_plays_anything() -> None:
    """Void in the led suit and in trumps: any card."""
    m = position("koz-maca", DEAL_E, 3, ["AS"])
    assert legal(m) == set(DEAL_E[1])


def test_trick_winner_and_next_leader() -> None:
    """The highest trump wins, else the highest card of the led suit; the winner leads next."""
    m = position("koz-maca", DEAL_B, 3, ["5D", "6D", "7D", "8D"])
    assert m.deal.tricks[0] == {
        "leader": 0,
        "winner": 3,
        "plays": [[0, "5D"], [1, "6D"], [2, "7D"], [3, "8D"]],
    }
    assert m.deal.to_move == 3
    m = position("koz-maca", DEAL_D, 3, ["AC", "5S", "10S", "QS"])
    assert m.deal.tricks[0]["winner"] == 3
    m = position("koz-maca", DEAL_C, 3, ["5H", "4S", "KH", "AH"])
    assert m.deal.tricks[0]["winner"] == 1  # a low trump beats the ace of the led suit


# --- Koz Maça scoring and match --------------------------------------------------------------


def test_koz_maca_one_point_per_trick() -> None:
    """Koz Maça: each trick is one point to its taker; the 13 points are split, no minus scores."""
    m = position("koz-maca", DEAL_B, 3)
    play_out(m)
    r = m.deals[0].result
    assert r is not None
    assert sum(r["tricks"]) == 13
    assert r["points"] == r["tricks"] == r["delta"]
    assert m.totals == r["tricks"]
    assert min(m.totals) >= 0


def test_koz_maca_match_length_and_deal_rotation() -> None:
    """A Koz Maça match lasts 10 hands, or 5 by option; the deal passes to the next seat each hand."""
    for n in (5, 10):
        m = engine.new_match("koz-maca", seed=11, options={"hands": n})
        assert m.options == {"hands": n}
        while not m.is_over:
            m.play(m.deal.legal_moves()[0])
        assert len(m.deals) == n
        for a, b in zip(m.deals, m.deals[1:]):
            assert b.dealer == (a.dealer + 1) % 4
        top = max(m.totals)
        assert m.winners == [s for s in range(4) if m.totals[s] == top]
    assert engine.new_match("koz-maca", seed=1).options == {"hands": 10}


def test_koz_maca_tie_at_top_is_shared_win() -> None:
    """Koz Maça: the highest total wins; a tie at the top is a shared win."""
    rules = engine.new_match("koz-maca", seed=1, options={"hands": 5}).rules
    fake = SimpleNamespace(totals=[20, 20, 15, 10], deals=[None] * 5)
    assert rules.is_over(fake)  # type: ignore[arg-type]
    assert rules.winners(fake) == [0, 1]  # type: ignore[arg-type]


# --- Auction Batak ---------------------------------------------------------------------------


def test_auction_starts_right_of_dealer_with_bids_4_to_13() -> None:
    """The auction starts at the dealer's right; a bid is 4..13 tricks, or pass."""
    m = position("batak", DEAL_B, 1)
    assert m.deal.phase == "bidding" and m.deal.to_move == 2
    assert m.deal.legal_moves() == ["pass"] + [f"bid {n}" for n in range(4, 14)]
    rejects(m, "bid 3", "from 4 to 13")
    rejects(m, "bid 14", "from 4 to 13")
    rejects(m, "AS", "auction")


def test_bid_must_be_higher_than_the_current_bid() -> None:
    """Each bid must be higher than the current bid."""
    m = position("batak", DEAL_B, 3, ["bid 6"])
    assert legal(m) == {"pass"} | {f"bid {n}" for n in range(7, 14)}
    rejects(m, "bid 6", "from 7 to 13")


def test_pass_is_final_and_auction_ends_when_others_passed() -> None:
    """A pass is final for the hand; the auction ends when all the others have passed."""
    m = position("batak", DEAL_B, 3, ["bid 5", "pass", "bid 6", "pass"])
    assert m.deal.to_move == 0
    m.play("bid 7")
    assert m.deal.to_move == 2  # seats 1 and 3 passed and are not asked again
    m.play("pass")
    d = m.deal
    assert d.phase == "trump" and d.declarer == 0 and d.bid == 7 and d.to_move == 0


def test_forced_dealer_must_bid_after_three_passes() -> None:
    """If the first three players pass, the dealer must bid (4..13) and may not pass."""
    m = position("batak", DEAL_B, 3, ["pass", "pass", "pass"])
    assert m.deal.to_move == 3
    assert m.deal.legal_moves() == [f"bid {n}" for n in range(4, 14)]
    rejects(m, "pass", "dealer must bid")
    m.play("bid 4")
    assert m.deal.phase == "trump" and m.deal.declarer == 3


def test_dealer_may_pass_once_someone_has_bid() -> None:
    """If anyone has bid, the dealer may pass like anyone else."""
    m = position("batak", DEAL_B, 3, ["bid 4", "pass", "pass"])
    assert "pass" in legal(m)
    m.play("pass")
    assert m.deal.phase == "trump" and m.deal.declarer == 0 and m.deal.bid == 4


def test_bid_of_13_ends_the_auction() -> None:
    """A bid of 13 ends the auction at once."""
    m = position("batak", DEAL_B, 3, ["pass", "bid 13"])
    assert m.deal.phase == "trump" and m.deal.declarer == 1 and m.deal.bid == 13


def test_declarer_names_trump_and_leads() -> None:
    """The declarer names trump (any suit) and leads the first trick."""
    m = position("batak", DEAL_B, 3, ["pass", "bid 5", "pass", "pass"])
    assert m.deal.phase == "trump" and m.deal.to_move == 1
    assert legal(m) == {"trump S", "trump H", "trump D", "trump C"}
    rejects(m, "5S", "name trump")
    m.play("trump D")
    assert m.deal.trump == "D" and m.deal.phase == "play" and m.deal.to_move == 1
    assert "AD" not in legal(m)  # diamonds are not broken yet


def test_batak_contract_made_scores_tricks_taken() -> None:
    """Declarer taking at least the bid scores the tricks taken (not the bid); others +1 a trick."""
    m = position("batak", DEAL_E, 3, ["bid 4", "pass", "pass", "pass", "trump S"])
    play_out(m)
    r = m.deals[0].result
    assert r is not None and r["tricks"] == [13, 0, 0, 0]
    assert r["delta"] == [13, 0, 0, 0] and r["made"] is True
    assert m.totals == [13, 0, 0, 0]


def test_batak_failed_contract_scores_minus_bid() -> None:
    """Declarer taking fewer tricks than the bid scores minus the bid (batar); others +1 a trick."""
    m = position("batak", DEAL_E, 3, ["pass", "bid 5", "pass", "pass", "trump C"])
    play_out(m)
    r = m.deals[0].result
    assert r is not None and r["tricks"] == [0, 0, 0, 13]
    assert r["delta"] == [0, -5, 0, 13] and r["made"] is False
    assert m.totals == [0, -5, 0, 13]


def test_batak_tie_at_the_top_plays_another_hand() -> None:
    """Auction Batak: 3, 5 or 10 hands (default 10); a tie at the top plays one more hand."""
    m = engine.new_match("batak", seed=1, options={"hands": 3})
    assert engine.new_match("batak", seed=1).options == {"hands": 10}
    rules = m.rules
    tie = SimpleNamespace(totals=[9, 9, 4, -3], deals=[None] * 3)
    alone = SimpleNamespace(totals=[9, 8, 4, -3], deals=[None] * 3)
    early = SimpleNamespace(totals=[9, 8, 4, -3], deals=[None] * 2)
    assert not rules.is_over(tie)  # type: ignore[arg-type]
    assert rules.is_over(alone)  # type: ignore[arg-type]
    assert not rules.is_over(early)  # type: ignore[arg-type]
    assert rules.winners(alone) == [0]  # type: ignore[arg-type]
    with pytest.raises(engine.RulesError, match="hands"):
        engine.new_match("batak", options={"hands": 4})


# --- Partnership Batak -----------------------------------------------------------------------


def test_pairs_minimum_bid_is_7() -> None:
    """Partnership Batak: the minimum bid is 7; the forced dealer bids 7..13."""
    m = position("batak-pairs", DEAL_B, 3)
    assert m.deal.legal_moves() == ["pass"] + [f"bid {n}" for n in range(7, 14)]
    rejects(m, "bid 6", "from 7 to 13")
    m = position("batak-pairs", DEAL_B, 3, ["pass", "pass", "pass"])
    assert m.deal.legal_moves() == [f"bid {n}" for n in range(7, 14)]


def test_pairs_partners_may_outbid_each_other() -> None:
    """Each player bids alone; partners may outbid each other; the declarer is a single player."""
    m = position("batak-pairs", DEAL_B, 3, ["bid 7", "pass", "bid 8", "pass", "pass"])
    d = m.deal
    assert d.phase == "trump" and d.declarer == 2 and d.bid == 8


def test_pairs_partners_tricks_count_together_for_the_contract() -> None:
    """Partners' tricks count together, also for the contract: +team tricks when made."""
    m = position("batak-pairs", DEAL_E, 3, ["pass", "bid 7", "pass", "pass", "trump C"])
    play_out(m)
    r = m.deals[0].result
    assert r is not None and r["tricks"] == [0, 0, 0, 13]  # the partner took them all
    assert r["points"] == [0, 13, 0, 13]
    assert r["delta"] == [0, 13, 0, 13]
    assert m.totals == [0, 13, 0, 13]


def test_pairs_failed_contract_and_defenders() -> None:
    """Declaring team short of the bid scores minus the bid; the defending team +1 per trick."""
    m = position("batak-pairs", DEAL_E, 3, ["pass", "bid 7", "pass", "pass", "trump D"])
    play_out(m)
    r = m.deals[0].result
    assert r is not None and r["tricks"] == [0, 0, 13, 0]
    assert r["delta"] == [13, -7, 13, -7]
    assert m.totals == [13, -7, 13, -7]


def test_pairs_team_tie_plays_another_hand() -> None:
    """Partnership Batak: both teams level at the top after the last hand means one more hand."""
    rules = engine.new_match("batak-pairs", seed=1, options={"hands": 3}).rules
    level = SimpleNamespace(totals=[12, 12, 12, 12], deals=[None] * 3)
    ahead = SimpleNamespace(totals=[12, 10, 12, 10], deals=[None] * 3)
    assert not rules.is_over(level)  # type: ignore[arg-type]
    assert rules.is_over(ahead)  # type: ignore[arg-type]
    assert rules.winners(ahead) == [0, 2]  # type: ignore[arg-type]


def test_batak_deal_passes_to_the_next_seat() -> None:
    """The deal passes to the next seat each hand, in every Batak game."""
    for game in ("koz-maca", "batak", "batak-pairs"):
        m = position(game, DEAL_E, 2)
        while len(m.deals) < 3:
            m.play(m.deal.legal_moves()[-1])
        assert [d.dealer for d in m.deals] == [2, 3, 0]
