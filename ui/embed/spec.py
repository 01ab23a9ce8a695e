"""Embedding the table in a tutorial site (pure: no `js`, tested under CPython).

What the address or a parent window may ask for, checked before anything changes:

- a **position**: an engine record (JSON, or the `z1.` compact form of `engine.address`), seen
  from the reader's seat (`seat=k`; the record is turned so that seat k sits at the bottom),
  with `seats=all` (the reader plays every seat), `view=open` (every hand shown) and `step=N`
  (the state after the record's first N moves, with forward and back);
- a **lesson** (`engine.content.lessons`): inline, a same-origin address of a lesson file, or (`wait=lesson`)
  the parent's `load` of a file embed.js read on its own site; `fit=1`: the frame follows the
  table's height (`resize` events, sent by ui/web/);
- **commands** by `postMessage` (`load`, `play`, `restart`, `step`, `set`) and the **events**
  the table sends back (`ready`, `move`, `trick`, `deal-over`, `lesson-step`, `lesson-done`,
  `error`): every message is a JSON object `{"v": 1, "type": ...}`; events also carry
  `"source": "trick-table"`. docs/embed.md documents every field.

Every refusal is an EmbedError whose text is a sentence for a person; the page shows it with
textContent and sends it as an `error` event, and changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import engine
from engine import address
from engine import untrusted as U
from engine.content.lessons import Lesson, load_lesson
from engine.core import Match
from ui.common.i18n import _, error_text, game_info, grouped
from ui.common.seen import Seen

VERSION = 1
SOURCE = "trick-table"
# Address parameters of embedding (beside the table's own: game, seed, speed, players, level).
PARAMS = frozenset(
    {
        "embed",
        "record",
        "lesson",
        "seat",
        "seats",
        "view",
        "step",
        "parent",
        "fit",
        "wait",
        "lang",
        "puzzle",
    }
)
COMMANDS = {
    # (`name`: the lesson file's address, for sentences; `size` instead of `lesson`: embed.js
    # read a file too large to hand over)
    "load": frozenset({"record", "lesson", "name", "size", "seat", "seats", "view", "step"}),
    "play": frozenset({"move"}),
    "restart": frozenset(),
    "step": frozenset({"dir", "to"}),
    "set": frozenset({"speed", "view", "seats"}),
}
EVENTS = (
    "ready",
    "resize",
    "move",
    "trick",
    "deal-over",
    "lesson-step",
    "lesson-done",
    "error",
    "puzzle-solved",
    "puzzle-failed",
)
MAX_LESSON = 250_000  # characters of a lesson file
MAX_MESSAGE = 600_000  # characters of a message's JSON (a lesson file's text fits, escaped)
SPEEDS = ("0", "1", "2", "3")


class EmbedError(ValueError):
    """A position, lesson, parameter or message that cannot be used; str() says why (in the
    page's language)."""


@dataclass
class Spec:
    """What to put on the table: a record position or a lesson, and how to show it."""

    game: str | None = None
    record: dict[str, Any] | None = None
    lesson: Lesson | None = None
    lesson_url: str | None = None  # to fetch first (same origin only)
    seat: int = 0
    all_seats: bool = False
    open_view: bool = False
    step: int | None = None
    embed: bool = False
    parent: str | None = None
    fit: bool = False  # the parent's frame follows the table's height (`resize` events)
    wait: bool = False  # the lesson comes by the parent's `load` message (embed.js fetched it)
    extra: dict[str, Any] = field(default_factory=dict)


def event(kind: str, **fields: Any) -> dict[str, Any]:
    """An event for the parent window."""
    assert kind in EVENTS, kind
    return {"v": VERSION, "source": SOURCE, "type": kind, **fields}


def move_events(
    seen: Seen, deal: int, result: Mapping[str, Any] | None, orig: Callable[[int], int | None]
) -> list[dict[str, Any]]:
    """The events for the parent window after one move, as the reader saw it: the move (with
    the trick in progress), the trick it finished, and the deal's end (`result`, once the deal
    is over, else None). `orig` turns a table seat into the record's own numbering."""
    out = [
        event(
            "move",
            seat=orig(seen.seat),
            move=seen.move,
            trick=[[orig(int(s)), str(mv)] for s, mv in seen.trick],
            deal=deal,
            phase=seen.phase,
        )
    ]
    if seen.finished is not None:
        t = seen.finished
        out.append(
            event(
                "trick",
                plays=[[orig(int(s)), str(mv)] for s, mv in t["plays"]],
                winner=orig(int(t["winner"])),
            )
        )
    if result is not None:
        out.append(
            event("deal-over", deal=deal, result=json.loads(json.dumps(result, default=str)))
        )
    return out


# ------------------------------------------------------------------------------ addresses
def parse_params(raw: Mapping[str, str], origin: str) -> Spec:
    """The embedding parameters of an address (already URL-decoded). `origin` is the page's
    own origin, for `lesson=<address>` and `parent=`."""
    spec = Spec(
        embed=raw.get("embed", "") in ("1", "true", "yes"),
        fit=raw.get("fit", "") in ("1", "true", "yes"),
    )
    if "wait" in raw:
        if raw["wait"] != "lesson" or "lesson" in raw or "record" in raw:
            raise EmbedError(
                _(
                    "“wait” can only be “lesson” (the parent page sends the lesson), "
                    "without a lesson or record in the address."
                )
            )
        spec.wait = True
    if "parent" in raw:
        spec.parent = check_origin(raw["parent"])
    game = raw.get("game")
    if game is not None and game not in engine.GAMES:
        raise EmbedError(
            _("Unknown game “{game}”: this table has {games}.").format(
                game=U.quote(game), games=", ".join(engine.GAMES)
            )
        )
    spec.game = game
    if "record" in raw and "lesson" in raw:
        raise EmbedError(_("The address gives both a record and a lesson: give one of them."))
    if "record" in raw:
        spec.record = parse_record(raw["record"])
    if "lesson" in raw:
        text = raw["lesson"].strip()
        if text.startswith(("{", address.PREFIX)):
            spec.lesson = parse_lesson(text)
        else:
            spec.lesson_url = same_origin_url(text, origin)
    apply_view(spec, raw)
    for what in (spec.record, spec.lesson):
        g = what.game if isinstance(what, Lesson) else (what or {}).get("game")
        if what is not None and game is not None and g != game:
            text = (
                _("The address is for {game}, but its lesson is for {other}.")
                if isinstance(what, Lesson)
                else _("The address is for {game}, but its record is for {other}.")
            )
            raise EmbedError(text.format(game=title(game), other=title(str(g))))
    return spec


def apply_view(spec: Spec, raw: Mapping[str, Any]) -> None:
    """`seat`, `seats`, `view` and `step` from an address or a `load`/`set` command."""
    if "seat" in raw:
        spec.seat = whole(raw["seat"], "seat", 0, 4)
    if "seats" in raw:
        if raw["seats"] not in ("all", "one"):
            raise EmbedError(
                _(
                    "“seats” must be “all” (the reader plays every seat) or “one”, not “{value}”."
                ).format(value=U.quote(raw["seats"]))
            )
        spec.all_seats = raw["seats"] == "all"
    if "view" in raw:
        if raw["view"] not in ("open", "own"):
            raise EmbedError(
                _("“view” must be “open” (every hand shown) or “own”, not “{value}”.").format(
                    value=U.quote(raw["view"])
                )
            )
        spec.open_view = raw["view"] == "open"
    if "step" in raw:
        spec.step = whole(raw["step"], "step", 0, 10_000)


def whole(value: object, name: str, low: int, high: int) -> int:
    """A whole number of an address or a message (engine.untrusted.whole: ASCII digits,
    bounded); EmbedError says what it must be."""
    try:
        return U.whole(value, name, low, high)
    except U.UntrustedError as exc:
        raise EmbedError(error_text(exc)) from None


def title(game: str) -> str:
    info = engine.GAME_INFO.get(game)
    return str(game_info(info)["title"]) if info else f"“{game}”"


def check_origin(text: str) -> str:
    """`parent=`: an origin such as https://example.org (scheme, host, optional port)."""
    t = text.strip()
    scheme, sep, rest = t.partition("://")
    if (
        not sep
        or scheme not in ("http", "https")
        or not rest
        or "/" in rest
        or "?" in rest
        or "#" in rest
        or "@" in rest
        or " " in rest
    ):
        raise EmbedError(
            _("“parent” must be an origin such as https://example.org, not “{value}”.").format(
                value=U.quote(t)
            )
        )
    return t


def same_origin_url(text: str, origin: str) -> str:
    """A lesson file's address: relative to the page, or absolute on the page's own origin."""
    t = text.strip()
    if not t or any(c in t for c in ' "<>\\') or t.startswith("//"):
        raise EmbedError(
            _("The lesson address “{address}” is not one this table can open.").format(
                address=U.quote(t, 200)
            )
        )
    if ("://" in t or t.lower().startswith(("javascript:", "data:", "blob:"))) and not t.startswith(
        origin + "/"
    ):
        raise EmbedError(
            _(
                "A lesson can only be loaded from this site’s own address "
                "({origin}), not from “{address}”."
            ).format(origin=origin, address=U.quote(t, 200))
        )
    return t


def parse_record(value: object) -> dict[str, Any]:
    """A record given as an object, JSON text or the compact form; checked by replaying it."""
    if isinstance(value, str):
        try:
            value = address.decode(value.strip())
        except address.AddressError as exc:
            raise EmbedError(error_text(exc)) from None
    if not isinstance(value, dict):
        raise EmbedError(
            _("The position must be an engine record: a JSON object with game and deals.")
        )
    try:
        engine.replay(value)
    except ValueError as exc:
        raise EmbedError(
            _("The position could not be set up: {reason}").format(reason=error_text(exc))
        ) from None
    return value


def too_large(address: str, size: int) -> EmbedError:
    """A lesson file over MAX_LESSON characters."""
    return EmbedError(
        _(
            "The lesson “{address}” is too large: {size} characters, and a lesson "
            "file may have at most {limit}."
        ).format(address=U.quote(address, 200), size=grouped(size), limit=grouped(MAX_LESSON))
    )


def lesson_from_text(text: str, address: str, game: str | None) -> Lesson:
    """A lesson file's text, checked (at most MAX_LESSON characters of JSON, a lesson the
    engine takes, for `game` when the table is set for one); every refusal names the file."""
    if len(text) > MAX_LESSON:
        raise too_large(address, len(text))
    try:
        data = U.loads(text, max_chars=MAX_LESSON)
    except U.UntrustedError as exc:
        if exc.message.key != "untrusted.bad_json":
            raise EmbedError(
                _(
                    "The lesson “{address}” is nested more than {depth} levels deep: "
                    "it is not a lesson."
                ).format(address=U.quote(address, 200), depth=U.MAX_DEPTH)
            ) from None
        raise EmbedError(
            _("The lesson “{address}” is not JSON.").format(address=U.quote(address, 200))
        ) from None
    lesson = parse_lesson(data, address)
    if game is not None and lesson.game != game:
        raise EmbedError(
            _("The table is set for {game}, but the lesson “{address}” is for {other}.").format(
                game=title(game), address=U.quote(address, 200), other=title(lesson.game)
            )
        )
    return lesson


def parse_lesson(value: object, address: str | None = None) -> Lesson:
    """A lesson (an object, or text: JSON or the compact form) the engine's reader takes;
    `address`: the file it came from, named in the sentence."""
    try:
        if isinstance(value, str):
            value = address_decode(value.strip())
        return load_lesson(value)
    except ValueError as exc:
        if address is not None:
            raise EmbedError(
                _("The lesson “{address}” is not a lesson the table can use: {reason}").format(
                    address=U.quote(address, 200), reason=error_text(exc)
                )
            ) from None
        raise EmbedError(
            _("The lesson could not be loaded: {reason}").format(reason=error_text(exc))
        ) from None


def address_decode(text: str) -> Any:
    return address.decode(text, what="lesson")


# ------------------------------------------------------------------------------ positions
def flat_moves(record: Mapping[str, Any]) -> list[tuple[int, str]]:
    """The record's moves in order, as (deal index, move)."""
    return [(i, mv) for i, d in enumerate(record["deals"]) for mv in d.get("moves", [])]


def truncate(record: Mapping[str, Any], n: int) -> dict[str, Any]:
    """The record after its first `n` moves (later deals dropped, the last one cut)."""
    out: dict[str, Any] = json.loads(json.dumps(record))
    left = n
    deals = []
    for d in out["deals"]:
        moves = d.get("moves", [])
        deals.append({**d, "moves": moves[:left]})
        if len(moves) >= left:
            break
        left -= len(moves)
    out["deals"] = deals
    return out


def rotate(record: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """The record seen from `seat`: that seat becomes seat 0 (hands and dealers turn with it;
    moves do not name seats). Refused where the game does not play the same when turned."""
    out: dict[str, Any] = json.loads(json.dumps(record))
    if seat == 0:
        return out
    try:
        original = engine.replay(record)
    except ValueError as exc:
        raise EmbedError(
            _("The position could not be set up: {reason}").format(reason=error_text(exc))
        ) from None
    n = original.players
    if not 0 <= seat < n:
        raise EmbedError(
            _("“seat” must be a seat of this table, from 0 to {last}, not {seat}.").format(
                last=n - 1, seat=seat
            )
        )
    for d in out["deals"]:
        if "hands" in d:
            d["hands"] = [d["hands"][(i + seat) % n] for i in range(n)]
        if "dealer" in d:
            d["dealer"] = (d["dealer"] - seat) % n
    turned = replay_or_none(out)
    if turned is None or not same_turns(record, out, seat, n):
        raise EmbedError(
            _("This position cannot be shown from seat {seat}; show it from seat 0.").format(
                seat=seat
            )
        )
    return out


def replay_or_none(record: Mapping[str, Any]) -> Match | None:
    try:
        return engine.replay(record)
    except ValueError:
        return None


def same_turns(a: Mapping[str, Any], b: Mapping[str, Any], seat: int, n: int) -> bool:
    """Whether the turned record `b` has the same seat (turned) to move at every step."""
    ma = engine.replay(truncate(a, 0))
    mb = engine.replay(truncate(b, 0))
    for _deal, mv in flat_moves(a):
        ta, tb = ma.to_move, mb.to_move
        if ta is None or tb is None or (ta - seat) % n != tb:
            return False
        try:
            ma.play(mv)
            mb.play(mv)
        except ValueError:
            return False
    ta, tb = ma.to_move, mb.to_move
    return (ta is None) == (tb is None) and (ta is None or tb is None or (ta - seat) % n == tb)


def turn_lesson(lesson: Lesson, seat: int | None) -> Lesson:
    """The lesson seen from the reader's seat (`seat`, else the lesson's own): seat 0."""
    seat = lesson.seat if seat is None or seat == 0 else seat
    if seat == 0:
        return lesson
    doc = lesson.to_json()
    doc["record"] = rotate(doc["record"], seat)
    doc["seat"] = 0
    return parse_lesson(doc)


# ------------------------------------------------------------------------------ messages
def parse_command(text: object) -> dict[str, Any]:
    """A command from the parent window (its JSON text); EmbedError says what is wrong."""
    if not isinstance(text, str) or len(text) > MAX_MESSAGE:
        raise EmbedError(
            _("A message to the table must be a JSON object of at most {limit} characters.").format(
                limit=MAX_MESSAGE
            )
        )
    try:
        data = U.loads(text, max_chars=MAX_MESSAGE)
    except U.UntrustedError as exc:
        if exc.message.key != "untrusted.bad_json":
            raise EmbedError(
                _(
                    "A message to the table may nest lists and objects at most {depth} levels deep."
                ).format(depth=U.MAX_DEPTH)
            ) from None
        raise EmbedError(_("A message to the table must be a JSON object.")) from None
    if not isinstance(data, dict):
        raise EmbedError(
            _("A message to the table must be a JSON object such as {example}.").format(
                example='{"v": 1, "type": "restart"}'
            )
        )
    if data.get("v") != VERSION:
        raise EmbedError(
            _("The message’s “v” must be {version}, not {value}.").format(
                version=VERSION, value=json.dumps(data.get("v"))
            )
        )
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in COMMANDS:
        raise EmbedError(
            _("Unknown command {command}: the table knows {commands}.").format(
                command=json.dumps(kind)[:80], commands=", ".join(COMMANDS)
            )
        )
    extra = sorted(set(data) - {"v", "type"} - COMMANDS[kind])
    if extra:
        raise EmbedError(
            _("The command “{command}” has unknown field(s): {fields}.").format(
                command=kind, fields=", ".join(e[:40] for e in extra)
            )
        )
    if kind == "load" and sum(k in data for k in ("record", "lesson", "size")) != 1:
        raise EmbedError(_("“load” needs a record or a lesson (one of them)."))
    if kind == "load" and not isinstance(data.get("name", ""), str):
        raise EmbedError(_("“name” must be the lesson file’s address, as text."))
    if (
        kind == "load"
        and "size" in data
        and (not isinstance(data["size"], int) or isinstance(data["size"], bool))
    ):
        raise EmbedError(
            _("“size” must be a whole number, not {value}.").format(
                value=U.quote(json.dumps(data["size"]))
            )
        )
    if kind == "load" and "size" in data:
        whole(data["size"], "size", MAX_LESSON + 1, 10**12)
    if kind == "play" and not isinstance(data.get("move"), str):
        raise EmbedError(_('“play” needs a move as text, such as "QS" or "bid 5".'))
    if kind == "step":
        if "to" in data:
            whole(data["to"], "to", 0, 10_000)
        elif data.get("dir") not in ("forward", "back"):
            raise EmbedError(
                _("“step” needs “dir”: “forward” or “back” (or “to”: a number of moves).")
            )
    if kind == "set":
        if not set(data) - {"v", "type"}:
            raise EmbedError(_("“set” needs speed, view or seats."))
        if "speed" in data and str(data["speed"]) not in SPEEDS:
            raise EmbedError(
                _("“speed” must be 0, 1, 2 or 3, not {value}.").format(
                    value=json.dumps(data["speed"])
                )
            )
        apply_view(Spec(), data)  # checks view and seats
    return data
