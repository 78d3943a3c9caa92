"""Card faces and backs rendered from the bundled SVGs at the exact size asked, then cached.

Files (made by tools/make_cards.py): assets/cards/<style>/<code>.svg and assets/cards/back_<name>.svg,
where a code is a rank (A 2 3 4 5 6 7 8 9 10 J Q K) followed by a suit (S H D C), e.g. "10D".
"""

from __future__ import annotations

from pathlib import Path

import pygame

from craits.resources import resource_path
from craits.ui.cards.contrast import high_contrast_face
from craits.ui.widgets.textcache import LRU, to_display
from craits.ui.widgets.theme import current_look

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
CARD_CODES = tuple(rank + suit for suit in SUITS for rank in RANKS)
STYLES = ("classic", "fourcolor")
BACKS = ("blue", "red", "green", "charcoal")  # the backs tools/make_cards.py draws, in menu order
DEFAULT_BACK = "blue"
ASPECT = 5 / 7  # width / height of every card
CORNER_FRACTION = 14 / 250  # corner radius as a share of the card width, as drawn in the SVGs


def card_size_for_height(height: int) -> tuple[int, int]:
    """The (width, height) of a card `height` pixels tall, keeping the 5:7 shape."""
    return max(1, round(height * ASPECT)), height


class CardArt:
    """Renders and caches card images; one instance serves the whole UI.

    The cache is least-recently-used and holds at most `max_entries` surfaces and at most
    `max_bytes` bytes of pixels (cards are large at large window sizes), so neither resizing
    the window nor hours of play can grow memory without bound.
    """

    def __init__(self, cards_dir: Path | None = None, max_entries: int = 256,
                 max_bytes: int = 48_000_000) -> None:
        if max_entries < 1:
            raise ValueError(f"max_entries must be at least 1, got {max_entries}")
        self._dir = Path(cards_dir) if cards_dir is not None else resource_path("assets", "cards")
        self._cache: LRU[pygame.Surface] = LRU(max_entries, max_bytes)
        # The back the player chose (the app sets it from the settings); painters made
        # without a back of their own draw this one.
        self.chosen_back = DEFAULT_BACK

    @property
    def back_names(self) -> tuple[str, ...]:
        """Names of the available backs, e.g. ("blue", "green", "red")."""
        return tuple(sorted(p.stem.removeprefix("back_") for p in self._dir.glob("back_*.svg")))

    def face_path(self, code: str, style: str = "classic") -> Path:
        if code not in CARD_CODES:
            raise ValueError(f"unknown card code {code!r}: expected rank then suit, e.g. 'QH', '10D'")
        if style not in STYLES:
            raise ValueError(f"unknown card style {style!r}: expected one of {', '.join(STYLES)}")
        return self._dir / style / f"{code}.svg"

    def back_path(self, name: str = "blue") -> Path:
        path = self._dir / f"back_{name}.svg"
        if not path.is_file():
            known = ", ".join(self.back_names) or "none found"
            raise ValueError(f"unknown card back {name!r}: expected one of {known}")
        return path

    def face(self, code: str, size: tuple[int, int], style: str = "classic", *,
             plain: bool = False) -> pygame.Surface:
        """The face of card `code` at exactly `size` pixels (share it; do not draw on it); in
        high contrast, with a black edge and heavy indices."""
        size = _checked_size(size)
        if current_look().high_contrast and not plain:
            return self._cache.get(("face-hc", code, size, style),
                                   lambda: high_contrast_face(self.face(code, size, style,
                                                                        plain=True), code, style))
        return self._cache.get(("face", code, size, style),
                               lambda: _render(self.face_path(code, style), size))

    def back(self, size: tuple[int, int], name: str = "blue") -> pygame.Surface:
        """The back design `name` at exactly `size` pixels."""
        size = _checked_size(size)
        return self._cache.get(("back", name, size), lambda: _render(self.back_path(name), size))

    def shadow(self, size: tuple[int, int], blur: int | None = None) -> pygame.Surface:
        """A soft shadow for a card of `size`, `blur` pixels bigger on every side.

        Blit it at the card's position minus (blur, blur), plus any drop offset, before the card.
        """
        size = _checked_size(size)
        if blur is None:
            blur = max(2, size[0] // 14)
        if blur < 0:
            raise ValueError(f"shadow blur must not be negative, got {blur}")
        return self._cache.get(("shadow", size, blur), lambda: _render_shadow(size, blur))

    def clear(self) -> None:
        """Forget every rendered surface (e.g. after the display mode changed)."""
        self._cache.clear()

    @property
    def bytes(self) -> int:
        """Pixels held by the cache."""
        return self._cache.bytes

    def __len__(self) -> int:
        return len(self._cache)


def _checked_size(size: tuple[int, int]) -> tuple[int, int]:
    try:
        width, height = size
    except (TypeError, ValueError):
        raise ValueError(f"card size must be (width, height), got {size!r}") from None
    if not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in (width, height)):
        raise ValueError(f"card size must be two positive integers, got {size!r}")
    return width, height


def _render(path: Path, size: tuple[int, int]) -> pygame.Surface:
    image = pygame.image.load_sized_svg(path, size)
    width, height = image.get_size()
    if (width, height) != size:
        if abs(width - size[0]) <= 1 and abs(height - size[1]) <= 1:
            # The renderer rounds up; the lost row or column is the card's transparent margin.
            exact = pygame.Surface(size, pygame.SRCALPHA)
            exact.blit(image, (0, 0))
            image = exact
        else:
            # A size that is not 5:7: the caller asked for it, so stretch rather than letterbox.
            image = pygame.transform.smoothscale(image, size)
    return to_display(image)


def _render_shadow(size: tuple[int, int], blur: int) -> pygame.Surface:
    width, height = size
    shadow = pygame.Surface((width + 2 * blur, height + 2 * blur), pygame.SRCALPHA)
    radius = max(1, round(width * CORNER_FRACTION))
    pygame.draw.rect(shadow, (0, 0, 0, 130), (blur, blur, width, height), border_radius=radius)
    if blur:
        shadow = pygame.transform.gaussian_blur(shadow, blur)
    return to_display(shadow)
