"""A long game record replayed on a thread of its own, so the window keeps answering while it
opens: ``Opening(make)`` starts ``make()`` (a ``Replay``); ``poll()`` gives it once made, raises
the ``RecordError`` that stopped it, or says None while it goes on. A record of a game's length
opens at once, without one (``LONG_RECORD``)."""

from __future__ import annotations

import threading
from collections.abc import Callable

from craits.review import RecordError, Replay

LONG_RECORD = 5_000  # actions: a longer record is replayed on a thread (a full game has ~2,000)


class Opening:
    def __init__(self, make: Callable[[], Replay]) -> None:
        self._make = make
        self._replay: Replay | None = None
        self._error: RecordError | None = None
        self._thread = threading.Thread(target=self._run, name="craits-opening", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._replay = self._make()
        except RecordError as exc:
            self._error = exc
        except (ValueError, OSError, RecursionError, MemoryError) as exc:  # said, not raised
            self._error = RecordError(str(exc) or type(exc).__name__)

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def poll(self) -> Replay | None:
        if not self.done:
            return None
        if self._error is not None:
            raise self._error
        return self._replay

    def wait(self, timeout: float | None = None) -> None:
        """Until made (tests)."""
        self._thread.join(timeout)


def is_long(data: object) -> bool:
    """Whether a record's parsed JSON holds more than ``LONG_RECORD`` actions."""
    actions = data.get("actions") if isinstance(data, dict) else None
    return isinstance(actions, list) and len(actions) > LONG_RECORD
