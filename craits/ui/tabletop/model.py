"""The table as the player currently sees it: card sprites in hands and piles, the suit badge,
the crank count, whose turn it seems to be, banners.

It lags behind the engine on purpose: the choreographer moves it along one event at a time, so
the player sees each play happen. When nothing is left to show it agrees with the seat's view
(``sync_from_view`` rebuilds it from a view at once: on resume, after a hand-off, after resize).
The viewer's own hand is the only one whose card faces it ever holds, until a round is over.
"""

from __future__ import annotations

from collections.abc import Sequence

from craits.engine import SeatView
from craits.engine.cards import RANK_OF, SUIT_OF
from craits.engine.scoring import card_points
from craits.ui.tabletop.clearance import seat_banner_place, table_banner_spot, table_banner_width
from craits.ui.tabletop.layout import (
    Slot,
    TableLayout,
    compute_layout,
    discard_slot,
    draw_pile_slot,
    hand_slots,
    seat_fan_slots,
)
from craits.ui.tabletop.sprites import Banner, CardSprite
from craits.ui.tabletop.tween import Tween, ease_out_back
from craits.ui.widgets.textcache import Color

# Suits in the hand alternate colours: spades, hearts, clubs, diamonds.
SUIT_ORDER = {0: 0, 1: 1, 3: 2, 2: 3}
DISCARD_SHOWN = 6  # sprites kept on the discard pile; older ones are covered anyway


def hand_sort_key(code: int | None) -> tuple[int, int]:
    """By suit, then rank (the hand's order unless the player chose another)."""
    if code is None:
        return (9, 0)
    return SUIT_ORDER[SUIT_OF[code]], RANK_OF[code]


def order_key(order: str, code: int) -> tuple[int, ...]:
    """Where ``code`` goes in a hand ordered by ``order`` (``HAND_ORDERS``; "manual" is the
    player's own arrangement, kept by ``TableModel``): by rank keeps a rank's suits together,
    by points puts what would cost most if kept first."""
    suit, rank = SUIT_ORDER[SUIT_OF[code]], RANK_OF[code]
    if order == "rank":
        return rank, suit
    if order == "points":
        return -card_points(code), suit, rank
    return suit, rank


def card_jitter(code: int | None, salt: int = 0) -> float:
    """A fixed small skew in -1..1 for a card on the discard pile (looks tossed, never jumps)."""
    if code is None:
        return 0.0
    return ((code * 37 + salt * 11) % 21 - 10) / 10.0


