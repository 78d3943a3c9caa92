"""The look shared by every widget: colours, type sizes and lengths scaled to the window."""

from __future__ import annotations

from dataclasses import dataclass

MIN_WINDOW = (960, 600)
REFERENCE_WINDOW = (1280, 800)

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
