"""Buttons drawn from cached images: a screen full of buttons costs a few blits a frame."""

from __future__ import annotations

import pygame

from craits.ui.widgets.buttons import Button
from craits.ui.widgets.textcache import LRU, to_display
from craits.ui.widgets.theme import FELTS, Theme, current_look

_button_cache: LRU[pygame.Surface] = LRU(120, max_bytes=6_000_000)  # wide buttons are big


def draw_button(button: Button, surface: pygame.Surface) -> None:
    """Draw a widgets.Button from a cached image of its current look (label, size, state),
    so a screen full of buttons costs a few blits a frame instead of text rendering."""
    if not button.visible:
        return
    felt = FELTS.get(current_look().felt, FELTS["green"])
    if button.theme.secondary != felt.secondary:  # the felt changed in the settings
        button.set_theme(Theme.for_size(button.theme.size))
    margin = button.theme.px(14)
    rect = button.rect
    key = (button.label, rect.size, button.style, button.enabled, button.hovered,
           button.pressed, button.focused and button.focus_visible, button.text_size,
           button.theme.scale, button.theme.secondary, button.theme.text_scale)

    def render() -> pygame.Surface:
        image = pygame.Surface((rect.width + 2 * margin, rect.height + 2 * margin),
                               pygame.SRCALPHA)
        saved = button.rect
        button.rect = pygame.Rect(margin, margin, rect.width, rect.height)
        try:
            button.draw(image)
        finally:
            button.rect = saved
        return to_display(image)

    surface.blit(_button_cache.get(key, render), (rect.left - margin, rect.top - margin))
