"""The page's address, read and written (pure): `?game=…&seed=…&speed=…&level=…` and the
table's options, checked with a sentence for a person for everything it cannot take.

Nothing from the address is ever HTML: the page shows these sentences as text.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

import engine
from engine import untrusted as U
from engine.core import Match
from ui.common import i18n as I
from ui.common.i18n import _, error_text, game_info, ngettext
from ui.embed.spec import PARAMS as EMBED_PARAMS

UI_PARAMS = {"game", "seed", "speed", "players", "level"}
SPEEDS = ("0", "1", "2", "3")
SEED_LIMIT = 10**U.MAX_DIGITS - 1  # a seed is a whole number of at most 18 digits, either sign
MAX_NAMED = 10  # unknown parameters named in a sentence


def seed_of(text: str) -> int:
    """A seed (from the address or the lobby's field): ASCII digits, an optional "-", at most
    18 digits; UntrustedError (a ValueError) says what it must be."""
    return U.whole(text, _("seed"), -SEED_LIMIT, SEED_LIMIT)


def is_seed(text: str) -> bool:
    try:
        seed_of(text)
    except ValueError:
        return False
    return True


@dataclass
class Query:
    """What an address asks for. `errors` are the sentences for what it cannot have; the rest
    is what it can (None: the address does not say)."""

    raw: dict[str, str]
    errors: list[str] = field(default_factory=list)
    game: str | None = None
    options: dict[str, str] = field(default_factory=dict)  # as given, for `game`
    values: dict[str, str] | None = None  # the options checked, as the lobby shows them
    players: str = ""
    seed: str = ""
    speed: str | None = None
    level: str | None = None

    @property
    def embedded(self) -> bool:
        """Whether it names a position, a lesson or the embed (ui/embed/spec.py reads those)."""
        return any(k in self.raw for k in ("embed", "record", "lesson"))


def parse(
    raw: Mapping[str, str],
    games: Collection[str],
    info: Mapping[str, Mapping[str, Any]],
    levels: Collection[str],
) -> Query:
    """The address's parameters (already URL-decoded), checked."""
    q = Query(dict(raw))
    if "speed" in raw:
        if raw["speed"] in SPEEDS:
            q.speed = raw["speed"]
        else:
            q.errors.append(
                _("Speed must be 0, 1, 2 or 3, not “{value}”.").format(value=U.quote(raw["speed"]))
            )
    if "level" in raw:
        if raw["level"] in levels:
            q.level = raw["level"]
        else:
            q.errors.append(
                _("The computer level must be one of {levels}, not “{value}”.").format(
                    levels=", ".join(levels), value=U.quote(raw["level"])
                )
            )
    if "lang" in raw and raw["lang"] not in I.LANGS and raw["lang"] != I.PSEUDO:
        q.errors.append(
            _("This page is in {languages}; it has no language “{value}”.").format(
                languages=", ".join(I.LANGS.values()), value=U.quote(raw["lang"])
            )
        )
    if "seed" in raw:
        if is_seed(raw["seed"]):
            q.seed = str(seed_of(raw["seed"]))
        else:
            q.errors.append(
                _("The seed must be a whole number, not “{value}”.").format(
                    value=U.quote(raw["seed"])
                )
            )
    if q.embedded and any(k in raw for k in ("record", "lesson", "puzzle")):
        return q  # a position or a lesson: its record says the game, players and options
    table_options(q, games, info)  # (a new game in a frame reads them as a page does)
    return q


def table_options(q: Query, games: Collection[str], info: Mapping[str, Mapping[str, Any]]) -> None:
    """The game and its options, players and unknown parameters of a plain table's address."""
    raw = q.raw
    known = {o["name"] for g in games for o in info[g]["options"]} | EMBED_PARAMS
    q.options = {
        k: v for k, v in raw.items() if k not in UI_PARAMS and k in known and k not in EMBED_PARAMS
    }
    unknown = sorted(k for k in raw if k not in UI_PARAMS and k not in known and k != "friends")
    if "friends" in raw:  # (a table's id that is one opens the guest's page: ui/friends/page.py)
        q.errors.append(
            _(
                "“{value}” is not the link of a table with friends: ask the host to send it again."
            ).format(value=U.quote(raw["friends"]))
        )
    game = raw.get("game")
    if game is not None and game not in games:
        q.errors.append(
            _("Unknown game “{game}”. Pick one of the games below.").format(game=U.quote(game))
        )
        game = None
    elif game is None and q.options:
        q.errors.append(_("Table options need a game: add game=… to the address."))
    if game is None and unknown:  # with a game they are ignored: the match starts
        q.errors.append(
            ngettext(
                "This page does not know the address parameter {names}.",
                "This page does not know the address parameters {names}.",
                len(unknown),
            ).format(names=named(unknown))
        )
    if game is None:
        return
    q.game = game
    q.players = raw.get("players", "")
    if q.players:
        allowed = [str(n) for n in info[game]["players"]]
        if q.players not in allowed:
            q.errors.append(
                _("{game} is for {counts} players, not “{value}”.").format(
                    game=game_info(info[game])["title"],
                    counts=", ".join(allowed),
                    value=U.quote(q.players),
                )
            )
            q.players = ""
    try:
        parsed = engine.parse_options(game, q.options)
        q.values = {k: str(v) for k, v in parsed.items()}
    except ValueError as exc:
        q.errors.append(error_text(exc))


def named(names: list[str]) -> str:
    """Parameter names for a sentence: each cut short, at most MAX_NAMED of them."""
    out = ", ".join(U.quote(n) for n in names[:MAX_NAMED])
    return out + (", …" if len(names) > MAX_NAMED else "")


def of_match(
    match: Match,
    options: Mapping[str, Any],
    level: str,
    default_level: str,
    info: Mapping[str, Any],
) -> dict[str, str]:
    """The address of a match on the table: reloading or sharing it deals the same cards
    (only what differs from the defaults, then the seed)."""
    q: dict[str, str] = {"game": match.game}
    defaults = {o["name"]: o["default"] for o in info["options"]}
    for k, v in options.items():
        if v != defaults.get(k):
            q[k] = str(v).lower() if isinstance(v, bool) else str(v)
    if match.players != info["default_players"]:
        q["players"] = str(match.players)
    if level != default_level:
        q["level"] = level
    q["seed"] = str(match.seed)
    return q
