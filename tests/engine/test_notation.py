"""Card and move notation: one text form per card and move that round-trips."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.cards import CARD_STR, DECK_52, card_str, parse_card

cards = st.sampled_from(DECK_52)


@given(cards, st.sampled_from(["", " ", "  "]), st.booleans())
def test_card_text_round_trips(c: int, pad: str, lower: bool) -> None:
    """A card is written rank then suit (AS, 10H, 6C); parsing its text gives the card back."""
    text = card_str(c)
    assert parse_card(pad + (text.lower() if lower else text) + pad) == c
    if text.startswith("10"):
        assert parse_card("T" + text[-1]) == c


@given(st.text(max_size=4))
def test_junk_is_not_a_card(text: str) -> None:
    """Text that is not rank-then-suit is rejected with a ValueError naming it."""
    norm = (
        text.strip().upper().replace("T", "10", 1)
        if text.strip().upper().startswith("T")
        else text.strip().upper()
    )
    if norm in CARD_STR.values():
        return
    try:
        parse_card(text)
    except ValueError as exc:
        assert "is not a card" in str(exc)
    else:
        raise AssertionError(f"{text!r} parsed as a card")


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=2**31 - 1), st.integers(min_value=0, max_value=60))
def test_any_prefix_of_a_match_replays(seed: int, steps: int) -> None:
    """Any match, stopped after any number of moves, replays from its record exactly."""
    m = engine.new_match("batak", seed=seed, options={"hands": 3})
    for _ in range(steps):
        m.play(engine.bots.choose(m.deal, rng=seed))
    r = engine.replay(m.record())
    assert r.record() == m.record() and r.deal.hands == m.deal.hands
    assert r.deal.legal_moves() == m.deal.legal_moves()
