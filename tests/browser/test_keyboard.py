"""Playing with the keyboard: after every move focus comes back to the hand (never the page
body), the arrow keys move between the cards, Enter plays, a finished trick moves on with Enter,
each card played is said in the polite live region, and dialogs close with Escape and give the
focus back."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine.cards import parse_card
from ui.common.seen import hidden_cards, reader_view
from ui.saves import store as S

from .conftest import App

pytestmark = pytest.mark.e2e


SAY_LOG = """() => {
    window.__said = [];
    const box = document.getElementById('announce');
    if (window.__saidObserver) window.__saidObserver.disconnect();
    window.__saidObserver = new MutationObserver(recs => { for (const r of recs)
        for (const n of r.addedNodes) window.__said.push(n.textContent); });
    window.__saidObserver.observe(box, { childList: true });
}"""

# the focused felt's ring: its own layer (::after) shown, not the browser's outline, which
# drew the whole page again
FELT_RING = """() => { const f = document.getElementById('felt');
    const ring = getComputedStyle(f, '::after');
    return { ring: ring.content === 'none' ? 'no ring' : ring.opacity,
             border: ring.borderTopStyle, outline: getComputedStyle(f).outlineStyle }; }"""

RANK = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
SUIT = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def face_down_cards(record: dict[str, Any]) -> set[str]:
    """The cards of the first deal the player saw face down while it was played."""
    moves = record["deals"][0]["moves"]
    out: set[str] = set()
    for n in range(1, len(moves) + 1):
        rec = {**record, "deals": [{**record["deals"][0], "moves": moves[:n]}]}
        d = engine.replay(rec).deals[0]
        if d.phase != "over":
            out |= hidden_cards(d, reader_view(d))
    return out


def card_name(card: str) -> str:
    return f"{RANK.get(card[:-1], card[:-1])} of {SUIT[card[-1]]}"


def focused(page: Any) -> dict[str, Any]:
    return dict(
        page.evaluate("""() => { const a = document.activeElement || document.body;
        return { card: a.dataset ? a.dataset.card || null : null,
                 move: a.dataset ? a.dataset.move || null : null,
                 legal: a.hasAttribute('data-legal'), selected: a.hasAttribute('data-selected'),
                 id: a.id, tag: a.tagName }; }""")
    )


def keyboard_turn(page: Any, first: bool) -> None:
    """One decision of the player, with keys only: focus is on the hand (or the panel)."""
    f = focused(page)
    assert f["tag"] != "BODY", "focus dropped to the page body"
    if first and f["card"]:  # the arrow keys move between the playable cards
        cards = page.eval_on_selector_all(
            '#hand [data-card]:not([aria-disabled="true"])', "ns => ns.map(n => n.dataset.card)"
        )
        page.keyboard.press("End")
        assert focused(page)["card"] == cards[-1]
        page.keyboard.press("Home")
        assert focused(page)["card"] == cards[0]
        if len(cards) > 1:
            page.keyboard.press("ArrowRight")
            assert focused(page)["card"] == cards[1]
        page.keyboard.press("Home")
        f = focused(page)
    if page.query_selector('#panel [data-move="confirm"]'):  # Bidding Kozel: select, then Enter
        for _ in range(40):
            if page.query_selector('#panel [data-move="confirm"]:not([disabled])'):
                page.keyboard.press("Enter")
                return
            f = focused(page)
            if f["card"] and f["legal"] and not f["selected"]:
                page.keyboard.press("Space")
                if page.query_selector('#panel [data-move="confirm"]:not([disabled])'):
                    continue
                page.wait_for_timeout(50)
            page.keyboard.press("ArrowRight")
        raise AssertionError("no selection could be played with the keyboard")
    if f["card"] and not f["legal"]:  # move to a playable card
        for _ in range(14):
            page.keyboard.press("ArrowRight")
            if focused(page)["legal"]:
                break
    page.keyboard.press("Enter")


@pytest.mark.parametrize("game", list(engine.GAMES))
def test_a_whole_deal_with_the_keyboard_only(app: App, game: str) -> None:
    """Every decision of a deal by key presses (no clicks), focus always on the hand or panel,
    and every card played by anyone named in the polite live region."""
    page = app.page
    page.evaluate(SAY_LOG)  # before the deal starts: the computers may play first
    page.evaluate("q => window.__tt_reset(q)", f"?game={game}&seed=8&speed=0&level=easy")
    page.wait_for_selector("#table:not([hidden])", state="attached")
    turns = 0
    for _ in range(300):
        page.wait_for_selector(
            "#table[data-input], [data-summary], #table[data-tap]", state="attached"
        )
        if page.query_selector("[data-summary]"):
            break
        if not page.query_selector("#table[data-input]"):
            assert focused(page)["id"] == "felt"  # the finished trick: Enter moves on
            assert page.evaluate(FELT_RING) == {"ring": "1", "border": "solid", "outline": "none"}
            page.keyboard.press("Enter")
            page.wait_for_selector("#table:not([data-tap])", state="attached")
            continue
        before = app.seq()
        keyboard_turn(page, turns == 0)
        page.wait_for_function(
            "s => document.getElementById('table').dataset.seq !== s", arg=before
        )
        turns += 1
    else:
        pytest.fail("the deal did not end")
    said = " ".join(page.evaluate("window.__said"))
    record = app.record()
    deal = engine.replay(record).deals[0]
    played = [
        c
        for t in deal.tricks
        for _s, mv in t["plays"]
        for c in str(mv).split()
        if parse_card(c) is not None
    ]
    assert played and turns > 0
    hidden = face_down_cards(record)  # (Bidding Kozel) said as "a card face down"
    missing = [c for c in played if c not in hidden and card_name(c) not in said]
    assert not missing, f"not said: {missing[:6]} in {said[:300]}"
    told = [c for c in hidden if card_name(c) in said]
    assert not told, f"said though laid face down: {told}"
    assert "Your turn" in said or "Your bid" in said


def follow_position() -> tuple[dict[str, Any], str, list[str]]:
    """A Koz Maça record where another seat has led and the player must follow suit later in
    the trick (holding the led suit and another): the record, a card of the player's that will
    not be playable, and those that will."""
    for seed in range(400):
        m = engine.new_match("koz-maca", seed=seed)
        rng = random.Random(seed)
        while not m.is_over and len(m.deals) == 1:
            d = m.deal
            trick = d.view(0)["trick"]
            if (
                d.phase == "play"
                and d.to_move not in (0, None)
                and len(trick) == 1
                and trick[0][0] != 0
                and len(d.tricks) >= 1
            ):
                led = str(trick[0][1])[-1]
                hand = list(d.view(0)["hand"])
                follow = [c for c in hand if c[-1] == led]
                other = [c for c in hand if c[-1] != led]
                if follow and other:
                    return m.record(), other[0], follow
            m.play(rng.choice(m.legal_moves()))
    raise AssertionError("no position where the player must follow a lead")


def test_focus_leaves_a_card_that_becomes_unplayable_and_arrows_skip_them(app: App) -> None:
    page = app.page
    record, unplayable, playable = follow_position()
    save = {
        "format": 1,
        "tab": "keyboard-test",
        "n": 1,
        "screen": "table",
        "overlay": None,
        "cur": 0,
        "away": [],
        "record": record,
        "settings": {
            "game": "koz-maca",
            "options": {},
            "players": str(record["players"]),
            "seed": str(record["seed"]),
            "level": "easy",
            "speed": "3",
        },
    }
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [S.KEY, json.dumps(save)])
    page.evaluate("() => window.__tt_reopen('')")
    page.wait_for_selector("#table:not([hidden]):not([data-input])", state="attached")
    page.focus(f'#hand [data-card="{unplayable}"]')  # while the others play: any card
    assert focused(page)["card"] == unplayable
    page.wait_for_selector("#table[data-input]", state="attached", timeout=30_000)
    page.wait_for_function(
        "c => { const a = document.activeElement;"
        " return a && a.dataset && a.dataset.card && a.dataset.card !== c; }",
        arg=unplayable,
    )
    f = focused(page)
    assert f["legal"] and f["card"] in playable, f  # focus went to a playable card
    seen = {f["card"]}
    for key in ["ArrowRight"] * 12 + ["ArrowLeft"] * 12 + ["Home", "End"]:
        page.keyboard.press(key)
        f = focused(page)
        assert f["legal"], f"{key} reached {f['card']}, which may not be played"
        seen.add(f["card"])
    assert seen == set(playable)
    page.evaluate("k => localStorage.removeItem(k)", S.KEY)


def test_a_match_started_from_the_lobby_with_the_keyboard(app: App) -> None:
    """Tab to a game, Enter chooses it (focus stays on it), the seed typed, the speed chosen
    with the arrow keys, Tab to "Deal the cards", Enter: the match starts as chosen."""
    page = app.page
    page.evaluate("document.activeElement && document.activeElement.blur()")

    def tab_to(test: str) -> None:
        for _ in range(80):
            page.keyboard.press("Tab")
            if page.evaluate(f"() => {{ const a = document.activeElement; return !!({test}); }}"):
                return
        raise AssertionError(f"Tab never reached {test}")

    tab_to("a.dataset.gameChoice === 'batak'")
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-game-choice="batak"][aria-pressed="true"]')
    assert page.evaluate("document.activeElement.dataset.gameChoice") == "batak"
    tab_to("a.id === 'opt-seed'")
    page.keyboard.press("Control+A")
    page.keyboard.type("5")
    tab_to("a.hasAttribute('data-speed')")
    for _ in range(4):
        page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.value") == "0"
    tab_to("a.hasAttribute('data-start')")
    page.keyboard.press("Enter")
    page.wait_for_selector("#table:not([hidden])")
    record = app.record()
    assert record["game"] == "batak" and str(record["seed"]) == "5"


def test_cards_typed_play_and_shortcuts(app: App) -> None:
    """Typing a card plays it (as the command line writes it); an unplayable card says why;
    R reads the table; L opens the last trick; ? lists the keys; illegal cards are named so."""
    page = app.page
    page.evaluate("q => window.__tt_reset(q)", "?game=koz-maca&seed=8&speed=0&level=easy")
    assert app.wait_turn() == "input"
    page.evaluate(SAY_LOG)
    hand = page.eval_on_selector_all("#hand [data-card]", "ns => ns.map(n => n.dataset.card)")
    legal = page.eval_on_selector_all(
        "#hand [data-card][data-legal]", "ns => ns.map(n => n.dataset.card)"
    )
    illegal = [c for c in hand if c not in legal]
    if illegal:
        node = page.query_selector(f'#hand [data-card="{illegal[0]}"]')
        assert node.get_attribute("aria-disabled") == "true"
        assert "not playable" in str(node.get_attribute("aria-label"))
        before = app.seq()
        page.keyboard.type(illegal[0])
        page.wait_for_selector("#toast.show")
        assert app.seq() == before  # nothing played
    page.keyboard.press("r")
    page.wait_for_function("() => window.__said.some(t => t.includes('Your hand'))")
    text = next(t for t in page.evaluate("window.__said") if "Your hand" in t)
    assert "Trump" in text and card_name(hand[0]).split(" of ")[0] in text
    before = app.seq()
    page.keyboard.type(legal[0])
    page.wait_for_function("s => document.getElementById('table').dataset.seq !== s", arg=before)
    assert legal[0] in [
        mv for _s, mv in engine.replay(app.record()).deals[0].view(0)["trick"]
    ] or any(
        legal[0] == mv for t in engine.replay(app.record()).deals[0].tricks for _s, mv in t["plays"]
    )
    page.keyboard.press("Shift+Slash")  # "?"
    page.wait_for_selector("[data-keys]")
    assert page.is_visible("[data-keys] kbd")
    page.keyboard.press("Escape")
    page.wait_for_selector("#overlay", state="hidden")


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
