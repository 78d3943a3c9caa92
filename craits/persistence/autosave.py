"""Saving after every action without making a frame wait for the disk.

The newest snapshot is handed to a helper thread that writes it through the SaveStore (atomic:
temp file, fsync, replace). Snapshots that arrive while one is being written replace each
other, so only the latest position is written next. ``flush`` writes synchronously (quit, error).
"""

from __future__ import annotations

import logging
import threading
from typing import Protocol

from craits.persistence.files import JsonObject
from craits.persistence.save_health import SaveHealth

log = logging.getLogger(__name__)


MAX_ERRORS_KEPT = 20


class SnapshotStore(Protocol):
    """Where snapshots go (``craits.persistence.saves.SaveStore``)."""

    def save(self, data: JsonObject) -> None: ...


class Autosaver:
    def __init__(self, store: SnapshotStore, threaded: bool = True,
                 health: SaveHealth | None = None) -> None:
        self.store = store
        self.threaded = threaded
        self.health = health  # a SaveHealth told of every write, or None
        self._pending: JsonObject | None = None
        self._lock = threading.Lock()
        # One write at a time, in the order snapshots were taken: without it a flush on the
        # main thread could land the newest position while the helper was still writing an
        # older one, which then replaced it.
        self._write_lock = threading.Lock()
        self._wake = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._stop = False
        self._thread: threading.Thread | None = None
        self.errors: list[str] = []
        self.writes = 0

    def submit(self, data: JsonObject) -> None:
        with self._lock:
            self._pending = data
            self._idle.clear()
        if not self.threaded:
            self._write_pending()
            return
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="craits-autosave",
                                            daemon=True)
            self._thread.start()
        self._wake.set()

    def _run(self) -> None:
        while not self._stop:
            self._wake.wait(0.5)
            self._wake.clear()
            self._write_pending()

    def _write_pending(self) -> None:
        with self._write_lock:
            with self._lock:
                data, self._pending = self._pending, None
            if data is not None:
                try:
                    self.store.save(data)
                    self.writes += 1
                except (OSError, TypeError, ValueError) as exc:
                    if self.health is not None:
                        self.health.failed("the saved game", exc)  # logs a run once
                    elif not self.errors:
                        log.warning("autosave failed: %s", exc)
                    with self._lock:
                        self.errors = [*self.errors[-(MAX_ERRORS_KEPT - 1):], str(exc)]
                else:
                    if self.health is not None:
                        self.health.succeeded("the saved game")
            with self._lock:
                if self._pending is None:
                    self._idle.set()

    def check(self) -> None:
        """Called once a frame; nothing to do but kept for symmetry with flush."""

    def flush(self, timeout: float = 5.0) -> None:
        """Write what is pending now, after any write in progress (on this thread)."""
        self._write_pending()
        self._idle.wait(timeout)

    def stop(self) -> None:
        self._stop = True
        self._wake.set()
