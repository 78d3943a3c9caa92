"""What the viewer can do at the table, and the buttons for it: play a card, Draw (or take the
crank), Pass, "Last card!", "Idiot!", Hint (``table_help``) and Menu. Mixed into the table scene, which provides the
session, the viewer's ``view``, the choreographer (``chor``) and ``act``, and from the table's
flow ``_ask_suit`` and ``open_pause``; the keys and clicks of ``TableInput`` call the same
actions.
"""

from __future__ import annotations

import pygame

from craits import i18n
from craits.engine import Announce, Call, Draw, Pass, Play
from craits.ui.widgets import Button, Theme

ARMED, UNARMED = "✓ ", "+ "  # the "Last card!" toggle's marks, before the translated name


class TableActions:
    #: "Last card!" said together with the next play that leaves one card (the toggle beside
    #: the hand, or Shift held with the click or Enter), so no one can be quicker.
    last_armed = False
    # ------------------------------------------------------------ the viewer's turn

    def my_turn(self) -> bool:
        """Whether the viewer may play now: their turn, the cards at rest, nothing on top."""
        s = self.session
        return (
            self.viewer is not None
            and not self.chor.busy
            and not s.match.state.is_over()
            and s.to_act() == self.viewer
            and not self.modal_open
            and not self.cut_pending
        )

    def legal_plays(self) -> list[Play]:
        view = self.view()
        if view is None or not self.my_turn():
            return []
        return [a for a in view.legal if isinstance(a, Play)]

    # ------------------------------------------------------------ buttons

    def _build_buttons(self) -> None:
        """The buttons for the current layout and language."""
        lay = self.model.layout
        theme = Theme.for_size(lay.size)
        self.theme = theme
        text = lay.px(22)
        self.draw_button = Button(lay.button_rect(2, 3), i18n.t("table.draw"), self.draw_card,
                                  key=None, style="secondary", text_size=text)
        self.pass_button = Button(lay.button_rect(2, 3), i18n.t("table.pass"), self.pass_turn,
                                  style="secondary", text_size=text)
        self.last_button = Button(lay.button_rect(1, 3), i18n.t("table.last_card"), self.announce,
                                  style="primary", text_size=text)
        # Shown instead of "Last card!" while the viewer holds two cards on their turn.
        self.arm_button = Button(lay.button_rect(1, 3), self._arm_label(), self.toggle_last_armed,
                                 style="secondary", text_size=text)
        self.idiot_button = Button(lay.button_rect(0, 3), i18n.t("table.idiot"), self.call_idiot,
                                   style="danger", text_size=text)
        self.menu_button = Button(lay.menu_button, i18n.t("table.menu"), self.open_pause,
                                  style="secondary", text_size=lay.px(18))
        # Hint sits beside Menu, clear of the hand and of the buttons that come and go.
        self.hint_button = Button(lay.menu_button.move(-lay.menu_button.width - lay.px(12), 0),
                                  i18n.t("hint.button"), self.ask_hint, style="secondary",
                                  text_size=lay.px(18))
        self.buttons = [self.draw_button, self.pass_button, self.last_button, self.arm_button,
                        self.idiot_button, self.hint_button, self.menu_button]
        for b in self.buttons:
            b.set_theme(theme)
        self._language = i18n.get_language()

    def _refresh_buttons(self) -> None:
        """Show the buttons the viewer may use now (Draw says how many cards a crank costs)."""
        view = self.view()
        mine = self.my_turn()
        legal = view.legal if (view is not None and mine) else ()
        self.draw_button.visible = Draw() in legal
        if view is not None and view.crank:
            self.draw_button.label = i18n.tn("table.take_cards", view.crank)
        else:
            self.draw_button.label = i18n.t("table.draw")
        self.pass_button.visible = Pass() in legal
        # Offered while it matters: from playing down to one card until someone could no
        # longer call it (a hand dealt as one card needs no announcement).
        self.last_button.visible = bool(view is not None and view.can_announce
                                        and view.window == view.seat)
        self.idiot_button.visible = bool(view is not None and view.can_call and not self.chor.busy)
        could_arm = bool(mine and view is not None and view.rules.announce_last_card
                         and len(view.hand) == 2 and any(isinstance(a, Play) for a in legal))
        if not could_arm and view is not None and len(view.hand) != 2:
            self.last_armed = False  # the moment passed (a draw, a play): armed no longer
        self.arm_button.visible = could_arm and not self.last_button.visible
        self.arm_button.label = self._arm_label()
        self.arm_button.style = "primary" if self.last_armed else "secondary"
        self.hint_button.visible = mine and bool(legal)

    # ------------------------------------------------------------ actions

    def play_card(self, code: int) -> bool:
        """Play ``code`` from the viewer's hand; an 8 or a 9 asks for the suit first."""
        options = [p for p in self.legal_plays() if p.card == code]
        if not options:  # answered: why not, a shake and a sound (``TableInput``)
            self.refuse_card(code)
            return False
        if pygame.key.get_mods() & pygame.KMOD_SHIFT:
            self.last_armed = True  # Shift with the click or Enter: say it with this play
        if len(options) == 1:
            played = self.act(options[0])
            if played:
                self.announce_if_armed()
            return played
        self._ask_suit(code, options)
        return True

    def toggle_last_armed(self) -> None:
        self.last_armed = not self.last_armed
        self.arm_button.label = self._arm_label()

    def _arm_label(self) -> str:
        return (ARMED if self.last_armed else UNARMED) + i18n.t("table.last_card")

    def announce_if_armed(self) -> None:
        """After a play: an armed "Last card!" is said at once if the play left one card."""
        if self.last_armed:
            view = self.view()
            if view is not None and view.can_announce:
                self.announce()
            self.last_armed = False

    def draw_card(self) -> None:
        if self.my_turn() and Draw() in self.view().legal:  # type: ignore[union-attr]
            self.act(Draw())

    def pass_turn(self) -> None:
        if self.my_turn() and Pass() in self.view().legal:  # type: ignore[union-attr]
            self.act(Pass())

    def announce(self) -> None:
        view = self.view()
        if view is not None and view.can_announce:
            self.act(Announce(self.viewer))  # type: ignore[arg-type]

    def call_idiot(self) -> None:
        view = self.view()
        if view is not None and view.can_call and not self.chor.busy:
            self.act(Call(self.viewer, view.can_call[0]))  # type: ignore[arg-type]
