"""Controls that set a value: ``Toggle`` (on/off), ``Choice`` (one of a list), ``Slider``
(0.0 to 1.0)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import pygame

from craits import i18n
from craits.ui.fonts import get_font
from craits.ui.widgets.base import Widget, _clicked
from craits.ui.widgets.drawing import draw_rounded
from craits.ui.widgets.text import draw_text_fit, wrapped_height

ROW_PAD = 12  # above and below a wrapped label in its row (1280x800 pixels)


def _label_row_height(widget: Widget, label: str, box: pygame.Rect, least: int) -> int:
    """A row as tall as ``label`` wrapped in ``box`` at body size needs, at least ``least``."""
    if not label:
        return least
    th = widget.theme
    return max(least, wrapped_height(label, box.width, th.body_size) + th.px(ROW_PAD))


def _draw_label(widget: Widget, surface: pygame.Surface, label: str, box: pygame.Rect) -> None:
    """A control's label at the left of its row: wrapped rather than shrunk."""
    th = widget.theme
    draw_text_fit(surface, label, box, th.body_size, align="left", wrap=True,
                  color=th.text if widget.enabled else th.disabled_text)


class Toggle(Widget):
    """An on/off switch with a label on its left; click or Enter/Space flips it."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: str,
        value: bool,
        on_change: Callable[[bool], object] | None = None,
        *,
        enabled: bool = True,
        on_text: str = "",
        off_text: str = "",
    ) -> None:
        super().__init__(rect, enabled=enabled)
        self.label = label
        self.value = bool(value)
        self.on_change = on_change
        self.on_text, self.off_text = on_text, off_text

    def set_value(self, value: bool) -> None:
        value = bool(value)
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def activate(self) -> None:
        if self.enabled:
            _clicked()
            self.set_value(not self.value)

    def spoken_value(self) -> str:
        if self.value:
            return self.on_text or i18n.t("common.on")
        return self.off_text or i18n.t("common.off")

    def handle(self, event: pygame.event.Event) -> bool:
        if not self._takes_input(event):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.activate()
                return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            if self.enabled:
                _clicked()
                self.set_value(event.key == pygame.K_RIGHT)
            return True
        return super().handle_key(event)

    def switch_rect(self) -> pygame.Rect:
        th = self.theme
        h = min(self.rect.height - th.px(8), th.px(30 * (1 + (th.text_scale - 1) * 0.5)))
        w = round(h * 1.9)
        return pygame.Rect(self.rect.right - w - th.px(8), self.rect.centery - h // 2, w, h)

    def state_width(self) -> int:
        """Room for the longer of "On" and "Off" at its full size (a third of the row at most)."""
        font = get_font(self.theme.small_size)
        widest = max(font.size(text)[0] for text in (self.on_text, self.off_text))
        return min(self.rect.width // 3, widest + self.theme.px(4)) if widest else 0

    def label_box(self) -> pygame.Rect:
        th = self.theme
        width = self.switch_rect().left - self.rect.left - th.px(20) - self.state_width()
        return pygame.Rect(self.rect.left + th.px(10), self.rect.top, width, self.rect.height)

    def height_for(self, width: int, least: int) -> int:
        self.rect = pygame.Rect(0, 0, width, least)
        return _label_row_height(self, self.label, self.label_box(), least)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        th = self.theme
        self._draw_hover(surface)
        sw = self.switch_rect()
        state = self.on_text if self.value else self.off_text
        if state:
            state_w = self.state_width()
            draw_text_fit(
                surface,
                state,
                pygame.Rect(sw.left - state_w - th.px(6), self.rect.top, state_w, self.rect.height),
                th.small_size,
                color=th.text_dim,
                align="right",
            )
        _draw_label(self, surface, self.label, self.label_box())
        track = th.gold if self.value else th.track
        if not self.enabled:
            track = th.disabled
        draw_rounded(surface, sw, track, sw.height // 2, border=th.panel_border, border_width=1)
        knob_r = sw.height // 2 - th.px(3)
        kx = sw.right - sw.height // 2 if self.value else sw.left + sw.height // 2
        pygame.draw.circle(surface, (0, 0, 0, 60), (kx, sw.centery + th.px(2)), knob_r)
        pygame.draw.circle(
            surface, th.text if self.enabled else th.disabled_text, (kx, sw.centery), knob_r
        )
        self.draw_focus(surface)


V = TypeVar("V")  # a Choice's values


class Choice(Widget, Generic[V]):
    """A value picked from options with < and > arrows (click, or Left/Right when focused).

    ``options`` are (value, text) pairs; ``on_change(value)`` fires after each change.
    """

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: str,
        options: Sequence[tuple[V, str]],
        value: V,
        on_change: Callable[[V], object] | None = None,
        *,
        enabled: bool = True,
        wrap_around: bool = True,
        label_share: float = 0.5,
        text_size: int | None = None,
    ) -> None:
        if not options:
            raise ValueError("a Choice needs at least one option")
        super().__init__(rect, enabled=enabled)
        self.label = label
        self.options = list(options)
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change
        self.wrap_around = wrap_around
        self.label_share = label_share if label else 0.0
        self.text_size = text_size  # the value's font size (None: the theme's body size)

    @property
    def value(self) -> V:
        return self.options[self.index][0]

    @property
    def text(self) -> str:
        return self.options[self.index][1]

    def set_value(self, value: V) -> None:
        values = [v for v, _ in self.options]
        if value not in values:
            raise ValueError(f"{value!r} is not one of the options {values!r}")
        self._select(values.index(value))

    def step(self, delta: int) -> None:
        n = len(self.options)
        new = self.index + delta
        new = new % n if self.wrap_around else max(0, min(n - 1, new))
        if new != self.index:
            _clicked()
        self._select(new)

    def _select(self, index: int) -> None:
        if index != self.index:
            self.index = index
            if self.on_change is not None:
                self.on_change(self.value)

    def activate(self) -> None:
        if self.enabled:
            self.step(1)

    def spoken_value(self) -> str:
        """The option shown and where it stands: a range of numbers as "2 to 5", any other
        list as "3 of 5"."""
        options = self.options
        if len(options) < 2:
            return self.text
        numbers = all(isinstance(v, int) and not isinstance(v, bool) and text == str(v)
                      for v, text in options)
        if numbers:
            where = i18n.t("speech_menu.range", low=options[0][1], high=options[-1][1])
        else:
            where = i18n.t("speech_menu.position", position=self.index + 1, count=len(options))
        return f"{self.text}, {where}"

    def parts(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """(label box, left arrow, value box, right arrow)."""
        th = self.theme
        r = self.rect
        label_w = round(r.width * self.label_share)
        control = pygame.Rect(r.left + label_w, r.top, r.width - label_w, r.height)
        tall = th.px(40 * (1 + (th.text_scale - 1) * 0.8))  # as the type grows
        arrow = min(control.height, tall, max(th.px(14), control.width // 7))
        box_h = min(control.height, tall)
        top = control.centery - box_h // 2
        left = pygame.Rect(control.left, top, arrow, box_h)
        right = pygame.Rect(control.right - arrow, top, arrow, box_h)
        value_box = pygame.Rect(left.right, control.top, right.left - left.right, control.height)
        label_box = pygame.Rect(r.left + th.px(10), r.top, max(0, label_w - th.px(16)), r.height)
        return label_box, left, value_box, right

    def height_for(self, width: int, least: int) -> int:
        self.rect = pygame.Rect(0, 0, width, least)
        return _label_row_height(self, self.label, self.parts()[0], least)

    def text_box(self) -> pygame.Rect:
        """Where the value's text is fitted, inside the value box."""
        th = self.theme
        return self.parts()[2].inflate(-th.px(4), -th.px(6))

    def handle(self, event: pygame.event.Event) -> bool:
        if not self._takes_input(event):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.rect.collidepoint(event.pos):
                return False
            _, left, _, _ = self.parts()
            # The left arrow steps back; anywhere else (value, right arrow, label) steps on.
            self.step(-1 if left.inflate(8, 8).collidepoint(event.pos) else 1)
            return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            if self.enabled:
                self.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return super().handle_key(event)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        th = self.theme
        label_box, left, _, right = self.parts()
        self._draw_hover(surface)
        color = th.text if self.enabled else th.disabled_text
        _draw_label(self, surface, self.label, label_box)
        draw_rounded(
            surface,
            pygame.Rect(left.left, left.top, right.right - left.left, left.height),
            th.track,
            left.height // 2,
            border=th.panel_border,
            border_width=1,
        )
        arrow_color = th.gold if self.enabled else th.disabled_text
        for box, sign in ((left, -1), (right, 1)):
            c = box.center
            s = max(3, min(box.height // 5, box.width // 4))
            pts = [
                (c[0] - sign * s // 2, c[1] - s),
                (c[0] + sign * s, c[1]),
                (c[0] - sign * s // 2, c[1] + s),
            ]
            pygame.draw.polygon(surface, arrow_color, pts)
        draw_text_fit(
            surface,
            self.text,
            self.text_box(),
            self.text_size or th.body_size,
            color=color,
            bold=True,
            min_size=th.px(10),
        )
        self.draw_focus(surface)


class Slider(Widget):
    """A value from 0.0 to 1.0 dragged with the mouse, or stepped with Left/Right."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: str,
        value: float,
        on_change: Callable[[float], object] | None = None,
        *,
        step: float = 0.1,
        enabled: bool = True,
        label_share: float = 0.5,
        format_value: Callable[[float], str] | None = None,
    ) -> None:
        super().__init__(rect, enabled=enabled)
        self.label = label
        self.value = max(0.0, min(1.0, float(value)))
        self.on_change = on_change
        self.step_size = step
        self.dragging = False
        self.label_share = label_share if label else 0.0
        self.format_value = format_value or (lambda v: f"{round(v * 100)}%")
        self._percent = format_value is None  # said in words: "80 percent"

    def spoken_value(self) -> str:
        if self._percent:
            return i18n.tn("speech_menu.percent", round(self.value * 100))
        return self.format_value(self.value)

    def set_value(self, value: float) -> None:
        value = max(0.0, min(1.0, round(float(value), 4)))
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def track_rect(self) -> pygame.Rect:
        th = self.theme
        label_w = round(self.rect.width * self.label_share)
        left = self.rect.left + label_w + th.px(12)
        right = self.rect.right - self.value_width() - th.px(12)
        return pygame.Rect(left, self.rect.centery - th.px(4), max(10, right - left), th.px(8))

    def value_width(self) -> int:
        """Room for "100%" at its full size."""
        return get_font(self.theme.small_size).size(self.format_value(1.0))[0] + self.theme.px(4)

    def label_box(self) -> pygame.Rect:
        th = self.theme
        label_w = round(self.rect.width * self.label_share)
        return pygame.Rect(self.rect.left + th.px(10), self.rect.top, label_w - th.px(16),
                           self.rect.height)

    def height_for(self, width: int, least: int) -> int:
        self.rect = pygame.Rect(0, 0, width, least)
        return _label_row_height(self, self.label, self.label_box(), least)

    def _value_at(self, x: int) -> float:
        track = self.track_rect()
        return (x - track.left) / max(1, track.width)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self._takes_input(event):
            return False
        track = self.track_rect()
        grab = track.inflate(self.theme.px(24), self.rect.height)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if grab.collidepoint(event.pos):
                self.dragging = True
                self.set_value(self._value_at(event.pos[0]))
                return True
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self.set_value(self._value_at(event.pos[0]))
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            _clicked()
            return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            if self.enabled:
                delta = self.step_size if event.key == pygame.K_RIGHT else -self.step_size
                self.set_value(self.value + delta)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            if self.enabled:
                self.set_value(0.0 if event.key == pygame.K_HOME else 1.0)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        th = self.theme
        self._draw_hover(surface)
        _draw_label(self, surface, self.label, self.label_box())
        track = self.track_rect()
        draw_rounded(
            surface, track, th.track, track.height // 2, border=th.panel_border, border_width=1
        )
        filled = track.copy()
        filled.width = round(track.width * self.value)
        if filled.width > 0:
            draw_rounded(
                surface, filled, th.gold if self.enabled else th.disabled, track.height // 2
            )
        knob = (track.left + filled.width, track.centery)
        r = th.px(11 * (1 + (th.text_scale - 1) * 0.5))
        pygame.draw.circle(surface, (0, 0, 0), (knob[0], knob[1] + th.px(2)), r)
        pygame.draw.circle(surface, th.text if self.enabled else th.disabled_text, knob, r)
        pygame.draw.circle(surface, th.gold_dark, knob, r, max(1, th.px(2)))
        value_box = pygame.Rect(track.right + th.px(12), self.rect.top, self.value_width(),
                                self.rect.height)
        draw_text_fit(
            surface,
            self.format_value(self.value),
            value_box,
            th.small_size,
            color=th.text_dim,
            align="right",
        )
        self.draw_focus(surface)
