"""The Hint button (H): on the viewer's turn, the hard level's move for their seat.

It is worked out in the workbench's lane for the computer players, from that seat's view and
history only (``craits.review.hint_job``), so it never reads a hidden card and works in
pass-and-play for whoever is to act. The card it plays glows in the hand (or the Draw or Pass button is ringed)
and a one-line reason replaces the line above the hand until the position changes.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Protocol

import pygame

from craits import i18n
from craits.director import Runner
from craits.engine import Draw, Pass, Play, SeatView
from craits.review import Hint, hint_job
from craits.session import Session
from craits.ui.tabletop.layout import TableLayout
from craits.ui.tabletop.painter import CREAM, GOLD_LIGHT
from craits.ui.tabletop.sprites import CardSprite
from craits.ui.widgets import Button

log = logging.getLogger(__name__)

Position = tuple[int, int]  # (session version, seat)


class HintRunner(Runner, Protocol):
    """The director's runner, as the hint uses it: one job at a time, the newest wins."""

    submitted: int | None


class HintPanel:
    def __init__(self, session: Session, runner: HintRunner, names: Sequence[str]) -> None:
        self.session = session
        self.runner = runner
        self.names = list(names)
        self.hint: Hint | None = None
        self.position: Position | None = None  # the position asked about
        self.ticket: int | None = None
        self.failed = False
        self.counted: set[Position] = set()  # positions whose first hint was counted

    def ask(self, position: Position) -> bool:
        """Ask the computer players' lane for the hard level's move at ``position`` (the viewer's turn).
        True if it is the first hint asked for that position: the statistics count it."""
        if position == self.position:
            return False
        self.hint, self.position, self.failed = None, position, False
        try:
            self.ticket = self.runner.submit(hint_job(self.session, position[1]))
        except ValueError as exc:  # not this seat's turn after all
            log.info("no hint: %s", exc)
            self.position = None
            return False
        first = position not in self.counted
        self.counted.add(position)
        return first

    def update(self, position: Position | None, view: SeatView | None,
               computer_thinking: bool) -> None:
        """Collect the hint when it is ready; forget it once the table's ``position`` (session
        version and viewer) moved on from the one asked about. The lane may have been given a
        computer's move meanwhile: the hint is asked again once it is free."""
        if self.position is None:
            return
        if self.position != position:
            self.hint = self.position = self.ticket = None
            self.failed = False
            return
        if self.ticket is None:
            return
        if self.runner.submitted != self.ticket:  # the lane was given other work
            if not computer_thinking:
                self.ticket = self.runner.submit(hint_job(self.session, self.position[1]))
            return
        try:
            answer = self.runner.poll(self.ticket)
        except RuntimeError as exc:
            log.warning("the hint failed: %s", exc)
            self.ticket, self.failed = None, True
            return
        if answer is not None:
            self.ticket = None
            if isinstance(answer, Hint) and view is not None and answer.action in view.legal:
                self.hint = answer
            else:
                self.failed = True

    def mark(self, hand: Sequence[CardSprite], layout: TableLayout, shown: bool) -> None:
        """The hinted card glows and stands out of the hand while ``shown`` (the viewer's
        turn); the others keep their looks."""
        action = self.hint.action if self.hint is not None and shown else None
        for sprite in hand:
            sprite.highlight = isinstance(action, Play) and sprite.code == action.card
            if sprite.highlight:
                sprite.lift_target = max(sprite.lift_target, layout.lift + layout.hover_lift)

    def line(self) -> tuple[str, tuple[int, int, int]] | None:
        """The line above the hand while a hint is asked for or shown."""
        if self.position is None:
            return None
        if self.hint is not None:
            reason = self.hint.message.text(i18n.t, card=i18n.card_name, suit=i18n.suit_name,
                                            player=self.names.__getitem__)
            return f"{i18n.t('hint.button')}: {reason}", GOLD_LIGHT
        if self.failed:
            return i18n.t("hint.unavailable"), CREAM
        return i18n.t("hint.thinking"), CREAM

    def ringed(self, draw: Button, pass_: Button) -> Button | None:
        """The Draw or Pass button when that is the hinted move."""
        action = self.hint.action if self.hint is not None else None
        return draw if isinstance(action, Draw) else pass_ if isinstance(action, Pass) else None

    def draw_ring(self, surface: pygame.Surface, button: Button | None,
                  layout: TableLayout) -> None:
        if button is not None and button.visible:
            ring = button.rect.inflate(layout.px(10), layout.px(10))
            pygame.draw.rect(surface, GOLD_LIGHT, ring, max(2, layout.px(3)),
                             border_radius=layout.px(16))
