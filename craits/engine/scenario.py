"""Scenarios (``shared/SCENARIOS.md``): a position, some actions, the result: our FEN.

``run_scenario(document) -> dict`` takes the parsed JSON and returns the output object, or raises
``ScenarioError`` with the index of the offending action (None for the position itself). The
position and the actions are read by ``craits.engine.notation``, which also writes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import Announce, Call
from .core import apply, legal_actions
from .errors import CraitsError
from .events import Event, StarterTurned
from .notation import INPUT_KEYS, NotationError, read_action, read_card, read_position, write_action
from .notation import write_card as card_str
from .notation import write_suit as suit_str
from .state import RoundState

MAX_ACTIONS = 10_000
ScenarioError = NotationError  # what a scenario that cannot be run raises


def parse_position(doc: Any) -> tuple[RoundState, tuple[Event, ...]]:
    """The position of a scenario document (its ``actions`` aside): ``notation.read_position``,
    whose last-card state must be one the rules can reach; a start names the turned-up card
    first, as a dealt round's events do."""
    state, events = read_position(doc, INPUT_KEYS)
    if doc.get("start") is True:
        return state, (StarterTurned(read_card(doc["discard"][0])), *events)
    window = doc.get("last_card_window")
    if window is not None:  # read_position has checked it is a seat's index
        _check_window(state, window)
    return state, events


def _check_window(state: RoundState, window: int) -> None:
    """A catch window is open only on a seat just down to one unannounced card, and only
    while the last-card rule is on (RULES.md 6 and 8)."""
    if not state.rules.announce_last_card:
        raise ScenarioError("'last_card_window' is given but announce_last_card is off: "
                            "with the rule off no one can be caught")
    held = len(state.hands[window])
    if held != 1:
        raise ScenarioError(f"'last_card_window' names player {window}, who holds {held} cards: "
                            "only a player at one card can be caught")
    if state.announced[window]:
        raise ScenarioError(f"'last_card_window' names player {window}, who has announced: "
                            "an announced last card cannot be caught")


def state_to_output(state: RoundState, events: Sequence[Event]) -> dict[str, object]:
    return {
        "hands": [[card_str(c) for c in h] for h in state.hands],
        "draw_pile_count": len(state.draw_pile),
        "discard_count": len(state.discard),
        "top": card_str(state.discard[-1]),
        "suit": suit_str(state.suit),
        "turn": None if state.is_over() else state.turn,
        "direction": state.direction,
        "crank": state.crank,
        "announced": list(state.announced),
        "lose_turn": list(state.lose_turn),
        "last_card_window": state.window,
        "round_over": state.is_over(),
        "blocked": state.blocked,
        "winner": state.winner,
        "round_scores": None if state.scores is None else list(state.scores),
        "legal": [write_action(a) for a in legal_actions(state)],
        "events": [e.to_dict() for e in events],
    }


def play_scenario(doc: dict[str, Any]) -> tuple[RoundState, list[Event]]:
    """The position a scenario reaches after its actions, and everything that happened."""
    state, events = parse_position(doc)
    log = list(events)
    actions = doc.get("actions", [])
    if not isinstance(actions, list):
        raise ScenarioError("'actions' must be a list")
    if len(actions) > MAX_ACTIONS:
        raise ScenarioError(f"{len(actions)} actions; a scenario holds at most {MAX_ACTIONS}")
    for index, raw in enumerate(actions):
        player, action = read_action(raw, index, state.n_players)
        turn_player = None if isinstance(action, (Announce, Call)) else player
        try:
            state, events = apply(state, action, turn_player)
        except CraitsError as exc:
            raise ScenarioError(str(exc), index) from None
        log.extend(events)
    return state, log


def run_scenario(doc: dict[str, Any]) -> dict[str, object]:
    return state_to_output(*play_scenario(doc))
