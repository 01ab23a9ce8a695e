"""Kozel: Miner (36 cards) and Classic (24 or 32 cards), two fixed teams, partners opposite.

Rules: `docs/rules.md` §4–5 (the rule book's §2, seed 002). Four players play clockwise (seat i+1 follows seat i);
seats 0+2 and 1+3 are partners. The whole deck is dealt; a deal is one *cycle*. Card points
A 11, 10 10, K 4, Q 3, J 2 (120 a deck). Permanent trumps (Miner: the Jacks; Classic: the Queens,
the Jacks and the shamok) belong to no plain suit. The team with fewer card points takes penalty
points; the first team to reach 12 (6 on short tables) loses the match.

Every card of a cycle gets two numbers from a table cached per (variant, deck, trump): its
*effective suit* (0..3 for a plain suit, `TRUMP` for any trump) and its *strength* (plain cards
0..7 by A 10 K Q 9 8 7 6; trumps 100 and up along the ladder). Following and the trick winner
are then two comparisons per card.

House decisions taken here (RULES.md marks the rule ones [house]; these are the engine's):
- Re-deal. Dealing from the seed, a hand that needs a re-deal (≤ 13 points; Classic also all
  four Queens in one hand) is dealt again at once from the same generator, so a re-deal never
  appears in a match or its record (`deal.thrown_in` says why hands were thrown in). A record whose *given* hands need a re-deal is played as a
  deal that is over at once with reason "redeal": zero delta, no tricks, the same dealer deals
  the next deal, and it counts as no cycle (it fixes no Miner pairing, passes no ownership, does
  not use up Classic's chosen first-cycle trump, keeps a pending eggs doubling). A Classic trump
  announced before a deal is kept through its re-deal.
- Classic random trump (marker-chosen tables, cycle 2 on): drawn uniformly from the deal's own
  generator before the cards are dealt; a record deal may fix it with `"trump": "H"`.
- Miner pairing: fixed from the marker holder of the first cycle that is played (an eggs cycle
  counts, a re-deal does not) and kept in `match.info["pairing"]` (seat -> suit letter).
- Classic ownership after a shamok ending: the winner of the last trick played (the trick in
  which the shamok took the Queen of Clubs).
- Eggs doubling (option): every penalty of the next played cycle is doubled: the normal table,
  lusya and the shamok's 4. Doubling does not stack.
- Lusya is 12 (6 short), which equals the losing target, so a lusya always ends the match
  (the seed's "and the game goes on" cannot apply with these numbers; RULES.md's target wins).
- Deal results: `result["reason"]` is "normal" | "lusya" | "eggs" | "shamok" | "redeal";
  `points` are each seat's team card points, `delta` the penalty points added (partners equal).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..cards import (
    CARD_STR,
    DECK_24,
    DECK_32,
    DECK_36,
    SUITS,
    card,
    kozel_points,
    parse_card,
    sort_key,
)
from ..core import (
    Action,
    Deal,
    Match,
    Observation,
    Option,
    RecordError,
    Rules,
    check_hands,
    register,
)
from ..messages import ENGLISH, Message, add_english, from_json, msg
from ..messages import card as mcard
from ..messages import seat as mseat
from ..messages import seats as mseats
from ..messages import suit as msuit
from ..sampling import deal_unseen

# What this game tells a player, in English (the key is the stable part).
add_english(
    {
        "kozel.name_trump": "{seat} holds the marker {marker} and names trump first (trump S, H, "
        "D or C).",
        # A sentence about the reader (`Message.you_key`): "<key>.you.<param>".
        "kozel.name_trump.you.seat": "You hold the marker {marker} and name trump first (trump S, "
        "H, D or C).",
        "kozel.trump_already_set": "Trump is already set for this cycle: play a card.",
        "kozel.kozyryatnik": "{card} is a trump, and only the team holding the kozyryatnik (the "
        "owner's team: {team}) may open a trick with a trump while you still "
        "hold plain cards.",
        "kozel.follow_trump": "A trump ({lead}) was led: you must play a trump.",
        "kozel.follow_trump_printed": "A trump ({lead}) was led: you must play a trump. {card} is "
        "a plain {suit:one} and does not follow the trump {lead}.",
        "kozel.follow_plain_printed": "You must follow with a plain {led:one}: {card} is a trump "
        "in Kozel and does not follow {led:name}.",
        "kozel.follow_plain_not_trump": "You must follow with a plain {led:one} ({led:name} were "
        "led): a trump may not replace it.",
        "kozel.follow_plain": "{led:Name} ({led}) were led: you must follow with a plain {led:one}.",
        "kozel.redeal_weak": "{seat}'s hand is worth {points} points (13 or less)",
        "kozel.redeal_queens": "{seat} holds all four Queens",
        "kozel.redeal_weak.you.seat": "your hand is worth {points} points (13 or less)",
        "kozel.redeal_queens.you.seat": "you hold all four Queens",
        "kozel.record_miner_trump": "Unknown deal field: trump (Miner's trump follows the marker).",
        "kozel.record_trump_suit": "'trump' must be S, H, D or C, not {value}.",
        "kozel.record_trump_fixed": "This table's trump is fixed to {fixed}, not {given}.",
        "kozel.record_trump_first_cycle": "In the first cycle the marker holder names trump with a "
        "move ('trump H'); the deal may not fix it.",
        "kozel.must_trump": "You have no plain {led:one}, and this table plays 'must trump when "
        "void': play a trump.",
    }
)

TRUMP = 4  # the effective suit of every trump card
JACK_ORDER = (3, 0, 1, 2)  # clubs, spades, hearts, diamonds: the order of Jacks and Queens
POINTS: tuple[int, ...] = tuple(kozel_points(c) for c in range(64))

# Plain suit order, low to high (the index is the strength): 6 7 8 9 Q K 10 A.
_PLAIN_ORDER = (6, 7, 8, 9, 12, 13, 10, 14)
_OWN_TRUMP_ORDER = (14, 10, 13, 12, 9, 8, 7, 6)  # a trump suit's own cards, high to low


class Tables:
    """Effective suit and strength of every card for one (variant, deck, trump) setup."""

    __slots__ = ("eff", "ladder", "plain", "strength")

    def __init__(self, deck: list[int], ladder: list[int]) -> None:
        eff = [-1] * 64
        strength = [-1] * 64
        top = len(ladder)
        for i, c in enumerate(ladder):
            eff[c] = TRUMP
            strength[c] = 100 + top - i
        plain: dict[int, tuple[int, ...]] = {}
        for s in range(4):
            cards = [c for c in deck if c >> 4 == s and eff[c] != TRUMP]
            cards.sort(key=lambda c: _PLAIN_ORDER.index(c & 15), reverse=True)
            plain[s] = tuple(cards)
            for c in cards:
                eff[c] = s
                strength[c] = _PLAIN_ORDER.index(c & 15)
        self.eff: tuple[int, ...] = tuple(eff)
        self.strength: tuple[int, ...] = tuple(strength)
        self.ladder: tuple[int, ...] = tuple(ladder)  # trumps, highest first
        self.plain = plain  # plain suit -> its cards, highest first


_TABLES: dict[tuple[str, int, int], Tables] = {}


def miner_tables(trump: int) -> Tables:
    """Miner, trump X: 6X (mat) > JC JS JH JD > A 10 K Q 9 8 7 of X; plain A 10 K Q 9 8 7 6."""
    key = ("miner", 36, trump)
    t = _TABLES.get(key)
    if t is None:
        ladder = [card(6, trump)] + [card(11, s) for s in JACK_ORDER]
        ladder += [card(r, trump) for r in _OWN_TRUMP_ORDER if r not in (6, 11)]
        t = _TABLES[key] = Tables(DECK_36, ladder)
    return t


def classic_tables(deck: int, trump: int) -> Tables:
    """Classic, trump X: shamok > QC QS QH QD > JC JS JH JD > X's own A 10 K (9 8 7 | 6)."""
    key = ("classic", deck, trump)
    t = _TABLES.get(key)
    if t is None:
        cards = DECK_24 if deck == 24 else DECK_32
        shamok = card(6 if deck == 24 else 7, 3)
        ladder = [shamok] + [card(12, s) for s in JACK_ORDER] + [card(11, s) for s in JACK_ORDER]
        ranks = {c & 15 for c in cards}
        ladder += [
            card(r, trump)
            for r in _OWN_TRUMP_ORDER
            if r in ranks and r not in (11, 12) and card(r, trump) != shamok
        ]
        t = _TABLES[key] = Tables(cards, ladder)
    return t


