"""Bidding Kozel: one test per rule of RULES.md §3, from records with given hands and stock.

Positions are written as hands per seat, the first cards of the stock in drawing order, and the
turned-up trump; the rest of the stock is filled with the unused cards in deck order.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine.cards import CARD_STR, DECK_36, parse_card
from engine.games.bidding_kozel import BEATS, BiddingKozelDeal, play_beats
from tests.helpers import state

GAME = "bidding-kozel"
ALL = [CARD_STR[c] for c in DECK_36]


def setup(
    hands: list[str],
    top: str = "",
    trump: str = "6C",
    dealer: int = 0,
    moves: list[str] | None = None,
) -> dict[str, Any]:
    """A deal: hands (one string per seat, '' for a seat that is out), stock top, turned-up card."""
    rows = [h.split() for h in hands]
    used = {c for r in rows for c in r} | set(top.split()) | {trump}
    rest = [c for c in ALL if c not in used]
    return {
        "dealer": dealer,
        "hands": rows,
        "stock": top.split() + rest + [trump],
        "moves": list(moves or []),
    }


def rec(
    *deals: dict[str, Any], players: int, options: dict[str, Any] | None = None, seed: int = 0
) -> dict[str, Any]:
    return {
        "game": GAME,
        "seed": seed,
        "players": players,
        "options": dict(options or {}),
        "deals": list(deals),
    }


def position(
    hands: list[str],
    top: str = "",
    trump: str = "6C",
    dealer: int = 0,
    moves: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> engine.Match:
    return engine.replay(
        rec(setup(hands, top, trump, dealer, moves), players=len(hands), options=options)
    )


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def deal_of(m: engine.Match) -> BiddingKozelDeal:
    d = m.deal
    assert isinstance(d, BiddingKozelDeal)
    return d


def illegal(m: engine.Match, move: str) -> str:
    before = state(m)
    with pytest.raises(engine.IllegalMove) as exc:
        m.play(move)
    assert state(m) == before
    return str(exc.value)


# --- the table: options, players, bankrolls --------------------------------------------------


def test_options_and_players() -> None:
    """Options bankroll 20, ante 1, rounds 10, face_down on; 2 to 5 players, 4 by default."""
    m = engine.new_match(GAME, seed=1)
    assert m.players == 4
    assert m.options == {"bankroll": 20, "ante": 1, "rounds": 10, "face_down": True}
    assert m.totals == [20] * 4
    assert engine.GAME_INFO[GAME]["direction"] == "left"
    for n in (2, 3, 5):
        assert engine.new_match(GAME, seed=1, players=n).totals == [20] * n
    for n in (1, 6):
        with pytest.raises(engine.RulesError):
            engine.new_match(GAME, seed=1, players=n)


@pytest.mark.parametrize(
    "options, name",
    [
        ({"ante": 0}, "ante"),
        ({"rounds": 0}, "rounds"),
        ({"bankroll": 0}, "bankroll"),
        ({"bankroll": 3, "ante": 4}, "bankroll"),
        ({"face_down": "maybe"}, "face_down"),
        ({"stakes": 3}, "stakes"),
    ],
)
def test_bad_options_name_the_option(options: dict[str, Any], name: str) -> None:
    """An ante below 1, no rounds, or a bankroll below the ante is refused, naming the option."""
    with pytest.raises(engine.RulesError) as exc:
        engine.new_match(GAME, seed=1, options=options)
    assert f"'{name}'" in str(exc.value) or f"the {name} (" in str(exc.value)


def test_seeded_deal_one_card_at_a_time_then_turn_up() -> None:
    """Four cards each, one at a time from the dealer's left; the next card is turned up for
    trump and goes to the bottom of the stock (drawn last)."""
    m = engine.new_match(GAME, seed=11, players=3)
    d = deal_of(m)
    cards = list(DECK_36)
    m.rng(0).shuffle(cards)
    order = [(d.dealer + 1 + k) % 3 for k in range(3)]
    for k, seat in enumerate(order):
        assert sorted(d.initial_hands[seat]) == sorted(cards[k:12:3])
    assert d.turned == cards[12] and d.stock == [CARD_STR[c] for c in cards[13:] + cards[12:13]]
    assert d.trump == "SHDC"[cards[12] >> 4] and d.turned_up == CARD_STR[cards[12]]
    assert d.stock_size == 24 and d.to_move == order[0]
    setup_rec = m.record()["deals"][0]
    assert setup_rec["stock"][-1] == d.turned_up and len(setup_rec["stock"]) == 24
    again = engine.replay(m.record())
    assert again.deal.hands == d.hands and deal_of(again).stock == d.stock


# --- leads and follows ----------------------------------------------------------------------

SINGLE = ["9H 6S 7D 8C", "KH 7S 8D 9D", "8S 6D JD QD"]


def test_single_card_lead_and_follow_any_suit() -> None:
    """The leader (left of the dealer) plays one card; the others play one card of any suit; a
    higher card of the led suit takes over, a card of another plain suit does not."""
    m = position(SINGLE, top="AS 10S KS", dealer=2)
    d = deal_of(m)
    assert d.to_move == 0
    assert sorted(d.legal_moves()) == sorted(["9H", "6S", "7D", "8C"])
    m.play("9H")
    assert illegal(m, "KH 7S 8D") == "The lead was one card: you must play one card."
    m.play("KH")
    m.play("8S")  # no duty to follow suit
    assert d.tricks == [{"leader": 0, "plays": [[0, "9H"], [1, "KH"], [2, "8S"]], "winner": 1}]
    assert d.points == [0, 4, 0] and d.to_move == 1


def test_three_card_lead_of_one_suit_and_three_card_follows() -> None:
    """A lead of three cards must be of one suit; every follower then plays three cards, of any
    suits; the cards of a set may be written in any order and spacing."""
    m = position(["6H 7H 8H 9S", "10H JH QH 6D", "KH AH 7S 8S"], dealer=2)
    assert illegal(m, "6H 7H 9S") == "A lead of three cards must be of one suit."
    assert illegal(m, "6H 7H") == "Play one card or three cards, not 2."
    assert illegal(m, "6H 7H 8H 9S") == "Play one card or three cards, not 4."
    assert illegal(m, "6D") == "6♦ is not in your hand."
    assert illegal(m, "6H 6H 7H") == "6♥ is named twice."
    assert "6H 7H 8H" in m.legal_moves()
    m.play("8H6H   7h")
    assert m.deal.moves == ["6H 7H 8H"]
    assert illegal(m, "10H") == "The lead was three cards: you must play three cards."
    assert len(m.legal_moves()) == 4  # any three of the four cards
    m.play("QH JH 10H")
    m.play("KH 7S 8S")
    d = deal_of(m)
    assert d.tricks[0]["plays"] == [[0, "6H 7H 8H"], [1, "JH QH 10H"], [2, "7S 8S KH"]]
    assert d.tricks[0]["winner"] == 1 and d.points[1] == 19


def test_lead_with_fewer_than_three_cards_is_single() -> None:
    """Sets need three cards: with fewer than three cards in hand only single cards are led."""
    m = engine.replay(rec(dict(TIE, moves=TIE["moves"][:10]), players=5))
    d = deal_of(m)
    assert [len(h) for h in d.hands] == [1] * 5 and d.to_move == 1
    assert m.legal_moves() == ["6S"]


# --- beating --------------------------------------------------------------------------------


def test_beating_a_set_needs_a_one_to_one_matching() -> None:
    """A play beats a set when its cards can be matched one-to-one, each beating one card (same
    suit and higher, or a trump over a non-trump): here only one assignment works. A play that
    beats every card with *some* card, but not with a different card each, does not beat."""
    hands = ["6H 7H 8H 6D", "9H 10H JC 7D", "QC KH AH 8D", "KC 7S 8S 9D"]
    m = position(hands, trump="6C", dealer=3)
    m.play("6H 7H 8H")
    m.play("9H 10H JC")  # 9H, 10H over hearts; JC trumps
    m.play("AH KH QC")  # only QC>JC, KH>9H, AH>10H works
    m.play("KC 7S 8S")  # KC beats any of them, the spades beat nothing
    d = deal_of(m)
    assert d.tricks[0]["winner"] == 2
    b = BEATS[3]

    def p(text: str) -> tuple[int, ...]:
        return tuple(parse_card(t) for t in text.split())

    assert play_beats(b, p("QC KH AH"), p("9H JC 10H"))
    assert not play_beats(b, p("KC 7S 8S"), p("QC KH AH"))
    assert not play_beats(b, p("KH AH 9H"), p("9H JC 10H"))  # JC needs a higher trump
    assert play_beats(b, p("10S"), p("KS")) and not play_beats(b, p("KS"), p("10S"))
    assert play_beats(b, p("6C"), p("AS")) and not play_beats(b, p("AS"), p("6C"))


@pytest.mark.parametrize(
    "plays, winner",
    [
        (["6H", "JH", "9H"], 1),  # 9H beats the lead, not the winning JH
        (["6H", "7H", "6C", "8H"], 2),  # a trump takes over; 8H does not beat it
        (["6H", "9H", "7C", "KH", "8C"], 4),  # the last play beats the winning trump
    ],
)
def test_trick_goes_to_the_last_play_that_took_over(plays: list[str], winner: int) -> None:
    """Each play must beat the play now winning, not the lead; the trick goes to the owner of
    the final winning play (3, 4 and 5 players)."""
    n = len(plays)
    pool = iter(
        c
        for c in [
            "6D",
            "7D",
            "8D",
            "9D",
            "JD",
            "QD",
            "KD",
            "6S",
            "7S",
            "8S",
            "9S",
            "JS",
            "QS",
            "KS",
            "10D",
            "10S",
        ]
        if c not in plays
    )
    hands = [" ".join([mv] + [next(pool) for _ in range(3)]) for mv in plays]
    m = position(hands, trump="AC", dealer=n - 1)
    for mv in plays:
        m.play(mv)
    assert m.deal.tricks[0]["winner"] == winner
    assert m.deal.to_move == winner


# --- drawing from the stock ---------------------------------------------------------------

FOUR = ["6H 7H 8H 6D", "9H 10H JH 7D", "6S 7S 8S 8D", "9S 10S JS 9D"]


def test_refill_one_card_at_a_time_from_the_winner_trump_drawn_last() -> None:
    """After a trick everyone draws back to four, one card at a time, the winner first, then
    clockwise; the turned-up trump lies at the bottom of the stock and is drawn last."""
    m = position(FOUR, top="QH KH AH QS KS AS JD QD KD 10D AD 6C", trump="AC", dealer=3)
    for mv in ["6H 7H 8H", "9H 10H JH", "6S 7S 8S", "9S 10S JS"]:
        m.play(mv)
    d = deal_of(m)
    assert d.tricks[0]["winner"] == 1
    assert d.hands == [
        ["QS", "QD", "6D", "6C"],
        ["KS", "QH", "KD", "7D"],
        ["AS", "KH", "10D", "8D"],
        ["AH", "AD", "JD", "9D"],
    ]
    assert d.stock == ["7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]
    for mv in ["7D", "8D", "9D", "6D"]:  # seat 3 wins; draws 7C, then 0, 1, 2
        m.play(mv)
    assert [h[-1] for h in d._hands] == cards("8C 9C 10C 7C")
    for mv in ["JD", "QD", "KD", "10D"]:  # seat 2 wins (10D over KD); the last draw is AC
        m.play(mv)
    assert d.tricks[-1]["winner"] == 2
    assert d.draws[-1] == [2, 3, 0, 1] and d._hands[1][-1] == parse_card("AC")
    assert m.view(0)["turned_up_to"] == 1 and m.view(0)["turned_up"] == "AC"
    assert d.stock_size == 0 and d.dead == []


def test_refill_is_all_or_nothing_and_the_rest_is_dead() -> None:
    """If the stock cannot refill every hand, nobody draws (even if it could refill some) and
    the cards left in the stock, turned-up trump included, are dead."""
    m = position(FOUR, top="JD QH AH QS QD KH 10D KS KD AS AD 6C", trump="AC", dealer=3)
    for mv in ["6H 7H 8H", "9H 10H JH", "6S 7S 8S", "9S 10S JS"]:
        m.play(mv)
    d = deal_of(m)
    assert d.stock_size == 8 and sorted(d.hand_of(1)) == sorted(["7D", "JD", "QD", "KD"])
    for mv in ["JD QD KD", "8D QH KH", "9D 10D AD", "6D QS KS"]:
        m.play(mv)
    assert d.tricks[-1]["winner"] == 1  # 9D beats none of J, Q, K: no matching
    assert d.stock_size == 0 and all(len(h) == 1 for h in d._hands)
    assert d.dead == ["7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]
    assert m.view(0)["dead_count"] == 8
    while d.phase != "over":
        m.play(m.legal_moves()[0])
    assert d.result is not None and d.result["dead"][-1] == "AC"
    assert sum(d.result["points"]) == 120 - 30  # dead 10C JC QC KC AC score for nobody


# --- the end of a round and the pot ---------------------------------------------------------

# Five players: trick 1 (seat 0, 34 points) refills everyone from a 16-card stock; trick 2
# cannot be refilled (1 card left: dead) and goes to seat 1 (60); trick 3 to seat 0 (26).
TIE = setup(
    ["AS 10S KS AC", "6H 7H 8H 6S", "6D 7D 8D JS", "9H 9D 9S 10H", "QH QD QS QC"],
    top="10D AD 7C JC 7S JD 8C 10C KC 8S KD 9C JH KH AH",
    trump="6C",
    dealer=4,
    moves=[
        "AS 10S KS",
        "6H 7H 8H",
        "6D 7D 8D",
        "9H 9D 9S",
        "QH QD QS",
        "10D JD KD",
        "AD 8C 9C",
        "7C 10C JH",
        "JC KC KH",
        "7S 8S AH",
        "6S",
        "JS",
        "10H",
        "QC",
        "AC",
    ],
)


def test_tie_splits_the_pot_in_whole_stakes_and_the_remainder_stays() -> None:
    """Most card points takes the pot; a tie splits it in whole stakes among the tied players
    and the remainder stays in the pot for the next round."""
    m = engine.replay(rec(TIE, players=5))
    d = m.deals[0]
    r = d.result
    assert r is not None
    assert r["points"] == [60, 60, 0, 0, 0] and r["reason"] == "tie"
    assert r["pot"] == 5 and r["pot_winners"] == [0, 1] and r["share"] == 2
    assert r["remainder"] == 1 and r["delta"] == [1, 1, -1, -1, -1]
    assert m.totals == [21, 21, 19, 19, 19]
    assert deal_of(m).pot == 6 and m.info["pot"] == 6  # 1 carried + 5 antes
    assert sum(m.totals) + 1 == 100


def test_pot_winner_deals_next_first_tied_winner_from_dealers_left() -> None:
    """The pot winner deals next; on a tie, the first tied winner met clockwise from the
    dealer's left (the dealer counting last)."""
    m = engine.replay(rec(TIE, players=5))
    assert m.deal.dealer == 0  # dealer 4: seat 0 is met first
    # The same deal turned by four seats: dealer 3, tied winners 4 and 0; going clockwise
    # from seat 4, seat 4 is met before seat 0.
    hands = [TIE["hands"][(s + 1) % 5] for s in range(5)]
    m2 = engine.replay(
        rec({"dealer": 3, "hands": hands, "stock": TIE["stock"], "moves": TIE["moves"]}, players=5)
    )
    r = m2.deals[0].result
    assert r is not None and r["pot_winners"] == [0, 4] and r["next_dealer"] == 4
    assert m2.deal.dealer == 4


