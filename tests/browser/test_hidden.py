"""A card laid face down stays face down on the page: Bidding Kozel's `face_down` plays are
never shown on the felt nor said in the live region while the round is played."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from ui.common import render as R
from ui.common.seen import hidden_cards, reader_view

from .conftest import App

pytestmark = pytest.mark.e2e


def felt_and_voice(page: Any) -> tuple[list[str], str]:
    cards = page.eval_on_selector_all(
        "#trick .play", "ns => ns.map(n => n.dataset.playCards || '')"
    )
    return [c for text in cards for c in text.split()], page.inner_text("#announce")


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 1)])
def test_a_face_down_play_is_never_shown_nor_said(app: App, players: int, seed: int) -> None:
    """The positions players reported (3 players seed 5: Olga's 7♥; 4 players seed 1: Ivan's
    6♦ and Nina's 7♠), played to the round's end: at every turn and every finished trick,
    neither the felt nor #announce holds a card the player's view shows as ``??``."""
    page = app.page
    page.evaluate(
        "q => window.__tt_reset(q)",
        f"?game=bidding-kozel&players={players}&seed={seed}&speed=0&level=easy",
    )
    page.wait_for_selector("#table:not([hidden])")
    met = 0
    for _ in range(200):
        if app.wait_turn() == "summary":
            break
        m = engine.replay(app.record())
        d = m.deals[-1]
        hidden = hidden_cards(d, reader_view(d))
        met += len(hidden)
        cards, voice = felt_and_voice(page)
        assert not hidden & set(cards), (hidden, cards)
        assert not [c for c in hidden if R.card_label(c) in voice], (hidden, voice)
        app.act()
        if page.query_selector("#table[data-tap]"):
            cards, voice = felt_and_voice(page)
            d = engine.replay(app.record()).deals[-1]
            hidden = hidden_cards(d, reader_view(d))
            assert not hidden & set(cards), (hidden, cards)
            assert not [c for c in hidden if R.card_label(c) in voice], (hidden, voice)
    assert met > 0, "no card was laid face down in this round: the test saw nothing hidden"
