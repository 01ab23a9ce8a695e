"""Fuzzing what comes from outside, under CPython (Hypothesis): addresses, saves, records,
puzzle progress, display settings, lesson files and a parent page's messages, random and
adversarial (nesting thousands deep, huge sizes, wrong types, Unicode digits such as "²" and
"٣", markup, prototype names, bursts).

Each time the answer is a value or a sentence for a person (never Python's own text such as
"invalid literal" or "Expecting value"), what was refused changes nothing, and no markup that
came in reaches any HTML the page's Python produces unescaped. The whole page is driven through
the worker's protocol (tests/ui/test_host.py's stand-in for ui/web/) where the page itself
reads the input. tests/browser/test_fuzz.py runs a bounded set of the same in the browser.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
import engine.ai
from bench.fake_page import FACTS, legal_cards, run, until
from engine import address
from engine import untrusted as U
from engine.content.lessons import load_lesson
from tests.ui.test_kept_aside import opened as opened_with_storage
from tests.ui.test_lesson_file import LESSON
from tests.ui.test_untrusted import Posting
from ui.embed import lesson as LV
from ui.embed import spec as E
from ui.lobby import query as Q
from ui.lobby import view as LW
from ui.puzzles import progress as PZ
from ui.saves import store as S
from ui.shell import host as H
from ui.shell.env import DISPLAY_KEY, Env
from ui.stats import record as RC
from ui.stats import view as RV

# ------------------------------------------------------------------------------ inputs
MARKUP = (
    '<img src=x onerror="window.__pwned=1">',
    "<script>window.__pwned=1</script>",
    '"><svg onload=window.__pwned=1>',
    "javascript:window.__pwned=1",
)
NASTY = (
    "²", "٣", "１２", "-٣", "--5", "-0", " 7 ", "0x10", "7.0", "1e999", "NaN", "Infinity",
    "9" * 5000, "9" * 19, "", " ", "\u0000", "\u202e", "null", "true", "[]", "{}",
    "constructor", "__proto__", "toString", "hasOwnProperty", "prototype",
    "[" * 5000, "[" * 5000 + "]" * 5000, '{"a":' * 3000 + "1" + "}" * 3000,
    "z1." + "A" * 300, "x" * 100_000,
    *MARKUP,
)  # fmt: skip
PYTHON_TEXT = ("Traceback", "invalid literal", "Expecting value", "Expecting property",
               "Exceeds the limit", "object has no attribute", "NoneType", "KeyError",
               "TypeError", "<class ", "is not subscriptable", "unhashable")  # fmt: skip

nasty = st.sampled_from(NASTY)
words = nasty | st.text(max_size=30) | st.integers().map(str)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | words,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(words, inner, max_size=3),
    max_leaves=12,
)
deep = st.integers(60, 6000).flatmap(
    lambda n: st.sampled_from(["[" * n + "]" * n, '{"a":' * n + "0" + "}" * n, "[" * n])
)
# (a lone surrogate can be stored by a page's script, though no address carries one)
texts = nasty | deep | st.text(max_size=200) | json_values.map(json.dumps) | st.just("\ud800")

GAMES = list(engine.available_games())
LEVELS = list(engine.ai.LEVELS)
PARAM_NAMES = sorted(
    Q.UI_PARAMS | E.PARAMS | {o["name"] for g in GAMES for o in engine.GAME_INFO[g]["options"]}
)


def clean(sentence: str) -> None:
    """A sentence for a person: not empty, no Python text, no markup from the input."""
    assert sentence.strip(), "an empty sentence"
    for bad in PYTHON_TEXT:
        assert bad not in sentence, sentence[:300]


class Tags(HTMLParser):
    """The elements and attributes an HTML text makes (as a browser would parse it)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, attrs))


def no_markup(html: str) -> None:
    """No markup that came in makes an element, a handler or a script link in `html`
    (escaped, it is text: `&lt;img …`)."""
    tags = Tags()
    tags.feed(html)
    for tag, attrs in tags.found:
        assert tag not in ("script", "iframe", "object", "embed"), tag
        for name, value in attrs:
            assert not name.startswith("on"), (tag, name, value)
            assert not (value or "").strip().lower().startswith("javascript:"), (tag, name, value)
            assert "__pwned" not in (value or ""), (tag, name, value)
        assert tag != "img" or dict(attrs).get("src") != "x", (tag, attrs)


def answered(read: Any, value: Any, errors: tuple[type[BaseException], ...]) -> Any:
    """`read(value)`: a value, or one of `errors` with a clean sentence; nothing else."""
    try:
        return read(value)
    except errors as exc:
        clean(str(exc))
        return None