def test_match_end_loses_the_remainder() -> None:
    """The match ends after the set number of rounds; a remainder left in the pot is lost."""
    m = engine.replay(rec(TIE, players=5, options={"rounds": 1}))
    assert m.is_over and m.winners == [0, 1]
    assert m.info["lost"] == 1 and m.info["pot"] == 0
    assert len(m.deals) == 1 and m.deal.result is not None


def test_a_player_who_cannot_ante_is_out() -> None:
    """A player whose bankroll is below the ante is out: dealt no cards, skipped in play."""
    m = engine.replay(rec(TIE, players=5, options={"bankroll": 1}))
    assert m.totals == [2, 2, 0, 0, 0] and not m.is_over
    d = deal_of(m)
    assert d.active == (0, 1) and d.dealer == 0 and d.to_move == 1
    assert [len(h) for h in d.hands] == [4, 4, 0, 0, 0]
    assert d.pot == 3 and d.antes == [1, 1, 0, 0, 0] and d.stock_size == 28
    m.play(m.legal_moves()[0])
    assert d.to_move == 0  # seats 2, 3, 4 are skipped
    m.play(m.legal_moves()[0])
    assert d.to_move in (0, 1) and len(d.tricks) == 1
    again = engine.replay(m.record())
    assert state(again) == state(m)
    assert m.record()["deals"][1]["hands"][2:] == [[], [], []]


