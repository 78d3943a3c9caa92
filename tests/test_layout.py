"""The table's geometry: everything inside the window, nothing overlapping, at every size."""

import itertools

import pygame
import pytest

from craits.ui.tabletop.layout import (
    Slot,
    card_hit,
    compute_layout,
    hand_slots,
    opponent_angles,
    seat_fan_slots,
)

SIZES = [(960, 600), (1024, 640), (1280, 800), (1366, 768), (1920, 1080), (2560, 1440)]
PRINT_SCALES = (1.0, 1.5, 1.75, 2.0)  # large print off and its three steps


def regions(layout):
    out = {"hand": layout.hand_area, "buttons": layout.buttons, "log": layout.log,
           "own": layout.own_plate, "piles": layout.draw_pile.union(layout.discard),
           "menu": layout.menu_button}
    for seat, spot in layout.seats.items():
        out[f"seat{seat}"] = spot.block
    return out


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("print_scale", PRINT_SCALES)
def test_everything_is_inside_the_window(size, players, print_scale):
    layout = compute_layout(size, players, 0, print_scale)
    window = pygame.Rect(0, 0, *size)
    for name, rect in regions(layout).items():
        assert window.contains(rect), f"{name} {rect} leaves the window {size}"
    badge = pygame.Rect(0, 0, 2 * layout.badge_radius, 2 * layout.badge_radius)
    badge.center = layout.badge_centre
    assert window.contains(badge)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("print_scale", PRINT_SCALES)
def test_nothing_overlaps(size, players, print_scale):
    layout = compute_layout(size, players, 0, print_scale)
    named = regions(layout)
    for (a, ra), (b, rb) in itertools.combinations(named.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} at {size}, {players}p"


@pytest.mark.parametrize("size", SIZES)
def test_cards_scale_with_the_window_and_keep_their_shape(size):
    layout = compute_layout(size, 4)
    w, h = layout.card
    assert w / h == pytest.approx(5 / 7, abs=0.02)
    assert h >= 100  # readable at the minimum window
    assert layout.small_card[1] < h


def test_bigger_window_bigger_cards_and_large_card_option():
    small = compute_layout((960, 600), 3)
    big = compute_layout((1920, 1080), 3)
    assert big.card[1] > small.card[1]
    assert compute_layout((1280, 800), 3, large_cards=True).card[1] > \
        compute_layout((1280, 800), 3).card[1]


def test_two_players_sit_across_and_more_spread_over_the_top_arc():
    two = compute_layout((1280, 800), 2, bottom_seat=0)
    (spot,) = two.seats.values()
    assert spot.side == "top" and abs(spot.fan_centre[0] - 640) <= 1
    five = compute_layout((1280, 800), 5, bottom_seat=2)
    order = [(2 + i) % 5 for i in range(1, 5)]  # clockwise after the viewer
    xs = [five.seats[s].fan_centre[0] for s in order]
    assert xs == sorted(xs), "clockwise from the viewer runs left, over the top, to the right"
    assert 2 not in five.seats
    assert five.seats[order[0]].side == "left" and five.seats[order[-1]].side == "right"


def test_opponent_angles_are_symmetric():
    for count in range(1, 5):
        angles = opponent_angles(count)
        assert len(angles) == count
        for a, b in zip(angles, reversed(angles), strict=True):
            assert a + b == pytest.approx(180.0)


@pytest.mark.parametrize("count", [1, 8, 16, 30])
@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_hand_fans_inside_its_area(count, size):
    layout = compute_layout(size, 4)
    slots = hand_slots(layout, count)
    assert len(slots) == count
    xs = [s.x for s in slots]
    assert xs == sorted(xs)
    half = layout.card[0] / 2
    assert min(xs) - half >= layout.hand_area.left - 1
    assert max(xs) + half <= layout.hand_area.right + 1
    for s in slots:
        assert s.y + layout.card[1] / 2 <= size[1] + layout.card[1] * 0.1  # at most a sliver off


def test_opponent_fans_stay_above_their_plates():
    layout = compute_layout((1280, 800), 5)
    for seat, spot in layout.seats.items():
        for slot in seat_fan_slots(layout, seat, 12):
            assert spot.fan.left - 1 <= slot.x - layout.small_card[0] / 2
            assert slot.x + layout.small_card[0] / 2 <= spot.fan.right + 1
            assert slot.y < spot.plate.top


