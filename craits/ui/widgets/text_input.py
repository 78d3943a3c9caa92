"""``TextInput``: a one-line text field for player names."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from craits import i18n
from craits.ui.fonts import get_font
from craits.ui.widgets.base import Widget, spoken_parts
from craits.ui.widgets.drawing import draw_rounded


class TextInput(Widget):
    """A one-line text field (player names): type when focused, Backspace/Delete, Home/End."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        text: str = "",
        on_change: Callable[[str], object] | None = None,
        *,
        max_length: int = 20,
        placeholder: str = "",
        enabled: bool = True,
    ) -> None:
        super().__init__(rect, enabled=enabled)
        self.max_length = max_length
        self.text = text[:max_length]
        self.on_change = on_change
        self.placeholder = placeholder
        self.cursor = len(self.text)
        self._blink = 0.0

    def set_text(self, text: str) -> None:
        text = "".join(ch for ch in text if ch.isprintable())[: self.max_length]
        if text != self.text:
            self.text = text
            self.cursor = min(self.cursor, len(text))
            if self.on_change is not None:
                self.on_change(text)

    # ---- speech: the field and its text as focus reaches it; then what is typed or erased

    def spoken_value(self) -> str:
        return self.text

    def spoken(self) -> str:
        shown = self.text or self.placeholder or i18n.t("speech_menu.empty")
        state = "" if self.enabled else i18n.t("speech_menu.unavailable")
        return spoken_parts(self.spoken_name(), i18n.t("speech_menu.text_field"), shown, state)

    def spoken_change(self, before: str) -> str:
        text = self.text
        if text.startswith(before) or before.startswith(text):  # typed, or erased, at the end
            changed = text[len(before):] or before[len(text):]
        else:
            changed = text or self.placeholder
        return changed if changed.strip() else i18n.t("speech_menu.space")

    def handle(self, event: pygame.event.Event) -> bool:
        if not self._takes_input(event):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.cursor = len(self.text)
                return True  # the focus group gives it focus
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.TEXTINPUT:
            room = self.max_length - len(self.text)
            typed = "".join(ch for ch in event.text if ch.isprintable())[: max(0, room)]
            if typed:
                before, after = self.text[: self.cursor], self.text[self.cursor :]
                self.cursor += len(typed)
                self.set_text(before + typed + after)
            self._blink = 0.0
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if key == pygame.K_BACKSPACE:
            if self.cursor > 0:
                before, after = self.text[: self.cursor - 1], self.text[self.cursor :]
                self.cursor -= 1
                self.set_text(before + after)
            return True
        if key == pygame.K_DELETE:
            if self.cursor < len(self.text):
                self.set_text(self.text[: self.cursor] + self.text[self.cursor + 1 :])
            return True
        moves = {pygame.K_LEFT: self.cursor - 1, pygame.K_RIGHT: self.cursor + 1,
                 pygame.K_HOME: 0, pygame.K_END: len(self.text)}
        if key in moves:
            self.cursor = max(0, min(len(self.text), moves[key]))
            return True
        # Printable keys arrive as TEXTINPUT; swallow their KEYDOWN so shortcuts do not fire.
        if event.unicode and event.unicode.isprintable() and key not in (pygame.K_RETURN,):
            return True
        return False

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        th = self.theme
        border = th.gold if self.focused else th.panel_border
        draw_rounded(
            surface, self.rect, th.track, th.px(8), border=border, border_width=max(1, th.px(2))
        )
        inner = self.rect.inflate(-th.px(20), -th.px(8))
        shown = self.text or self.placeholder
        color = th.text if self.text else th.text_dim
        if not self.enabled:
            color = th.disabled_text
        # Fixed size (shrinking while typing is distracting); long names are cut at the box.
        size = min(th.body_size, max(8, inner.height - 2))
        font = get_font(size)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        text_w = font.size(self.text[: self.cursor])[0]
        offset = max(0, text_w - inner.width + th.px(4))
        y = inner.centery - font.get_linesize() // 2
        surface.blit(font.render(shown, True, color), (inner.left - offset, y))
        if self.focused and self._blink < 0.6:
            x = inner.left + text_w - offset
            pygame.draw.line(
                surface,
                th.gold_light,
                (x, y + 2),
                (x, y + font.get_linesize() - 2),
                max(1, th.px(2)),
            )
        surface.set_clip(clip)
        self.draw_focus(surface)
