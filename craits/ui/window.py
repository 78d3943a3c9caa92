"""The window's size: the smallest the table is laid out for, and what the display can show."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

MIN_SIZE = (960, 600)
HEADLESS_MAX_SIZE = (3840, 2160)  # no real display (the dummy driver): at most this


class _Display(Protocol):
    def get_desktop_sizes(self) -> list[tuple[int, int]]: ...

    def get_driver(self) -> str: ...


class Pygame(Protocol):
    """What ``usable_size`` reads of the ``pygame`` module."""

    @property
    def display(self) -> _Display: ...

    @property
    def error(self) -> type[Exception]: ...


def usable_size(pg: Pygame) -> tuple[int, int]:
    """The largest window the display can show (its desktop size); ``pg``: ``pygame``."""
    try:
        sizes = pg.display.get_desktop_sizes()
        driver = pg.display.get_driver()
    except pg.error:
        sizes, driver = [], "dummy"
    if driver == "dummy" or not sizes or min(sizes[0]) <= 0:
        return HEADLESS_MAX_SIZE
    return max(MIN_SIZE[0], sizes[0][0]), max(MIN_SIZE[1], sizes[0][1])


def fit_window(wanted: Sequence[int], usable: tuple[int, int]) -> tuple[int, int]:
    """``wanted`` within the minimum and what the display can show."""
    width, height = (max(low, min(high, int(value)))
                     for value, low, high in zip(wanted, MIN_SIZE, usable, strict=True))
    return width, height
