"""The look-back sheets (ui/teach/review.py) agree with the engine: whole matches of every game are
played by the baseline computer players, then the score sheet, the replay of every finished
deal and the last-trick sheet are rendered and read back from their HTML attributes."""

from __future__ import annotations

import random
import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import engine
from ui.common import render as R
from ui.lobby import view as LW
from ui.sheets import content as SC
from ui.table import pieces as TP
from ui.teach import review as RV

ROOT = Path(__file__).resolve().parents[2]


# ------------------------------------------------------------------------------ helpers
class Node:
    """One start tag of the parsed HTML: its tag, attributes and the text inside it."""

    def __init__(self, tag: str, attrs: dict[str, str | None]) -> None:
        self.tag = tag
        self.attrs = attrs
        self.text = ""
        self.children: list[Node] = []

    def has(self, name: str) -> bool:
        return name in self.attrs

    def get(self, name: str) -> str:
        v = self.attrs.get(name)
        assert v is not None, (self.tag, name, self.attrs)
        return v

    def all(self, pred: Any) -> list[Node]:
        """Every node under this one (itself excluded) for which `pred(node)` holds, in
        document order."""
        out: list[Node] = []
        for c in self.children:
            if pred(c):
                out.append(c)
            out.extend(c.all(pred))
        return out

    def having(self, name: str) -> list[Node]:
        return self.all(lambda n: n.has(name))


VOID = {"br", "img", "input", "meta", "link", "hr", "use"}


class Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs))
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        assert self.stack[-1].tag == tag, (self.stack[-1].tag, tag)
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        for n in self.stack:
            n.text += data


def parse(html: str) -> Node:
    t = Tree()
    t.feed(html)
    t.close()
    assert len(t.stack) == 1, "unclosed tags"
    return t.root


def ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def names_of(m: engine.Match) -> list[str]:
    return R.seat_names(engine.GAME_INFO[m.game]["seat_names"], m.players)


def pos_of(m: engine.Match) -> list[str]:
    return R.positions(m.players, engine.GAME_INFO[m.game]["direction"])


def play(m: engine.Match, rng: random.Random, stop: Any = None) -> engine.Match:
    while not m.is_over and not (stop is not None and stop(m)):
        m.play(engine.bots.choose(m.deal, m.deal.to_move, rng))
    return m


@cache
def whole_match(game: str, seed: int) -> engine.Match:
    """A whole match of `game` played by the baseline players (short options where a match
    could otherwise last long)."""
    opts: dict[str, Any] = {}
    for o in engine.GAME_INFO[game]["options"]:
        if o["name"] == "hands":
            opts["hands"] = min(o["choices"])
        if o["name"] == "rounds":
            opts["rounds"] = 6
    return play(engine.new_match(game, seed=seed, options=opts), random.Random(seed))


CASES = [(g, s) for g in engine.GAMES for s in (1, 2)]
IDS = [f"{g}-{s}" for g, s in CASES]


def finished(m: engine.Match) -> list[int]:
    return [i for i, d in enumerate(m.deals) if d.phase == "over"]


# ------------------------------------------------------------------------------ score sheet
@pytest.mark.parametrize(("game", "seed"), CASES, ids=IDS)
def test_score_sheet_totals_equal_the_engine(game: str, seed: int) -> None:
    """The score sheet's final totals are `match.totals` (per team in a team game, per seat
    otherwise), and each deal's running totals are the totals the engine had after that deal
    (a replay of the record cut after it)."""
    m = whole_match(game, seed)
    names = names_of(m)
    root = parse(RV.score_sheet_html(m, names))
    sheet = root.having("data-score-sheet")
    assert len(sheet) == 1
    teams = m.rules.teams
    cols = [list(t) for t in teams] if teams else [[s] for s in range(m.players)]
    assert sheet[0].get("data-by") == ("team" if teams else "seat")
    foot = root.having("data-totals-row")[0]
    cells = foot.having("data-total")
    assert [c.get("data-col") for c in cells] == [str(i) for i in range(len(cols))]
    for i, seats in enumerate(cols):
        for s in seats:  # partners share one score
            assert int(cells[i].get("data-total")) == m.totals[s], (i, s)
    assert ints(foot.get("data-totals")) == list(m.totals)
    rows = root.having("data-deal-row")
    assert [int(r.get("data-deal-row")) for r in rows] == list(range(len(m.deals)))
    rec = m.record()
    for r in rows:
        i = int(r.get("data-deal-row"))
        assert r.get("data-state") == "over"
        cut = engine.replay({**rec, "deals": rec["deals"][: i + 1]})
        assert ints(r.get("data-totals")) == list(cut.totals), i
        assert ints(r.get("data-deltas")) == list(m.deals[i].result["delta"])
        for c, seats in enumerate(cols):
            cell = r.all(lambda n, c=c: n.attrs.get("data-col") == str(c))[0]
            assert int(cell.get("data-total")) == cut.totals[seats[0]]
            assert int(cell.get("data-delta")) == m.deals[i].result["delta"][seats[0]]


