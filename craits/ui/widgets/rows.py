"""Rows and columns for menus: a screen's layout reads as the rows it draws, top to bottom,
rather than as rectangles set one after another.

    column = Column(0, 0, width)
    heading = column.take(th.px(34), after=th.px(10))    # the next row, as wide as the column
    number, name, level = split(column.take(row_h), [th.px(34), None, 0.3], gap=th.px(8))
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame


class Column:
    """Hands out the rows of a column from the top down; ``y`` is where the next one starts."""

    def __init__(self, left: int, top: int, width: int) -> None:
        self.left, self.y, self.width = left, top, width

    def take(self, height: int, *, indent: int = 0, after: int = 0) -> pygame.Rect:
        """The next row, ``height`` tall and ``indent`` in from the left; ``after``: the space
        left below it."""
        row = pygame.Rect(self.left + indent, self.y, self.width - indent, height)
        self.y += height + after
        return row

    def space(self, height: int) -> None:
        self.y += height


Width = int | float | None  # pixels, a share of the row, or an equal part of what is left


def split(row: pygame.Rect, widths: Sequence[Width], gap: int = 0) -> list[pygame.Rect]:
    """``row`` cut into cells from the left, ``gap`` apart: an int is pixels, a float a share
    of the row's width, None an equal part of what the others leave."""
    room = row.width - gap * (len(widths) - 1)
    fixed = [w if isinstance(w, int) else round(row.width * w) if w is not None else None
             for w in widths]
    rest = fixed.count(None)
    left_over = room - sum(w for w in fixed if w is not None)
    cells, x = [], row.left
    for width in fixed:
        w = width if width is not None else left_over // max(1, rest)
        cells.append(pygame.Rect(x, row.top, w, row.height))
        x += w + gap
    return cells


def grid(row: pygame.Rect, label_width: int, columns: int, *, inset: int = 0,
         label_pads: tuple[int, int] = (0, 0)) -> list[pygame.Rect]:
    """A table's row: its label's cell (``label_pads`` in from its left and right), then
    ``columns`` equal cells, each ``inset`` in on both sides."""
    width = (row.width - label_width) // max(1, columns)
    pad_left, pad_right = label_pads
    return [pygame.Rect(row.left + pad_left, row.top, label_width - pad_left - pad_right,
                        row.height)] + [
        pygame.Rect(row.left + label_width + i * width + inset, row.top, width - 2 * inset,
                    row.height) for i in range(columns)]
