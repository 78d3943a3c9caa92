"""The Craits rules engine: pure, deterministic, standard library only.

    state, events = new_round(Rules(), n_players=3, dealer=0, hand_size=8, seed=1)
    state, events = apply(state, legal_actions(state)[0])

Searches step a mutable ``Position`` (module ``position``): the one implementation of the rules.

A whole match: ``new_match``, ``apply_action``, ``next_round`` (module ``match``).

Cards, actions and positions as text, both ways: ``read_card``/``write_card``... (``notation``).
"""

from .actions import Action, Announce, Call, ChooseSuit, Draw, Pass, Play
from .cards import card_str, suit_str
from .core import (
    apply,
    callable_targets,
    can_announce,
    can_call,
    legal_actions,
    new_round,
    settle,
    start_round,
)
from .errors import CraitsError, IllegalActionError
from .events import Event, redact
from .legality import playable
from .match import Match, apply_action, new_match, next_round
from .notation import (
    NotationError,
    read_action,
    read_card,
    read_position,
    read_suit,
    write_action,
    write_card,
    write_position,
    write_suit,
)
from .position import Position
from .rules import Rules
from .scoring import HandScore, score_hand
from .state import CHOOSE_SUIT, DRAWN, OVER, PLAY, RoundState
from .view import SeatView, seat_view

__all__ = [
    "Action", "Announce", "Call", "ChooseSuit", "Draw", "Pass", "Play",
    "card_str", "suit_str", "NotationError", "read_action", "read_card", "read_position",
    "read_suit", "write_action", "write_card", "write_position", "write_suit",
    "apply", "callable_targets", "can_announce", "can_call", "legal_actions",
    "new_round", "settle", "start_round", "Position", "playable",
    "CraitsError", "IllegalActionError", "Event", "redact",
    "Match", "apply_action", "new_match", "next_round", "Rules", "HandScore", "score_hand",
    "CHOOSE_SUIT", "DRAWN", "OVER", "PLAY", "RoundState", "SeatView", "seat_view",
]  # fmt: skip
