"""Playing with the keyboard: after every move focus comes back to the hand (never the page
body), the arrow keys move between the cards, Enter plays, a finished trick moves on with Enter,
each card played is said in the polite live region, and dialogs close with Escape and give the
focus back."""

from __future__ import annotations

import pytest

import engine
from engine.cards import parse_card

from .conftest import App

pytestmark = pytest.mark.e2e


def test_a_koz_maca_deal_by_keyboard(app: App) -> None:
    page = app.page
    app.start("koz-maca", 8)
    names = ["You", "Mehmet", "Ayşe", "Kemal"]
    said: list[str] = []
    for _ in range(80):
        page.wait_for_selector("#table[data-input], [data-summary], #table[data-tap]",
                               state="attached")
        if page.query_selector("[data-summary]"):
            break
        if page.query_selector("#table[data-tap]") and not page.query_selector("#table[data-input]"):
            assert page.evaluate("document.activeElement.id") == "felt"  # focus on the table
            page.keyboard.press("Enter")
            page.wait_for_selector("#table:not([data-tap])", state="attached")
            continue
        focused = page.evaluate("document.activeElement && document.activeElement.dataset.card")
        assert focused, ("focus is not on a card of the hand: "
                         + str(page.evaluate("document.activeElement.outerHTML.slice(0, 80)")))
        if not said:  # the arrow keys move between the cards (checked on the first turn)
            cards = page.eval_on_selector_all("#hand [data-card]",
                                              "ns => ns.map(n => n.dataset.card)")
            page.keyboard.press("End")
            assert page.evaluate("document.activeElement.dataset.card") == cards[-1]
            page.keyboard.press("Home")
            assert page.evaluate("document.activeElement.dataset.card") == cards[0]
            page.keyboard.press("ArrowRight")
            assert page.evaluate("document.activeElement.dataset.card") == cards[1]
            page.keyboard.press("ArrowLeft")
            legal = page.eval_on_selector_all("#hand [data-card][data-legal]",
                                              "ns => ns.map(n => n.dataset.card)")
            for _k in range(cards.index(legal[0])):
                page.keyboard.press("ArrowRight")
        before = app.seq()
        page.keyboard.press("Enter")
        page.wait_for_function("s => document.getElementById('table').dataset.seq !== s",
                               arg=before)
        said.append(str(page.text_content("#announce")))
    else:
        pytest.fail("the deal did not end")
    record = app.record()
    m = engine.replay(record)
    assert m.deals[0].phase == "over"
    # every one of the player's cards was said by name in the live region when played
    assert said and all(s.startswith(("You play", *[f"{n} plays" for n in names])) for s in said)
    mine = [mv for s, mv in [(p[0], p[1]) for t in m.deals[0].tricks for p in t["plays"]] if s == 0]
    assert len(mine) == 13 and all(parse_card(c) is not None for c in mine)


def test_dialogs_close_with_escape_and_focus_comes_back(app: App) -> None:
    page = app.page
    app.start("batak", 4)
    assert app.wait_turn() == "input"
    page.focus('#bar [data-action="rules"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(".rules-sheet")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.getElementById('overlay').contains(document.activeElement)")
    page.keyboard.press("Escape")
    page.wait_for_selector("#overlay", state="hidden")
    assert page.evaluate("document.activeElement.dataset.action") == "rules"
