"""Puzzles on the page, the pure part: the player's progress in storage, which puzzle comes next
(the daily one, and one whose difficulty follows the streak), the puzzle's address, its goal in
one line and the box beside the felt (pure: no `js`, tested under CPython in
tests/ui/test_puzzle_ui.py).

The puzzles themselves are engine.content.puzzles' (docs/puzzles.md); the table's controller plays them
(ui/puzzles/on_table.py) and the page fetches their files and keeps the progress (ui/puzzles/page.py).

The progress is one localStorage value under `KEY`, read by the record page too, in exactly this
shape: `{"format": 1, "solved": {game: [id, ...]}, "failed": {game: [id, ...]}, "streak": n,
"best": n, "daily": {"YYYY-MM-DD": "game/id:solved|failed"}}`. A puzzle is in at most one of
`solved` and `failed`: its latest result. The streak counts puzzles solved in a row (a wrong
card ends it); `best` is the longest streak. A date's daily result is its first one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine import untrusted as U
from engine.content.puzzle_file import GAMES, Puzzle
from ui.common import render as R
from ui.common.i18n import _, ngettext
from ui.embed.lesson import Node

KEY = "trick-table/v1/puzzles"
FORMAT = 1
ID_RE = re.compile(r"^[A-Za-z0-9._-]{1,40}$")
DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
DAILY_RE = re.compile(r"^(?P<game>[a-z-]{1,30})/(?P<id>[A-Za-z0-9._-]{1,40}):(solved|failed)$")
TOP_RATING = 5


class PuzzleRefError(ValueError):
    """A puzzle address that cannot be used; str() says why, in the page's language."""


def clip(text: str, n: int = 40) -> str:
    """Text from an address, short enough to quote in a message (shown as text only)."""
    text = str(text)
    return text if len(text) <= n else text[:n] + "…"


# ------------------------------------------------------------------------------- progress
@dataclass
class Progress:
    solved: dict[str, list[str]] = field(default_factory=dict)
    failed: dict[str, list[str]] = field(default_factory=dict)
    streak: int = 0
    best: int = 0
    daily: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": FORMAT,
                "solved": self.solved,
                "failed": self.failed,
                "streak": self.streak,
                "best": self.best,
                "daily": self.daily,
            },
            sort_keys=False,
            separators=(",", ":"),
        )

    def result(self, game: str, pid: str) -> str | None:
        if pid in self.solved.get(game, []):
            return "solved"
        if pid in self.failed.get(game, []):
            return "failed"
        return None

    def record(self, game: str, pid: str, solved: bool, date: str | None = None) -> None:
        """A puzzle's result (and, for the daily puzzle, the date's first result)."""
        into, other = (self.solved, self.failed) if solved else (self.failed, self.solved)
        if pid in other.get(game, []):
            other[game] = [x for x in other[game] if x != pid]
            if not other[game]:
                del other[game]
        ids = into.setdefault(game, [])
        if pid not in ids:
            ids.append(pid)
        self.streak = self.streak + 1 if solved else 0
        self.best = max(self.best, self.streak)
        if date is not None and date not in self.daily:
            self.daily[date] = f"{game}/{pid}:{'solved' if solved else 'failed'}"

    def count(self) -> int:
        return sum(len(v) for v in self.solved.values())


def _id_lists(v: object) -> dict[str, list[str]] | None:
    if not isinstance(v, dict):
        return None
    out: dict[str, list[str]] = {}
    for g, ids in v.items():
        if (
            not isinstance(g, str)
            or not isinstance(ids, list)
            or not all(isinstance(i, str) and ID_RE.match(i) for i in ids)
        ):
            return None
        out[g] = list(dict.fromkeys(ids))
    return out


def _count(v: object) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else None


