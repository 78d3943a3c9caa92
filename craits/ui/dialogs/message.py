"""A message for the player in a box over the current screen: notices, problems, the crash
report. Buttons are (label, callback, style); Enter picks the first, Esc the last."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from craits import i18n
from craits.ui.dialogs.overlay import OverlayScene
from craits.ui.scene import SceneContext
from craits.ui.speech.screen import ScreenSpeech, joined
from craits.ui.widgets import Button, draw_text_fit, fit_text
from craits.ui.widgets.button_images import draw_button

ButtonSpec = tuple[str, Callable[[], object] | None, str]


class MessageScene(OverlayScene):
    panel_share = (0.6, 0.46)
    panel_min = (640, 330)
    dim_alpha = 180

    def __init__(self, app: SceneContext, title: str, body: str,
                 buttons: Sequence[ButtonSpec] | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.body = body
        self.specs = list(buttons) if buttons else [(i18n.t("common.ok"), None, "primary")]
        # Said as it opens: the title, the message and its buttons (Enter picks the first).
        self.speech = ScreenSpeech(self, lambda: joined(
            (self.title, self.body, *(spec[0] for spec in self.specs))))
        self.layout()

    def layout(self) -> None:
        th = self.theme
        panel = self.panel_rect()
        pad = th.px(26)

        body = fit_text(self.body, panel.width - 2 * pad, panel.height, th.tx(21), wrap=True,
                        min_size=th.px(11))
        bh = th.button_height
        wanted = self.body_top(panel) - panel.top + body.height + th.px(24) + bh + pad
        panel.height = min(panel.height, max(th.px(220), wanted))
        panel.centery = self.size[1] // 2
        self.panel = panel
        n = len(self.specs)
        gap = th.px(14)
        bw = min(th.px(260), (panel.width - 2 * pad - gap * (n - 1)) // n)
        x = panel.right - pad - n * bw - (n - 1) * gap
        y = panel.bottom - pad - bh
        self.buttons = []
        for i, (label, _callback, style) in enumerate(self.specs):
            button = Button(pygame.Rect(x + i * (bw + gap), y, bw, bh), label,
                            partial(self.choose, i), style=style, text_size=th.tx(21))
            button.set_theme(th)
            self.buttons.append(button)

    def body_top(self, panel: pygame.Rect) -> int:
        """Below the title, which grows with large print."""
        return panel.top + self.theme.px(30) + self.theme.tx(46)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.speech.update()

    def speak_screen(self) -> None:
        self.speech.again()

    def choose(self, index: int) -> None:
        callback = self.specs[index][1]
        self.dismiss(index)
        if callback is not None:
            callback()

    def handle(self, event: pygame.event.Event) -> None:
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(0)
            elif event.key == pygame.K_ESCAPE:
                self.choose(len(self.specs) - 1)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        panel = self.panel
        self.draw_backdrop(surface, panel)
        pad = th.px(26)
        draw_text_fit(surface, self.title,
                      pygame.Rect(panel.left + pad, panel.top + th.px(18), panel.width - 2 * pad,
                                  th.tx(46)),
                      th.tx(32), color=(250, 218, 130), bold=True, shadow=(0, 0, 0))
        body_top = self.body_top(panel)
        draw_text_fit(surface, self.body,
                      pygame.Rect(panel.left + pad, body_top, panel.width - 2 * pad,
                                  self.buttons[0].rect.top - th.px(16) - body_top),
                      th.tx(21), color=(246, 238, 214), wrap=True, valign="top", align="left",
                      min_size=th.px(11))
        for b in self.buttons:
            draw_button(b, surface)
