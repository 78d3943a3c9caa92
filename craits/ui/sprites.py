"""Things drawn at the table: cards that fly, flip and lift; banners; cached text.

Sprites know how they look and where they are going, never the rules. Rendered surfaces are
cached (card art at exact sizes, rotations by whole degrees, text by content), so a resting
table costs only blits; only cards in flight are scaled and rotated afresh each frame.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from craits.engine.cards import card_str
from craits.ui.fonts import get_font
from craits.ui.layout import Slot
from craits.ui.tween import Tween, ease_out_back, ease_out_cubic, lerp_angle

log = logging.getLogger(__name__)

Color = tuple[int, int, int] | tuple[int, int, int, int]

GOLD = (236, 196, 92)
FOCUS = (120, 210, 255)


class LRU:
    """A small least-recently-used cache of rendered surfaces."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        item = self._items.get(key)
        if item is not None:
            self._items.move_to_end(key)
            return item
        item = make()
        self._items[key] = item
        if len(self._items) > self.limit:
            self._items.popitem(last=False)
        return item

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


_text_cache = LRU(600)


def text_surface(text: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: the same string in the same style is rendered once."""
    return _text_cache.get(
        (text, size, color, bold), lambda: get_font(max(1, size), bold).render(text, True, color)
    )


_fit_cache: dict[tuple, int] = {}
_ellipsis_cache: dict[tuple, str] = {}


def ellipsize(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut with "…" so that it is at most ``width`` wide at ``size`` (cached)."""
    key = (text, size, width, bold)
    found = _ellipsis_cache.get(key)
    if found is not None:
        return found
    font = get_font(max(1, size), bold)
    out = text
    if font.size(text)[0] > width:
        while out and font.size(out.rstrip() + "…")[0] > width:
            out = out[:-1]
        out = out.rstrip() + "…" if out else ""
    if len(_ellipsis_cache) > 4000:
        _ellipsis_cache.clear()
    _ellipsis_cache[key] = out
    return out


def fit_size(text: str, size: int, width: int, bold: bool = False, min_size: int = 9) -> int:
    """The largest font size <= ``size`` at which ``text`` is at most ``width`` wide (cached)."""
    key = (text, size, width, bold, min_size)
    found = _fit_cache.get(key)
    if found is not None:
        return found
    s = size
    while s > min_size and get_font(s, bold).size(text)[0] > width:
        s -= 1
    if len(_fit_cache) > 4000:
        _fit_cache.clear()
    _fit_cache[key] = s
    return s


def blit_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    color: Color,
    *,
    bold: bool = False,
    center: tuple[int, int] | None = None,
    midleft: tuple[int, int] | None = None,
    midright: tuple[int, int] | None = None,
    max_width: int | None = None,
    shadow: bool = False,
) -> pygame.Rect:
    """Blit one line of cached text, shrunk to ``max_width`` if given."""
    if max_width is not None:
        size = fit_size(text, size, max_width, bold)
        text = ellipsize(text, size, max_width, bold)
    image = text_surface(text, size, color, bold)
    rect = image.get_rect()
    if center is not None:
        rect.center = center
    elif midleft is not None:
        rect.midleft = midleft
    elif midright is not None:
        rect.midright = midright
    if max_width is not None and rect.width > max_width:  # still too wide at the smallest size
        area = pygame.Rect(0, 0, max_width, rect.height)
        if center is not None:
            rect.width = max_width
            rect.center = center
        elif midright is not None:
            rect.width = max_width
            rect.midright = midright
        if shadow:
            surface.blit(text_surface(text, size, (0, 0, 0), bold), rect.move(1, 2), area)
        surface.blit(image, rect, area)
        return pygame.Rect(rect.topleft, area.size)
    if shadow:
        surface.blit(text_surface(text, size, (0, 0, 0), bold), rect.move(1, 2))
    surface.blit(image, rect)
    return rect


# ----------------------------------------------------------------------------- card painting


