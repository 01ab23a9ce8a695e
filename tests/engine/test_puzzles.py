"""The puzzles (engine.content.puzzles): every shipped puzzle loads and is proved again by the solver
(open ones on their deal, closed ones on every layout they name), the files stay within their
size budget, a build is reproducible and kept when its inputs match, and a bad puzzle file gets
messages, never an exception."""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from engine.content import puzzles
from engine.content.puzzles import (
    FORMAT,
    GAMES,
    LAYOUTS,
    VERSION,
    judge_closed,
    judge_open,
    layouts,
    load_file,
    load_puzzles,
    loses,
    prove,
    side_of,
    step_of,
)

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "puzzles"
PER_GAME = 200
BUDGET = 300 * 1024  # bytes, gzip, all files together


def shipped(game: str) -> puzzles.Loaded:
    return load_file(SHIPPED / f"{game}.json", game)


@pytest.fixture(scope="module")
def loaded() -> dict[str, puzzles.Loaded]:
    return {g: shipped(g) for g in GAMES}


def test_every_game_ships_its_puzzles(loaded: dict[str, puzzles.Loaded]) -> None:
    """Each of the five games has at least 200 puzzles of both kinds that load with no
    problem (format, version, replay, legal right moves, lines to the end of the deal),
    ids unique in the file."""
    for g, lo in loaded.items():
        assert lo.errors == [], (g, [str(e) for e in lo.errors[:5]])
        assert len(lo.puzzles) >= PER_GAME, (g, len(lo.puzzles))
        kinds = {p.kind for p in lo.puzzles}
        assert kinds == {"open", "closed"}, (g, kinds)
        assert len({p.id for p in lo.puzzles}) == len(lo.puzzles)
        assert lo.header["count"] == len(lo.puzzles)


def test_files_within_size_budget() -> None:
    total = sum(len(gzip.compress((SHIPPED / f"{g}.json").read_bytes(), 9)) for g in GAMES)
    assert total <= BUDGET, total


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_open_puzzle_is_proved(game: str) -> None:
    """The solver, from scratch on each open puzzle's position: the right moves are exactly
    the moves that keep the side's value, one run of equivalent cards; every other legal move
    loses at least a trick (Kozel: 10 card points or a penalty band); each line takes the
    value."""
    problems = [str(m) for p in shipped(game).puzzles if p.kind == "open" for m in prove(p)]
    assert problems == []


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_closed_puzzle_is_proved(game: str) -> None:
    """Each closed puzzle on each of its layouts (all the consistent ones, or the deal's own
    and 100 drawn by the resampler): the right moves keep the value in every one, every other
    move loses clearly in at least one."""
    ps = [p for p in shipped(game).puzzles if p.kind == "closed"]
    for p in ps:
        assert p.layouts is not None
        assert p.layouts["all"] or p.layouts["count"] >= LAYOUTS + 1
    problems = [str(m) for p in ps for m in prove(p)]
    assert problems == []


def test_difficulty_is_filled(loaded: dict[str, puzzles.Loaded]) -> None:
    for lo in loaded.values():
        for p in lo.puzzles:
            d = p.difficulty
            assert 1 <= d["rating"] <= 5
            assert 1 <= d["losing"] <= d["legal"] - len(p.best)
            assert 0 <= d["natural"] <= 1 and isinstance(d["baseline"], bool)
        ratings = {p.difficulty["rating"] for p in lo.puzzles}
        assert len(ratings) >= 3, ratings  # a spread, not one level


# --- the rules a puzzle is judged by ---------------------------------------------------------


def test_kozel_margin_and_penalty_bands() -> None:
    """Kozel: a move is clearly worse at 10 card points less, or when the team's points fall
    into a worse penalty band (spas at 31, eggs at 60, the others' spas up to 89)."""
    assert loses("kozel-miner", 0, 50, 40) and not loses("kozel-miner", 0, 50, 41)
    assert loses("kozel-miner", 25, 6, 5)  # 31 -> 30: no spas
    assert loses("kozel-classic", 50, 11, 9)  # 61 -> 59: the cycle lost
    assert not loses("kozel-classic", 40, 11, 9)
    assert [step_of(p) for p in (0, 30, 31, 59, 60, 61, 89, 90, 120)] == [0, 0, 1, 1, 2, 3, 3, 4, 4]
    assert loses("batak", 0, 3, 2) and not loses("batak", 0, 3, 3)


