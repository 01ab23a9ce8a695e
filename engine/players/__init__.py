"""Computer players: the baseline per game family (`*_baseline.py`, registered with
`baseline.policy`), the sampling searches (`*_search.py`, registered with `registry.search` and
loaded only when a search level is used), the sampling core (`sample.py`) and `evaluate.py` (what
a search found for each move, for a teacher).

Players see a seat's observation (`Deal.observation(seat)`) and worlds drawn consistently
with it; they never read another seat's hand or a private field of a deal.
"""

from . import baseline, batak_baseline, bidding_kozel_baseline, kozel_baseline  # noqa: F401
