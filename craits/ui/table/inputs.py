"""Mouse and keyboard at the card table: pick, lift, click or drag a card; keys for every action.

Keys: arrows or 1-9 pick a card, Enter (or Space) plays it, D draws (or takes the crank),
P passes, L calls "Last card!", I calls "Idiot!", H asks for a hint, Backspace dismisses a
coaching note, Esc opens the menu. A card is played by a
click, or by dragging it up onto the table. Mixed into the table scene, which provides
``my_hand``'s model, ``legal_plays`` and the actions.
"""

from __future__ import annotations

import pygame

from craits.ui.table.layout import card_hit
from craits.ui.table.sprites import CardSprite

DRAG_THRESHOLD = 8  # pixels a pressed card must move before it is being dragged


class TableInput:
    def my_hand(self) -> list[CardSprite]:
        if self.viewer is None or self.model.bottom != self.viewer:
            return []
        return self.model.hands[self.viewer]

    def card_at(self, pos: tuple[int, int]) -> int | None:
        hand = self.my_hand()
        slots = self.model.slots_for(self.model.bottom)
        for i in range(len(hand) - 1, -1, -1):
            if i < len(slots) and card_hit(slots[i], self.model.layout.card, pos, hand[i].lift):
                return i
        return None

    def handle(self, event: pygame.event.Event) -> None:
        if self.handle_note(event):
            return
        for button in self.buttons:
            if button.visible and button.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            self._handle_key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            self._mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._mouse_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._mouse_up(event.pos)

    def _handle_key(self, event: pygame.event.Event) -> None:
        key = event.key
        hand = self.my_hand()
        if key == pygame.K_ESCAPE:
            self.open_pause()
        elif key == pygame.K_d:
            self.draw_card()
        elif key == pygame.K_p:
            self.pass_turn()
        elif key == pygame.K_l:
            self.announce()
        elif key == pygame.K_i:
            self.call_idiot()
        elif key == pygame.K_h:
            self.ask_hint()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            self.keyboard = True
            step = 1 if key == pygame.K_RIGHT else -1
            if self.focus_index is None:
                self.focus_index = 0 if step > 0 else len(hand) - 1
            else:
                self.focus_index = (self.focus_index + step) % len(hand)
        elif pygame.K_1 <= key <= pygame.K_9 and hand:
            index = key - pygame.K_1
            if index < len(hand):
                self.keyboard = True
                self.focus_index = index
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus_index is not None and self.focus_index < len(hand):
                code = hand[self.focus_index].code
                if code is not None:
                    self.play_card(code)

    def _mouse_move(self, pos: tuple[int, int]) -> None:
        if self.press is not None and self.dragging is None:
            index, start = self.press
            hand = self.my_hand()
            if (abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG_THRESHOLD
                    and index < len(hand)):
                self.dragging = hand[index]
        if self.dragging is not None:
            self.dragging.drag = (float(pos[0]), float(pos[1]))
            return
        self.hover = self.card_at(pos)

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        index = self.card_at(pos)
        if index is not None:
            code = self.my_hand()[index].code
            if code is not None and any(p.card == code for p in self.legal_plays()):
                self.press = (index, pos)
            return
        if self.model.layout.draw_pile.inflate(8, 8).collidepoint(pos):
            self.draw_card()

    def _mouse_up(self, pos: tuple[int, int]) -> None:
        press, self.press = self.press, None
        sprite, self.dragging = self.dragging, None
        if sprite is not None:
            sprite.x, sprite.y, sprite.angle = sprite.drag[0], sprite.drag[1], 0.0  # type: ignore[index]
            sprite.drag = None
            lay = self.model.layout
            if pos[1] < lay.hint.bottom and sprite.code is not None and self.play_card(sprite.code):
                return
            self.model.reflow(self.model.bottom, 0.2)
            return
        if press is not None:
            index = self.card_at(pos)
            hand = self.my_hand()
            if index == press[0] and index < len(hand) and hand[index].code is not None:
                self.play_card(hand[index].code)  # type: ignore[arg-type]

