# Deal a hand of Koz Maça (seed 7: the same cards every time).
import engine

match = engine.new_match("koz-maca", seed=7)
deal = match.deal
for seat, hand in enumerate(deal.hands):
    print(f"seat {seat}:", " ".join(hand))
print("trump:", deal.trump, "- to move: seat", match.to_move)