def test_match_ends_when_fewer_than_two_can_ante() -> None:
    """The match ends when fewer than two players can ante; the largest bankroll wins."""
    m = engine.replay(
        rec(
            setup(BURA_ONE, dealer=2, trump="6S", moves=BURA_ONE_MOVES),
            players=3,
            options={"bankroll": 1},
        )
    )
    assert m.is_over and m.totals == [0, 0, 3] and m.winners == [2]


def test_record_refuses_a_dealer_who_is_out() -> None:
    """A record cannot give the deal to a seat that is out of the match."""
    second = setup(["AS 10S KS AC", "6H 7H 8H 6S", "", "", ""], dealer=2)
    with pytest.raises(engine.RecordError) as exc:
        engine.replay(rec(TIE, second, players=5, options={"bankroll": 1}))
    assert "out of the match" in str(exc.value)
    with pytest.raises(engine.RecordError) as exc:
        engine.replay(rec(TIE, {"dealer": 3, "moves": []}, players=5, options={"bankroll": 1}))
    assert "seat 3 cannot deal" in str(exc.value)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"stock": None}, "lists both 'hands' and 'stock'"),
        ({"hands": None}, "lists both 'hands' and 'stock'"),
        ({"stock": ALL[:3]}, "the stock has 3 cards; this deal leaves 24"),
        ({"stock": ["AS"] + ALL[13:35] + ["AS"]}, "A♠ is twice in the stock"),
        ({"stock": ALL[12:35] + ["5H"]}, "5♥ is not in this game's deck"),
        ({"stock": ALL[11:35]}, "is dealt twice"),
        ({"hands": [ALL[0:4], ALL[4:8], ALL[8:11]]}, "hand 2 has 3 cards"),
        ({"trump": "H"}, "Unknown deal field(s): trump"),
    ],
)
def test_bad_set_up_deals_are_refused(change: dict[str, Any], message: str) -> None:
    """A deal set up by hand lists 'hands' and 'stock' that together are exactly the 36 cards."""
    deal: dict[str, Any] = {
        "dealer": 0,
        "hands": [ALL[0:4], ALL[4:8], ALL[8:12]],
        "stock": ALL[12:],
        "moves": [],
    }
    for k, v in change.items():
        if v is None:
            del deal[k]
        else:
            deal[k] = v
    with pytest.raises(engine.RecordError) as exc:
        engine.replay(rec(deal, players=3))
    assert message in str(exc.value)
    good = {"dealer": 0, "hands": [ALL[0:4], ALL[4:8], ALL[8:12]], "stock": ALL[12:]}
    assert engine.replay(rec(good, players=3)).deal.turned_up == "AC"


