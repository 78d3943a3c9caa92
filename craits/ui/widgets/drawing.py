"""Drawing helpers under the widgets: rounded boxes, soft shadows, the focus ring, the felt."""

from __future__ import annotations

import pygame

from craits.ui.widgets.textcache import LRU
from craits.ui.widgets.theme import Color, Theme, current_look

CONTRAST_OUTLINE: Color = (255, 255, 255)
CONTRAST_OUTLINE_WIDTH = 3


def draw_rounded(
    surface: pygame.Surface,
    rect: pygame.Rect,
    color: Color,
    radius: int,
    *,
    border: Color | None = None,
    border_width: int = 0,
) -> None:
    """A filled rounded rectangle, translucent when ``color`` has alpha. In high contrast
    every outline (buttons, panels, plates, fields) is drawn white and strong."""
    rect = pygame.Rect(rect)
    if rect.width <= 0 or rect.height <= 0:
        return
    if border is not None and border_width and current_look().high_contrast:
        border, border_width = CONTRAST_OUTLINE, max(border_width, CONTRAST_OUTLINE_WIDTH)
    if len(color) == 4 or (border is not None and len(border) == 4):
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        local = layer.get_rect()
        pygame.draw.rect(layer, color, local, border_radius=radius)
        if border is not None and border_width:
            pygame.draw.rect(layer, border, local, border_width, border_radius=radius)
        surface.blit(layer, rect.topleft)
        return
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    if border is not None and border_width:
        pygame.draw.rect(surface, border, rect, border_width, border_radius=radius)


# By size: a panel's shadow is as big as the panel, so the cache is bounded in bytes too.
_shadow_cache: LRU[pygame.Surface] = LRU(64, max_bytes=12_000_000)


def _shadow(width: int, height: int, radius: int, blur: int) -> pygame.Surface:
    shade = pygame.Surface((width + 2 * blur, height + 2 * blur), pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 110), (blur, blur, width, height), border_radius=radius)
    return pygame.transform.box_blur(shade, blur // 2 + 1)


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, offset: int = 3) -> None:
    """A soft drop shadow under ``rect`` (a blurred rounded rectangle, cached by size)."""
    rect = pygame.Rect(rect)
    blur = max(2, offset * 2)
    key = (rect.width, rect.height, radius, blur)
    shade = _shadow_cache.get(key, lambda: _shadow(rect.width, rect.height, radius, blur))
    surface.blit(shade, (rect.left - blur, rect.top - blur + offset))


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    """The keyboard focus ring: a bright outline a few pixels outside ``rect``, edged in
    black on both sides so it shows over light cards and dark felt alike."""
    gap = theme.px(4)
    width = theme.focus_width
    ring = pygame.Rect(rect).inflate(gap * 2, gap * 2)
    edge = pygame.Rect(ring).inflate(4, 4)
    radius = theme.radius + gap
    pygame.draw.rect(surface, (0, 0, 0), edge, width + 4, border_radius=radius + 2)
    pygame.draw.rect(surface, theme.focus, ring, width, border_radius=radius)


_felt_cache: dict[tuple[tuple[int, int], Color, Color], pygame.Surface] = {}


def felt_background(size: tuple[int, int], theme: Theme | None = None) -> pygame.Surface:
    """The felt table in the theme's felt colour (by default the current look's): a light
    centre and a soft dark vignette (cached by size and colour)."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    theme = theme or Theme.for_size(size)
    key = (size, theme.felt_light, theme.felt_dark)
    cached = _felt_cache.get(key)
    if cached is not None:
        return cached
    # Radial gradient drawn small and smoothly scaled up: cheap and free of banding steps.
    small_w, small_h = 64, 40
    small = pygame.Surface((small_w, small_h))
    light, dark = theme.felt_light, theme.felt_dark
    cx, cy = (small_w - 1) / 2, (small_h - 1) / 2
    for y in range(small_h):
        for x in range(small_w):
            d = min(1.0, (((x - cx) / cx) ** 2 + ((y - cy) / cy) ** 2) ** 0.5 / 1.15)
            t = d**1.8
            small.set_at(
                (x, y), tuple(round(light[i] + (dark[i] - light[i]) * t) for i in range(3))
            )
    surface = pygame.transform.smoothscale(small, size)
    # Fine noise-free weave: faint diagonal lines give the felt some texture.
    weave = pygame.Surface(size, pygame.SRCALPHA)
    step = 4
    for i in range(-size[1], size[0], step):
        pygame.draw.line(weave, (0, 0, 0, 10), (i, 0), (i + size[1], size[1]))
    surface.blit(weave, (0, 0))
    surface = surface.convert() if pygame.display.get_surface() is not None else surface
    if len(_felt_cache) > 8:
        _felt_cache.clear()
    _felt_cache[key] = surface
    return surface


BAR: Color = (8, 30, 20, 190)  # a progress bar's ground, and what is done
BAR_DONE: Color = (64, 146, 98, 200)


def draw_share_bar(surface: pygame.Surface, bar: pygame.Rect, share: float,
                   theme: Theme) -> None:
    """A progress bar in ``bar`` filled to ``share`` (0 to 1); its words are drawn over it."""
    draw_rounded(surface, bar, BAR, theme.radius)
    filled = bar.inflate(-theme.px(6), -theme.px(6))
    filled.width = round(filled.width * max(0.0, min(1.0, share)))
    if filled.width > 0:
        draw_rounded(surface, filled, BAR_DONE, theme.radius // 2)
