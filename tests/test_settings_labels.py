"""Every label on the settings screen is drawn at full size, in every language and at every
print size: a long label (Czech undo) wraps onto a taller row rather than shrinking or running
into its value."""

from __future__ import annotations

import pygame
import pytest

from craits import i18n
from craits.ui.menus.settings import SettingsScene
from craits.ui.widgets import Choice, Slider, Toggle, fit_text
from craits.ui.widgets.theme import set_look


def label_box(control):
    if isinstance(control, Choice):
        return control.parts()[0]
    return control.label_box()


@pytest.mark.parametrize("language", [code for code, _ in i18n.available_languages()])
def test_each_label_fits_at_full_size(make_app, language):
    app = make_app(size=(1280, 800))
    try:
        i18n.set_language(language)
        wrapped = 0
        for print_scale in (1.0, 1.5, 2.0):
            set_look(large_print=print_scale)
            scene = SettingsScene(app)
            scene.draw(pygame.Surface(app.size))
            th = scene.theme
            for control in scene.controls:
                if not isinstance(control, Toggle | Choice | Slider):
                    continue
                box = label_box(control)
                fitted = fit_text(control.label, box.width, box.height, th.body_size,
                                  wrap=True)
                assert fitted.size == th.body_size and not fitted.truncated, control.label
                assert box.right <= control.rect.right
                if isinstance(control, Toggle):  # clear of "On"/"Off" and the switch
                    assert box.right < control.switch_rect().left - control.state_width()
                if isinstance(control, Choice):
                    assert box.right < control.parts()[1].left  # clear of the value's arrows
                wrapped += len(fitted.lines) > 1
                assert control.rect.height >= th.row_height
        assert wrapped  # at 2x some labels take two lines: their rows grew to hold them
    finally:
        set_look()
        i18n.set_language("en")
