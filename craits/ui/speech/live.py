"""The player's screen reader, else the system's speech, through Prism (``prismatoid``,
MPL-2.0): NVDA, JAWS, Narrator and SAPI on Windows, VoiceOver and AVSpeech on macOS, Orca and
Speech Dispatcher on Linux. Imported only when speech is first needed, so a machine without
it, or where it does not load, only loses speech.

Prism is called on a thread of its own: a speech service that stops answering (Speech
Dispatcher with no sound device takes about twenty messages, then blocks) must never freeze
the table. A call that has not come back within ``STUCK_SECONDS``, or a failure, makes the
backend unavailable; an interrupting message drops the ones still waiting.

Whether a screen reader is running (``reader``) is found by trying only the screen readers'
backends, highest priority first: speech then turns on by itself, unless the player turned it
off. The system's own voice is set up only once something is to be said, since setting it up
may connect to a speech service or ask the player for a permission (macOS's Personal Voice).
Prism's UI Automation backend is not counted: it is there whenever the game has a window,
screen reader or not (Narrator is heard through it, but cannot be told from no screen reader
at all)."""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from craits.ui.speech.backends import SpeechUnavailable

log = logging.getLogger(__name__)

STUCK_SECONDS = 5.0
WAITING = 100  # messages kept while speech is slower than the table; older ones are dropped
# Prism's ``BackendId`` names of screen readers (the others speak with the system's voices).
SCREEN_READERS = frozenset({
    "NVDA", "JAWS", "VOICE_OVER", "ORCA", "ANDROID_SCREEN_READER", "ZDSR", "ZOOM_TEXT",
    "BOY_PC_READER", "PC_TALKER", "SENSE_READER", "SYSTEM_ACCESS", "WINDOW_EYES",
})


def _prism_context() -> Any:
    import prism  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: PLC0415

    return prism.Context()


def backend_kind(context: Any, backend: Any) -> str:
    """The ``BackendId`` name of the backend Prism chose ("" when it cannot say)."""
    try:
        return str(context.id_of(backend.name).name)
    except Exception:  # an older Prism, a backend without a registered name
        return ""


def running_reader(context: Any) -> Any | None:
    """The backend of a running screen reader, or None; nothing else is set up."""
    found = [context.id_of(index) for index in range(context.backends_count)]
    readers = sorted((b for b in found if b.name in SCREEN_READERS),
                     key=lambda b: -context.priority_of(b))
    for reader in readers:
        try:
            return context.acquire(reader)
        except Exception:  # not running (Prism: "backend not available")
            continue
    return None


class LiveBackend:
    """Speaks through the best backend Prism finds on this machine, on a worker thread."""

    def __init__(self, make_context: Callable[[], Any] = _prism_context) -> None:
        self._queue: queue.Queue[tuple[str, bool]] = queue.Queue(maxsize=WAITING)
        self._thread: threading.Thread | None = None
        self._make_context = make_context
        self.failure: str | None = None  # why speech stopped (set by the worker)
        self._since: float | None = None  # when the call now being made started
        self.kind: str | None = None  # the backend Prism found (set by the worker)

    @property
    def reader(self) -> bool | None:
        """Whether the backend found is a screen reader; None while it is still looked for."""
        if self.kind is not None:
            return self.kind in SCREEN_READERS
        return False if self.failure is not None else None

    def start(self) -> None:
        """Find the backend now, before anything is said (to know whether a screen reader
        runs)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="craits-speech", daemon=True)
            self._thread.start()

    def speak(self, text: str, interrupt: bool) -> None:
        since = self._since
        if self.failure is None and since is not None \
                and time.monotonic() - since > STUCK_SECONDS:
            self.failure = "the speech service does not answer"
        if self.failure is not None:
            raise SpeechUnavailable(self.failure)
        self.start()
        if interrupt:  # what was waiting is moot now
            self._drain()
        while True:
            try:
                self._queue.put_nowait((text, interrupt))
                return
            except queue.Full:
                self._drop_one()

    def _drain(self) -> None:
        while self._drop_one():
            pass

    def _drop_one(self) -> bool:
        try:
            self._queue.get_nowait()
            return True
        except queue.Empty:
            return False

    def _run(self) -> None:
        waiting: tuple[str, bool] | None = None
        try:
            context = self._make_context()
            if not hasattr(context, "backends_count"):  # an older Prism: the best one tells
                backend: Any = context.acquire_best()
            elif (backend := running_reader(context)) is None:
                self.kind = ""  # no screen reader; the system's voice when first needed
                waiting = self._queue.get()
                self._since = time.monotonic()  # setting up a voice may hang as speaking may
                backend = context.acquire_best()
        except Exception as exc:  # ImportError, OSError from its library, PrismError...
            log.info("speech unavailable: %r", exc)
            self.failure = str(exc) or type(exc).__name__
            return
        self.kind = backend_kind(context, backend)
        while True:
            text, interrupt = waiting or self._queue.get()
            waiting = None
            self._since = time.monotonic()
            try:
                backend.speak(text, interrupt=interrupt)
            except Exception as exc:  # the screen reader went away, the service failed...
                log.info("speech failed: %r", exc)
                self.failure = str(exc) or type(exc).__name__
                return
            finally:
                self._since = None

    def wait_idle(self, seconds: float) -> bool:
        """For tests: whether everything queued was handed to Prism within ``seconds``."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.failure is not None or (self._queue.empty() and self._since is None):
                return True
            time.sleep(0.01)
        return False

    def close(self) -> None:
        self._drain()
