"""What one seat may see of a round: its own hand, everyone's card counts, the piles' public
faces. Bots and the table read only this, so no one can peek at hidden cards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Action
from .legality import callable_targets, can_announce, legal_of
from .position import Position
from .rules import Rules
from .state import OVER, RoundState


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    rules: Rules
    dealer: int
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    draw_count: int
    discard: tuple[int, ...]  # face-up history since the last reshuffle; the last is on top
    suit: int
    turn: int
    direction: int
    crank: int
    announced: tuple[bool, ...]
    lose_turn: tuple[bool, ...]
    window: int | None
    phase: str
    drawn: int | None  # the card this seat just drew, in phase "drawn"
    winner: int | None
    scores: tuple[int, ...] | None
    legal: tuple[Action, ...]  # empty unless this seat is to act
    can_announce: bool
    can_call: tuple[int, ...]  # whom this seat may call an idiot now

    @property
    def n_players(self) -> int:
        return len(self.hand_counts)

    @property
    def top(self) -> int:
        return self.discard[-1]

    def position(
        self, hands: Sequence[Sequence[int]], draw_pile: Sequence[int], seed: int
    ) -> Position:
        """A world that agrees with everything this seat sees, given a guess at the hidden
        cards (``hands`` with this seat's own, ``draw_pile`` index 0 next) and a reshuffle seed."""
        return Position(
            self.rules, hands, draw_pile, self.discard, dealer=self.dealer, suit=self.suit,
            turn=self.turn, direction=self.direction, crank=self.crank, announced=self.announced,
            lose_turn=self.lose_turn, window=self.window, phase=self.phase, drawn=self.drawn,
            seed=seed, winner=self.winner, blocked=self.phase == OVER and self.winner is None,
            scores=self.scores,
        )  # fmt: skip


def seat_view(state: RoundState, seat: int) -> SeatView:
    mine = state.turn == seat
    over = state.is_over()
    return SeatView(
        seat=seat,
        rules=state.rules,
        dealer=state.dealer,
        hand=state.hands[seat],
        hand_counts=tuple(len(h) for h in state.hands),
        draw_count=len(state.draw_pile),
        discard=state.discard,
        suit=state.suit,
        turn=state.turn,
        direction=state.direction,
        crank=state.crank,
        announced=state.announced,
        lose_turn=state.lose_turn,
        window=state.window,
        phase=state.phase,
        drawn=state.drawn if mine else None,
        winner=state.winner,
        scores=state.scores,
        legal=legal_of(state) if mine and not over else (),
        can_announce=can_announce(state, seat),
        can_call=tuple(t for t in callable_targets(state) if t != seat),
    )
