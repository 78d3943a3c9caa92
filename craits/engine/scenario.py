"""Scenarios (``shared/SCENARIOS.md``): a position, some actions, the result: our FEN.

``run_scenario(document) -> dict`` takes the parsed JSON and returns the output object, or raises
``ScenarioError`` with the index of the offending action (None for the position itself).
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Sequence
from typing import Any

from .actions import DRAW, PASS, Action, Announce, Call, ChooseSuit, Play
from .cards import SUIT_OF, card_str, parse_card, parse_suit, suit_str
from .core import apply, legal_actions, settle, start_round
from .errors import CraitsError
from .events import Event
from .rules import RULE_KEYS, Rules
from .state import PLAY, RoundState

INPUT_KEYS = (
    "rules", "dealer", "hands", "draw_pile", "discard", "suit", "turn", "direction", "crank",
    "announced", "lose_turn", "last_card_window", "start", "actions",
)  # fmt: skip
# With "start": true the deal decides these; giving them is an error.
DEALT_KEYS = ("turn", "direction", "crank", "suit", "announced", "lose_turn", "last_card_window")
# The fields each kind of action may carry.
ACTION_KEYS = {
    "play": {"player", "play", "suit"},
    "draw": {"player", "draw"},
    "pass": {"player", "pass"},
    "announce": {"player", "announce"},
    "call": {"player", "call"},
    "suit": {"player", "suit"},
}
MAX_ACTIONS = 10_000


class ScenarioError(CraitsError, ValueError):
    def __init__(self, message: str, action: int | None = None) -> None:
        super().__init__(message)
        self.action = action


def shown(value: Any, limit: int = 60) -> str:
    """A short repr of input for an error message: huge input is never echoed in full."""
    if isinstance(value, (list, dict)):
        return f"a {'list' if isinstance(value, list) else 'object'} of {len(value)} items"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
        return "a number far out of range"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _suggest(key: str, known: tuple[str, ...] | set[str]) -> str:
    close = difflib.get_close_matches(key, sorted(known), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def _unknown(keys: Any, known: tuple[str, ...] | set[str], where: str) -> str | None:
    for key in keys:
        if key not in known:
            return f"{where}unknown field {shown(key)}{_suggest(str(key)[:40], known)}"
    return None


def rules_from_scenario(data: Any) -> Rules:
    if data is None:
        return Rules()
    if not isinstance(data, dict):
        raise ScenarioError("'rules' must be an object of variant keys")
    for key in data:
        if key not in RULE_KEYS:
            raise ScenarioError(f"rules: unknown key {shown(key)}{_suggest(str(key)[:40], RULE_KEYS)}")
    try:
        return Rules.from_dict(data)
    except ValueError as exc:
        raise ScenarioError(f"rules: {exc}") from None


def _card(text: Any, what: str) -> int:
    if not isinstance(text, str):
        raise ScenarioError(f"{what}: a card is a string such as \"9H\", not {shown(text)}")
    try:
        return parse_card(text)
    except ValueError:
        raise ScenarioError(
            f"{what}: not a card: {shown(text)} (rank A 2-10 J Q K, then suit S H D C)"
        ) from None


def _cards(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise ScenarioError(f"'{what}' must be a list of cards")
    if len(value) > 52:
        raise ScenarioError(f"'{what}' lists {len(value)} cards; a deck has 52")
    return tuple(_card(c, what) for c in value)


def _suit(value: Any, what: str) -> int:
    if not isinstance(value, str):
        raise ScenarioError(f"{what}: a suit is one of \"S\", \"H\", \"D\", \"C\", not {shown(value)}")
    try:
        return parse_suit(value)
    except ValueError:
        raise ScenarioError(f"{what}: not a suit: {shown(value)} (use S, H, D or C)") from None


def _int(doc: dict[str, Any], key: str, default: int, *, low: int = 0, high: int = 99) -> int:
    value = doc.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ScenarioError(f"'{key}' must be an integer from {low} to {high}, not {shown(value)}")
    return value


def _flags(doc: dict[str, Any], key: str, n: int) -> tuple[bool, ...]:
    value = doc.get(key)
    if value is None:
        return (False,) * n
    if not isinstance(value, list) or len(value) != n or not all(isinstance(v, bool) for v in value):
        raise ScenarioError(f"'{key}' must be a list of {n} true/false values")
    return tuple(value)


def parse_position(doc: Any) -> tuple[RoundState, tuple[Event, ...]]:
    """Build the round state a scenario describes; with ``start`` also the dealer's play.
    A position that is already blocked ends at once."""
    if not isinstance(doc, dict):
        raise ScenarioError("a scenario is a JSON object")
    problem = _unknown(doc, INPUT_KEYS, "")
    if problem:
        raise ScenarioError(problem)
    rules = rules_from_scenario(doc.get("rules"))
    raw_hands = doc.get("hands")
    if not isinstance(raw_hands, list) or not 2 <= len(raw_hands) <= 5:
        raise ScenarioError("'hands' must list 2 to 5 hands")
    n = len(raw_hands)
    hands = tuple(_cards(h, f"hands[{i}]") for i, h in enumerate(raw_hands))
    for i, hand in enumerate(hands):
        if not hand:
            raise ScenarioError(f"hands[{i}] is empty: every player holds at least one card")
    draw_pile = _cards(doc.get("draw_pile", []), "draw_pile")
    discard = _cards(doc.get("discard"), "discard")
    if not discard:
        raise ScenarioError("'discard' needs at least the face-up card")
    counts = Counter(c for part in (*hands, draw_pile, discard) for c in part)
    dupes = sorted((c for c, k in counts.items() if k > 1), key=lambda c: (c // 13, c % 13))
    if dupes:
        raise ScenarioError(f"cards appear more than once: {', '.join(map(card_str, dupes))}")
    dealer = _int(doc, "dealer", 0, high=n - 1)
    start = doc.get("start", False)
    if not isinstance(start, bool):
        raise ScenarioError("'start' must be true or false")
    if start:
        given = [k for k in DEALT_KEYS if k in doc]
        if given:
            raise ScenarioError(
                f"with 'start', the deal decides {', '.join(repr(k) for k in given)}: leave "
                f"{'it' if len(given) == 1 else 'them'} out"
            )
        if len(discard) != 1:
            raise ScenarioError("with 'start', 'discard' holds just the turned-up card")
        turn, direction, crank, suit, window = dealer, 1, 0, SUIT_OF[discard[-1]], None
    else:
        if "turn" not in doc:
            raise ScenarioError("'turn' is missing: the player to act")
        turn = _int(doc, "turn", 0, high=n - 1)
        direction = doc.get("direction", 1)
        if isinstance(direction, bool) or type(direction) is not int or direction not in (1, -1):
            raise ScenarioError(f"'direction' must be the integer 1 or -1, not {shown(direction)}")
        crank = _int(doc, "crank", 0, high=200)
        raw_suit = doc.get("suit")
        suit = SUIT_OF[discard[-1]] if raw_suit is None else _suit(raw_suit, "suit")
        window = doc.get("last_card_window")
        if window is not None:
            window = _int(doc, "last_card_window", 0, high=n - 1)
    state = RoundState(
        rules=rules, seed=0, shuffles=0, dealer=dealer, hands=hands, draw_pile=draw_pile,
        discard=discard, suit=suit, turn=turn, direction=direction, crank=crank,
        announced=_flags(doc, "announced", n), lose_turn=_flags(doc, "lose_turn", n),
        window=window, phase=PLAY, drawn=None, winner=None, blocked=False, scores=None,
    )  # fmt: skip
    if start:
        return start_round(state)
    return settle(state)


def parse_action(raw: Any, index: int | None) -> tuple[int, Action]:
    """One scenario action: ``(player, action)``. Unknown or missing fields are errors."""
    if not isinstance(raw, dict) or "player" not in raw:
        raise ScenarioError("each action is an object naming its 'player'", index)
    player = raw["player"]
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < 5:
        raise ScenarioError(f"'player' must be a player index, not {shown(player)}", index)
    kinds = [k for k in ("play", "draw", "pass", "announce", "call") if k in raw]
    if len(kinds) > 1:
        raise ScenarioError(f"one action at a time, not {' and '.join(kinds)}", index)
    kind = kinds[0] if kinds else "suit" if "suit" in raw else None
    if kind is None:
        raise ScenarioError(
            "an action needs one of 'play', 'draw', 'pass', 'announce', 'call' or 'suit'", index
        )
    problem = _unknown(raw, ACTION_KEYS[kind], f"{kind} action: ")
    if problem:
        raise ScenarioError(problem, index)
    value = raw[kind]
    if kind == "play":
        card = _card(value, "play")
        suit = raw.get("suit")
        return player, Play(card, None if suit is None else _suit(suit, "play"))
    if kind == "suit":
        return player, ChooseSuit(None if value is None else _suit(value, "suit"))
    if kind in ("draw", "pass", "announce"):
        if value is not True:
            raise ScenarioError(f"'{kind}' must be true, not {shown(value)}", index)
        simple: dict[str, Action] = {"draw": DRAW, "pass": PASS, "announce": Announce(player)}
        return player, simple[kind]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 5:
        raise ScenarioError(f"'call' names a player index, not {shown(value)}", index)
    return player, Call(player, value)


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
        "legal": [a.to_dict() for a in legal_actions(state)],
        "events": [e.to_dict() for e in events],
    }


def run_scenario(doc: dict[str, Any]) -> dict[str, object]:
    state, events = parse_position(doc)
    log = list(events)
    actions = doc.get("actions", [])
    if not isinstance(actions, list):
        raise ScenarioError("'actions' must be a list")
    if len(actions) > MAX_ACTIONS:
        raise ScenarioError(f"{len(actions)} actions; a scenario holds at most {MAX_ACTIONS}")
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
