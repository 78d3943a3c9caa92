"""What the player must always see at the table, and where the things drawn over it go so
that they cover none of it: the piles, the hand and the line above it, the seats' plates and
fans, the log and the buttons stay clear of every tip, banner and pill, and of the direction
ring's arrows.

Pure geometry over a ``TableLayout``; ``tests/test_overlay_placement.py`` checks it for every
seat count and window size.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable

import pygame

from craits.ui.tabletop.layout import CRANK_ROOM, TableLayout, banner_height, ring_head

RING_SAMPLES = 96


def banner_box(lay: TableLayout, pos: tuple[int, int], width: int) -> pygame.Rect:
    """Where a banner of ``width`` pixels centred at ``pos`` can reach (it pops in from a
    little lower, ``Banner.draw``)."""
    height = banner_height(lay.scale, lay.banner_scale)
    return pygame.Rect(0, 0, width, height).move_to(center=(pos[0], pos[1] - 4))


def piles(lay: TableLayout) -> list[pygame.Rect]:
    """The draw pile with its count beside it, the discard pile (cards lie askew), the suit
    badge, and the crank's count beside the discard."""
    draw = lay.draw_pile.inflate(lay.px(10), lay.px(10))
    discard = lay.discard.inflate(lay.px(24), lay.px(20))
    r = lay.badge_radius
    badge = pygame.Rect(lay.badge_centre[0] - r, lay.badge_centre[1] - r, 2 * r, 2 * r)
    crank = pygame.Rect(lay.discard.right, lay.discard.centery - lay.tx(24),
                        lay.px(14) + lay.tx(CRANK_ROOM), lay.tx(48))
    return [draw, lay.count_chip, discard, badge, crank]


def must_see(lay: TableLayout) -> dict[str, list[pygame.Rect]]:
    """Everything no overlay may cover, by name."""
    return {
        "piles": piles(lay),
        "hand": [lay.hand_area, lay.hint],  # the hand's area holds its raised cards
        "plates": [lay.own_plate, *(spot.block for spot in lay.seats.values())],
        "log": [lay.log],
        "buttons": [lay.buttons, lay.menu_button],
    }


@functools.lru_cache(maxsize=64)  # asked for each place a tip might take
def _ring_points(centre: tuple[int, int], ring: tuple[int, int]
                 ) -> tuple[tuple[float, float], ...]:
    cx, cy = centre
    rx, ry = ring
    return tuple((cx + rx * math.cos(t), cy + ry * math.sin(t))
                 for t in (2 * math.pi * i / RING_SAMPLES for i in range(RING_SAMPLES)))


def ring_hits(lay: TableLayout, rect: pygame.Rect) -> bool:
    """Whether the direction ring's arrows (drawn anywhere on the ring, heads at their
    largest) reach into ``rect``."""
    reach = 2 * (ring_head(lay.scale) + lay.px(3))
    near = rect.inflate(reach, reach)
    return any(near.collidepoint(x, y) for x, y in _ring_points(lay.centre, lay.ring))


def ring_box(lay: TableLayout) -> pygame.Rect:
    reach = ring_head(lay.scale) + lay.px(3)
    rx, ry = lay.ring
    return pygame.Rect(0, 0, 2 * (rx + reach), 2 * (ry + reach)).move_to(center=lay.centre)


def _bounds(lay: TableLayout) -> pygame.Rect:
    """The table's room below the top bar."""
    w, h = lay.size
    return pygame.Rect(lay.px(6), lay.top_bar.bottom + lay.px(2), w - lay.px(12),
                       h - lay.top_bar.bottom - lay.px(8))


def _grid(lay: TableLayout, size: tuple[int, int]) -> tuple[range, range]:
    """The corners a box of ``size`` may have in the table's room, as columns and rows."""
    bounds, step = _bounds(lay), max(4, lay.px(10))
    return (range(bounds.left, bounds.right - size[0] + 1, step),
            range(bounds.top, bounds.bottom - size[1] + 1, step))


def _nearest_first(spots: list[tuple[int, int]], size: tuple[int, int],
                   near: tuple[int, int]) -> list[tuple[int, int]]:
    half_w, half_h = size[0] / 2, size[1] / 2
    return sorted(spots, key=lambda p: math.hypot(p[0] + half_w - near[0],
                                                  p[1] + half_h - near[1]))


def _spots(lay: TableLayout, size: tuple[int, int],
           near: tuple[int, int]) -> tuple[pygame.Rect, list[tuple[int, int]]]:
    """The table's room below the top bar, and the places a box of ``size`` could have in
    it, nearest ``near`` first."""
    xs, ys = _grid(lay, size)
    return _bounds(lay), _nearest_first([(x, y) for y in ys for x in xs], size, near)


def _taken(lay: TableLayout, avoid: Iterable[pygame.Rect]) -> list[pygame.Rect]:
    return [r for group in must_see(lay).values() for r in group] + list(avoid)


