"""Pass-and-play: a full screen that hides every hand until the next human is at the screen.

Opaque, so nothing of the table shows through. If the human who just played still holds one
unannounced card, they can still call "Last card!" here before passing (L or the button).
Input is ignored for a moment, so a click meant for the table does not skip the screen.
By ear it says whom to pass to, how to go on, and that L still says "Last card!".
"""

from __future__ import annotations

from collections.abc import Callable

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
            angle = (i - 2) * 8
            image = self.cards.turned(None, size, angle)
            surface.blit(image, image.get_rect(center=(w // 2 + (i - 2) * th.px(34),
                                                       round(h * 0.3) + abs(i - 2) * th.px(6))))
        draw_text_fit(surface, i18n.t("handoff.pass_to", player=self.player_name),
                      pygame.Rect(th.px(40), round(h * 0.5), w - th.px(80), th.px(70)),
                      th.px(52), color=(250, 218, 130), bold=True, shadow=(0, 0, 0))
        draw_text_fit(surface, i18n.t("handoff.no_peek"),
                      pygame.Rect(th.px(40), round(h * 0.5) + th.px(72), w - th.px(80), th.px(36)),
                      th.px(26), color=(246, 238, 214))
        if self.age >= ARM_DELAY:
            alpha = 170 + round(85 * wave(self.age, 1.6))
            draw_text_fit(surface, i18n.t("handoff.ready"),
                          pygame.Rect(th.px(40), round(h * 0.5) + th.px(116), w - th.px(80),
                                      th.px(32)),
                          th.px(21), color=(alpha, alpha, round(alpha * 0.9)))
        if self.announce_button.visible and self.announcer_name:
            draw_text_fit(surface, self.announcer_name,
                          pygame.Rect(th.px(40), self.announce_button.rect.top - th.px(34),
                                      w - th.px(80), th.px(30)),
                          th.px(20), color=(196, 204, 184))
            draw_button(self.announce_button, surface)
