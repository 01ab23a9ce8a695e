"""The player's record (ui/stats/record.py): its format read strictly and written back whole, a
finished match counted once, practice matches apart, the puzzles' progress read tolerantly;
and the record page's HTML (ui/stats/view.py) escapes what it shows."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from ui.stats import record as RC
from ui.stats import view as RW


def finished(game: str, seed: int = 3, **options: object) -> engine.Match:
    m = engine.new_match(game, seed=seed, options=options or None)
    rng = random.Random(seed)
    while not m.is_over:
        m.play(rng.choice(m.deal.legal_moves()))
    return m


def test_nothing_stored_is_an_empty_record() -> None:
    rec = RC.parse(None)
    assert rec.empty() and rec.games == {} and rec.recent == []
    assert json.loads(rec.dumps()) == {"format": 1, "games": {}, "recent": [], "seen": []}


def test_a_match_is_counted_once_with_its_scores_per_deal() -> None:
    m = finished("koz-maca", hands=5)
    rec = RC.Record()
    assert RC.add_match(rec, m, "easy", "2026-12-02", practice=False)
    assert not RC.add_match(rec, m, "easy", "2026-12-02", practice=False), "counted twice"
    again = RC.parse(rec.dumps())
    assert not RC.add_match(again, engine.replay(m.record()), "easy", "2026-12-02", False)
    t = again.games["koz-maca"]["easy"]
    assert (t.played, t.deals, t.practice) == (1, 5, 0)
    assert t.won == int(0 in m.winners)
    mine = [d.result["delta"][0] for d in m.deals]
    theirs = [sum(d.result["delta"][1:]) / 3 for d in m.deals]
    assert t.mine == sum(mine) and t.theirs == pytest.approx(sum(theirs), abs=1e-3)
    last = again.recent[-1]
    assert (last.date, last.game, last.level, last.won) == (
        "2026-12-02",
        "koz-maca",
        "easy",
        bool(t.won),
    )
    assert last.mine == mine and last.theirs == pytest.approx(theirs, abs=1e-4)


def test_in_a_team_game_the_computers_are_the_other_team() -> None:
    m = finished("kozel-miner")
    scores = RC.deal_scores(m)
    assert scores == [
        (d.result["delta"][0], (d.result["delta"][1] + d.result["delta"][3]) / 2) for d in m.deals
    ]
    assert RC.player_won(m) == bool({0, 2} & set(m.winners))
    rec = RC.Record()
    RC.add_match(rec, m, "normal", "2026-12-02", False)
    st = RC.stats(rec, RC.Puzzles())["games"]["kozel-miner"]["normal"]
    assert st["unit"] == "penalty-points" and st["lower_is_better"] is True
    # a penalty's margin counts the other way: fewer penalty points than them is better
    mm = rec.recent[-1]
    assert mm.margin() == pytest.approx(-(sum(mm.mine) - sum(mm.theirs)) / len(mm.mine))


def test_practice_matches_are_kept_apart() -> None:
    m = finished("bidding-kozel", rounds=1)
    rec = RC.Record()
    assert RC.add_match(rec, m, "strong", "2026-12-01", practice=True)
    t = rec.games["bidding-kozel"]["strong"]
    assert (t.played, t.won, t.deals, t.practice) == (0, 0, 0, 1)
    assert rec.recent[-1].practice is True and len(rec.recent[-1].mine) == 1


def test_only_the_last_30_matches_are_kept() -> None:
    rec = RC.Record()
    for seed in range(33):
        RC.add_match(
            rec, finished("bidding-kozel", seed=seed, rounds=1), "easy", "2026-12-02", False
        )
    assert len(rec.recent) == RC.RECENT == 30
    assert rec.games["bidding-kozel"]["easy"].played == 33
    assert len(RC.parse(rec.dumps()).recent) == 30


def test_a_newer_field_is_kept_and_a_match_not_over_is_not_counted() -> None:
    data = json.loads(RC.Record().dumps())
    data["future"] = {"x": 1}
    data["games"] = {
        "batak": {
            "easy": {"played": 2, "won": 1, "deals": 20, "mine": 10, "theirs": 12.5, "later": True}
        }
    }
    rec = RC.parse(json.dumps(data))
    assert json.loads(rec.dumps())["future"] == {"x": 1}
    assert rec.games["batak"]["easy"].means() == (0.5, 0.625)
    assert not RC.add_match(rec, engine.new_match("batak", seed=1), "easy", "2026-12-02", False)


@pytest.mark.parametrize(
    "text",
    [
        "{bad",
        "[]",
        "null",
        '"x"',
        '{"games": {}}',
        '{"format": 0}',
        '{"format": "1"}',
        '{"format": 1, "games": []}',
        '{"format": 1, "games": {"batak": {"easy": {"played": 1, "won": 2}}}}',
        '{"format": 1, "games": {"batak": {"easy": {"played": -1}}}}',
        '{"format": 1, "games": {"batak": {"easy": {"mine": "1"}}}}',
        '{"format": 1, "games": {"batak": {"easy": {"mine": true}}}}',
        '{"format": 1, "games": {"<b>": {}}}',
        '{"format": 1, "games": {"batak": {"<i>": {}}}}',
        '{"format": 1, "recent": {}}',
        (
            '{"format": 1, "recent": [{"date": "<b>", "game": "batak", "level": "easy", "won": true,'
            ' "mine": [], "theirs": []}]}'
        ),
        (
            '{"format": 1, "recent": [{"date": "2026-01-01", "game": "batak", "level": "easy",'
            ' "won": 1, "mine": [], "theirs": []}]}'
        ),
        (
            '{"format": 1, "recent": [{"date": "2026-01-01", "game": "batak", "level": "easy",'
            ' "won": true, "mine": [1], "theirs": []}]}'
        ),
        '{"format": 1, "seen": [1]}',
        '{"format": 1, "games": {"batak": {"easy": {"mine": 1e999}}}}',
    ],
)
def test_a_corrupt_record_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(RC.RecordError) as err:
        RC.parse(text)
    assert str(err.value)


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "{",
        "[]",
        '{"format": 2, "solved": {}}',
        '{"format": 1, "solved": [], "streak": "3"}',
        '{"format": 1, "solved": {"batak": "x"}, "best": -2}',
    ],
)
def test_malformed_puzzle_progress_counts_as_nothing(text: str | None) -> None:
    p = RC.read_puzzles(text)
    assert p.empty() and p.streak == 0 and p.best == 0


def test_puzzle_progress_is_read() -> None:
    text = json.dumps(
        {
            "format": 1,
            "solved": {"batak": ["1", "2", "2"], "kozel-miner": ["7"]},
            "failed": {"batak": ["3", 4]},
            "streak": 2,
            "best": 5,
            "daily": {"2026-12-02": "batak/1:solved"},
        }
    )
    p = RC.read_puzzles(text)
    assert p.solved == {"batak": 2, "kozel-miner": 1} and p.failed == {"batak": 1}
    assert (p.streak, p.best) == (2, 5)
    html = RW.puzzles_html(p, {"batak": "Batak", "kozel-miner": "Kozel"})
    assert 'data-solved="2"' in html and 'data-streak="2"' in html and 'data-best="5"' in html


def test_the_record_page_escapes_and_lists_known_games_only() -> None:
    rec = RC.Record()
    RC.add_match(rec, finished("bidding-kozel", rounds=1), "easy", "2026-12-02", False)
    RC.add_match(rec, finished("bidding-kozel", seed=4, rounds=1), "easy", "2026-12-02", True)
    rec.games["new-game"] = {"easy": RC.Tally(played=1)}  # a newer page's game
    html = RW.record_html(
        rec, RC.Puzzles(), {"bidding-kozel": "<Bidding & Kozel>"}, ["easy", "normal", "strong"]
    )
    assert "<Bidding" not in html and "&lt;Bidding &amp; Kozel&gt;" in html
    assert "new-game" not in html
    assert "data-record " in html and 'data-played="1"' in html and 'data-practice="1"' in html
    assert 'data-chart="recent" data-points="2"' in html and 'role="img"' in html
    for action in ("record-export", "record-download", "record-reset", "close"):
        assert f'data-action="{action}"' in html
    empty = RW.record_html(RC.Record(), RC.Puzzles(), {"batak": "Batak"}, ["easy"])
    assert "data-record-empty" in empty and "data-chart" not in empty


def test_the_score_sheet_chart_has_a_line_per_column() -> None:
    from ui.teach import review as RV

    m = finished("batak-pairs", hands=5)
    names = ["You", "A", "B", "C"]
    html = RW.match_chart_html(m, RV.score_columns(m, names))
    assert html.count("<polyline") == 2 and 'data-points="5"' in html
    assert 'role="img"' in html and "<title>" in html
    assert RW.match_chart_html(engine.new_match("batak", seed=1), [("You", [0])]) == ""


def test_a_later_format_is_told_apart() -> None:
    with pytest.raises(RC.RecordNewer):
        RC.parse('{"format": 2}')
    with pytest.raises(RC.RecordError) as err:
        RC.parse('{"format": true}')
    assert not isinstance(err.value, RC.RecordNewer)


@pytest.fixture
def catalogs() -> Any:
    from sitebuild import i18n as build_i18n
    from ui.common import i18n as I

    pytest.importorskip("babel")
    mo = build_i18n.compiled_catalogs()
    yield lambda code: I.use(code, mo.get(code))
    I.use(I.DEFAULT, None)


def axes(html: str) -> dict[str, str]:
    import re
    from html import unescape

    return {
        m.group(1): unescape(m.group(2))
        for m in re.finditer(r'<p class="chart-axis \w" data-axis="(\w)">(.*?)</p>', html)
    }


@pytest.mark.slow
def test_the_charts_say_what_they_measure(catalogs: Any) -> None:
    """Each chart has axis labels: what the height measures and what runs across, in the
    page's language (the score sheet's in the game's own total and deal word)."""
    rec = RC.Record()
    RC.add_match(rec, finished("bidding-kozel", rounds=1), "easy", "2026-12-02", False)
    html = RW.record_html(rec, RC.Puzzles(), {"bidding-kozel": "Bidding Kozel"}, ["easy"])
    assert axes(html) == {
        "y": "↑ Your score per deal minus the computers' (each in its game's unit)",
        "x": "Matches, oldest to newest →",
    }, axes(html)
    from ui.teach import review as RV

    m = finished("kozel-classic")
    got = axes(RW.match_chart_html(m, RV.score_columns(m, ["You", "A", "B", "C"])))
    assert got == {"y": "↑ Penalty total after each cycle", "x": "Cycles →"}, got
    catalogs("ru")
    got = axes(RW.match_chart_html(m, RV.score_columns(m, ["Вы", "A", "B", "C"])))
    assert got["x"] == "Коны →" and got["y"] == "↑ Всего штрафа после каждого кона", got
    assert (
        "Матчи"
        in axes(RW.record_html(rec, RC.Puzzles(), {"bidding-kozel": "Козёл"}, ["easy"]))["x"]
    )
