"""A player's rating over their games: one point per game, the band of its deviation behind
the line, the lowest and highest rating written at the left.

The chart's scale always holds the whole band (a new player's wide deviation included), with
a floor of 100 points so that a steady rating does not look like a cliff. After one game there
is no line yet: the rating's band across the chart with its point in the middle, room above
and below it, and a hint (``hint``: "play more games to see a line") under it."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from craits.persistence.ratings import Point
from craits.ui.widgets import Widget
from craits.ui.widgets.drawing import draw_rounded
from craits.ui.widgets.text import draw_text_fit

MIN_SPAN = 100.0  # rating points from the bottom of the chart to its top, at the least


def chart_range(points: Sequence[Point]) -> tuple[float, float]:
    """The lowest and highest rating the chart shows: every point's band fits (one game's
    band takes the middle half, so that it reads as a band, not as the box)."""
    low = min(p.rating - p.deviation for p in points)
    high = max(p.rating + p.deviation for p in points)
    if len(points) == 1:
        low, high = low - (high - low) / 2, high + (high - low) / 2
    if high - low < MIN_SPAN:
        middle = (high + low) / 2
        low, high = middle - MIN_SPAN / 2, middle + MIN_SPAN / 2
    return low, high


def chart_points(points: Sequence[Point], rect: pygame.Rect) -> list[tuple[int, int]]:
    """Where each game's rating is drawn in ``rect``: the first game at the left edge (a
    single game in the middle)."""
    low, high = chart_range(points)
    step = rect.width / max(1, len(points) - 1)
    left = rect.centerx if len(points) == 1 else rect.left
    return [(round(left + i * step),
             round(rect.bottom - (p.rating - low) / (high - low) * rect.height))
            for i, p in enumerate(points)]


class RatingChart(Widget):
    focusable = False

    def __init__(self, rect: pygame.Rect | Sequence[int], points: Sequence[Point],
                 hint: str = "") -> None:
        super().__init__(rect)
        self.points = list(points)
        self.hint = hint  # shown while there is no line (a single game)

    def plot_rect(self) -> pygame.Rect:
        th = self.theme
        left = th.px(64)  # room for the scale's figures
        return pygame.Rect(self.rect.left + left, self.rect.top + th.px(10),
                           self.rect.width - left - th.px(12), self.rect.height - th.px(20))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or not self.points:
            return
        th = self.theme
        old = surface.get_clip()
        if self.clip is not None:
            surface.set_clip(self.clip.clip(old) if old else self.clip)
        try:
            draw_rounded(surface, self.rect, (0, 0, 0, 60), th.radius)
            plot = self.plot_rect()
            low, high = chart_range(self.points)
            self._draw_band(surface, plot, low, high)
            line = chart_points(self.points, plot)
            if len(line) > 1:
                pygame.draw.lines(surface, th.gold_light, False, line, max(2, th.px(2)))
            for xy in line[-1:]:
                pygame.draw.circle(surface, th.gold_light, xy, max(3, th.px(4)))
            size = th.small_size
            if len(line) == 1 and self.hint:  # under the band, in the quarter it leaves
                box = pygame.Rect(plot.left, plot.bottom - plot.height // 4, plot.width,
                                  plot.height // 4)
                draw_text_fit(surface, self.hint, box, size, color=th.text_dim)
            for value, y in ((high, plot.top), (low, plot.bottom)):
                box = pygame.Rect(self.rect.left + th.px(4), y - size, plot.left - self.rect.left
                                  - th.px(10), size * 2)
                draw_text_fit(surface, str(round(value)), box, size, color=th.text_dim,
                              align="right")
        finally:
            surface.set_clip(old)

    def _draw_band(self, surface: pygame.Surface, plot: pygame.Rect, low: float,
                   high: float) -> None:
        """The deviation around each game's rating, a translucent band."""
        n = len(self.points)
        step = plot.width / max(1, n - 1)

        def y(value: float) -> float:
            return plot.bottom - (value - low) / (high - low) * plot.height

        upper = [(plot.left + i * step - plot.left, y(p.rating + p.deviation) - plot.top)
                 for i, p in enumerate(self.points)]
        lower = [(plot.left + i * step - plot.left, y(p.rating - p.deviation) - plot.top)
                 for i, p in enumerate(self.points)]
        if n == 1:  # a band of one game: a short bar
            upper = [(0, upper[0][1]), (plot.width, upper[0][1])]
            lower = [(0, lower[0][1]), (plot.width, lower[0][1])]
        layer = pygame.Surface(plot.size, pygame.SRCALPHA)
        pygame.draw.polygon(layer, (*self.theme.gold[:3], 60), upper + lower[::-1])
        pygame.draw.line(layer, (*self.theme.text_dim[:3], 70), (0, plot.height - 1),
                         (plot.width, plot.height - 1))
        surface.blit(layer, plot.topleft)
