"""What the computer player found for each move: `evaluate(deal)` runs the same decision as
`engine.ai.choose` (same observation, same seed, same random draws, hence the same move) and
also returns the search's figures per move.

    ev = engine.ai.evaluate(deal, level="strong", seed=0)
    ev.move                      # "QH", exactly engine.ai.choose(deal, level="strong", seed=0)
    ev.values                    # {"QH": 7.4, "2H": 6.9, "AS": 7.1, ...} in ev.unit
    ev.same                      # {"JH": "QH"}: touching cards rated once

Units (`Evaluation.unit`):

- "tricks", the Batak family (Koz Maça, auction and partnership Batak). Card play: the mean
  number of tricks the mover's side (the seat, with its partner in partnership Batak) ends the
  deal with, tricks already taken included. Bidding: per bid, the side's mean tricks as
  declarer with the trump that serves that bid best (`detail` names it); for "pass", the
  side's mean tricks when defending in the search's model of the auction (one other seat
  declares with its longest suit; in auction Batak the defenders' tricks are shared equally,
  so the value is a third of theirs). Trump choice: the side's mean tricks per trump.
- "points", Kozel Miner and Classic: the mean card points of the mover's team at the end of
  the cycle, points already taken included (in Classic a playout stops where the shamok takes
  the Queen of Clubs, which ends the cycle). Card play and, for the marker holder, trump.
- "score", Bidding Kozel: the mean stakes the mover wins or loses this round (its share of the
  pot minus its ante).

The searches do not maximise the value they report: they maximise the expected score, and
that is the measure every decision is judged by (the hint, the play checker and the deal's
review: `engine.teacher.judge`). It is in `utility`, for every rated move, in `score_unit`
(SCORE_UNITS):

- "game-points", the Batak family: the expected score of the deal in the game's points, the
  contract's sign included (a declarer who goes down scores minus the bid), of the mover's
  side minus the others' (their mean in Koz Maça and auction Batak, the other team's in
  partnership Batak), plus a tie-breaker of 0.05 a trick the side takes. In Koz Maça, with no
  contract, that is a point a trick.
- "penalty-points", Kozel Miner and Classic: the penalty points the other team is expected to
  take at the end of the cycle minus those of the mover's team, plus 0.004 a card point of the
  difference in card points (a tie-breaker).
- "score", Bidding Kozel: the stakes the mover is expected to win or lose this round (as
  `values`), plus a tie-breaker of at most 0.002 a card point where the pot goes on points.

A trick more can be worth less than the contract (a trick given up to make the bid), and in
Kozel the card points count only through the penalty. The searches also keep the simple move, the
baseline's (`default`), on ties, and in the games with a stepped score (Batak with a contract,
Kozel, Bidding Kozel) unless another move beats it by `clear_gain` standard errors of the
paired difference over the same worlds: the chosen move need not have the highest value.

Where the move comes from the baseline (`by` is "baseline": the easy level) or is the only
legal one (`by` is "forced"), there is no search and `values` is empty: the baseline decides by
a rule and rates nothing, and playouts to rate its move would cost as much as the search
itself (evaluate at "normal" or "strong" for figures). When every legal card is equivalent the
search rates nothing either: `values` is empty and `same` maps the others to the chosen card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import Deal
from .levels import DEFAULT_LEVEL, choose_action

__all__ = ["SCORE_UNITS", "UNITS", "Evaluation", "evaluate"]

UNITS: dict[str, str] = {
    "koz-maca": "tricks",
    "batak": "tricks",
    "batak-pairs": "tricks",
    "kozel-miner": "points",
    "kozel-classic": "points",
    "bidding-kozel": "score",
}
# The unit of `utility`, the expected score every decision is judged by (the module's text).
SCORE_UNITS: dict[str, str] = {
    "koz-maca": "game-points",
    "batak": "game-points",
    "batak-pairs": "game-points",
    "kozel-miner": "penalty-points",
    "kozel-classic": "penalty-points",
    "bidding-kozel": "score",
}


@dataclass(frozen=True)
class Evaluation:
    """What the search found for the seat to move (see the module's docstring for units).

    - `move`: the chosen move, exactly `engine.ai.choose(deal, seat, level, seed)`.
    - `values`: every move the search rated -> its mean result for the mover's side in `unit`
      (higher is better for the mover), in the order of `deal.legal_moves()`.
    - `unit`: "tricks", "points" or "score".
    - `same`: a legal move not rated separately -> the rated move that stands for it (cards
      that do the same in every world, such as touching ranks).
    - `samples`: how many sampled layouts (worlds) the values average over (0: no search).
    - `forced`: only one legal move.
    - `utility`: every rated move -> the expected score the search maximises, in
      `score_unit` (see the module's docstring): the measure the hint, the play checker and
      the review judge a move by.
    - `score_unit`: "game-points", "penalty-points" or "score" (SCORE_UNITS).
    - `chance`: Batak family with a contract. Bids: the share of worlds in which the mover's
      side makes that bid as declarer (with the trump `detail` names); trump choice: the bid
      made with that trump; card play after the auction: the declaring side makes its bid
      (whichever side the mover is on).
    - `detail`: a short note per move where the number needs one (bids: the trump assumed;
      pass: whom the side defends against).
    - `default`: the simple move (the baseline's) the search keeps on ties and, where
      `clear_gain` > 0, unless another move beats it by that many standard errors of the
      paired difference; None where the search has no such move (bidding, trump choice).
    - `by`: "search", "baseline" (the easy level: a rule that rates nothing) or "forced".
    - `note`: how the move was picked when it is not simply the best `utility`, or why
      `values` is empty.
    """

    move: str
    values: dict[str, float]
    unit: str
    same: dict[str, str]
    samples: int
    forced: bool
    utility: dict[str, float] = field(default_factory=dict)
    chance: dict[str, float] = field(default_factory=dict)
    detail: dict[str, str] = field(default_factory=dict)
    default: str | None = None
    clear_gain: float = 0.0
    by: str = "search"
    note: str = ""
    score_unit: str = ""


def evaluate(
    deal: Deal, seat: int | None = None, level: str = DEFAULT_LEVEL, seed: int = 0
) -> Evaluation:
    """The move `engine.ai.choose(deal, seat, level, seed)` makes and what the search found for
    each move it rated. The same decision runs (same observation, same random draws), with the
    search's figures collected on the side; ValueError as `choose` (nobody to move, a seat
    not to move, an unknown level)."""
    stats: dict[str, Any] = {}
    action = choose_action(deal, seat, level, seed, stats=stats)
    legal = deal.legal_moves()
    order = {m: i for i, m in enumerate(legal)}
    text = deal.action_str

    def per_move(key: str) -> dict[str, Any]:
        got = {text(a): v for a, v in (stats.get(key) or {}).items()}
        return dict(sorted(got.items(), key=lambda kv: order.get(kv[0], len(order))))

    values = {m: float(v) for m, v in per_move("values").items()}
    utility = {m: float(v) for m, v in per_move("utility").items()}
    rated = set(values) | set(utility)
    same = {m: r for m, r in per_move("same").items() if m not in rated and m in order}
    by = str(stats.get("by", "search"))
    note = str(stats.get("note", ""))
    if by == "forced":
        note = "the only legal move"
    elif by == "baseline":
        note = (
            f"the {level} level plays the baseline's rule, which rates no move "
            "(evaluate at 'normal' or 'strong' for figures)"
        )
    default = stats.get("default")
    move = text(action)
    z = float(stats.get("z", 0.0))
    if (
        by == "search"
        and not note
        and default is not None
        and utility
        and utility.get(move, 0.0) < max(utility.values()) - 1e-9
    ):
        note = (
            f"the simple move {move} is kept: no move beats it by {z:g} standard errors "
            "over the same worlds"
        )
    return Evaluation(
        move=move,
        values=values,
        unit=str(stats.get("unit") or UNITS.get(deal.game, "score")),
        same={m: text(r) for m, r in same.items()},
        samples=int(stats.get("samples", 0)),
        forced=len(legal) == 1,
        utility=utility,
        chance={m: float(v) for m, v in per_move("chance").items()},
        detail={m: str(v) for m, v in per_move("detail").items()},
        default=None if default is None else text(default),
        clear_gain=z,
        by=by,
        note=note,
        score_unit=SCORE_UNITS.get(deal.game, "score"),
    )
