"""The player's own name (the lobby's field): plain text, at most NAME_MAX characters, said so
when cut; the table shows it on the player's seat."""

from __future__ import annotations

import engine
from ui.lobby import view as LW
from ui.table.table import Table


def test_a_name_is_plain_text_cut_to_its_limit() -> None:
    assert LW.clean_name("  Ayla \t  Su ") == ("Ayla Su", False)
    assert LW.clean_name("a\x00b\u202ec\nd") == ("abc d", False)  # control and bidi marks go
    name, cut = LW.clean_name("x" * 200)
    assert (name, cut) == ("x" * LW.NAME_MAX, True)
    # markup stays text: the views escape it wherever it is shown
    name, cut = LW.clean_name("<img src=x onerror=alert(1)>")
    assert cut is True and name == "<img src=x onerror=a"
    assert "<img" not in LW.name_html(name) and "&lt;img" in LW.name_html(name)
    # an emoji of several code points keeps its joiners, and no joiner is left at the end
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert LW.clean_name(family) == (family, False)
    name, cut = LW.clean_name("a" * 19 + "\u200d" + "b")
    assert cut and name == "a" * 19
    assert LW.clean_name(None) == ("", False)


def test_the_players_seat_shows_the_name() -> None:
    t = Table()
    t.match = engine.new_match("batak", seed=1)
    assert t.names()[0] == "You"
    others = t.names()[1:]
    t.player_name = "Ayla"
    assert t.names() == ["Ayla", *others]
    t.player_name = ""
    assert t.names()[0] == "You"