def hand_points(hand: list[int]) -> int:
    return sum(POINTS[c] for c in hand)


# --------------------------------------------------------------------------------------------
# The rules as small pure functions (the deal, the players and the tests call these)


def legal_cards(
    hand: Sequence[int],
    eff: Sequence[int],
    led: int,
    seat: int,
    owner: int | None,
    classic: bool,
    must_trump: bool,
) -> list[int]:
    """The cards of `hand` that may be played (RULES §2): a plain lead is followed with a
    plain card of its suit, a trump lead with a trump, when held; otherwise anything (a trump
    when void on a 'must trump' table). `led` is the led effective suit, -1 when leading: in
    Classic only the owner's team may open with a trump while holding plain cards."""
    if led < 0:
        if classic and owner is not None and (seat ^ owner) & 1:
            plain = [c for c in hand if eff[c] != TRUMP]
            if plain:
                return plain
        return list(hand)
    follow = [c for c in hand if eff[c] == led]
    if follow:
        return follow
    if must_trump:
        trumps = [c for c in hand if eff[c] == TRUMP]
        if trumps:
            return trumps
    return list(hand)


def trick_winner(
    plays: Sequence[tuple[int, int]], eff: Sequence[int], strength: Sequence[int]
) -> int:
    """The seat that takes a trick: the highest trump, else the highest card of the led suit."""
    led = eff[plays[0][1]]
    win, wstr = plays[0][0], strength[plays[0][1]]
    for s, c in plays[1:]:
        if strength[c] > wstr and (eff[c] == TRUMP or eff[c] == led):
            win, wstr = s, strength[c]
    return win


def queen_taken_by_shamok(plays: Sequence[tuple[int, int]], shamok: int, queen: int) -> int | None:
    """Classic: the seat that played the Queen of Clubs when the shamok of the other team is on
    the same finished trick (the cycle ends at once), else None."""
    sh = qc = -1
    for s, x in plays:
        if x == shamok:
            sh = s
        elif x == queen:
            qc = s
    return qc if sh >= 0 and qc >= 0 and (sh ^ qc) & 1 else None


def penalty(
    points: Sequence[int],
    team_tricks: Sequence[int],
    queen_seat: int | None,
    owner: int,
    classic: bool,
    target: int,
    doubled: bool,
) -> tuple[str, int | None, int, bool | None, bool | None]:
    """A finished cycle's (reason, losing team 0/1 or None, penalty, spas, winners own the
    cycle): the shamok taking the Queen of Clubs costs the Queen's team 4; a team with no trick
    takes the lusya (`target`); 60:60 is eggs; else the team with fewer card points loses, by
    the variant's table; everything doubled after eggs when the table says so."""
    spas: bool | None = None
    winners_own: bool | None = None
    loser: int | None
    if queen_seat is not None:
        reason, loser, pen = "shamok", queen_seat & 1, 4
    elif 0 in team_tricks:
        reason, loser, pen = "lusya", list(team_tricks).index(0), target
    elif points[0] == points[1]:
        return "eggs", None, 0, None, None
    else:
        reason = "normal"
        loser = 0 if points[0] < points[1] else 1
        spas = points[loser] >= 31
        if classic:
            pen = 2 if spas else 4
        else:
            winners_own = (owner & 1) != loser
            pen = (1 if spas else 2) if winners_own else (2 if spas else 3)
    return reason, loser, pen * (2 if doubled else 1), spas, winners_own


