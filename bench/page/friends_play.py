"""A table with friends played in browsers as its players play it, by clicks on each page's own
controls (its hooks: `#table[data-input]` when the page asks for a move, `[data-tap]` while a
finished trick is on show, the panel's `data-move` buttons, the hand's `[data-card][data-legal]`),
whatever drives the browser: Playwright's page (`OnPage`) or bench/xengine.py's `Driver`
(WebKitGTK, Firefox ESR). The friends tests (tests/browser/test_friends_play.py,
tests/xengine/) play their deals with it; the benchmark may too (it cannot import the tests).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

# The move the page asks for now, as the player would find it: ["tap"] (a finished trick on
# show, the felt waits for a tap), ["move", m] (the panel's buttons: a pass when it may), ["card",
# c] (a playable card of the hand), or null (nothing asked, or the page is busy).
NEXT = """() => {
  if (document.documentElement.hasAttribute("data-busy")) return null;
  const t = document.getElementById("table");
  if (t && t.hasAttribute("data-tap") && !t.hasAttribute("data-input")) return ["tap"];
  if (!t || !t.hasAttribute("data-input")) return null;
  const moves = [...document.querySelectorAll('#panel [data-move]:not([data-move="confirm"])')]
    .filter((b) => !b.disabled).map((b) => b.dataset.move);
  if (moves.length) return ["move", moves.includes("pass") ? "pass" : moves[0]];
  const card = document.querySelector("#hand [data-card][data-legal]");
  return card ? ["card", card.dataset.card] : null;
}"""
# What the page draws of the table now, as a number (the hand, the panel, the trick and the
# table's data-* attributes hashed): it changes once a move made is drawn.
DRAWN = """() => {
  const t = document.getElementById("table");
  const parts = ["hand", "panel", "trick"].map((id) => (document.getElementById(id) || {}).innerHTML)
    .map((html) => (html || "").replace(/ data-sent=""/g, ""));  // (a guest's tap marks its card)
  const text = parts.join("|") + "|" + (t ? [...t.attributes].map((a) => a.name + "=" + a.value).join(",") : "");
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}"""
# The first deal is over on a host's page (its summary, or the next deal dealt).
OVER = (
    "() => !!document.querySelector('[data-summary]')"
    " || JSON.parse(window.__tt_record()).deals.length > 1"
)
# The id of the last state a guest's page received from its host (-1 before the first).
SID = """async () => {
  const evs = await window.__tt_friends.events();
  const st = evs.filter((e) => e.what === "msg" && e.text.includes('"type":"state"')).at(-1);
  return st ? JSON.parse(st.text).sid : -1;
}"""

K = TypeVar("K")


class Clicks(Protocol):
    """A page as the driver reaches it: a JavaScript function run in it (its result as JSON
    values), a real click on the first element a selector matches."""

    def run(self, fn: str) -> Any: ...
    def click(self, selector: str) -> None: ...


class OnPage:
    """A Playwright page (sync API) as `Clicks`."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def run(self, fn: str) -> Any:
        return self.page.evaluate(fn)

    def click(self, selector: str) -> None:
        self.page.click(selector)


def invite(
    page: Any,
    base: str,
    friends: tuple[int, ...] = (1, 2),
    game: str = "batak",
    players: int | None = None,
) -> None:
    """A host's Playwright page opens the site at `base` (the computers instant and easy) and
    invites friends: `game` chosen in the lobby (with `players`), "Play with friends", the seats
    of `friends` made a friend's (seat 1 is one from the start, the others the computer's), then
    "Invite friends"."""
    page.goto(base + "?speed=0&level=easy")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    page.click(f'[data-game-choice="{game}"]')
    if players:
        page.select_option("#opt-players", str(players))
    page.click('[data-action="friends"]')
    page.wait_for_selector('[data-friends="plan"]')
    for seat in friends:
        if seat != 1:
            page.click(f'[data-action="friends-seat"][data-seat="{seat}"]')
    page.click('[data-action="friends-invite"]')


def next_move(pg: Clicks) -> tuple[str, str] | None:
    """What the page asks for now: ("tap", ""), ("move", m), ("card", c), or None."""
    got = pg.run(NEXT)
    if not isinstance(got, list) or not got:
        return None
    return str(got[0]), str(got[1]) if len(got) > 1 else ""


def act(pg: Clicks, tap: bool = True) -> str | None:
    """One move by a click, when the page asks for one: the panel's move (a pass when it may)
    or a playable card; the move, or None. With `tap`, a finished trick on show is ended by a
    tap on the felt (no move: None)."""
    what = next_move(pg)
    if what is None:
        return None
    kind, move = what
    if kind == "tap":
        if tap:
            pg.click("#felt")
        return None
    drawn = pg.run(DRAWN)
    if kind == "move":
        pg.click(f'#panel [data-move="{move}"]')
    else:
        pg.click(f'#hand [data-card="{move}"][data-legal]')
    redrawn(pg, drawn)
    return move


def redrawn(pg: Clicks, drawn: Any, timeout: float = 10.0) -> bool:
    """Waits until the page draws something else than `drawn` (`DRAWN`): the move just made
    (or its refusal) on the table, so that the next look never finds the move still asked
    for. Whether it came within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while pg.run(DRAWN) == drawn:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def play_until(
    pages: Mapping[K, Clicks],
    done: Callable[[], bool],
    *,
    before: Callable[[], bool] | None = None,
    after: Callable[[K, str], None] | None = None,
    rounds: int = 2_000,
    timeout: float = 150.0,
    pause: float = 0.05,
    fails: str = "the deal did not end",
) -> list[tuple[K, str]]:
    """The pages play, in rounds, until `done()`: in each round `before()` first (True: no
    move in this round), then the first page (in `pages`' order) that asks for a move makes it
    (`act`: a page showing a finished trick is tapped on the way), then `after(key, move)`.
    The moves made, by whom. AssertionError saying `fails` when `done()` never comes within
    `rounds` rounds or `timeout` seconds (with the moves made)."""
    made: list[tuple[K, str]] = []
    deadline = time.monotonic() + timeout
    for _ in range(rounds):
        if done():
            return made
        if time.monotonic() > deadline:
            break
        if before is None or not before():
            for key, pg in pages.items():
                move = act(pg)
                if move is not None:
                    made.append((key, move))
                    if after is not None:
                        after(key, move)
                    break
        time.sleep(pause)
    raise AssertionError(f"{fails}: {made}")


__all__ = [
    "DRAWN",
    "NEXT",
    "OVER",
    "SID",
    "Clicks",
    "OnPage",
    "act",
    "invite",
    "next_move",
    "play_until",
    "redrawn",
]
