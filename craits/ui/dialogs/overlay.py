"""What the table's overlays share: a dimmed backdrop and a centred panel that fits the window."""

from __future__ import annotations

import pygame

from craits.ui.scene import Scene, SceneContext
from craits.ui.widgets import Theme, draw_rounded, draw_shadow
from craits.ui.widgets.theme import Color

_dim_cache: dict[tuple[tuple[int, int], int], pygame.Surface] = {}


def dim_layer(size: tuple[int, int], alpha: int = 150) -> pygame.Surface:
    key = (size, alpha)
    layer = _dim_cache.get(key)
    if layer is None:
        if len(_dim_cache) > 8:
            _dim_cache.clear()
        layer = pygame.Surface(size, pygame.SRCALPHA)
        layer.fill((0, 8, 4, alpha))
        _dim_cache[key] = layer
    return layer


class OverlayScene(Scene):
    """A scene drawn over the one below, which it dims; ``panel_rect`` is its box."""

    transparent = True
    dim_alpha = 150
    panel_share = (0.56, 0.5)  # of the window's width and height
    panel_min = (620, 360)  # in 1280x800 pixels, scaled

    def __init__(self, app: SceneContext) -> None:
        super().__init__(app)
        width, height = app.size
        self.size = (width, height)
        self.theme = Theme.for_size(self.size)
        self.age = 0.0
        self._panel_key: tuple[tuple[int, int], float, Color] | None = None
        self._panel_image: pygame.Surface | None = None

    def panel_rect(self) -> pygame.Rect:
        """``panel_share`` of the window, at least ``panel_min`` (more with large print)."""
        w, h = self.size
        th = self.theme
        grow = 1 + (th.text_scale - 1) / 2
        least_w, least_h = (th.px(side * grow) for side in self.panel_min)
        pw = min(w - th.px(40), max(least_w, round(w * self.panel_share[0])))
        ph = min(h - th.px(40), max(least_h, round(h * self.panel_share[1])))
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.theme = Theme.for_size(self.size)
        self.layout()

    def layout(self) -> None:
        """Place widgets for ``self.size``."""

    def update(self, dt: float) -> None:
        self.age += dt

    def draw_backdrop(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        surface.blit(dim_layer(surface.get_size(), self.dim_alpha), (0, 0))
        th = self.theme
        margin = th.px(24)
        key = (rect.size, th.scale, th.panel)
        image = self._panel_image
        if self._panel_key != key or image is None:
            image = pygame.Surface((rect.width + 2 * margin, rect.height + 2 * margin),
                                   pygame.SRCALPHA)
            inner = pygame.Rect(margin, margin, rect.width, rect.height)
            draw_shadow(image, inner, th.radius * 2, th.px(8))
            draw_rounded(image, inner, (*th.panel[:3], 242), th.radius * 2,
                         border=(226, 184, 84, 150), border_width=max(1, th.px(2)))
            self._panel_key, self._panel_image = key, image
        surface.blit(image, (rect.left - margin, rect.top - margin))
