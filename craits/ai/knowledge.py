"""What one seat can infer about the others' hidden cards from the round's public events.

Each hidden card an opponent holds is a *slot* with a bit mask of the cards it cannot be.
A player who drew because they could not play held no card of the suit in force, of the top
card's rank, and no 8, at that moment: every slot they held then gets those cards excluded.
A player who took a crank's count without having to (no lost turn, ``crank_optional`` off) held
no Ace or 2. Cards drawn later are new slots. When the discards are reshuffled into a new draw
pile, everyone saw which cards they were: no card held then is one of them, and every card drawn
from the new pile is (until the next reshuffle). When a player plays a card, the slot removed is
the oldest one that could have held it: the most constrained, since older slots carry every
exclusion newer ones drawn from the same pile do, and more; a card from a reshuffled pile can
only sit in a slot drawn from it, and any other card only in an older slot.

Beyond these certainties, ``infer`` can also read what a sensible player's choices make likely
(``reading`` > 0): each slot then carries a weight per card, the product of what every choice made
while it was held says about that card. A player who played an 8 or a 3 (cards worth keeping)
while holding more than one card probably had nothing else to play; a played card makes the
playable cards that would have shed more points less likely (a player sheds the heavy cards
first); an Ace answering a crank makes a 2 unlikely (a 2 sheds more); a suit named with an 8 is
probably the one held most, and a 9 switched to its partner suit says the same. These weights
only bias the guesses (``determinize``); no card is ever ruled out by them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from math import exp

from craits.engine import events as ev
from craits.engine.cards import DECK, RANK_OF, SUIT_OF
from craits.engine.legality import FOLLOWS
from craits.engine.scoring import CARD_POINTS
from craits.engine.view import SeatView

SUIT_MASK = tuple(sum(1 << c for c in range(52) if SUIT_OF[c] == s) for s in range(4))
RANK_MASK = tuple(sum(1 << c for c in range(52) if RANK_OF[c] == r) for r in range(14))
CRANK_MASK = RANK_MASK[1] | RANK_MASK[2]
ALL_CARDS = (1 << 52) - 1


# Bit masks of the engine's one answer to "may this card be played here?", by suit and top.
_PLAYABLE_MASKS = tuple(sum(1 << c for c in DECK if row[c]) for row in FOLLOWS)


def playable_mask(suit: int, top: int) -> int:
    """Every card that may be played on the card ``top`` with ``suit`` in force."""
    return _PLAYABLE_MASKS[suit * 52 + top]


# What a card is worth keeping back, in points, for reading plays: its points to shed, less
# the worth of holding a wild 8 or a 3 (which cancels a card at scoring).
KEEP_VALUE = tuple(
    5.0 if RANK_OF[c] == 8 else -50.0 if RANK_OF[c] == 3 else float(CARD_POINTS[RANK_OF[c]])
    for c in DECK
)
SHED_SCALE = 10.0  # points: a card worth this much more than the one played is e times rarer
NAMED_FACTOR = 2.0  # a card of the suit named with an 8 (or switched to with a 9)
KEPT_FACTOR = 1.3  # a card of the suit a 9 kept


@dataclass
class Knowledge:
    """Per player: one exclusion mask per hidden card (oldest first); suits they named; with
    ``reading``, one weight per card for each slot (None: no evidence yet, all 1)."""

    seat: int
    slots: list[list[int]]
    named: list[list[int]]  # named[p][suit]: times p named or switched to that suit
    consistent: bool = True
    weights: list[list[list[float] | None]] = field(default_factory=list)
    # When each slot came to its player (the index of the dealing or drawing event in the
    # round's history, -1: unknown), and each card the player played with the index of its
    # event and of the birth of the slot it left: what a guess says each player held at each
    # of their plays (``plausible``).
    born: list[list[int]] = field(default_factory=list)
    played: list[list[tuple[int, int, int]]] = field(default_factory=list)

    def excluded_for(self, player: int) -> int:
        """Cards no slot of ``player`` can be: the exclusions every slot shares."""
        slots = self.slots[player]
        if not slots:
            return ALL_CARDS
        common = ALL_CARDS
        for mask in slots:
            common &= mask
        return common

    def lacks(self, player: int, suit: int) -> bool:
        """Whether ``player`` surely holds no card of ``suit`` (every slot excludes it)."""
        return self.excluded_for(player) & SUIT_MASK[suit] == SUIT_MASK[suit]


def _fresh(me: int, n: int) -> Knowledge:
    return Knowledge(me, [[] for _ in range(n)], [[0] * 4 for _ in range(n)],
                     weights=[[] for _ in range(n)], born=[[] for _ in range(n)],
                     played=[[] for _ in range(n)])


def infer(view: SeatView, history: Sequence[ev.Event], reading: float = 0.0,
          counts: bool = True) -> Knowledge:
    """Read ``history`` (the match's or this round's events as ``view.seat`` saw them; only
    this round's count). ``reading`` scales the soft evidence of the players' choices (0: only
    what is certain). ``counts``: remember which cards each reshuffle made the new pile of, as
    a player counting cards does (the rule-of-thumb levels do not)."""
    history = history[ev.round_start(history):]
    n, me = view.n_players, view.seat
    know = _fresh(me, n)
    rules = view.rules
    infer_draws = not rules.draw_when_able
    infer_crank = not rules.crank_optional
    suit, top = view.suit, view.top
    last: ev.Event | None = None
    crank_taker = -1  # who took a crank's count by choice, about to draw it
    pending: tuple[int, int] | None = None  # (player, mask) of a drawn card not yet placed
    dealt = False
    drawn_play = -1  # who may now play the card just drawn (variant play_drawn_card)
    discard: list[int] = []  # the discard pile as seen, to know what a reshuffle holds
    pile_left = -1  # cards in the draw pile (-1: unknown, the deal was not seen)
    reshuffled = 0  # mask of the cards the draw pile was last made of (0: not reshuffled yet)
    straddle = 0  # cards of the next draw that came from the old pile, before a reshuffle
    for at, event in enumerate(history):
        if pending is not None and not _out_of_turn(event):
            p, mask = pending
            # A drawn card that was neither played nor passed on was not playable.
            if not (isinstance(event, (ev.CardPlayed, ev.Passed)) and event.player == p):
                if know.slots[p]:
                    know.slots[p][-1] |= mask
            pending = None
        if isinstance(event, ev.RoundStarted):
            know = _fresh(me, n)
            dealt = False
            discard, pile_left, reshuffled, straddle = [], -1, 0, 0
        elif isinstance(event, ev.CardsDealt):
            dealt = True
            pile_left = (pile_left if pile_left >= 0 else len(DECK)) - event.count
            if event.player != me and 0 <= event.player < n:
                know.slots[event.player] = [0] * event.count
                know.weights[event.player] = [None] * event.count
                know.born[event.player] = [at] * event.count
        elif isinstance(event, ev.StarterTurned):
            suit, top = SUIT_OF[event.card], event.card
            discard = [event.card]
            if pile_left > 0:
                pile_left -= 1
        elif isinstance(event, ev.PileReshuffled):
            if not counts or pile_left < 0 or len(discard) - 1 != event.count:
                # A history that does not add up (or a round joined late): read nothing more.
                reshuffled = straddle = 0
                pile_left = -1
            else:
                reshuffled = sum(1 << c for c in discard[:-1])
                for q, slots in enumerate(know.slots):
                    if q != me:
                        for i in range(len(slots)):
                            slots[i] |= reshuffled
                straddle, pile_left = pile_left, event.count
            discard = discard[-1:]
        elif isinstance(event, ev.CardPlayed):
            p, card = event.player, event.card
            if p != me:
                index = _remove_slot(know.slots[p], card)
                weights, born = know.weights[p], know.born[p]
                if 0 <= index < len(weights):
                    del weights[index]
                know.played[p].append((at, card, born.pop(index) if 0 <= index < len(born)
                                       else -1))
                if reading > 0 and weights and p != drawn_play:
                    _read_play(weights, card, suit, top, event.crank, reading)
            suit, top = SUIT_OF[card], card
            discard.append(card)
        elif isinstance(event, ev.SuitChosen):
            suit = event.suit
            p = event.player
            if p != me and (RANK_OF[top] == 8 or event.switched):
                know.named[p][event.suit] += 1
            if reading > 0 and p != me and RANK_OF[top] in (8, 9):
                factor = NAMED_FACTOR if RANK_OF[top] == 8 or event.switched else KEPT_FACTOR
                _scale(know.weights[p], SUIT_MASK[event.suit], factor ** reading)
        elif isinstance(event, ev.CrankEnded):
            # Forced when the player's turn was forfeit (a lost turn), not chosen.
            forced = isinstance(last, ev.TurnLost) and last.player == event.player
            crank_taker = event.player if infer_crank and not forced else -1
        elif isinstance(event, ev.CardsDrawn):
            # A draw across a reshuffle took its first ``straddle`` cards from the old pile.
            from_old = min(straddle, event.count)
            if pile_left >= 0:
                pile_left -= event.count - from_old
            straddle = 0
            if event.player != me:
                slots = know.slots[event.player]
                if event.reason == "turn":
                    mask = playable_mask(suit, top)
                    if infer_draws:
                        for i in range(len(slots)):
                            slots[i] |= mask
                    if rules.play_drawn_card and event.count:
                        pending = (event.player, mask)
                elif event.reason == "crank" and event.player == crank_taker:
                    for i in range(len(slots)):
                        slots[i] |= CRANK_MASK
                # Cards from the old pile are none of the reshuffled ones, the others all are.
                old = from_old if reshuffled else event.count
                slots.extend([reshuffled] * old)
                slots.extend([ALL_CARDS & ~reshuffled] * (event.count - old))
                know.weights[event.player].extend([None] * event.count)
                know.born[event.player].extend([at] * event.count)
        if not _out_of_turn(event):
            drawn_play = (event.player if isinstance(event, ev.CardsDrawn)
                          and event.reason == "turn" and rules.play_drawn_card else -1)
        last = event
    for p in range(n):
        if p != me and (not dealt or len(know.slots[p]) != view.hand_counts[p]):
            # The history is missing or was not understood: assume nothing about this player.
            know.consistent = know.consistent and not dealt
            know.slots[p] = [0] * view.hand_counts[p]
            know.weights[p] = [None] * view.hand_counts[p]
            know.born[p] = [-1] * view.hand_counts[p]
    return know


def _scale(weights: list[list[float] | None], mask: int, factor: float) -> None:
    """Multiply the weight of every card in ``mask`` by ``factor``, in every slot."""
    cards = [c for c in DECK if (mask >> c) & 1]
    for i, w in enumerate(weights):
        if w is None:
            w = weights[i] = [1.0] * 52
        for c in cards:
            w[c] *= factor


def _read_play(weights: list[list[float] | None], card: int, suit: int, top: int, crank: int,
               reading: float) -> None:
    """What playing ``card`` (with ``suit`` and ``top`` in force before it) says about the
    cards still held: those that would have shed more were probably not there."""
    value = KEEP_VALUE[card]
    rank = RANK_OF[card]
    if crank and not (rank == 2 and crank == 2):  # answering a crank: only Aces and 2s count
        if rank != 1:
            return
        others = RANK_MASK[2]
    else:
        others = _PLAYABLE_MASKS[suit * 52 + top]
    scale = reading / SHED_SCALE
    factors = []
    for c in DECK:
        if (others >> c) & 1 and c != card:
            gap = KEEP_VALUE[c] - value
            if gap > 0:
                factors.append((c, exp(-gap * scale)))
    if not factors:
        return
    for i, w in enumerate(weights):
        if w is None:
            w = weights[i] = [1.0] * 52
        for c, f in factors:
            w[c] *= f


def _out_of_turn(event: ev.Event) -> bool:
    """Announcements and idiot calls, which may come between a draw and the drawer's choice."""
    return isinstance(event, (ev.LastCardAnnounced, ev.IdiotCalled)) or (
        isinstance(event, ev.CardsDrawn) and event.reason == "idiot"
    )


def _remove_slot(slots: list[int], card: int) -> int:
    """Take away the oldest slot that could have held ``card`` (the oldest of all if none);
    its index, or -1 when there was none."""
    bit = 1 << card
    for i, mask in enumerate(slots):
        if not mask & bit:
            del slots[i]
            return i
    if slots:
        del slots[0]
        return 0
    return -1