def test_card_hit_follows_rotation_and_lift():
    slot = Slot(100.0, 100.0, 90.0)  # lying on its side: wide, not tall
    card = (50, 70)
    assert card_hit(slot, card, (130, 100))  # 30 px right: inside the long side
    assert not card_hit(slot, card, (100, 130))  # 30 px down: outside the short side
    upright = Slot(100.0, 100.0, 0.0)
    assert not card_hit(upright, card, (100, 60))
    assert card_hit(upright, card, (100, 60), lift=20)


def test_bad_player_counts_are_refused():
    with pytest.raises(ValueError):
        compute_layout((1280, 800), 6)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("print_scale", PRINT_SCALES)
def test_the_direction_ring_keeps_clear_of_the_seats_and_the_hint(size, players, print_scale):
    layout = compute_layout(size, players, 0, print_scale)
    rx, ry = layout.ring
    ring = pygame.Rect(0, 0, 2 * rx, 2 * ry)
    ring.center = layout.centre
    for seat, spot in layout.seats.items():
        assert not ring.colliderect(spot.block), f"ring {ring} hits seat {seat} {spot.block}"
    assert ring.bottom < layout.hint.top


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1600, 1000)])
def test_with_three_players_the_opponents_sit_on_the_top_arc(size) -> None:
    from craits.ui.tabletop.layout import compute_layout

    lay = compute_layout(size, 3, bottom_seat=0)
    for spot in lay.seats.values():
        # Above the piles, in the upper part of the table, not level with the centre.
        assert spot.plate.bottom < lay.draw_pile.top + lay.pile_card[1] // 3, (size, spot)


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_two_cards_in_hand_lie_side_by_side(size) -> None:
    from craits.ui.tabletop.layout import compute_layout, hand_slots

    lay = compute_layout(size, 4, bottom_seat=0)
    a, b = hand_slots(lay, 2)
    assert b.x - a.x >= lay.card[0]  # no overlap
    many = hand_slots(lay, 12)
    assert all(later.x > earlier.x for earlier, later in zip(many, many[1:], strict=False))


LOOKED_AT = [(960, 600), (1280, 800), (1600, 1000)]  # the sizes large print is looked at in


def table_parts(lay):
    """Every part of the table with a place of its own, by name."""
    r = lay.badge_radius
    badge = pygame.Rect(0, 0, 2 * r, 2 * r)
    badge.center = lay.badge_centre
    parts = {"hand": lay.hand_area, "hint line": lay.hint, "buttons": lay.buttons,
             "log": lay.log, "own plate": lay.own_plate, "draw pile": lay.draw_pile,
             "discard": lay.discard, "count": lay.count_chip, "badge": badge,
             "menu": lay.menu_button, "hint": lay.hint_button}
    for seat, spot in lay.seats.items():
        parts[f"seat {seat}"] = spot.block
    return parts


@pytest.mark.parametrize("size", LOOKED_AT)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("print_scale", (1.0, 1.5, 2.0))
def test_piles_counts_badges_and_buttons_keep_apart_and_inside_at_every_print(
        size, players, print_scale):
    lay = compute_layout(size, players, 0, print_scale)
    window = pygame.Rect(0, 0, *size)
    parts = table_parts(lay)
    for name, rect in parts.items():
        assert window.contains(rect), f"{name} {rect} leaves the window {size}"
    # The draw pile's count sits on its outer edge, hiding little of it; nothing else touches.
    chip, pile = lay.count_chip, lay.draw_pile
    covered = chip.clip(pile)
    assert covered.width * covered.height <= pile.width * pile.height / 6
    assert chip.centerx == pile.left and pile.top < chip.top and chip.bottom < pile.bottom
    for (a, ra), (b, rb) in itertools.combinations(parts.items(), 2):
        if {a, b} != {"count", "draw pile"}:
            assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} at {size} {print_scale}x"
    for i in range(3):  # the action buttons stacked in their column
        assert lay.buttons.contains(lay.button_rect(i, 3))
    # The direction ring passes outside the piles and the draw pile's count.
    rx, ry = lay.ring
    cx, cy = lay.centre
    for rect in (lay.draw_pile, lay.discard, lay.count_chip):
        for x, y in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright):
            assert ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 < 1, (rect, size, print_scale)
