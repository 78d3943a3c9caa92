"""Every switch on the settings screen has room for its label at full size, in every language:
no long label (Czech undo) runs into its value."""

from __future__ import annotations

import pygame
import pytest

from craits import i18n
from craits.ui.menus.settings import SettingsScene
from craits.ui.widgets import Toggle, fit_text


@pytest.mark.parametrize("language", [code for code, _ in i18n.available_languages()])
def test_each_switch_label_fits_at_full_size(make_app, language):
    app = make_app(size=(1280, 800))
    try:
        i18n.set_language(language)
        scene = SettingsScene(app)
        app.scenes.push(scene)
        scene.draw(pygame.Surface(app.size))
        th = scene.theme
        for control in scene.controls:
            if not isinstance(control, Toggle):
                continue
            sw = control.switch_rect()
            room = sw.left - control.rect.left - th.px(20) - th.px(64)
            fitted = fit_text(control.label, room, control.rect.height, th.body_size)
            assert fitted.size == th.body_size and not fitted.truncated, control.label
    finally:
        i18n.set_language("en")
