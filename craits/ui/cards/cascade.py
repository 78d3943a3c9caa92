"""The celebration of a won game: the deck leaps from four foundations along the top, one card
after another, falls, bounces along the bottom and leaves a fading trail of images, as solitaire
games end. Seeded, so the same game shows the same cascade.

The trail is a layer the size of the window; ``keep_clear`` (the score table, the heading) is
wiped from it and left out of every card drawn: the animation never covers what the player
must read.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from craits.engine.cards import make_card
from craits.ui.cards.painter import CardPainter

GRAVITY = 2.6  # window heights per second squared
BOUNCE = 0.74  # share of the speed kept at each bounce
LAUNCH_GAP = 0.14  # seconds between two cards leaving their foundations
STAMP_GAP = 1 / 40  # seconds between two images a card leaves in its trail
FADE = 0.965  # share of the trail's opacity kept at each stamp
REST = 1.6  # seconds of quiet between two passes of the deck
PASSES = 2  # then the cascade ends and its trail fades to the felt
FADED = 3.0  # seconds after the last card left the screen: the trail is gone
STEP = 1 / 120  # the physics' time step


@dataclass(slots=True)
class Falling:
    code: int
    x: float  # centre, pixels
    y: float
    vx: float  # pixels per second
    vy: float


def deck_order() -> list[int]:
    """Kings first down to aces, the four suits in turn: how the foundations give them up."""
    return [make_card(rank, suit) for rank in range(13, 0, -1) for suit in range(4)]


class CardCascade:
    def __init__(self, size: tuple[int, int], card: tuple[int, int], seed: int,
                 passes: int = PASSES) -> None:
        self.size = size
        self.passes = passes  # passes of the deck still to start, this one included
        self._after = 0.0  # seconds since the last pass left the screen
        self.card = card
        self._rng = random.Random(seed)
        self._order = deck_order()
        self._next = 0  # index in _order of the next card to leave
        self._clock = 0.0  # time until the next launch
        self._stamp = 0.0
        self._physics = 0.0  # time not yet stepped
        self.falling: list[Falling] = []
        self._trail = pygame.Surface(size, pygame.SRCALPHA)
        self._pending: list[tuple[int, int, int]] = []  # (code, x, y) to stamp
        self._fades = 0  # stamp ticks not yet drawn: the trail fades once for each

    def foundations(self) -> list[tuple[float, float]]:
        w, _ = self.size
        cw, ch = self.card
        y = ch * 0.62
        return [(w * f, y) for f in (0.1, 0.28, 0.72, 0.9)] if w > 4 * cw else [(w / 2, y)]

    @property
    def finished(self) -> bool:
        """Every pass is over and its trail has faded: nothing more to draw."""
        return self.passes <= 0 and self._after >= FADED

    def stop(self) -> None:
        """End at once (the player skipped the celebration): no card left, no trail."""
        self.passes = 0
        self.falling.clear()
        self._pending.clear()
        self._after = FADED
        self._trail.fill((0, 0, 0, 0))

    def update(self, dt: float) -> None:
        dt = max(0.0, min(dt, 0.25))  # a stalled frame does not fling the cards off at once
        if self.passes <= 0 and not self.falling:
            self._after += dt
        self._launch(dt)
        self._physics += dt
        while self._physics >= STEP:
            self._physics -= STEP
            self._step(STEP)
        self._stamp += dt
        if self._stamp >= STAMP_GAP:
            self._stamp = min(self._stamp - STAMP_GAP, STAMP_GAP)
            self._fades += 1  # the trail keeps fading between passes, back to the felt
            self._pending.extend((f.code, round(f.x), round(f.y)) for f in self.falling)

    def _launch(self, dt: float) -> None:
        self._clock -= dt
        if self._clock > 0 or self.passes <= 0:
            return
        if self._next >= len(self._order):
            if self.falling:
                return
            self.passes -= 1
            self._next = 0  # the deck is off screen: a pause, then it goes again
            self._clock = REST
            return
        w, h = self.size
        spots = self.foundations()
        x, y = spots[self._next % len(spots)]
        direction = -1 if x > w / 2 else 1
        if self._rng.random() < 0.25:
            direction = -direction
        vx = direction * self._rng.uniform(0.12, 0.34) * w
        vy = -self._rng.uniform(0.0, 0.55) * h
        self.falling.append(Falling(self._order[self._next], x, y, vx, vy))
        self._next += 1
        self._clock = LAUNCH_GAP

    def _step(self, dt: float) -> None:
        w, h = self.size
        cw, ch = self.card
        floor = h - ch / 2
        kept = []
        for f in self.falling:
            f.vy += GRAVITY * h * dt
            f.x += f.vx * dt
            f.y += f.vy * dt
            if f.y > floor and f.vy > 0:
                f.y = floor
                f.vy = -f.vy * BOUNCE
            if -cw < f.x < w + cw:
                kept.append(f)
        self.falling = kept

    def draw(self, surface: pygame.Surface, cards: CardPainter,
             keep_clear: Sequence[pygame.Rect] = ()) -> None:
        """The trail and the cards in flight onto ``surface``, nothing inside ``keep_clear``."""
        if self._fades:
            keep = round(255 * FADE ** min(self._fades, 40))
            self._trail.fill((255, 255, 255, keep), special_flags=pygame.BLEND_RGBA_MULT)
            # Multiplying rounds up, so faint traces would stay for ever: take a little off too.
            self._trail.fill((0, 0, 0, min(255, 2 * self._fades)),
                             special_flags=pygame.BLEND_RGBA_SUB)
            self._fades = 0
        if self._pending:
            # The trail is the bare cards; only the cards in flight cast a shadow.
            image_of = {code: cards.base(code, self.card) for code, _, _ in self._pending}
            self._trail.fblits([(image_of[code], image_of[code].get_rect(center=(x, y)))
                                for code, x, y in self._pending])
            self._pending.clear()
            for rect in keep_clear:
                self._trail.fill((0, 0, 0, 0), rect)
        surface.blit(self._trail, (0, 0))
        for f in self.falling:
            image = cards.with_shadow(f.code, self.card, 0)
            blit_outside(surface, image, image.get_rect(center=(round(f.x), round(f.y))),
                         keep_clear)


def blit_outside(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect,
                 keep_clear: Sequence[pygame.Rect]) -> None:
    """``image`` at ``rect``, leaving out every part that falls inside one of ``keep_clear``."""
    for part in visible_parts(rect, keep_clear):
        surface.blit(image, part.topleft, part.move(-rect.left, -rect.top))


def visible_parts(rect: pygame.Rect, holes: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """``rect`` less ``holes``, as rectangles that do not overlap."""
    parts = [pygame.Rect(rect)]
    for hole in holes:
        kept: list[pygame.Rect] = []
        for part in parts:
            if not part.colliderect(hole):
                kept.append(part)
                continue
            cut = part.clip(hole)
            # Up to four bands around the cut: above, below, and left and right of it.
            bands = [
                pygame.Rect(part.left, part.top, part.width, cut.top - part.top),
                pygame.Rect(part.left, cut.bottom, part.width, part.bottom - cut.bottom),
                pygame.Rect(part.left, cut.top, cut.left - part.left, cut.height),
                pygame.Rect(cut.right, cut.top, part.right - cut.right, cut.height),
            ]
            kept.extend(b for b in bands if b.width > 0 and b.height > 0)
        parts = kept
    return parts
