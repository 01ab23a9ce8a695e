"""One peer as the host keeps it: its rate (a token bucket), when it last spoke (the heartbeat)
and the seat it holds. Time is given (seconds, any monotonic clock): nothing here reads one.
"""

from __future__ import annotations

from dataclasses import dataclass

RATE = 20.0  # messages a second a peer may send, on average
BURST = 40.0  # messages a peer may send at once
CUT_OFF = 40  # messages past the rate (without a pause) before the peer is cut off
AWAY_AFTER = 3.0  # seconds of silence before a seat is away (its computer plays it)
BACK_WITHIN = 6.0  # seconds a reopened table waits for the guests who held seats (each
# paused guest's page asks for the host every 3 s: ui/friends/guest.py REJOIN)


@dataclass
class Bucket:
    """A token bucket: `RATE` a second, at most `BURST` kept. `take(now)` spends one token when
    there is one; past the rate, `over` counts the messages refused since the last one let in."""

    rate: float = RATE
    burst: float = BURST
    tokens: float = BURST
    at: float | None = None
    over: int = 0

    def take(self, now: float) -> bool:
        if self.at is not None and now > self.at:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now if self.at is None else max(self.at, now)
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.over = 0
            return True
        self.over += 1
        return False


@dataclass
class Peer:
    """A connection to a guest's page (`id`: the transport's, disposable), its seat once it has
    one, and whether it is cut off."""

    id: str
    heard: float
    bucket: Bucket
    seat: int | None = None
    closed: bool = False


def silent(heard: float | None, now: float) -> bool:
    """Whether a peer last heard at `heard` (None: never) is away at `now`."""
    return heard is None or now - heard >= AWAY_AFTER


__all__ = ["AWAY_AFTER", "BACK_WITHIN", "BURST", "CUT_OFF", "RATE", "Bucket", "Peer", "silent"]
