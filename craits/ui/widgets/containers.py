"""Widgets that frame or move content: ``Panel`` (a titled box) and ``ScrollBar``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from craits.ui.widgets.base import Widget
from craits.ui.widgets.drawing import draw_rounded, draw_shadow
from craits.ui.widgets.text import draw_text_fit
from craits.ui.widgets.theme import Color, Theme


class Panel(Widget):
    """A rounded translucent box with a faint gold border and an optional title.

    The title's box starts ``title_top`` below the panel's top and is ``title_height`` tall
    (both at the base scale): a smaller title than a page's suits a panel beside another."""

    focusable = False

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        *,
        title: str = "",
        color: Color | None = None,
        shadow: bool = True,
        title_top: int = 10,
        title_height: int = 48,
        theme: Theme | None = None,
    ) -> None:
        super().__init__(rect)
        self.theme = theme or self.theme
        self.title = title
        self.color = color
        self.shadow = shadow
        self.title_top = title_top
        self.title_height = title_height

    def title_rect(self) -> pygame.Rect:
        th = self.theme
        return pygame.Rect(
            self.rect.left + th.padding,
            self.rect.top + th.px(self.title_top),
            self.rect.width - 2 * th.padding,
            th.px(self.title_height),
        )

    def content_rect(self) -> pygame.Rect:
        """The inside of the panel below its title (if any)."""
        th = self.theme
        top = self.title_rect().bottom + th.px(6) if self.title else self.rect.top + th.padding
        return pygame.Rect(
            self.rect.left + th.padding,
            top,
            self.rect.width - 2 * th.padding,
            self.rect.bottom - th.padding - top,
        )

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        th = self.theme
        if self.shadow:
            draw_shadow(surface, self.rect, th.radius * 2, th.px(6))
        draw_rounded(
            surface,
            self.rect,
            self.color or th.panel,
            th.radius * 2,
            border=th.panel_border,
            border_width=max(1, th.px(2)),
        )
        if self.title:
            draw_text_fit(
                surface,
                self.title,
                self.title_rect(),
                th.heading_size,
                color=th.gold_light,
                bold=True,
                shadow=(0, 0, 0),
            )


class ScrollBar(Widget):
    """A vertical scroll bar: a thumb sized by how much of the content shows; drag or click.

    ``set_extent(content, view, offset)`` describes the content; ``on_scroll(offset)`` is called
    with the new offset (pixels from the top of the content) when the player moves it.
    """

    focusable = False

    def __init__(
        self, rect: pygame.Rect | Sequence[int], on_scroll: Callable[[int], object] | None = None
    ) -> None:
        super().__init__(rect)
        self.on_scroll = on_scroll
        self.content = 1
        self.view = 1
        self.offset = 0
        self.dragging = False
        self._grab = 0

    @property
    def max_offset(self) -> int:
        return max(0, self.content - self.view)

    @property
    def needed(self) -> bool:
        return self.content > self.view

    def set_extent(self, content: int, view: int, offset: int) -> None:
        self.content, self.view = max(1, int(content)), max(1, int(view))
        self.offset = max(0, min(self.max_offset, int(offset)))

    def thumb_rect(self) -> pygame.Rect:
        track = self.rect
        h = max(self.theme.px(36), round(track.height * min(1.0, self.view / self.content)))
        h = min(h, track.height)
        room = track.height - h
        y = track.top + (round(room * self.offset / self.max_offset) if self.max_offset else 0)
        return pygame.Rect(track.left, y, track.width, h)

    def _scroll_to(self, offset: int) -> None:
        offset = max(0, min(self.max_offset, round(offset)))
        if offset != self.offset:
            self.offset = offset
            if self.on_scroll is not None:
                self.on_scroll(offset)

    def _offset_for_thumb_top(self, top: int) -> int:
        thumb = self.thumb_rect()
        room = max(1, self.rect.height - thumb.height)
        return round((top - self.rect.top) / room * self.max_offset)

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.needed):
            self.dragging = False
            return False
        self._track_hover(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.rect.inflate(self.theme.px(10), 0)
            if not hit.collidepoint(event.pos):
                return False
            thumb = self.thumb_rect()
            if thumb.inflate(self.theme.px(10), 0).collidepoint(event.pos):
                self._grab = event.pos[1] - thumb.top
            else:  # click on the track: jump so the thumb centres there
                self._grab = thumb.height // 2
                self._scroll_to(self._offset_for_thumb_top(event.pos[1] - self._grab))
            self.dragging = True
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._scroll_to(self._offset_for_thumb_top(event.pos[1] - self._grab))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not (self.visible and self.needed):
            return
        th = self.theme
        draw_rounded(surface, self.rect, (0, 0, 0, 70), self.rect.width // 2)
        thumb = self.thumb_rect()
        color = th.gold_light if (self.dragging or self.hovered) else th.gold
        draw_rounded(surface, thumb, color, self.rect.width // 2)