@pytest.mark.parametrize(("game", "seed"), CASES, ids=IDS)
def test_every_finished_deal_has_a_replay_button(game: str, seed: int) -> None:
    """Each finished deal's row has one replay button for its own index; a match in
    progress shows its open deal as being played, without a button."""
    m = whole_match(game, seed)
    root = parse(RV.score_sheet_html(m, names_of(m)))
    for r in root.having("data-deal-row"):
        btns = r.all(lambda n: n.attrs.get("data-action") == "replay")
        assert len(btns) == 1 and btns[0].tag == "button"
        assert btns[0].get("data-deal") == r.get("data-deal-row")
    buttons = root.all(lambda n: n.attrs.get("data-action") == "replay")
    assert sorted(int(b.get("data-deal")) for b in buttons) == finished(m)
    assert len(root.all(lambda n: n.attrs.get("data-action") == "close")) == 1

    live = play(
        engine.new_match(game, seed=seed),
        random.Random(seed),
        stop=lambda x: len(x.deals) == 2 and len(x.deal.moves) >= 3,
    )
    if live.is_over:
        return
    root = parse(RV.score_sheet_html(live, names_of(live)))
    rows = root.having("data-deal-row")
    assert [r.get("data-state") for r in rows] == ["over", "playing"]
    assert not rows[1].all(lambda n: n.attrs.get("data-action") == "replay")
    foot = root.having("data-totals-row")[0]
    assert ints(foot.get("data-totals")) == list(live.totals)


def test_score_sheet_shows_contracts_penalties_and_pots() -> None:
    """Each row carries what its deal was about: declarer, bid, made and trump for a
    contract; reason, penalty and losers for a penalty; pot and winners for a pot."""
    seen: set[str] = set()
    for game in engine.GAMES:
        m = whole_match(game, 1)
        root = parse(RV.score_sheet_html(m, names_of(m)))
        for r in root.having("data-deal-row"):
            res = m.deals[int(r.get("data-deal-row"))].result
            if res.get("bid") is not None:
                assert r.get("data-declarer") == str(res["declarer"])
                assert r.get("data-bid") == str(res["bid"])
                assert r.get("data-made") == ("yes" if res["made"] else "no")
                assert r.get("data-trump") == res["trump"]
                seen.add("contract")
            if "penalty" in res:
                assert r.get("data-reason") == res["reason"]
                assert r.get("data-penalty") == str(res["penalty"])
                if res["loser"] is not None:
                    assert ints(r.get("data-loser")) == res["loser"]
                seen.add("penalty")
            if "pot" in res:
                assert r.get("data-pot") == str(res["pot"])
                assert ints(r.get("data-pot-winners")) == res["pot_winners"]
                seen.add("pot")
        for f in root.having("data-deal-facts"):
            assert f.text.strip()
    assert seen == {"contract", "penalty", "pot"}


