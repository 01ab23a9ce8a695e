"""Lessons (engine.content.lessons): a lesson is checked against the engine when it loads (every path
a reader can take works, or the lesson is refused with a message naming the step), and its
runner accepts the right answers, refuses wrong and illegal ones without changing anything.
Also checks the tutorial site in learn/: every lesson runs, every embedded record replays."""

from __future__ import annotations

import copy
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import address
from engine.content import lessons
from engine.content.lessons import LessonError, load_lesson
from tests.helpers import hands

ROOT = Path(__file__).resolve().parents[2]
LEARN = ROOT / "learn"
LESSON_FILES = sorted((LEARN / "lessons").glob("*.json"))
# The tutorial's pages that embed tables (python.html runs Python instead: its own tests are
# tests/build/test_learn_python.py and tests/browser/test_learn_python.py)
PAGES = sorted(p for p in LEARN.glob("*.html") if p.name != "python.html")

# Koz Maça, dealer 2: Kemal (seat 3) leads 7H; the reader (seat 0) must beat it.
KOZ = hands(
    "9H 8H 4H QC 3C KS 7S 4S AD 10D 8D 5D 3D",
    "AS QS JS 10S AH KH QH KD QD 5C 9C 8C 7C",
    "9S 8S 6S 2H JH 10H 6H JD 9D 7D 6C 4C 2C",
    "5S 3S 2S 7H 5H 3H 6D 4D 2D JC AC KC 10C",
)


def base(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "v": 1,
        "game": "koz-maca",
        "title": "You must overtake",
        "intro": "Beat the highest card of the led suit.",
        "record": {
            "game": "koz-maca",
            "seed": 1,
            "deals": [{"dealer": 2, "hands": KOZ, "moves": ["7H"]}],
        },
        "view": "open",
        "steps": [
            {
                "text": "Beat {7H} cheaply.",
                "expect": "8H",
                "right": "Yes.",
                "wrong": "Cheaper, please.",
                "hint": "Two hearts beat it.",
                "replies": ["AH", "2H", "5C", "6C", "JC"],
            },
            {"text": "Beat {JC}.", "expect": "QC"},
        ],
        "end": "Done.",
    }
    doc.update(changes)
    return doc


def refused(doc: Any) -> str:
    with pytest.raises(LessonError) as exc:
        load_lesson(doc)
    assert isinstance(exc.value, ValueError)
    text = str(exc.value)
    assert text == str(exc.value.message) and text.strip()
    return text


# --------------------------------------------------------------------------------------------
# The runner


def test_a_lesson_runs_right_wrong_and_illegal() -> None:
    lesson = load_lesson(base())
    assert lesson.seat == 0 and lesson.view == "open" and len(lesson.steps) == 2
    assert lesson.steps[0].expect == "one" and lesson.steps[0].moves == ("8H",)
    run = lesson.start()
    assert run.step_index == 0 and run.step is lesson.steps[0] and not run.done
    assert run.hint() == "Two hearts beat it."
    before = run.match.record()

    out = run.try_move("9H")  # legal, not the lesson's answer
    assert out.kind == "wrong" and str(out.message) == "Cheaper, please."
    assert out.text == "Cheaper, please." and out.played == [] and out.reason is None
    out = run.try_move("4H")  # illegal: the engine says why, then the lesson's wrong text
    assert out.kind == "illegal" and out.played == []
    assert out.reason is not None and out.reason.key == "batak.overtake"
    assert str(out.message) == f"{out.reason} Cheaper, please."
    out = run.try_move("ZZ")
    assert out.kind == "illegal" and out.reason is not None and out.reason.key == "move.bad_card"
    assert run.try_move(None).kind == "illegal"  # type: ignore[arg-type]
    assert run.match.record() == before and run.step_index == 0

    out = run.try_move("8h")  # compared in the engine's notation
    assert out.kind == "right" and str(out.message) == "Yes."
    assert out.played == [(0, "8H"), (1, "AH"), (2, "2H"), (1, "5C"), (2, "6C"), (3, "JC")]
    assert run.step_index == 1 and run.match.deal.to_move == 0

    out = run.try_move("3C")  # no wrong text: the engine's reason alone
    assert out.kind == "illegal" and str(out.message) == str(out.reason)
    out = run.try_move("QC")
    assert out.kind == "right" and str(out.message) == "Right." and out.text is None
    assert run.done and run.step is None and run.hint() is None
    out = run.try_move("3C")
    assert out.kind == "done" and out.text == "Done." and out.played == []

    run.restart()
    assert run.step_index == 0 and run.match.record() == before and not run.done


