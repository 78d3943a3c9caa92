"""The round's public API over the one ``Position``: ``legal_actions``, ``apply``, ``new_round``.

``apply(state, action)`` validates ``action`` against the immutable ``RoundState``, steps a
``Position`` built from it with events recorded, and freezes the result, returning
``(new_state, events)``. The input state is never changed.
"""

from __future__ import annotations

import random

from . import events as ev
from .actions import KEEP_SUIT, PLAIN_PLAYS, Action, Announce, Call, ChooseSuit, Draw, Pass, Play
from .cards import DECK, RANK_OF, SUIT_OF, card_str, suit_str
from .errors import IllegalActionError
from .legality import callable_targets as callable_targets
from .legality import can_announce as can_announce
from .legality import can_call as can_call
from .legality import legal_of, playable
from .position import Position
from .rules import Rules
from .state import CHOOSE_SUIT, DRAWN, OVER, PLAY, RoundState

# ---------------------------------------------------------------- queries


def is_playable(state: RoundState, card: int) -> bool:
    """Whether ``card`` may be played now by the player to act (crank included)."""
    return playable(card, state.suit, state.discard[-1], state.crank)


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


def normalized(pos: Position | RoundState, action: Action) -> Action:
    """A 9 "switched" to its own suit is a keep (RULES.md 9): the same choice, one spelling."""
    if type(action) is Play and action.suit is not None and RANK_OF[action.card] == 9:
        if action.suit == SUIT_OF[action.card]:
            return PLAIN_PLAYS[action.card]
    elif type(action) is ChooseSuit and pos.phase == CHOOSE_SUIT and action.suit is not None:
        top = pos.discard[-1]
        if RANK_OF[top] == 9 and action.suit == SUIT_OF[top]:
            return KEEP_SUIT
    return action


def _checked(pos: Position | RoundState, action: Action, player: int | None) -> Action:
    """``action`` in the form the Position steps, or ``IllegalActionError`` with the reason."""
    kind = type(action)
    if kind is Announce or kind is Call:  # one type() call on the usual path
        if isinstance(action, Announce):
            _check_announce(pos, action)
        elif isinstance(action, Call):
            _check_call(pos, action)
        return action
    if kind is not Play and kind is not Draw and kind is not Pass and kind is not ChooseSuit:
        raise IllegalActionError(action, "not an action")
    if pos.phase == OVER:
        raise IllegalActionError(action, "the round is over")
    if player is not None and player != pos.turn:
        raise IllegalActionError(action, f"it is player {pos.turn}'s turn, not player {player}'s")
    if getattr(action, "suit", None) is not None:
        action = normalized(pos, action)
    if action not in legal_of(pos):
        raise IllegalActionError(action, why_illegal(pos, action))
    return action


def _check_announce(pos: Position | RoundState, action: Announce) -> None:
    p = action.player
    if not pos.rules.announce_last_card:
        raise IllegalActionError(action, "last-card announcements are off in these rules")
    if can_announce(pos, p):
        return
    if pos.phase == OVER:
        raise IllegalActionError(action, "the round is over")
    if not 0 <= p < len(pos.hands):
        raise IllegalActionError(action, "no such player")
    if pos.announced[p]:
        raise IllegalActionError(action, "already announced")
    raise IllegalActionError(action, f"player {p} does not hold exactly one card")


def _check_call(pos: Position | RoundState, action: Call) -> None:
    if can_call(pos, action.caller, action.target):
        return
    if pos.phase == OVER:
        reason = "the round is over"
    elif action.caller == action.target:
        reason = "a player cannot call themselves"
    elif not 0 <= action.caller < len(pos.hands):
        reason = "no such player"
    else:
        reason = f"player {action.target} cannot be caught now"
    raise IllegalActionError(action, reason)


def why_illegal(pos: Position | RoundState, action: Action) -> str:
    """The rule that ``action`` breaks in ``pos``, in words that name cards by code."""
    top = pos.discard[-1]
    suit = getattr(action, "suit", None)
    if suit is not None and not 0 <= suit < 4:
        return "no such suit"
    if isinstance(action, Play):
        card = action.card
        if not 0 <= card < 52:
            return "no such card"
        name = card_str(card)
        if card not in pos.hands[pos.turn]:
            return f"player {pos.turn} does not hold {name}"
        if pos.phase == CHOOSE_SUIT:
            what = "8" if RANK_OF[top] == 8 else "9"
            return f"the dealer must first settle the suit of the turned-up {what}"
        if pos.phase == DRAWN and pos.drawn is not None and card != pos.drawn:
            return f"only the card just drawn ({card_str(pos.drawn)}) may be played, or pass"
        if pos.crank and pos.phase == PLAY:
            return f"a crank of {pos.crank} runs: only an Ace or a 2 may answer it"
        rank = RANK_OF[card]
        if rank == 8 and action.suit is None:
            return "an 8 must name a suit"
        if rank not in (8, 9) and action.suit is not None:
            return "only an 8 or a 9 names a suit"
        if not playable(card, pos.suit, top):
            return (
                f"{name} matches neither the suit in force ({suit_str(pos.suit)}) "
                f"nor the rank of {card_str(top)}"
            )
        assert action.suit is not None  # a 9 that keeps its suit is playable where any 9 is
        return f"a 9 may only switch to the other suit of its colour, not {suit_str(action.suit)}"
    if isinstance(action, Draw):
        if pos.phase == DRAWN:
            return "a card was just drawn: play it or pass"
        if pos.phase != PLAY:
            return "no draw now: the dealer must first settle the suit of the turned-up card"
        if pos.crank:
            return "a player who can answer the crank must answer it"
        return "you may not draw while you hold a playable card"
    if isinstance(action, Pass):
        return "you may pass only after drawing a card you could play"
    if isinstance(action, ChooseSuit):
        if pos.phase != CHOOSE_SUIT:
            return "no suit to choose now"
        if RANK_OF[top] == 8:
            return "a turned-up 8 must be given a suit"
        return "a turned-up 9 may only keep its suit or switch to the other of its colour"
    return "not an action"


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
