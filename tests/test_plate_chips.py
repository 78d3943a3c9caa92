"""A plate's chips ("Dealer", "Last card") are never under cards: an opponent's fanned backs
sit on their plate's top edge, so their chips hang from its bottom edge; the viewer's plate
has no fan above it and keeps them on top."""

from __future__ import annotations

import pygame
import pytest

from craits.ui.cards.art import CardArt
from craits.ui.cards.painter import CardPainter
from craits.ui.tabletop.model import TableModel
from craits.ui.tabletop.painter import SeatInfo, TablePainter

TEXTS = {"thinking": "Thinking", "dealer": "Dealer", "announced": "Last card"}


def _chip_pixels(painter: TablePainter, model: TableModel, rect: pygame.Rect,
                 size: tuple[int, int]) -> list[tuple[int, int]]:
    """The screen pixels the Dealer chip changes on ``rect``'s plate."""
    shots = []
    for dealer in (False, True):
        surface = pygame.Surface(size)
        surface.fill((0, 0, 0))
        info = SeatInfo(name="Ada", detail="Hard", score=0, cards=7, is_turn=False,
                        thinking=False, dealer=dealer, announced=False)
        painter.draw_plate(surface, rect, info, model, 0.0, TEXTS)
        shots.append(surface)
    plain, marked = shots
    return [(x, y) for x in range(rect.left - 20, rect.right + 20)
            for y in range(rect.top - 30, rect.bottom + 30)
            if 0 <= x < size[0] and 0 <= y < size[1]
            and plain.get_at((x, y)) != marked.get_at((x, y))]


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_an_opponent_s_dealer_chip_stays_clear_of_their_fanned_cards(players, size):
    model = TableModel(players, size, bottom_seat=0, viewer=0)
    lay = model.layout
    assert not lay.compact
    painter = TablePainter(CardPainter(CardArt(max_entries=8)))
    for spot in lay.seats.values():
        chip = _chip_pixels(painter, model, spot.plate, size)
        assert chip, "the chip is drawn"
        assert not any(spot.fan.collidepoint(p) for p in chip)
        assert max(y for _, y in chip) > spot.plate.bottom  # it hangs from the bottom edge
        assert not any(lay.hand_area.collidepoint(p) for p in chip)
    own = _chip_pixels(painter, model, lay.own_plate, size)
    assert own and min(y for _, y in own) < lay.own_plate.top  # the viewer's: on top
