"""The speaker: what the game says, sent to each backend, kept in a history of the last
``HISTORY`` messages to hear again one by one, filtered by verbosity and switched on or off.

A message has a level: "minimal" ones (the turn, a refusal, an answer to a key) are said at
every verbosity, "brief" ones (what happened at the table) at brief and full, "full" ones (what
may be played, the hint line) only at full. A backend that cannot speak is dropped, and the
player is told once (``tell``) that speech is unavailable; play goes on.
"""

from __future__ import annotations

import logging
import os
from collections import deque
from collections.abc import Callable, Sequence

from craits import i18n
from craits.ui.speech.backends import Backend, RecordingBackend, SpeechUnavailable

log = logging.getLogger(__name__)

HISTORY = 50
VERBOSITY = ("full", "brief", "minimal")  # most said first
LOG_ENV = "CRAITS_SPEECH_LOG"
ON_ENV = "CRAITS_SPEECH"  # "1": speech on from the start, whatever the settings say
_CANNOT_TELL = object()  # a backend that cannot say whether a screen reader runs (a file)


class Speaker:
    def __init__(self, backends: Sequence[Backend], *, enabled: bool = True,
                 verbosity: str = "full", tell: Callable[[], None] | None = None) -> None:
        self.backends = list(backends)
        self.configure(enabled, verbosity)
        self.tell = tell or (lambda: None)
        self.told = False  # the player was told speech is unavailable
        self.history: deque[str] = deque(maxlen=HISTORY)
        self.cursor: int | None = None  # the history message re-read last (None: the newest)

    def configure(self, enabled: bool, verbosity: str) -> None:
        self.enabled = enabled
        self.verbosity = verbosity if verbosity in VERBOSITY else "full"

    def wants(self, level: str) -> bool:
        """Whether a message of ``level`` is said at the current verbosity."""
        if not self.enabled:
            return False
        rank = VERBOSITY.index(level) if level in VERBOSITY else 0
        return VERBOSITY.index(self.verbosity) <= rank

    def say(self, text: str, *, level: str = "brief", interrupt: bool = False) -> bool:
        """Say ``text`` if its level is wanted; True if it was said (and kept in the history)."""
        text = " ".join(text.split())
        if not text or not self.wants(level):
            return False
        self.history.append(text)
        self.cursor = None
        self._send(text, interrupt)
        return True

    def keep(self, text: str, *, level: str = "brief") -> None:
        """Keep ``text`` in the history, to be heard again, without saying it now (it was
        overtaken before its turn to be said)."""
        text = " ".join(text.split())
        if text and self.wants(level):
            self.history.append(text)

    def reread(self, step: int) -> str:
        """Say again an earlier (``step`` -1) or later (+1) message of the history: the first
        press says the newest; past either end the player hears that it was the first or the
        latest. Returns what was said."""
        if not self.enabled:
            return ""
        if not self.history:
            text = i18n.t("speech.nothing")
        elif self.cursor is None:
            self.cursor = len(self.history) - 1
            text = self.history[self.cursor]
        elif 0 <= self.cursor + step < len(self.history):
            self.cursor += step
            text = self.history[self.cursor]
        else:
            text = i18n.t("speech.first" if step < 0 else "speech.latest")
        self._send(text, True)
        return text

    def _send(self, text: str, interrupt: bool) -> None:
        for backend in list(self.backends):
            try:
                backend.speak(text, interrupt)
            except SpeechUnavailable as exc:
                log.warning("speech backend dropped: %s", exc)
                self.backends.remove(backend)
                if not self.told:
                    self.told = True
                    self.tell()

    def look_for_reader(self) -> None:
        """Start finding the backends that can tell whether a screen reader runs (on their
        own threads: nothing waits)."""
        for backend in self.backends:
            start = getattr(backend, "start", None)
            if callable(start):
                start()

    def screen_reader(self) -> bool | None:
        """Whether a backend speaks through a running screen reader: True as soon as one
        does, False once every backend that can tell has told, None until then."""
        answers = [answer for answer in (getattr(b, "reader", _CANNOT_TELL) for b in self.backends)
                   if answer is not _CANNOT_TELL]
        if True in answers:
            return True
        return None if None in answers else False

    def close(self) -> None:
        for backend in self.backends:
            backend.close()


_shared: Speaker | None = None


def _backends() -> list[Backend]:
    out: list[Backend] = []
    path = os.environ.get(LOG_ENV)
    if path:
        out.append(RecordingBackend(path))
    # A run without a window (tests, headless autoplay) has no one listening: only the file.
    if os.environ.get("SDL_VIDEODRIVER") != "dummy":
        from craits.ui.speech.live import LiveBackend  # noqa: PLC0415 - loads Prism lazily

        out.append(LiveBackend())
    return out


def wanted(setting: bool) -> bool:
    """Whether to speak: the setting, or asked from the environment: ``CRAITS_SPEECH=1``, or a
    transcript file named (``CRAITS_SPEECH_LOG``)."""
    return setting or os.environ.get(ON_ENV) == "1" or bool(os.environ.get(LOG_ENV))


def speaker_for(enabled: bool, verbosity: str, tell: Callable[[], None]) -> Speaker:
    """The app's one speaker (made on first use), set to the player's settings; the player
    is told at most once per run that speech is unavailable."""
    global _shared
    enabled = wanted(enabled)
    if _shared is None:
        _shared = Speaker(_backends(), enabled=enabled, verbosity=verbosity, tell=tell)
    _shared.configure(enabled, verbosity)
    _shared.tell = tell
    return _shared
