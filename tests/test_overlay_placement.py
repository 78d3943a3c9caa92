"""Nothing drawn over the table covers what the player must see: for every seat count,
window size and print size, the tips, banners, pills and the direction ring's arrows stay off
the piles, the hand, the plates, the log, the buttons and one another; the hand stays inside
the window."""

from __future__ import annotations

import itertools
import math

import pygame
import pytest

from craits import i18n
from craits.review.coaching import NOTES
from craits.ui.table.coach_panel import note_place
from craits.ui.tabletop.clearance import fixed_overlays, must_see, ring_box, ring_hits
from craits.ui.tabletop.layout import compute_layout, hand_slots

SIZES = [(960, 600), (1024, 768), (1280, 800), (1366, 768), (1600, 1000), (1920, 1080)]
PRINT_SCALES = (1.0, 1.5, 1.75, 2.0)  # large print off and its three steps
CASES = list(itertools.product(SIZES, range(2, 6), PRINT_SCALES))
# A tip's place is searched for (a second a case): the smallest and the largest print only.
TIP_CASES = list(itertools.product(SIZES, range(2, 6), (PRINT_SCALES[0], PRINT_SCALES[-1])))


def case_id(case) -> str:
    (w, h), n, large = case
    return f"{w}x{h}-{n}p-{large:g}x"


def clear_of(rect: pygame.Rect, groups: dict[str, list[pygame.Rect]]) -> list[str]:
    return [name for name, rects in groups.items() if rect.collidelist(rects) >= 0]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_ring_passes_clear_of_everything(case):
    size, n, large = case
    lay = compute_layout(size, n, 0, large)
    seen = must_see(lay)
    for name, rects in seen.items():
        for rect in rects:
            assert not ring_hits(lay, rect), f"the ring reaches the {name} {rect}"
    overlays = fixed_overlays(lay)
    for name, rect in overlays.items():
        assert not ring_hits(lay, rect), f"the ring reaches the {name}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_fixed_overlays_cover_nothing_and_not_each_other(case):
    size, n, large = case
    lay = compute_layout(size, n, 0, large)
    seen = must_see(lay)
    overlays = fixed_overlays(lay)
    for name, rect in overlays.items():
        assert clear_of(rect, seen) == [], f"the {name} covers {clear_of(rect, seen)}"
    for (a, ra), (b, rb) in itertools.combinations(overlays.items(), 2):
        assert not ra.colliderect(rb), f"the {a} and the {b} overlap"


@pytest.fixture(scope="module")
def fonts():
    pygame.font.init()


@pytest.mark.parametrize("case", TIP_CASES, ids=case_id)
def test_every_tip_by_any_seat_covers_nothing(case, fonts):
    size, n, large = case
    lay = compute_layout(size, n, 0, large)
    seen = must_see(lay)
    overlays = fixed_overlays(lay)
    texts = set()
    for code, _ in i18n.available_languages():
        i18n.set_language(code)
        texts.add(max((i18n.t(f"coach.{note}") for note in NOTES), key=len))
    i18n.set_language("en")
    for seat, text in itertools.product([None, *range(n)], sorted(texts)):
        box = note_place(lay, text, seat)[0]
        assert clear_of(box, seen) == [], (seat, text, clear_of(box, seen))
        assert box.collidelist(list(overlays.values())) < 0
        assert not ring_hits(lay, box)
        assert pygame.Rect((0, 0), size).contains(box)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_whole_hand_stays_in_the_window(case):
    size, n, large = case
    lay = compute_layout(size, n, 0, large)
    w, h = lay.card
    for count in range(1, 21):
        for slot in hand_slots(lay, count):
            a = math.radians(abs(slot.angle))
            reach_x = w / 2 * math.cos(a) + h / 2 * math.sin(a)
            reach_y = h / 2 * math.cos(a) + w / 2 * math.sin(a)
            assert slot.y + reach_y <= size[1], (count, slot)
            assert 0 <= slot.x - reach_x and slot.x + reach_x <= size[0]


@pytest.mark.parametrize("size", SIZES)
def test_three_players_sit_on_the_top_arc(size):
    lay = compute_layout(size, 3, 0)
    for spot in lay.seats.values():  # in the upper third of the table, not at its middle
        assert spot.fan_centre[1] < lay.top_bar.bottom + (lay.hint.top - lay.top_bar.bottom) / 3
    assert ring_box(lay).top > max(spot.block.bottom for spot in lay.seats.values()) \
        or all(not ring_hits(lay, spot.block) for spot in lay.seats.values())


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_last_card_sits_beside_a_hand_of_one_or_two(case):
    size, n, large = case
    lay = compute_layout(size, n, 0, large)
    button = lay.last_card_button
    assert pygame.Rect((0, 0), size).contains(button)
    for count in (1, 2):
        slots = hand_slots(lay, count)
        right = max(s.x for s in slots) + lay.card[0] / 2
        assert 0 < button.left - right <= lay.px(40) + lay.card[0]  # next to the cards
        assert button.top < slots[-1].y < button.bottom  # at the hand's height
        assert not button.colliderect(lay.button_rect(2, 3))  # clear of Draw / Pass
        assert not button.colliderect(lay.button_rect(0, 3))
