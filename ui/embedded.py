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
from engine import markup
from engine.lessons import LessonRun

from . import embed as E
from .i18n import _, catalog, error_text, pgettext
from .seen import Seen, seen_moves


def el(id_: str) -> Any:
    return js.document.getElementById(id_)


def page_hook(name: str) -> Any:
    """A window.__tt_* function of index.html (read by name: inside a class, Python would
    mangle `js.window.__tt_post`)."""
    return js.Reflect.get(js.window, name)


def node(tag: str, text: str | None = None, cls: str = "", **data: str) -> Any:
    """A DOM element with text (never HTML) and data-* attributes."""
    n = js.document.createElement(tag)
    if cls:
        n.className = cls
    if text is not None:
        n.textContent = text
    for k, v in data.items():
        n.setAttribute("data-" + k.replace("_", "-"), v)
    return n


def markup_nodes(parent: Any, text: str) -> None:
    """Lesson text through the safe Markdown subset, as DOM nodes (textContent only)."""
    for block in markup.parse(text):
        if block[0] == "ul":
            ul = node("ul")
            for item in block[1]:
                li = node("li")
                inline_nodes(li, item)
                ul.appendChild(li)
            parent.appendChild(ul)
        else:
            p = node("p")
            inline_nodes(p, block[1])
            parent.appendChild(p)


def inline_nodes(parent: Any, items: Any) -> None:
    for it in items:
        kind = it[0]
        if kind == "text":
            parent.appendChild(js.document.createTextNode(it[1]))
        elif kind in ("b", "i"):
            n = node("strong" if kind == "b" else "em")
            inline_nodes(n, it[1])
            parent.appendChild(n)
        elif kind == "code":
            parent.appendChild(node("code", it[1]))
        elif kind == "a":
            a = node("a")
            if markup.safe_url(it[1]):
                a.setAttribute("href", it[1])
                a.setAttribute("target", "_blank")
                a.setAttribute("rel", "noopener noreferrer")
            inline_nodes(a, it[2])
            parent.appendChild(a)
        elif kind == "card":
            red = it[1][-1:] in ("H", "D")
            parent.appendChild(node("span", it[2], "card-token" + (" red" if red else ""),
                                    card=str(it[1])))


