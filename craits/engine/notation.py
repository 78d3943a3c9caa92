"""The one way Craits is written down, read and written: card codes, action records,
positions (shared/SCENARIOS.md), and the documents that hold whole matches, a save's data and
a game record (docs/GAME_RECORD.md), as python-chess reads and writes FEN with ``Board(fen)``
and ``board.fen()``. Every other module calls these; none parses a card, an action, a position
or a match of its own.

    read_card("10h") == 22 and write_card(22) == "10H"
    read_action({"player": 1, "play": "8C", "suit": "D"}) == (1, Play(46, 2))
    write_action(Play(46, 2), 1) == {"player": 1, "play": "8C", "suit": "D"}
    state, events = read_position(write_position(state))   # the same position again
    read = read_match(session.to_save())   # read.data: SaveData; read.entries: its actions

Cards are rank then suit: ``A 2-10 J Q K`` (``T`` for ten too), ``S H D C`` (or ``♠ ♥ ♦ ♣``),
in any case, spaces around ignored; written in the one exact form (``10H``). An action record is
the scenario action shape (``{"player": P, "play": "7H"}``...); a save's action log is those
plus ``{"next_round": true}`` between rounds. Malformed input raises ``NotationError`` (a
``ValueError``) saying what is wrong, naming cards by code, never echoing huge input in full.
"""

from __future__ import annotations

import difflib
import json
import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict, TypeGuard

from .actions import DRAW, PASS, Action, Announce, Call, ChooseSuit, Draw, Pass, Play
from .cards import RANKS, SUIT_OF, SUIT_SYMBOLS, SUITS, card_str, make_card, suit_str
from .core import settle, start_round
from .errors import CraitsError
from .events import Event
from .rules import RULE_KEYS, Rules, RuleValue
from .state import CHOOSE_SUIT, DRAWN, OVER, PLAY, RoundState

MAX_PLAYERS = 5


class NotationError(CraitsError, ValueError):
    """Text or a record that is not a card, an action or a position; ``action`` is the index
    of the offending action of a list (None: not an action, or not in a list)."""

    def __init__(self, message: str, action: int | None = None) -> None:
        super().__init__(message)
        self.action = action


def shown(value: object, as_json: bool = False) -> str:
    """A short repr of input for an error message (``as_json``: as JSON writes it, ``"2"``,
    ``false``, ``null``): huge input is never echoed in full."""
    if isinstance(value, (list, dict)):
        return f"a {'list' if isinstance(value, list) else 'object'} of {len(value)} items"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
        return "a number far out of range"
    text = repr(value)
    if as_json:
        with suppress(TypeError, ValueError):
            text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:59] + "…"


# ---------------------------------------------------------------- cards and suits

CARD_HELP = "rank A 2-10 J Q K, then suit S H D C"
_RANK_OF_CODE = {**{code: index + 1 for index, code in enumerate(RANKS)}, "T": 10}
_SUIT_OF_CODE = {**{code: index for index, code in enumerate(SUITS)},
                 **{symbol: index for index, symbol in enumerate(SUIT_SYMBOLS)}}

write_card = card_str  # ``10H``: the scenario form, the one written everywhere
write_suit = suit_str  # ``H``


def read_card(text: object) -> int:
    """The card a code names: ``AS``, ``10h``, ``qd``, ``TS``, ``7♥`` (case-insensitive);
    ``NotationError`` otherwise."""
    key = text.strip().upper() if isinstance(text, str) else ""
    rank, suit = _RANK_OF_CODE.get(key[:-1]), _SUIT_OF_CODE.get(key[-1:])
    if rank is None or suit is None:
        raise NotationError(f"not a card: {shown(text)} ({CARD_HELP})")
    return make_card(rank, suit)


def read_suit(text: object) -> int:
    """The suit ``S``, ``H``, ``D``, ``C`` (any case) or ``♠ ♥ ♦ ♣`` names; ``NotationError``
    otherwise."""
    key = text.strip().upper() if isinstance(text, str) else ""
    suit = _SUIT_OF_CODE.get(key) if key else None
    if suit is None:
        raise NotationError(f"not a suit: {shown(text)} (use S, H, D or C)")
    return suit


