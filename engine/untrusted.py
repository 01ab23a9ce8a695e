"""Text from outside (an address, a parent page's message, a save, a lesson file), read with
limits, in one place.

- `loads(text, max_depth=…, max_chars=…)`: JSON, its size and nesting checked by scanning the
  text (a loop, no recursion) before it is parsed, so a text nested thousands of levels deep
  never reaches the parser (whose recursion overflows the WebAssembly stack under Pyodide,
  which no `except` catches).
- `whole(text, name, low, high)`: a whole number written in ASCII digits (an optional "-"
  where `low` is negative), within bounds; never Python's own `int()` text.

Every refusal is an `UntrustedError` (a `ValueError` carrying a `Message`): a sentence for a
person. A value quoted in it is cut short to `QUOTE` characters.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from .messages import MessageError, add_english, msg

MAX_DEPTH = 64  # levels of JSON nesting (objects and lists)
MAX_CHARS = 2_000_000  # characters of JSON text, unless the caller says otherwise
MAX_DIGITS = 18  # digits of a whole number
QUOTE = 40  # characters of a refused value quoted back

add_english(
    {
        "untrusted.not_text": "This is not text.",
        "untrusted.too_long": "The text is {length} characters long; at most {limit} are read.",
        "untrusted.too_deep": "The text is nested more than {limit} levels deep (lists and "
        "objects inside each other), so it is not read.",
        "untrusted.bad_json": "The text is not valid JSON: it goes wrong at line {line}, column "
        "{column}.",
        "untrusted.not_whole": "“{name}” must be a whole number from {low} to {high}, not "
        "“{value}”.",
        "untrusted.no_whole": "“{name}” must be a whole number from {low} to {high}, not nothing.",
    }
)

_SPECIAL = re.compile(r'["\\\[\]{}]')


class UntrustedError(MessageError):
    """Text from outside that is refused; `.message` says why, in English."""


def quote(value: Any, limit: int = QUOTE) -> str:
    """`value` as text for a sentence, cut short ("…") past `limit` characters."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def depth_of(text: str, stop: int | None = None) -> int:
    """The deepest nesting of lists and objects in JSON `text` (brackets inside strings do not
    count); stops counting once past `stop`. A loop over the brackets and quotes only."""
    depth = deepest = 0
    in_str = False
    skip = -1  # the index of a character escaped by a backslash inside a string
    for m in _SPECIAL.finditer(text):
        i = m.start()
        if i == skip:
            continue
        ch = m.group()
        if in_str:
            if ch == "\\":
                skip = i + 1
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if stop is not None and deepest > stop:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def check(text: Any, *, max_depth: int = MAX_DEPTH, max_chars: int | None = MAX_CHARS) -> str:
    """`text` when it is a string within the limits, else UntrustedError."""
    if not isinstance(text, str):
        raise UntrustedError(msg("untrusted.not_text"))
    if max_chars is not None and len(text) > max_chars:
        raise UntrustedError(msg("untrusted.too_long", length=len(text), limit=max_chars))
    if depth_of(text, max_depth) > max_depth:
        raise UntrustedError(msg("untrusted.too_deep", limit=max_depth))
    return text


def loads(
    text: Any, *, max_depth: int = MAX_DEPTH, max_chars: int | None = MAX_CHARS, **kwargs: Any
) -> Any:
    """`json.loads(text, **kwargs)` once the text's size and depth are checked; every failure
    is an UntrustedError (a ValueError)."""
    check(text, max_depth=max_depth, max_chars=max_chars)
    try:
        return json.loads(text, **kwargs)
    except json.JSONDecodeError as exc:  # where, never the parser's own words
        raise UntrustedError(msg("untrusted.bad_json", line=exc.lineno, column=exc.colno)) from None
    except (ValueError, RecursionError):  # (a value refused by a `parse_constant`)
        raise UntrustedError(msg("untrusted.bad_json", line=1, column=1)) from None


def loads_or(
    text: Any,
    error: type[Exception],
    not_json: str,
    too_big: str,
    *,
    max_depth: int = MAX_DEPTH,
    max_chars: int = MAX_CHARS,
) -> Any:
    """`loads(text)` for a reader with its own error class and sentences (already translated):
    text that is not JSON raises `error(not_json)` (its `{line}` and `{column}`: where it goes
    wrong), text too long or too deep `error(too_big)` (its `{chars}` and `{depth}` the
    limits)."""
    try:
        return loads(text, max_depth=max_depth, max_chars=max_chars)
    except UntrustedError as exc:
        if exc.message.key == "untrusted.bad_json":
            where = dict(exc.message.params)
            raise error(not_json.format(line=where["line"], column=where["column"])) from None
        raise error(too_big.format(chars=max_chars, depth=max_depth)) from None


