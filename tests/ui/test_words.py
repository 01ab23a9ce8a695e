"""The page's words in every language (issue 29, items 10-12, 15, 19 and 20): figures written as
the language writes them and with the plural of the number shown, hints and review verdicts that
agree with the figures they show, names joined in words, team points and penalty totals said so,
cards named with the letters the cards show, and the match's end said on the summary."""

from __future__ import annotations

import re
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

import engine
import engine.ai
from engine import teacher
from engine.messages import CardRef, Message
from ui.common import i18n as I
from ui.common import render as R
from ui.lobby import view as LW
from ui.sheets import content as SC
from ui.sheets import view as SH
from ui.table import pieces as TP
from ui.table.table import Table
from ui.teach import hints as H
from ui.teach import review as RV

babel = pytest.importorskip("babel", reason="Babel is installed by scripts/test.sh")


@pytest.fixture(scope="module")
def mo() -> dict[str, bytes]:
    from sitebuild import i18n as catalogs

    return catalogs.compiled_catalogs()


@pytest.fixture
def lang(mo: dict[str, bytes]) -> Iterator[Any]:
    def use(code: str) -> None:
        I.use(code, mo.get(code))

    yield use
    I.use(I.DEFAULT, None)
    I.use_letters("", None)


def label(move: str) -> str:
    return f"<{move}>"


def ev(**kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "move": "KH",
        "values": {},
        "unit": "tricks",
        "same": {},
        "samples": 40,
        "forced": False,
    }
    base.update(kw)
    return H.parse(base)


# ------------------------------------------------------------------------ figures (item 12)
def test_russian_plurals_follow_the_number(lang: Any) -> None:
    lang("ru")
    assert [H.amount(n, "tricks") for n in (1, 2, 5, 21)] == [
        "1 взятка",
        "2 взятки",
        "5 взяток",
        "21 взятка",
    ]
    assert [H.amount(n, "points") for n in (1, 4, 5, 21, 11)] == [
        "1 очко карт",
        "4 очка карт",
        "5 очков карт",
        "21 очко карт",
        "11 очков карт",
    ]
    assert H.amount(3.5, "tricks") == "3,5 взятки"
    assert [I.ngettext("{n} trick", "{n} tricks", n).format(n=n) for n in (1, 2, 5, 21)] == [
        "1 взятка",
        "2 взятки",
        "5 взяток",
        "21 взятка",
    ]


def test_russian_legend_reads_in_the_nominative(lang: Any) -> None:
    """ "до 4 очка карт" was wrong Russian: the legend's range is worded so the amount stays in
    the nominative ("4 очка карт или меньше")."""
    lang("ru")
    html = RV.deal_review_html(
        {
            "decisions": [
                {
                    "n": 1,
                    "trick": 1,
                    "phase": "play",
                    "move": "AS",
                    "best": "AS",
                    "unit": "points",
                    "cost": 0.0,
                    "verdict": "best",
                }
            ],
            "steps": {"points": [0.5, 4.0, 10.0, 20.0]},
        },
        label,
        "Kozel",
    )
    assert "4 очка карт или меньше" in html and "до 4" not in html
    assert "больше, чем 20 очков карт" in html


def test_decimal_comma_in_tr_ru_and_pt(lang: Any) -> None:
    for code in ("tr", "ru", "pt"):
        lang(code)
        assert I.number(3.54) == "3,5" and I.number(0.05, 2) == "0,05", code
        assert "," in H.amount(6.2, "tricks"), code
    lang("en")
    assert I.number(3.54) == "3.5" and H.amount(6.2, "tricks") == "6.2 tricks"


def test_whole_figures_have_no_decimals(lang: Any) -> None:
    assert H.amount(0.0, "tricks") == "0 tricks"
    assert I.number(0.6, 2) == "0.6" and I.number(0.25, 2) == "0.25" and I.number(20.0, 2) == "20"
    assert H.amount(0.6, "tricks", exact=True) == "0.6 tricks"
    assert H.amount(3.0, "tricks") == "3 tricks" and H.amount(1.0, "tricks") == "1 trick"
    lang("tr")
    assert H.amount(3.0, "tricks") == "3 el"


def test_portuguese_zero_is_plural(lang: Any) -> None:
    lang("pt")
    assert H.amount(0, "tricks") == "0 vazas"
    assert H.amount(1, "tricks") == "1 vaza"
    assert I.ngettext("{n} trick", "{n} tricks", 0).format(n=0) == "0 vazas"


