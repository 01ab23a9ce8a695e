"""The saved match: what the page keeps in the browser's storage (pure: no `js`).

One key holds one JSON object: the save format, who wrote it (a per-tab id and a counter that
goes up with every write, so a tab can tell that another tab wrote since it last did), where the
page is (lobby or table, the deal on the table, a summary or the match result that was open,
the seats marked away), the lobby's settings and the match record (`Match.record()`).

Reading checks every field and replays the record with the engine; whatever is wrong raises
SaveError with a sentence saying what. Its text may quote the saved text: show it with
textContent, never as HTML.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeGuard

import engine
from engine import untrusted as U
from engine.core import Match
from ui.common.i18n import _, error_text, ngettext

FORMAT = 1
KEY = "trick-table/v1"  # the save
BAD_KEY = "trick-table/v1/unreadable"  # a save that could not be restored, kept for a bug report
SCREENS = ("lobby", "table")
OVERLAYS = (None, "summary", "over")
FIELDS = {"format", "tab", "n", "screen", "overlay", "cur", "away", "settings", "record"}
OPTIONAL = {
    "practice",  # true when undo (or a hint) was used in the match
    "names",  # the seats' names as the match began (a language change keeps them)
    "friends",  # the host's table with friends (ui/friends/kept.py), read when it reopens
}
NAME_LIMIT = 40  # a seat's name, in characters
SETTINGS = {"game", "options", "players", "seed", "level", "speed"}
Mark = tuple[str, int]  # who wrote a save: (tab id, counter)
UNREADABLE: Mark = ("", -1)


class SaveError(ValueError):
    """A save that cannot be restored; the text says why, in a sentence (in the page's
    language)."""


class SaveNewer(SaveError):
    """A save of a later format (a newer version of the page wrote it): left where it is until
    the player chooses to start fresh."""


@dataclass
class Settings:
    """The lobby's choices: the game, its table options (as text), players, seed, level, speed."""

    game: str = ""
    options: dict[str, str] = field(default_factory=dict)
    players: str = ""
    seed: str = ""
    level: str = ""
    speed: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "level": self.level,
            "speed": self.speed,
        }


@dataclass
class Save:
    tab: str
    n: int
    screen: str = "lobby"
    overlay: str | None = None
    cur: int = 0
    away: list[int] = field(default_factory=list)
    settings: Settings = field(default_factory=Settings)
    record: dict[str, Any] | None = None
    practice: bool = False
    names: list[str] | None = None
    friends: object | None = None  # (checked only when the table is opened again:
    # ui/friends/kept.py; kept with the restored match as `Match.friends`)

    @property
    def mark(self) -> Mark:
        return (self.tab, self.n)

    def dumps(self) -> str:
        data = {
            "format": FORMAT,
            "tab": self.tab,
            "n": self.n,
            "screen": self.screen,
            "overlay": self.overlay,
            "cur": self.cur,
            "away": list(self.away),
            "settings": self.settings.to_json(),
            "record": self.record,
        }
        if self.practice:
            data["practice"] = True
        if self.names:
            data["names"] = list(self.names)
        if self.friends is not None:
            data["friends"] = self.friends
        return json.dumps(data, separators=(",", ":"))


def mark_of(text: str | None) -> Mark | None:
    """Who wrote the stored text: None when nothing is stored, UNREADABLE when it is not a save."""
    if text is None:
        return None
    try:
        data = U.loads(text)
    except ValueError:
        return UNREADABLE
    if not isinstance(data, dict):
        return UNREADABLE
    tab, n = data.get("tab"), data.get("n")
    if not isinstance(tab, str) or not is_int(n):
        return UNREADABLE
    return (tab, n)


def written_since(stored: str | None, last: Mark | None) -> bool:
    """Whether someone else (another tab) wrote the stored text after this tab's last read or
    write (`last`, None when there was no save then). A save that is gone is nobody's."""
    return stored is not None and mark_of(stored) != last


def next_n(stored: str | None, last: Mark | None) -> int:
    """The counter of the next write: one more than any seen."""
    seen = [m[1] for m in (mark_of(stored), last) if m is not None]
    return max(seen, default=0) + 1


def is_int(x: object) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