def read_progress(text: str | None) -> tuple[Progress, bool]:
    """The stored progress, and whether a stored value was unreadable (then a fresh one: the
    page says so and writes the fresh one over it)."""
    if text is None:
        return Progress(), False
    try:
        data = U.loads(text)
    except (ValueError, TypeError):
        return Progress(), True
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return Progress(), True
    solved, failed = _id_lists(data.get("solved")), _id_lists(data.get("failed"))
    streak, best = _count(data.get("streak")), _count(data.get("best"))
    daily = data.get("daily")
    if (
        solved is None
        or failed is None
        or streak is None
        or best is None
        or not isinstance(daily, dict)
        or not all(
            isinstance(k, str) and DATE_RE.match(k) and isinstance(v, str) and DAILY_RE.match(v)
            for k, v in daily.items()
        )
    ):
        return Progress(), True
    return Progress(solved, failed, streak, max(best, streak), dict(daily)), False


# ------------------------------------------------------------------------------- addresses
@dataclass(frozen=True)
class Ref:
    """What a puzzle address names: `one` puzzle (`game`, `id`), the `next` one of a game, or
    the `daily` one (of `date`, or today's)."""

    kind: str
    game: str | None = None
    id: str | None = None
    date: str | None = None


def game_names() -> str:
    return ", ".join(GAMES)


def parse_ref(text: object) -> Ref:
    """`?puzzle=` as given: `<game>/<id>` (an id, or the puzzle's number in its file from 1),
    `<game>` (the next one for the player), `daily` or `daily/<YYYY-MM-DD>`."""
    if not isinstance(text, str) or not text.strip():
        raise PuzzleRefError(
            _(
                "The puzzle address is empty: give a game and a puzzle, such as "
                "“{example}”, or “daily”."
            ).format(example=f"{GAMES[1]}/17")
        )
    text = text.strip()
    head, _sep, tail = text.partition("/")
    if head == "daily":
        if not _sep:
            return Ref("daily")
        if not DATE_RE.match(tail) or not valid_date(tail):
            raise PuzzleRefError(
                _(
                    "“{date}” is not a date: the daily puzzle of a day is “daily/YYYY-MM-DD”."
                ).format(date=clip(tail))
            )
        return Ref("daily", date=tail)
    if head not in GAMES:
        raise PuzzleRefError(
            _("There are no puzzles for “{game}”: the puzzles are for {games}.").format(
                game=clip(head), games=game_names()
            )
        )
    if not _sep or not tail:
        return Ref("next", head)
    if not ID_RE.match(tail):
        raise PuzzleRefError(_("“{id}” is not a puzzle’s name.").format(id=clip(tail)))
    return Ref("one", head, tail)


