"""The game record (docs/GAME_RECORD.md): a whole match as one versioned JSON document.

A record holds what a save holds to replay a match (seed, rules, seats, the action log) and
nothing of the player's machine (no clock, no match id, no statistics), plus an optional title,
note, focus and the result it reached, which loading checks. It is the save's action log in the
scenario action shape, so a bug report or a puzzle can carry a whole game.

    record = export_record(session)            # or a save's data, or a save file's envelope
    write_record(path, record); session = open_record(path)
    session = load_record(json.loads(text))    # RecordError (a ValueError) says what is wrong

The record is written by ``craits.persistence.game_record`` (the past games use it too);
``replay_save`` replays through the session's one loop (``Session.replay``), naming the action
that fails; the review's ``Replay`` steps it with a callback.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from typing import Any

from craits.ai import Bot
from craits.config.errors import did_you_mean, show_value
from craits.config.levels import make_bot
from craits.config.reading import FileRefused, read_limited
from craits.engine import Action
from craits.persistence.files import atomic_write_json
from craits.persistence.game_record import (
    RECORD_FORMAT,
    RECORD_KEYS,
    RECORD_VERSION,
    SAVE_KEYS,
    game_record,
    match_result,
)
from craits.persistence.save_check import SaveInvalid, check_save
from craits.persistence.saves import SAVE_FORMAT, SAVE_VERSION
from craits.session import ReplayFailed, ReplayHook, Session

MAX_RECORD_BYTES = 8_000_000  # a full game is some tens of kilobytes
MAX_MESSAGE = 300  # characters of an error message
TITLE_LENGTH = 100
NOTE_LENGTH = 4000


class RecordError(ValueError):
    """A record (or save) that cannot be used; ``str()`` says where and why, within bounds."""

    def __init__(self, message: str) -> None:
        if len(message) > MAX_MESSAGE:
            message = message[: MAX_MESSAGE - 1] + "…"
        super().__init__(message)


# ---------------------------------------------------------------- from a match to a record


def save_of(source: Session | Mapping[str, Any]) -> dict[str, Any]:
    """The checked save data (seed, rules, seats, actions) of a Session, a save's data, a save
    file's envelope (``craits-save``) or a game record; raises ``RecordError``."""
    if isinstance(source, Session):
        data: Any = source.to_save()
    elif isinstance(source, Mapping):
        data = dict(source)
        if data.get("format") == RECORD_FORMAT:
            return _record_save(data)
        if data.get("format") == SAVE_FORMAT:
            if data.get("version") != SAVE_VERSION:
                raise RecordError(f"a saved game of version {show_value(data.get('version'))}; "
                                  f"this game reads version {SAVE_VERSION}")
            data = data.get("data")
    else:
        raise RecordError(f"expected a match, a save or a game record, not "
                          f"{type(source).__name__}")
    try:
        checked = check_save(data)
    except SaveInvalid as exc:
        raise RecordError(f"the save is incomplete or damaged ({exc})") from None
    return {key: checked[key] for key in SAVE_KEYS}


def export_record(
    source: Session | Mapping[str, Any], *, title: str | None = None, note: str | None = None,
    focus: int | None = None,
) -> dict[str, Any]:
    """The game record of a match (``source`` as for ``save_of``), with the result it reached;
    plain JSON values. The match is replayed once to check it and read its result."""
    save = save_of(source)
    session = replay_save(save)
    record = game_record(save, result_of(session), title=title, note=note, focus=focus)
    _check_extras(record, len(record["actions"]), len(record["seats"]))
    return record


def result_of(session: Session) -> dict[str, Any]:
    """What the match reached: rounds finished, each seat's total, whether it is over."""
    return match_result(session.match)


# ---------------------------------------------------------------- from a record to a match


def load_record(
    data: object, bot_factory: Callable[[str], Bot] | None = None
) -> Session:
    """The match a record holds, replayed; raises ``RecordError`` naming the first problem.

    ``bot_factory`` seats the computer players (default: the bundled levels; a level this
    game does not know gets a stand-in that can be reviewed but not played against)."""
    if not isinstance(data, Mapping):
        raise RecordError(f"a game record is a JSON object, not {show_value(data)}")
    if data.get("format") != RECORD_FORMAT:
        found = data.get("format")
        hint = " (a saved game: export it as a record first)" if found == SAVE_FORMAT else ""
        raise RecordError(f"not a Craits game record: format {show_value(found)}, expected "
                          f"{RECORD_FORMAT!r}{hint}")
    save = _record_save(data)
    session = replay_save(save, bot_factory or review_bot)
    check_result(data, session)
    return session


def check_result(data: Mapping[str, Any], session: Session) -> None:
    """Refuse a record whose ``result`` is not what its actions (replayed in ``session``)
    give; a record without one passes."""
    expected = data.get("result")
    if expected is not None and expected != result_of(session):
        raise RecordError(f"the record's result {show_value(expected)} is not what its "
                          f"actions give: {show_value(result_of(session))}")


