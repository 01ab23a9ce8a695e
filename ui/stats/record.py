"""The player's own record, kept in the browser's storage (pure: no `js`).

One key (`KEY`) holds one JSON object of its own format (`FORMAT`), apart from the saved match
(ui/saves/store.py), so that a problem with one never touches the other:

    {"format": 1,
     "games": {"<game>": {"<level>": {"played": 3, "won": 1, "practice": 1, "deals": 30,
                                      "mine": 41.0, "theirs": 37.5}}},
     "recent": [{"date": "2026-12-02", "game": "<game>", "level": "normal", "won": true,
                 "practice": false, "mine": [5, -4, ...], "theirs": [2.33, 3, ...]}, ...],
     "seen": ["<match id>", ...]}

Per game and computer level: matches played and won (practice matches, where undo or a hint
was used, are counted apart in `practice` and left out of every other figure), the deals of
those matches, and the sums over those deals of the player's score per deal (`mine`) and of the
computers' mean score on the same deal (`theirs`), in the game's own unit (`unit_of`). In a team
game "the computers" are the other team (the partner's score is the player's). `recent` keeps
the last `RECENT` matches, practice ones too (marked), with their scores per deal, newest last;
`seen` the ids of the matches already counted, so a match reloaded at its result is never
counted twice.

Reading checks every field: a text that is not this format raises RecordError (the page keeps
it under `BAD_KEY` and starts a fresh record, with a note); one of a later format (a newer
page's, read by an older copy) raises RecordNewer and is left as it is, not counted into. A field this version does not know
(a newer page's) is kept as it is. Nothing read here is ever HTML: the views escape it.

The puzzles' progress is another key (`PUZZLES_KEY`), written by the puzzle screen; it is read
tolerantly (`read_puzzles`): anything malformed counts as nothing.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

import engine
from engine import untrusted as U
from engine.core import Match as EngineMatch
from ui.common.i18n import _

FORMAT = 1
KEY = "trick-table/v1/record"
BAD_KEY = "trick-table/v1/record-unreadable"  # a record that could not be read, kept
PUZZLES_KEY = "trick-table/v1/puzzles"
RECENT = 30  # matches kept for the chart
SEEN = 200  # match ids kept against counting a match twice
MAX_DEALS = 200  # scores per deal kept for one match
LOWER_BETTER = frozenset({"penalty-points"})  # the score units where fewer is better


def unit_of(game: str) -> str:
    """What a game's score per deal counts (its `score_unit` fact): "tricks", "points",
    "penalty-points" or "stakes"; "points" for a game this page does not have."""
    info = engine.GAME_INFO.get(game)
    return str(info.get("score_unit", "points")) if info else "points"


TALLY = ("played", "won", "practice", "deals", "mine", "theirs")
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")  # a game's or a level's name


class RecordError(ValueError):
    """A stored record that cannot be read; the text says why, in a sentence (in the page's
    language). It may quote stored text: show it as text."""


class RecordNewer(RecordError):
    """A record of a later format (a newer version of the page wrote it): kept as it is."""


@dataclass
class Tally:
    played: int = 0
    won: int = 0
    practice: int = 0
    deals: int = 0
    mine: float = 0.0
    theirs: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "played": self.played,
            "won": self.won,
            "practice": self.practice,
            "deals": self.deals,
            "mine": _round(self.mine),
            "theirs": _round(self.theirs),
        }

    def means(self) -> tuple[float, float] | None:
        """The player's and the computers' mean score per deal (None before any deal)."""
        if self.deals <= 0:
            return None
        return self.mine / self.deals, self.theirs / self.deals


@dataclass
class Match:
    """One match of `recent`."""

    date: str
    game: str
    level: str
    won: bool
    practice: bool
    mine: list[float]
    theirs: list[float]

    def to_json(self) -> dict[str, Any]:
        return {
            "date": self.date,
            "game": self.game,
            "level": self.level,
            "won": self.won,
            "practice": self.practice,
            "mine": [_round(x) for x in self.mine],
            "theirs": [_round(x) for x in self.theirs],
        }

    def margin(self) -> float:
        """How much better per deal the player did than the computers, in the game's unit
        (above 0: better; a penalty counts the other way)."""
        if not self.mine:
            return 0.0
        diff = (sum(self.mine) - sum(self.theirs)) / len(self.mine)
        return -diff if unit_of(self.game) in LOWER_BETTER else diff


@dataclass
class Record:
    games: dict[str, dict[str, Tally]] = field(default_factory=dict)
    recent: list[Match] = field(default_factory=list)
    seen: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # a newer page's fields, kept

    def to_json(self) -> dict[str, Any]:
        return {
            **self.extra,
            "format": FORMAT,
            "games": {
                g: {lv: t.to_json() for lv, t in levels.items()} for g, levels in self.games.items()
            },
            "recent": [m.to_json() for m in self.recent],
            "seen": list(self.seen),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), ensure_ascii=False)

    def empty(self) -> bool:
        return not self.recent and not any(
            t.played or t.practice for levels in self.games.values() for t in levels.values()
        )


def _round(x: float) -> float | int:
    r = round(float(x), 4)
    return int(r) if r == int(r) else r


def _num(x: object) -> bool:
    return (
        isinstance(x, (int, float))
        and not isinstance(x, bool)
        and math.isfinite(float(x))
        and abs(float(x)) < 1e9
    )


def _count(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 10**9


def _short(x: object, limit: int = 40) -> str:
    text = json.dumps(x, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ------------------------------------------------------------------------------ reading
def parse(text: str | None) -> Record:
    """The record in `text` (a fresh one when nothing is stored); RecordError says why not."""
    if text is None:
        return Record()
    data = U.loads_or(
        text,
        RecordError,
        _("the stored text is not JSON: it goes wrong at line {line}, column {column}."),
        _(
            "the stored text is too long or nested too deeply to be a record (at most {chars} "
            "characters and {depth} levels)."
        ),
    )
    if not isinstance(data, dict):
        raise RecordError(_("the stored text is not a record."))
    U.check_format(
        data,
        FORMAT,
        RecordError,
        RecordNewer,
        _(
            "a newer version of the page wrote it (format {saved}; this page "
            "reads format {format})."
        ),
        _("its format is {saved}; this page reads format {format}."),
        show=_short,
    )
    rec = Record(
        extra={k: v for k, v in data.items() if k not in ("format", "games", "recent", "seen")}
    )
    rec.games = _games(data.get("games", {}))
    rec.recent = _recent(data.get("recent", []))
    seen = data.get("seen", [])
    if not isinstance(seen, list) or not all(isinstance(s, str) and len(s) <= 64 for s in seen):
        raise RecordError(_("its list of counted matches is not a list of ids."))
    rec.seen = seen[-SEEN:]
    return rec


def _games(raw: Any) -> dict[str, dict[str, Tally]]:
    if not isinstance(raw, dict):
        raise RecordError(_("its games are not an object."))
    out: dict[str, dict[str, Tally]] = {}
    for game, levels in raw.items():
        if not NAME.match(game) or not isinstance(levels, dict):
            raise RecordError(
                _("the game {game} is not recorded as levels.").format(game=_short(game))
            )
        out[game] = {}
        for level, t in levels.items():
            out[game][level] = _tally(game, level, t)
    return out


def _tally(game: str, level: str, t: Any) -> Tally:
    bad = RecordError(
        _("the figures of {game} at level {level} are wrong.").format(
            game=_short(game), level=_short(level)
        )
    )
    if not NAME.match(level) or not isinstance(t, dict):
        raise bad
    counts = [t.get(k, 0) for k in ("played", "won", "practice", "deals")]
    sums = [t.get(k, 0) for k in ("mine", "theirs")]
    if not all(map(_count, counts)) or not all(map(_num, sums)) or counts[1] > counts[0]:
        raise bad
    return Tally(*counts, *(float(x) for x in sums))


def _recent(raw: Any) -> list[Match]:
    if not isinstance(raw, list):
        raise RecordError(_("its last matches are not a list."))
    out = []
    for i, m in enumerate(raw[-RECENT:]):
        bad = RecordError(_("its last matches are wrong (number {n}).").format(n=i + 1))
        if not isinstance(m, dict):
            raise bad
        date, game, level = m.get("date"), m.get("game"), m.get("level")
        mine, theirs = m.get("mine"), m.get("theirs")
        if not (
            isinstance(date, str)
            and DATE.match(date)
            and isinstance(game, str)
            and NAME.match(game)
            and isinstance(level, str)
            and NAME.match(level)
            and isinstance(m.get("won"), bool)
            and isinstance(m.get("practice", False), bool)
            and isinstance(mine, list)
            and isinstance(theirs, list)
            and len(mine) == len(theirs) <= MAX_DEALS
            and all(map(_num, mine))
            and all(map(_num, theirs))
        ):
            raise bad
        out.append(
            Match(
                date,
                game,
                level,
                m["won"],
                m.get("practice", False),
                [float(x) for x in mine],
                [float(x) for x in theirs],
            )
        )
    return out


# ------------------------------------------------------------------------------ a match's end
def match_id(record: dict[str, Any]) -> str:
    """A finished match's id: its record's digest (the same match reloaded has the same id)."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def my_team(match: EngineMatch) -> set[int]:
    """The player's seats: seat 0 and, in a team game, its partners."""
    for t in match.rules.teams or ():
        if 0 in t:
            return set(t)
    return {0}


