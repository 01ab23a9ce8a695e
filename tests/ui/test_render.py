"""The page's HTML escaping (ui/render.esc) is html.escape(quote=True), character for character."""

from __future__ import annotations

import html
import random

from ui.common import render as R


def test_esc_is_html_escape() -> None:
    rng = random.Random(5)
    alphabet = "&<>\"'a ;#xé♠\n"
    for _ in range(2000):
        s = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 12)))
        assert R.esc(s) == html.escape(s, quote=True)
    assert R.esc(7) == "7"
    assert (
        R.esc('<img src=x onerror="alert(1)">') == "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"
    )
