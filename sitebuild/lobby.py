"""The lobby as static HTML, rendered at build time by the page's own views for every language
and game, so that index.html shows a working lobby at first paint, before Python has loaded."""

from __future__ import annotations

import json

from .files import importable


def static_lobby(catalogs: dict[str, bytes]) -> str:
    """The lobby as HTML for every language and every chosen game, rendered at build time by
    the page's own views (ui/lobby/view.py), so a player can choose a game and its options and read
    the rules while the runtime loads (index.html shows it at first paint)."""
    importable()
    import engine
    import engine.ai
    from ui.common import i18n as I
    from ui.lobby import view as LW
    from ui.saves import store as S

    speed = "2"  # the page's default speed (ui/shell/app.py)
    out: dict[str, dict[str, str]] = {}
    for lang in I.LANGS:
        I.use(lang, catalogs.get(lang))
        info = {g: I.game_info(engine.GAME_INFO[g]) for g in engine.GAMES}
        out[lang] = {
            g: LW.lobby_html(
                list(engine.GAMES),
                info,
                g,
                {},
                "",
                "",
                speed,
                dict(engine.ai.LEVELS),
                engine.ai.DEFAULT_LEVEL,
            )
            for g in engine.GAMES
        }
    I.use(I.DEFAULT, None)
    data = json.dumps(
        {
            "first": engine.GAMES[0],
            "lobby": out,
            "names": I.LANGS,
            "save": S.KEY,
            "lang_key": I.SAVED_KEY,
        },
        ensure_ascii=False,
    )
    return (
        '<script type="application/json" id="tt-lobby">' + data.replace("</", "<\\/") + "</script>"
    )
