"""``Button``: a rounded button with hover and press states and an optional shortcut key."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from craits.ui.widgets.base import Widget, _clicked
from craits.ui.widgets.drawing import draw_rounded, draw_shadow
from craits.ui.widgets.text import draw_text_fit
from craits.ui.widgets.theme import Color


class Button(Widget):
    """A rounded button with hover and press states; ``key`` is an optional shortcut key."""

    STYLES = ("primary", "secondary", "danger")

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: str,
        on_click: Callable[[], object] | None,
        *,
        key: int | None = None,
        enabled: bool = True,
        style: str = "primary",
        text_size: int | None = None,
    ) -> None:
        if style not in self.STYLES:
            raise ValueError(f"button style must be one of {self.STYLES}, got {style!r}")
        super().__init__(rect, enabled=enabled)
        self.label = label
        self.on_click = on_click
        self.key = key
        self.style = style
        self.text_size = text_size
        self.pressed = False

    def activate(self) -> None:
        if not (self.enabled and self.visible):
            return
        _clicked()
        if self.on_click is not None:
            self.on_click()

    def handle(self, event: pygame.event.Event) -> bool:
        if not self._takes_input(event):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self.pressed = self.pressed, False
            if was_pressed and self.rect.collidepoint(event.pos):
                self.activate()
                return True
            return was_pressed
        elif event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key:
            # A shortcut must not fire together with a modifier meant for something else.
            if not (getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
                self.activate()
                return True
        return False

    def colors(self) -> tuple[Color, Color]:
        th = self.theme
        if not self.enabled:
            return th.disabled, th.disabled_text
        return {
            "primary": (th.primary, th.primary_text),
            "secondary": (th.secondary, th.secondary_text),
            "danger": (th.danger, th.danger_text),
        }[self.style]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        th = self.theme
        fill, text_color = self.colors()
        rect = self.rect.copy()
        pressed = self.pressed and self.hovered
        if self.enabled and not pressed:
            draw_shadow(surface, rect, th.radius, th.px(3))
        if pressed:
            rect.move_ip(0, th.px(2))
            fill = _shade(fill, 0.85)
        elif self.hovered and self.enabled:
            fill = _shade(fill, 1.12)
        border = _shade(fill, 0.7) if self.style != "secondary" else th.panel_border
        draw_rounded(surface, rect, fill, th.radius, border=border, border_width=max(1, th.px(2)))
        # A light top edge gives the button a little relief.
        if self.enabled:
            hi = rect.inflate(-th.radius * 2, 0)
            hi.height = max(1, th.px(2))
            hi.top = rect.top + th.px(3)
            draw_rounded(surface, hi, (255, 255, 255, 50), hi.height // 2)
        inner = rect.inflate(-th.px(20), -th.px(8))
        draw_text_fit(
            surface,
            self.label,
            inner,
            self.text_size or th.tx(24),
            color=text_color,
            bold=True,
            min_size=th.px(11),
        )
        self.draw_focus(surface)


def _shade(color: Color, factor: float) -> Color:
    r, g, b = (max(0, min(255, round(c * factor))) for c in color[:3])
    return (r, g, b) if len(color) == 3 else (r, g, b, color[3])
