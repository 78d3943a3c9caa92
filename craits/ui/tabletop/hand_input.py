"""Mouse and keyboard at the card table, turned into intents: pick, lift, click or drag a card;
a key for every action.

Keys (F1 or ? shows them all, ``controls_help``): the arrows or Tab (Shift+Tab back) move the
focus through the whole hand, wrapping round; Home and End go to the first and the last card;
1-9 and 0 pick the 1st to the 10th card, and with Shift held the 11th to the 20th; Shift and
an arrow move the focused card along the hand (as dragging it along does); Enter (or
Space) plays the focused card (the first press only shows the focus if the mouse was in use); D
draws (or takes the crank), P passes, L calls "Last card!", I calls "Idiot!", H asks for a hint,
Backspace dismisses a coaching note, Esc opens the menu. A card is played by a click, or by
dragging it up onto the table; Shift held with the click or Enter says "Last card!" with it.

The part owns the pointer and focus state of the viewer's hand and shows it (lift, dim,
focus ring). On the viewer's turn the focus rests only on cards that may be played (it starts
on one, the keys step over the dimmed ones, and a hint moves it to the hinted card, so Enter
plays it). A card reached for that may not be played is refused by the scene, which calls
``refuse`` here: the card shakes, a banner says why, and the focus moves to the nearest
playable card.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection

import pygame

from craits.ui.tabletop.controls_tip import ControlsTip
from craits.ui.tabletop.intents import Command, Intent, PlayCard
from craits.ui.tabletop.layout import card_hit
from craits.ui.tabletop.model import TableModel
from craits.ui.tabletop.sprites import Banner, CardSprite
from craits.ui.tabletop.tween import Tween
from craits.ui.widgets.key_guard import FreshInput

DRAG_THRESHOLD = 8  # pixels a pressed card must move before it is being dragged
REFUSED_FILL = (132, 46, 38, 235)
TOLD_FILL = (40, 92, 150, 235)
REFUSAL_SECONDS = 2.2
SHAKE_SECONDS = 0.35
# Seconds a new round's hand is on screen, at rest, before a key or click counts: a key
# pressed in the last round's stride (Enter every half second) never plays an unseen card.
NEW_HAND_SETTLE = 0.6
PLAY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
# 1-9 and 0, on the keys' row or the number pad: the 1st to the 10th card.
DIGITS = {getattr(pygame, f"K_{pad}{n}"): (n - 1) % 10 for pad in ("", "KP") for n in range(10)}
COMMAND_KEYS = {pygame.K_ESCAPE: Command.MENU, pygame.K_d: Command.DRAW,
                pygame.K_p: Command.PASS, pygame.K_l: Command.ANNOUNCE,
                pygame.K_i: Command.CALL, pygame.K_h: Command.HINT}
# What a new round's hand must have been seen before (``HandInput.takes``): the keys that
# play, draw, pass or call.
ACTING_KEYS = frozenset({*PLAY_KEYS, pygame.K_d, pygame.K_p, pygame.K_l, pygame.K_i})


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


def shift_held() -> bool:
    return bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)


def is_controls_key(event: pygame.event.Event) -> bool:
    """F1, or ? however the keyboard makes it."""
    if event.key in (pygame.K_F1, pygame.K_QUESTION):
        return True
    return getattr(event, "unicode", "") == "?"  # a key event without text has no unicode


class HandInput:
    def __init__(self, model: TableModel, post: Callable[[Intent], bool]) -> None:
        self.model = model
        self.post = post
        self.hover: int | None = None
        self.focus: int | None = None  # the card the keyboard points at
        self.keyboard = False  # the keyboard is in use: the focus is shown
        self.press: tuple[int, tuple[int, int]] | None = None  # card index, where pressed
        self.dragging: CardSprite | None = None
        self.playable: frozenset[int] = frozenset()  # codes the viewer may play now
        self.mine = False  # the viewer's turn: only playable cards take the focus
        self._focus_for: object = None  # the position the first-turn tip was shown for
        self._tip_shown = False
        self.guard: FreshInput | None = None  # a new round's hand not yet seen for a moment

    # ------------------------------------------------------------ the hand

    def hand(self) -> list[CardSprite]:
        m = self.model
        if m.viewer is None or m.bottom != m.viewer:
            return []
        return m.hands[m.viewer]

    def playable_indices(self) -> list[int]:
        return [i for i, s in enumerate(self.hand()) if s.code in self.playable]

    def nearest_playable(self, index: int | None) -> int | None:
        """The playable card nearest ``index`` (the right one of two as near), or None."""
        indices = self.playable_indices()
        if not indices:
            return None
        if index is None:
            return indices[0]
        return min(indices, key=lambda i: (abs(i - index), -i))

    def stops(self) -> list[int]:
        """Where the focus may rest: the playable cards on the viewer's turn (none if nothing
        may be played), else the whole hand."""
        if self.mine:
            return self.playable_indices()
        return list(range(len(self.hand())))

    def update(self, playable: Collection[int], mine: bool, position: object) -> None:
        """Each frame: what may be played now, with the focus kept on a card that may be
        played on the viewer's turn (off it, none is dimmed); then the hand's looks: playable
        cards lifted (more under the pointer or the focus), the others dimmed on the viewer's
        turn."""
        self.playable = frozenset(playable) if mine else frozenset()
        self.mine = mine
        if mine and self.focus not in self.playable_indices():
            self.focus = self.nearest_playable(self.focus)
        if mine and position != self._focus_for:
            self._focus_for = position
            if not self._tip_shown:  # the first turn at this table: where the keys are
                self._tip_shown = True
                self.model.banners.append(ControlsTip(self.model.layout))
        hand = self.hand()
        if self.focus is not None and self.focus >= len(hand):
            self.focus = len(hand) - 1 if hand else None
        lay = self.model.layout
        for i, sprite in enumerate(hand):
            legal = sprite.code in self.playable
            lift = lay.lift if legal else 0
            if (i == self.hover and not self.keyboard) or (i == self.focus and self.keyboard):
                lift += lay.hover_lift if (legal or not mine) else lay.hover_lift // 2
            sprite.lift_target = lift
            sprite.dim = mine and not legal
            sprite.focus = self.keyboard and i == self.focus

    def new_round(self, held: Collection[int]) -> None:
        """A new round is dealt: no key or click counts until its hand has been seen, at
        rest, for ``NEW_HAND_SETTLE`` seconds, nor a key held since before."""
        self.guard = FreshInput(held, NEW_HAND_SETTLE)
        self.press = None

    def seen(self, dt: float) -> None:
        """``dt`` more seconds of the hand on screen, at rest."""
        if self.guard is not None:
            self.guard.update(dt)
            if self.guard.settled and not self.guard.held:
                self.guard = None

    def takes(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` may act at the table now: False for a key that plays, draws or
        passes, or a click, that came before the new round's hand was seen (the keys that
        only look, move the focus or open the menu always count)."""
        guard = self.guard
        if guard is None or (event.type == pygame.KEYDOWN and event.key not in ACTING_KEYS):
            return True
        taken = guard.accepts(event)
        if guard.settled and not guard.held:
            self.guard = None  # every key held from before has been let go
        return taken

    def refuse(self, code: int, reason: str, avoid: pygame.Rect | None) -> None:
        """Answer a card that may not be played: a banner above the hand (or above ``avoid``,
        a coaching note there) says why, the card shakes, and the focus moves to the nearest
        card that may be played."""
        lay = self.model.layout
        x, y = lay.banner_for(self.model.bottom)
        if avoid is not None and avoid.inflate(0, lay.px(40)).collidepoint(x, y):
            y = avoid.top - lay.px(26)
        self.say(reason, at=(x, y))
        hand = self.hand()
        index = next((i for i, s in enumerate(hand) if s.code == code), None)
        if index is None:
            return
        shake_card(hand[index], lay.px(7))
        nearest = self.nearest_playable(index)
        if nearest is not None:
            self.focus = nearest

    def release(self) -> None:
        """The table is covered: a card held or dragged goes back to the hand."""
        self.press = None
        if self.dragging is not None:
            self.dragging.drag = None
            self.dragging = None
            self.model.reflow(self.model.bottom, 0.2)

    # ------------------------------------------------------------ input

    def card_at(self, pos: tuple[int, int]) -> int | None:
        hand = self.hand()
        slots = self.model.slots_for(self.model.bottom)
        return next((i for i in reversed(range(min(len(hand), len(slots))))  # the top card first
                     if card_hit(slots[i], self.model.layout.card, pos, hand[i].lift)), None)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            self._mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._mouse_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._mouse_up(event.pos)
        else:
            return False
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)  # posted events may lack it
        hand = self.hand()
        if is_controls_key(event):
            self.post(Command.CONTROLS)
        elif key in COMMAND_KEYS:
            self.post(COMMAND_KEYS[key])
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and shift and hand:
            self._move_card(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB) and hand:
            back = key == pygame.K_LEFT or (key == pygame.K_TAB and shift)
            self._move_focus(-1 if back else 1)
        elif key in (pygame.K_HOME, pygame.K_END) and hand:
            stops = self.stops()
            if stops:
                self.keyboard = True
                self.focus = stops[0] if key == pygame.K_HOME else stops[-1]
        elif key in DIGITS and hand:
            index = DIGITS[key] + (10 if shift else 0)
            if index < len(hand):
                self._pick(index)
        elif key in PLAY_KEYS:
            self._play_focused(hand, shift)
        else:
            return False
        return True

    def _move_focus(self, step: int) -> None:
        """To the next (or previous) place the focus may rest, round and round."""
        if not self.keyboard and self.focus is not None:
            self.keyboard = True  # first show where the focus is
            return
        stops = self.stops()
        if not stops:
            return
        self.keyboard = True
        if self.focus is None:
            self.focus = stops[0] if step > 0 else stops[-1]
        elif step > 0:
            self.focus = next((i for i in stops if i > self.focus), stops[0])
        else:
            self.focus = next((i for i in reversed(stops) if i < self.focus), stops[-1])

    def _move_card(self, step: int) -> None:
        """Shift + an arrow: the focused card one place left or right in the hand (which is
        arranged by hand from then on); the focus goes with it."""
        if self.focus is None:
            return
        if not self.keyboard:
            self.keyboard = True  # first show which card would move
            return
        if self.model.move_in_hand(self.focus, self.focus + step):
            self.focus += step
            self.post(Command.ARRANGED)

    def _pick(self, index: int) -> None:
        """A digit: that card, or on the viewer's turn, if it may not be played, why not (the
        focus then goes to the nearest card that may)."""
        hand = self.hand()
        self.keyboard = True
        code = hand[index].code
        if self.mine and code is not None and code not in self.playable:
            self.post(PlayCard(code))  # refused: a banner says why, ``refuse`` moves the focus
            return
        self.focus = index

    def point_at(self, code: int) -> None:
        """The focus on ``code`` (the hinted card), shown, so Enter plays it."""
        index = next((i for i, s in enumerate(self.hand()) if s.code == code), None)
        if index is not None:
            self.focus = index
            self.keyboard = True

    def say(self, text: str, fill: tuple[int, int, int, int] = REFUSED_FILL,
            at: tuple[int, int] | None = None) -> None:
        """A short banner above the hand (or ``at`` a point): why a key did nothing (or, in
        ``TOLD_FILL``, what it just did)."""
        lay = self.model.layout
        banners = [b for b in self.model.banners if not isinstance(b, Refusal)]
        # As wide as the hand: the type shrinks to fit a long refusal.
        banners.append(Refusal(text, at or lay.banner_for(self.model.bottom), lay.banner_text,
                               fill, duration=REFUSAL_SECONDS,
                               room=(lay.hand_area.width, lay.size[1])))
        self.model.banners = banners

    def _play_focused(self, hand: list[CardSprite], shift: bool) -> None:
        focus = self.focus
        if focus is None or focus >= len(hand):
            return
        if not self.keyboard:  # the focus was not on show: show it, play on the next press
            self.keyboard = True
            return
        code = hand[focus].code
        if code is not None:
            self.post(PlayCard(code, announce=shift or shift_held()))

    def _mouse_move(self, pos: tuple[int, int]) -> None:
        if self.press is not None and self.dragging is None:
            index, start = self.press
            hand = self.hand()
            if (abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG_THRESHOLD
                    and index < len(hand) and hand[index].code is not None):
                self.dragging = hand[index]  # up onto the table plays it, along re-arranges
        if self.dragging is not None:
            self.dragging.drag = (float(pos[0]), float(pos[1]))
            return
        self.hover = self.card_at(pos)

    def _drop_in_hand(self, sprite: CardSprite, x: int) -> bool:
        """A card dragged along the hand and let go: it takes the place nearest ``x``."""
        hand = self.hand()
        if sprite not in hand:
            return False
        slots = self.model.slots_for(self.model.bottom)
        index = hand.index(sprite)
        to = min(range(len(slots)), key=lambda i: abs(slots[i].x - x))
        if not self.model.move_in_hand(index, to):
            return False
        if self.focus == index:
            self.focus = to
        self.post(Command.ARRANGED)
        return True

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        index = self.card_at(pos)
        if index is not None:
            self.press = (index, pos)  # a card that may not be played is answered on release
            return
        if self.model.layout.draw_pile.inflate(8, 8).collidepoint(pos):
            self.post(Command.DRAW)

    def _mouse_up(self, pos: tuple[int, int]) -> None:
        press, self.press = self.press, None
        sprite, self.dragging = self.dragging, None
        shift = shift_held()
        if sprite is not None:
            if sprite.drag is not None:
                sprite.x, sprite.y, sprite.angle = sprite.drag[0], sprite.drag[1], 0.0
            sprite.drag = None
            if (pos[1] < self.model.layout.hint.bottom and sprite.code is not None
                    and self.post(PlayCard(sprite.code, announce=shift))):
                return
            if pos[1] >= self.model.layout.hint.bottom and self._drop_in_hand(sprite, pos[0]):
                return
            self.model.reflow(self.model.bottom, 0.2)
            return
        if press is not None:
            index = self.card_at(pos)
            hand = self.hand()
            if index == press[0] and index < len(hand):
                code = hand[index].code
                if code is not None:
                    self.post(PlayCard(code, announce=shift))
