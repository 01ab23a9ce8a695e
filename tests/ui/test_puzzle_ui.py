"""The puzzle screen without a browser: its pure part (ui/puzzles/progress.py: the progress in storage,
the addresses, the daily puzzle, the streak's difficulty, the goal, the box) and the page's
Python through the worker protocol (ui/shell/host.py, as tests/ui/test_host.py drives it), with the
shipped puzzle files served by a stand-in for the worker's fetch."""

from __future__ import annotations

import asyncio
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import engine.content.puzzle_file as EP
from bench.fake_page import FACTS, Page, legal_cards, run, until
from engine.cards import CARD_STR
from ui.common.i18n import use
from ui.puzzles import progress as P
from ui.saves import store as S
from ui.shell import host as H

ROOT = Path(__file__).resolve().parents[2]


def puzzles(game: str) -> list[EP.Puzzle]:
    return EP.load_puzzles((ROOT / "puzzles" / f"{game}.json").read_text("utf-8"), game).puzzles


# ------------------------------------------------------------------------------- pure part
def test_progress_round_trips_in_exactly_the_shared_shape() -> None:
    prog, bad = P.read_progress(None)
    assert not bad and prog.streak == 0
    prog.record("batak", "o1.2", True, "2026-12-02")
    prog.record("batak", "o1.3", True)
    prog.record("koz-maca", "c5.6", False)
    data = json.loads(prog.to_json())
    assert data == {
        "format": 1,
        "solved": {"batak": ["o1.2", "o1.3"]},
        "failed": {"koz-maca": ["c5.6"]},
        "streak": 0,
        "best": 2,
        "daily": {"2026-12-02": "batak/o1.2:solved"},
    }
    again, bad = P.read_progress(prog.to_json())
    assert not bad and again == prog
    again.record("koz-maca", "c5.6", True, "2026-12-02")  # the date's first result stays
    assert again.result("koz-maca", "c5.6") == "solved" and "koz-maca" not in again.failed
    assert again.daily["2026-12-02"] == "batak/o1.2:solved" and again.streak == 1


@pytest.mark.parametrize(
    "text",
    [
        "{",
        "null",
        "[]",
        '{"format": 2}',
        '{"format": 1}',
        '{"format": 1, "solved": {}, "failed": {}, "streak": -1, "best": 0, "daily": {}}',
        '{"format": 1, "solved": {"batak": [3]}, "failed": {}, "streak": 0, "best": 0, "daily": {}}',
        '{"format": 1, "solved": {}, "failed": {}, "streak": 0, "best": 0, "daily": {"x": "y"}}',
        (
            '{"format": 1, "solved": {"batak": ["<img src=x>"]}, "failed": {}, "streak": 0, '
            '"best": 0, "daily": {}}'
        ),
    ],
)
def test_corrupt_progress_is_reset_and_said(text: str) -> None:
    prog, bad = P.read_progress(text)
    assert bad and prog == P.Progress()


def test_addresses() -> None:
    assert P.parse_ref("batak/o100001.42") == P.Ref("one", "batak", "o100001.42")
    assert P.parse_ref("batak/17") == P.Ref("one", "batak", "17")
    assert P.parse_ref("kozel-miner") == P.Ref("next", "kozel-miner")
    assert P.parse_ref("daily") == P.Ref("daily")
    assert P.parse_ref("daily/2026-12-02") == P.Ref("daily", date="2026-12-02")
    for bad, words in (
        ("", "empty"),
        ("poker/1", "no puzzles for"),
        ("bidding-kozel/1", "no puzzles for"),
        ("batak/<b>x", "not a puzzle"),
        ("daily/2026-02-30", "not a date"),
        ("daily/tomorrow", "not a date"),
        (None, "empty"),
        ("x" * 500, "no puzzles for"),
    ):
        with pytest.raises(P.PuzzleRefError, match=words) as err:
            P.parse_ref(bad)
        assert len(str(err.value)) < 300  # what came in is quoted short


