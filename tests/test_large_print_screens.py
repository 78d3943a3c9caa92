"""Large print beyond the table: the pause menu, the dialogs, the scoreboard's buttons and the
F1 list follow the print (type and buttons grow), and their buttons stay inside their panel
and apart, at 960x600, 1280x800 and 1600x1000."""

from __future__ import annotations

import itertools

import pygame
import pytest
import test_ui_menus as menus

from craits import i18n
from craits.engine import Play
from craits.engine.notation import read_card
from craits.ui.dialogs.confirm import ConfirmScene
from craits.ui.dialogs.message import MessageScene
from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.table.controls_help import ControlsScene
from craits.ui.table.pause import PauseScene
from craits.ui.widgets import Button
from craits.ui.widgets.theme import set_look

SIZES = [(960, 600), (1280, 800), (1600, 1000)]


@pytest.fixture(autouse=True)
def plain_look(monkeypatch):
    from craits.ui.cards.art import CardArt

    pygame.display.set_mode((1280, 800))
    monkeypatch.setattr(menus, "CARD_ART", CardArt(), raising=False)
    i18n.set_language("en")
    yield
    set_look()


def dialogs(app):
    eight = read_card("8S")
    return {
        "pause": PauseScene(app),
        "message": MessageScene(app, "A title", "A message that takes a line or two to say.",
                                [("Yes", None, "primary"), ("No", None, "secondary")]),
        "confirm": ConfirmScene(app, "Start a new game?", "The game now played is kept."),
        "suit": SuitDialog(app, eight, [Play(eight, suit) for suit in range(4)],
                           offer_announce=True),
        "controls": ControlsScene(app),
    }


def buttons_of(scene) -> list[Button]:
    found = [v for v in vars(scene).values() if isinstance(v, Button)]
    for value in vars(scene).values():
        if isinstance(value, list):
            found += [b for b in value if isinstance(b, Button)]
    return [b for b in found if b.visible]


def at(size, print_scale):
    set_look(large_print=print_scale)
    return dialogs(menus.FakeApp(size=size))


@pytest.mark.parametrize("size", SIZES)
def test_dialog_buttons_grow_with_the_print_and_stay_inside_and_apart(size):
    plain, large = at(size, 1.0), at(size, 2.0)
    window = pygame.Rect((0, 0), size)
    for name, scene in large.items():
        before, after = buttons_of(plain[name]), buttons_of(scene)
        assert after, name
        for small, big in zip(before, after, strict=True):
            assert big.rect.height >= small.rect.height, name
            assert (big.text_size or 0) >= (small.text_size or 0) * 1.15, name
        panel = pygame.Rect(getattr(scene, "panel", window))
        for button in after:
            assert window.contains(button.rect) and panel.contains(button.rect), name
        for a, b in itertools.combinations(after, 2):
            assert not a.rect.colliderect(b.rect), (name, a.label, b.label)
        scene.draw(pygame.Surface(size))


def test_at_1600x1000_2x_the_pause_menu_is_twice_normal_print():
    plain, large = at((1600, 1000), 1.0)["pause"], at((1600, 1000), 2.0)["pause"]
    for small, big in zip(plain.buttons, large.buttons, strict=True):
        assert big.text_size >= small.text_size * 2 - 1
        assert big.rect.height >= small.rect.height * 1.7


@pytest.mark.parametrize("size", SIZES)
def test_the_f1_list_keeps_large_print_and_scrolls_to_the_row_the_arrows_reach(size):
    plain, large = at(size, 1.0)["controls"], at(size, 2.0)["controls"]
    assert large.row_boxes()[0] >= large.theme.tx(15) > plain.row_boxes()[0]
    area = large.list_area()
    for key, index in ((pygame.K_END, -1), (pygame.K_HOME, 0)):
        menus.press(large, key)
        band = large.row_boxes()[1][index][0]
        assert area.top <= band.top and band.bottom <= area.bottom
    large.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-50))  # past the end: stops
    assert max(b.bottom for b, _, _ in large.row_boxes()[1]) >= area.bottom - 1
    large.draw(pygame.Surface(size))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("print_scale", (1.0, 1.5, 2.0))
def test_settings_rows_keep_apart_and_back_stays_in_the_window(size, print_scale):
    set_look(large_print=print_scale)
    _, scene = menus.open_scene(menus.SettingsScene, size=size)
    window, region = pygame.Rect((0, 0), size), scene.region
    rows = [region.page_rects[id(c)] for c in scene.controls]
    assert all(a.bottom <= b.top for a, b in itertools.pairwise(rows))
    assert all(region.viewport.width >= row.right for row in rows)
    assert window.contains(scene.panel.rect) and window.contains(scene.back_button.rect)
    assert not scene.back_button.rect.colliderect(scene.panel.rect)
    assert not region.viewport.colliderect(scene.preview)
    assert scene.back_button.text_size is None  # the theme's: large print's