# --- Bura and four Aces ---------------------------------------------------------------------

BURA_ONE = ["6H 7H 8H 9D", "AS 9H 10H 6D", "7S 8S 9S 7D"]
BURA_ONE_MOVES = ["6H 7H 8H", "AS 9H 10H", "7S 8S 9S"]


def test_bura_ends_the_round_and_takes_the_pot_even_without_the_trick() -> None:
    """Three trumps played to one trick (Bura): the trick is finished and goes to its winner,
    then the round ends and the Bura's player takes the pot (nobody draws)."""
    m = engine.replay(rec(setup(BURA_ONE, trump="6S", dealer=2, moves=BURA_ONE_MOVES), players=3))
    d = m.deals[0]
    r = d.result
    assert r is not None and r["reason"] == "bura" and r["bura"] == 2
    assert d.tricks[0]["winner"] == 1 and r["points"] == [0, 21, 0]
    assert r["pot_winners"] == [2] and r["delta"] == [-1, -1, 2] and m.totals == [19, 19, 22]
    assert d.stock_size == 24 and [len(h) for h in d._hands] == [1, 1, 1]
    assert m.deal.dealer == 2


def test_two_buras_a_later_one_that_beats_the_first_takes_the_pot() -> None:
    """With several Buras in a trick the first holds the pot unless a later Bura beats it card
    for card."""
    hands = ["7S 8S 9S 6H", "JS QS KS 7H", "10S AS 8H 9H"]
    m = engine.replay(
        rec(
            setup(hands, trump="6S", dealer=2, moves=["7S 8S 9S", "JS QS KS", "8H 9H AS"]),
            players=3,
        )
    )
    r = m.deals[0].result
    assert r is not None and r["reason"] == "bura" and r["pot_winners"] == [1]
    assert m.deals[0].tricks[0]["winner"] == 1


