"""The page: the DOM layer's Python side over the table's controller (ui/table/table.py).

The page's Python runs in a worker (ui/worker.js, ui/shell/host.py), never on the main thread: the
main thread keeps only ui/web/, which binds the listeners once, sends the events here and
carries out the operations this layer writes (ui/shell/dom.py): the parts of the table that changed,
focus, motion, storage, history. The controller holds the match and the table's state and says
what to do (ui/common/effects.py); this layer carries out its effects. Each concern is a part of its
own, held as a field of `App`: ui/shell/controls.py (clicks), ui/shell/keyboard.py (keyboard),
ui/lobby/lobby.py (lobby, language), ui/table/felt.py (the table's parts, sheets, focus, motion),
ui/shell/runner.py (effects), ui/saves/page.py (storage), ui/stats/page.py (the record),
ui/embed/page.py (positions and lessons), ui/puzzles/page.py (puzzles).

Computer players: the baseline ("easy") and the sampling players ("normal", "strong") run here,
in the same worker (ui/shell/brain.py): no decision ever freezes the page, and one Pyodide serves
the table and its players.

Nothing is lost: after every move the page saves where it is (ui/saves/store.py) in localStorage,
and opening the page again brings that position back. The Back and Forward buttons move between the
lobby and the table (history entries carry {"tt": "lobby" | "table"}); a sheet or dialog open at
the table has an entry of its own over the table's, kept by ui/web/, so Back closes it first.
Leaving a match in progress by the page's own buttons asks first.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import engine
import engine.ai
from ui.common.i18n import YOU, _, error_text, game_info
from ui.embed.page import Embed
from ui.friends.page import Friends
from ui.lobby import query as Q
from ui.lobby.choices import STORAGE_OFF, Paused
from ui.lobby.lobby import Lobby
from ui.puzzles.page import Puzzles
from ui.puzzles.progress import KEY as PUZZLE_KEY
from ui.saves import store as S
from ui.saves.page import Saves, where
from ui.shell.brain import Brain
from ui.shell.controls import Controls
from ui.shell.dom import Dom
from ui.shell.env import Env
from ui.shell.keyboard import Keys
from ui.shell.parts import FetchText
from ui.shell.runner import Runner
from ui.stats import record as RC
from ui.stats.page import Stats
from ui.table.felt import Felt
from ui.table.pace import PAUSES
from ui.table.table import Table


async def no_fetch(url: str) -> tuple[int, str]:
    """No text can be fetched (the page's host gives the worker's own fetch)."""
    return 404, ""


class App:
    """The page: the lobby, and the DOM layer of the table's controller (`self.t`), each concern
    a part held here (`self.felt`, `self.runner`, ...). The table changes its own state: the
    parts call its methods (its settings the page keeps: `Table.arrange`)."""

    def __init__(
        self, dom: Dom, env: Env, brain: Brain | None = None, fetch_text: FetchText | None = None
    ) -> None:
        self.dom, self.env = dom, env
        self.t = Table(clock=time.monotonic)
        self.games = [
            g
            for g in getattr(engine, "available_games", lambda: engine.GAMES)()
            if g in engine.GAME_INFO
        ]
        self.info: dict[str, dict[str, Any]] = engine.GAME_INFO
        self.levels = dict(engine.ai.LEVELS)
        self.t.arrange(level=engine.ai.DEFAULT_LEVEL)
        self.brain = brain or Brain()
        self.paused: Paused | None = None  # the match kept while the lobby shows
        # (fetches a same-site text: its HTTP status and text; given by ui/shell/host.py)
        self.fetch_text: FetchText = fetch_text or no_fetch
        # The parts, each with its own state: they reach each other through the app.
        self.felt = Felt(self)  # the table's parts, sheets, focus, motion
        self.runner = Runner(self)  # the controller's effects carried out
        self.controls = Controls(self)  # clicks and changes
        self.keys = Keys(self)  # the keyboard
        self.lobby = Lobby(self)  # the lobby and the language
        self.saves = Saves(self)  # where the page is, in storage
        self.stats = Stats(self)  # the player's record
        self.embed = Embed(self)  # positions and lessons for tutorial sites
        self.puzzles = Puzzles(self)  # the puzzle screen
        self.friends = Friends(self)  # tables played with friends (host or guest)

    # ------------------------------------------------------------------------------- setup
    def start(self) -> None:
        """The first screen: the saved position, the address's, or the lobby (taking over the
        choices the player made in the lobby drawn before Python ran)."""
        self.lobby.init_language()
        self.lobby.read_player_name()
        chosen = self.lobby.static_lobby_choices()
        self.boot(self.env.search)
        self.lobby.take_static_lobby(chosen)
        self.embed.ready_event()  # to the parent window, when the table is embedded
        self.dom.op("ready")
        asyncio.ensure_future(self.prewarm())

    async def prewarm(self) -> None:
        """Boots the search players' worker shortly after the lobby shows, so the first
        computer move of a match does not wait for it."""
        await asyncio.sleep(1.5)
        self.dom.op("idle")  # the service worker and the card faces, now that nothing waits
        self.brain.start()

    def boot(self, query: str) -> None:
        """Opens the page: at the saved position when there is a save, as the address says."""
        restored = None
        self.puzzles.forget_progress()  # (the puzzles' progress is read afresh too)
        if self.friends.open_address(self.env.first_params(query)):
            return  # a guest at a friend's table: the player's save is not touched
        if any(k in ("embed", "record", "lesson") for k, _v in self.env.params(query)):
            self.open_page(query)  # a position or lesson: the player's save is not touched
            return
        self.stats.check_record()  # a record that cannot be read is said at once (ui/stats/page.py)
        try:
            text = self.env.read_key(S.KEY)
        except Exception:  # noqa: BLE001 (storage refused: play on without saving)
            text = None
            self.saves.note("storage", _(STORAGE_OFF))
        self.saves.read_mark(text)
        if text is not None:
            try:
                restored = S.restore(text, self.games, self.info, self.levels, PAUSES)
            except Exception as exc:  # noqa: BLE001 (a bad save is a message, never a crash)
                self.saves.keep_unreadable(text, newer=isinstance(exc, S.SaveNewer))
                self.open_page("")
                self.saves.show_unreadable(str(exc))
                return
        self.open_page(query, restored)
        if restored is not None:
            self.saves.save()  # this tab now keeps the save: a tab opened earlier stops writing it

    def reset(self, query: str = "") -> None:
        """Start over as if the page had been loaded with `?query` and nothing saved (tests use
        this): the save, the record and the puzzles' progress are cleared, so nothing of one
        test reaches the next."""
        for key in (S.KEY, S.BAD_KEY, RC.KEY, RC.BAD_KEY, PUZZLE_KEY):
            if self.env.storage_ok:
                self.env.write_key(key, None)
        self.stats.forget()
        self.puzzles.forget()
        self.saves.forget()
        self.saves.clear_note()
        self.open_page(query)

    def open_page(self, query: str, restored: tuple[S.Save, Any] | None = None) -> None:
        """Shows the page as loaded with `?query`, from the saved position `restored` if any:
        the saved settings are the lobby's defaults (the address's parameters win), and a saved
        match comes back where it was (the address naming another match asks first)."""
        self.t.clear()
        self.paused = None
        self.felt.hide_overlay()
        self.felt.clear_toast()
        save, saved_match = restored if restored is not None else (None, None)
        if save is not None:
            self.lobby.use_settings(save.settings)
        if save is not None and saved_match is not None:
            self.paused = Paused(saved_match, save.cur, save.overlay, set(save.away))
        raw = self.env.first_params(query)
        q = Q.parse(raw, self.games, self.info, self.levels)
        self.t.arrange(speed=q.speed or None, level=q.level or None)
        self.lobby.set_choice(seed=q.seed)
        self.embed.leave_embed()
        if "puzzle" in raw:  # a puzzle (ui/puzzles/page.py): the saved match stays paused
            self.puzzles.puzzle_address(raw)
            return
        if self.embed.embedded_address(raw, q):
            return
        self.lobby.c.take(q)
        landing = self.lobby.c.landing(q, self.paused, save)
        # the lobby is drawn only where the page stays in it (a table opens at once otherwise)
        self.lobby.show_lobby(draw=landing in ("errors", "lobby"))
        if landing == "errors":
            self.dom.op("lobby-msg", " ".join(q.errors), False)  # URL text: never HTML
        elif landing in ("resume", "saved"):
            self.resume()
            return
        elif landing == "ask":
            self.resume()
            self.controls.ask_leave(
                _("Leave your match?"),
                _(
                    "This address deals another match. "
                    "Your match in progress will be lost if you leave it."
                ),
                _("Leave it"),
                self.start_match,
            )
            return
        elif landing == "start":
            self.start_match()
            return
        if self.env.history_tt != "lobby":
            self.env.set_history(
                "lobby", self.env.pathname if self.env.history_tt == "table" else None
            )

    def start_match(self) -> None:
        try:
            match = self.lobby.c.new_match()
        except ValueError as exc:
            if self.t.match is None:
                self.lobby.show_lobby()  # (a table about to open: the lobby says why it did not)
            self.lobby.lobby_error(_("Cannot start: {reason}").format(reason=error_text(exc)))
            return
        self.felt.hide_overlay()
        self.t.put(match, 0)
        self.lobby.c.dealt(match)
        self.t.arrange(away=set())
        self.paused = None
        self.share_url(match.options)
        self.dom.op("show-table", True)
        self.felt.render()
        self.saves.save()
        self.runner.kick()

    def deal_new(self) -> None:
        """ "Deal the cards": a new match, asking first when one is in progress."""
        if self.paused is not None and not self.paused.match.is_over:
            self.controls.ask_leave(
                _("Start a new match?"),
                _("Your match in progress will be lost."),
                _("Start the new match"),
                self.start_match,
                cancel=_("Cancel"),
            )
        else:
            self.start_match()

    def replay_deal(self) -> None:
        """The lobby's "Replay this deal": the last deal's cards again, chosen explicitly."""
        self.lobby.read_lobby()
        if self.lobby.c.same_cards():
            self.deal_new()

    def resume(self) -> None:
        """Puts the paused match back on the table where it was: the trick in progress, or
        the deal summary or match result that was open."""
        p = self.paused
        if p is None:
            return
        self.paused = None
        self.felt.hide_overlay()
        self.t.put(p.match, p.cur)
        self.lobby.c.dealt(p.match)
        self.t.arrange(away=set(p.away))
        self.friends.host.reopen(p.match)  # the host's table with friends, when it had one
        self.share_url(self.t.match.options)
        self.dom.op("show-table", True)
        self.felt.render()
        if p.overlay == "over" and self.t.match.is_over:
            self.runner.show_match_over()
        elif self.deal.phase == "over":
            self.runner.show_summary()
        else:
            self.saves.save()
            self.runner.kick()

    def pause(self) -> None:
        """To the lobby, keeping the match for Forward (the Back button)."""
        if self.t.match is None:
            return
        _screen, match, cur, away, under = where(self.t, self.controls.leave_under, None)
        self.to_lobby(Paused(match, cur, under, set(away)))

    def leave(self) -> None:
        """To the lobby, leaving the match (Games, after asking when it is in progress)."""
        self.env.set_history("lobby", self.env.pathname)
        self.to_lobby(None)

    def to_lobby(self, paused: Paused | None) -> None:
        """The lobby shows, with `paused` kept for Forward (None: the match is left)."""
        self.paused = paused
        self.lobby.show_lobby()
        self.saves.save()

    def in_progress(self) -> bool:
        return self.t.match is not None and not self.t.match.is_over and self.t.puzzle is None

    def set_paused(self, paused: Paused | None) -> None:
        """The match kept while the lobby (or a puzzle) shows: `paused`."""
        self.paused = paused

    # ------------------------------------------------------------------------------- history
    def on_popstate(self, tt: str, search: str) -> None:
        """Back and Forward: between the lobby and the table, inside the page."""
        self.env.history_tt, self.env.search = tt, search
        if self.t.puzzle is not None or "puzzle=" in search:
            if tt == "table" and "puzzle=" in search:
                self.open_page(search)  # (the paused match stays paused)
            elif self.t.puzzle is not None:
                self.puzzles.leave_puzzle_page()
            return
        if tt == "table":
            if self.t.match is not None:
                return
            if self.paused is not None:
                self.resume()
            else:  # the match of this entry was left: deal it again from its address
                self.open_page(search)
        elif self.t.match is not None:
            self.pause()

    def share_url(self, opts: dict[str, Any]) -> None:
        """Puts the table in the address bar: reloading or sharing it deals the same cards."""
        m = self.t.match
        q = Q.of_match(m, opts, self.t.level, engine.ai.DEFAULT_LEVEL, self.info[m.game])
        # The table gets its own history entry on top of the lobby's, so Back from the table
        # comes to the lobby (and never leaves the site from the table).
        url = "?" + self.env.query_of(q)
        top = self.env.history_tt
        if top == "table":
            self.env.set_history("table", url)
        else:
            if top != "lobby":
                self.env.set_history("lobby", self.env.pathname)
            self.env.set_history("table", url, push=True)

    # ------------------------------------------------------------------------------- state
    @property
    def deal(self) -> Any:
        return self.t.deal

    def gi(self, game: str) -> dict[str, Any]:
        """A game's facts with its texts (title, summary, rules, option help, seat names, score
        labels) in the page's language: for what is shown (self.info keeps the English)."""
        return game_info(self.info[game])

    def names(self) -> list[str]:
        return self.t.names()

    def error_text(self, exc: BaseException) -> str:
        """An error's sentence in the page's language, seats named as at this table."""
        return error_text(exc, self.names() if self.t.match is not None else None, YOU)
