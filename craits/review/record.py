"""The game record (docs/GAME_RECORD.md): a whole match as one versioned JSON document.

A record holds what a save holds to replay a match (seed, rules, seats, the action log) and
nothing of the player's machine (no clock, no match id, no statistics), plus an optional title,
note, focus and the result it reached, which loading checks. It is the save's action log in the
scenario action shape, so a bug report or a puzzle can carry a whole game.

    record = export_record(session)            # or a save's data, or a save file's envelope
    write_record(path, record); session = load_record(read_record(path))
    session = load_record(json.loads(text))    # RecordError (a ValueError) says what is wrong

The record is written by ``craits.persistence.game_record`` (the past games use it too);
``replay_save`` replays through the session's one loop (``Session.replay``), naming the action
that fails; the review's ``Replay`` steps it with a callback.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

from craits.ai import Bot
from craits.config.errors import ConfigError, show_value
from craits.config.levels import make_bot
from craits.config.reading import FileRefused, kind_of_file, read_limited
from craits.engine import Action
from craits.engine.notation import (
    GameRecord,
    LogEntry,
    MatchRecord,
    ReadMatch,
    normal_line_breaks,
    write_log_entry,
)
from craits.persistence.files import Damaged, atomic_write_json, parse_json
from craits.persistence.game_record import (
    RECORD_FORMAT,
    game_record,
    match_result,
    read_record_document,
    read_save,
)
from craits.persistence.saves import SAVE_FORMAT, SAVE_VERSION
from craits.session import ReplayFailed, ReplayHook, Session

MAX_RECORD_BYTES = 8_000_000  # a full game is some tens of kilobytes
MAX_MESSAGE = 300  # characters of an error message
NEW_NAMES = 1000  # names tried for a new file (name.json, name-2.json, ...)


class RecordError(ValueError):
    """A record (or save) that cannot be used; ``str()`` says where and why, within bounds."""

    def __init__(self, message: str) -> None:
        if len(message) > MAX_MESSAGE:
            message = message[: MAX_MESSAGE - 1] + "…"
        super().__init__(message)


MatchSource = Session | Mapping[str, Any] | ReadMatch


# ---------------------------------------------------------------- from a match to a record


def check_match(source: MatchSource) -> ReadMatch:
    """The match of a Session, a save's data, a save file's envelope (``craits-save``) or a
    game record, checked, every action read once; raises ``RecordError`` naming the first
    problem."""
    if isinstance(source, ReadMatch):
        return source
    if isinstance(source, Session):
        data: Any = source.to_save()
    elif isinstance(source, Mapping):
        data = dict(source)
        if data.get("format") == RECORD_FORMAT:
            return _read_record(data)
        if data.get("format") == SAVE_FORMAT:
            if data.get("version") != SAVE_VERSION:
                raise RecordError(f"a saved game of version {show_value(data.get('version'))}; "
                                  f"this game reads version {SAVE_VERSION}")
            data = data.get("data")
    else:
        raise RecordError(f"expected a match, a save or a game record, not "
                          f"{type(source).__name__}")
    try:
        return read_save(data)
    except ValueError as exc:
        raise RecordError(f"the save is incomplete or damaged ({exc})") from None


def export_record(
    source: MatchSource, *, title: str | None = None, note: str | None = None,
    focus: int | None = None,
) -> GameRecord:
    """The game record of a match (``source`` as for ``check_match``), with the result it reached;
    plain JSON values. The match is replayed once to check it and read its result. A record's
    own title, note and focus are kept unless others are given."""
    checked = check_match(source)
    session = replay_save(checked.data, entries=checked.entries)
    kept = checked.record
    if kept is not None:
        check_result(kept, session)
        title = kept.get("title") if title is None else title
        note = kept.get("note") if note is None else note
        focus = kept.get("focus") if focus is None else focus
    if isinstance(note, str):
        note = normal_line_breaks(note)
    # Written as the format writes them, however they were read (``qc``, ``Tc``, ``8♠``).
    save = checked.data.copy()
    save["actions"] = [write_log_entry(e) for e in checked.entries]
    record = game_record(save, match_result(session.match), title=title, note=note, focus=focus)
    _read_record(record, actions=False)  # the title, note and focus given are checked too
    return record


# ---------------------------------------------------------------- from a record to a match


def load_record(
    data: object, bot_factory: Callable[[str], Bot] | None = None
) -> Session:
    """The match a record holds, replayed; raises ``RecordError`` naming the first problem.

    ``bot_factory`` seats the computer players (default: the bundled levels; a level this
    game does not know gets a stand-in that can be reviewed but not played against)."""
    if not isinstance(data, Mapping):
        raise RecordError(f"a game record is a JSON object, not {show_value(data)}")
    if "format" not in data:
        raise RecordError(f"format: missing (a game record says \"format\": "
                          f"\"{RECORD_FORMAT}\")")
    if data.get("format") != RECORD_FORMAT:
        found = data.get("format")
        hint = " (a saved game: export it as a record first)" if found == SAVE_FORMAT else ""
        raise RecordError(f"not a Craits game record: format {show_value(found)}, expected "
                          f"{RECORD_FORMAT!r}{hint}")
    checked = _read_record(data)
    session = replay_save(checked.data, bot_factory or review_bot, entries=checked.entries)
    check_result(checked.record, session)
    return session


def check_result(data: GameRecord | None, session: Session) -> None:
    """Refuse a record whose ``result`` is not what its actions (replayed in ``session``)
    give; a record without one passes."""
    expected, reached = data.get("result") if data else None, match_result(session.match)
    if expected is not None and expected != reached:
        raise RecordError(f"the record's result {show_value(expected)} is not what its "
                          f"actions give: {show_value(reached)}")


def replay_save(
    save: MatchRecord, bot_factory: Callable[[str], Bot] | None = None,
    on_step: ReplayHook | None = None, entries: Sequence[LogEntry] | None = None,
) -> Session:
    """Replay checked save data (``check_match``) into a new Session (``Session.replay``, calling
    ``on_step`` after the first deal and after every action); raises ``RecordError`` naming
    the failing action. Without ``bot_factory`` no computer player is seated (nothing is
    needed to replay). ``entries``: its actions as read by the check (``check_match``)."""
    try:
        return Session.replay(save, bot_factory, bots=None if bot_factory else {},
                              on_step=on_step, entries=entries)
    except ReplayFailed as exc:
        raise RecordError(str(exc)) from None


def _read_record(data: Mapping[str, Any], actions: bool = True) -> ReadMatch:
    """A game record, every field checked (``game_record.read_record_document``), its actions
    read."""
    try:
        return read_record_document(data, actions=actions)
    except ValueError as exc:
        raise RecordError(str(exc)) from None


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
    """The bundled level's computer player, or a stand-in for a level not known here (or
    when the levels file cannot be read)."""
    try:
        return make_bot(level)
    except (ValueError, ConfigError):
        return AbsentBot(level)


# ---------------------------------------------------------------- files


def write_record(path: str | os.PathLike[str], record: Mapping[str, Any]) -> None:
    """Write a record as UTF-8 JSON, all or nothing (temp file, fsync, replace), as a new file
    or over a regular file only (never a device, a pipe, a folder or a link); raises
    ``RecordError`` saying why in the player's words."""
    name = file_name(path)
    try:
        mode: int | None = os.lstat(path).st_mode
    except FileNotFoundError:
        mode = None
    except (OSError, ValueError) as exc:
        raise RecordError(f"cannot write {name}: {os_reason(exc)}") from None
    if mode is not None and not stat.S_ISREG(mode):
        kind = kind_of_file(mode) or "not a regular file"
        raise RecordError(f"cannot write {name}: it is {kind}, not a file a record may replace")
    try:
        atomic_write_json(path, dict(record), sort_keys=False)
    except OSError as exc:
        raise RecordError(f"cannot write {name}: {os_reason(exc)}") from None
    except ValueError:
        raise RecordError(f"cannot write {name}: the record is not plain JSON") from None


