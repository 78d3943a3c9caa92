"""The one store helper every JSON file of the player's folder goes through (its primitives
are ``files``): ``JsonStore`` for each of the player's files (settings, statistics, ratings,
the deals of the day, puzzles, the save), ``GameCache`` for copies of what can be computed
again (the review's verdicts, the par's replays), and ``WRITER``, the one thread that writes
for every store that writes off the window's thread.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Generic, Self, TypeVar

from craits.persistence.archive import games_folder
from craits.persistence.files import (
    Damaged,
    JsonObject,
    Migration,
    Problem,
    atomic_write_json,
    envelope,
    keep_copy,
    keep_newest,
    load_json_file,
    put_aside,
    read_json,
    set_aside,
)

T = TypeVar("T")
log = logging.getLogger(__name__)

Job = Callable[[], None]


class BackgroundWriter:
    """Runs write jobs one after another on one daemon thread. A job submitted under the
    ``key`` of one still waiting replaces it (of a stream of snapshots only the newest is
    written), and a key's jobs run one at a time in the order submitted, on whichever thread:
    ``flush`` runs what waits on the caller's thread."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._pending: dict[object, Job] = {}
        self._locks: dict[object, threading.Lock] = {}  # by key: one job of it at a time
        self._busy = 0  # jobs being run, on any thread
        self._thread: threading.Thread | None = None

    def submit(self, job: Job, key: object | None = None) -> None:
        with self._changed:
            if key is None:
                key = object()  # a job of its own, never replaced
            else:
                self._locks.setdefault(key, threading.Lock())
            self._pending[key] = job  # a waiting one keeps its place: never pushed back
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._serve, name="craits-writer",
                                                 daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def flush(self, key: object | None = None, timeout: float = 5.0) -> None:
        """Run the jobs waiting (of ``key``, or all) now, after the one of that key being
        written; with no key, also until the writer's own job is done (``timeout`` each)."""
        with self._changed:
            keys = [key] if key is not None else list(self._pending)
        for each in keys:
            self._run(each, timeout)
        if key is None:
            with self._changed:
                self._changed.wait_for(lambda: not self._busy, timeout)

    def _serve(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: bool(self._pending))
                key = next(iter(self._pending))
            self._run(key)

    def _run(self, key: object, timeout: float = -1) -> None:
        with self._changed:
            lock = self._locks.get(key)
        if lock is not None and not lock.acquire(timeout=timeout):
            return
        try:
            with self._changed:
                job = self._pending.pop(key, None)
                self._busy += job is not None
            if job is not None:
                try:
                    job()
                except Exception:  # a write's own failure is its store's to report
                    log.exception("a background write failed")
                finally:
                    with self._changed:
                        self._busy -= 1
                        self._changed.notify_all()
        finally:
            if lock is not None:
                lock.release()


WRITER = BackgroundWriter()


class JsonStore(Generic[T]):
    """One of the player's files: ``read`` turns the envelope's data into the value and a note
    for each entry or field left out (raise ``ValueError`` when nothing is usable); ``write``
    turns the value back into data; ``default`` is the value without a file. A file found
    wrong (or that fails in a way nobody foresaw) is set aside whole; one with entries left
    out is kept as a copy once and written back cleaned, so its notice comes once."""

    def __init__(self, path: Path, kind: str, version: int, *,
                 read: Callable[[JsonObject], tuple[T, list[str]]],
                 write: Callable[[T], Mapping[str, object]], default: Callable[[], T],
                 migrations: Mapping[int, Migration] | None = None) -> None:
        self.path = path
        self.kind = kind
        self.version = version
        self._read = read
        self._write = write
        self._default = default
        self.migrations = migrations
        self._unread = False

    def load(self) -> tuple[T, Problem | None]:
        """The stored value, or the default with the problem met (``None``: none)."""
        try:
            data, problem = load_json_file(self.path, self.kind, self.version, None,
                                           self.migrations)
            self._unread = problem is not None and problem.kind == "unreadable"
            if data is None:
                return self._default(), problem
            value, notes = self._read(data)
        except Exception as exc:  # whatever is in the file, the game starts
            if not isinstance(exc, ValueError):
                log.exception("%s could not be read", self.path.name)
            detail = str(exc) if isinstance(exc, ValueError) else \
                f"it could not be read ({type(exc).__name__})"
            return self._default(), put_aside(self.path, "bad", "damaged", detail)
        if not notes:
            return value, None
        kept = keep_copy(self.path, "bad")
        problem = Problem("fields", self.path.name, "; ".join(notes), kept.name if kept else None,
                          folder=str(self.path.parent), count=len(notes))
        if kept is not None:  # the file as it was is safe: write back the rest
            try:
                self.save(value)
            except (OSError, ValueError) as exc:
                log.warning("%s not written back: %s", self.path.name, exc)
        return value, problem

    def save(self, value: T) -> None:
        """All or nothing; ``OSError`` when the folder refuses it. A file left in place unread
        is kept aside first (it may hold what the player would not lose)."""
        if self._unread:
            self._unread = False
            if self.path.exists() and set_aside(self.path, "unread") is None:
                log.warning("%s could not be kept aside before being replaced", self.path.name)
        atomic_write_json(self.path, envelope(self.kind, self.version, self._write(value)))


