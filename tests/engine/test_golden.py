"""Golden records: whole recorded deals per game with their expected results.

Each record is also replayed by `tests/reference_batak.py`, an independent plain reading of
the rule book, which must agree with the engine on every play's legality and on the scores.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from tests import reference_batak

GOLDEN = sorted((Path(__file__).resolve().parents[1] / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record(path: Path) -> None:
    """A recorded match replays to exactly the stored results and totals."""
    data = json.loads(path.read_text())
    rec = data["record"]
    m = engine.replay(rec)
    for deal, want in zip(m.deals, data["results"]):
        assert deal.result is not None
        got = {k: deal.result[k] for k in ("tricks", "points", "delta")}
        assert got == want
    assert m.totals == data["totals_after"]
    assert m.record()["deals"][: len(rec["deals"])] == rec["deals"]


@pytest.mark.parametrize(
    "path", [p for p in GOLDEN if p.stem.split("-")[0] in ("koz", "batak")], ids=lambda p: p.stem
)
def test_golden_matches_reference(path: Path) -> None:
    """An independent reading of RULES.md §1 accepts every play and computes the same scores."""
    data = json.loads(path.read_text())
    game = data["record"]["game"]
    for deal, want in zip(data["record"]["deals"], data["results"]):
        assert reference_batak.check_deal(game, deal) == want


def test_reference_agrees_on_random_deals() -> None:
    """Random Batak-family deals played by the engine are legal and scored alike by the reference."""
    import random

    for game in ("koz-maca", "batak", "batak-pairs"):
        for seed in range(15):
            m = engine.new_match(game, seed=seed)
            rng = random.Random(seed)
            while len(m.deals) == 1:
                m.play(rng.choice(m.deal.legal_moves()))
            d = m.deals[0]
            assert d.result is not None
            want = {k: d.result[k] for k in ("tricks", "points", "delta")}
            assert reference_batak.check_deal(game, d.setup()) == want
