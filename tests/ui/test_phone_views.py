"""The table's parts as a phone shows them (ui/table/view.py, ui/lobby/view.py): the bar's menu
button, the actions of play and the menu each in a group of their own, every control keeping
its `data-action`; the trump chip's short form; a stepped example says what it waits for."""

from __future__ import annotations

import random
import re

import engine
from ui.common import render as R
from ui.common.i18n import game_info
from ui.lobby import view as LW
from ui.table import pieces as TP
from ui.table import view as TV


def model(game: str, ui: TV.Ui, moves: int = 0) -> TV.Model:
    m = engine.new_match(game, seed=3)
    rng = random.Random(3)
    for _ in range(moves):
        m.play(rng.choice(m.legal_moves()))
    gi = game_info(engine.GAME_INFO[game])
    return TV.model(m, 0, ui, gi, R.seat_names(gi["seat_names"], m.players))


def test_the_bar_has_a_menu_button_the_actions_and_the_menu() -> None:
    bar = TV.bar(model("batak", TV.Ui(lang_html=LW.lang_select_html())))
    actions = re.search(r'<div class="actions">(.*?)</div>', bar)
    menu = re.search(r'<div class="menu" id="bar-menu"[^>]*>(.*)</div>', bar)
    assert actions and menu
    assert re.findall(r'data-action="([a-z-]+)"', actions.group(1)) == [
        "last-trick",
        "hint",
        "undo",
    ]
    assert re.findall(r'data-action="([a-z-]+)"', menu.group(1)) == [
        "score-sheet",
        "rules",
        "speed",
        "sound",
        "lobby",
    ]
    assert "data-lang" in menu.group(1)
    assert 'data-action="menu" aria-controls="bar-menu" aria-expanded="false"' in bar


def test_the_trump_chip_has_a_short_form_before_trump_is_named() -> None:
    chip = TP.trump_html({"trump": None, "phase": "bidding"})
    assert 'class="tfull">Trump: to be named<' in chip and ">Trump ?<" in chip
    assert ">Trump –<" in TP.trump_html({"trump": None, "phase": "play"})


def test_a_stepped_example_says_it_waits_for_the_next_step() -> None:
    ui = TV.Ui(readers=frozenset({0}), embed=True, step=(0, 5, False))
    m = model("koz-maca", ui)
    d_to_move = m.view["to_move"]
    if d_to_move == 0:  # the reader's own turn: it is asked for a card, as always
        m = model("koz-maca", ui, moves=1)
    name = m.names[m.view["to_move"]]
    assert TV.status(m) == f"{name} is next: press › to see the move."
    done = model("koz-maca", TV.Ui(readers=frozenset({0}), embed=True, step=(5, 5, False)), 1)
    assert "playing" not in TV.status(done)


def test_an_embedded_match_with_friends_has_no_restart() -> None:
    """A tutorial page's bar offers Restart, but not at a match with friends (it is refused
    there: the match dealt again would take back the guests' moves)."""
    alone = TV.bar(model("batak", TV.Ui(embed=True)))
    friends = TV.bar(model("batak", TV.Ui(embed=True, friends=True)))
    assert 'data-action="restart"' in alone and 'data-action="last-trick"' in alone
    assert 'data-action="restart"' not in friends and 'data-action="last-trick"' in friends
