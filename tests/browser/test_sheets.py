"""The table's sheets and dialogs: the rules sheet opens at its top (its heading has the
focus, not its last button), and the phone's Back closes an open sheet or dialog first and
only then leaves the table."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import App

pytestmark = pytest.mark.e2e


def open_sheet(app: App, action: str, sel: str) -> None:
    """Opens a sheet from the bar (on a phone, from the bar's menu)."""
    if app.page.is_visible('#bar [data-action="menu"]'):
        app.page.click('#bar [data-action="menu"]')
    app.page.click(f'#bar [data-action="{action}"]')
    app.page.wait_for_selector(f"#overlay:not([hidden]) {sel}")
    app.settle()


def on_table(page: Any) -> bool:
    return bool(
        page.evaluate(
            "!document.getElementById('table').hidden && document.getElementById('lobby').hidden"
        )
    )


@pytest.mark.parametrize("size", [(360, 640), (1280, 800)])
def test_the_rules_sheet_opens_at_its_top(app: App, size: tuple[int, int]) -> None:
    page = app.page
    app.start("batak", seed=5)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_sheet(app, "rules", ".rules-sheet")
    page.wait_for_timeout(100)
    got = page.evaluate("""() => {
        const ov = document.getElementById('overlay'), a = document.activeElement;
        const sheet = ov.querySelector('.rules-sheet'), h = sheet.querySelector('h2');
        const r = h.getBoundingClientRect();
        return {focus: a === h, ov: ov.scrollTop, sheet: sheet.scrollTop, top: r.top,
                bottom: r.bottom, tall: sheet.scrollHeight > sheet.clientHeight
                                        || ov.scrollHeight > ov.clientHeight};
    }""")
    assert got["focus"], "the rules sheet's heading has the focus"
    assert got["ov"] == 0 and got["sheet"] == 0, got
    assert got["top"] >= 0 and got["bottom"] <= size[1], got
    if size[0] == 360:
        assert got["tall"], "at 360x640 the rules run past the screen (the test means it)"
    page.click('#overlay [data-action="close"]')
    page.wait_for_selector("#overlay", state="hidden")


def test_back_closes_a_sheet_or_dialog_before_it_leaves_the_table(app: App) -> None:
    page = app.page
    app.start("koz-maca", seed=7)
    assert on_table(page)
    # a sheet: Back closes it, the table stays
    open_sheet(app, "rules", ".rules-sheet")
    page.go_back()
    page.wait_for_selector("#overlay", state="hidden")
    app.settle()
    assert on_table(page)
    # a sheet closed by its own button leaves no entry behind: the next Back leaves the table
    open_sheet(app, "score-sheet", ".sheet")
    page.click('#overlay [data-action="close"]')
    page.wait_for_selector("#overlay", state="hidden")
    app.settle()
    page.wait_for_timeout(200)
    assert on_table(page)
    # the keys sheet: Back closes it, the match goes on
    page.keyboard.press("Shift+Slash")  # "?": the keyboard's shortcuts
    page.wait_for_selector("#overlay:not([hidden]) [data-keys]")
    app.settle()
    page.go_back()
    page.wait_for_selector("#overlay", state="hidden")
    app.settle()
    assert on_table(page)
    # nothing open: Back leaves the table for the lobby, the match kept
    page.go_back()
    page.wait_for_selector("#lobby:not([hidden])")
    app.settle()
    assert page.query_selector("[data-resume]") is not None
    # and Forward brings the table back
    page.go_forward()
    page.wait_for_selector("#table:not([hidden])")
    app.settle()
    assert on_table(page)


LUMA = """n => { const c = getComputedStyle(n).backgroundColor.match(/[\\d.]+/g).map(Number);
    const a = c.length > 3 ? c[3] : 1;  // a transparent background shows the sheet's paper
    const mix = c.slice(0, 3).map(v => v * a + 250 * (1 - a));
    return 0.2126 * mix[0] + 0.7152 * mix[1] + 0.0722 * mix[2]; }"""


def test_disabled_controls_look_disabled(app: App) -> None:
    """ "Play selected" with nothing selected is not drawn as the gold primary button, and a
    replay's "‹ Previous" on its first trick is lighter than "Next", not darker."""
    page = app.page
    app.start("bidding-kozel", seed=11, players=3)
    for _ in range(40):
        if app.wait_turn() == "input" and page.query_selector('#panel [data-move="confirm"]'):
            break
        app.act()
    confirm = page.query_selector('#panel [data-move="confirm"]')
    assert confirm is not None and confirm.is_disabled()
    gold = page.evaluate(
        "() => getComputedStyle(document.querySelector('#bar [data-action=\"lobby\"]')).backgroundColor"
    )
    assert page.evaluate("n => getComputedStyle(n).backgroundColor", confirm) not in (
        "rgb(242, 193, 78)",
        gold,
    )
    # a replay at its first trick
    app.reset()
    app.start("koz-maca", seed=4)
    app.play_deal()
    page.click('#overlay [data-action="score-sheet"]')  # the summary's own button
    page.wait_for_selector('#overlay [data-action="replay"][data-deal="0"]')
    page.click('#overlay [data-action="replay"][data-deal="0"]')
    page.wait_for_selector('#overlay [data-action="replay-prev"][disabled]')
    prev = page.query_selector('#overlay [data-action="replay-prev"]')
    nxt = page.query_selector('#overlay [data-action="replay-next"]')
    assert nxt is not None and not nxt.is_disabled()
    assert page.evaluate(LUMA, prev) >= page.evaluate(LUMA, nxt) - 1, "Previous is not darker"
    assert page.evaluate("n => getComputedStyle(n).borderTopStyle", prev) == "dashed"
    page.click('#overlay [data-action="close"]')


def test_the_review_keeps_each_verdict_clear_of_its_trick_on_a_phone(app: App) -> None:
    """The deal review in Russian at 360x640: every decision's verdict, even the longest word
    («грубая ошибка», put in each row in turn), sits on its own before the trick's link and
    never runs into it; the rest of the row wraps beside it, and the rows keep their numbers."""
    page = app.page
    page.select_option("#lobby [data-lang]", "ru")
    page.wait_for_function("() => document.documentElement.lang === 'ru'")
    try:
        app.start("koz-maca", 5)
        page.set_viewport_size({"width": 360, "height": 640})
        app.play_deal()
        page.click('[data-summary] [data-action="review"]')
        page.wait_for_selector("[data-review] [data-perfect]", timeout=90_000)
        words = page.eval_on_selector_all(".verdict-legend b", "ns => ns.map(n => n.textContent)")
        assert "грубая ошибка" in words, words
        for word in words:
            gaps = page.evaluate(
                """w => [...document.querySelectorAll(
                    '[data-review] [data-decision]')].map(li => {
                const v = li.querySelector('.verdict'), a = li.querySelector('.decision');
                v.textContent = w;
                const rv = v.getBoundingClientRect(), ra = a.getBoundingClientRect();
                const rl = li.getBoundingClientRect();
                return {gap: ra.left - rv.right, inside: ra.right <= rl.right + 0.5,
                        numbered: getComputedStyle(li).display === 'list-item',
                        one: rv.height < 1.9 * parseFloat(getComputedStyle(v).fontSize)};
            })""",
                word,
            )
            assert gaps and all(g["gap"] >= 4 for g in gaps), (word, gaps[:3])
            assert all(g["inside"] for g in gaps), (word, gaps[:3])
            assert all(g["one"] for g in gaps), (word, gaps[:3])
            assert all(g["numbered"] for g in gaps), "the rows keep their numbers"
    finally:
        app.reset()
        page.select_option("#lobby [data-lang]", "en")
