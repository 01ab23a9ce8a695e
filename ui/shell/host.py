"""The page's Python in its worker (ui/worker.js): the main thread's events in, the DOM layer's
operations out (ui/shell/dom.py), as JSON text.

ui/worker.js starts Pyodide, then calls `boot(api)` with two functions of its own: `post(text)`
(a message to the main thread) and `fetch_text(url)` (a same-site file's status and text, for
lessons). Every message from the main thread comes to `receive(text)`; each is answered with the
operations it caused and its number (`ack`), so the page knows when the table has caught up, and
carries the table's state for the window.__tt_* hooks, which read it on the main thread without
waiting. What happens later (a computer's move, a timer) is sent on its own.
"""

from __future__ import annotations

import asyncio
import random
import traceback
from collections.abc import Callable
from typing import Any

from engine import untrusted as U
from ui.puzzles.progress import KEY as PUZZLE_KEY
from ui.saves import store as S
from ui.saves.store import KEY as SAVE_KEY
from ui.shell.app import App
from ui.shell.brain import Brain
from ui.shell.dom import Dom
from ui.shell.env import DISPLAY_KEY, Env

HOST: Host | None = None


class Host:
    """One page's Python: the app, its operations and the copy of the browser it works on."""

    def __init__(self, api: Any) -> None:
        self.api = api
        loop = asyncio.get_event_loop()

        def later(fn: Callable[[], None]) -> None:  # at the end of the event loop's turn
            loop.call_soon(fn)

        self.dom = Dom(post=lambda text: api.post(text), later=later)
        self.dom.extra = self.mirror
        self.app: App | None = None
        self.record_key: Any = None
        self.mirrored: tuple[str, dict[str, Any]] | None = None  # the state and flags last sent

    # ------------------------------------------------------------------ what the page mirrors
    def mirror(self) -> dict[str, Any]:
        """The table's state, sent with a message when it changed since the last one (ui/web/
        keeps what it was sent): what ui/web/ decides by without asking (whether a finished
        trick waits for a tap, whether the player may act) and what the window.__tt_* hooks
        read."""
        a = self.app
        if a is None:
            return {}
        t = a.t
        state = a.runner.state_json()
        flags = {
            "match": t.match is not None,
            "lingering": bool(t.lingering),
            "can_act": bool(t.match is not None and t.can_act()),
            "multi": bool(t.match is not None and t.multi()),
            "overlay": t.overlay,
        }
        out: dict[str, Any] = {}
        if (state, flags) != self.mirrored:
            self.mirrored = (state, flags)
            out.update(state=state, flags=flags)
        m = t.match
        key = (id(m), t.sid, len(m.deals), len(m.deal.moves)) if m is not None else None
        if key != self.record_key:
            self.record_key = key
            out["record"] = a.runner.record_json()
        return out

    # ------------------------------------------------------------------ events
    def receive(self, text: str) -> None:
        try:
            msg = U.loads(text, max_chars=None)
        except ValueError:
            return
        if not isinstance(msg, dict):
            return
        seq = msg.get("seq")
        kind = msg.get("type")
        try:
            if kind == "start":
                self.start(msg.get("facts") or {})
            elif self.app is None:
                pass
            elif kind == "call":
                self.display(msg)
                asyncio.ensure_future(self.call(seq, str(msg.get("name")), msg.get("args") or []))
                return  # answered when done
            else:
                self.display(msg)
                self.event(kind, msg)
        except Exception:  # noqa: BLE001 (a fault is reported, never the end of the page)
            self.dom.op("console-error", traceback.format_exc())
        self.dom.send(ack=seq)

    def start(self, facts: dict[str, Any]) -> None:
        random.seed()  # a snapshot's start brings random's state with it
        env = Env(self.dom, facts)

        async def fetch_text(url: str) -> tuple[int, str]:
            r = await self.api.fetch_text(url)
            return int(r[0]), str(r[1])

        self.app = App(
            self.dom, env, Brain(started=str(facts.get("started") or "fresh")), fetch_text
        )
        self.app.start()

    def display(self, msg: dict[str, Any]) -> None:
        """The display settings as the page holds them (index.html writes them), and the
        system's motion preference."""
        if "reduce" in msg and self.app is not None:
            self.app.env.reduce_motion = bool(msg["reduce"])
        if "display" in msg and self.app is not None:
            value = msg["display"]
            if value is None:
                self.app.env.store.pop(DISPLAY_KEY, None)
            else:
                self.app.env.store[DISPLAY_KEY] = str(value)

    def event(self, kind: Any, msg: dict[str, Any]) -> None:
        a = self.app
        assert a is not None
        env = a.env
        if kind == "click":
            a.controls.on_click(msg)
        elif kind == "change":
            a.controls.on_change(msg)
        elif kind == "key":
            a.keys.on_key(msg)
        elif kind == "popstate":
            a.on_popstate(str(msg.get("tt") or ""), str(msg.get("search") or ""))
        elif kind == "message":
            text = msg.get("text")
            a.embed.on_message(
                str(msg.get("origin") or ""), text if isinstance(text, str) else None
            )
        elif kind == "answer":
            env.answer(int(msg.get("n") or 0), msg.get("value"))
        elif kind == "stored":
            key = msg.get("key")
            a.saves.stored(bool(msg.get("ok")), key if isinstance(key, str) else S.KEY)
        elif kind == "storage":  # another tab wrote (the `storage` event)
            key, value = str(msg.get("key") or ""), msg.get("value")
            if value is None:
                env.store.pop(key, None)
            else:
                env.store[key] = str(value)
            if key == PUZZLE_KEY:
                a.puzzles.forget_progress()  # read again when next needed
            elif key == SAVE_KEY and a.t.match is not None:
                a.saves.other_tab_has_it()  # another tab went on with the match: said at once
                a.runner.flush()
        elif kind == "seen":  # the tab is shown again, or has the focus (ui/web/)
            if a.t.match is not None:
                a.saves.other_tab_has_it(tell=True)
                a.runner.flush()
        elif kind == "friends":  # the transport of a table with friends (ui/friends/)
            a.friends.on_event(msg)
        elif kind == "motion":
            env.reduce_motion = bool(msg.get("reduce"))

    async def call(self, seq: Any, name: str, args: list[Any]) -> None:
        """A window.__tt_* hook that acts (its Promise resolves with `result`)."""
        a = self.app
        assert a is not None
        result: Any = None
        try:
            if name == "reset":
                a.reset(str(args[0]) if args else "")
            elif name == "reopen":  # as a reload would: the storage as it is now, the address
                if len(args) > 1 and isinstance(args[1], dict):
                    a.env.store = {str(k): str(v) for k, v in args[1].items()}
                a.boot(str(args[0]) if args else "")
            elif name == "lang":
                a.lobby.change_language(str(args[0]) if args else "")
            elif name == "think":
                await a.runner.think_for_human()
            elif name == "ai_times":
                result = a.runner.ai_times(bool(args[0]) if args else False)
            elif name == "read":
                a.felt.read_table()
            elif name == "record_stats":
                result = a.stats.record_stats()
        except Exception:  # noqa: BLE001
            self.dom.op("console-error", traceback.format_exc())
        self.dom.send(ack=seq, result=result)


def boot(api: Any) -> Host:
    """Called once by ui/worker.js when Python is ready."""
    global HOST
    HOST = Host(api)
    return HOST