def test_runs_are_deterministic() -> None:
    lesson = load_lesson(base())
    a, b = lesson.start(), lesson.start()
    for mv in ("9H", "8H", "QC"):
        assert a.try_move(mv) == b.try_move(mv)
    assert a.match.record() == b.match.record()


def test_default_wrong_text_and_any() -> None:
    doc = base()
    del doc["steps"][0]["wrong"]
    doc["steps"][1] = {"text": "Anything legal.", "expect": "any"}
    run = load_lesson(doc).start()
    out = run.try_move("9H")
    assert out.kind == "wrong" and out.message.key == "lesson.wrong"
    assert run.try_move("8H").kind == "right"
    assert run.try_move("QC").kind == "right" and run.done


def test_a_set_of_answers_and_its_branches() -> None:
    """Both members of a set are right, and the replies are checked after each."""
    doc = base()
    doc["steps"] = [{"text": "Beat it.", "expect": ["9H", "8H"], "replies": ["AH", "2H"]}]
    lesson = load_lesson(doc)
    assert lesson.steps[0].expect == "set" and lesson.steps[0].moves == ("9H", "8H")
    for mv in ("9H", "8H"):
        run = lesson.start()
        assert run.try_move(mv).kind == "right" and run.done


def test_to_json_round_trips() -> None:
    lesson = load_lesson(base())
    again = load_lesson(lesson.to_json())
    assert again == lesson and again.to_json() == lesson.to_json()
    assert json.loads(json.dumps(lesson.to_json())) == lesson.to_json()


def test_a_lesson_loads_from_address_text() -> None:
    doc = base()
    assert load_lesson(address.encode(doc, what="lesson")) == load_lesson(doc)
    assert load_lesson(json.dumps(doc)) == load_lesson(doc)
    text = refused("z1.!!")
    assert text.startswith("The lesson in the address is not valid")


def test_the_default_seat_is_the_seat_to_act() -> None:
    doc = base()
    doc["record"]["deals"][0]["moves"] = []
    doc["steps"] = [{"text": "Lead.", "expect": "any"}]
    assert load_lesson(doc).seat == 3


def test_bidding_kozel_sets_compare_in_any_order() -> None:
    doc = json.loads((LEARN / "lessons" / "bidding-kozel-sets.json").read_text("utf-8"))
    run = load_lesson(doc).start()
    assert run.try_move("kh,9h 10H").kind == "right"


# --------------------------------------------------------------------------------------------
# Refused lessons: every problem is a LessonError with a readable message


def test_not_an_object_and_top_level_fields() -> None:
    assert "JSON object" in refused([1, 2])
    assert "JSON object" in refused(None)
    assert "'v' must be 1" in refused(base(v=2))
    assert "'v' must be 1" in refused(base(v=True))
    assert "colour" in refused(base(colour="red"))
    for key in ("v", "game", "title", "record", "steps"):
        doc = base()
        del doc[key]
        assert f"no '{key}'" in refused(doc)
    assert "poker" in refused(base(game="poker"))
    assert "not one of this table's games" in refused(base(game=["koz-maca"]))


def test_text_fields() -> None:
    assert "'title' must be text" in refused(base(title=5))
    assert "must not be empty" in refused(base(title="  "))
    assert "limit is 200" in refused(base(title="x" * 201))
    assert f"limit is {lessons.MAX_TEXT}" in refused(base(intro="x" * (lessons.MAX_TEXT + 1)))
    assert "'end' must be text" in refused(base(end=["a"]))
    doc = base()
    doc["steps"][1]["hint"] = {"a": 1}
    assert refused(doc).startswith("Step 2: 'hint' must be text")
    doc = base()
    doc["steps"][0]["text"] = "y" * (lessons.MAX_TEXT + 1)
    assert refused(doc).startswith("Step 1: 'text' is")