def test_stakes_are_called_stakes() -> None:
    """The "score" unit is Bidding Kozel's stakes: the legend and the hints say stakes."""
    assert H.amount(1.5, "score") == "1.5 stakes"
    html = RV.deal_review_html(
        {
            "decisions": [
                {
                    "n": 1,
                    "trick": 1,
                    "phase": "play",
                    "move": "AS",
                    "best": "AS",
                    "unit": "score",
                    "cost": 0.0,
                    "verdict": "best",
                }
            ]
        },
        label,
        "Bidding Kozel",
    )
    assert "stakes" in html and "points" not in html.split("verdict-legend")[1].split("</ul>")[0]


def test_names_are_joined_in_words(lang: Any) -> None:
    assert I.names_list(["Ayşe"]) == "Ayşe"
    assert I.names_list(["Sen", "Ayşe"]) == "Sen and Ayşe"
    assert I.names_list(["You", "Olga", "Ivan"]) == "You, Olga and Ivan"
    lang("tr")
    assert I.names_list(["Sen", "Ayşe"]) == "Sen ve Ayşe"
    lang("ru")
    assert I.names_list(["Вы", "Иван"]) == "Вы и Иван"
    kozel = engine.new_match("kozel-classic", seed=1).rules
    facts = RV.deal_facts(
        {"reason": "normal", "penalty": 2, "loser": [1, 3], "trump": "C"},
        ["Вы", "Ольга", "Иван", "Нина"],
        kozel,
    )
    assert "&" not in " ".join(v for _k, v in facts) and "Ольга и Нина" in facts[0][1]


def test_regional_letters_in_text(lang: Any) -> None:
    """Where the cards show В Д К Т (a Russian game in Russian), text names the cards so too:
    the move labels (the review, the hints) and the engine's messages (Miner's marker)."""
    lang("ru")
    I.use_letters("ru", None)
    assert R.move_label("JC") == "В♣" and R.move_label("AD") == "Т♦"
    assert R.move_label("10H") == "10♥"
    m = Message(
        "fact.kozel.marker_holder",
        (("card", CardRef(engine.cards.parse_card("JC"))), ("seat", "—")),
    )
    assert m.render(["Вы"], I.catalog()).startswith("В♣")
    I.use_letters("ru", False)  # the player chose the Latin letters
    assert R.move_label("JC") == "J♣"
    I.use_letters("tr", None)  # a Turkish game in Russian: the cards show J Q K A
    assert R.move_label("JC") == "J♣"
    lang("en")
    I.use_letters("ru", True)  # the regional letters chosen in English
    assert R.move_label("QS") == "Д♠"
    I.use_letters("ru", None)
    assert R.move_label("QS") == "Q♠"


def test_opponents_keep_their_names_when_the_language_changes(lang: Any) -> None:
    t = Table()
    t.put(engine.new_match("kozel-miner", seed=3), 0)
    lang("en")
    before = t.names()
    lang("ru")
    after = t.names()
    assert after[1:] == before[1:] and after[0] == "Вы" and before[0] == "You"
    t.put(engine.new_match("kozel-miner", seed=4), 0)  # a new match: named in the language
    assert t.names()[1] == "Ольга"


# ------------------------------------------------------------------------------ hints (10)
def test_a_hint_whose_figures_round_equal_says_either_will_do() -> None:
    text = H.reason(ev(values={"4D": 3.52, "9D": 3.46, "2C": 2.0}, move="4D"), label)
    # not equal to the review (9D would be "good"): the figures are told apart
    assert text == "<4D>: the best expected score here, about 3.52 tricks; <9D>: about 3.46 tricks."
    text = H.reason(ev(values={"4D": 3.52, "9D": 3.49, "10D": 3.5, "2C": 2.0}, move="4D"), label)
    assert text == "<4D>, <10D> and <9D>: all worth about 3.5 tricks here; any of them will do."
    text = H.reason(ev(values={"4D": 3.52, "9D": 3.48}, move="4D"), label)
    assert text.startswith("Any of them")


def test_a_hint_with_a_higher_figure_for_the_other_card_gives_the_reason() -> None:
    """ "8♦: about 28 card points; Q♠: about 29" was a contradiction: the reason is given."""
    text = H.reason(
        ev(unit="points", move="8D", values={"8D": 28.4, "QS": 28.6, "2C": 10.0}), label
    )
    assert text == "<8D> and <QS>: all worth about 28 card points here; any of them will do."
    text = H.reason(ev(unit="points", move="8D", values={"8D": 28.0, "QS": 31.0}), label)
    assert "too close" in text and "28 card points" in text and "31 card points" in text