def proven_voids(
    tricks: Sequence[Sequence[tuple[int, int]]],
    eff: Sequence[int],
    classic: bool,
    owner: int | None,
    must_trump: bool,
) -> list[set[int]]:
    """The effective suits (0..3 plain, TRUMP) each seat has shown it does not hold: it did
    not follow the led suit; on a 'must trump' table it did not trump either; in Classic a
    trump lead by the team without the kozyryatnik shows a hand of trumps only."""
    void: list[set[int]] = [set() for _ in range(4)]
    for plays in tricks:
        if not plays:
            continue
        s0, c0 = plays[0]
        led = eff[c0]
        if classic and led == TRUMP and owner is not None and (s0 ^ owner) & 1:
            void[s0].update(range(4))
        for s, c in plays[1:]:
            if eff[c] != led:
                void[s].add(led)
                if must_trump and led != TRUMP and eff[c] != TRUMP:
                    void[s].add(TRUMP)
    return void


@dataclass(frozen=True)
class KozelObservation(Observation):
    """A seat's view of a Kozel cycle: the common view plus the cycle's public facts."""

    classic: bool
    must_trump: bool
    owner: int | None
    marker: int
    marker_holder: int | None
    doubled: bool
    team_points: tuple[int, int]  # card points taken so far by seats 0+2 and 1+3
    shamok: int  # Classic's top trump (-1 in Miner)
    queen: int
    deck: tuple[int, ...]
    target: int  # penalty points that lose the match (and the lusya)
    tables: Tables | None  # this cycle's card order (None until trump is known)
    tables_by_trump: tuple[Tables, ...]  # the card order each trump suit would give

    def voids(self) -> list[set[int]]:
        if self.tables is None:
            return [set() for _ in range(4)]
        return proven_voids(
            self.trick_plays(),  # type: ignore[arg-type]
            self.tables.eff,
            self.classic,
            self.owner,
            self.must_trump,
        )


# --------------------------------------------------------------------------------------------
# The deal (one cycle)


