"""The lobby's choices (the game, its options, the players and the seed) and where the page
opens (pure): at the table of a match the address deals, back at a saved match, or in the
lobby.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import engine
from engine import untrusted as U
from engine.core import Match
from ui.common.i18n import N_, _
from ui.lobby import query as Q
from ui.saves import store as S

REVIEW_ACTIONS = ("last-trick", "score-sheet", "replay", "replay-next", "replay-prev", "review")

# Notes about the save (marked for the catalog; translated where they are shown).
STORAGE_OFF = N_(
    "This browser does not let the page keep anything (private mode?): the match is not saved."
)

# What a refused write loses (the browser's storage full), said once in STORAGE_LOST.
STORAGE_LOST = N_(
    "The browser's storage is full, so your progress is not being kept. Not kept: "
    "{lost}. Play goes on; free some space for this site to keep it again."
)
LOST_SAVE = N_("the match save (a reload starts afresh)")
LOST_RECORD = N_("this match in your record")
LOST_PUZZLES = N_("your puzzle progress")
LOST_SETTINGS = N_("your settings")

OTHER_TAB = N_(
    "This match went on in another tab, so this tab stopped saving it (the other tab's "
    "game is kept)."
)


@dataclass
class Choices:
    selected: str
    values: dict[str, dict[str, str]] = field(default_factory=dict)  # options by game
    players: str = ""
    seed: str = ""
    # The deal last put on the table (game, seed, players): the lobby offers it again as an
    # explicit choice ("Replay this deal"); "Deal the cards" deals new cards.
    last: tuple[str, str, str] | None = None

    def dealt(self, match: Match) -> None:
        """`match` is on the table: a seed typed or from the address was used once, and the
        lobby's seed field is empty again (the next "Deal the cards" deals new cards)."""
        self.seed = ""
        self.last = (str(match.game), str(match.seed), str(match.players))

    def replay_seed(self, game: str) -> str:
        """The seed "Replay this deal" uses for `game` ("" when none of its deals was on the
        table)."""
        return self.last[1] if self.last is not None and self.last[0] == game else ""

    def same_cards(self) -> bool:
        """The last deal's seed and players as the lobby's choice; False when there is none."""
        if self.last is None or self.last[0] != self.selected:
            return False
        _game, self.seed, self.players = self.last
        return True

    def use(self, s: S.Settings) -> None:
        """The saved lobby settings as the lobby's defaults (not the seed: a new match deals
        new cards unless a seed is typed or in the address)."""
        self.selected = s.game
        self.values[s.game] = dict(s.options)
        self.players = s.players

    def settings(self, level: str, speed: str) -> S.Settings:
        g = self.selected
        seed = self.seed if Q.is_seed(self.seed) else ""
        return S.Settings(
            g, S.valid_options(g, self.values.get(g, {})), self.players, seed, level, speed
        )

    def choose(self, game: str) -> None:
        """Another game chosen in the lobby: its players as the game's default."""
        self.selected = game
        self.players = ""

    def take(self, q: Q.Query) -> None:
        """What an address asks of the lobby."""
        self.seed = q.seed
        if q.game is not None:
            self.selected = q.game
            self.players = q.players
            if q.values is not None:
                self.values[q.game] = q.values

    def new_match(self, rng: random.Random | None = None) -> Match:
        """The match the lobby deals (a seed of its own unless one is chosen); ValueError
        says what cannot be dealt."""
        game = self.selected
        opts = engine.parse_options(game, self.values.get(game, {}))
        seed = Q.seed_of(self.seed) if self.seed else (rng or random).randrange(1, 10**9)
        players = U.whole(self.players, _("players"), 1, 99) if self.players else None
        return engine.new_match(game, seed=seed, options=opts, players=players)

    def landing(self, q: Q.Query, paused: Paused | None, save: S.Save | None) -> str:
        """Where the page opens for address `q` with the match `paused` (a saved one, or
        None): "errors" (the lobby says what the address cannot have), "resume" (a reload: the
        address is the saved match's), "ask" (the address deals another match while one is in
        progress: back to it, asking), "start", "saved" (the saved match was at its table) or
        "lobby"."""
        if q.errors:
            return "errors"
        if q.game is not None:
            if paused is not None and S.same_match(
                paused.match,
                q.game,
                self.seed,
                self.players,
                engine.parse_options(q.game, q.options),
            ):
                return "resume"
            if paused is not None and not paused.match.is_over:
                return "ask"
            return "start"
        if paused is not None and save is not None and save.screen == "table":
            return "saved"
        return "lobby"


@dataclass
class Paused:
    """A match kept while the lobby shows (Back from the table, or a save made in the lobby):
    Forward or the lobby's button puts it back on the table."""

    match: Match
    cur: int
    overlay: str | None
    away: set[int] = field(default_factory=set)
