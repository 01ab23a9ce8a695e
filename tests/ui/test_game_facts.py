"""Game facts live with the game: the page (ui/) draws from the rules classes, never from names.

Every game's `Rules` class carries the facts the table shows (seat names, rank order, score
labels, card points on the seat plates, multi-card plays, a trump timer) in `Rules.info()`, and
methods that say things about a deal as message values (`explain`, `seat_tags`,
`new_deal_notice`, `deal_facts`, `contract`, `goal`, `auction_prompt`, `selection_prompt`,
`result_facts`) or as plain facts (`losing_target`, `deals_in_match`, `trump_ladder`,
`endings`, `result_fields`). ui/ must not decide anything by a game's name, nor read a game's
own concepts (a view's or a result's game-specific keys, a table option, a game's endings):
scans of its sources check both.
"""

from __future__ import annotations

import ast
import io
import json
import random
import re
import tokenize
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.cards import CARD_STR
from engine.core import Rules, rules_class
from engine.messages import ENGLISH, Message, SeatRef, SeatsRef, from_json
from ui.common import render as R
from ui.sheets import content as SC
from ui.table import pieces as TP
from ui.teach import review as RV

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "ui"

# The game identifiers and family names a page could branch on.
GAME_IDS = ("koz-maca", "batak", "batak-pairs", "kozel-miner", "kozel-classic", "bidding-kozel")
FORBIDDEN = re.compile(r"koz[-_ ]?ma[cç]a|batak|kozel", re.IGNORECASE)
JS_STRING = re.compile(r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`""")
JS_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)
IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


# ------------------------------------------------------------------------------ helpers
def ui_files() -> list[Path]:
    files = sorted(
        p for p in UI.rglob("*") if p.suffix in (".py", ".js") and "__pycache__" not in p.parts
    )
    assert files, "no ui sources found"
    return files


def python_literals_and_names(text: str) -> tuple[list[str], list[str]]:
    """The string literals (f-strings included, docstrings too) and the names of Python code."""
    strings: list[str] = []
    names: list[str] = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.STRING or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            strings.append(tok.string)
        elif tok.type == tokenize.NAME:
            names.append(tok.string)
    return strings, names


def js_literals_and_names(text: str) -> tuple[list[str], list[str]]:
    """The string literals and the identifiers of JavaScript code (comments left out)."""
    code = JS_COMMENT.sub(" ", text)
    strings = JS_STRING.findall(code)
    names = IDENT.findall(JS_STRING.sub(" ", code))
    return strings, names


def literals_and_names(path: Path) -> tuple[list[str], list[str]]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return python_literals_and_names(text)
    return js_literals_and_names(text)


def game_words(pieces: list[str]) -> list[str]:
    return [p for p in pieces if FORBIDDEN.search(p)]


def play_until(m: engine.Match, rng: random.Random, stop: Any, limit: int = 5000) -> bool:
    """Plays random legal moves until `stop(m)` holds (checked after every move); in an
    auction it mostly passes and otherwise makes the lowest bid (so contracts are low)."""
    for _ in range(limit):
        if stop(m):
            return True
        if m.is_over:
            return False
        m.play(random_move(m.deal.legal_moves(), rng))
    return stop(m)


def random_move(moves: list[str], rng: random.Random) -> str:
    bids = [mv for mv in moves if mv.startswith("bid ")]
    if bids:
        return "pass" if "pass" in moves and rng.random() < 0.8 else bids[0]
    return rng.choice(moves)


def finished_deals(game: str, seeds: range, **kw: Any) -> list[tuple[engine.Match, Any]]:
    """Every finished deal of short random matches of `game` (with their match)."""
    out = []
    for seed in seeds:
        m = engine.new_match(game, seed=seed, **kw)
        rng = random.Random(seed)
        play_until(m, rng, lambda m: m.is_over or len(m.deals) > 3)
        out.extend((m, d) for d in m.deals if d.phase == "over")
    return out


def names_of(m: engine.Match) -> list[str]:
    return list(engine.GAME_INFO[m.game]["seat_names"][: m.players])


def english(msgs: list[Message], names: list[str]) -> list[str]:
    return [x.render(names) for x in msgs]


# ------------------------------------------------------------------------------ ui/ scan
def test_scanner_finds_planted_game_names() -> None:
    """The ui/ scan is not vacuous: it finds game names in Python and JavaScript literals,
    in prefix tests and in identifiers, and passes neutral code."""
    py = (
        'ORDER = {"batak": 1}\nif game.startswith("kozel"):\n    x = f"{g} Koz Maça"\n'
        'KOZEL_ORDER = 2\nok = "trump"\n'
    )
    strings, names = python_literals_and_names(py)
    assert len(game_words(strings)) == 3 and game_words(names) == ["KOZEL_ORDER"]
    js = 'const g = "bidding-kozel"; // kozel in a comment\nlet batakSeat = `x`; let ok = "a";'
    strings, names = js_literals_and_names(js)
    assert game_words(strings) == ['"bidding-kozel"'] and game_words(names) == ["batakSeat"]
    assert game_words(python_literals_and_names('phase = "bidding"\n')[0]) == []


@pytest.mark.parametrize("path", ui_files(), ids=lambda p: p.name)
def test_ui_has_no_game_literals(path: Path) -> None:
    """No string literal in ui/ (Python or JavaScript, docstrings and f-strings included)
    names a game or a family (koz-maca, batak, batak-pairs, kozel-miner, kozel-classic,
    bidding-kozel, "kozel", "batak"): the page picks behaviour from the game's facts."""
    strings, _ = literals_and_names(path)
    found = game_words(strings)
    assert not found, f"{path.relative_to(ROOT)} names games in literals: {found}"


@pytest.mark.parametrize("path", ui_files(), ids=lambda p: p.name)
def test_ui_code_has_no_game_names(path: Path) -> None:
    """No identifier in ui/ is named after a game or family (like KOZEL_ORDER or a
    per-family table), and no game identifier appears anywhere in the file, comments
    included."""
    text = path.read_text(encoding="utf-8")
    _, names = literals_and_names(path)
    assert not game_words(names), f"{path.relative_to(ROOT)}: {game_words(names)}"
    for gid in GAME_IDS + tuple(engine.GAMES):
        assert gid not in text.lower(), f"{path.relative_to(ROOT)} mentions {gid}"


# ------------------------------------------------------------------------------ the facts
FACTS = (
    "seat_names",
    "rank_order",
    "score_labels",
    "seat_points",
    "multi_card_plays",
    "trump_timer",
    "direction",
    "teams",
    "home_language",
    "deal_word",
)


@pytest.mark.parametrize("game", engine.available_games())
def test_info_carries_the_table_facts(game: str) -> None:
    """Every game's info has the table facts, JSON-safe, and seat names for its largest table."""
    info = engine.GAME_INFO[game]
    for key in FACTS:
        assert key in info, key
    assert json.loads(json.dumps(info)) == info
    names = info["seat_names"]
    assert len(names) >= max(info["players"])
    assert names[0] == "You" and len(set(names)) == len(names)
    assert all(isinstance(n, str) and n.strip() for n in names)
    labels = info["score_labels"]
    assert set(labels) == {"points", "delta", "total", "total_short"}
    assert all(isinstance(v, str) and v for v in labels.values())
    assert isinstance(info["seat_points"], bool)
    assert isinstance(info["multi_card_plays"], bool)
    t = info["trump_timer"]
    assert t is None or (isinstance(t, int) and not isinstance(t, bool) and t > 0)
    assert info["direction"] in ("left", "right")
    assert info["home_language"] in ("", "tr", "ru")  # the regional indices the page draws


@pytest.mark.parametrize("game", engine.available_games())
def test_rank_order_covers_the_deck(game: str) -> None:
    """rank_order lists every rank of the game's deck once, high to low (Ace first)."""
    order = engine.GAME_INFO[game]["rank_order"]
    assert len(set(order)) == len(order) and order[0] == "A"
    m = engine.new_match(game, seed=3)
    ranks = {CARD_STR[c][:-1] for c in m.deal.deck_cards()}
    assert ranks <= set(order), ranks - set(order)


def test_family_facts() -> None:
    """The values the page showed by game name before are now the games' own facts."""
    gi = engine.GAME_INFO
    for g in ("koz-maca", "batak", "batak-pairs"):
        assert gi[g]["seat_names"] == ["You", "Mehmet", "Ayşe", "Kemal", "Zeynep"]
        assert gi[g]["rank_order"] == [
            "A",
            "K",
            "Q",
            "J",
            "10",
            "9",
            "8",
            "7",
            "6",
            "5",
            "4",
            "3",
            "2",
        ]
        assert gi[g]["score_labels"] == {
            "points": "Points",
            "delta": "This deal",
            "total": "Total",
            "total_short": "total",
        }
    for g in ("kozel-miner", "kozel-classic", "bidding-kozel"):
        assert gi[g]["seat_names"] == ["You", "Olga", "Ivan", "Nina", "Pyotr"]
        assert gi[g]["rank_order"] == ["A", "10", "K", "Q", "J", "9", "8", "7", "6"]
        assert gi[g]["score_labels"]["points"] == "Card points"
    for g in ("kozel-miner", "kozel-classic"):
        assert gi[g]["score_labels"]["total_short"] == "pen."
        assert gi[g]["score_labels"]["total"] == "Penalty total"
    assert gi["bidding-kozel"]["score_labels"] == {
        "points": "Card points",
        "delta": "Won / lost",
        "total": "Bankroll",
        "total_short": "bank",
    }
    assert [g for g in gi if gi[g]["seat_points"]] == ["kozel-miner", "kozel-classic"]
    assert [g for g in gi if gi[g]["multi_card_plays"]] == ["bidding-kozel"]
    assert {g: gi[g]["trump_timer"] for g in gi if gi[g]["trump_timer"]} == {"kozel-classic": 20}


def test_base_rules_defaults_are_neutral() -> None:
    """A game that declares nothing gets neutral facts and says nothing about its deals."""

    class Plain(Rules):
        name = "plain"

    info = Plain.info()
    assert info["seat_points"] is False and info["multi_card_plays"] is False
    assert info["trump_timer"] is None and len(info["seat_names"]) >= 4
    assert info["score_labels"]["total_short"] == "total"
    r = Plain(4, {})
    assert r.explain({"delta": [0] * 4}) == []
    assert r.seat_tags({"seat": 0}, 1) == []
    assert r.new_deal_notice({"trump": "S"}) is None
    view = {"seat": 0, "phase": "play", "trump": "S", "bid": 5, "declarer": 1, "pot": 3}
    assert r.deal_facts(view) == [] and r.contract(view) is None and r.goal(view) is None
    assert r.losing_target() is None and Plain.deals_in_match({"hands": 5}) is None
    assert r.auction_prompt(view) is None and r.selection_prompt(view) is None
    assert r.trump_ladder(dict(view, ladder=["JC"])) == []
    assert Plain.endings == () and Plain.result_fields == ()
    assert r.result_facts({"delta": [0] * 4, "pot": 3}) == []
    # The one fact every trick-taking result may have: its trump.
    assert english([x for _, x in r.result_facts({"trump": "H"})], []) == ["Trump ♥ hearts"]


@pytest.mark.parametrize("game", engine.available_games())
def test_seat_points_and_multi_card_plays_match_play(game: str) -> None:
    """seat_points: the views give each seat's card points; multi_card_plays: some legal move
    is several cards (and never in a game without the fact)."""
    gi = engine.GAME_INFO[game]
    multi_seen = False
    for seed in range(3):
        m = engine.new_match(game, seed=seed)
        rng = random.Random(seed)
        for _ in range(80):
            d = m.deal
            if m.is_over or d.phase == "over":
                break
            v = d.view(0)
            if gi["seat_points"]:
                assert isinstance(v.get("points"), list) and len(v["points"]) == m.players
            multi_seen |= any(len(mv.split()) > 1 and R.is_card_move(mv) for mv in d.legal_moves())
            m.play(random_move(d.legal_moves(), rng))
    assert multi_seen == gi["multi_card_plays"]


def test_trump_timer_game_has_a_trump_phase_for_the_human() -> None:
    """The timed game asks a seat to name trump in phase "trump" (seed 9: the human)."""
    for game in engine.available_games():
        if engine.GAME_INFO[game]["trump_timer"]:
            d = engine.new_match(game, seed=9).deal
            assert (d.phase, d.to_move) == ("trump", 0)
            assert all(mv.startswith("trump ") for mv in d.legal_moves())


# ------------------------------------------------------------------------------ explain
def test_explain_made_and_lost_batak_contracts() -> None:
    """A made Batak contract is explained with the declarer, the bid, the trump and the
    tricks; a lost one says batar and minus the bid."""
    made = down = None
    for m, d in finished_deals("batak", range(12)):
        r = d.result
        if r["made"] and made is None:
            made = (m, r)
        if r["made"] is False and down is None:
            down = (m, r)
    assert made is not None and down is not None
    m, r = made
    msgs = m.rules.explain(r)
    names = names_of(m)
    text = english(msgs, names)
    suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[r["trump"]]
    assert text[0] == (
        f"{names[r['declarer']]} bid {r['bid']} with "
        f"{R.SUIT_SYM[r['trump']]} {suit} trump and took {r['points'][r['declarer']]}: "
        f"contract made, +{r['points'][r['declarer']]}."
    )
    assert text[1] == "Everyone else scores 1 point a trick."
    assert msgs[0].args["declarer"] == SeatRef(r["declarer"])
    m, r = down
    text = english(m.rules.explain(r), names_of(m))
    assert "batar" in text[0] and f"−{r['bid']}" in text[0] and "only" in text[0]


def test_explain_partnership_and_koz_maca() -> None:
    """Partnership Batak names both teams and what each scores (as the summary's team points
    show); Koz Maça has one sentence."""
    seen = set()
    for m, d in finished_deals("batak-pairs", range(8)):
        r = d.result
        names = names_of(m)
        text = english(m.rules.explain(r), names)
        decl = r["declarer"]
        ours = next(t for t in m.rules.teams if decl in t)
        other = next(t for t in m.rules.teams if decl not in t)
        team = " and ".join(names[s] for s in ours)
        assert len(text) == 2
        assert text[0].startswith(f"{names[decl]} bid {r['bid']} ")
        if r["made"]:
            assert text[0].endswith(
                f"the declaring team ({team}) took {r['points'][decl]}: "
                f"contract made, +{r['delta'][decl]}."
            )
        else:
            assert text[0].endswith(
                f"the declaring team ({team}) took only {r['points'][decl]}: batar, −{r['bid']}."
            )
        assert text[1] == (
            f"The other team ({' and '.join(names[s] for s in other)}) scores "
            f"1 point a trick: +{r['delta'][other[0]]}."
        )
        assert "Everyone else" not in " ".join(text)
        seen.add(bool(r["made"]))
    assert True in seen
    m, d = finished_deals("koz-maca", range(1))[0]
    assert english(m.rules.explain(d.result), names_of(m)) == ["Every trick is a point."]


def test_explain_kozel_names_the_losing_team() -> None:
    """A Kozel cycle's explanation gives both teams' card points and who loses what."""
    seen = set()
    for game in ("kozel-miner", "kozel-classic"):
        for m, d in finished_deals(game, range(6)):
            r = d.result
            names = names_of(m)
            msgs = m.rules.explain(r)
            text = english(msgs, names)
            seen.add(r["reason"])
            if r["reason"] == "normal":
                assert text[0] == (
                    f"Card points: You and Ivan {r['points'][0]}, Olga and Nina {r['points'][1]}."
                )
                losers = " and ".join(names[s] for s in r["loser"])
                assert text[1].startswith(f"{losers} lose the cycle (")
                assert f"take {r['penalty']} penalty point" in text[1]
                assert msgs[1].args["loser"] == SeatsRef(tuple(r["loser"]))
                if game == "kozel-miner":
                    assert "marker" in text[1]
                else:
                    assert "marker" not in text[1]
            elif r["reason"] == "eggs":
                assert text[0].startswith("Eggs: 60 : 60.")
    assert "normal" in seen


def test_explain_kozel_rare_endings() -> None:
    """Shamok, lusya, re-deal and doubling sentences (results written out)."""
    m = engine.new_match("kozel-classic", seed=1)
    names = names_of(m)
    text = english(
        m.rules.explain(
            {
                "reason": "shamok",
                "shamok_by": 2,
                "queen_by": 1,
                "loser": [1, 3],
                "penalty": 4,
                "doubled": True,
            }
        ),
        names,
    )
    assert text == [
        (
            "The shamok (Ivan) took the Queen of Clubs (Olga): the cycle ends at once "
            "and Olga and Nina take 4."
        ),
        "Penalties were doubled after eggs.",
    ]
    text = english(
        m.rules.explain(
            {"reason": "lusya", "points": [0, 120, 0, 120], "loser": [0, 2], "penalty": 12}
        ),
        names,
    )
    assert text[1] == "Lusya: You and Ivan took no trick and take 12."
    text = english(m.rules.explain({"reason": "redeal", "why": None}), names)
    assert text == ["Re-deal: a hand was too weak. The score is unchanged."]


def test_explain_bidding_kozel() -> None:
    """Bidding Kozel says who takes the pot and what stays in it."""
    for m, d in finished_deals("bidding-kozel", range(4), players=3):
        r = d.result
        names = names_of(m)
        text = english(m.rules.explain(r), names)
        assert text, r
        for s in r["pot_winners"]:
            assert names[s] in text[0]
        if r["remainder"]:
            assert text[-1] == f"{r['remainder']} stays in the pot for the next round."
    m = engine.new_match("bidding-kozel", seed=1, players=4)
    names = names_of(m)
    assert english(
        m.rules.explain(
            {"reason": "tie", "pot_winners": [0, 3], "share": 2, "pot": 5, "remainder": 1}
        ),
        names,
    ) == [
        "Tie on card points: You and Nina split the pot (2 each).",
        "1 stays in the pot for the next round.",
    ]
    assert english(
        m.rules.explain(
            {"reason": "bura", "bura": 2, "pot_winners": [2], "pot": 4, "remainder": 0}
        ),
        names,
    ) == ["Bura! Ivan played three trumps and takes the pot."]
    assert english(
        m.rules.explain({"reason": "points", "pot_winners": [1], "pot": 4, "remainder": 0}), names
    ) == ["Most card points: Olga takes the pot of 4."]


@pytest.mark.parametrize("game", engine.available_games())
def test_messages_have_english_and_json(game: str) -> None:
    """Every explanation, tag, notice, deal and result fact, goal and prompt uses a key with
    an English template, renders without leftover fields, and serialises to JSON and back."""
    count = 0
    for m, d in finished_deals(game, range(3)):
        msgs = list(m.rules.explain(d.result))
        v = d.view(0)
        for s in range(m.players):
            msgs += m.rules.seat_tags(v, s)
        note = m.rules.new_deal_notice(m.deal.view(0))
        msgs += [note] if note is not None else []
        for view in (v, m.deal.view(0)):
            msgs += [x for pair in m.rules.deal_facts(view) for x in pair]
            msgs += [
                x
                for x in (
                    m.rules.goal(view),
                    m.rules.selection_prompt(view),
                    m.rules.auction_prompt(view),
                )
                if x is not None
            ]
        msgs += [x for _, x in m.rules.result_facts(d.result)]
        for x in msgs:
            assert x.key in ENGLISH, x.key
            out = x.render(names_of(m))
            assert out and "{" not in out and x.key not in out, out
            json.dumps(x.to_json())
            assert from_json(x.to_json()).render(names_of(m)) == out
            count += 1
    assert count > 0


# ------------------------------------------------------------------------------ seat tags
def test_seat_tags_batak_bids_and_declarer() -> None:
    """Batak tags: each seat's last bid or pass; the declarer once the auction is over."""
    m = engine.new_match("batak", seed=4)
    d = m.deal
    first = d.to_move
    d_moves = ["bid 5", "pass", "pass", "pass"]
    for mv in d_moves:
        m.play(mv)
    v = d.view(0)
    names = names_of(m)
    tags = {s: english(m.rules.seat_tags(v, s), names) for s in range(4)}
    assert tags[first] == ["bid 5", "declarer"]
    for s in range(4):
        if s != first:
            assert tags[s] == ["pass"]
    assert all("partner" not in t for t in tags.values())
    # During the auction the high bidder is not yet called declarer.
    m2 = engine.new_match("batak", seed=4)
    m2.play("bid 5")
    v2 = m2.deal.view(0)
    assert english(m2.rules.seat_tags(v2, first), names) == ["bid 5"]


def test_seat_tags_partner_is_relative_to_the_viewer() -> None:
    """In team games the viewer's partner is tagged, from any seat's view."""
    for game in ("batak-pairs", "kozel-miner", "kozel-classic"):
        m = engine.new_match(game, seed=2)
        for me in range(4):
            v = m.deal.view(me)
            for s in range(4):
                has = "partner" in english(m.rules.seat_tags(v, s), names_of(m))
                assert has == (s != me and (s - me) % 2 == 0), (game, me, s)


def test_seat_tags_kozel_marker_and_owner() -> None:
    """Kozel tags the marker holder with the marker card; Classic also tags the owner."""
    for game, owner_tag in (("kozel-miner", False), ("kozel-classic", True)):
        m = engine.new_match(game, seed=5)
        v = m.deal.view(0)
        holder = v["marker_holder"]
        tags = english(m.rules.seat_tags(v, holder), names_of(m))
        assert "holds J♣" in tags
        owners = [s for s in range(4) if "owner" in english(m.rules.seat_tags(v, s), names_of(m))]
        assert owners == ([v["owner"]] if owner_tag else [])


def test_seat_tags_bidding_kozel_out() -> None:
    """Bidding Kozel tags a seat that is out of the match (not among the active seats)."""
    m = engine.new_match("bidding-kozel", seed=1, players=3)
    v = m.deal.view(0)
    assert all(m.rules.seat_tags(v, s) == [] for s in range(3))
    v = dict(v, active=[0, 2])
    assert english(m.rules.seat_tags(v, 1), names_of(m)) == ["out"]
    assert m.rules.seat_tags(v, 2) == []


def test_new_deal_notice() -> None:
    """Kozel announces the cycle's trump as a deal starts; the others announce nothing."""
    m = engine.new_match("kozel-miner", seed=3)
    t = m.deal.trump
    note = m.rules.new_deal_notice(m.deal.view(0))
    assert note is not None
    assert note.render(names_of(m)) == f"Trump this cycle: {R.SUIT_SYM[t]} {R.SUIT_NAME[t]}."
    for game in ("koz-maca", "batak", "bidding-kozel"):
        m = engine.new_match(game, seed=3)
        assert m.rules.new_deal_notice(m.deal.view(0)) is None
    assert rules_class("kozel-classic")(4, {}).new_deal_notice({"trump": None}) is None


# ------------------------------------------------------------------------------ the page's use
def test_views_draw_from_the_facts() -> None:
    """The summary heads and the seat plate's card points come from the facts given."""
    gi = engine.GAME_INFO["kozel-classic"]
    res = {"tricks": [1, 2, 3, 0], "points": [30, 90, 30, 90], "delta": [2, 0, 2, 0]}
    html = SC.summary_html(
        gi["score_labels"],
        gi["title"],
        1,
        res,
        gi["seat_names"][:4],
        [2, 0, 2, 0],
        gi["teams"],
        False,
        ["x"],
    )
    assert "<th>Card points</th><th>Penalty</th><th>Penalty total</th>" in html
    view = {"hand_sizes": [6, 6, 6, 6], "taken": [1, 0, 0, 0], "points": [11, 0, 11, 0]}
    assert "11 pts" in TP.seat_html(0, "bottom", "You", view, "pen. 0", [], False, True)
    assert "pts" not in TP.seat_html(0, "bottom", "You", view, "pen. 0", [], False, False)
    hand = ["10S", "KS", "AS", "JS"]
    assert R.sort_hand(hand, {}, engine.GAME_INFO["kozel-miner"]["rank_order"]) == [
        "AS",
        "10S",
        "KS",
        "JS",
    ]
    assert R.sort_hand(hand, {}, engine.GAME_INFO["batak"]["rank_order"]) == [
        "AS",
        "KS",
        "JS",
        "10S",
    ]


# ------------------------------------------------------------------------------ deal and result facts
def rendered(pairs: list[tuple[Any, Message]], names: list[str]) -> list[tuple[str, str]]:
    """(label or name, value) pairs in English, the labels rendered when they are messages."""
    return [(a.render(names) if isinstance(a, Message) else a, b.render(names)) for a, b in pairs]


def test_batak_contract_facts_and_prompt() -> None:
    """Batak's bar shows the contract once there is a bid ("5 by Mehmet"), the scoreboard's
    goal is that contract, and the auction's heading names the bid to beat."""
    m = engine.new_match("batak", seed=4)
    names = names_of(m)
    v = m.deal.view(0)
    assert m.rules.deal_facts(v) == [] and m.rules.goal(v) is None
    assert m.rules.auction_prompt(v) is None
    first = m.deal.to_move
    m.play("bid 5")
    v = m.deal.view(0)
    assert rendered(m.rules.deal_facts(v), names) == [("Contract", f"5 by {names[first]}")]
    goal = m.rules.goal(v)
    assert goal is not None and goal.render(names) == f"5 by {names[first]}"
    assert goal.args["player"] == SeatRef(first)
    prompt = m.rules.auction_prompt(v)
    assert prompt is not None and str(prompt) == "Your bid (current: 5)"
    assert TP.info_items(v, names) == [("Contract", f"5 by {names[first]}")]
    assert TP.contract_text(v, names) == f"5 by {names[first]}"
    assert "Your bid (current: 5)" in TP.panel_html(v, ["pass", "bid 6"], "", False, False, None)
    assert m.rules.deal_facts(engine.new_match("koz-maca", seed=1).deal.view(0)) == []


def test_kozel_deal_facts() -> None:
    """Miner's bar shows the pairing and the marker with its holder; Classic's the marker and
    the kozyryatnik (the owner's team); a cycle after eggs says its penalties are doubled.
    The losing target is the scoreboard's goal."""
    m = engine.new_match("kozel-miner", seed=5)
    names = names_of(m)
    v = m.deal.view(0)
    pairs = ", ".join(f"{names[int(s)]} {R.SUIT_SYM[t]}" for s, t in v["pairing"].items())
    holder = names[v["marker_holder"]]
    assert rendered(m.rules.deal_facts(v), names) == [
        ("Pairing", pairs),
        ("Marker", f"J♣ — {holder}"),
    ]
    assert TP.info_items(v, names) == [("Pairing", pairs), ("Marker", f"J♣ — {holder}")]
    assert m.rules.losing_target() == 12 and str(m.rules.goal(v)) == "loses at 12"
    assert (
        engine.new_match("kozel-miner", seed=5, options={"short": True}).rules.losing_target() == 6
    )
    c = engine.new_match("kozel-classic", seed=5)
    v = dict(c.deal.view(0), doubled=True)
    team = " and ".join(names[s] for s in v["kozyryatnik"])
    assert rendered(c.rules.deal_facts(v), names) == [
        ("Marker", f"J♣ — {names[v['marker_holder']]}"),
        ("Kozyryatnik", team),
        ("Eggs", "penalties doubled"),
    ]
    assert c.rules.deal_facts(v)[1][1].args["text"] == SeatsRef(tuple(v["kozyryatnik"]))


def test_kozel_trump_ladder_sorts_the_hand() -> None:
    """Kozel's trumps are ranked on a ladder of their own (the Jacks above the suit's Ace), and
    the hand is sorted along it; the Batak games have none."""
    m = engine.new_match("kozel-miner", seed=3)
    v = m.deal.view(0)
    lad = m.rules.trump_ladder(v)
    assert lad == v["ladder"] and lad[1:5] == ["JC", "JS", "JH", "JD"]
    assert R.ladder(v) == lad
    hand = R.sort_hand(v["hand"], v, m.rules.rank_order)
    trumps = [c for c in hand if c in lad]
    assert trumps == sorted(trumps, key=lad.index) and hand[: len(trumps)] == trumps
    b = engine.new_match("batak", seed=3)
    assert b.rules.trump_ladder(b.deal.view(0)) == []


def test_bidding_kozel_facts_and_selection_prompt() -> None:
    """Bidding Kozel's bar shows the turned-up card, the stock and the pot; the seat to play
    is told to lead one card or three of a suit, then to select as many cards as the lead."""
    m = engine.new_match("bidding-kozel", seed=2, players=3)
    names = names_of(m)
    v = m.deal.view(0)
    turned = R.move_label(v["turned_up"])
    assert rendered(m.rules.deal_facts(v), names) == [
        ("Turned up", turned),
        ("Stock", str(v["stock_size"])),
        ("Pot", str(v["pot"])),
    ]
    assert v["lead_size"] is None
    assert str(m.rules.selection_prompt(v)) == (
        "Your lead: select one card, or three of one suit, then Play."
    )
    for size, text in ((1, "Select 1 card, then Play."), (3, "Select 3 cards, then Play.")):
        assert str(m.rules.selection_prompt(dict(v, lead_size=size))) == text
    assert m.rules.deals_in_match(m.options) == 10
    assert engine.rules_class("bidding-kozel").deals_in_match({"rounds": 4}) == 4


def test_deals_in_match() -> None:
    """A match of a fixed number of deals says how many (hands, rounds); Kozel's ends on the
    score."""
    for game, options, n in (
        ("koz-maca", {}, 10),
        ("batak", {"hands": 5}, 5),
        ("batak-pairs", {"hands": 3}, 3),
        ("kozel-miner", {}, None),
        ("kozel-classic", {}, None),
        ("bidding-kozel", {"rounds": 7}, 7),
    ):
        m = engine.new_match(game, seed=1, options=options)
        assert m.rules.deals_in_match(m.options) == n, game


def test_result_facts_in_english() -> None:
    """What a finished deal was about, as the score sheet and the replay show it."""
    names = ["You", "Olga", "Ivan", "Nina"]
    batak = rules_class("batak")(4, {})
    assert rendered(
        batak.result_facts({"declarer": 1, "bid": 5, "made": True, "trump": "S"}), names
    ) == [("contract", "Olga bid 5: made"), ("trump", "Trump ♠ spades")]
    assert rendered(
        batak.result_facts({"declarer": 2, "bid": 7, "made": False, "trump": "D"}), names
    )[0] == ("contract", "Ivan bid 7: down")
    kozel = engine.new_match("kozel-classic", seed=1).rules
    shamok = {
        "reason": "shamok",
        "shamok_by": 2,
        "queen_by": 1,
        "loser": [1, 3],
        "penalty": 4,
        "trump": "H",
    }
    assert rendered(kozel.result_facts(shamok), names) == [
        ("reason", "Shamok took the Queen of Clubs"),
        ("penalty", "Penalty 4 to Olga and Nina"),
        ("trump", "Trump ♥ hearts"),
    ]
    assert rendered(
        kozel.result_facts({"reason": "eggs", "penalty": 0, "loser": None, "trump": None}), names
    ) == [("reason", "Eggs (60 : 60)"), ("penalty", "No penalty")]
    assert rendered(
        kozel.result_facts({"reason": "normal", "penalty": 2, "loser": [0, 2], "trump": "C"}), names
    )[0] == ("penalty", "Penalty 2 to You and Ivan")
    bk = engine.new_match("bidding-kozel", seed=1, players=4).rules
    assert rendered(
        bk.result_facts(
            {"reason": "tie", "pot_winners": [0, 3], "share": 2, "pot": 5, "remainder": 1}
        ),
        names,
    ) == [
        ("reason", "Tie on card points"),
        ("pot", "Pot 5: split by You and Nina, 2 each"),
        ("carry", "1 stays in the pot"),
    ]
    assert rendered(
        bk.result_facts({"reason": "points", "pot_winners": [2], "pot": 4, "remainder": 0}), names
    ) == [("pot", "Pot 4: won by Ivan")]
    assert RV.deal_facts(
        {"reason": "bura", "pot_winners": [1], "pot": 6, "remainder": 3, "share": 6}, names, bk
    ) == [("reason", "Bura"), ("pot", "Pot 6: won by Olga"), ("carry", "3 stay in the pot")]


@pytest.mark.parametrize("game", engine.available_games())
def test_endings_and_result_fields_match_the_results(game: str) -> None:
    """Every finished deal's "reason" is one of the game's `endings` and its result has every
    field of `result_fields`; each ending out of the ordinary has a fact of its own."""
    cls = rules_class(game)
    count = 0
    for m, d in finished_deals(game, range(4)):
        r = d.result
        assert set(cls.result_fields) <= set(r), set(cls.result_fields) - set(r)
        if cls.endings:
            assert r["reason"] in cls.endings, r["reason"]
        else:
            assert "reason" not in r
        for _, x in m.rules.result_facts(r):
            assert x.key in ENGLISH and "{" not in x.render(names_of(m))
        count += 1
    assert count
    named = [
        e
        for e in cls.endings
        if any(
            n == "reason"
            for n, _ in cls(4 if game != "bidding-kozel" else 3, {}).result_facts({"reason": e})
        )
    ]
    assert len(named) == len(cls.endings) - 1 if cls.endings else named == []  # the ordinary one


# ------------------------------------------------------------------------------ ui/ concept scan
@cache
def engine_concepts() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The names of the games' own concepts, from the engine: (keys, options, attributes).

    keys: a deal view's and a result's keys that not every game has (random playouts of every
    game; the keys all games share, such as "trump" or "points", are no game's own), and
    the endings that have a fact of their own ("lusya", "bura" ...); options: every table
    option's name; attributes: what a game's rules object has beyond the base `Rules`."""
    views, results = [], []
    for game in engine.available_games():
        seen_v: set[str] = set()
        seen_r: set[str] = set()
        for seed in range(2):
            m = engine.new_match(game, seed=seed)
            rng = random.Random(seed)
            for _ in range(300):
                if m.is_over:
                    break
                seen_v |= set(m.view(0))
                m.play(random_move(m.deal.legal_moves(), rng))
            seen_r |= {k for d in m.deals if d.result for k in d.result}
        views.append(seen_v)
        results.append(seen_r)
    shared = set.intersection(*views) | set.intersection(*results)
    keys = (set.union(*views) | set.union(*results)) - shared
    options: set[str] = set()
    attributes: set[str] = set()
    base = set(dir(Rules(4, {})))
    for game in engine.available_games():
        cls = rules_class(game)
        rules = cls(cls.default_players, {})
        keys |= {
            e
            for e in cls.endings
            if any(n == "reason" for n, _ in rules.result_facts({"reason": e}))
        }
        options |= {o.name for o in cls.option_specs}
        attributes |= {a for a in set(dir(rules)) - base if not a.startswith("_")}
    return frozenset(keys), frozenset(options), frozenset(attributes)


# Engine values whose keys share a word with a game's concept and mean something else:
# a review's "perfect" (engine.teacher: "made" is what the seat's side made).
OTHER_STRUCTURES = ("perfect",)


def _src(node: ast.AST) -> str:
    return ast.unparse(node)


def concept_literals(text: str) -> list[tuple[int, str]]:
    """(line, literal) of every string literal in Python `text` that reads a game's concept:
    a key of a view or result (subscript, `.get`/`.pop`/`.setdefault`, a comparison or
    membership test, a literal list iterated or tested against), a table option read from an
    `options` value, a game's rules attribute (`getattr`, `hasattr`, `rules.<name>`); an
    ending anywhere a key is written too (a dict of endings)."""
    keys, options, attributes = engine_concepts()
    found: list[tuple[int, str]] = []

    def key(node: ast.AST | None, receiver: ast.AST | None = None) -> None:
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            return
        if receiver is not None and _src(receiver).split(".")[-1] in OTHER_STRUCTURES:
            return
        v = node.value
        if v in keys or (
            v in options and receiver is not None and "option" in _src(receiver).lower()
        ):
            found.append((node.lineno, v))

    def listed(node: ast.AST) -> None:
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            for elt in node.elts:
                key(elt)
        else:
            key(node)

    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Subscript):
            key(node.slice, node.value)
        elif isinstance(node, ast.Call):
            f = node.func
            if (
                isinstance(f, ast.Attribute)
                and f.attr in ("get", "pop", "setdefault")
                and node.args
            ):
                key(node.args[0], f.value)
            elif isinstance(f, ast.Name) and f.id in ("getattr", "hasattr") and len(node.args) >= 2:
                a = node.args[1]
                if isinstance(a, ast.Constant) and isinstance(a.value, str):
                    if a.value in attributes:
                        found.append((a.lineno, a.value))
                    else:
                        key(a)
        elif (
            isinstance(node, ast.Attribute)
            and node.attr in attributes
            and _src(node.value).split(".")[-1] == "rules"
        ):
            found.append((node.lineno, node.attr))
        elif isinstance(node, ast.Compare):
            for part in (node.left, *node.comparators):
                listed(part)
        elif isinstance(node, (ast.For, ast.comprehension)):
            listed(node.iter)
        elif isinstance(node, ast.Dict):
            for k in node.keys:
                if (
                    isinstance(k, ast.Constant)
                    and isinstance(k.value, str)
                    and k.value in keys - shared_view_words()
                ):
                    found.append((k.lineno, k.value))
    return sorted(set(found))


def shared_view_words() -> frozenset[str]:
    """Keys a dict written by the page may have without naming a game's concept (a state
    report's "broken" worker): every concept key but the endings."""
    keys, _, _ = engine_concepts()
    endings = {e for g in engine.available_games() for e in rules_class(g).endings}
    return frozenset(keys - endings)


# Concept literals still read by files this change does not edit, each with the hook that
# replaces it. Empty it as they move to the hooks (the test fails on a stale entry too).
CONCEPT_LITERALS_LEFT: dict[tuple[str, str], str] = {}


def test_concept_scan_finds_planted_literals() -> None:
    """The concept scan is not vacuous: its names come from the engine, and it finds a view's,
    a result's, an option's and a rules object's concept read by a literal, an ending in a
    table or a test; it passes generic keys, record fields, words in calls and prose."""
    keys, options, attributes = engine_concepts()
    assert {
        "lead_size",
        "kozyryatnik",
        "pairing",
        "marker",
        "pot",
        "declarer",
        "bid",
        "penalty",
        "lusya",
        "shamok",
        "bura",
        "four_aces",
    } <= keys
    assert not {"trump", "phase", "hand", "points", "delta", "tricks", "normal"} & keys
    assert {"hands", "rounds"} <= options and "target" in attributes
    planted = (
        'n = view["lead_size"]\n'
        'total = match.options.get("hands") or match.options.get("rounds")\n'
        'target = getattr(match.rules, "target", None)\n'
        "out_of = m.match.rules.target\n"
        'if "pot" in result:\n    pass\n'
        'WORDS = {"lusya": "Lusya (no trick)"}\n'
        'if reason == "shamok":\n    pass\n'
        'for k in ("declarer", "bid"):\n    pass\n'
        'who = result.get("pot_winners")\n'
    )
    assert [v for _, v in concept_literals(planted)] == [
        "lead_size",
        "hands",
        "rounds",
        "target",
        "target",
        "pot",
        "lusya",
        "shamok",
        "bid",
        "declarer",
        "pot_winners",
    ]
    neutral = (
        'v.get("trump"); d["hands"] = []; x = pgettext("bid", "Pass")\n'
        'state = {"broken": False, "phase": "play"}\n'
        'a.setAttribute("target", "_blank"); text = "the pot"; y = f"{pot} marker"\n'
        'if v.get("phase") == "bidding":\n    pass\n'
        'made = perfect.get("made")\n'
    )
    assert concept_literals(neutral) == []


def ui_python_files() -> list[Path]:
    return [p for p in ui_files() if p.suffix == ".py"]


@pytest.mark.parametrize("path", ui_python_files(), ids=lambda p: p.name)
def test_ui_reads_no_game_concepts(path: Path) -> None:
    """No string literal in ui/'s Python reads a game's own concept (a view's or a result's
    game-specific key, an ending, a table option, a rules attribute): the page asks the
    rules' hooks (deal_facts, result_facts, result_fields, goal, losing_target,
    deals_in_match, auction_prompt, selection_prompt, trump_ladder). The literals of
    CONCEPT_LITERALS_LEFT are still there, and only they."""
    found = concept_literals(path.read_text(encoding="utf-8"))
    allowed = {lit for (name, lit) in CONCEPT_LITERALS_LEFT if name == path.name}
    extra = [(line, lit) for line, lit in found if lit not in allowed]
    assert not extra, f"{path.relative_to(ROOT)} reads game concepts: {extra}"
    stale = allowed - {lit for _, lit in found}
    assert not stale, (
        f"{path.relative_to(ROOT)} no longer reads {stale}: drop them from CONCEPT_LITERALS_LEFT"
    )


def test_concept_literals_left_name_real_files_and_hooks() -> None:
    """Every entry left names a ui/ file and a hook the base rules have."""
    for (name, _), hook in CONCEPT_LITERALS_LEFT.items():
        assert (UI / name).exists(), name
        method = hook.split("(")[0].split(".")[-1]
        assert callable(getattr(Rules, method, None)), hook