# ------------------------------------------------------------------------------ review (11)
@pytest.mark.parametrize(
    ("cost", "unit", "want"),
    [
        (0.64, "tricks", "inaccuracy"),
        (0.6, "tricks", "inaccuracy"),
        (0.65, "tricks", "mistake"),
        (0.04, "tricks", "best"),
        (0.06, "tricks", "good"),
        (0.24, "tricks", "good"),
        (0.26, "tricks", "inaccuracy"),
        (4.4, "points", "good"),
        (4.6, "points", "inaccuracy"),
        (0.4, "points", "best"),
    ],
)
def test_the_verdict_follows_the_shown_figure(cost: float, unit: str, want: str) -> None:
    assert teacher.verdict(cost, unit) == want
    shown = H.amount(cost, unit)
    number = float(shown.split()[0])
    steps = teacher.VERDICT_STEPS[unit]
    legend = next(
        (teacher.VERDICTS[i] for i, top in enumerate(steps) if number <= top), teacher.VERDICTS[-1]
    )
    assert legend == want, (shown, legend)


def review(decs: list[dict[str, Any]], perfect: dict[str, Any] | None = None) -> str:
    return RV.deal_review_html({"decisions": decs, "perfect": perfect or {}}, label, "Koz Maça")


def test_best_beside_a_loss_with_every_card_visible_says_why() -> None:
    html = review(
        [
            {
                "n": 1,
                "trick": 3,
                "phase": "play",
                "move": "AS",
                "best": "AS",
                "unit": "tricks",
                "cost": 0.0,
                "verdict": "best",
                "perfect_loss": 2,
            }
        ]
    )
    assert "lost 2 tricks; the verdict is from what you could see then" in html
    html = review(
        [
            {
                "n": 1,
                "trick": 3,
                "phase": "play",
                "move": "AS",
                "best": "KS",
                "unit": "tricks",
                "cost": 1.5,
                "verdict": "blunder",
                "perfect_loss": 1,
            }
        ]
    )
    assert "lost 1 trick<" in html or "lost 1 trick</li>" in html


def test_more_made_than_perfect_play_is_explained() -> None:
    html = review([], {"solved": True, "unit": "tricks", "total": 5, "made": 6})
    assert "takes 5 tricks in this deal; it took 6 tricks" in html
    assert "did not play perfectly" in html
    html = review([], {"solved": True, "unit": "tricks", "total": 6, "made": 5})
    assert "did not play perfectly" not in html


def test_a_fixed_trump_is_not_repeated_on_every_score_sheet_row() -> None:
    koz = engine.new_match("koz-maca", seed=1).rules
    assert koz.result_facts({"declarer": 1, "bid": 5, "made": True, "trump": "S"}) == [
        ("contract", koz.result_facts({"declarer": 1, "bid": 5, "made": True})[0][1])
    ]
    batak = engine.new_match("batak", seed=1).rules
    assert [
        k for k, _v in batak.result_facts({"declarer": 1, "bid": 5, "made": True, "trump": "H"})
    ] == ["contract", "trump"]


# --------------------------------------------------------------------------- seats, ends (15)
def test_kozel_seats_say_the_points_are_the_teams() -> None:
    view = {"hand_sizes": [9] * 4, "taken": [1, 0, 0, 0], "points": [53, 20, 53, 20]}
    html = TP.seat_html(1, "left", "Olga", view, "", [], False, True, True)
    assert "team 20 pts" in html and "the team has taken" in html
    html = TP.seat_html(1, "left", "Olga", view, "", [], False, True, False)
    assert "team" not in html


def test_match_over_says_lower_is_better_and_a_shared_win_is_shared() -> None:
    html = SC.match_over_html(
        "Kozel",
        ["You", "Olga", "Ivan", "Nina"],
        [12, 4, 12, 4],
        [1, 3],
        [[0, 2], [1, 3]],
        False,
        lower_wins=True,
    )
    assert "lower total is the better" in html and "Olga and Nina win" in html
    assert "&" not in html.replace("&amp;", "")
    html = SC.match_over_html("Koz Maça", ["You", "Ayşe", "Kemal"], [3, 9, 9], [1, 2], None, False)
    assert "Ayşe and Kemal share the win" in html and "lower total" not in html


def test_the_resume_line_after_a_finished_deal() -> None:
    assert "(deal 1 is over)" in LW.resume_html("Kozel", 1, True)
    assert "(deal 2)" in LW.resume_html("Kozel", 2, False)


def match(totals: list[int], deals: int, target: int | None) -> Any:
    rules = SimpleNamespace(losing_target=lambda: target)
    return SimpleNamespace(is_over=True, deals=[None] * deals, totals=totals, rules=rules)