class KozelDeal(Deal):
    """One cycle of Kozel Miner or Classic."""

    def __init__(
        self,
        rules: KozelRules,
        index: int,
        dealer: int,
        hands: list[list[int]],
        info: Mapping[str, Any],
        trump: int | None,
        redeal: Message | None,
    ) -> None:
        super().__init__(rules, index, dealer, hands)
        self.classic = rules.classic
        self.must_trump: bool = rules.options["must_trump"]
        self.cycle: int = int(info.get("cycles", 0)) + 1  # the number of this cycle if played
        self.marker: int = rules.marker
        self.doubled: bool = bool(info.get("double", False))
        self.reason: str | None = None
        self.redeal_why: str | None = None if redeal is None else str(redeal)
        self.redeal_message: Message | None = redeal
        self.thrown_in: list[str] = []  # why earlier deals from the seed were dealt again
        self.shamok: int = rules.shamok
        self.queen: int = card(12, 3)
        self.owner: int | None = None
        self.marker_holder: int | None = None
        self.pairing: dict[int, str] | None = None  # Miner: seat -> suit letter
        self._tables: Tables | None = None
        self._eff: tuple[int, ...] = ()
        self._str: tuple[int, ...] = ()
        self._led = -1
        self._win_seat = -1
        self._win_str = -1
        self._team_points = [0, 0]
        self._ntricks = len(hands[0])
        self.trump_suit = trump
        if redeal is not None:
            self._over_redeal()
            return
        holder = next(s for s, h in enumerate(hands) if self.marker in h)
        self.marker_holder = holder
        if not self.classic:
            pairing = info.get("pairing")
            if pairing is None:
                suits = {
                    (holder + k) % 4: SUITS[s]  # holder ♣, next ♠, partner ♥, last ♦
                    for k, s in enumerate((3, 0, 1, 2))
                }
                pairing = {seat: suits[seat] for seat in range(4)}
            self.pairing = dict(pairing)
            self.trump_suit = SUITS.index(self.pairing[holder])
            self.owner = holder
        else:
            nxt = info.get("next_owner")
            self.owner = holder if self.cycle == 1 or nxt is None else int(nxt)
        if self.trump_suit is None:  # Classic, marker-chosen, first cycle: the holder names it
            self.phase = "trump"
            self.to_move = holder
        else:
            self._start_play()

    def _start_play(self) -> None:
        assert self.trump_suit is not None
        rules = self.rules
        assert isinstance(rules, KozelRules)
        t = rules.tables(self.trump_suit)
        self._tables = t
        self._eff = t.eff
        self._str = t.strength
        self.phase = "play"
        self.to_move = self.owner
        self._trick_leader = self.owner

    def _over_redeal(self) -> None:
        self.phase = "over"
        self.to_move = None
        self.reason = "redeal"
        self.result = {
            "tricks": [0] * 4,
            "points": [0] * 4,
            "delta": [0] * 4,
            "reason": "redeal",
            "why": self.redeal_why,
            "why_message": (None if self.redeal_message is None else self.redeal_message.to_json()),
            "loser": None,
            "spas": None,
            "winners_own": None,
            "penalty": 0,
            "doubled": self.doubled,
            "owner": None,
            "trump": self.trump,
            "last_trick": None,
            "queen_by": None,
            "shamok_by": None,
        }

    # --- what the table shows ---------------------------------------------------------------
    @property
    def kozyryatnik(self) -> list[int] | None:
        """Classic: the seats of the team that may open tricks with a trump (the owner's)."""
        if not self.classic or self.owner is None:
            return None
        return [s for s in range(4) if (s ^ self.owner) & 1 == 0]

    @property
    def ladder(self) -> list[str]:
        """This cycle's trumps, highest first ([] until trump is known)."""
        return [CARD_STR[c] for c in self._tables.ladder] if self._tables else []

    def plain_order(self, suit: str) -> list[str]:
        """The plain cards of a suit this cycle, highest first."""
        if self._tables is None:
            return []
        return [CARD_STR[c] for c in self._tables.plain[SUITS.index(suit.upper())]]

    @property
    def points(self) -> list[int]:
        """Card points taken so far, per seat (each seat shows its team's)."""
        return [self._team_points[s & 1] for s in range(4)]

    def is_trump(self, c: int) -> bool:
        return bool(self._eff) and self._eff[c] == TRUMP

    # --- legality ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.phase == "play":
            return self._legal_cards()  # type: ignore[return-value]
        if self.phase == "trump":
            return [("trump", s) for s in range(4)]
        return []

    def _legal_cards(self) -> list[int]:
        seat = self.to_move
        assert seat is not None
        return legal_cards(
            self._hands[seat],
            self._eff,
            self._led if self._trick else -1,
            seat,
            self.owner,
            self.classic,
            self.must_trump,
        )

    def why_not(self, action: Action) -> Message:
        seat = self.to_move
        if self.phase == "trump":
            assert seat is not None
            return msg("kozel.name_trump", seat=mseat(seat), marker=mcard(self.marker))
        if not isinstance(action, int):
            if isinstance(action, tuple) and action[0] == "trump":
                return msg("kozel.trump_already_set")
            return msg("illegal.play_a_card")
        h = self._hands[seat]  # type: ignore[index]
        if action not in h:
            return msg("illegal.not_in_hand", card=mcard(action))
        eff = self._eff
        e = eff[action]
        printed = action >> 4
        if not self._trick:
            return msg("kozel.kozyryatnik", card=mcard(action), team=mseats(self.kozyryatnik or []))
        led = self._led
        lead = self._trick[0][1]
        if led == TRUMP:
            if e != TRUMP and printed == lead >> 4:
                return msg(
                    "kozel.follow_trump_printed",
                    lead=mcard(lead),
                    card=mcard(action),
                    suit=msuit(printed),
                )
            return msg("kozel.follow_trump", lead=mcard(lead))
        if any(eff[c] == led for c in h):
            if e == TRUMP and printed == led:
                return msg("kozel.follow_plain_printed", led=msuit(led), card=mcard(action))
            if e == TRUMP:
                return msg("kozel.follow_plain_not_trump", led=msuit(led))
            return msg("kozel.follow_plain", led=msuit(led))
        return msg("kozel.must_trump", led=msuit(led))

    def would_win(self, c: int) -> bool:
        """Whether card `c`, played now, would take the lead of the trick in progress."""
        if not self._trick:
            return True
        e = self._eff[c]
        return (e == TRUMP or e == self._led) and self._str[c] > self._win_str

    def winning_seat(self) -> int | None:
        """The seat now winning the trick in progress (None before the lead)."""
        return self._win_seat if self._trick else None

    # --- applying moves ---------------------------------------------------------------------
    def apply_action(self, action: Action) -> None:
        if self.phase == "play":
            self._play_card(action)  # type: ignore[arg-type]
        elif self.phase == "trump":
            assert isinstance(action, tuple)
            self.trump_suit = action[1]
            self._start_play()

    def _play_card(self, c: int) -> None:
        seat = self.to_move
        assert seat is not None
        self._hands[seat].remove(c)
        trick = self._trick
        st = self._str[c]
        if not trick:
            self._trick_leader = seat
            self._led = self._eff[c]
            self._win_seat = seat
            self._win_str = st
        elif st > self._win_str:
            e = self._eff[c]
            if e == TRUMP or e == self._led:
                self._win_seat = seat
                self._win_str = st
        trick.append((seat, c))
        if len(trick) < 4:
            self.to_move = (seat + 1) & 3
            return
        winner = self._win_seat
        self._team_points[winner & 1] += (
            POINTS[trick[0][1]] + POINTS[trick[1][1]] + POINTS[trick[2][1]] + POINTS[trick[3][1]]
        )
        self._tricks.append((self._trick_leader, trick, winner))  # type: ignore[arg-type]
        self.taken[winner] += 1
        self._trick = []
        if self.classic:
            qc = queen_taken_by_shamok(trick, self.shamok, self.queen)
            if qc is not None:
                self._finish(qc)
                return
        if len(self._tricks) == self._ntricks:
            self._finish(None)
        else:
            self.to_move = winner
            self._trick_leader = winner

    # --- scoring ----------------------------------------------------------------------------
    def _finish(self, queen_seat: int | None) -> None:
        self.phase = "over"
        self.to_move = None
        rules = self.rules
        assert isinstance(rules, KozelRules) and self.owner is not None
        pts = self._team_points
        team_tricks = [self.taken[0] + self.taken[2], self.taken[1] + self.taken[3]]
        reason, loser, pen, spas, winners_own = penalty(
            pts, team_tricks, queen_seat, self.owner, self.classic, rules.target, self.doubled
        )
        self.reason = reason
        delta = [pen if loser is not None and s & 1 == loser else 0 for s in range(4)]
        self.result = {
            "tricks": list(self.taken),
            "points": [pts[s & 1] for s in range(4)],
            "delta": delta,
            "reason": reason,
            "loser": None if loser is None else [loser, loser + 2],
            "spas": spas,
            "winners_own": winners_own,
            "penalty": pen,
            "doubled": self.doubled,
            "owner": self.owner,
            "trump": self.trump,
            "last_trick": self._tricks[-1][2],
            "queen_by": queen_seat,
            "shamok_by": (
                next(s for s, x in self._tricks[-1][1] if x == self.shamok)
                if queen_seat is not None
                else None
            ),
        }

    # --- what a seat knows -------------------------------------------------------------------
    def observation(self, seat: int) -> KozelObservation:
        rules = self.rules
        assert isinstance(rules, KozelRules)
        f = self.observation_fields(seat)
        f["classic"] = self.classic
        f["must_trump"] = self.must_trump
        f["owner"] = self.owner
        f["marker"] = self.marker
        f["marker_holder"] = self.marker_holder
        f["doubled"] = self.doubled
        f["team_points"] = (self._team_points[0], self._team_points[1])
        f["shamok"] = self.shamok
        f["queen"] = self.queen
        f["deck"] = rules.deck_cards
        f["target"] = rules.target
        f["tables"] = self._tables
        f["tables_by_trump"] = rules.tables_by_trump
        return KozelObservation.build(f)

    def resample(self, seat: int, rng: random.Random) -> KozelDeal:
        """A copy of the cycle with the cards `seat` cannot see dealt again at random,
        consistently with what the plays proved (voids)."""
        obs = self.observation(seat)
        played = obs.played_cards()
        unseen = [c for c in obs.deck if c not in played and c not in obs.hand]
        voids = obs.voids()
        eff = self._eff
        sizes = {s: obs.hand_sizes[s] for s in range(4) if s != seat}
        allowed = {s: {c for c in unseen if not eff or eff[c] not in voids[s]} for s in sizes}
        hands = deal_unseen(unseen, sizes, [allowed], rng)
        world = self.clone()
        assert isinstance(world, KozelDeal)
        for s, h in hands.items():
            world._hands[s] = sorted(h, key=sort_key)
        return world

    # --- views and records ------------------------------------------------------------------
    def setup_extra(self) -> dict[str, Any]:
        rules = self.rules
        assert isinstance(rules, KozelRules)
        if rules.classic and self.trump_suit is not None and not self._trump_named_by_move():
            return {"trump": self.trump}
        return {}

    def _trump_named_by_move(self) -> bool:
        return any(m.startswith("trump ") for m in self.moves)

    def view_extra(self, seat: int) -> dict[str, Any]:
        pairing = None if self.pairing is None else dict(self.pairing)
        return {
            "owner": self.owner,
            "kozyryatnik": self.kozyryatnik,
            "pairing": pairing,
            "marker": CARD_STR[self.marker],
            "marker_holder": self.marker_holder,
            "reason": self.reason,
            "cycle": self.cycle,
            "doubled": self.doubled,
            "points": self.points,
            "ladder": self.ladder,
            "thrown_in": list(self.thrown_in),
        }