class TableModel:
    def __init__(
        self,
        n_players: int,
        size: tuple[int, int],
        bottom_seat: int = 0,
        viewer: int | None = None,
        large_cards: bool = False,
        compact_seats: bool = True,
    ) -> None:
        """``compact_seats``: large print may seat the opponents as compact plates without
        their cards (not where their hands must be seen, as in the review)."""
        self.n = n_players
        self.bottom = bottom_seat
        self.viewer = viewer
        self.large_cards = large_cards
        self.compact_seats = compact_seats
        self.layout: TableLayout = compute_layout(size, n_players, bottom_seat, large_cards,
                                                  compact_seats)
        self.new_round(None, 0)  # the dealer is unknown until the first deal (after the cut)
        self.draw_count = 0
        self.loose: list[CardSprite] = []  # cards flying between piles (a reshuffle)
        self.suit_named = False  # the suit of an 8 or 9 on top has been named (or kept)
        self.totals = [0] * n_players
        self.banners: list[Banner] = []
        self.badge_pop = Tween(1.0, 1.0, 0.0)
        self.crank_pop = Tween(1.0, 1.0, 0.0)
        self.ring_turn = Tween(0.0, 0.0, 0.0)  # extra spin of the ring when play reverses
        self.shakes: dict[int, Tween[float]] = {}
        self.hand_order = "suit"  # how the viewer's hand is ordered (``order_key``)
        # Each seat's own arrangement ("manual"): the round it is of, and its cards left to
        # right (pass-and-play: each player's own; Continue: read back from the save).
        self.arrangements: dict[int, tuple[int, list[int]]] = {}

    def new_round(self, dealer: int | None, round_index: int) -> None:
        """A round about to be dealt: no cards in the hands nor on the discard, the whole
        deck in the pile, nothing in force, play going clockwise."""
        self.hands: list[list[CardSprite]] = [[] for _ in range(self.n)]
        self.discard: list[CardSprite] = []
        self.discard_total = 0
        self.draw_count = 52
        self.suit: int | None = None
        self.crank = 0
        self.direction = 1
        self.turn: int | None = None
        self.dealer = dealer
        self.round_index = round_index
        self.announced = [False] * self.n
        self.revealed = False  # the round is over and every hand is shown

    # ------------------------------------------------------------ geometry

    def resize(self, size: tuple[int, int], large_cards: bool | None = None) -> None:
        if large_cards is not None:
            self.large_cards = large_cards
        self.layout = compute_layout(size, self.n, self.bottom, self.large_cards,
                                     self.compact_seats)
        self.settle_all()

    def set_bottom(self, seat: int, viewer: int | None) -> None:
        self.bottom, self.viewer = seat, viewer
        self.layout = compute_layout(self.layout.size, self.n, seat, self.large_cards,
                                     self.compact_seats)

    def card_size_for(self, seat: int) -> tuple[int, int]:
        return self.layout.card if seat == self.bottom else self.layout.small_card

    def slots_for(self, seat: int, count: int | None = None) -> list[Slot]:
        count = len(self.hands[seat]) if count is None else count
        if seat == self.bottom:
            return hand_slots(self.layout, count)
        return seat_fan_slots(self.layout, seat, count, faces=not self.compact_seats)

    def seat_point(self, seat: int) -> Slot:
        """Where a card leaving or reaching an empty hand starts or ends."""
        if seat == self.bottom:
            return Slot(self.layout.hand_area.centerx, self.layout.hand_y, 0.0)
        return Slot(*self.layout.seats[seat].fan_centre, 0.0)

    def pile_slot(self) -> Slot:
        return draw_pile_slot(self.layout, self.draw_count)

    def discard_target(self, code: int | None, salt: int) -> Slot:
        """Where ``code`` lies on the discard pile, the ``salt``-th card put there."""
        return discard_slot(self.layout, card_jitter(code, salt))

    @property
    def top_code(self) -> int | None:
        return self.discard[-1].code if self.discard else None

    @property
    def badge_suit(self) -> int | None:
        """The suit to show as a large badge: after an 8 or a 9 (what it named or kept)."""
        top = self.top_code
        if top is None or self.suit is None or RANK_OF[top] not in (8, 9) \
                or not self.suit_named:
            return None
        return self.suit

    # ------------------------------------------------------------ moving cards

    def reflow(self, seat: int, duration: float) -> None:
        """Send every card of ``seat``'s hand to its place in the fan."""
        hand = self.hands[seat]
        size = self.card_size_for(seat)
        for sprite, slot in zip(hand, self.slots_for(seat), strict=True):
            if sprite.drag is not None:
                continue
            target = sprite.target() or (sprite.x, sprite.y, sprite.angle)
            if not (_close(target, slot) and sprite.size == size):
                sprite.move_to(slot, size, duration)

    def add_to_hand(self, seat: int, sprite: CardSprite, duration: float) -> None:
        hand = self.hands[seat]
        if seat == self.bottom and sprite.code is not None:
            key = self.hand_key(sprite.code)
            index = next((i for i, s in enumerate(hand)
                          if s.code is not None and self.hand_key(s.code) > key), len(hand))
            hand.insert(index, sprite)
        else:
            hand.append(sprite)
        self.reflow(seat, duration)

    # ------------------------------------------------------------ the viewer's hand order

    @property
    def arranged(self) -> list[int]:
        """The viewer's arrangement this round, left to right; a card played keeps its place
        in it (an undo puts it back there), a card new to it goes last."""
        kept = self.arrangements.get(self.bottom)
        if kept is None or kept[0] != self.round_index:  # none yet, or a past round's
            kept = self.arrangements[self.bottom] = (self.round_index, [])
        return kept[1]

    @arranged.setter
    def arranged(self, codes: list[int]) -> None:
        self.arrangements[self.bottom] = (self.round_index, codes)

    def hand_key(self, code: int) -> tuple[int, ...]:
        """Where ``code`` goes in the viewer's hand: by the chosen order, or by hand (a card
        new to the arrangement joins it on the right)."""
        if self.hand_order != "manual":
            return order_key(self.hand_order, code)
        if code not in self.arranged:
            self.arranged.append(code)
        return (self.arranged.index(code),)

    def dealt(self, cards: Sequence[int]) -> None:
        """The viewer's new hand (before its cards arrive): arranged by hand, it starts in
        suit order, for the player to arrange."""
        self.arranged = sorted(cards, key=hand_sort_key)

    def set_hand_order(self, order: str, duration: float = 0.25) -> None:
        """Order the viewer's hand by ``order`` (the cards glide to their places); "manual"
        keeps it as it is now, for the player to arrange."""
        if order == "manual" and self.hand_order != "manual":
            shown = [s.code for s in self.hands[self.bottom] if s.code is not None]
            self.arranged = shown + [c for c in self.arranged if c not in shown]
        self.hand_order = order
        hand = self.hands[self.bottom]
        if all(s.code is not None for s in hand):
            hand.sort(key=lambda s: self.hand_key(s.code or 0))
            self.reflow(self.bottom, duration)

    def move_in_hand(self, index: int, to: int, duration: float = 0.18) -> bool:
        """The player moves their ``index``-th card to place ``to``: the hand is arranged by
        hand from now on. False if nothing moved."""
        hand = self.hands[self.bottom]
        to = max(0, min(to, len(hand) - 1))
        code = hand[index].code if 0 <= index < len(hand) else None
        if code is None or to == index:
            return False
        self.set_hand_order("manual")
        hand.insert(to, hand.pop(index))
        self.arranged.remove(code)
        # Just before the card it now stands before (or after the one it now follows).
        following = hand[to + 1].code if to + 1 < len(hand) else None
        before = hand[to - 1].code if to > 0 else None
        if following is not None and following in self.arranged:
            self.arranged.insert(self.arranged.index(following), code)
        elif before is not None and before in self.arranged:
            self.arranged.insert(self.arranged.index(before) + 1, code)
        else:
            self.arranged.append(code)
        self.reflow(self.bottom, duration)
        return True

    def take_from_hand(self, seat: int, code: int | None) -> CardSprite:
        """Remove the sprite for ``code`` from ``seat``'s hand (a back if the face is unknown);
        the caller turns it and flies it somewhere."""
        hand = self.hands[seat]
        index = next((i for i, s in enumerate(hand) if s.code == code and code is not None), None)
        if index is None:
            unknown = [i for i, s in enumerate(hand) if s.code is None]
            if unknown:
                index = unknown[len(unknown) // 2]
            elif hand:
                index = len(hand) // 2
        # None: out of step with the engine; the card is conjured at the seat.
        sprite = CardSprite(code, self.seat_point(seat), self.card_size_for(seat)) \
            if index is None else hand.pop(index)
        sprite.focus = sprite.dim = False
        sprite.lift = sprite.lift_target = 0.0
        if code is not None:
            sprite.code = code
        return sprite

    def push_discard(self, sprite: CardSprite, duration: float, delay: float = 0.0) -> None:
        self.discard_total += 1
        for old in self.discard:
            old.highlight = False
        sprite.highlight = True
        sprite.move_to(self.discard_target(sprite.code, self.discard_total),
                       self.layout.pile_card, duration, delay)
        self.discard.append(sprite)
        del self.discard[:-DISCARD_SHOWN]

    def new_from_pile(self, code: int | None) -> CardSprite:
        """The draw pile's top card, taken off it (face down; ``code``: which it is, if the
        viewer may know)."""
        self.draw_count = max(0, self.draw_count - 1)
        return CardSprite(code, self.pile_slot(), self.layout.pile_card)

    def pop_banner(self, text: str, seat: int | None, fill: Color, duration: float = 1.4) -> None:
        lay = self.layout
        if seat is None:
            pos, width, align = table_banner_spot(lay), table_banner_width(lay), "centre"
        else:
            pos, width, align = seat_banner_place(lay, seat)
        self.banners = [b for b in self.banners if b.pos != pos]
        self.banners.append(Banner(text, pos, lay.banner_text, fill, duration=max(0.5, duration),
                                   room=(width, lay.size[1]), align=align))

    def shake(self, seat: int, duration: float = 0.5) -> None:
        self.shakes[seat] = Tween(1.0, 0.0, max(0.01, duration))

    def pop_badge(self) -> None:
        self.badge_pop = Tween(0.2, 1.0, 0.35, ease_out_back)

    def pop_crank(self) -> None:
        self.crank_pop = Tween(1.5, 1.0, 0.35, ease_out_back)

    def all_sprites(self) -> list[CardSprite]:
        return [*(sprite for hand in self.hands for sprite in hand), *self.discard, *self.loose]

    def update(self, dt: float) -> None:
        for sprite in self.all_sprites():
            sprite.update(dt)
        self.loose = [s for s in self.loose if s.moving]
        for banner in self.banners:
            banner.update(dt)
        self.banners = [b for b in self.banners if not b.done]
        for tween in (self.badge_pop, self.crank_pop, self.ring_turn):
            tween.update(dt)
        for seat, tween in list(self.shakes.items()):
            tween.update(dt)
            if tween.done:
                del self.shakes[seat]

    @property
    def moving(self) -> bool:
        return any(s.motion is not None for s in self.all_sprites())

    def settle_all(self) -> None:
        """Put every card at rest in its place at once (after a resize)."""
        for seat in range(self.n):
            size = self.card_size_for(seat)
            for sprite, slot in zip(self.hands[seat], self.slots_for(seat), strict=True):
                sprite.place(slot, size)
        for i, sprite in enumerate(self.discard):
            salt = self.discard_total - len(self.discard) + i + 1
            sprite.place(self.discard_target(sprite.code, salt), self.layout.pile_card)
        for sprite in self.all_sprites():
            sprite.flip_tween = None
            sprite.face_up = sprite.flip_to_face
        self.loose.clear()

    # ------------------------------------------------------------ rebuilding

    def sync_from_view(
        self,
        view: SeatView,
        totals: Sequence[int],
        round_index: int,
        reveal: Sequence[Sequence[int]] | None = None,
    ) -> None:
        """Show ``view``'s position at rest (no animation). ``reveal``: every hand, face up
        (only once the round is over)."""
        self.dealer = view.dealer
        self.round_index = round_index
        self.totals = list(totals)
        self.draw_count = view.draw_count
        self.suit = view.suit
        # At rest, an 8 or 9 on top has had its suit named, unless the dealer is choosing.
        self.suit_named = view.phase != "choose_suit"
        self.crank = view.crank
        self.direction = view.direction
        self.turn = None if view.phase == "over" else view.turn
        self.announced = list(view.announced)
        self.revealed = reveal is not None
        self.banners.clear()
        self.loose.clear()
        for seat in range(self.n):
            if reveal is not None:
                codes: list[int | None] = list(reveal[seat])
                face = True
            elif seat == view.seat and seat == self.viewer:
                codes, face = list(view.hand), True
            else:
                codes, face = [None] * view.hand_counts[seat], False
            if seat == self.bottom and face:
                codes.sort(key=hand_sort_key)  # cards new to an arrangement join it so
                if reveal is None:
                    codes.sort(key=lambda c: self.hand_key(c or 0))
            size = self.card_size_for(seat)
            self.hands[seat] = [CardSprite(code, slot, size, face_up=face) for code, slot
                                in zip(codes, self.slots_for(seat, len(codes)), strict=True)]
        shown = view.discard[-DISCARD_SHOWN:]
        self.discard_total = len(view.discard)
        first = self.discard_total - len(shown) + 1  # the first card shown: the pile's nth
        self.discard = [CardSprite(code, self.discard_target(code, first + i),
                                   self.layout.pile_card, face_up=True)
                        for i, code in enumerate(shown)]
        if self.discard:
            self.discard[-1].highlight = True

    def hand_codes(self, seat: int) -> list[int | None]:
        return [s.code for s in self.hands[seat]]


def _close(a: tuple[float, float, float], slot: Slot) -> bool:
    return abs(a[0] - slot.x) < 0.5 and abs(a[1] - slot.y) < 0.5 and abs(a[2] - slot.angle) < 0.5