class GameCache:
    """Copies of what can be computed again, by game (``game_record.game_key``) and version
    of the work (``<PREFIX>-<game>-<version>.json`` in ``folder``; None: nothing is kept):
    each round's findings so far. A file that cannot be read or is wrong in any way is
    ignored (and replaced by the next write), never followed through a link; a write that
    fails is only logged; only the newest ``KEEP`` files are kept."""

    PREFIX = FORMAT = TAG = ""  # the files' names, format, and key naming the version
    VERSION = 1
    KEEP = 40  # files: twice the past games kept, for records from elsewhere
    MAX_BYTES = 8_000_000

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._names = re.compile(rf"{self.PREFIX}-[0-9a-f]{{32}}-[0-9a-f]{{16}}\.json")
        self._lock = threading.Lock()  # one write at a time: each merges what is kept

    @classmethod
    def in_home(cls, home: Path) -> Self:
        """The cache in the past games' folder of ``home`` (none if that folder is refused)."""
        try:
            folder, refused = games_folder(home)
        except OSError:
            return cls(None)
        return cls(None if refused is not None else folder)

    def path(self, game: str, version: str) -> Path | None:
        return None if self.folder is None else \
            self.folder / f"{self.PREFIX}-{game}-{version}.json"

    def rounds(self, game: str, version: str) -> list[Any]:
        """The rounds kept for ``game`` and ``version`` as stored (each still to be checked);
        empty when there is no usable file."""
        path = self.path(game, version)
        try:
            document = read_json(path, self.MAX_BYTES) if path is not None else None
        except (OSError, Damaged) as exc:
            if not isinstance(exc, FileNotFoundError):
                log.info("%s not used: %s", path, exc)
            return []
        if not (isinstance(document, dict) and isinstance(document.get("rounds"), list)
                and (document.get("format"), document.get("version"), document.get("game"),
                     document.get(self.TAG)) == (self.FORMAT, self.VERSION, game, version)):
            return []  # none, or another kind, version, game or work
        rounds: list[Any] = document["rounds"]
        return rounds

    def write(self, game: str, version: str, rounds: Callable[[], list[object]]) -> None:
        """Keep the rounds ``rounds`` gives (it reads what is kept: no other write runs
        meanwhile), then let the oldest files go."""
        path = self.path(game, version)
        if path is None or self.folder is None:
            return
        with self._lock:
            try:
                document = {"format": self.FORMAT, "version": self.VERSION, "game": game,
                            self.TAG: version, "rounds": rounds()}
                path.parent.mkdir(parents=True, exist_ok=True)
                atomic_write_json(path, document, sort_keys=False)  # never through a link
            except (OSError, ValueError) as exc:
                log.info("%s not written: %s", path.name, exc)
                return
        self.prune()

    def prune(self) -> None:
        if self.folder is not None:
            keep_newest(self.folder, self._names, self.KEEP)

    @staticmethod
    def flush(timeout: float = 5.0) -> None:
        """Until what waits to be written is written (tests, the benchmark)."""
        WRITER.flush(timeout=timeout)
