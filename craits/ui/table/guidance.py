"""Help at the table: the Hint button (H) and first-game coaching notes.

Hint: on the viewer's turn, the hard level's move for their seat is worked out in the bot
helper from that seat's view and history only (``craits.review.hint_job``), so it never reads a
hidden card and works in pass-and-play for whoever is to act. The card it plays glows in the
hand (or the Draw or Pass button is ringed) and a one-line reason replaces the line above the
hand until the position changes. Each position's first hint counts in the statistics.

Coaching: during a player's first games (a setting turns it off), the first time each ability
happens at the table a short note says what it does, by the seat where it happened, once the
cards have moved. "Got it" (or Backspace) dismisses it, it goes by itself after a while, and it
never takes input meant for the table. What was shown is kept in the settings (written when
the match ends or the table closes).

Mixed into the table scene, which provides the session, the viewer, ``view``, ``my_turn``, the
worker, the choreographer, the model, the buttons and the app.
"""

from __future__ import annotations

import dataclasses
import logging

import pygame

from craits import i18n
from craits.director import Wait
from craits.engine import Draw, Pass, Play
from craits.review import CoachState, Hint, Note, hint_job
from craits.ui.widgets import Button, draw_rounded, draw_shadow, draw_text_fit, fit_text
from craits.ui.widgets.textcache import blit_text

log = logging.getLogger(__name__)

NOTE_SECONDS = 14.0  # a note goes by itself after this long
NOTE_SHORT_SECONDS = 6.0  # or after this long when another note is waiting
GOLD = (250, 218, 130)
CREAM = (246, 238, 214)


