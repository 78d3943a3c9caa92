"""The small avatar on a seat's plate: a coloured disc with the player's initials and, for a
computer seat, its level's emblem in a badge at the disc's foot.

The colour only tells seats apart at a glance; what it stands for is always said in shapes and
words too: the initials, the emblem (a circle for easy, a square for medium, a diamond for hard,
two diamonds for expert, as on ski runs) and the level written on the plate.
"""

from __future__ import annotations

import zlib

import pygame

from craits import i18n
from craits.ui.widgets.textcache import LRU, text_surface, to_display

# Dark enough that cream initials on them stay clear (contrast 4.5:1 or more).
DISC_COLOURS = (
    (150, 52, 48), (40, 96, 160), (116, 72, 150), (26, 118, 106),
    (160, 92, 26), (92, 104, 44), (156, 60, 110), (70, 80, 96),
)
INK = (250, 244, 226)
RIM = (236, 196, 92)
LEVEL_EMBLEMS = {"easy": "circle", "medium": "square", "hard": "diamond", "expert": "diamonds"}
SUPERSAMPLE = 3  # drawn this many times larger, then scaled down: smooth edges

_cache: LRU[pygame.Surface] = LRU(96, max_bytes=2_000_000)


def initials(name: str) -> str:
    """Up to two letters for ``name``: the first of its first and of its last word ("Ada" A,
    "Player 2" P2, "ana maría" AM); "?" when it has no letter or digit."""
    words = ["".join(ch for ch in word if ch.isalnum()) for word in name.split()]
    words = [w for w in words if w]
    if not words:
        return "?"
    return (words[0][0] + (words[-1][0] if len(words) > 1 else "")).upper()


def disc_colour(name: str) -> tuple[int, int, int]:
    """The same name gets the same colour in every game."""
    return DISC_COLOURS[zlib.crc32(name.strip().casefold().encode("utf-8")) % len(DISC_COLOURS)]


def level_of(detail: str) -> str | None:
    """The level a plate's level label names ("Hard" in English, "Mahirap" in Tagalog), or
    None for a human's plate."""
    return next((level for level in LEVEL_EMBLEMS  # a classic wears its level's emblem
                 if detail and detail in (i18n.t(f"level.{level}"),
                                          i18n.level_name(f"{level}-classic"))), None)


def avatar(name: str, level: str | None, diameter: int) -> pygame.Surface:
    """The avatar ``diameter`` pixels across (the emblem's badge may reach a little past it:
    the image is ``diameter`` plus a sixth wide and high)."""
    diameter = max(8, int(diameter))
    key = (name, level, diameter)
    return _cache.get(key, lambda: to_display(_render(name, level, diameter)))


def avatar_extent(diameter: int) -> int:
    """The side of the image ``avatar`` returns for ``diameter``."""
    return max(8, int(diameter)) + max(2, max(8, int(diameter)) // 6)


def _render(name: str, level: str | None, diameter: int) -> pygame.Surface:
    side = avatar_extent(diameter)
    s = SUPERSAMPLE
    big = pygame.Surface((side * s, side * s), pygame.SRCALPHA)
    r = diameter * s / 2
    centre = (r, r)
    pygame.draw.circle(big, (0, 0, 0, 90), (r + s, r + 2 * s), r)  # a soft drop
    pygame.draw.circle(big, disc_colour(name), centre, r)
    pygame.draw.circle(big, RIM, centre, r, max(1, round(r / 11)))
    emblem = LEVEL_EMBLEMS.get(level or "")
    if emblem:
        _draw_badge(big, emblem, side * s, diameter * s)
    image = pygame.transform.smoothscale(big, (side, side))
    letters = initials(name)
    size = round(diameter * (0.5 if len(letters) == 1 else 0.4))
    text = text_surface(letters, max(6, size), INK, True)
    if text.get_width() > diameter * 0.8:
        text = pygame.transform.smoothscale_by(text, diameter * 0.8 / text.get_width())
    image.blit(text, text.get_rect(center=(diameter / 2, diameter / 2)))
    return image


def _draw_badge(big: pygame.Surface, emblem: str, side: int, diameter: int) -> None:
    """A cream badge at the disc's lower right with the level's shape in dark ink."""
    br = diameter * 0.27
    cx = cy = side - br - 1
    pygame.draw.circle(big, INK, (cx, cy), br)
    pygame.draw.circle(big, (40, 40, 40), (cx, cy), br, max(1, round(br / 7)))
    ink = (24, 26, 30)
    u = br * 0.5
    if emblem == "circle":
        pygame.draw.circle(big, ink, (cx, cy), u)
    elif emblem == "square":
        pygame.draw.rect(big, ink, pygame.Rect(0, 0, 1.6 * u, 1.6 * u).move(cx - 0.8 * u,
                                                                           cy - 0.8 * u))
    elif emblem == "diamond":
        pygame.draw.polygon(big, ink, _diamond(cx, cy, u * 1.1))
    else:  # two diamonds side by side
        for dx in (-0.55 * u, 0.55 * u):
            pygame.draw.polygon(big, ink, _diamond(cx + dx, cy, u * 0.62, wide=0.9))


def _diamond(cx: float, cy: float, half: float, wide: float = 0.8) -> list[tuple[float, float]]:
    return [(cx, cy - half), (cx + half * wide, cy), (cx, cy + half), (cx - half * wide, cy)]
