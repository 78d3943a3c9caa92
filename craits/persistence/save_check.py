"""What a saved game must look like before it is replayed.

Every field of the save's data is checked here, so that a damaged or hand-edited save is
refused with a reason (and then kept aside by the caller) instead of failing half-way through
the replay or later at the table. Seat names get the same rules as names typed in the game:
printable characters only, at most ``SEAT_NAME_LENGTH`` of them (a longer one is shortened).
A seat's level is never a research-only one that reads the hidden cards (``play: oracle`` in
config/ai.yaml): the game never seats one, so a save or record that does was edited.
"""

from __future__ import annotations

import math
import re
from typing import Any, TypeGuard

from craits.config.errors import dotted, show_value
from craits.config.levels import default_profiles
from craits.config.rules import RULE_FIELDS
from craits.config.schema import Field, Integer, Invalid, ListOf, Struct, kind_of
from craits.engine import Action
from craits.engine.notation import NotationError, read_log_entry
from craits.persistence.files import JsonObject

SEAT_NAME_LENGTH = 16  # as in the new-game screen: fits a seat's name plate at the table
MAX_ACTIONS = 100_000  # far more than a full game of 15 rounds ever records
LEVEL_NAME = re.compile(r"[a-z][a-z0-9_-]{0,29}")
SEED_MIN, SEED_MAX = -(2**63), 2**63  # the seeds a save may hold, both ends included


class SaveInvalid(ValueError):
    """The save cannot be replayed; ``str()`` says where and why."""


class SeatName(Field):
    """A seat's name as the game would let a player type it; too long is shortened."""

    def check(self, value: Any) -> str:
        if not isinstance(value, str):
            raise Invalid(f"expected text, got {kind_of(value)}")
        if not value.isprintable():
            bad = next(ch for ch in value if not ch.isprintable())
            raise Invalid(f"contains the character U+{ord(bad):04X}, which cannot be shown")
        return value[:SEAT_NAME_LENGTH]


class _Kind(Field):
    def check(self, value: Any) -> str:
        if not isinstance(value, str) or not LEVEL_NAME.fullmatch(value):
            raise Invalid(f"bad seat kind {show_value(value)}: human or a level name")
        if reads_hidden_cards(value):
            raise Invalid(f"the level {value!r} reads the hidden cards: it is for research "
                          "and never takes a seat")
        return value


def reads_hidden_cards(level: str) -> bool:
    """Whether ``level`` is a bundled level that plays with every card face up (research only).

    A levels file that cannot be read seats no level at all (the table and the review say so
    where they seat one), so nothing here can read hidden cards then either."""
    try:
        profile = default_profiles().get(level)
    except Exception:  # the file's own problem, reported where levels are seated
        return False
    return profile is not None and profile.play == "oracle"


