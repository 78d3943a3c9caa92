"""Things that move at the table: cards that fly, flip and lift, and banners that pop up.

Sprites know how they look and where they are going, never the rules. A card at rest is one
cached blit (card and shadow together); only cards in flight are turned and scaled each frame,
from cached art at the size they are heading for.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from craits.ui.cards.painter import FOCUS, GOLD, CardPainter
from craits.ui.tabletop.layout import Slot
from craits.ui.tabletop.tween import Easing, Tween, ease_out_back, ease_out_cubic, lerp_angle
from craits.ui.widgets.textcache import Color, text_surface


class Canvas(Protocol):
    """Where a sprite draws: a ``pygame.Surface``, or a surface seen through an offset."""

    def blit(self, source: pygame.Surface, dest: pygame.Rect, /) -> pygame.Rect: ...


RestKey = tuple[int | None, tuple[int, int], int, int, int, bool, bool, bool]
"""What decides how a card looks at rest: face shown, size, centre, angle, dim, highlight,
focus."""


class CardSprite:
    """One card on the table. ``code`` None means the viewer may not know which card it is.

    Position is the card's centre; ``angle`` in degrees counter-clockwise; ``size`` in pixels.
    ``move_to`` starts a flight (ease-out), ``flip`` turns the card over in two halves.
    """

    __slots__ = (
        "code", "face_up", "x", "y", "angle", "w", "h", "motion", "flip_tween", "flip_to_face",
        "lift", "lift_target", "dim", "highlight", "focus", "drag",
    )  # fmt: skip

    def __init__(
        self, code: int | None, slot: Slot, size: tuple[int, int], face_up: bool = False
    ) -> None:
        self.code = code
        self.face_up = face_up and code is not None
        self.x, self.y, self.angle = slot.x, slot.y, slot.angle
        self.w, self.h = float(size[0]), float(size[1])
        # x, y, angle, width, height
        self.motion: Tween[tuple[float, ...]] | None = None
        self.flip_tween: Tween[float] | None = None
        self.flip_to_face = self.face_up
        self.lift = 0.0
        self.lift_target = 0.0
        self.dim = False
        self.highlight = False
        self.focus = False
        self.drag: tuple[float, float] | None = None  # pointer position while dragged

    @property
    def size(self) -> tuple[int, int]:
        return max(1, round(self.w)), max(1, round(self.h))

    @property
    def moving(self) -> bool:
        return self.motion is not None or self.flip_tween is not None

    def place(self, slot: Slot, size: tuple[int, int]) -> None:
        """Jump to a slot (no animation)."""
        self.motion = None
        self.x, self.y, self.angle = slot.x, slot.y, slot.angle
        self.w, self.h = float(size[0]), float(size[1])

    def move_to(
        self,
        slot: Slot,
        size: tuple[int, int],
        duration: float,
        delay: float = 0.0,
        ease: Easing = ease_out_cubic,
    ) -> None:
        """Fly to ``slot`` and grow or shrink to ``size``; angles turn the short way."""
        target = (slot.x, slot.y, slot.angle, float(size[0]), float(size[1]))
        current = (self.x, self.y, self.angle, self.w, self.h)
        if self.motion is not None and self.motion.end == target:
            return
        if duration <= 0 and delay <= 0:
            self.place(slot, size)
            return
        # Unwrap the target angle so interpolation takes the short way round.
        end_angle = lerp_angle(self.angle, slot.angle, 1.0)
        self.motion = Tween(current, (*target[:2], end_angle, *target[3:]), duration, ease, delay)

    def target(self) -> tuple[float, float, float] | None:
        if self.motion is None:
            return None
        x, y, a, _, _ = self.motion.end
        return x, y, a

    def flip(self, face_up: bool, duration: float, delay: float = 0.0) -> None:
        """Turn over (only to the face when the card's identity is known)."""
        face_up = face_up and self.code is not None
        if face_up == self.face_up and self.flip_tween is None:
            return
        self.flip_to_face = face_up
        if duration <= 0 and delay <= 0:
            self.face_up = face_up
            self.flip_tween = None
            return
        self.flip_tween = Tween(0.0, 1.0, duration, lambda t: t, delay)

    def update(self, dt: float) -> None:
        if self.motion is not None:
            self.x, self.y, self.angle, self.w, self.h = self.motion.update(dt)
            if self.motion.done:
                self.motion = None
        if self.flip_tween is not None:
            self.flip_tween.update(dt)
            if self.flip_tween.progress >= 0.5:
                self.face_up = self.flip_to_face
            if self.flip_tween.done:
                self.flip_tween = None
        # Lifting out of the hand eases towards its target (hover, playable, focus).
        step = min(1.0, dt * 14.0)
        self.lift += (self.lift_target - self.lift) * step
        if abs(self.lift - self.lift_target) < 0.3:
            self.lift = self.lift_target

    @property
    def at_rest(self) -> bool:
        """Not flying, flipping, dragged or still lifting: it looks the same next frame."""
        return (self.motion is None and self.flip_tween is None and self.drag is None
                and self.lift == self.lift_target)

    def rest_key(self) -> RestKey:
        """Everything that decides how the card looks at rest (for caching groups of cards)."""
        return (self.code if self.face_up else None, self.size, round(self.x),
                round(self.y - self.lift), round(self.angle) % 360, self.dim, self.highlight,
                self.focus)

    def draw(self, surface: Canvas, painter: CardPainter) -> None:
        code = self.code if self.face_up else None
        x, y, angle = self.x, self.y - self.lift, self.angle
        if self.drag is not None:
            x, y, angle = self.drag[0], self.drag[1], 0.0
        squeeze = 1.0
        if self.flip_tween is not None:
            squeeze = max(0.04, abs(1.0 - 2.0 * self.flip_tween.progress))
        centre = (round(x), round(y))
        if self.motion is None and squeeze == 1.0 and self.drag is None:
            size = self.size
            if self.highlight or self.focus:
                glow = painter.turned_glow(size, angle, FOCUS if self.focus else GOLD)
                surface.blit(glow, glow.get_rect(center=centre))
            image = painter.with_shadow(code, size, angle, self.dim)
            surface.blit(image, image.get_rect(center=centre))
            return
        # Moving: scale the cached image at the size it is heading for; never re-render art.
        end = self.motion.end if self.motion is not None else None
        render = (round(end[3]), round(end[4])) if end is not None else self.size
        render = (max(1, render[0]), max(1, render[1]))
        scale = self.h / render[1]
        if squeeze != 1.0:
            base = painter.base(code, render, self.dim)
            base = pygame.transform.smoothscale(
                base, (max(1, round(base.get_width() * squeeze)), base.get_height())
            )
            image = pygame.transform.rotozoom(base, angle, scale)
        else:
            image = painter.flying(code, render, angle, scale * (1.04 if self.drag else 1.0),
                                   self.dim)
        surface.blit(image, image.get_rect(center=centre))


# ----------------------------------------------------------------------------- banners


class Banner:
    """A short pill of text ("Last card!", "Skipped!") that pops in by a seat and fades."""

    def __init__(
        self,
        text: str,
        pos: tuple[int, int],
        size: int,
        fill: Color,
        color: Color = (255, 255, 255),
        duration: float = 1.4,
        room: tuple[int, int] | None = None,
        align: str = "centre",
    ) -> None:
        self.text = text
        self.pos = pos
        self.align = align  # "right": the pill ends at ``pos`` (beside a compact plate)
        self.duration = max(0.2, duration)
        self.age = 0.0
        self.pop = Tween(0.3, 1.0, 0.28, ease_out_back)
        # Beside a compact plate the room is short (the piles' row): the type may go lower.
        self.image = fitted_pill(text, size, fill, color, room,
                                 0.4 if align == "right" else 0.5)

    @property
    def done(self) -> bool:
        return self.age >= self.duration

    def update(self, dt: float) -> None:
        self.age += dt
        self.pop.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        scale = self.pop.value
        fade = 1.0 - max(0.0, (self.age - (self.duration - 0.3)) / 0.3)
        image = self.image
        if abs(scale - 1.0) > 0.01:
            image = pygame.transform.rotozoom(image, 0, scale)
        if fade < 1.0:
            image = image.copy()
            image.set_alpha(round(255 * max(0.0, fade)))
        rect = self.box(image, round(min(self.age, 0.3) * 30))
        # A large-print banner by a plate at the window's edge stays whole in the window.
        surface.blit(image, rect.clamp(surface.get_rect()))

    def box(self, image: pygame.Surface | None = None, rise: int = 0) -> pygame.Rect:
        """Where ``image`` (the pill, shadow and all) is drawn, ``rise`` pixels up."""
        image = image or self.image
        y = self.pos[1] - rise
        if self.align == "right":  # the pill itself (4 pixels in from its shadow) ends at pos
            return image.get_rect(midright=(self.pos[0] + 4, y))
        return image.get_rect(center=(self.pos[0], y))


def fitted_pill(text: str, size: int, fill: Color, color: Color,
                room: tuple[int, int] | None = None, least_share: float = 0.5) -> pygame.Surface:
    """A banner's pill at type ``size``, or smaller where it would not fit ``room`` (the pill
    without its shadow; never below ``least_share`` of the size)."""
    least = max(1, int(size * least_share))
    while True:
        image = _pill(text, size, fill, color)
        if room is None or size <= least or (image.get_width() - 8 <= room[0]
                                             and image.get_height() - 10 <= room[1]):
            return image
        size -= 1


def _pill(text: str, size: int, fill: Color, color: Color) -> pygame.Surface:
    label = text_surface(text, size, color, True)
    pad_x, pad_y = size * 0.8, size * 0.35
    w, h = round(label.get_width() + 2 * pad_x), round(label.get_height() + 2 * pad_y)
    image = pygame.Surface((w + 8, h + 10), pygame.SRCALPHA)
    pygame.draw.rect(image, (0, 0, 0, 90), (4, 8, w, h), border_radius=h // 2)
    pygame.draw.rect(image, fill, (4, 4, w, h), border_radius=h // 2)
    pygame.draw.rect(
        image, (255, 255, 255, 160), (4, 4, w, h), max(1, size // 10), border_radius=h // 2
    )
    image.blit(label, label.get_rect(center=(4 + w // 2, 4 + h // 2)))
    return image