# --------------------------------------------------------------------------------------------
# The two games


_COMMON_OPTIONS = (
    Option(
        "short",
        False,
        None,
        "Short game: the match is lost at 6 penalty points and a lusya costs 6 (instead of 12)",
    ),
    Option(
        "must_trump",
        False,
        None,
        "Must trump when void: with no card of the led plain "
        "suit, a player holding a trump must play one",
    ),
    Option(
        "eggs_double",
        False,
        None,
        "Eggs double: after a 60:60 cycle every penalty of the "
        "next cycle is doubled (doubling does not stack)",
    ),
)


# What the table says about a finished cycle, next to a seat and as a cycle starts, in English.
add_english(
    {
        "result.kozel.redeal": "Re-deal: {why}. The score is unchanged.",
        "result.kozel.weak_hand": "a hand was too weak",
        "result.kozel.eggs": "Eggs: 60 : 60. No penalty; the cards are dealt again.",
        "result.kozel.shamok": "The shamok ({shamok_by}) took the Queen of Clubs ({queen_by}): the "
        "cycle ends at once and {loser} take {penalty}.",
        "result.kozel.card_points": "Card points: {team} {points}, {other} {other_points}.",
        "result.kozel.lusya": "Lusya: {loser} took no trick and take {penalty}.",
        "result.kozel.lost": "{loser} lose the cycle ({spas}) and take {penalty}.",
        "result.kozel.lost_own": "{loser} lose the cycle ({spas}) and take {penalty}. The winners "
        "held the marker.",
        "result.kozel.lost_not_own": "{loser} lose the cycle ({spas}) and take {penalty}. The "
        "winners did not hold the marker.",
        # Sentences about the reader's team (`Message.you_key`).
        "result.kozel.shamok.you.loser": "The shamok ({shamok_by}) took the Queen of Clubs "
        "({queen_by}): the cycle ends at once and your team takes "
        "{penalty}.",
        "result.kozel.card_points.you.team": "Card points: your team {points}, {other} "
        "{other_points}.",
        "result.kozel.card_points.you.other": "Card points: {team} {points}, your team "
        "{other_points}.",
        "result.kozel.lusya.you.loser": "Lusya: your team took no trick and takes {penalty}.",
        "result.kozel.lost.you.loser": "Your team loses the cycle ({spas}) and takes {penalty}.",
        "result.kozel.lost_own.you.loser": "Your team loses the cycle ({spas}) and takes "
        "{penalty}. The winners held the marker.",
        "result.kozel.lost_not_own.you.loser": "Your team loses the cycle ({spas}) and takes "
        "{penalty}. The winners did not hold the marker.",
        "result.kozel.spas": "spas: 31 or more",
        "result.kozel.no_spas": "no spas: under 31",
        "result.kozel.penalty_point": "{count} penalty point",
        "result.kozel.penalty_points": "{count} penalty points",
        "result.kozel.doubled": "Penalties were doubled after eggs.",
        "tag.kozel.partner": "partner",
        "tag.kozel.holds": "holds {card}",
        "tag.kozel.owner": "owner",
        "notice.kozel.trump": "Trump this cycle: {trump} {trump:name}.",
        "fact.kozel.pairing": "Pairing",
        "fact.kozel.pair": "{seat} {suit}",
        "fact.kozel.marker": "Marker",
        "fact.kozel.marker_holder": "{card} — {seat}",
        "fact.kozel.kozyryatnik": "Kozyryatnik",
        "fact.kozel.eggs": "Eggs",
        "fact.kozel.doubled": "penalties doubled",
        "ending.kozel.lusya": "Lusya (no trick)",
        "ending.kozel.eggs": "Eggs (60 : 60)",
        "ending.kozel.shamok": "Shamok took the Queen of Clubs",
        "ending.kozel.redeal": "Re-deal",
        "fact.kozel.penalty": "Penalty {penalty} to {player}",
        "fact.kozel.penalty.you.player": "Penalty {penalty} to your team",
        "fact.kozel.no_penalty": "No penalty",
    }
)


