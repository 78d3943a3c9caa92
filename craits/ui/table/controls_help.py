"""Every key and mouse gesture at the table, in one list over it (F1 or ?), and the small tip
that points to it the first time the viewer's turn comes at a table.

By ear: the list says its title and how to read it as it opens, never the whole list at once;
Up and Down (Home, End) step through the rows, each said with its keys in words
("Shift plus Enter") and its place, and drawn picked out.

``CONTROLS`` is the table's list, in the order the overlay shows it (``craits.ui.controls_list``,
which the rules screen shows too); the round review has a list of its own.
"""

from __future__ import annotations

import functools

import pygame

from craits import i18n
from craits.ui.controls_list import LISTS, control_rows
from craits.ui.dialogs.overlay import OverlayScene
from craits.ui.scene import SceneContext
from craits.ui.speech.screen import ScreenSpeech, joined
from craits.ui.speech.symbols import in_words, keys_in_words
from craits.ui.tabletop.hand_input import is_controls_key
from craits.ui.tabletop.painter import CREAM, GOLD_LIGHT
from craits.ui.widgets import Button, draw_text_fit, fit_text
from craits.ui.widgets.button_images import draw_button
from craits.ui.widgets.textcache import blit_text


@functools.lru_cache(maxsize=8)  # asked every frame; it changes with the window and the language
def row_plan(rows: tuple[tuple[str, str], ...], columns: int, keys_w: int, text_w: int,
             height: int, sizes: tuple[int, int], pad: int) -> tuple[int, tuple[int, ...]]:
    """One font size for every row, the largest of ``sizes`` (largest, least) at which the
    rows fit ``height`` in ``columns``, each row as tall as its wrapped lines and ``pad`` (a
    long one does not shrink the rest); and each row's height."""
    per_column = -(-len(rows) // columns)
    for size in range(sizes[0], sizes[1] - 1, -1):
        heights = tuple(pad + max(fit_text(keys, keys_w, 10_000, size, bold=True, wrap=True,
                                           min_size=size).height,
                                  fit_text(does, text_w, 10_000, size, wrap=True,
                                           min_size=size).height) for keys, does in rows)
        if all(sum(heights[c * per_column:(c + 1) * per_column]) <= height
               for c in range(columns)):
            break
    return size, heights


class ControlsScene(OverlayScene):
    """The controls at the table (or another screen's); F1, ?, Esc, Enter or Close puts it
    away."""

    panel_share = (0.86, 0.92)
    panel_min = (900, 560)
    dim_alpha = 170

    def __init__(self, app: SceneContext, where: str = "table") -> None:
        """``where``: whose keys (``controls_list.LISTS``): the table's, or the review's."""
        super().__init__(app)
        self.where = where
        self.title_key = LISTS[where][0]
        self.row: int | None = None  # the row the arrows are on (None: none yet)
        self.scroll = 0  # pixels: in large print the list may be longer than its room
        self.speech = ScreenSpeech(self, self.spoken_opening)
        self.layout()

    def layout(self) -> None:
        th = self.theme
        panel = self.panel_rect()
        self.panel = panel
        bw = min(th.px(200), panel.width // 3)
        bh = th.button_height
        self.close_button = Button(
            pygame.Rect(panel.right - th.px(24) - bw, panel.bottom - th.px(18) - bh, bw, bh),
            i18n.t("common.close"), self.close, style="primary", text_size=th.tx(20))
        self.close_button.set_theme(th)
        self.scroll = 0

    def close(self) -> None:
        self.dismiss(None)

    def rows(self) -> list[tuple[str, str]]:
        """(keys, what they do) in the current language."""
        return control_rows(self.where)

    def spoken_row(self, index: int) -> str:
        """"Shift plus click, Shift plus Enter: Play the card and ..., 10 of 27"."""
        rows = self.rows()
        keys, does = rows[index]
        place = i18n.t("speech_menu.position", position=index + 1, count=len(rows))
        return f"{keys_in_words(keys)}: {in_words(does)}, {place}"

    def spoken_opening(self) -> str:
        """The title and how to read the list (the rows one at a time: a list read whole
        is a few hundred words that cannot be stopped at the row wanted)."""
        return joined((i18n.t(self.title_key), i18n.t("speech_more.controls_hint")))

    def speak_screen(self) -> None:
        self.speech.again()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.speech.update()

    def list_area(self) -> pygame.Rect:
        """Where the rows are shown, between the title and the Close button."""
        th, panel = self.theme, self.panel
        top = panel.top + th.px(64)
        return pygame.Rect(panel.left, top, panel.width,
                           self.close_button.rect.top - th.px(10) - top)

    def scroll_by(self, delta: int) -> None:
        """Move the rows up (``delta`` > 0) or down, never past their ends."""
        boxes = self.row_boxes()[1]
        longest = max(band.bottom for band, _, _ in boxes) + self.scroll - self.list_area().top
        self.scroll = max(0, min(self.scroll + delta, longest - self.list_area().height))

    def step_to(self, index: int) -> None:
        self.row = max(0, min(index, len(self.rows()) - 1))
        band, area = self.row_boxes()[1][self.row][0], self.list_area()
        if band.top < area.top or band.bottom > area.bottom:  # the row the arrows reached
            self.scroll_by(band.top - area.top if band.top < area.top
                           else band.bottom - area.bottom)
        self.speech.say(self.spoken_row(self.row))

    def handle(self, event: pygame.event.Event) -> None:
        if self.close_button.handle(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.theme.px(60))
        if event.type != pygame.KEYDOWN:
            return
        row = -1 if self.row is None else self.row
        steps = {pygame.K_DOWN: row + 1, pygame.K_UP: max(0, row - 1), pygame.K_HOME: 0,
                 pygame.K_END: len(self.rows()) - 1}
        if event.key in steps:
            self.step_to(steps[event.key])
            return
        if is_controls_key(event) or event.key in (pygame.K_ESCAPE, pygame.K_RETURN,
                                                   pygame.K_KP_ENTER, pygame.K_SPACE):
            self.close()

    def row_boxes(self) -> tuple[int, list[tuple[pygame.Rect, pygame.Rect, pygame.Rect]]]:
        """The rows' type size, and each row's band, keys box and words box: in two columns
        where the panel is wide, each row as tall as its wrapped lines."""
        th = self.theme
        pad = th.px(26)
        rows = self.rows()
        area = self.list_area()
        top, bottom, panel = area.top, area.bottom, self.panel
        columns = 2 if panel.width >= th.px(880) else 1
        per_column = -(-len(rows) // columns)
        gutter = th.px(24)
        column_w = (panel.width - 2 * pad - gutter * (columns - 1)) // columns
        keys_w = round(column_w * 0.4)
        text_w = column_w - keys_w - th.px(12)
        # Large print keeps most of its size and scrolls (``self.scroll``) rather than
        # shrink to normal print's least.
        least = th.tx(15) if th.text_scale > 1 else th.px(9)
        size, heights = row_plan(tuple(rows), columns, keys_w, text_w, bottom - top,
                                 (th.tx(19), least), th.px(6))
        boxes = []
        y = top - self.scroll
        for i, row_h in enumerate(heights):
            column, line = divmod(i, per_column)
            y = top - self.scroll if line == 0 else y
            left = panel.left + pad + column * (column_w + gutter)
            boxes.append((pygame.Rect(left - th.px(6), y, column_w + th.px(12), row_h),
                          pygame.Rect(left, y, keys_w, row_h),
                          pygame.Rect(left + keys_w + th.px(12), y, text_w, row_h)))
            y += row_h
        return size, boxes

    @staticmethod
    def _striped(index: int, boxes: list[tuple[pygame.Rect, pygame.Rect, pygame.Rect]]) -> bool:
        """Every other row of a column has a faint band."""
        left = boxes[index][0].left
        return sum(1 for band, _, _ in boxes[:index] if band.left == left) % 2 == 0

    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        panel = self.panel
        self.draw_backdrop(surface, panel)
        pad = th.px(26)
        draw_text_fit(surface, i18n.t(self.title_key),
                      pygame.Rect(panel.left + pad, panel.top + th.px(14), panel.width - 2 * pad,
                                  th.px(44)),
                      th.px(30), color=GOLD_LIGHT, bold=True, shadow=(0, 0, 0))
        size, boxes = self.row_boxes()
        area, clip = self.list_area(), surface.get_clip()
        surface.set_clip(area.clip(clip))
        for i, ((keys, does), (band, keys_box, does_box)) in enumerate(zip(self.rows(), boxes,
                                                                           strict=True)):
            if not band.colliderect(area):
                continue
            if i == self.row or self._striped(i, boxes):
                shade = pygame.Surface(band.size, pygame.SRCALPHA)
                shade.fill((*GOLD_LIGHT, 70) if i == self.row else (255, 255, 255, 12))
                surface.blit(shade, band.topleft)
            draw_text_fit(surface, keys, keys_box, size, color=GOLD_LIGHT, bold=True, align="left",
                          wrap=True, min_size=size)
            draw_text_fit(surface, does, does_box, size, color=CREAM, align="left", wrap=True,
                          min_size=size)
        surface.set_clip(clip)
        blit_text(surface, i18n.t("controls.close_hint"), th.tx(16), (180, 192, 176),
                  midleft=(panel.left + pad, self.close_button.rect.centery),
                  max_width=self.close_button.rect.left - panel.left - 2 * pad)
        draw_button(self.close_button, surface)
