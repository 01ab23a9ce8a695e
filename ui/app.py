"""The page: turns clicks into engine moves and engine state into DOM.

One click listener on the document reads `data-*` attributes of what was clicked (elements are
re-rendered freely, so nothing binds to them).

Computer players: the baseline ("easy", engine.bots) takes about 0.1 ms a move under Pyodide
(worst case measured 4 ms), so it runs on the main thread between `asyncio.sleep` pauses. The
sampling players ("normal", "strong", engine.ai) take 10-400 ms a decision, which would freeze
the page, so they run in a module worker (ui/ai_worker.js) with its own Pyodide; the page awaits
the answer while the visible pause runs. If the worker cannot start, the baseline plays.

Nothing is lost: after every move the page saves where it is (ui/store.py) in localStorage, and
opening the page again brings that position back. The Back and Forward buttons move between the
lobby and the table (history entries carry {"tt": "lobby" | "table"}); leaving a match in
progress by the page's own buttons asks first.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, create_proxy, to_js  # type: ignore[import-not-found]

import engine
import engine.ai
from engine.teacher import deal_start

from . import hints as H
from . import i18n as I
from . import render as R
from . import review as RV
from . import speech as SP
from . import store as S
from . import table_view as TV
from . import views as V
from .embed import PARAMS as EMBED_PARAMS
from .embedded import Embedding
from .i18n import N_, _, catalog, error_text, game_info, ngettext
from .seen import reader_view, seen_move

# Pause before a computer move and the time a finished trick stays on the table (seconds).
REVIEW = ("last-trick", "scores", "replay", "deal-review")  # sheets looking back at the match
REVIEW_ACTIONS = ("last-trick", "score-sheet", "replay", "replay-next", "replay-prev", "review")
PAUSES = {"0": (0.0, 0.0), "1": (0.25, 0.6), "2": (0.6, 1.1), "3": (1.1, 1.8)}
UI_PARAMS = {"game", "seed", "speed", "players", "level"}
HINT_LEVEL = "strong"  # hints come from the strongest player, whatever the table's level
TIMES_KEPT = 1000  # worker round trips kept for window.__tt_ai_times
# Notes about the save (marked for the catalog; translated where they are shown).
STORAGE_OFF = N_("This browser does not let the page keep anything (private mode?): the match "
               "is not saved.")
STORAGE_FULL = N_("The browser's storage is full or turned off: the match is not being saved.")
OTHER_TAB = N_("This match went on in another tab, so this tab stopped saving it (the other tab's "
             "game is kept).")


class Brain:
    """The worker that runs the sampling computer players; `choose` is awaited."""

    def __init__(self) -> None:
        self.worker: Any = None
        self.pending: dict[int, asyncio.Future[str]] = {}
        self.n = 0
        self.answers = 0  # moves the worker has chosen (a hook for tests)
        # The last round trips to the worker as the page measures them, with the position asked
        # (a hook for `python3 build.py bench-ai`: window.__tt_ai_times).
        self.times: list[dict[str, Any]] = []
        self.broken: str | None = None
        self.started: str | None = None  # "snapshot" or "fresh": how the worker's Python began
        self._proxies: list[Any] = []

    def start(self) -> None:
        if self.worker is not None or self.broken is not None:
            return
        try:
            url = js.URL.new("./ui/ai_worker.js", js.document.baseURI).href
            self.worker = js.Worker.new(url, to_js({"type": "module"},
                                                   dict_converter=js.Object.fromEntries))
        except Exception as exc:  # noqa: BLE001 (any failure means: play the baseline)
            self.broken = str(exc)
            return
        on_msg = create_proxy(self.on_message)
        on_err = create_proxy(self.on_error)
        self._proxies += [on_msg, on_err]
        self.worker.addEventListener("message", on_msg)
        self.worker.addEventListener("error", on_err)
        # answered once the worker's Python is up, with how it started (self.started)
        self.worker.postMessage(to_js({"id": "ping"}, dict_converter=js.Object.fromEntries))

    def on_message(self, event: Any) -> None:
        data = event.data
        fut = self.pending.pop(int(data.id), None) if str(data.id) != "ping" else None
        started = getattr(data, "started", None)
        if started is not None:
            self.started = str(started)
        if fut is None or fut.done():
            return
        err = getattr(data, "error", None)
        evaluation = getattr(data, "evaluation", None)
        if err is not None:
            fut.set_exception(RuntimeError(str(err)))
        elif evaluation is not None:
            fut.set_result(str(evaluation))
        else:
            self.answers += 1
            fut.set_result(str(data.move))

    def on_error(self, event: Any) -> None:
        event.preventDefault()
        self.broken = str(getattr(event, "message", "") or "the worker failed")
        for fut in self.pending.values():
            if not fut.done():
                fut.set_exception(RuntimeError(self.broken))
        self.pending.clear()

    async def ask(self, message: dict[str, Any]) -> str:
        """Sends `message` (with a fresh id) to the worker and awaits its answer."""
        self.start()
        if self.broken is not None:
            raise RuntimeError(self.broken)
        self.n += 1
        fut: asyncio.Future[str] = asyncio.get_event_loop().create_future()
        self.pending[self.n] = fut
        self.worker.postMessage(to_js({"id": self.n, **message},
                                      dict_converter=js.Object.fromEntries))
        return await fut

    async def evaluate(self, record_json: str, level: str, seed: int,
                       kind: str = "evaluate") -> str:
        """The search's evaluation of the position's moves (engine.ai.evaluate), as JSON; with
        kind "review", the review of deal number `seed` (engine.teacher.review_deal)."""
        return await self.ask({"kind": kind, "record": record_json, "level": level,
                               "seed": seed})

    async def choose(self, record_json: str, level: str, seed: int) -> str:
        t0 = js.performance.now()
        move = await self.ask({"record": record_json, "level": level, "seed": seed})
        self.times.append({"ms": js.performance.now() - t0, "record": record_json,
                           "level": level, "seed": seed, "move": move})
        del self.times[:-TIMES_KEPT]
        return move


def doc() -> Any:
    return js.document


def chosen_language() -> str:
    """The page's language: ?lang=, else the saved choice, else the browser's languages, else
    English (index.html chooses the same way before Python runs)."""
    asked = str(js.URLSearchParams.new(js.window.location.search).get("lang") or "")
    saved = None
    with contextlib.suppress(Exception):
        saved = read_key(I.SAVED_KEY)
    prefs: list[str] = []
    with contextlib.suppress(Exception):
        prefs = [str(x) for x in js.navigator.languages]
    return I.choose(asked or None, saved, prefs)


DISPLAY_KEY = "trick-table/display"  # index.html keeps the display settings under this key


def display_settings() -> dict[str, bool]:
    """The remembered display settings ({"four-colour": True, "large-cards": False}); the
    regional indices' "regional-ranks" only once the player has set it."""
    try:
        data = json.loads(read_key(DISPLAY_KEY) or "{}")
    except Exception:  # noqa: BLE001 (storage refused or a malformed value: the defaults)
        return {}
    if not isinstance(data, dict):
        return {}
    out = {k: data.get(k) is True for k in ("four-colour", "large-cards", "checker")}
    if isinstance(data.get("regional-ranks"), bool):  # unset: by the page's language
        out["regional-ranks"] = data["regional-ranks"]
    return out


def sound(kind: str) -> None:
    """A sound effect (ui/sound.js), if the page has sound and it is on; never in the way."""
    with contextlib.suppress(Exception):
        play = getattr(js.window, "__tt_sound", None)
        if play:
            play(kind)


def sound_on() -> bool:
    """Whether sound is on (ui/sound.js; off where the page has none)."""
    with contextlib.suppress(Exception):
        return bool(js.window.__tt_sound_on())
    return False


def set_sound(on: bool) -> None:
    """Turns sound on or off (remembered by ui/sound.js). A module function: inside a class,
    `js.window.__tt_…` would be name-mangled."""
    with contextlib.suppress(Exception):
        js.window.__tt_sound_set(on)


def start_offline_copy() -> None:
    """Registers the service worker that keeps the page for offline play (index.html's
    __tt_sw_start; a module function for the same reason as set_sound)."""
    with contextlib.suppress(Exception):
        js.window.__tt_sw_start()


async def next_frame() -> None:
    """Returns once the browser has drawn a frame (or after 100 ms, in a hidden tab that draws
    none): at Instant, one computer move per frame, so the moves' work never piles up into one
    long frame."""
    fut = asyncio.get_event_loop().create_future()

    def done(*_: Any) -> None:
        if not fut.done():
            fut.set_result(None)

    js.requestAnimationFrame(create_once_callable(done))
    js.setTimeout(create_once_callable(done), 100)
    await fut


def read_faces_ahead() -> None:
    """Reads the card faces ahead in idle moments (ui/faces.js), so no trick waits for one."""
    with contextlib.suppress(Exception):
        js.window.__tt_faces_start()


def hint_label(move: str) -> str:
    """A move named in a hint's sentence: "bid 5", "Pass", "K♥"."""
    if move.lower().startswith("bid "):
        return _("bid {n}").format(n=move[4:])
    return R.move_label(move)


def has_catalog(code: str) -> bool:
    return code == I.DEFAULT or os.path.exists(f"i18n/{code}.mo")


def take_catalog(code: str) -> bool:
    """The language's compiled catalog, if index.html has fetched it (it starts the page's own
    at first paint), written to i18n/<code>.mo; False when it has not arrived."""
    if has_catalog(code):
        return True
    try:
        buf = js.Reflect.get(js.Reflect.get(js.window, "__tt_mo_fetched"), code)
        if buf is None:  # (undefined: not fetched yet)
            return False
        data = bytes(js.Uint8Array.new(buf).to_py())
    except Exception:  # noqa: BLE001 (index.html's fetcher is not there: an old page)
        return False
    os.makedirs("i18n", exist_ok=True)
    with open(f"i18n/{code}.mo", "wb") as f:
        f.write(data)
    return True


async def load_catalog(code: str) -> bool:
    """Fetches the language's compiled catalog (i18n/<code>.mo) once, through index.html's
    `__tt_fetch_mo`. False when it cannot be had (the page stays in its language)."""
    if take_catalog(code):
        return True
    if code not in I.LANGS and code != I.PSEUDO:
        return False
    try:
        await js.Reflect.get(js.window, "__tt_fetch_mo")(code)
    except Exception:  # noqa: BLE001 (offline before the first visit finished, or a fault)
        return False
    return take_catalog(code)


def storage() -> Any:
    """window.localStorage; raises when the browser refuses it (private mode, blocked)."""
    return js.window.localStorage