# ------------------------------------------------------------------------------ replay
@pytest.mark.slow
@pytest.mark.parametrize(("game", "seed"), CASES, ids=IDS)
def test_replay_shows_every_trick_in_order(game: str, seed: int) -> None:
    """Stepping through the replay of every finished deal shows each of its tricks in order
    (steps = tricks), every play's seat and cards, the winner, and the hands before the trick:
    they hold the cards about to be played and, in a game without a stock, are exactly the
    dealt hands less the cards of earlier tricks."""
    m = whole_match(game, seed)
    names, pos = names_of(m), pos_of(m)
    for i in finished(m):
        d = m.deals[i]
        rp = RV.deal_replay(m, i)
        tricks = d.tricks
        assert rp.steps == len(tricks) and rp.index == i
        dealt_all = sum(len(h) for h in d.initial_hands) == len(d.deck_cards())
        gone: list[set[str]] = [set() for _ in range(m.players)]
        for k in range(max(1, len(tricks))):
            root = parse(RV.replay_html(rp, k, pos, names))
            top = root.having("data-replay")[0]
            assert (top.get("data-deal"), top.get("data-step"), top.get("data-steps")) == (
                str(i),
                str(k),
                str(len(tricks)),
            )
            prev = root.all(lambda n: n.attrs.get("data-action") == "replay-prev")[0]
            nxt = root.all(lambda n: n.attrs.get("data-action") == "replay-next")[0]
            assert prev.has("disabled") == (k == 0)
            assert nxt.has("disabled") == (k >= len(tricks) - 1)
            assert root.all(lambda n: n.attrs.get("data-action") == "close")
            if not tricks:
                assert not root.having("data-play-seat")
                continue
            t = tricks[k]
            plays = root.having("data-play-seat")
            assert [[int(p.get("data-play-seat")), p.get("data-move")] for p in plays] == [
                list(x) for x in t["plays"]
            ]
            for p, (_, move) in zip(plays, t["plays"]):
                labels = [
                    c.get("aria-label")
                    for c in p.all(lambda n: "card" in n.attrs.get("class", "").split())
                ]
                assert len(labels) == len(move.split())
                assert all(lab.startswith(R.card_label(c)) for lab, c in zip(labels, move.split()))
                assert p.has("data-won") == (p.get("data-play-seat") == str(t["winner"]))
            assert root.having("data-winner")[0].get("data-winner") == str(t["winner"])
            assert f"{names[t['winner']]} took the trick." in root.text
            for h in root.having("data-hand-seat"):
                s = int(h.get("data-hand-seat"))
                held = {c.get("data-rv-card") for c in h.having("data-rv-card")}
                assert held == set(rp.hands[k][s])
                mine = {c for seat, mv in t["plays"] if seat == s for c in mv.split()}
                assert mine <= held
                assert {c.get("data-rv-card") for c in h.having("data-next")} == mine
                if dealt_all:
                    dealt = set(_strs(d.initial_hands[s]))
                    assert held == dealt - gone[s], (i, k, s)
            for seat, mv in t["plays"]:
                gone[seat].update(mv.split())
        # Past the ends, the step is clamped.
        assert f'data-step="{max(0, len(tricks) - 1)}"' in RV.replay_html(rp, 99, pos, names)
        assert 'data-step="0"' in RV.replay_html(rp, -3, pos, names)


def _strs(hand: list[int]) -> list[str]:
    from engine.cards import CARD_STR

    return [CARD_STR[c] for c in hand]


def test_replay_of_sets_of_three_cards() -> None:
    """Plays of several cards are replayed card by card, all face up (the deal is over, so
    plays laid face down during it are shown)."""
    seen = False
    for seed in range(1, 8):
        m = (
            whole_match("bidding-kozel", seed)
            if seed <= 2
            else play(
                engine.new_match("bidding-kozel", seed=seed, options={"rounds": 3}),
                random.Random(seed),
            )
        )
        for i in finished(m):
            rp = RV.deal_replay(m, i)
            for k, t in enumerate(rp.tricks):
                if any(len(mv.split()) == 3 for _, mv in t["plays"]):
                    html = RV.replay_html(rp, k, pos_of(m), names_of(m))
                    assert "??" not in html and "face down" not in html
                    root = parse(html)
                    for p, (_, mv) in zip(root.having("data-play-seat"), t["plays"]):
                        assert (
                            len(p.all(lambda n: "card" in n.attrs.get("class", "").split()))
                            == len(mv.split())
                            == 3
                        )
                    seen = True
    assert seen


def test_replay_refuses_a_deal_in_progress() -> None:
    """Only a finished deal can be replayed."""
    m = engine.new_match("batak", seed=5)
    with pytest.raises(ValueError, match="not over"):
        RV.deal_replay(m, 0)
    with pytest.raises(ValueError):
        RV.deal_replay(m, 3)


