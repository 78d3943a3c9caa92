"""What the app keeps of an unexpected error: a log file in the player's folder, how many
came close together (more than three end the app), and a blank scene for when even the
title cannot be shown under the message."""

from __future__ import annotations

import logging
import time
import traceback
from pathlib import Path

import pygame

from craits.ui.scene import Scene
from craits.ui.widgets import felt_background

log = logging.getLogger("craits.app")

CLOSE_TOGETHER = 10.0  # seconds within which errors count as one run of them
TOO_MANY = 3  # errors in a run the app survives


def write_crash_log(folder: Path, exc: BaseException) -> Path | None:
    """The error's traceback in ``folder`` (``crash-<time>.log``); None if it cannot be
    written (it is in the app's log either way)."""
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    log.error("unexpected error:\n%s", text)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("crash-%Y%m%d-%H%M%S")
        path = folder / f"{stamp}.log"
        n = 1
        while path.exists():  # several errors in one second each keep their own log
            n += 1
            path = folder / f"{stamp}-{n}.log"
        path.write_text(text, encoding="utf-8")
        return path
    except OSError:
        return None


class RecentCrashes:
    """The times of the latest unexpected errors, those close together only."""

    def __init__(self) -> None:
        self._times: list[float] = []

    def __len__(self) -> int:
        return len(self._times)

    def note(self, now: float) -> None:
        self._times = [t for t in self._times if now - t < CLOSE_TOGETHER] + [now]

    def too_many(self) -> bool:
        return len(self._times) > TOO_MANY


class BlankScene(Scene):
    """A last resort under an error message when even the title cannot be shown."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