def replay_save(
    save: Mapping[str, Any], bot_factory: Callable[[str], Bot] | None = None,
    on_step: ReplayHook | None = None,
) -> Session:
    """Replay checked save data (``save_of``) into a new Session (``Session.replay``, calling
    ``on_step`` after the first deal and after every action); raises ``RecordError`` naming
    the failing action. Without ``bot_factory`` no computer player is seated (nothing is
    needed to replay)."""
    try:
        return Session.replay(save, bot_factory, bots=None if bot_factory else {},
                              on_step=on_step)
    except ReplayFailed as exc:
        raise RecordError(str(exc)) from None


def _record_save(data: Mapping[str, Any]) -> dict[str, Any]:
    """The save data inside a record, every field checked."""
    for key in data:
        if key not in RECORD_KEYS:
            raise RecordError(f"unknown field {show_value(key)}"
                              + did_you_mean(str(key)[:40], RECORD_KEYS))
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise RecordError(f"version: expected a whole number from 1, not {show_value(version)}")
    if version > RECORD_VERSION:
        raise RecordError(f"the record comes from a newer version of Craits (record version "
                          f"{version}; this game reads up to {RECORD_VERSION})")
    missing = [key for key in SAVE_KEYS if key not in data]
    if missing:
        raise RecordError(f"{missing[0]}: missing")
    try:
        checked = check_save({key: data[key] for key in SAVE_KEYS})
    except SaveInvalid as exc:
        raise RecordError(str(exc)) from None
    _check_extras(data, len(checked["actions"]), len(checked["seats"]))
    return {key: checked[key] for key in SAVE_KEYS}


def _check_extras(data: Mapping[str, Any], actions: int, seats: int) -> None:
    for key, limit in (("title", TITLE_LENGTH), ("note", NOTE_LENGTH)):
        if key in data:
            value = data[key]
            if not isinstance(value, str):
                raise RecordError(f"{key}: expected text, not {show_value(value)}")
            if len(value) > limit:
                raise RecordError(f"{key}: longer than {limit} characters")
            bad = next((ch for ch in value if not ch.isprintable() and ch != "\n"), None)
            if bad is not None:
                raise RecordError(f"{key}: contains the character U+{ord(bad):04X}, which "
                                  "cannot be shown")
    if "focus" in data:
        focus = data["focus"]
        if type(focus) is not int or not 0 <= focus <= actions:
            raise RecordError(f"focus: expected a number of actions from 0 to {actions}, not "
                              f"{show_value(focus)}")
    if "result" in data:
        result = data["result"]
        ok = (isinstance(result, dict) and set(result) == {"finished_rounds", "totals", "over"}
              and type(result["finished_rounds"]) is int and type(result["over"]) is bool
              and isinstance(result["totals"], list) and len(result["totals"]) == seats
              and all(type(t) is int for t in result["totals"]))
        if not ok:
            raise RecordError(f"result: expected finished_rounds, totals (one whole number a "
                              f"seat) and over, not {show_value(result)}")


class AbsentBot:
    """Stands in for a computer level this game does not know: a record of a game against a
    player's own level can still be reviewed, never played on."""

    def __init__(self, level: str) -> None:
        self.level = level

    def choose(self, view: object, history: object, rng: object) -> Action:
        raise ValueError(f"the computer level {self.level!r} is not known here")

    def announce_delay(self, view: object, history: object, rng: object) -> float | None:
        return None

    def call_delay(self, view: object, history: object, rng: object) -> float | None:
        return None


def review_bot(level: str) -> Bot:
    """The bundled level's computer player, or a stand-in for a level not known here."""
    try:
        return make_bot(level)
    except ValueError:
        return AbsentBot(level)


# ---------------------------------------------------------------- files


def write_record(path: str | os.PathLike[str], record: Mapping[str, Any]) -> None:
    """Write a record as UTF-8 JSON, all or nothing (temp file, fsync, replace)."""
    atomic_write_json(path, dict(record), sort_keys=False)


def read_record(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The parsed JSON of a record file (checked by ``load_record``); raises ``RecordError``
    for a file that cannot be read, is too large, not UTF-8 or not JSON."""
    name = os.path.basename(os.fspath(path))[:80]
    try:
        raw = read_limited(path, MAX_RECORD_BYTES)
    except FileRefused as exc:
        raise RecordError(f"{name}: {exc}") from None
    except OSError as exc:
        raise RecordError(f"{name}: cannot be read ({exc.strerror or type(exc).__name__})"
                          ) from None
    return parse_record_text(raw, name)


def parse_record_text(raw: bytes | str, name: str = "record") -> dict[str, Any]:
    """JSON text to a dict, refusing what no record is: not UTF-8, not JSON, NaN, numbers of
    thousands of digits, nesting thousands deep."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        raise RecordError(f"{name}: not UTF-8 text (byte {exc.start})") from None
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(f"{name}: larger than a game record can be")
    try:
        document = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{name}: not valid JSON (line {exc.lineno}, column {exc.colno})"
                          ) from None
    except RecursionError:
        raise RecordError(f"{name}: nested too deeply to be a game record") from None
    except ValueError as exc:
        raise RecordError(f"{name}: not a usable JSON document ({exc})") from None
    if not isinstance(document, dict):
        raise RecordError(f"{name}: a game record is a JSON object")
    return document


def open_record(
    path: str | os.PathLike[str], bot_factory: Callable[[str], Bot] | None = None
) -> Session:
    """``load_record(read_record(path))``."""
    return load_record(read_record(path), bot_factory)


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")