def short(x: object, limit: int = 60) -> str:
    text = json.dumps(x, ensure_ascii=False) if not isinstance(x, str) else f"“{x}”"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse(text: str) -> Save:
    """The save in `text`, its fields checked (the record is not replayed here)."""
    data = U.loads_or(
        text,
        SaveError,
        _("the saved text is not JSON: it goes wrong at line {line}, column {column}."),
        _(
            "the saved text is too long or nested too deeply to be a saved match (at most "
            "{chars} characters and {depth} levels)."
        ),
    )
    if not isinstance(data, dict):
        raise SaveError(_("the saved text is not a saved match."))
    another = _(
        "it was saved by another version of the page (save format "
        "{saved}; this page reads format {format})."
    )
    U.check_format(
        data,
        FORMAT,
        SaveError,
        SaveNewer,
        another,
        another,
        _("the saved text has no save format: it is not a saved match."),
        show=short,
    )
    extra = set(data) - FIELDS - OPTIONAL
    if extra:
        raise SaveError(
            _("the save has fields this page does not know: {fields}.").format(
                fields=short(sorted(extra))
            )
        )
    missing = FIELDS - set(data)
    if missing:
        raise SaveError(_("the save lacks {fields}.").format(fields=short(sorted(missing))))
    tab, n = data["tab"], data["n"]
    if not isinstance(tab, str) or not is_int(n) or n < 0:
        raise SaveError(_("the save does not say which tab wrote it."))
    screen, overlay, cur, away = _place(data)
    record = data["record"]
    if record is not None and not isinstance(record, dict):
        raise SaveError(_("the match record is not an object."))
    if record is None and screen != "lobby":
        raise SaveError(_("the save is at the table but has no match."))
    practice, names = _marks(data)
    return Save(
        tab=tab,
        n=n,
        screen=screen,
        overlay=overlay,
        cur=cur,
        away=away,
        settings=parse_settings(data["settings"]),
        record=record,
        practice=practice,
        names=names,
        friends=data.get("friends"),
    )


def _place(data: Mapping[str, Any]) -> tuple[str, str | None, int, list[int]]:
    """Where the save is: its screen, its open sheet, the deal on the table, the seats away."""
    screen, overlay, cur, away = data["screen"], data["overlay"], data["cur"], data["away"]
    if screen not in SCREENS:
        raise SaveError(
            _("the screen {screen} is not one of {screens}.").format(
                screen=short(screen), screens=", ".join(SCREENS)
            )
        )
    if overlay not in OVERLAYS:
        raise SaveError(
            _("the open sheet {sheet} is not a deal summary or a result.").format(
                sheet=short(overlay)
            )
        )
    if not is_int(cur) or cur < 0:
        raise SaveError(
            _("the deal on the table ({deal}) is not a deal number.").format(deal=short(cur))
        )
    if not isinstance(away, list) or not all(is_int(s) for s in away):
        raise SaveError(
            _("the seats marked away ({seats}) are not a list of seats.").format(seats=short(away))
        )
    return screen, overlay, cur, list(away)


def _marks(data: Mapping[str, Any]) -> tuple[bool, list[str] | None]:
    """The save's optional marks: practice, and the seats' names."""
    practice = data.get("practice", False)
    if not isinstance(practice, bool):
        raise SaveError(
            _("the practice mark {value} is not true or false.").format(value=short(practice))
        )
    names = data.get("names")
    if names is not None and (
        not isinstance(names, list)
        or not names
        or not all(isinstance(x, str) and 0 < len(x) <= NAME_LIMIT for x in names)
    ):
        raise SaveError(
            _("the seats' names {value} are not a list of names.").format(value=short(names))
        )
    return practice, names


def parse_settings(raw: Any) -> Settings:
    if not isinstance(raw, dict):
        raise SaveError(_("the lobby settings are not an object."))
    if set(raw) != SETTINGS:
        raise SaveError(
            _("the lobby settings have the fields {fields}, not {expected}.").format(
                fields=short(sorted(raw)), expected=short(sorted(SETTINGS))
            )
        )
    options = raw["options"]
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise SaveError(_("the table options are not an object of texts."))
    for k in ("game", "players", "seed", "level", "speed"):
        if not isinstance(raw[k], str):
            raise SaveError(
                _("the setting {name} is not a text: {value}.").format(name=k, value=short(raw[k]))
            )
    return Settings(
        game=raw["game"],
        options=dict(options),
        players=raw["players"],
        seed=raw["seed"],
        level=raw["level"],
        speed=raw["speed"],
    )