def _card(value: Any, what: str, index: int | None = None) -> int:
    if not isinstance(value, str):
        raise NotationError(
            f"{what}: a card is a string such as \"9H\", not {shown(value)}", index)
    try:
        return read_card(value)
    except NotationError:
        raise NotationError(f"{what}: not a card: {shown(value)} ({CARD_HELP})", index) from None


def _cards(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise NotationError(f"'{what}' must be a list of cards")
    if len(value) > 52:
        raise NotationError(f"'{what}' lists {len(value)} cards; a deck has 52")
    return tuple(_card(c, what) for c in value)


def _suit(value: Any, what: str, index: int | None = None) -> int:
    if not isinstance(value, str):
        raise NotationError(
            f"{what}: a suit is one of \"S\", \"H\", \"D\", \"C\", not {shown(value)}", index)
    try:
        return read_suit(value)
    except NotationError:
        raise NotationError(f"{what}: not a suit: {shown(value)} (use S, H, D or C)",
                            index) from None


# ---------------------------------------------------------------- action records

# The fields each kind of action may carry.
ACTION_KEYS = {
    "play": {"player", "play", "suit"},
    "draw": {"player", "draw"},
    "pass": {"player", "pass"},
    "announce": {"player", "announce"},
    "call": {"player", "call"},
    "suit": {"player", "suit"},
}
NEXT_ROUND = "next_round"

# An action record as written; ``pass`` is a keyword, hence the call form.
ActionRecord = TypedDict("ActionRecord", {
    "player": int, "play": str, "suit": str | None, "draw": bool, "pass": bool,
    "announce": bool, "call": int, "next_round": bool,
}, total=False)


def _is_index(value: object, players: int) -> TypeGuard[int]:
    return type(value) is int and 0 <= value < players


def read_action(raw: object, index: int | None = None,
                players: int = MAX_PLAYERS) -> tuple[int, Action]:
    """One action record as ``(player, action)``, at a table of ``players``; unknown or
    missing fields are errors (``index`` is the record's place in its list, for the error)."""
    if not isinstance(raw, dict) or "player" not in raw:
        raise NotationError("each action is an object naming its 'player'", index)
    player = raw["player"]
    if not _is_index(player, MAX_PLAYERS):
        raise NotationError(f"'player' must be a player index, not {shown(player)}", index)
    if player >= players:
        raise NotationError(f"no player {player}", index)
    kinds = [k for k in ("play", "draw", "pass", "announce", "call") if k in raw]
    if len(kinds) > 1:
        raise NotationError(f"one action at a time, not {' and '.join(kinds)}", index)
    kind = kinds[0] if kinds else "suit" if "suit" in raw else None
    if kind is None:
        raise NotationError(
            "an action needs one of 'play', 'draw', 'pass', 'announce', 'call' or 'suit'", index)
    problem = _unknown(raw, ACTION_KEYS[kind], f"{kind} action: ")
    if problem:
        raise NotationError(problem, index)
    value = raw[kind]
    if kind == "play":
        card = _card(value, "play", index)
        suit = raw.get("suit")
        return player, Play(card, None if suit is None else _suit(suit, "play", index))
    if kind == "suit":
        return player, ChooseSuit(None if value is None else _suit(value, "suit", index))
    if kind in ("draw", "pass", "announce"):
        if value is not True:
            raise NotationError(f"'{kind}' must be true, not {shown(value)}", index)
        simple: dict[str, Action] = {"draw": DRAW, "pass": PASS, "announce": Announce(player)}
        return player, simple[kind]
    if not _is_index(value, players):
        raise NotationError(f"'call' names a player index, not {shown(value)}", index)
    return player, Call(player, value)


def write_action(action: Action, player: int | None = None) -> ActionRecord:
    """The record of ``action`` (``read_action``'s input), with ``player`` first when given;
    without it, the shape the scenario output lists as legal."""
    out: ActionRecord = {} if player is None else {"player": player}
    if isinstance(action, Play):
        out["play"] = write_card(action.card)
        if action.suit is not None:
            out["suit"] = write_suit(action.suit)
    elif isinstance(action, Draw):
        out["draw"] = True
    elif isinstance(action, Pass):
        out["pass"] = True
    elif isinstance(action, ChooseSuit):
        out["suit"] = None if action.suit is None else write_suit(action.suit)
    elif isinstance(action, Announce):
        out["announce"] = True
    elif isinstance(action, Call):
        out["call"] = action.target
    else:
        raise TypeError(f"not an action: {action!r}")
    return out


LogEntry = tuple[int, Action] | None  # (player, action), or None for the next round's deal


def read_log_entry(raw: object, players: int, index: int | None = None) -> LogEntry:
    """One entry of a save's action log: ``(player, action)``, or None for the start of the
    next round (``{"next_round": true}``)."""
    if isinstance(raw, dict) and NEXT_ROUND in raw:
        if raw.keys() == {NEXT_ROUND} and raw[NEXT_ROUND] is True:
            return None
        raise NotationError("bad next_round record: it is {\"next_round\": true} alone", index)
    return read_action(raw, index, players)


def write_next_round() -> ActionRecord:
    """The log entry between two rounds."""
    return {"next_round": True}


def write_log_entry(entry: LogEntry) -> ActionRecord:
    """``read_log_entry``'s input, in the canonical form (upper-case codes, ``10`` for ten)."""
    return write_next_round() if entry is None else write_action(entry[1], entry[0])


# ---------------------------------------------------------------- positions

POSITION_KEYS = (
    "rules", "dealer", "hands", "draw_pile", "discard", "suit", "turn", "direction", "crank",
    "announced", "lose_turn", "last_card_window", "start",
)  # fmt: skip
INPUT_KEYS = (*POSITION_KEYS, "actions")  # a scenario: a position and the actions that follow
# With "start": true the deal decides these; giving them is an error.
DEALT_KEYS = ("turn", "direction", "crank", "suit", "announced", "lose_turn", "last_card_window")


def _suggest(key: str, known: tuple[str, ...] | set[str]) -> str:
    close = difflib.get_close_matches(key, sorted(known), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def _unknown(keys: Any, known: tuple[str, ...] | set[str], where: str) -> str | None:
    for key in keys:
        if key not in known:
            return f"{where}unknown field {shown(key)}{_suggest(str(key)[:40], known)}"
    return None


def read_rules(data: Any) -> Rules:
    """A position's ``rules``: overrides of the defaults (None: the defaults)."""
    if data is None:
        return Rules()
    if not isinstance(data, dict):
        raise NotationError("'rules' must be an object of variant keys")
    for key in data:
        if key not in RULE_KEYS:
            raise NotationError(
                f"rules: unknown key {shown(key)}{_suggest(str(key)[:40], RULE_KEYS)}")
    try:
        return Rules.from_dict(data)
    except ValueError as exc:
        raise NotationError(f"rules: {exc}") from None


def _int(doc: dict[str, Any], key: str, default: int, *, low: int = 0, high: int = 99) -> int:
    value = doc.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise NotationError(
            f"'{key}' must be an integer from {low} to {high}, not {shown(value)}")
    return value


def _flags(doc: dict[str, Any], key: str, n: int) -> tuple[bool, ...]:
    value = doc.get(key)
    if value is None:
        return (False,) * n
    if not isinstance(value, list) or len(value) != n or not all(isinstance(v, bool) for v in value):
        raise NotationError(f"'{key}' must be a list of {n} true/false values")
    return tuple(value)


def read_position(doc: object, keys: tuple[str, ...] = POSITION_KEYS
                  ) -> tuple[RoundState, tuple[Event, ...]]:
    """The round state a position document describes; with ``start`` also the dealer's play.
    A position that is already blocked ends at once. ``keys``: the fields the document may
    hold (a scenario's include its ``actions``, read by the caller)."""
    if not isinstance(doc, dict):
        raise NotationError("a scenario is a JSON object")
    problem = _unknown(doc, keys, "")
    if problem:
        raise NotationError(problem)
    rules = read_rules(doc.get("rules"))
    raw_hands = doc.get("hands")
    if not isinstance(raw_hands, list) or not 2 <= len(raw_hands) <= MAX_PLAYERS:
        raise NotationError("'hands' must list 2 to 5 hands")
    n = len(raw_hands)
    hands = tuple(_cards(h, f"hands[{i}]") for i, h in enumerate(raw_hands))
    for i, hand in enumerate(hands):
        if not hand:
            raise NotationError(f"hands[{i}] is empty: every player holds at least one card")
    draw_pile = _cards(doc.get("draw_pile", []), "draw_pile")
    discard = _cards(doc.get("discard"), "discard")
    if not discard:
        raise NotationError("'discard' needs at least the face-up card")
    counts = Counter(c for part in (*hands, draw_pile, discard) for c in part)
    dupes = sorted((c for c, k in counts.items() if k > 1), key=lambda c: (c // 13, c % 13))
    if dupes:
        raise NotationError(f"cards appear more than once: {', '.join(map(write_card, dupes))}")
    dealer = _int(doc, "dealer", 0, high=n - 1)
    start = doc.get("start", False)
    if not isinstance(start, bool):
        raise NotationError("'start' must be true or false")
    window: int | None
    if start:
        given = [k for k in DEALT_KEYS if k in doc]
        if given:
            raise NotationError(
                f"with 'start', the deal decides {', '.join(repr(k) for k in given)}: leave "
                f"{'it' if len(given) == 1 else 'them'} out"
            )
        if len(discard) != 1:
            raise NotationError("with 'start', 'discard' holds just the turned-up card")
        turn, direction, crank, suit, window = dealer, 1, 0, SUIT_OF[discard[-1]], None
    else:
        if "turn" not in doc:
            raise NotationError("'turn' is missing: the player to act")
        turn = _int(doc, "turn", 0, high=n - 1)
        direction = doc.get("direction", 1)
        if isinstance(direction, bool) or type(direction) is not int or direction not in (1, -1):
            raise NotationError(
                f"'direction' must be the integer 1 or -1, not {shown(direction)}")
        crank = _int(doc, "crank", 0, high=200)
        raw_suit = doc.get("suit")
        suit = SUIT_OF[discard[-1]] if raw_suit is None else _suit(raw_suit, "suit")
        window = None
        if doc.get("last_card_window") is not None:
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


def write_position(state: RoundState) -> dict[str, Any]:
    """``state`` as a position document (shared/SCENARIOS.md, without ``actions``), which
    ``read_position`` reads back to the same position (its seed aside: a scenario has none).

    A round waiting for the dealer's suit is written as the moment after the deal
    (``"start": true``); ``NotationError`` for what the format cannot hold: a round that is
    over, or a card just drawn that may still be played."""
    if state.phase == OVER:
        raise NotationError("the round is over: a position is a round still being played")
    if state.phase == DRAWN:
        raise NotationError("a card was just drawn and may still be played: a position holds "
                            "no drawn card (write the one before the draw)")
    doc: dict[str, Any] = {
        "rules": state.rules.to_dict(),
        "dealer": state.dealer,
        "hands": [[write_card(c) for c in hand] for hand in state.hands],
        "draw_pile": [write_card(c) for c in state.draw_pile],
        "discard": [write_card(c) for c in state.discard],
    }
    if state.phase == CHOOSE_SUIT:
        doc["start"] = True
        return doc
    doc.update({
        "suit": write_suit(state.suit),
        "turn": state.turn,
        "direction": state.direction,
        "crank": state.crank,
        "announced": list(state.announced),
        "lose_turn": list(state.lose_turn),
        "last_card_window": state.window,
    })
    return doc


# ---------------------------------------------------------------- saves and game records
# A save's data and a game record (docs/GAME_RECORD.md) are typed as TypedDicts rather than
# dataclasses: each *is* its JSON object, so it is written with no conversion, its digest
# (``game_record.game_key``) and every round trip stay byte for byte what they were, and a
# record's action log is kept as its author wrote it; strict mypy still sees every field.
# ``read_match`` is the one reader of both, from decoded JSON.

SEAT_NAME_LENGTH = 16  # as in the new-game screen: fits a seat's name plate at the table
MAX_ACTIONS = 100_000  # far more than a full game of 15 rounds ever records
MAX_ROUNDS_COUNTED = 10_000
LEVEL_NAME = re.compile(r"[a-z][a-z0-9_-]{0,29}")
MATCH_ID = re.compile(r"[0-9a-f]{1,64}")
SEED_MIN, SEED_MAX = -(2**63), 2**63  # the seeds a save may hold, both ends included


class SeatRecord(TypedDict):
    kind: str  # "human" or a computer level's name
    name: str


class MatchRecord(TypedDict):
    """What decides a game, shared by a save and a game record (and digested by its key)."""

    seed: int
    rules: dict[str, RuleValue]
    seats: list[SeatRecord]
    actions: list[ActionRecord]


class ArrangedHand(TypedDict):
    """A hand as its player arranged it at the table: the cards left to right."""

    seat: int
    round: int
    cards: list[int]


class SaveData(MatchRecord):
    """A save's data (``Session.to_save``): the match and what the table keeps of it."""

    clock: NotRequired[float]  # match time, seconds
    match_id: NotRequired[str]  # short hexadecimal text; older saves have none
    stats_rounds: NotRequired[int]  # rounds of it the statistics hold
    undo: NotRequired[bool]  # written only when true
    arranged: NotRequired[list[ArrangedHand]]  # written only when a hand is arranged


class MatchResult(TypedDict):
    finished_rounds: int
    totals: list[int]
    over: bool


class GameRecord(MatchRecord):
    format: str
    version: int
    title: NotRequired[str]
    note: NotRequired[str]
    focus: NotRequired[int]
    result: NotRequired[MatchResult]


@dataclass(frozen=True, slots=True)
class ReadMatch:
    """A save's data (or a record's match) as read: checked and normalised (``data``), its
    action log read into the engine's actions (``entries``, one per record) and the record
    it came from (None: a save): what a replay starts from, nothing read twice."""

    data: SaveData
    entries: tuple[LogEntry, ...]
    record: GameRecord | None = None


def read_match(data: object, refuse_kind: Callable[[str], str | None] | None = None
               ) -> ReadMatch:
    """A save's data (or the match a record holds) checked field by field; ``NotationError``
    naming the first problem by its path (``seats[2].kind: ...``, ``actions[12]: ...``).
    Unknown fields are left out; a seat's name too long is shortened as a typed one is.
    ``refuse_kind`` says why a seat's level may not be seated (None: it may)."""
    if not isinstance(data, dict):
        raise NotationError(f"expected an object, not {shown(data)}")
    for key in ("seed", "rules", "seats", "actions"):
        if key not in data:
            raise NotationError(f"{key}: missing")
    seed = data["seed"]
    if type(seed) is not int or not SEED_MIN <= seed <= SEED_MAX:
        raise NotationError(f"seed: expected a whole number from {SEED_MIN} to {SEED_MAX}, "
                            f"not {shown(seed)}")
    if not isinstance(data["rules"], dict):
        raise NotationError("rules: expected an object of variant keys")
    rules: dict[str, RuleValue] = dict(data["rules"])
    read_rules(rules)
    seats = _read_seats(data["seats"], refuse_kind)
    actions = data["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise NotationError(f"actions: expected a list of at most {MAX_ACTIONS} actions, not "
                            f"{shown(actions)}")
    out: SaveData = {"seed": seed, "rules": rules, "seats": seats, "actions": list(actions)}
    if "clock" in data:
        clock = data["clock"]
        if isinstance(clock, bool) or not isinstance(clock, int | float) \
                or not math.isfinite(clock) or not 0 <= clock <= 1e9:
            raise NotationError(f"clock: {shown(clock)} is not a time in seconds")
        out["clock"] = float(clock)
    if "stats_rounds" in data:
        out["stats_rounds"] = _whole(data["stats_rounds"], "stats_rounds", MAX_ROUNDS_COUNTED)
    if "match_id" in data:
        if not (isinstance(data["match_id"], str) and MATCH_ID.fullmatch(data["match_id"])):
            raise NotationError("match_id: expected a short hexadecimal text")
        out["match_id"] = data["match_id"]
    if data.get("undo") is True:  # anything else: off, as in older saves
        out["undo"] = True
    if "arranged" in data:
        out["arranged"] = _read_arranged(data["arranged"], len(seats))
    entries: list[LogEntry] = []
    try:
        read_entries(out["actions"], len(seats), entries)
    except NotationError as exc:
        raise NotationError(f"actions[{len(entries)}]: {exc}", len(entries)) from None
    return ReadMatch(out, tuple(entries))


def _read_arranged(value: object, seats: int) -> list[ArrangedHand]:
    """The hands as arranged at the table: a view's choice, not the game's, so what cannot
    be read of it is dropped (that hand shows in suit order), never a reason to refuse."""
    hands: dict[int, ArrangedHand] = {}
    for item in value if isinstance(value, list) else ():
        if not isinstance(item, dict):
            continue
        seat, round_index, cards = item.get("seat"), item.get("round"), item.get("cards")
        if _is_index(seat, seats) and _is_index(round_index, MAX_ROUNDS_COUNTED + 1) \
                and isinstance(cards, list) and len(set(cards)) == len(cards) <= 52 \
                and all(_is_index(card, 52) for card in cards):
            hands[seat] = {"seat": seat, "round": round_index, "cards": list(cards)}
    return list(hands.values())


def _whole(value: object, where: str, high: int) -> int:
    if type(value) is not int or not 0 <= value <= high:
        raise NotationError(f"{where}: expected a whole number from 0 to {high}, not "
                            f"{shown(value)}")
    return value


def _read_seats(value: object, refuse_kind: Callable[[str], str | None] | None
                ) -> list[SeatRecord]:
    if not isinstance(value, list) or not 2 <= len(value) <= MAX_PLAYERS:
        raise NotationError(f"seats: expected 2 to {MAX_PLAYERS} seats, not {shown(value)}")
    seats: list[SeatRecord] = []
    for number, seat in enumerate(value):
        where = f"seats[{number}]"
        if not isinstance(seat, dict):
            raise NotationError(f"{where}: expected an object of kind and name")
        problem = _unknown(seat, {"kind", "name"}, f"{where}: ")
        if problem:
            raise NotationError(problem)
        kind, name = seat.get("kind"), seat.get("name")
        if not isinstance(kind, str) or not LEVEL_NAME.fullmatch(kind):
            raise NotationError(f"{where}.kind: bad seat kind {shown(kind)}: human or a level "
                                "name")
        refused = refuse_kind(kind) if refuse_kind is not None else None
        if refused:
            raise NotationError(f"{where}.kind: {refused}")
        seats.append({"kind": kind, "name": read_seat_name(name, f"{where}.name")})
    return seats


def read_seat_name(value: object, where: str = "") -> str:
    """A seat's name as the game would let a player type it: printable text, shortened to
    ``SEAT_NAME_LENGTH``; ``NotationError`` otherwise (its message begins ``where: ``)."""
    where = f"{where}: " if where else ""
    if not isinstance(value, str):
        raise NotationError(f"{where}expected text, not {shown(value)}")
    bad = next((ch for ch in value if not ch.isprintable()), None)
    if bad is not None:
        raise NotationError(f"{where}contains the character U+{ord(bad):04X}, which cannot "
                            "be shown")
    return value[:SEAT_NAME_LENGTH]


def read_entries(records: Sequence[object], seats: int, entries: list[LogEntry]) -> None:
    """Read ``records`` onto ``entries`` (raising ``NotationError`` at the first that is not
    one: it is ``records[len(entries)]``). A log repeats a few hundred shapes (a draw, a play of
    each card...): each is read once, and the same record gives the same immutable action."""
    known: dict[tuple[Any, ...], LogEntry] = {}
    add = entries.append
    for record in records:
        if not isinstance(record, dict):
            add(read_log_entry(record, seats))
            continue
        try:  # the key tells apart values Python finds equal: true and 1, 0 and 0.0
            key = (tuple(record), tuple(record.values()), tuple(map(type, record.values())))
            add(known[key])
            continue
        except KeyError:
            entry = known[key] = read_log_entry(record, seats)
        except TypeError:  # a value that cannot be a key (a list...)
            entry = read_log_entry(record, seats)
        add(entry)


RECORD_FORMAT = "craits-game"
RECORD_VERSION = 1
RECORD_KEYS = ("format", "version", "seed", "rules", "seats", "actions", "title", "note",
               "focus", "result")
MATCH_KEYS = ("seed", "rules", "seats", "actions")  # what a record shares with a save
TITLE_LENGTH = 100
NOTE_LENGTH = 4000
MAX_TOTAL = 1_000_000  # far beyond any game's points; a larger one is not a game's


def normal_line_breaks(text: str) -> str:
    """``text`` with Windows (``\\r\\n``) and old Mac (``\\r``) line breaks made ``\\n``."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_game_record(data: object, refuse_kind: Callable[[str], str | None] | None = None, *,
                     actions: bool = True) -> ReadMatch:
    """A game record (docs/GAME_RECORD.md) checked field by field, as ``read_match`` checks a
    save, its note's line breaks made ``\\n``; ``NotationError`` naming the first problem.
    With ``actions`` False its action log is checked as a list only (``entries`` is empty):
    a list of many past games reads each quickly."""
    if not isinstance(data, dict):
        raise NotationError(f"a game record is a JSON object, not {shown(data, as_json=True)}")
    for key in data:
        if key not in RECORD_KEYS:
            raise NotationError(f"unknown field {shown(key, as_json=True)}"
                                f"{_suggest(str(key)[:40], RECORD_KEYS)}")
    version = data.get("version")
    if version is None:
        raise NotationError(f"version: missing (this game reads version {RECORD_VERSION})")
    if type(version) is not int or version < 1:
        raise NotationError("version: expected a whole number from 1, not "
                            f"{shown(version, as_json=True)}")
    if version > RECORD_VERSION:
        raise NotationError(f"the record comes from a newer version of Craits (record version "
                            f"{version}; this game reads up to {RECORD_VERSION})")
    match = {key: data[key] for key in MATCH_KEYS if key in data}
    log = match.get("actions")
    quick = not actions and isinstance(log, list) and len(log) <= MAX_ACTIONS
    if quick:
        match["actions"] = []
    read = read_match(match, refuse_kind)
    save = read.data
    if quick and isinstance(log, list):
        save["actions"] = log  # each action is read when the game is replayed
    record: GameRecord = {"format": RECORD_FORMAT, "version": version, "seed": save["seed"],
                          "rules": save["rules"], "seats": save["seats"],
                          "actions": save["actions"]}
    if "title" in data:
        record["title"] = _read_text(data["title"], "title", TITLE_LENGTH)
    if "note" in data:
        record["note"] = _read_text(data["note"], "note", NOTE_LENGTH)
    if "focus" in data:
        focus, most = data["focus"], len(save["actions"])
        if type(focus) is not int or not 0 <= focus <= most:
            raise NotationError(f"focus: expected a number of actions from 0 to {most}, not "
                                f"{shown(focus, as_json=True)}")
        record["focus"] = focus
    if "result" in data:
        record["result"] = _read_result(data["result"], len(save["seats"]))
    return ReadMatch(save, read.entries, record)


def _read_text(value: object, key: str, limit: int) -> str:
    """A title (one line) or a note (lines: their breaks made ``\\n``)."""
    if not isinstance(value, str):
        raise NotationError(f"{key}: expected text, not {shown(value, as_json=True)}")
    breaks = "\n" if key == "note" else ""
    if breaks:
        value = normal_line_breaks(value)
    if len(value) > limit:
        raise NotationError(f"{key}: longer than {limit} characters")
    bad = next((ch for ch in value if not ch.isprintable() and ch not in breaks), None)
    if bad in ("\n", "\r"):
        raise NotationError(f"{key}: a title is one line, without line breaks")
    if bad is not None:
        raise NotationError(f"{key}: contains the character U+{ord(bad):04X}, which cannot be "
                            "shown")
    return value


def _read_result(value: object, seats: int) -> MatchResult:
    if isinstance(value, dict) and value.keys() == {"finished_rounds", "totals", "over"}:
        rounds, totals, over = value["finished_rounds"], value["totals"], value["over"]
        if (type(rounds) is int and 0 <= rounds <= MAX_ROUNDS_COUNTED and type(over) is bool
                and isinstance(totals, list) and len(totals) == seats
                and all(type(t) is int and abs(t) <= MAX_TOTAL for t in totals)):
            return {"finished_rounds": rounds, "totals": list(totals), "over": over}
    raise NotationError(f"result: expected finished_rounds, totals (one whole number a seat) "
                        f"and over, not {shown(value, as_json=True)}")