@pytest.mark.slow
def test_sides() -> None:
    """Koz Maça: the seat alone; auction Batak: the declarer alone or the three defenders;
    partnership Batak and Kozel: the team."""
    lo = shipped("batak")
    for p in lo.puzzles[:30]:
        d = p.position()
        decl = d.declarer
        assert side_of(d, p.seat) == (
            (decl,) if p.seat == decl else tuple(s for s in range(4) if s != decl)
        )
    for g in ("batak-pairs", "kozel-miner"):
        p = shipped(g).puzzles[0]
        assert side_of(p.position(), p.seat) == tuple(sorted((p.seat, (p.seat + 2) % 4)))
    p = shipped("koz-maca").puzzles[0]
    assert side_of(p.position(), p.seat) == (p.seat,)


def test_layouts_are_consistent_and_distinct() -> None:
    """A closed puzzle's layouts: each keeps the mover's hand and every card played, each
    other hand its size and its proven voids; no layout twice; the deal's own among them."""
    for g in ("koz-maca", "kozel-miner"):
        p = next(x for x in shipped(g).puzzles if x.kind == "closed")
        d = p.position()
        worlds, complete = layouts(d, p.seat, p.layouts["seed"] if p.layouts else 0)
        keys = {tuple(tuple(sorted(w.hand_cards(s))) for s in range(4)) for w in worlds}
        assert len(keys) == len(worlds)
        assert tuple(tuple(sorted(d.hand_cards(s))) for s in range(4)) in keys
        voids = d.observation(p.seat).voids()  # type: ignore[attr-defined]
        eff = getattr(d, "_eff", None)
        for w in worlds:
            assert w.hand_cards(p.seat) == d.hand_cards(p.seat)
            for s in range(4):
                assert len(w.hand_cards(s)) == len(d.hand_cards(s))
                for c in w.hand_cards(s):
                    assert (eff[c] if eff else c >> 4) not in voids[s] or s == p.seat
        assert complete or len(worlds) == LAYOUTS + 1


def test_prove_rejects_a_wrong_answer() -> None:
    """A puzzle whose right move is replaced by a losing one, or whose value is changed, is
    not proved."""
    lo = shipped("batak-pairs")
    p = next(x for x in lo.puzzles if x.kind == "open")
    d = p.position()
    wrong = next(m for m in d.legal_moves() if m not in p.best)
    bad = puzzles.Puzzle(
        **{
            **p.__dict__,
            "best": (wrong,),
            "lines": {wrong: tuple(puzzles.main_line(d, p.side, wrong))},
        }
    )
    assert prove(bad) and "not" in str(prove(bad)[0])
    assert prove(puzzles.Puzzle(**{**p.__dict__, "value": p.value + 1}))
    c = next(x for x in lo.puzzles if x.kind == "closed")
    assert c.layouts is not None
    fewer = dict(c.layouts, count=c.layouts["count"] - 1)
    if not c.layouts["all"]:
        assert prove(puzzles.Puzzle(**{**c.__dict__, "layouts": fewer}))


@pytest.mark.slow
def test_judges_agree_with_the_open_and_closed_definitions() -> None:
    """On a few positions of a fresh deal, an open verdict is what move values say, and a
    closed verdict's right moves are right in the deal's own layout too."""
    from engine.solver import move_values

    seen = 0
    for f in puzzles.candidates("kozel-classic", 7):
        vals = move_values(f.deal, f.side)
        top = max(vals.values())
        assert {m for m, v in vals.items() if v == top} >= set(f.verdict.best)
        if f.kind == "open":
            assert judge_open(f.deal, f.side).best == f.verdict.best
        seen += 1
    assert seen
    f = next(puzzles.candidates("koz-maca", 3))
    v = judge_closed(f.deal, f.side, 5, count=10)
    assert v.layouts is not None and (v.layouts["all"] or v.layouts["count"] >= 1)


# --- building ------------------------------------------------------------------------------


