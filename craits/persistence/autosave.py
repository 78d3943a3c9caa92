"""Saving after every action without making a frame wait for the disk.

Each snapshot is handed to the one background writer (``store.WRITER``), which writes it
through the SaveStore (atomic: temp file, fsync, replace). Snapshots that arrive while one is
being written replace each other, so only the latest position is written next. ``flush``
writes what waits now, on the caller's thread (quit, error).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from craits.engine.notation import SaveData
from craits.persistence.save_health import SaveHealth
from craits.persistence.store import WRITER, BackgroundWriter


class SnapshotStore(Protocol):
    """Where snapshots go (``craits.persistence.saves.SaveStore``)."""

    def save(self, data: Mapping[str, object]) -> None: ...


class Autosaver:
    """``threaded`` False: each snapshot is written at once, on the caller's thread;
    ``health`` is told of every write (a run of failures is logged once)."""

    def __init__(self, store: SnapshotStore, threaded: bool = True,
                 health: SaveHealth | None = None, writer: BackgroundWriter = WRITER) -> None:
        self.store = store
        self.threaded = threaded
        self.health = health or SaveHealth()
        self.writer = writer
        self.writes = 0

    def submit(self, data: SaveData) -> None:
        if not self.threaded:
            self.flush()  # what waits lands first
            self._write(data)
            return
        # Under this saver's key: a snapshot still waiting is replaced, and one write at a
        # time lands in the order taken (an older one never lands after a newer one).
        self.writer.submit(lambda: self._write(data), key=self)

    def _write(self, data: SaveData) -> None:
        try:
            self.store.save(data)
        except (OSError, TypeError, ValueError) as exc:
            self.health.failed("the saved game", exc)
            return
        self.writes += 1
        self.health.succeeded("the saved game")

    def flush(self, timeout: float = 5.0) -> None:
        """Write what is pending now, after any write in progress (on this thread)."""
        self.writer.flush(self, timeout)

    def stop(self, timeout: float = 2.0) -> None:
        """The app closes: what waits on the shared writer (the caches' copies too) is
        written now; the writer's thread ends with the process."""
        self.writer.flush(timeout=timeout)