def test_record_problems() -> None:
    assert "engine record" in refused(base(record="koz-maca"))
    rec = base()["record"]
    no_hands = copy.deepcopy(rec)
    del no_hands["deals"][0]["hands"]
    assert "exactly one deal" in refused(base(record=no_hands))
    two = copy.deepcopy(rec)
    two["deals"].append(copy.deepcopy(two["deals"][0]))
    assert "exactly one deal" in refused(base(record=two))
    other = copy.deepcopy(rec)
    other["game"] = "batak"
    assert "its record is for 'batak'" in refused(base(record=other))
    bad = copy.deepcopy(rec)
    bad["deals"][0]["moves"] = ["4H"]
    text = refused(base(record=bad))
    assert text.startswith("The lesson's record does not replay: Deal 1, move 1 '4H'")
    short = copy.deepcopy(rec)
    short["deals"][0]["hands"][0] = short["deals"][0]["hands"][0][:-1]
    assert "does not replay" in refused(base(record=short))


def test_seat_and_view() -> None:
    assert "from 0 to 3, not 4" in refused(base(seat=4))
    assert "not '0'" in refused(base(seat="0"))
    assert "not True" in refused(base(seat=True))
    assert "'own' or 'open'" in refused(base(view="all"))
    text = refused(base(seat=1))
    assert text == "Step 1: seat 0 is to act there, but the reader plays seat 1."


def test_step_shapes() -> None:
    assert "no steps" in refused(base(steps=[]))
    assert "list of steps" in refused(base(steps={"text": "x"}))
    assert "limit is 60" in refused(base(steps=[{"text": "x", "expect": "any"}] * 61))
    cases: list[tuple[Any, str]] = [
        ("a step", "Step 1: a step must be an object"),
        ({"text": "x"}, "Step 1: the step has no 'expect'"),
        ({"expect": "8H"}, "Step 1: the step has no 'text'"),
        ({"text": "x", "expect": "8H", "score": 1}, "Step 1: unknown field(s): score"),
        ({"text": "x", "expect": 8}, "Step 1: 'expect' must be a move"),
        ({"text": "x", "expect": []}, "Step 1: 'expect' lists no moves"),
        ({"text": "x", "expect": ["8H", 9]}, "Step 1: 'expect' must be a move"),
        ({"text": "x", "expect": ["8H", "8h"]}, "Step 1: 'expect' lists the move '8H' twice"),
        ({"text": "x", "expect": "8H", "replies": "AH"}, "Step 1: 'replies' must be a list"),
        ({"text": "x", "expect": "8H", "replies": ["AH"] * 61}, "limit is 60"),
        ({"text": "x", "expect": ["8H"] * 61}, "limit is 60"),
    ]
    for step, start in cases:
        doc = base()
        doc["steps"] = [step]
        assert start in refused(doc), step


def test_illegal_expected_moves_and_replies() -> None:
    doc = base()
    doc["steps"][0]["expect"] = "4H"
    text = refused(doc)
    assert text.startswith(
        "Step 1: the expected move '4H' is not legal there: You must play higher than 7♥"
    )
    doc = base()
    doc["steps"][1]["expect"] = ["QC", "3C"]
    assert refused(doc).startswith("Step 2: the expected move '3C' is not legal there")
    doc = base()
    doc["steps"][0]["expect"] = "XX"
    assert "'XX' is not a move" in refused(doc)
    doc = base()
    doc["steps"][0]["replies"] = ["AH", "2H", "5C", "6C", "3C"]
    text = refused(doc)
    assert text.startswith(
        "Step 1: after the answer '8H', reply 5 '3C' is not legal: 3♣ is not in your hand"
    )


def test_replies_are_checked_after_every_accepted_answer() -> None:
    """After 9H Mehmet may still overtake with AH; after 8H, too; but a reply that only one
    answer allows makes the lesson invalid, named by the answer."""
    doc = base()
    doc["steps"] = [
        {"text": "x", "expect": ["8H", "9H"], "replies": ["AH", "2H"]},
        {"text": "y", "expect": "any"},
    ]
    with pytest.raises(LessonError):  # after the replies it is Mehmet's lead, not the reader's
        load_lesson(doc)
    # With "any", Kemal's lead of 7S forces spades: every reply must fit every answer.
    rec = base()["record"]
    rec["deals"][0]["moves"] = []
    doc = base(record=rec, seat=3)
    doc["steps"] = [{"text": "Lead.", "expect": "any", "replies": ["9H"]}]
    text = refused(doc)
    assert "after the answer '" in text and "reply 1 '9H' is not legal" in text


