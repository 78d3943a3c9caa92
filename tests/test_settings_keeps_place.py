"""A list keeps its place when a value changes: the settings screen, scrolled down, keeps its
scroll and its focus on the row just changed, by mouse or by keyboard, even where the change
lays the whole screen out again (felt, high contrast, large print, language)."""

from __future__ import annotations

import pygame
import pytest
import test_ui_menus as menus

from craits import i18n
from craits.ui.widgets import Choice, Toggle
from craits.ui.widgets.theme import set_look


@pytest.fixture(autouse=True)
def plain_look(monkeypatch):
    from craits.ui.cards.art import CardArt

    pygame.display.set_mode((1280, 800))
    monkeypatch.setattr(menus, "CARD_ART", CardArt(), raising=False)
    set_look()
    i18n.set_language("en")
    yield
    set_look()
    i18n.set_language("en")


def scrolled_settings(size=(960, 600), centre_key="settings.felt"):
    """The settings scrolled down by the wheel (the focus left at the top) to show a row."""
    app, scene = menus.open_scene(menus.SettingsScene, size=size)
    region = scene.region
    region.scroll_to(region.page_rects[id(row(scene, centre_key))].centery
                     - region.viewport.height // 2)
    assert scene.region.offset > 0  # the list is longer than the window: it scrolls
    return app, scene


def row(scene, label_key):
    return next(c for c in scene.controls if getattr(c, "label", "") == i18n.t(label_key))


def click_at(scene, pos):
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def test_a_click_that_lays_the_screen_out_again_keeps_the_scroll_and_focuses_the_row():
    app, scene = scrolled_settings()
    offset = scene.region.offset
    felt = row(scene, "settings.felt")
    assert scene.region.viewport.contains(felt.rect)
    for expected in ("blue", "burgundy"):  # the next click lands on the same row
        click_at(scene, felt.parts()[3].center)
        assert app.settings.felt == expected
        assert scene.region.offset == offset
        felt = row(scene, "settings.felt")
        assert scene.focus.focused is felt and felt.value == expected


def test_a_switch_clicked_far_down_keeps_the_list_where_it_was():
    app, scene = scrolled_settings(centre_key="luck.setting")
    offset = scene.region.offset
    for key in ("luck.setting", "low_vision.high_contrast"):
        switch = row(scene, key)
        if scene.region.viewport.contains(switch.rect):
            click_at(scene, switch.rect.center)
            assert scene.region.offset == offset
            assert scene.focus.focused is row(scene, key)
    assert app.settings.analyse_while_playing is not menus.Settings().analyse_while_playing


def test_a_key_that_changes_the_print_keeps_the_row_where_the_eye_is():
    app, scene = menus.open_scene(menus.SettingsScene, size=(1280, 800))
    large = row(scene, "low_vision.print_size")
    scene.focus.focus(large)
    top = large.rect.top
    from craits.ui.app_settings import use_look

    app.apply_settings = lambda: use_look(app.settings, menus.CARD_ART)
    menus.press(scene, pygame.K_RIGHT)  # off -> 1.5x: every row grows
    large = row(scene, "low_vision.print_size")
    assert isinstance(large, Choice) and large.value == 1.5
    assert scene.focus.focused is large
    assert abs(large.rect.top - top) <= 1  # the row stays where it was on the screen
    assert scene.region.viewport.contains(large.rect)


def test_a_change_that_does_not_lay_out_again_keeps_scroll_and_focus_too():
    app, scene = scrolled_settings()
    offset = scene.region.offset
    switch = row(scene, "settings.coaching")
    assert isinstance(switch, Toggle) and scene.region.viewport.contains(switch.rect)
    click_at(scene, switch.rect.center)
    assert not app.settings.coaching
    assert scene.region.offset == offset and scene.focus.focused is switch
