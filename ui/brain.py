"""The computer players' worker (ui/ai_worker.js): the sampling searches run there with their
own Pyodide, so no decision freezes the page; `choose` and `evaluate` are awaited."""

from __future__ import annotations

import asyncio
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

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
