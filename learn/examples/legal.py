# The legal cards of the seat to move, and why each other card is not legal.
import engine

match = engine.new_match("koz-maca", seed=7)
match.play("AH")  # seat 1 leads the Ace of Hearts
deal = match.deal
seat = match.to_move
print(f"seat {seat} holds:", " ".join(deal.hand_of(seat)))
print("legal:", " ".join(deal.legal_moves()))
for card in deal.hand_of(seat):
    reason = deal.illegal_reason(card)
    if reason is not None:
        print(f"{card}: {reason}")
