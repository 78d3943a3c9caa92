"""The celebration of a won game, as solitaire games end: the heading falls onto the felt and
lands with a thump (the chord of the ``game_won`` sound), gold rays turn behind it while suit
signs burst out of it, then the deck cascades (``CardCascade``).

It ends by itself (about 25 s) or at once at ``skip``; after that nothing it draws changes, so
the app's loop may rest. Nothing is ever drawn inside ``keep_clear`` (the score table, the
lines under it) but the heading itself. Driven by ``update(dt)`` alone and seeded: the same
game shows the same celebration.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from craits.engine.cards import SUIT_SYMBOLS
from craits.ui.cards.cascade import CardCascade, blit_outside
from craits.ui.cards.painter import CardPainter
from craits.ui.widgets.textcache import text_surface

FALL = 0.45  # seconds the heading falls (the sound's chord is timed to its landing)
THUMP = 0.3  # then it squashes and settles
CASCADE_FROM = 0.7  # the deck starts to leave its foundations
BURST = 2.8  # seconds the burst and the rays last after the landing
SPARKS = 56
RAYS = 16
GRAVITY = 1.5  # window heights per second squared
GOLD = (250, 218, 130)
RED = (222, 84, 76)


@dataclass(slots=True)
class Spark:
    x: float
    y: float
    vx: float
    vy: float
    suit: int  # 0-3: a suit sign; -1: a gold spark
    size: int


class Celebration:
    """``heading``: the heading's panel; ``px`` scales a length from 1280x800 to the window."""

    def __init__(self, size: tuple[int, int], card: tuple[int, int], seed: int,
                 heading: pygame.Rect, px: Callable[[float], int]) -> None:
        self.size, self.heading, self.px = size, heading, px
        self.age = 0.0
        self.cascade = CardCascade(size, card, seed)
        self._rng = random.Random(f"{seed}:celebration")
        self.sparks: list[Spark] = []
        self._falloff: pygame.Surface | None = None

    # ------------------------------------------------------------ time

    @property
    def landed(self) -> bool:
        """The heading rests in its place (drawn as on a still screen)."""
        return self.age >= FALL + THUMP

    @property
    def finished(self) -> bool:
        """Nothing more to draw: the screen may rest."""
        return self.landed and self.age >= FALL + BURST and self.cascade.finished

    def update(self, dt: float) -> None:
        dt = max(0.0, min(dt, 0.25))  # a stalled frame does not fling everything off at once
        before, self.age = self.age, self.age + dt
        if before < FALL <= self.age:
            self._burst()
        if self.age >= CASCADE_FROM:
            self.cascade.update(min(dt, self.age - CASCADE_FROM))
        for s in self.sparks:
            s.vy += GRAVITY * self.size[1] * dt
            s.x += s.vx * dt
            s.y += s.vy * dt
        if self.age >= FALL + BURST:
            self.sparks.clear()

    def skip(self) -> None:
        """End it now (a key or a click): the heading in place, nothing left moving."""
        self.age = max(self.age, FALL + BURST)
        self.sparks.clear()
        self.cascade.stop()

    def _burst(self) -> None:
        """Suit signs and sparks thrown up and out from the heading's edges as it lands."""
        w, h = self.size
        box, rng = self.heading, self._rng
        for i in range(SPARKS):
            side = rng.random()
            x = box.left + side * box.width
            direction = -1 if side < 0.5 else 1
            self.sparks.append(Spark(
                x, box.bottom - rng.uniform(0, box.height * 0.6),
                direction * rng.uniform(0.05, 0.42) * w, -rng.uniform(0.25, 0.85) * h,
                i % 4 if i % 3 else -1, self.px(rng.choice((18, 24, 30)))))  # few fonts

    # ------------------------------------------------------------ drawing

    def heading_motion(self) -> tuple[int, float] | None:
        """While the heading lands: how far above its place it is (pixels) and its scale
        (a squash after the landing); None once it rests."""
        if self.landed:
            return None
        if self.age < FALL:
            t = self.age / FALL
            return round(-(self.heading.bottom + self.px(20)) * (1 - t * t)), 1.0
        t = (self.age - FALL) / THUMP
        return 0, 1 + 0.07 * math.sin(math.pi * t) * (1 - t)

    def draw_behind(self, surface: pygame.Surface, cards: CardPainter,
                    keep_clear: Sequence[pygame.Rect]) -> None:
        """Everything but the heading, outside ``keep_clear``."""
        if self.age >= CASCADE_FROM and not self.cascade.finished:
            self.cascade.draw(surface, cards, keep_clear)
        since = self.age - FALL
        if 0 <= since < BURST:
            self._draw_rays(surface, since, keep_clear)
            fade = min(1.0, (BURST - since) / (0.4 * BURST))
            for s in self.sparks:
                self._draw_spark(surface, s, fade, keep_clear)

    def _draw_rays(self, surface: pygame.Surface, since: float,
                   keep_clear: Sequence[pygame.Rect]) -> None:
        """A slowly turning sunburst behind the heading, bright at the landing, then gone."""
        strength = min(1.0, since / 0.15) * (1 - since / BURST) ** 2
        if strength <= 0.01:
            return
        layer = self._ray_layer(since * 0.35, round(110 * strength))
        for rect in keep_clear:
            layer.fill((0, 0, 0, 0), rect)
        surface.blit(layer, (0, 0))

    def _ray_layer(self, turn: float, alpha: int) -> pygame.Surface:
        """The rays turned by ``turn`` radians, fading out with the distance from the heading."""
        w, h = self.size
        cx, cy = self.heading.center
        reach = 0.42 * math.hypot(w, h)  # gone before the lines under the table
        if self._falloff is None:  # one soft disc, the rays' opacity by distance
            q = 4  # drawn at a quarter of the size, then smoothed up: quick, and softer
            disc = pygame.Surface((max(1, w // q), max(1, h // q)), pygame.SRCALPHA)
            for k in range(24, 0, -1):
                pygame.draw.circle(disc, (255, 255, 255, round(255 * (1 - k / 24) ** 1.5)),
                                   (cx // q, cy // q), max(1, round(reach * k / 24 / q)))
            self._falloff = pygame.transform.smoothscale(disc, (w, h))
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        half = math.pi / RAYS / 2.8
        for k in range(RAYS):
            a = turn + 2 * math.pi * k / RAYS
            points = [(cx, cy), (cx + reach * math.cos(a - half), cy + reach * math.sin(a - half)),
                      (cx + reach * math.cos(a + half), cy + reach * math.sin(a + half))]
            pygame.draw.polygon(layer, (*GOLD, alpha), points)
        layer.blit(self._falloff, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return layer

    def _draw_spark(self, surface: pygame.Surface, s: Spark, fade: float,
                    keep_clear: Sequence[pygame.Rect]) -> None:
        if s.suit < 0:
            image = pygame.Surface((s.size // 2, s.size // 2), pygame.SRCALPHA)
            r = max(1, s.size // 4)
            pygame.draw.circle(image, (*GOLD, 255), (r, r), r)
        else:
            colour = RED if s.suit in (1, 2) else GOLD
            image = text_surface(SUIT_SYMBOLS[s.suit], s.size, colour).copy()
        image.set_alpha(round(255 * fade))
        rect = image.get_rect(center=(round(s.x), round(s.y)))
        if rect.colliderect(surface.get_rect()):
            blit_outside(surface, image, rect, keep_clear)