def test_two_buras_the_first_holds_unless_beaten() -> None:
    """A later Bura that does not beat the first one leaves the pot to the first."""
    hands = ["JS QS KS 6H", "7S 8S 9S 7H", "10S AS 8H 9H"]
    m = engine.replay(
        rec(
            setup(hands, trump="6S", dealer=2, moves=["JS QS KS", "7S 8S 9S", "8H 9H AS"]),
            players=3,
        )
    )
    r = m.deals[0].result
    assert r is not None and r["reason"] == "bura" and r["pot_winners"] == [0]


def test_four_aces_after_the_deal_take_the_pot_at_once() -> None:
    """Four Aces in a hand after the deal take the pot at once, before any card is played;
    the holder deals the next round."""
    m = engine.replay(
        rec(setup(["6H 7H 8H 9D", "AS AH AD AC", "7S 8S 9S 7D"], dealer=0), players=3)
    )
    first = m.deals[0]
    r = first.result
    assert r is not None and r["reason"] == "four_aces" and r["four_aces"] == 1
    assert r["delta"] == [-1, 2, -1] and first.moves == [] and first.tricks == []
    assert len(m.deals) == 2 and m.deal.dealer == 1 and m.deal.phase == "play"
    again = engine.replay(m.record())
    assert state(again) == state(m)


