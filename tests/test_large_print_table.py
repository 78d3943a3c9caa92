"""Large print at the table: the text is drawn at the chosen scale (1.5x, 1.75x, 2x normal
print) at every window size where it fits, and the hand cards, the piles, the badges and the
buttons grow with it; to make room the opponents sit as compact one-line plates in the
right-hand column and the log keeps fewer rows; the banners give up some print, then the hand
cards some of their growth (to ``card_factor``), and only last the text."""

from __future__ import annotations

import itertools

import pygame
import pytest

from craits.ui.tabletop.layout import (
    COMPACT_LOG_ROWS,
    LEAST_PILE_SHARE,
    PILE_GROWTH,
    card_factor,
    compute_layout,
    hand_slots,
    seat_fan_slots,
)

SCALES = (1.5, 1.75, 2.0)
SEATS = range(2, 6)


def normal_and_large(size, n, scale):
    return compute_layout(size, n, 0, 1.0), compute_layout(size, n, 0, scale)


def least_pile(normal, scale):
    """The least pile height at ``scale``: normal print's hand card times the least share."""
    return normal.card[1] * (LEAST_PILE_SHARE + (scale - 1) * PILE_GROWTH) - 1


@pytest.mark.parametrize("size", [(1600, 1000), (1920, 1080)])
@pytest.mark.parametrize("n", SEATS)
@pytest.mark.parametrize("scale", SCALES)
def test_text_cards_and_piles_grow_with_the_chosen_scale(size, n, scale):
    normal, large = normal_and_large(size, n, scale)
    assert large.text_scale == scale
    # The laid-out hand card against normal print's (a pixel of rounding).
    assert large.card[1] >= normal.card[1] * card_factor(scale) - 1
    assert large.card[0] >= normal.card[0] * card_factor(scale) - 1
    assert large.pile_card[1] >= least_pile(normal, scale)
    # The line above the hand, the log and the plates' names: their type sizes.
    for design in (19, 15, 22):
        assert large.tx(design) >= normal.tx(design) * scale - 1
    assert large.control_height > normal.control_height
    assert large.menu_button.width >= normal.menu_button.width * scale - 1
    assert large.menu_button.height >= normal.menu_button.height * (1 + (scale - 1) / 2) - 1
    assert large.count_chip.height >= normal.count_chip.height * scale - 1
    assert large.badge_radius >= normal.badge_radius * 0.85


@pytest.mark.parametrize("n", SEATS)
def test_at_960x600_2x_the_text_keeps_its_size_and_the_rest_makes_room(n):
    normal, large = normal_and_large((960, 600), n, 2.0)
    assert large.text_scale == 2.0
    assert large.card[1] >= normal.card[1] * card_factor(2.0) - 1
    # What gave way: the opponents as compact plates, a shorter log; the piles keep most of
    # normal print's size, so the top card stays readable.
    assert large.compact and not normal.compact
    assert large.pile_card[1] >= least_pile(normal, 2.0)
    assert large.log.height >= COMPACT_LOG_ROWS * round(large.tx(15) * 1.3)
    assert large.log.height < normal.log.height * 2  # fewer rows than normal print


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)])
def test_the_piles_grow_with_the_print_where_the_hand_leaves_room(size):
    normal, one_and_a_half = normal_and_large(size, 4, 1.5)
    assert one_and_a_half.pile_card[1] >= normal.pile_card[1]
    assert one_and_a_half.card[1] >= normal.card[1] * 1.5 - 1


def test_where_even_that_is_not_enough_the_cards_give_way_before_the_text():
    size = (600, 400)  # smaller than the game's window ever is: nothing fits at 2x
    normal, large = normal_and_large(size, 5, 2.0)
    cards = large.card[1] / normal.card[1]
    assert cards < 2.0
    assert large.text_scale == 2.0 or cards <= card_factor(large.text_scale) + 0.05


@pytest.mark.parametrize("case", list(itertools.product([(960, 600), (1600, 1000)], SEATS,
                                                        SCALES)))
