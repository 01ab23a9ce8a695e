# The computer's card, and the figures it chose it by.
import engine
from engine import ai

match = engine.new_match("koz-maca", seed=7)
match.play("AH")
deal = match.deal
print("easy level plays:", ai.choose(deal, level="easy"))
ev = ai.evaluate(deal, level="normal", seed=1)
print(f"normal level plays {ev.move} ({ev.samples} hands thought through)")
for move, value in sorted(ev.values.items(), key=lambda mv: -mv[1]):
    print(f"  {move}: {value:.2f} {ev.unit} expected")
