"""Reading puzzle files (docs/puzzles.md): the format, the checks of `load_puzzles` and the
solver's main line after a move. The part of engine.content.puzzles the page needs, on its own
so that the page's runtime does not ship the builder's tools (argparse, gzip, pathlib, hashlib);
engine.content.puzzles builds and proves the puzzles, and re-exports all of this."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import Deal, RecordError, replay
from ..messages import Message, MessageError, msg
from ..untrusted import loads as loads_bounded
from . import puzzle_messages  # noqa: F401  (the messages below)

FORMAT = "trick-table-puzzles"
VERSION = 1
GAMES = ("koz-maca", "batak", "batak-pairs", "kozel-miner", "kozel-classic")
KINDS = ("open", "closed")
LAYOUTS = 100  # layouts a closed puzzle is proved on besides the deal's own (or all of them)


PUZZLE_FIELDS = frozenset(
    {
        "id",
        "kind",
        "record",
        "seat",
        "side",
        "unit",
        "value",
        "best",
        "lines",
        "layouts",
        "difficulty",
    }
)


FILE_FIELDS = frozenset({"format", "version", "game", "seed", "inputs", "count", "puzzles"})


class PuzzleError(MessageError):
    """A puzzle or puzzle file that cannot be used; `.message` says why."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle as loaded (see the module's docstring and docs/puzzles.md)."""

    id: str
    game: str
    kind: str
    record: Mapping[str, Any]
    seat: int
    side: tuple[int, ...]
    unit: str
    value: int
    best: tuple[str, ...]
    lines: Mapping[str, tuple[str, ...]]
    layouts: Mapping[str, Any] | None
    difficulty: Mapping[str, Any]

    def position(self) -> Deal:
        """The engine deal at the puzzle's position (a fresh copy each call)."""
        return replay(self.record).deal


@dataclass
class Loaded:
    """What `load_puzzles` read: the puzzles that passed and a message per problem."""

    game: str | None = None
    header: dict[str, Any] = field(default_factory=dict)
    puzzles: list[Puzzle] = field(default_factory=list)
    errors: list[Message] = field(default_factory=list)


def side_of(deal: Deal, seat: int) -> tuple[int, ...]:
    """The seats that play with `seat` for the puzzle's goal."""
    game = deal.game
    if game == "koz-maca":
        return (seat,)
    if game == "batak":
        decl = getattr(deal, "declarer", None)
        if seat == decl:
            return (seat,)
        return tuple(s for s in range(4) if s != decl)
    return tuple(sorted((seat, (seat + 2) % 4)))


def unit_of(game: str) -> str:
    return "points" if game.startswith("kozel") else "tricks"


def main_line(deal: Deal, side: Sequence[int], move: str) -> list[str]:
    """The solver's line after `move` to the end of the deal: each seat plays the first of
    its best moves (for the side: keeping the value; for the others: holding it down)."""
    from ..solver import solve

    d = deal.clone()
    d.play(move)
    line: list[str] = []
    while d.phase == "play":
        r = solve(d, side, best_moves=True)
        line.append(r.best[0])
        d.play(r.best[0])
    return line


def _kind(v: Any) -> str:
    return {
        bool: "true/false",
        int: "a number",
        float: "a number",
        str: "text",
        list: "a list",
        dict: "an object",
    }.get(type(v), type(v).__name__)


def load_puzzles(data: Any, game: str | None = None) -> Loaded:
    """Reads a puzzle file (its text, bytes, or the parsed JSON) and checks every puzzle: the
    file's format and version, each puzzle's fields, that its record replays to a card-play
    position with its seat to move, that its right moves are legal there and that each right
    move's line replays to the end of the deal. Never raises on bad input: the puzzles that
    pass are in `.puzzles`, a message per problem in `.errors`. (The solver's proof is
    `prove`.)"""
    out = Loaded()
    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            out.errors.append(msg("puzzles.not_json", why=str(exc)))
            return out
    if isinstance(data, str):
        try:
            data = loads_bounded(data, max_chars=None)
        except ValueError as exc:
            out.errors.append(msg("puzzles.not_json", why=str(exc)))
            return out
    if not isinstance(data, Mapping):
        out.errors.append(msg("puzzles.not_object"))
        return out
    if data.get("format") != FORMAT:
        out.errors.append(msg("puzzles.format", value=json.dumps(data.get("format"))))
        return out
    if data.get("version") != VERSION:
        out.errors.append(
            msg("puzzles.version", have=json.dumps(data.get("version")), want=VERSION)
        )
        return out
    g = data.get("game")
    if g not in GAMES or (game is not None and g != game):
        out.errors.append(msg("puzzles.game", game=json.dumps(g), games=", ".join(GAMES)))
        return out
    out.game = g
    out.header = {k: data[k] for k in FILE_FIELDS - {"puzzles"} if k in data}
    items = data.get("puzzles")
    if not isinstance(items, list):
        out.errors.append(msg("puzzles.list"))
        return out
    ids: set[str] = set()
    for n, raw in enumerate(items, 1):
        try:
            p = parse_puzzle(raw, g)
        except PuzzleError as exc:
            pid = raw.get("id") if isinstance(raw, Mapping) else None
            out.errors.append(
                msg("puzzles.in", id=pid, reason=exc.message)
                if isinstance(pid, str) and pid
                else msg("puzzles.bad", index=n, why=exc.message)
            )
            continue
        if p.id in ids:
            out.errors.append(msg("puzzles.in", id=p.id, reason=msg("puzzles.duplicate")))
            continue
        ids.add(p.id)
        out.puzzles.append(p)
    return out