# ------------------------------------------------------------------------------ last trick
@pytest.mark.parametrize(("game", "seed"), CASES, ids=IDS)
def test_last_trick_lists_every_play_and_the_winner(game: str, seed: int) -> None:
    """The last-trick sheet of any trick lists its n plays in order, seat and cards, and names
    the winner; it has the overlay's close button."""
    m = whole_match(game, seed)
    names, pos = names_of(m), pos_of(m)
    for d in m.deals:
        for n, t in enumerate(d.tricks, start=1):
            root = parse(RV.last_trick_html(t, pos, names, number=n))
            sheet = root.having("data-last-trick")[0]
            assert sheet.get("data-winner") == str(t["winner"])
            plays = root.having("data-play-seat")
            assert len(plays) == len(t["plays"])
            assert [(int(p.get("data-play-seat")), p.get("data-move")) for p in plays] == [
                tuple(x) for x in t["plays"]
            ]
            assert [p.get("data-order") for p in plays] == [str(j) for j in range(len(plays))]
            won = [p for p in plays if p.has("data-won")]
            assert len(won) == 1 and won[0].get("data-play-seat") == str(t["winner"])
            for p, (seat, _) in zip(plays, t["plays"]):
                assert names[seat] in p.text
            assert f"{names[t['winner']]} took the trick." in root.text
            assert f"trick {n}" in root.text
            close = root.all(lambda x: x.attrs.get("data-action") == "close")
            assert len(close) == 1 and close[0].tag == "button"


def test_last_trick_keeps_face_down_plays_hidden() -> None:
    """A trick from a seat's view, with plays laid face down ("??"), shows card backs for
    them and never their cards."""
    for seed in range(30):
        m = engine.new_match("bidding-kozel", seed=seed)
        rng = random.Random(seed)
        while not m.is_over and len(m.deals) == 1:
            v = m.deal.view(0)
            hidden = [t for t in v["tricks"] if any("??" in mv for _, mv in t["plays"])]
            if hidden:
                t = hidden[-1]
                root = parse(RV.last_trick_html(t, pos_of(m), names_of(m)))
                for p, (_, mv) in zip(root.having("data-play-seat"), t["plays"]):
                    cards = p.all(lambda n: "card" in n.attrs.get("class", "").split())
                    assert len(cards) == len(mv.split())
                    for c, tok in zip(cards, mv.split()):
                        if tok == "??":
                            assert "back" in c.get("class").split()
                            assert c.get("aria-label") == "a card laid face down"
                        else:
                            assert c.get("aria-label").startswith(R.card_label(tok))
                return
            m.play(engine.bots.choose(m.deal, m.deal.to_move, rng))
    pytest.fail("no face-down play seen")


# ------------------------------------------------------------------------------ escaping
def test_every_text_is_escaped() -> None:
    """Seat names (and so any text from a record or the page) never reach the HTML raw."""
    evil = ["<img src=x onerror=alert(1)>", 'A&B "q"', "<b>two</b>", "<i>", "<u>"]
    for game in engine.GAMES:
        m = whole_match(game, 1)
        names = evil[: m.players]
        i = finished(m)[0]
        t = next(d.tricks[-1] for d in m.deals if d.tricks)
        for html in (
            RV.score_sheet_html(m, names),
            RV.replay_html(RV.deal_replay(m, i), 0, pos_of(m), names),
            RV.last_trick_html(t, pos_of(m), names),
        ):
            assert "<img" not in html and "<b>two" not in html and "<i>" not in html
            assert "&lt;img src=x onerror=alert(1)&gt;" in html or "&lt;b&gt;two" in html
            parse(html)  # well formed
    odd = {"leader": 0, "plays": [[0, '<script>"x"</script>'], [1, "AS"]], "winner": 1}
    html = RV.last_trick_html(odd, ["bottom", "top"], ["You", "Them"])
    assert "<script>" not in html and "&lt;script&gt;" in html


