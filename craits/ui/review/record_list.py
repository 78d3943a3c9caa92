"""What *Open game record* lists: the record files of the ``records`` folder and the past games,
newest first, each with its date, players and result or title.

The folder may hold thousands of files, so listing it opens none: it is scanned once (at most
``MAX_SCAN`` entries, their names and times only), and a file's content is read only when its
row is shown or it is among the ``PREFETCH`` newest, at most ``LIST_BYTES`` of it, within a time
budget a frame (``read_some``). A file that cannot be read is listed as such; the past games
come from the archive's own reading (``GameArchive.games``: its newest ``KEEP``).

    listing = RecordList(records_folder, archive)
    listing.read_some(range(10, 20), budget=0.008)   # each frame: the rows shown
    listing.open(entry)                              # a Replay, or RecordError
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from craits.config.reading import FileRefused, read_limited
from craits.engine.notation import MATCH_KEYS, TITLE_LENGTH
from craits.persistence.archive import GameArchive, PastGame
from craits.persistence.game_record import RECORD_FORMAT, read_save
from craits.persistence.saves import SAVE_FORMAT
from craits.review import RecordError, Replay, read_record
from craits.review.record import file_name, os_reason, parse_record_text
from craits.review.replay import Progress

MAX_SCAN = 10_000  # folder entries looked at (names and times only)
PREFETCH = 24  # newest files read ahead of being shown
LIST_BYTES = 1_000_000  # read of a file for its row (a game is some tens of kilobytes)
NAME_LENGTH = 40

RECORD = "record"
PAST_GAME = "past"


@dataclass(frozen=True)
class Summary:
    """A row's content: the players, the totals and rounds of the result (None without one),
    the record's title; ``problem`` says why the file could not be read ("": it could)."""

    names: tuple[str, ...] = ()
    totals: tuple[int, ...] | None = None
    rounds: int | None = None
    title: str = ""
    problem: str = ""
    over: bool = True  # False: a game left before its end

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.totals or not self.over:
            return ()
        best = min(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)


@dataclass
class Entry:
    """One row: a file, when it was written (a past game: finished), where it comes from
    (``RECORD`` or ``PAST_GAME``), and its summary once read (None before)."""

    path: Path
    when: datetime
    source: str
    summary: Summary | None = None
    game: PastGame | None = None

    @property
    def name(self) -> str:
        return file_name(self.path)


def read_summary(path: Path) -> Summary:
    """The row of a record (or save) file, never raising: what cannot be read is a problem."""
    name = file_name(path)
    try:
        raw = read_limited(path, LIST_BYTES)
    except FileRefused as exc:
        return Summary(problem=f"{name}: cannot be read ({exc})")
    except (OSError, ValueError) as exc:
        return Summary(problem=f"{name}: cannot be read ({os_reason(exc)})")
    try:
        document = parse_record_text(raw, name)
        return _summary_of(document, name)
    except RecordError as exc:
        return Summary(problem=str(exc))


def _summary_of(document: dict[str, Any], name: str) -> Summary:
    found = document.get("format")
    if found == SAVE_FORMAT:  # a saved game: its data, no result
        data = document.get("data")
        document = data if isinstance(data, dict) else {}
    elif found != RECORD_FORMAT:
        raise RecordError(f"{name}: not a Craits game record")
    try:
        seats = read_save({key: document[key] for key in MATCH_KEYS if key in document}
                          ).data["seats"]
    except ValueError as exc:
        raise RecordError(f"{name}: damaged ({exc})") from None
    names = tuple(str(seat["name"])[:NAME_LENGTH] for seat in seats)
    totals, rounds, over = None, None, True
    result = document.get("result")
    if isinstance(result, dict):
        given, played = result.get("totals"), result.get("finished_rounds")
        if (isinstance(given, list) and len(given) == len(names)
                and all(type(t) is int for t in given) and type(played) is int):
            totals, rounds, over = tuple(given), played, result.get("over") is not False
    title = document.get("title")
    shown = "".join(ch for ch in title if ch.isprintable())[:TITLE_LENGTH] \
        if isinstance(title, str) else ""
    return Summary(names, totals, rounds, shown, over=over)


