"""The charts (ui/stats/chart.py): SVG markup that names what it shows, escapes its text and draws a
point per value."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ui.stats import chart as CH

NS = "{http://www.w3.org/2000/svg}"


def test_lines_are_drawn_per_series_with_a_title() -> None:
    svg = CH.lines_svg(
        [("You", [1, 3, 2], True), ("<A&B>", [0, -2, 5], False)],
        "Totals <after> & so on",
        start=[0, 0],
    )
    root = ET.fromstring(svg)  # well-formed: every text escaped
    assert root.get("role") == "img" and root.get("aria-label") == "Totals <after> & so on"
    assert root.find(f"{NS}title").text == "Totals <after> & so on"
    lines = root.findall(f"{NS}polyline")
    assert len(lines) == 2
    assert lines[-1].get("stroke") == CH.MINE, "the player's line is drawn last, on top"
    assert all(len(p.get("points").split()) == 4 for p in lines)  # the start and 3 deals
    assert len(root.findall(f"{NS}circle")) == 6
    assert CH.lines_svg([], "x") == ""


def test_bars_one_per_match_won_and_lost_apart() -> None:
    svg = CH.bars_svg([(1.5, True, False), (-2.0, False, False), (0.0, False, True)], "Last 3")
    root = ET.fromstring(svg)
    bars = root.findall(f"{NS}rect")
    assert [b.get("data-won") for b in bars] == ["true", "false", "false"]
    assert bars[0].get("fill") == CH.WON and bars[1].get("fill") == CH.LOST
    assert bars[2].get("stroke") == CH.LOST, "a practice match is hollow"
    y0 = float(bars[0].get("y")) + float(bars[0].get("height"))
    assert float(bars[1].get("y")) == __import__("pytest").approx(y0, abs=0.2), (
        "a loss hangs from the line the win stands on"
    )
    assert CH.bars_svg([], "x") == ""


def test_a_flat_series_still_draws() -> None:
    root = ET.fromstring(CH.lines_svg([("You", [0, 0], True)], "flat"))
    assert root.find(f"{NS}polyline") is not None


def test_the_axis_names_the_lowest_the_highest_and_zero() -> None:
    assert CH._ticks(-3.0, 20.0) == [-3.0, 0.0, 20.0]
    assert CH._ticks(15.0, 25.0) == [15.0, 25.0], "0 is not on a chart that never reaches it"
    assert CH._ticks(-0.1, 10.0) == [0.0, 10.0], "labels never sit on one another"
    assert CH._ticks(2.0, 2.0) == [2.0]
    root = ET.fromstring(CH.lines_svg([("You", [17, 20], True)], "x", start=[15]))
    assert [t.text for t in root.findall(f"{NS}text")][:2] == ["15", "20"]