@pytest.mark.slow
def test_build_is_reproducible_and_cached(tmp_path: Path) -> None:
    """The same seed gives the same file; a second build with the same inputs keeps it."""
    a, b = tmp_path / "a", tmp_path / "b"
    assert puzzles.build(a, 3, 4, ["kozel-classic"]) == {"kozel-classic": "built"}
    assert puzzles.build(b, 3, 4, ["kozel-classic"]) == {"kozel-classic": "built"}
    text = (a / "kozel-classic.json").read_text()
    assert text == (b / "kozel-classic.json").read_text()
    assert puzzles.build(a, 3, 4, ["kozel-classic"]) == {"kozel-classic": "cached"}
    lo = load_file(a / "kozel-classic.json")
    assert lo.errors == [] and len(lo.puzzles) == 4
    assert all(prove(p) == [] for p in lo.puzzles)
    head = json.loads(text)
    assert head["inputs"] == puzzles.source_hash("kozel-classic:3:4:0.4")


# --- bad input -------------------------------------------------------------------------------


def good() -> dict[str, Any]:
    text = (SHIPPED / "kozel-classic.json").read_text()
    data = json.loads(text)
    data["puzzles"] = (
        data["puzzles"][:2] + [p for p in data["puzzles"] if p["kind"] == "closed"][:1]
    )
    data["count"] = 3
    return data


def errors(data: Any) -> list[str]:
    lo = load_puzzles(data)
    return [e.key for e in lo.errors]


def nested(data: Any) -> list[str]:
    """The key of each error's innermost reason."""
    out = []
    for e in load_puzzles(data).errors:
        m = e
        while any(k in ("reason", "why") and hasattr(v, "key") for k, v in m.params):
            m = next(v for k, v in m.params if k in ("reason", "why") and hasattr(v, "key"))
        out.append(m.key)
    return out


def test_bad_files_get_messages_not_exceptions() -> None:
    assert errors("{not json") == ["puzzles.not_json"]
    assert errors(b"\xff\xfe\x00") == ["puzzles.not_json"]
    assert errors("[1, 2]") == ["puzzles.not_object"]
    assert errors({"format": "lesson"}) == ["puzzles.format"]
    assert errors({**good(), "version": 0}) == ["puzzles.version"]
    assert "version 0" in str(load_puzzles({**good(), "version": 0}).errors[0])
    assert errors({**good(), "game": "bidding-kozel"}) == ["puzzles.game"]
    assert errors({**good(), "puzzles": {"a": 1}}) == ["puzzles.list"]
    lo = load_file(SHIPPED / "no-such-game.json")
    assert [e.key for e in lo.errors] == ["puzzles.not_json"] and not lo.puzzles
    assert load_puzzles(good()).errors == []


def spoil(change: Any) -> list[str]:
    data = good()
    p = copy.deepcopy(data["puzzles"][0])
    change(p)
    data["puzzles"][0] = p
    lo = load_puzzles(data)
    assert len(lo.puzzles) == 2  # the others still load
    return nested(data)


def test_bad_puzzles_are_named_and_skipped() -> None:
    assert spoil(lambda p: p.pop("best")) == ["puzzles.field"]
    assert spoil(lambda p: p.update(kind="secret")) == ["puzzles.field"]
    assert spoil(lambda p: p.update(colour="red")) == ["puzzles.unknown_fields"]
    assert spoil(lambda p: p.update(seat="0")) == ["puzzles.field"]
    assert spoil(lambda p: p["record"].update(game="batak")) == ["puzzles.record_game"]

    def bad_move(p: dict[str, Any]) -> None:
        p["record"]["deals"][0]["moves"][-1] = "ZZ"

    assert spoil(bad_move) == ["move.bad_card"]

    def two_deals(p: dict[str, Any]) -> None:
        p["record"]["deals"].append(p["record"]["deals"][0])

    assert spoil(two_deals) == ["puzzles.record_one_deal"]

    def other_seat(p: dict[str, Any]) -> None:
        p["seat"] = (p["seat"] + 1) % 4

    assert spoil(other_seat) == ["puzzles.seat"]

    def illegal(p: dict[str, Any]) -> None:
        hand = p["record"]["deals"][0]["hands"][(p["seat"] + 1) % 4]
        p["best"] = [hand[0]]
        p["lines"] = {hand[0]: []}

    assert spoil(illegal) == ["puzzles.illegal_best"]

    def bad_line(p: dict[str, Any]) -> None:
        b = p["best"][0]
        p["lines"][b] = p["lines"][b][:-2] + ["AS"] + p["lines"][b][-1:]

    assert spoil(bad_line)[0] in (
        "illegal.not_in_hand",
        "record.bad_card",
        "kozel.follow_suit",
        "move.bad_card",
        "puzzles.line",
    )

    def short_line(p: dict[str, Any]) -> None:
        b = p["best"][0]
        p["lines"][b] = p["lines"][b][:-1]

    assert spoil(short_line) == ["puzzles.line_end"]

    def no_layouts(p: dict[str, Any]) -> None:
        p["kind"] = "closed"
        p.pop("layouts", None)

    assert spoil(no_layouts) == ["puzzles.field"]
    assert spoil(lambda p: p.update(record=[])) == ["puzzles.field"]
    data = good()
    data["puzzles"][2]["layouts"]["count"] = 10**9  # a closed puzzle: at most 101 layouts
    assert nested(data) == ["puzzles.field"]
    data["puzzles"][2]["layouts"] = {"seed": True, "count": 101, "all": False}
    assert nested(data) == ["puzzles.field"]
    assert spoil(lambda p: p.update(side=[0, 1, 2])) in (["puzzles.side"],)


