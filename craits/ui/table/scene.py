"""The card table: the match in progress, seen by one seat at a time.

The scene owns its parts, each with its own state: the match side (``TableMatch``: the
director, the viewer's seat view, what to show next), the buttons and the hand's input (each
turns pygame events into intents), the hint and the coaching notes, and the picture (the
tabletop's model, choreographer and painter, drawn by ``view.draw_table``). Parts report up by
posting intents and by return values; the scene carries them out and pushes the scenes the
match asks for (cut, hand-off, suit dialog, scoreboard, game over, pause, controls).

Each frame: the computer to act may think ahead; presentation catches up with the engine (the
choreographer); once it has, match time flows and the table shows what the director waits for.
Scenes pushed on top stop match time; animations keep running under them.
"""

from __future__ import annotations

import dataclasses

import pygame

from craits import i18n
from craits.director import MatchDirector, TablePace, Wait
from craits.engine import Announce, Call, Draw, Pass, Play
from craits.engine.actions import Action
from craits.review import CoachState
from craits.session import Session
from craits.ui.cards.painter import CardPainter
from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.scene import Scene, SceneContext
from craits.ui.speech.speaker import wanted as speech_wanted
from craits.ui.table.analysis_part import AnalysisPart
from craits.ui.table.buttons import TableButtons
from craits.ui.table.coach_panel import CoachPanel
from craits.ui.table.controls_help import ControlsScene
from craits.ui.table.cost_check import Ask, CostCheck, Go
from craits.ui.table.cue_part import CuePart
from craits.ui.table.flow import TableFlow
from craits.ui.table.forced import FORCED_PAUSE, ForcedMoves
from craits.ui.table.hint_panel import HintPanel
from craits.ui.table.hints import hint_for, not_now, refusal_reason
from craits.ui.table.hooks import AppHooks
from craits.ui.table.match import TableMatch
from craits.ui.table.pause import PauseScene
from craits.ui.table.scoreboard import ScoreboardScene
from craits.ui.table.speech_part import table_speech
from craits.ui.table.view import LOG_LINES, CardWarmUp, TableFrame, draw_table, level_label
from craits.ui.tabletop.choreographer import SPEED_FACTORS, Choreographer
from craits.ui.tabletop.controls_tip import ControlsTip
from craits.ui.tabletop.hand_input import TOLD_FILL, HandInput
from craits.ui.tabletop.intents import Command, Intent, PlayCard, ScrollLog
from craits.ui.tabletop.model import TableModel
from craits.ui.tabletop.painter import CREAM, SETTLE, TablePainter

# Seconds a human always has to say "Last card!" or to call a computer player an idiot, from
# when the card is seen (RULES.md section 6; computers' delays start after it).
CALL_GRACE = 1.5
# What waits while a tip is read: the computers' moves, the scoreboard and the hand-off screen
# would take its moment off the table; the player's own turn and choices never wait.
HELD_FOR_TIPS = (Wait.COMPUTER, Wait.ROUND_OVER, Wait.HANDOFF)