def read_key(key: str) -> str | None:
    text = storage().getItem(key)
    return text if isinstance(text, str) else None  # null comes as None or jsnull


def history_top() -> str:
    """Which screen the current history entry is for: "lobby", "table" or "" (not ours)."""
    try:
        return str(js.window.history.state.tt)
    except Exception:  # noqa: BLE001 (no state, or a state that is not ours)
        return ""


def set_history(screen: str, url: str | None = None, push: bool = False) -> None:
    state = to_js({"tt": screen}, dict_converter=js.Object.fromEntries)
    h = js.window.history
    with contextlib.suppress(Exception):  # some embeds forbid history changes
        if push:
            h.pushState(state, "", url) if url is not None else h.pushState(state, "")
        else:
            h.replaceState(state, "", url) if url is not None else h.replaceState(state, "")


@dataclass
class Paused:
    """A match kept while the lobby shows (Back from the table, or a save made in the lobby):
    Forward or the lobby's button puts it back on the table."""

    match: Any
    cur: int
    overlay: str | None
    away: set[int] = field(default_factory=set)


def el(id_: str) -> Any:
    return js.document.getElementById(id_)


TABLE_CONTROLS = ("data-action", "data-card", "data-move", "data-lang")
LOBBY_CONTROLS = ("data-game-choice", "data-lang", "data-opt", "data-setting")


def control_selector(node: Any, scope: str = "#table",
                     attrs: tuple[str, ...] = TABLE_CONTROLS) -> str | None:
    """A selector that finds a control of the table (or of `scope`) again after it is drawn
    anew (drawing replaces the elements): by the first of `attrs` it has."""
    if not found(node) or not hasattr(node, "getAttribute"):
        return None
    for attr in attrs:
        if not node.hasAttribute(attr):  # (getAttribute gives JS null, not None, for none)
            continue
        v = str(node.getAttribute(attr) or "")
        return f'{scope} [{attr}="{v}"]' if v else f"{scope} [{attr}]"
    return None


def found(node: Any) -> bool:
    """Whether a DOM lookup found an element (a missing one comes back as None or jsnull)."""
    return node is not None and hasattr(node, "nodeType")