def test_four_aces_after_a_refill_take_the_pot_at_once() -> None:
    """Four Aces in a hand after a refill (everyone has drawn) take the pot at once."""
    m = engine.replay(
        rec(
            setup(
                ["AH AS AD 7D", "6H 8D 9D JD", "6S QD KD 10D"],
                top="AC",
                dealer=2,
                moves=["7D", "6H", "6S"],
            ),
            players=3,
        )
    )
    d = m.deals[0]
    r = d.result
    assert r is not None and r["reason"] == "four_aces" and r["pot_winners"] == [0]
    assert [len(h) for h in d._hands] == [4, 4, 4] and r["points"] == [0, 0, 0]


# --- what a seat may see --------------------------------------------------------------------


def test_own_pile_is_hidden_in_the_view() -> None:
    """Captured points stay hidden from every seat's view until the round ends (no player may
    look at their pile); the API knows them."""
    m = position(SINGLE, top="AS 10S KS", dealer=2, moves=["9H", "KH", "8S"])
    d = deal_of(m)
    assert d.points == [0, 4, 0] and d.piles == [[], ["9H", "KH", "8S"], []]
    for seat in range(3):
        v = m.view(seat)
        text = json.dumps(v)
        assert "points" not in text and "pile" not in text and v["result"] is None
        assert v["pot"] == 3 and v["stock_size"] == 21 and v["turned_up"] == "6C"
    m2 = engine.replay(rec(setup(BURA_ONE, trump="6S", dealer=2, moves=BURA_ONE_MOVES), players=3))
    assert m2.deals[0].view(1)["result"]["points"] == [0, 21, 0]


