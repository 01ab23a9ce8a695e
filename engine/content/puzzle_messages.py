"""What the puzzle loader (engine.content.puzzles) says about a puzzle file, in English. Its own
module so that `engine` registers the messages without importing the puzzle builder, which
`python3 -m engine.content.puzzles` runs as a script."""

from __future__ import annotations

from ..messages import add_english

add_english(
    {
        "puzzles.not_json": "The puzzle file is not JSON: {why}.",
        "puzzles.not_object": "A puzzle file must be a JSON object with format, version, game and "
        "puzzles.",
        "puzzles.format": "This is not a puzzle file: its 'format' is {value}.",
        "puzzles.version": "The puzzle file is version {have}; this table reads version {want}. "
        "Build the puzzles again.",
        "puzzles.game": "The puzzle file's game {game} is not one with puzzles ({games}).",
        "puzzles.list": "The puzzle file's 'puzzles' must be a list of puzzle objects.",
        "puzzles.bad": "Puzzle {index}: {why}",
        "puzzles.in": "Puzzle {id}: {reason}",
        "puzzles.field": "'{field}' is missing or not {kind}.",
        "puzzles.unknown_fields": "unknown field(s): {fields}.",
        "puzzles.duplicate": "the id is used by an earlier puzzle.",
        "puzzles.record_game": "its record is for {record_game}, not {game}.",
        "puzzles.record_one_deal": "its record must have exactly one deal, and that deal must list "
        "'hands'.",
        "puzzles.replay": "the position does not replay: {reason}",
        "puzzles.not_play": "the position is not in card play.",
        "puzzles.seat": "seat {seat} is not to move in the position.",
        "puzzles.side": "the side must be the mover's side {want}.",
        "puzzles.illegal_best": "the right move '{move}' is not legal in the position.",
        "puzzles.line": "the line after '{move}' does not replay: {reason}",
        "puzzles.line_end": "the line after '{move}' does not reach the end of the deal.",
        "puzzles.unproved": "the solver does not confirm it: {why}",
    }
)
