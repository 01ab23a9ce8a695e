"""The computer players (pure): the sampling searches run here, in the page's worker (ui/worker.js),
beside the table's controller, so no decision freezes the page and one Pyodide serves both.

The position is rebuilt from the match record, so a search holds no state the table could
disagree with. A search runs between two of the worker's turns: the table waits for it, the page
does not (its main thread only draws).
"""

from __future__ import annotations

import dataclasses
import json
import time
from typing import Any

import engine

TIMES_KEPT = 1000  # decisions kept for window.__tt_ai_times


class Brain:
    """The search players; `choose`, `evaluate` and `review` answer at once."""

    def __init__(self) -> None:
        self.answers = 0  # moves the search has chosen (a hook for tests)
        # The last decisions as measured here, with the position asked (a hook for
        # `python3 build.py bench page-ai`: window.__tt_ai_times).
        self.times: list[dict[str, Any]] = []
        self.broken: str | None = None
        self.started: str | None = None  # "snapshot" or "fresh": how this worker's Python began
        self.worker = True  # the search runs in the page's worker (kept for __tt_state)
        self._ai: Any = None

    def start(self) -> None:
        """Imports the search (done ahead, in an idle moment, so the first move does not)."""
        if self._ai is not None or self.broken is not None:
            return
        try:
            import engine.ai
            self._ai = engine.ai
        except Exception as exc:  # noqa: BLE001 (the baseline plays)
            self.broken = str(exc)

    def ai(self) -> Any:
        self.start()
        if self.broken is not None:
            raise RuntimeError(self.broken)
        return self._ai

    def choose(self, record_json: str, level: str, seed: int) -> str:
        t0 = time.perf_counter()
        m = engine.replay(json.loads(record_json))
        d = m.deal
        move = str(self.ai().choose(d, d.to_move, level=level, seed=seed))
        self.answers += 1
        self.times.append({"ms": (time.perf_counter() - t0) * 1000, "record": record_json,
                           "level": level, "seed": seed, "move": move})
        del self.times[:-TIMES_KEPT]
        return move

    def evaluate(self, record_json: str, level: str, seed: int) -> str:
        """The search's evaluation of the position's moves (engine.ai.evaluate), as JSON."""
        m = engine.replay(json.loads(record_json))
        d = m.deal
        ev = self.ai().evaluate(d, d.to_move, level=level, seed=seed)
        return json.dumps(dataclasses.asdict(ev) if dataclasses.is_dataclass(ev) else dict(ev))

    def review(self, record_json: str, deal_index: int) -> str:
        """The review of deal number `deal_index` (engine.teacher.review_deal), as JSON."""
        import engine.teacher
        return json.dumps(engine.teacher.review_deal(json.loads(record_json), int(deal_index), 0))