def test_a_branch_that_fails_later_is_named() -> None:
    rec = {
        "game": "kozel-miner",
        "seed": 1,
        "deals": [
            {
                "dealer": 0,
                "hands": hands(
                    "6C JH AH 10H KH AS 7S AD 10D",
                    "JC QH 9H 8H KS QS 9S KD QD",
                    "7C JS 10C AC 7H 6H 8S 9D 8D",
                    "8C JD KC QC 9C 10S 6S 7D 6D",
                ),
                "moves": ["JC", "7C", "8C"],
            }
        ],
    }
    doc = {
        "v": 1,
        "game": "kozel-miner",
        "title": "Mat",
        "record": rec,
        "steps": [{"text": "x", "expect": ["6C", "JH"]}, {"text": "y", "expect": "JH"}],
    }
    text = refused(doc)
    assert text.startswith("Step 2 (after the answer 'JH' at step 1):"), text


def test_deal_ends_before_the_steps() -> None:
    doc = json.loads((LEARN / "lessons" / "bidding-kozel-bura.json").read_text("utf-8"))
    doc["steps"].append({"text": "more", "expect": "any"})
    assert refused(doc).startswith("Step 2: the deal is already over there")


def test_a_kozel_deal_that_must_be_dealt_again() -> None:
    rec = {
        "game": "kozel-miner",
        "seed": 1,
        "deals": [
            {
                "dealer": 0,
                "hands": hands(
                    "6C JH AH 10H KH AS 10S AD 10D",
                    "JC QH 9H 8H KS QS 9S KD QD",
                    "7C JS 10C AC 7H 6H 8S 9D 8D",
                    "8C JD KC QC 9C 7S 6S 7D 6D",
                ),
            }
        ],
    }
    doc = {
        "v": 1,
        "game": "kozel-miner",
        "title": "Weak",
        "record": rec,
        "steps": [{"text": "x", "expect": "any"}],
    }
    assert "over before its first move" in refused(doc)


def test_too_many_paths() -> None:
    rec = {
        "game": "koz-maca",
        "seed": 1,
        "deals": [
            {
                "dealer": 3,
                "hands": hands(
                    "AS KS QS JS AH KH AD 2D AC KC QC JC 10C",
                    "2S 3S 4S 3D 6D 7D 8D 2C 3C 4C 5C 6C 7C",
                    "5S 6S 7S 2H 3H 4H 5H 6H 4D 9D 10D 8C 9C",
                    "8S 9S 10S QH JH 10H 9H 8H 7H 5D JD QD KD",
                ),
            }
        ],
    }
    steps = [{"text": "x", "expect": "any"}]
    doc = {"v": 1, "game": "koz-maca", "title": "Many", "record": rec, "steps": steps * 5}
    # every step after the first is Mehmet's turn on some path: refused either way, quickly
    with pytest.raises(LessonError):
        load_lesson(doc)


# --------------------------------------------------------------------------------------------
# The tutorial site


def test_three_lessons_per_game() -> None:
    names = [p.stem for p in LESSON_FILES]
    for game in engine.GAMES:
        mine = [
            n
            for n in names
            if n.startswith(game + "-")
            and not any(
                n.startswith(g + "-") for g in engine.GAMES if g != game and g.startswith(game)
            )
        ]
        assert len(mine) >= 3, (game, mine)


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: p.name)
def test_every_lesson_runs_to_the_end(path: Path) -> None:
    """Each step: a wrong legal answer (where there is one) is refused with the lesson's text,
    an illegal one with the engine's reason, and nothing changes; the right answer advances."""
    doc = json.loads(path.read_text("utf-8"))
    lesson = load_lesson(doc)
    assert path.stem.startswith(lesson.game + "-")
    run = lesson.start()
    for i, step in enumerate(lesson.steps):
        assert run.step_index == i
        deal = run.deal
        assert deal.to_move == lesson.seat
        legal = deal.legal_moves()
        before = run.match.record()
        if step.expect != "any":
            wrong = [m for m in legal if m not in step.moves]
            if wrong:
                out = run.try_move(wrong[0])
                assert out.kind == "wrong" and out.played == []
                said = step.answer_for(wrong[0]) or step.wrong
                if said:
                    assert str(out.message) == said
        illegal = [c for h in deal.hands for c in h if deal.illegal_reason(c) is not None]
        assert illegal
        out = run.try_move(illegal[0])
        assert out.kind == "illegal" and out.reason == deal.illegal_reason(illegal[0])
        assert run.match.record() == before and run.step_index == i
        move = step.moves[0] if step.moves else legal[0]
        out = run.try_move(move)
        assert out.kind == "right", (i, str(out.message))
        assert out.played[0] == (lesson.seat, move)
        assert len(out.played) == 1 + len(step.replies)
    assert run.done and run.try_move("AS").kind == "done"


