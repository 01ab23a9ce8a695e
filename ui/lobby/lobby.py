"""The lobby (the games, their options, the display settings) and the page's language."""

from __future__ import annotations

import asyncio
from typing import Any

from ui.common import i18n as I
from ui.common.i18n import _
from ui.lobby import choices as C
from ui.lobby import view as LW
from ui.saves import store as S
from ui.shell.env import NAME_KEY
from ui.shell.parts import Page


class Lobby:
    """The lobby and the page's language (a part of ui/shell/app.py's `App`)."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.t, self.dom, self.env = app.t, app.dom, app.env
        self.c = C.Choices(app.games[0])  # the lobby's choices (the parts read them here)
        self.lobby_fields: Any = None  # the lobby's fields, as the last event sent them

    def set_choice(self, game: str | None = None, seed: str | None = None) -> None:
        """The lobby's choices as the page sets them: the game, the next deal's seed."""
        if game is not None:
            self.c.selected = game
        if seed is not None:
            self.c.seed = seed

    def take_fields(self, fields: Any) -> None:
        """The lobby's fields as ui/web/ read them with an event (read by `read_lobby`)."""
        self.lobby_fields = fields

    def static_lobby_choices(self) -> dict[str, Any] | None:
        """What the player chose in the lobby the build rendered (index.html shows it before
        Python runs): the game, its options, seed, level and speed, and whether "Deal the
        cards" was pressed. None when it was not touched."""
        chosen = self.env.touched
        if not isinstance(chosen, dict) or not chosen.get("touched"):
            return None
        game = str(chosen.get("game") or self.c.selected)
        if game not in self.app.games:
            return None
        self.c.selected = game
        self.lobby_fields = chosen.get("fields")
        self.read_lobby()
        return {
            "game": game,
            "values": dict(self.c.values.get(game, {})),
            "players": self.c.players,
            "seed": self.c.seed,
            "speed": self.t.speed,
            "level": self.t.level,
            "start": bool(chosen.get("pending")),
        }

    def take_static_lobby(self, chosen: dict[str, Any] | None) -> None:
        """Python takes over the lobby with the player's choices; a pending "Deal the cards"
        deals at once."""
        self.dom.op("lobby-taken")
        if chosen is None or self.t.match is not None or self.app.embed.spec is not None:
            return
        self.c.selected = chosen["game"]
        self.c.values[self.c.selected] = chosen["values"]
        self.c.players, self.c.seed = chosen["players"], chosen["seed"]
        self.t.arrange(speed=chosen["speed"], level=chosen["level"])
        # a pending "Deal the cards" opens the table at once: the lobby is drawn when it is
        # shown again (Back, Games)
        self.show_lobby(draw=not chosen["start"])
        if chosen["start"]:
            self.app.deal_new()

    def show_lobby(self, drawn: str | None = None, draw: bool = True) -> None:
        """The lobby, drawn by ui/web/ from each game's HTML (so choosing a game answers at
        once, without waiting for Python); `drawn` is the game the page has already drawn.
        Without `draw`, only the table is put away (a match is about to be put on it)."""
        self.t.clear()
        self.dom.op("announce-clear")  # the table's lines are not the lobby's
        self.app.felt.clear_toast()  # nor its messages
        self.dom.hidden("table", True)
        self.app.felt.hide_overlay()
        if not draw:
            return
        shown = {g: self.app.gi(g) for g in self.app.games}  # the games' texts in the language
        display = self.env.display_settings()
        pages = {
            g: LW.lobby_html(
                self.app.games,
                shown,
                g,
                self.c.values.get(g, {}),
                self.c.players,
                self.c.seed,
                self.t.speed,
                self.app.levels,
                self.t.level,
                display,
                replay=self.c.replay_seed(g),
                name=self.t.player_name,
            )
            for g in self.app.games
        }
        p = self.app.paused
        resume = (
            LW.resume_html(
                self.app.gi(p.match.game)["title"],
                p.cur + 1,
                p.cur < len(p.match.deals) and p.match.deals[p.cur].phase == "over",
                str(self.app.gi(p.match.game).get("deal_word") or "deal"),
            )
            if p is not None and not p.match.is_over
            else None
        )
        self.dom.op(
            "lobby",
            {
                "games": pages,
                "selected": self.c.selected,
                "drawn": drawn,
                "lang": self.lang_select_html(),
                "resume": resume,
            },
        )

    def read_lobby(self) -> None:
        """The lobby's fields as ui/web/ read them with the event (`lobby_fields`)."""
        f = self.lobby_fields
        if not isinstance(f, dict):
            return
        vals: dict[str, str] = {}
        for name, v in (f.get("opts") or {}).items():
            if name == "players":
                self.c.players = str(v)
            else:
                vals[str(name)] = str(v)
        if f.get("game") == self.c.selected or f.get("game") is None:
            self.c.values[self.c.selected] = vals
        if f.get("seed") is not None:
            self.c.seed = str(f["seed"]).strip()
        if f.get("speed") is not None:
            self.t.arrange(speed=str(f["speed"]))
        if f.get("level") is not None:
            self.t.arrange(level=str(f["level"]))

    def lobby_error(self, text: str) -> None:
        self.dom.op("lobby-msg", text, True)

    def use_settings(self, s: S.Settings) -> None:
        self.c.use(s)
        self.t.arrange(level=s.level, speed=s.speed)

    def settings(self) -> S.Settings:
        return self.c.settings(self.t.level, self.t.speed)

    def init_language(self) -> None:
        """?lang=, else the saved choice, else the browser's languages, else English. When
        the language's catalog has not arrived yet, the page starts in English and switches
        as soon as it has."""
        code = self.env.chosen_language()
        if self.env.has_catalog(code):
            self.set_language(code, remember=False)
        else:
            self.set_language(I.DEFAULT, remember=False)
            asyncio.ensure_future(self.change_language_later(code, remember=False))

    def read_player_name(self) -> None:
        """The player's own name as kept (a stored text is cleaned as if typed again)."""
        self.t.arrange(name=LW.clean_name(self.env.store.get(NAME_KEY, ""))[0])

    def set_player_name(self, text: Any) -> None:
        """The lobby's name field changed: plain text, cut to its limit (and said so), kept
        with the settings where the browser keeps them."""
        name, cut = LW.clean_name(text)
        self.t.arrange(name=name)
        if self.env.storage_ok:
            self.env.write_key(NAME_KEY, name or None)
        self.dom.op("field", "opt-name", name)
        if cut:
            self.dom.op(
                "lobby-msg",
                _("Your name is cut to {n} characters: “{name}”.").format(n=LW.NAME_MAX, name=name),
                False,
            )

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
        self.dom.op("announce-clear")  # what was said, in the language it was said in
        # <html lang>, and the title and description built into index.html
        self.dom.op(
            "language", "en" if code == I.PSEUDO else code, code if code in I.LANGS else I.DEFAULT
        )
        if remember and self.env.storage_ok:  # storage refused: the choice lasts this visit
            self.env.write_key(I.SAVED_KEY, code)

    async def change_language_later(self, code: str, remember: bool = True) -> None:
        if await self.env.load_catalog(code):
            self.change_language(code, remember)
        else:
            self.app.felt.toast(
                _("That language could not be loaded. Check the connection and try again.")
            )

    def change_language(self, code: str, remember: bool = True) -> None:
        """The picker: the page in the new language at once, nothing of the match lost."""
        if code not in I.LANGS and code != I.PSEUDO:
            return
        if not self.env.has_catalog(code):  # fetched once, then the switch
            asyncio.ensure_future(self.change_language_later(code, remember))
            return
        self.set_language(code, remember)
        if self.t.match is None:
            if self.app.embed.spec is None:
                self.show_lobby()
            return
        over = self.t.overlay
        self.app.felt.render()
        if over == "summary":
            self.app.runner.show_summary()
        elif over == "over":
            self.app.runner.show_match_over()
        elif over is not None and over not in ("leave",):
            self.app.felt.hide_overlay()
            self.app.felt.render()

    def lang_select_html(self) -> str:
        return LW.lang_select_html()