class App(Embedding):
    def __init__(self) -> None:
        self.games = [g for g in getattr(engine, "available_games", lambda: engine.GAMES)()
                      if g in engine.GAME_INFO]
        self.info = engine.GAME_INFO
        self.selected = self.games[0]
        self.values: dict[str, dict[str, str]] = {}
        self.players = ""
        self.seed_text = ""
        self.speed = "2"
        self.match: Any = None
        self.cur = 0  # index of the deal on the table
        self.token = 0  # bumps on every new match: stale computer tasks stop
        self.lingering = False  # a finished trick is on show
        self.tapped = asyncio.Event()  # a tap on the felt ends the wait after a trick
        self.cleared_at = -1.0  # when the last finished trick began to clear (loop time)
        self.last_trick: dict[str, Any] | None = None
        self.fresh = False
        self.selection: list[str] = []
        self.overlay: str | None = None  # "summary" | "over" | "rules" | a REVIEW sheet
        self.review_under: str | None = None  # what a REVIEW sheet was opened over
        self.replay: RV.DealReplay | None = None  # the hand replay on show
        self.replay_step = 0
        # The replay opened from a deal's review shows its verdicts (RV.replay_verdicts) and
        # goes back to the review on close; the last review worked out is kept as
        # (match token, deal index, review) so that it opens again at once.
        self.replay_verdicts: dict[int, list[Any]] | None = None
        self.dealt_shown: tuple[int, int] | None = None  # the deal whose dealing was shown
        self.shown_html: dict[str, str] = {}  # what each table part shows (App.put)
        # the deal and phase in which the panel last showed: its place is kept until they change
        self.panel_kept: tuple[int, int, str] | None = None
        self.reviewed: tuple[int, int, dict[str, Any]] | None = None
        self.bot_task: Any = None
        self.bot_token = -1  # the match token the running bot_task serves
        self.timer_left: int | None = None
        self.away: set[int] = set()
        self._proxies: list[Any] = []
        self.seq = 0  # bumps on every move played (a hook for tests: data-seq)
        self.levels = dict(engine.ai.LEVELS)
        self.level = engine.ai.DEFAULT_LEVEL
        self.brain = Brain()
        # Saving (ui/store.py): this tab's id, who wrote the stored save when this tab last read
        # or wrote it, and whether another tab has taken over (then this one stops writing).
        self.tab = f"{random.getrandbits(48):012x}"
        self.last_mark: S.Mark | None = None
        self.save_off = False
        self.paused: Paused | None = None
        self.bad_save: str | None = None  # the text of a save that could not be restored
        self.leave_go: Callable[[], None] | None = None  # what "Leave" in the dialog does
        self.leave_under: str | None = None  # the sheet the leave dialog covers
        self.hint_text: str | None = None  # a lesson's hint on show
        self.input_marked = False  # performance mark "tt:input" made
        self.focus_before: Any = None  # where focus was when a dialog opened
        self.was_turn = False  # at the last drawing it was the player's turn
        self.hint: dict[str, Any] | None = None  # the evaluation shown as a hint
        self.check_ev: tuple[int, dict[str, Any]] | None = None  # (seq, evaluation) for the checker
        self.check_move: str | None = None  # the move the checker asks about
        self.hint_busy = False  # a hint is being worked out
        self.typed = ""  # a card being typed on the keyboard ("Q", "10")
        self.typed_at = 0.0
        self.init_embedding()  # positions and lessons for tutorial sites (ui/embedded.py)

    # ------------------------------------------------------------------------------- setup
    def start(self) -> None:
        click = create_proxy(self.on_click)
        change = create_proxy(self.on_change)
        self._proxies += [click, change]
        doc().addEventListener("click", click)
        doc().addEventListener("change", change)
        pop = create_proxy(self.on_popstate)
        self._proxies.append(pop)
        keys = create_proxy(self.on_key)
        self._proxies.append(keys)
        doc().addEventListener("keydown", keys)
        js.window.addEventListener("popstate", pop)
        with contextlib.suppress(Exception):  # the page scrolls itself when the screen changes
            js.window.history.scrollRestoration = "manual"
        for name, fn in (("__tt_record", self.record_json), ("__tt_reset", self.reset),
                         ("__tt_state", self.state_json), ("__tt_ai_times", self.ai_times),
                         ("__tt_think", self.think_for_human), ("__tt_save", self.saved_text),
                         ("__tt_lang", self.change_language)):
            p = create_proxy(fn)
            self._proxies.append(p)
            js.Reflect.set(js.window, name, p)  # setattr skips dunder-like names
        self.init_language()
        self.make_note()
        chosen = self.static_lobby_choices()
        self.boot(str(js.window.location.search))
        self.take_static_lobby(chosen)
        el("splash").hidden = True
        self.ready_event()  # to the parent window, when the table is embedded
        js.Reflect.set(js.window, "__tt_ready_at", js.performance.now())
        doc().documentElement.dataset.ready = "1"
        asyncio.ensure_future(self.prewarm())

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
        game = str(node.dataset.gameChoice) if found(node) else self.selected
        if game not in self.games:
            return None
        self.selected = game
        self.read_lobby()
        return {"game": game, "values": dict(self.values.get(game, {})),
                "players": self.players, "seed": self.seed_text, "speed": self.speed,
                "level": self.level, "start": bool(js.Reflect.get(js.window, "__tt_pending"))}

    def take_static_lobby(self, chosen: dict[str, Any] | None) -> None:
        """Python takes over the lobby with the player's choices; a pending "Deal the cards"
        deals at once."""
        lobby = el("lobby")
        with contextlib.suppress(Exception):
            lobby.removeAttribute("data-static")
        if chosen is None or self.match is not None or lobby.hidden:
            return
        self.selected = chosen["game"]
        self.values[self.selected] = chosen["values"]
        self.players, self.seed_text = chosen["players"], chosen["seed"]
        self.speed, self.level = chosen["speed"], chosen["level"]
        self.show_lobby()
        if chosen["start"]:
            if self.paused is not None and not self.paused.match.is_over:
                self.ask_leave(_("Start a new match?"), _("Your match in progress will be lost."),
                               _("Start the new match"), self.start_match, cancel=_("Cancel"))
            else:
                self.start_match()

    async def prewarm(self) -> None:
        """Boots the search players' worker shortly after the lobby shows, so the first
        computer move of a match does not wait for it."""
        await asyncio.sleep(1.5)
        start_offline_copy()  # the service worker, now that nothing waits on it
        read_faces_ahead()
        if self.level != "easy":
            self.brain.start()

    def boot(self, query: str) -> None:
        """Opens the page: at the saved position when there is a save, as the address says."""
        restored = None
        params = js.URLSearchParams.new(query)
        if any(params.has(k) for k in ("embed", "record", "lesson")):
            self.open_page(query)  # a position or lesson: the player's save is not touched
            return
        try:
            text = read_key(S.KEY)
        except Exception:  # noqa: BLE001 (storage refused: play on without saving)
            text = None
            self.note("storage", _(STORAGE_OFF))
        self.last_mark = S.mark_of(text)
        if text is not None:
            try:
                restored = S.restore(text, self.games, self.info, self.levels, PAUSES)
            except Exception as exc:  # noqa: BLE001 (a bad save is a message, never a crash)
                self.keep_unreadable(text)
                self.open_page("")
                self.show_unreadable(str(exc))
                return
        self.open_page(query, restored)
        if restored is not None:
            self.save()  # this tab now keeps the save: a tab opened earlier stops writing it

    def reset(self, query: str = "") -> None:
        """Start over as if the page had been loaded with `?query` and nothing saved (tests use
        this): the save is cleared, so nothing of one test reaches the next."""
        for key in (S.KEY, S.BAD_KEY):
            with contextlib.suppress(Exception):
                storage().removeItem(key)
        self.last_mark = None
        self.save_off = False
        self.bad_save = None
        self.clear_note()
        self.open_page(query)

    def open_page(self, query: str, restored: tuple[S.Save, Any] | None = None) -> None:
        """Shows the page as loaded with `?query`, from the saved position `restored` if any:
        the saved settings are the lobby's defaults (the address's parameters win), and a saved
        match comes back where it was (the address naming another match asks first)."""
        self.token += 1
        self.match = None
        self.paused = None
        self.overlay = None
        self.hide_overlay()
        self.clear_toast()
        save, saved_match = restored if restored is not None else (None, None)
        if save is not None:
            self.use_settings(save.settings)
        if saved_match is not None:
            self.paused = Paused(saved_match, save.cur, save.overlay, set(save.away))
        params = js.URLSearchParams.new(query)
        raw: dict[str, str] = {}
        for pair in params.entries():
            k, v = str(pair[0]), str(pair[1])
            raw[k] = v
        errors: list[str] = []
        game = raw.get("game")
        if "speed" in raw:
            if raw["speed"] in PAUSES:
                self.speed = raw["speed"]
            else:
                errors.append(_("Speed must be 0, 1, 2 or 3, not “{value}”.").format(
                    value=raw["speed"]))
        if "level" in raw:
            if raw["level"] in self.levels:
                self.level = raw["level"]
            else:
                errors.append(_("The computer level must be one of {levels}, not “{value}”.")
                              .format(levels=", ".join(self.levels), value=raw["level"]))
        if "lang" in raw and raw["lang"] not in I.LANGS and raw["lang"] != I.PSEUDO:
            errors.append(_("This page is in {languages}; it has no language “{value}”.").format(
                languages=", ".join(I.LANGS.values()), value=raw["lang"]))
        self.seed_text = ""
        if "seed" in raw:
            if raw["seed"].strip().lstrip("-").isdigit():
                self.seed_text = raw["seed"].strip()
            else:
                errors.append(_("The seed must be a whole number, not “{value}”.").format(
                    value=raw["seed"]))
        self.leave_embed()
        if self.embedded_address(raw):
            return
        known = {o["name"] for g in self.games for o in self.info[g]["options"]}
        known |= EMBED_PARAMS
        opts = {k: v for k, v in raw.items() if k not in UI_PARAMS and k in known
                and k not in EMBED_PARAMS}
        unknown = sorted(k for k in raw if k not in UI_PARAMS and k not in known)
        if game is not None and game not in self.games:
            errors.append(_("Unknown game “{game}”. Pick one of the games below.").format(
                game=game))
            game = None
        elif game is None and opts:
            errors.append(_("Table options need a game: add game=… to the address."))
        if game is None and unknown:  # with a game they are ignored: the match starts
            errors.append(ngettext("This page does not know the address parameter {names}.",
                                   "This page does not know the address parameters {names}.",
                                   len(unknown)).format(names=", ".join(unknown)))
        if game is not None:
            self.selected = game
            self.players = raw.get("players", "")
            if self.players:
                allowed = [str(n) for n in self.info[game]["players"]]
                if self.players not in allowed:
                    errors.append(_("{game} is for {counts} players, not “{value}”.").format(
                        game=self.gi(game)["title"], counts=", ".join(allowed),
                        value=self.players))
                    self.players = ""
            try:
                parsed = engine.parse_options(game, opts)
                self.values[game] = {k: str(v) for k, v in parsed.items()}
            except ValueError as exc:
                errors.append(error_text(exc))
        self.show_lobby()
        if errors:
            msg = el("lobby-msg")
            msg.textContent = " ".join(errors)  # URL text: never HTML
            msg.hidden = False
        elif game is not None:
            p = self.paused
            if p is not None and S.same_match(p.match, game, self.seed_text, self.players,
                                              engine.parse_options(game, opts)):
                self.resume()  # a reload: the address is the saved match's
                return
            if p is not None and not p.match.is_over:
                self.resume()
                self.ask_leave(_("Leave your match?"), _("This address deals another match. "
                               "Your match in progress will be lost if you leave it."),
                               _("Leave it"), self.start_match)
                return
            self.start_match()
            return
        elif self.paused is not None and save is not None and save.screen == "table":
            self.resume()
            return
        if history_top() != "lobby":
            set_history("lobby", str(js.window.location.pathname)
                        if history_top() == "table" else None)

    def use_settings(self, s: S.Settings) -> None:
        """The saved lobby settings as the lobby's defaults (not the seed: a new match deals
        new cards unless a seed is typed or in the address)."""
        self.selected = s.game
        self.values[s.game] = dict(s.options)
        self.players = s.players
        self.level = s.level
        self.speed = s.speed

    def settings(self) -> S.Settings:
        g = self.selected
        seed = self.seed_text if self.seed_text.lstrip("-").isdigit() else ""
        return S.Settings(g, S.valid_options(g, self.values.get(g, {})), self.players, seed,
                          self.level, self.speed)

    # ------------------------------------------------------------------------------- lobby
    def show_lobby(self) -> None:
        self.token += 1
        self.match = None
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
        lobby.innerHTML = V.lobby_html(self.games, shown, self.selected,
                                       self.values.get(self.selected, {}), self.players,
                                       self.seed_text, self.speed, self.levels, self.level,
                                       display_settings())
        lobby.hidden = False
        pick = doc().createElement("div")
        pick.className = "lobby-lang"
        pick.innerHTML = self.lang_select_html()
        lobby.prepend(pick)
        p = self.paused
        if p is not None and not p.match.is_over:
            box = doc().createElement("div")
            box.dataset.resume = ""
            box.style.cssText = ("display:flex;flex-wrap:wrap;gap:8px 12px;align-items:center;"
                                 "justify-content:center;margin:0 0 14px")
            txt = doc().createElement("span")
            txt.textContent = _("Your {game} match is waiting (deal {n}).").format(
                game=self.gi(p.match.game)["title"], n=p.cur + 1)
            btn = doc().createElement("button")
            btn.type = "button"
            btn.className = "btn primary"
            btn.dataset.action = "resume"
            btn.textContent = _("Back to the match")
            box.append(txt, btn)
            el("lobby-msg").after(box)
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
                self.players = v
            else:
                vals[name] = v
        self.values[self.selected] = vals
        seed = el("opt-seed")
        if found(seed):
            self.seed_text = str(seed.value).strip()
        sp = doc().querySelector("[data-speed]")
        if found(sp):
            self.speed = str(sp.value)
        lv = doc().querySelector("[data-level]")
        if found(lv):
            self.level = str(lv.value)

    def lobby_error(self, text: str) -> None:
        msg = el("lobby-msg")
        msg.textContent = text
        msg.hidden = False
        msg.scrollIntoView()

    def start_match(self) -> None:
        game = self.selected
        try:
            opts = engine.parse_options(game, self.values.get(game, {}))
            seed = int(self.seed_text) if self.seed_text else random.randrange(1, 10**9)
            players = int(self.players) if self.players else None
            self.match = engine.new_match(game, seed=seed, options=opts, players=players)
            self.hint = None
        except ValueError as exc:
            self.lobby_error(_("Cannot start: {reason}").format(reason=error_text(exc)))
            return
        self.token += 1
        self.paused = None
        self.hide_overlay()
        self.share_url(opts)
        self.cur = 0
        self.away = set()
        if self.level != "easy":
            self.brain.start()  # loads while the cards are dealt
        self.begin_deal()
        el("lobby").hidden = True
        el("table").hidden = False
        js.window.scrollTo(0, 0)
        self.render()
        self.save()
        self.kick()

    def resume(self) -> None:
        """Puts the paused match back on the table where it was: the trick in progress, or
        the deal summary or match result that was open."""
        p = self.paused
        if p is None:
            return
        self.paused = None
        self.token += 1
        self.hint = None
        self.hide_overlay()
        self.match = p.match
        self.cur = p.cur
        self.away = set(p.away)
        self.share_url(self.match.options)
        if self.level != "easy":
            self.brain.start()
        self.begin_deal()
        el("lobby").hidden = True
        el("table").hidden = False
        js.window.scrollTo(0, 0)
        self.render()
        if p.overlay == "over" and self.match.is_over:
            self.show_match_over()
        elif self.deal.phase == "over":
            self.show_summary()
        else:
            self.save()
            self.kick()

    def pause(self) -> None:
        """To the lobby, keeping the match for Forward (the Back button)."""
        if self.match is None:
            return
        under = self.leave_under if self.overlay == "leave" else self.overlay
        self.paused = Paused(self.match, self.cur, under if under in ("summary", "over") else None,
                             set(self.away))
        self.show_lobby()
        self.save()

    def leave(self) -> None:
        """To the lobby, leaving the match (Games, after asking when it is in progress)."""
        self.paused = None
        set_history("lobby", str(js.window.location.pathname))
        self.show_lobby()
        self.save()

    def in_progress(self) -> bool:
        return self.match is not None and not self.match.is_over

    # ------------------------------------------------------------------------------- keyboard
    def on_key(self, event: Any) -> None:
        """Dialogs: Escape closes one that may be closed, Tab stays inside. The hand: the arrow
        keys (and Home, End) move between its cards; Enter or Space plays (they are buttons)."""
        key = str(event.key)
        ov = el("overlay")
        if self.overlay is not None and not ov.hidden:
            if key == "Escape":
                close = ov.querySelector('[data-action="close"], [data-action="leave-cancel"]')
                if found(close):
                    event.preventDefault()
                    close.click()
            elif key == "Tab":
                items = [n for n in ov.querySelectorAll(
                    'button:not([disabled]), select, input, a[href], [tabindex="0"]')]
                if items:
                    first, last = items[0], items[-1]
                    active = doc().activeElement
                    inside = found(active) and ov.contains(active)
                    if event.shiftKey and (not inside or active == first):
                        event.preventDefault()
                        last.focus()
                    elif not event.shiftKey and (not inside or active == last):
                        event.preventDefault()
                        first.focus()
            return
        active = doc().activeElement
        on_control = found(active) and found(active.closest("button, select, input, a"))
        in_hand = found(active) and el("hand").contains(active)
        if (self.lingering and key in ("Enter", " ")
                and (not on_control or (in_hand and not self.human_can_act()))):
            event.preventDefault()  # the keyboard's tap: the finished trick moves on
            self.tap()
            return
        if (key == "Enter" and in_hand and self.multi() and self.human_can_act()):
            event.preventDefault()  # Bidding Kozel: Space selects, Enter plays the selection
            confirm = doc().querySelector('#panel [data-move="confirm"]:not([disabled])')
            if found(confirm):
                self.click_move("confirm")
            else:
                self.toast(TV.status(self.table_model()))
            return
        tag = str(active.tagName).lower() if found(active) else ""
        if (tag not in ("input", "select", "textarea") and self.match is not None
                and not el("table").hidden and not (event.ctrlKey or event.metaKey
                                                    or event.altKey)
                and self.shortcut(event, key)):
            event.preventDefault()
            return
        if key not in ("ArrowLeft", "ArrowRight", "Home", "End"):
            return
        cards = list(doc().querySelectorAll("#hand [data-card]"))
        if not cards or not found(active) or not el("hand").contains(active):
            return
        i = next((k for k, c in enumerate(cards) if c == active), 0)
        j = {"ArrowLeft": i - 1, "ArrowRight": i + 1, "Home": 0, "End": len(cards) - 1}[key]
        event.preventDefault()
        cards[max(0, min(len(cards) - 1, j))].focus()

    def shortcut(self, event: Any, key: str) -> bool:
        """The table's keys: a card typed as the command line writes it (QS, 10H, or TH)
        plays it; L the last trick, S the score sheet, H a hint, R reads the table, ? lists
        the keys. True when the key was one of them."""
        ch = key.upper() if len(key) == 1 else ""
        if ch and not (ch.isascii() and (ch.isalnum() or ch == "?")):
            code = str(getattr(event, "code", "") or "")  # another layout: the key's place
            ch = code[3:] if code.startswith("Key") else code[5:] if code.startswith(
                "Digit") else ""
        if not ch:
            return False
        now = float(js.performance.now())
        if now - self.typed_at > 2000:
            self.typed = ""
        self.typed_at = now
        if self.typed:
            if ch in "SHDC":
                card, self.typed = self.typed + ch, ""
                self.type_card(card)
                return True
            if self.typed == "1" and ch == "0":
                self.typed = "10"
                return True
            self.typed = ""
        if ch in "23456789JQKAT1":
            self.typed = "10" if ch == "T" else ch
            return True
        if ch == "L":
            node = doc().querySelector('#bar [data-action="last-trick"]:not([disabled])')
            if found(node):
                self.action("last-trick", node)
            else:
                self.say(_("No trick has been played yet."))
            return True
        if ch == "S":
            node = doc().querySelector('#bar [data-action="score-sheet"]')
            if found(node):
                self.action("score-sheet", node)
            return True
        if ch == "H":
            node = doc().querySelector('[data-action="hint"]:not([disabled])')
            if found(node):
                node.click()
            else:
                self.say(_("There is no hint here."))
            return True
        if ch == "R":
            self.read_table()
            return True
        if ch == "U":
            self.undo()
            return True
        if ch == "M":
            self.action("sound")
            return True
        if ch == "?":
            self.show_overlay("keys", V.keys_sheet_html())
            return True
        return False

    def type_card(self, card: str) -> None:
        """A card typed on the keyboard: played (or selected) as if it were clicked."""
        hand = list(self.deal.view(0).get("hand") or []) if self.deal is not None else []
        if card not in hand:
            self.toast(_("{card} is not in your hand.").format(card=R.card_label(card)))
            return
        self.click_card(card)
        node = doc().querySelector(f'#hand [data-card="{card}"]')
        if found(node) and self.human_can_act():
            node.focus()

    def announce(self, seat: int, move: str) -> None:
        """Says each move, as the reader saw it, in the polite live region (#announce)."""
        self.say(SP.move_sentence(seat, move, self.names()))

    def say(self, text: str) -> None:
        """Adds a line to the polite live region (#announce); the last few stay, so lines said
        in quick succession are all read, in order."""
        box = el("announce")
        if not found(box) or not text:
            return
        line = doc().createElement("p")
        line.textContent = text
        box.appendChild(line)
        while box.childElementCount > 6:
            box.removeChild(box.firstElementChild)

    def say_turn(self) -> None:
        """The player's turn, said with what there is to do ("Your turn: 3 playable cards.")."""
        if self.match is not None and self.deal.phase != "over":
            self.say(SP.turn_sentence(self.table_model()))

    def read_table(self) -> None:
        """The whole situation in words, for the "read the table" key (R)."""
        if self.match is not None:
            self.say(SP.table_sentence(self.table_model()))

    def focus_hand(self, new_turn: bool = False) -> None:
        """When the player's turn comes (or focus has dropped to the page), focus goes to the
        first playable card (or the first move button of the panel); a control the player
        moved to inside the hand or panel keeps it."""
        active = doc().activeElement
        mine = found(active) and (el("hand").contains(active) or el("panel").contains(active))
        if new_turn and not mine:
            active = None
        if (found(active) and active != doc().body and active.isConnected
                and active.id != "felt"  # the felt had focus only while a trick waited
                and active.getClientRects().length > 0):  # a visible control keeps focus
            return
        target = doc().querySelector("#hand [data-legal], #panel [data-move]:not([disabled])")
        if found(target):
            target.focus()

    def on_popstate(self, event: Any) -> None:
        """Back and Forward: between the lobby and the table, inside the page."""
        if history_top() == "table":
            if self.match is not None:
                return
            if self.paused is not None:
                self.resume()
            else:  # the match of this entry was left: deal it again from its address
                self.open_page(str(js.window.location.search))
        elif self.match is not None:
            self.pause()

    def share_url(self, opts: dict[str, Any]) -> None:
        """Puts the table in the address bar: reloading or sharing it deals the same cards."""
        m = self.match
        gi = self.info[m.game]
        q: dict[str, str] = {"game": m.game}
        defaults = {o["name"]: o["default"] for o in gi["options"]}
        for k, v in opts.items():
            if v != defaults.get(k):
                q[k] = str(v).lower() if isinstance(v, bool) else str(v)
        if m.players != gi["default_players"]:
            q["players"] = str(m.players)
        if self.level != engine.ai.DEFAULT_LEVEL:
            q["level"] = self.level
        q["seed"] = str(m.seed)
        # The table gets its own history entry on top of the lobby's, so Back from the table
        # comes to the lobby (and never leaves the site from the table).
        url = "?" + str(js.URLSearchParams.new(to_js(q)).toString())
        top = history_top()
        if top == "table":
            set_history("table", url)
        else:
            if top != "lobby":
                set_history("lobby", str(js.window.location.pathname))
            set_history("table", url, push=True)

    def begin_deal(self) -> None:
        self.selection = []
        self.last_trick = None
        self.lingering = False
        self.fresh = False
        self.timer_left = None

    # ------------------------------------------------------------------------------- state
    @property
    def deal(self) -> Any:
        return self.match.deals[self.cur]

    def table_view(self) -> dict[str, Any]:
        """The deal as this table's reader may see it (ui/seen.py): what the page draws."""
        return reader_view(self.deal, self.readers, self.open_view)

    def human_can_act(self) -> bool:
        return TV.can_act(self.match, self.cur, self.table_ui())

    def tap(self) -> None:
        """A tap on the felt (or Enter there): the finished trick's show ends."""
        if self.run is not None or self.step_pos is not None:
            self.lingering = False  # no computer waits: the table moves on at once
            self.render()
        self.tapped.set()

    def bot_rng(self) -> random.Random:
        """The baseline's tie-breaks for the decision now: fixed by the match's seed and the
        position, so a reloaded match plays on exactly as it would have."""
        return random.Random(f"bots:{self.match.seed}:{self.cur}:{len(self.deal.moves)}")

    def waiting_for_tap(self) -> bool:
        return TV.waiting_for_tap(self.match, self.cur, self.table_ui())

    async def wait_tap(self, seconds: float | None) -> None:
        """Waits `seconds` (None: without end) or until a tap on the felt (a tap made since
        the trick finished counts: the event is cleared when a trick starts its show)."""
        try:
            await asyncio.wait_for(self.tapped.wait(), seconds)
        except TimeoutError:
            pass

    def gi(self, game: str) -> dict[str, Any]:
        """A game's facts with its texts (title, summary, rules, option help, seat names, score
        labels) in the page's language: for what is shown (self.info keeps the English)."""
        return game_info(self.info[game])

    def names(self) -> list[str]:
        return R.seat_names(self.gi(self.match.game)["seat_names"], self.match.players)

    def error_text(self, exc: BaseException) -> str:
        """An error's sentence in the page's language, seats named as at this table."""
        return error_text(exc, self.names() if self.match is not None else None)

    def record_json(self) -> str:
        return json.dumps(self.match.record()) if self.match is not None else "null"

    def saved_text(self) -> str | None:
        """The save as stored (a hook for tests: window.__tt_save)."""
        try:
            return read_key(S.KEY)
        except Exception:  # noqa: BLE001
            return None

    def state_json(self) -> str:
        brain = {"level": self.level, "worker": self.brain.worker is not None,
                 "broken": self.brain.broken, "answers": self.brain.answers,
                 "started": self.brain.started}
        if self.match is None:
            return json.dumps({"screen": "lobby", "ai": brain})
        d = self.deal
        return json.dumps({"screen": "table", "game": self.match.game, "seed": self.match.seed,
                           "deal": self.cur, "phase": d.phase, "to_move": d.to_move,
                           "overlay": self.overlay, "match_over": self.match.is_over,
                           "ai": brain, "practice": bool(getattr(self.match, "practice", False)),
                           "hint": self.hint,
                           "check": (self.check_ev[1] if self.check_ev is not None
                                     and self.check_ev[0] == self.seq else None)})

    def ai_times(self, clear: bool = False) -> str:
        """The worker's decisions measured in the page, as JSON; `clear` forgets them."""
        out = json.dumps(self.brain.times)
        if clear:
            self.brain.times.clear()
        return out

    def think_for_human(self) -> None:
        """Lets the computer at the page's level make the human seat's move (a hook for
        `python3 build.py bench-ai`, which has the computer make every decision)."""
        async def go() -> None:
            if not self.human_can_act():
                return
            d, token = self.deal, self.token
            try:
                move = await self.brain.choose(self.record_json(), self.level, self.match.seed)
            except Exception as exc:  # noqa: BLE001 (reported: the bench stops on it)
                js.console.error(f"__tt_think: {exc}")
                return
            if token == self.token and self.deal is d and self.human_can_act():
                self.play(move)
        asyncio.ensure_future(go())

    # ------------------------------------------------------------------------------- events
    # ------------------------------------------------------------------------------- language
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
        if self.match is None:
            if not el("lobby").hidden:
                self.show_lobby()
            return
        over = self.overlay
        self.render()
        if over == "summary":
            self.show_summary()
        elif over == "over":
            self.show_match_over()
        elif over is not None and over not in ("leave",):
            self.hide_overlay()
            self.render()

    def lang_select_html(self) -> str:
        codes = list(I.LANGS) + ([I.PSEUDO] if I.current == I.PSEUDO else [])
        opts = "".join(
            f'<option value="{c}"{" selected" if c == I.current else ""}>'
            f'{R.esc(I.LANGS.get(c, "[pseudo]"))}</option>' for c in codes)
        label = R.esc(_("Language"))
        return (f'<select class="lang-pick" data-lang aria-label="{label}" title="{label}">'
                f'{opts}</select>')

    def on_change(self, event: Any) -> None:
        t = event.target
        if t is not None and t.hasAttribute("data-lang"):
            self.change_language(str(t.value))
            return
        if t is None or self.match is not None:
            if t is not None and t.hasAttribute("data-speed") and self.match is not None:
                self.speed = str(t.value)
                self.save()
            return
        if (t.hasAttribute("data-opt") or t.id == "opt-seed" or t.hasAttribute("data-speed")
                or t.hasAttribute("data-level")):
            self.read_lobby()
            self.save()

    def on_click(self, event: Any) -> None:
        target = event.target
        if target is None or not hasattr(target, "closest"):
            return
        node = target.closest("[data-game-choice],[data-start],[data-card],[data-move],[data-action]")
        if not found(node):  # a click outside any control: on the felt, it ends a trick's show
            if self.lingering and found(target.closest("#felt")):
                self.tap()
            return
        ds = node.dataset
        if node.hasAttribute("data-game-choice"):
            self.read_lobby()
            self.selected = str(ds.gameChoice)
            self.players = ""
            self.show_lobby()
            self.save()
        elif node.hasAttribute("data-start"):
            self.read_lobby()
            if self.paused is not None and not self.paused.match.is_over:
                self.ask_leave(_("Start a new match?"), _("Your match in progress will be lost."),
                               _("Start the new match"), self.start_match, cancel=_("Cancel"))
            else:
                self.start_match()
        elif node.hasAttribute("data-card"):
            self.click_card(str(ds.card))
        elif node.hasAttribute("data-move"):
            if node.disabled:
                return
            self.click_move(str(ds.move))
        elif node.hasAttribute("data-action"):
            self.action(str(ds.action), node)

    def action(self, what: str, node: Any = None) -> None:
        m = self.match
        if what in REVIEW_ACTIONS:
            self.review(what, node)
            return
        if what == "undo":
            if self.overlay is None:
                self.undo()
            return
        if what in ("check-play", "check-hint") and self.overlay == "check":
            move, self.check_move = self.check_move, None
            self.hide_overlay()
            if what == "check-play" and move is not None and self.human_can_act():
                self.play(move, checked=True)
            elif what == "check-hint" and self.check_ev is not None:
                self.show_hint(self.check_ev[1])
            return
        if what == "next" and m is not None:
            self.hide_overlay()
            self.cur = len(m.deals) - 1
            self.begin_deal()
            self.render()
            self.save()
            notice = m.rules.new_deal_notice(self.deal.view(0))
            if notice is not None:
                self.toast(notice.render(self.names(), catalog()))
            self.kick()
        elif what == "continue" and m is not None:
            self.show_match_over()
        elif what == "again" and m is not None:
            self.seed_text = ""
            self.start_match()
        elif what == "lobby":
            if self.in_progress():
                self.ask_leave(_("Leave the match?"), _("The match in progress will be lost."),
                               _("Leave the match"), self.leave)
            else:
                self.leave()
        elif what == "leave-confirm":
            go = self.leave_go
            self.hide_overlay()
            if go is not None:
                go()
        elif what == "leave-cancel":
            under = self.leave_under
            self.hide_overlay()
            if self.match is not None:
                self.back_to(under)
        elif what in ("restart", "step-prev", "step-next", "hint"):
            try:
                if what == "restart":
                    self.restart()
                elif what == "hint" and self.run is not None:  # a lesson's own hint
                    self.hint_text = self.run.hint()
                    self.render()
                elif what == "hint":  # the strong player's choice, with why
                    self.ask_hint()
                else:
                    self.step(1 if what == "step-next" else -1)
            except ValueError as exc:
                self.toast(self.error_text(exc))
        elif what == "resume":
            self.resume()
        elif what == "fresh-start":  # the lobby, as on a first visit
            self.hide_overlay()
            set_history("lobby", str(js.window.location.pathname))
            self.open_page("")
        elif what == "copy-save":
            asyncio.ensure_future(self.copy_save())
        elif what == "take-over":
            self.take_over()
        elif what == "rules":
            gi = self.gi(self.match.game if self.match else self.selected)
            self.show_overlay("rules", V.rules_sheet_html(gi))
        elif what == "close":
            if self.overlay in REVIEW:
                self.close_review()
                return
            self.hide_overlay()
            self.render()
            self.kick()
        elif what == "sound":
            set_sound(not sound_on())
            self.say(_("Sound on.") if sound_on() else _("Sound off."))
            self.render()
        elif what == "speed":
            order = [k for k, _name in V.SPEEDS]
            self.speed = order[(order.index(self.speed) + 1) % len(order)]
            self.render()
            self.save()

    def toast(self, text: str) -> None:
        t = el("toast")
        t.textContent = text
        t.dataset.reason = text
        t.classList.remove("show")
        _width = t.offsetWidth  # reading the layout restarts the animation
        t.classList.add("show")

    def clear_toast(self) -> None:
        """No message of an earlier game is left on screen or for a screen reader."""
        t = el("toast")
        t.classList.remove("show")
        t.textContent = ""
        t.removeAttribute("data-reason")

    def legal_now(self) -> list[str]:
        return self.deal.legal_moves() if self.human_can_act() else []

    def multi(self) -> bool:
        return TV.multi(self.match, self.cur) if self.match is not None else False

    def click_card(self, card: str) -> None:
        if self.match is None or self.overlay is not None:
            return
        d = self.deal
        if not self.human_can_act():
            if d.phase != "over" and d.to_move != 0:
                self.toast(_("Wait for your turn."))
            return
        legal = d.legal_moves()
        if self.multi():
            if card in self.selection:
                self.selection.remove(card)
                self.render()
                return
            if card in TV.candidate_cards(legal, self.selection):
                self.selection.append(card)
                self.render()
                return
            reason = self.reason(card) if not self.selection else None
            self.toast(reason or _("That card cannot join the cards you selected."))
            return
        if card in legal or self.run is not None:  # a lesson answers every card itself
            self.play(card)
            return
        reason = self.reason(card)
        self.toast(reason or _("You cannot play that card now."))

    def reason(self, move: str) -> str | None:
        """Why the human may not play `move` now, in a sentence that names the seats."""
        why = self.deal.illegal_reason(move)
        return None if why is None else why.render(self.names(), catalog())

    def click_move(self, move: str) -> None:
        if not self.human_can_act():
            return
        legal = self.deal.legal_moves()
        if move == "confirm":
            m = TV.selection_move(legal, self.selection)
            if m is None:
                self.toast(_("Select one card, or three of one suit (as many as were led)."))
                return
            self.play(m)
            return
        if move in legal or self.run is not None:
            self.play(move)
        else:
            self.toast(self.reason(move) or _("Not now."))

    # ------------------------------------------------------------------------------- playing
    def checker_on(self) -> bool:
        return (display_settings().get("checker", False) and self.run is None
                and self.embed is None)

    def prefetch_check(self) -> None:
        """With the play checker on, the search rates the player's moves as soon as the turn
        comes (in the worker), so the check costs no wait when the card is played."""
        if not self.checker_on() or self.brain.broken is not None or self.match is None:
            return
        seq, token = self.seq, self.token

        async def run() -> None:
            try:
                raw = await self.brain.evaluate(json.dumps(self.match.record()), HINT_LEVEL,
                                                int(self.match.seed or 0))
                ev = H.parse(json.loads(raw))
            except Exception:  # noqa: BLE001 (no check this turn; play is never blocked)
                return
            if token == self.token and seq == self.seq:
                self.check_ev = (seq, ev)

        asyncio.ensure_future(run())

    def needs_check(self, move: str) -> dict[str, Any] | None:
        """The evaluation when `move` is clearly worse than the best (H.check_cost) and the
        checker is on; None otherwise (also while the evaluation is not ready)."""
        if not self.checker_on() or self.check_ev is None or self.check_ev[0] != self.seq:
            return None
        ev = self.check_ev[1]
        return ev if H.check_cost(ev, move) is not None else None

    def play(self, move: str, checked: bool = False) -> None:
        """Plays the human's move, then lets the computer continue (with the play checker on,
        a move the search rates clearly worse asks first)."""
        ev = None if checked else self.needs_check(move)
        if ev is not None:
            self.check_move = move
            cost = H.cost(ev, move) or 0.0
            self.show_overlay("check", V.check_html(
                R.move_label(move), H.amount(cost, str(ev["unit"])), _("Play it anyway"),
                _("Show the hint")))
            return
        self.timer_left = None
        self.selection = []
        self.away.discard(0)
        if self.bot_task is not None and not self.bot_task.done():
            # the trump timer, or (at Instant) the wait with the finished trick on show
            self.bot_task.cancel()
            self.bot_task = None  # cancelled is not yet done: kick() must start a new loop
        self.lingering = False  # the player's card ends the finished trick's show
        if self.run is not None:  # a lesson: right, wrong or illegal, said by the lesson
            self.lesson_try(move)
            return
        self.apply(move)
        if self.step_pos is not None:
            self.note_step(self.deal.moves[-1] if self.deal.moves else move)
        self.kick()

    def apply(self, move: str) -> None:
        m = self.match
        d = self.deal
        before = self.table_view()
        mover = d.to_move
        try:
            m.play(move)
        except ValueError as exc:
            self.toast(self.error_text(exc))
            self.render()
            return
        self.seq += 1
        self.hint = None  # a hint is for the position it was asked in
        # What the reader saw of the move: never the engine's truth (a card laid face down
        # stays face down on the felt, in the live region and in the parent's events).
        seen = seen_move(before, self.table_view(), -1 if mover is None else mover,
                         d.moves[-1] if d.moves else move)
        if mover is not None:
            self.move_events(seen, d)
            self.announce(mover, seen.move)
        self.sounds_after(move, d, seen.finished is not None)
        self.fresh = len(seen.trick) > 0
        if seen.finished is not None:
            self.last_trick = seen.finished
            self.say(SP.took_sentence(int(seen.finished["winner"]), self.names()))
            # At Instant the deal's last trick gives way to the summary at once (the summary
            # and "Last trick" show it); every other finished trick stays on show a while.
            self.lingering = not (self.speed == "0" and d.phase == "over")
            self.tapped.clear()  # a tap from now on ends this trick's show
            self.fresh = True
        self.render()
        self.save()
        if d.phase == "over" and not self.lingering:
            self.show_summary()

    def sounds_after(self, move: str, d: Any, finished: bool) -> None:
        """The sound of a move: a card laid, a trick taken (the trick's own chime), and at the
        deal's end whether it went well for the player's side (ui/sound.js; silent when off)."""
        if d.phase == "over" and d.result:
            delta = list(d.result.get("delta") or [])
            mine = delta[0] if delta and isinstance(delta[0], (int, float)) else 0
            lower = bool(self.gi(self.match.game).get("lower_total_wins"))
            sound("won" if (mine <= 0 if lower else mine > 0) else "lost")
        elif finished:
            sound("trick")
        elif any(R.is_card(t) for t in str(move).split()):
            sound("card")

    def kick(self) -> None:
        """Starts the computer-move loop (one per match)."""
        if self.run is not None or self.step_pos is not None:
            return  # a lesson's replies are scripted; step by step, the reader moves on
        if self.bot_task is not None and not self.bot_task.done():
            if self.bot_token == self.token:
                return
            # A previous match's loop still awaits its pause or the worker: it would only stop
            # there, and this match would get no loop at all.
            self.bot_task.cancel()
        self.bot_token = self.token
        self.bot_task = asyncio.ensure_future(self.bot_loop(self.token))

    async def bot_loop(self, token: int) -> None:
        pause, linger = PAUSES.get(self.speed, PAUSES["2"])
        drawn = False
        while token == self.token and self.match is not None:
            pause, linger = PAUSES.get(self.speed, PAUSES["2"])
            d = self.deal
            if self.lingering:
                # The finished trick is on show: for the speed's time (a tap on the felt cuts
                # it short), or at Instant until the player's next card or a tap.
                if self.human_can_act():
                    return  # Instant, the player is next: their card ends the show
                await self.wait_tap(linger if linger > 0 else None)
                if token != self.token:
                    return
                if not self.lingering:
                    continue  # the player's card ended it
                if linger > 0 and self.last_trick is not None:
                    # The winner collects the trick: a short slide towards their seat; the
                    # next computer's pause runs from here.
                    self.cleared_at = asyncio.get_event_loop().time()
                    pos = R.positions(self.match.players,
                                      self.info[self.match.game].get("direction", "right"))
                    winner = int(self.last_trick["winner"])
                    self.sweep_to(winner, pos[winner])
                    await asyncio.sleep(0.25)
                    if token != self.token:
                        return
                self.lingering = False
                self.fresh = False
                self.render()
                if d.phase == "over":
                    self.show_summary()
                    return
                continue
            if d.phase == "over" and self.overlay is None:
                self.show_summary()  # a deal can end as it starts (four Aces dealt to one hand)
                return
            if self.overlay is not None or d.phase == "over" or d.to_move is None:
                return
            if d.to_move in self.readers:
                if d.phase == "trump" and self.info[self.match.game]["trump_timer"]:
                    await self.trump_timer(token)
                    continue
                return
            if not drawn:
                # The frame showing what started the loop (the player's card, a new deal) is
                # drawn before a computer player's search takes the second core; then the
                # table is looked at again.
                drawn = True
                await next_frame()
                continue
            think = None
            if self.level != "easy" and self.brain.broken is None:
                think = asyncio.ensure_future(
                    self.brain.choose(self.record_json(), self.level, self.match.seed))
            # The pause counts from when the last trick began to clear: the computer "thinks"
            # while the trick slides away.
            since = asyncio.get_event_loop().time() - self.cleared_at
            await asyncio.sleep(max(0.0, pause - since) if since < pause else pause)
            move = None
            if think is not None:
                try:
                    move = await think
                except Exception:  # noqa: BLE001 (the worker failed: the baseline plays)
                    self.toast(_("The stronger computer players could not start; the simple "
                                 "ones play instead."))
            if token != self.token or self.overlay is not None:
                return
            d = self.deal
            if d.phase == "over" or d.to_move in (None, 0):
                continue
            if move is None or move not in d.legal_moves():
                move = engine.bots.choose(d, d.to_move, self.bot_rng())
            self.apply(move)
            await next_frame()

    async def trump_timer(self, token: int) -> None:
        """The human names trump on the game's `trump_timer`; on time-out the computer picks."""
        self.timer_left = int(self.info[self.match.game]["trump_timer"])
        self.render()
        d = self.deal
        while token == self.token and d.phase == "trump" and d.to_move == 0:
            await asyncio.sleep(1)
            if token != self.token or self.deal is not d or d.phase != "trump" or d.to_move != 0:
                break
            if self.overlay is not None:
                continue
            self.timer_left = (self.timer_left or 1) - 1
            if self.timer_left <= 0:
                self.away.add(0)
                self.timer_left = None
                self.toast(_("Time is up: the computer named trump for you (you are marked "
                             "away)."))
                self.apply(engine.bots.choose(d, 0, self.bot_rng()))
                break
            t = doc().querySelector("[data-timer]")
            if found(t):
                t.textContent = _("{n}s").format(n=self.timer_left)
        self.timer_left = None

    # ------------------------------------------------------------------------------- review
    def review(self, what: str, node: Any) -> None:
        """The last trick, the score sheet and the hand replay: sheets over the table (or over
        the deal summary or the match result, where they return on close)."""
        m = self.match
        if m is None:
            return
        names = self.names()
        pos = R.positions(m.players, self.info[m.game].get("direction", "right"))
        if self.overlay not in REVIEW:
            if self.overlay not in (None, "summary", "over"):
                return  # a dialog (rules, leave, restore) is open
            self.review_under = self.overlay
        if what == "last-trick":
            tricks = self.deal.view(0).get("tricks") or []
            if not tricks:
                self.toast(_("No trick has been played yet in this deal."))
                return
            self.show_overlay("last-trick", RV.last_trick_html(tricks[-1], pos, names,
                                                               len(tricks)))
        elif what == "score-sheet":
            self.show_overlay("scores", RV.score_sheet_html(m, names))
            self.mark_practice()
        elif what == "review":
            index = self.cur
            if not 0 <= index < len(m.deals) or m.deals[index].phase != "over":
                self.toast(_("A deal can be reviewed when it is over."))
                return
            title = self.gi(m.game)["title"]
            done = self.reviewed
            if done is not None and done[0] == self.token and done[1] == index:
                self.show_overlay("deal-review", RV.deal_review_html(done[2], hint_label, title))
                return
            self.show_overlay("deal-review", RV.deal_review_html(None, hint_label, title))
            asyncio.ensure_future(self.review_task(index, self.token, title))
        elif what == "replay":
            raw = str(node.dataset.deal) if node is not None and found(node) else ""
            index = int(raw) if raw.isdigit() else -1
            if not 0 <= index < len(m.deals) or m.deals[index].phase != "over":
                self.toast(_("That deal cannot be replayed."))
                return
            raw_step = (str(node.getAttribute("data-step"))
                        if node is not None and found(node) and node.hasAttribute("data-step")
                        else "")
            done = self.reviewed
            self.replay_verdicts = (
                RV.replay_verdicts(done[2])
                if self.overlay == "deal-review" and done is not None and done[0] == self.token
                and done[1] == index else None)
            self.replay = RV.deal_replay(m, index)
            last = max(0, self.replay.steps - 1)
            self.replay_step = min(int(raw_step), last) if raw_step.isdigit() else 0
            self.show_replay(pos, names)
        elif what in ("replay-next", "replay-prev") and self.replay is not None:
            last = max(0, self.replay.steps - 1)
            step = self.replay_step + (1 if what == "replay-next" else -1)
            self.replay_step = min(max(step, 0), last)
            self.show_replay(pos, names)
            pressed = el("overlay").querySelector(f'[data-action="{what}"]:not([disabled])')
            if found(pressed):
                pressed.focus()
        self.save()

    def show_replay(self, pos: list[str], names: list[str]) -> None:
        """The replay's current trick (with the review's verdicts when opened from it)."""
        if self.replay is None:
            return
        self.show_overlay("replay", RV.replay_html(self.replay, self.replay_step, pos, names,
                                                   self.replay_verdicts, hint_label))

    def ask_hint(self) -> None:
        """The hint: the worker's search (the computer players' own, from the player's
        observation) rates the player's moves; the one it chooses is marked (`data-hint`) and
        a line says why. One at a time; an answer for a position already gone is dropped."""
        if self.match is None or self.overlay is not None:
            return
        if not self.human_can_act() or self.deal.to_move != 0:
            self.toast(_("A hint is for your turn: wait for it."))
            return
        if self.hint_busy:
            self.toast(_("The hint is on its way…"))
            return
        if self.brain.broken is not None:
            self.toast(_("Hints are not available: the strong computer player could not "
                         "start in this browser."))
            return
        self.hint_busy = True
        self.render_hint_button()
        asyncio.ensure_future(self.hint_task(self.seq, self.token))

    async def hint_task(self, seq: int, token: int) -> None:
        record = json.dumps(self.match.record())
        try:
            raw = await self.brain.evaluate(record, HINT_LEVEL, int(self.match.seed or 0))
            ev = H.parse(json.loads(raw))
        except Exception as exc:  # noqa: BLE001 (the worker failed or answered nonsense)
            self.hint_busy = False
            if token == self.token:
                self.toast(_("No hint could be worked out ({reason}).").format(reason=exc))
                self.render_hint_button()
            return
        self.hint_busy = False
        if token != self.token or seq != self.seq or not self.human_can_act():
            self.render_hint_button()
            return  # the position has moved on: this answer is not for it
        self.show_hint(ev)

    def show_hint(self, ev: dict[str, Any]) -> None:
        """Marks the evaluation's choice and says why; the match becomes practice."""
        self.match.practice = True
        self.hint = ev
        self.render()
        text = H.reason(ev, hint_label)
        self.toast(text)
        self.say(text)
        self.save()

    async def review_task(self, index: int, token: int, title: str) -> None:
        """The deal's review, worked out in the worker (engine.teacher.review_deal), shown when
        it is ready if the review sheet is still open."""
        error = None
        review = None
        try:
            if self.brain.broken is not None:
                raise RuntimeError(self.brain.broken)
            raw = await self.brain.evaluate(json.dumps(self.match.record()), "review",
                                            index, kind="review")
            review = json.loads(raw)
            if not isinstance(review, dict) or not isinstance(review.get("decisions"), list):
                raise TypeError("the review is not readable")
        except Exception as exc:  # noqa: BLE001 (the page goes on; the sheet says why)
            error = _("The review is not available ({reason}).").format(reason=exc)
            review = None
        if review is not None:
            self.reviewed = (token, index, review)
        if token != self.token or self.overlay != "deal-review":
            return
        self.show_overlay("deal-review", RV.deal_review_html(review, hint_label, title, error))

    def render_hint_button(self) -> None:
        node = doc().querySelector('#bar [data-action="hint"]')
        if found(node):
            node.setAttribute("aria-busy", "true" if self.hint_busy else "false")

    def mark_hint(self) -> None:
        """Marks the hinted move's card(s) or panel button with `data-hint`."""
        ev = self.hint
        if ev is None:
            return
        move = str(ev["move"])
        nodes = list(doc().querySelectorAll(f'#panel [data-move="{R.esc(move)}"]'))
        for c in move.split():
            if R.is_card(c):
                nodes += list(doc().querySelectorAll(f'#hand [data-card="{c}"]'))
        for n in nodes:
            n.setAttribute("data-hint", "")
        self.unput("hand", "panel")  # the marks go with the next render

    def mark_practice(self) -> None:
        """On a summary or score sheet of a practice match (undo was used): says so."""
        if not getattr(self.match, "practice", False):
            return
        head = el("overlay").querySelector(".sheet h2")
        if not found(head):
            return
        note = doc().createElement("p")
        note.className = "practice"
        note.setAttribute("data-practice", "")
        note.textContent = _("Practice match: hints or take-backs were used.")
        head.after(note)

    def undo_point(self) -> int | None:
        """How many moves of the deal in progress stay when the player's last decision is
        taken back (with the computers' moves after it); None when there is none to take back
        (no decision of the player's yet in this deal, or the deal is over)."""
        m = self.match
        if m is None or self.run is not None or self.embed is not None:
            return None
        d = self.deal
        if d is None or d.phase == "over" or self.cur != len(m.deals) - 1:
            return None
        trial, moves = deal_start(m.record(), len(m.deals) - 1)
        keep = None
        for i, mv in enumerate(moves):
            if trial.deal.to_move == 0:
                keep = i
            trial.play(mv)
        return keep

    def undo(self) -> None:
        """Takes back the player's last decision and the computers' moves after it; the match
        is marked "practice" from then on (its summary and score sheet say so)."""
        keep = self.undo_point()
        if keep is None:
            self.toast(_("There is nothing of yours to take back in this deal."))
            return
        if self.bot_task is not None and not self.bot_task.done():
            self.bot_task.cancel()
        self.bot_task = None
        rec = self.match.record()
        last = rec["deals"][-1]
        rec["deals"][-1] = {**last, "moves": list(last.get("moves") or [])[:keep]}
        m = engine.replay(rec)
        m.practice = True
        self.token += 1
        self.hint = None
        self.match = m
        self.cur = len(m.deals) - 1
        self.selection = []
        self.lingering = False
        tricks = self.table_view().get("tricks") or []
        self.last_trick = tricks[-1] if tricks else None
        self.seq += 1
        self.was_turn = False  # the player's turn again: said, and focus on the hand
        self.say(_("Your last move is taken back."))
        self.render()
        self.save()
        self.kick()

    def close_review(self) -> None:
        """Back from a review sheet: a replay to the score sheet, else to what was under it."""
        if self.overlay == "replay":
            self.replay = None
            if self.replay_verdicts is not None:
                self.replay_verdicts = None
                self.review("review", None)
            else:
                self.review("score-sheet", None)
            return
        under, self.review_under = self.review_under, None
        self.hide_overlay()
        self.back_to(under)

    def back_to(self, under: str | None) -> None:
        """Shows again the sheet a dialog covered (the deal summary, the match result), or
        the table, where play goes on."""
        if under == "summary":
            self.show_summary()
        elif under == "over":
            self.show_match_over()
        else:
            self.render()
            self.kick()

    # ------------------------------------------------------------------------------- overlays
    def show_overlay(self, kind: str, html: str) -> None:
        if self.overlay is None:  # focus comes back here when the dialog closes
            self.focus_before = doc().activeElement
        self.overlay = kind
        ov = el("overlay")
        ov.innerHTML = html
        ov.hidden = False
        first = ov.querySelector("button")
        if found(first):
            first.focus()

    def hide_overlay(self) -> None:
        self.overlay = None
        self.leave_go = None
        ov = el("overlay")
        was_open = not ov.hidden
        ov.hidden = True
        ov.innerHTML = ""
        back = self.focus_before
        self.focus_before = None
        if was_open and back is not None and found(back):
            if not back.isConnected:  # the bar or hand was drawn again: the same control
                sel = control_selector(back)
                back = doc().querySelector(sel) if sel else None
            if back is not None and found(back):
                back.focus()

    def ask_leave(self, title: str, text: str, confirm: str, go: Callable[[], None],
                  cancel: str | None = None) -> None:
        """The in-page dialog before a match in progress is lost: `go` runs on "Leave"
        (`cancel` is the other button's text, "Keep playing" by default)."""
        cancel = cancel or _("Keep playing")
        under = self.leave_under if self.overlay == "leave" else self.overlay
        self.show_overlay("leave", (
            '<div class="sheet" data-leave role="alertdialog" aria-modal="true" '
            f'aria-labelledby="leave-title"><h2 id="leave-title">{R.esc(title)}</h2>'
            f'<p>{R.esc(text)}</p><div class="sheet-actions">'
            '<button type="button" class="btn primary" data-action="leave-cancel">'
            f'{R.esc(cancel)}</button><button type="button" class="btn" data-action="leave-confirm">'
            f'{R.esc(confirm)}</button></div></div>'))
        self.leave_go = go
        self.leave_under = under

    def show_summary(self) -> None:
        m = self.match
        d = self.deal
        gi = self.gi(m.game)
        names = self.names()
        lines = [x.render(names, catalog()) for x in m.rules.explain(d.result or {})]
        totals = self.totals_after(self.cur)
        html = V.summary_html(gi["score_labels"], gi["title"], self.cur + 1, d.result or {},
                              names, totals, gi.get("teams"),
                              m.is_over and self.cur == len(m.deals) - 1, lines)
        self.show_overlay("summary", html)
        self.mark_practice()
        head = el("overlay").querySelector("[data-summary] h2")
        self.say(" ".join([str(head.textContent) if found(head) else _("Deal over."), *lines]))
        self.save()

    def totals_after(self, index: int) -> list[Any]:
        return list(self.match.totals)

    def show_match_over(self) -> None:
        m = self.match
        gi = self.gi(m.game)
        html = V.match_over_html(gi["title"], self.names(), list(m.totals), list(m.winners),
                                 gi.get("teams"), 0 in m.winners or any(
                                     0 in t and any(w in t for w in m.winners)
                                     for t in (gi.get("teams") or [])),
                                 bool(gi.get("lower_total_wins")))
        self.show_overlay("over", html)
        self.save()

    # ------------------------------------------------------------------------------- saving
    def save(self) -> None:
        """Keeps where the page is in the browser's storage (ui/store.py), unless another tab
        wrote the save since this one last did: then this tab says so and stops writing.
        Saving never stops play: whatever goes wrong is a note."""
        if self.save_off or self.embed is not None:
            return  # a position or lesson on show never replaces the player's saved match
        try:
            self.write_save()
        except Exception as exc:  # noqa: BLE001
            self.note("storage", _("The match could not be saved ({reason}).").format(
                reason=exc))

    def write_save(self) -> None:
        if self.match is not None:
            under = self.leave_under if self.overlay == "leave" else self.overlay
            screen, m, cur, away = "table", self.match, self.cur, self.away
            if under in REVIEW:
                under = self.review_under
            overlay = under if under in ("summary", "over") else None
        elif self.paused is not None:
            p = self.paused
            screen, m, cur, away, overlay = "lobby", p.match, p.cur, p.away, p.overlay
        else:
            screen, m, cur, away, overlay = "lobby", None, 0, set(), None
        try:
            stored = read_key(S.KEY)
        except Exception:  # noqa: BLE001
            self.note("storage", _(STORAGE_OFF))
            return
        if S.written_since(stored, self.last_mark):
            self.save_off = True
            self.note("other-tab", _(OTHER_TAB))
            self.toast(_(OTHER_TAB))
            return
        n = S.next_n(stored, self.last_mark)
        text = S.Save(self.tab, n, screen, overlay, cur, sorted(away), self.settings(),
                      m.record() if m is not None else None,
                      practice=bool(getattr(m, "practice", False))).dumps()
        try:
            storage().setItem(S.KEY, text)
        except Exception:  # noqa: BLE001 (full, or refused: a quiet note, play goes on)
            self.note("storage", _(STORAGE_FULL))
            return
        self.last_mark = (self.tab, n)
        self.clear_note("storage")

    def take_over(self) -> None:
        """After another tab took the save: this tab loads it and keeps it from now on."""
        self.save_off = False
        self.clear_note()
        self.boot("")

    def keep_unreadable(self, text: str) -> None:
        """A save that cannot be restored moves to another key (for a bug report), so the
        page starts clean but nothing is deleted silently."""
        self.bad_save = text
        self.last_mark = None
        try:
            storage().setItem(S.BAD_KEY, text)
            storage().removeItem(S.KEY)
        except Exception:  # noqa: BLE001 (full: make room; the text stays in this page)
            with contextlib.suppress(Exception):
                storage().removeItem(S.KEY)
                storage().setItem(S.BAD_KEY, text)

    def show_unreadable(self, reason: str) -> None:
        """Says the saved match could not be restored (the reason may quote saved text: it is
        set as text), with a fresh start and the saved text to copy."""
        # (texts translated outside the f-strings: Babel does not look inside them)
        title = R.esc(_("Your saved match could not be restored"))
        saved_text = R.esc(_("The saved text"))
        fresh = R.esc(_("You can start fresh. The saved text is kept: copy it into a bug report "
                        "if you like."))
        start = R.esc(_("Start fresh"))
        copy = R.esc(_("Copy the saved text"))
        self.show_overlay("restore", (
            '<div class="sheet" data-restore-failed role="alertdialog" aria-modal="true" '
            'aria-labelledby="restore-title"><h2 id="restore-title">'
            f'{title}</h2><p data-reason></p>'
            f'<p>{fresh}</p>'
            f'<details><summary>{saved_text}</summary>'
            f'<textarea data-bad-save readonly rows="5" aria-label="{saved_text}" '
            'style="width:100%;font:12px/1.3 monospace"></textarea></details>'
            '<div class="sheet-actions"><button type="button" class="btn primary" '
            f'data-action="fresh-start">{start}</button>'
            '<button type="button" class="btn" data-action="copy-save">'
            f'{copy}</button></div></div>'))
        ov = el("overlay")
        ov.querySelector("[data-reason]").textContent = _("It could not be read: {reason}").format(
            reason=reason)
        ov.querySelector("[data-bad-save]").value = self.bad_save or ""

    async def copy_save(self) -> None:
        text = self.bad_save
        if text is None:
            with contextlib.suppress(Exception):
                text = read_key(S.BAD_KEY)
        if text is None:
            self.toast(_("There is no saved text to copy."))
            return
        copied = False
        with contextlib.suppress(Exception):  # no clipboard access: select it for the player
            await js.navigator.clipboard.writeText(text)
            copied = True
        if copied:
            self.toast(_("Copied the saved text."))
            return
        box = doc().querySelector("[data-bad-save]")
        if found(box):
            box.closest("details").open = True
            box.select()
            with contextlib.suppress(Exception):
                if doc().execCommand("copy"):
                    self.toast(_("Copied the saved text."))
                    return
        self.toast(_("Select the saved text and copy it."))

    def make_note(self) -> None:
        """A line at the top of the page for what happens to the save (full storage, another
        tab); quiet, and it never stops play."""
        n = doc().createElement("p")
        n.id = "save-note"
        n.setAttribute("role", "status")
        n.hidden = True
        el("app").prepend(n)

    def note(self, kind: str, text: str) -> None:
        n = el("save-note")
        n.dataset.note = kind
        n.textContent = text
        if kind == "other-tab":
            n.className = "lobby-msg"
            n.style.cssText = "margin:8px;text-align:center"
            b = doc().createElement("button")
            b.type = "button"
            b.className = "btn small"
            b.dataset.action = "take-over"
            b.textContent = _("Play on here")
            b.style.marginLeft = "10px"
            n.append(b)
        else:
            n.className = ""
            n.style.cssText = ("margin:0;padding:4px 12px;text-align:center;font-size:.85rem;"
                               "color:var(--muted)")
        n.hidden = False

    def clear_note(self, kind: str | None = None) -> None:
        n = el("save-note")
        if n is not None and (kind is None or n.getAttribute("data-note") == kind):
            n.hidden = True
            n.textContent = ""
            n.removeAttribute("data-note")

    # ------------------------------------------------------------------------------- render
    def render(self) -> None:
        active = doc().activeElement
        keep = control_selector(active) if found(active) and el("table").contains(active) else None
        self.draw_table()
        if self.hint is not None and self.human_can_act():
            self.mark_hint()
        if keep is not None:
            active = doc().activeElement
            if not found(active) or active == doc().body or not active.isConnected:
                again = doc().querySelector(keep)
                if found(again):
                    again.focus()
        turn = self.human_can_act() and self.overlay is None
        if turn:
            self.focus_hand(new_turn=not self.was_turn)
            if not self.was_turn:
                self.say_turn()
                self.prefetch_check()
                sound("turn")
        self.was_turn = turn
        felt = el("felt")
        if self.waiting_for_tap():  # the keyboard's way on: Enter on the felt
            if felt.getAttribute("tabindex") != "0":
                felt.setAttribute("tabindex", "0")
                felt.setAttribute("role", "button")
                felt.setAttribute("aria-label", _("Tap the table to go on."))
                felt.focus()
        elif felt.hasAttribute("tabindex"):
            for attr in ("tabindex", "role", "aria-label"):
                felt.removeAttribute(attr)

    def table_ui(self) -> TV.Ui:
        """The table's own state, for its view model (ui/table_view.py)."""
        run = self.run
        return TV.Ui(
            readers=frozenset(self.readers), open_view=self.open_view, speed=self.speed,
            overlay=self.overlay is not None, lingering=self.lingering,
            last_trick=self.last_trick, fresh=self.fresh, selection=tuple(self.selection),
            timer_left=self.timer_left, away=frozenset(self.away), lesson=run is not None,
            lesson_done=run is not None and run.done,
            lesson_hint=bool(run is not None and run.step is not None and run.step.hint),
            embed=self.embed is not None, embedded=bool(self.embed and self.embed.embed),
            step=((self.step_pos, len(self.script),
                   self.match.is_over if self.match is not None else True)
                  if self.step_pos is not None else None),
            sound_on=sound_on(), lang_html=self.lang_select_html())

    def table_model(self) -> TV.Model:
        return TV.model(self.match, self.cur, self.table_ui(), self.gi(self.match.game),
                        self.names())

    def draw_table(self) -> None:
        m = self.match
        if m is None:
            return
        d = self.deal
        model = self.table_model()
        gi = model.gi
        can = model.can
        table = el("table")
        ds = table.dataset
        ds.game = m.game
        ds.phase = d.phase
        ds.toMove = "" if d.to_move is None else str(d.to_move)
        ds.players = str(m.players)
        # the game's home language, for the regional indices (style.css; docs/deck.md)
        doc().documentElement.dataset.home = str(gi.get("home_language") or "")
        if gi["multi_card_plays"]:
            ds.sets = "1"  # plays of several cards: the trick is laid out wider (style.css)
        else:
            table.removeAttribute("data-sets")
        ds.deal = str(self.cur + 1)
        ds.seq = str(self.seq)
        # A new deal's first look: the cards are dealt in (style.css, at most 300 ms), unless
        # at Instant or under reduced motion.
        start = (self.token, self.cur)
        if start != self.dealt_shown:
            self.unput()  # a new deal or match: every part is drawn afresh
        if start != self.dealt_shown and not d.moves and self.moving():
            ds.dealing = "1"
        else:
            table.removeAttribute("data-dealing")
        self.dealt_shown = start
        if can:
            ds.input = "1"
            if not self.input_marked:  # the first moment a card can be played (benchmarks)
                self.input_marked = True
                with contextlib.suppress(Exception):
                    js.performance.mark("tt:input")
        else:
            table.removeAttribute("data-input")
        if model.tap:
            ds.tap = "1"  # a hook for tests: the finished trick waits for a tap on the felt
        else:
            table.removeAttribute("data-tap")
        html = TV.parts(model)
        self.put("bar", html["bar"])
        self.put("seats", html["seats"])
        self.fresh = False  # the fly-in animation plays once
        trick = el("trick")
        trick.className = ""
        trick.style.removeProperty("--sx")
        trick.style.removeProperty("--sy")
        trick.setAttribute("role", "list")
        trick.setAttribute("aria-label", _("The trick"))
        el("hand").setAttribute("role", "group")
        el("hand").setAttribute("aria-label", _("Your hand"))
        flying = self.put("trick", html["trick"])
        self.put_panel(html["panel"], (self.token, self.cur, str(d.phase)))
        el("status").textContent = TV.status(model)
        self.put("hand", html["hand"])
        el("hand").dataset.count = str(len(model.hand))
        self.put("open-hands", html["open-hands"])
        el("open-hands").setAttribute("aria-label", _("The other hands"))
        el("open-hands").hidden = not html["open-hands"]
        self.draw_lesson()
        if flying:  # measured once every part is written: one layout for the move, not two
            self.fly_in()

    def put_panel(self, panel: str, phase: tuple[int, int, str]) -> None:
        """Sets the panel under the felt. Once it has shown in a deal's phase, its place stays
        (empty, as tall as it was) until the phase ends: the felt keeps its size between the
        player's turns, so the table is not laid out and painted afresh twice a trick."""
        p = el("panel")
        if not panel and self.panel_kept == phase and not p.hidden:
            if not p.hasAttribute("data-idle"):
                # measured once a phase, while it still holds its buttons
                p.style.minHeight = f"{p.offsetHeight}px"
                p.dataset.idle = "1"
        else:
            if self.panel_kept != phase:  # a new phase: the kept place goes with the old one
                p.style.removeProperty("min-height")
            p.removeAttribute("data-idle")
            self.panel_kept = phase if panel else None
            p.hidden = not panel
        self.put("panel", panel)

    def put(self, key: str, html: str) -> bool:
        """Sets the table part `key` (an element id) to `html` unless it shows that already:
        a move re-renders only what it changed, so the browser lays out and paints less (no
        frame over 50 ms while the cards move). Whatever changes a part's DOM after it was put
        (a hint's mark, a seat's pulse) calls `unput`. True when the part was set."""
        if self.shown_html.get(key) == html:
            return False
        el(key).innerHTML = html
        self.shown_html[key] = html
        return True

    def unput(self, *keys: str) -> None:
        """The parts `keys` are set again at the next render, whatever they hold."""
        for key in keys or tuple(self.shown_html):
            self.shown_html.pop(key, None)

    def moving(self) -> bool:
        """Whether the table moves: not at Instant, nor when the system asks for reduced
        motion."""
        if self.speed == "0":
            return False
        with contextlib.suppress(Exception):
            return not bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        return True

    def seat_centre(self, seat: int) -> tuple[float, float] | None:
        """Where a seat is on screen (the player's: the top of the hand)."""
        node = (doc().querySelector("#hand") if seat == 0
                else doc().querySelector(f'#seats .seat[data-seat="{seat}"] .plate'))
        if not found(node):
            return None
        r = node.getBoundingClientRect()
        if r.width == 0 and r.height == 0:
            return None
        return (r.left + r.width / 2, r.top + (min(r.height, 60) / 2 if seat == 0
                                               else r.height / 2))

    def fly_in(self) -> None:
        """The card just played comes from the seat that played it: its start is measured
        from the seat's place on screen (at most 300 ms, style.css `fly`); at Instant and
        under reduced motion it is simply there."""
        node = el("trick").querySelector(".play.fresh")
        if not found(node):
            return
        node.classList.remove("fresh")
        if not self.moving():
            return
        raw = str(node.getAttribute("data-play-seat") or "")
        src = self.seat_centre(int(raw)) if raw.isdigit() else None
        if src is not None:
            r = node.getBoundingClientRect()  # the resting place (no animation yet)
            node.style.setProperty("--fx", f"{src[0] - (r.left + r.width / 2):.0f}px")
            node.style.setProperty("--fy", f"{src[1] - (r.top + r.height / 2):.0f}px")
        node.classList.add("fresh")

    def sweep_to(self, winner: int, side: str) -> None:
        """The finished trick slides to the winner's seat and the seat pulses (style.css
        `sweep`, `pulse`: 240 and 300 ms)."""
        trick = el("trick")
        dest = self.seat_centre(winner)
        if dest is not None:
            r = trick.getBoundingClientRect()
            trick.style.setProperty("--sx", f"{dest[0] - (r.left + r.width / 2):.0f}px")
            trick.style.setProperty("--sy", f"{dest[1] - (r.top + r.height / 2):.0f}px")
        trick.className = f"sweep to-{side}"
        seat = doc().querySelector(f'#seats .seat[data-seat="{winner}"]')
        if found(seat):
            seat.classList.add("pulse")
            self.unput("seats")


APP: App | None = None


def main() -> None:
    global APP
    APP = App()
    APP.start()
