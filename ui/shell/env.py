"""What the page's Python knows of the browser (pure): the page's address, its storage, its
history entry, the player's languages and motion preference, kept here as a copy the main thread
sent (ui/web/) and kept up to date; and the requests that need an answer from there (a drawn
frame, a language's catalog), awaited as futures.

Storage is written through (the copy at once, the browser by an operation); a write the browser
refuses comes back as a `stored` event (ui/saves/page.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl, urlencode

from ui.common import i18n as I
from ui.lobby import view as LW
from ui.shell.dom import Dom

DISPLAY_KEY = "trick-table/display"  # index.html keeps the display settings under this key
NAME_KEY = "trick-table/name"  # the player's own name (the lobby's field)


class StorageRefused(Exception):
    """The browser gives the page no storage (private mode, blocked in a frame)."""


class Env:
    """The browser as the worker sees it."""

    def __init__(self, dom: Dom, facts: dict[str, Any] | None = None) -> None:
        f = facts or {}
        self.dom = dom
        self.href = str(f.get("href") or "https://localhost/")
        self.origin = str(f.get("origin") or "")
        self.pathname = str(f.get("pathname") or "/")
        self.search = str(f.get("search") or "")
        self.history_tt = str(f.get("history") or "")
        self.languages = [str(x) for x in f.get("languages") or []]
        st = f.get("storage")
        self.storage_ok = isinstance(st, dict)
        self.store: dict[str, str] = (
            {str(k): str(v) for k, v in st.items()} if isinstance(st, dict) else {}
        )
        self.reduce_motion = bool(f.get("reduce_motion"))
        self.sound_is_on = bool(f.get("sound_on"))
        self.embedded = bool(f.get("embedded"))
        self.touched = f.get("lobby")  # the static lobby's choices, when the player made any
        self.waiting: dict[int, asyncio.Future[Any]] = {}
        self.n = 0

    def toggle_sound(self) -> bool:
        """Sound on if it was off and off if it was on; whether it is on now."""
        self.sound_is_on = not self.sound_is_on
        return self.sound_is_on

    # ---------------------------------------------------------------- address and history
    def params(self, query: str | None = None) -> list[tuple[str, str]]:
        q = self.search if query is None else query
        return parse_qsl(q.removeprefix("?"), keep_blank_values=True)

    def first_params(self, query: str | None = None) -> dict[str, str]:
        """The address's parameters by name; a name given twice keeps its first value, as the
        browser's URLSearchParams.get does in index.html."""
        out: dict[str, str] = {}
        for k, v in self.params(query):
            out.setdefault(k, v)
        return out

    def set_history(self, screen: str, url: str | None = None, push: bool = False) -> None:
        self.history_tt = screen
        if url is not None:
            path, _sep, query = url.partition("?")
            self.search = "?" + query if _sep else ""
            if path:
                self.pathname = path
        self.dom.op("history", screen, url, push)

    @staticmethod
    def query_of(q: dict[str, str]) -> str:
        return urlencode(q)

    # ---------------------------------------------------------------- storage
    def read_key(self, key: str) -> str | None:
        if not self.storage_ok:
            raise StorageRefused("storage is off")
        return self.store.get(key)

    def write_key(self, key: str, value: str | None) -> None:
        if not self.storage_ok:
            raise StorageRefused("storage is off")
        if value is None:
            self.store.pop(key, None)
        else:
            self.store[key] = value
        self.dom.op("store", key, value)

    def display_settings(self) -> dict[str, bool]:
        """The remembered display settings (views.parse_display)."""
        try:
            return LW.parse_display(self.read_key(DISPLAY_KEY))
        except Exception:  # noqa: BLE001 (storage refused: the defaults)
            return {}

    def chosen_language(self) -> str:
        """?lang=, else the saved choice, else the browser's languages, else English (index.html
        chooses the same way before Python runs)."""
        asked = self.first_params().get("lang") or None
        saved = None
        with contextlib.suppress(Exception):
            saved = self.read_key(I.SAVED_KEY)
        return I.choose(asked, saved, self.languages)

    # ---------------------------------------------------------------- answers awaited
    def ask(self, name: str, *args: object) -> asyncio.Future[Any]:
        """Sends operation `name` (its number, then `args`), whose answer comes back as an
        `answer` event with its number."""
        self.n += 1
        fut: asyncio.Future[Any] = asyncio.get_event_loop().create_future()
        self.waiting[self.n] = fut
        self.dom.op(name, self.n, *args)
        return fut

    def answer(self, n: int, value: object) -> None:
        fut = self.waiting.pop(int(n), None)
        if fut is not None and not fut.done():
            fut.set_result(value)

    async def next_frame(self) -> None:
        """Returns once the page has drawn a frame (or after 100 ms, in a hidden tab that draws
        none): at Instant, one computer move per frame."""
        await self.ask("frame")

    # ---------------------------------------------------------------- catalogs
    @staticmethod
    def has_catalog(code: str) -> bool:
        return code == I.DEFAULT or os.path.exists(f"i18n/{code}.mo")

    async def load_catalog(self, code: str) -> bool:
        """The language's compiled catalog (i18n/<code>.mo), fetched once by the page
        (index.html's `__tt_fetch_mo`; ui/worker.js writes it where Python reads it). False when
        it cannot be had."""
        if self.has_catalog(code):
            return True
        if code not in I.LANGS and code != I.PSEUDO:
            return False
        await self.ask("fetch-mo", code)
        return self.has_catalog(code)


def noop(*_args: object) -> None:
    """(a stand-in where no browser answers: tests under CPython)"""


Later = Callable[[Callable[[], None]], None]