def invited(text: str, legal: list[str], accepted: list[str]) -> set[str]:
    """The legal moves a step's text invites: the cards it names ({QS}) and the bids ("bid 8",
    "8 or more", "a bid of 5 or 6", a hand "worth about 9 tricks"), and a pass it speaks of;
    a card named as one of an accepted play of several cards (Bidding Kozel) is that play's."""
    out: set[str] = set()
    in_sets = {
        c
        for mv in accepted
        if " " in mv and not mv.startswith(("bid", "trump"))
        for c in mv.split()
    }
    out |= {c for c in re.findall(r"\{([0-9AKQJ]{1,2}[SHDC])\}", text) if c not in in_sets}
    bids = {int(n) for n in re.findall(r"\bbid (?:of |just )?(\d+)", text)}
    bids |= {int(n) for pair in re.findall(r"bid (?:of )?(\d+) or (\d+)", text) for n in pair}
    bids |= {int(n) for n in re.findall(r"worth (?:at least |about )?(\d+) tricks", text)}
    for n in re.findall(r"(\d+) or more", text):
        bids |= {int(m[4:]) for m in legal if m.startswith("bid ") and int(m[4:]) >= int(n)}
    out |= {f"bid {n}" for n in bids}
    if re.search(r"\bpass", text, re.IGNORECASE):
        out.add("pass")
    return out & set(legal)


def names_move(text: str, move: str) -> bool:
    """Whether feedback `text` speaks of `move` itself."""
    if move == "pass":
        return bool(re.search(r"\bpass", text, re.IGNORECASE))
    if move.startswith("bid "):
        return bool(re.search(rf"\bbid {move[4:]}\b", text, re.IGNORECASE))
    return "{" + move + "}" in text


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: p.name)
def test_every_move_a_lessons_text_invites_is_accepted_or_answered(path: Path) -> None:
    """A move the step's own words invite is either right, or answered by feedback about that
    move (never, say, a bid of 9 on a hand "worth at least 9 tricks" answered about passing)."""
    lesson = load_lesson(json.loads(path.read_text("utf-8")))
    run = lesson.start()
    for i, step in enumerate(lesson.steps):
        legal = run.deal.legal_moves()
        accepted = legal if step.expect == "any" else list(step.moves)
        for move in sorted(invited(step.text, legal, accepted) - set(accepted)):
            out = run.try_move(move)
            assert out.kind == "wrong", (i + 1, move)
            assert names_move(str(out.message), move), (
                f"step {i + 1}: {move} is answered with “{out.message}”"
            )
        out = run.try_move(accepted[0])
        assert out.kind == "right"
    assert run.done


def test_the_auction_lesson_answers_a_bid_of_9_about_9() -> None:
    lesson = load_lesson(json.loads((LEARN / "lessons" / "batak-auction.json").read_text("utf-8")))
    run = lesson.start()
    assert run.try_move("bid 5").kind == "right"
    said = str(run.try_move("bid 9").message)
    assert "bid 9" in said and "8" in said and "Pass would be final" not in said
    assert "Pass would be final" in str(run.try_move("pass").message)


def test_answers_for_particular_moves() -> None:
    doc = base()
    doc["steps"][0]["answers"] = {"9h": "{9H} beats it too, but costs more."}
    lesson = load_lesson(doc)
    assert lesson.steps[0].answers == (("9H", "{9H} beats it too, but costs more."),)
    assert load_lesson(lesson.to_json()) == lesson  # round trip
    run = lesson.start()
    out = run.try_move("9H")
    assert out.kind == "wrong" and out.text == "{9H} beats it too, but costs more."
    assert str(run.try_move("4H").message) != out.text  # (illegal: the engine's reason first)
    for answers, words in (
        ([1], "object"),
        ({"8H": "x"}, "accepts"),
        ({"QS": "x"}, "not legal"),
        ({"9H": 3}, "text"),
    ):
        bad = base()
        bad["steps"][0]["answers"] = answers
        assert words in refused(bad)


