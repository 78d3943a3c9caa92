"""The round's public API over the one ``Position``: ``legal_actions``, ``apply``, ``new_round``.

``apply(state, action)`` validates ``action`` against the immutable ``RoundState``, steps a
``Position`` built from it with events recorded, and freezes the result, returning
``(new_state, events)``. The input state is never changed.
"""

from __future__ import annotations

import random

from . import events as ev
from .actions import Action, Announce, Call, ChooseSuit, Draw, Pass, Play
from .cards import DECK
from .errors import IllegalActionError
from .legality import callable_targets as callable_targets
from .legality import can_announce as can_announce
from .legality import can_call as can_call
from .legality import legal_of
from .position import Position
from .refusal import Refusal, Why, normalized, refusal, refusal_of_claim
from .rules import Rules
from .state import RoundState

# ---------------------------------------------------------------- queries


def legal_actions(state: RoundState) -> tuple[Action, ...]:
    """The turn actions the player to act may take, one per distinct choice.

    Announce and Call are never listed: they are open whenever their conditions hold
    (see ``can_announce`` and ``can_call``).
    """
    return legal_of(state)


# ---------------------------------------------------------------- apply


def apply(
    state: RoundState, action: Action, player: int | None = None
) -> tuple[RoundState, tuple[ev.Event, ...]]:
    """Carry out ``action`` and return the new state and what happened.

    ``player`` (optional for turn actions) must be the player to act; Announce and Call name
    their own player. Raises ``IllegalActionError`` naming the action and why.
    """
    action = _checked(state, action, player)
    pos = Position.from_state(state, record=True)
    pos.step(action)
    return pos.freeze(), tuple(pos.events)  # type: ignore[arg-type]  # recorded


def _checked(pos: Position | RoundState, action: Action, player: int | None) -> Action:
    """``action`` in the form the Position steps, or ``IllegalActionError`` with the reason."""
    if isinstance(action, Announce | Call):
        claim = refusal_of_claim(pos, action)
        if claim is not None:
            raise IllegalActionError(action, claim.message(), claim)
        return action
    kind = type(action)
    if kind is not Play and kind is not Draw and kind is not Pass and kind is not ChooseSuit:
        raise IllegalActionError(action, "not an action", Refusal(Why.NOT_AN_ACTION))
    legal = legal_of(pos)
    if (player is None or player == pos.turn) and action in legal:
        return action
    refused = refusal(pos, action, pos.hands[pos.turn], legal, player)
    if refused is not None:
        raise IllegalActionError(action, refused.message(), refused)
    return normalized(pos, action)  # a 9 switched to its own suit: the keep


def settle(state: RoundState) -> tuple[RoundState, tuple[ev.Event, ...]]:
    """A given position that is already blocked ends at once (RULES.md 9)."""
    pos = Position.from_state(state, record=True)
    pos.settle()
    return pos.freeze(), tuple(pos.events or ())


# ---------------------------------------------------------------- starting a round


def new_round(
    rules: Rules, n_players: int, dealer: int, hand_size: int, seed: int
) -> tuple[RoundState, tuple[ev.Event, ...]]:
    """Shuffle with ``seed``, deal, turn up the starter and carry it out as the dealer's play."""
    if not 2 <= n_players <= 5:
        raise ValueError("Craits is played by 2 to 5 players")
    deck = list(DECK)
    random.Random(f"{seed}:deal").shuffle(deck)
    hands: list[list[int]] = [[] for _ in range(n_players)]
    order = [(dealer + 1 + i) % n_players for i in range(n_players)]
    for _ in range(hand_size):
        for q in order:
            hands[q].append(deck.pop())
    starter = deck.pop()
    pos = Position(
        rules, hands, tuple(reversed(deck)), (starter,), dealer=dealer, turn=dealer, seed=seed,
        record=True,
    )  # fmt: skip
    pos.start()
    dealt = tuple(ev.CardsDealt(q, tuple(hands[q]), hand_size) for q in order)
    return pos.freeze(), (*dealt, ev.StarterTurned(starter), *(pos.events or ()))


def start_round(state: RoundState) -> tuple[RoundState, tuple[ev.Event, ...]]:
    """From the moment after the deal (turn = dealer), carry out the turned-up card."""
    pos = Position.from_state(state, record=True)
    pos.start()
    return pos.freeze(), tuple(pos.events or ())
