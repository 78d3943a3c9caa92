"""High contrast card faces: a strong black edge and heavy indices in ink at least 7:1 over
white; the table's painter redraws its cards when contrast is turned on or off."""

from __future__ import annotations

import pygame
import pytest
from test_low_vision_contrast import ratio

from craits.ui.cards.art import CardArt
from craits.ui.cards.contrast import INK, edge_width, index_box
from craits.ui.cards.painter import CardPainter
from craits.ui.widgets.theme import set_look

SIZE = (100, 140)


@pytest.fixture(autouse=True)
def plain_look():
    pygame.font.init()
    set_look()
    yield
    set_look()


@pytest.mark.parametrize("style", sorted(INK))
def test_every_suits_ink_is_seven_to_one_on_white(style):
    for suit, ink in INK[style].items():
        assert ratio(ink, (255, 255, 255)) >= 7.0, (style, suit)


def _dark_share(surface: pygame.Surface, box: pygame.Rect) -> float:
    dark = sum(1 for x in range(box.left, box.right) for y in range(box.top, box.bottom)
               if sum(tuple(surface.get_at((x, y)))[:3]) < 300)
    return dark / (box.width * box.height)


@pytest.mark.parametrize("code", ["AS", "10D", "QH", "7C"])
def test_a_high_contrast_face_has_a_black_edge_and_heavy_indices(code):
    art = CardArt()
    plain = art.face(code, SIZE)
    set_look(high_contrast=True)
    heavy = art.face(code, SIZE)
    assert heavy is not plain
    w, h = SIZE
    edge = edge_width(SIZE)
    for x, y in ((w // 2, 0), (w // 2, h - 1), (0, h // 2), (w - 1, h // 2),
                 (w // 2, edge - 1), (edge - 1, h // 2)):
        assert tuple(heavy.get_at((x, y)))[:3] == (0, 0, 0), (x, y)
    box = index_box(SIZE)
    # Heavier than the drawn index (the two-letter "10" is squeezed to the corner's width).
    assert _dark_share(heavy, box) > _dark_share(plain, box) * (0.9 if code[:-1] == "10" else 1.0)
    corner = tuple(heavy.get_at((box.right - 2, box.top + box.height // 2)))[:3]
    assert corner == (255, 255, 255)  # the index stands on white


def test_the_painter_redraws_when_contrast_changes():
    painter = CardPainter(CardArt())
    first = painter.base(0, SIZE)
    set_look(high_contrast=True)
    second = painter.base(0, SIZE)
    assert second is not first
    assert tuple(second.get_at((SIZE[0] // 2, 0)))[:3] == (0, 0, 0)


@pytest.mark.parametrize("high_contrast", [False, True])
def test_a_focused_or_lit_card_has_a_solid_ring_round_it(high_contrast):
    from craits.ui.cards.painter import glow_ring, ring_width
    from craits.ui.tabletop.sprites import FOCUS

    set_look(high_contrast=high_contrast)
    glow = CardPainter(CardArt()).glow(SIZE, FOCUS)
    ring = glow_ring(SIZE)
    inset = ring_width(SIZE) // 2
    points = [(ring.centerx, ring.top + inset), (ring.centerx, ring.bottom - 1 - inset),
              (ring.left + inset, ring.centery), (ring.right - 1 - inset, ring.centery)]
    for point in points:
        pixel = tuple(glow.get_at(point))
        assert pixel[:3] == tuple(FOCUS[:3]) and pixel[3] == 255, point
    outside = (ring.centerx, ring.top - 1)
    assert tuple(glow.get_at(outside))[:3] == (0, 0, 0)  # its black edge