class TableHelp:
    # ------------------------------------------------------------ state

    def _init_help(self) -> None:
        """Called once the scene has its session, model and buttons."""
        self.hint: Hint | None = None
        self.hint_key: tuple[int, int] | None = None  # (session version, seat) it is for
        self.hint_ticket: int | None = None
        self.hint_failed = False
        self.hints_counted: set[tuple[int, int]] = set()
        settings = self.app.settings
        coach = CoachState.from_dict(getattr(settings, "coach", {}))
        coach.enabled = coach.enabled and bool(getattr(settings, "coaching", True)) \
            and bool(self.humans)
        coach.new_match()
        coach.scanner.scan(self.session.events)  # what happened before (a continued game)
        self.coach = coach
        self.coach_seen = len(self.session.events)
        self.notes: list[Note] = []  # waiting to be shown, in order
        self.note: Note | None = None  # shown now
        self.note_age = 0.0
        self.note_rect: pygame.Rect | None = None
        self.note_button: Button | None = None
        self.coach_game_counted = False
        self.coach_unsaved = False

    # ------------------------------------------------------------ the hint

    def hint_position(self) -> tuple[int, int] | None:
        """(session version, seat) of a position the viewer may ask a hint for, or None."""
        if not self.my_turn() or self.viewer is None:
            return None
        return self.session.version, self.viewer

    def ask_hint(self) -> None:
        """The Hint button or H: ask the bot helper for the hard level's move here."""
        key = self.hint_position()
        if key is None or key == self.hint_key:
            return
        self.hint, self.hint_key, self.hint_failed = None, key, False
        try:
            self.hint_ticket = self.worker.submit(hint_job(self.session, self.viewer))
        except ValueError as exc:  # not this seat's turn after all
            log.info("no hint: %s", exc)
            self.hint_key = None
            return
        if key not in self.hints_counted:
            self.hints_counted.add(key)
            self.app.statistics.note_hint(self.session.match_id)
            save = getattr(self.app, "save_statistics", None)
            if callable(save):
                save()

    def _update_hint(self) -> None:
        """Collect the hint when it is ready; forget it when the position has moved on."""
        if self.hint_key is None:
            return
        if self.hint_key != (self.session.version, self.viewer):
            self.hint = self.hint_key = self.hint_ticket = None
            self.hint_failed = False
            return
        if self.hint_ticket is not None:
            if self.worker.submitted != self.hint_ticket:  # the helper was given other work
                if self.director.thinking is None:
                    self.hint_ticket = self.worker.submit(hint_job(self.session, self.viewer))
                return
            try:
                answer = self.worker.poll(self.hint_ticket)
            except RuntimeError as exc:
                log.warning("the hint failed: %s", exc)
                self.hint_ticket, self.hint_failed = None, True
                return
            if answer is not None:
                self.hint_ticket = None
                view = self.view()
                if isinstance(answer, Hint) and view is not None and answer.action in view.legal:
                    self.hint = answer
                else:
                    self.hint_failed = True
        self._show_hint()

    def _show_hint(self) -> None:
        """The hinted card glows and stands out of the hand (the others keep their looks)."""
        action = self.hint.action if self.hint is not None and self.my_turn() else None
        for sprite in self.my_hand():
            sprite.highlight = isinstance(action, Play) and sprite.code == action.card
            if sprite.highlight:
                sprite.lift_target = max(sprite.lift_target,
                                         self.model.layout.lift + self.model.layout.hover_lift)

    def hint_line(self) -> tuple[str, tuple[int, int, int]] | None:
        """The line above the hand while a hint is asked for or shown."""
        if self.hint_key is None or not self.my_turn():
            return None
        label = i18n.t("hint.button")
        if self.hint is not None:
            reason = self.hint.message.text(i18n.t, card=i18n.card_name, suit=i18n.suit_name,
                                            player=self.names.__getitem__)
            return f"{label}: {reason}", GOLD
        if self.hint_failed:
            return i18n.t("hint.unavailable"), CREAM
        return i18n.t("hint.thinking"), CREAM

    def hinted_button(self) -> Button | None:
        """The Draw or Pass button when that is the hinted move (it is ringed)."""
        if self.hint is None or not self.my_turn():
            return None
        if isinstance(self.hint.action, Draw):
            return self.draw_button
        if isinstance(self.hint.action, Pass):
            return self.pass_button
        return None

    # ------------------------------------------------------------ coaching

    def _update_coach(self, dt: float) -> None:
        events = self.session.events
        if len(events) > self.coach_seen:
            found = self.coach.notes(events[self.coach_seen:])
            self.coach_seen = len(events)
            if found:
                self.notes.extend(found)
                self._keep_coach()
        if not self.coach_game_counted and self.director.waiting.kind is Wait.MATCH_OVER:
            self.coach_game_counted = True
            if self.humans:
                self.coach.game_finished()
                self._keep_coach(write=True)
        if self.app.scenes.top is not self:  # under the scoreboard, a dialog, the menu
            return
        if self.note is not None:
            self.note_age += dt
            # The next note waits a little, not for long: notes must not fall behind play.
            if self.note_age >= (NOTE_SHORT_SECONDS if self.notes else NOTE_SECONDS):
                self.dismiss_note()
        elif self.notes and not self.chor.busy:  # once the cards show what happened
            self.note = self.notes.pop(0)
            self.note_age = 0.0
            self._place_note()

    def _keep_coach(self, write: bool = False) -> None:
        """What coaching has shown, into the settings; written at the match's end and when
        the table closes (``write``), not in the middle of play."""
        settings = self.app.settings
        stored = {**self.coach.to_dict(), "enabled": bool(getattr(settings, "coaching", True))}
        if getattr(settings, "coach", None) != stored:
            try:
                self.app.settings = dataclasses.replace(settings, coach=stored)
            except TypeError:  # settings without the field (a stand-in app)
                return
            self.coach_unsaved = True
        if write and self.coach_unsaved:
            self.coach_unsaved = False
            self.app.save_settings()

    def dismiss_note(self) -> None:
        self.note = None
        self.note_rect = self.note_button = None

    def _place_note(self) -> None:
        """The note's box: by the seat where it happened (below an opponent's plate; above
        the hand for the viewer), or by the piles for the whole table."""
        if self.note is None:
            return
        lay = self.model.layout
        width = lay.px(380)
        text = self.note.message.text(i18n.t)
        body = fit_text(text, width - lay.px(28), lay.px(200), lay.px(17), wrap=True,
                        min_size=lay.px(12))
        height = lay.px(34) + body.height + lay.px(54)  # title, text, button row
        rect = pygame.Rect(0, 0, width, height)
        seat = self.note.player
        spot = lay.seats.get(seat) if seat is not None else None
        if spot is not None:
            rect.midtop = (spot.plate.centerx, spot.plate.bottom + lay.px(10))
        else:
            rect.midbottom = (lay.centre[0], lay.hint.top - lay.px(8))
        rect.clamp_ip(pygame.Rect(lay.px(8), lay.top_bar.bottom, lay.size[0] - lay.px(16),
                                  lay.hint.top - lay.top_bar.bottom - lay.px(4)))
        self.note_rect = rect
        bw = min(lay.px(140), width // 2)
        self.note_button = Button(
            pygame.Rect(rect.right - lay.px(12) - bw, rect.bottom - lay.px(44), bw, lay.px(34)),
            i18n.t("coach.dismiss"), self.dismiss_note, style="secondary",
            text_size=lay.px(16))
        self.note_button.set_theme(self.theme)

    def handle_note(self, event: pygame.event.Event) -> bool:
        """The note's own input: its button, and Backspace. Everything else goes on to the
        table, so a note never blocks the game."""
        if self.note is None:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.dismiss_note()
            return True
        button = self.note_button
        return button is not None and button.handle(event)

    def _relayout_help(self) -> None:
        """The window changed size or language: the note's box again."""
        self._place_note()

    # ------------------------------------------------------------ drawing

    def draw_help(self, surface: pygame.Surface) -> None:
        """The ring round a hinted button and the coaching note (over the table)."""
        lay = self.model.layout
        button = self.hinted_button()
        if button is not None and button.visible:
            ring = button.rect.inflate(lay.px(10), lay.px(10))
            pygame.draw.rect(surface, GOLD, ring, max(2, lay.px(3)),
                             border_radius=lay.px(16))
        if self.note is None or self.note_rect is None or self.note_button is None:
            return
        rect = self.note_rect
        end = NOTE_SHORT_SECONDS if self.notes else NOTE_SECONDS
        fade = min(1.0, self.note_age / 0.2, max(0.0, end - self.note_age) / 0.4)
        layer = pygame.Surface(rect.inflate(lay.px(24), lay.px(24)).size, pygame.SRCALPHA)
        inner = rect.move(lay.px(12) - rect.left, lay.px(12) - rect.top)
        draw_shadow(layer, inner, lay.px(14), lay.px(5))
        draw_rounded(layer, inner, (12, 44, 30, 240), lay.px(14), border=(236, 196, 92, 200),
                     border_width=max(1, lay.px(2)))
        pad = lay.px(14)
        blit_text(layer, i18n.t("coach.title"), lay.px(16), GOLD, bold=True,
                  midleft=(inner.left + pad, inner.top + lay.px(20)),
                  max_width=inner.width - 2 * pad)
        body = pygame.Rect(inner.left + pad, inner.top + lay.px(34), inner.width - 2 * pad,
                           inner.height - lay.px(34) - lay.px(50))
        draw_text_fit(layer, self.note.message.text(i18n.t), body, lay.px(17), color=CREAM,
                      wrap=True, align="left", valign="top", min_size=lay.px(12))
        saved = self.note_button.rect
        self.note_button.rect = saved.move(lay.px(12) - rect.left, lay.px(12) - rect.top)
        self.note_button.draw(layer)
        self.note_button.rect = saved
        if fade < 1.0:
            layer.set_alpha(round(255 * max(0.0, fade)))
        surface.blit(layer, (rect.left - lay.px(12), rect.top - lay.px(12)))

    # ------------------------------------------------------------ frame

    def update_help(self, dt: float) -> None:
        self._update_hint()
        self._update_coach(dt)
