"""The high-contrast card face: the bundled face with a strong black edge and heavier
indices (a bold rank and suit on white in each corner, in ink at least 7:1 over white)."""

from __future__ import annotations

import pygame

from craits.ui.fonts import get_font

SUIT_OF = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# Ink by suit and face style: dark enough on white for 7:1 (tests/test_low_vision_cards.py).
INK = {
    "classic": {"S": (0, 0, 0), "H": (170, 0, 0), "D": (170, 0, 0), "C": (0, 0, 0)},
    "fourcolor": {"S": (0, 0, 0), "H": (170, 0, 0), "D": (0, 0, 190), "C": (0, 100, 0)},
}


def index_box(size: tuple[int, int]) -> pygame.Rect:
    """The top-left corner's index (the bottom-right one is the same turned round)."""
    w, h = size
    edge = edge_width(size)
    return pygame.Rect(edge + 1, edge + 1, round(w * 0.26), round(h * 0.34))


def edge_width(size: tuple[int, int]) -> int:
    return max(2, round(size[0] / 30))


def high_contrast_face(face: pygame.Surface, code: str, style: str) -> pygame.Surface:
    """A copy of ``face`` (card ``code`` such as "10D") with a black edge and heavy corner
    indices."""
    image = face.copy()
    w, h = image.get_size()
    rank, suit = code[:-1], code[-1]
    ink = INK.get(style, INK["classic"]).get(suit, (0, 0, 0))
    box = index_box((w, h))
    corner = pygame.Surface(box.size, pygame.SRCALPHA)
    corner.fill((255, 255, 255))
    size = max(6, round(box.height * 0.5))
    number = get_font(size, bold=True).render(rank, True, ink)
    if number.get_width() > box.width:  # "10" on a narrow card
        number = pygame.transform.smoothscale(
            number, (box.width, max(1, round(number.get_height() * box.width / number.get_width()))))
    symbol = get_font(max(6, round(box.height * 0.42)), bold=True).render(SUIT_OF[suit], True, ink)
    corner.blit(number, number.get_rect(midtop=(box.width // 2, 0)))
    corner.blit(symbol, symbol.get_rect(midbottom=(box.width // 2, box.height)))
    image.blit(corner, box.topleft)
    image.blit(pygame.transform.rotate(corner, 180),
               (w - box.right, h - box.bottom))
    radius = max(1, round(w * 14 / 250))
    pygame.draw.rect(image, (0, 0, 0), image.get_rect(), edge_width((w, h)), border_radius=radius)
    return image
