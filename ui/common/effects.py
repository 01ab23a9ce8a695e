"""What the table's controller asks the page to do: effect values, carried out by the DOM layer.

The controller (ui/table/table.py) never touches the browser; each of its events returns a list
of these. Work that answers later (the computer's move, a timer, an evaluation) carries the
controller's state id, and an answer for another id is refused: it is for a position gone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Render:
    """Draw the table again from the controller's view model."""


@dataclass(frozen=True)
class Say:
    """A line for the polite live region (#announce)."""

    text: str


@dataclass(frozen=True)
class Toast:
    text: str


@dataclass(frozen=True)
class NewTable:
    """Another match (or the same one again) is put on the table: every message of the one
    before (its toast, the lines said) goes with it."""


@dataclass(frozen=True)
class Sound:
    kind: str  # "card", "trick", "turn", "won", "lost"


@dataclass(frozen=True)
class Post:
    """An event for a tutorial's parent page (ui/embed/spec.py's `event`)."""

    data: dict[str, Any]


@dataclass(frozen=True)
class Ask:
    """The computer's move for seat `seat` at state `sid`: at `level` (the baseline for "easy"
    or when the search is not to be had), answered no sooner than `pause` seconds, with
    `Table.computer_chose(sid, move)`."""

    sid: int
    record: str
    level: str
    seed: int
    pause: float
    seat: int


@dataclass(frozen=True)
class After:
    """`Table.timer(kind, sid)` in `seconds` ("linger", "sweep", "tick")."""

    seconds: float
    kind: str
    sid: int


@dataclass(frozen=True)
class Evaluate:
    """The search's evaluation of the reader's moves at state `sid` (kind "hint" or "check"),
    answered with `Table.evaluated(kind, sid, evaluation or None, error)`."""

    kind: str
    sid: int
    record: str
    seed: int


@dataclass(frozen=True)
class Sweep:
    """The finished trick slides to `winner`'s seat, at screen side `side`."""

    winner: int
    side: str


@dataclass(frozen=True)
class Sheet:
    """A sheet or dialog over the table (kind as `Overlay`), its HTML built from views."""

    kind: str
    html: str
    say_head: bool = False  # the live region reads its heading


@dataclass(frozen=True)
class CloseSheet:
    pass


@dataclass(frozen=True)
class Focus:
    """Focus on the hand's first playable card (`new_turn`: even away from a control)."""

    new_turn: bool


@dataclass(frozen=True)
class TimerText:
    """The trump timer's seconds left, written into the panel's `[data-timer]`."""

    seconds: int


@dataclass(frozen=True)
class ShowTable:
    """The table on the page, in place of the lobby."""


@dataclass(frozen=True)
class Save:
    """Keep where the page is in the browser's storage."""


Effect = (
    Render
    | Say
    | Toast
    | NewTable
    | Sound
    | Post
    | Ask
    | After
    | Evaluate
    | Sweep
    | Sheet
    | CloseSheet
    | Focus
    | TimerText
    | ShowTable
    | Save
)