def deal_scores(match: EngineMatch) -> list[tuple[float, float]]:
    """Each finished deal's score of the player and the computers' mean on it (in a team game:
    the other team's), from the deal's score change (`delta`)."""
    mine = my_team(match)
    others = [s for s in range(match.players) if s not in mine]
    out = []
    for d in match.deals:
        res = d.result
        if d.phase != "over" or not res:
            continue
        delta = list(res.get("delta") or [])
        if len(delta) < match.players or not others:
            continue
        out.append((float(delta[0]), sum(float(delta[s]) for s in others) / len(others)))
    return out


def player_won(match: EngineMatch) -> bool:
    """Whether the player (or the player's team) is among the winners, a shared win too."""
    return bool(my_team(match) & set(match.winners))


def add_match(rec: Record, match: EngineMatch, level: str, date: str, practice: bool) -> bool:
    """Counts a finished match (False when it was counted already, or is not over)."""
    if not match.is_over:
        return False
    mid = match_id(match.record())
    if mid in rec.seen:
        return False
    rec.seen = (rec.seen + [mid])[-SEEN:]
    scores = deal_scores(match)[:MAX_DEALS]
    won = player_won(match)
    t = rec.games.setdefault(match.game, {}).setdefault(level, Tally())
    if practice:
        t.practice += 1
    else:
        t.played += 1
        t.won += int(won)
        t.deals += len(scores)
        t.mine += sum(a for a, _b in scores)
        t.theirs += sum(b for _a, b in scores)
    rec.recent = (
        rec.recent
        + [
            Match(
                date,
                match.game,
                level,
                won,
                practice,
                [a for a, _b in scores],
                [b for _a, b in scores],
            )
        ]
    )[-RECENT:]
    return True


