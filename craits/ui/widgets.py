"""Widgets shared by every scene: theme, buttons, toggles, choices, sliders, text input, panels.

Widgets work in window coordinates: a scene gives each one a ``rect`` (recomputed in
``on_resize``) and forwards events; ``handle(event)`` returns True when the widget used the
event. ``FocusGroup`` adds keyboard navigation (Tab / Shift+Tab / arrows, Enter / Space to
activate, shortcut keys) over a list of widgets, and shows a focus ring only after the
keyboard was used (mouse users never see it). The mouse wheel never changes a value: it is left
to the scene for scrolling, so scrolling past a control cannot change it by accident.

Text goes through ``draw_text_fit`` / ``fit_text``, which shrink (and optionally wrap) a string
so it never leaves its box, whatever the language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from craits.ui.fonts import get_font

MIN_WINDOW = (960, 600)
REFERENCE_WINDOW = (1280, 800)

# ----------------------------------------------------------------------------- theme

Color = tuple[int, int, int] | tuple[int, int, int, int]


@dataclass(frozen=True)
class Theme:
    """Colours and sizes for a window size; build one with ``Theme.for_size(size)``."""

    size: tuple[int, int] = REFERENCE_WINDOW
    scale: float = 1.0

    # Colours: felt table, cream text, gold accent.
    felt: Color = (22, 92, 58)
    felt_dark: Color = (10, 52, 32)
    felt_light: Color = (34, 118, 76)
    text: Color = (246, 238, 214)
    text_dim: Color = (196, 204, 184)
    text_dark: Color = (34, 30, 22)
    gold: Color = (226, 184, 84)
    gold_light: Color = (248, 214, 122)
    gold_dark: Color = (160, 120, 40)
    panel: Color = (8, 30, 20, 200)
    panel_border: Color = (226, 184, 84, 110)
    shadow: Color = (0, 0, 0, 90)
    primary: Color = (226, 184, 84)
    primary_text: Color = (40, 30, 12)
    secondary: Color = (40, 74, 56)
    secondary_text: Color = (246, 238, 214)
    danger: Color = (178, 58, 48)
    danger_text: Color = (255, 240, 232)
    disabled: Color = (70, 84, 76)
    disabled_text: Color = (140, 150, 142)
    focus: Color = (120, 210, 255)
    track: Color = (12, 40, 26)

    @classmethod
    def for_size(cls, size: tuple[int, int]) -> Theme:
        """Sizes grow with the window; 1280x800 is scale 1.0, the 960x600 minimum is 0.75."""
        w, h = max(1, int(size[0])), max(1, int(size[1]))
        scale = min(w / REFERENCE_WINDOW[0], h / REFERENCE_WINDOW[1])
        return cls(size=(w, h), scale=max(0.6, min(scale, 2.5)))

    def px(self, value: float) -> int:
        """A length designed for 1280x800, scaled to this window (at least 1 pixel)."""
        return max(1, round(value * self.scale))

    # Type sizes (pixels) by role.
    @property
    def title_size(self) -> int:
        return self.px(88)

    @property
    def heading_size(self) -> int:
        return self.px(40)

    @property
    def subheading_size(self) -> int:
        return self.px(26)

    @property
    def body_size(self) -> int:
        return self.px(22)

    @property
    def small_size(self) -> int:
        return self.px(17)

    @property
    def button_height(self) -> int:
        return self.px(54)

    @property
    def row_height(self) -> int:
        return self.px(46)

    @property
    def padding(self) -> int:
        return self.px(16)

    @property
    def radius(self) -> int:
        return self.px(12)


# ----------------------------------------------------------------------------- text fitting


@dataclass(frozen=True)
class FittedText:
    """How a text fits a box: the font size chosen, its lines, and the block's pixel size."""

    size: int
    bold: bool
    lines: tuple[str, ...]
    line_height: int
    width: int
    height: int
    truncated: bool = False  # even the smallest size did not fit: lines were cut short

    def fits(self, box: pygame.Rect | tuple[int, int, int, int]) -> bool:
        r = pygame.Rect(box)
        return self.width <= r.width and self.height <= r.height


