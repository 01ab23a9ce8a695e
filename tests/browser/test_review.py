"""Looking back in the page: the last trick, the score sheet, the hand replay, the winning mark
and the ranked match result, checked against the engine's own record of the match."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from tests.browser.conftest import App
from tests.browser.test_game import GAME_SETUPS


def overlay_gone(page: Any) -> bool:
    return bool(page.evaluate("document.getElementById('overlay').hidden"))


def test_last_trick_shows_the_previous_trick(app: App) -> None:
    """ "Last trick" shows the four cards of the previous trick, who played them and who won;
    closing it returns to exactly where play was."""
    app.start("koz-maca", 5)
    page = app.page
    for _ in range(40):
        assert app.wait_turn() == "input"
        if engine.replay(app.record()).deal.tricks:
            break
        app.act()
    before = app.record()
    seq = app.seq()
    last = engine.replay(before).deal.tricks[-1]
    page.click('#bar [data-action="last-trick"]')
    sheet = page.wait_for_selector("[data-last-trick]")
    assert sheet is not None
    shown = [
        [int(str(li.get_attribute("data-play-seat"))), li.get_attribute("data-move")]
        for li in page.query_selector_all("[data-last-trick] [data-play-seat]")
    ]
    assert shown == last["plays"]
    assert sheet.get_attribute("data-winner") == str(last["winner"])
    page.click('[data-last-trick] [data-action="close"]')
    assert overlay_gone(page)
    assert app.wait_turn() == "input"
    assert app.record() == before and app.seq() == seq


def test_winning_card_is_marked(app: App) -> None:
    """The play now winning the trick in progress is marked, and said so in its name."""
    app.start("kozel-miner", 14)
    page = app.page
    for _ in range(30):
        assert app.wait_turn() == "input"
        m = engine.replay(app.record())
        if m.deal.trick:
            break
        app.act()
    m = engine.replay(app.record())
    win = m.deal.winning_seat()
    assert win is not None
    lead = page.query_selector("#trick .play.leading")
    assert lead is not None and lead.get_attribute("data-play-seat") == str(win)
    label = str(lead.query_selector(".card").get_attribute("aria-label"))
    assert "winning" in label, label


def finished_trick_on_felt(page: Any) -> list[list[Any]]:
    return [
        [int(str(n.get_attribute("data-play-seat"))), "won" in str(n.get_attribute("class"))]
        for n in page.query_selector_all("#trick .play")
    ]


def play_high(app: App) -> str:
    """Plays the last playable card of the hand (the highest of its suit, to win tricks)."""
    before = app.seq()
    card = app.page.query_selector_all("#hand [data-card][data-legal]")[-1]
    move = str(card.get_attribute("data-card"))
    card.click()
    app.page.wait_for_function(
        "s => document.getElementById('table').dataset.seq !== s", arg=before
    )
    return move


def test_instant_keeps_each_finished_trick_until_a_card_or_a_tap(app: App) -> None:
    """At Instant every finished trick stays on the felt, its winner marked: when the player
    plays next, until their card (which starts the next trick); when a computer plays next,
    until a tap on the felt."""
    app.start("koz-maca", 8)  # at Instant (speed=0)
    page = app.page
    tapped = kept_for_card = 0
    for _ in range(60):
        page.wait_for_selector(
            "#table[data-input], [data-summary], #table[data-tap]", state="attached"
        )
        if page.query_selector("[data-summary]"):
            break
        m = engine.replay(app.record())
        finished = m.deal.tricks[-1] if m.deal.tricks and not m.deal.trick else None
        shown = finished_trick_on_felt(page)
        if page.query_selector("#table[data-tap]"):
            assert finished is not None
            assert shown == [[seat, seat == finished["winner"]] for seat, _ in finished["plays"]]
            assert "Tap the table" in (page.text_content("#status") or "")
            app.tap()
            page.wait_for_selector("#table:not([data-tap])", state="attached")
            tapped += 1
            continue
        if finished is not None and shown:
            # the player leads the next trick, the finished one still on show
            assert shown == [[seat, seat == finished["winner"]] for seat, _ in finished["plays"]]
            done = len(app.record()["deals"][0]["moves"])
            move = play_high(app)
            assert finished_trick_on_felt(page)[0][0] == 0, "the card did not start a new trick"
            assert app.record()["deals"][0]["moves"][done] == move
            kept_for_card += 1
            continue
        play_high(app)
    assert tapped >= 1 and kept_for_card >= 1, (tapped, kept_for_card)


@pytest.mark.parametrize("game", list(engine.GAMES))
def test_score_sheet_and_hand_replay(app: App, game: str) -> None:
    """After a deal, the score sheet's totals are the engine's, and the deal's replay steps
    through every trick in order, showing each trick's plays; closing returns to the
    summary."""
    setup = GAME_SETUPS[game]
    app.start(game, setup["seed"], players=setup.get("players"))
    page = app.page
    app.play_deal(bid=setup.get("bid", False))
    m = engine.replay(app.record())
    deal = m.deals[0]
    page.click('[data-summary] [data-action="score-sheet"]')
    page.wait_for_selector("[data-score-sheet]")
    totals = page.get_attribute("[data-score-sheet] [data-totals-row]", "data-totals")
    assert totals == ",".join(str(t) for t in m.totals)
    page.click('[data-score-sheet] [data-action="replay"][data-deal="0"]')
    rp = page.wait_for_selector("[data-replay]")
    assert rp is not None
    steps = int(str(rp.get_attribute("data-steps")))
    assert steps == len(deal.tricks)
    for k, trick in enumerate(deal.tricks):
        assert page.get_attribute("[data-replay]", "data-step") == str(k)
        shown = [
            [int(str(li.get_attribute("data-play-seat"))), li.get_attribute("data-move")]
            for li in page.query_selector_all("[data-replay] [data-play-seat]")
        ]
        assert shown == trick["plays"], (k, shown, trick)
        nxt = page.query_selector('[data-replay] [data-action="replay-next"]')
        assert nxt is not None
        if k < steps - 1:
            nxt.click()
            page.wait_for_selector(f'[data-replay][data-step="{k + 1}"]')
        else:
            assert nxt.is_disabled()
    page.click('[data-replay] [data-action="replay-prev"]')
    page.wait_for_selector(f'[data-replay][data-step="{max(0, steps - 2)}"]')
    page.click('[data-replay] [data-action="close"]')
    page.wait_for_selector("[data-score-sheet]")
    page.click('[data-score-sheet] [data-action="close"]')
    page.wait_for_selector("[data-summary]")
    assert engine.replay(app.record()).record() == m.record()


def test_match_result_ranks_and_links_to_the_score_sheet(app: App) -> None:
    """The match-over screen lists every seat ranked by its total (winners first) and opens
    the score sheet, whose totals are the engine's."""
    app.start("koz-maca", 11, options={"hands": "5"})
    page = app.page
    for _ in range(5):
        app.play_deal()
        nxt = page.query_selector('[data-summary] [data-action="next"]')
        if nxt is None:
            break
        nxt.click()
    page.click('[data-summary] [data-action="continue"]')
    page.wait_for_selector("[data-match-over]")
    m = engine.replay(app.record())
    assert m.is_over
    ranked = [
        int(str(li.get_attribute("data-seat")))
        for li in page.query_selector_all("[data-match-over] li[data-seat]")
    ]
    want = sorted(range(4), key=lambda s: (s not in m.winners, -m.totals[s], s))
    assert ranked == want
    page.click('[data-match-over] [data-action="score-sheet"]')
    page.wait_for_selector("[data-score-sheet]")
    assert len(page.query_selector_all("[data-score-sheet] [data-deal-row]")) == len(m.deals)
    totals = page.get_attribute("[data-score-sheet] [data-totals-row]", "data-totals")
    assert totals == ",".join(str(t) for t in m.totals)
    page.click('[data-score-sheet] [data-action="close"]')
    page.wait_for_selector("[data-match-over]")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bidding_kozel_sheets_fit_a_phone(app: App, players: int) -> None:
    """At 360x640 nothing overflows sideways in Bidding Kozel with 2 to 5 players: the table
    in play, the deal summary and the score sheet."""
    page = app.page
    page.set_viewport_size({"width": 360, "height": 640})
    app.start("bidding-kozel", 20 + players, players=players)
    assert app.wait_turn() in ("input", "summary")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    app.play_deal()
    for sel in ("[data-summary]",):
        box = page.query_selector(sel).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    page.click('[data-summary] [data-action="score-sheet"]')
    sheet = page.wait_for_selector("[data-score-sheet]")
    box = sheet.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
