"""The lobby (the games, their options, the display settings) and the page's language.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import js  # type: ignore[import-not-found]

from . import i18n as I
from . import store as S
from . import views as V
from .browser import (
    LOBBY_CONTROLS,
    chosen_language,
    control_selector,
    display_settings,
    doc,
    el,
    found,
    load_catalog,
    storage,
    take_catalog,
)
from .i18n import _


class Lobby:
    """(mixed into ui/app.py's `App`)"""

    def static_lobby_choices(self) -> dict[str, Any] | None:
        """What the player chose in the lobby the build rendered (index.html shows it before
        Python runs): the game, its options, seed, level and speed, and whether "Deal the
        cards" was pressed. None when it was not touched."""
        lobby = el("lobby")
        if not found(lobby) or lobby.getAttribute("data-static") != "1":
            return None
        if not js.Reflect.get(js.window, "__tt_touched"):
            return None
        node = lobby.querySelector(".game-choice.selected")
        game = str(node.dataset.gameChoice) if found(node) else self.c.selected
        if game not in self.games:
            return None
        self.c.selected = game
        self.read_lobby()
        return {"game": game, "values": dict(self.c.values.get(game, {})),
                "players": self.c.players, "seed": self.c.seed, "speed": self.t.speed,
                "level": self.t.level, "start": bool(js.Reflect.get(js.window, "__tt_pending"))}

    def take_static_lobby(self, chosen: dict[str, Any] | None) -> None:
        """Python takes over the lobby with the player's choices; a pending "Deal the cards"
        deals at once."""
        lobby = el("lobby")
        with contextlib.suppress(Exception):
            lobby.removeAttribute("data-static")
        if chosen is None or self.t.match is not None or lobby.hidden:
            return
        self.c.selected = chosen["game"]
        self.c.values[self.c.selected] = chosen["values"]
        self.c.players, self.c.seed = chosen["players"], chosen["seed"]
        self.t.speed, self.t.level = chosen["speed"], chosen["level"]
        self.show_lobby()
        if chosen["start"]:
            self.deal_new()

    def show_lobby(self) -> None:
        self.t.sid += 1
        self.t.match = None
        with contextlib.suppress(Exception):  # the table's lines are not the lobby's
            el("announce").textContent = ""
        el("table").hidden = True
        self.hide_overlay()
        lobby = el("lobby")
        # A control of the lobby with focus keeps it when the lobby is drawn anew (a game
        # chosen with the keyboard, a language picked).
        active = doc().activeElement
        keep = (control_selector(active, "#lobby", LOBBY_CONTROLS)
                if found(active) and lobby.contains(active) else None)
        shown = {g: self.gi(g) for g in self.games}  # the games' texts in the language
        lobby.innerHTML = V.lobby_html(self.games, shown, self.c.selected,
                                       self.c.values.get(self.c.selected, {}), self.c.players,
                                       self.c.seed, self.t.speed, self.levels, self.t.level,
                                       display_settings())
        lobby.hidden = False
        pick = doc().createElement("div")
        pick.className = "lobby-lang"
        pick.innerHTML = self.lang_select_html()
        lobby.prepend(pick)
        p = self.paused
        if p is not None and not p.match.is_over:
            el("lobby-msg").insertAdjacentHTML("afterend", V.resume_html(
                self.gi(p.match.game)["title"], p.cur + 1))
        again = doc().querySelector(keep) if keep else None
        if found(again):
            again.focus()
        else:
            js.window.scrollTo(0, 0)

    def read_lobby(self) -> None:
        vals: dict[str, str] = {}
        for node in doc().querySelectorAll("#setup [data-opt]"):
            name = str(node.dataset.opt)
            if str(node.type) == "checkbox":
                v = "true" if node.checked else "false"
            else:
                v = str(node.value)
            if name == "players":
                self.c.players = v
            else:
                vals[name] = v
        self.c.values[self.c.selected] = vals
        seed = el("opt-seed")
        if found(seed):
            self.c.seed = str(seed.value).strip()
        sp = doc().querySelector("[data-speed]")
        if found(sp):
            self.t.speed = str(sp.value)
        lv = doc().querySelector("[data-level]")
        if found(lv):
            self.t.level = str(lv.value)

    def lobby_error(self, text: str) -> None:
        msg = el("lobby-msg")
        msg.textContent = text
        msg.hidden = False
        msg.scrollIntoView()

    def use_settings(self, s: S.Settings) -> None:
        self.c.use(s)
        self.t.level, self.t.speed = s.level, s.speed

    def settings(self) -> S.Settings:
        return self.c.settings(self.t.level, self.t.speed)

    def init_language(self) -> None:
        """?lang=, else the saved choice, else the browser's languages, else English. When
        the language's catalog has not arrived yet, the page starts in English and switches
        as soon as it has."""
        code = chosen_language()
        if take_catalog(code):
            self.set_language(code, remember=False)
        else:
            self.set_language(I.DEFAULT, remember=False)
            asyncio.ensure_future(self.change_language_later(code, remember=False))

    def set_language(self, code: str, remember: bool = True) -> None:
        """Switches every word of the page to `code` (its catalog, i18n/<code>.mo, fetched by
        `load_catalog`; without it, English)."""
        mo = None
        if code != I.DEFAULT:
            try:
                with open(f"i18n/{code}.mo", "rb") as f:
                    mo = f.read()
            except OSError:
                code = I.DEFAULT
        I.use(code, mo)
        with contextlib.suppress(Exception):  # what was said, in the language it was said in
            el("announce").textContent = ""
        root = doc().documentElement
        root.lang = "en" if code == I.PSEUDO else code
        with contextlib.suppress(Exception):  # the title and description built into index.html
            texts = js.Reflect.get(js.Reflect.get(js.window, "__tt_i18n"), "texts")
            t = js.Reflect.get(texts, code if code in I.LANGS else I.DEFAULT)
            doc().title = str(t.title)
            meta = doc().querySelector('meta[name="description"]')
            if found(meta):
                meta.setAttribute("content", str(t.description))
        if remember:
            with contextlib.suppress(Exception):  # storage refused: the choice lasts this visit
                storage().setItem(I.SAVED_KEY, code)

    async def change_language_later(self, code: str, remember: bool = True) -> None:
        if await load_catalog(code):
            self.change_language(code, remember)
        else:
            self.toast(_("That language could not be loaded. Check the connection and try "
                         "again."))

    def change_language(self, code: str, remember: bool = True) -> None:
        """The picker: the page in the new language at once, nothing of the match lost."""
        if code not in I.LANGS and code != I.PSEUDO:
            return
        if not take_catalog(code):  # fetched once, then the switch
            asyncio.ensure_future(self.change_language_later(code, remember))
            return
        self.set_language(code, remember)
        if self.t.match is None:
            if not el("lobby").hidden:
                self.show_lobby()
            return
        over = self.t.overlay
        self.render()
        if over == "summary":
            self.show_summary()
        elif over == "over":
            self.show_match_over()
        elif over is not None and over not in ("leave",):
            self.hide_overlay()
            self.render()

    def lang_select_html(self) -> str:
        return V.lang_select_html()
