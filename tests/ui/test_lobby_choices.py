"""The lobby's choices: each game's players default to the rules' own count, "Deal the cards"
deals new cards after Back or a shared link (the same cards only as an explicit choice,
"Replay this deal"), and the lobby links to the lessons."""

from __future__ import annotations

import re
from pathlib import Path

import engine
from bench.fake_page import FACTS, Page, run, started, until
from ui.common.i18n import game_info
from ui.lobby import view as LW
from ui.table import pieces as TP

ROOT = Path(__file__).resolve().parents[2]


def lobby(game: str, players: str = "", replay: str = "") -> str:
    info = {g: game_info(engine.GAME_INFO[g]) for g in engine.GAMES}
    return LW.lobby_html(
        list(engine.GAMES), info, game, {}, players, "", "0", {}, "easy", replay=replay
    )


def selected_players(html: str) -> str | None:
    m = re.search(r'<select id="opt-players"[^>]*>(.*?)</select>', html)
    if m is None:
        return None
    chosen = re.findall(r'<option value="(\d+)" selected>', m.group(1))
    assert len(chosen) == 1, m.group(1)
    return chosen[0]


def test_players_default_to_the_games_own_count() -> None:
    for game in engine.GAMES:
        info = engine.GAME_INFO[game]
        if len(info["players"]) > 1:
            assert selected_players(lobby(game)) == str(info["default_players"]), game
    assert engine.GAME_INFO["bidding-kozel"]["default_players"] == 4
    assert selected_players(lobby("bidding-kozel")) == "4"
    assert selected_players(lobby("bidding-kozel", players="3")) == "3"  # a choice stays
    assert selected_players(lobby("bidding-kozel", players="9")) == "4"  # not one of them


def test_the_lobby_links_to_the_lessons() -> None:
    for game in engine.GAMES:
        html = lobby(game)
        assert f'href="learn/{game}.html"' in html and 'href="learn/"' in html
        assert (ROOT / "learn" / f"{game}.html").is_file()


def test_every_learn_page_has_the_favicon() -> None:
    for page in sorted((ROOT / "learn").glob("*.html")):
        text = page.read_text("utf-8")
        m = re.search(r'<link rel="icon" href="([^"]+)"', text)
        assert m, page.name
        assert (page.parent / m.group(1)).resolve().is_file(), m.group(1)


def test_replay_this_deal_is_offered_not_dealt_by_default() -> None:
    assert 'data-action="same-cards"' not in lobby("koz-maca")
    html = lobby("koz-maca", replay="77")
    assert 'data-action="same-cards"' in html and "seed 77" in html


def fields(page: Page, game: str, seed: str | None) -> dict[str, object]:
    """What ui/web/ reads of the lobby's fields: the seed field as the lobby drew it."""
    assert page.lobby is not None
    drawn = page.lobby["games"][game]
    shown = re.search(r'id="opt-seed"[^>]*value="([^"]*)"', drawn)
    assert shown is not None
    return {
        "game": game,
        "opts": {},
        "seed": shown.group(1) if seed is None else seed,
        "speed": "0",
        "level": "easy",
    }


def test_back_from_a_shared_link_then_deal_gives_new_cards() -> None:
    async def go() -> None:
        page = await started(
            dict(FACTS, search="?game=koz-maca&seed=77&speed=0&level=easy", history="")
        )
        await until(page, lambda: page.state.get("screen") == "table")
        assert page.state["seed"] == 77
        page.send({"type": "popstate", "tt": "lobby", "search": ""})  # Back
        await until(page, lambda: page.state.get("screen") == "lobby")
        drawn = page.lobby["games"]["koz-maca"]
        assert 'id="opt-seed" name="seed" inputmode="numeric" value=""' in drawn
        assert 'data-action="same-cards"' in drawn and "seed 77" in drawn
        # "Deal the cards": new cards (the match waiting is lost: asked first)
        page.send(
            {"type": "click", "attrs": {"data-start": ""}, "lobby": fields(page, "koz-maca", None)}
        )
        page.send({"type": "click", "attrs": {"data-action": "leave-confirm"}})
        await until(page, lambda: page.state.get("screen") == "table")
        new_seed = page.state["seed"]
        assert new_seed != 77
        # Back again, then the explicit choice: the same cards as the shared link
        page.send({"type": "popstate", "tt": "lobby", "search": ""})
        await until(page, lambda: page.state.get("screen") == "lobby")
        assert f"seed {new_seed}" in page.lobby["games"]["koz-maca"]
        page.send(
            {
                "type": "click",
                "attrs": {"data-action": "same-cards"},
                "lobby": fields(page, "koz-maca", None),
            }
        )
        page.send({"type": "click", "attrs": {"data-action": "leave-confirm"}})
        await until(
            page, lambda: page.state.get("screen") == "table" and page.state.get("seed") == new_seed
        )
        assert page.errors == []

    run(go)


def test_a_selected_card_is_not_announced_not_playable() -> None:
    """A card of a selection (Bidding Kozel) that cannot join another is still a tap away from
    leaving the selection: it is not marked disabled or "not playable"."""
    html = TP.hand_html(["AS", "KS", "7H"], {"KS"}, ["AS"], True)
    ace = re.search(r'<button[^>]*data-card="AS"[^>]*>', html)
    seven = re.search(r'<button[^>]*data-card="7H"[^>]*>', html)
    assert ace and seven
    assert "aria-disabled" not in ace.group(0) and 'aria-pressed="true"' in ace.group(0)
    assert "not playable" not in ace.group(0)
    assert 'aria-disabled="true"' in seven.group(0)