def check_settings(
    s: Settings,
    games: Collection[str],
    info: Mapping[str, Mapping[str, Any]],
    levels: Collection[str],
    speeds: Collection[str],
) -> None:
    """The settings name things this page has: a game, options it takes, a player count it
    allows, a level and a speed."""
    if s.game not in games:
        raise SaveError(
            _("it names a game this page does not have: {game}.").format(game=short(s.game))
        )
    try:
        engine.parse_options(s.game, s.options)
    except ValueError as exc:
        raise SaveError(
            _("a table option is wrong: {reason}").format(reason=error_text(exc))
        ) from None
    if s.players and s.players not in [str(p) for p in info[s.game]["players"]]:
        raise SaveError(
            _("{players} is not a number of players for this game.").format(
                players=short(s.players)
            )
        )
    if s.seed and not s.seed.lstrip("-").isdigit():
        raise SaveError(_("the seed {seed} is not a whole number.").format(seed=short(s.seed)))
    if s.level not in levels:
        raise SaveError(
            _("the computer level {level} is not one of {levels}.").format(
                level=short(s.level), levels=", ".join(levels)
            )
        )
    if s.speed not in speeds:
        raise SaveError(
            _("the speed {speed} is not one of {speeds}.").format(
                speed=short(s.speed), speeds=", ".join(speeds)
            )
        )


def valid_options(game: str, values: Mapping[str, str]) -> dict[str, str]:
    """The lobby's option texts worth keeping: all of them when the game takes them together,
    else those it takes one by one (a half-typed number is not saved), else none."""
    try:
        engine.parse_options(game, dict(values))
        return dict(values)
    except ValueError:
        pass
    kept = {}
    for k, v in values.items():
        try:
            engine.parse_options(game, {k: v})
        except ValueError:
            continue
        kept[k] = v
    try:
        engine.parse_options(game, kept)
    except ValueError:
        return {}
    return kept


def restore(
    text: str,
    games: Collection[str],
    info: Mapping[str, Mapping[str, Any]],
    levels: Collection[str],
    speeds: Collection[str],
) -> tuple[Save, Match | None]:
    """The save in `text` and its match replayed (None when the save has no match).

    SaveError says why it cannot be restored: malformed text, another format, settings this
    page does not have, a record the engine refuses, or a position the match never had."""
    save = parse(text)
    check_settings(save.settings, games, info, levels, speeds)
    if save.record is None:
        return save, None
    game = save.record.get("game")
    if not isinstance(game, str) or game not in games:
        raise SaveError(
            _("the match is of a game this page does not have: {game}.").format(game=short(game))
        )
    try:
        match = engine.replay(save.record)
    except ValueError as exc:  # engine.RecordError (the record is refused), or a ValueError
        raise SaveError(
            _("the match does not replay: {reason}").format(reason=error_text(exc))
        ) from None
    except Exception as exc:  # noqa: BLE001 (a hand-edited record must never crash the page)
        raise SaveError(
            _("the match does not replay ({error}).").format(error=f"{type(exc).__name__}: {exc}")
        ) from None
    if save.cur >= len(match.deals):
        raise SaveError(
            _("the deal on the table (number {deal}) was never dealt.").format(deal=save.cur + 1)
        )
    deal = match.deals[save.cur]
    if save.overlay == "summary" and deal.phase != "over":
        raise SaveError(
            _("the summary of deal {deal} was open, but that deal is not over.").format(
                deal=save.cur + 1
            )
        )
    if save.overlay == "over" and not match.is_over:
        raise SaveError(_("the match result was open, but the match is not over."))
    if save.cur < len(match.deals) - 1 and deal.phase != "over":
        raise SaveError(
            _("deal {deal} is on the table, but a later deal was dealt.").format(deal=save.cur + 1)
        )
    if any(not 0 <= s < match.players for s in save.away):
        raise SaveError(
            _("the seats marked away ({seats}) are not at this table.").format(
                seats=short(save.away)
            )
        )
    if save.names is not None and len(save.names) != match.players:
        raise SaveError(
            ngettext(
                "the save names {count} seat, but the match has {players}.",
                "the save names {count} seats, but the match has {players}.",
                len(save.names),
            ).format(count=len(save.names), players=match.players)
        )
    # the page's own marks on the match
    match.practice = save.practice
    if save.names is not None:
        match.seat_names = list(save.names)
    match.friends = save.friends
    return save, match


def same_match(
    match: Match, game: str, seed: str, players: str, options: Mapping[str, Any]
) -> bool:
    """Whether an address (?game=…&seed=… with its players and parsed options) names `match`:
    then opening it resumes the saved match instead of dealing it again."""
    if match.game != game or not seed or seed != str(match.seed):
        return False
    if (int(players) if players else match.rules.default_players) != match.players:
        return False
    return dict(options) == dict(match.options)