def _uncovered(xs: range, ys: range, size: tuple[int, int],
               taken: Iterable[pygame.Rect]) -> list[tuple[int, int]]:
    """The corners of ``xs`` by ``ys`` where a box of ``size`` overlaps none of ``taken``, in
    the grid's order. Each taken box rules out a block of the grid at once: a tip's place is
    looked for on the frame it appears, so this must not cost a frame."""
    if not xs or not ys:
        return []
    w, h = size
    blocked = [bytearray(len(xs)) for _ in ys]
    for r in taken:
        if r.width <= 0 or r.height <= 0 or w <= 0 or h <= 0:
            continue  # an empty box overlaps nothing
        # Overlap: r.left - w < x < r.right and r.top - h < y < r.bottom (the ends are kept
        # at 0 or more: a slice's negative end would count from the far side).
        i0 = max(0, (r.left - w - xs.start) // xs.step + 1)
        i1 = min(len(xs), max(0, -(-(r.right - xs.start) // xs.step)))
        j0 = max(0, (r.top - h - ys.start) // ys.step + 1)
        j1 = min(len(ys), max(0, -(-(r.bottom - ys.start) // ys.step)))
        if i0 < i1:
            for row in blocked[j0:j1]:
                row[i0:i1] = b"\1" * (i1 - i0)
    return [(x, y) for y, row in zip(ys, blocked, strict=True)
            for x, cell in zip(xs, row, strict=True) if not cell]


def find_free(lay: TableLayout, size: tuple[int, int], near: tuple[int, int],
              avoid: Iterable[pygame.Rect] = ()) -> pygame.Rect | None:
    """The place for a box of ``size`` nearest ``near`` that covers nothing the player must
    see, no ``avoid`` box and not the ring; None if there is none."""
    xs, ys = _grid(lay, size)
    around = ring_box(lay)
    for x, y in _nearest_first(_uncovered(xs, ys, size, _taken(lay, avoid)), size, near):
        rect = pygame.Rect(x, y, *size)
        if not (rect.colliderect(around) and ring_hits(lay, rect)):
            return rect
    return None


def place_box(lay: TableLayout, size: tuple[int, int], near: tuple[int, int],
              avoid: Iterable[pygame.Rect] = ()) -> pygame.Rect:
    """``find_free``'s place; where nothing is free (a tiny window), the place that covers
    least."""
    found = find_free(lay, size, near, avoid)
    if found is not None:
        return found
    taken = _taken(lay, avoid)
    bounds, spots = _spots(lay, size, near)
    if not spots:
        rect = pygame.Rect(0, 0, *size).move_to(center=near)
        return rect.clamp(bounds)
    # Nothing is free: the place that covers least, nearest among those.
    def covered(p: tuple[int, int]) -> int:
        rect = pygame.Rect(p[0], p[1], *size)
        return sum(part.width * part.height for part in (rect.clip(t) for t in taken))

    x, y = min(spots[: 4000], key=covered)
    return pygame.Rect(x, y, *size)


def note_anchor(lay: TableLayout, seat: int | None) -> tuple[int, int]:
    """Where a note about ``seat`` would rather be: by its plate, or by the viewer's plate
    for the viewer and the whole table."""
    spot = lay.seats.get(seat) if seat is not None else None
    return spot.plate.midbottom if spot is not None else lay.own_plate.midtop


TABLE_BANNER_WIDTH = 300  # room kept for a banner about the whole table ("Reversed!")
_banner_spots: dict[int, tuple[TableLayout, tuple[int, int]]] = {}


def table_banner_width(lay: TableLayout) -> int:
    """The room kept for a banner about the whole table: in compact large print it goes above
    the log, as wide as its column."""
    width = lay.px(TABLE_BANNER_WIDTH)
    return min(width, lay.log.width) if lay.compact else width


def table_banner_box(lay: TableLayout) -> pygame.Rect:
    """Where a banner about the whole table goes: above the piles where that is free, else
    the nearest free place (worked out once per layout)."""
    size = (table_banner_width(lay), banner_height(lay.scale, lay.banner_scale))
    kept = _banner_spots.get(id(lay))
    if kept is None or kept[0] is not lay:
        near = (lay.centre[0], lay.draw_pile.top - lay.px(24))
        rect = place_box(lay, size, near, (own_banner_box(lay), controls_tip_box(lay)))
        if len(_banner_spots) > 16:
            _banner_spots.clear()
        kept = (lay, rect.center)
        _banner_spots[id(lay)] = kept
    return pygame.Rect((0, 0), size).move_to(center=kept[1])


def table_banner_spot(lay: TableLayout) -> tuple[int, int]:
    x, y = table_banner_box(lay).center
    return (x, y + 4)  # ``banner_box`` reaches 4 pixels above its banner's centre


def controls_tip_box(lay: TableLayout) -> pygame.Rect:
    """The "F1: controls" pill at the end of the line above the hand."""
    x = (lay.hint.right + lay.size[0]) // 2
    width = lay.size[0] - lay.hint.right - lay.px(8)
    return pygame.Rect(0, 0, width, lay.hint.height).move_to(center=(x, lay.hint.centery))


def own_banner_box(lay: TableLayout) -> pygame.Rect:
    """Banners by the viewer's seat (and refusals), above the line over the hand."""
    return banner_box(lay, lay.banner_for(lay.bottom_seat), lay.hand_area.width)


def seat_banner_place(lay: TableLayout, seat: int) -> tuple[tuple[int, int], int, str]:
    """Where a banner by ``seat`` goes: its point, how wide it may be and how it lines up
    there. Beside a compact plate it may reach left only up to the nearest thing the player
    must see on its row (the piles, the log), so it covers neither them nor the plate."""
    spot = lay.seats.get(seat)
    if spot is None or spot.banner_align != "right":
        return lay.banner_for(seat), lay.size[0] - 2 * lay.px(6), "centre"
    band = banner_box(lay, spot.banner, 0)
    band.width, band.right = spot.banner[0], spot.banner[0]
    left = max([lay.px(6)] + [rect.right + lay.px(6) for rect in _taken(lay, ())
                              if rect.left < band.right and band.top < rect.bottom
                              and rect.top < band.bottom])
    return spot.banner, max(1, spot.banner[0] - left), "right"


def fixed_overlays(lay: TableLayout) -> dict[str, pygame.Rect]:
    """The overlays whose places are known from the layout alone."""
    return {"table banner": table_banner_box(lay), "own banner": own_banner_box(lay),
            "controls tip": controls_tip_box(lay)}