class _Clock(Field):
    def check(self, value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise Invalid(f"expected a number, got {kind_of(value)}")
        if not math.isfinite(value) or not 0 <= value <= 1e9:
            raise Invalid(f"{show_value(value)} is not a time in seconds")
        return float(value)


class _Actions(Field):
    """The action log as a list of at most ``MAX_ACTIONS`` entries, each read below."""

    def check(self, value: Any) -> list[Any]:
        if not isinstance(value, list):
            raise Invalid(f"expected a list, got {kind_of(value)}")
        if len(value) > MAX_ACTIONS:
            raise Invalid(f"expected 0 to {MAX_ACTIONS} items, got {len(value)}")
        return list(value)  # a copy made at once: not an item checked at a time


class _Arranged(Field):
    """The hands as their players arranged them at the table (``Session.arranged``): seat ->
    (round, cards left to right). A view's choice, not the game's: what cannot be read of it
    is dropped (that hand shows in suit order), never a reason to refuse the save."""

    def check(self, value: Any) -> dict[int, tuple[int, tuple[int, ...]]]:
        out: dict[int, tuple[int, tuple[int, ...]]] = {}
        for item in value if isinstance(value, list) else ():
            if not isinstance(item, dict):
                continue
            seat, round_index, cards = item.get("seat"), item.get("round"), item.get("cards")
            if _small_int(seat, 4) and _small_int(round_index, 10_000) \
                    and isinstance(cards, list) and len(set(cards)) == len(cards) <= 52 \
                    and all(_small_int(c, 51) for c in cards):
                out[seat] = (round_index, tuple(cards))
        return out


def _small_int(value: object, top: int) -> TypeGuard[int]:
    return type(value) is int and 0 <= value <= top


class _Unchecked(Field):
    """Checked separately (the action records, the match id)."""

    def check(self, value: Any) -> Any:
        return value


_SEAT = Struct({"kind": _Kind(), "name": SeatName()}, required=True)
_SPEC: dict[str, tuple[Field, bool]] = {  # name -> (check, required)
    "seed": (Integer(SEED_MIN, SEED_MAX), True),
    "rules": (Struct(RULE_FIELDS), True),
    "seats": (ListOf(_SEAT, min_items=2, max_items=5), True),
    "actions": (_Actions(), True),  # each read below
    "clock": (_Clock(), False),
    "stats_rounds": (Integer(0, 10_000), False),
    "match_id": (_Unchecked(), False),
    "arranged": (_Arranged(), False),
}


LogEntry = tuple[int, Action] | None  # (player, action), or None for the next round's deal


def check_save(data: object) -> JsonObject:
    """The save's data, checked and normalised; raises ``SaveInvalid`` naming the first
    problem (``actions[12]: ...``)."""
    return read_save(data)[0]


def read_save(data: object) -> tuple[JsonObject, list[LogEntry]]:
    """``check_save``'s data and its action log read into the engine's actions, in one pass:
    a replay (``Session.replay``'s ``entries``) takes them as read, not reading them again."""
    if not isinstance(data, dict):
        raise SaveInvalid(f"expected an object, got {kind_of(data)}")
    out: dict[str, Any] = {}
    for name, (field, required) in _SPEC.items():
        if name not in data:
            if required:
                raise SaveInvalid(f"{name}: missing")
            continue
        try:
            out[name] = field.check(data[name])
        except Invalid as exc:
            raise SaveInvalid(_describe(name, exc)) from None
    if "match_id" in out and not (isinstance(out["match_id"], str)
                                  and re.fullmatch(r"[0-9a-f]{1,64}", out["match_id"])):
        raise SaveInvalid("match_id: expected a short hexadecimal text")
    entries: list[LogEntry] = []
    try:
        read_entries(out["actions"], len(out["seats"]), entries)
    except NotationError as exc:
        raise SaveInvalid(f"actions[{len(entries)}]: {exc}") from None
    return out, entries


def read_entries(records: list[Any], seats: int, entries: list[LogEntry]) -> None:
    """Read ``records`` onto ``entries`` (raising ``NotationError`` at the first that is not
    one: it is ``records[len(entries)]``). A log repeats a few hundred shapes (a draw, a play of
    each card...): each is read once, and the same record gives the same immutable action."""
    known: dict[tuple[Any, ...], LogEntry] = {}
    add = entries.append
    for record in records:
        try:  # the key tells apart values Python finds equal: true and 1, 0 and 0.0
            key = (tuple(record), tuple(record.values()), tuple(map(type, record.values())))
            add(known[key])
            continue
        except KeyError:
            entry = known[key] = read_log_entry(record, seats)
        except (AttributeError, TypeError):  # not an object, or a value that is a list...
            entry = read_log_entry(record, seats)
        add(entry)


def action_problem(record: object, seats: int) -> str | None:
    """Why ``record`` is not an entry of the action log of a table of ``seats`` (None: it is
    one), in the one grammar of action records (``craits.engine.notation``)."""
    try:
        read_log_entry(record, seats)
    except NotationError as exc:
        return str(exc)
    return None


def _describe(name: str, exc: Invalid) -> str:
    path, text = exc.problems[0]
    where = dotted((name, *path)) or name
    return f"{where}: {text}"
