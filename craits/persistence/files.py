"""JSON files that survive crashes, and reading them back without ever losing the player's data:
the primitives of the one store helper (``craits.persistence.store``).

Every file is an envelope ``{"format": KIND, "version": N, "data": {...}}``. A file that cannot
be used is never deleted or overwritten: it is renamed aside (``save.json`` -> ``save.bad.json``,
``save.bad-2.json``, ...) and a ``Problem`` tells the player what happened; play goes on.
Reading is bounded (``read_json``: a regular file of at most ``MAX_FILE_BYTES``, never through
a link); writing is atomic (``atomic_write_json``: temp file, flush, fsync, ``os.replace``).
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from craits.config.errors import show_value
from craits.config.reading import FileRefused, read_limited

T = TypeVar("T")
log = logging.getLogger(__name__)

FORMATS = ("craits-save", "craits-settings", "craits-stats", "craits-ratings", "craits-daily",
           "craits-puzzles")
_STALE_TEMP_SECONDS = 60.0
MAX_FILE_BYTES = 8_000_000  # a full game's save is about a hundred kilobytes
# Windows refuses to replace a file another program holds open for a moment (an antivirus, the
# search indexer): the replace is tried again a few times before the write counts as failed.
RETRY_REPLACE = sys.platform == "win32"
REPLACE_TRIES = 5
REPLACE_PAUSE = 0.05  # seconds, growing with each try

JsonObject = dict[str, Any]
"""A JSON object as ``json`` reads it (``Any``: its values are of every JSON kind, as
``json.loads`` types them)."""

Migration = Callable[[JsonObject], JsonObject]
"""Turns the ``data`` of version N into that of version N + 1 (raise on data it cannot use)."""


@dataclass(frozen=True)
class Problem:
    """Why a file could not be used as it was; ``str()`` is a message for the player.

    ``kind``: ``damaged`` (read and found wrong: not JSON, not our format...), ``unreadable``
    (the system would not let it be read: left where it is, never renamed), ``newer`` (written
    by a newer game), ``too_old`` (no way to convert it), ``fields`` (some values replaced by
    defaults).
    ``kept_as`` is the name the file was renamed to, if it was; ``folder`` where both are;
    ``count`` how many entries were left out (``fields``).
    """

    kind: str
    file: str
    detail: str
    kept_as: str | None = None
    set_aside_failed: bool = False
    folder: str | None = None
    count: int = 0

    @property
    def kept_path(self) -> str | None:
        """Where the kept file is, folder and all (or just its name if the folder is not
        known): what a player needs to find it."""
        if self.kept_as is None:
            return None
        return str(Path(self.folder) / self.kept_as) if self.folder else self.kept_as

    def __str__(self) -> str:
        if self.kind == "fields":
            return f"{self.file}: some values were not understood; defaults are used for " \
                   f"them: {self.detail}"
        if self.kind == "unreadable":
            return f"{self.file} could not be read ({self.detail}). It was left where it is; " \
                   "the game carries on without it."
        opening = {
            "damaged": f"{self.file} could not be used ({self.detail}).",
            "newer": f"{self.file} comes from a newer version of Craits ({self.detail}).",
            "too_old": f"{self.file} comes from an older version of Craits that this one "
                       f"cannot convert ({self.detail}).",
        }.get(self.kind, f"{self.file}: {self.detail}.")
        if self.kept_as:
            kept = f" It was kept as {self.kept_as}; the game carries on without it."
        elif self.set_aside_failed:
            kept = " It could not be moved aside and may be replaced at the next save."
        else:
            kept = " The game carries on without it."
        return opening + kept


def envelope(kind: str, version: int, data: Mapping[str, object]) -> dict[str, object]:
    if kind not in FORMATS:
        raise ValueError(f"unknown file format {kind!r}; known: {', '.join(FORMATS)}")
    return {"format": kind, "version": version, "data": data}


def atomic_write_json(path: str | os.PathLike[str], data: object, *,
                      sort_keys: bool = True) -> None:
    """Replace ``path`` with ``data`` as JSON (``atomic_write``). Data that is not JSON
    (including NaN) raises before anything is touched."""
    text = json.dumps(data, indent=2, sort_keys=sort_keys, ensure_ascii=False, allow_nan=False)
    atomic_write(path, (text + "\n").encode("utf-8"))


def atomic_write(path: str | os.PathLike[str], content: bytes, mode: int | None = None) -> None:
    """Replace ``path`` with ``content``, all or nothing, even if the process dies mid-way.

    The bytes go to a temporary file in the same folder (``mode``: its permissions, else
    mkstemp's private 0600), flushed and fsynced, then moved over the old file with
    ``os.replace`` (atomic on POSIX and Windows; tried again while Windows holds the file).
    """
    path = Path(path)
    descriptor, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                             dir=path.parent)
    try:
        if mode is not None:
            os.chmod(temp_name, mode)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
        replace(temp_name, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(temp_name)
        raise
    _fsync_folder(path.parent)


def replace(source: str | os.PathLike[str], target: str | os.PathLike[str],
            move: Callable[[str | os.PathLike[str], str | os.PathLike[str]], None] | None = None,
            ) -> None:
    """``os.replace`` (or ``move``: ``os.rename`` never overwrites), tried again for a moment
    when Windows says another program holds the file (``PermissionError``)."""
    for attempt in range(1, REPLACE_TRIES + 1):
        try:
            (move or os.replace)(source, target)
            return
        except PermissionError:
            if not RETRY_REPLACE or attempt == REPLACE_TRIES:
                raise
            time.sleep(REPLACE_PAUSE * attempt)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); Windows cannot open folders this way."""
    if os.name == "nt":
        return
    with suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def keep_newest(folder: Path, name: re.Pattern[str], keep: int) -> None:
    """Remove the files of ``folder`` whose names match ``name`` beyond the ``keep`` newest;
    a folder or file that cannot be read or removed is left as it is."""
    try:
        found = [p for p in folder.iterdir() if name.fullmatch(p.name)]
        found.sort(key=lambda p: p.lstat().st_mtime, reverse=True)
    except OSError:
        return
    for old in found[keep:]:
        with suppress(OSError):
            old.unlink()


def _kept_names(path: Path, tag: str) -> Iterator[Path]:
    """``save.TAG.json``, ``save.TAG-2.json``...: the names a file kept aside may take."""
    for counter in range(1, 1000):
        yield path.with_name(f"{path.stem}.{tag if counter == 1 else f'{tag}-{counter}'}"
                             f"{path.suffix}")


def set_aside(path: str | os.PathLike[str], tag: str = "bad") -> Path | None:
    """Rename ``save.json`` to ``save.TAG.json`` (or ``save.TAG-2.json``...) without overwriting
    anything; the new path, or None if the rename failed."""
    path = Path(path)
    for target in _kept_names(path, tag):
        if target.exists() or target.is_symlink():
            continue
        try:
            replace(path, target, os.rename)  # tried again while held
        except OSError:
            return None
        return target
    return None


def keep_copy(path: str | os.PathLike[str], tag: str = "bad") -> Path | None:
    """Copy ``save.json`` to ``save.TAG.json`` (or ``save.TAG-2.json``...) without overwriting
    anything, leaving the file itself in place; the copy's path, or None if it failed.

    A copy already holding the same bytes is that copy: the same file met at every start is
    kept once, not once per start."""
    path = Path(path)
    try:
        content = read_limited(path, MAX_FILE_BYTES)
    except OSError:
        return None
    for target in _kept_names(path, tag):
        try:
            copy = open(target, "xb")  # noqa: SIM115 (closed below; removed if unfinished)
        except FileExistsError:
            if _holds(target, content):
                return target
            continue
        except OSError:
            return None
        try:
            with copy:
                copy.write(content)
                copy.flush()
                os.fsync(copy.fileno())
        except OSError:
            with suppress(OSError):
                target.unlink()
            return None
        return target
    return None


def _holds(path: Path, content: bytes) -> bool:
    """Whether ``path`` is a regular file (not a link) of exactly ``content``."""
    try:
        return not path.is_symlink() and path.stat().st_size == len(content) \
            and read_limited(path, MAX_FILE_BYTES) == content
    except OSError:
        return False


def whole(value: object, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (a flag is not one)."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"not a whole number from {low} to {high}")
    return value


class Damaged(ValueError):
    """A file read and found not usable (not JSON, too large, a link...); ``str()`` says why."""


class _NotUsable(ValueError):
    """A JSON value no file of the game holds; ``str()`` says which, in the player's words."""


MAX_DIGITS = 100  # a file's longest number, a seed, has 19; Python refuses past 4300


def _refuse_constant(name: str) -> float:
    raise _NotUsable(f"{name} is not a number JSON allows")


def _whole_number(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:  # before Python's own limit, which speaks to programmers
        raise _NotUsable(f"a number {digits} digits long; no field holds one of more than "
                         f"{MAX_DIGITS}")
    return int(text)


def _fraction(text: str) -> float:
    if len(text) > MAX_DIGITS:
        raise _NotUsable(f"a number {len(text)} characters long; no field holds one of more "
                         f"than {MAX_DIGITS}")
    return float(text)


def parse_json(raw: bytes | str, *, short_numbers: bool = False) -> Any:
    """JSON text (a leading byte-order mark allowed: some editors write one) to its value,
    refusing with ``Damaged`` what no file of the game is: not UTF-8, not JSON, NaN, nesting
    thousands deep, and with ``short_numbers`` numbers of hundreds of digits (a file read
    field by field refuses those one field at a time)."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        raise Damaged(f"not UTF-8 text (byte {exc.start})") from None
    try:
        if short_numbers:
            return json.loads(text.removeprefix("\ufeff"), parse_constant=_refuse_constant,
                              parse_int=_whole_number, parse_float=_fraction)
        return json.loads(text.removeprefix("\ufeff"), parse_constant=_refuse_constant)
    except _NotUsable as exc:
        raise Damaged(f"not a usable JSON document ({exc})") from None
    except json.JSONDecodeError as exc:
        raise Damaged(f"not valid JSON (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise Damaged("nested too deeply") from None
    except ValueError:
        raise Damaged("not a usable JSON document") from None


def read_json(path: Path, max_bytes: int = MAX_FILE_BYTES) -> Any:
    """The JSON document in the regular file ``path``, of at most ``max_bytes``, never read
    through a link. Raises ``FileNotFoundError``, another ``OSError`` when the system will not
    let it be read, or ``Damaged``."""
    if path.is_symlink():  # never followed: it could lead anywhere
        raise Damaged("a link to another file")
    try:
        raw = read_limited(path, max_bytes)
    except FileRefused as exc:
        raise Damaged(str(exc)) from None
    return parse_json(raw)


def load_json_file(
    path: str | os.PathLike[str],
    kind: str,
    version: int,
    default: T,
    migrations: Mapping[int, Migration] | None = None,
) -> tuple[JsonObject | T, Problem | None]:
    """The ``data`` dict of an envelope file, or ``(default, problem)`` when it cannot be used.

    A missing file is no problem. A file the system will not let be read (permissions, a disk
    error) is left in place with an ``unreadable`` problem: nothing is known to be wrong with
    it. A file read and found not JSON or not a ``kind`` envelope is set aside as ``.bad``; an older version is converted step by step with ``migrations``
    (``{N: data_N -> data_N+1}``) or set aside as ``.old``; a newer version is set aside as
    ``.newer``, so that the next save cannot overwrite what a newer game wrote.
    """
    path = Path(path)
    _remove_stale_temps(path)
    try:
        document = read_json(path)
    except FileNotFoundError:
        return default, None
    except Damaged as exc:
        return default, put_aside(path, "bad", "damaged", str(exc))
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__  # left where it is: nothing is wrong
        return default, Problem("unreadable", path.name, reason, folder=str(path.parent))
    found = _envelope_problem(document, kind)
    if found:
        return default, put_aside(path, "bad", "damaged", found)
    data, file_version = document["data"], document["version"]
    if file_version > version:
        detail = f"file version {file_version}; this game reads up to {version}"
        return default, put_aside(path, "newer", "newer", detail)
    while file_version < version:
        step = (migrations or {}).get(file_version)
        if step is None:
            detail = f"file version {file_version}; this game reads version {version}"
            return default, put_aside(path, "old", "too_old", detail)
        try:
            data = step(data)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            detail = f"converting file version {file_version} failed: {exc}"
            return default, put_aside(path, "old", "too_old", detail)
        if not isinstance(data, dict):
            return default, put_aside(path, "old", "too_old", "conversion gave no data")
        file_version += 1
    return data, None


def _envelope_problem(document: object, kind: str) -> str | None:
    if not isinstance(document, dict):
        return "not a Craits file"
    if document.get("format") != kind:
        return f"expected a {kind} file, found format {show_value(document.get('format'))}"
    file_version = document.get("version")
    if type(file_version) is not int or file_version < 1:
        return f"bad version {show_value(file_version)}"
    if not isinstance(document.get("data"), dict):
        return "no data"
    return None


def put_aside(path: Path, tag: str, kind: str, detail: str) -> Problem:
    """Set ``path`` aside as ``.TAG``; the problem that tells the player."""
    kept = set_aside(path, tag)
    return Problem(kind, path.name, detail, kept.name if kept else None, kept is None,
                   str(path.parent))


def _remove_stale_temps(path: Path) -> None:
    """Temporary files left by a writer that was killed; recent ones may still be in use."""
    with suppress(OSError):
        cutoff = time.time() - _STALE_TEMP_SECONDS
        for temp in path.parent.glob(f".{path.name}.*.tmp"):
            with suppress(OSError):
                if temp.stat().st_mtime < cutoff:
                    temp.unlink()
