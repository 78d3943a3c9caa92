"""Where speech goes: a file of one utterance a line (``RecordingBackend``), or the screen
reader / system speech (``live.LiveBackend``).
A backend raises ``SpeechUnavailable`` when it cannot speak; the speaker then stops using it."""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TextIO

from craits.ui.speech.transcript import line

_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)  # POSIX; elsewhere the check before opening
# Opening a pipe with no reader fails at once instead of waiting for one (POSIX).
_NO_WAIT = getattr(os, "O_NONBLOCK", 0)


class SpeechUnavailable(Exception):
    """This backend cannot speak (no library, no screen reader, no speech service)."""


class Backend(Protocol):
    def speak(self, text: str, interrupt: bool) -> None: ...

    def close(self) -> None: ...


class RecordingBackend:
    """Appends each utterance as one line (UTF-8, flushed at once) to a transcript file, never
    through a link: a link could grow a file anywhere. Only a regular file: a pipe or a device
    could hold the window's thread at a write for ever. Line breaks inside an utterance become
    spaces, so a line is always one utterance."""

    def __init__(self, path: str | os.PathLike[str],
                 clock: Callable[[], float] = time.monotonic) -> None:
        """Each line says when it was said (``transcript.line``): ``clock``'s seconds since
        the backend was made (a test may pass the time it steps the app by)."""
        self.path = Path(path)
        self.clock = clock
        self.start = clock()
        self._file: TextIO | None = None

    def _open(self) -> TextIO:
        if self._file is None:
            try:
                if self.path.is_symlink():
                    raise SpeechUnavailable(f"{self.path.name} is a link")
                if self.path.exists() and not self.path.is_file():
                    raise SpeechUnavailable(f"{self.path} is not a regular file")
                descriptor = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT
                                     | _NO_FOLLOW | _NO_WAIT | getattr(os, "O_BINARY", 0), 0o644)
                if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                    os.close(descriptor)
                    raise SpeechUnavailable(f"{self.path} is not a regular file")
                self._file = os.fdopen(descriptor, "a", encoding="utf-8")
            except OSError as exc:
                raise SpeechUnavailable(str(exc)) from exc
        return self._file

    def speak(self, text: str, interrupt: bool) -> None:
        handle = self._open()
        try:
            handle.write(line(self.clock() - self.start, interrupt, text) + "\n")
            handle.flush()
        except OSError as exc:
            raise SpeechUnavailable(str(exc)) from exc

    def close(self) -> None:
        if self._file is not None:
            try:
                self._file.close()
            except OSError:
                pass
            self._file = None
