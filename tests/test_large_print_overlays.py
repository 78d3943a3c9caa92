"""Large print reaches what is drawn over the table too: the "F1: controls" pill, the
banners by the seats and about the whole table, the coaching notes; they give up their print
only where the table has no room for it (the hand cards keep theirs). The log breaks its lines
between clauses, never between a card and its suit."""

from __future__ import annotations

import pygame
import pytest

from craits import i18n
from craits.review.coaching import NOTES
from craits.ui.table.coach_panel import note_place
from craits.ui.tabletop.clearance import controls_tip_box, fixed_overlays, must_see
from craits.ui.tabletop.controls_tip import ControlsTip
from craits.ui.tabletop.layout import compute_layout
from craits.ui.tabletop.painter import wrap_log_line
from craits.ui.tabletop.sprites import Banner, fitted_pill

SIZES = [(960, 600), (1600, 1000)]
SCALES = (1.5, 2.0)


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
def test_the_controls_pill_follows_the_print_and_keeps_to_its_box(size, scale):
    normal, large = compute_layout(size, 4, 0, 1.0), compute_layout(size, 4, 0, scale)
    small, big = ControlsTip(normal).image, ControlsTip(large).image
    # The pill's height (without its shadow) grows about as the print does.
    assert (big.get_height() - 10) >= 0.85 * scale * (small.get_height() - 10)
    box = controls_tip_box(large)
    assert big.get_width() - 8 <= box.width and big.get_height() - 10 <= box.height


def test_banners_keep_the_print_where_there_is_room_and_give_way_before_hand_and_piles():
    normal = compute_layout((1600, 1000), 4, 0, 1.0)
    half = compute_layout((1600, 1000), 4, 0, 1.5)
    assert half.banner_text >= normal.banner_text * 1.25 - 1  # most of it, beside 1x piles
    assert half.card[1] >= normal.card[1] * 1.5 - 1 and half.pile_card >= normal.pile_card
    double = compute_layout((1600, 1000), 4, 0, 2.0)
    assert double.banner_text > normal.banner_text  # some of 2x: the hand and piles the rest
    assert double.card[1] >= normal.card[1] * 1.5 - 1 and double.text_scale == 2.0
    assert double.pile_card[1] >= normal.pile_card[1] * 0.85
    for size in SIZES:  # never smaller than normal print
        for scale in SCALES:
            assert compute_layout(size, 4, 0, scale).banner_text >= normal.banner_text * \
                compute_layout(size, 4, 0, 1.0).scale / normal.scale - 1


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", (1.0, *SCALES))
def test_the_banners_boxes_cover_nothing(size, scale):
    lay = compute_layout(size, 4, 0, scale)
    seen = [r for group in must_see(lay).values() for r in group]
    for name, rect in fixed_overlays(lay).items():
        assert rect.collidelist(seen) < 0, name
        assert pygame.Rect((0, 0), size).contains(rect), name


def test_a_pill_too_wide_for_its_room_shrinks_its_type_only_so_far():
    wide = fitted_pill("A refusal far too long for the room", 40, (0, 0, 0), (255, 255, 255))
    fitted = fitted_pill("A refusal far too long for the room", 40, (0, 0, 0), (255, 255, 255),
                         room=(600, 200))
    assert wide.get_width() - 8 > 600 >= fitted.get_width() - 8
    least = fitted_pill("A refusal far too long for the room", 40, (0, 0, 0), (255, 255, 255),
                        room=(10, 10))
    assert least.get_height() >= wide.get_height() * 0.45  # never below half the size


def test_a_banner_by_the_window_edge_is_drawn_whole():
    surface = pygame.Surface((400, 200), pygame.SRCALPHA)
    banner = Banner("Last card!", (395, 100), 30, (200, 40, 40, 255))
    banner.update(1.0)  # popped in and risen
    banner.draw(surface)
    columns = [x for x in range(400) if any(surface.get_at((x, y)).a for y in range(200))]
    drawn = [x for x in range(banner.image.get_width())
             if any(banner.image.get_at((x, y)).a for y in range(banner.image.get_height()))]
    assert len(columns) == len(drawn)


