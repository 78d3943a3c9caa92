"""The ``Widget`` base class, the click sound widgets make when activated, and ``Label``.

Widgets work in window coordinates: a scene gives each one a ``rect`` (recomputed in
``on_resize``) and forwards events; ``handle(event)`` returns True when the widget used the
event. The mouse wheel never changes a value: it is left to the scene for scrolling, so
scrolling past a control cannot change it by accident.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from craits import i18n
from craits.ui.widgets.drawing import draw_focus_ring, draw_rounded
from craits.ui.widgets.text import draw_text_fit, wrapped_height
from craits.ui.widgets.theme import Color, Theme

_click_sound: Callable[[], object] | None = None


def set_click_sound(play: Callable[[], object] | None) -> None:
    """Give widgets a function to call when activated (e.g. ``lambda: audio.play("click")``)."""
    global _click_sound
    _click_sound = play


def _clicked() -> None:
    if _click_sound is not None:
        try:
            _click_sound()
        except Exception:  # a sound problem must never break a button
            pass


ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
_DECORATION = str.maketrans("", "", "◀▶«»‹›")  # arrows drawn on buttons, not words


def spoken_parts(*parts: str) -> str:
    """What speech says of a control: its parts that say something, one after another."""
    return ", ".join(p for p in (" ".join(part.translate(_DECORATION).split())
                                 for part in parts) if p)


class Widget:
    """Something with a rectangle that can be drawn, may take focus, and handles events."""

    focusable = True
    #: A press on the widget waits for its release (a button), or a drag is under way (a
    #: slider, a scroll bar): the focus group keeps them going outside a scrolled viewport.
    pressed = False
    dragging = False
    #: What speech calls the widget when its own text does not say what it is (a field in
    #: a row under a column heading, say); "" : its label.
    speech_label = ""

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
        window = pygame.display.get_surface() if pygame.display.get_init() else None
        self.theme = Theme.for_size(window.get_size()) if window is not None else Theme()

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme

    @property
    def can_focus(self) -> bool:
        return self.focusable and self.enabled and self.visible

    def activate(self) -> None:
        """What Enter does when this widget has focus."""

    # ---- speech: what is said as focus reaches the widget, and as its value changes

    def spoken_name(self) -> str:
        return self.speech_label or str(getattr(self, "label", "") or "")

    def spoken_value(self) -> str:
        """The value (and where it stands among the choices); "" for none."""
        return ""

    def spoken(self) -> str:
        """Name, value and state, as focus reaches the widget ("Players, 4, 2 to 5")."""
        state = "" if self.enabled else i18n.t("speech_menu.unavailable")
        return spoken_parts(self.spoken_name(), self.spoken_value(), state)

    def spoken_change(self, before: str) -> str:
        """What to say when the value changed from ``before`` (a ``spoken_value``)."""
        return spoken_parts(self.spoken_value())

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

    def _takes_input(self, event: pygame.event.Event) -> bool:
        """Note the hover of a shown widget; True when it is shown and enabled, so may act."""
        if not self.visible:
            return False
        self._track_hover(event)
        return self.enabled

    def _draw_hover(self, surface: pygame.Surface) -> None:
        """The faint highlight behind a control row under the mouse."""
        if self.hovered and self.enabled:
            draw_rounded(surface, self.rect, (255, 255, 255, 18), self.theme.radius)

    def height_for(self, width: int, least: int) -> int:
        """The height of a list's row holding this widget ``width`` wide: ``least``, or more
        where its text wraps (large print, a long label)."""
        return least

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

    def spoken_name(self) -> str:
        return self.speech_label or self.text

    def height_for(self, width: int, least: int) -> int:
        if not self.wrap:
            return least
        return max(least, wrapped_height(self.text, width, self.size or self.theme.body_size,
                                         self.bold))

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


class ReadRow(Widget):
    """A row of figures shown by labels, made readable by ear: it takes the focus (arrows and
    Tab walk the rows, the list scrolls to it), draws only its focus ring over the labels, and
    is said as ``said`` ("Games won: Overall 3, Easy 1")."""

    def __init__(self, rect: pygame.Rect | Sequence[int], said: str) -> None:
        super().__init__(rect)
        self.speech_label = said.rstrip(".")  # its place follows: "No games yet, 1 of 2"

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_focus(surface)