class KozelRules(Rules):
    """Shared facts and match flow of Kozel Miner and Classic."""

    deal_fields = frozenset({"dealer", "hands", "moves", "trump"})
    lower_total_wins = True  # the totals are penalty points
    score_unit = "penalty-points"
    players_allowed = (4,)
    default_players = 4
    direction = "left"
    teams = ((0, 2), (1, 3))
    classic: ClassVar[bool] = False
    seat_names = ("You", "Olga", "Ivan", "Nina", "Pyotr")
    home_language = "ru"  # Russian decks: В Д К Т for J Q K A
    deal_word = "cycle"
    rank_order = ("A", "10", "K", "Q", "J", "9", "8", "7", "6")
    score_labels: ClassVar[Mapping[str, str]] = {
        "points": "Card points",
        "delta": "Penalty",
        "total": "Penalty total",
        "total_short": "pen.",
    }
    seat_points = True
    card_points = True
    endings = ("normal", "lusya", "eggs", "shamok", "redeal")
    result_fields = ("trump", "reason", "penalty", "loser")

    def losing_target(self) -> int:
        return self.target

    def deal_facts(self, view: Mapping[str, Any]) -> list[tuple[Message, Message]]:
        """Miner's pairing of seats and suits, the marker and its holder, Classic's
        kozyryatnik (the owner's team), and a cycle whose penalties are doubled."""
        out: list[tuple[Message, Message]] = []
        pairing = view.get("pairing")
        if isinstance(pairing, dict) and pairing:
            pairs = tuple(
                msg("fact.kozel.pair", seat=mseat(int(s)), suit=msuit(SUITS.index(t)))
                for s, t in pairing.items()
            )
            out.append((msg("fact.kozel.pairing"), msg("text", text=pairs)))
        marker, holder = view.get("marker"), view.get("marker_holder")
        if isinstance(marker, str) and marker:
            out.append(
                (
                    msg("fact.kozel.marker"),
                    msg(
                        "fact.kozel.marker_holder",
                        card=mcard(parse_card(marker)),
                        seat=mseat(holder) if isinstance(holder, int) else "—",
                    ),
                )
            )
        team = view.get("kozyryatnik")
        if isinstance(team, list) and team:
            out.append((msg("fact.kozel.kozyryatnik"), msg("text", text=mseats(team))))
        if view.get("doubled"):
            out.append((msg("fact.kozel.eggs"), msg("fact.kozel.doubled")))
        return out

    def trump_ladder(self, view: Mapping[str, Any]) -> list[str]:
        """The cycle's trumps, highest first (the permanent trumps, then the suit's own)."""
        ladder = view.get("ladder")
        return [str(c) for c in ladder] if isinstance(ladder, list) else []

    def result_facts(self, result: Mapping[str, Any]) -> list[tuple[str, Message]]:
        """An ending out of the ordinary (lusya, eggs, the shamok, a re-deal), the penalty and
        who took it, then the trump."""
        out: list[tuple[str, Message]] = []
        reason = result.get("reason")
        if isinstance(reason, str) and reason != "normal" and f"ending.kozel.{reason}" in ENGLISH:
            out.append(("reason", msg(f"ending.kozel.{reason}")))
        if "penalty" in result:
            pen, loser = result.get("penalty"), result.get("loser")
            if pen and loser is not None:
                who = (
                    mseats(loser)
                    if isinstance(loser, (list, tuple))
                    else mseat(loser)
                    if isinstance(loser, int)
                    else loser
                )
                out.append(("penalty", msg("fact.kozel.penalty", penalty=pen, player=who)))
            else:
                out.append(("penalty", msg("fact.kozel.no_penalty")))
        return out + super().result_facts(result)

    def explain(self, result: Mapping[str, Any]) -> list[Message]:
        """How the cycle ended: re-deal, eggs, the shamok, lusya or the card points."""

        def who(s: Any) -> Any:
            if isinstance(s, (list, tuple)):
                return mseats(s)
            return mseat(s) if isinstance(s, int) else s

        out: list[Message] = []
        reason = result.get("reason")
        pts = result.get("points") or []
        loser = who(result.get("loser"))
        penalty = result.get("penalty")
        if reason == "redeal":
            why: Any = msg("result.kozel.weak_hand")
            if result.get("why_message"):
                why = from_json(result["why_message"])
            elif result.get("why"):
                why = result["why"]
            out.append(msg("result.kozel.redeal", why=why))
        elif reason == "eggs":
            out.append(msg("result.kozel.eggs"))
        elif reason == "shamok":
            out.append(
                msg(
                    "result.kozel.shamok",
                    shamok_by=who(result.get("shamok_by")),
                    queen_by=who(result.get("queen_by")),
                    loser=loser,
                    penalty=penalty,
                )
            )
        else:
            if len(pts) >= 2 and self.teams is not None:
                us, them = self.teams
                out.append(
                    msg(
                        "result.kozel.card_points",
                        team=mseats(us),
                        points=pts[us[0]],
                        other=mseats(them),
                        other_points=pts[them[0]],
                    )
                )
            if reason == "lusya":
                out.append(msg("result.kozel.lusya", loser=loser, penalty=penalty))
            elif result.get("loser") is not None:
                own = result.get("winners_own")
                key = (
                    "result.kozel.lost"
                    if own is None
                    else "result.kozel.lost_own"
                    if own
                    else "result.kozel.lost_not_own"
                )
                spas = msg("result.kozel.spas" if result.get("spas") else "result.kozel.no_spas")
                unit = msg(
                    "result.kozel.penalty_point" if penalty == 1 else "result.kozel.penalty_points",
                    count=penalty,
                )
                out.append(msg(key, loser=loser, spas=spas, penalty=unit))
        if result.get("doubled"):
            out.append(msg("result.kozel.doubled"))
        return out

    def seat_tags(self, view: Mapping[str, Any], seat: int) -> list[Message]:
        """The viewer's partner, the marker holder and (Classic) the cycle's owner."""
        tags: list[Message] = []
        me = view.get("seat")
        if self.teams and isinstance(me, int) and seat != me and seat in self.team_of(me):
            tags.append(msg("tag.kozel.partner"))
        marker = view.get("marker")
        if view.get("marker_holder") == seat and isinstance(marker, str):
            tags.append(msg("tag.kozel.holds", card=mcard(parse_card(marker))))
        if self.classic and view.get("owner") == seat:
            tags.append(msg("tag.kozel.owner"))
        return tags

    def new_deal_notice(self, view: Mapping[str, Any]) -> Message | None:
        """The cycle's trump, once it is known."""
        t = view.get("trump")
        if isinstance(t, str) and len(t) == 1 and t in SUITS:
            return msg("notice.kozel.trump", trump=msuit(SUITS.index(t)))
        return None

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        full = {o.name: o.default for o in self.option_specs}  # checked options, or defaults
        full.update(options)
        super().__init__(players, full)
        self.target = 6 if self.options["short"] else 12
        self.marker = parse_card(self.options["marker"])
        self.shamok = -1
        self._deck_cards: tuple[int, ...] | None = None
        self._tables_by_trump: tuple[Tables, ...] | None = None

    @property
    def deck_cards(self) -> tuple[int, ...]:
        """The deck as a tuple (kept: an observation carries it every decision)."""
        if self._deck_cards is None:
            self._deck_cards = tuple(self.deck)
        return self._deck_cards

    @property
    def tables_by_trump(self) -> tuple[Tables, ...]:
        """The card order each trump suit gives (kept, as `deck_cards`)."""
        if self._tables_by_trump is None:
            self._tables_by_trump = tuple(self.tables(t) for t in range(4))
        return self._tables_by_trump

    @property
    def deck(self) -> list[int]:
        return DECK_36

    def tables(self, trump: int) -> Tables:
        return miner_tables(trump)

    def redeal_reason(self, hands: list[list[int]]) -> Message | None:
        """Why these hands must be dealt again (None when they are playable)."""
        for s, h in enumerate(hands):
            p = hand_points(h)
            if p <= 13:
                return msg("kozel.redeal_weak", seat=mseat(s), points=p)
        return None

    def _record_trump(self, info: Mapping[str, Any], given: Any) -> int:
        raise RecordError(msg("kozel.record_miner_trump"))

    def _trump_before_deal(self, info: Mapping[str, Any], rng: random.Random) -> int | None:
        return None

    def make_deal(
        self,
        match: Match,
        index: int,
        dealer: int,
        rng: random.Random,
        setup: Mapping[str, Any] | None,
    ) -> Deal:
        info = match.info
        trump = self._trump_before_deal(info, rng)
        if setup is not None:
            extra = set(setup) - {"dealer", "hands", "moves", "trump"}
            if extra:
                raise RecordError(
                    msg("record.unknown_deal_fields", fields=", ".join(sorted(map(str, extra))))
                )
            if "trump" in setup:
                trump = self._record_trump(info, setup["trump"])
        deck = self.deck
        size = len(deck) // 4
        redeal: Message | None = None
        thrown_in: list[str] = []
        if setup is not None and "hands" in setup:
            hands = check_hands(self.name, setup["hands"], [size] * 4, deck)
            redeal = self.redeal_reason(hands)
        else:
            while True:
                cards = list(deck)
                rng.shuffle(cards)
                hands = [[] for _ in range(4)]
                for k, c in enumerate(cards):
                    hands[(dealer + 1 + k) & 3].append(c)
                why = self.redeal_reason(hands)
                if why is None:
                    break
                thrown_in.append(str(why))
        deal = KozelDeal(self, index, dealer, hands, info, trump, redeal)
        deal.thrown_in = thrown_in
        return deal

    def apply_result(self, match: Match, deal: Deal) -> None:
        super().apply_result(match, deal)
        assert isinstance(deal, KozelDeal) and deal.result is not None
        info = match.info
        if deal.reason == "redeal":
            if deal.trump_suit is not None:
                info["trump_carry"] = deal.trump  # an announced trump survives its re-deal
            return
        info.pop("trump_carry", None)
        info["cycles"] = int(info.get("cycles", 0)) + 1
        if deal.pairing is not None and "pairing" not in info:
            info["pairing"] = dict(deal.pairing)
        info["next_owner"] = deal.result["last_trick"]
        info["double"] = bool(self.options["eggs_double"] and deal.reason == "eggs")

    def next_dealer(self, match: Match, last: Deal) -> int:
        if isinstance(last, KozelDeal) and last.reason == "redeal":
            return last.dealer
        return (last.dealer + 1) % 4

    def is_over(self, match: Match) -> bool:
        return max(match.totals) >= self.target

    def winners(self, match: Match) -> list[int]:
        losers = [s for s in range(4) if match.totals[s] >= self.target]
        return [s for s in range(4) if (s ^ losers[0]) & 1] if losers else []


