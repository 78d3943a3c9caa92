"""The game's typeface (DejaVu Sans, bundled): cached pygame fonts by size and weight."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

from craits.resources import resource_path

REGULAR_FILE = "DejaVuSans.ttf"
BOLD_FILE = "DejaVuSans-Bold.ttf"


def font_path(bold: bool = False) -> Path:
    """Path of the bundled TTF for the given weight."""
    return resource_path("assets", "fonts", BOLD_FILE if bold else REGULAR_FILE)


@lru_cache(maxsize=64)
def get_font(size: int, bold: bool = False) -> pygame.font.Font:
    """A pygame Font of the bundled typeface, `size` in pixels; the same object for the same args."""
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise ValueError(f"font size must be a positive integer, got {size!r}")
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(font_path(bold), size)
