"""Records and lessons in an address (engine.address): the compact "z1." form round-trips, and
every malformed or oversized text is refused with an AddressError that says what is wrong."""

from __future__ import annotations

import base64
import json
import random
import zlib
from typing import Any

import pytest

import engine
from engine import address
from engine.address import MAX_DEPTH, MAX_JSON_BYTES, MAX_TEXT, AddressError, decode, encode


def compact(data: bytes) -> str:
    return "z1." + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def refused(text: Any) -> str:
    with pytest.raises(AddressError) as exc:
        decode(text)
    message = str(exc.value)
    assert message.startswith("The position in the address is not valid: "), message
    assert exc.value.message.key == "address.invalid"
    return message


def test_a_record_round_trips_through_the_compact_form() -> None:
    """encode writes "z1." + URL-safe base64 without padding; decode gives the record back,
    and the record still replays to the same position."""
    m = engine.new_match("batak", seed=4)
    for _ in range(9):
        m.play(m.legal_moves()[-1] if m.deal.phase == "bidding" else m.legal_moves()[0])
    rec = m.record()
    text = encode(rec)
    assert text.startswith("z1.") and "=" not in text
    assert set(text[3:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert decode(text) == rec
    assert engine.replay(decode(text)).record() == rec
    assert len(text) < len(json.dumps(rec))


def test_plain_json_text_is_accepted() -> None:
    rec = {"game": "koz-maca", "seed": 1, "deals": []}
    assert decode(json.dumps(rec)) == rec
    assert decode("  " + json.dumps(rec) + "\n") == rec


def test_unicode_round_trips() -> None:
    obj = {"title": "Koz Maça ♠ «ü»", "n": [1, 2.5, None, True]}
    assert decode(encode(obj)) == obj


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "z1.",
        "z1.!!!!",
        "z1.abc$",
        "z1.a",
        "z1.AAAA",
        "hello",
        "%7B%22game%22%7D",
        "{",
        '{"a":}',
        '{"a": NaN}',
        '{"a": Infinity}',
        "[1, 2]",
        "z2.eJwLAAA",
    ],
)
def test_malformed_text_is_refused(text: str) -> None:
    refused(text)


@pytest.mark.parametrize("value", [None, 12, b"z1.abc", ["z1."], {"game": "batak"}])
def test_non_text_is_refused(value: Any) -> None:
    assert "must be text" in refused(value)


def test_truncated_compact_text_is_refused_at_every_length() -> None:
    """Cutting the compact form anywhere gives an AddressError, never another exception."""
    text = encode({"game": "batak", "seed": 3, "deals": [{"dealer": 0, "moves": ["pass"] * 3}]})
    for cut in range(len(text) - 1, 2, -1):
        with pytest.raises(AddressError):
            decode(text[:cut])


def test_damaged_and_padded_compact_text() -> None:
    text = encode({"a": 1})
    assert "damaged" in refused(compact(b"not zlib at all"))
    assert "extra characters" in refused(compact(zlib.compress(b"{}") + b"junk"))
    assert "cut short" in refused(compact(zlib.compress(b'{"a": 1}')[:-3]))
    refused(text + "==")  # padding is not part of the form
    assert "UTF-8" in refused(compact(zlib.compress(b'{"a": "\xff"}')))
    assert "not valid JSON" in refused(compact(zlib.compress(b"{nope")))


def test_the_text_limit() -> None:
    assert f"the limit is {MAX_TEXT}" in refused("{" + " " * MAX_TEXT + "}")
    assert f"the limit is {MAX_TEXT}" in refused("z1." + "A" * MAX_TEXT)


def test_a_zip_bomb_stops_at_the_json_limit() -> None:
    """A few kilobytes that unpack to 10 MB are refused without unpacking past the limit."""
    bomb = compact(zlib.compress(b"[" + b" " * 10_000_000 + b"]", 9))
    assert len(bomb) < MAX_TEXT
    assert f"more than {MAX_JSON_BYTES} bytes" in refused(bomb)
    just_over = compact(zlib.compress(b'"' + b"x" * MAX_JSON_BYTES + b'"', 9))
    refused(just_over)
    at_limit = b'"' + b"x" * (MAX_JSON_BYTES - 2) + b'"'
    assert decode(compact(zlib.compress(at_limit, 9))) == "x" * (MAX_JSON_BYTES - 2)


def test_deep_nesting_is_refused() -> None:
    ok: Any = 1
    for _ in range(MAX_DEPTH):
        ok = [ok]
    assert decode(encode({"x": ok[0]})) == {"x": ok[0]}
    deep = '{"a":' + "[" * 1000 + "]" * 1000 + "}"
    assert "nested more than" in refused(deep)
    assert "nested more than" in refused(compact(zlib.compress(("[" * 5000).encode())))
    # brackets inside strings do not count
    assert decode(json.dumps({"s": "[" * 200})) == {"s": "[" * 200}


def test_encode_refuses_what_decode_could_not_read() -> None:
    with pytest.raises(AddressError):
        encode({"a": float("nan")})
    with pytest.raises(AddressError):
        encode({"a": object()})
    with pytest.raises(AddressError):
        encode({"a": "\ud800"})
    rng = random.Random(5)
    noise = base64.b64encode(bytes(rng.randrange(256) for _ in range(20_000))).decode()
    with pytest.raises(AddressError) as exc:
        encode({"a": noise})
    assert "limit" in str(exc.value)


def test_a_lesson_in_the_address_is_named_as_such() -> None:
    with pytest.raises(AddressError) as exc:
        decode("z1.!!", what="lesson")
    assert str(exc.value).startswith("The lesson in the address is not valid: ")


def test_errors_are_value_errors_with_messages() -> None:
    with pytest.raises(ValueError) as exc:
        decode("z1.abc")
    assert isinstance(exc.value, address.AddressError)
    j = exc.value.message.to_json()
    assert j["key"] == "address.invalid" and j["params"]["reason"]["key"].startswith("address.")