# ------------------------------------------------------------------------------ the table
def test_the_card_winning_the_trick_is_marked_and_named() -> None:
    """The play now winning the trick has class `leading` and its cards' accessible names end
    in ", winning"; the other plays keep their plain names and classes."""
    plays = [[1, "10H"], [2, "KH"], [3, "2H"]]
    pos = ["bottom", "right", "top", "left"]
    root = parse(TP.trick_html(plays, pos, None, None, 2))
    got = {int(p.get("data-play-seat")): p for p in root.having("data-play-seat")}
    assert "leading" in got[2].get("class").split()
    assert got[2].all(lambda n: n.attrs.get("aria-label") == "king of hearts, winning")
    for s, c in ((1, "10H"), (3, "2H")):
        assert "leading" not in got[s].get("class").split()
        assert got[s].all(lambda n, c=c: n.attrs.get("aria-label") == R.card_label(c))
    sets = parse(
        TP.trick_html([[0, "6C 7C 8C"], [1, "?? ?? ??"]], ["bottom", "top"], None, None, 0)
    )
    cards = sets.all(lambda n: "card" in n.attrs.get("class", "").split() and n.has("aria-label"))
    labels = [n.get("aria-label") for n in cards]
    assert labels == ["6 of clubs, winning", "7 of clubs, winning", "8 of clubs, winning"]
    # each play is an item of the trick's list, named for a screen reader with its seat
    items = [n for n in sets.having("data-play-seat")]
    assert [n.get("role") for n in items] == ["listitem", "listitem"]
    assert items[0].get("aria-label") == "0: 6 of clubs, 7 of clubs, 8 of clubs, winning"
    named = parse(TP.trick_html([[1, "KH"]], pos, None, None, 1, ["You", "Ayşe"]))
    assert named.having("data-play-seat")[0].get("aria-label") == "Ayşe: king of hearts, winning"
    plain = R.card_html("AS", 'data-card="AS"', "legal", tag="button")
    assert 'aria-label="ace of spades"' in plain and 'data-card="AS"' in plain


def test_leading_ring_is_drawn() -> None:
    """The stylesheet draws a ring around the leading play's cards (an outline or a solid
    box-shadow ring), distinct from the plain card shadow."""
    css = (ROOT / "assets" / "style.css").read_text(encoding="utf-8")
    rules = re.findall(r"\.play\.leading \.card\s*\{([^}]*)\}", css)
    assert rules and any("outline" in r or "0 0 0 3px" in r for r in rules)


def test_speed_choices_run_from_instant_to_slow() -> None:
    """The speed button cycles Instant, Fast, Normal, Slow (the order of views.SPEEDS)."""
    assert LW.SPEEDS == [("0", "Instant"), ("1", "Fast"), ("2", "Normal"), ("3", "Slow")]


# ------------------------------------------------------------------ the review's replay
@pytest.mark.slow
@pytest.mark.parametrize("game", ["batak", "kozel-classic", "bidding-kozel"])
def test_replay_from_the_review_puts_each_verdict_beside_the_players_card(game: str) -> None:
    """Opened from a deal's review, the replay marks the player's card in each trick with that
    decision's verdict, and lists the auction's and trump's decisions at the first trick; the
    review's rows open the replay at their trick."""
    from engine import teacher

    m = engine.new_match(game, seed=5)
    rng = random.Random(5)
    while m.deals[0].phase != "over":
        m.play(engine.bots.choose(m.deal, m.deal.to_move, rng))
    review = teacher.review_deal(m.record(), 0, 0, solve_seconds=0.3, check_cards=0)
    names, pos = names_of(m), pos_of(m)
    rp = RV.deal_replay(m, 0)
    marks = RV.replay_verdicts(review)
    plays = [d for d in review["decisions"] if d["phase"] == "play"]
    assert plays and set(marks) - {-1} == {d["trick"] - 1 for d in plays}
    seen = 0
    for k in range(rp.steps):
        root = parse(RV.replay_html(rp, k, pos, names, marks, str))
        assert root.having("data-replay")[0].has("data-reviewed")
        mine = [p for p in root.having("data-play-seat") if p.get("data-play-seat") == "0"]
        here = [d for d in plays if d["trick"] == k + 1]
        badges = [
            b
            for p in mine
            for b in p.all(lambda n: "verdict-badge" in n.attrs.get("class", "").split())
        ]
        assert [b.get("data-verdict") for b in badges] == [d["verdict"] for d in here]
        # The trick's decisions are listed under it (the auction's too, at the first trick).
        listed = [n.get("data-verdict") for n in root.having("data-decision")]
        before = [d for d in review["decisions"] if d["phase"] != "play"] if k == 0 else []
        assert listed == [d["verdict"] for d in [*before, *here]]
        for d in here:
            assert f"you: {d['move']}" in root.text
            if d["verdict"] != "best":
                assert f"better: {d['best']}" in root.text
        seen += len(here)
    assert seen == len(plays)
    # Without the review the replay is the plain one.
    assert "data-reviewed" not in RV.replay_html(rp, 0, pos, names)
    assert "verdict-badge" not in RV.replay_html(rp, 0, pos, names)
    # The review sheet: a replay button, and each card decision's trick opens its step.
    sheet = parse(RV.deal_review_html(review, str, "Game"))
    opens = [n for n in sheet.all(lambda n: n.attrs.get("data-action") == "replay")]
    assert opens[-1].get("data-step") == "0" and opens[-1].get("data-deal") == "0"
    assert [int(n.get("data-step")) for n in opens[:-1]] == [d["trick"] - 1 for d in plays]


