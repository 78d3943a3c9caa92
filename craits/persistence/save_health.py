"""Whether the player's files can be written, so that a read-only or full folder is told once.

Writers (the autosave thread, the statistics at a round's end) report each write here. The
first failure of a run of failures is logged and becomes one message for the player; the
failures after it are only counted (one line in the log, not one per move) until a write
works again, which is logged once too. Thread-safe.
"""

from __future__ import annotations

import logging
import threading

log = logging.getLogger("craits.app")
FOLDER = "the data folder"  # the folder itself (it could not be locked): any write clears it


class SaveHealth:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._failing: dict[str, str] = {}  # what -> why, while its writes fail
        self._told = False
        self.failures = 0  # writes that failed, in all

    def failed(self, what: str, error: BaseException) -> None:
        reason = describe(error)
        with self._lock:
            self.failures += 1
            first = what not in self._failing
            self._failing[what] = reason
        if first:
            log.warning("%s not written: %s (tried again at every change; not logged again "
                        "until it works)", what, reason)

    def succeeded(self, what: str) -> None:
        with self._lock:
            folder = self._failing.pop(FOLDER, None)  # a write went through: it can be written
            if self._failing.pop(what, None) is None and folder is None:
                return
            if not self._failing:
                self._told = False  # a new run of failures is told again
        log.info("%s written again", what)

    def take_notice(self) -> str | None:
        """Why writing fails, the first time it is asked during a run of failures; else None."""
        with self._lock:
            if not self._failing or self._told:
                return None
            self._told = True
            return next(iter(self._failing.values()))


def describe(error: BaseException) -> str:
    """An error in a few words: ``Read-only file system``, ``No space left on device``."""
    text = getattr(error, "strerror", None) or str(error) or type(error).__name__
    return text[:200]
