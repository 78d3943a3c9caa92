"""Esc at the table: the game stops (no computer moves, no clock) under a small menu —
resume, rules, settings, or quit to the title (the game is saved and can be continued)."""

from __future__ import annotations

import pygame

from craits import i18n
from craits.ui.dialogs.overlay import OverlayScene
from craits.ui.scene import SceneContext
from craits.ui.speech.screen import ScreenSpeech
from craits.ui.widgets import Button, FocusGroup, draw_text_fit


class PauseScene(OverlayScene):
    panel_share = (0.32, 0.62)
    panel_min = (400, 440)

    def __init__(self, app: SceneContext) -> None:
        super().__init__(app)
        self.focus = FocusGroup()
        self.speech = ScreenSpeech(self, lambda: i18n.t("table.menu"), self.focus)
        self.layout()

    def layout(self) -> None:
        th = self.theme
        panel = self.panel_rect()
        self.panel = panel
        entries = [
            ("menu.resume", self.resume, "primary"),
            ("menu.rules", self.open_rules, "secondary"),
            ("menu.settings", self.open_settings, "secondary"),
            ("menu.main_menu", self.quit_to_title, "secondary"),
        ]
        pad = th.px(28)
        gap = th.px(12)
        bh = th.px(54)
        height = th.px(80) + len(entries) * bh + (len(entries) - 1) * gap + pad
        panel.height = min(panel.height, height)
        panel.centery = self.size[1] // 2
        top = panel.top + th.px(80)
        self.buttons = []
        for i, (key, action, style) in enumerate(entries):
            rect = pygame.Rect(panel.left + pad, top + i * (bh + gap), panel.width - 2 * pad, bh)
            button = Button(rect, i18n.t(key), action, style=style, text_size=th.px(22))
            button.set_theme(th)
            self.buttons.append(button)
        self.focus.set_widgets(self.buttons, focus_index=0)

    def on_enter(self) -> None:
        # The size, language, felt or large print may have changed in the settings.
        self.speech.again()
        self.on_resize(self.app.size)

    def speak_screen(self) -> None:
        self.speech.again()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.speech.update()

    def resume(self) -> None:
        self.dismiss(None)

    def open_rules(self) -> None:
        self.app.scenes.push(self.app.screens.rules())

    def open_settings(self) -> None:
        self.app.scenes.push(self.app.screens.settings())

    def quit_to_title(self) -> None:
        self.app.show_title()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume()
            return
        self.focus.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        self.draw_backdrop(surface, self.panel)
        draw_text_fit(surface, i18n.t("table.menu"),
                      pygame.Rect(self.panel.left + th.px(20), self.panel.top + th.px(18),
                                  self.panel.width - th.px(40), th.px(46)),
                      th.px(32), color=(250, 218, 130), bold=True, shadow=(0, 0, 0))
        self.focus.draw(surface)