def test_a_match_decided_in_one_deal_says_so() -> None:
    names = ["You", "Olga", "Ivan", "Nina"]
    line = SH.match_end_line(match([12, 0, 12, 0], 1, 12), 0, names)
    assert line == (
        "Your team reached 12, the total that loses the match: the match is over after one deal."
    )
    line = SH.match_end_line(match([0, 12, 0, 12], 1, 12), 0, names)
    assert line == (
        "Olga and Nina reached 12, the total that loses the match: the match is "
        "over after one deal."
    )
    assert SH.match_end_line(match([13, 4, 13, 4], 5, 12), 4, names).endswith("match is over.")
    assert SH.match_end_line(match([1, 2, 3], 1, None), 0, names[:3]) == (
        "The match is over after one deal."
    )
    assert SH.match_end_line(match([1, 2, 3], 3, None), 2, names[:3]) == ""
    going = SimpleNamespace(
        is_over=False,
        deals=[None],
        totals=[12, 0, 12, 0],
        rules=SimpleNamespace(losing_target=lambda: 12),
    )
    assert SH.match_end_line(going, 0, names) == ""


# --------------------------------------------------------------------------- levels (19)
def test_levels_are_described_for_players() -> None:
    for spec in engine.ai.LEVELS.values():
        assert "sampling" not in str(spec["help"]) and "search" not in str(spec["help"])
    assert "sampling" not in " ".join(LW.LEVEL_HELP)


# ------------------------------------------------------------- deal, cycle, round (item 12)
def test_each_game_counts_in_its_own_word(lang: Any) -> None:
    """Kozel counts cycles, Bidding Kozel rounds, the others deals: the summary's heading, its
    next button and the lobby's resume line say the game's word (ru: сдача, кон)."""
    words = {g: engine.GAME_INFO[g]["deal_word"] for g in engine.GAMES}
    assert set(words.values()) == {"deal", "cycle", "round"}
    for game, word in words.items():
        m = engine.new_match(game, seed=2)
        while m.deals[0].phase != "over":
            m.play(engine.ai.choose(m.deal, level="easy", seed=1))
        gi = I.game_info(engine.GAME_INFO[game])
        html = SH.summary_html(m, 0, gi, gi["seat_names"][: m.players], [])
        head = html.split("<h2>")[1].split("</h2>")[0]
        assert head.endswith(f"{word} 1 over"), (game, head)
        if not m.is_over:
            assert f"Next {word}" in html, game
        assert f"({word} 1 is over)" in LW.resume_html("X", 1, True, word)
        sheet = RV.score_sheet_html(m, gi["seat_names"][: m.players])
        assert f">{word.capitalize()}</th>" in sheet and f"Replay {word} 1" in sheet, game
        assert R.by_word(TP.OVER, word) == f"{word.capitalize()} over."
        rp = RV.deal_replay(m, 0)
        assert f"{word} 1</h2>" in RV.replay_html(
            rp, 0, R.positions(m.players, "right"), gi["seat_names"][: m.players]
        )
    lang("ru")
    assert R.by_word(TP.DEAL_OVER, "cycle").format(game="Козёл", n=2) == "Козёл — кон 2 окончен"
    assert R.by_word(TP.DEAL_OVER, "deal").format(game="Батак", n=2) == "Батак — сдача 2 окончена"
    assert R.by_word(TP.NEXT_DEAL, "round") == "Следующий кон"
    assert R.by_word(TP.DEAL_NO_OF, "cycle").format(n=1, total=3) == "Кон 1 из 3"


def test_opponents_keep_their_names_over_a_reload_in_another_language(lang: Any) -> None:
    """The seats' names go into the save: a match begun in English and reloaded in Russian keeps
    its opponents' English names (the player's own seat is named in the page's language)."""
    from ui.saves import store as S

    lang("en")
    t = Table()
    t.put(engine.new_match("kozel-miner", seed=3), 0)
    before = t.names()
    m = t.match
    text = S.Save(
        "t1",
        1,
        "table",
        None,
        0,
        [],
        S.Settings(game="kozel-miner", level="easy", speed="0"),
        m.record(),
        names=getattr(m, "seat_names", None),
    ).dumps()
    lang("ru")
    _save, back = S.restore(
        text,
        list(engine.available_games()),
        engine.GAME_INFO,
        list(engine.ai.LEVELS),
        ["0", "1", "2", "3"],
    )
    t2 = Table()
    t2.put(back, 0)
    assert t2.names()[1:] == before[1:] and t2.names()[0] == "Вы"
    assert before[1] != "Ольга"  # the English names, not the Russian table's


