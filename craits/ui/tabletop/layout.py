"""Where everything sits at the card table, computed from the window size alone.

Pure geometry (rectangles and points, no drawing, no game rules), so it is tested directly.
The seat shown at the bottom is the viewer's; the others sit on the top arc of an ellipse in
clockwise order (left, top, right), as around a real table seen from above::

              [seat 2]
     [seat 1]    ___     [seat 3]
               (draw|discard) (suit)
    [log]   [ your fanned hand ]   [buttons]
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from craits.ui.widgets.theme import current_look, print_scale_of

REFERENCE = (1280, 800)
CARD_ASPECT = 5 / 7


@dataclass(frozen=True, slots=True)
class SeatSpot:
    """Where one opponent sits: the centre of their fanned backs and their name plate."""

    seat: int
    fan_centre: tuple[int, int]
    fan: pygame.Rect  # the box the fanned backs stay inside
    plate: pygame.Rect
    banner: tuple[int, int]  # where "Skipped!" / "Last card!" banners pop up
    side: str  # "left", "top" or "right" (which way the seat faces the centre)
    # "right": the banner ends at ``banner`` (beside a compact plate, whose name and count
    # stay in sight); "centre": it is centred there (over the seat's fanned backs).
    banner_align: str = "centre"

    @property
    def block(self) -> pygame.Rect:
        """Fan and plate together (for hit tests and overlap checks)."""
        return self.fan.union(self.plate)


@dataclass(frozen=True, slots=True)
class TableLayout:
    size: tuple[int, int]
    scale: float
    bottom_seat: int
    card: tuple[int, int]  # the viewer's hand cards
    small_card: tuple[int, int]  # opponents' backs
    pile_card: tuple[int, int]
    top_bar: pygame.Rect
    menu_button: pygame.Rect
    round_label: pygame.Rect
    hand_area: pygame.Rect  # where the hand fans; the cards' resting centre line is hand_y
    hand_y: int
    hint: pygame.Rect  # one line above the hand ("Your turn: play a heart or a 7")
    own_plate: pygame.Rect
    log: pygame.Rect
    buttons: pygame.Rect  # the column of action buttons, bottom right
    centre: tuple[int, int]
    draw_pile: pygame.Rect
    discard: pygame.Rect
    badge_centre: tuple[int, int]  # suit in force after an 8/9, or the crank count
    badge_radius: int
    ring: tuple[int, int]  # radii of the direction ring around the piles
    seats: dict[int, SeatSpot]
    text_scale: float = 1.0  # type sizes: larger with large print
    # Large print where the table is short of room: the opponents sit as plates without fans
    # in the side columns, so the hand and the text keep their size (``compute_layout``).
    compact: bool = False
    fan_tilt: float = 10.0  # how far the hand's outermost card turns (degrees)
    arc_drop: float = 0.08  # how much of a card's height the hand's ends drop
    # The banners' print scale: the text's, unless the room it would take shrinks the hand.
    banner_scale: float = 1.0

    def px(self, value: float) -> int:
        """A length designed for 1280x800, scaled to this window."""
        return max(1, round(value * self.scale))

    def tx(self, value: float) -> int:
        """A type size designed for 1280x800, scaled to this window and to large print."""
        return max(1, round(value * self.scale * self.text_scale))

    @property
    def banner_text(self) -> int:
        """A banner's type size ("Skipped!", a refusal)."""
        return max(1, round(BANNER_TEXT * self.scale * self.banner_scale))

    @property
    def control_height(self) -> int:
        """An action button's height: taller with large print, as the screens' buttons
        (``Theme.button_height``)."""
        return self.px(54 * (1 + (self.text_scale - 1) * 0.8))

    @property
    def hint_button(self) -> pygame.Rect:
        """Hint, beside Menu at the top right."""
        return self.menu_button.move(-self.menu_button.width - self.px(12), 0)

    @property
    def count_chip(self) -> pygame.Rect:
        """The draw pile's count (up to two digits): a chip on the pile's outer edge, away
        from the discard (as the crank's count is beside the discard), hiding little of it."""
        return pygame.Rect(0, 0, *count_chip_size(self.tx(COUNT_TEXT))).move_to(
            center=self.draw_pile.midleft)

    @property
    def lift(self) -> int:
        """How far a playable card rises out of the hand."""
        return round(self.card[1] * 0.13)

    @property
    def hover_lift(self) -> int:
        return round(self.card[1] * 0.08)

    def button_rect(self, index: int, count: int) -> pygame.Rect:
        """The ``index``-th of ``count`` stacked action buttons, the first at the top."""
        gap = self.px(10)
        height = min(self.control_height, (self.buttons.height - gap * (count - 1)) // max(1, count))
        top = self.buttons.bottom - count * height - (count - 1) * gap
        return pygame.Rect(
            self.buttons.left, top + index * (height + gap), self.buttons.width, height
        )

    @property
    def undo_button(self) -> pygame.Rect:
        """Undo shows right after the viewer's own move: by the hand, at the right end of the
        line above it (which then only says whom the table waits for)."""
        height = min(self.control_height, self.hint.height + self.px(8))
        width = min(self.tx(160), self.hand_area.width // 4)
        return pygame.Rect(self.hand_area.right - width, self.hint.centery - height // 2,
                           width, height)

    @property
    def last_card_button(self) -> pygame.Rect:
        """"Last card!" and "+ Last card!" show only with one or two cards in hand: right
        beside them, where the pointer already is, not in the far corner."""
        cw = self.card[0]
        height = min(self.control_height, self.buttons.height // 3)
        two_cards_right = self.hand_area.centerx + round(cw * 1.03)  # hand_slots' spacing
        left = two_cards_right + self.px(18)
        # As wide as the column's buttons where there is room, never into the column.
        width = max(self.px(120), min(self.buttons.width, self.buttons.left - self.px(10) - left))
        return pygame.Rect(left, self.hand_y - height // 2, width, height)

    @property
    def log_marker(self) -> pygame.Rect:
        """The log's bottom row, where "newer lines below" shows while scrolled back."""
        row = round(self.tx(15) * 1.3) + 4
        return pygame.Rect(self.log.left, self.log.bottom - row, self.log.width, row)

    def banner_for(self, seat: int) -> tuple[int, int]:
        if seat in self.seats:
            return self.seats[seat].banner
        # Just above the line over the hand (the pill rises a little as it pops in).
        return (self.hand_area.centerx,
                self.hint.top - banner_height(self.scale, self.banner_scale) // 2 - self.px(3) + 4)


def card_size(height: float) -> tuple[int, int]:
    h = max(8, round(height))
    return max(6, round(h * CARD_ASPECT)), h


# The fan of ``hand_slots``: the outermost card turns at most this far and drops this share
# of a card's height at the ends of the arc.
MAX_TILT = 10.0
ARC_DROP = 0.08


# Large print fans the hand flatter: its tall cards then need less room below their centres.
FLAT_TILT = 5.0
FLAT_DROP = 0.04


def hand_reach(card: tuple[int, int], tilt: float = MAX_TILT, drop: float = ARC_DROP) -> float:
    """How far below a hand card's resting centre line its lowest corner can reach."""
    a = math.radians(tilt)
    return card[1] / 2 * math.cos(a) + card[0] / 2 * math.sin(a) + card[1] * drop


BANNER_TEXT = 22  # the type size of a banner by a seat (1280x800 pixels)
COUNT_TEXT = 15  # the type size of the draw pile's count
BADGE_RADIUS, BADGE_GROWTH = 38, 0.5  # the suit badge's least radius (1280x800 pixels), and how
# much of the print's growth it takes
# Menu and Hint at the top right (1280x800 pixels): as wide as the print makes their words,
# and half as much taller (the table's middle keeps its room).
TOP_BUTTON = (120, 34)


def count_chip_size(text: int) -> tuple[int, int]:
    """The draw pile's count chip around two digits of type ``text`` pixels high."""
    return round(text * 2.4), round(text * 1.55)
CRANK_ROOM = 120  # the width kept beside the discard for the crank's count (1280x800 pixels)


def banner_height(scale: float, text: float = 1.0) -> int:
    """A banner pill's height with its shadow and the rise it pops in with (``Banner``), its
    type at print scale ``text``."""
    size = max(1, round(BANNER_TEXT * scale * text))
    return round(size * 1.9) + 10 + 9


def ring_head(scale: float) -> int:
    """How far an arrowhead of the direction ring reaches beyond the ring (at its pop)."""
    return max(1, round(11 * scale * 1.6))


def _ring_clearing_piles(pile: tuple[int, int], gap: int, rx: int, clearance: int) -> int:
    """The least vertical radius at which the ring passes ``clearance`` outside both piles'
    outer corners (cards lying askew reach a little further)."""
    return _ring_clearing_point(min(0.95 * rx, pile[0] + gap / 2 + clearance),
                                pile[1] / 2 + clearance + pile[1] * 0.05, rx)


def _ring_clearing_point(x: float, y: float, rx: int) -> int:
    """The least vertical radius at which the ring passes outside the point (``x``, ``y``)
    from its centre (any height where ``x`` is beyond the ring's width)."""
    if x >= rx:
        return 1 << 20
    return math.ceil(y / math.sqrt(1.0 - (x / rx) ** 2))


def _centre_height(cy: int, ceiling: int, floor: int, ry: int, least_ry: int) -> tuple[int, int]:
    """The piles' centre line and the ring's vertical radius: the ring's top below
    ``ceiling`` (the seats above it) and its bottom above ``floor`` (the line over the hand),
    lower than ``cy`` if it must be; where the two cannot both hold, a flatter ring, never
    flatter than ``least_ry``."""
    ry = max(ry, least_ry)
    if floor - ceiling < 2 * ry:
        ry = max(least_ry, (floor - ceiling) // 2)
    return min(max(cy, ceiling + ry), floor - ry), ry


def opponent_angles(count: int) -> list[float]:
    """Angles (degrees, 0 = right, 90 = top) of ``count`` opponents, from left to right."""
    if count <= 0:
        return []
    if count == 1:
        return [90.0]
    # Two opponents sit high on the arc (DESIGN.md: 3-5 players spread over the top arc).
    margin = {2: 68.0, 3: 16.0}.get(count, 12.0)
    step = (180.0 - 2 * margin) / (count - 1)
    return [180.0 - margin - i * step for i in range(count)]


PRINT_STEP = 0.05  # how much less large print is tried at a time where the full one fails
LEAST_LOG_ROWS = 4  # the log shows at least this many entries, or the print is made smaller
COMPACT_LOG_ROWS = 3  # ... or this many, where the opponents sit as compact plates
PILE_SHARE, LEAST_PILE_SHARE = 0.92, 0.6  # the piles' height in normal print's hand cards
PILE_STEP = 0.04
PILE_GROWTH = 0.2  # how much larger the least piles are at each step of print (2x: 0.8)


def pile_shares(cards: float, text: float) -> list[float]:
    """The piles' heights to try, largest first, in normal print's hand cards: as large as
    the hand's (``cards``) allow, down to the least the print asks for. While the hand cards
    are larger than their least (``card_factor``) the piles keep at least normal print's
    size: the top of the discard is read every turn, and is as much worth its room."""
    least = LEAST_PILE_SHARE + (text - 1.0) * PILE_GROWTH
    if cards > card_factor(text):
        least = max(least, PILE_SHARE)
    shares = [round(max(PILE_SHARE * cards, least), 2)]
    while shares[-1] - PILE_STEP >= least - 1e-9:
        shares.append(round(shares[-1] - PILE_STEP, 2))
    return shares


COMPACT_PLATE = 30  # a compact plate's height (1280x800 pixels, times the print scale)
# Kept free at the top of the left column with compact plates: the tallest tip (272) and a
# banner about the whole table (61) above the log (1280x800 pixels).
OVERLAY_ROOM = 345


def card_factor(text: float) -> float:
    """The least the hand cards grow at print scale ``text`` before the type gives up any
    of its size (2x print: 1.5x cards); where there is room they grow as much as the type."""
    return 1.0 + (text - 1.0) * 0.5


def compute_layout(
    size: tuple[int, int], n_players: int, bottom_seat: int = 0,
    large_cards: bool | float = False, compact_seats: bool = True,
) -> TableLayout:
    """The table for a window of ``size`` with ``n_players`` (2-5), ``bottom_seat`` nearest.
    ``large_cards`` is large print: a factor (1x to 2x), or True for the player's (the current
    look's, else 1.5x). Hand cards, type and the boxes holding it grow; where the window is too
    small for the whole factor, the largest that still fits is used (``TableLayout.text_scale``
    says which). ``compact_seats`` False keeps the opponents' fans (their hands shown)."""
    if not 2 <= n_players <= 5:
        raise ValueError(f"a table seats 2 to 5 players, not {n_players}")
    wanted = current_look().print_scale if large_cards is True and current_look().large_print \
        else print_scale_of(large_cards)
    size = (int(size[0]), int(size[1]))
    text, cards, compact, banner = _chosen_print(size, n_players, bottom_seat, wanted,
                                                 compact_seats)
    return _layout_at(size, n_players, bottom_seat, text, cards, compact, banner)[0]


@functools.lru_cache(maxsize=256)  # a search of many layouts; each table asks it again
def _chosen_print(size: tuple[int, int], n_players: int, bottom_seat: int, wanted: float,
                  compact_seats: bool) -> tuple[float, float, bool, float]:
    """The print, hand cards, compact seats and banners' print the table is laid out with.

    What a player with low vision needs most comes first: the text at the chosen size; to
    make room the opponents first sit as compact plates in the side columns (with a shorter
    log), the banners give up some print, then the hand cards shrink (to half their growth),
    and only then the text. The piles keep their least size throughout (``pile_shares``)."""
    text = wanted
    while True:
        cards, least = text, card_factor(text)
        while True:
            for compact in (False, True) if text > 1.0 and compact_seats else (False,):
                # The banners (brief) give up their print before the cards do.
                for banner in print_steps(text):
                    _, fits = _layout_at(size, n_players, bottom_seat, text, cards, compact,
                                         banner)
                    if fits or text <= 1.0 and cards <= 1.0:
                        return text, cards, compact, banner
            if cards <= least:
                break
            cards = max(least, round(cards - PRINT_STEP, 2))
        text = max(1.0, round(text - PRINT_STEP, 2))


def print_steps(text: float) -> list[float]:
    """The print scales to try at print scale ``text`` (the banners', a coaching note's):
    its own, then a quarter less at a time, down to normal print."""
    steps = [text]
    while steps[-1] > 1.0:
        steps.append(max(1.0, round(steps[-1] - 0.25, 2)))
    return steps


def _fits(layout: TableLayout, ring_fits: bool) -> bool:
    """Whether nothing the player must see overlaps or leaves the window."""
    w, h = layout.size
    window = pygame.Rect(0, 0, w, h)
    # The "F1: controls" tip sits at the end of the line above the hand.
    tip = pygame.Rect(layout.hint.right, layout.hint.top, w - layout.hint.right, layout.hint.height)
    blocks = [layout.hand_area, layout.buttons, layout.own_plate, tip,
              layout.draw_pile.union(layout.discard), layout.menu_button, layout.hint_button,
              *(spot.block for spot in layout.seats.values())]
    if not all(window.contains(rect) for rect in [*blocks, layout.log]):
        return False
    rows = COMPACT_LOG_ROWS if layout.compact else LEAST_LOG_ROWS
    if layout.log.height < rows * round(layout.tx(15) * 1.3):
        return False
    blocks.append(layout.log)
    return ring_fits and all(rect.collidelist(blocks[i + 1:]) < 0
                             for i, rect in enumerate(blocks))


def _layout_at(
    size: tuple[int, int], n_players: int, bottom_seat: int, text: float, cards: float,
    compact: bool = False, banner_scale: float = 1.0,
) -> tuple[TableLayout, bool]:
    """The table with print scale ``text`` and hand cards ``cards`` times their designed
    size (``compact``: the opponents as plates in the side columns; ``banner_scale``: the
    banners' print), and whether it fits the window."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    scale = max(0.5, min(w / REFERENCE[0], h / REFERENCE[1]))

    def px(v: float) -> int:
        return max(1, round(v * scale))

    def tx(v: float) -> int:  # a box holding text
        return max(1, round(v * scale * text))

    base_h = min(h * 0.19, w * 0.125)
    card = card_size(base_h * cards)
    small = card_size(base_h * (0.5 if n_players > 3 else 0.56))

    margin = px(16)
    # The top buttons grow with the print, and the bar holding them.
    bar_h = px(TOP_BUTTON[1] * (1 + (text - 1) * 0.5))
    menu_button = pygame.Rect(w - margin - tx(TOP_BUTTON[0]), px(8), tx(TOP_BUTTON[0]), bar_h)
    top_bar = pygame.Rect(0, 0, w, menu_button.bottom + px(2))
    round_label = pygame.Rect(margin, px(6), px(360), bar_h)

    # The hand: its resting centre line keeps the lowest corner of a fanned card (tilted,
    # and lower at the ends of the arc: ``hand_slots``) inside the window.
    tilt, drop = (FLAT_TILT, FLAT_DROP) if text > 1.0 else (MAX_TILT, ARC_DROP)
    hand_y = h - math.ceil(hand_reach(card, tilt, drop)) - px(6)
    hand_top = hand_y - card[1] // 2 - round(card[1] * 0.22)
    side_w = max(px(230), round(w * 0.2))
    hand_area = pygame.Rect(side_w + margin, hand_top, w - 2 * (side_w + margin), h - hand_top)
    # The line's box holds one line of tx(19) type: large print's is a little snugger.
    hint_h = tx(30) if text <= 1.0 else tx(26)
    hint = pygame.Rect(hand_area.left, hand_top - hint_h - tx(4), hand_area.width, hint_h)
    # The viewer's plate at the foot of the left column; the log above it, up to the seat
    # on the left (or the top bar): room for a whole turn round of entries.
    own_plate = pygame.Rect(margin, h - margin - tx(62), side_w - margin, tx(62))
    log = pygame.Rect(margin, 0, side_w - margin, 0)  # its top once the seats are placed
    buttons = pygame.Rect(
        w - side_w, hand_top + px(4), side_w - margin, h - hand_top - px(4) - margin
    )

    # The middle of the table, between the top bar and the hint line: the seats sit on an
    # ellipse about it; the piles and the direction ring then find the height where the ring
    # passes below every seat above it (see ``_centre_height``).
    area_top, area_bottom = top_bar.bottom, hint.top
    cy = area_top + round((area_bottom - area_top) * 0.58)
    cx = w // 2
    gap = px(26)

    # Opponents on the upper arc of an ellipse around the centre.
    plate_w = max(px(180), round(w * 0.15))
    plate_h = tx(58)
    rx = w / 2 - margin - plate_w / 2
    block_h = small[1] + plate_h
    top_y = area_top + px(8) + small[1] // 2  # fan centre of a seat at the very top
    ry = cy - top_y
    seats: dict[int, SeatSpot] = {}
    if compact:  # one line each: name, cards in hand and score; their backs are not shown
        small = card_size(tx(COMPACT_PLATE) * 0.8)
        # The top plate's chips ("Dealer") stand half out of it: clear of the menu button.
        top = max(top_bar.bottom + px(8), menu_button.bottom + tx(11) + 2)
        seats = _column_seats(w, n_players, bottom_seat, top, side_w - margin,
                              tx(COMPACT_PLATE), margin, px)
    for i, angle in enumerate(opponent_angles(n_players - 1) if not compact else []):
        seat = (bottom_seat + 1 + i) % n_players
        a = math.radians(angle)
        fx = round(cx + rx * math.cos(a))
        fy = round(cy - ry * math.sin(a))
        if 60 <= angle <= 120:  # seats across the table sit at its top, in one row
            fy = top_y
        # Side seats come down towards the table's middle, but never into the hand area.
        fy = min(fy, hint.top - block_h - px(12) + small[1] // 2)
        plate = pygame.Rect(0, 0, plate_w, plate_h).move_to(midtop=(fx, fy + small[1] // 2 + px(4)))
        fan = pygame.Rect(0, 0, plate_w, small[1] + px(6)).move_to(center=(fx, fy))
        side = "top" if 60 <= angle <= 120 else ("left" if angle > 90 else "right")
        seats[seat] = SeatSpot(seat, (fx, fy), fan, plate, (fx, fy), side)

    left_seats = [spot.block.bottom for spot in seats.values()
                  if spot.block.left < log.right + px(8)]
    log.bottom = own_plate.top - px(10)
    # A turn round is up to about three entries a player; more room stays free for tips.
    rows = 3 * n_players + 2
    highest = max([top_bar.bottom, *left_seats]) + px(14)
    if compact:  # room above the log for a tip and a banner about the whole table
        highest = top_bar.bottom + px(OVERLAY_ROOM)
    log.height = max(0, min(log.bottom - highest, rows * round(tx(15) * 1.3)))
    log.bottom = own_plate.top - px(10)

    # The ring goes round the piles, the suit badge and the crank's count beside them, and
    # passes below every seat above it and above the viewer's banners; where the room between
    # is short (large print, a low window), the piles are made smaller until it fits.
    reach = ring_head(scale) + px(6)
    ceiling = max([area_top, *(spot.block.bottom for spot in seats.values())]) + reach
    # Large print's rings run flatter and wider, their lowest arrows nearer the viewer's
    # banners: two pixels more room there (the 1x table stays as designed).
    floor = hint.top - banner_height(scale, banner_scale) - reach - (2 if text > 1.0 else 0)
    ring_fits = False
    near = ring_head(scale) + px(3) + 2  # how near the ring's arrows come (``ring_hits``)
    shift = 0
    chip = count_chip_size(tx(COUNT_TEXT))  # the draw pile's count, left of it
    for share in pile_shares(cards, text):
        pile = card_size(base_h * share)
        # The far edges of the crank's count (right) and the draw pile's (left).
        crank = pile[0] + gap // 2 + px(14) + tx(CRANK_ROOM)
        # The suit badge: a quarter of the pile's height across, or larger with the print.
        badge = max(round(pile[1] * 0.27), px(BADGE_RADIUS * (1 + (text - 1) * BADGE_GROWTH)))
        count = pile[0] + gap // 2 + chip[0] // 2
        if compact:  # the piles move left, nearer the middle of them and the counts
            shift = max(0, (crank - count) // 2)
            crank, count = crank - shift, count + shift
        # A wider ring passes lower over the crank's count (tall in large print).
        # The designed ring first; in large print a narrower or a wider one may fit better.
        edge = max(crank, count)
        designed = round(max(pile[0] * 1.55 + gap + shift, edge + 3 * reach))
        narrowest = round(max(pile[0] * 1.55 + gap + shift, edge + near + reach))
        widest = cx - log.right - reach - 1  # clear of the log
        widths = [designed, *sorted({narrowest, round(narrowest * 1.1), widest} - {designed})]
        for ring_rx in (x for x in widths if narrowest <= x <= max(designed, widest)):
            least_ry = max(_ring_clearing_piles(pile, gap + 2 * shift, ring_rx, px(4) + reach),
                           _ring_clearing_point(crank + near, tx(24) + near, ring_rx),
                           _ring_clearing_point(pile[0] + gap // 2 - shift + px(22) + 2 * badge,
                                                badge + near, ring_rx),
                           _ring_clearing_point(count + near, chip[1] // 2 + near, ring_rx))
            overhead = [spot.block.bottom for spot in seats.values()
                        if spot.block.right > cx - ring_rx - reach
                        and spot.block.left < cx + ring_rx + reach]
            ceiling = max([area_top, *overhead]) + reach
            if floor - ceiling >= 2 * least_ry and ring_rx <= widest:
                ring_fits = True
                break
        if ring_fits:
            break
    cy, ring_ry = _centre_height(cy, ceiling, floor, round(pile[1] * 0.78), least_ry)
    draw_pile = pygame.Rect(0, 0, *pile).move_to(center=(cx - shift - pile[0] // 2 - gap // 2, cy))
    discard = pygame.Rect(0, 0, *pile).move_to(center=(cx - shift + pile[0] // 2 + gap // 2, cy))
    layout = TableLayout(
        size=(w, h), scale=scale, bottom_seat=bottom_seat, card=card, small_card=small,
        pile_card=pile, top_bar=top_bar, menu_button=menu_button, round_label=round_label,
        hand_area=hand_area, hand_y=hand_y, hint=hint, own_plate=own_plate, log=log,
        buttons=buttons, centre=(cx, cy), draw_pile=draw_pile, discard=discard,
        badge_centre=(discard.right + px(22) + badge, cy), badge_radius=badge,
        ring=(ring_rx, ring_ry), seats=seats,
        text_scale=text, compact=compact, fan_tilt=tilt, arc_drop=drop, banner_scale=banner_scale,
    )  # fmt: skip
    return layout, _fits(layout, ring_fits)


def _column_seats(w: int, n_players: int, bottom_seat: int, top: int, width: int, height: int,
                  margin: int, px: Callable[[float], int]) -> dict[int, SeatSpot]:
    """Compact plates stacked down the right-hand column in the order of play (clockwise:
    the viewer's left-hand neighbour at the top); the left-hand column keeps its top free for
    tips and the log."""
    seats: dict[int, SeatSpot] = {}
    for i in range(n_players - 1):
        seat = (bottom_seat + 1 + i) % n_players
        plate = pygame.Rect(w - margin - width, top + i * (height + px(6)), width, height)
        # Banners pop up beside the plate, towards the table: its name and count stay seen.
        banner = (plate.left - px(6), plate.centery)
        seats[seat] = SeatSpot(seat, plate.center, plate.copy(), plate, banner, "right", "right")
    return seats


@dataclass(frozen=True, slots=True)
class Slot:
    """A card's resting place: centre and rotation (degrees, counter-clockwise)."""

    x: float
    y: float
    angle: float


def hand_slots(layout: TableLayout, count: int) -> list[Slot]:
    """The viewer's hand fanned along the bottom, left to right, on a gentle arc."""
    if count <= 0:
        return []
    cw = layout.card[0]
    room = layout.hand_area.width - cw
    # A few cards lie side by side, not overlapping, when there is room; more fan out.
    widest = cw * 1.06 if count <= 3 else cw * 0.66
    spacing = min(widest, room / (count - 1)) if count > 1 else 0.0
    # Degrees between neighbours: at most the layout's ``fan_tilt`` at the end.
    tilt = min(2.5, 20.0 / count) * layout.fan_tilt / MAX_TILT
    half = max(1.0, layout.hand_area.width / 2)
    # The arc: edges sit lower, as if held in a hand.
    return [Slot(layout.hand_area.centerx + u * spacing,
                 layout.hand_y + (u * spacing / half) ** 2 * layout.card[1] * layout.arc_drop,
                 -u * tilt)
            for u in (i - (count - 1) / 2 for i in range(count))]


def seat_fan_slots(layout: TableLayout, seat: int, count: int,
                   faces: bool = False) -> list[Slot]:
    """An opponent's card backs, fanned above their name plate; ``faces``: their faces (the
    review), spread wider, so each card's corner can be read."""
    if count <= 0 or seat not in layout.seats:
        return []
    spot = layout.seats[seat]
    if layout.compact:  # stacked behind the plate, which shows how many there are
        return [Slot(*spot.fan_centre, 0.0) for _ in range(count)]
    cw = layout.small_card[0]
    room = spot.plate.width * (FACE_FAN_ROOM if faces else 1.0) - cw
    widest = cw * (0.5 if faces else 0.32)
    spacing = min(widest, room / (count - 1)) if count > 1 else 0.0
    tilt = min(4.0, 30.0 / count)
    cx, cy = spot.fan_centre
    return [Slot(cx + u * spacing, cy + abs(u) * spacing * 0.12, -u * tilt)
            for u in (i - (count - 1) / 2 for i in range(count))]


FACE_FAN_ROOM = 1.5  # a face-up fan's width, in plate widths (a backs' fan: one)


def discard_slot(layout: TableLayout, jitter: float = 0.0) -> Slot:
    """Cards on the discard pile lie slightly askew; ``jitter`` in -1..1 comes from the card."""
    x, y = layout.discard.center
    return Slot(x + jitter * layout.px(5), y + jitter * layout.px(3), jitter * 9.0)


def draw_pile_slot(layout: TableLayout, count: int = 0) -> Slot:
    """The top of the draw pile (the stack rises a little with its size)."""
    x, y = layout.draw_pile.center
    rise = min(count, 52) // 8
    return Slot(x - rise, y - rise, 0.0)


def card_hit(slot: Slot, card: tuple[int, int], pos: tuple[int, int], lift: float = 0.0) -> bool:
    """Whether ``pos`` falls on a card resting at ``slot`` (rotation taken into account)."""
    a = math.radians(slot.angle)
    dx, dy = pos[0] - slot.x, pos[1] - (slot.y - lift)
    # Undo the card's rotation (pygame rotates counter-clockwise with y pointing down).
    lx = dx * math.cos(a) - dy * math.sin(a)
    ly = dx * math.sin(a) + dy * math.cos(a)
    return abs(lx) <= card[0] / 2 and abs(ly) <= card[1] / 2