class TableScene(Scene):
    def __init__(self, app: SceneContext, session: Session, *, fresh: bool = True) -> None:
        super().__init__(app)
        settings = app.settings
        self.session = session
        self.speed = settings.animation_speed
        director = MatchDirector(
            session, runner=app.bot_worker, hooks=AppHooks(app), grace=settings.call_grace(),
            pace=TablePace(session.seed, SPEED_FACTORS.get(self.speed, 1.0)),
        )  # fmt: skip
        bottom = director.viewer if director.viewer is not None else 0
        self.model = TableModel(len(session.seats), app.size, bottom, director.viewer,
                                large_cards=settings.large_cards)
        self.model.hand_order = settings.hand_order
        self.model.arrangements = {seat: (r, list(cards))
                                   for seat, (r, cards) in session.arranged.items()}
        self.cards = CardPainter(app.card_art, settings.card_style)
        self.painter = TablePainter(self.cards, settings.card_style)
        self.chor = Choreographer(self.model, [s.name for s in session.seats], speed=self.speed,
                                  viewer=director.viewer, play_sound=app.audio.play)
        self.match = TableMatch(session, director, self.chor, self.model, fresh=fresh)
        self.buttons = TableButtons(self.model.layout, self.post)
        self.hand = HandInput(self.model, self.post)
        self.hint = HintPanel(session, app.bot_worker, self.match.names)
        self.speech = table_speech(app, self.match.names, self.chor.log, lambda: self.match.viewer,
                                   self.model)
        self.cues = CuePart(app.audio.play_cue, session.human_seats(), session.events)
        self.cost = CostCheck(session, app.bot_worker, lambda: self.app.settings.confirm_costly)
        self._pointed: object = None  # the hint the hand's focus was last moved to
        coach = CoachState.from_dict(settings.coach)
        coach.enabled = coach.enabled and settings.coaching and bool(session.human_seats())
        self.coach = CoachPanel(coach, session.events, self.model.layout, self.buttons.theme,
                                self.post, new_match=fresh and not session.records)
        self.coach_unsaved = False
        self.forced = ForcedMoves(lambda: self.app.settings.forced_moves)
        self.analysis = AnalysisPart(session, app.game_analysis,
                                     lambda: self.app.settings.analyse_while_playing,
                                     app.finishing)
        self.flow = TableFlow(app, self.match, self.hand, self.commit,
                              lambda: self.analysis.analysis)
        self.levels = [level_label(s.kind) for s in session.seats]
        self.clock = 0.0  # presentation time, for pulsing and drifting decorations
        self.quiet = 0.0  # seconds without input or anything moving
        self._warm = CardWarmUp(self.cards, self.model)
        if not self.match.cut_pending:
            self.match.rebuild_log(app.size)
            self.match.sync_to_engine()

    # ------------------------------------------------------------ what the parts ask

    @property
    def selftest_round_done(self) -> bool:
        """A round's end has been shown (the self test waits for one)."""
        return self.flow.rounds_shown > 0

    def post(self, intent: Intent) -> bool:
        """Carry out what a part asks; True if it was done (a card played or its suit asked)."""
        if isinstance(intent, PlayCard):
            return self.play_card(intent.code, announce=intent.announce)
        if isinstance(intent, ScrollLog):
            self.scroll_log(intent.lines)
            return True
        view = self.match.view()
        mine = self.match.my_turn()
        if intent is Command.DRAW or intent is Command.PASS:
            action = Draw() if intent is Command.DRAW else Pass()
            if mine and view is not None and action in view.legal:
                return self.match.act(action)
            self.hand.say(not_now(view, action, mine, self.match.waiting_for()))
            return False
        if intent is Command.ANNOUNCE:
            return self.announce()
        if intent is Command.CALL:
            if view is not None and view.can_call:
                return not self.chor.busy and self.match.act(Call(view.seat, view.can_call[0]))
            self.hand.say(i18n.t("table.nobody_to_call"))
            return False
        if intent is Command.HINT:
            return self.ask_hint()
        if intent is Command.UNDO:
            refused = self.match.undo()
            if refused is not None:
                self.hand.say(refused)
                return False
            self.hand.say(i18n.t("undo.taken_back"), TOLD_FILL)
            self.app.statistics.note_undo(self.session.match_id)
            self.app.save_statistics()
            return True
        if intent is Command.MENU:
            self.app.scenes.push(PauseScene(self.app))
        elif intent is Command.CONTROLS:
            self.model.banners = [b for b in self.model.banners if not isinstance(b, ControlsTip)]
            self.app.scenes.push(ControlsScene(self.app))
        elif intent is Command.TOGGLE_ARM:
            self.buttons.toggle_armed()
        elif intent is Command.DISMISS_NOTE:
            self.coach.dismiss()
        elif intent is Command.ARRANGED:
            if self.app.settings.hand_order != "manual":
                self.app.settings = dataclasses.replace(self.app.settings, hand_order="manual")
                self.app.save_settings()  # remembered: the next hands are arranged by hand too
            self._keep_arrangement()
        return True

    def _keep_arrangement(self) -> None:
        """The viewer's hand as arranged now goes into the save: Continue shows it so."""
        model, session = self.model, self.session
        if model.hand_order != "manual" or model.viewer is None:
            return
        session.arranged[model.bottom] = (model.round_index, tuple(model.arranged))
        if not session.match.is_over():  # a finished game's save is gone: not written again
            self.app.autosave(session)

    def play_card(self, code: int, *, announce: bool = False) -> bool:
        """Play ``code`` from the viewer's hand; an 8 or a 9 asks for the suit first; a card
        that may not be played is refused (why, a shake and a sound)."""
        options = [p for p in self.match.legal_plays() if p.card == code]
        if not options:
            self.refuse_card(code)
            return False
        if announce:
            self.buttons.last_armed = True  # Shift with the click or Enter: say it with this
        if len(options) == 1:
            return self.commit(options[0])
        hinted = self.hint.hint.action if self.hint.hint is not None else None
        self.flow.ask_suit(code, options, hinted if hinted in options else None)
        return True

    def _position(self) -> tuple[int, int] | None:
        viewer = self.match.viewer
        return None if viewer is None else (self.session.version, viewer)

    def commit(self, action: Action, announce: bool = False) -> bool:
        """Carry out the viewer's play, unless it is to be weighed first ("confirm costly
        moves": ``cost_check``); True if it was played or is being weighed."""
        position = self._position()
        if isinstance(action, Play) and position is not None \
                and self.cost.start(position, action, announce):
            return True
        return self.commit_unchecked(action, announce)

    def _weighed(self, outcome: Go | Ask) -> None:
        if isinstance(outcome, Go):
            self.commit_unchecked(outcome.action, outcome.announce)
            return
        position = self._position()

        def answer(play: bool) -> None:
            if position is not None:
                self.cost.confirmed.add((position, outcome.action))  # chosen again, it goes
            if play and position is not None and position == self._position():
                self.commit_unchecked(outcome.action, outcome.announce)
            else:
                self.buttons.last_armed = False
                self.model.reflow(self.model.bottom, 0.2)  # the card goes back to the hand

        self.flow.ask_costly(outcome, answer)

    def commit_unchecked(self, action: Action, announce: bool) -> bool:
        """Carry out the viewer's play as it is; True if the engine took it. "Last card!"
        goes with it (Shift held, or armed) if it left one card."""
        played = self.match.act(action)
        if played and (announce or self.buttons.last_armed):
            self.announce()
            self.buttons.last_armed = False
        return played

    def refuse_card(self, code: int) -> None:
        reason = refusal_reason(self.match.view(), code, self.match.my_turn(),
                                self.match.waiting_for())
        if not self.cues.refused():
            self.app.audio.play("click")  # the cues are off (their volume at 0)
        self.hand.refuse(code, reason, self.coach.rect)
        self.speech.refused(code, reason)

    def announce(self) -> bool:
        view = self.match.view()
        return bool(view is not None and view.can_announce
                    and self.match.act(Announce(view.seat)))

    def ask_hint(self) -> bool:
        position = self._position()
        if not self.match.my_turn() or position is None:
            return False
        if self.hint.ask(position):
            self.app.statistics.note_hint(self.session.match_id)
            self.app.save_statistics()
        return True

    def scroll_log(self, lines: int) -> None:
        """Read further back (positive) or forward in the log."""
        log = self.chor.log
        readable = log.readable(self.match.viewer)
        log.back = max(0, min(log.back + lines, max(0, readable - 1)))

    # ------------------------------------------------------------ window and settings

    def on_resize(self, size: tuple[int, int]) -> None:
        self.model.resize(size)
        self._relayout()

    def _relayout(self) -> None:
        # Banners stand where the old layout had room; the controls tip moves with the line it
        # ends (it would sit on the piles), the rest are short and go.
        self.model.banners = [self._moved_tip(b) for b in self.model.banners
                              if isinstance(b, ControlsTip)]
        self.buttons.layout(self.model.layout)
        self.coach.place(self.model.layout, self.buttons.theme)
        self._warm = CardWarmUp(self.cards, self.model)

    def _moved_tip(self, tip: ControlsTip) -> ControlsTip:
        moved = ControlsTip(self.model.layout, max(0.5, tip.duration - tip.age))
        moved.age, moved.pop = 0.0, tip.pop  # already popped in: no second pop
        return moved

    def on_enter(self) -> None:
        """Back on top: the settings may have changed under the pause menu."""
        settings = self.app.settings
        if settings.animation_speed != self.speed:
            self.speed = settings.animation_speed
            self.chor.set_speed(self.speed)
            self.match.director.pace = TablePace(self.session.seed,
                                                 SPEED_FACTORS.get(self.speed, 1.0))
        if settings.hand_order != self.model.hand_order:
            self.model.set_hand_order(settings.hand_order)
            self._keep_arrangement()  # by hand now: as it was shown
        self.cards.configure(settings.card_style, self.cards.back_name)
        self.painter.style = settings.card_style
        language = self.buttons.language != i18n.get_language()
        if tuple(self.app.size) != self.model.layout.size \
                or settings.large_cards != self.model.large_cards:
            self.model.resize(self.app.size, settings.large_cards)
            self._relayout()
        elif language:
            self._relayout()
        if language:  # the log and the plates read in the new language, every line of them
            self.levels = [level_label(s.kind) for s in self.session.seats]
            if not self.match.cut_pending:
                self.chor.finish()
                self.match.rebuild_log(self.app.size)

    def on_exit(self) -> None:
        self.hand.release()

    def close(self) -> None:
        """The table is going away (quit to title, new game): answers still due are moot;
        what coaching has shown is written."""
        self.app.bot_worker.submitted = None
        self._keep_coach(write=True)
        self.analysis.close()

    def _keep_coach(self, write: bool = False) -> None:
        """What coaching has shown, into the settings; written at the match's end and when
        the table closes (``write``), not in the middle of play."""
        settings = self.app.settings
        stored = {**self.coach.state.to_dict(), "enabled": settings.coaching}
        if settings.coach != stored:
            self.app.settings = dataclasses.replace(settings, coach=stored)
            self.coach_unsaved = True
        if write and self.coach_unsaved:
            self.coach_unsaved = False
            self.app.save_settings()

    # ------------------------------------------------------------ frame

    def handle(self, event: pygame.event.Event) -> None:
        """The coaching note first (it takes only its own keys), then the log's scrolling,
        the buttons and the hand."""
        self.quiet = 0.0
        if not self.hand.takes(event) or self.speech.handle(event) or self.coach.handle(event):
            return
        lay = self.model.layout
        if event.type == pygame.MOUSEWHEEL and lay.log.collidepoint(pygame.mouse.get_pos()):
            self.scroll_log(event.y)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_log(3 if event.key == pygame.K_PAGEUP else -3)
        elif self.chor.log.back and (
                (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                 and lay.log_marker.collidepoint(event.pos))
                or (event.type == pygame.KEYDOWN and event.key == pygame.K_END
                    and getattr(event, "mod", 0) & pygame.KMOD_CTRL)):
            self.chor.log.back = 0  # back to the newest lines
        elif not self.buttons.handle(event):
            self.hand.handle(event)

    def update(self, dt: float) -> None:
        self._warm.step()
        self.quiet = 0.0 if self.chor.busy or self.model.moving else self.quiet + dt
        if self.quiet < SETTLE:
            self.clock += dt
        self.chor.update(dt)
        self.model.update(dt)
        on_top = self.app.scenes.top is self
        if on_top and not self.chor.busy:
            self.hand.seen(dt)
        if on_top and self.coach.holding and not self.match.cut_pending \
                and self.match.director.waiting.kind in HELD_FOR_TIPS:
            # A tip is read: its moment stays on the table (the player may still act), and
            # the plates show whose turn it is once the cards have come to rest.
            self.match.director.think_ahead()
            if not self.chor.busy:
                self.match.show_turn()
        elif on_top:
            step = self.match.advance(dt)
            if step is not None:
                self.flow.show(step)
        match, s = self.match, self.session
        view, mine = match.view(), match.my_turn()
        self.buttons.refresh(view, mine, self.chor.busy)
        position = self._position()
        self.hand.update({p.card for p in match.legal_plays()}, mine, position)
        self.hint.update(position, view, match.director.thinking is not None)
        forced = self.forced.update(dt, position, view, mine and on_top,
                                    FORCED_PAUSE * SPEED_FACTORS.get(self.speed, 1.0),
                                    self.app.settings.call_grace())
        if forced is not None:
            self.match.act(forced)  # as the Draw or Pass button would
        weighed = self.cost.update(dt, position) if on_top else None
        if weighed is not None:
            self._weighed(weighed)
        hinted = self.hint.hint if mine else None
        if hinted is not None and hinted is not self._pointed:
            self._pointed = hinted  # once per hint: the player may move the focus on
            if isinstance(hinted.action, Play):
                self.hand.point_at(hinted.action.card)
        self.hint.mark(self.hand.hand(), self.model.layout, mine)
        if self.coach.take(s.events, s.batches):
            self._keep_coach()
        over = match.director.waiting.kind is Wait.MATCH_OVER
        if over and s.human_seats() and self.coach.game_over():
            self._keep_coach(write=True)
        if on_top:
            self.coach.update(dt, self.chor.busy, self.match.consumed)
        self._feed_speech(dt)
        self.cues.update(s.events, match.view(), match.my_turn())
        self.analysis.update()

    def _feed_speech(self, dt: float) -> None:
        """This frame's table, as the speech part wants it (the settings may have changed)."""
        settings = self.app.settings
        part = self.speech
        part.speaker.configure(speech_wanted(settings.speech), settings.speech_verbosity)
        match, hand_input = self.match, self.hand
        view, mine = match.view(), match.my_turn()
        asked = self.hint.line() if mine and self.hint.hint is not None else None
        hand, index = hand_input.hand(), hand_input.focus
        code = hand[index].code if hand_input.keyboard and index is not None \
            and index < len(hand) else None
        focus = (code, index, len(hand), code in hand_input.playable) \
            if code is not None and index is not None else None
        # The turn is said once the hand takes keys (a new round's, once it has been seen).
        part.update(view, mine, self.chor.busy or match.modal_open or hand_input.guard is not None,
                    asked[0] if asked else None, focus, dt)
        top = self.app.scenes.top
        part.dialog(top if isinstance(top, SuitDialog) else None)
        part.scoreboard(isinstance(top, ScoreboardScene))
        note = self.coach.note
        part.note(note, note.message.text(i18n.t) if note is not None else "")

    def frame(self) -> TableFrame:
        match = self.match
        view = match.view()
        ringed = self.hint.ringed(self.buttons.draw, self.buttons.pass_) \
            if match.my_turn() else None
        return TableFrame(
            model=self.model, names=match.names, levels=self.levels,
            thinking=None if self.chor.busy else match.thinking,
            drawable=bool(match.my_turn() and view is not None and Draw() in view.legal),
            line=self._line(), log=self.chor.log.recent(match.viewer, LOG_LINES),
            rounds=self.session.match.rounds, clock=self.clock, dragging=self.hand.dragging,
            playing=self.flow.playing, log_newer=self.chor.log.newer(match.viewer),
            overlays=[self.buttons.draw_all,
                      lambda surface: self.hint.draw_ring(surface, ringed, self.model.layout),
                      self.coach.draw],
        )  # fmt: skip

    def _line(self) -> tuple[str, tuple[int, int, int]]:
        """The line above the hand: the hint, or what to do now, or whom the table waits for."""
        match = self.match
        if self.cost.pending is not None:
            return i18n.t("cost.weighing"), CREAM
        asked = self.hint.line() if match.my_turn() else None
        quiet = self.chor.busy or match.modal_open or match.cut_pending
        if asked is not None:
            return asked
        return "" if quiet else hint_for(match.view(), match.my_turn(), match.waiting_for()), CREAM

    def draw(self, surface: pygame.Surface) -> None:
        draw_table(surface, self.frame(), self.painter, self.cards)
