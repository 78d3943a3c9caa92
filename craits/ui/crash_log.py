"""What the app keeps of an unexpected error: a log file in the player's folder, how many
came close together (more than three end the app), and a blank scene for when even the
title cannot be shown under the message.

The ``logs`` folder and the files in it are never reached through a link (as the saves,
settings and statistics are not): a link could create or grow a file anywhere. A ``logs``
that is a link is not used; a log file that is a link is not opened.
"""

from __future__ import annotations

import logging
import os
import time
import traceback
from pathlib import Path
from typing import TextIO

import pygame

from craits.ui.scene import Scene
from craits.ui.widgets import felt_background

log = logging.getLogger("craits.app")

CLOSE_TOGETHER = 10.0  # seconds within which errors count as one run of them
TOO_MANY = 3  # errors in a run the app survives


LOGS = "logs"
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)  # POSIX; elsewhere the check before opening
_BINARY = getattr(os, "O_BINARY", 0)  # Windows: the text layer above translates, not the fd


def logs_folder(home: Path) -> Path | None:
    """``home/logs``, made if missing; None when it is a link or cannot be made."""
    folder = home / LOGS
    try:
        if folder.is_symlink():
            return None
        folder.mkdir(parents=True, exist_ok=True)
        return None if folder.is_symlink() or not folder.is_dir() else folder
    except OSError:
        return None


def open_log_file(path: Path) -> TextIO:
    """``path`` opened to append to, never through a link (``OSError`` if it is one)."""
    if path.is_symlink():
        raise OSError(f"{path.name} is a link")
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | _NO_FOLLOW | _BINARY,
                         0o644)
    return os.fdopen(descriptor, "a", encoding="utf-8")


def write_crash_log(home: Path, exc: BaseException) -> Path | None:
    """The error's traceback in the logs of the player's folder ``home`` (``crash-<time>.log``);
    None if it cannot be written (it is in the app's log either way)."""
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    log.error("unexpected error:\n%s", text)
    own = logs_folder(home)
    if own is None:
        return None
    stamp = time.strftime("crash-%Y%m%d-%H%M%S")
    for n in range(1, 1000):  # several errors in one second each keep their own log
        path = own / (f"{stamp}.log" if n == 1 else f"{stamp}-{n}.log")
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_FOLLOW
                                 | _BINARY, 0o644)
        except FileExistsError:
            continue
        except OSError:
            return None
        try:
            with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError:
            return None
        return path
    return None


class RecentCrashes:
    """The times of the latest unexpected errors, those close together only."""

    def __init__(self) -> None:
        self._times: list[float] = []
        self.total = 0  # since the start, close together or not

    def __len__(self) -> int:
        return len(self._times)

    def note(self, now: float) -> None:
        self._times = [t for t in self._times if now - t < CLOSE_TOGETHER] + [now]
        self.total += 1

    def too_many(self) -> bool:
        return len(self._times) > TOO_MANY


class BlankScene(Scene):
    """A last resort under an error message when even the title cannot be shown."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
