"""Records and lessons in an address: a compact URL-safe text form, and its checked decoding.

A page address carries a record (`?record=`) or a lesson (`?lesson=`) either as plain JSON
(URL-encoded by the author, already URL-decoded when it reaches `decode`) or in the compact
form written by `encode`:

    "z1." + base64url( zlib( JSON with compact separators ) ), without "=" padding

Limits (a decoder never allocates more than these, whatever the text):
- `MAX_TEXT` characters of address text (compact or JSON);
- `MAX_JSON_BYTES` bytes of JSON once decompressed (a zip bomb stops there);
- `MAX_DEPTH` levels of JSON nesting (objects and lists).

Every failure raises `AddressError` (a `ValueError` carrying a `Message`), never another
exception type: "The position in the address is not valid: the compressed text is cut short."
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any, Literal

from .messages import Message, MessageError, add_english, msg
from .untrusted import depth_of

PREFIX = "z1."
MAX_TEXT = 16000
MAX_JSON_BYTES = 200_000
MAX_DEPTH = 32

_B64_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

add_english(
    {
        "address.invalid": "The position in the address is not valid: {reason}",
        "address.invalid_lesson": "The lesson in the address is not valid: {reason}",
        "address.not_text": "it must be text, not {kind}.",
        "address.empty": "it is empty.",
        "address.too_long": "it is {length} characters long; the limit is {limit}.",
        "address.unknown_form": "it is neither JSON (starting with '{{') nor the compact form "
        "(starting with 'z1.').",
        "address.bad_base64": "the compact text has characters that do not belong to it (only "
        "letters, digits, '-' and '_' may follow 'z1.').",
        "address.bad_length": "the compact text is cut short (its length is not possible).",
        "address.corrupt": "the compressed text is damaged and cannot be unpacked.",
        "address.truncated": "the compressed text is cut short.",
        "address.trailing": "the compressed text has extra characters after its end.",
        "address.too_big": "it unpacks to more than {limit} bytes of JSON.",
        "address.not_utf8": "it does not unpack to readable text (UTF-8).",
        "address.too_deep": "its JSON is nested more than {limit} levels deep.",
        "address.bad_json": "it is not valid JSON: it goes wrong at line {line}, column {column}.",
        "address.bad_number": "it holds {value}, which is not a JSON number.",
        "address.not_json_value": "it holds a value JSON cannot carry ({detail}).",
        "address.encode_too_long": "written in the compact form it would be {length} characters "
        "long; the limit is {limit}.",
    }
)


class AddressError(MessageError):
    """Address text that is not a valid record or lesson; `.message` says why, in English."""


What = Literal["position", "lesson"]


def _error(reason: Message, what: What) -> AddressError:
    key = "address.invalid_lesson" if what == "lesson" else "address.invalid"
    return AddressError(msg(key, reason=reason))


def encode(obj: Any, *, what: What = "position") -> str:
    """`obj` as compact address text: "z1." + base64url(zlib(compact JSON)), no padding.

    AddressError when `obj` is not JSON-safe or the text would exceed the decoder's limits
    (so everything `encode` returns, `decode` reads back)."""
    try:
        text = json.dumps(obj, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise _error(msg("address.not_json_value", detail=str(exc)), what) from None
    _check_depth(text, what)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        raise _error(msg("address.not_utf8"), what) from None
    if len(data) > MAX_JSON_BYTES:
        raise _error(msg("address.too_big", limit=MAX_JSON_BYTES), what)
    out = PREFIX + base64.urlsafe_b64encode(zlib.compress(data, 9)).decode("ascii").rstrip("=")
    if len(out) > MAX_TEXT:
        raise _error(msg("address.encode_too_long", length=len(out), limit=MAX_TEXT), what)
    return out


def decode(text: str, *, what: What = "position") -> Any:
    """The JSON value in address text: the compact "z1." form or plain JSON text (starting
    with "{"). `what` only chooses the sentence's subject ("position" or "lesson")."""
    if not isinstance(text, str):
        raise _error(msg("address.not_text", kind=type(text).__name__), what)
    if len(text) > MAX_TEXT:
        raise _error(msg("address.too_long", length=len(text), limit=MAX_TEXT), what)
    t = text.strip()
    if not t:
        raise _error(msg("address.empty"), what)
    if t.startswith("{"):
        if len(t.encode("utf-8", "surrogatepass")) > MAX_JSON_BYTES:
            raise _error(msg("address.too_big", limit=MAX_JSON_BYTES), what)
        return _loads(t, what)
    if not t.startswith(PREFIX):
        raise _error(msg("address.unknown_form"), what)
    body = t[len(PREFIX) :]
    if not body:
        raise _error(msg("address.empty"), what)
    if any(c not in _B64_CHARS for c in body):
        raise _error(msg("address.bad_base64"), what)
    if len(body) % 4 == 1:
        raise _error(msg("address.bad_length"), what)
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise _error(msg("address.bad_base64"), what) from None
    d = zlib.decompressobj()
    try:
        data = d.decompress(raw, MAX_JSON_BYTES + 1)
    except zlib.error:
        raise _error(msg("address.corrupt"), what) from None
    if len(data) > MAX_JSON_BYTES or d.unconsumed_tail:
        raise _error(msg("address.too_big", limit=MAX_JSON_BYTES), what)
    if not d.eof:
        raise _error(msg("address.truncated"), what)
    if d.unused_data:
        raise _error(msg("address.trailing"), what)
    try:
        js = data.decode("utf-8")
    except UnicodeDecodeError:
        raise _error(msg("address.not_utf8"), what) from None
    return _loads(js, what)


class _NotANumber(ValueError):
    """NaN, Infinity or -Infinity in a JSON text."""


def _reject_constant(name: str) -> Any:
    raise _NotANumber(name)


def _loads(text: str, what: What) -> Any:
    _check_depth(text, what)
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:  # where, never the parser's own words
        raise _error(msg("address.bad_json", line=exc.lineno, column=exc.colno), what) from None
    except _NotANumber as exc:
        raise _error(msg("address.bad_number", value=exc.args[0]), what) from None
    except (ValueError, RecursionError):
        raise _error(msg("address.bad_json", line=1, column=1), what) from None


def _check_depth(text: str, what: What) -> None:
    """Rejects JSON nested deeper than MAX_DEPTH (brackets outside strings), before parsing."""
    if depth_of(text, MAX_DEPTH) > MAX_DEPTH:
        raise _error(msg("address.too_deep", limit=MAX_DEPTH), what)


__all__ = ["MAX_DEPTH", "MAX_JSON_BYTES", "MAX_TEXT", "PREFIX", "AddressError", "decode", "encode"]