def check_format(
    data: Mapping[str, Any],
    expected: int,
    error: type[Exception],
    newer: type[Exception],
    newer_text: str,
    other_text: str,
    none_text: str | None = None,
    show: Callable[[Any], str] = quote,
) -> None:
    """`data["format"]` is the whole number `expected`, for a reader with its own error classes
    and sentences (already translated; `{saved}` is the format found, `{format}` `expected`): a
    later one raises `newer(newer_text)` (a newer version wrote it, to be kept as it is), another
    number or text `error(other_text)`, and anything else `error(none_text)` (`other_text` when
    None)."""
    fmt: Any = data.get("format")
    whole = isinstance(fmt, int) and not isinstance(fmt, bool)
    if whole and fmt == expected:
        return
    said = {"saved": show(fmt), "format": expected}
    if whole and fmt > expected:
        raise newer(newer_text.format(**said))
    if whole or isinstance(fmt, str) or none_text is None:
        raise error(other_text.format(**said))
    raise error(none_text)


ASIDE_KEEP = 3  # bad texts kept aside under one key, newest last
ASIDE_CHARS = 200_000  # characters kept of each (the rest is cut; its length is noted)


def aside_entries(kept: str | None) -> list[dict[str, Any]]:
    """The texts kept aside under one key (`aside`'s format), read tolerantly: a value that is
    not that list (an older page kept one raw text there) is one undated entry."""
    if kept is None:
        return []
    try:
        data = loads(kept, max_depth=3, max_chars=ASIDE_KEEP * (ASIDE_CHARS + 200) * 2)
    except UntrustedError:
        data = None
    if (
        isinstance(data, list)
        and data
        and all(
            isinstance(e, dict)
            and isinstance(e.get("text"), str)
            and isinstance(e.get("date"), (str, type(None)))
            for e in data
        )
    ):
        return [
            {k: v for k, v in e.items() if k in ("date", "text", "length")}
            for e in data[-ASIDE_KEEP:]
        ]
    return [
        {
            "date": None,
            "text": kept[:ASIDE_CHARS],
            **({"length": len(kept)} if len(kept) > ASIDE_CHARS else {}),
        }
    ]


def aside(kept: str | None, text: str, date: str) -> str:
    """The new value of a key that keeps bad texts aside (`kept` its value now): a JSON list
    of the last ASIDE_KEEP texts, newest last, each `{"date": date, "text": text}`, a text
    longer than ASIDE_CHARS cut to that and its full `length` noted."""
    entry: dict[str, Any] = {"date": date, "text": text[:ASIDE_CHARS]}
    if len(text) > ASIDE_CHARS:
        entry["length"] = len(text)
    entries = (aside_entries(kept) + [entry])[-ASIDE_KEEP:]
    return json.dumps(entries, ensure_ascii=False, separators=(",", ":"))


def whole(value: Any, name: str, low: int, high: int) -> int:
    """A whole number from `low` to `high`: an int (not a bool), or text of ASCII digits
    (with a leading "-" only where `low` is negative; spaces around are ignored), at most
    MAX_DIGITS digits. Anything else is an UntrustedError quoting the value cut short."""
    n: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        n = value
    elif isinstance(value, str):
        t = value.strip()
        digits = t[1:] if t.startswith("-") and low < 0 else t
        if 0 < len(digits) <= MAX_DIGITS and all("0" <= c <= "9" for c in digits):
            n = int(t)
    if n is None or not low <= n <= high:
        if value is None or (isinstance(value, str) and not value.strip()):
            raise UntrustedError(msg("untrusted.no_whole", name=quote(name), low=low, high=high))
        raise UntrustedError(
            msg(
                "untrusted.not_whole",
                name=quote(name),
                low=low,
                high=high,
                value=quote(
                    value if isinstance(value, str) else json.dumps(value, default=str)[:200]
                ),
            )
        )
    return n


def whole_or(value: Any, low: int, high: int, default: int) -> int:
    """`whole(value, ...)`, or `default` where it is not one."""
    try:
        return whole(value, "", low, high)
    except UntrustedError:
        return default


__all__ = [
    "ASIDE_CHARS",
    "ASIDE_KEEP",
    "MAX_CHARS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "QUOTE",
    "UntrustedError",
    "aside",
    "aside_entries",
    "check",
    "depth_of",
    "loads",
    "loads_or",
    "quote",
    "whole",
    "whole_or",
]
