"""The browser, for the DOM layer: the document, storage, history, sound, frames, the
language catalogs fetched by index.html, and the display settings it keeps."""

from __future__ import annotations

import asyncio
import contextlib
import os
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, to_js  # type: ignore[import-not-found]

from . import i18n as I
from . import views as V


def doc() -> Any:
    return js.document

def chosen_language() -> str:
    """The page's language: ?lang=, else the saved choice, else the browser's languages, else
    English (index.html chooses the same way before Python runs)."""
    asked = str(js.URLSearchParams.new(js.window.location.search).get("lang") or "")
    saved = None
    with contextlib.suppress(Exception):
        saved = read_key(I.SAVED_KEY)
    prefs: list[str] = []
    with contextlib.suppress(Exception):
        prefs = [str(x) for x in js.navigator.languages]
    return I.choose(asked or None, saved, prefs)

DISPLAY_KEY = "trick-table/display"  # index.html keeps the display settings under this key

def display_settings() -> dict[str, bool]:
    """The remembered display settings (views.parse_display)."""
    try:
        return V.parse_display(read_key(DISPLAY_KEY))
    except Exception:  # noqa: BLE001 (storage refused: the defaults)
        return {}


def sound(kind: str) -> None:
    """A sound effect (ui/sound.js), if the page has sound and it is on; never in the way."""
    with contextlib.suppress(Exception):
        play = getattr(js.window, "__tt_sound", None)
        if play:
            play(kind)

def sound_on() -> bool:
    """Whether sound is on (ui/sound.js; off where the page has none)."""
    with contextlib.suppress(Exception):
        return bool(js.window.__tt_sound_on())
    return False

def set_sound(on: bool) -> None:
    """Turns sound on or off (remembered by ui/sound.js). A module function: inside a class,
    `js.window.__tt_…` would be name-mangled."""
    with contextlib.suppress(Exception):
        js.window.__tt_sound_set(on)

def start_offline_copy() -> None:
    """Registers the service worker that keeps the page for offline play (index.html's
    __tt_sw_start; a module function for the same reason as set_sound)."""
    with contextlib.suppress(Exception):
        js.window.__tt_sw_start()

async def next_frame() -> None:
    """Returns once the browser has drawn a frame (or after 100 ms, in a hidden tab that draws
    none): at Instant, one computer move per frame, so the moves' work never piles up into one
    long frame."""
    fut = asyncio.get_event_loop().create_future()

    def done(*_: Any) -> None:
        if not fut.done():
            fut.set_result(None)

    js.requestAnimationFrame(create_once_callable(done))
    js.setTimeout(create_once_callable(done), 100)
    await fut

def read_faces_ahead() -> None:
    """Reads the card faces ahead in idle moments (ui/faces.js), so no trick waits for one."""
    with contextlib.suppress(Exception):
        js.window.__tt_faces_start()

def has_catalog(code: str) -> bool:
    return code == I.DEFAULT or os.path.exists(f"i18n/{code}.mo")

def take_catalog(code: str) -> bool:
    """The language's compiled catalog, if index.html has fetched it (it starts the page's own
    at first paint), written to i18n/<code>.mo; False when it has not arrived."""
    if has_catalog(code):
        return True
    try:
        buf = js.Reflect.get(js.Reflect.get(js.window, "__tt_mo_fetched"), code)
        if buf is None:  # (undefined: not fetched yet)
            return False
        data = bytes(js.Uint8Array.new(buf).to_py())
    except Exception:  # noqa: BLE001 (index.html's fetcher is not there: an old page)
        return False
    os.makedirs("i18n", exist_ok=True)
    with open(f"i18n/{code}.mo", "wb") as f:
        f.write(data)
    return True

async def load_catalog(code: str) -> bool:
    """Fetches the language's compiled catalog (i18n/<code>.mo) once, through index.html's
    `__tt_fetch_mo`. False when it cannot be had (the page stays in its language)."""
    if take_catalog(code):
        return True
    if code not in I.LANGS and code != I.PSEUDO:
        return False
    try:
        await js.Reflect.get(js.window, "__tt_fetch_mo")(code)
    except Exception:  # noqa: BLE001 (offline before the first visit finished, or a fault)
        return False
    return take_catalog(code)

def storage() -> Any:
    """window.localStorage; raises when the browser refuses it (private mode, blocked)."""
    return js.window.localStorage

def read_key(key: str) -> str | None:
    text = storage().getItem(key)
    return text if isinstance(text, str) else None  # null comes as None or jsnull

def history_top() -> str:
    """Which screen the current history entry is for: "lobby", "table" or "" (not ours)."""
    try:
        return str(js.window.history.state.tt)
    except Exception:  # noqa: BLE001 (no state, or a state that is not ours)
        return ""

def set_history(screen: str, url: str | None = None, push: bool = False) -> None:
    state = to_js({"tt": screen}, dict_converter=js.Object.fromEntries)
    h = js.window.history
    with contextlib.suppress(Exception):  # some embeds forbid history changes
        if push:
            h.pushState(state, "", url) if url is not None else h.pushState(state, "")
        else:
            h.replaceState(state, "", url) if url is not None else h.replaceState(state, "")

def el(id_: str) -> Any:
    return js.document.getElementById(id_)

TABLE_CONTROLS = ("data-action", "data-card", "data-move", "data-lang")

LOBBY_CONTROLS = ("data-game-choice", "data-lang", "data-opt", "data-setting")

def control_selector(node: Any, scope: str = "#table",
                     attrs: tuple[str, ...] = TABLE_CONTROLS) -> str | None:
    """A selector that finds a control of the table (or of `scope`) again after it is drawn
    anew (drawing replaces the elements): by the first of `attrs` it has."""
    if not found(node) or not hasattr(node, "getAttribute"):
        return None
    for attr in attrs:
        if not node.hasAttribute(attr):  # (getAttribute gives JS null, not None, for none)
            continue
        v = str(node.getAttribute(attr) or "")
        return f'{scope} [{attr}="{v}"]' if v else f"{scope} [{attr}]"
    return None

def found(node: Any) -> bool:
    """Whether a DOM lookup found an element (a missing one comes back as None or jsnull)."""
    return node is not None and hasattr(node, "nodeType")