class Embedding:
    """Embed state and behaviour (mixed into App)."""

    # set up in App.__init__ via init_embedding()
    embed: E.Spec | None
    readers: set[int]
    open_view: bool
    step_record: dict[str, Any] | None
    script: list[str]
    step_pos: int | None
    base_record: dict[str, Any] | None
    run: LessonRun | None
    feedback: tuple[str, str] | None
    seat_shift: int

    def init_embedding(self) -> None:
        self.embed = None
        self.readers = {0}
        self.open_view = False
        self.step_record = None
        self.script = []
        self.step_pos = None
        self.base_record = None
        self.run = None
        self.feedback = None
        self.seat_shift = 0
        self.parent_origin: str | None = None
        self.embed_failed = False

    def leave_embed(self) -> None:
        """Back to the plain page (a new address, or the tests' reset)."""
        self.embed = None
        self.run = None
        self.step_pos = None
        self.step_record = None
        self.base_record = None
        self.script = []
        self.readers = {0}
        self.open_view = False
        self.feedback = None
        self.seat_shift = 0
        self.hint_text = None
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
            text = str(await resp.text())
            if len(text) > 250_000:
                raise E.EmbedError(_("The lesson file is too large (over 250,000 "
                                     "characters)."))
            try:
                data = json.loads(text)
            except ValueError:
                raise E.EmbedError(_("The lesson “{address}” is not JSON.").format(
                    address=url_text)) from None
            spec.lesson = E.parse_lesson(data)
            spec.lesson_url = None
            if spec.game is not None and spec.lesson.game != spec.game:
                raise E.EmbedError(_("The address is for {game}, but its lesson is for "
                                     "{other}.").format(game=E.title(spec.game),
                                                        other=E.title(spec.lesson.game)))
            self.load_spec(spec)
        except E.EmbedError as exc:
            self.embed_error(str(exc))
        except Exception as exc:  # noqa: BLE001 (a network failure is a message)
            self.embed_error(_("The lesson “{address}” could not be loaded: {reason}").format(
                address=url_text, reason=error_text(exc)))

    # ---------------------------------------------------------------------- loading
    def load_spec(self, spec: E.Spec) -> None:
        """Puts a position or a lesson on the table; EmbedError leaves everything as it was."""
        if spec.lesson is not None:
            lesson = E.turn_lesson(spec.lesson, spec.seat or None)
            run = lesson.start()
            self.clear_embed_error()
            self.token += 1
            self.run = run
            self.step_pos = None
            self.step_record = None
            self.base_record = None
            self.readers = {0}
            self.open_view = lesson.view == "open" or spec.open_view
            self.seat_shift = (spec.seat or spec.lesson.seat) % run.match.players
            self.feedback = None
            self.speed = "0"
            self.put_on_table(run.match, run.match.deals.index(run.deal))
            self.post_lesson_step()
            return
        if spec.record is not None:
            rec = E.rotate(spec.record, spec.seat)
            if spec.step is not None:
                flat = E.flat_moves(rec)
                pos = min(spec.step, len(flat))
                match = engine.replay(E.truncate(rec, pos))
            else:
                match = engine.replay(rec)
                pos = None
            self.clear_embed_error()
            self.token += 1
            self.run = None
            self.base_record = rec
            self.step_record = rec if pos is not None else None
            self.script = [mv for _d, mv in E.flat_moves(rec)] if pos is not None else []
            self.step_pos = pos
            self.seat_shift = spec.seat
            n = match.players
            self.readers = set(range(n)) if spec.all_seats else {0}
            self.open_view = spec.open_view or spec.all_seats  # the reader sees whom they play
            self.feedback = None
            if pos is not None:
                self.speed = "0"
            self.put_on_table(match, len(match.deals) - 1)
            if pos is None:
                self.kick()
            return
        if spec.game is not None:  # a new match of the game, at the embed's size
            self.clear_embed_error()
            self.run = None
            self.step_pos = None
            self.readers = set(range(8)) if spec.all_seats else {0}
            self.open_view = spec.open_view
            self.selected = spec.game
            self.start_match()
            return
        raise E.EmbedError(_("The address names no game, record or lesson to show."))

    def put_on_table(self, match: Any, cur: int) -> None:
        self.match = match
        self.cur = cur
        self.paused = None
        self.hide_overlay()
        self.begin_deal()
        el("lobby").hidden = True
        el("table").hidden = False
        self.render()

    def embed_error(self, text: str) -> None:
        """A refusal: said on the page (text only) and to the parent; nothing else changes."""
        box = el("embed-msg")
        box.textContent = text
        box.hidden = False
        if self.match is None:
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
            self.remote_play(str(cmd["move"]))
        elif kind == "step":
            if "to" in cmd:
                self.step_to(int(cmd["to"]))
            else:
                self.step(1 if cmd["dir"] == "forward" else -1)
        elif kind == "set":
            spec = self.embed or E.Spec()
            E.apply_view(spec, cmd)
            if "speed" in cmd:
                self.speed = str(cmd["speed"])
            if "view" in cmd:
                self.open_view = spec.open_view
            if "seats" in cmd and self.match is not None and self.run is None:
                self.readers = set(range(self.match.players)) if spec.all_seats else {0}
            self.render()
            self.kick()

    def post(self, data: dict[str, Any]) -> None:
        """An event to the parent window (to `parent=`'s origin only, when given)."""
        try:
            if page_hook("__tt_embedded")():
                page_hook("__tt_post")(json.dumps(data, default=str), self.parent_origin or "*")
        except Exception:  # noqa: BLE001, S110 (a parent that went away)
            pass

    def ready_event(self) -> None:
        self.post(E.event("ready", games=list(engine.GAMES)))

    # ---------------------------------------------------------------------- events of play
    def orig(self, seat: int | None) -> int | None:
        """A seat in the record's own numbering (the table may be turned)."""
        if seat is None or self.match is None:
            return seat
        return (seat + self.seat_shift) % self.match.players

    def move_events(self, seen: Seen, deal: Any, last: bool = True) -> None:
        """A move to the parent page, as the reader saw it (ui/seen.py); with `last`, the
        deal's end when it is over."""
        over = last and deal.phase == "over"
        for data in E.move_events(seen, self.match.deals.index(deal) + 1,
                                  deal.result if over else None, self.orig):
            self.post(data)

    # ---------------------------------------------------------------------- lessons
    def lesson_try(self, move: str) -> None:
        run = self.run
        if run is None or run.done:
            return
        deal = run.deal
        before = self.table_view()
        out = run.try_move(move)
        names = self.names()
        if out.kind == "right":
            self.feedback = ("right", out.text or out.message.render(names, catalog()))
            self.hint_text = None
            seen = seen_moves(before, self.table_view(), list(out.played))
            for i, one in enumerate(seen):
                self.move_events(one, deal, last=i == len(seen) - 1)
            finished = [one.finished for one in seen if one.finished is not None]
            if finished:
                self.last_trick = finished[-1]
                self.lingering = not deal.trick and deal.phase != "over"
            self.seq += 1
            self.selection = []
            self.render()
            self.post_lesson_step()
        elif out.kind in ("wrong", "illegal"):
            why = out.reason.render(names, catalog()) if out.reason is not None else ""
            text = (" ".join(t for t in (why, out.text or "") if t)
                    or out.message.render(names, catalog()))
            self.feedback = (out.kind, text)
            self.selection = []
            self.render()
            self.post(E.event("error" if out.kind == "illegal" else "lesson-step",
                              **({"message": text} if out.kind == "illegal" else
                                 {"step": run.step_index + 1, "answer": "wrong",
                                  "move": move, "text": text})))

    def post_lesson_step(self) -> None:
        run = self.run
        if run is None:
            return
        if run.done:
            self.post(E.event("lesson-done", title=run.lesson.title,
                              steps=len(run.lesson.steps)))
        else:
            step = run.step
            self.post(E.event("lesson-step", step=run.step_index + 1,
                              of=len(run.lesson.steps), text=step.text if step else ""))

    def draw_lesson(self) -> None:
        box = el("lesson")
        run = self.run
        if run is None:
            box.hidden = True
            box.textContent = ""
            return
        box.hidden = False
        box.textContent = ""
        lesson = run.lesson
        box.setAttribute("data-step", str(run.step_index + 1))
        if run.done:
            box.setAttribute("data-done", "1")
        else:
            box.removeAttribute("data-done")
        head = node("div", None, "lesson-head")
        head.appendChild(node("b", lesson.title, "lesson-title"))
        head.appendChild(node("small", pgettext("lesson", "Done") if run.done else
                              _("Step {n} of {total}").format(n=run.step_index + 1,
                                                              total=len(lesson.steps))))
        box.appendChild(head)
        if self.feedback is not None:
            kind, text = self.feedback
            fb = node("div", None, f"lesson-feedback {kind}", lesson_feedback=kind)
            fb.setAttribute("role", "status")
            label = {"right": _("Right."), "wrong": _("Not this one."),
                     "illegal": _("Not allowed.")}.get(kind, "")
            fb.appendChild(node("strong", label + " " if label else ""))
            markup_nodes(fb, text)
            box.appendChild(fb)
        body = node("div", None, "lesson-text", lesson_text="1")
        if run.done:
            body.setAttribute("data-lesson-done", "1")
            markup_nodes(body, lesson.end or _("Lesson complete."))
        else:
            if run.step_index == 0 and lesson.intro and self.feedback is None:
                markup_nodes(body, lesson.intro)
            if run.step is not None:
                markup_nodes(body, run.step.text)
        box.appendChild(body)
        hint = getattr(self, "hint_text", None)
        if hint and not run.done:
            hn = node("div", None, "lesson-hint", lesson_hint="1")
            markup_nodes(hn, hint)
            box.appendChild(hn)

    # ---------------------------------------------------------------------- steps
    def step(self, by: int) -> None:
        if self.step_pos is None or self.match is None:
            raise E.EmbedError(_("This table is not showing a position step by step (add "
                                 "step=N)."))
        self.step_to(self.step_pos + by)

    def step_to(self, n: int) -> None:
        if self.step_pos is None or self.step_record is None:
            raise E.EmbedError(_("This table is not showing a position step by step (add "
                                 "step=N)."))
        n = max(0, n)
        if n == self.step_pos + 1:
            self.step_forward()
            return
        n = min(n, len(self.script))
        match = engine.replay(E.truncate(self.step_record, n))
        self.token += 1
        self.step_pos = n
        self.put_on_table(match, len(match.deals) - 1)

    def step_forward(self) -> None:
        if self.match is None or self.step_pos is None:
            return
        if self.match.is_over:
            raise E.EmbedError(_("The match is over: there is no next move."))
        self.lingering = False
        d = self.deal
        if d.phase == "over":  # the next deal
            self.cur = len(self.match.deals) - 1
            self.begin_deal()
            self.render()
            return
        if self.step_pos < len(self.script):
            move = self.script[self.step_pos]
        else:
            move = engine.bots.choose(d, d.to_move, self.bot_rng())
        self.apply(move)
        self.note_step(move)

    def note_step(self, move: str) -> None:
        """A move made in step mode: the script follows it (a new line when it differs)."""
        if self.step_pos is None:
            return
        pos = self.step_pos
        if pos < len(self.script) and self.script[pos] == move:
            self.step_pos = pos + 1
        else:
            self.step_record = self.match.record()
            self.script = [mv for _d, mv in E.flat_moves(self.step_record)]
            self.step_pos = len(self.script)
        self.render()

    def restart(self) -> None:
        if self.run is not None:
            self.run.restart()
            self.feedback = None
            self.hint_text = None
            self.token += 1
            self.put_on_table(self.run.match, self.run.match.deals.index(self.run.deal))
            self.post_lesson_step()
            return
        if self.base_record is not None:
            spec = self.embed or E.Spec()
            saved_shift, rec = self.seat_shift, self.base_record
            if self.step_pos is not None:
                self.step_record = rec
                self.script = [mv for _d, mv in E.flat_moves(rec)]
                self.step_to(spec.step or 0)
            else:
                match = engine.replay(rec)
                self.token += 1
                self.put_on_table(match, len(match.deals) - 1)
                self.kick()
            self.seat_shift = saved_shift
            return
        if self.match is not None:
            self.seed_text = str(self.match.seed)
            self.start_match()

    def remote_play(self, move: str) -> None:
        """`play` from the parent: the reader's move, checked like a click."""
        if self.match is None:
            raise E.EmbedError(_("There is no game on the table yet: send “load” first."))
        d = self.deal
        if self.run is not None:
            self.lesson_try(move)
            return
        if not self.human_can_act():
            raise E.EmbedError(_("It is not the reader’s turn to play."))
        legal = d.legal_moves()
        norm = move.strip()
        if norm not in legal:
            why = self.reason(norm)
            raise E.EmbedError(why or _("“{move}” is not a move the table can play now.")
                               .format(move=move[:40]))
        self.play(norm)
