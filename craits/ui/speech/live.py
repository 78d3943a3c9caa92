"""The player's screen reader, else the system's speech, through Prism (``prismatoid``,
MPL-2.0): NVDA, JAWS, Narrator and SAPI on Windows, VoiceOver and AVSpeech on macOS, Orca and
Speech Dispatcher on Linux. Imported only when speech is first needed, so a machine without
it, or where it does not load, only loses speech."""

from __future__ import annotations

import logging
from typing import Any

from craits.ui.speech.backends import SpeechUnavailable

log = logging.getLogger(__name__)


class LiveBackend:
    """Speaks through the best backend Prism finds on this machine."""

    def __init__(self) -> None:
        self._context: Any = None
        self._backend: Any = None

    def _best(self) -> Any:
        if self._backend is None:
            try:
                import prism  # noqa: PLC0415 - lazy: an optional library, loaded on first use

                self._context = prism.Context()
                self._backend = self._context.acquire_best()
            except Exception as exc:  # ImportError, OSError from its library, PrismError...
                log.info("speech unavailable: %r", exc)
                raise SpeechUnavailable(str(exc)) from exc
        return self._backend

    def speak(self, text: str, interrupt: bool) -> None:
        backend = self._best()
        try:
            backend.speak(text, interrupt=interrupt)
        except Exception as exc:  # the screen reader went away, the service failed...
            log.info("speech failed: %r", exc)
            raise SpeechUnavailable(str(exc)) from exc

    def close(self) -> None:
        self._backend = None
        self._context = None