# ------------------------------------------------------------------------------ puzzles
@dataclass
class Puzzles:
    solved: dict[str, int] = field(default_factory=dict)  # per game: how many solved
    failed: dict[str, int] = field(default_factory=dict)
    streak: int = 0
    best: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "solved": dict(self.solved),
            "failed": dict(self.failed),
            "streak": self.streak,
            "best": self.best,
        }

    def empty(self) -> bool:
        return not any(self.solved.values()) and not any(self.failed.values())


def read_puzzles(text: str | None) -> Puzzles:
    """The puzzle screen's progress (`PUZZLES_KEY`), read tolerantly: what is absent or
    malformed counts as nothing, never an error."""
    try:
        data = U.loads(text) if text else None
    except ValueError:
        return Puzzles()
    if not isinstance(data, dict) or data.get("format") != 1:
        return Puzzles()
    out = Puzzles()
    for name, into in (("solved", out.solved), ("failed", out.failed)):
        per = data.get(name)
        if not isinstance(per, dict):
            continue
        for game, ids in per.items():
            if isinstance(game, str) and NAME.match(game) and isinstance(ids, list):
                into[game] = len({i for i in ids if isinstance(i, str)})
    out.streak = data["streak"] if _count(data.get("streak")) else 0
    out.best = max(out.streak, data["best"] if _count(data.get("best")) else 0)
    return out


def stats(rec: Record, puzzles: Puzzles) -> dict[str, Any]:
    """The record as JSON-able data (the window.__tt_record_stats hook, the export)."""
    games: dict[str, dict[str, dict[str, Any]]] = {}
    for g, levels in rec.games.items():
        games[g] = {}
        for lv, t in levels.items():
            means = t.means()
            games[g][lv] = {
                **t.to_json(),
                "unit": unit_of(g),
                "lower_is_better": unit_of(g) in LOWER_BETTER,
                "mean_mine": None if means is None else _round(means[0]),
                "mean_theirs": None if means is None else _round(means[1]),
            }
    return {
        "format": FORMAT,
        "games": games,
        "recent": [m.to_json() for m in rec.recent],
        "puzzles": puzzles.to_json(),
    }
