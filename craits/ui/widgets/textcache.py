"""Rendered surfaces, cached: text by content and style, and a least-recently-used cache.

Text is rendered once per string, size, colour and weight; sizes that fit a width are found
once. A frame of the table then costs blits, not font rendering.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from typing import Generic, TypeVar

import pygame

from craits.ui.fonts import get_font
from craits.ui.widgets.text import drawable, truncate

Color = tuple[int, int, int] | tuple[int, int, int, int]
Item = TypeVar("Item", bound=pygame.Surface | Sequence[pygame.Surface])  # what a cache holds


class LRU(Generic[Item]):
    """A small least-recently-used cache of rendered surfaces (or lists of them): at most
    ``limit`` items and, when ``max_bytes`` is given, at most that many bytes of pixels, so
    that a long session's memory stays flat once the cache is full."""

    def __init__(self, limit: int, max_bytes: int | None = None) -> None:
        self.limit = limit
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[Hashable, Item] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], Item]) -> Item:
        item = self._items.get(key)
        if item is not None:
            self._items.move_to_end(key)
            return item
        item = make()
        self._items[key] = item
        self.bytes += pixel_bytes(item)
        while len(self._items) > 1 and (len(self._items) > self.limit or (
                self.max_bytes is not None and self.bytes > self.max_bytes)):
            self.bytes -= pixel_bytes(self._items.popitem(last=False)[1])
        return item

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)


def pixel_bytes(item: object) -> int:
    """Bytes of pixels held by a surface, or by the surfaces in a list or tuple."""
    if isinstance(item, pygame.Surface):
        return item.get_pitch() * item.get_height()
    if isinstance(item, list | tuple):
        return sum(pixel_bytes(part) for part in item)
    return 0


_text_cache: LRU[pygame.Surface] = LRU(600, max_bytes=6_000_000)


def text_surface(text: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: the same string in the same style is rendered once."""
    return _text_cache.get(
        (text, size, color, bold),
        lambda: get_font(max(1, size), bold).render(drawable(text), True, color),
    )


@lru_cache(maxsize=4096)
def ellipsize(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut with "…" so that it is at most ``width`` wide at ``size`` (cached)."""
    return truncate(drawable(text), get_font(max(1, size), bold), width, tidy=True)


@lru_cache(maxsize=4096)
def fit_size(text: str, size: int, width: int, bold: bool = False, min_size: int = 9) -> int:
    """The largest font size <= ``size`` at which ``text`` is at most ``width`` wide (cached)."""
    s = size
    if len(text) > width + 1:  # cannot fit at any size: the smallest
        s = min(size, min_size)
    while s > min_size and get_font(s, bold).size(text)[0] > width:
        s -= 1
    return s


def blit_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    color: Color,
    *,
    bold: bool = False,
    center: tuple[int, int] | None = None,
    midleft: tuple[int, int] | None = None,
    midright: tuple[int, int] | None = None,
    max_width: int | None = None,
    shadow: bool = False,
) -> pygame.Rect:
    """Blit one line of cached text, shrunk to ``max_width`` if given."""
    if max_width is not None:
        size = fit_size(text, size, max_width, bold)
        text = ellipsize(text, size, max_width, bold)
    image = text_surface(text, size, color, bold)
    rect = image.get_rect()
    if center is not None:
        rect.center = center
    elif midleft is not None:
        rect.midleft = midleft
    elif midright is not None:
        rect.midright = midright
    area = None  # the part of the image shown: all of it, unless still too wide
    if max_width is not None and rect.width > max_width:  # at the smallest size
        area = pygame.Rect(0, 0, max_width, rect.height)
        rect.width = max_width
        if center is not None:
            rect.center = center
        elif midright is not None:
            rect.midright = midright
    if shadow:
        surface.blit(text_surface(text, size, (0, 0, 0), bold), rect.move(1, 2), area)
    surface.blit(image, rect, area)
    return rect


def text_in(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    size: int,
    color: Color,
    *,
    bold: bool = False,
    align: str = "center",
    shadow: bool = False,
) -> pygame.Rect:
    """One line of cached text inside ``rect`` (shrunk to its width), aligned left/center/right."""
    return blit_text(surface, text, size, color, bold=bold, max_width=rect.width, shadow=shadow,
                     center=rect.center if align not in ("left", "right") else None,
                     midleft=rect.midleft if align == "left" else None,
                     midright=rect.midright if align == "right" else None)


def to_display(surface: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format when there is a display (blits are then fastest)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface
