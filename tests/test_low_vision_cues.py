"""Nothing told by colour alone: the plate of the player whose turn it is carries an
arrowhead besides its glow; the suit in force shows its symbol, so the four badges differ in
shape even seen without colour; high contrast draws the plates black with a strong white
edge."""

from __future__ import annotations

import pygame
import pytest

from craits.ui.cards.art import CardArt
from craits.ui.cards.painter import CardPainter
from craits.ui.tabletop.model import TableModel
from craits.ui.tabletop.painter import GOLD, SeatInfo, TablePainter
from craits.ui.widgets.theme import set_look

TEXTS = {"thinking": "", "dealer": "D", "announced": "L"}


@pytest.fixture(autouse=True)
def plain_look():
    set_look()
    yield
    set_look()


def _plate(is_turn: bool, size=(1280, 800)):
    model = TableModel(3, size, bottom_seat=0, viewer=0)
    painter = TablePainter(CardPainter(CardArt()))
    rect = model.layout.seats[1].plate
    info = SeatInfo(name="Ada", detail="", score=0, cards=5, is_turn=is_turn,
                    thinking=False, dealer=False, announced=False)
    margin = model.layout.px(12)
    return painter._render_plate(rect.size, info, model.layout, 0, TEXTS, margin), margin


def _gold_left_of_plate(image: pygame.Surface, margin: int) -> int:
    h = image.get_height()
    return sum(1 for x in range(1, margin) for y in range(h)
               if tuple(image.get_at((x, y)))[:3] == GOLD and image.get_at((x, y))[3] > 200)


@pytest.mark.parametrize("size", [(960, 600), (1600, 1000)])
def test_the_turn_plate_has_a_marker_besides_its_glow(size):
    turn, margin = _plate(True, size)
    idle, _ = _plate(False, size)
    assert _gold_left_of_plate(idle, margin) == 0
    marker = _gold_left_of_plate(turn, margin)
    assert marker >= (margin - 2) ** 2 // 2  # an arrowhead, not a line


def test_high_contrast_plates_are_black_with_a_white_edge():
    set_look(high_contrast=True)
    image, margin = _plate(False)
    inside = image.get_at((margin + image.get_width() // 2 - margin, margin + 8))
    assert max(tuple(inside)[:3]) < 40
    edge = [tuple(image.get_at((image.get_width() // 2, margin + i)))[:3] for i in range(2)]
    assert (255, 255, 255) in edge


@pytest.mark.parametrize("style", ["classic", "fourcolor"])
def test_the_suit_badges_differ_by_shape_not_only_colour(style):
    from craits.ui.tabletop.painter import _suit_badge

    pygame.font.init()
    shapes = []
    for suit in range(4):
        badge = _suit_badge(suit, 30, style)
        # Dark ink on the light disc, whatever its hue.
        shapes.append({(x, y) for x in range(badge.get_width()) for y in range(badge.get_height())
                       if sum(tuple(badge.get_at((x, y)))[:3]) < 500
                       and badge.get_at((x, y))[3] > 200
                       and (x - badge.get_width() // 2) ** 2 + (y - badge.get_height() // 2) ** 2
                       < 24 ** 2})
    for a in range(4):
        for b in range(a + 1, 4):
            assert len(shapes[a] ^ shapes[b]) > 0.2 * min(len(shapes[a]), len(shapes[b]))


def test_the_direction_ring_is_white_in_high_contrast():
    from craits.ui.tabletop.painter import ring_colour

    assert ring_colour()[:3] != (255, 255, 255)
    set_look(high_contrast=True)
    assert ring_colour()[:3] == (255, 255, 255)
