"""The puzzle screen's page side (a part of ui/shell/app.py's `App`): the puzzle files fetched from
the site (`puzzles/<game>.json`, precached with the rest of the page), the address (`?puzzle=`),
the lobby's and the box's controls, the player's progress in storage and the parent's events.

The choices are ui/puzzles/progress.py's and the play is the controller's
(ui/puzzles/on_table.py); this part only fetches, stores, and says what went wrong. A puzzle on
show never touches the player's saved match (the match paused in the lobby stays there). Nothing
from an address, a file or the storage is ever written as HTML: the box is built as text nodes,
messages go as text.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any
from urllib.parse import urljoin

import engine
import engine.content.puzzle_file as EP
from ui.common.i18n import _, catalog, game_info
from ui.embed import spec as E
from ui.embed.page import tree
from ui.puzzles import progress as P
from ui.shell.parts import Page


def today() -> str:
    """The daily puzzle's date: the day in UTC, the same for everyone at once."""
    return time.strftime("%Y-%m-%d", time.gmtime())


class Puzzles:
    """The puzzle screen (a part of ui/shell/app.py's `App`)."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.t, self.dom, self.env = app.t, app.dom, app.env
        self.pz_sets: dict[str, list[Any]] = {}  # each game's puzzles, as loaded
        self.pz_progress: P.Progress | None = None
        self.pz_text: str | None = None  # the stored text it was read from
        self.pz_note: str | None = None  # the progress was unreadable and has been reset
        self.pz_paused: Any = None  # the match paused in the lobby, kept for after
        self.pz_req = 0  # requests to open a puzzle: only the latest one is shown
        self.pz_drawn: Any = None  # the box as last written
        self.pz_focused: Any = None  # the result whose "Next puzzle" took the focus
        self.pz_nav = 0  # bumped when the page leaves the puzzles: a fetch then comes too late
        self.t.on_puzzle_result = self.puzzle_result

    def forget_progress(self) -> None:
        """The progress is read afresh when next needed (another tab wrote it, a reload)."""
        self.pz_progress = None

    def forget(self) -> None:
        """Nothing read nor kept (the tests' reset)."""
        self.pz_progress = self.pz_note = self.pz_paused = None

    # ---------------------------------------------------------------------- progress
    def progress(self) -> P.Progress:
        """The player's puzzle progress, as stored now (the record page's reset, another tab
        or a reload may have changed it); kept for the visit when storage is refused."""
        try:
            text = self.env.read_key(P.KEY)
        except Exception:  # noqa: BLE001 (storage refused: progress for this visit only)
            if self.pz_progress is None:
                self.pz_progress = P.Progress()
            return self.pz_progress
        if self.pz_progress is not None and text == self.pz_text:
            return self.pz_progress
        prog, bad = P.read_progress(text)
        if bad:
            self.pz_note = _("Your puzzle progress could not be read, so it starts again.")
        self.pz_progress = prog
        if bad:
            self.write_progress(prog)
        else:
            self.pz_text = text
        return prog

    def write_progress(self, prog: P.Progress) -> None:
        text = prog.to_json()
        try:
            self.env.write_key(P.KEY, text)
            self.pz_text = text
        except Exception:  # noqa: BLE001 (storage refused: kept for this visit)
            self.pz_note = self.pz_note or _(
                "Puzzle progress cannot be stored in this browser: it is kept for this visit only."
            )

    def puzzle_result(self, ok: bool) -> None:
        """The controller's verdict on the player's card: stored, and told to the parent."""
        t = self.t
        p = t.puzzle
        if p is None:
            return
        prog = self.progress()
        if t.pz_last_counted:  # (a later try, or one after the answer was seen, is practice)
            prog.record(p.game, p.id, ok, t.pz_daily)
            self.write_progress(prog)
        self.dom.attr("#table", "data-puzzle-state", t.pz_state)
        event = E.event(
            "puzzle-solved" if ok else "puzzle-failed",
            puzzle=f"{p.game}/{p.id}",
            game=p.game,
            id=p.id,
            move=t.pz_move,
            best=list(p.best),
            streak=prog.streak,
        )
        if t.pz_daily:
            event["daily"] = t.pz_daily
        self.app.embed.post(event)

    # ---------------------------------------------------------------------- files
    async def puzzle_set(self, game: str) -> list[Any]:
        """A game's puzzles (fetched once); P.PuzzleRefError says why there are none."""
        if game in self.pz_sets:
            return self.pz_sets[game]
        url = urljoin(self.env.href, f"puzzles/{game}.json")
        try:
            status, text = await self.app.fetch_text(url)
        except Exception as exc:  # noqa: BLE001 (offline and not precached: a message)
            raise P.PuzzleRefError(
                _("The puzzles could not be loaded: {reason}").format(reason=str(exc)[:200])
            ) from None
        if not 200 <= status < 300:
            raise P.PuzzleRefError(
                _("The puzzles could not be loaded (HTTP {status}).").format(status=status)
            )
        loaded = EP.load_puzzles(text, game)
        if not loaded.puzzles:
            why = loaded.errors[0].render(None, catalog()) if loaded.errors else ""
            raise P.PuzzleRefError(
                _("The puzzle file could not be used: {reason}").format(reason=why)
            )
        self.pz_sets[game] = loaded.puzzles
        return loaded.puzzles

    # ---------------------------------------------------------------------- address
    def puzzle_address(self, raw: dict[str, str]) -> None:
        """`?puzzle=` (with the embed's own parameters): the puzzle, or the lobby with a
        message saying why not."""
        try:
            spec = E.parse_params({k: v for k, v in raw.items() if k != "puzzle"}, self.env.origin)
            if spec.record is not None or spec.lesson is not None or spec.lesson_url:
                raise P.PuzzleRefError(
                    _("The address names a puzzle and a record or lesson: give one of them.")
                )
            ref = P.parse_ref(raw.get("puzzle"))
        except (E.EmbedError, P.PuzzleRefError) as exc:
            if raw.get("embed") in ("1", "true", "yes"):
                self.dom.root("data-embed", "1")
                self.app.embed.embed_error(str(exc))
                return
            self.puzzle_list(str(exc))
            return
        self.app.embed.adopt_embed(spec)
        if spec.embed:
            self.app.embed.listen_for_messages()
        self.dom.hidden("lobby", True)
        self.open_puzzle(ref)

    def puzzle_list(self, text: str | None = None) -> None:
        """The lobby (its Puzzles section is the puzzle list), with `text` (as text) when
        something went wrong."""
        self.app.embed.use_spec(None)
        self.app.lobby.show_lobby()
        if text:
            self.dom.op("lobby-msg", text, False)  # URL text: never HTML
        if self.env.history_tt != "lobby":
            self.env.set_history(
                "lobby", self.env.pathname if self.env.history_tt == "table" else None
            )

    def open_puzzle(self, ref: P.Ref, after: str | None = None) -> Any:
        """Fetches the puzzle `ref` names and puts it on the table (a future: the file may
        have to be read first); on a failure the table stays as it was (with a toast), or,
        when nothing is on it, the lobby says why. Only the latest request is shown, and
        none once the player has left the puzzles."""
        self.pz_req += 1
        return asyncio.ensure_future(self.opening(ref, after, self.pz_req, self.pz_nav))

    async def opening(self, ref: P.Ref, after: str | None, mine: int, nav: int) -> None:
        try:
            p, number, daily = await self.find_puzzle(ref, after)
            if mine != self.pz_req or nav != self.pz_nav:
                return  # a later request, or the player went elsewhere meanwhile
            self.show_puzzle(p, number, daily)
        except (P.PuzzleRefError, E.EmbedError) as exc:
            if mine == self.pz_req and nav == self.pz_nav:
                self.puzzle_failed_to_open(str(exc))
        except Exception as exc:  # noqa: BLE001 (never a crash: say it)
            self.puzzle_failed_to_open(
                _("The puzzle could not be opened: {reason}").format(reason=str(exc)[:200])
            )
        self.app.runner.flush()

    async def find_puzzle(self, ref: P.Ref, after: str | None) -> tuple[Any, int, str | None]:
        if ref.kind == "daily":
            date = ref.date or today()
            game, _n = P.daily_game(date)
            puzzles = await self.puzzle_set(game)
            p = P.daily_pick(date, puzzles)
            return p, P.number_of(puzzles, p.id), date
        game = str(ref.game)
        puzzles = await self.puzzle_set(game)
        found: EP.Puzzle | None
        if ref.kind == "next":
            found = P.pick_next(puzzles, self.progress(), game, after)
        else:
            found = P.find(puzzles, str(ref.id))
        if found is None:
            raise P.PuzzleRefError(
                _("There is no puzzle “{id}” for {game}.").format(
                    id=P.clip(str(ref.id)), game=game_info(engine.GAME_INFO[game])["title"]
                )
            )
        return found, P.number_of(puzzles, found.id), None

    def puzzle_failed_to_open(self, text: str) -> None:
        if self.t.puzzle is not None and self.t.match is not None:
            self.app.felt.toast(text)  # the puzzle on show stays
            return
        if self.app.embed.spec is not None and self.app.embed.spec.embed:
            self.app.embed.embed_error(text)
            return
        self.puzzle_list(text)

    def show_puzzle(self, p: Any, number: int, daily: str | None) -> None:
        if self.app.embed.spec is None:  # the reader's controls; the saved match is not touched
            self.app.embed.use_spec(E.Spec())
        if self.t.puzzle is None and self.t.match is None and self.pz_paused is None:
            self.pz_paused = self.app.paused
        t = self.t  # (its effects are carried out once the puzzle is shown: `opening`)
        prog = self.progress()
        solved = bool(daily and prog.daily.get(daily) == f"{p.game}/{p.id}:solved")
        t.load_puzzle(p, number, daily, counted=prog.result(p.game, p.id) is None, solved=solved)
        self.app.embed.clear_embed_error()
        self.dom.attr("#table", "data-puzzle", f"{p.game}/{p.id}")
        self.dom.attr("#table", "data-puzzle-state", t.pz_state)
        self.dom.attr("#table", "data-puzzle-kind", p.kind)
        if not self.puzzle_embedded():
            self.puzzle_history(p, daily)

    def puzzle_history(self, p: Any, daily: str | None) -> None:
        url = "?" + self.env.query_of({"puzzle": f"daily/{daily}" if daily else f"{p.game}/{p.id}"})
        if self.env.history_tt == "table":
            self.env.set_history("table", url)
        else:
            if self.env.history_tt != "lobby":
                self.env.set_history("lobby", self.env.pathname)
            self.env.set_history("table", url, push=True)

    # ---------------------------------------------------------------------- controls
    def puzzle_action(self, what: str, attrs: dict[str, str]) -> bool:
        """A puzzle's control (the lobby's, the box's, the bar's over a puzzle); True when it
        was one."""
        t = self.t
        on = t.puzzle is not None
        if what == "puzzles":
            game = str(attrs.get("data-game") or self.app.lobby.c.selected)
            if game not in EP.GAMES:
                game = EP.GAMES[0]
            self.open_puzzle(P.Ref("next", game))
        elif what in ("puzzles", "puzzle-daily", "puzzle-next") and self.puzzle_embedded():
            pass  # an embedded puzzle never swaps itself for another
        elif what == "puzzle-daily":
            self.open_puzzle(P.Ref("daily"))
        elif what == "puzzle-list":  # the lobby's pill: its puzzle list, the daily one first
            self.dom.op("focus", '#lobby .puzzles-entry [data-action="puzzle-daily"]')
        elif what == "puzzle-answer" and on:
            # the box without its button: the keyboard goes on from "Next puzzle"
            self.app.runner.event(t.show_puzzle_answer)
            self.dom.op("focus", "#lesson .puzzle-controls .primary")
        elif what == "puzzle-next" and on:
            self.open_puzzle(P.Ref("next", t.puzzle.game), t.puzzle.id)
        elif what in ("puzzle-retry", "restart") and on:
            self.app.runner.event(t.retry_puzzle)
            self.dom.attr("#table", "data-puzzle-state", t.pz_state)
            return True
        elif what == "lobby" and on:
            self.leave_puzzle_page()
        elif what in ("hint", "undo") and on:
            self.app.felt.toast(_("There is no hint or undo in a puzzle."))
        else:
            return False
        self.app.runner.flush()
        return True

    def puzzle_embedded(self) -> bool:
        """In another site's page (`embed=1`): the puzzle it names stays the only one."""
        return self.app.embed.spec is not None and bool(self.app.embed.spec.embed)

    def leave_puzzle_page(self) -> None:
        """To the lobby; the match paused there before the puzzle is there again."""
        self.app.set_paused(self.pz_paused)
        self.pz_paused = None
        self.app.embed.leave_embed()
        self.env.set_history("lobby", self.env.pathname)
        self.app.lobby.show_lobby()

    def clear_puzzle(self) -> None:
        self.pz_nav += 1
        self.pz_drawn = None
        self.dom.attr("#lesson", "aria-live", "polite")
        self.t.leave_puzzle()
        for name in ("data-puzzle", "data-puzzle-state", "data-puzzle-kind"):
            self.dom.attr("#table", name, None)

    def draw_puzzle(self) -> None:
        t = self.t
        p = t.puzzle
        prog = self.progress()
        b = P.BoxState(
            title=game_info(engine.GAME_INFO[p.game])["title"],
            number=t.pz_number,
            pid=p.id,
            kind=p.kind,
            goal=t.puzzle_goal(),
            state=t.pz_state,
            playing=t.pz_playing,
            move=t.pz_move,
            best=tuple(p.best),
            daily=t.pz_daily,
            streak=prog.streak,
            best_streak=prog.best,
            solved_count=prog.count(),
            note=self.pz_note,
            counted=t.pz_last_counted,
            shown=t.pz_shown,
            embedded=self.puzzle_embedded(),
            solved_before=t.pz_solved_before,
        )
        done = t.pz_state != "solving" and not t.pz_playing
        nodes = [tree(n) for n in P.box(b)]
        if (nodes, done) != self.pz_drawn:  # (written only when it changes)
            self.pz_drawn = (nodes, done)
            # the live region (#announce) says what changes; the box itself is not read out
            # again at every move of the line
            self.dom.attr("#lesson", "aria-live", "off")
            self.dom.op("lesson", nodes, "puzzle", done)
        self.dom.attr("#table", "data-puzzle-state", t.pz_state)
        mark = (t.placed, t.pz_state)
        if done and self.pz_focused != mark:  # the keyboard's way on: "Next puzzle"
            self.pz_focused = mark
            self.dom.op("focus", "#lesson .puzzle-controls .primary")