def test_compact_plates_sit_down_the_right_column_in_the_order_of_play(case):
    size, n, scale = case
    lay = compute_layout(size, n, 0, scale)
    assert lay.compact
    plates = [lay.seats[(1 + i) % n].plate for i in range(n - 1)]
    assert [p.top for p in plates] == sorted(p.top for p in plates)
    for plate in plates:
        assert plate.left >= lay.hand_area.right and plate.bottom < lay.hint.top
        assert plate.height >= lay.tx(19)  # a line of the names' type
    for a, b in itertools.combinations([*plates, lay.log, lay.buttons, lay.own_plate], 2):
        assert not a.colliderect(b)
    # Their backs rest behind the plate (not drawn): no fan spreads beyond it.
    for seat in range(1, n):
        for slot in seat_fan_slots(lay, seat, 8):
            assert lay.seats[seat].plate.collidepoint(slot.x, slot.y)


@pytest.mark.parametrize("scale", SCALES)
def test_large_print_fans_the_hand_flatter(scale):
    normal, large = normal_and_large((1600, 1000), 4, scale)
    assert max(abs(s.angle) for s in hand_slots(large, 12)) < \
        max(abs(s.angle) for s in hand_slots(normal, 12))


def test_normal_print_keeps_the_designed_table():
    lay = compute_layout((1280, 800), 4, 0, 1.0)
    assert not lay.compact and lay.text_scale == 1.0
    assert all(spot.fan != spot.plate for spot in lay.seats.values())


@pytest.fixture
def display():
    pygame.init()  # left running: other tests' cached fonts stay usable
    pygame.display.set_mode((320, 200))


def test_a_compact_plate_shows_name_cards_and_score_in_one_line(display):
    from craits.ui.cards.art import CardArt
    from craits.ui.cards.painter import CardPainter
    from craits.ui.tabletop.painter import CREAM, GOLD_LIGHT, SeatInfo, TablePainter

    lay = compute_layout((1600, 1000), 5, 0, 2.0)
    painter = TablePainter(CardPainter(CardArt(max_entries=8)))
    info = SeatInfo(name="Ada", detail="Hard", score=12, cards=7, is_turn=False,
                    thinking=False, dealer=False, announced=False)
    texts = {"thinking": "Thinking", "dealer": "Dealer", "announced": "Last card"}
    plate, margin = lay.seats[1].plate, lay.px(12)
    image = painter._render_plate(plate.size, info, lay, 0, texts, margin)

    def inked(row: int, colour) -> int:
        return sum(1 for x in range(image.get_width())
                   if all(abs(a - b) < 12 for a, b in zip(image.get_at((x, row))[:3], colour,
                                                          strict=True)))

    middle = margin + plate.height // 2
    assert inked(middle, CREAM) > 0 and inked(middle, GOLD_LIGHT) > 0  # name/count, score


@pytest.mark.parametrize("size", [(960, 600), (1600, 1000)])
def test_where_every_hand_is_shown_the_seats_keep_their_fans(size):
    from craits.ui.tabletop.model import TableModel

    model = TableModel(4, size, 0, 0, large_cards=2.0, compact_seats=False)  # the review's
    lay = model.layout
    assert not lay.compact
    assert all(spot.fan != spot.plate for spot in lay.seats.values())
    model.resize(size)
    assert not model.layout.compact
    assert compute_layout(size, 4, 0, 2.0).compact  # the table's own


@pytest.mark.parametrize("size", [(960, 600), (1600, 1000), (1920, 1080)])
@pytest.mark.parametrize("scale", SCALES)
def test_a_compact_plates_chips_stay_clear_of_the_menu_button(size, scale):
    lay = compute_layout(size, 5, 0, scale)
    assert lay.compact
    top = min(spot.plate.top for spot in lay.seats.values())
    chip_half = round(lay.tx(13) * 1.6) // 2  # a chip is centred on the plate's top edge
    assert top - chip_half > lay.menu_button.bottom
