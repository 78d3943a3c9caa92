"""A text field for a file's path that never hides the file's name: a path too long for the
box is shown from its end, behind a leading ellipsis (and, while the cursor is further left,
with a trailing one too). Said the same way: the file's name first, then its folder."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from craits import i18n
from craits.ui.fonts import get_font
from craits.ui.widgets import TextInput, draw_rounded
from craits.ui.widgets.base import spoken_parts

ELLIPSIS = "…"


def visible_part(text: str, cursor: int, fits: int,
                 width_of: Callable[[str], int]) -> tuple[str, int, bool, bool]:
    """The part of ``text`` shown in ``fits`` pixels (``width_of(s)``: the pixels of ``s``),
    the cursor's place within it, and whether text is hidden before it and after it. The end
    is shown, unless the cursor is left of that view: the cursor always shows."""
    if width_of(text) <= fits:
        return text, cursor, False, False
    mark = width_of(ELLIPSIS)
    start = len(text)
    while start > 0 and width_of(text[start - 1:]) <= fits - mark:
        start -= 1
    if cursor >= start:
        return text[start:], cursor - start, True, False
    room = fits - mark - (mark if cursor > 0 else 0)
    end = cursor
    while end < len(text) and width_of(text[cursor:end + 1]) <= room:
        end += 1
    return text[cursor:end], 0, cursor > 0, True


def spoken_path(text: str) -> str:
    """"game.json, in the folder /home/ada/records": the name first ("/" or "\\" apart);
    a folder alone, or a bare name, as typed."""
    cut = max(text.rfind("/"), text.rfind("\\"))
    name, folder = text[cut + 1:], text[:cut]
    if cut <= 0 or not name.strip():
        return text
    return f"{name}, {i18n.t('speech_more.in_folder', folder=folder)}"


class PathInput(TextInput):
    """``TextInput`` drawn from the end of its text, with an ellipsis where text is hidden."""

    def spoken(self) -> str:
        if not self.text:
            return super().spoken()
        state = "" if self.enabled else i18n.t("speech_menu.unavailable")
        return spoken_parts(self.spoken_name(), i18n.t("speech_menu.text_field"),
                            spoken_path(self.text), state)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        th = self.theme
        border = th.gold if self.focused else th.panel_border
        draw_rounded(surface, self.rect, th.track, th.px(8), border=border,
                     border_width=max(1, th.px(2)))
        inner = self.rect.inflate(-th.px(20), -th.px(8))
        color = th.text if self.text and self.enabled else th.text_dim
        font = get_font(min(th.body_size, max(8, inner.height - 2)))
        part, cursor, before, after = visible_part(self.text, self.cursor,
                                                   inner.width - th.px(4),
                                                   lambda s: font.size(s)[0])
        shown = (ELLIPSIS if before else "") + (part or ("" if self.text else self.placeholder))
        shown += ELLIPSIS if after else ""
        y = inner.centery - font.get_linesize() // 2
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        surface.blit(font.render(shown, True, color), (inner.left, y))
        if self.focused and self._blink < 0.6:
            lead = (ELLIPSIS if before else "") + part[:cursor]
            x = inner.left + font.size(lead)[0]
            pygame.draw.line(surface, th.gold_light, (x, y + 2),
                             (x, y + font.get_linesize() - 2), max(1, th.px(2)))
        surface.set_clip(clip)
        self.draw_focus(surface)
