"""``FocusGroup``: keyboard navigation over a list of widgets.

Tab / Shift+Tab / arrows move the focus, Enter / Space activate, buttons answer their shortcut
keys; the focus ring shows only after the keyboard was used (mouse users never see it).
A listener (``on_speech``) hears what to say as the focus moves (the widget's name, value and
state) and as the focused widget's value changes (the new value).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from craits.ui.widgets.base import ACTIVATE_KEYS, Widget
from craits.ui.widgets.buttons import Button
from craits.ui.widgets.text_input import TextInput

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
        on_focus: Callable[[Widget], object] | None = None,
        on_speech: Callable[[str], object] | None = None,
    ) -> None:
        self.widgets: list[Widget] = []
        self.keyboard = False
        self.on_focus = on_focus  # e.g. scroll the focused widget into view
        self.on_speech = on_speech  # e.g. the screen's speaker
        # What to say of a widget the focus moves to, when the screen knows more than the
        # widget does (its place in a list, the line that explains it); None: ``spoken()``.
        self.describe: Callable[[Widget], str] | None = None
        # Where the focus was and its value when last told: a layout rebuilt after a change
        # puts new widgets at the same place, which is a change of value, not a move.
        self._told: tuple[int | None, str] = (None, "")
        self.set_widgets(widgets, focus_index=focus_index)

    def set_widgets(self, widgets: Sequence[Widget], *, focus_index: int | None = None,
                    scroll: bool = True) -> None:
        """Replace the widgets (after a layout change), keeping focus on the same position;
        ``scroll`` False: the caller keeps its list's scroll (``on_focus`` is not told)."""
        old = self.focus_index
        for w in self.widgets:
            w.focused = False
        self.widgets = list(widgets)
        index = focus_index if focus_index is not None else old
        on_focus = self.on_focus
        if not scroll:
            self.on_focus = None
        try:
            self._focus_at(index if index is not None else None, fallback_first=True)
        finally:
            self.on_focus = on_focus

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
        self.tell()

    def tell(self) -> None:
        """Tell the listener what is new: the widget focus moved to, else the focused value
        that changed; nothing when neither did."""
        index = self.focus_index
        widget = self.widgets[index] if index is not None else None
        value = widget.spoken_value() if widget is not None else ""
        told_index, told_value = self._told
        self._told = (index, value)
        if widget is None or self.on_speech is None:
            return
        if index != told_index:
            self.on_speech(self.spoken_of(widget))
        elif value != told_value:
            self.on_speech(widget.spoken_change(told_value))

    def spoken_of(self, widget: Widget) -> str:
        """What is said as the focus reaches ``widget``."""
        return self.describe(widget) if self.describe is not None else widget.spoken()

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
        used = self._handle(event)
        self.tell()  # a key or a click may have changed the focused value
        return used

    def _handle(self, event: pygame.event.Event) -> bool:
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
            shown = self.widgets  # a change of value may lay the screen out again
            for w in shown:
                if w.clip is not None and pos is not None and not w.clip.collidepoint(pos):
                    # Outside its viewport the widget is hidden: no hover, no click.
                    w.hovered = False
                    if event.type == pygame.MOUSEBUTTONUP and w.pressed:
                        w.pressed = False
                    if not w.dragging:
                        continue
                if w.visible and w.handle(event):
                    used = True
                    if event.type == pygame.MOUSEBUTTONDOWN and w.can_focus:
                        # Laid out again: the new widget in the clicked one's place.
                        same = self.widgets is shown or shown.index(w) >= len(self.widgets)
                        self.focus(w if same else self.widgets[shown.index(w)])
                    if self.widgets is not shown:
                        break
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
        key = event.key
        if key == pygame.K_TAB:
            step = -1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1
        elif key in NEXT_KEYS or (key == pygame.K_RIGHT and not typing) or (
                key in ACTIVATE_KEYS and typing):  # Enter in a text field moves on
            step = 1
        elif key in PREV_KEYS or (key == pygame.K_LEFT and not typing):
            step = -1
        else:
            return False
        self._show_ring()
        self.move(step)
        return True

    def _show_ring(self) -> None:
        if not self.keyboard:
            self.keyboard = True
            self._sync()

    def update(self, dt: float) -> None:
        for w in self.widgets:
            if isinstance(w, TextInput):
                w.update(dt)

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
