"""The one store helper every JSON file of the player's folder goes through (its primitives
are ``files``): ``JsonStore`` for each of the player's files (settings, statistics, ratings,
the deals of the day, puzzles, the save), ``CacheFolder`` for copies of what can be computed
again (the review's verdicts, the par's replays), and ``WRITER``, the one thread that writes
for every store that writes off the window's thread.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Generic, TypeVar

from craits.persistence.files import (
    Damaged,
    JsonObject,
    Migration,
    Problem,
    atomic_write_json,
    envelope,
    fields_problem,
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
            self._pending.pop(key, None)
            self._pending[key] = job
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
        problem = fields_problem(self.path, notes)
        if problem.kept_as is not None:  # the file as it was is safe: write back the rest
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


class CacheFolder:
    """Files of ``folder`` (None: nothing is kept) named by ``names``, each at most
    ``max_bytes``, the newest ``keep`` kept. Only copies: a file that cannot be read or used
    is ignored, a write that fails is logged."""

    def __init__(self, folder: Path | None, names: re.Pattern[str], keep: int,
                 max_bytes: int) -> None:
        self.folder = folder
        self.names = names
        self.keep = keep
        self.max_bytes = max_bytes
        self._lock = threading.Lock()  # one update at a time: each merges what is kept

    def path(self, name: str) -> Path | None:
        return None if self.folder is None else self.folder / name

    def read(self, name: str) -> Any:
        """The document in ``name``, or None (no file, or one that cannot be read)."""
        path = self.path(name)
        if path is None:
            return None
        try:
            return read_json(path, self.max_bytes)
        except FileNotFoundError:
            return None
        except (OSError, Damaged) as exc:
            log.info("%s not used: %s", name, exc)
            return None

    def update(self, name: str, merge: Callable[[], JsonObject]) -> None:
        """Write what ``merge`` makes (it reads what is kept: no other update runs meanwhile),
        then let the oldest files go."""
        path = self.path(name)
        if path is None or self.folder is None:
            return
        with self._lock:
            try:
                document = merge()
                path.parent.mkdir(parents=True, exist_ok=True)
                atomic_write_json(path, document, sort_keys=False)  # never through a link
            except (OSError, ValueError) as exc:
                log.info("%s not written: %s", name, exc)
                return
        self.prune()

    def prune(self) -> None:
        """Let the oldest files go beyond ``keep``."""
        if self.folder is not None:
            keep_newest(self.folder, self.names, self.keep)

    @staticmethod
    def later(job: Job) -> None:
        """``job`` (an ``update``) on the background writer: a frame never waits for the
        disk."""
        WRITER.submit(job)

    @staticmethod
    def flush(timeout: float = 5.0) -> None:
        """Until what waits to be written is written (tests, the benchmark)."""
        WRITER.flush(timeout=timeout)