def test_duplicate_ids_and_messages_name_the_puzzle() -> None:
    data = good()
    data["puzzles"].append(copy.deepcopy(data["puzzles"][0]))
    lo = load_puzzles(data)
    assert len(lo.puzzles) == 3 and [e.key for e in lo.errors] == ["puzzles.in"]
    assert data["puzzles"][0]["id"] in str(lo.errors[0])
    assert "used by an earlier puzzle" in str(lo.errors[0])
    assert data["format"] == FORMAT and data["version"] == VERSION


def test_check_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "kozel-classic.json"
    path.write_text(json.dumps(good()))
    assert puzzles.main(["check", str(path)]) == 0
    assert "3 puzzles" in capsys.readouterr().out
    bad = good()
    bad["puzzles"][1]["value"] += 1
    path.write_text(json.dumps(bad))
    assert puzzles.main(["check", str(path)]) == 1
    assert "does not confirm" in capsys.readouterr().out
    path.write_text("{}")
    assert puzzles.main(["check", str(path)]) == 1


@pytest.mark.slow
def test_mutated_files_never_raise() -> None:
    """Any field of a good file replaced by another JSON value, or removed (1500 such files,
    seeded): the loader answers with puzzles and messages, never an exception."""
    import random

    base = good()

    def paths(o: Any, pre: tuple[Any, ...] = ()) -> Any:
        yield pre
        if isinstance(o, dict):
            for k, v in o.items():
                yield from paths(v, (*pre, k))
        elif isinstance(o, list):
            for i, v in enumerate(o):
                yield from paths(v, (*pre, i))

    values: list[Any] = [
        None,
        0,
        -1,
        10**9,
        1.5,
        True,
        "",
        "x",
        "AS",
        [],
        [1],
        {},
        {"a": 1},
        ["AS", "KS"],
        [[]],
        "bid 5",
    ]
    every = list(paths(base))[1:]
    rng = random.Random(1)
    refused = 0
    for _ in range(1500):
        d = copy.deepcopy(base)
        where = rng.choice(every)
        o = d
        for k in where[:-1]:
            o = o[k]
        if rng.random() < 0.7:
            o[where[-1]] = rng.choice(values)
        else:
            o.pop(where[-1])
        lo = load_puzzles(json.dumps(d))
        refused += bool(lo.errors)
        assert all(isinstance(str(e), str) for e in lo.errors)
    assert refused > 500


@pytest.mark.slow
def test_the_site_ships_the_puzzles() -> None:
    """The built site holds every game's puzzles, as shipped, loading without a problem
    (dist/ is built before the tests by scripts/test.sh)."""
    from engine.content.puzzles import load_file

    root = Path(__file__).resolve().parents[2]
    dist = root / "dist" / "puzzles"
    if not (root / "dist" / "index.html").is_file():
        pytest.skip("dist/ is not built (python3 build.py)")
    shipped = sorted(p.name for p in (root / "puzzles").glob("*.json"))
    assert len(shipped) == 5 and sorted(p.name for p in dist.glob("*.json")) == shipped
    for name in shipped:
        assert (dist / name).read_bytes() == (root / "puzzles" / name).read_bytes()
        loaded = load_file(dist / name)
        assert not loaded.errors and len(loaded.puzzles) >= 200
