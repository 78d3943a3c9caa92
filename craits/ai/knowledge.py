"""What one seat can infer about the others' hidden cards from the round's public events.

Each hidden card an opponent holds is a *slot* with a bit mask of the cards it cannot be.
A player who drew because they could not play held no card of the suit in force, of the top
card's rank, and no 8, at that moment: every slot they held then gets those cards excluded.
A player who took a crank's count without having to (no lost turn, ``crank_optional`` off) held
no Ace or 2. Cards drawn later are new, unconstrained slots. When a player plays a card, the slot
removed is the most constrained one that could have held it, so the slots left are never more
constrained than the truth (older slots carry every exclusion newer ones do, and more).

Suits named with an 8, or switched to with a 9, are kept as evidence for opponent modelling.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from craits.engine import events as ev
from craits.engine.cards import DECK, RANK_OF, SUIT_OF
from craits.engine.position import FOLLOWS
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


@dataclass
class Knowledge:
    """Per player: one exclusion mask per hidden card (oldest first); suits they named."""

    seat: int
    slots: list[list[int]]
    named: list[list[int]]  # named[p][suit]: times p named or switched to that suit
    consistent: bool = True

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


def infer(view: SeatView, history: Sequence[ev.Event]) -> Knowledge:
    """Read ``history`` (this round's events as ``view.seat`` saw them)."""
    n, me = view.n_players, view.seat
    know = Knowledge(me, [[] for _ in range(n)], [[0] * 4 for _ in range(n)])
    rules = view.rules
    infer_draws = not rules.draw_when_able
    infer_crank = not rules.crank_optional
    suit, top = view.suit, view.top
    last: ev.Event | None = None
    crank_taker = -1  # who took a crank's count by choice, about to draw it
    pending: tuple[int, int] | None = None  # (player, mask) of a drawn card not yet placed
    dealt = False
    for event in history:
        if pending is not None and not _out_of_turn(event):
            p, mask = pending
            # A drawn card that was neither played nor passed on was not playable.
            if not (isinstance(event, (ev.CardPlayed, ev.Passed)) and event.player == p):
                if know.slots[p]:
                    know.slots[p][-1] |= mask
            pending = None
        if isinstance(event, ev.RoundStarted):
            know = Knowledge(me, [[] for _ in range(n)], [[0] * 4 for _ in range(n)])
            dealt = False
        elif isinstance(event, ev.CardsDealt):
            dealt = True
            if event.player != me and 0 <= event.player < n:
                know.slots[event.player] = [0] * event.count
        elif isinstance(event, ev.StarterTurned):
            suit, top = SUIT_OF[event.card], event.card
        elif isinstance(event, ev.CardPlayed):
            suit, top = SUIT_OF[event.card], event.card
            if event.player != me:
                _remove_slot(know.slots[event.player], event.card)
        elif isinstance(event, ev.SuitChosen):
            suit = event.suit
            if event.player != me and (RANK_OF[top] == 8 or event.switched):
                know.named[event.player][event.suit] += 1
        elif isinstance(event, ev.CrankEnded):
            # Forced when the player's turn was forfeit (a lost turn), not chosen.
            forced = isinstance(last, ev.TurnLost) and last.player == event.player
            crank_taker = event.player if infer_crank and not forced else -1
        elif isinstance(event, ev.CardsDrawn) and event.player != me:
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
            slots.extend([0] * event.count)
        last = event
    for p in range(n):
        if p != me and (not dealt or len(know.slots[p]) != view.hand_counts[p]):
            # The history is missing or was not understood: assume nothing about this player.
            know.consistent = know.consistent and not dealt
            know.slots[p] = [0] * view.hand_counts[p]
    return know


def _out_of_turn(event: ev.Event) -> bool:
    """Announcements and idiot calls, which may come between a draw and the drawer's choice."""
    return isinstance(event, (ev.LastCardAnnounced, ev.IdiotCalled)) or (
        isinstance(event, ev.CardsDrawn) and event.reason == "idiot"
    )


def _remove_slot(slots: list[int], card: int) -> None:
    """Take away the oldest slot that could have held ``card`` (the oldest of all if none)."""
    bit = 1 << card
    for i, mask in enumerate(slots):
        if not mask & bit:
            del slots[i]
            return
    if slots:
        del slots[0]
