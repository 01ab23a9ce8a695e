"""The card faces (docs/deck.md): one file per card, drawn as each card's background by a rule
of style.css, within the gzip budget; and the regional indices' lobby box."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import engine
from ui.common import i18n as I
from ui.common import render as R
from ui.lobby import view as LW

ROOT = Path(__file__).resolve().parents[2]
FACES = ROOT / "assets" / "cards" / "faces"
CSS = (ROOT / "assets" / "style.css").read_text(encoding="utf-8")
CARDS = [
    r + s
    for s in "SHDC"
    for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
]


def test_every_card_has_a_face_file_and_a_rule() -> None:
    for c in CARDS:
        assert (FACES / f"{c}.svg").is_file(), c
        assert f".card.f-{c} {{ background-image: url(cards/faces/{c}.svg); }}" in CSS
        if c[-1] in "DC":  # the four-colour deck's own files
            assert (FACES / "four" / f"{c}.svg").is_file(), c
            assert (
                f'html[data-deck="four"] .card.f-{c} '
                f"{{ background-image: url(cards/faces/four/{c}.svg); }}"
            ) in CSS
    assert (FACES / "back.svg").is_file()
    assert ".card.back { background-image: url(cards/faces/back.svg); }" in CSS


def test_face_files_are_standalone_and_within_the_budget() -> None:
    total = 0
    for p in sorted(FACES.rglob("*.svg")):
        text = p.read_text(encoding="utf-8")
        assert text.startswith(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-120 -168 240 336"'
        )
        # every reference is to a symbol of the same file, and nothing is fetched
        ids = set(re.findall(r'id="([^"]+)"', text))
        assert set(re.findall(r'href="#([^"]+)"', text)) <= ids, p.name
        assert "http" not in text.split(">", 1)[1], p.name
        assert "var(" not in text, p.name  # an image does not take the page's CSS
        total += len(gzip.compress(p.read_bytes(), 9, mtime=0))
    assert total <= 300 * 1024


def test_a_card_carries_its_face_class_and_no_text() -> None:
    html = R.card_html("10H", 'data-card="10H"')
    assert 'class="card red s-H f-10H ' in html and 'data-card="10H"' in html
    assert re.sub(r"<[^>]+>", "", html) == ""  # the indices are drawn by CSS
    assert 'aria-label="10 of hearts"' in html


def test_every_game_says_its_home_language() -> None:
    homes = {g: engine.GAME_INFO[g]["home_language"] for g in engine.GAMES}
    assert set(homes.values()) <= set(LW.REGIONAL_RANKS) | {""}
    assert {"ru", "tr"} <= set(homes.values())


def test_regional_box_defaults_to_the_page_language() -> None:
    """Unset, the box is ticked when the page speaks the game's home language; once set, it
    shows the remembered choice; a game without a home has no box."""
    try:
        I.use("ru", None)
        assert 'data-setting="regional-ranks" checked' in LW.display_html({}, "ru")
        assert 'data-setting="regional-ranks" checked' not in LW.display_html({}, "tr")
        assert 'data-setting="regional-ranks" checked' not in LW.display_html(
            {"regional-ranks": False}, "ru"
        )
        I.use("en", None)
        assert 'data-setting="regional-ranks">' in LW.display_html({}, "ru")
        # (each group of four letters is held together by no-break spaces)
        assert "В\u00a0Д\u00a0К\u00a0Т" in LW.display_html({}, "ru")
        assert "V\u00a0K\u00a0P\u00a0A" in LW.display_html({}, "tr")
        assert 'data-setting="regional-ranks" checked' in LW.display_html(
            {"regional-ranks": True}, "tr"
        )
        assert "regional-ranks" not in LW.display_html({}, "")
    finally:
        I.use(I.DEFAULT, None)


def test_regional_letters_in_the_stylesheet() -> None:
    for home, letters in LW.REGIONAL_RANKS.items():
        for rank, letter in zip("JQKA", letters.split()):
            if letter == rank:
                continue
            rule = re.search(
                rf'html\[data-home="{home}"\]:is\(\[lang="{home}"\]:not\(\[data-ranks="latin"\]\), '
                rf'\[data-ranks="regional"\]\) \.card b\[data-r="{rank}"\]::before {{ content: "([^"]+)"; }}',
                CSS,
            )
            assert rule, (home, rank)
            shown = rule[1]
            if shown.startswith("\\"):
                shown = chr(int(shown[1:], 16))
            assert shown == letter, (home, rank, shown)