def test_perfect_play_from_a_later_trick_says_from_which() -> None:
    """A deal solved only from a later trick says from which trick perfect play is counted,
    and that the tricks before it count as they were played; never the solver's time."""
    html = review(
        [],
        {
            "solved": True,
            "total": 7,
            "made": 6,
            "unit": "tricks",
            "from_trick": 3,
            "why_key": "timeout",
            "seconds": 3,
        },
    )
    assert "everyone playing perfectly from trick 3 on" in html
    assert "takes 7 tricks in this deal; it took 6 tricks" in html
    assert "solved" not in html and " s;" not in html and "3 s" not in html
    plain = review([], {"solved": True, "total": 7, "made": 6, "unit": "tricks"})
    assert "from the first card" in plain and "from trick" not in plain


def test_perfect_play_says_which_of_your_cards_gave_something_away() -> None:
    decs = [
        {
            "n": 20,
            "trick": 8,
            "phase": "play",
            "move": "9H",
            "best": "9H",
            "unit": "tricks",
            "cost": 0.0,
            "verdict": "best",
            "perfect_loss": 1,
        },
        {
            "n": 24,
            "trick": 9,
            "phase": "play",
            "move": "AS",
            "best": "AS",
            "unit": "tricks",
            "cost": 0.0,
            "verdict": "best",
            "perfect_loss": 0,
        },
        {
            "n": 28,
            "trick": 10,
            "phase": "play",
            "move": "QS",
            "best": "KS",
            "unit": "tricks",
            "cost": 1.0,
            "verdict": "mistake",
            "perfect_loss": 2,
        },
    ]
    html = (
        review(
            decs,
            {
                "solved": True,
                "total": 7,
                "made": 4,
                "unit": "tricks",
                "checked": 3,
                "lowered": [20, 28],
            },
        )
        .replace("&lt;", "<")
        .replace("&gt;", ">")
    )
    assert (
        "your cards that gave something away: <9H> at trick 8 (lost 1 trick) and <QS> "
        "at trick 10 (lost 2 tricks)."
    ) in html
    assert "lowered" not in html and "Of your last" not in html
    html = review(
        decs[1:2],
        {"solved": True, "total": 7, "made": 7, "unit": "tricks", "checked": 6, "lowered": []},
    )
    assert "none of your last 6 cards gave anything away" in html
    html = review(
        decs[1:2],
        {"solved": True, "total": 7, "made": 7, "unit": "tricks", "checked": 1, "lowered": []},
    )
    assert "your last card gave nothing away" in html
    unknown = (
        review(
            decs,
            {"solved": False, "why_key": "timeout", "seconds": 3, "checked": 3, "lowered": [28]},
        )
        .replace("&lt;", "<")
        .replace("&gt;", ">")
    )
    assert "not known" in unknown and "solved" not in unknown and "3 s" not in unknown
    assert "your card that gave something away: <QS> at trick 10 (lost 2 tricks)." in unknown


@pytest.mark.parametrize(
    ("declaring", "made", "want"),
    [
        (True, True, "So your side could have made the contract."),
        (True, False, "So your side could not have made the contract, even playing it perfectly."),
        (False, True, "So the declarer could have made the contract whatever your side played."),
        (False, False, "So your side could have beaten the contract."),
        (None, True, "So the declarer could have made the contract."),
        (None, False, "So the declarer could not have made the contract."),
    ],
)
def test_the_contract_is_said_from_the_players_side(
    declaring: bool | None, made: bool, want: str
) -> None:
    perfect: dict[str, Any] = {
        "solved": True,
        "total": 6,
        "made": 5,
        "unit": "tricks",
        "contract_made": made,
    }
    if declaring is not None:
        perfect["declaring"] = declaring
    html = review([], perfect)
    assert want in html and "The contract could" not in html


@pytest.mark.slow
def test_the_review_says_whether_the_players_side_declared() -> None:
    """The teacher's review carries whether the player's side declared: a defender reads
    whether its side could beat the contract."""
    m = engine.new_match("batak", seed=5)
    while m.deals[0].phase != "over":
        m.play(engine.ai.choose(m.deal, level="easy", seed=1))
    rec = m.record()
    dec = m.deals[0].declarer
    solved = 0
    for seat in (dec, (dec + 1) % 4):
        got = teacher.review_deal(rec, 0, seat, level="easy", solve_seconds=3.0, check_cards=1)[
            "perfect"
        ]
        if got.get("solved"):
            solved += 1
            assert got["declaring"] is (seat == dec), got
    assert solved >= 1


