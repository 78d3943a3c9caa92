"""The table's buttons: Draw (or take the crank), Pass, "Last card!" and its toggle, "Idiot!",
Undo, Hint and Menu. Each shows while it can be used; a click posts its ``Command``. Undo's
keys (U, Ctrl+Z) are taken here too, before the hand's.

The toggle beside the hand ("+ Last card!") arms "Last card!" to be said together with the next
play that leaves one card, so no one can be quicker; Shift held with a click or Enter arms it
too (``hand_input``).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from craits import i18n
from craits.engine import Draw, Pass, Play, SeatView
from craits.ui.table.match import TableView
from craits.ui.tabletop.intents import Command, Intent
from craits.ui.tabletop.layout import TableLayout
from craits.ui.widgets import Button, Theme
from craits.ui.widgets.button_images import draw_button

ARMED, UNARMED = "✓ ", "+ "  # the "Last card!" toggle's marks, before the translated name


def is_undo_key(event: pygame.event.Event) -> bool:
    """U alone, or Ctrl+Z (Cmd+Z on a Mac)."""
    mods = getattr(event, "mod", 0)
    command = mods & (pygame.KMOD_CTRL | pygame.KMOD_META)
    if event.key == pygame.K_u:
        return not command and not mods & pygame.KMOD_ALT
    return event.key == pygame.K_z and bool(command)


class TableButtons:
    def __init__(self, layout: TableLayout, post: Callable[[Intent], bool]) -> None:
        self.post = post
        #: "Last card!" said together with the next play that leaves one card.
        self.last_armed = False
        self.layout(layout)

    def layout(self, lay: TableLayout) -> None:
        """The buttons for this layout and the current language."""
        theme = Theme.for_size(lay.size)
        self.theme = theme
        text = lay.tx(22)

        def button(rect: pygame.Rect, key: str, command: Command, style: str,
                   size: int = text) -> Button:
            made = Button(rect, i18n.t(key), lambda: self.post(command), style=style,
                          text_size=size)
            made.set_theme(theme)
            return made

        self.draw = button(lay.button_rect(2, 3), "table.draw", Command.DRAW, "secondary")
        self.pass_ = button(lay.button_rect(2, 3), "table.pass", Command.PASS, "secondary")
        self.last_card = button(lay.last_card_button, "table.last_card", Command.ANNOUNCE,
                                "primary")
        # Shown instead of "Last card!" while the viewer holds two cards on their turn.
        self.arm = button(lay.last_card_button, "table.last_card", Command.TOGGLE_ARM,
                          "secondary")
        self.arm.label = self._arm_label()
        self.idiot = button(lay.button_rect(0, 3), "table.idiot", Command.CALL, "danger")
        # By the hand, where the pointer was for the move it takes back.
        self.undo = button(lay.undo_button, "undo.button", Command.UNDO, "secondary",
                           lay.tx(18))
        self.menu = button(lay.menu_button, "table.menu", Command.MENU, "secondary",
                           lay.tx(18))
        # Hint sits beside Menu, clear of the hand and of the buttons that come and go.
        self.hint = button(lay.hint_button, "hint.button", Command.HINT, "secondary",
                           lay.tx(18))
        self.all = [self.draw, self.pass_, self.last_card, self.arm, self.idiot, self.undo,
                    self.hint, self.menu]
        self.language = i18n.get_language()

    def refresh(self, view: SeatView | None, mine: bool, busy: bool) -> None:
        """Show the buttons the viewer may use now (Draw says how many cards a crank costs).
        ``mine``: the viewer may play now; ``busy``: cards are still moving."""
        legal = view.legal if (view is not None and mine) else ()
        self.draw.visible = Draw() in legal
        self.draw.label = i18n.tn("table.take_cards", view.crank) \
            if view is not None and view.crank else i18n.t("table.draw")
        self.pass_.visible = Pass() in legal
        # Offered while it matters: from playing down to one card until someone could no
        # longer call it (a hand dealt as one card needs no announcement).
        self.last_card.visible = bool(view is not None and view.can_announce
                                      and view.window == view.seat)
        self.idiot.visible = bool(view is not None and view.can_call and not busy)
        could_arm = bool(mine and view is not None and view.rules.announce_last_card
                         and len(view.hand) == 2 and any(isinstance(a, Play) for a in legal))
        if not could_arm and view is not None and len(view.hand) != 2:
            self.last_armed = False  # the moment passed (a draw, a play): armed no longer
        self.arm.visible = could_arm and not self.last_card.visible
        self.arm.label = self._arm_label()
        self.arm.style = "primary" if self.last_armed else "secondary"
        self.hint.visible = mine and bool(legal)
        self.undo.visible = isinstance(view, TableView) and view.can_undo

    def toggle_armed(self) -> None:
        self.last_armed = not self.last_armed
        self.arm.label = self._arm_label()

    def _arm_label(self) -> str:
        return (ARMED if self.last_armed else UNARMED) + i18n.t("table.last_card")

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and is_undo_key(event):
            self.post(Command.UNDO)
            return True
        return any(b.visible and b.handle(event) for b in self.all)

    def draw_all(self, surface: pygame.Surface) -> None:
        for b in self.all:
            draw_button(b, surface)