def test_find_by_id_or_number() -> None:
    ps = puzzles("batak")
    assert P.find(ps, ps[16].id) is ps[16]
    assert P.find(ps, "17") is ps[16] and P.number_of(ps, ps[16].id) == 17
    assert P.find(ps, "0") is None and P.find(ps, "201") is None and P.find(ps, "zz") is None


@pytest.mark.slow
def test_daily_is_the_same_for_a_date_and_changes_with_it() -> None:
    picks = {}
    for day in range(1, 29):
        date = f"2026-02-{day:02d}"
        game, n = P.daily_game(date)
        assert (game, n) == P.daily_game(date) and game in EP.GAMES
        picks[date] = (game, P.daily_pick(date, puzzles(game)).id)
    assert len({g for g, _id in picks.values()}) >= 3  # the days go round the games
    assert len(set(picks.values())) == len(picks)
    assert P.fnv1a("a") == 0xAF63DC4C8601EC8C  # FNV-1a 64, the published test value


def test_difficulty_rises_with_the_streak() -> None:
    ps = puzzles("batak")
    assert [P.target_rating(s) for s in (0, 1, 2, 4, 6, 8, 30)] == [1, 1, 2, 3, 4, 5, 5]
    prog = P.Progress()
    assert P.rating(P.pick_next(ps, prog, "batak")) == 1
    prog.streak = 8
    hard = P.pick_next(ps, prog, "batak")
    assert P.rating(hard) == 5
    # the next one is another puzzle, one not yet tried
    prog.record("batak", hard.id, True)
    after = P.pick_next(ps, prog, "batak", hard.id)
    assert after.id != hard.id and prog.result("batak", after.id) is None


def test_goal_lines_in_each_language() -> None:
    assert P.side_kind([0], None) == "alone"
    assert P.side_kind([0, 2], [[0, 2], [1, 3]]) == "team"
    assert P.side_kind([1, 2, 3], None) == "defenders"  # auction Batak's three together
    try:
        assert P.goal_text("tricks", 2, "alone", 4) == "Win 2 of the last 4 tricks."
        assert (
            P.goal_text("tricks", 3, "defenders", 5)
            == "You and the other defenders need 3 of the last 5 tricks."
        )
        assert P.goal_text("tricks", 3, "team", 5) == "Your team needs 3 of the last 5 tricks."
        assert (
            P.goal_text("points", 31, "team", 3)
            == "Your team needs 31 points from the last 3 tricks."
        )
        for lang, words in (("tr", "elden"), ("ru", "взят"), ("pt", "vazas")):
            use(
                lang,
                (ROOT / "dist" / "i18n" / f"{lang}.mo").read_bytes()
                if (ROOT / "dist" / "i18n" / f"{lang}.mo").is_file()
                else None,
            )
            text = P.goal_text("tricks", 2, "alone", 4)
            if (ROOT / "dist" / "i18n" / f"{lang}.mo").is_file():
                assert words in text, text
    finally:
        use("en", None)


def test_the_box_is_text_only() -> None:
    b = P.BoxState(
        title="Batak",
        number=3,
        pid="o1.2",
        kind="closed",
        goal="<b>goal</b>",
        state="failed",
        move="QS",
        best=("KS", "AS"),
        streak=0,
        best_streak=4,
        solved_count=7,
        note=None,
    )
    nodes = P.box(b)

    def walk(ns: list[Any]) -> list[Any]:
        return [x for n in ns for x in (n, *walk(n.children))]

    every = walk(nodes)
    assert all(n.tag in ("div", "p", "b", "small", "span", "button", "#text") for n in every)
    assert any(n.text == "<b>goal</b>" for n in every)  # as text: ui/web/ sets textContent
    actions = {n.attrs.get("data-action") for n in every if n.tag == "button"}
    assert actions == {"puzzle-next", "puzzle-retry", "puzzle-answer", "puzzle-daily"}
    texts = " ".join(n.text or "" for n in every)
    assert "queen of spades" in texts and "7 puzzles solved" in texts
    # named in a player's words, not by the file's id
    assert "Batak puzzle 3" in texts and "o1.2" not in texts


