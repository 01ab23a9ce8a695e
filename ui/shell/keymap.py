"""The table's keys, read (pure): a card typed as the notation writes it (QS, 10H, or TH) and
the one-letter keys (L the last trick, S the score sheet, H a hint, R reads the table, U undo,
M sound, ? the list of keys).
"""

from __future__ import annotations

from dataclasses import dataclass

COMMANDS = {
    "L": "last-trick",
    "S": "score-sheet",
    "H": "hint",
    "R": "read",
    "U": "undo",
    "M": "sound",
    "?": "keys",
}
TYPED_FOR = 2000  # ms a card being typed waits for its next key


@dataclass
class Typing:
    """A card being typed: its rank so far ("Q", "1", "10") and when its last key came (ms)."""

    rank: str = ""
    at: float = -1e9


def key_char(key: str, code: str) -> str:
    """The key's letter, digit or "?" ("" for any other key); on another keyboard layout, the
    key's place (`code`: "KeyQ", "Digit1")."""
    ch = key.upper() if len(key) == 1 else ""
    if ch and not (ch.isascii() and (ch.isalnum() or ch == "?")):
        ch = code[3:] if code.startswith("Key") else code[5:] if code.startswith("Digit") else ""
    return ch


def read_key(ch: str, now: float, typing: Typing) -> tuple[str, str] | None:
    """What key `ch` at time `now` (ms) means: ("card", "QS") once a card is typed whole,
    ("typing", "") while it is being typed, ("command", name) for a table's key; None for a key
    that is none of them."""
    if not ch:
        return None
    if now - typing.at > TYPED_FOR:
        typing.rank = ""
    typing.at = now
    if typing.rank:
        if ch in "SHDC":
            card, typing.rank = typing.rank + ch, ""
            return ("card", card)
        if typing.rank == "1" and ch == "0":
            typing.rank = "10"
            return ("typing", "")
        typing.rank = ""
    if ch in "23456789JQKAT1":
        typing.rank = "10" if ch == "T" else ch
        return ("typing", "")
    if ch in COMMANDS:
        return ("command", COMMANDS[ch])
    return None
