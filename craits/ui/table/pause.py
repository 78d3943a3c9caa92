"""Esc at the table: the game stops (no computer moves, no clock) under a small menu —
resume, rules, settings, or quit to the title (the game is saved and can be continued)."""

from __future__ import annotations

import pygame

from craits import i18n
from craits.ui.dialogs.overlay import OverlayScene
from craits.ui.scene import SceneContext
from craits.ui.speech.screen import ScreenSpeech
from craits.ui.widgets import Button, FocusGroup, draw_text_fit
from craits.ui.widgets.rows import Column


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
            ("menu.resume", lambda: self.dismiss(None), "primary"),
            ("menu.rules", lambda: self.app.scenes.push(self.app.screens.rules()), "secondary"),
            ("menu.settings", lambda: self.app.scenes.push(self.app.screens.settings()),
             "secondary"),
            ("menu.main_menu", lambda: self.app.show_title(), "secondary"),
        ]
        pad, gap = th.px(28), th.px(12)
        # The heading and the buttons grow with large print; the panel holds them (in a low
        # window the buttons share the room there is).
        heading = th.tx(46) + th.px(34)
        room = self.size[1] - th.px(40) - heading - pad - gap * (len(entries) - 1)
        bh = min(th.button_height, room // len(entries))
        panel.height = heading + len(entries) * (bh + gap) - gap + pad
        panel.centery = self.size[1] // 2
        rows = Column(panel.left + pad, panel.top + heading, panel.width - 2 * pad)
        self.buttons = []
        for key, action, style in entries:
            button = Button(rows.take(bh, after=gap), i18n.t(key), action, style=style,
                            text_size=th.tx(22))
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

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.dismiss(None)  # back to the game
            return
        self.focus.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        self.draw_backdrop(surface, self.panel)
        draw_text_fit(surface, i18n.t("table.menu"),
                      pygame.Rect(self.panel.left + th.px(20), self.panel.top + th.px(18),
                                  self.panel.width - th.px(40), th.tx(46)),
                      th.tx(32), color=(250, 218, 130), bold=True, shadow=(0, 0, 0))
        self.focus.draw(surface)
