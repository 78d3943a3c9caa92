"""CardArt renders the bundled SVGs at exact sizes, caches them, and rejects bad requests."""

from __future__ import annotations

import pygame
import pytest

from craits.ui.cards.art import CARD_CODES, STYLES, CardArt, card_size_for_height


@pytest.fixture
def art() -> CardArt:
    pygame.display.init()
    return CardArt()


def test_card_codes_are_rank_then_suit():
    assert len(CARD_CODES) == 52 == len(set(CARD_CODES))
    assert {"AS", "10D", "QH", "2C", "KS"} <= set(CARD_CODES)


def test_face_has_the_exact_size_asked(art: CardArt):
    # 150x210 is 5:7 but the renderer rounds it to 211 rows; CardArt must return 210.
    for size in [(70, 98), (150, 210), (101, 141)]:
        assert art.face("10D", size).get_size() == size
    assert art.back((150, 210)).get_size() == (150, 210)


def test_off_ratio_size_is_stretched_to_fit(art: CardArt):
    assert art.face("QH", (100, 100)).get_size() == (100, 100)


def test_cache_returns_the_same_surface(art: CardArt):
    first = art.face("QH", (100, 140), "fourcolor")
    assert art.face("QH", (100, 140), "fourcolor") is first
    assert art.face("QH", (100, 140), "classic") is not first
    assert art.face("QH", (120, 168), "fourcolor") is not first
    assert art.back((100, 140), "red") is art.back((100, 140), "red")
    assert art.shadow((100, 140)) is art.shadow((100, 140))


def test_cache_is_bounded_and_evicts_least_recently_used():
    small = CardArt(max_entries=2)
    first = small.face("AS", (50, 70))
    small.face("2S", (50, 70))
    assert small.face("AS", (50, 70)) is first  # touch AS so 2S is the oldest
    small.face("3S", (50, 70))
    assert len(small) == 2
    assert small.face("AS", (50, 70)) is first


def test_four_colour_style_changes_diamonds_and_clubs_only(art: CardArt):
    size = (100, 140)
    centre = (50, 70)  # the ace's big pip
    red_classic = art.face("AD", size, "classic").get_at(centre)
    blue = art.face("AD", size, "fourcolor").get_at(centre)
    green = art.face("AC", size, "fourcolor").get_at(centre)
    assert red_classic.r > red_classic.b + 80
    assert blue.b > blue.r + 80
    assert green.g > green.r + 60 and green.g > green.b + 30
    assert art.face("AH", size, "classic").get_at(centre) == art.face("AH", size, "fourcolor").get_at(centre)


def test_backs_include_blue_and_red(art: CardArt):
    assert {"blue", "red"} <= set(art.back_names)
    blue = art.back((100, 140), "blue").get_at((20, 30))
    red = art.back((100, 140), "red").get_at((20, 30))
    assert blue.b > blue.r and red.r > red.b


def test_shadow_is_soft(art: CardArt):
    shadow = art.shadow((100, 140), blur=8)
    assert shadow.get_size() == (116, 156)
    centre = shadow.get_at((58, 78)).a
    edge = shadow.get_at((8, 78)).a
    outside = shadow.get_at((1, 78)).a
    assert centre > edge > outside


def test_works_with_a_display_surface(art: CardArt):
    pygame.display.set_mode((320, 240))
    try:
        art.clear()
        face = art.face("KS", (70, 98))
        assert face.get_size() == (70, 98)
        assert face.get_flags() & pygame.SRCALPHA
    finally:
        pygame.display.quit()


@pytest.mark.parametrize(
    "call",
    [
        lambda a: a.face("1S", (70, 98)),
        lambda a: a.face("SA", (70, 98)),
        lambda a: a.face("AS", (70, 98), "neon"),
        lambda a: a.face("AS", (0, 98)),
        lambda a: a.face("AS", (70.5, 98)),
        lambda a: a.face("AS", 70),
        lambda a: a.back((70, 98), "purple"),
        lambda a: a.shadow((70, 98), blur=-1),
    ],
)
def test_bad_requests_get_a_clear_error(art: CardArt, call):
    with pytest.raises(ValueError):
        call(art)


def test_card_size_for_height_keeps_five_to_seven():
    assert card_size_for_height(210) == (150, 210)
    assert card_size_for_height(98) == (70, 98)
    assert STYLES == ("classic", "fourcolor")
