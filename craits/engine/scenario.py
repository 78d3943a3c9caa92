"""Scenarios (``shared/SCENARIOS.md``): a position, some actions, the result: our FEN.

``run_scenario(document) -> dict`` takes the parsed JSON and returns the output object, or raises
``ScenarioError`` with the index of the offending action (None for the position itself).
"""

from __future__ import annotations

import difflib
from typing import Any

from .actions import Action, Announce, Call, ChooseSuit, Draw, Pass, Play
from .cards import card_str, parse_card, parse_suit, suit_str
from .core import apply, legal_actions, start_round
from .errors import CraitsError
from .rules import RULE_KEYS, Rules
from .state import PLAY, RoundState

INPUT_KEYS = (
    "rules", "dealer", "hands", "draw_pile", "discard", "suit", "turn", "direction", "crank",
    "announced", "lose_turn", "last_card_window", "start", "actions",
)  # fmt: skip


class ScenarioError(CraitsError, ValueError):
    def __init__(self, message: str, action: int | None = None) -> None:
        super().__init__(message)
        self.action = action


def _suggest(key: str, known: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(key, known, n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def rules_from_scenario(data: Any) -> Rules:
    if data is None:
        return Rules()
    if not isinstance(data, dict):
        raise ScenarioError("'rules' must be an object of variant keys")
    for key in data:
        if key not in RULE_KEYS:
            raise ScenarioError(f"rules: unknown key {key!r}{_suggest(key, RULE_KEYS)}")
    try:
        return Rules.from_dict(data)
    except ValueError as exc:
        raise ScenarioError(f"rules: {exc}") from None


def _cards(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise ScenarioError(f"'{what}' must be a list of cards")
    try:
        return tuple(parse_card(c) for c in value)
    except ValueError as exc:
        raise ScenarioError(f"{what}: {exc}") from None


def _int(doc: dict, key: str, default: Any = None, *, low: int = 0, high: int = 99) -> Any:
    value = doc.get(key, default)
    if value is None and default is None and key in ("last_card_window",):
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ScenarioError(f"'{key}' must be an integer from {low} to {high}, not {value!r}")
    return value


def _flags(doc: dict, key: str, n: int) -> tuple[bool, ...]:
    value = doc.get(key)
    if value is None:
        return (False,) * n
    if not isinstance(value, list) or len(value) != n or not all(isinstance(v, bool) for v in value):
        raise ScenarioError(f"'{key}' must be a list of {n} true/false values")
    return tuple(value)


def parse_position(doc: dict) -> tuple[RoundState, tuple]:
    """Build the round state a scenario describes; with ``start`` also the dealer's play."""
    if not isinstance(doc, dict):
        raise ScenarioError("a scenario is a JSON object")
    for key in doc:
        if key not in INPUT_KEYS:
            raise ScenarioError(f"unknown key {key!r}{_suggest(key, INPUT_KEYS)}")
    rules = rules_from_scenario(doc.get("rules"))
    raw_hands = doc.get("hands")
    if not isinstance(raw_hands, list) or not 2 <= len(raw_hands) <= 5:
        raise ScenarioError("'hands' must list 2 to 5 hands")
    n = len(raw_hands)
    hands = tuple(_cards(h, f"hands[{i}]") for i, h in enumerate(raw_hands))
    draw_pile = _cards(doc.get("draw_pile", []), "draw_pile")
    discard = _cards(doc.get("discard"), "discard")
    if not discard:
        raise ScenarioError("'discard' needs at least the face-up card")
    every = [c for h in hands for c in h] + list(draw_pile) + list(discard)
    if len(set(every)) != len(every):
        dupes = sorted({card_str(c) for c in every if every.count(c) > 1})
        raise ScenarioError(f"cards appear more than once: {', '.join(dupes)}")
    dealer = _int(doc, "dealer", 0, high=n - 1)
    start = doc.get("start", False)
    if not isinstance(start, bool):
        raise ScenarioError("'start' must be true or false")
    if start:
        if len(discard) != 1:
            raise ScenarioError("with 'start', 'discard' holds just the turned-up card")
        turn, direction, crank = dealer, 1, 0
    else:
        turn = _int(doc, "turn", None, high=n - 1)
        direction = doc.get("direction", 1)
        if direction not in (1, -1) or isinstance(direction, bool):
            raise ScenarioError(f"'direction' must be 1 or -1, not {direction!r}")
        crank = _int(doc, "crank", 0, high=200)
    if "suit" in doc and doc["suit"] is not None:
        try:
            suit = parse_suit(doc["suit"])
        except ValueError as exc:
            raise ScenarioError(f"suit: {exc}") from None
    else:
        suit = discard[-1] // 13
    window = doc.get("last_card_window")
    if window is not None:
        window = _int(doc, "last_card_window", None, high=n - 1)
    state = RoundState(
        rules=rules, seed=0, shuffles=0, dealer=dealer, hands=hands, draw_pile=draw_pile,
        discard=discard, suit=suit, turn=turn, direction=direction, crank=crank,
        announced=_flags(doc, "announced", n), lose_turn=_flags(doc, "lose_turn", n),
        window=window, phase=PLAY, drawn=None, winner=None, blocked=False, scores=None,
    )  # fmt: skip
    if start:
        return start_round(state)
    return state, ()


def parse_action(raw: Any, index: int) -> tuple[int, Action]:
    """One scenario action: ``(player, action)``."""
    if not isinstance(raw, dict) or "player" not in raw:
        raise ScenarioError("each action is an object naming its 'player'", index)
    player = raw["player"]
    if isinstance(player, bool) or not isinstance(player, int):
        raise ScenarioError("'player' must be a player index", index)
    kinds = [k for k in ("play", "draw", "pass", "announce", "call") if k in raw]
    try:
        if kinds == ["play"]:
            suit = raw.get("suit")
            return player, Play(parse_card(raw["play"]), None if suit is None else parse_suit(suit))
        extra = set(raw) - {"player", *kinds}
        if kinds == ["draw"] and raw["draw"] is True and not extra:
            return player, Draw()
        if kinds == ["pass"] and raw["pass"] is True and not extra:
            return player, Pass()
        if kinds == ["announce"] and raw["announce"] is True and not extra:
            return player, Announce(player)
        if kinds == ["call"] and not extra:
            target = raw["call"]
            if isinstance(target, bool) or not isinstance(target, int):
                raise ScenarioError("'call' names a player index", index)
            return player, Call(player, target)
        if not kinds and set(raw) == {"player", "suit"}:
            suit = raw["suit"]
            return player, ChooseSuit(None if suit is None else parse_suit(suit))
    except ValueError as exc:
        raise ScenarioError(str(exc), index) from None
    raise ScenarioError(f"not an action: {raw!r}", index)


def state_to_output(state: RoundState, events: list) -> dict:
    return {
        "hands": [[card_str(c) for c in h] for h in state.hands],
        "draw_pile_count": len(state.draw_pile),
        "discard_count": len(state.discard),
        "top": card_str(state.discard[-1]),
        "suit": suit_str(state.suit),
        "turn": state.turn,
        "direction": state.direction,
        "crank": state.crank,
        "announced": list(state.announced),
        "lose_turn": list(state.lose_turn),
        "last_card_window": state.window,
        "round_over": state.is_over(),
        "blocked": state.blocked,
        "winner": state.winner,
        "round_scores": None if state.scores is None else list(state.scores),
        "legal": [a.to_dict() for a in legal_actions(state)],
        "events": [e.to_dict() for e in events],
    }


def run_scenario(doc: dict) -> dict:
    state, events = parse_position(doc)
    log = list(events)
    actions = doc.get("actions", [])
    if not isinstance(actions, list):
        raise ScenarioError("'actions' must be a list")
    for index, raw in enumerate(actions):
        player, action = parse_action(raw, index)
        if not 0 <= player < state.n_players:
            raise ScenarioError(f"no player {player}", index)
        turn_player = None if isinstance(action, (Announce, Call)) else player
        try:
            state, events = apply(state, action, turn_player)
        except CraitsError as exc:
            raise ScenarioError(str(exc), index) from None
        log.extend(events)
    return state_to_output(state, log)