def test_a_review_in_the_score_says_its_measure_and_the_chance_of_a_bid() -> None:
    html = RV.deal_review_html(
        {
            "decisions": [
                {
                    "n": 4,
                    "trick": 1,
                    "phase": "bidding",
                    "move": "bid 7",
                    "best": "pass",
                    "unit": "game-points",
                    "cost": 8.02,
                    "verdict": "blunder",
                    "value": -8.46,
                    "best_value": -0.44,
                    "chance": 0.071,
                    "best_chance": None,
                }
            ],
            "perfect": {},
        },
        label,
        "Batak",
    )
    text = re.sub(r"<[^>]+>", " ", html)
    assert "judged by the score it is expected to bring" in text
    assert "better: <pass> (+8 points)" in text.replace("&lt;", "<").replace("&gt;", ">")
    assert "the contract is made in about 7 % of likely layouts" in text
    assert "more than 1.8 points" in text  # the legend's steps in the score's unit
    html = RV.deal_review_html(
        {
            "decisions": [
                {
                    "n": 7,
                    "trick": 2,
                    "phase": "play",
                    "move": "2C",
                    "best": "AS",
                    "unit": "penalty-points",
                    "cost": 0.31,
                    "verdict": "inaccuracy",
                }
            ],
            "perfect": {},
        },
        label,
        "Kozel",
    )
    assert "+0.31 penalty points" in html and "penalty points the other team takes" in html


def test_a_review_saved_in_tricks_still_reads() -> None:
    """Reviews made before were in tricks (or card points): they read as they did."""
    html = RV.deal_review_html(
        {
            "decisions": [
                {
                    "n": 4,
                    "trick": 1,
                    "phase": "bidding",
                    "move": "bid 7",
                    "best": "pass",
                    "unit": "tricks",
                    "cost": 1.2,
                    "verdict": "mistake",
                }
            ],
            "perfect": {},
        },
        label,
        "Batak",
    )
    assert "(+1.2 tricks)" in html and "up to 0.05 tricks" in html
    assert "judged by the score" not in html


# ------------------------------------------------------- sentences about the player (item 5)
YOU_NAMES = {
    "en": ["You", "Mehmet", "Ayşe", "Kemal"],
    "tr": ["Sen", "Mehmet", "Ayşe", "Kemal"],
    "ru": ["Вы", "Ольга", "Иван", "Нина"],
    "pt": ["Você", "Lucas", "João", "Ana"],
}


def explained(game: str, result: dict[str, Any], names: list[str]) -> str:
    rules = engine.new_match(game, seed=1).rules
    return " ".join(x.render(names, I.catalog(), I.YOU) for x in rules.explain(result))


@pytest.mark.parametrize(
    ("code", "want", "never"),
    [
        ("en", "You bid 7 but took only 3: batar, −7.", "You bid 7 but took only 3: batar, −7. X"),
        ("tr", "İhaleyi 7 ile aldın, ama yalnızca 3 el aldın: battın, −7.", "Sen ihaleyi"),
        ("ru", "Вы заказали 7, но взяли лишь 3: батар, −7.", "Вы: заказ"),
        (
            "pt",
            "Você deu lance de 7, mas fez só 3: batar, −7.",
            "Você deu lance de 7, mas fez só 3: batar, −7. X",
        ),
    ],
)
def test_a_declarer_who_is_the_player_is_spoken_to(
    lang: Any, code: str, want: str, never: str
) -> None:
    """The result of a contract the player declared is a sentence of its own, in the second
    person in every language (Turkish "aldın … battın", not "Sen … aldı … battı")."""
    lang(code)
    res = {
        "tricks": [3, 4, 3, 3],
        "points": [3, 4, 3, 3],
        "delta": [-7, 4, 3, 3],
        "declarer": 0,
        "bid": 7,
        "made": False,
        "trump": None,
    }
    text = explained("batak", res, YOU_NAMES[code])
    assert want in text and never not in text, text
    # another seat's contract keeps the third person
    res = dict(res, declarer=1, delta=[3, -7, 3, 3])
    other = explained("batak", res, YOU_NAMES[code])
    assert YOU_NAMES[code][1] in other and want not in other, other


@pytest.mark.parametrize(
    ("code", "want"),
    [
        ("en", "You took the trick."),
        ("tr", "Eli sen aldın."),
        ("ru", "Взятку взяли вы."),
        ("pt", "Você levou a vaza."),
    ],
)
def test_the_last_trick_taken_by_the_player_is_said_to_the_player(
    lang: Any, code: str, want: str
) -> None:
    lang(code)
    trick = {"leader": 1, "plays": [[1, "2S"], [2, "3S"], [3, "4S"], [0, "AS"]], "winner": 0}
    names = YOU_NAMES[code]
    html = RV.last_trick_html(trick, R.positions(4, "right"), names)
    assert want in html, html
    assert "Eli Sen aldı" not in html and "Вы took" not in html
    trick["winner"] = 2
    assert want not in RV.last_trick_html(trick, R.positions(4, "right"), names)


