"""The computer players (pure): the sampling searches run here, in the page's worker (ui/worker.js),
beside the table's controller, so no decision freezes the page and one Pyodide serves both.

The position is rebuilt from the match record, so a search holds no state the table could
disagree with: the match last rebuilt is kept, and a record that only adds moves to it has just
those moves played on it (the whole match is replayed otherwise). A search runs between two of
the worker's turns: the table waits for it, the page does not (its main thread only draws).
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

    def __init__(self, started: str | None = None) -> None:
        self.answers = 0  # moves the search has chosen (a hook for tests)
        # The last decisions as measured here, with the position asked (a hook for
        # `python3 build.py bench page-ai`: window.__tt_ai_times).
        self.times: list[dict[str, Any]] = []
        self.broken: str | None = None
        self.started = started  # "snapshot" or "fresh": how this worker's Python began
        self.worker = True  # the search runs in the page's worker (kept for __tt_state)
        self._ai: Any = None
        self.last: tuple[dict[str, Any], Any] | None = None  # the record last rebuilt, its match

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

    def position(self, record_json: str) -> Any:
        """The match of the record `record_json`: the one kept, with the moves the record adds
        played on it, when the record extends the one it was rebuilt from; else replayed."""
        rec = json.loads(record_json)
        kept = self.last
        m = None
        if kept is not None and isinstance(rec, dict):
            m = extended(kept[0], kept[1], rec)
        if m is None:
            m = engine.replay(rec)
        self.last = (rec, m)
        return m

    def choose(self, record_json: str, level: str, seed: int) -> str:
        t0 = time.perf_counter()
        m = self.position(record_json)
        d = m.deal
        move = str(self.ai().choose(d, d.to_move, level=level, seed=seed))
        self.answers += 1
        self.times.append(
            {
                "ms": (time.perf_counter() - t0) * 1000,
                "record": record_json,
                "level": level,
                "seed": seed,
                "move": move,
            }
        )
        del self.times[:-TIMES_KEPT]
        return move

    def evaluate(self, record_json: str, level: str, seed: int) -> str:
        """The search's evaluation of the position's moves (engine.ai.evaluate), as JSON."""
        m = self.position(record_json)
        d = m.deal
        ev = self.ai().evaluate(d, d.to_move, level=level, seed=seed)
        out = (
            dataclasses.asdict(ev)
            if dataclasses.is_dataclass(ev) and not isinstance(ev, type)
            else dict(ev)
        )
        return json.dumps(out)

    def review(self, record_json: str, deal_index: int) -> str:
        """The review of deal number `deal_index` (engine.teacher.review_deal), as JSON."""
        import engine.teacher

        return json.dumps(engine.teacher.review_deal(json.loads(record_json), int(deal_index), 0))


def extended(old: dict[str, Any], m: Any, new: dict[str, Any]) -> Any:
    """The match `m` (rebuilt from the record `old`) with the moves the record `new` adds played
    on it; None when `new` is not `old` with moves added (or they do not give `new`'s deals)."""
    if any(old.get(k) != new.get(k) for k in ("game", "seed", "players", "options")):
        return None
    before, after = old.get("deals"), new.get("deals")
    if (
        not isinstance(before, list)
        or not isinstance(after, list)
        or not before
        or len(after) < len(before)
        or before[:-1] != after[: len(before) - 1]
    ):
        return None
    last = len(before) - 1
    had, has = before[last], after[last]
    if {k: v for k, v in had.items() if k != "moves"} != {
        k: v for k, v in has.items() if k != "moves"
    }:
        return None
    moves, more = list(had.get("moves") or []), list(has.get("moves") or [])
    if more[: len(moves)] != moves:
        return None
    added = more[len(moves) :] + [mv for d in after[last + 1 :] for mv in d.get("moves") or []]
    try:
        for mv in added:
            m.play(mv)
    except Exception:  # noqa: BLE001 (the kept match is spoilt: the record is replayed)
        return None
    if len(m.deals) != len(after) or any(
        m.deals[i].setup() != after[i] for i in range(last, len(after))
    ):
        return None
    return m
