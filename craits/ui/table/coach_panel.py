"""First-game coaching notes at the table.

During a player's first games (a setting turns it off), the first time each ability happens at
the table a short note says what it does, by the seat where it happened, once the cards have
moved. "Got it" (or Backspace) dismisses it, it goes by itself after a while, and it never
takes input meant for the table. What was shown is kept in the settings: the scene writes
``state`` there when the match ends or the table closes.

A note is about a moment: while one waits to be shown, or has just been, the table ``holding``
keeps the computers from moving on, so what it describes is still on the table as it is read.
A note whose moment passed before it could show (the player moved first) is not shown late:
it waits for the next time that happens.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence

import pygame

from craits import i18n
from craits.engine import events as ev
from craits.review import CoachState, Note
from craits.ui.tabletop.clearance import find_free, fixed_overlays, note_anchor, place_box
from craits.ui.tabletop.intents import Command, Intent
from craits.ui.tabletop.layout import TableLayout, print_steps
from craits.ui.tabletop.painter import CREAM, GOLD_LIGHT
from craits.ui.widgets import Button, Theme, draw_rounded, draw_shadow, draw_text_fit, fit_text
from craits.ui.widgets.textcache import blit_text, text_surface

NOTE_SECONDS = 14.0  # a note goes by itself after this long
NOTE_SHORT_SECONDS = 6.0  # or after this long when another note is waiting
NOTE_HOLD_SECONDS = 3.0  # the computers wait this long once a note shows (or until dismissed)


NOTE_WIDTHS = (380, 330, 290, 250, 220)  # the widest that finds room (1280x800 pixels)
NOTE_FOOT = 10
NOTE_TEXT = 17


def note_top(lay: TableLayout, print_scale: float = 1.0) -> int:
    """Where a note's text begins below its top (the title row with its button)."""
    return lay.px(42 * print_scale)


def note_place(lay: TableLayout, text: str, seat: int | None) -> tuple[pygame.Rect, float]:
    """A note's box and its print scale: at the layout's print the widest of ``NOTE_WIDTHS``
    (wider in large print) that finds room near the seat where it happened while covering
    nothing the player must see (``clearance``): the piles, the hand, the plates, the log,
    the buttons, the direction ring and the other overlays; only where none does, smaller
    print."""
    anchor = note_anchor(lay, seat)
    avoid = list(fixed_overlays(lay).values())
    size = (0, 0)
    for k in print_steps(lay.text_scale):
        # Large print's wider boxes first, then normal print's (its type in more lines).
        widths = sorted({min(lay.px(w * f), lay.size[0] - lay.px(12)) for w in NOTE_WIDTHS
                         for f in {k, 1.0}}, reverse=True)
        for width in widths:
            body = fit_text(text, width - lay.px(28), lay.px(220 * k), lay.px(NOTE_TEXT * k),
                            wrap=True, min_size=lay.px(12 * k))
            size = (width, note_top(lay, k) + body.height + lay.px(NOTE_FOOT))
            found = find_free(lay, size, anchor, avoid)
            if found is not None:
                return found, k
    return place_box(lay, size, anchor, avoid), 1.0