def test_notes_take_large_print_where_the_table_has_room():
    short = min((i18n.t(f"coach.{note}") for note in NOTES), key=len)
    lay = compute_layout((1920, 1080), 4, 0, 1.5)
    rect, k = note_place(lay, short, None)
    assert k == 1.5  # the whole print: there is room
    seen = [r for group in must_see(lay).values() for r in group]
    assert rect.collidelist(seen) < 0


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", (1.0, *SCALES))
def test_the_log_breaks_between_clauses_not_inside_a_card(size, scale):
    lay = compute_layout(size, 4, 0, scale)
    rows = wrap_log_line("Clara played 2♥ — Crank 2", lay.tx(15), lay.log.width)
    assert any("2♥" in row for row in rows)
    assert any(row.strip().endswith("Crank 2") for row in rows)
    assert all(row.strip() != "—" and not row.strip().endswith("—") for row in rows)
    if len(rows) > 1:
        assert rows[-1].startswith("— Crank 2")
    rows = wrap_log_line("Ben played 10♠ and switched to ♥", lay.tx(15), lay.log.width)
    assert any("10♠" in row for row in rows) and any("to ♥" in row for row in rows)


@pytest.mark.parametrize("size", SIZES)
def test_most_notes_keep_most_of_2x_print_and_cover_nothing(size):
    lay = compute_layout(size, 4, 0, 2.0)
    seen = [r for group in must_see(lay).values() for r in group]
    scales = []
    for note in NOTES:
        rect, k = note_place(lay, i18n.t(f"coach.{note}"), None)
        assert rect.collidelist(seen) < 0
        scales.append(k)
    assert min(scales) > 1.0  # even the longest note is larger than normal print
    assert sorted(scales)[len(scales) // 2] >= 1.5


SEAT_BANNERS = ("table.last_card", "table.skipped", "table.loses_turn", "table.again",
                "table.idiot")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", (1.0, *SCALES))
@pytest.mark.parametrize("players", (2, 3, 4, 5))
def test_a_seats_banner_covers_no_plate_pile_hand_or_log(size, scale, players):
    """"Last card!" by a seat leaves every plate's name and card count in sight (beside a
    compact plate; over the fanned backs, not the plate, where the seats have fans)."""
    from craits.ui.tabletop.clearance import seat_banner_place

    lay = compute_layout(size, players, 0, scale)
    seen = must_see(lay)
    plates = [lay.own_plate, *(spot.plate for spot in lay.seats.values())]
    kept = [*seen["piles"], *seen["hand"], *seen["log"], *seen["buttons"], *plates]
    for language in ("en", "cs", "af", "es", "et", "tl"):
        i18n.set_language(language)
        for key in SEAT_BANNERS:
            for seat in lay.seats:
                pos, width, align = seat_banner_place(lay, seat)
                banner = Banner(i18n.t(key), pos, lay.banner_text, (200, 40, 40, 255),
                                room=(width, lay.size[1]), align=align)
                for rise in (0, 9):  # as it pops in, and risen
                    drawn = banner.box(rise=rise).inflate(-8, -10)  # the pill, not its shadow
                    drawn = drawn.clamp(pygame.Rect((0, 0), size))
                    assert drawn.collidelist(kept) < 0, (language, key, seat, drawn)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", (1.0, *SCALES))
def test_the_log_keeps_a_number_with_its_noun_and_a_name_with_its_verb(size, scale):
    lay = compute_layout(size, 4, 0, scale)
    size_, width = lay.tx(15), lay.log.width
    rows = [row.strip() for row in wrap_log_line("Clara drew 1 card", size_, width)]
    assert any("1 card" in row for row in rows), rows
    assert any(row.startswith("Clara drew") for row in rows), rows
    rows = [row.strip() for row in wrap_log_line("Clara played A♥", size_, width)]
    assert rows[0].startswith("Clara played") and any("A♥" in row for row in rows), rows
    rows = [row.strip() for row in wrap_log_line("Ada drew 4 cards — Crank 4", size_, width)]
    assert any("4 cards" in row for row in rows) and rows[-1].endswith("Crank 4"), rows


def test_a_name_too_long_for_a_row_with_its_verb_breaks_before_the_verb():
    rows = wrap_log_line("Bartholomew played A♥", 20, 150)
    assert rows[0] == "Bartholomew" and "played" in rows[1]