@register
class KozelMiner(KozelRules):
    name = "kozel-miner"
    title = "Kozel: Miner"
    summary = (
        "Kozel with 36 cards in two teams: the Jacks are always trump, the trump suit "
        "follows the marker card, and the mat (six of trump) beats everything."
    )
    option_specs = (
        Option(
            "marker",
            "JC",
            ("JC", "AC"),
            "The marker card: its holder owns the cycle, "
            "leads first, and the trump is the suit paired with that seat",
        ),
    ) + _COMMON_OPTIONS
    rules_text = (
        "Four players in two teams, partners opposite; play passes clockwise. 36 cards (6 to "
        "A), 9 each; a cycle is one deal of 9 tricks.\n"
        "Card points: A 11, 10 10, K 4, Q 3, J 2 (120 in all).\n"
        "The holder of the marker (J\u2663, or A\u2663) owns the cycle and leads. At the first "
        "cycle the marker holder is paired with \u2663, the next seat clockwise with \u2660, "
        "the partner with \u2665 and the last seat with \u2666; the pairing is kept for the "
        "game, and each cycle the trump is the suit paired with the marker holder.\n"
        "Trumps, high to low: the six of trump (mat), J\u2663 J\u2660 J\u2665 J\u2666, then "
        "A 10 K Q 9 8 7 of trump. Jacks are trump whatever their suit and never follow their "
        "printed suit. Plain suits: A 10 K Q 9 8 7 6.\n"
        "Follow a plain lead with a plain card of that suit if you can (a trump may not "
        "replace it); follow a trump lead with a trump if you can; otherwise play anything. "
        "There is no duty to beat. Any card may be led.\n"
        "The team with fewer card points loses the cycle: 1 point if it took 31+ (spas) and the "
        "winners hold the marker, 2 if it has spas and the winners do not hold the marker, 2 "
        "without spas when the winners hold the marker, 3 otherwise. A team with no trick gets "
        "12 (lusya). 60:60 is eggs: no penalty. A hand worth 13 points or less is re-dealt.\n"
        "The first team to reach 12 penalty points loses."
    )

    def tables(self, trump: int) -> Tables:
        return miner_tables(trump)