def test_a_malformed_review_gives_a_plain_replay() -> None:
    """A review that is not one (from a broken worker) marks nothing and breaks nothing."""
    m = whole_match("koz-maca", 1)
    rp = RV.deal_replay(m, 0)
    for bad in (None, {}, {"decisions": "x"}, {"decisions": [1, None, {"trick": "3"}]}):
        marks = RV.replay_verdicts(bad)  # type: ignore[arg-type]
        html = RV.replay_html(rp, 0, pos_of(m), names_of(m), marks, str)
        assert "verdict-badge" not in html


# ------------------------------------------------------------------------------ deal summary
def summary_of(m: engine.Match, index: int) -> Node:
    from ui.common import i18n as I
    from ui.sheets import view as SH

    gi = I.game_info(engine.GAME_INFO[m.game])
    return parse(SH.summary_html(m, index, gi, names_of(m), []))


def cells(row: Node) -> list[str]:
    return [c.text.strip() for c in row.children if c.tag in ("th", "td")]


def test_a_declarer_who_went_down_shows_the_score_not_the_tricks() -> None:
    """Batak's summary has no "Points" column beside "This deal" (the result's points are the
    side's tricks): the declarer's row shows its tricks and its score, −7, never 3 twice."""
    from ui.common import i18n as I

    gi = I.game_info(engine.GAME_INFO["batak"])
    res = {
        "tricks": [3, 4, 3, 3],
        "points": [3, 4, 3, 3],
        "delta": [-7, 4, 3, 3],
        "declarer": 0,
        "bid": 7,
        "made": False,
    }
    root = parse(
        SC.summary_html(
            gi["score_labels"],
            gi["title"],
            1,
            res,
            ["You", "Mehmet", "Ayşe", "Kemal"],
            [-7, 4, 3, 3],
            None,
            False,
            [],
            card_points=bool(gi["card_points"]),
        )
    )
    heads = [h.text.strip() for h in root.all(lambda n: n.tag == "th" and not n.has("scope"))]
    assert heads == ["Player", "Tricks", "This deal", "Total"], heads
    rows = {int(r.get("data-seat")): r for r in root.having("data-seat")}
    assert cells(rows[0]) == ["You", "3", "-7", "-7"], cells(rows[0])
    assert rows[0].get("data-points") == "3" and rows[0].get("data-delta") == "-7"


def test_a_game_of_card_points_keeps_its_points_column() -> None:
    m = whole_match("bidding-kozel", 1)
    root = summary_of(m, 0)
    heads = [h.text.strip() for h in root.all(lambda n: n.tag == "th" and not n.has("scope"))]
    assert heads == ["Player", "Tricks", "Card points", "Won / lost", "Bankroll"], heads


@pytest.mark.parametrize("game", ["batak-pairs", "kozel-miner", "kozel-classic"])
def test_a_team_game_shows_each_teams_score_once(game: str) -> None:
    """Partnership Batak and Kozel: the rows go by team, and each team's score and total are
    shown once (across its players' rows), not once per player; every seat keeps its row and
    its data-* figures."""
    m = whole_match(game, 1)
    root = summary_of(m, 0)
    rows = root.having("data-seat")
    teams = engine.GAME_INFO[game]["teams"]
    assert [int(r.get("data-seat")) for r in rows] == [s for t in teams for s in t]
    res = m.deals[0].result
    for r in rows:
        s = int(r.get("data-seat"))
        assert r.get("data-delta") == str(res["delta"][s])
        assert r.get("data-team") == str(next(i for i, t in enumerate(teams) if s in t))
    totals = root.all(lambda n: n.tag == "td" and "total" in (n.attrs.get("class") or ""))
    assert len(totals) == len(teams) and all(t.get("rowspan") == "2" for t in totals)
