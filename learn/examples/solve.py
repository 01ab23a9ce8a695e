# Solve an ending: every card visible, the best that the seat to move can force.
import engine
from engine import ai
from engine.solver import solve

match = engine.new_match("koz-maca", seed=7)
while len(match.deal.hand_of(match.to_move)) > 5:  # play on to five cards each
    match.play(ai.choose(match.deal, level="easy"))
deal = match.deal
seat = match.to_move
for s, hand in enumerate(deal.hands):
    print(f"seat {s}:", " ".join(hand))
result = solve(deal, [seat], best_moves=True)
print(f"seat {seat} takes {result.value} more {result.unit} ({result.total} in all)")
print("best cards:", " ".join(result.best))
