"""The round review's table: one replayed step drawn as the card table draws a match, with
every hand face up, and the log of the round up to that step beside it.

``ReviewBoard.show(number)`` puts step ``number`` of a ``Replay`` on the board exactly (no
animation); ``draw`` paints it. The log is written by the table's own choreographer, fed the
round's events up to the step, so it reads as it did at the table (in the second person for
the reviewed seat); only the last steps are fed (from the position before them), so a step of a
round of thousands of actions shows as fast as one of a game's.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from craits import i18n
from craits.engine import Action, Draw, Play, seat_view
from craits.review import Replay, Verdict, move_message
from craits.ui.cards.painter import CardImages, CardPainter
from craits.ui.seat_names import shown_names
from craits.ui.tabletop.choreographer import Choreographer
from craits.ui.tabletop.model import TableModel
from craits.ui.tabletop.painter import SeatInfo, TablePainter
from craits.ui.widgets.textcache import blit_text
from craits.ui.widgets.theme import Color

# The review's colours, its other parts' too.
GOLD = (236, 196, 92)
LINE_GOLD = (250, 218, 130)
CREAM = (246, 238, 214)
DIM = (196, 204, 184)
GREEN = (150, 226, 160)
LOG_LINES = 12
WINDOW = 4 * LOG_LINES  # steps fed to the log: more only when they say too little


def level_label(kind: str) -> str:
    return "" if kind == "human" else i18n.level_name(kind)


class ReviewBoard:
    """A replay's steps on a table seen from ``seat`` (at the bottom), every hand face up."""

    def __init__(self, replay: Replay, seat: int, size: tuple[int, int], card_art: CardImages,
                 style: str = "classic", large_cards: bool = False) -> None:
        self.replay = replay
        self.names = shown_names(replay.seats)
        self.cards = CardPainter(card_art, style)
        self.painter = TablePainter(self.cards, style)
        self.model = TableModel(replay.n_players, size, seat, seat, large_cards=large_cards,
                                compact_seats=False)  # every hand is shown
        self.seat = seat
        self.number = 0
        self.expert: Action | None = None  # the expert's move to point at
        self._logs: dict[tuple[int, int, str], list[tuple[int, str]]] = {}

    # ------------------------------------------------------------ what is shown

    def set_seat(self, seat: int) -> None:
        self.seat = seat
        self.model.set_bottom(seat, seat)
        self.show(self.number)

    def resize(self, size: tuple[int, int]) -> None:
        self.model.resize(size)
        self.show(self.number)

    def choice(self, number: int) -> Action | None:
        """The reviewed seat's move at step ``number``, if the step is one of its turns."""
        step = self.replay.steps[number]
        if step.player != self.seat or not step.is_turn or step.is_deal:
            return None
        return step.action

    def show(self, number: int, expert: Action | None = None) -> None:
        """Step ``number`` at rest: its round, every hand face up, the totals after it; at a
        choice of the reviewed seat, the position it was made in, the card chosen raised with
        a ring. ``expert``: a move to point at (its card in the hand glows, or the draw
        pile)."""
        self.number = number
        self.expert = expert
        step = self.replay.steps[number]
        chosen = self.choice(number)
        state, totals = step.state, step.totals
        before = self.replay.before(number) if chosen is not None else None
        if before is not None:
            state, totals = before, self.replay.steps[number - 1].totals
        self.model.sync_from_view(seat_view(state, self.seat), totals, step.round,
                                  reveal=state.hands)
        self.model.revealed = state.is_over()  # plates still show whose turn it is
        self.model.turn = None if state.is_over() else state.turn
        lay = self.model.layout
        for sprite in self.model.hands[self.seat]:
            sprite.highlight = isinstance(expert, Play) and sprite.code == expert.card
            sprite.focus = isinstance(chosen, Play) and sprite.code == chosen.card
            raised = lay.lift + (lay.hover_lift if sprite.focus else 0)
            sprite.lift = sprite.lift_target = raised if sprite.highlight or sprite.focus else 0

    def log(self) -> list[tuple[int, str]]:
        """The round's log up to the step shown, as the reviewed seat read it."""
        key = (self.number, self.seat, i18n.get_language())
        lines = self._logs.get(key)
        if lines is None:
            if len(self._logs) > 64:
                self._logs.clear()
            first = self.replay.round_of(self.number).first
            window = WINDOW
            while True:
                start = max(first, self.number - window + 1)
                lines = self._log_from(start)
                if len(lines) >= LOG_LINES or start == first:
                    break
                window *= 4
            self._logs[key] = lines
        return lines

    def _log_from(self, start: int) -> list[tuple[int, str]]:
        """The log of steps ``start`` to the one shown, fed to the table's own choreographer
        from the position before ``start`` (the round's deal: from the start)."""
        replay = self.replay
        scratch = TableModel(replay.n_players, self.model.layout.size, self.seat, self.seat)
        if not replay.steps[start].is_deal:
            before = replay.steps[start - 1]
            scratch.sync_from_view(seat_view(before.state, self.seat), before.totals,
                                   before.round)
        chor = Choreographer(scratch, self.names, speed="instant", viewer=self.seat)
        for step in replay.steps[start:self.number + 1]:  # a line a step, as played
            chor.feed(step.events)
        chor.finish()
        return chor.log.recent(self.seat, LOG_LINES)

    def lines(self, verdict: Verdict | None) -> list[tuple[str, Color]]:
        """What the lines above the hand say at the step shown: the deal, or at the reviewed
        seat's turn the move made and the expert's ``verdict`` on it (or that it was the only
        move)."""
        replay, number = self.replay, self.number
        step = replay.steps[number]
        if step.is_deal:
            return [(i18n.t("review.deal", n=step.round + 1), CREAM)]
        before, action = replay.before(number), self.choice(number)
        if before is None or action is None:
            return []
        top = before.discard[-1] if before.discard else None
        try:
            move = move_message(action, before.crank, top)
        except ValueError:
            return []
        player = self.names.__getitem__
        text = move.text(i18n.t, card=i18n.card_name, suit=i18n.suit_name, player=player)
        out: list[tuple[str, Color]] = [(f"{i18n.t('review.your_choice')}: {text}", CREAM)]
        if verdict is not None:
            out.append((verdict.message.text(i18n.t, card=i18n.card_name, suit=i18n.suit_name,
                                             player=player),
                        LINE_GOLD if verdict.differs else GREEN))
        elif len(replay.view_before(number, self.seat).legal) == 1:
            out.append((i18n.t("review.only_move"), DIM))
        return out

    # ------------------------------------------------------------ drawing

    def seat_info(self, seat: int) -> SeatInfo:
        m = self.model
        kind = self.replay.seats[seat].kind
        return SeatInfo(
            name=self.names[seat], detail=level_label(kind), score=m.totals[seat],
            cards=len(m.hands[seat]), is_turn=m.turn == seat, thinking=False,
            dealer=m.dealer == seat, announced=m.announced[seat],
        )  # fmt: skip

    def log_rect(self) -> pygame.Rect:
        """The log's box: the left column's free height above the player's plate when it is
        taller than the table's own box below it."""
        lay = self.model.layout
        left = [spot.block for spot in lay.seats.values() if spot.block.left < lay.log.right]
        top = max([lay.top_bar.bottom, *(block.bottom for block in left)]) + lay.px(16)
        above = pygame.Rect(lay.log.left, top, lay.log.width,
                            lay.own_plate.top - lay.px(14) - top)
        return above if above.height > lay.log.height else lay.log

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        m = self.model
        lay = m.layout
        p = self.painter
        p.draw_background(surface)
        p.draw_ring(surface, m, clock)
        p.draw_draw_pile(surface, m, isinstance(self.expert, Draw), i18n.t("table.empty"),
                         clock)
        p.draw_group(surface, m.discard)
        crank_text = i18n.t("table.crank", count=m.crank) if m.crank else ""
        p.draw_badges(surface, m, crank_text)
        texts = {"thinking": i18n.t("table.thinking"), "dealer": i18n.t("table.dealer"),
                 "announced": i18n.t("table.announced")}
        for seat, spot in lay.seats.items():
            p.draw_group(surface, m.hands[seat])
            p.draw_plate(surface, spot.plate, self.seat_info(seat), m, clock, texts)
        p.draw_plate(surface, lay.own_plate, self.seat_info(m.bottom), m, clock, texts)
        p.draw_log(surface, self.log_rect(), self.log(), lay.px)
        p.draw_group(surface, m.hands[m.bottom])

    def draw_lines(self, surface: pygame.Surface,
                   lines: Sequence[tuple[str, Color]]) -> None:
        """Up to two lines of text above the hand (what was chosen, the expert's verdict)."""
        lay = self.model.layout
        box = lay.hint
        y = box.centery - (len(lines) - 1) * lay.px(30)
        for text, colour in lines:
            blit_text(surface, text, lay.tx(19), colour, center=(box.centerx, y),
                      max_width=box.width + lay.px(120), shadow=True)
            y += lay.px(30)
