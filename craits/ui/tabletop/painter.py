"""Draws the card table from the presented model: felt, direction ring, piles, badges, seats,
the viewer's hand, the log and the hint line. Text and panels are cached, so a frame is blits.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from craits.engine.cards import SUIT_SYMBOLS
from craits.ui.cards.painter import CardPainter
from craits.ui.fonts import get_font
from craits.ui.tabletop.avatars import avatar, level_of
from craits.ui.tabletop.layout import TableLayout
from craits.ui.tabletop.model import TableModel
from craits.ui.tabletop.sprites import CardSprite, RestKey
from craits.ui.tabletop.tween import wave
from craits.ui.widgets import felt_background
from craits.ui.widgets.textcache import LRU, blit_text, text_surface, to_display
from craits.ui.widgets.theme import CONTRAST_FELT, FELTS, Color, current_look

CREAM = (246, 238, 214)
DIM = (190, 204, 186)
GOLD = (236, 196, 92)
GOLD_LIGHT = (250, 218, 130)
RED = (200, 52, 46)
PLATE_ALPHA = 190  # a plate over the felt: the colour is the felt's own panel colour
# Seconds of quiet (no input, nothing moving) after which a scene stops the clock its pulses
# and turning ring are drawn by: an unchanged screen lets the app's loop rest.
SETTLE = 4.0
PLATE_BORDER = (226, 184, 84, 90)

SUIT_COLOURS = {
    "classic": ((28, 31, 39), (198, 42, 53), (198, 42, 53), (28, 31, 39)),
    "fourcolor": ((28, 31, 39), (198, 42, 53), (29, 95, 191), (27, 133, 65)),
}


@dataclass(frozen=True)
class SeatInfo:
    """What a seat's plate says: everything public."""

    name: str
    detail: str  # the level ("Hard") or nothing for humans
    score: int
    cards: int
    is_turn: bool
    thinking: bool
    dealer: bool
    announced: bool


