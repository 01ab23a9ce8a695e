"""The page: turns clicks into engine moves and engine state into DOM.

One click listener on the document reads `data-*` attributes of what was clicked (elements are
re-rendered freely, so nothing binds to them).

Computer players: the baseline ("easy", engine.bots) takes about 0.1 ms a move under Pyodide
(worst case measured 4 ms), so it runs on the main thread between `asyncio.sleep` pauses. The
sampling players ("normal", "strong", engine.ai) take 10-400 ms a decision, which would freeze
the page, so they run in a module worker (ui/ai_worker.js) with its own Pyodide; the page awaits
the answer while the visible pause runs. If the worker cannot start, the baseline plays.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from typing import Any
from urllib.parse import urlencode

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

import engine
import engine.ai

from . import render as R
from . import views as V

# Pause before a computer move and the time a finished trick stays on the table (seconds).
PAUSES = {"0": (0.0, 0.0), "1": (0.25, 0.6), "2": (0.6, 1.1), "3": (1.1, 1.8)}
UI_PARAMS = {"game", "seed", "speed", "players", "level"}
TIMES_KEPT = 1000  # worker round trips kept for window.__tt_ai_times


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

    def on_message(self, event: Any) -> None:
        data = event.data
        fut = self.pending.pop(int(data.id), None) if str(data.id) != "ping" else None
        if fut is None or fut.done():
            return
        err = getattr(data, "error", None)
        if err is not None:
            fut.set_exception(RuntimeError(str(err)))
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

    async def choose(self, record_json: str, level: str, seed: int) -> str:
        self.start()
        if self.broken is not None:
            raise RuntimeError(self.broken)
        self.n += 1
        fut: asyncio.Future[str] = asyncio.get_event_loop().create_future()
        self.pending[self.n] = fut
        t0 = js.performance.now()
        self.worker.postMessage(to_js({"id": self.n, "record": record_json, "level": level,
                                       "seed": seed}, dict_converter=js.Object.fromEntries))
        move = await fut
        self.times.append({"ms": js.performance.now() - t0, "record": record_json,
                           "level": level, "seed": seed, "move": move})
        del self.times[:-TIMES_KEPT]
        return move


def doc() -> Any:
    return js.document


def el(id_: str) -> Any:
    return js.document.getElementById(id_)


class App:
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
        self.last_trick: dict[str, Any] | None = None
        self.fresh = False
        self.selection: list[str] = []
        self.overlay: str | None = None  # "summary" | "over" | "rules"
        self.bot_rng = random.Random(0)
        self.bot_task: Any = None
        self.bot_token = -1  # the match token the running bot_task serves
        self.timer_left: int | None = None
        self.away: set[int] = set()
        self._proxies: list[Any] = []
        self.seq = 0  # bumps on every move played (a hook for tests: data-seq)
        self.levels = dict(engine.ai.LEVELS)
        self.level = engine.ai.DEFAULT_LEVEL
        self.brain = Brain()

    # ------------------------------------------------------------------------------- setup
    def start(self) -> None:
        click = create_proxy(self.on_click)
        change = create_proxy(self.on_change)
        self._proxies += [click, change]
        doc().addEventListener("click", click)
        doc().addEventListener("change", change)
        for name, fn in (("__tt_record", self.record_json), ("__tt_reset", self.reset),
                         ("__tt_state", self.state_json), ("__tt_ai_times", self.ai_times),
                         ("__tt_think", self.think_for_human)):
            p = create_proxy(fn)
            self._proxies.append(p)
            js.Reflect.set(js.window, name, p)  # setattr skips dunder-like names
        self.reset(str(js.window.location.search))
        el("splash").hidden = True
        js.Reflect.set(js.window, "__tt_ready_at", js.performance.now())
        doc().documentElement.dataset.ready = "1"
        asyncio.ensure_future(self.prewarm())

    async def prewarm(self) -> None:
        """Boots the search players' worker shortly after the lobby shows, so the first
        computer move of a match does not wait for it."""
        await asyncio.sleep(1.5)
        if self.level != "easy":
            self.brain.start()

    def reset(self, query: str = "") -> None:
        """Start over as if the page had been loaded with `?query` (tests use this)."""
        self.token += 1
        self.match = None
        self.overlay = None
        self.hide_overlay()
        self.clear_toast()
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
                errors.append(f"Speed must be 0, 1, 2 or 3, not “{raw['speed']}”.")
        if "level" in raw:
            if raw["level"] in self.levels:
                self.level = raw["level"]
            else:
                errors.append(f"The computer level must be one of {', '.join(self.levels)}, "
                              f"not “{raw['level']}”.")
        self.seed_text = ""
        if "seed" in raw:
            if raw["seed"].strip().lstrip("-").isdigit():
                self.seed_text = raw["seed"].strip()
            else:
                errors.append(f"The seed must be a whole number, not “{raw['seed']}”.")
        opts = {k: v for k, v in raw.items() if k not in UI_PARAMS}
        if game is not None and game not in self.games:
            errors.append(f"Unknown game “{game}”. Pick one of the games below.")
            game = None
        elif game is None and opts:
            errors.append("Table options need a game: add game=… to the address.")
        if game is not None:
            self.selected = game
            self.players = raw.get("players", "")
            if self.players:
                allowed = [str(n) for n in self.info[game]["players"]]
                if self.players not in allowed:
                    errors.append(f"{self.info[game]['title']} is for {', '.join(allowed)} players, "
                                  f"not “{self.players}”.")
                    self.players = ""
            try:
                parsed = engine.parse_options(game, opts)
                self.values[game] = {k: str(v) for k, v in parsed.items()}
            except ValueError as exc:
                errors.append(f"Bad table option: {exc}")
        self.show_lobby()
        if errors:
            msg = el("lobby-msg")
            msg.textContent = " ".join(errors)  # URL text: never HTML
            msg.hidden = False
        elif game is not None:
            self.start_match()

    # ------------------------------------------------------------------------------- lobby
    def show_lobby(self) -> None:
        self.token += 1
        self.match = None
        el("table").hidden = True
        self.hide_overlay()
        lobby = el("lobby")
        lobby.innerHTML = V.lobby_html(self.games, self.info, self.selected,
                                       self.values.get(self.selected, {}), self.players,
                                       self.seed_text, self.speed, self.levels, self.level)
        lobby.hidden = False
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
        if seed is not None:
            self.seed_text = str(seed.value).strip()
        sp = doc().querySelector("[data-speed]")
        if sp is not None:
            self.speed = str(sp.value)
        lv = doc().querySelector("[data-level]")
        if lv is not None:
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
        except ValueError as exc:
            self.lobby_error(f"Cannot start: {exc}")
            return
        self.token += 1
        self.hide_overlay()
        self.share_url(opts)
        self.bot_rng = random.Random(f"bots:{self.match.seed}")
        self.cur = 0
        self.away = set()
        if self.level != "easy":
            self.brain.start()  # loads while the cards are dealt
        self.begin_deal()
        el("lobby").hidden = True
        el("table").hidden = False
        js.window.scrollTo(0, 0)
        self.render()
        self.kick()

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
        with contextlib.suppress(Exception):  # some embeds forbid history changes
            js.window.history.replaceState(None, "", "?" + urlencode(q))

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

    def human_can_act(self) -> bool:
        return (self.match is not None and self.overlay is None and not self.lingering
                and self.deal.phase != "over" and self.deal.to_move == 0)

    def names(self) -> list[str]:
        return R.seat_names(self.info[self.match.game]["seat_names"], self.match.players)

    def record_json(self) -> str:
        return json.dumps(self.match.record()) if self.match is not None else "null"

    def state_json(self) -> str:
        brain = {"level": self.level, "worker": self.brain.worker is not None,
                 "broken": self.brain.broken, "answers": self.brain.answers}
        if self.match is None:
            return json.dumps({"screen": "lobby", "ai": brain})
        d = self.deal
        return json.dumps({"screen": "table", "game": self.match.game, "seed": self.match.seed,
                           "deal": self.cur, "phase": d.phase, "to_move": d.to_move,
                           "overlay": self.overlay, "match_over": self.match.is_over,
                           "ai": brain})

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
    def on_change(self, event: Any) -> None:
        t = event.target
        if t is None or self.match is not None:
            if t is not None and t.hasAttribute("data-speed") and self.match is not None:
                self.speed = str(t.value)
            return
        if (t.hasAttribute("data-opt") or t.id == "opt-seed" or t.hasAttribute("data-speed")
                or t.hasAttribute("data-level")):
            self.read_lobby()

    def on_click(self, event: Any) -> None:
        target = event.target
        if target is None or not hasattr(target, "closest"):
            return
        node = target.closest("[data-game-choice],[data-start],[data-card],[data-move],[data-action]")
        if node is None:
            return
        ds = node.dataset
        if node.hasAttribute("data-game-choice"):
            self.read_lobby()
            self.selected = str(ds.gameChoice)
            self.players = ""
            self.show_lobby()
        elif node.hasAttribute("data-start"):
            self.read_lobby()
            self.start_match()
        elif node.hasAttribute("data-card"):
            self.click_card(str(ds.card))
        elif node.hasAttribute("data-move"):
            if node.disabled:
                return
            self.click_move(str(ds.move))
        elif node.hasAttribute("data-action"):
            self.action(str(ds.action))

    def action(self, what: str) -> None:
        m = self.match
        if what == "next" and m is not None:
            self.hide_overlay()
            self.cur = len(m.deals) - 1
            self.begin_deal()
            self.render()
            notice = m.rules.new_deal_notice(self.deal.view(0))
            if notice is not None:
                self.toast(notice.render(self.names()))
            self.kick()
        elif what == "continue" and m is not None:
            self.show_match_over()
        elif what == "again" and m is not None:
            self.seed_text = ""
            self.start_match()
        elif what == "lobby":
            js.window.history.replaceState(None, "", js.window.location.pathname)
            self.show_lobby()
        elif what == "rules":
            gi = self.info[self.match.game if self.match else self.selected]
            self.show_overlay("rules", V.rules_sheet_html(gi))
        elif what == "close":
            self.hide_overlay()
            self.render()
            self.kick()
        elif what == "speed":
            order = [k for k, _ in V.SPEEDS]
            self.speed = order[(order.index(self.speed) + 1) % len(order)]
            self.render()

    def toast(self, text: str) -> None:
        t = el("toast")
        t.textContent = text
        t.dataset.reason = text
        t.classList.remove("show")
        _ = t.offsetWidth  # reading the layout restarts the animation
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
        """Plays of several cards (the game's `multi_card_plays`): select cards, then confirm."""
        return (self.match is not None and bool(self.info[self.match.game]["multi_card_plays"])
                and self.deal.phase == "play")

    def candidate_cards(self, legal: list[str]) -> set[str]:
        """Cards that can join the current selection on the way to a legal play."""
        sel = set(self.selection)
        out: set[str] = set()
        for m in legal:
            if not R.is_card_move(m):
                continue
            cards = m.split()
            if sel <= set(cards):
                out.update(c for c in cards if c not in sel)
        return out

    def selection_move(self, legal: list[str]) -> str | None:
        sel = set(self.selection)
        for m in legal:
            if R.is_card_move(m) and set(m.split()) == sel and len(m.split()) == len(sel):
                return m
        return None

    def click_card(self, card: str) -> None:
        if self.match is None or self.overlay is not None:
            return
        d = self.deal
        if not self.human_can_act():
            if d.phase != "over" and d.to_move != 0:
                self.toast("Wait for your turn.")
            return
        legal = d.legal_moves()
        if self.multi():
            if card in self.selection:
                self.selection.remove(card)
                self.render()
                return
            if card in self.candidate_cards(legal):
                self.selection.append(card)
                self.render()
                return
            reason = self.reason(card) if not self.selection else None
            self.toast(reason or "That card cannot join the cards you selected.")
            return
        if card in legal:
            self.play(card)
            return
        reason = self.reason(card)
        self.toast(reason or "You cannot play that card now.")

    def reason(self, move: str) -> str | None:
        """Why the human may not play `move` now, in a sentence that names the seats."""
        why = self.deal.illegal_reason(move)
        return None if why is None else why.render(self.names())

    def click_move(self, move: str) -> None:
        if not self.human_can_act():
            return
        legal = self.deal.legal_moves()
        if move == "confirm":
            m = self.selection_move(legal)
            if m is None:
                self.toast("Select one card, or three of one suit (as many as were led).")
                return
            self.play(m)
            return
        if move in legal:
            self.play(move)
        else:
            self.toast(self.reason(move) or "Not now.")

    # ------------------------------------------------------------------------------- playing
    def play(self, move: str) -> None:
        """Plays the human's move, then lets the computer continue."""
        self.timer_left = None
        self.selection = []
        self.away.discard(0)
        if self.bot_task is not None and not self.bot_task.done():
            self.bot_task.cancel()  # only the trump timer can be waiting while the human acts
        self.apply(move)
        self.kick()

    def apply(self, move: str) -> None:
        m = self.match
        d = self.deal
        n_tricks = len(d.tricks)
        try:
            m.play(move)
        except ValueError as exc:
            self.toast(str(exc))
            self.render()
            return
        self.seq += 1
        self.fresh = len(d.trick) > 0
        if len(d.tricks) > n_tricks:
            self.last_trick = d.tricks[-1]
            self.lingering = True
            self.fresh = True
        self.render()
        if d.phase == "over" and not self.lingering:
            self.show_summary()

    def kick(self) -> None:
        """Starts the computer-move loop (one per match)."""
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
        while token == self.token and self.match is not None:
            pause, linger = PAUSES.get(self.speed, PAUSES["2"])
            d = self.deal
            if self.lingering:
                await asyncio.sleep(linger)
                if token != self.token:
                    return
                if linger > 0 and self.last_trick is not None:
                    # The winner collects the trick: a short slide towards their seat.
                    pos = R.positions(self.match.players,
                                      self.info[self.match.game].get("direction", "right"))
                    el("trick").className = f"sweep to-{pos[self.last_trick['winner']]}"
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
            if d.to_move == 0:
                if d.phase == "trump" and self.info[self.match.game]["trump_timer"]:
                    await self.trump_timer(token)
                    continue
                return
            think = None
            if self.level != "easy" and self.brain.broken is None:
                think = asyncio.ensure_future(
                    self.brain.choose(self.record_json(), self.level, self.match.seed))
            await asyncio.sleep(pause)
            move = None
            if think is not None:
                try:
                    move = await think
                except Exception:  # noqa: BLE001 (the worker failed: the baseline plays)
                    self.toast("The stronger computer players could not start; the simple "
                               "ones play instead.")
            if token != self.token or self.overlay is not None:
                return
            d = self.deal
            if d.phase == "over" or d.to_move in (None, 0):
                continue
            if move is None or move not in d.legal_moves():
                move = engine.bots.choose(d, d.to_move, self.bot_rng)
            self.apply(move)
            await asyncio.sleep(0)

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
                self.toast("Time is up: the computer named trump for you (you are marked away).")
                self.apply(engine.bots.choose(d, 0, self.bot_rng))
                break
            t = doc().querySelector("[data-timer]")
            if t is not None:
                t.textContent = f"{self.timer_left}s"
        self.timer_left = None

    # ------------------------------------------------------------------------------- overlays
    def show_overlay(self, kind: str, html: str) -> None:
        self.overlay = kind
        ov = el("overlay")
        ov.innerHTML = html
        ov.hidden = False
        first = ov.querySelector("button")
        if first is not None:
            first.focus()

    def hide_overlay(self) -> None:
        self.overlay = None
        ov = el("overlay")
        ov.hidden = True
        ov.innerHTML = ""

    def show_summary(self) -> None:
        m = self.match
        d = self.deal
        gi = self.info[m.game]
        names = self.names()
        lines = [x.render(names) for x in m.rules.explain(d.result or {})]
        totals = self.totals_after(self.cur)
        html = V.summary_html(gi["score_labels"], gi["title"], self.cur + 1, d.result or {},
                              names, totals, gi.get("teams"),
                              m.is_over and self.cur == len(m.deals) - 1, lines)
        self.show_overlay("summary", html)

    def totals_after(self, index: int) -> list[Any]:
        return list(self.match.totals)

    def show_match_over(self) -> None:
        m = self.match
        gi = self.info[m.game]
        html = V.match_over_html(gi["title"], self.names(), list(m.totals), list(m.winners),
                                 gi.get("teams"), 0 in m.winners or any(
                                     0 in t and any(w in t for w in m.winners)
                                     for t in (gi.get("teams") or [])))
        self.show_overlay("over", html)

    # ------------------------------------------------------------------------------- render
    def render(self) -> None:
        m = self.match
        if m is None:
            return
        d = self.deal
        v = d.view(0)
        v["options"] = dict(m.options)
        gi = self.info[m.game]
        names = self.names()
        pos = R.positions(m.players, gi.get("direction", "right"))
        can = self.human_can_act()
        legal = d.legal_moves() if can else []
        table = el("table")
        ds = table.dataset
        ds.game = m.game
        ds.phase = d.phase
        ds.toMove = "" if d.to_move is None else str(d.to_move)
        ds.players = str(m.players)
        ds.deal = str(self.cur + 1)
        ds.seq = str(self.seq)
        if can:
            ds.input = "1"
        else:
            table.removeAttribute("data-input")

        # Header bar
        hands_total = m.options.get("hands") or m.options.get("rounds")
        deal_txt = f"Deal {self.cur + 1}" + (f" of {hands_total}" if hands_total else "")
        items = V.info_items(v, names)
        info = "".join(f'<span class="fact"><small>{R.esc(a)}</small> {R.esc(b)}</span>'
                       for a, b in items)
        speed_name = dict(V.SPEEDS).get(self.speed, "")
        el("bar").innerHTML = (
            f'<div class="title"><b>{R.esc(gi["title"])}</b><small>{R.esc(deal_txt)}</small></div>'
            f'{V.trump_html(v)}'
            f'<div class="facts">{info}</div>'
            '<div class="menu">'
            '<button type="button" class="btn small" data-action="rules">Rules</button>'
            f'<button type="button" class="btn small" data-action="speed" title="Computer speed">'
            f'<span class="lbl">Speed: </span>{R.esc(speed_name)}</button>'
            '<button type="button" class="btn small" data-action="lobby">Games</button></div>')

        # Seats
        seats_html = []
        totals = list(m.totals)
        label = gi["score_labels"]["total_short"]
        for s in range(m.players):
            extra = [t.render(names) for t in m.rules.seat_tags(v, s)]
            if s in self.away:
                extra.append("away")
            tot = totals[s] if s < len(totals) else ""
            thinking = (not can and d.to_move == s and s != 0 and not self.lingering
                        and self.overlay is None)
            seats_html.append(V.seat_html(s, pos[s], names[s], v, f"{label} {tot}", extra,
                                          thinking, bool(gi["seat_points"])))
        el("seats").innerHTML = "".join(seats_html)

        # Trick
        if self.lingering and self.last_trick is not None:
            plays = self.last_trick["plays"]
            winner = self.last_trick["winner"]
        else:
            plays = v.get("trick") or []
            winner = None
        trick = V.trick_html(plays, pos, winner, 1 if self.fresh else None,
                             v.get("winning_seat") if not self.lingering else None)
        self.fresh = False  # the fly-in animation plays once
        el("trick").className = ""
        el("trick").innerHTML = trick

        # Panel and hand
        hand = R.sort_hand(list(v.get("hand") or []), v, gi["rank_order"])
        multi = self.multi()
        if multi:
            legal_cards = self.candidate_cards(legal)
        else:
            legal_cards = {mv for mv in legal if R.is_card_move(mv) and " " not in mv}
        sel_ok = multi and self.selection_move(legal) is not None
        panel = V.panel_html(v, legal, "", multi and can, sel_ok,
                             self.timer_left if can and d.phase == "trump" else None)
        p = el("panel")
        p.innerHTML = panel
        p.hidden = not panel
        status = self.status_text(d, v, names, can)
        el("status").textContent = status
        el("hand").innerHTML = V.hand_html(hand, legal_cards, self.selection, can)
        el("hand").dataset.count = str(len(hand))

    def status_text(self, d: Any, v: dict[str, Any], names: list[str], can: bool) -> str:
        if self.lingering and self.last_trick is not None:
            w = self.last_trick["winner"]
            return f"{names[w]} take{'s' if w != 0 else ''} the trick."
        if d.phase == "over":
            return "Deal over."
        if can:
            if d.phase == "bidding":
                return "Your bid."
            if d.phase == "trump":
                return "Name the trump suit."
            if self.multi():
                n = v.get("lead_size")
                return ("Your lead: select one card, or three of one suit, then Play." if not n
                        else f"Select {n} card{'s' if n != 1 else ''}, then Play.")
            return "Your turn: play a raised card."
        if d.to_move is not None:
            verb = {"bidding": "is bidding", "trump": "is naming trump"}.get(d.phase, "is playing")
            return f"{names[d.to_move]} {verb}…"
        return ""


APP: App | None = None


def main() -> None:
    global APP
    APP = App()
    APP.start()
