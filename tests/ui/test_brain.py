"""The computer players' match in the worker (ui/shell/brain.py): a record that only adds moves to
the one last rebuilt is played on the kept match, and gives the same position as a replay of the
whole record; any other record is replayed."""

from __future__ import annotations

import json
import random

import pytest

import engine
from ui.shell import brain as B


def records(game: str, seed: int, deals: int = 2) -> list[dict[str, object]]:
    """The match's record after each move of its first `deals` deals (the baseline plays)."""
    m = engine.new_match(game, seed=seed)
    rng = random.Random(seed)
    out = [m.record()]
    while not m.is_over and len(m.deals) <= deals:
        d = m.deal
        m.play(str(rng.choice(d.legal_moves())))
        out.append(m.record())
    return out


@pytest.mark.parametrize("game", ["batak", "koz-maca"])
def test_moves_added_are_played_on_the_kept_match(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    replays: list[object] = []
    replay = engine.replay

    def counted(rec: object) -> engine.Match:
        replays.append(rec)
        return replay(rec)

    monkeypatch.setattr(engine, "replay", counted)
    brain = B.Brain()
    recs = records(game, 5)
    for rec in recs:
        m = brain.position(json.dumps(rec))
        assert m.record() == rec  # the same position as a replay of the whole record gives
    assert len(recs) > 20 and len(replays) == 1  # only the first record was replayed
    # a record that does not extend the kept one (moves taken back) is replayed
    m = brain.position(json.dumps(recs[3]))
    assert m.record() == recs[3] and len(replays) == 2
