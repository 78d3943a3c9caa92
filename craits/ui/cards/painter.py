"""Card images for the table from the app's CardArt: faces and backs at exact sizes, with their
shadows, turned by whole degrees, dimmed, glowing, or scaled in flight, all cached.

If a card image cannot be rendered (a missing asset), a plain drawn card stands in, so a damaged
install still plays; the problem is logged once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Protocol

import pygame

from craits.engine.cards import SUIT_OF, SUIT_SYMBOLS, card_str, rank_str
from craits.ui.cards.art import DEFAULT_BACK
from craits.ui.fonts import get_font
from craits.ui.widgets.textcache import LRU, Color, to_display
from craits.ui.widgets.theme import current_look

log = logging.getLogger(__name__)

GOLD = (236, 196, 92)
FOCUS = (120, 210, 255)


class CardImages(Protocol):
    """What a painter draws from: ``craits.ui.cards.art.CardArt`` (a test may give another)."""

    chosen_back: str  # the back the player chose

    def face(self, code: str, size: tuple[int, int], style: str = ...) -> pygame.Surface: ...

    def back(self, size: tuple[int, int], name: str = ...) -> pygame.Surface: ...

    def shadow(self, size: tuple[int, int], blur: int | None = ...) -> pygame.Surface: ...


class CardPainter:
    """Card surfaces for the table from the app's CardArt, with rotation and dimming cached."""

    def __init__(self, card_art: CardImages, style: str = "classic",
                 back: str | None = None) -> None:
        """``back`` None: the back the player chose (``card_art.chosen_back``), followed when
        it changes."""
        self.card_art = card_art
        self.style = style
        self._back = back
        self._drawn_back = self.back_name, current_look().high_contrast
        # Bounded in bytes too: a long session's memory stays flat once they are full.
        self._turned: LRU[pygame.Surface] = LRU(700, max_bytes=12_000_000)
        self._bases: LRU[pygame.Surface] = LRU(300, max_bytes=8_000_000)
        self._flying: LRU[pygame.Surface] = LRU(260, max_bytes=8_000_000)
        self._warned = False

    @property
    def back_name(self) -> str:
        """The back this painter draws: its own, or else the chosen one."""
        if self._back is not None:
            return self._back
        return self.card_art.chosen_back or DEFAULT_BACK

    def configure(self, style: str, back: str | None = None) -> None:
        """A new face style; ``back`` pins a back (None, or the one drawn now, keeps
        following the chosen one)."""
        if back is not None and back != self.back_name:
            self._back = back
        if style != self.style:
            self.style = style
            self.clear()
        self._follow()

    def _follow(self) -> None:
        # Images of backs drawn before the chosen back changed are dropped.
        back = self.back_name, current_look().high_contrast  # the faces change with contrast
        if back != self._drawn_back:
            self._drawn_back = back
            self.clear()

    def clear(self) -> None:
        self._turned.clear()
        self._bases.clear()
        self._flying.clear()

    def flying(self, code: int | None, size: tuple[int, int], angle: float, scale: float,
               dim: bool = False) -> pygame.Surface:
        """A card in flight with its shadow, turned and scaled; steps of 1 degree and 4 %
        are cached, so the many cards of a deal share images."""
        self._follow()
        a = round(angle) % 360
        q = round(scale * 25) / 25
        if a == 0 and q == 1.0:
            return self.with_shadow(code, size, 0, dim)
        return self._flying.get(
            (code, size, a, q, dim),
            lambda: to_display(pygame.transform.rotozoom(self.with_shadow(code, size, 0, dim), a,
                                                       q)),
        )

    # Base images at exact sizes.
    def base(self, code: int | None, size: tuple[int, int], dim: bool = False) -> pygame.Surface:
        self._follow()
        key = (code, size, dim)
        return self._bases.get(key, lambda: self._make_base(code, size, dim))

    def _make_base(self, code: int | None, size: tuple[int, int], dim: bool) -> pygame.Surface:
        if dim:
            image = self.base(code, size).copy()
            image.fill((168, 168, 160), special_flags=pygame.BLEND_RGB_MULT)
            return image
        try:
            if code is None:
                return self.card_art.back(size, self.back_name)
            return self.card_art.face(card_str(code), size, self.style)
        except (ValueError, OSError, pygame.error, FileNotFoundError) as exc:
            if not self._warned:
                log.warning("card art unavailable, drawing plain cards: %s", exc)
                self._warned = True
            return plain_card(code, size)

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        try:
            return self.card_art.shadow(size)
        except (AttributeError, ValueError, pygame.error):
            return self._bases.get(("shadow", size), lambda: _plain_shadow(size))

    def turned(
        self, code: int | None, size: tuple[int, int], angle: float, dim: bool = False
    ) -> pygame.Surface:
        """The card rotated by ``angle`` degrees, rounded to whole degrees and cached."""
        self._follow()
        return self._turn((code, size, dim), angle, lambda: self.base(code, size, dim))

    def _turn(self, key: tuple[object, ...], angle: float,
              image: Callable[[], pygame.Surface]) -> pygame.Surface:
        """``image()`` turned by ``angle`` rounded to whole degrees, cached by ``key``."""
        a = round(angle) % 360
        if a == 0:
            return image()
        return self._turned.get(
            (*key, a), lambda: to_display(pygame.transform.rotozoom(image(), a, 1.0)))

    def with_shadow(
        self, code: int | None, size: tuple[int, int], angle: float, dim: bool = False
    ) -> pygame.Surface:
        """Card and soft shadow in one image centred on the card (one blit per card)."""
        self._follow()
        a = round(angle) % 360
        key = ("shadowed", code, size, a, dim)
        return self._turned.get(key, lambda: self._compose(code, size, a, dim))

    def _compose(self, code: int | None, size: tuple[int, int], a: int,
                 dim: bool) -> pygame.Surface:
        card = self.base(code, size, dim)
        shadow = self.shadow(size)
        if a:
            card = pygame.transform.rotozoom(card, a, 1.0)
            shadow = pygame.transform.rotozoom(shadow, a, 1.0)
        drop = shadow_drop(size)
        w = max(card.get_width(), shadow.get_width() + 2 * drop)
        h = max(card.get_height(), shadow.get_height() + 4 * drop)
        image = pygame.Surface((w, h), pygame.SRCALPHA)
        centre = (w // 2, h // 2)
        image.blit(shadow, shadow.get_rect(center=(centre[0] + drop, centre[1] + 2 * drop)))
        image.blit(card, card.get_rect(center=centre))
        return to_display(image)

    def glow(self, size: tuple[int, int], color: Color) -> pygame.Surface:
        return self._bases.get(("glow", size, color), lambda: to_display(_glow(size, color)))

    def turned_glow(self, size: tuple[int, int], angle: float, color: Color = GOLD
                    ) -> pygame.Surface:
        return self._turn(("glow", size, color), angle, lambda: self.glow(size, color))


def shadow_drop(size: tuple[int, int]) -> int:
    return max(1, size[0] // 24)


def plain_card(code: int | None, size: tuple[int, int]) -> pygame.Surface:
    """A card drawn without the art files: white face with its index, or a blue back."""
    w, h = size
    image = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(2, w // 12)
    if code is None:
        pygame.draw.rect(image, (36, 82, 150), image.get_rect(), border_radius=radius)
        pygame.draw.rect(
            image,
            (230, 200, 110),
            image.get_rect().inflate(-w // 8, -w // 8),
            max(1, w // 30),
            border_radius=radius,
        )
        return image
    pygame.draw.rect(image, (250, 248, 240), image.get_rect(), border_radius=radius)
    pygame.draw.rect(image, (120, 120, 120), image.get_rect(), 1, border_radius=radius)
    red = SUIT_OF[code] in (1, 2)
    color = (200, 40, 50) if red else (25, 25, 35)
    label = rank_str(code) + SUIT_SYMBOLS[SUIT_OF[code]]
    font = get_font(max(6, h // 6), True)
    image.blit(font.render(label, True, color), (w // 14, h // 20))
    big = get_font(max(8, h // 3), True).render(SUIT_SYMBOLS[SUIT_OF[code]], True, color)
    image.blit(big, big.get_rect(center=(w // 2, h // 2)))
    return image


def _plain_shadow(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    blur = max(2, w // 14)
    image = pygame.Surface((w + 2 * blur, h + 2 * blur), pygame.SRCALPHA)
    pygame.draw.rect(image, (0, 0, 0, 110), (blur, blur, w, h), border_radius=max(2, w // 12))
    return pygame.transform.gaussian_blur(image, blur)


def _glow(size: tuple[int, int], color: Color) -> pygame.Surface:
    w, h = size
    pad = max(4, w // 9)
    image = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    rgb = color[:3]
    pygame.draw.rect(
        image, (*rgb, 230), (pad // 2, pad // 2, w + pad, h + pad), border_radius=max(3, w // 8)
    )
    image = pygame.transform.gaussian_blur(image, max(2, pad // 2))
    # A solid ring round the card, edged in black, so focus and highlight read as a clear
    # outline over light cards and dark felt alike, not only as a soft haze of colour.
    ring = glow_ring(size)
    radius = max(3, w // 10)
    pygame.draw.rect(image, (0, 0, 0, 255), ring.inflate(4, 4), ring_width(size) + 4,
                     border_radius=radius + 2)
    pygame.draw.rect(image, (*rgb, 255), ring, ring_width(size), border_radius=radius)
    return image


def glow_ring(size: tuple[int, int]) -> pygame.Rect:
    """Where a glow's solid ring runs, in the glow image (just outside the card)."""
    w, h = size
    pad = max(4, w // 9)
    gap = max(1, pad // 4)
    return pygame.Rect(pad - gap - ring_width(size), pad - gap - ring_width(size),
                       w + 2 * (gap + ring_width(size)), h + 2 * (gap + ring_width(size)))


def ring_width(size: tuple[int, int]) -> int:
    return max(3, size[0] // 30)
