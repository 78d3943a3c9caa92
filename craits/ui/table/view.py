"""What the card table shows in a frame: the piles, each seat's hand and plate, the log, the
line above the hand, the round, the card being dragged, banners, buttons and help.

It draws from a ``TableFrame``, a read-only account of the frame that the scene builds from its
parts, and changes nothing. ``CardWarmUp`` renders the card images the table will need a few
per frame, before they are needed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from craits import i18n
from craits.ui.cards.painter import CardPainter
from craits.ui.tabletop.model import TableModel
from craits.ui.tabletop.painter import GOLD, SeatInfo, TablePainter
from craits.ui.tabletop.sprites import CardSprite
from craits.ui.widgets.textcache import blit_text

LOG_LINES = 8


@dataclass(frozen=True)
class TableFrame:
    """Everything a frame of the table shows that is not in the model itself."""

    model: TableModel
    names: Sequence[str]
    levels: Sequence[str]  # each seat's level label ("" for a human)
    thinking: int | None  # the computer seat thinking now
    drawable: bool  # the viewer may draw now (the pile is lit)
    line: tuple[str, tuple[int, int, int]]  # the line above the hand, and its colour
    log: Sequence[tuple[int, str]]
    rounds: int
    clock: float  # presentation time, for pulsing and drifting decorations
    dragging: CardSprite | None
    overlays: Sequence[Callable[[pygame.Surface], None]]  # buttons, help: drawn last
    playing: int | None = None  # the viewer's card on its way out (its suit being chosen)
    log_newer: int = 0  # lines below the log's view (scrolled back)


def level_label(kind: str) -> str:
    return "" if kind == "human" else i18n.level_name(kind)


def seat_info(frame: TableFrame, seat: int) -> SeatInfo:
    """What ``seat``'s plate says now."""
    m = frame.model
    cards = len(m.hands[seat])
    if seat == m.bottom and frame.playing is not None \
            and any(s.code == frame.playing for s in m.hands[seat]):
        cards -= 1  # as good as played: the plate counts what stays in hand
    return SeatInfo(
        name=frame.names[seat], detail=frame.levels[seat], score=m.totals[seat],
        cards=cards, is_turn=m.turn == seat and not m.revealed,
        thinking=frame.thinking == seat, dealer=m.dealer == seat, announced=m.announced[seat],
    )  # fmt: skip


def draw_table(surface: pygame.Surface, frame: TableFrame, painter: TablePainter,
               cards: CardPainter) -> None:
    """The whole table, back to front; cards in motion are drawn over the resting ones."""
    m = frame.model
    lay = m.layout
    p = painter
    clock = frame.clock
    p.draw_background(surface)
    p.draw_ring(surface, m, clock)
    p.draw_draw_pile(surface, m, frame.drawable, i18n.t("table.empty"), clock)
    moving: list[CardSprite] = []
    p.draw_group(surface, [s for s in m.discard if not s.moving])
    moving.extend(s for s in m.discard if s.moving)
    p.draw_badges(surface, m, i18n.t("table.crank", count=m.crank) if m.crank else "")
    texts = {"thinking": i18n.t("table.thinking"), "dealer": i18n.t("table.dealer"),
             "announced": i18n.t("table.announced")}

    def shake(seat: int) -> float:
        tween = m.shakes.get(seat)
        return float(tween.value) if tween else 0.0  # a float tween

    for seat, spot in lay.seats.items():
        hand = m.hands[seat]
        if not lay.compact:  # compact plates count the cards instead of showing their backs
            p.draw_group(surface, [s for s in hand if not s.moving])
        moving.extend(s for s in hand if s.moving)
        p.draw_plate(surface, spot.plate, seat_info(frame, seat), m, clock, texts, shake(seat))
    # The bottom seat: plate, log, the line above the hand, and the hand.
    bottom = m.bottom
    p.draw_plate(surface, lay.own_plate, seat_info(frame, bottom), m, clock, texts,
                 shake(bottom))
    marker = i18n.tn("table.log_newer", frame.log_newer) if frame.log_newer else ""
    p.draw_log(surface, lay.log, frame.log, lay.tx, marker)
    text, colour = frame.line
    if text:
        blit_text(surface, text, lay.tx(19), colour, center=lay.hint.center,
                  max_width=lay.hint.width, shadow=True)
    round_text = i18n.t("table.round_of", n=m.round_index + 1, total=frame.rounds)
    blit_text(surface, round_text, lay.tx(18), GOLD, bold=True,
              midleft=(lay.round_label.left, lay.round_label.centery),
              max_width=lay.round_label.width, shadow=True)
    hand = m.hands[bottom]
    p.draw_group(surface, [s for s in hand if not s.moving and s.drag is None])
    moving.extend(s for s in hand if s.moving and s.drag is None)
    moving.extend(m.loose)
    p.draw_sprites(surface, moving)
    if frame.dragging is not None:
        frame.dragging.draw(surface, cards)
    for banner in m.banners:
        banner.draw(surface)
    for overlay in frame.overlays:
        overlay(surface)


class CardWarmUp:
    """Card images the table will need (backs, then every face, at its sizes), rendered a few
    per frame before they are needed."""

    def __init__(self, cards: CardPainter, model: TableModel) -> None:
        self._tasks: Iterator[Callable[[], object]] | None = self._plan(cards, model)

    @staticmethod
    def _plan(cards: CardPainter, model: TableModel) -> Iterator[Callable[[], object]]:
        lay = model.layout  # read at the first step
        sizes = [lay.card, lay.pile_card]
        for size in (lay.small_card, lay.pile_card, lay.card):
            yield partial(cards.with_shadow, None, size, 0)
        for code in range(52):
            for size in sizes:
                yield partial(cards.with_shadow, code, size, 0)

    def step(self, budget: float = 0.004) -> None:
        """Render images for up to ``budget`` seconds."""
        if self._tasks is None:
            return
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            task = next(self._tasks, None)
            if task is None:
                self._tasks = None
                return
            task()
