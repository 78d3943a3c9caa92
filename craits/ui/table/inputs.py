"""Mouse and keyboard at the card table: pick, lift, click or drag a card; keys for every action.

Keys (F1 or ? shows them all, ``controls_help``): the arrows or Tab (Shift+Tab back) move the
focus through the whole hand, wrapping round; Home and End go to the first and the last card;
1-9 and 0 pick the 1st to the 10th card, and with Shift held the 11th to the 20th; Enter (or
Space) plays the focused card (the first press only shows the focus if the mouse was in use); D
draws (or takes the crank), P passes, L calls "Last card!", I calls "Idiot!", H asks for a hint,
Backspace dismisses a coaching note, Esc opens the menu. A card is played by a click, or by
dragging it up onto the table.

Every card reached for that may not be played is answered: a short banner by the hand says why
(``refusal_reason``, from the seat's view), the card shakes, a sound plays and the keyboard
focus moves to the nearest playable card. When the viewer's turn comes, the focus starts on a
playable card. Mixed into the table scene, which provides ``my_hand``'s model,
``legal_plays``, the actions and ``open_controls`` (``controls_help``).
"""

from __future__ import annotations

import math

import pygame

from craits.ui.table.controls_help import ControlsScene, ControlsTip
from craits.ui.table.hints import refusal_reason
from craits.ui.tabletop.layout import card_hit
from craits.ui.tabletop.sprites import Banner, CardSprite
from craits.ui.tabletop.tween import Tween

DRAG_THRESHOLD = 8  # pixels a pressed card must move before it is being dragged
REFUSED_SOUND = "refused"  # played when bundled; the click otherwise
REFUSED_FILL = (132, 46, 38, 235)
REFUSAL_SECONDS = 2.2
SHAKE_SECONDS = 0.35
PLAY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
DIGITS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_5: 4,
          pygame.K_6: 5, pygame.K_7: 6, pygame.K_8: 7, pygame.K_9: 8, pygame.K_0: 9,
          pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3, pygame.K_KP5: 4,
          pygame.K_KP6: 5, pygame.K_KP7: 6, pygame.K_KP8: 7, pygame.K_KP9: 8, pygame.K_KP0: 9}


def _shake_ease(t: float) -> float:
    """1 - a fading wobble: a tween from (rest + offset) to rest swings about rest and stops
    there."""
    return 1.0 - math.sin(t * 6 * math.pi) * (1.0 - t)


def shake_card(sprite: CardSprite, amount: float, duration: float = SHAKE_SECONDS) -> None:
    """A small side-to-side shake of a card at rest ("not this one")."""
    if sprite.motion is not None or sprite.drag is not None:
        return
    rest = (sprite.x, sprite.y, sprite.angle, sprite.w, sprite.h)
    sprite.motion = Tween((sprite.x + amount, *rest[1:]), rest, duration, _shake_ease)


class Refusal(Banner):
    """Why the card reached for cannot be played (one at a time)."""


def is_controls_key(event: pygame.event.Event) -> bool:
    """F1, or ? however the keyboard makes it."""
    if event.key == pygame.K_F1 or event.key == pygame.K_QUESTION:
        return True
    return getattr(event, "unicode", "") == "?"