class CoachPanel:
    def __init__(self, state: CoachState, events: Sequence[ev.Event], layout: TableLayout,
                 theme: Theme, post: Callable[[Intent], bool], *, new_match: bool = False
                 ) -> None:
        """``new_match``: what the first deal brought (a turned-up 10...) is coached too; else
        ``events`` happened before (a continued game) and are only read."""
        state.new_match()
        if not new_match:
            state.scanner.scan(events)
        self.state = state
        self.source = events  # the session's log (replaced when a move is taken back)
        self.seen = 0 if new_match else len(events)
        self.latest = 0  # where the last move's events begin in the log
        self.layout, self.theme, self.post = layout, theme, post
        self.waiting: list[Note] = []  # to be shown, in order
        self.moments: dict[str, int] = {}  # a waiting note's move: where its events begin
        self.events_at: dict[str, int] = {}  # a waiting note's event, by its place in the log
        self.note: Note | None = None  # shown now
        self.age = 0.0
        self.rect: pygame.Rect | None = None
        self.print_scale = 1.0  # the shown note's (``note_place``)
        self.button: Button | None = None
        self.game_counted = False

    def take(self, events: Sequence[ev.Event], moves: Sequence[int] = (0,)) -> bool:
        """Read the session's new events (``moves``: where each move's events begin); True if
        a note was found (what was shown changed)."""
        if events is not self.source:  # a move taken back: the log was replayed
            self._read_again(events)
        self.latest = moves[-1] if moves else 0
        if len(events) <= self.seen:
            return False
        found = []
        for index in range(self.seen, len(events)):
            for note in self.state.notes(events[index:index + 1]):
                found.append(note)
                self.moments[note.id] = moves[bisect_right(moves, index) - 1] if moves else 0
                self.events_at[note.id] = index
        self.seen = len(events)
        self.waiting.extend(found)
        return bool(found)

    def _read_again(self, events: Sequence[ev.Event]) -> None:
        """The log was replayed to an earlier position: read it afresh (silently); notes still
        waiting may be about a move that is gone, so they wait for their next time."""
        self._give_back(self.waiting)
        self.waiting = []
        self.state.new_match()
        self.state.scanner.scan(events)
        self.source, self.seen = events, len(events)

    def _give_back(self, notes: Sequence[Note]) -> None:
        """Notes not shown after all: they come again the next time it happens."""
        for note in notes:
            self.state.shown.discard(note.id)
            self.moments.pop(note.id, None)
            self.events_at.pop(note.id, None)

    @property
    def holding(self) -> bool:
        """Whether the computers wait: a note is to be shown, or was shown only just (and
        not dismissed), so the moment it is about stays on the table while it is read."""
        return bool(self.waiting) or (self.note is not None and self.age < NOTE_HOLD_SECONDS)

    def game_over(self) -> bool:
        """The match ended: one more game coached (once). True the first time."""
        if self.game_counted:
            return False
        self.game_counted = True
        self.state.game_finished()
        return True

    def update(self, dt: float, cards_moving: bool, presented: int | None = None) -> None:
        """Time passes while the table is on top: a note goes by itself, the next one comes
        once the cards show what happened (``presented``: the events of the log handed to
        the table so far; a note about a later one waits for it, as after the cut)."""
        passed = [n for n in self.waiting if self.moments.get(n.id, 0) < self.latest]
        if passed:  # moved on before they could show: never late, next time instead
            self._give_back(passed)
            self.waiting = [n for n in self.waiting if n not in passed]
        if self.note is not None:
            self.age += dt
            # The next note waits a little, not for long: notes must not fall behind play.
            if self.age >= (NOTE_SHORT_SECONDS if self.waiting else NOTE_SECONDS):
                self.dismiss()
        elif self.waiting and not cards_moving and (
                presented is None or self.events_at.get(self.waiting[0].id, 0) < presented):
            self.note = self.waiting.pop(0)
            self.moments.pop(self.note.id, None)
            self.events_at.pop(self.note.id, None)
            self.age = 0.0
            self.place(self.layout, self.theme)

    def dismiss(self) -> None:
        self.note = None
        self.rect = self.button = None

    def place(self, lay: TableLayout, theme: Theme) -> None:
        """The note's box: as near the seat where it happened as it can be while covering
        nothing the player must see (``clearance``): the piles, the hand, the plates, the log,
        the buttons, the direction ring and the other overlays."""
        self.layout, self.theme = lay, theme
        if self.note is None:
            return
        rect, k = note_place(lay, self.note.message.text(i18n.t), self.note.player)
        self.rect, self.print_scale = rect, k
        label = i18n.t("coach.dismiss")
        # As wide as its words need ("Naintindihan ko"), up to half the note.
        needed = text_surface(label, lay.px(16 * k), (0, 0, 0), bold=True).get_width()
        bw = min(max(lay.px(120 * k), needed + lay.px(24 * k)), rect.width // 2)
        self.button = Button(  # in the title row: the note keeps to a small box
            pygame.Rect(rect.right - lay.px(8) - bw, rect.top + lay.px(6 * k), bw,
                        lay.px(30 * k)),
            label, lambda: self.post(Command.DISMISS_NOTE),
            style="secondary", text_size=lay.px(16 * k))
        self.button.set_theme(theme)

    def handle(self, event: pygame.event.Event) -> bool:
        """The note's own input: its button, and Backspace. Everything else goes on to the
        table, so a note never blocks the game."""
        if self.note is None:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            return self.post(Command.DISMISS_NOTE)
        return self.button is not None and self.button.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self.note is None or self.rect is None or self.button is None:
            return
        lay, rect, k = self.layout, self.rect, self.print_scale
        end = NOTE_SHORT_SECONDS if self.waiting else NOTE_SECONDS
        fade = min(1.0, self.age / 0.2, max(0.0, end - self.age) / 0.4)
        layer = pygame.Surface(rect.inflate(lay.px(24), lay.px(24)).size, pygame.SRCALPHA)
        inner = rect.move(lay.px(12) - rect.left, lay.px(12) - rect.top)
        draw_shadow(layer, inner, lay.px(14), lay.px(5))
        draw_rounded(layer, inner, (12, 44, 30, 240), lay.px(14), border=(236, 196, 92, 200),
                     border_width=max(1, lay.px(2)))
        pad = lay.px(14)
        blit_text(layer, i18n.t("coach.title"), lay.px(16 * k), GOLD_LIGHT, bold=True,
                  midleft=(inner.left + pad, inner.top + lay.px(21 * k)),
                  max_width=inner.width - 2 * pad - self.button.rect.width)
        top = note_top(lay, k)
        body = pygame.Rect(inner.left + pad, inner.top + top, inner.width - 2 * pad,
                           inner.height - top - lay.px(NOTE_FOOT))
        draw_text_fit(layer, self.note.message.text(i18n.t), body, lay.px(NOTE_TEXT * k),
                      color=CREAM, wrap=True, align="left", valign="top",
                      min_size=lay.px(12 * k))
        saved = self.button.rect
        self.button.rect = saved.move(lay.px(12) - rect.left, lay.px(12) - rect.top)
        self.button.draw(layer)
        self.button.rect = saved
        if fade < 1.0:
            layer.set_alpha(round(255 * max(0.0, fade)))
        surface.blit(layer, (rect.left - lay.px(12), rect.top - lay.px(12)))
