"""The window's size: the smallest the table is laid out for, and what the display can show."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

MIN_SIZE = (960, 600)
HEADLESS_MAX_SIZE = (3840, 2160)  # no real display (the dummy driver): at most this


def usable_size(pg: Any) -> tuple[int, int]:
    """The largest window the display can show (its desktop size)."""
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
    return tuple(max(low, min(high, int(value)))  # type: ignore[return-value]
                 for value, low, high in zip(wanted, MIN_SIZE, usable, strict=True))
