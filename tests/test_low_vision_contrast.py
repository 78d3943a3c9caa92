"""High contrast: every text colour over its background at least 7:1 (WCAG's enhanced
level), a near-black felt, strong outlines and a thick, bright focus ring that shows over
light cards and dark felt alike; the plain theme's ring shows on both as well."""

from __future__ import annotations

import pygame
import pytest

from craits.ui.widgets.drawing import draw_focus_ring, draw_rounded, felt_background
from craits.ui.widgets.theme import Theme, set_look


@pytest.fixture(autouse=True)
def plain_look():
    set_look()
    yield
    set_look()


def _channel(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4


def luminance(color) -> float:
    r, g, b = (_channel(c) for c in color[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def over(color, background):
    """A translucent colour as it shows over an opaque one."""
    if len(color) < 4:
        return tuple(color[:3])
    a = color[3] / 255
    return tuple(round(c * a + b * (1 - a)) for c, b in zip(color[:3], background[:3],
                                                            strict=True))


def ratio(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def contrast_theme(size=(1280, 800)) -> Theme:
    set_look(high_contrast=True)
    return Theme.for_size(size)


def test_the_ratio_is_the_wcag_one():
    assert ratio((255, 255, 255), (0, 0, 0)) == pytest.approx(21.0)
    assert ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


def test_every_text_over_its_background_is_at_least_seven_to_one():
    th = contrast_theme()
    felts = (th.felt, th.felt_dark, th.felt_light)
    panels = [over(th.panel, felt) for felt in felts]
    pairs = {
        f"{name} on {where}": (getattr(th, name), bg)
        for name in ("text", "text_dim", "gold", "gold_light", "focus")
        for where, bg in (("felt", th.felt), ("rim", th.felt_dark), ("centre", th.felt_light),
                          ("panel", panels[0]), ("quiet button", th.secondary))
    }
    pairs.update({
        "primary button": (th.primary_text, th.primary),
        "quiet button": (th.secondary_text, th.secondary),
        "danger button": (th.danger_text, th.danger),
        "disabled button": (th.disabled_text, th.disabled),
        "dark text on gold": (th.text_dark, th.gold),
    })
    low = {name: round(ratio(fg, bg), 2) for name, (fg, bg) in pairs.items()
           if ratio(fg, bg) < 7.0}
    assert low == {}


def test_the_plain_theme_falls_short_so_the_check_can_fail():
    plain = Theme.for_size((1280, 800))
    assert ratio(plain.disabled_text, plain.disabled) < 7.0


def test_the_felt_is_near_black_and_outlines_strong():
    plain = Theme.for_size((1280, 800))
    th = contrast_theme()
    assert all(luminance(c) < 0.02 for c in (th.felt, th.felt_dark, th.felt_light))
    surface = felt_background((320, 200), th)
    middle = surface.get_at((160, 100))
    assert luminance(middle) < 0.02
    assert th.panel_border[:3] == (255, 255, 255)
    # A thin border (a panel's, a field's) is drawn white and three pixels strong.
    edged = pygame.Surface((100, 60))
    draw_rounded(edged, pygame.Rect(0, 0, 100, 60), (0, 0, 0), 4, border=plain.panel_border,
                 border_width=1)
    assert [edged.get_at((50, y))[:3] for y in range(4)] == [(255, 255, 255)] * 3 + [(0, 0, 0)]


def _ring_pixels(theme: Theme, background) -> tuple[int, int]:
    """How many pixels of the focus colour and of its black edge a ring leaves."""
    surface = pygame.Surface((200, 120))
    surface.fill(background)
    draw_focus_ring(surface, pygame.Rect(40, 30, 120, 60), theme)
    bright = dark = 0
    for y in range(120):
        for x in range(200):
            c = tuple(surface.get_at((x, y)))[:3]
            bright += c == tuple(theme.focus[:3])
            dark += c == (0, 0, 0)
    return bright, dark


@pytest.mark.parametrize("high_contrast", [False, True])
@pytest.mark.parametrize("background", [(255, 255, 255), (0, 0, 0), (22, 92, 58)])
def test_the_focus_ring_shows_over_light_cards_and_dark_felt(high_contrast, background):
    set_look(high_contrast=high_contrast)
    th = Theme.for_size((1280, 800))
    bright, dark = _ring_pixels(th, background)
    assert bright >= 2 * (120 + 60) * th.focus_width * 0.8  # all the way round, full width
    if background != (0, 0, 0):
        assert dark > 2 * (120 + 60)  # the black edge parts it from light backgrounds
    assert ratio(th.focus, (0, 0, 0)) >= 7.0  # and the edge from the ring


def test_the_focus_ring_is_thicker_in_high_contrast():
    plain = Theme.for_size((1280, 800))
    th = contrast_theme()
    assert th.focus_width > plain.focus_width >= 3


@pytest.mark.parametrize("high_contrast", [False, True])
def test_outlines_of_buttons_and_panels_are_white_and_strong_in_high_contrast(high_contrast):
    from craits.ui.widgets.drawing import draw_rounded

    set_look(high_contrast=high_contrast)
    surface = pygame.Surface((100, 60))
    surface.fill((0, 0, 0))
    draw_rounded(surface, pygame.Rect(10, 10, 80, 40), (0, 0, 0), 4,
                 border=(226, 184, 84, 110), border_width=1)
    edge = [tuple(surface.get_at((50, 10 + i)))[:3] for i in range(3)]
    if high_contrast:
        assert edge == [(255, 255, 255)] * 3
    else:
        assert edge[0] != (255, 255, 255) and edge[1] == (0, 0, 0)
