"""The seat plates' avatars: initials on a coloured disc, a level emblem for computer seats, told
apart by shape and not by colour alone, readable at the smallest and a large window."""

from __future__ import annotations

import pygame
import pytest

from craits import i18n
from craits.ui.cards.art import CardArt
from craits.ui.cards.painter import CardPainter
from craits.ui.tabletop.avatars import (
    DISC_COLOURS,
    INK,
    LEVEL_EMBLEMS,
    avatar,
    avatar_extent,
    disc_colour,
    initials,
    level_of,
)
from craits.ui.tabletop.model import TableModel
from craits.ui.tabletop.painter import SeatInfo, TablePainter


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("name, expected", [
    ("Ada", "A"), ("ben", "B"), ("Player 2", "P2"), ("ana maría lópez", "AL"),
    ("  Zoë  ", "Z"), ("Čeněk Ševčík", "ČŠ"), ("(Bob)", "B"), ("", "?"), ("   ", "?"),
    ("!!! ???", "?"), ("7 of 9", "79"),
])
def test_initials(name, expected):
    assert initials(name) == expected


def test_a_name_keeps_its_colour_and_names_spread_over_the_colours():
    assert disc_colour("Ada") == disc_colour("Ada") == disc_colour(" ada ")
    names = ["Ada", "Ben", "Cleo", "Dmitri", "Eve", "Farid", "Gus", "Hana", "You", "Player 2"]
    assert len({disc_colour(n) for n in names}) >= 5


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize("colour", DISC_COLOURS)
def test_initials_stand_out_on_every_disc_colour(colour):
    light, dark = _luminance(INK), _luminance(colour)
    assert (light + 0.05) / (dark + 0.05) >= 4.5


@pytest.mark.parametrize("language", ["en", "tl", "es", "af", "cs", "et"])
def test_the_level_is_read_from_the_plate_label_in_every_language(language):
    i18n.set_language(language)
    for level in LEVEL_EMBLEMS:
        assert level_of(i18n.t(f"level.{level}")) == level
    assert level_of("") is None
    assert level_of("Somebody's cousin") is None


def _mask(image: pygame.Surface, diameter: int) -> set[tuple[int, int]]:
    """Dark pixels inside the badge at the disc's foot, as a shape: colour plays no part."""
    br = diameter * 0.27
    centre = avatar_extent(diameter) - br - 1
    out = set()
    for x in range(image.get_width()):
        for y in range(image.get_height()):
            if (x - centre) ** 2 + (y - centre) ** 2 > (br * 0.8) ** 2:
                continue
            c = image.get_at((x, y))
            if c.a > 200 and (c.r + c.g + c.b) / 3 < 110:
                out.add((x, y))
    return out


def test_each_level_has_its_own_emblem_shape_and_humans_have_none():
    d = 60
    name = "Ada"
    shapes = {level: _mask(avatar(name, level, d), d) for level in LEVEL_EMBLEMS}
    human = avatar(name, None, d)
    badge_spot = (avatar_extent(d) - round(d * 0.27) - 1,) * 2
    # A computer's badge is cream where the human's disc corner shows its own colour.
    assert avatar(name, "hard", d).get_at(badge_spot)[:3] != human.get_at(badge_spot)[:3]
    levels = list(shapes)
    for i, a in enumerate(levels):
        assert shapes[a], a
        for b in levels[i + 1:]:
            differ = len(shapes[a] ^ shapes[b])
            assert differ > 0.25 * min(len(shapes[a]), len(shapes[b])), (a, b)


@pytest.mark.parametrize("size", [(960, 600), (1600, 1000)])
@pytest.mark.parametrize("players", [2, 5])
def test_plates_show_the_avatar_at_a_readable_size(size, players):
    model = TableModel(players, size, bottom_seat=0, viewer=0)
    lay = model.layout
    painter = TablePainter(CardPainter(CardArt()))
    surface = pygame.Surface(size)
    surface.fill((0, 0, 0))
    rect = lay.seats[1].plate
    info = SeatInfo(name="Ada", detail=i18n.t("level.hard"), score=12, cards=5, is_turn=False,
                    thinking=False, dealer=False, announced=False)
    painter.draw_plate(surface, rect, info, model, 0.0, {"thinking": "", "dealer": "D",
                                                         "announced": "L"})
    disc = round(rect.height * 0.68)
    assert disc >= 26  # a disc the letters can be read on
    # The disc sits at the plate's left, in the name's colour; its initial in cream in the middle.
    left = rect.left + lay.px(7)
    top = rect.centery - disc // 2
    rim_in = surface.get_at((left + disc // 2 - disc // 3, top + disc // 2))[:3]
    assert max(abs(a - b) for a, b in zip(rim_in, disc_colour("Ada"), strict=True)) < 40
    centre_band = [surface.get_at((x, top + disc // 2))[:3]
                   for x in range(left + disc // 3, left + 2 * disc // 3)]
    assert any(min(c) > 200 for c in centre_band)  # a stroke of the cream "A"
    # The letters are at least 11 pixels tall.
    letter_rows = {y for y in range(top, top + disc)
                   for x in range(left + disc // 4, left + 3 * disc // 4)
                   if min(surface.get_at((x, y))[:3]) > 200}
    assert max(letter_rows) - min(letter_rows) + 1 >= 11


def test_the_name_starts_after_the_avatar():
    model = TableModel(3, (960, 600), bottom_seat=0, viewer=0)
    lay = model.layout
    painter = TablePainter(CardPainter(CardArt()))
    rect = lay.seats[1].plate
    info = SeatInfo(name="WWWWWWWWWWWW", detail="", score=0, cards=5, is_turn=False,
                    thinking=False, dealer=False, announced=False)
    bare = pygame.Surface((960, 600))
    painter.draw_plate(bare, rect, info, model, 0.0, {"thinking": "", "dealer": "D",
                                                      "announced": "L"})
    disc = round(rect.height * 0.68)
    name_row = round(rect.top + rect.height * 0.32)
    avatar_right = rect.left + lay.px(7) + disc
    # Right of the disc, the name's cream letters begin within a few pixels.
    cream = [x for x in range(avatar_right, rect.right)
             if min(bare.get_at((x, name_row))[:3]) > 180]
    assert cream and cream[0] >= avatar_right + lay.px(4)
