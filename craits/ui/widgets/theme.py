"""The look shared by every widget: colours, type sizes and lengths scaled to the window.

The player's choices of felt colour, large print (1x to 2x) and high contrast are the current
*look* (``set_look``, applied by the app from the settings); ``Theme.for_size`` builds every
theme with it, so each screen, the table and the dialogs follow a change at once.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

REFERENCE_WINDOW = (1280, 800)
LARGE_TEXT_SCALE = 1.5  # large print's first step (an old "large print on")
MAX_PRINT_SCALE = 2.0
MENU_PRINT_FLOOR = 1.2

Color = tuple[int, int, int] | tuple[int, int, int, int]


@dataclass(frozen=True)
class Felt:
    """A table colour: the felt itself, its dark rim and light centre, and the panels and
    quiet buttons tinted to sit on it."""

    felt: Color
    felt_dark: Color
    felt_light: Color
    panel: Color
    secondary: Color
    track: Color
    ring: Color  # the direction arrows drawn on the felt


FELTS: dict[str, Felt] = {
    "green": Felt((22, 92, 58), (10, 52, 32), (34, 118, 76), (8, 30, 20, 200), (40, 74, 56),
                  (12, 40, 26), (64, 146, 98)),
    "blue": Felt((24, 70, 118), (10, 32, 64), (38, 98, 154), (8, 20, 40, 205), (40, 62, 96),
                 (12, 26, 46), (74, 130, 196)),
    "burgundy": Felt((114, 30, 44), (56, 12, 20), (146, 46, 60), (34, 8, 14, 205),
                     (92, 42, 50), (44, 14, 20), (188, 86, 96)),
    "charcoal": Felt((52, 58, 62), (22, 25, 28), (74, 82, 88), (14, 16, 18, 205),
                     (66, 72, 78), (24, 28, 30), (126, 138, 146)),
}  # fmt: skip


# High contrast: near-black felt, white text, strong outlines (text pairs >= 7:1).
CONTRAST_FELT = Felt((12, 12, 12), (0, 0, 0), (22, 22, 22), (0, 0, 0, 235), (0, 0, 0),
                     (30, 30, 30), (255, 255, 255))


def menu_print_scale(print_scale: float, scale: float) -> float:
    """The print scale screens are drawn with at window scale ``scale`` (1.0 at 1280x800):
    all of it from 1280x800 up to 1.6x, 2x from 1600x1000, and at least 1.2x (the most
    the screens hold at the 960x600 minimum)."""
    if print_scale <= 1.0:
        return 1.0
    return min(print_scale, max(MENU_PRINT_FLOOR, 1.6 * scale))


def print_scale_of(large_print: bool | float) -> float:
    """A print scale from a setting: True is large print's first step, False 1x; a number is
    kept within 1x..2x."""
    if isinstance(large_print, bool):
        return LARGE_TEXT_SCALE if large_print else 1.0
    return max(1.0, min(MAX_PRINT_SCALE, float(large_print)))


@dataclass(frozen=True)
class Look:
    felt: str = "green"
    print_scale: float = 1.0  # large print: 1x (off) to 2x
    high_contrast: bool = False

    @property
    def large_print(self) -> bool:
        return self.print_scale > 1.0


_look = Look()


def set_look(felt: str = "green", large_print: bool | float = False,
             high_contrast: bool = False) -> Look:
    """Make ``felt`` (a name in ``FELTS``; an unknown one is green), the print scale (True:
    1.5x, or a factor up to 2x) and high contrast the look of every theme built from now on.
    Returns the look now in force."""
    global _look
    _look = Look(felt if felt in FELTS else "green", print_scale_of(large_print),
                 bool(high_contrast))
    return _look


def current_look() -> Look:
    return _look


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
    ring: Color = (64, 146, 98)
    text_scale: float = 1.0  # type sizes (and the rows holding them) grow with large print
    high_contrast: bool = False

    @classmethod
    def for_size(cls, size: tuple[int, int], look: Look | None = None) -> Theme:
        """Sizes grow with the window; 1280x800 is scale 1.0, the 960x600 minimum is 0.75.
        Felt colours and type sizes follow ``look`` (by default the current one)."""
        w, h = max(1, int(size[0])), max(1, int(size[1]))
        scale = min(w / REFERENCE_WINDOW[0], h / REFERENCE_WINDOW[1])
        look = look or _look
        scale = max(0.6, min(scale, 2.5))
        text_scale = menu_print_scale(look.print_scale, scale)
        if look.high_contrast:
            return dataclasses.replace(HIGH_CONTRAST, size=(w, h), scale=scale,
                                       text_scale=text_scale)
        felt = FELTS.get(look.felt, FELTS["green"])
        return cls(size=(w, h), scale=scale, text_scale=text_scale, **dataclasses.asdict(felt))

    def px(self, value: float) -> int:
        """A length designed for 1280x800, scaled to this window (at least 1 pixel)."""
        return max(1, round(value * self.scale))

    def tx(self, value: float) -> int:
        """A type size designed for 1280x800, scaled to this window and to large print."""
        return max(1, round(value * self.scale * self.text_scale))

    # Type sizes (pixels) by role.
    @property
    def heading_size(self) -> int:
        return self.tx(40)

    @property
    def subheading_size(self) -> int:
        return self.tx(26)

    @property
    def body_size(self) -> int:
        return self.tx(22)

    @property
    def small_size(self) -> int:
        return self.tx(17)

    @property
    def button_height(self) -> int:
        return self.px(54 * (1 + (self.text_scale - 1) * 0.8))

    @property
    def row_height(self) -> int:
        return self.px(46 * (1 + (self.text_scale - 1) * 0.8))

    @property
    def focus_width(self) -> int:
        """The focus ring's thickness: thick in high contrast, never under 3 pixels."""
        return max(4, self.px(5)) if self.high_contrast else max(3, self.px(3))

    @property
    def padding(self) -> int:
        return self.px(16)

    @property
    def radius(self) -> int:
        return self.px(12)



# The high-contrast theme's colours (``Theme.for_size`` with ``Look.high_contrast``): every
# text over its background at least 7:1 (tests/test_low_vision_contrast.py).
HIGH_CONTRAST = Theme(
    **dataclasses.asdict(CONTRAST_FELT),
    text=(255, 255, 255), text_dim=(236, 236, 236), text_dark=(0, 0, 0),
    gold=(255, 214, 10), gold_light=(255, 236, 140), gold_dark=(255, 196, 0),
    panel_border=(255, 255, 255), primary=(255, 214, 10), primary_text=(0, 0, 0), secondary_text=(255, 255, 255),
    danger=(150, 0, 0), danger_text=(255, 255, 255), disabled=(40, 40, 40),
    disabled_text=(200, 200, 200), focus=(0, 230, 255), high_contrast=True,
)  # fmt: skip
