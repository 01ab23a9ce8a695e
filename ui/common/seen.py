"""What the table's reader may see: the one place the page takes the deal from.

The page never draws, says or posts the engine's truth (`deal.tricks`, `deal.moves`): only
`deal.view(seat)` of the seats its reader plays. A play a game lays face down shows as `??` in
every other seat's view; it stays `??` on the felt, in the live region and in the events
posted to a tutorial's parent page.

Pure (no `js`): tested under CPython (tests/ui/test_seen.py).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import is_card_move
from engine.core import Deal

HIDDEN = "??"  # a card the view does not show


def _merge_plays(views: Sequence[Sequence[Sequence[Any]]]) -> list[list[Any]]:
    """The plays of one trick as the union of several seats' views: a play shows its cards
    when any of those seats sees them."""
    out: list[list[Any]] = [[int(s), str(mv)] for s, mv in views[0]]
    for other in views[1:]:
        for i, (_s, mv) in enumerate(other):
            if i < len(out) and HIDDEN in out[i][1].split() and HIDDEN not in str(mv).split():
                out[i][1] = str(mv)
    return out


def reader_view(
    deal: Deal, readers: Collection[int] = (0,), open_view: bool = False
) -> dict[str, Any]:
    """Seat 0's view, with the plays every seat in `readers` sees (an embed where the reader
    plays every seat), or every seat's (the explicit `data-view="open"`)."""
    v = deal.view(0)
    seats = range(deal.players) if open_view else sorted(s for s in readers if s != 0)
    others = [deal.view(s) for s in seats if 0 < s < deal.players]
    if not others:
        return v
    views = [v, *others]
    v["trick"] = _merge_plays([w.get("trick") or [] for w in views])
    tricks = []
    for i, t in enumerate(v.get("tricks") or []):
        tricks.append(
            {**t, "plays": _merge_plays([(w.get("tricks") or [])[i]["plays"] for w in views])}
        )
    v["tricks"] = tricks
    return v


def all_plays(view: dict[str, Any]) -> list[tuple[int, str]]:
    """Every play of the deal so far, as the view shows it, in the order they were made."""
    out = [(int(s), str(mv)) for t in view.get("tricks") or [] for s, mv in t["plays"]]
    out += [(int(s), str(mv)) for s, mv in view.get("trick") or []]
    return out


def masked(move: str) -> str:
    """A card play with none of its cards shown."""
    return " ".join(HIDDEN for _t in move.split())


@dataclass(frozen=True)
class Seen:
    """One move as the reader saw it: the move (`??` for a card it may not see), the trick in
    progress after it, and the trick it finished, if it finished one (None otherwise)."""

    seat: int
    move: str
    trick: list[list[Any]]
    finished: dict[str, Any] | None
    phase: str


def _trick_at(
    tricks: list[dict[str, Any]], current: list[list[Any]], n: int
) -> tuple[list[list[Any]], dict[str, Any] | None]:
    """After the deal's first `n` plays: the trick in progress and, when play `n` finished a
    trick, that trick."""
    k = 0
    for t in tricks:
        plays = t["plays"]
        if n <= k + len(plays):
            if n == k + len(plays):
                return [], (dict(t) if n > 0 else None)
            return [list(p) for p in plays[: n - k]], None
        k += len(plays)
    return [list(p) for p in current[: n - k]], None


def seen_moves(
    before: dict[str, Any], after: dict[str, Any], moves: Sequence[tuple[int, str]]
) -> list[Seen]:
    """Moves `moves` ((seat, move) in order), made between the views `before` and `after`, as
    the reader saw each one. A bid, a pass or a trump named is seen by every seat; a card play
    is what the view shows for it, and `??` should the view not have it where it belongs."""
    tricks = list(after.get("tricks") or [])
    current = [list(p) for p in after.get("trick") or []]
    plays = all_plays(after)
    n = len(all_plays(before))
    out = []
    for seat, move in moves:
        shown, finished = move, None
        if is_card_move(move):
            if n < len(plays) and plays[n][0] == seat:
                shown = plays[n][1]
            else:
                shown = masked(move)
            n += 1
            trick, finished = _trick_at(tricks, current, n)
        else:
            trick, _done = _trick_at(tricks, current, n)
        out.append(Seen(seat, shown, trick, finished, str(after.get("phase"))))
    return out


def seen_move(before: dict[str, Any], after: dict[str, Any], seat: int, move: str) -> Seen:
    """One move of `seat`, made between the views `before` and `after`, as the reader saw it."""
    return seen_moves(before, after, [(seat, move)])[0]


def hidden_cards(deal: Deal, view: dict[str, Any]) -> set[str]:
    """The cards played this deal that `view` shows face down (the property tests' yardstick:
    none of them may reach anything the reader is shown)."""
    truth = [mv for t in deal.tricks for _s, mv in t["plays"]] + [mv for _s, mv in deal.trick]
    seen = [mv for _s, mv in all_plays(view)]
    out: set[str] = set()
    for real, shown in zip(truth, seen):
        for c, s in zip(str(real).split(), str(shown).split()):
            if s == HIDDEN:
                out.add(c)
    return out