def write_new_record(folder: str | os.PathLike[str], stem: str,
                     record: Mapping[str, Any]) -> Path:
    """Write a record into ``folder`` as ``STEM.json``, or ``STEM-2.json``... if that name is
    taken: always a file of its own, never replacing another (two exports in one second keep
    both). The new file's path; raises ``RecordError`` in the player's words."""
    for counter in range(1, NEW_NAMES + 1):
        path = Path(folder) / (f"{stem}.json" if counter == 1 else f"{stem}-{counter}.json")
        try:  # claim the name: creating it fails if anything, even a link, has it
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                                 | getattr(os, "O_BINARY", 0), 0o644)
        except FileExistsError:
            continue
        except (OSError, ValueError) as exc:
            raise RecordError(f"cannot write {file_name(path)}: {os_reason(exc)}") from None
        os.close(descriptor)
        try:
            write_record(path, record)  # replaces the empty file claimed above
        except BaseException:
            with suppress(OSError):
                os.unlink(path)
            raise
        return path
    raise RecordError(f"cannot write {file_name(stem)}.json: {NEW_NAMES} records of that name "
                      "are already there")


def read_record(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The parsed JSON of a record file (or a save file): an object naming its ``format`` and
    ``version``, checked further by ``load_record`` or ``Replay``. Raises ``RecordError`` for
    a path or file that cannot be read (whatever the reason: "cannot be read"), too large,
    not UTF-8, not JSON, or with no format or version."""
    name = file_name(path)
    try:
        raw = read_limited(path, MAX_RECORD_BYTES)
    except FileRefused as exc:
        raise RecordError(f"{name}: cannot be read ({exc})") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL, a name the system cannot spell
        raise RecordError(f"{name}: cannot be read ({os_reason(exc)})") from None
    document = parse_record_text(raw, name)
    if "format" not in document:
        raise RecordError(f"{name}: format: missing (a game record says \"format\": "
                          f"\"{RECORD_FORMAT}\")")
    if document["format"] not in (RECORD_FORMAT, SAVE_FORMAT):
        raise RecordError(f"{name}: not a Craits game record: format "
                          f"{show_value(document['format'])}, expected {RECORD_FORMAT!r}")
    if "version" not in document:
        raise RecordError(f"{name}: version: missing")
    return document


def parse_record_text(raw: bytes | str, name: str = "record") -> dict[str, Any]:
    """JSON text to a dict (``files.parse_json``), refusing what no record is."""
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"{name}: larger than a game record can be")
    try:
        document = parse_json(raw, short_numbers=True)
    except Damaged as exc:
        raise RecordError(f"{name}: {exc}") from None
    if not isinstance(document, dict):
        raise RecordError(f"{name}: a game record is a JSON object")
    return document


def file_name(path: str | os.PathLike[str]) -> str:
    """The last part of ``path`` as a message can show it: at most 80 characters, anything
    that cannot be shown as ``?``."""
    try:
        text = os.fspath(path)
    except TypeError:
        return "?"
    text = str(text)
    name = os.path.basename(text.rstrip("/\\")) or text
    return "".join(ch if ch.isprintable() else "?" for ch in name[:80]) or "?"


_REASONS = {  # errno names -> the player's words (a name this system lacks is skipped)
    "ENOENT": "there is no such file or folder",
    "EACCES": "permission denied",
    "EPERM": "permission denied",
    "EEXIST": "a file of that name is already there",
    "EISDIR": "it is a folder",
    "ENOTDIR": "a part of the path is not a folder",
    "ENAMETOOLONG": "the path is too long",
    "ELOOP": "the path runs through too many links",
    "ENOSPC": "the disk is full",
    "EDQUOT": "the disk space allowed is used up",
    "EROFS": "the disk is read-only",
    "EBUSY": "the file is in use",
    "ETXTBSY": "the file is in use",
    "EIO": "the disk could not be read or written",
    "EXDEV": "the file is on another disk",
    "EINVAL": "the path is not one this system can use",
}
OS_REASONS = {getattr(errno, key): words for key, words in _REASONS.items()
              if hasattr(errno, key)}


def os_reason(exc: BaseException) -> str:
    """Why a file operation failed, in the player's words: never an ``[Errno 17]``."""
    if isinstance(exc, OSError):
        if isinstance(exc.errno, int) and exc.errno in OS_REASONS:
            return OS_REASONS[exc.errno]
        if exc.strerror:
            return exc.strerror
        return "the system refused it"
    if isinstance(exc, ValueError):  # a NUL, or a character the system cannot spell
        return "the path holds a character no file name can hold"
    return "the system refused it"

