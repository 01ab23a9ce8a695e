"""The table as its parts see it: the state they read and the methods that change it (the
parts of ui/table/table.py's `Table`: ui/table/pace.py, ui/teach/coach.py, ui/embed/tutor.py,
ui/teach/looking.py, ui/puzzles/on_table.py).

A part holds a `TableCore`, the `Table` that holds it (the type checker checks that `Table` is
one); the part module does not import the table's, which imports it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Concatenate, Generic, Never, ParamSpec, Protocol, TypeVar

from ui.common import effects as F
from ui.sheets.overlay import Overlay
from ui.table import view as TV


class TableCore(Protocol):
    """What a part reads of the table, and asks it to do (only the table changes its state)."""

    clock: Callable[[], float]
    match: Any  # the engine's Match
    cur: int
    sid: int
    seq: int
    speed: str
    level: str
    overlay: Overlay | None
    summary_closed: bool
    lingering: bool
    last_trick: dict[str, Any] | None
    readers: set[int]
    seat_shift: int
    search_ok: bool

    @property
    def deal(self) -> Any: ...
    @property
    def lesson(self) -> bool: ...
    @property
    def stepping(self) -> bool: ...
    @property
    def puzzle(self) -> Any: ...
    @property
    def waiting(self) -> str | None: ...

    # reading
    def emit(self, *effects: F.Effect) -> None: ...
    def gi(self) -> dict[str, Any]: ...
    def names(self) -> list[str]: ...
    def view(self) -> dict[str, Any]: ...
    def can_act(self) -> bool: ...
    def multi(self) -> bool: ...
    def record_json(self) -> str: ...
    def bot_rng(self) -> random.Random: ...
    def reason(self, move: str) -> str | None: ...
    def model(self, **page: Any) -> TV.Model: ...

    # the table's changes
    def put(self, match: Any, cur: int) -> None: ...
    def show(self, match: Any, cur: int) -> None: ...
    def swap(self, match: Any, cur: int) -> None: ...
    def take_back(self, match: Any) -> None: ...
    def begin_deal(self) -> None: ...
    def arrange(self, readers: set[int] | None = None, open_view: bool | None = None,
                shift: int | None = None, speed: str | None = None) -> None: ...
    def end_show(self, settled: bool = False) -> None: ...
    def unselect(self) -> None: ...
    def mark_away(self, seat: int) -> None: ...
    def practise(self) -> None: ...
    def search_failed(self) -> None: ...
    def play(self, move: str, checked: bool = False) -> None: ...
    def apply(self, move: str) -> None: ...
    def advance(self) -> None: ...
    def wait(self, kind: str, seconds: float) -> None: ...
    def replies_due(self) -> None: ...
    def leave_tutor(self) -> None: ...
    def rate_turn(self, new: bool) -> None: ...

    # sheets
    def open(self, kind: Overlay, html: str, say_head: bool = False) -> None: ...
    def close(self, was: Any = None, go_on: bool = True) -> None: ...
    def summary(self) -> None: ...
    def match_over(self) -> None: ...


T = TypeVar("T")
P = ParamSpec("P")
R = TypeVar("R")


class Field(Generic[T]):
    """A field of one of the table's parts, read as the table's own (the table's entry point
    for the page): `pz_state = Field[str]("puzzling", "state")`. Not written through the
    table (a `Setting` is)."""

    def __init__(self, part: str, name: str) -> None:
        self.part, self.name = part, name

    def __get__(self, table: object, owner: type | None = None) -> T:
        value: T = getattr(getattr(table, self.part), self.name)
        return value

    def __set__(self, table: object, value: Never) -> None:
        raise AttributeError(f"{self.part}.{self.name} is the part's to change")


class Setting(Field[T]):
    """A field of one of the table's parts that the page sets through the table."""

    def __set__(self, table: object, value: T) -> None:
        setattr(getattr(table, self.part), self.name, value)


class Entry(Generic[P, R]):
    """A method of one of the table's parts, called as the table's own (the table's entry
    point for the page), with the method's own signature: `undo = Entry("coach", Coach.undo)`."""

    def __init__(self, part: str, method: Callable[Concatenate[Any, P], R]) -> None:
        self.part, self.name = part, method.__name__

    def __get__(self, table: object, owner: type | None = None) -> Callable[P, R]:
        bound: Callable[P, R] = getattr(getattr(table, self.part), self.name)
        return bound