FUZZ = settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
PAGE = settings(
    max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)


# ------------------------------------------------------------------------------ addresses
@pytest.mark.slow
@FUZZ
@given(st.dictionaries(st.sampled_from(PARAM_NAMES) | words, words | deep, max_size=6))
def test_address_parameters_are_read_or_refused_in_words(raw: dict[str, str]) -> None:
    q = Q.parse(raw, GAMES, engine.GAME_INFO, LEVELS)
    for sentence in q.errors:
        clean(sentence)
    answered(lambda r: E.parse_params(r, "https://site.test"), raw, (E.EmbedError,))
    env = Env(dom=None, facts={"search": "?" + urlencode(list(raw.items()))})  # type: ignore[arg-type]
    assert env.first_params() == {k: v for k, v in raw.items()}


@FUZZ
@given(texts, st.sampled_from(["position", "lesson"]))
def test_a_record_or_lesson_in_the_address_is_read_or_refused(text: str, what: str) -> None:
    answered(lambda t: address.decode(t, what=what), text, (address.AddressError,))
    answered(E.parse_record, text, (E.EmbedError,))


@FUZZ
@given(words | deep, st.integers(-10, 10), st.integers(0, 10**6))
def test_numbers_are_ascii_digits_or_a_sentence(text: str, low: int, span: int) -> None:
    n = answered(lambda t: U.whole(t, "n", low, low + span), text, (U.UntrustedError,))
    if n is not None:
        assert low <= n <= low + span
        assert all("0" <= c <= "9" for c in text.strip().lstrip("-"))
    answered(Q.seed_of, text, (ValueError,))


# ------------------------------------------------------------------------------ storage
def good_save() -> dict[str, Any]:
    m = engine.new_match("koz-maca", seed=5)
    rng = random.Random(5)
    for _ in range(6):
        m.play(rng.choice(m.deal.legal_moves()))
    settings_ = S.Settings("koz-maca", {}, "", "5", "easy", "0")
    return json.loads(S.Save("t1", 3, "table", None, 0, [], settings_, m.record()).dumps())


GOOD_SAVE = good_save()
SAVE_PATHS = [("format",), ("tab",), ("n",), ("screen",), ("overlay",), ("cur",), ("away",),
              ("settings",), ("settings", "game"), ("settings", "options"), ("settings", "seed"),
              ("settings", "players"), ("record",), ("record", "game"), ("record", "seed"),
              ("record", "deals"), ("record", "options"), ("names",), ("practice",)]  # fmt: skip


def mutated(doc: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(doc))
    node = out
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return out


def restore(text: str) -> Any:
    return S.restore(text, GAMES, engine.GAME_INFO, LEVELS, ["0", "1", "2", "3"])


@FUZZ
@given(st.sampled_from(SAVE_PATHS), json_values | deep)
def test_a_hand_edited_save_is_restored_or_refused_in_words(
    path: tuple[str, ...], value: Any
) -> None:
    text = json.dumps(mutated(GOOD_SAVE, path, value))
    answered(restore, text, (S.SaveError,))
    assert S.mark_of(text) is not None


@FUZZ
@given(texts)
def test_any_stored_text_is_a_value_or_a_sentence(text: str) -> None:
    answered(restore, text, (S.SaveError,))
    rec = answered(RC.parse, text, (RC.RecordError,))
    if rec is not None:
        no_markup(RV.record_html(rec, RC.read_puzzles(text), {}, LEVELS))
    assert isinstance(RC.read_puzzles(text), RC.Puzzles)  # read tolerantly: never an error
    progress, _unreadable = PZ.read_progress(text)
    assert isinstance(progress, PZ.Progress)
    assert isinstance(LW.parse_display(text), dict)
    kept = U.aside_entries(U.aside(text, text, "d"))
    assert kept[-1]["text"] == text[: U.ASIDE_CHARS]


GOOD_RECORD = {"format": 1, "games": {"batak": {"easy": {"played": 2, "won": 1, "deals": 3,
                                                         "mine": 4, "theirs": 2}}},
               "recent": [{"date": "2026-12-01", "game": "batak", "level": "easy", "won": True,
                           "mine": [1, 2], "theirs": [0, 1]}], "seen": ["a"]}  # fmt: skip
RECORD_PATHS = [("format",), ("games",), ("games", "batak"), ("games", "batak", "easy"),
                ("recent",), ("seen",), ("extra",)]  # fmt: skip