def test_a_partnership_result_names_the_players_team_in_lowercase(lang: Any) -> None:
    """Partnership Batak: a partner's contract and the other team's score say "your team"
    ("sua dupla") rather than "(Você e João)" in the middle of a sentence."""
    res = {
        "tricks": [2, 4, 3, 4],
        "points": [5, 8, 5, 8],
        "delta": [-7, 8, -7, 8],
        "declarer": 2,
        "bid": 7,
        "made": False,
        "trump": None,
    }
    for code, want in (
        ("en", "your team took only 5"),
        ("pt", "sua dupla fez só 5"),
        ("tr", "takımın yalnızca 5 el aldı"),
        ("ru", "ваша команда взяла лишь 5"),
    ):
        lang(code)
        text = explained("batak-pairs", res, YOU_NAMES[code])
        assert want in text, (code, text)
        assert f"({YOU_NAMES[code][0]} " not in text, (code, text)
    lang("pt")
    res = dict(
        res, declarer=1, delta=[5, 8, 5, 8], made=True, tricks=[2, 5, 3, 3], points=[5, 8, 5, 8]
    )
    text = explained("batak-pairs", res, YOU_NAMES["pt"])
    assert "Sua dupla marca 1 ponto por vaza" in text and "(Você e" not in text, text


def test_the_seed_reads_as_the_deals_number_in_russian(lang: Any) -> None:
    lang("ru")
    assert I._("Seed") == "Номер расклада"
    assert I._("seed") == "номер расклада"


def test_one_raised_card_is_the_raised_card(lang: Any) -> None:
    """ "Play the raised card" when one card is playable; "one of the raised cards" when
    several are (every card of the hand when any will do)."""
    import dataclasses

    from ui.table import view as TV

    m = engine.new_match("koz-maca", seed=3)
    while m.deal.to_move != 0:
        m.play(engine.ai.choose(m.deal, level="easy", seed=1))
    gi = I.game_info(engine.GAME_INFO["koz-maca"])
    model = TV.model(m, 0, TV.Ui(), gi, R.seat_names(gi["seat_names"], m.players))
    assert model.can and model.legal_cards
    one = dataclasses.replace(model, legal_cards={"AS"})
    many = dataclasses.replace(model, legal_cards={"AS", "KS", "2H"})
    assert TV.status(one) == "Your turn: play the raised card."
    assert TV.status(many) == "Your turn: play a raised card."
    lang("ru")
    assert TV.status(one) == "Ваш ход: сыграйте поднятую карту."
    assert TV.status(many) == "Ваш ход: сыграйте одну из поднятых карт."


@pytest.mark.parametrize(
    ("code", "turkish", "russian"),
    [
        (
            "en",
            "Turkish card letters: V K P A for J Q K A",
            "Russian card letters: В Д К Т for J Q K A",
        ),
        (
            "tr",
            "Türk kart harfleri: J Q K A yerine V K P A (vale, kız, papaz, as)",
            "Rus kart harfleri: J Q K A yerine В Д К Т (vale, kız, papaz, as)",
        ),
        (
            "ru",
            "Турецкие буквы на картах: V K P A (валет, дама, король, туз) вместо J Q K A",
            "Русские буквы на картах: В Д К Т (валет, дама, король, туз) вместо J Q K A",
        ),
        (
            "pt",
            "Letras turcas nas cartas: V K P A (valete, dama, rei, ás) em vez de J Q K A",
            "Letras russas nas cartas: В Д К Т (valete, dama, rei, ás) em vez de J Q K A",
        ),
    ],
)
def test_the_card_letters_choice_names_the_country_and_the_cards(
    lang: Any, code: str, turkish: str, russian: str
) -> None:
    lang(code)
    tr_html, ru_html = (LW.display_html({}, home).replace("\u00a0", " ") for home in ("tr", "ru"))
    assert turkish in tr_html and "Regional" not in tr_html
    assert russian in ru_html
    assert "J\u00a0Q\u00a0K\u00a0A" in LW.display_html({}, "tr")  # the letters never wrap apart