def wrap_words(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap of ``text`` (keeps explicit newlines); a too-long word gets its own line."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        current = ""
        for word in words:
            candidate = word if not current else f"{current} {word}"
            if current and font.size(candidate)[0] > width:
                lines.append(current)
                current = word
            else:
                current = candidate
        lines.append(current)
    return lines


def fit_text(
    text: str,
    width: int,
    height: int,
    size: int,
    *,
    bold: bool = False,
    wrap: bool = False,
    min_size: int = 8,
) -> FittedText:
    """Largest font size <= ``size`` at which ``text`` fits ``width`` x ``height``.

    With ``wrap`` the text may break between words; otherwise it stays on its lines. If even
    ``min_size`` is too big, the result is at ``min_size`` and is truncated with an ellipsis
    (wider words are cut) so that the width still fits.
    """
    width, height = max(1, width), max(1, height)
    min_size = max(1, min(min_size, size))
    fitted = None
    for s in range(max(size, min_size), min_size - 1, -1):
        font = get_font(s, bold)
        lines = wrap_words(text, font, width) if wrap else text.split("\n")
        w = max((font.size(line)[0] for line in lines), default=0)
        lh = font.get_linesize()
        h = lh * len(lines)
        fitted = FittedText(s, bold, tuple(lines), lh, w, h)
        if w <= width and h <= height:
            return fitted
    assert fitted is not None
    # Last resort: drop lines that do not fit vertically and truncate wide ones.
    font = get_font(fitted.size, bold)
    max_lines = max(1, height // fitted.line_height)
    lines = list(fitted.lines[:max_lines])
    if len(fitted.lines) > max_lines:
        lines[-1] = lines[-1] + "…"
    lines = [_truncate(line, font, width) for line in lines]
    w = max((font.size(line)[0] for line in lines), default=0)
    return FittedText(
        fitted.size,
        bold,
        tuple(lines),
        fitted.line_height,
        w,
        fitted.line_height * len(lines),
        truncated=True,
    )


def _truncate(line: str, font: pygame.font.Font, width: int) -> str:
    if font.size(line)[0] <= width:
        return line
    while line and font.size(line + "…")[0] > width:
        line = line[:-1]
    return line + "…" if line else ""


def draw_text_fit(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect | tuple[int, int, int, int],
    size: int,
    *,
    color: Color = (246, 238, 214),
    bold: bool = False,
    align: str = "center",
    valign: str = "center",
    wrap: bool = False,
    min_size: int = 8,
    shadow: Color | None = None,
) -> pygame.Rect:
    """Draw ``text`` inside ``rect``, shrinking (and wrapping if asked) so it never overflows.

    ``align`` is left/center/right, ``valign`` top/center/bottom. Returns the rectangle of the
    drawn text block (always inside ``rect``).
    """
    box = pygame.Rect(rect)
    fitted = fit_text(text, box.width, box.height, size, bold=bold, wrap=wrap, min_size=min_size)
    font = get_font(fitted.size, bold)
    if valign == "top":
        y = box.top
    elif valign == "bottom":
        y = box.bottom - fitted.height
    else:
        y = box.top + (box.height - fitted.height) // 2
    block = pygame.Rect(box.left, y, 0, fitted.height)
    first = True
    for line in fitted.lines:
        lw = font.size(line)[0]
        if align == "left":
            x = box.left
        elif align == "right":
            x = box.right - lw
        else:
            x = box.left + (box.width - lw) // 2
        if line:
            if shadow is not None:
                surface.blit(font.render(line, True, shadow), (x + 1, y + 2))
            surface.blit(font.render(line, True, color), (x, y))
        line_rect = pygame.Rect(x, y, lw, fitted.line_height)
        block = line_rect if first else block.union(line_rect)
        first = False
        y += fitted.line_height
    return block.clip(box) if block.width else pygame.Rect(box.left, box.top, 0, 0)


# ----------------------------------------------------------------------------- drawing helpers


def draw_rounded(
    surface: pygame.Surface,
    rect: pygame.Rect,
    color: Color,
    radius: int,
    *,
    border: Color | None = None,
    border_width: int = 0,
) -> None:
    """A filled rounded rectangle, translucent when ``color`` has alpha."""
    rect = pygame.Rect(rect)
    if rect.width <= 0 or rect.height <= 0:
        return
    if len(color) == 4 or (border is not None and len(border) == 4):
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        local = layer.get_rect()
        pygame.draw.rect(layer, color, local, border_radius=radius)
        if border is not None and border_width:
            pygame.draw.rect(layer, border, local, border_width, border_radius=radius)
        surface.blit(layer, rect.topleft)
        return
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    if border is not None and border_width:
        pygame.draw.rect(surface, border, rect, border_width, border_radius=radius)


_shadow_cache: dict[tuple[int, int, int, int], pygame.Surface] = {}


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, offset: int = 3) -> None:
    """A soft drop shadow under ``rect`` (a blurred rounded rectangle, cached by size)."""
    rect = pygame.Rect(rect)
    blur = max(2, offset * 2)
    key = (rect.width, rect.height, radius, blur)
    shade = _shadow_cache.get(key)
    if shade is None:
        shade = pygame.Surface((rect.width + 2 * blur, rect.height + 2 * blur), pygame.SRCALPHA)
        pygame.draw.rect(
            shade, (0, 0, 0, 110), (blur, blur, rect.width, rect.height), border_radius=radius
        )
        shade = pygame.transform.box_blur(shade, blur // 2 + 1)
        if len(_shadow_cache) > 256:
            _shadow_cache.clear()
        _shadow_cache[key] = shade
    surface.blit(shade, (rect.left - blur, rect.top - blur + offset))


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    """The keyboard focus ring: a bright outline a few pixels outside ``rect``."""
    gap = theme.px(4)
    ring = pygame.Rect(rect).inflate(gap * 2, gap * 2)
    pygame.draw.rect(
        surface, theme.focus, ring, max(2, theme.px(3)), border_radius=theme.radius + gap
    )


_felt_cache: dict[tuple[int, int], pygame.Surface] = {}


def felt_background(size: tuple[int, int], theme: Theme | None = None) -> pygame.Surface:
    """The felt table: green with a light centre and a soft dark vignette (cached by size)."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    cached = _felt_cache.get(size)
    if cached is not None:
        return cached
    theme = theme or Theme.for_size(size)
    # Radial gradient drawn small and smoothly scaled up: cheap and free of banding steps.
    small_w, small_h = 64, 40
    small = pygame.Surface((small_w, small_h))
    light, dark = theme.felt_light, theme.felt_dark
    cx, cy = (small_w - 1) / 2, (small_h - 1) / 2
    for y in range(small_h):
        for x in range(small_w):
            d = min(1.0, (((x - cx) / cx) ** 2 + ((y - cy) / cy) ** 2) ** 0.5 / 1.15)
            t = d**1.8
            small.set_at(
                (x, y), tuple(round(light[i] + (dark[i] - light[i]) * t) for i in range(3))
            )
    surface = pygame.transform.smoothscale(small, size)
    # Fine noise-free weave: faint diagonal lines give the felt some texture.
    weave = pygame.Surface(size, pygame.SRCALPHA)
    step = 4
    for i in range(-size[1], size[0], step):
        pygame.draw.line(weave, (0, 0, 0, 10), (i, 0), (i + size[1], size[1]))
    surface.blit(weave, (0, 0))
    surface = surface.convert() if pygame.display.get_surface() is not None else surface
    if len(_felt_cache) > 8:
        _felt_cache.clear()
    _felt_cache[size] = surface
    return surface


# ----------------------------------------------------------------------------- click sound

_click_sound: Callable[[], None] | None = None


def set_click_sound(play: Callable[[], None] | None) -> None:
    """Give widgets a function to call when activated (e.g. ``lambda: audio.play("click")``)."""
    global _click_sound
    _click_sound = play


def _clicked() -> None:
    if _click_sound is not None:
        try:
            _click_sound()
        except Exception:  # a sound problem must never break a button
            pass


# ----------------------------------------------------------------------------- widgets

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Widget:
    """Something with a rectangle that can be drawn, may take focus, and handles events."""

    focusable = True

    def __init__(self, rect: pygame.Rect | Sequence[int], *, enabled: bool = True) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.visible = True
        self.focused = False
        self.focus_visible = False  # set by FocusGroup when the keyboard is in use
        self.hovered = False
        # When set, the widget is seen (and clickable) only inside this rectangle: a scrolled
        # list's viewport.
        self.clip: pygame.Rect | None = None
        self.theme = (
            Theme.for_size(pygame.display.get_surface().get_size())
            if (pygame.display.get_init() and pygame.display.get_surface() is not None)
            else Theme()
        )

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme

    @property
    def can_focus(self) -> bool:
        return self.focusable and self.enabled and self.visible

    def activate(self) -> None:
        """What Enter does when this widget has focus."""

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A key press while focused; default: Enter/Space activates."""
        if event.type == pygame.KEYDOWN and event.key in ACTIVATE_KEYS:
            self.activate()
            return True
        return False

    def _track_hover(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def draw_focus(self, surface: pygame.Surface) -> None:
        if self.focused and self.focus_visible:
            draw_focus_ring(surface, self.rect, self.theme)


class Label(Widget):
    """Static text fitted to its box."""

    focusable = False

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        text: str,
        *,
        size: int | None = None,
        bold: bool = False,
        align: str = "left",
        color: Color | None = None,
        wrap: bool = False,
    ) -> None:
        super().__init__(rect)
        self.text, self.size, self.bold, self.align = text, size, bold, align
        self.color, self.wrap = color, wrap

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        draw_text_fit(
            surface,
            self.text,
            self.rect,
            self.size or self.theme.body_size,
            color=self.color or self.theme.text,
            bold=self.bold,
            align=self.align,
            wrap=self.wrap,
        )


class Button(Widget):
    """A rounded button with hover and press states; ``key`` is an optional shortcut key."""

    STYLES = ("primary", "secondary", "danger")

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: str,
        on_click: Callable[[], Any] | None,
        *,
        key: int | None = None,
        enabled: bool = True,
        style: str = "primary",
        text_size: int | None = None,
    ) -> None:
        if style not in self.STYLES:
            raise ValueError(f"button style must be one of {self.STYLES}, got {style!r}")
        super().__init__(rect, enabled=enabled)
        self.label = label
        self.on_click = on_click
        self.key = key
        self.style = style
        self.text_size = text_size
        self.pressed = False

    def activate(self) -> None:
        if not (self.enabled and self.visible):
            return
        _clicked()
        if self.on_click is not None:
            self.on_click()

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        self._track_hover(event)
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self.pressed = self.pressed, False
            if was_pressed and self.rect.collidepoint(event.pos):
                self.activate()
                return True
            return was_pressed
        elif event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key:
            # A shortcut must not fire together with a modifier meant for something else.
            if not (getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
                self.activate()
                return True
        return False

    def colors(self) -> tuple[Color, Color]:
        th = self.theme
        if not self.enabled:
            return th.disabled, th.disabled_text
        return {
            "primary": (th.primary, th.primary_text),
            "secondary": (th.secondary, th.secondary_text),
            "danger": (th.danger, th.danger_text),
        }[self.style]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        th = self.theme
        fill, text_color = self.colors()
        rect = self.rect.copy()
        pressed = self.pressed and self.hovered
        if self.enabled and not pressed:
            draw_shadow(surface, rect, th.radius, th.px(3))
        if pressed:
            rect.move_ip(0, th.px(2))
            fill = _shade(fill, 0.85)
        elif self.hovered and self.enabled:
            fill = _shade(fill, 1.12)
        border = _shade(fill, 0.7) if self.style != "secondary" else th.panel_border
        draw_rounded(surface, rect, fill, th.radius, border=border, border_width=max(1, th.px(2)))
        # A light top edge gives the button a little relief.
        if self.enabled:
            hi = rect.inflate(-th.radius * 2, 0)
            hi.height = max(1, th.px(2))
            hi.top = rect.top + th.px(3)
            draw_rounded(surface, hi, (255, 255, 255, 50), hi.height // 2)
        inner = rect.inflate(-th.px(20), -th.px(8))
        draw_text_fit(
            surface,
            self.label,
            inner,
            self.text_size or th.px(24),
            color=text_color,
            bold=True,
            min_size=th.px(11),
        )
        self.draw_focus(surface)


def _shade(color: Color, factor: float) -> Color:
    rgb = tuple(max(0, min(255, round(c * factor))) for c in color[:3])
    return (*rgb, *color[3:])  # type: ignore[return-value]


class Toggle(Widget):
    """An on/off switch with a label on its left; click or Enter/Space flips it."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: str,
        value: bool,
        on_change: Callable[[bool], Any] | None = None,
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

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        self._track_hover(event)
        if not self.enabled:
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
        h = min(self.rect.height - th.px(8), th.px(30))
        w = round(h * 1.9)
        return pygame.Rect(self.rect.right - w - th.px(8), self.rect.centery - h // 2, w, h)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        th = self.theme
        if self.hovered and self.enabled:
            draw_rounded(surface, self.rect, (255, 255, 255, 18), th.radius)
        sw = self.switch_rect()
        state = self.on_text if self.value else self.off_text
        state_w = 0
        if state:
            state_w = th.px(64)
            draw_text_fit(
                surface,
                state,
                pygame.Rect(sw.left - state_w - th.px(6), self.rect.top, state_w, self.rect.height),
                th.small_size,
                color=th.text_dim,
                align="right",
            )
        label_box = pygame.Rect(
            self.rect.left + th.px(10),
            self.rect.top,
            sw.left - self.rect.left - th.px(20) - state_w,
            self.rect.height,
        )
        color = th.text if self.enabled else th.disabled_text
        draw_text_fit(surface, self.label, label_box, th.body_size, color=color, align="left")
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


class Choice(Widget):
    """A value picked from options with < and > arrows (click, or Left/Right when focused).

    ``options`` are (value, text) pairs; ``on_change(value)`` fires after each change.
    """

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: str,
        options: Sequence[tuple[Any, str]],
        value: Any,
        on_change: Callable[[Any], Any] | None = None,
        *,
        enabled: bool = True,
        wrap_around: bool = True,
        label_share: float = 0.5,
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

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    @property
    def text(self) -> str:
        return self.options[self.index][1]

    def set_value(self, value: Any) -> None:
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

    def parts(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """(label box, left arrow, value box, right arrow)."""
        th = self.theme
        r = self.rect
        label_w = round(r.width * self.label_share)
        control = pygame.Rect(r.left + label_w, r.top, r.width - label_w, r.height)
        arrow = min(control.height, th.px(40), max(th.px(14), control.width // 7))
        box_h = min(control.height, th.px(40))
        top = control.centery - box_h // 2
        left = pygame.Rect(control.left, top, arrow, box_h)
        right = pygame.Rect(control.right - arrow, top, arrow, box_h)
        value_box = pygame.Rect(left.right, control.top, right.left - left.right, control.height)
        label_box = pygame.Rect(r.left + th.px(10), r.top, max(0, label_w - th.px(16)), r.height)
        return label_box, left, value_box, right

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        self._track_hover(event)
        if not self.enabled:
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
        label_box, left, value_box, right = self.parts()
        if self.hovered and self.enabled:
            draw_rounded(surface, self.rect, (255, 255, 255, 18), th.radius)
        color = th.text if self.enabled else th.disabled_text
        if self.label:
            draw_text_fit(surface, self.label, label_box, th.body_size, color=color, align="left")
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
            value_box.inflate(-th.px(4), -th.px(6)),
            th.body_size,
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
        on_change: Callable[[float], Any] | None = None,
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

    def set_value(self, value: float) -> None:
        value = max(0.0, min(1.0, round(float(value), 4)))
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def track_rect(self) -> pygame.Rect:
        th = self.theme
        label_w = round(self.rect.width * self.label_share)
        value_w = th.px(64)
        left = self.rect.left + label_w + th.px(12)
        right = self.rect.right - value_w - th.px(12)
        return pygame.Rect(left, self.rect.centery - th.px(4), max(10, right - left), th.px(8))

    def _value_at(self, x: int) -> float:
        track = self.track_rect()
        return (x - track.left) / max(1, track.width)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        self._track_hover(event)
        if not self.enabled:
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
        if self.hovered and self.enabled:
            draw_rounded(surface, self.rect, (255, 255, 255, 18), th.radius)
        color = th.text if self.enabled else th.disabled_text
        label_w = round(self.rect.width * self.label_share)
        if self.label:
            draw_text_fit(
                surface,
                self.label,
                pygame.Rect(
                    self.rect.left + th.px(10), self.rect.top, label_w - th.px(16), self.rect.height
                ),
                th.body_size,
                color=color,
                align="left",
            )
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
        r = th.px(11)
        pygame.draw.circle(surface, (0, 0, 0), (knob[0], knob[1] + th.px(2)), r)
        pygame.draw.circle(surface, th.text if self.enabled else th.disabled_text, knob, r)
        pygame.draw.circle(surface, th.gold_dark, knob, r, max(1, th.px(2)))
        value_box = pygame.Rect(track.right + th.px(12), self.rect.top, th.px(64), self.rect.height)
        draw_text_fit(
            surface,
            self.format_value(self.value),
            value_box,
            th.small_size,
            color=th.text_dim,
            align="right",
        )
        self.draw_focus(surface)


class TextInput(Widget):
    """A one-line text field (player names): type when focused, Backspace/Delete, Home/End."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        text: str = "",
        on_change: Callable[[str], Any] | None = None,
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

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        self._track_hover(event)
        if not self.enabled:
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
        if key == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
            return True
        if key == pygame.K_RIGHT:
            self.cursor = min(len(self.text), self.cursor + 1)
            return True
        if key == pygame.K_HOME:
            self.cursor = 0
            return True
        if key == pygame.K_END:
            self.cursor = len(self.text)
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


class Panel(Widget):
    """A rounded translucent box with a faint gold border and an optional title."""

    focusable = False

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        *,
        title: str = "",
        color: Color | None = None,
        shadow: bool = True,
    ) -> None:
        super().__init__(rect)
        self.title = title
        self.color = color
        self.shadow = shadow

    def title_rect(self) -> pygame.Rect:
        th = self.theme
        return pygame.Rect(
            self.rect.left + th.padding,
            self.rect.top + th.px(10),
            self.rect.width - 2 * th.padding,
            th.px(48),
        )

    def content_rect(self) -> pygame.Rect:
        """The inside of the panel below its title (if any)."""
        th = self.theme
        top = self.title_rect().bottom + th.px(6) if self.title else self.rect.top + th.padding
        return pygame.Rect(
            self.rect.left + th.padding,
            top,
            self.rect.width - 2 * th.padding,
            self.rect.bottom - th.padding - top,
        )

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        th = self.theme
        if self.shadow:
            draw_shadow(surface, self.rect, th.radius * 2, th.px(6))
        draw_rounded(
            surface,
            self.rect,
            self.color or th.panel,
            th.radius * 2,
            border=th.panel_border,
            border_width=max(1, th.px(2)),
        )
        if self.title:
            draw_text_fit(
                surface,
                self.title,
                self.title_rect(),
                th.heading_size,
                color=th.gold_light,
                bold=True,
                shadow=(0, 0, 0),
            )


class ScrollBar(Widget):
    """A vertical scroll bar: a thumb sized by how much of the content shows; drag or click.

    ``set_extent(content, view, offset)`` describes the content; ``on_scroll(offset)`` is called
    with the new offset (pixels from the top of the content) when the player moves it.
    """

    focusable = False

    def __init__(
        self, rect: pygame.Rect | Sequence[int], on_scroll: Callable[[int], Any] | None = None
    ) -> None:
        super().__init__(rect)
        self.on_scroll = on_scroll
        self.content = 1
        self.view = 1
        self.offset = 0
        self.dragging = False
        self._grab = 0

    @property
    def max_offset(self) -> int:
        return max(0, self.content - self.view)

    @property
    def needed(self) -> bool:
        return self.content > self.view

    def set_extent(self, content: int, view: int, offset: int) -> None:
        self.content, self.view = max(1, int(content)), max(1, int(view))
        self.offset = max(0, min(self.max_offset, int(offset)))

    def thumb_rect(self) -> pygame.Rect:
        track = self.rect
        h = max(self.theme.px(36), round(track.height * min(1.0, self.view / self.content)))
        h = min(h, track.height)
        room = track.height - h
        y = track.top + (round(room * self.offset / self.max_offset) if self.max_offset else 0)
        return pygame.Rect(track.left, y, track.width, h)

    def _scroll_to(self, offset: int) -> None:
        offset = max(0, min(self.max_offset, round(offset)))
        if offset != self.offset:
            self.offset = offset
            if self.on_scroll is not None:
                self.on_scroll(offset)

    def _offset_for_thumb_top(self, top: int) -> int:
        thumb = self.thumb_rect()
        room = max(1, self.rect.height - thumb.height)
        return round((top - self.rect.top) / room * self.max_offset)

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.needed):
            self.dragging = False
            return False
        self._track_hover(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.rect.inflate(self.theme.px(10), 0)
            if not hit.collidepoint(event.pos):
                return False
            thumb = self.thumb_rect()
            if thumb.inflate(self.theme.px(10), 0).collidepoint(event.pos):
                self._grab = event.pos[1] - thumb.top
            else:  # click on the track: jump so the thumb centres there
                self._grab = thumb.height // 2
                self._scroll_to(self._offset_for_thumb_top(event.pos[1] - self._grab))
            self.dragging = True
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._scroll_to(self._offset_for_thumb_top(event.pos[1] - self._grab))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not (self.visible and self.needed):
            return
        th = self.theme
        draw_rounded(surface, self.rect, (0, 0, 0, 70), self.rect.width // 2)
        thumb = self.thumb_rect()
        color = th.gold_light if (self.dragging or self.hovered) else th.gold
        draw_rounded(surface, thumb, color, self.rect.width // 2)


# ----------------------------------------------------------------------------- focus


NEXT_KEYS = (pygame.K_TAB, pygame.K_DOWN)
PREV_KEYS = (pygame.K_UP,)


class FocusGroup:
    """Keyboard focus over widgets in reading order.

    ``handle(event)``: mouse events go to every widget (a click focuses what it hits); keys go to
    the focused widget first, then to button shortcuts, then Tab / Shift+Tab / Up / Down move the
    focus (Left / Right too, when the focused widget does not use them). Returns True when used.
    """

    def __init__(
        self,
        widgets: Sequence[Widget] = (),
        *,
        focus_index: int | None = None,
        on_focus: Callable[[Widget], Any] | None = None,
    ) -> None:
        self.widgets: list[Widget] = []
        self.keyboard = False
        self.on_focus = on_focus  # e.g. scroll the focused widget into view
        self.set_widgets(widgets, focus_index=focus_index)

    def set_widgets(self, widgets: Sequence[Widget], *, focus_index: int | None = None) -> None:
        """Replace the widgets (after a layout change), keeping focus on the same position."""
        old = self.focus_index
        for w in self.widgets:
            w.focused = False
        self.widgets = list(widgets)
        index = focus_index if focus_index is not None else old
        self._focus_at(index if index is not None else None, fallback_first=True)

    @property
    def focused(self) -> Widget | None:
        return next((w for w in self.widgets if w.focused), None)

    @property
    def focus_index(self) -> int | None:
        for i, w in enumerate(self.widgets):
            if w.focused:
                return i
        return None

    def focus(self, widget: Widget | None) -> None:
        before = self.focused
        for w in self.widgets:
            w.focused = w is widget and widget is not None and widget.can_focus
        self._sync()
        after = self.focused
        if after is not None and after is not before and self.on_focus is not None:
            self.on_focus(after)

    def _focus_at(self, index: int | None, *, fallback_first: bool = False) -> None:
        focusable = [i for i, w in enumerate(self.widgets) if w.can_focus]
        target = None
        if index is not None and focusable:
            index = max(0, min(index, len(self.widgets) - 1))
            later = [i for i in focusable if i >= index]
            target = later[0] if later else focusable[-1]
        elif fallback_first and focusable:
            target = focusable[0]
        self.focus(self.widgets[target] if target is not None else None)

    def move(self, delta: int) -> None:
        focusable = [w for w in self.widgets if w.can_focus]
        if not focusable:
            return
        current = self.focused
        if current not in focusable:
            self.focus(focusable[0] if delta > 0 else focusable[-1])
            return
        i = focusable.index(current)
        self.focus(focusable[(i + delta) % len(focusable)])

    def _sync(self) -> None:
        for w in self.widgets:
            w.focus_visible = self.keyboard

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (
            pygame.MOUSEMOTION,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEWHEEL,
        ):
            if event.type != pygame.MOUSEWHEEL and self.keyboard:
                self.keyboard = False
                self._sync()
            used = False
            pos = getattr(event, "pos", None)
            for w in self.widgets:
                if w.clip is not None and pos is not None and not w.clip.collidepoint(pos):
                    # Outside its viewport the widget is hidden: no hover, no click.
                    w.hovered = False
                    if event.type == pygame.MOUSEBUTTONUP and getattr(w, "pressed", False):
                        w.pressed = False
                    if not getattr(w, "dragging", False):
                        continue
                if w.visible and w.handle(event):
                    used = True
                    if event.type == pygame.MOUSEBUTTONDOWN and w.can_focus:
                        self.focus(w)
            if event.type == pygame.MOUSEBUTTONDOWN and not used:
                # Clicking empty space ends typing in a text field.
                if isinstance(self.focused, TextInput):
                    self.focus(None)
            return used
        if event.type not in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return False
        focused = self.focused
        if focused is not None and focused.enabled and event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_ESCAPE):
                pass  # navigation and back are never swallowed by a widget
            elif focused.handle_key(event):
                if not isinstance(focused, TextInput):
                    self._show_ring()
                return True
        elif focused is not None and event.type == pygame.TEXTINPUT:
            return focused.handle_key(event)
        if event.type != pygame.KEYDOWN:
            return False
        typing = isinstance(focused, TextInput)
        if not typing:
            for w in self.widgets:
                if isinstance(w, Button) and w.key is not None and w.handle(event):
                    return True
        mods = getattr(event, "mod", 0)
        if event.key == pygame.K_TAB:
            self._show_ring()
            self.move(-1 if mods & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in NEXT_KEYS or (event.key == pygame.K_RIGHT and not typing):
            self._show_ring()
            self.move(1)
            return True
        if event.key in PREV_KEYS or (event.key == pygame.K_LEFT and not typing):
            self._show_ring()
            self.move(-1)
            return True
        if event.key in ACTIVATE_KEYS and focused is not None and typing:
            # Enter in a text field moves on to the next control.
            self._show_ring()
            self.move(1)
            return True
        return False

    def _show_ring(self) -> None:
        if not self.keyboard:
            self.keyboard = True
            self._sync()

    def update(self, dt: float) -> None:
        for w in self.widgets:
            if isinstance(w, TextInput):
                w.update(dt)

    def set_theme(self, theme: Theme) -> None:
        for w in self.widgets:
            w.set_theme(theme)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every widget; the focused one last so its ring is on top."""
        focused = self.focused
        for w in [w for w in self.widgets if w is not focused] + (
            [focused] if focused is not None else []
        ):
            if w.clip is None:
                w.draw(surface)
                continue
            if not w.clip.colliderect(w.rect.inflate(8, 8)):
                continue
            old = surface.get_clip()
            surface.set_clip(w.clip.clip(old) if old else w.clip)
            w.draw(surface)
            surface.set_clip(old)
