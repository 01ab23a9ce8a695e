"""Every seat's play is clearly its own: in Bidding Kozel with 2 to 5 players, sets of three
cards from every other seat on the felt do not overlap each other or any seat's label, and
nothing runs off the screen, at 360x640 and 1280x800.

The position (every other seat has played a set of three, the player is to play) is found
with the engine and put on the table as a saved match, which the page restores on reload.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

import engine

from .conftest import App

pytestmark = pytest.mark.e2e

KEY = "trick-table/v1"


def sets_position(players: int) -> dict[str, Any]:
    """A record where every seat but the player's has played three cards to the trick."""
    for seed in range(500):
        m = engine.new_match("bidding-kozel", seed=seed, players=players)
        rng = random.Random(seed)
        while not m.is_over and len(m.deals) == 1:
            d = m.deal
            trick = d.view(0)["trick"]
            if (d.phase == "play" and d.to_move == 0 and len(trick) == players - 1
                    and all(len(str(mv).split()) == 3 for _, mv in trick)):
                return m.record()
            moves = m.legal_moves()
            three = [x for x in moves if len(x.split()) == 3] if d.to_move != 0 else []
            m.play(rng.choice(three or moves))
    raise AssertionError(f"no position with sets of three for {players} players")


def boxes(page: Any, sel: str) -> list[dict[str, float]]:
    return page.eval_on_selector_all(sel, """ns => ns.map(n => {
        const r = n.getBoundingClientRect();
        return {x: r.left, y: r.top, r: r.right, b: r.bottom, what: n.className + ' ' +
                (n.dataset.playSeat || n.dataset.seat || '')};
    })""")


def overlap(a: dict[str, float], b: dict[str, float], slack: float = 1.0) -> bool:
    return (min(a["r"], b["r"]) - max(a["x"], b["x"]) > slack
            and min(a["b"], b["b"]) - max(a["y"], b["y"]) > slack)


def restore(page: Any, game: str, record: dict[str, Any],
            size: tuple[int, int] | None = None) -> None:
    """Puts `record` on the table as the player's saved match and reloads the page on it (at
    `size`, when given)."""
    save = {"format": 1, "tab": "layout-test", "n": 1, "screen": "table", "overlay": None,
            "cur": 0, "away": [], "record": record,
            "settings": {"game": game, "options": {}, "players": str(record["players"]),
                         "seed": str(record["seed"]), "level": "easy", "speed": "0"}}
    if size is not None:
        page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [KEY, json.dumps(save)])
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    page.wait_for_selector("#table[data-input]", state="attached")


def assert_apart(page: Any, plays_sel: str, players: int, size: tuple[int, int],
                 shot: str) -> None:
    """At `size`, the other seats' plays (`plays_sel`) and every seat's label: one box each,
    no two overlapping, none off the screen, no sideways scroll. `shot` names the screenshot
    kept in $TT_LAYOUT_SHOTS, when set."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    # The layout settles: a play's place moves with the card size, and `.play` eases its
    # transform over 0.25 s (style.css), so a box read sooner is one halfway there.
    page.wait_for_timeout(400)
    if os.environ.get("TT_LAYOUT_SHOTS"):  # a folder to keep what the test saw
        page.screenshot(path=f"{os.environ['TT_LAYOUT_SHOTS']}/{shot}-{width}.png")
    plays = boxes(page, plays_sel)
    seats = boxes(page, "#felt .seat")
    assert len(plays) == players - 1, plays
    assert len(seats) == players, seats
    every = plays + seats
    bad = [f"{a} runs off the screen" for a in every
           if a["x"] < 0 or a["r"] > width or a["y"] < 0 or a["b"] > max(height, 2000)]
    bad += [f"{a} overlaps {b}" for i, a in enumerate(every) for b in every[i + 1:]
            if overlap(a, b)]
    assert not bad, f"{shot} at {width}x{height}: " + "; ".join(bad)
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bidding_kozel_sets_are_each_seats_own(app: App, players: int) -> None:
    page = app.page
    record = sets_position(players)
    try:
        for size in ((360, 640), (1280, 800)):
            restore(page, "bidding-kozel", record, size)
            assert_apart(page, "#trick .play", players, size, f"sets-{players}")
    finally:
        page.evaluate("k => localStorage.removeItem(k)", KEY)
        page.set_viewport_size({"width": 1280, "height": 800})


def full_trick_position(game: str) -> dict[str, Any]:
    """A record where every seat but the player's has played to the trick (the player last)."""
    for seed in range(300):
        m = engine.new_match(game, seed=seed)
        rng = random.Random(seed)
        while not m.is_over and len(m.deals) == 1:
            d = m.deal
            if (d.phase == "play" and d.to_move == 0 and len(d.view(0)["trick"]) == m.players - 1
                    and len(d.tricks) >= 1):
                return m.record()
            m.play(rng.choice(m.legal_moves()))
    raise AssertionError(f"no full trick before the player's card in {game}")


SIZES = ((360, 640), (768, 1024), (1280, 800))


@pytest.mark.parametrize("game", [g for g in engine.GAMES if g != "bidding-kozel"])
def test_every_card_and_seat_label_has_its_own_place(app: App, game: str) -> None:
    """Each game with every other seat's card on the felt: no card overlaps another seat's card
    or any seat's label (name, avatar, counts), no seat label overlaps another, and nothing runs
    off the screen, at 360x640, 768x1024 and 1280x800. (Bidding Kozel, with 2 to 5 players and
    sets of cards: the test above.)"""
    page = app.page
    record = full_trick_position(game)
    try:
        restore(page, game, record)
        for size in SIZES:
            assert_apart(page, "#trick .play .card", record["players"], size, game)
    finally:
        page.evaluate("k => localStorage.removeItem(k)", KEY)
        page.set_viewport_size({"width": 1280, "height": 800})
