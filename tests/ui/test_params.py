"""A parameter named twice in the address keeps its first value, in the page's Python as in
index.html (the browser's URLSearchParams.get): `?lang=tr&lang=ru` is Turkish from the first
paint on, and `?game=batak&game=koz-maca` deals Batak."""

from __future__ import annotations

import asyncio

from bench.fake_page import FACTS, Page, run, until
from ui.shell import host as H
from ui.shell.env import Env

SEARCH = "?lang=tr&lang=ru&game=batak&game=koz-maca&seed=3&seed=4&speed=0"


def test_the_first_of_a_repeated_parameter_wins() -> None:
    async def go() -> None:
        page = Page()
        page.host = H.boot(page)
        page.send({"type": "start", "facts": dict(FACTS, search=SEARCH)})
        await asyncio.sleep(0)
        await until(page, lambda: page.state.get("screen") == "table")
        assert page.host is not None and page.host.app is not None
        app = page.host.app
        assert (app.t.match.game, app.t.match.seed) == ("batak", 3)
        env = Env(app.dom, dict(FACTS, search=SEARCH))
        assert env.chosen_language() == "tr"
        assert env.first_params() == {"lang": "tr", "game": "batak", "seed": "3", "speed": "0"}
        assert not page.errors

    run(go)