class CardPainter:
    """Card surfaces for the table from the app's CardArt, with rotation and dimming cached.

    If a card image cannot be rendered (missing asset), a plain drawn card stands in, so a
    damaged install still plays; the problem is logged once.
    """

    def __init__(self, card_art: object, style: str = "classic", back: str = "blue") -> None:
        self.card_art = card_art
        self.style = style
        self.back_name = back
        self._turned = LRU(700)
        self._bases = LRU(300)
        self._flying = LRU(260)
        self._warned = False

    def configure(self, style: str, back: str) -> None:
        if (style, back) != (self.style, self.back_name):
            self.style, self.back_name = style, back
            self.clear()

    def clear(self) -> None:
        self._turned.clear()
        self._bases.clear()
        self._flying.clear()

    def flying(self, code: int | None, size: tuple[int, int], angle: float, scale: float,
               dim: bool = False) -> pygame.Surface:
        """A card in flight with its shadow, turned and scaled; steps of 1 degree and 4 %
        are cached, so the many cards of a deal share images."""
        a = round(angle) % 360
        q = round(scale * 25) / 25
        if a == 0 and q == 1.0:
            return self.with_shadow(code, size, 0, dim)
        return self._flying.get(
            (code, size, a, q, dim),
            lambda: to_display(pygame.transform.rotozoom(self.with_shadow(code, size, 0, dim), a,
                                                       q)),
        )

    # Base images at exact sizes.
    def base(self, code: int | None, size: tuple[int, int], dim: bool = False) -> pygame.Surface:
        key = (code, size, dim)
        return self._bases.get(key, lambda: self._make_base(code, size, dim))

    def _make_base(self, code: int | None, size: tuple[int, int], dim: bool) -> pygame.Surface:
        if dim:
            image = self.base(code, size).copy()
            image.fill((168, 168, 160), special_flags=pygame.BLEND_RGB_MULT)
            return image
        try:
            if code is None:
                return self.card_art.back(size, self.back_name)  # type: ignore[attr-defined]
            return self.card_art.face(card_str(code), size, self.style)  # type: ignore[attr-defined]
        except (ValueError, OSError, pygame.error, FileNotFoundError) as exc:
            if not self._warned:
                log.warning("card art unavailable, drawing plain cards: %s", exc)
                self._warned = True
            return plain_card(code, size)

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        try:
            return self.card_art.shadow(size)  # type: ignore[attr-defined]
        except (AttributeError, ValueError, pygame.error):
            return self._bases.get(("shadow", size), lambda: _plain_shadow(size))

    def turned(
        self, code: int | None, size: tuple[int, int], angle: float, dim: bool = False
    ) -> pygame.Surface:
        """The card rotated by ``angle`` degrees, rounded to whole degrees and cached."""
        a = round(angle) % 360
        if a == 0:
            return self.base(code, size, dim)
        key = (code, size, a, dim)
        return self._turned.get(
            key, lambda: to_display(pygame.transform.rotozoom(self.base(code, size, dim), a, 1.0))
        )

    def with_shadow(
        self, code: int | None, size: tuple[int, int], angle: float, dim: bool = False
    ) -> pygame.Surface:
        """Card and soft shadow in one image centred on the card (one blit per card)."""
        a = round(angle) % 360
        key = ("shadowed", code, size, a, dim)
        return self._turned.get(key, lambda: self._compose(code, size, a, dim))

    def _compose(self, code: int | None, size: tuple[int, int], a: int,
                 dim: bool) -> pygame.Surface:
        card = self.base(code, size, dim)
        shadow = self.shadow(size)
        if a:
            card = pygame.transform.rotozoom(card, a, 1.0)
            shadow = pygame.transform.rotozoom(shadow, a, 1.0)
        drop = shadow_drop(size)
        w = max(card.get_width(), shadow.get_width() + 2 * drop)
        h = max(card.get_height(), shadow.get_height() + 4 * drop)
        image = pygame.Surface((w, h), pygame.SRCALPHA)
        centre = (w // 2, h // 2)
        image.blit(shadow, shadow.get_rect(center=(centre[0] + drop, centre[1] + 2 * drop)))
        image.blit(card, card.get_rect(center=centre))
        return to_display(image)

    def glow(self, size: tuple[int, int], color: Color) -> pygame.Surface:
        return self._bases.get(("glow", size, color), lambda: to_display(_glow(size, color)))

    def turned_glow(self, size: tuple[int, int], angle: float, color: Color = GOLD
                    ) -> pygame.Surface:
        a = round(angle) % 360
        if a == 0:
            return self.glow(size, color)
        return self._turned.get(
            ("glow", size, a, color),
            lambda: to_display(pygame.transform.rotozoom(self.glow(size, color), a, 1.0)),
        )


def shadow_drop(size: tuple[int, int]) -> int:
    return max(1, size[0] // 24)


def to_display(surface: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format when there is a display (blits are then fastest)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def plain_card(code: int | None, size: tuple[int, int]) -> pygame.Surface:
    """A card drawn without the art files: white face with its index, or a blue back."""
    w, h = size
    image = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(2, w // 12)
    if code is None:
        pygame.draw.rect(image, (36, 82, 150), image.get_rect(), border_radius=radius)
        pygame.draw.rect(
            image,
            (230, 200, 110),
            image.get_rect().inflate(-w // 8, -w // 8),
            max(1, w // 30),
            border_radius=radius,
        )
        return image
    pygame.draw.rect(image, (250, 248, 240), image.get_rect(), border_radius=radius)
    pygame.draw.rect(image, (120, 120, 120), image.get_rect(), 1, border_radius=radius)
    from craits.engine.cards import RANKS, SUIT_OF, SUIT_SYMBOLS

    red = SUIT_OF[code] in (1, 2)
    color = (200, 40, 50) if red else (25, 25, 35)
    label = RANKS[code % 13] + SUIT_SYMBOLS[SUIT_OF[code]]
    font = get_font(max(6, h // 6), True)
    image.blit(font.render(label, True, color), (w // 14, h // 20))
    big = get_font(max(8, h // 3), True).render(SUIT_SYMBOLS[SUIT_OF[code]], True, color)
    image.blit(big, big.get_rect(center=(w // 2, h // 2)))
    return image


def _plain_shadow(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    blur = max(2, w // 14)
    image = pygame.Surface((w + 2 * blur, h + 2 * blur), pygame.SRCALPHA)
    pygame.draw.rect(image, (0, 0, 0, 110), (blur, blur, w, h), border_radius=max(2, w // 12))
    return pygame.transform.gaussian_blur(image, blur)


def _glow(size: tuple[int, int], color: Color) -> pygame.Surface:
    w, h = size
    pad = max(4, w // 9)
    image = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    rgb = color[:3]
    pygame.draw.rect(
        image, (*rgb, 230), (pad // 2, pad // 2, w + pad, h + pad), border_radius=max(3, w // 8)
    )
    return pygame.transform.gaussian_blur(image, max(2, pad // 2))


class CardSprite:
    """One card on the table. ``code`` None means the viewer may not know which card it is.

    Position is the card's centre; ``angle`` in degrees counter-clockwise; ``size`` in pixels.
    ``move_to`` starts a flight (ease-out), ``flip`` turns the card over in two halves.
    """

    __slots__ = (
        "code", "face_up", "x", "y", "angle", "w", "h", "motion", "flip_tween", "flip_to_face",
        "lift", "lift_target", "dim", "highlight", "focus", "jitter", "owner", "drag",
    )  # fmt: skip

    def __init__(
        self, code: int | None, slot: Slot, size: tuple[int, int], face_up: bool = False
    ) -> None:
        self.code = code
        self.face_up = face_up and code is not None
        self.x, self.y, self.angle = slot.x, slot.y, slot.angle
        self.w, self.h = float(size[0]), float(size[1])
        self.motion: Tween | None = None
        self.flip_tween: Tween | None = None
        self.flip_to_face = self.face_up
        self.lift = 0.0
        self.lift_target = 0.0
        self.dim = False
        self.highlight = False
        self.focus = False
        self.jitter = 0.0
        self.owner: int | None = None  # the seat whose hand holds it, if any
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
        ease=ease_out_cubic,
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
        x, y, a, _, _ = self.motion.end  # type: ignore[misc]
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
            self.x, self.y, self.angle, self.w, self.h = self.motion.update(dt)  # type: ignore[misc]
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

    def draw(self, surface: pygame.Surface, painter: CardPainter) -> None:
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
        render = (round(end[3]), round(end[4])) if end is not None else self.size  # type: ignore[index]
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
    ) -> None:
        self.text = text
        self.pos = pos
        self.duration = max(0.2, duration)
        self.age = 0.0
        self.pop = Tween(0.3, 1.0, 0.28, ease_out_back)
        self.image = _pill(text, size, fill, color)

    @property
    def done(self) -> bool:
        return self.age >= self.duration

    def update(self, dt: float) -> None:
        self.age += dt
        self.pop.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        scale = float(self.pop.value)  # type: ignore[arg-type]
        fade = 1.0 - max(0.0, (self.age - (self.duration - 0.3)) / 0.3)
        image = self.image
        if abs(scale - 1.0) > 0.01:
            image = pygame.transform.rotozoom(image, 0, scale)
        if fade < 1.0:
            image = image.copy()
            image.set_alpha(round(255 * max(0.0, fade)))
        rise = round(min(self.age, 0.3) * 30)
        surface.blit(image, image.get_rect(center=(self.pos[0], self.pos[1] - rise)))


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


def rounded_panel(
    size: tuple[int, int],
    fill: Color,
    radius: int,
    border: Color | None = None,
    border_width: int = 0,
) -> pygame.Surface:
    """A translucent rounded box as a surface (blit it; cache it yourself)."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(image, fill, image.get_rect(), border_radius=radius)
    if border is not None and border_width:
        pygame.draw.rect(image, border, image.get_rect(), border_width, border_radius=radius)
    return image


# ----------------------------------------------------------------------------- widget images

_button_cache = LRU(120)


def draw_button(button, surface: pygame.Surface) -> None:
    """Draw a widgets.Button from a cached image of its current look (label, size, state),
    so a screen full of buttons costs a few blits a frame instead of text rendering."""
    if not button.visible:
        return
    margin = button.theme.px(14)
    rect = button.rect
    key = (button.label, rect.size, button.style, button.enabled, button.hovered,
           button.pressed, button.focused and button.focus_visible, button.text_size,
           button.theme.scale)

    def render() -> pygame.Surface:
        image = pygame.Surface((rect.width + 2 * margin, rect.height + 2 * margin),
                               pygame.SRCALPHA)
        saved = button.rect
        button.rect = pygame.Rect(margin, margin, rect.width, rect.height)
        try:
            button.draw(image)
        finally:
            button.rect = saved
        return to_display(image)

    surface.blit(_button_cache.get(key, render), (rect.left - margin, rect.top - margin))


def text_in(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    size: int,
    color: Color,
    *,
    bold: bool = False,
    align: str = "center",
    shadow: bool = False,
) -> pygame.Rect:
    """One line of cached text inside ``rect`` (shrunk to its width), aligned left/center/right."""
    if align == "left":
        return blit_text(surface, text, size, color, bold=bold, midleft=rect.midleft,
                         max_width=rect.width, shadow=shadow)
    if align == "right":
        return blit_text(surface, text, size, color, bold=bold, midright=rect.midright,
                         max_width=rect.width, shadow=shadow)
    return blit_text(surface, text, size, color, bold=bold, center=rect.center,
                     max_width=rect.width, shadow=shadow)
