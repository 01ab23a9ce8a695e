"""An exact solver for an open deal: every card visible, the best result a side can force.

From the current position of a deal in the card-play phase, `solve(deal, side)` finds what the
seats in `side` take from now on when they play together against all the other seats together
and both play perfectly with every hand visible (a "double dummy" result):

- Batak family (`koz-maca`, `batak`, `batak-pairs`): tricks. For an auction contract,
  `SolveResult.contract_made` says whether the declaring side could make its bid.
- Kozel (`kozel-miner`, `kozel-classic`): card points (A 11, 10 10, K 4, Q 3, J 2) of the
  tricks the side takes. In Classic, a trick in which the shamok takes the Queen of Clubs
  ends the cycle at once: the cards still in hand count for nobody (as the engine counts them).
- Bidding Kozel: `Unsupported` (see `UNSUPPORTED_BIDDING_KOZEL` and docs/solver.md).

`move_values(deal, side)` gives, for the seat to move, the value forced after each legal move,
so a caller can tell whether a card played lowered the value.

The search (docs/solver.md): zero-window alpha-beta searches (MTD(f)) on the integer value,
from a first guess; a transposition table of value bounds at trick boundaries keyed by
relative ranks (with the best lead found there); bounds from sure winners, each seat's
unbeaten trumps and drawing trumps; move ordering (a lead history, a team lead order,
cheapest winners); and equivalent-card pruning (cards of one hand that are next to each other in their suit's
order, counting only the cards still in play, are played as one). The position is
a bitmask per hand and the trick in progress; cards are renumbered so that within a suit (in
Kozel: within a plain suit, or the trumps as one suit) a higher bit is a higher card. The play
obligations are the engine's (`engine.games.batak.legal_cards`,
`engine.games.kozel.legal_cards`) written on bitmasks; tests/engine/test_solver.py checks them
against the engine move by move and the values against a brute-force minimax.

The package by job: `position` (the position on bitmasks and the rules on it), `bounds` (what
the side can still take, for cut-offs) and `search` (the search, `Solver`, `solve`,
`move_values`).
"""

from __future__ import annotations

from .position import UNSUPPORTED_BIDDING_KOZEL, Unsupported, supported
from .search import Solver, SolveResult, SolveTimeout, move_values, solve

__all__ = [
    "UNSUPPORTED_BIDDING_KOZEL",
    "SolveResult",
    "SolveTimeout",
    "Solver",
    "Unsupported",
    "move_values",
    "solve",
    "supported",
]
