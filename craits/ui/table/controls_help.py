"""Every key and mouse gesture at the table, in one list over it (F1 or ?), and the small tip
that points to it the first time the viewer's turn comes at a table.

By ear: the list says its title and how to read it as it opens (at full detail every row
too); Up and Down (Home, End) step through the rows, each said with its keys in words
("Shift plus Enter") and its place, and drawn picked out.

``CONTROLS`` is the list, in the order the overlay shows it (``craits.ui.controls_list``, which
the rules screen shows too).
"""

from __future__ import annotations

import pygame

from craits import i18n
from craits.ui.controls_list import CONTROLS, control_rows
from craits.ui.dialogs.overlay import OverlayScene
from craits.ui.scene import SceneContext
from craits.ui.speech.screen import ScreenSpeech, joined
from craits.ui.speech.symbols import in_words, keys_in_words
from craits.ui.widgets import Button, draw_text_fit, fit_text
from craits.ui.widgets.button_images import draw_button
from craits.ui.widgets.textcache import blit_text

GOLD = (250, 218, 130)
CREAM = (246, 238, 214)


class ControlsScene(OverlayScene):
    """The controls at the table; F1, ?, Esc, Enter or Close puts it away."""

    panel_share = (0.86, 0.92)
    panel_min = (900, 560)
    dim_alpha = 170

    def __init__(self, app: SceneContext) -> None:
        super().__init__(app)
        self._size_for: tuple[object, ...] | None = None
        self._size = 0
        self.row: int | None = None  # the row the arrows are on (None: none yet)
        self.speech = ScreenSpeech(self, self.spoken_opening)
        self.layout()

    def layout(self) -> None:
        th = self.theme
        panel = self.panel_rect()
        self.panel = panel
        bw = min(th.px(200), panel.width // 3)
        bh = th.px(48)
        self.close_button = Button(
            pygame.Rect(panel.right - th.px(24) - bw, panel.bottom - th.px(18) - bh, bw, bh),
            i18n.t("common.close"), self.close, style="primary", text_size=th.px(20))
        self.close_button.set_theme(th)

    def close(self) -> None:
        self.dismiss(None)

    def rows(self) -> list[tuple[str, str]]:
        return control_rows()

    def spoken_row(self, index: int) -> str:
        """"Shift plus click, Shift plus Enter: Play the card and ..., 10 of 27"."""
        keys, does = self.rows()[index]
        place = i18n.t("speech_menu.position", position=index + 1, count=len(CONTROLS))
        return f"{keys_in_words(keys)}: {in_words(does)}, {place}"

    def spoken_opening(self) -> str:
        """The title and how to read the list; at full detail every row as well."""
        speaker = getattr(self.app, "speech", None)
        rows = [self.spoken_row(i) for i in range(len(CONTROLS))] \
            if speaker is not None and speaker.wants("full") else []
        return joined((i18n.t("controls.title"), i18n.t("speech_more.controls_hint"), *rows))

    def speak_screen(self) -> None:
        self.speech.again()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.speech.update()

    def step_to(self, index: int) -> None:
        self.row = max(0, min(index, len(CONTROLS) - 1))
        self.speech.say(self.spoken_row(self.row))

    def handle(self, event: pygame.event.Event) -> None:
        if self.close_button.handle(event):
            return
        if event.type != pygame.KEYDOWN:
            return
        row = -1 if self.row is None else self.row
        steps = {pygame.K_DOWN: row + 1, pygame.K_UP: max(0, row - 1), pygame.K_HOME: 0,
                 pygame.K_END: len(CONTROLS) - 1}
        if event.key in steps:
            self.step_to(steps[event.key])
            return
        if event.key in (pygame.K_F1, pygame.K_QUESTION, pygame.K_ESCAPE, pygame.K_RETURN,
                         pygame.K_KP_ENTER, pygame.K_SPACE) \
                or getattr(event, "unicode", "") == "?":
            self.close()

    def row_size(self, rows: list[tuple[str, str]], keys_w: int, text_w: int,
                 row_h: int) -> int:
        """One font size for every row: the largest at which each row fits its box (wrapped
        if need be), so no row is set smaller than the rest."""
        key = (keys_w, text_w, row_h, tuple(rows))
        if key != self._size_for:
            th = self.theme
            size = min(th.px(19), max(th.px(11), round(row_h * 0.58)))
            for keys, does in rows:
                size = min(size,
                           fit_text(keys, keys_w, row_h, size, bold=True, wrap=True,
                                    min_size=th.px(9)).size,
                           fit_text(does, text_w, row_h, size, wrap=True,
                                    min_size=th.px(9)).size)
            self._size_for, self._size = key, size
        return self._size

    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        panel = self.panel
        self.draw_backdrop(surface, panel)
        pad = th.px(26)
        draw_text_fit(surface, i18n.t("controls.title"),
                      pygame.Rect(panel.left + pad, panel.top + th.px(14), panel.width - 2 * pad,
                                  th.px(44)),
                      th.px(30), color=GOLD, bold=True, shadow=(0, 0, 0))
        rows = self.rows()
        top = panel.top + th.px(64)
        bottom = self.close_button.rect.top - th.px(10)
        row_h = max(1, (bottom - top) // len(rows))
        keys_w = round((panel.width - 2 * pad) * 0.4)
        text_left = panel.left + pad + keys_w + th.px(16)
        text_w = panel.right - pad - text_left
        size = self.row_size(rows, keys_w, text_w, row_h)
        for i, (keys, does) in enumerate(rows):
            y = top + i * row_h
            if i % 2 == 0 or i == self.row:
                band = pygame.Surface((panel.width - th.px(24), row_h), pygame.SRCALPHA)
                band.fill((*GOLD, 70) if i == self.row else (255, 255, 255, 12))
                surface.blit(band, (panel.left + th.px(12), y))
            draw_text_fit(surface, keys, pygame.Rect(panel.left + pad, y, keys_w, row_h), size,
                          color=GOLD, bold=True, align="left", wrap=True, min_size=size)
            draw_text_fit(surface, does, pygame.Rect(text_left, y, text_w, row_h), size,
                          color=CREAM, align="left", wrap=True, min_size=size)
        blit_text(surface, i18n.t("controls.close_hint"), th.px(16), (180, 192, 176),
                  midleft=(panel.left + pad, self.close_button.rect.centery),
                  max_width=self.close_button.rect.left - panel.left - 2 * pad)
        draw_button(self.close_button, surface)
