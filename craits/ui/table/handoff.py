"""Pass-and-play: a full screen that hides every hand until the next human is at the screen.

Opaque, so nothing of the table shows through. If the human who just played still holds one
unannounced card, they can still call "Last card!" here before passing (L or the button).
Input is ignored for a moment, so a click meant for the table does not skip the screen.
By ear it says whom to pass to, how to go on, and that L still says "Last card!".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from craits import i18n
from craits.ui.cards.painter import CardPainter
from craits.ui.scene import Scene, SceneContext
from craits.ui.speech.screen import ScreenSpeech, joined
from craits.ui.tabletop.tween import wave
from craits.ui.widgets import Button, Theme, draw_text_fit, felt_background
from craits.ui.widgets.button_images import draw_button

ARM_DELAY = 0.45


class HandoffScene(Scene):
    transparent = False

    def __init__(
        self,
        app: SceneContext,
        player_name: str,
        *,
        announcer_name: str | None = None,
        on_announce: Callable[[], object] | None = None,
    ) -> None:
        super().__init__(app)
        self.player_name = player_name
        self.announcer_name = announcer_name
        self.on_announce = on_announce
        self.age = 0.0
        self.size: tuple[int, int] = app.size
        self.cards = CardPainter(app.card_art)
        self.speech = ScreenSpeech(self, self.spoken)
        self.layout()

    def spoken(self) -> str:
        """"Pass to Ada. Don't peek! Press any key, or click, when Ada is ready."."""
        said = [i18n.t("handoff.pass_to", player=self.player_name), i18n.t("handoff.no_peek"),
                i18n.t("speech_more.handoff_ready", player=self.player_name)]
        if self.on_announce is not None and self.announcer_name:
            said.append(i18n.t("speech_more.handoff_last_card", player=self.announcer_name))
        return joined(said)

    def speak_screen(self) -> None:
        self.speech.again()

    def layout(self) -> None:
        self.theme = th = Theme.for_size(self.size)
        w, h = self.size
        bw = min(th.px(380), w - th.px(80))
        self.announce_button = Button(pygame.Rect((w - bw) // 2, round(h * 0.78), bw, th.px(56)),
                                      f"{i18n.t('table.last_card')}  (L)", self.announce)
        self.announce_button.set_theme(th)
        self.announce_button.visible = self.on_announce is not None

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.layout()

    def announce(self) -> None:
        if self.on_announce is not None:
            self.on_announce()
            self.on_announce = None
            self.announce_button.visible = False

    def handle(self, event: pygame.event.Event) -> None:
        if self.announce_button.visible and self.announce_button.handle(event):
            return
        if self.age < ARM_DELAY:
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_l and self.on_announce is not None:
                self.announce()
            elif event.key not in (pygame.K_F11,):
                self.dismiss(None)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dismiss(None)

    def update(self, dt: float) -> None:
        self.age += dt
        self.speech.update()

    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        w, h = self.size
        surface.blit(felt_background(surface.get_size()), (0, 0))
        # A closed hand of card backs: only public information here.
        ch = round(h * 0.24)
        size = (round(ch * 5 / 7), ch)
        for i in range(5):
            image = self.cards.turned(None, size, (i - 2) * 8)
            surface.blit(image, image.get_rect(center=(w // 2 + (i - 2) * th.px(34),
                                                       round(h * 0.3) + abs(i - 2) * th.px(6))))

        def line(text: str, top: int, height: int, size: int, **style: Any) -> None:
            """A line of text across the screen, ``top`` down."""
            draw_text_fit(surface, text, pygame.Rect(th.px(40), top, w - th.px(80), th.px(height)),
                          th.px(size), **style)

        middle = round(h * 0.5)
        line(i18n.t("handoff.pass_to", player=self.player_name), middle, 70, 52,
             color=(250, 218, 130), bold=True, shadow=(0, 0, 0))
        line(i18n.t("handoff.no_peek"), middle + th.px(72), 36, 26, color=(246, 238, 214))
        if self.age >= ARM_DELAY:
            alpha = 170 + round(85 * wave(self.age, 1.6))
            line(i18n.t("handoff.ready"), middle + th.px(116), 32, 21,
                 color=(alpha, alpha, round(alpha * 0.9)))
        if self.announce_button.visible and self.announcer_name:
            line(self.announcer_name, self.announce_button.rect.top - th.px(34), 30, 20,
                 color=(196, 204, 184))
            draw_button(self.announce_button, surface)