def _past_summary(game: PastGame) -> Summary:
    return Summary(tuple(n[:NAME_LENGTH] for n in game.names), game.totals, game.rounds,
                   over=game.over)


def scan_records(folder: Path | None, limit: int = MAX_SCAN) -> tuple[list[Entry], bool]:
    """The ``.json`` files of ``folder``, newest first, none of them opened; and whether the
    folder holds more entries than ``limit`` (then only the first ``limit`` are looked at)."""
    if folder is None:
        return [], False
    found: list[tuple[int, str, Path]] = []
    more = False
    try:
        with os.scandir(folder) as entries:
            for count, item in enumerate(entries):
                if count >= limit:
                    more = True
                    break
                if not item.name.lower().endswith(".json"):
                    continue
                try:
                    if item.is_file():
                        found.append((item.stat().st_mtime_ns, item.name, Path(item.path)))
                except OSError:
                    continue  # gone while the folder was read
    except (OSError, ValueError):
        return [], False
    found.sort(reverse=True)
    return [Entry(path, _local_time(ns), RECORD) for ns, _name, path in found], more


def _local_time(ns: int) -> datetime:
    try:
        return datetime.fromtimestamp(ns / 1e9)
    except (OverflowError, OSError, ValueError):
        return datetime.min


class RecordList:
    """The rows of *Open game record*: ``entries`` newest first; ``more`` when the records
    folder held more than could be listed."""

    def __init__(self, records: Path | None, archive: GameArchive | None = None, *,
                 scan_limit: int = MAX_SCAN) -> None:
        entries, self.more = scan_records(records, scan_limit)
        self.archive = archive
        if archive is not None:
            entries.extend(self._past_games(archive))
        entries.sort(key=lambda e: e.when, reverse=True)  # stable: a folder's order kept
        self.entries = entries

    @staticmethod
    def _past_games(archive: GameArchive) -> Iterable[Entry]:
        try:
            games, problems = archive.games()
        except (OSError, ValueError):
            return []
        rows = [Entry(game.path, game.finished, PAST_GAME, _past_summary(game), game)
                for game in games]
        return rows + [Entry(archive.folder / (problem.kept_as or problem.file), datetime.min,
                             PAST_GAME, Summary(problem=f"{problem.file}: {problem.detail}"))
                       for problem in problems]

    def __len__(self) -> int:
        return len(self.entries)

    def unread(self, shown: range) -> list[Entry]:
        """The entries of ``shown`` not read yet, then those of the ``PREFETCH`` newest."""
        entries = self.entries
        wanted = dict.fromkeys([*shown, *range(min(PREFETCH, len(entries)))])  # once each
        return [entries[i] for i in wanted if 0 <= i < len(entries) and entries[i].summary is None]

    def read_some(self, shown: range, budget: float,
                  clock: Callable[[], float] = time.perf_counter) -> None:
        """Read the rows of ``shown`` (then the newest) until ``budget`` seconds are spent:
        at least one file when any is unread."""
        start = clock()
        for done, entry in enumerate(self.unread(shown)):
            if done and clock() - start >= budget:
                break
            self.summary_now(entry)

    def summary_now(self, entry: Entry) -> Summary:
        """``entry``'s summary, read now if it was not yet (a row to be said at once)."""
        if entry.summary is None:
            entry.summary = read_summary(entry.path)
        return entry.summary

    def open(self, entry: Entry, progress: Progress | None = None) -> Replay:
        """The replay of ``entry``'s file (its ``progress`` told); raises ``RecordError`` in the
        player's words, and the row is then marked as not readable."""
        try:
            if entry.game is not None and self.archive is not None:
                return Replay(self.archive.record(entry.game), progress)
            return Replay(read_record(entry.path), progress)
        except ValueError as exc:  # a RecordError, or the archive's reading
            message = str(exc)
            if not message.startswith(entry.name):  # which file, among the many listed
                message = f"{entry.name}: {message}"
            kept = entry.summary or Summary()
            entry.summary = Summary(kept.names, kept.totals, kept.rounds, kept.title, message,
                                    kept.over)
            raise RecordError(message) from None
