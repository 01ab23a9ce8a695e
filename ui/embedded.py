"""The table inside a tutorial site: positions and lessons from the address or from the parent
window's messages, step controls, open hands, and events back to the parent.

A mixin of ui.app.App (it uses the App's state and drawing); the checking of everything that
arrives is in ui/embed.py, which is pure and tested under CPython. Nothing that arrives is
inserted as HTML: lesson text is built as DOM nodes with textContent (engine.markup's safe
subset), messages are shown with textContent.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

import engine

from . import embed as E
from . import lesson_view as LV
from .i18n import _, error_text


def el(id_: str) -> Any:
    return js.document.getElementById(id_)


def page_hook(name: str) -> Any:
    """A window.__tt_* function of index.html (read by name: inside a class, Python would
    mangle `js.window.__tt_post`)."""
    return js.Reflect.get(js.window, name)


def build(n: LV.Node) -> Any:
    """A DOM element from a node of ui/lesson_view.py: text set as text, never HTML."""
    if n.tag == "#text":
        return js.document.createTextNode(n.text or "")
    e = js.document.createElement(n.tag)
    if n.cls:
        e.className = n.cls
    if n.text is not None:
        e.textContent = n.text
    for k, v in n.attrs.items():
        e.setAttribute(k, v)
    for c in n.children:
        e.appendChild(build(c))
    return e


class Embedding:
    """The embed's page side (mixed into ui/app.py's `App`): the address and the parent's
    messages in, the parent's events out, and the lesson's box; the positions and lessons
    themselves are the controller's (ui/tutor.py)."""

    embed: E.Spec | None
    t: Any

    def init_embedding(self) -> None:
        self.embed = None
        self.parent_origin: str | None = None
        self.embed_failed = False

    def leave_embed(self) -> None:
        """Back to the plain page (a new address, or the tests' reset)."""
        self.embed = None
        self.t.leave_tutor()
        js.document.documentElement.removeAttribute("data-embed")
        self.clear_embed_error()
        for id_ in ("lesson", "open-hands"):
            box = el(id_)
            box.textContent = ""
            box.hidden = True

    # ---------------------------------------------------------------------- address
    def embedded_address(self, raw: dict[str, str]) -> bool:
        """Opens what the address asks when it names a position, a lesson or the embed;
        False when it names none of them (the lobby and the normal table go on)."""
        if not any(k in raw for k in ("embed", "record", "lesson")):
            return False
        origin = str(js.window.location.origin)
        spec: E.Spec | None = None
        try:
            spec = E.parse_params(raw, origin)
        except E.EmbedError as exc:
            if raw.get("embed") in ("1", "true", "yes"):
                js.document.documentElement.dataset.embed = "1"
            self.embed_error(str(exc))
            return True
        self.embed = spec
        self.parent_origin = spec.parent
        if spec.embed:
            js.document.documentElement.dataset.embed = "1"
        self.listen_for_messages()
        if spec.lesson_url is not None:
            asyncio.ensure_future(self.fetch_lesson(spec))
            return True
        try:
            self.load_spec(spec)
        except E.EmbedError as exc:
            self.embed_error(str(exc))
        return True

    async def fetch_lesson(self, spec: E.Spec) -> None:
        url_text = str(spec.lesson_url)
        try:
            url = js.URL.new(url_text, js.window.location.href)
            if str(url.origin) != str(js.window.location.origin):
                raise E.EmbedError(_("A lesson can only be loaded from this site’s own "
                                     "address."))
            resp = await js.fetch(url.href)
            if not resp.ok:
                raise E.EmbedError(_("The lesson “{address}” could not be loaded (HTTP "
                                     "{status}).").format(address=url_text, status=resp.status))
            spec.lesson = E.lesson_from_text(str(await resp.text()), url_text, spec.game)
            spec.lesson_url = None
            self.load_spec(spec)
        except E.EmbedError as exc:
            self.embed_error(str(exc))
        except Exception as exc:  # noqa: BLE001 (a network failure is a message)
            self.embed_error(_("The lesson “{address}” could not be loaded: {reason}").format(
                address=url_text, reason=error_text(exc)))

    # ---------------------------------------------------------------------- loading
    def load_spec(self, spec: E.Spec) -> None:
        """Puts a position or a lesson on the table; EmbedError leaves everything as it was."""
        if spec.lesson is None and spec.record is None:
            if spec.game is None:
                raise E.EmbedError(_("The address names no game, record or lesson to show."))
            self.clear_embed_error()  # a new match of the game, at the embed's size
            self.t.leave_tutor()
            self.t.readers = set(range(8)) if spec.all_seats else {0}
            self.t.open_view = spec.open_view
            self.c.selected = spec.game
            self.start_match()
            return
        t = self.sync()
        if spec.lesson is not None:
            t.load_lesson(spec)
        else:
            t.load_record(spec)
        self.clear_embed_error()
        self.paused = None
        self.flush()

    def embed_error(self, text: str) -> None:
        """A refusal: said on the page (text only) and to the parent; nothing else changes."""
        box = el("embed-msg")
        box.textContent = text
        box.hidden = False
        if self.t.match is None:
            el("lobby").hidden = True
            el("table").hidden = True
        self.post(E.event("error", message=text))

    def clear_embed_error(self) -> None:
        box = el("embed-msg")
        box.hidden = True
        box.textContent = ""

    # ---------------------------------------------------------------------- messages
    def listen_for_messages(self) -> None:
        if getattr(self, "_listening", False):
            return
        self._listening = True
        handler = create_proxy(self.on_message)
        self._proxies.append(handler)
        page_hook("__tt_listen")(handler)  # index.html: only the parent's messages, as JSON text

    def on_message(self, origin: str, text: Any) -> None:
        """A command from the parent window (only from `parent=`'s origin when given)."""
        if self.parent_origin is not None and str(origin) != self.parent_origin:
            return
        try:
            cmd = E.parse_command(text if isinstance(text, str) else None)
            self.command(cmd)
        except E.EmbedError as exc:
            self.post(E.event("error", message=str(exc)))
        except Exception as exc:  # noqa: BLE001 (never a crash: say it)
            self.post(E.event("error", message=_("The table could not do that: {reason}")
                              .format(reason=error_text(exc))))

    def command(self, cmd: dict[str, Any]) -> None:
        kind = cmd["type"]
        t = self.sync()
        if kind == "load":
            spec = E.Spec(embed=self.embed.embed if self.embed else True,
                          parent=self.parent_origin)
            if "record" in cmd:
                spec.record = E.parse_record(cmd["record"])
            else:
                spec.lesson = E.parse_lesson(cmd["lesson"])
            E.apply_view(spec, cmd)
            self.load_spec(spec)
            self.embed = spec
        elif kind == "restart":
            self.restart()
        elif kind == "play":
            t.remote_play(str(cmd["move"]))
        elif kind == "step":
            if "to" in cmd:
                t.step_to(int(cmd["to"]))
            else:
                t.step(1 if cmd["dir"] == "forward" else -1)
        elif kind == "set":
            spec = self.embed or E.Spec()
            E.apply_view(spec, cmd)
            t.set_view(spec, cmd)
        self.flush()

    def restart(self) -> None:
        """The position or the lesson from its start, or the match dealt again."""
        if not self.sync().restart() and self.t.match is not None:
            self.c.seed = str(self.t.match.seed)
            self.start_match()
        self.flush()

    def post(self, data: dict[str, Any]) -> None:
        """An event to the parent window (to `parent=`'s origin only, when given)."""
        try:
            if page_hook("__tt_embedded")():
                page_hook("__tt_post")(json.dumps(data, default=str), self.parent_origin or "*")
        except Exception:  # noqa: BLE001, S110 (a parent that went away)
            pass

    def ready_event(self) -> None:
        self.post(E.event("ready", games=list(engine.GAMES)))

    def draw_lesson(self) -> None:
        box = el("lesson")
        run = self.t.lesson_run
        box.textContent = ""
        box.hidden = run is None
        if run is None:
            return
        box.setAttribute("data-step", str(run.step_index + 1))
        if run.done:
            box.setAttribute("data-done", "1")
        else:
            box.removeAttribute("data-done")
        for n in LV.lesson_box(run, self.t.feedback, self.t.hint_text):
            box.appendChild(build(n))
