"""What can be open over the table."""

from __future__ import annotations

from enum import Enum


class Overlay(str, Enum):  # noqa: UP042 (a StrEnum would change str() of a member)
    """What is open over the table (None: nothing)."""

    SUMMARY = "summary"
    OVER = "over"
    RULES = "rules"
    LEAVE = "leave"
    CHECK = "check"
    KEYS = "keys"
    RESTORE = "restore"
    LAST_TRICK = "last-trick"
    SCORES = "scores"
    REPLAY = "replay"
    DEAL_REVIEW = "deal-review"
    RECORD = "record"  # the player's record (ui/stats/)
    RECORD_RESET = "record-reset"  # its reset asked first


REVIEW = (Overlay.LAST_TRICK, Overlay.SCORES, Overlay.REPLAY, Overlay.DEAL_REVIEW)