def _need(raw: Mapping[str, Any], name: str, typ: type | tuple[type, ...], kind: str) -> Any:
    v = raw.get(name)
    if not isinstance(v, typ) or isinstance(v, bool) and typ is not bool:
        raise PuzzleError(msg("puzzles.field", field=name, kind=kind))
    return v


def parse_puzzle(raw: Any, game: str) -> Puzzle:
    """One puzzle from its JSON, checked as `load_puzzles` says; PuzzleError names the
    problem."""
    if not isinstance(raw, Mapping):
        raise PuzzleError(msg("puzzles.field", field="puzzle", kind="an object"))
    extra = set(raw) - PUZZLE_FIELDS
    if extra:
        raise PuzzleError(msg("puzzles.unknown_fields", fields=", ".join(sorted(map(str, extra)))))
    pid = _need(raw, "id", str, "text")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise PuzzleError(msg("puzzles.field", field="kind", kind="'open' or 'closed'"))
    rec = _need(raw, "record", Mapping, "an object")
    seat = _need(raw, "seat", int, "a seat number")
    side = _need(raw, "side", list, "a list of seats")
    if not all(isinstance(s, int) and not isinstance(s, bool) for s in side):
        raise PuzzleError(msg("puzzles.field", field="side", kind="a list of seats"))
    value = _need(raw, "value", int, "a number")
    best = _need(raw, "best", list, "a list of moves")
    if not best or not all(isinstance(b, str) for b in best):
        raise PuzzleError(msg("puzzles.field", field="best", kind="a list of moves"))
    lines = _need(raw, "lines", Mapping, "an object")
    if set(lines) != set(best) or not all(
        isinstance(x, list) and all(isinstance(m, str) for m in x) for x in lines.values()
    ):
        raise PuzzleError(
            msg("puzzles.field", field="lines", kind="a line of moves for each right move")
        )
    diff = _need(raw, "difficulty", Mapping, "an object")
    lay = raw.get("layouts")
    if kind == "closed":
        if (
            not isinstance(lay, Mapping)
            or set(lay) != {"seed", "count", "all"}
            or not all(
                isinstance(lay[k], int) and not isinstance(lay[k], bool) for k in ("seed", "count")
            )
            or not isinstance(lay["all"], bool)
            or not 1 <= lay["count"] <= LAYOUTS + 1
        ):
            raise PuzzleError(
                msg(
                    "puzzles.field",
                    field="layouts",
                    kind=f"an object with seed, count (1 to {LAYOUTS + 1}) and all",
                )
            )
    elif lay is not None:
        raise PuzzleError(msg("puzzles.field", field="layouts", kind="absent in an open puzzle"))
    if rec.get("game") != game:
        raise PuzzleError(
            msg("puzzles.record_game", record_game=json.dumps(rec.get("game")), game=game)
        )
    deals = rec.get("deals")
    if (
        not isinstance(deals, list)
        or len(deals) != 1
        or not isinstance(deals[0], Mapping)
        or "hands" not in deals[0]
    ):
        raise PuzzleError(msg("puzzles.record_one_deal"))
    try:
        m = replay(rec)
    except RecordError as exc:
        raise PuzzleError(msg("puzzles.replay", reason=exc.message)) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        raise PuzzleError(msg("puzzles.replay", reason=str(exc))) from None
    d = m.deal
    if m.is_over or len(m.deals) != 1 or d.phase != "play":
        raise PuzzleError(msg("puzzles.not_play"))
    if d.to_move != seat:
        raise PuzzleError(msg("puzzles.seat", seat=seat))
    want = side_of(d, seat)
    if tuple(side) != want:
        raise PuzzleError(msg("puzzles.side", want=" ".join(map(str, want))))
    legal = d.legal_moves()
    for b in best:
        if b not in legal:
            raise PuzzleError(msg("puzzles.illegal_best", move=b))
        w = d.clone()
        try:
            w.play(b)
            for mv in lines[b]:
                if w.phase != "play":
                    raise PuzzleError(msg("puzzles.line_end", move=b))
                w.play(mv)
        except MessageError as exc:
            if isinstance(exc, PuzzleError):
                raise
            raise PuzzleError(msg("puzzles.line", move=b, reason=exc.message)) from None
        if w.phase == "play":
            raise PuzzleError(msg("puzzles.line_end", move=b))
    return Puzzle(
        id=pid,
        game=game,
        kind=kind,
        record=rec,
        seat=seat,
        side=tuple(side),
        unit=unit_of(game),
        value=value,
        best=tuple(best),
        lines={k: tuple(v) for k, v in lines.items()},
        layouts=dict(lay) if isinstance(lay, Mapping) else None,
        difficulty=dict(diff),
    )