def _texts_and_actions(b: P.BoxState) -> tuple[str, set[str]]:
    def walk(ns: list[Any]) -> list[Any]:
        return [x for n in ns for x in (n, *walk(n.children))]

    every = walk(P.box(b))
    return (
        " ".join(n.text or "" for n in every),
        {str(n.attrs.get("data-action")) for n in every if n.tag == "button"},
    )


def test_a_wrong_card_shows_the_refutation_and_the_answer_only_when_asked() -> None:
    b = P.BoxState(
        title="Batak",
        number=3,
        pid="o1.2",
        kind="open",
        goal="Win 2.",
        state="failed",
        move="QS",
        best=("KS", "AS"),
    )
    texts, actions = _texts_and_actions(b)
    assert "Not this one: queen of spades loses." in texts
    assert "king of spades" not in texts and "ace of spades" not in texts
    assert "puzzle-answer" in actions
    b.shown = True
    texts, actions = _texts_and_actions(b)
    assert "The best card: king of spades or ace of spades." in texts
    assert "puzzle-answer" not in actions
    # while the refutation is played out: no control, no answer
    b.shown, b.playing = False, True
    texts, actions = _texts_and_actions(b)
    assert "king of spades" not in texts and "puzzle-answer" not in actions


def test_a_try_that_does_not_count_says_so() -> None:
    b = P.BoxState(
        title="Batak",
        number=3,
        pid="o1.2",
        kind="open",
        goal="Win 2.",
        state="solved",
        move="KS",
        best=("KS",),
        streak=4,
        counted=False,
    )
    texts, _a = _texts_and_actions(b)
    assert "not at the first try" in texts and "streak stays at 4" in texts
    b.counted = True
    texts, _a = _texts_and_actions(b)
    assert "first try" not in texts


def test_an_embedded_puzzle_offers_no_other_puzzle() -> None:
    for state in ("solving", "failed", "solved"):
        b = P.BoxState(
            title="Batak",
            number=3,
            pid="o1.2",
            kind="open",
            goal="Win 2.",
            state=state,
            move=None if state == "solving" else "QS",
            best=("KS",),
            embedded=True,
        )
        _t, actions = _texts_and_actions(b)
        assert not actions & {"puzzle-next", "puzzle-daily", "puzzles"}, (state, actions)
    assert "puzzle-retry" in actions


def test_the_daily_date_is_its_own_unbreakable_part() -> None:
    b = P.BoxState(
        title="Kozel Miner",
        number=12,
        pid="c1.2",
        kind="open",
        goal="Win 2.",
        state="solving",
        daily="2026-12-03",
    )
    head = P.box(b)[0]
    assert [n.text for n in head.children] == ["Daily puzzle", "2026-12-03"]
    assert head.children[1].cls == "puzzle-date"
    css = (ROOT / "assets" / "style.css").read_text("utf-8")
    assert re.search(r"\.lesson-head small \{[^}]*white-space: nowrap", css)
    texts, _a = _texts_and_actions(b)
    assert "Kozel Miner puzzle 12" in texts


def test_the_lobby_pill_leads_to_the_puzzle_list_daily_first() -> None:
    import engine
    from ui.common.i18n import game_info
    from ui.lobby import view as LW

    info = {g: game_info(engine.GAME_INFO[g]) for g in engine.GAME_INFO}
    html = LW.puzzles_html(info, "kozel-miner")
    actions = re.findall(r'data-action="([a-z-]+)"(?: data-game="([a-z-]+)")?', html)
    assert actions[0] == ("puzzle-daily", "")
    assert [g for _a, g in actions[1:]] == ["kozel-miner"] + [
        g for g in EP.GAMES if g != "kozel-miner"
    ]


