"""Every word in the player's language: the lobby, a table mid-deal in every game, a deal
summary, the score sheet and errors in Turkish, Russian and Portuguese carry no English phrase
of the source catalog, `lang` is right, and nothing overflows or is cut; the pseudo-language
(every string 40 % longer) fits at 360 px and 1280 px.

The language is switched with the page's own picker (and switched back to English at the end:
the choice is remembered in the browser, as for a player)."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from typing import Any

import pytest

import engine

from .conftest import ROOT, App

pytestmark = pytest.mark.e2e

LANGS = ["tr", "ru", "pt"]
SIZES = [(360, 640), (1280, 800)]


def fragments(text: str) -> list[str]:
    """The English pieces of a catalog string between its placeholders."""
    out = []
    for literal, *_ in string.Formatter().parse(text):
        out.extend(p.strip() for p in re.split(r"[\n|]", literal))
    return [p for p in out if p]


def english_phrases(lang: str) -> set[str]:
    """Phrases of two or more English words from the catalog that the translation does not
    itself keep (names, card notation and the like stay allowed)."""
    from babel.messages.pofile import read_po

    with (ROOT / "i18n" / f"{lang}.po").open("rb") as f:
        cat = read_po(f, locale=lang)
    kept = " ".join(
        str(m.string if isinstance(m.string, str) else " ".join(m.string)) for m in cat if m.id
    )
    phrases = set()
    for m in cat:
        if not m.id:
            continue
        for src in [m.id] if isinstance(m.id, str) else list(m.id):
            for frag in fragments(src):
                words = re.findall(r"[A-Za-z]{2,}", frag)
                if len(words) >= 2 and len(frag) >= 9 and frag not in kept:
                    phrases.add(frag)
    return phrases


@pytest.fixture
def in_language(app: App) -> Iterator[Any]:
    def switch(lang: str) -> None:
        page = app.page
        if lang == "xx":  # the pseudo-language is not in the picker: the page's hook
            page.evaluate("l => window.__tt_lang(l)", lang)
        elif page.is_hidden("#lobby"):
            page.select_option("#bar [data-lang]", lang)
        else:
            page.select_option("#lobby [data-lang]", lang)
        page.wait_for_function(
            "l => document.documentElement.lang === (l === 'xx' ? 'en' : l)", arg=lang
        )

    yield switch
    app.reset()
    app.page.select_option("#lobby [data-lang]", "en")


def visible_text(page: Any) -> str:
    return str(page.evaluate("document.body.innerText"))


def cut_or_overflowing(page: Any, width: int) -> list[str]:
    """Elements whose text is cut (overflow hidden/clip with more content than room) or that
    run past the right edge; and the page's own sideways overflow (after the card in flight
    has landed)."""
    page.wait_for_timeout(300)
    return page.evaluate(
        """w => {
        const out = [];
        if (document.documentElement.scrollWidth > w + 1) out.push('page ' + document.documentElement.scrollWidth);
        for (const el of document.querySelectorAll('#app *')) {
            if (!el.offsetParent && el.tagName !== 'BODY') continue;
            if (el.closest('.sr-only')) continue;  // read by screen readers, not shown
            const st = getComputedStyle(el);
            const r = el.getBoundingClientRect();
            if (!r.width || !el.textContent.trim()) continue;
            if (r.width <= 1 && r.height <= 1) continue;  // visually hidden (the sr-only way)
            if (r.right > w + 1 && st.position !== 'fixed') out.push('past the edge: ' + el.tagName + '.' + el.className + ' ' + el.textContent.slice(0, 40));
            const clips = /(hidden|clip)/.test(st.overflowX) || st.textOverflow === 'ellipsis';
            if (clips && el.scrollWidth > el.clientWidth + 1) out.push('cut: ' + el.tagName + '.' + el.className + ' ' + el.textContent.slice(0, 40));
        }
        return out.slice(0, 10);
    }""",
        width,
    )


def check_screen(page: Any, lang: str, phrases: set[str], where: str) -> None:
    assert page.evaluate("document.documentElement.lang") == lang, where
    text = visible_text(page)
    english = sorted(p for p in phrases if p in text)
    assert not english, f"{lang} {where}: English left: {english[:8]}"
    width = page.viewport_size["width"]
    bad = cut_or_overflowing(page, width)
    assert not bad, f"{lang} {where} at {width}px: {bad}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_in_the_language(app: App, in_language: Any, lang: str) -> None:
    page = app.page
    phrases = english_phrases(lang)
    in_language(lang)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        check_screen(page, lang, phrases, "lobby")
    page.set_viewport_size({"width": 1280, "height": 800})
    for game in engine.GAMES:
        app.reset()
        app.start(game, 11)
        assert app.wait_turn() in ("input", "summary")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            check_screen(page, lang, phrases, f"{game} table")
        page.set_viewport_size({"width": 1280, "height": 800})
    # a summary and the score sheet
    app.reset()
    app.start("koz-maca", 12)
    card = None
    assert app.wait_turn() == "input"
    illegal = page.query_selector("#hand [data-card]:not([data-legal])")
    if illegal is not None:  # an illegal card: the engine's reason, in the language
        card = illegal.get_attribute("data-card")
        illegal.click(force=True)  # aria-disabled: playwright would wait for "enabled"
        toast = page.wait_for_selector("#toast.show")
        assert toast is not None and (toast.text_content() or "").strip()
        check_screen(page, lang, phrases, f"illegal {card}")
    app.play_deal()
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        check_screen(page, lang, phrases, "deal summary")
    page.click('[data-summary] [data-action="score-sheet"]')
    page.wait_for_selector("[data-score-sheet]")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        check_screen(page, lang, phrases, "score sheet")
    # an error from the address, in the language
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate("q => window.__tt_reset(q)", "?game=poker")
    page.wait_for_selector("#lobby-msg:not([hidden])")
    check_screen(page, lang, phrases, "address error")


def test_changing_language_mid_deal_keeps_everything(app: App, in_language: Any) -> None:
    page = app.page
    app.start("batak", 5)
    assert app.wait_turn() == "input"
    app.act(bid=True)
    assert app.wait_turn() == "input"
    before = app.record()
    in_language("ru")
    assert app.record() == before
    assert page.query_selector("#table[data-input]") is not None
    in_language("en")
    assert app.record() == before


def test_pseudo_language_fits(app: App, in_language: Any) -> None:
    """Every string 40 % longer (the pseudo-language xx): nothing is cut or overflows."""
    page = app.page
    in_language("xx")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        bad = cut_or_overflowing(page, width)
        assert not bad, f"lobby at {width}: {bad}"
    for game in engine.GAMES:
        page.set_viewport_size({"width": 1280, "height": 800})
        app.reset()
        app.start(game, 11)
        assert app.wait_turn() in ("input", "summary")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            bad = cut_or_overflowing(page, width)
            assert not bad, f"{game} at {width}: {bad}"