class _Embeds(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.embeds: list[dict[str, str | None]] = []
        self.scripts: list[dict[str, str | None]] = []
        self.links: list[str] = []
        self.resources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "data-trick-table" in a:
            self.embeds.append(a)
        if tag == "script":
            self.scripts.append(a)
        if tag == "a" and a.get("href"):
            self.links.append(str(a["href"]))
        for key in ("src", "href"):
            if key in a and tag != "a":
                self.resources.append(str(a[key]))
        for key in a:
            assert not key.startswith("on"), (tag, key)


def _parse(page: Path) -> _Embeds:
    p = _Embeds()
    p.feed(page.read_text("utf-8"))
    return p


def test_the_site_has_an_index_and_a_page_per_game() -> None:
    names = {p.name for p in PAGES}
    assert "index.html" in names and (LEARN / "style.css").is_file()
    for game in engine.GAMES:
        assert f"{game}.html" in names
        assert f"{game}.html" in _parse(LEARN / "index.html").links


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_pages_use_only_embed_js_and_local_files(page: Path) -> None:
    p = _parse(page)
    for s in p.scripts:
        assert s.get("src") == "../embed.js", s
    text = page.read_text("utf-8")
    assert not re.search(r"<script(?![^>]*src=\"\.\./embed\.js\")", text)
    for r in p.resources + p.links:
        assert not re.match(r"^(https?:)?//", r), r
        assert not r.lower().startswith(("javascript:", "data:")), r
    for link in p.links:
        if not link.startswith("#"):
            assert (LEARN / link.split("#")[0]).resolve().is_file(), link


@pytest.mark.parametrize(
    "page", [p for p in PAGES if p.name not in ("index.html", "puzzles.html")], ids=lambda p: p.name
)
def test_every_embed_on_a_game_page_works(page: Path) -> None:
    """Each data-record replays (JSON or the z1. form) with its data-step in range; each
    data-lesson names a lesson file that loads; each page has a position besides lessons."""
    p = _parse(page)
    game = page.stem
    records = [e for e in p.embeds if e.get("data-record")]
    found = [e for e in p.embeds if e.get("data-lesson")]
    assert records and len(found) >= 3
    for e in p.embeds:
        assert e.get("data-game") == game
        assert set(e) <= {
            "data-trick-table",
            "data-game",
            "data-record",
            "data-lesson",
            "data-step",
            "data-seat",
            "data-seats",
            "data-view",
            "data-lang",
            "data-height",
            "data-loading",
            "class",
        }, e
        if e.get("data-view") is not None:
            assert e["data-view"] == "open"
        if e.get("data-seats") is not None:
            assert e["data-seats"] == "all"
    # each table starts a Python runtime: only the first starts with the page, the others
    # when the reader scrolls to them
    assert [e.get("data-loading") for e in p.embeds] == [None] + ["lazy"] * (len(p.embeds) - 1)
    for e in records:
        rec = address.decode(str(e["data-record"]))
        m = engine.replay(rec)
        assert rec["game"] == game and m.game == game
        moves = sum(len(d.get("moves", [])) for d in rec["deals"])
        if e.get("data-step") is not None:
            assert 0 <= int(str(e["data-step"])) <= moves
    for e in found:
        ref = str(e["data-lesson"])
        target = (page.parent / ref).resolve()
        assert target.is_file(), ref
        assert load_lesson(json.loads(target.read_text("utf-8"))).game == game


def test_right_is_not_said_twice() -> None:
    """The verdict's "Right." is left out when the lesson's own feedback begins with it."""
    from ui.embed.lesson import lesson_box

    def said(feedback: tuple[str, str]) -> str:
        def text(n: Any) -> str:
            return (n.text or "") + "".join(text(c) for c in n.children)

        lesson = load_lesson(base())
        box = lesson_box(lesson.start(), feedback, None)
        part = next(n for n in box if n.attrs.get("data-lesson-feedback"))
        return text(part)

    assert said(("right", "Right: {8H} beats {7H}.")).count("Right") == 1
    assert said(("right", "Right.")).count("Right") == 1
    assert said(("right", "Good: the others may outbid you.")).startswith("Right. ")
    assert said(("wrong", "Not this one: try {8H}.")).count("Not this one") == 1
    assert said(("wrong", "Cheaper, please.")).startswith("Not this one. ")
    for path in LESSON_FILES:  # every lesson's right answers, as the page shows them
        lesson = load_lesson(json.loads(path.read_text("utf-8")))
        for step in lesson.steps:
            shown = said(("right", step.right or "Right."))
            assert not re.match(r"Right\W+Right", shown), (path.name, shown)
