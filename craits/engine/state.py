"""The position of one round, as an immutable value.

Phases of a round::

    CHOOSE_SUIT --(ChooseSuit)--> PLAY <--(Play/Draw)--> PLAY ... --> OVER
    (turned-up 8 or 9)             |  ^
                          (Draw a  v  | (Play the drawn card, or Pass)
                     playable card) DRAWN      (variant play_drawn_card)

Fields are plain tuples and ints, so a state is cheap to build, compare and hash.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import card_str, suit_str
from .rules import Rules

PLAY, CHOOSE_SUIT, DRAWN, OVER = "play", "choose_suit", "drawn", "over"


class RoundState(NamedTuple):
    """One round of Craits. Immutable (a named tuple): ``apply`` returns a new state.

    A tuple because building one is a single C call, which the search-based AI needs.
    """

    rules: Rules
    seed: int  # the round's seed; reshuffle k uses (seed, k)
    shuffles: int  # reshuffles so far this round
    dealer: int
    hands: tuple[tuple[int, ...], ...]  # each in the order dealt or drawn
    draw_pile: tuple[int, ...]  # index 0 is drawn next
    discard: tuple[int, ...]  # the last is face up
    suit: int  # the suit in force
    turn: int  # the player to act
    direction: int  # 1 clockwise (index + 1), -1 the other way
    crank: int  # the running crank count, 0 when none runs
    announced: tuple[bool, ...]
    lose_turn: tuple[bool, ...]  # whose next turn is forfeit
    window: int | None  # the unannounced player who can still be caught
    phase: str  # PLAY, CHOOSE_SUIT, DRAWN or OVER
    drawn: int | None  # the card just drawn, in phase DRAWN
    winner: int | None  # who went out (None while playing or when blocked)
    blocked: bool
    scores: tuple[int, ...] | None  # the round's scores once OVER

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(card_str(c) for c in h) for h in self.hands)
        return (
            f"<RoundState turn={self.turn} top={card_str(self.discard[-1])} "
            f"suit={suit_str(self.suit)} crank={self.crank} phase={self.phase} hands=[{hands}]>"
        )

    def replace(self, **changes: Any) -> RoundState:
        """A copy with the named fields changed, as ``_replace``."""
        return self._replace(**changes)

    # Questions about the position.
    @property
    def n_players(self) -> int:
        return len(self.hands)

    @property
    def top(self) -> int:
        return self.discard[-1]

    def is_over(self) -> bool:
        return self.phase == OVER

    def can_draw(self) -> bool:
        """Whether a card can be drawn now (from the pile, or after a reshuffle)."""
        return bool(self.draw_pile) or len(self.discard) > 1