@FUZZ
@given(st.sampled_from(RECORD_PATHS), json_values | deep)
def test_a_hand_edited_record_is_read_or_refused_in_words(
    path: tuple[str, ...], value: Any
) -> None:
    rec = answered(RC.parse, json.dumps(mutated(GOOD_RECORD, path, value)), (RC.RecordError,))
    if rec is not None:
        no_markup(RV.record_html(rec, RC.Puzzles(), {"batak": "Batak"}, LEVELS))


# ------------------------------------------------------------------------------ lessons
LESSON_PATHS = [("v",), ("game",), ("title",), ("intro",), ("record",), ("view",), ("steps",),
                ("end",), ("record", "deals"), ("record", "game")]  # fmt: skip


def lesson_html(lesson: Any) -> str:
    """The lesson's box as the page builds it (text nodes), written out as HTML would be."""
    from engine.content.lessons import LessonRun

    def out(n: LV.Node) -> str:
        attrs = "".join(f' {k}="{v}"' for k, v in n.attrs.items())
        text = (n.text or "").replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        return f"<{n.tag}{attrs}>{text}{''.join(out(c) for c in n.children)}</{n.tag}>"

    nodes = LV.lesson_box(LessonRun(lesson), None, None)
    for n in nodes:
        stack = [n]
        while stack:
            x = stack.pop()
            assert x.tag in {"#text", "div", "b", "small", "p", "em", "strong", "a", "span", "ul",
                             "li", "code"}, x.tag  # fmt: skip
            assert not any(k.lower().startswith("on") for k in x.attrs), x.attrs
            href = x.attrs.get("href")
            assert href is None or str(href).startswith(("http://", "https://")), href
            stack.extend(x.children)
    return "".join(out(n) for n in nodes)


@pytest.mark.slow
@FUZZ
@given(st.sampled_from(LESSON_PATHS), json_values | st.sampled_from(MARKUP) | deep)
def test_a_lesson_file_is_a_lesson_or_a_sentence_naming_it(
    path: tuple[str, ...], value: Any
) -> None:
    text = json.dumps(mutated(LESSON, path, value))
    lesson = answered(lambda t: E.lesson_from_text(t, "lessons/f.json", "koz-maca"), text,
                      (E.EmbedError,))  # fmt: skip
    if lesson is None:
        try:
            E.lesson_from_text(text, "lessons/f.json", "koz-maca")
        except E.EmbedError as exc:
            assert "“lessons/f.json”" in str(exc) or "lesson" in str(exc).lower()
    else:
        no_markup(lesson_html(lesson))


@FUZZ
@given(texts)
def test_any_lesson_text_is_a_lesson_or_a_sentence(text: str) -> None:
    answered(lambda t: E.lesson_from_text(t, "f.json", None), text, (E.EmbedError,))
    answered(E.parse_lesson, text, (E.EmbedError,))


def test_a_lesson_with_markup_in_every_text_shows_it_as_text() -> None:
    doc = json.loads(json.dumps(LESSON))
    doc["title"] = doc["intro"] = doc["end"] = " ".join(MARKUP)
    doc["steps"][0]["text"] = "[link](javascript:window.__pwned=1) " + MARKUP[0]
    no_markup(lesson_html(load_lesson(doc)))


# ------------------------------------------------------------------------------ messages
COMMAND_FIELDS = sorted({f for fs in E.COMMANDS.values() for f in fs} | {"x", "__proto__"})
commands = st.fixed_dictionaries(
    {"v": st.sampled_from([1, 1, 1, "1", 2, None, True]),
     "type": st.sampled_from([*E.COMMANDS, "constructor", "__proto__", MARKUP[0], 7])},
    optional={f: json_values | st.sampled_from(MARKUP) | deep for f in COMMAND_FIELDS},
)  # fmt: skip
messages = commands.map(json.dumps) | texts


@pytest.mark.slow
@FUZZ
@given(messages)
def test_a_parent_message_is_a_command_or_a_sentence(text: str) -> None:
    cmd = answered(E.parse_command, text, (E.EmbedError,))
    if cmd is not None:
        assert cmd["type"] in E.COMMANDS and cmd["v"] == 1


# ------------------------------------------------------------------------------ the page
def html_of(page: Posting) -> str:
    return "\n".join([*page.parts.values(), page.overlay[1] or ""])


def errors_of(page: Posting) -> list[str]:
    return [p["message"] for p in page.posted if p.get("type") == "error"]


@PAGE
@given(st.dictionaries(st.sampled_from(PARAM_NAMES) | nasty, words, min_size=1, max_size=4),
       st.booleans())  # fmt: skip