class _Embeds(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "data-trick-table" in a and a.get("data-puzzle"):
            self.refs.append(str(a["data-puzzle"]))


def test_the_learn_page_names_real_puzzles() -> None:
    p = _Embeds()
    p.feed((ROOT / "learn" / "puzzles.html").read_text("utf-8"))
    assert len(p.refs) >= 3
    for ref in p.refs:
        r = P.parse_ref(ref)
        if r.kind == "one":
            assert P.find(puzzles(str(r.game)), str(r.id)) is not None, ref
    assert 'href="puzzles.html"' in (ROOT / "learn" / "index.html").read_text("utf-8")


# ------------------------------------------------------------------------------- the page
class PuzzlePage(Page):
    """tests/ui/test_host.py's page, with the shipped puzzle files to fetch and the table's
    attributes, the box, the posts and the lobby's message kept."""

    def __init__(self, files: dict[str, str] | None = None) -> None:
        super().__init__()
        self.files = files or {}
        self.posts: list[dict[str, Any]] = []
        self.fetched: list[str] = []

    async def fetch_text(self, url: str) -> list[Any]:
        self.fetched.append(url)
        m = re.search(r"puzzles/([a-z-]+)\.json$", url)
        if m and m[1] in self.files:
            return [200, self.files[m[1]]]
        if m and (ROOT / "puzzles" / f"{m[1]}.json").is_file():
            return [200, (ROOT / "puzzles" / f"{m[1]}.json").read_text("utf-8")]
        return [404, ""]

    def carry_out(self, name: str, *args: Any) -> None:
        if name == "attr" and args[0] == "#table":
            if args[2] is None:
                self.table.pop(args[1], None)
            else:
                self.table[args[1]] = args[2]
        elif name == "lesson":
            self.parts["lesson"] = json.dumps(args[0], ensure_ascii=False)
        elif name == "post":
            self.posts.append(json.loads(args[0]))
        elif name == "lobby-msg":
            self.parts["lobby-msg"] = args[0]
        elif name == "embed-msg":
            self.parts["embed-msg"] = args[0]
        super().carry_out(name, *args)


async def opened(
    search: str,
    files: dict[str, str] | None = None,
    storage: dict[str, str] | None = None,
    embedded: bool = False,
) -> PuzzlePage:
    page = PuzzlePage(files)
    page.host = H.boot(page)
    page.storage = dict(storage or {})
    page.send(
        {
            "type": "start",
            "facts": dict(FACTS, search=search, storage=page.storage, embedded=embedded),
        }
    )
    await asyncio.sleep(0)
    return page


def one(game: str, pid: str) -> EP.Puzzle:
    return next(p for p in puzzles(game) if p.id == pid)


async def answer(page: PuzzlePage, right: bool) -> str:
    ref = page.table["data-puzzle"]
    p = one(*ref.split("/"))
    cards = legal_cards(page.parts["hand"])
    card = next(c for c in cards if (c in p.best) == right)
    page.send({"type": "click", "attrs": {"data-card": card}})
    want = "solved" if right else "failed"
    await until(
        page,
        lambda: (
            (page.state.get("puzzle") or {}).get("state") == want
            and not page.state["puzzle"]["playing"]
        ),
    )
    return card


def test_a_wrong_card_fails_and_the_refutation_is_played_out() -> None:
    async def go() -> None:
        page = await opened("?speed=0&puzzle=batak/o100001.42")
        await until(page, lambda: page.table.get("data-puzzle-state") == "solving")
        assert page.table["data-puzzle"] == "batak/o100001.42"
        assert page.table["data-puzzle-kind"] == "open"
        assert "Win 2 of the last 4 tricks." in page.parts["lesson"]
        assert "data-open-seat" in page.parts["open-hands"]  # an open puzzle shows every hand
        card = await answer(page, right=False)
        assert page.table["data-puzzle-state"] == "failed"
        assert page.state["phase"] == "over"  # the line was played to the deal's end
        p = one("batak", "o100001.42")
        line = EP.main_line(p.position(), p.side, card)
        assert int(page.table["data-seq"]) == 1 + len(line)
        # At Instant too the line's last trick stays on the felt (a puzzle has no summary)
        last = [m for m in [card, *line]][-4:]
        shown = re.findall(r'data-play-cards="([^"]+)"', page.parts["trick"])
        assert sorted(shown) == sorted(last), (shown, last)
        saved = json.loads(page.storage[P.KEY])
        assert saved["failed"] == {"batak": ["o100001.42"]} and saved["streak"] == 0
        assert "Not this one" in page.parts["lesson"] and "puzzle-next" in page.parts["lesson"]
        assert S_KEY not in page.storage  # the player's saved match is not touched
        assert page.errors == []

    run(go)


S_KEY = S.KEY


@pytest.mark.slow
def test_a_solve_after_a_wrong_card_or_the_answer_does_not_count() -> None:
    async def go() -> None:
        page = await opened(
            "?speed=0&puzzle=batak/o100001.42",
            storage={
                P.KEY: json.dumps(
                    {"format": 1, "solved": {}, "failed": {}, "streak": 3, "best": 3, "daily": {}}
                )
            },
        )
        await until(page, lambda: page.table.get("data-puzzle-state") == "solving")
        await answer(page, right=False)
        p = one("batak", "o100001.42")
        assert not any(P.card_names([c]) in page.parts["lesson"] for c in p.best)
        saved = json.loads(page.storage[P.KEY])
        assert saved["streak"] == 0 and saved["failed"] == {"batak": [p.id]}
        page.send({"type": "click", "attrs": {"data-action": "puzzle-answer"}})
        await until(page, lambda: "The best card" in page.parts["lesson"])
        assert P.card_names(p.best) in page.parts["lesson"]
        page.send({"type": "click", "attrs": {"data-action": "puzzle-retry"}})
        await until(page, lambda: page.table.get("data-puzzle-state") == "solving")
        await answer(page, right=True)
        saved = json.loads(page.storage[P.KEY])
        assert saved["streak"] == 0 and saved["solved"] == {}  # not solved at the first try
        assert "not at the first try" in page.parts["lesson"]
        # and again after that: still practice
        page.send({"type": "click", "attrs": {"data-action": "puzzle-retry"}})
        await until(page, lambda: page.table.get("data-puzzle-state") == "solving")
        await answer(page, right=True)
        assert json.loads(page.storage[P.KEY])["streak"] == 0
        # a puzzle solved at the first try, then tried again, extends no streak either
        page.send({"type": "click", "attrs": {"data-action": "puzzle-next"}})
        await until(
            page,
            lambda: (
                page.table.get("data-puzzle") != f"batak/{p.id}"
                and page.table.get("data-puzzle-state") == "solving"
            ),
        )
        await answer(page, right=True)
        assert json.loads(page.storage[P.KEY])["streak"] == 1
        page.send({"type": "click", "attrs": {"data-action": "puzzle-retry"}})
        await until(page, lambda: page.table.get("data-puzzle-state") == "solving")
        await answer(page, right=True)
        assert json.loads(page.storage[P.KEY])["streak"] == 1
        assert page.errors == []

    run(go)


def test_a_right_card_solves_then_next_puzzle_and_back_to_the_lobby() -> None:
    async def go() -> None:
        page = await opened("?speed=0&puzzle=batak/o100001.42")
        await until(page, lambda: page.table.get("data-puzzle-state") == "solving")
        await answer(page, right=True)
        assert page.table["data-puzzle-state"] == "solved" and page.state["phase"] == "over"
        p = one("batak", "o100001.42")
        assert int(page.table["data-seq"]) == 1 + len(next(iter(p.lines.values())))
        assert json.loads(page.storage[P.KEY])["streak"] == 1
        page.send({"type": "click", "attrs": {"data-action": "puzzle-next"}})
        await until(page, lambda: page.table.get("data-puzzle") not in (None, "batak/o100001.42"))
        assert page.table["data-puzzle-state"] == "solving"
        assert page.table["data-puzzle"].startswith("batak/")
        page.send({"type": "click", "attrs": {"data-action": "puzzle-retry"}})
        page.send({"type": "click", "attrs": {"data-action": "lobby"}})
        await until(page, lambda: page.state.get("screen") == "lobby")
        assert "data-puzzle" not in page.table
        assert page.errors == []

    run(go)


def test_a_closed_puzzle_shows_only_the_movers_hand() -> None:
    async def go() -> None:
        p = next(x for x in puzzles("koz-maca") if x.kind == "closed")
        page = await opened(f"?speed=0&puzzle=koz-maca/{p.id}")
        await until(page, lambda: page.table.get("data-puzzle-state") == "solving")
        assert page.table["data-puzzle-kind"] == "closed"
        assert page.parts.get("open-hands", "") == ""
        d = p.position()
        others = {CARD_STR[c] for s in range(4) if s != p.seat for c in d.hand_cards(s)}
        shown = set(re.findall(r'data-card="([^"]+)"', page.parts["hand"]))
        assert shown == {CARD_STR[c] for c in d.hand_cards(p.seat)}
        assert not set(re.findall(r'data-card="([^"]+)"', json.dumps(page.parts))) & others
        await answer(page, right=False)
        assert page.table["data-puzzle-state"] == "failed"

    run(go)


def test_daily_from_the_lobby_and_by_date() -> None:
    async def go() -> None:
        page = await opened("?speed=0&puzzle=daily/2026-12-02")
        await until(page, lambda: page.table.get("data-puzzle-state") == "solving")
        game, _n = P.daily_game("2026-12-02")
        want = P.daily_pick("2026-12-02", puzzles(game))
        assert page.table["data-puzzle"] == f"{game}/{want.id}"
        assert '"Daily puzzle"' in page.parts["lesson"]
        assert '"text": "2026-12-02"' in page.parts["lesson"]
        await answer(page, right=True)
        saved = json.loads(page.storage[P.KEY])
        assert saved["daily"] == {"2026-12-02": f"{game}/{want.id}:solved"}
        # opened again, the day's puzzle is shown as solved (no new try counted)
        page.send({"type": "click", "attrs": {"data-action": "lobby"}})
        await until(page, lambda: page.state.get("screen") == "lobby")
        page.send({"type": "popstate", "tt": "table", "search": "?speed=0&puzzle=daily/2026-12-02"})
        await until(page, lambda: page.table.get("data-puzzle") == f"{game}/{want.id}")
        assert page.table["data-puzzle-state"] == "solved"
        assert "already solved this daily puzzle" in page.parts["lesson"]
        assert "puzzle-retry" in page.parts["lesson"]
        page.send({"type": "click", "attrs": {"data-action": "lobby"}})
        await until(page, lambda: page.state.get("screen") == "lobby")
        page.send(
            {"type": "click", "attrs": {"data-action": "puzzles", "data-game": "kozel-miner"}}
        )
        await until(page, lambda: (page.table.get("data-puzzle") or "").startswith("kozel-miner/"))
        assert page.errors == []

    run(go)


@pytest.mark.parametrize(
    "query, words",
    [
        ("?puzzle=", "empty"),
        ("?puzzle=poker/3", "no puzzles for"),
        ("?puzzle=batak/nonesuch", "no puzzle “nonesuch”"),
        ("?puzzle=batak/%3Cimg%20src=x%20onerror=alert(1)%3E", "not a puzzle"),
        ("?puzzle=daily/2026-13-01", "not a date"),
        ("?puzzle=batak/1&record=%7B%7D", "record"),
    ],
)
def test_bad_addresses_are_said_in_the_lobby(query: str, words: str) -> None:
    async def go() -> None:
        page = await opened(query)
        await until(page, lambda: bool(page.parts.get("lobby-msg")))
        assert words in page.parts["lobby-msg"], page.parts["lobby-msg"]
        assert page.state["screen"] == "lobby" and "data-puzzle" not in page.table
        assert page.errors == []

    run(go)


@pytest.mark.parametrize(
    "text, words",
    [
        ("{not json", "not JSON"),
        ('{"format": "trick-table-puzzles", "version": 0}', "version 0"),
        (
            (
                '{"format": "trick-table-puzzles", "version": 1, "game": "batak", "puzzles": '
                '[{"id": "x"}]}'
            ),
            "could not be used",
        ),
    ],
)
def test_a_bad_puzzle_file_is_a_message(text: str, words: str) -> None:
    async def go() -> None:
        page = await opened("?puzzle=batak/1", files={"batak": text})
        await until(page, lambda: bool(page.parts.get("lobby-msg")))
        assert words in page.parts["lobby-msg"], page.parts["lobby-msg"]
        assert page.errors == []

    run(go)


def test_a_corrupt_progress_is_reset_with_a_note() -> None:
    async def go() -> None:
        page = await opened("?speed=0&puzzle=batak/1", storage={P.KEY: "{broken"})
        await until(page, lambda: page.table.get("data-puzzle-state") == "solving")
        assert "could not be read" in page.parts["lesson"]
        assert json.loads(page.storage[P.KEY])["format"] == 1
        await answer(page, right=True)
        assert json.loads(page.storage[P.KEY])["solved"] == {"batak": [puzzles("batak")[0].id]}

    run(go)


def test_a_paused_match_survives_a_puzzle() -> None:
    async def go() -> None:
        page = await opened("?speed=0&level=easy&game=batak&seed=4")
        await until(page, lambda: page.state.get("screen") == "table")
        await until(page, lambda: S_KEY in page.storage)
        saved = page.storage[S_KEY]
        page.send({"type": "popstate", "tt": "lobby", "search": ""})  # Back: the match pauses
        await until(page, lambda: page.state.get("screen") == "lobby")
        page.send({"type": "click", "attrs": {"data-action": "puzzle-daily"}})
        await until(page, lambda: page.table.get("data-puzzle-state") == "solving")
        page.send({"type": "click", "attrs": {"data-action": "lobby"}})
        await until(page, lambda: page.state.get("screen") == "lobby")
        assert page.lobby is not None and page.lobby.get("resume")  # the match is still there
        kept = json.loads(page.storage[S_KEY])
        assert kept["record"] == json.loads(saved)["record"] and kept["record"]
        assert page.errors == []

    run(go)


def test_embedded_puzzle_posts_its_events_from_the_readers_view() -> None:
    async def go() -> None:
        p = next(x for x in puzzles("koz-maca") if x.kind == "closed")
        page = await opened(
            f"?embed=1&speed=0&parent=https%3A%2F%2Ft.example&puzzle=koz-maca/{p.id}", embedded=True
        )
        await until(page, lambda: page.table.get("data-puzzle-state") == "solving")
        assert page.root.get("data-embed") == "1"
        card = await answer(page, right=False)
        kinds = [e["type"] for e in page.posts]
        assert kinds[0] == "ready" and "puzzle-failed" in kinds
        ev = next(e for e in page.posts if e["type"] == "puzzle-failed")
        assert ev["puzzle"] == f"koz-maca/{p.id}" and ev["move"] == card
        assert ev["best"] == list(p.best) and ev["v"] == 1 and ev["source"] == "trick-table"
        # the verdict names only the reader's own cards; the line's moves come one by one
        # after it, each as it is played (none is told before it is on the felt)
        d = p.position()
        mine = {CARD_STR[c] for c in d.hand_cards(p.seat)}
        assert set(ev["best"]) <= mine and ev["move"] in mine
        assert set(ev) == {"v", "source", "type", "puzzle", "game", "id", "move", "best", "streak"}
        moves = [e for e in page.posts if e["type"] == "move"]
        assert kinds.index("puzzle-failed") < kinds.index("move")
        line = EP.main_line(d, p.side, card)
        assert [e["move"] for e in moves] == [card, *line]
        assert page.errors == []

    run(go)


def test_only_the_latest_request_to_open_a_puzzle_shows() -> None:
    """Two requests in a row (a double click on "Next puzzle", an address then another):
    the later one is shown; one answered after the player left the puzzles is not."""

    async def go() -> None:
        page = await opened("?speed=0&puzzle=batak/1")
        await until(page, lambda: page.table.get("data-puzzle-state") == "solving")
        app = page.host.app if page.host is not None else None
        assert app is not None
        first = app.puzzles.open_puzzle(P.Ref("one", "koz-maca", "1"))
        second = app.puzzles.open_puzzle(P.Ref("one", "koz-maca", "2"))
        await asyncio.gather(first, second)
        assert page.table["data-puzzle"] == f"koz-maca/{puzzles('koz-maca')[1].id}"
        late = app.puzzles.open_puzzle(P.Ref("one", "batak", "3"))
        page.send({"type": "click", "attrs": {"data-action": "lobby"}})
        await late
        await until(page, lambda: page.state.get("screen") == "lobby")
        assert "data-puzzle" not in page.table and page.state["screen"] == "lobby"

    run(go)
