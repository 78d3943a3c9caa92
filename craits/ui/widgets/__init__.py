"""Widgets shared by every scene: theme, buttons, toggles, choices, sliders, text input, panels.

Widgets work in window coordinates: a scene gives each one a ``rect`` (recomputed in
``on_resize``) and forwards events; ``handle(event)`` returns True when the widget used the
event. ``FocusGroup`` adds keyboard navigation (Tab / Shift+Tab / arrows, Enter / Space to
activate, shortcut keys) over a list of widgets, and shows a focus ring only after the
keyboard was used (mouse users never see it). The mouse wheel never changes a value: it is left
to the scene for scrolling, so scrolling past a control cannot change it by accident.

Text goes through ``draw_text_fit`` / ``fit_text``, which shrink (and optionally wrap) a string
so it never leaves its box, whatever the language.

The package's modules, each with one job: ``theme`` (colours and sizes), ``text`` (fitting and
drawing text), ``drawing`` (rounded boxes, shadows, focus ring, felt), ``base`` (``Widget``,
``Label``, the click sound), ``buttons``, ``inputs`` (toggle, choice, slider), ``text_input``,
``containers`` (panel, scroll bar) and ``focus`` (keyboard navigation). Import from the package.
"""

from craits.ui.widgets.base import (
    ACTIVATE_KEYS,
    Label,
    ReadRow,
    Widget,
    _clicked,
    set_click_sound,
)
from craits.ui.widgets.buttons import Button
from craits.ui.widgets.containers import Panel, ScrollBar
from craits.ui.widgets.drawing import draw_focus_ring, draw_rounded, draw_shadow, felt_background
from craits.ui.widgets.focus import NEXT_KEYS, PREV_KEYS, FocusGroup
from craits.ui.widgets.inputs import Choice, Slider, Toggle
from craits.ui.widgets.text import FittedText, draw_text_fit, fit_text, wrap_words
from craits.ui.widgets.text_input import TextInput
from craits.ui.widgets.theme import REFERENCE_WINDOW, Color, Theme

__all__ = [
    "ACTIVATE_KEYS",
    "NEXT_KEYS",
    "PREV_KEYS",
    "REFERENCE_WINDOW",
    "Button",
    "Choice",
    "Color",
    "FittedText",
    "FocusGroup",
    "Label",
    "ReadRow",
    "Panel",
    "ScrollBar",
    "Slider",
    "TextInput",
    "Theme",
    "Toggle",
    "Widget",
    "_clicked",  # the click sound, for scenes with clickable parts that are not widgets
    "draw_focus_ring",
    "draw_rounded",
    "draw_shadow",
    "draw_text_fit",
    "felt_background",
    "fit_text",
    "set_click_sound",
    "wrap_words",
]
