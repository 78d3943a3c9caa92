"""What the card table shows in a frame, read from the table scene: the piles, each seat's hand
and plate, the log, the hint line, the round, the card being dragged, banners and buttons.

Everything here only reads the scene (its model, views and questions), except the viewer's
hand, whose cards are lifted and dimmed to show which can be played. ``CardWarmUp`` renders the
card images the table will need a few per frame, before they are needed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pygame

from craits import i18n
from craits.engine import Draw
from craits.ui.cards.painter import CardPainter
from craits.ui.table.hints import hint_for
from craits.ui.tabletop.model import TableModel
from craits.ui.tabletop.painter import SeatInfo
from craits.ui.tabletop.sprites import CardSprite
from craits.ui.widgets.button_images import draw_button
from craits.ui.widgets.textcache import blit_text

if TYPE_CHECKING:
    from craits.ui.table.scene import TableScene


def level_label(kind: str) -> str:
    return "" if kind == "human" else i18n.t(f"level.{kind}")


def seat_info(table: TableScene, seat: int) -> SeatInfo:
    """What ``seat``'s plate says now."""
    m = table.model
    kind = table.session.seats[seat].kind
    return SeatInfo(
        name=table.names[seat], detail=level_label(kind), score=m.totals[seat],
        cards=len(m.hands[seat]), is_turn=m.turn == seat and not m.revealed,
        thinking=table.thinking == seat and not table.chor.busy,
        dealer=m.dealer == seat, announced=m.announced[seat],
    )  # fmt: skip


def hint_text(table: TableScene) -> str:
    """The line above the viewer's hand: what to do now, or whom the table waits for."""
    s = table.session
    if s.match.state.is_over() or table.chor.busy or table.modal_open or table.cut_pending:
        return ""
    turn = s.to_act()
    waiting = table.names[turn] if turn is not None and turn != table.viewer else None
    return hint_for(table.view(), table.my_turn(), waiting)


def update_hand_visuals(table: TableScene) -> None:
    """Lift the viewer's playable cards (more under the pointer or the keyboard focus), dim
    the others while it is the viewer's turn."""
    hand = table.my_hand()
    lay = table.model.layout
    mine = table.my_turn()
    playable = {p.card for p in table.legal_plays()} if mine else set()
    if table.focus_index is not None and table.focus_index >= len(hand):
        table.focus_index = len(hand) - 1 if hand else None
    keyboard = table.keyboard
    for i, sprite in enumerate(hand):
        legal = sprite.code in playable
        lift = lay.lift if legal else 0
        if (i == table.hover and not keyboard) or (i == table.focus_index and keyboard):
            lift += lay.hover_lift if (legal or not mine) else lay.hover_lift // 2
        sprite.lift_target = lift
        sprite.dim = mine and not legal
        sprite.focus = keyboard and i == table.focus_index


def draw_table(surface: pygame.Surface, table: TableScene) -> None:
    """The whole table, back to front; cards in motion are drawn over the resting ones."""
    m = table.model
    lay = m.layout
    p = table.painter
    clock = table.clock
    p.draw_background(surface)
    p.draw_ring(surface, m, clock)
    view = table.view()
    drawable = bool(table.my_turn() and view is not None and Draw() in view.legal)
    p.draw_draw_pile(surface, m, drawable, i18n.t("table.empty"), clock)
    moving: list[CardSprite] = []
    resting_discard = [s for s in m.discard if not s.moving]
    p.draw_group(surface, resting_discard)
    moving.extend(s for s in m.discard if s.moving)
    crank_text = i18n.t("table.crank", count=m.crank) if m.crank else ""
    p.draw_badges(surface, m, crank_text)
    texts = {"thinking": i18n.t("table.thinking"), "dealer": i18n.t("table.dealer"),
             "announced": i18n.t("table.announced")}
    for seat, spot in lay.seats.items():
        info = seat_info(table, seat)
        shake = m.shakes.get(seat)
        hand = m.hands[seat]
        p.draw_group(surface, [s for s in hand if not s.moving])
        moving.extend(s for s in hand if s.moving)
        p.draw_plate(surface, spot.plate, info, m, clock, texts,
                     float(shake.value) if shake else 0.0)  # type: ignore[arg-type]
    # The bottom seat: plate, log, hint and hand.
    bottom = m.bottom
    info = seat_info(table, bottom)
    shake = m.shakes.get(bottom)
    p.draw_plate(surface, lay.own_plate, info, m, clock, texts,
                 float(shake.value) if shake else 0.0)  # type: ignore[arg-type]
    p.draw_log(surface, lay.log, table.chor.log.recent(table.viewer, 8), lay.tx)
    asked = table.hint_line()
    hint, colour = asked if asked is not None else (hint_text(table), (246, 238, 214))
    if hint:
        blit_text(surface, hint, lay.tx(19), colour, center=lay.hint.center,
                  max_width=lay.hint.width, shadow=True)
    round_text = i18n.t("table.round_of", n=m.round_index + 1,
                        total=table.session.match.rounds)
    blit_text(surface, round_text, lay.tx(18), (236, 196, 92), bold=True,
              midleft=(lay.round_label.left, lay.round_label.centery),
              max_width=lay.round_label.width, shadow=True)
    hand = m.hands[bottom]
    resting = [s for s in hand if not s.moving and s.drag is None]
    p.draw_group(surface, resting)
    moving.extend(s for s in hand if s.moving and s.drag is None)
    moving.extend(m.loose)
    p.draw_sprites(surface, moving)
    if table.dragging is not None:
        table.dragging.draw(surface, table.cards)
    for banner in m.banners:
        banner.draw(surface)
    for button in table.buttons:
        draw_button(button, surface)
    table.draw_help(surface)


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
            yield lambda size=size: cards.with_shadow(None, size, 0)
        for code in range(52):
            for size in sizes:
                yield lambda code=code, size=size: cards.with_shadow(code, size, 0)

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