@register
class KozelClassic(KozelRules):
    name = "kozel-classic"
    title = "Kozel: Classic"
    summary = (
        "Kozel with 24 or 32 cards in two teams: Queens, Jacks and the shamok are always "
        "trump, only the owner's team may lead trumps, and the shamok must not take "
        "your Queen of Clubs."
    )
    classic = True
    trump_timer = 20  # the marker holder names trump in the first cycle within 20 seconds
    option_specs = (
        Option("deck", 24, (24, 32), "Deck: 24 cards (6 10 J Q K A) or 32 cards (7 to A)"),
        Option(
            "marker",
            "JC",
            ("JC", "AD"),
            "The marker card: its holder owns the first cycle "
            "(and names trump on a marker-chosen table)",
        ),
        Option(
            "trump",
            "chosen",
            ("chosen", "C", "S", "H", "D"),
            "Trump: named by the marker "
            "holder in cycle 1 and drawn at random after that, or one fixed suit",
        ),
    ) + _COMMON_OPTIONS
    rules_text = (
        "Four players in two teams, partners opposite; play passes clockwise. 24 cards (6 10 J Q "
        "K A; 6 each) or 32 cards (7 to A; 8 each); a cycle is one deal.\n"
        "Card points: A 11, 10 10, K 4, Q 3, J 2 (120 in all).\n"
        "Trump: a fixed suit, or named by the marker holder (J\u2663, or A\u2666) in the first "
        "cycle and drawn at random before each later deal.\n"
        "Trumps, high to low: the shamok (6\u2663 with 24 cards, 7\u2663 with 32), Q\u2663 "
        "Q\u2660 Q\u2665 Q\u2666, J\u2663 J\u2660 J\u2665 J\u2666, then the trump suit's own "
        "A 10 K 6 (or A 10 K 9 8 7). Queens, Jacks and the shamok never follow their printed "
        "suit. Plain suits: A 10 K 6 (or A 10 K 9 8 7).\n"
        "The marker holder owns the first cycle; later the winner of the previous cycle's last "
        "trick does. The owner leads, and only the owner's team (the kozyryatnik) may open a "
        "trick with a trump, unless the leader holds nothing else.\n"
        "Follow a plain lead with a plain card of that suit if you can (a trump may not "
        "replace it); follow a trump lead with a trump if you can; otherwise play anything. "
        "There is no duty to beat.\n"
        "If a finished trick holds the shamok and Q\u2663 played by opponents, the cycle ends "
        "at once and the Queen's team takes 4.\n"
        "The team with fewer card points takes 2 if it took 31+ (spas), else 4. A team with no "
        "trick takes 12 (lusya). 60:60 is eggs: no penalty. A hand worth 13 points or less, or "
        "holding all four Queens, is re-dealt.\n"
        "The first team to reach 12 penalty points loses."
    )

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(players, options)
        self.deck_size: int = self.options["deck"]
        self.shamok = card(6 if self.deck_size == 24 else 7, 3)
        t = self.options["trump"]
        self.fixed_trump: int | None = None if t == "chosen" else SUITS.index(t)

    @property
    def deck(self) -> list[int]:
        return DECK_24 if self.deck_size == 24 else DECK_32

    def tables(self, trump: int) -> Tables:
        return classic_tables(self.deck_size, trump)

    def redeal_reason(self, hands: list[list[int]]) -> Message | None:
        why = super().redeal_reason(hands)
        if why is not None:
            return why
        for s, h in enumerate(hands):
            if sum(1 for c in h if c & 15 == 12) == 4:
                return msg("kozel.redeal_queens", seat=mseat(s))
        return None

    def _trump_before_deal(self, info: Mapping[str, Any], rng: random.Random) -> int | None:
        if self.fixed_trump is not None:
            return self.fixed_trump
        if int(info.get("cycles", 0)) == 0:
            return None  # the marker holder names it
        drawn = rng.randrange(4)
        carry = info.get("trump_carry")
        return SUITS.index(carry) if carry is not None else drawn

    def _record_trump(self, info: Mapping[str, Any], given: Any) -> int:
        if not isinstance(given, str) or given.strip().upper() not in ("S", "H", "D", "C"):
            raise RecordError(msg("kozel.record_trump_suit", value=repr(given)))
        t = SUITS.index(given.strip().upper())
        if self.fixed_trump is not None and t != self.fixed_trump:
            raise RecordError(
                msg("kozel.record_trump_fixed", fixed=msuit(self.fixed_trump), given=msuit(t))
            )
        if self.fixed_trump is None and int(info.get("cycles", 0)) == 0:
            raise RecordError(msg("kozel.record_trump_first_cycle"))
        return t


__all__ = [
    "TRUMP",
    "KozelClassic",
    "KozelDeal",
    "KozelMiner",
    "KozelRules",
    "Tables",
    "classic_tables",
    "miner_tables",
]
