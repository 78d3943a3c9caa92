"""A tip's place is found from the blocks each taken box rules out (``clearance._uncovered``):
it must be exactly the place the plain search finds (every corner, nearest first, the first
that overlaps nothing), at every table the overlay tests check, for boxes of many sizes."""

from __future__ import annotations

import itertools
import math
import random

import pygame
import pytest

from craits.ui.tabletop import clearance
from craits.ui.tabletop.layout import compute_layout

SIZES = [(960, 600), (1280, 800), (1920, 1080)]


def plain_search(lay, size, near, avoid):
    """Every corner of the grid, nearest ``near`` first (ties in the grid's order), the first
    whose box overlaps nothing taken and misses the ring."""
    bounds = clearance._bounds(lay)
    step = max(4, lay.px(10))
    spots = [(x, y) for y in range(bounds.top, bounds.bottom - size[1] + 1, step)
             for x in range(bounds.left, bounds.right - size[0] + 1, step)]
    spots.sort(key=lambda p: math.hypot(p[0] + size[0] / 2 - near[0],
                                        p[1] + size[1] / 2 - near[1]))
    taken = [r for group in clearance.must_see(lay).values() for r in group] + list(avoid)
    around = clearance.ring_box(lay)
    for x, y in spots:
        rect = pygame.Rect(x, y, *size)
        if rect.collidelist(taken) < 0 and not (rect.colliderect(around)
                                                 and clearance.ring_hits(lay, rect)):
            return rect
    return None


@pytest.mark.parametrize("case", list(itertools.product(SIZES, (2, 5), (1.0, 2.0))))
def test_the_quick_search_finds_the_plain_search_s_place(case):
    (w, h), seats, large = case
    lay = compute_layout((w, h), seats, 0, large)
    rng = random.Random(f"{w}x{h}-{seats}-{large}")
    avoid = list(clearance.fixed_overlays(lay).values())
    found = 0
    for _ in range(60):
        size = (rng.randrange(1, w // 2), rng.randrange(1, h // 2))
        near = (rng.randrange(-50, w + 50), rng.randrange(-50, h + 50))
        extra = [pygame.Rect(rng.randrange(w), rng.randrange(h), rng.randrange(0, 300),
                             rng.randrange(0, 300)) for _ in range(rng.randrange(3))]
        want = plain_search(lay, size, near, avoid + extra)
        assert clearance.find_free(lay, size, near, avoid + extra) == want, (size, near)
        found += want is not None
    assert 10 < found < 60  # both kinds of answer were met: a place, and none