def valid_date(text: str) -> bool:
    """Whether `text` (YYYY-MM-DD) is a day of the calendar (no datetime in the page's
    runtime)."""
    y, m, d = (int(x) for x in text.split("-"))
    leap = y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    days = [31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return y >= 1 and 1 <= m <= 12 and 1 <= d <= days[m - 1]


def find(puzzles: Sequence[Puzzle], pid: str) -> Puzzle | None:
    """A puzzle by its id, or by its number in the file (1-based: "<game>/17")."""
    for p in puzzles:
        if p.id == pid:
            return p
    n = U.whole_or(pid, 1, len(puzzles), 0)
    if n:
        return puzzles[n - 1]
    return None


def number_of(puzzles: Sequence[Puzzle], pid: str) -> int:
    for n, p in enumerate(puzzles, 1):
        if p.id == pid:
            return n
    return 0


# ------------------------------------------------------------------------------- choosing
def daily_game(date: str) -> tuple[str, int]:
    """The game of a date's daily puzzle and a number that picks the puzzle in its file: the
    same for everyone, from a hash (FNV-1a) of the ISO date."""
    h = fnv1a(f"trick-table daily {date}")
    return GAMES[h % len(GAMES)], h // len(GAMES)


def fnv1a(text: str) -> int:
    """The 64-bit FNV-1a hash of `text`'s UTF-8 (the same in every browser and Python; no
    hashlib in the page's runtime)."""
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def daily_pick(date: str, puzzles: Sequence[Puzzle]) -> Puzzle:
    """The date's puzzle among its game's `puzzles` (in file order)."""
    _game, n = daily_game(date)
    return puzzles[n % len(puzzles)]


def target_rating(streak: int) -> int:
    """The difficulty to offer: 1 for a new player, one step up for every two solved in a
    row, up to 5."""
    return min(TOP_RATING, 1 + max(0, streak) // 2)


def rating(p: Puzzle) -> int:
    r = p.difficulty.get("rating") if isinstance(p.difficulty, Mapping) else None
    return r if isinstance(r, int) and not isinstance(r, bool) else 1


def pick_next(
    puzzles: Sequence[Puzzle], progress: Progress, game: str, after: str | None = None
) -> Puzzle | None:
    """The next puzzle of `game` for the player: one not yet tried (else not yet solved, else
    any other), of the rating nearest the streak's target, the first such after `after` in
    the file's order."""
    if not puzzles:
        return None
    start = 0
    for n, p in enumerate(puzzles):
        if p.id == after:
            start = n + 1
    order = [puzzles[(start + k) % len(puzzles)] for k in range(len(puzzles))]
    others = [p for p in order if p.id != after] or order
    fresh = [p for p in others if progress.result(game, p.id) is None]
    pool = fresh or [p for p in others if progress.result(game, p.id) != "solved"] or others
    want = target_rating(progress.streak)
    return min(pool, key=lambda p: abs(rating(p) - want))  # (min keeps the first of ties)


# ------------------------------------------------------------------------------- words
def side_kind(side: Sequence[int], teams: Sequence[Sequence[int]] | None) -> str:
    """Whose goal it is: "alone" (the mover), "team" (the game's fixed team) or "defenders"
    (several seats together against a declarer, who are no fixed team)."""
    if len(side) <= 1:
        return "alone"
    return "team" if teams else "defenders"


def goal_text(unit: str, value: int, side: str, k: int) -> str:
    """The goal in one line, for the mover of `side` (`side_kind`), with `k` tricks left
    ("Win 3 of the last 4 tricks.", "Your team needs 31 points from the last 3 tricks.")."""
    if unit == "tricks":
        if side == "alone":
            return ngettext(
                "Win {value} of the last {n} trick.", "Win {value} of the last {n} tricks.", k
            ).format(value=value, n=k)
        if side == "defenders":
            return ngettext(
                "You and the other defenders need {value} of the last {n} trick.",
                "You and the other defenders need {value} of the last {n} tricks.",
                k,
            ).format(value=value, n=k)
        return ngettext(
            "Your team needs {value} of the last {n} trick.",
            "Your team needs {value} of the last {n} tricks.",
            k,
        ).format(value=value, n=k)
    points = ngettext("{n} point", "{n} points", value).format(n=value)
    return ngettext(
        "Your team needs {points} from the last {n} trick.",
        "Your team needs {points} from the last {n} tricks.",
        k,
    ).format(points=points, n=k)


def kind_text(kind: str) -> str:
    return (
        _("All four hands are open.")
        if kind == "open"
        else _("You see only your own hand and the cards played.")
    )


def card_names(moves: Sequence[str]) -> str:
    """Cards by their names, "queen of diamonds or jack of diamonds"."""
    return _(" or ").join(", ".join(R.card_label(c) for c in mv.split()) for mv in moves)


@dataclass
class BoxState:
    """What the puzzle's box shows (the controller's state, ui/puzzles/on_table.py)."""

    title: str  # the game's title
    number: int  # the puzzle's number in its file (0: unknown)
    pid: str
    kind: str
    goal: str
    state: str  # "solving", "solved", "failed"
    playing: bool = False  # the solution or the refutation is being played out
    move: str | None = None  # the player's card
    best: tuple[str, ...] = ()
    daily: str | None = None  # the date, for the daily puzzle
    streak: int = 0
    best_streak: int = 0
    solved_count: int = 0
    note: str | None = None  # the progress could not be read (it was reset)
    counted: bool = True  # the player's card counts (the first try, no answer seen)
    shown: bool = False  # the player asked for the answer
    embedded: bool = False  # in another site's page: this puzzle only (no other one offered)
    solved_before: bool = False  # the daily puzzle, already solved: it opens as solved


def _button(action: str, text: str, primary: bool = False) -> Node:
    return Node(
        "button",
        text,
        "btn small" + (" primary" if primary else ""),
        {"type": "button", "data-action": action},
    )


def puzzle_name(title: str, number: int) -> str:
    """The puzzle in a player's words: the game's name, "puzzle" and its number in its game's file."""
    if number:
        return _("{game} puzzle {n}").format(game=title, n=number)
    return _("{game} puzzle").format(game=title)


def uncounted_text(solved: bool, streak: int) -> str:
    """Why a card played after the first try (or after the answer was seen) does not count."""
    if solved:
        return _(
            "Solved, but not at the first try: it does not count as solved, and your "
            "streak stays at {n}."
        ).format(n=streak)
    return _("Not the first try: this card does not count.")


def _feedback(b: BoxState, ok: bool) -> list[Node]:
    """What the box says of the player's card, and the answer when asked."""
    said: list[Node] = []
    if b.state != "solving" and b.move is not None:
        card = card_names([b.move])
        said.append(
            Node(
                "p",
                (_("Right: {card} is best.") if ok else _("Not this one: {card} loses.")).format(
                    card=card
                ),
                "puzzle-verdict",
            )
        )
        if b.playing:
            said.append(
                Node(
                    "p",
                    _("Playing out the solution…")
                    if ok
                    else _("Playing out the line that refutes it…"),
                )
            )
        if not b.counted:
            said.append(
                Node(
                    "p",
                    uncounted_text(ok, b.streak),
                    "puzzle-uncounted",
                    {"data-puzzle-uncounted": "1"},
                )
            )
    elif b.solved_before:
        said.append(Node("p", _("You have already solved this daily puzzle."), "puzzle-verdict"))
    if b.shown and b.best:
        said.append(
            Node(
                "p",
                _("The best card: {cards}.").format(cards=card_names(b.best)),
                "puzzle-answer",
                {"data-puzzle-answer": "1"},
            )
        )
    return said


def _foot(b: BoxState) -> Node:
    """The progress (solved, streak) and the controls."""
    solved = ngettext("{n} puzzle solved", "{n} puzzles solved", b.solved_count).format(
        n=b.solved_count
    )
    streak = _("streak {n} (best {best})").format(n=b.streak, best=b.best_streak)
    controls = []
    if b.state != "solving" and not b.playing:
        if not b.embedded:
            controls.append(_button("puzzle-next", _("Next puzzle"), True))
        controls.append(_button("puzzle-retry", _("Try again"), b.embedded))
        if not b.shown:
            controls.append(_button("puzzle-answer", _("Show the answer")))
    if not b.daily and not b.playing and not b.embedded:
        controls.append(_button("puzzle-daily", _("Daily puzzle")))
    return Node(
        "div",
        cls="puzzle-foot",
        children=[
            Node(
                "span",
                f"{solved} · {streak}",
                "puzzle-progress",
                {"data-puzzle-streak": str(b.streak)},
            ),
            *([Node("span", cls="puzzle-controls", children=controls)] if controls else []),
        ],
    )


def box(b: BoxState) -> list[Node]:
    """The puzzle's box: its name, the goal, the answer to the player's card (the answer itself
    only when asked), the progress and the controls (every text set as text)."""
    name = puzzle_name(b.title, b.number)
    if b.daily:
        head = [Node("b", _("Daily puzzle"), "lesson-title"), Node("small", b.daily, "puzzle-date")]
        out = [Node("div", cls="lesson-head", children=head), Node("p", name, "puzzle-name")]
    else:
        out = [Node("div", cls="lesson-head", children=[Node("b", name, "lesson-title")])]
    out.append(Node("p", b.goal, "puzzle-goal", {"data-puzzle-goal": "1"}))
    if b.state == "solving":
        out.append(
            Node("p", kind_text(b.kind) + " " + _("Your turn: find the best card."), "puzzle-kind")
        )
    ok = b.state == "solved"
    said = _feedback(b, ok)
    if said:
        out.append(
            Node(
                "div",
                cls=f"lesson-feedback {'right' if ok else 'wrong'}",
                attrs={"data-puzzle-feedback": b.state, "role": "status"},
                children=said,
            )
        )
    if b.note:
        out.append(Node("p", b.note, "puzzle-note", {"data-puzzle-note": "1"}))
    out.append(_foot(b))
    return out