def test_the_page_opened_at_any_address_says_why_or_opens(
    raw: dict[str, str], embedded: bool
) -> None:
    async def go() -> None:
        if embedded:
            raw["embed"] = "1"
        page = Posting()
        page.host = H.boot(page)
        page.send({"type": "start", "facts": dict(FACTS, search="?" + urlencode(raw),
                                                  embedded=embedded)})  # fmt: skip
        await until(page, lambda: page.acks and max(page.acks) == page.seq)
        for _ in range(5):
            await asyncio.sleep(0)
        assert not page.errors, page.errors
        no_markup(html_of(page))
        for text in [*errors_of(page), page.embed_msg or "", page.parts.get("lobby-msg", "")]:
            if text:
                clean(text)

    run(go)


@PAGE
@given(st.sampled_from([S.KEY, RC.KEY, RC.PUZZLES_KEY, DISPLAY_KEY]), texts)
def test_the_page_opened_with_any_stored_text_opens(key: str, text: str) -> None:
    async def go() -> None:
        page = await opened_with_storage("", {key: text})
        await until(page, lambda: page.acks and max(page.acks) == page.seq)
        for _ in range(5):
            await asyncio.sleep(0)
        assert not page.errors, page.errors
        no_markup(html_of(page))
        if key == S.KEY and page.overlay[0] == "restore":  # refused: kept aside, whole
            bad = S.BAD_KEY in page.storage and U.aside_entries(page.storage[S.BAD_KEY])
            assert (bad and bad[-1]["text"] == text[: U.ASIDE_CHARS]) or page.storage.get(
                S.KEY
            ) == text

    run(go)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_burst_of_hostile_messages_changes_nothing_and_the_table_plays_on(seed: int) -> None:
    """An embedded table takes 300 random and hostile messages (from its parent, and from
    another origin, which it ignores): each refused one is an `error` event and changes
    nothing; afterwards the reader's legal card is answered."""
    rng = random.Random(seed)
    values: list[Any] = [*NASTY, 1, -1, 10**30, None, True, [], {}, ["x"] * 3, {"__proto__": 1}]

    def hostile() -> dict[str, Any]:
        cmd: dict[str, Any] = {"v": rng.choice([1, 1, 1, "1", 2, None]),
                               "type": rng.choice([*E.COMMANDS, "constructor", MARKUP[0]])}  # fmt: skip
        for f in rng.sample(COMMAND_FIELDS, rng.randint(0, 3)):
            cmd[f] = rng.choice(values)
        return cmd

    async def go() -> None:
        search = "?embed=1&game=batak&seed=3&speed=0&level=easy&parent=https%3A%2F%2Fp.test"
        page = Posting()
        page.host = H.boot(page)
        page.send({"type": "start", "facts": dict(FACTS, search=search, embedded=True)})
        await until(page, lambda: page.state.get("screen") == "table")
        for _ in range(300):
            pick = rng.random()
            if pick < 0.5:
                text = json.dumps(hostile())
            elif pick < 0.9:
                text = rng.choice(NASTY)
            else:
                text = json.dumps({"v": 1, "type": "restart"})
            origin = "https://p.test" if rng.random() < 0.9 else "https://evil.test"
            before = (len(errors_of(page)), json.dumps(page.state, sort_keys=True))
            page.send({"type": "message", "origin": origin, "text": text})
            await until(page, lambda: page.acks and max(page.acks) == page.seq)
            if origin == "https://evil.test":
                assert len(errors_of(page)) == before[0]  # another origin: not even answered
            if len(errors_of(page)) > before[0]:  # refused: nothing changed
                assert json.dumps(page.state, sort_keys=True) == before[1], text[:200]
        assert not page.errors, page.errors
        for sentence in errors_of(page):
            clean(sentence)
        no_markup(html_of(page))
        # the table still answers a legal move of the reader's
        page.send({"type": "message", "origin": "https://p.test",
                   "text": json.dumps({"v": 1, "type": "restart"})})  # fmt: skip
        await until(page, lambda: "data-input" in page.table, steps=20000)
        hand = page.parts["hand"]
        panel_moves = re.findall(r'data-move="([^"]+)"', page.parts.get("panel", ""))
        n = len(page.posted)
        if legal_cards(hand):
            page.send({"type": "click", "attrs": {"data-card": legal_cards(hand)[0]}})
        else:
            move = "pass" if "pass" in panel_moves else panel_moves[0]
            page.send({"type": "click", "attrs": {"data-move": move}})
        await until(
            page, lambda: any(p.get("type") == "move" for p in page.posted[n:]), steps=20000
        )

    run(go)