def test_the_match_result_names_the_players_place(lang: Any) -> None:
    html = SC.match_over_html(
        "Koz Maça", ["You", "Ayşe", "Kemal", "Mehmet"], [5, 9, 3, 7], [1], None, False
    )
    assert 'data-place="3"' in html and "You finished third of 4." in html
    html = SC.match_over_html(
        "Kozel",
        ["You", "Olga", "Ivan", "Nina"],
        [12, 4, 12, 4],
        [1, 3],
        [[0, 2], [1, 3]],
        False,
        lower_wins=True,
    )
    assert "Your team finished second of 2." in html
    html = SC.match_over_html(
        "Kozel",
        ["You", "Olga", "Ivan", "Nina"],
        [3, 12, 3, 12],
        [0, 2],
        [[0, 2], [1, 3]],
        True,
        lower_wins=True,
    )
    assert "Your team finished first of 2." in html
    lang("tr")
    html = SC.match_over_html(
        "Koz Maça", ["Sen", "Ayşe", "Kemal", "Mehmet"], [5, 9, 3, 7], [1], None, False
    )
    assert "4 oyuncu arasında üçüncü oldun." in html
    lang("ru")
    html = SC.match_over_html(
        "Козел",
        ["Вы", "Ольга", "Иван", "Нина"],
        [12, 4, 12, 4],
        [1, 3],
        [[0, 2], [1, 3]],
        False,
        lower_wins=True,
    )
    assert "У вашей команды второе место из 2." in html
    lang("pt")
    html = SC.match_over_html(
        "Koz Maça", ["Você", "Lucas", "João", "Ana"], [9, 5, 3, 7], [0], None, True
    )
    assert "Você terminou em primeiro lugar entre 4." in html


def test_the_match_result_keeps_the_practice_note() -> None:
    hands = min(
        next(o for o in engine.GAME_INFO["koz-maca"]["options"] if o["name"] == "hands")["choices"]
    )
    m = engine.new_match("koz-maca", seed=4, options={"hands": hands})
    while not m.is_over:
        m.play(engine.ai.choose(m.deal, level="easy", seed=1))
    gi = I.game_info(engine.GAME_INFO["koz-maca"])
    names = R.seat_names(gi["seat_names"], m.players)
    assert "data-practice" not in SH.match_over_html(m, gi, names)
    m.practice = True
    html = SH.match_over_html(m, gi, names)
    assert "data-practice" in html and "Practice match" in html and "data-place" in html


# ------------------------------------------------------------- partnership rules (item 12)
@pytest.mark.parametrize(
    ("code", "follow", "overtake", "not_led"),
    [
        (
            "en",
            "You must follow suit",
            "play higher than the highest card of the led suit",
            "Trumps may not be led until a trump has been played to an earlier trick",
        ),
        (
            "tr",
            "Renge uymalı",
            "en büyük kartından büyük atmalısın",
            "Önceki bir elde koz oynanmadan koz açılamaz",
        ),
        (
            "ru",
            "Нужно отвечать в масть",
            "класть карту старше старшей карты масти хода",
            "С козыря нельзя ходить, пока козырь не сыгран",
        ),
        (
            "pt",
            "Você deve seguir o naipe",
            "jogar mais alto que a maior carta do naipe de saída",
            "Não se pode sair de trunfo até que um trunfo tenha sido jogado",
        ),
    ],
)
def test_the_partnership_rules_sheet_states_the_play_rules(
    lang: Any, code: str, follow: str, overtake: str, not_led: str
) -> None:
    """Partnership Batak's rules sheet says the play rules itself (must follow, must beat the
    led suit's highest card, must trump and overtake a trump, trumps not led until one has
    been played), not only "as auction Batak, but…"."""
    lang(code)
    html = SC.rules_sheet_html(I.game_info(engine.GAME_INFO["batak-pairs"]))
    for want in (follow, overtake, not_led):
        assert want in html, (code, want)
    assert "As auction Batak" not in html and "İhaleli Batak gibi" not in html
    assert "Как Батак с торговлей" not in html and "Como o Batak com leilão" not in html
    if code == "en":
        assert "overtaking a trump already on the trick" in html
        assert "on a trump lead, overtake the highest trump" in html


def test_perfect_play_says_you_to_a_player_alone() -> None:
    """Koz Maça and auction Batak: a player alone is "you", not "your side"."""
    html = RV.deal_review_html(
        {
            "decisions": [],
            "side": [0],
            "perfect": {
                "solved": True,
                "total": 4,
                "made": 5,
                "unit": "tricks",
                "contract_made": False,
                "declaring": True,
            },
        },
        label,
        "Batak",
    )
    assert (
        "everyone playing perfectly from the first card, you take 4 tricks in this deal; "
        "you took 5 tricks."
    ) in html
    assert "You took more because the others did not play perfectly either." in html
    assert "So you could not have made the contract, even playing it perfectly." in html
    assert "your side" not in html
    team = RV.deal_review_html(
        {
            "decisions": [],
            "side": [0, 2],
            "perfect": {"solved": True, "total": 4, "made": 5, "unit": "tricks"},
        },
        label,
        "Batak",
    )
    assert "your side takes 4 tricks" in team