class TablePainter:
    def __init__(self, cards: CardPainter, style: str = "classic") -> None:
        self.cards = cards
        self.style = style
        self._panels: LRU[pygame.Surface] = LRU(64, max_bytes=6_000_000)
        self._plates: LRU[pygame.Surface] = LRU(96, max_bytes=6_000_000)
        self._lines: LRU[list[pygame.Surface]] = LRU(200, max_bytes=3_000_000)
        # By face style, back and each card's look at rest: the image and where it goes.
        self._groups: dict[tuple[str | RestKey, ...], tuple[pygame.Surface, tuple[int, int]]] = {}

    # ------------------------------------------------------------ pieces

    def panel(self, size: tuple[int, int], radius: int, glow: bool = False) -> pygame.Surface:
        look = current_look()
        if look.high_contrast:  # black, with a strong white edge
            fill: Color = (0, 0, 0, 240)
            border: Color = (255, 255, 255)
            width = max(3, radius // 4)
        else:
            fill = (*FELTS.get(look.felt, FELTS["green"]).panel[:3], PLATE_ALPHA)
            border, width = PLATE_BORDER, max(1, radius // 8)
        key = (size, radius, glow, fill, border, width)
        return self._panels.get(key, lambda: _plate(size, radius, glow, fill, border, width))

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))

    def draw_ring(self, surface: pygame.Surface, model: TableModel, clock: float) -> None:
        """A ring of curved arrows around the piles, drifting the way play goes."""
        lay = model.layout
        cx, cy = lay.centre
        rx, ry = lay.ring
        direction = model.direction
        pop = model.ring_turn.value
        ring = ring_colour()
        arcs, span, samples = 6, 0.62, 9  # span: share of each sixth that is drawn
        width = max(2, lay.px(3))
        head = lay.px(11) * (1.0 + 0.6 * pop)
        phase = clock * 0.12 * direction + pop * 1.2 * direction
        for k in range(arcs):
            start = phase + k * 2 * math.pi / arcs
            thetas = [start + span * (2 * math.pi / arcs) * i / (samples - 1)
                      for i in range(samples)]
            if direction < 0:
                thetas.reverse()
            points = [(cx + rx * math.cos(t), cy + ry * math.sin(t)) for t in thetas]
            pygame.draw.lines(surface, ring, False, points, width)
            # Arrowhead at the leading end, along the tangent.
            (x1, y1), (x2, y2) = points[-2], points[-1]
            tx, ty = x2 - x1, y2 - y1
            norm = math.hypot(tx, ty) or 1.0
            tx, ty = tx / norm, ty / norm
            nx, ny = -ty, tx
            tip = (x2 + tx * head * 0.9, y2 + ty * head * 0.9)
            left = (x2 - tx * head * 0.3 + nx * head * 0.6, y2 - ty * head * 0.3 + ny * head * 0.6)
            right = (x2 - tx * head * 0.3 - nx * head * 0.6, y2 - ty * head * 0.3 - ny * head * 0.6)
            pygame.draw.polygon(surface, ring, (tip, left, right))

    def draw_draw_pile(
        self, surface: pygame.Surface, model: TableModel, highlight: bool, empty_text: str,
        clock: float,
    ) -> None:
        lay = model.layout
        rect = lay.draw_pile
        count = model.draw_count
        if count <= 0:
            pygame.draw.rect(surface, ring_colour(), rect, max(1, lay.px(2)),
                             border_radius=lay.px(8))
            blit_text(surface, empty_text, lay.tx(15), DIM, center=rect.center,
                      max_width=rect.width - lay.px(8))
            return
        layers = min(5, 1 + count // 8)
        size = lay.pile_card
        if highlight:
            glow = self._panels.get(("pile-glow", size), lambda: self.cards.glow(size, GOLD).copy())
            glow.set_alpha(round(150 + 105 * wave(clock, 1.2)))
            top = model.pile_slot()
            surface.blit(glow, glow.get_rect(center=(round(top.x), round(top.y))))
        for i in range(layers):
            offset = round((layers - 1 - i) * lay.px(2) * min(1.0, count / 40))
            image = self.cards.with_shadow(None, size, 0) if i == 0 else self.cards.base(None, size)
            surface.blit(image, image.get_rect(center=(rect.centerx - offset,
                                                       rect.centery - offset)))
        # The count sits on the pile's foot, half below it (the ring keeps clear of it).
        chip = self._panels.get(("count", str(count), lay.tx(15)),
                                lambda: _chip(str(count), lay.tx(15), (8, 30, 20, 215), DIM))
        surface.blit(chip, chip.get_rect(center=lay.count_chip.center))

    def draw_badges(self, surface: pygame.Surface, model: TableModel, crank_text: str) -> None:
        lay = model.layout
        suit = model.badge_suit
        if suit is not None:
            r = lay.badge_radius
            scale = model.badge_pop.value
            image = self._panels.get(("badge", suit, r, self.style),
                                     lambda: _suit_badge(suit, r, self.style))
            if abs(scale - 1.0) > 0.01:
                image = pygame.transform.rotozoom(image, 0, max(0.05, scale))
            surface.blit(image, image.get_rect(center=lay.badge_centre))
        if model.crank:
            scale = model.crank_pop.value
            size = round(lay.tx(20) * (1.0 + 0.07 * min(model.crank, 12)))  # grows with it
            image = self._panels.get(("crank", crank_text, size),
                                     lambda: _crank_pill(crank_text, size))
            if abs(scale - 1.0) > 0.01:
                image = pygame.transform.rotozoom(image, 0, scale)
            x = lay.discard.right + lay.px(14) + image.get_width() // 2
            surface.blit(image, image.get_rect(center=(x, lay.discard.centery)))

    def draw_plate(
        self, surface: pygame.Surface, rect: pygame.Rect, info: SeatInfo, model: TableModel,
        clock: float, texts: dict[str, str], shake: float = 0.0,
    ) -> None:
        lay = model.layout
        # An opponent's fanned backs sit on the top edge of their plate: its chips go below.
        below = not lay.compact and rect != lay.own_plate
        rect = rect.move(round(math.sin(clock * 60) * shake * lay.px(8)), 0)
        if info.is_turn:
            glow = self.panel((rect.width + lay.px(16), rect.height + lay.px(16)),
                              lay.px(12) + lay.px(8), glow=True)
            glow.set_alpha(round(140 + 115 * wave(clock, 1.4)))
            surface.blit(glow, glow.get_rect(center=rect.center))
        dots = 1 + int(clock * 3) % 3 if info.thinking else 0
        key = ("plate", rect.size, lay.scale, lay.text_scale, current_look(), info, dots,
               tuple(sorted(texts.items())), below)
        margin = lay.px(12)
        image = self._plates.get(key, lambda: self._render_plate(rect.size, info, lay, dots,
                                                                 texts, margin, below))
        surface.blit(image, (rect.left - margin, rect.top - margin))

    def _render_plate(self, size: tuple[int, int], info: SeatInfo, lay: TableLayout, dots: int,
                      texts: dict[str, str], margin: int, below: bool = False) -> pygame.Surface:
        image = pygame.Surface((size[0] + 2 * margin, size[1] + 2 * margin), pygame.SRCALPHA)
        rect = pygame.Rect(margin, margin, *size)
        radius = lay.px(12)
        image.blit(self.panel(rect.size, radius), rect.topleft)
        if info.is_turn:
            pygame.draw.rect(image, GOLD, rect, max(2, lay.px(3)), border_radius=radius)
            _turn_marker(image, rect, margin)
        pad = lay.px(10)
        disc = round(rect.height * 0.68)  # the avatar; the words start after it
        image.blit(avatar(info.name, level_of(info.detail), disc),
                   (rect.left + lay.px(7), rect.centery - disc // 2))
        text_left = rect.left + lay.px(7) + disc + lay.px(7)
        if lay.compact and rect.height < lay.own_plate.height:  # an opponent's, in one line
            self._compact_line(image, rect, info, lay, dots, text_left, pad)
        else:
            inner_w = rect.right - pad - text_left
            score_text = str(info.score)
            score_w = text_surface(score_text, lay.tx(22), GOLD_LIGHT, True).get_width()
            name_w = inner_w - score_w - lay.px(8)
            line1 = rect.top + rect.height * 0.32
            line2 = rect.top + rect.height * 0.72
            blit_text(image, info.name, lay.tx(19), CREAM, bold=True,
                      midleft=(text_left, round(line1)), max_width=name_w)
            blit_text(image, score_text, lay.tx(22), GOLD_LIGHT, bold=True,
                      midright=(rect.right - pad, round(line1)))
            if info.thinking:
                label = texts["thinking"].rstrip("…. ") + "." * dots
                blit_text(image, label, lay.tx(15), GOLD, midleft=(text_left, round(line2)),
                          max_width=inner_w - lay.px(46))
            elif info.detail:
                blit_text(image, info.detail, lay.tx(15), DIM,
                          midleft=(text_left, round(line2)), max_width=inner_w - lay.px(46))
            _cards_in_hand(image, lay, info.cards, lay.tx(16), (lay.px(11), lay.px(15)),
                           (rect.right - pad, round(line2)))
        chips: list[tuple[str, tuple[int, int, int], tuple[int, int, int]]] = []
        if info.dealer:
            chips.append((texts["dealer"], (60, 70, 64), CREAM))
        if info.announced and info.cards == 1:
            chips.append((texts["announced"], (196, 142, 30), (30, 24, 10)))
        x = text_left
        for label, fill, ink in chips:
            chip = _chip(label, lay.tx(13), fill, ink)
            image.blit(chip, chip.get_rect(midleft=(x, rect.bottom if below else rect.top)))
            x += chip.get_width() + lay.px(4)
        return to_display(image)

    @staticmethod
    def _compact_line(image: pygame.Surface, rect: pygame.Rect, info: SeatInfo,
                      lay: TableLayout, dots: int, text_left: int, pad: int) -> None:
        """An opponent's plate in one line (large print, short of room): name, cards in hand
        (their backs are not shown) and score; dots after the name while they think."""
        mid = rect.centery
        score = text_surface(str(info.score), lay.tx(22), GOLD_LIGHT, True)
        score_rect = score.get_rect(midright=(rect.right - pad, mid))
        image.blit(score, score_rect)
        icon = _cards_in_hand(image, lay, info.cards, lay.tx(19), (lay.tx(9), lay.tx(13)),
                              (score_rect.left - lay.tx(10), mid))
        blit_text(image, info.name + "." * dots, lay.tx(19), GOLD if dots else CREAM, bold=True,
                  midleft=(text_left, mid), max_width=icon.left - lay.px(6) - text_left)

    def draw_log(self, surface: pygame.Surface, rect: pygame.Rect, lines: Sequence[tuple[int, str]],
                 scale_px: Callable[[float], int], marker: str = "") -> None:
        """The latest lines at the bottom, older ones fading upwards; long lines wrap, and
        an entry too long for the panel shows its start (``scale_px``: the text size for a
        size at the base scale). ``marker``, when scrolled back, takes the bottom row: how
        many lines are newer and how to jump to them."""
        size = scale_px(15)
        line_h = round(size * 1.3)
        if marker:
            chip = self._panels.get(("log-marker", marker, size, rect.width),
                                    lambda: _fit_width(_chip(marker, size, (120, 84, 20, 230),
                                                             CREAM), rect.width))
            surface.blit(chip, chip.get_rect(midbottom=rect.midbottom))
            rect = pygame.Rect(rect.left, rect.top, rect.width, rect.height - line_h - 8)
        rows: list[pygame.Surface] = []
        room = max(1, rect.height // line_h)
        for age, (serial, text) in enumerate(reversed(list(lines))):
            color = CREAM if age == 0 else (DIM if age < 3 else (150, 168, 152))
            wrapped = self._lines.get((serial, text, rect.width, size, color),
                                      partial(_wrap, text, size, rect.width, color))
            if rows and len(rows) + len(wrapped) > room:
                break  # only whole entries
            rows = list(wrapped[:room]) + rows  # a lone long entry: its start
        shown = rows[-room:]
        top = rect.bottom - line_h * len(shown)
        for i, image in enumerate(shown):
            surface.blit(image, (rect.left, top + i * line_h + (line_h - image.get_height()) // 2))

    def draw_sprites(self, surface: pygame.Surface, sprites: Sequence[CardSprite]) -> None:
        for sprite in sprites:
            sprite.draw(surface, self.cards)

    def draw_group(self, surface: pygame.Surface, sprites: Sequence[CardSprite]) -> None:
        """A fan of cards at rest as one cached image (one blit instead of one per card)."""
        if len(sprites) < 3 or not all(s.at_rest for s in sprites):
            self.draw_sprites(surface, sprites)
            return
        key: tuple[str | RestKey, ...] = (self.cards.style, self.cards.back_name,
                                          *(s.rest_key() for s in sprites))
        group = self._groups.get(key)
        if group is None:
            group = self._render_group(sprites)
            self._groups[key] = group
            if len(self._groups) > 24:
                self._groups.pop(next(iter(self._groups)))
        surface.blit(*group)  # the image, and where it goes

    def _render_group(self, sprites: Sequence[CardSprite]
                      ) -> tuple[pygame.Surface, tuple[int, int]]:
        # Draw onto a scratch surface as big as the window region the fan covers.
        margin = max(s.size[0] for s in sprites)
        xs = [s.x for s in sprites]
        ys = [s.y - s.lift for s in sprites]
        left = round(min(xs)) - margin
        top = round(min(ys)) - margin
        width = round(max(xs)) - left + margin
        height = round(max(ys)) - top + margin
        image = pygame.Surface((width, height), pygame.SRCALPHA)
        canvas = _Shifted(image, (-left, -top))
        for sprite in sprites:
            sprite.draw(canvas, self.cards)
        return to_display(image), (left, top)


class _Shifted:
    """Blits onto ``surface`` moved by ``offset``: lets sprites draw into a group image."""

    def __init__(self, surface: pygame.Surface, offset: tuple[int, int]) -> None:
        self.surface = surface
        self.dx, self.dy = offset

    def blit(self, image: pygame.Surface, dest: pygame.Rect | tuple[int, int],
             area: pygame.Rect | None = None) -> pygame.Rect:
        rect = pygame.Rect(dest) if not isinstance(dest, tuple) else pygame.Rect(dest, (0, 0))
        return self.surface.blit(image, rect.move(self.dx, self.dy).topleft, area)


def ring_colour() -> Color:
    """The direction arrows' colour on the felt in use (white in high contrast)."""
    look = current_look()
    return CONTRAST_FELT.ring if look.high_contrast else FELTS.get(look.felt, FELTS["green"]).ring


def _cards_in_hand(image: pygame.Surface, lay: TableLayout, cards: int, size: int,
                   icon: tuple[int, int], midright: tuple[int, int]) -> pygame.Rect:
    """The number of cards in hand ending at ``midright``, a small card of ``icon`` size
    before it (the same in every language); returns the small card's box."""
    count = text_surface(str(cards), size, CREAM, True)
    count_rect = count.get_rect(midright=midright)
    image.blit(count, count_rect)
    box = pygame.Rect((0, 0), icon).move_to(midright=(count_rect.left - lay.px(5), midright[1]))
    pygame.draw.rect(image, (44, 98, 168), box, border_radius=max(1, lay.px(2)))
    pygame.draw.rect(image, CREAM, box, max(1, lay.px(1)), border_radius=max(1, lay.px(2)))
    return box


def _turn_marker(image: pygame.Surface, rect: pygame.Rect, margin: int) -> None:
    """An arrowhead pointing at the plate of the player whose turn it is, so the turn shows
    by shape as well as by the glow's colour."""
    half = max(3, margin - 2)
    tip = (rect.left - 1, rect.centery)
    points = [(rect.left - margin + 1, rect.centery - half), tip,
              (rect.left - margin + 1, rect.centery + half)]
    pygame.draw.polygon(image, GOLD, points)
    pygame.draw.polygon(image, (0, 0, 0), points, 1)


def _plate(size: tuple[int, int], radius: int, glow: bool, fill: Color, border: Color,
           width: int) -> pygame.Surface:
    """A translucent rounded box with its edge, or (``glow``) a soft gold glow to put under
    one."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    if glow:
        pad = max(2, radius // 2)
        pygame.draw.rect(image, (*GOLD, 200), image.get_rect().inflate(-pad, -pad),
                         border_radius=radius)
        return pygame.transform.gaussian_blur(image, max(2, pad // 2))
    pygame.draw.rect(image, fill, image.get_rect(), border_radius=radius)
    pygame.draw.rect(image, border, image.get_rect(), width, border_radius=radius)
    return image


def _suit_badge(suit: int, r: int, style: str) -> pygame.Surface:
    size = 2 * r + 8
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    pygame.draw.circle(image, (0, 0, 0, 80), (c + 2, c + 4), r)
    pygame.draw.circle(image, (250, 246, 234), (c, c), r)
    pygame.draw.circle(image, GOLD, (c, c), r, max(2, r // 10))
    colour = SUIT_COLOURS.get(style, SUIT_COLOURS["classic"])[suit]
    glyph = text_surface(SUIT_SYMBOLS[suit], round(r * 1.35), colour, False)
    image.blit(glyph, glyph.get_rect(center=(c, c + r // 14)))
    return image


def _crank_pill(text: str, size: int) -> pygame.Surface:
    label = text_surface(text, size, (255, 246, 230), True)
    w, h = label.get_width() + size, label.get_height() + size // 2
    image = pygame.Surface((w + 6, h + 8), pygame.SRCALPHA)
    pygame.draw.rect(image, (0, 0, 0, 90), (3, 7, w, h), border_radius=h // 2)
    pygame.draw.rect(image, RED, (3, 3, w, h), border_radius=h // 2)
    pygame.draw.rect(image, (255, 210, 170), (3, 3, w, h), max(1, size // 12),
                     border_radius=h // 2)
    image.blit(label, label.get_rect(center=(3 + w // 2, 3 + h // 2)))
    return image


def _fit_width(image: pygame.Surface, width: int) -> pygame.Surface:
    if image.get_width() <= width:
        return image
    height = max(1, image.get_height() * width // image.get_width())
    return pygame.transform.smoothscale(image, (width, height))


def _chip(text: str, size: int, fill: Color, ink: Color) -> pygame.Surface:
    label = text_surface(text, size, ink, True)
    w, h = label.get_width() + size, label.get_height() + size // 3
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(image, fill, image.get_rect(), border_radius=h // 2)
    image.blit(label, label.get_rect(center=(w // 2, h // 2)))
    return image


def _log_words(text: str) -> list[str]:
    """A log line's words as it may break: a dash stays with the clause it starts, a number
    with the word after it ("1 card"; at the end, with the word before: "Crank 2"), and any
    other short word of two characters or less (a suit, "to") with the word before it
    ("2 ♥", "to ♥"), so a line breaks between clauses and names, not inside them."""
    words: list[str] = []
    glue = False
    number = ""  # a number waiting for the word after it
    for word in text.split(" "):
        if number:
            word, number = f"{number} {word}", ""
        elif word.lstrip("+-").isdigit():
            number = word
            continue
        if words and (glue or len(word) <= 2 and word != "—" and " " not in word):
            words[-1] = f"{words[-1]} {word}"
        else:
            words.append(word)
        glue = word == "—"
    if number:  # the line ends on it
        if words:
            words[-1] = f"{words[-1]} {number}"
        else:
            words.append(number)
    return words


def _wrap(text: str, size: int, width: int, color: Color) -> list[pygame.Surface]:
    """A log line as one or more rendered lines no wider than ``width`` (continuations
    indented)."""

    font = get_font(size)
    indent = size
    out = []
    for i, line in enumerate(wrap_log_line(text, size, width)):
        room = width - (indent if i else 0)
        while line and font.size(line)[0] > room:  # a single word wider than the log
            line = line[:-2] + "…"
        image = text_surface(line, size, color)
        if i:
            padded = pygame.Surface((image.get_width() + indent, image.get_height()),
                                    pygame.SRCALPHA)
            padded.blit(image, (indent, 0))
            image = padded
        out.append(image)
    return out


def wrap_log_line(text: str, size: int, width: int) -> list[str]:
    """The rows of a log line at type ``size`` in a column ``width`` wide (continuations are
    indented by ``size``)."""
    font = get_font(size)
    indent = size
    lines: list[str] = []
    current = ""
    words = _log_words(text)
    # Who acts stays with what they do where the two fit one row; a card the verb kept by
    # it (one short word) then may start the next row whole ("Clara played / A♥").
    if len(words) > 1:
        verb, _, card = words[1].partition(" ")
        if font.size(f"{words[0]} {words[1]}")[0] <= width:
            words[:2] = [f"{words[0]} {words[1]}"]
        elif card and " " not in card and font.size(f"{words[0]} {verb}")[0] <= width:
            words[:2] = [f"{words[0]} {verb}", card]
    for word in words:
        candidate = word if not current else f"{current} {word}"
        room = width - (indent if lines else 0)
        if current and font.size(candidate)[0] > room:
            lines.append(current)
            current = word
        else:
            current = candidate
    lines.append(current)
    return lines