def test_non_winning_plays_are_face_down_to_the_others() -> None:
    """A play that does not take over the trick is laid face down: the others see '??' per
    card (in the trick in progress and in finished tricks), its player sees it."""
    m = position(
        FOUR,
        top="QH KH AH QS KS AS JD QD KD 10D AD 6C",
        trump="AC",
        dealer=3,
        moves=["6H 7H 8H", "9H 10H JH", "6S 7S 8S"],
    )
    assert m.view(3)["trick"] == [[0, "6H 7H 8H"], [1, "9H JH 10H"], [2, "?? ?? ??"]]
    assert m.view(2)["trick"][2] == [2, "6S 7S 8S"]
    assert m.deal.trick[2] == [2, "6S 7S 8S"]  # the API shows everything
    m.play("9S 10S JS")
    v0 = m.view(0)
    assert v0["tricks"][0]["plays"] == [
        [0, "6H 7H 8H"],
        [1, "9H JH 10H"],
        [2, "?? ?? ??"],
        [3, "?? ?? ??"],
    ]
    m.play("7D")  # seat 1 leads a single card; seat 2 takes over, seat 3 does not
    m.play("8D")
    m.play("AH")
    assert m.view(0)["trick"] == [[1, "7D"], [2, "8D"], [3, "??"]]
    assert m.view(3)["trick"][2] == [3, "AH"]
    while m.deal.phase != "over":
        m.play(m.legal_moves()[0])
    assert all("??" not in mv for t in m.view(0)["tricks"] for _, mv in t["plays"])
    open_m = position(
        FOUR,
        top="QH KH AH QS KS AS JD QD KD 10D AD 6C",
        trump="AC",
        dealer=3,
        moves=["6H 7H 8H", "9H 10H JH", "6S 7S 8S"],
        options={"face_down": False},
    )
    assert open_m.view(3)["trick"][2] == [2, "6S 7S 8S"]


def test_baseline_player_is_legal_for_two_to_five() -> None:
    """The baseline computer player plays whole matches legally for 2 to 5 players."""
    for n in (2, 3, 4, 5):
        m = engine.new_match(GAME, seed=n, players=n, options={"rounds": 4})
        rng = random.Random(n)
        while not m.is_over:
            m.play(engine.bots.choose(m.deal, rng=rng))
        assert m.is_over and m.winners
        assert sum(m.totals) + m.info["lost"] == 20 * n
