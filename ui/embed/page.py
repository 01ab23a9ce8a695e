"""The table inside a tutorial site: positions and lessons from the address or from the parent
window's messages, step controls, open hands, and events back to the parent.

A part of ui.shell.app.App (it uses the App's state and drawing); the checking of everything that
arrives is in ui/embed/spec.py, which is pure and tested under CPython. Nothing that arrives is
inserted as HTML: lesson text is built as DOM nodes with textContent (engine.content.markup's safe
subset), messages are shown with textContent.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urljoin, urlsplit

import engine
from ui.common.i18n import _, error_text
from ui.embed import lesson as LV
from ui.embed import spec as E
from ui.lobby import query as Q
from ui.shell.parts import Page
from ui.teach.coach import no_undo


def tree(n: LV.Node) -> dict[str, Any]:
    """A node of ui/embed/lesson.py as data, for ui/web/ to build with text set as text,
    never HTML."""
    return {
        "tag": n.tag,
        "cls": n.cls,
        "text": n.text,
        "attrs": dict(n.attrs),
        "children": [tree(c) for c in n.children],
    }


def origin_of(url: str) -> str:
    u = urlsplit(url)
    return f"{u.scheme}://{u.netloc}"


class Embed:
    """The embed's page side (a part of ui/shell/app.py's `App`): the address and the parent's
    messages in, the parent's events out, and the lesson's box; the positions and lessons
    themselves are the controller's (ui/embed/tutor.py). `spec`: what the address or the
    parent asked (None: the plain page)."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.t, self.dom, self.env = app.t, app.dom, app.env
        self.spec: E.Spec | None = None
        self.listening = False  # the parent's messages are listened to
        self.parent_origin: str | None = None
        self.embed_failed = False
        self.ready_sent = False  # events wait for `ready`: the parent hears it first
        self.held: list[dict[str, Any]] = []

    def use_spec(self, spec: E.Spec | None) -> None:
        """What is on show is `spec`'s (a puzzle's reader controls), or the plain page's."""
        self.spec = spec

    def leave_embed(self) -> None:
        """Back to the plain page (a new address, or the tests' reset)."""
        self.spec = None
        self.t.leave_tutor()
        self.app.puzzles.clear_puzzle()
        self.dom.root("data-embed", None)
        self.clear_embed_error()
        for id_ in ("lesson", "open-hands"):
            self.dom.text(id_, "")
            self.dom.hidden(id_, True)

    # ---------------------------------------------------------------------- address
    def adopt_embed(self, spec: E.Spec) -> None:
        """The address's embed parameters taken: the parent's origin, the embedded look and,
        once the table is ready, the frame's height."""
        self.spec = spec
        self.parent_origin = spec.parent
        if spec.embed:
            self.dom.root("data-embed", "1")
            if spec.fit and self.ready_sent:
                self.fit()

    def embedded_address(self, raw: dict[str, str], q: Q.Query | None = None) -> bool:
        """Opens what the address asks when it names a position, a lesson or the embed;
        False when it names none of them (the lobby and the normal table go on). `q`: the
        address as ui/lobby/query.py read it: a new game's seed, players and table options, and
        the sentences for what it cannot have."""
        if not any(k in raw for k in ("embed", "record", "lesson")):
            return False
        origin = self.env.origin
        spec: E.Spec | None = None
        try:
            spec = E.parse_params(raw, origin)
        except Exception as exc:  # noqa: BLE001 (an address is never a crash: it is said)
            if raw.get("embed") in ("1", "true", "yes"):
                self.dom.root("data-embed", "1")
            self.embed_error(
                str(exc)
                if isinstance(exc, E.EmbedError)
                else _("The table could not open this address: {reason}").format(
                    reason=error_text(exc)
                )
            )
            return True
        if q is not None and q.errors:  # the same sentences as the page's own address
            if spec.embed:
                self.dom.root("data-embed", "1")
            self.embed_error(" ".join(q.errors))
            return True
        if (
            q is not None
            and spec.record is None
            and spec.lesson is None
            and spec.lesson_url is None
            and not spec.wait
        ):
            self.app.lobby.c.take(q)  # a new game: its players and table options
        self.adopt_embed(spec)
        self.listen_for_messages()
        if spec.wait:  # embed.js fetched the lesson on its page's site: it comes by `load`
            self.dom.hidden("lobby", True)
            self.dom.hidden("table", True)
            return True
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
            url = urljoin(self.env.href, url_text)
            if origin_of(url) != self.env.origin:
                raise E.EmbedError(_("A lesson can only be loaded from this site’s own address."))
            status, text = await self.app.fetch_text(url)
            if not 200 <= status < 300:
                raise E.EmbedError(
                    _("The lesson “{address}” could not be loaded (HTTP {status}).").format(
                        address=url_text, status=status
                    )
                )
            spec.lesson = E.lesson_from_text(text, url_text, spec.game)
            spec.lesson_url = None
            self.load_spec(spec)
        except E.EmbedError as exc:
            self.embed_error(str(exc))
        except Exception as exc:  # noqa: BLE001 (a network failure is a message)
            self.embed_error(
                _("The lesson “{address}” could not be loaded: {reason}").format(
                    address=url_text, reason=error_text(exc)
                )
            )

    # ---------------------------------------------------------------------- loading
    def load_spec(self, spec: E.Spec) -> None:
        """Puts a position or a lesson on the table; EmbedError leaves everything as it was."""
        if spec.lesson is None and spec.record is None:
            if spec.game is None:
                raise E.EmbedError(_("The address names no game, record or lesson to show."))
            self.clear_embed_error()  # a new match of the game, at the embed's size
            self.t.leave_tutor()
            self.t.arrange(
                readers=set(range(8)) if spec.all_seats else {0}, open_view=spec.open_view
            )
            self.app.lobby.set_choice(game=spec.game)
            self.app.start_match()
            return
        t = self.t
        self.app.puzzles.clear_puzzle()
        self.app.runner.event(
            lambda: (t.load_lesson if spec.lesson is not None else t.load_record)(spec)
        )
        self.clear_embed_error()
        self.app.set_paused(None)

    def embed_error(self, text: str) -> None:
        """A refusal: said on the page (text only) and to the parent; nothing else changes."""
        self.dom.op("embed-msg", text)
        if self.t.match is None:
            self.dom.hidden("lobby", True)
            self.dom.hidden("table", True)
        self.post(E.event("error", message=text))

    def clear_embed_error(self) -> None:
        self.dom.op("embed-msg", None)

    # ---------------------------------------------------------------------- messages
    def listen_for_messages(self) -> None:
        if self.listening:
            return
        self.listening = True
        self.dom.op("listen")  # index.html: only the parent's messages, as JSON text

    def on_message(self, origin: str, text: Any) -> None:
        """A command from the parent window (only from `parent=`'s origin when given)."""
        if self.parent_origin is not None and str(origin) != self.parent_origin:
            return
        cmd: dict[str, Any] | None = None
        try:
            cmd = E.parse_command(text if isinstance(text, str) else None)
            self.command(cmd)
        except Exception as exc:  # noqa: BLE001 (never a crash: say it)
            said = (
                str(exc)
                if isinstance(exc, E.EmbedError)
                else _("The table could not do that: {reason}").format(reason=error_text(exc))
            )
            waiting = self.spec is not None and self.spec.wait and self.t.match is None
            if waiting or (cmd is not None and cmd.get("type") == "load"):
                self.embed_error(said)  # a lesson or position not loaded: said in the frame too
            else:
                self.post(E.event("error", message=said))

    def command(self, cmd: dict[str, Any]) -> None:
        kind = cmd["type"]
        t = self.t
        act: Callable[[], object] | None = None
        if kind in ("load", "set") and t.at_friends:
            friends_refusal(cmd)
        if kind == "load":
            spec = E.Spec(
                embed=self.spec.embed if self.spec else True,
                parent=self.parent_origin,
                fit=bool(self.spec and self.spec.fit),
            )
            if "record" in cmd:
                spec.record = E.parse_record(cmd["record"])
            else:
                game = self.spec.game if self.spec is not None else None
                name = cmd.get("name")
                if "size" in cmd:  # embed.js read a file too large to hand over
                    raise E.too_large(str(name or ""), int(cmd["size"]))
                if name is not None and isinstance(cmd["lesson"], str):
                    spec.lesson = E.lesson_from_text(cmd["lesson"], name, game)
                else:
                    spec.lesson = E.parse_lesson(cmd["lesson"])
                if game is not None and spec.lesson.game != game:
                    raise E.EmbedError(
                        _("The address is for {game}, but its lesson is for {other}.").format(
                            game=E.title(game), other=E.title(spec.lesson.game)
                        )
                    )
                spec.game = game
            E.apply_view(spec, cmd)
            self.load_spec(spec)
            self.spec = spec
        elif kind == "restart":
            self.restart()
        elif kind == "play":
            move = str(cmd["move"])
            act = lambda: t.remote_play(move)  # noqa: E731
        elif kind == "step":
            if "to" in cmd:
                to = int(cmd["to"])
                act = lambda: t.step_to(to)  # noqa: E731
            else:
                by = 1 if cmd["dir"] == "forward" else -1
                act = lambda: t.step(by)  # noqa: E731
        elif kind == "set":
            view = self.spec or E.Spec()
            E.apply_view(view, cmd)
            act = lambda: t.set_view(view, cmd)  # noqa: E731
        self.app.runner.event(act)

    def restart(self) -> None:
        """The position or the lesson from its start (a puzzle: tried again), or the match
        dealt again."""
        t = self.t
        if t.at_friends:  # the match dealt again would take back the guests' moves
            raise E.EmbedError(no_undo())
        if t.puzzle is not None:
            self.app.runner.event(t.retry_puzzle)
            return
        restarted: list[bool] = []
        self.app.runner.event(lambda: restarted.append(bool(t.restart())))
        if not restarted[0] and t.match is not None:
            self.app.lobby.set_choice(seed=str(t.match.seed))
            self.app.start_match()
            self.app.runner.flush()

    def post(self, data: dict[str, Any]) -> None:
        """An event to the parent window (to `parent=`'s origin only, when given)."""
        if not self.env.embedded:
            return
        if not self.ready_sent and data.get("type") != "ready":
            self.held.append(data)  # e.g. an address's error, said once `ready` is out
            return
        self.dom.op("post", json.dumps(data, default=str), self.parent_origin or "*")

    def ready_event(self) -> None:
        """`ready` to the parent, then whatever the start had to say (an `error`)."""
        if self.ready_sent:
            return
        self.ready_sent = True
        self.post(E.event("ready", games=list(engine.GAMES)))
        held, self.held = self.held, []
        for data in held:
            self.post(data)
        if self.spec is not None and self.spec.embed and self.spec.fit:
            self.fit()

    def fit(self) -> None:
        """The parent's frame follows the table's height: ui/web/ sends `resize` events."""
        if self.env.embedded:
            self.dom.op("fit", self.parent_origin or "*")

    def draw_lesson(self) -> None:
        if self.t.puzzle is not None:
            self.app.puzzles.draw_puzzle()  # the puzzle's box, in the lesson's place
            return
        run = self.t.lesson_run
        if run is None:
            self.dom.op("lesson", None, None, False)
            return
        busy = bool(self.t.replying)  # the answer's replies are on their way
        self.dom.op(
            "lesson",
            [tree(n) for n in LV.lesson_box(run, self.t.feedback, self.t.hint_text, busy)],
            str(run.step_index + (0 if busy else 1)),
            bool(run.done and not busy),
        )


def friends_refusal(cmd: dict[str, Any]) -> None:
    """At a table with friends a `load` or `set` that would show the host every hand, or let
    the host play every seat, is refused (EmbedError; nothing changes)."""
    if cmd.get("view") == "open":
        raise E.EmbedError(_("At a table with friends each player sees only their own hand."))
    if cmd.get("seats") == "all":
        raise E.EmbedError(_("At a table with friends each player plays only their own seat."))