class TableInput:
    # ------------------------------------------------------------ the hand and its focus

    def my_hand(self) -> list[CardSprite]:
        if self.viewer is None or self.model.bottom != self.viewer:
            return []
        return self.model.hands[self.viewer]

    @property
    def focus_index(self) -> int | None:
        """The card the keyboard points at. Each time the viewer's turn comes (each new
        position), it starts on a playable card if it is not on one already."""
        self._settle_focus()
        return self.__dict__.get("_focus")

    @focus_index.setter
    def focus_index(self, value: int | None) -> None:
        self.__dict__["_focus"] = value

    def playable_indices(self) -> list[int]:
        playable = {p.card for p in self.legal_plays()}
        return [i for i, s in enumerate(self.my_hand()) if s.code in playable]

    def nearest_playable(self, index: int | None) -> int | None:
        """The playable card nearest ``index`` (the right one of two as near), or None."""
        indices = self.playable_indices()
        if not indices:
            return None
        if index is None:
            return indices[0]
        return min(indices, key=lambda i: (abs(i - index), -i))

    def _settle_focus(self) -> None:
        state = self.__dict__
        if "chor" not in state:  # still being built
            return
        key = (self.session.version, self.viewer)
        if state.get("_focus_for") == key or not self.my_turn():
            return
        state["_focus_for"] = key
        focus = state.get("_focus")
        indices = self.playable_indices()
        if indices and focus not in indices:
            state["_focus"] = self.nearest_playable(focus)
        if not state.get("_tip_shown"):  # the first turn at this table: where the keys are
            state["_tip_shown"] = True
            self.model.banners.append(ControlsTip(self.model.layout))

    # ------------------------------------------------------------ refusing a card

    def refuse_card(self, code: int) -> None:
        """Answer a card that may not be played: why (a banner by the hand), a shake, a sound,
        and the focus on the nearest card that may be played."""
        turn = self.session.to_act()
        waiting = self.names[turn] if turn is not None and turn != self.viewer else None
        reason = refusal_reason(self.view(), code, self.my_turn(), waiting)
        audio = self.app.audio
        audio.play(REFUSED_SOUND if REFUSED_SOUND in getattr(audio, "names", ()) else "click")
        self.show_refusal(reason)
        hand = self.my_hand()
        index = next((i for i, s in enumerate(hand) if s.code == code), None)
        if index is None:
            return
        shake_card(hand[index], self.model.layout.px(7))
        nearest = self.nearest_playable(index)
        if nearest is not None:
            self.focus_index = nearest

    def show_refusal(self, reason: str) -> None:
        """The reason as a short banner above the hand, or above a coaching note there."""
        lay = self.model.layout
        x, y = lay.banner_for(self.model.bottom)
        note = getattr(self, "note_rect", None)
        if note is not None and note.inflate(0, lay.px(40)).collidepoint(x, y):
            y = note.top - lay.px(26)
        banners = [b for b in self.model.banners if not isinstance(b, Refusal)]
        banners.append(Refusal(reason, (x, y), lay.px(22), REFUSED_FILL,
                               duration=REFUSAL_SECONDS))
        self.model.banners = banners

    def open_controls(self) -> None:
        """The list of every key and gesture at the table (F1 or ? again closes it)."""
        self.model.banners = [b for b in self.model.banners if not isinstance(b, ControlsTip)]
        self.app.scenes.push(ControlsScene(self.app))

    # ------------------------------------------------------------ input

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
        if event.type == pygame.KEYDOWN and is_controls_key(event):
            self.open_controls()
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
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
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
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB) and hand:
            back = key == pygame.K_LEFT or (key == pygame.K_TAB and shift)
            self._move_focus(-1 if back else 1, len(hand))
        elif key in (pygame.K_HOME, pygame.K_END) and hand:
            self.keyboard = True
            self.focus_index = 0 if key == pygame.K_HOME else len(hand) - 1
        elif key in DIGITS and hand:
            index = DIGITS[key] + (10 if shift else 0)
            if index < len(hand):
                self.keyboard = True
                self.focus_index = index
        elif key in PLAY_KEYS:
            self._play_focused(hand)

    def _move_focus(self, step: int, count: int) -> None:
        focus = self.focus_index
        if not self.keyboard and focus is not None:
            self.keyboard = True  # first show where the focus is
            return
        self.keyboard = True
        if focus is None:
            self.focus_index = 0 if step > 0 else count - 1
        else:
            self.focus_index = (focus + step) % count

    def _play_focused(self, hand: list[CardSprite]) -> None:
        focus = self.focus_index
        if focus is None or focus >= len(hand):
            return
        if not self.keyboard:  # the focus was not on show: show it, play on the next press
            self.keyboard = True
            return
        code = hand[focus].code
        if code is not None:
            self.play_card(code)

    def _mouse_move(self, pos: tuple[int, int]) -> None:
        if self.press is not None and self.dragging is None:
            index, start = self.press
            hand = self.my_hand()
            if (abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG_THRESHOLD
                    and index < len(hand) and self._legal(hand[index].code)):
                self.dragging = hand[index]
        if self.dragging is not None:
            self.dragging.drag = (float(pos[0]), float(pos[1]))
            return
        self.hover = self.card_at(pos)

    def _legal(self, code: int | None) -> bool:
        return code is not None and any(p.card == code for p in self.legal_plays())

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        index = self.card_at(pos)
        if index is not None:
            self.press = (index, pos)  # a card that may not be played is answered on release
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
