"""What the live region says at the table (#announce): pure sentences from what the reader saw.

Every sentence is built from `ui.common.seen.Seen` values and `deal.view(seat)` data, never from the
engine's truth, so a card laid face down is said as "a card face down".
"""

from __future__ import annotations

from collections.abc import Sequence

from ui.common import render as R
from ui.common.i18n import _, ngettext
from ui.table import pieces as TP
from ui.table.view import Model, status


def move_sentence(seat: int, move: str, names: Sequence[str]) -> str:
    """A move as the live region says it: the card by its name ("Mehmet plays queen of
    spades."), a face-down play as such, a bid or a trump choice as shown ("Mehmet: Bid 5.")."""
    if not R.is_card_move(move) and not all(t == "??" for t in move.split()):
        return _("{name}: {what}.").format(name=names[seat], what=R.move_label(move))
    what = ", ".join(R.card_label(c) for c in move.split() if R.is_card(c))
    if not what:  # a play seen face down
        what = _("a card face down")
    return (
        _("You play {what}.").format(what=what)
        if seat == 0
        else _("{name} plays {what}.").format(name=names[seat], what=what)
    )


def took_sentence(winner: int, names: Sequence[str]) -> str:
    """Who took the trick."""
    return (
        _("You take the trick.")
        if winner == 0
        else _("{name} takes the trick.").format(name=names[winner])
    )


def turn_sentence(m: Model) -> str:
    """The reader's turn, with what there is to do ("Your turn: 3 playable cards.")."""
    seat = m.view.get("to_move")
    if m.view.get("phase") == "play":
        playable = {c for mv in m.legal for c in str(mv).split() if R.is_card(c)}
        if seat not in (0, None):  # the reader plays every seat (seats=all): whose cards
            text = ngettext(
                "{name} to play: {n} playable card.",
                "{name} to play: {n} playable cards.",
                len(playable),
            ).format(name=m.names[seat], n=len(playable))
            return text + " " + status(m) if m.multi else text
        text = ngettext(
            "Your turn: {n} playable card.", "Your turn: {n} playable cards.", len(playable)
        ).format(n=len(playable))
        return text + " " + status(m) if m.multi else text  # and how many to choose
    return status(m)


def table_sentence(m: Model) -> str:
    """The whole situation in words, for the "read the table" key (R): trump, the deal's
    facts (contract, pairing…), tricks per seat, the trick so far, the hand by suit."""
    v, names = m.view, m.names
    parts: list[str] = []
    t = v.get("trump")
    parts.append(
        _("Trump: {suit}.").format(suit=R.suit_name(t))
        if t in R.SUIT_SYM
        else _("Trump: none") + "."
    )
    for label, value in TP.info_items(v, names):
        parts.append(_("{label}: {value}.").format(label=label, value=value))
    taken = v.get("taken") or []
    if taken:
        per = ", ".join(f"{names[s]} {taken[s]}" for s in range(min(len(names), len(taken))))
        parts.append(_("Tricks: {list}.").format(list=per))
    plays = v.get("trick") or []
    if plays:
        on = "; ".join(
            _("{name}: {cards}").format(
                name=names[seat],
                cards=", ".join(R.card_label(c) for c in str(mv).split() if R.is_card(c))
                or _("a card face down"),
            )
            for seat, mv in plays
        )
        parts.append(_("On the table: {plays}.").format(plays=on))
    else:
        parts.append(_("The table is empty."))
    by_suit: dict[str, list[str]] = {}
    for c in m.hand:
        r, su = R.split_card(c)
        by_suit.setdefault(su, []).append(_(R.RANK_WORD[r]) if r in R.RANK_WORD else r)
    if by_suit:
        suits = "; ".join(f"{R.suit_name(su)}: {', '.join(ranks)}" for su, ranks in by_suit.items())
        parts.append(_("Your hand: {cards}.").format(cards=suits))
    return " ".join(parts)
