"""The strong player for the Batak family (Koz Maça, auction Batak, partnership Batak).

Card play: determinized Monte Carlo. From the seat's own view the unseen cards are dealt to
the other seats many times; in each world every candidate card (one per group of equivalent
cards) is played out to the end of the deal by a fast heuristic policy on per-suit rank lists,
and the card with the best mean result for the game's goal is chosen (the seat's score minus
the others' mean: tricks in Koz Maça, the contract's score in Batak, the team's in partnership
Batak). Every candidate in a world is played out with the same playout luck, so the comparison
between two cards is about the cards; ties go to the baseline's move, and in the contract games
(whose score is a step) the search departs from the baseline's move only for a clear gain.

What shapes the worlds: the rules' proofs (a seat that did not follow is void; one that did
not trump is void in trumps too; one that could not overtake holds nothing higher; a trump
lead before trumps were broken means only trumps), what the plays suggest if the seat plays
like the policy (a low lead: no sure winner; second hand high: nothing higher; a low card to a
lost trick: nothing lower), dropped for a seat whose plays contradict it and used in most
worlds only, and the auction (a bid means a hand strong enough for it, a pass a weak one).

Bidding and trump: the same worlds, played out with the seat as declarer under each trump,
give the tricks its side takes; the seat bids the lowest bid whose expected score beats
defending (the declarer scores the tricks taken, so a higher bid only adds risk), the forced
dealer bids its best, and the declarer names the trump with the best expected score.

Everything comes from the seat's observation (`Deal.observation`); the perfect-information
upper bound of the benchmark alone gets the real hands (`Worlds.truth`) instead of samples.

The player by job: `batak_worlds` (world sampling), `batak_playout` (the playout policy) and
`batak_choice` (the goal, and the card, bid and trump chosen); this module registers the
search and re-exports their functions. Their settings (upper-case names) are set on the module
that holds them (e.g. `batak_choice.PARTNER_RAISE`).
"""

from __future__ import annotations

import random

from ..core import Action, Observation
from ..games.batak import BatakObservation
from .batak_choice import (
    candidates,
    choose_bid,
    choose_bid_auction,
    choose_bid_lowest,
    choose_card,
    choose_trump,
    exact_card,
    exact_side,
    exact_value,
    side_tricks,
    value,
)
from .batak_playout import Ranks, playout, playout_ranks, ranks_of
from .batak_worlds import auction_bounds, knowledge, sample_worlds, short_leads, trick_plays
from .registry import Stats, Worlds, search

__all__ = [
    "GAMES",
    "Ranks",
    "auction_bounds",
    "candidates",
    "choose",
    "choose_bid",
    "choose_bid_auction",
    "choose_bid_lowest",
    "choose_card",
    "choose_trump",
    "exact_card",
    "exact_side",
    "exact_value",
    "knowledge",
    "playout",
    "playout_ranks",
    "ranks_of",
    "sample_worlds",
    "short_leads",
    "side_tricks",
    "trick_plays",
    "value",
]

GAMES = ("koz-maca", "batak", "batak-pairs")


@search(*GAMES)
def choose(
    obs: Observation,
    budget: int,
    rng: random.Random,
    worlds: Worlds,
    deadline: float | None = None,
    stats: Stats | None = None,
) -> Action:
    assert isinstance(obs, BatakObservation)
    truth = worlds.true_hands()
    if obs.phase == "bidding":
        return choose_bid(obs, budget, rng, truth, stats)
    if obs.phase == "trump":
        return choose_trump(obs, budget, rng, truth, stats)
    return choose_card(obs, budget, rng, truth, deadline, stats, worlds)
