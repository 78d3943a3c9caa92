"""The round review: a finished round (or a whole game) stepped through move by move, every
hand face up, the log beside it, and at each of the reviewed player's choices the expert's
move and the points it was expected to save.

Keys: Left / Right step back and forth (across rounds), Up / Down go to the reviewed player's
previous and next choice, Home / End to the round's deal and end, Page Up / Page Down to the
previous and next round, A analyses the round again (C or the
button cancels it), P changes whose choices are reviewed, E exports the game record, L shows
luck against choices round by round (``luck_bars``), Esc closes. As at the table, K, S and T say
the hand, each player's cards and the top card (``keys_said``); F1 lists the review's keys. The analysis runs on
the app's workbench (worker processes), so frames never wait: the round
shown first, then the seat's other rounds while the player reads; it stops when cancelled or
when the review is closed. Each round's verdicts are kept beside the past games
(``review.cache``), so a review reopened shows them at once. A review reads a replay (the same
action log Continue replays) and never changes a save or a statistic.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from datetime import datetime

import pygame

from craits import i18n
from craits.ai.profiles import Profile
from craits.paths import safe_child, user_home
from craits.persistence.par_store import ParStore
from craits.review import Replay, RoundAnalysis, Step, Verdict, export_record
from craits.review.analysis import ReviewLevel, RoundReview, as_level
from craits.review.cache import ReviewCache
from craits.review.puzzles import Grade, Spot, record_spot
from craits.review.record import os_reason, write_new_record
from craits.ui.dialogs.message import MessageScene
from craits.ui.review import keys_said
from craits.ui.review.board import DIM, GOLD, LINE_GOLD, ReviewBoard
from craits.ui.review.luck_bars import LuckPanel, LuckRow, luck_rows
from craits.ui.review.par_part import MakeWork, ParPart
from craits.ui.review.retry import RetryPart
from craits.ui.scene import Scene, SceneContext
from craits.ui.speech.review_speech import ReviewSpeech
from craits.ui.speech.screen import joined
from craits.ui.speech.symbols import in_words
from craits.ui.speech.words import spoken
from craits.ui.tabletop.hand_input import is_controls_key
from craits.ui.tabletop.painter import SETTLE
from craits.ui.widgets import Button, Theme, draw_rounded
from craits.ui.widgets.button_images import draw_button
from craits.ui.widgets.textcache import blit_text
from craits.ui.widgets.theme import Color
from craits.work import Job, Lane

log = logging.getLogger(__name__)

EXPORT_FOLDER = "records"


class ReviewScene(Scene):
    def __init__(self, app: SceneContext, replay: Replay, *, round_index: int | None = None,
                 seat: int | None = None, number: int | None = None,
                 profile: ReviewLevel | Profile | None = None,
                 make_runner: Callable[[], Job] | None = None,
                 analyse: bool = True, cache: ReviewCache | None = None,
                 puzzle: Spot | None = None,
                 par_work: MakeWork | None = None,
                 on_grade: Callable[[int, Grade | None], None] | None = None,
                 withheld: str | None = None) -> None:
        super().__init__(app)
        self.withheld = withheld  # why the game's last rounds are not there (still in play)
        if puzzle is None and round_index is None and number is None:
            puzzle = record_spot(replay)  # a record with a question and a focus
        if puzzle is not None:  # opens on the puzzle's choice, for its seat
            seat, number = puzzle.seat, puzzle.number
        self.replay = replay
        humans = [i for i, s in enumerate(replay.seats) if s.is_human]
        self.candidates = humans or list(range(replay.n_players))
        self.seat = seat if seat is not None else self.candidates[0]
        self.profile = profile
        # The analysis runs in the app's workbench unless a caller (a test) gives its own.
        self.make_runner: Callable[[], Job] = make_runner or functools.partial(
            app.workbench.job, Lane.REVIEW)
        self.auto_analyse = analyse
        self.runner: Job | None = None
        self.analyses: dict[tuple[int, int], RoundAnalysis] = {}
        self.failed: str | None = None
        self.cache = cache
        self._kept: dict[tuple[int, int], RoundReview] | None = None  # the cache's, once read
        self._game = ""  # the game's key in the cache
        self.clock = 0.0  # the board's pulses and ring; held still after ``SETTLE`` quiet
        self.quiet = 0.0
        self.size = (app.size[0], app.size[1])
        settings = app.settings
        self.board = ReviewBoard(replay, self.seat, self.size, app.card_art,
                                 settings.card_style, settings.large_cards)
        self.retries = RetryPart(app, self.board, replay, lambda: as_level(self.profile),
                                 puzzle, on_grade)
        if number is None:
            number = self._focus_step() if round_index is None else \
                replay.rounds[round_index].first
        self.number = max(0, min(number, len(replay.steps) - 1))
        # The par is worked out by the app's review (a caller with a runner of its own, a
        # test say, gives its own par work or none) and not for a puzzle.
        self.par = ParPart(replay, self._par_store, par_work if par_work is not None else (
            functools.partial(app.workbench.job, Lane.BACKGROUND)
            if analyse and puzzle is None and make_runner is None else None))
        self.luck = LuckPanel(self._luck_rows, self.par.line, say=self.say)
        self.spoken = ReviewSpeech(getattr(app, "speech", None))  # a stand-in app may have none
        self._build()
        self.go(self.number)

    # ------------------------------------------------------------ where we are

    def _focus_step(self) -> int:
        """A record's focus (a number of actions) as a step; else the first step."""
        focus = self.replay.focus
        if not focus:
            return 0
        return next((s.number for s in self.replay.steps if s.index == focus - 1), 0)

    @property
    def step(self) -> Step:
        return self.replay.steps[self.number]

    @property
    def round(self) -> int:
        return int(self.step.round)

    @property
    def analysis(self) -> RoundAnalysis | None:
        return self.analyses.get((self.seat, self.round))

    def go(self, number: int) -> None:
        """Show step ``number`` (clamped to the match); a new round starts its analysis."""
        number = max(0, min(number, len(self.replay.steps) - 1))
        old_round = self.round
        self.number = number
        if self.analysis is None and self.auto_analyse:
            self.analyse()
        elif self.round != old_round:
            self._drop_other_work()
        verdict = self.verdict()
        if self.retries.go(number, self.seat, verdict):
            return  # "Find a better move": the seat's view only, until graded or skipped
        self.board.show(number, verdict.expert if verdict is not None and verdict.differs
                        else None)

    def verdict(self) -> Verdict | None:
        """The verdict at the step shown: as soon as that choice is judged, before the rest of
        the round is."""
        analysis = self.analysis
        return analysis.verdict_at(self.number) if analysis is not None else None

    def step_by(self, delta: int) -> None:
        self.go(self.number + delta)

    def choice_by(self, delta: int) -> None:
        """To the reviewed player's next (``delta`` 1) or previous (-1) turn in the match."""
        steps = self.replay.steps
        ahead = range(self.number + 1, len(steps)) if delta > 0 else range(self.number - 1, -1, -1)
        found = next((n for n in ahead if steps[n].player == self.seat and steps[n].is_turn), None)
        if found is not None:
            self.go(found)

    def round_by(self, delta: int) -> None:
        index = max(0, min(self.round + delta, len(self.replay.rounds) - 1))
        self.go(self.replay.rounds[index].first)

    def round_edge(self, last: bool) -> None:
        round_ = self.replay.rounds[self.round]
        self.go(round_.last if last else round_.first)

    def next_seat(self) -> None:
        if len(self.candidates) < 2:
            return
        self.seat = self.candidates[(self.candidates.index(self.seat) + 1)
                                    % len(self.candidates)]
        self.board.set_seat(self.seat)
        self.go(self.number)

    # ------------------------------------------------------------ the analysis

    def analyse(self) -> None:
        """(Re)start the analysis of the round shown, for the seat reviewed (at once when it
        was kept from before)."""
        self._drop_other_work()
        self.failed = None
        self._start(self.seat, self.round)

    def _start(self, seat: int, round_index: int) -> RoundAnalysis | None:
        try:
            level = as_level(self.profile)
            kept = self._kept_reviews(level).get((seat, round_index))
            analysis = self.analyses[(seat, round_index)] = RoundAnalysis(
                self.replay, seat, round_index, level, kept)
        except ValueError as exc:  # a level this game does not know, say
            self.failed = str(exc)
            return None
        if self.runner is None and not analysis.finished:
            self.runner = self.make_runner()
        return analysis

    def _cache(self) -> ReviewCache:
        """The review's verdicts kept beside the past games (the given cache, if any)."""
        if self.cache is None:
            self.cache = ReviewCache.in_home(user_home())
        return self.cache

    def _par_store(self) -> ParStore | None:
        """The par's replays are kept beside the review's verdicts."""
        return ParStore(self._cache().folder)

    def _kept_reviews(self, level: ReviewLevel) -> dict[tuple[int, int], RoundReview]:
        if self._kept is None:
            self._game = self.replay.game_key
            self._kept = self._cache().load(self._game, level)
        return self._kept

    def _keep(self, analysis: RoundAnalysis) -> None:
        """A round's verdicts, judged here, kept for the next time (every analysis started
        after the kept ones were read)."""
        result = analysis.result
        if result is None or analysis.kept is not None:
            return
        self._kept_reviews(analysis.level)[(result.seat, result.round)] = result
        self._cache().store_later(self._game, analysis.level, result)

    def _drop_other_work(self) -> None:
        """Unfinished analyses of other rounds or seats give way (their answers are dropped;
        the workers go on to the new work)."""
        for key, analysis in list(self.analyses.items()):
            if key != (self.seat, self.round) and not analysis.finished:
                analysis.cancel()
                del self.analyses[key]

    def _background(self) -> RoundAnalysis | None:
        """While the round shown is done: the seat's next round not yet analysed, so the whole
        game is soon judged (and kept)."""
        for key, analysis in self.analyses.items():
            if key[0] == self.seat and not analysis.finished:
                return analysis
        if not self.auto_analyse or self.failed is not None or self.runner is None:
            return None
        rounds = len(self.replay.rounds)
        for offset in range(1, rounds):
            index = (self.round + offset) % rounds
            if (self.seat, index) not in self.analyses:
                started = self._start(self.seat, index)
                if started is not None and started.finished:
                    continue  # kept from before: on to the next
                return started
        return None

    def cancel(self) -> None:
        """Stop the analysis in progress and drop what is queued for it."""
        analysis = self.analysis
        if analysis is not None and not analysis.finished:
            analysis.cancel()
        self._stop_runner()

    def _stop_runner(self) -> None:
        runner, self.runner = self.runner, None
        if runner is not None:
            runner.drop()

    @property
    def running(self) -> bool:
        analysis = self.analysis
        return analysis is not None and not analysis.finished

    def update(self, dt: float) -> None:
        self.quiet += dt
        if self.quiet < SETTLE:
            self.clock += dt
        analysis = self.analysis
        shown = self.running
        if not shown and self.failed is None and self.runner is not None:
            analysis = self._background()
        if analysis is not None and not analysis.finished and self.runner is not None:
            judged = analysis.progress[0]
            analysis.poll(self.runner)
            if analysis.error is not None:
                log.warning("the review's analysis failed: %s", analysis.error)
                if shown:  # a later round's failure waits until that round is shown
                    self.failed = analysis.error
                    self._stop_runner()
            else:
                if analysis.finished:
                    self._keep(analysis)
                if shown and (analysis.finished or analysis.progress[0] != judged):
                    self.go(self.number)  # the verdict at this step may have come
        if self.retries.update():
            self.go(self.number)  # graded or skipped: the answer
        self.par.update(self.seat)
        self._refresh_buttons()
        self._say_step()

    def _say_step(self) -> None:
        """What the step shown says, in words, as the player steps (``ReviewSpeech``)."""
        log = self.board.log
        # Where the review is, why it stops short, and the key that lists its keys.
        heading = joined((i18n.t("review.title"), self.withheld or "", i18n.t("controls.tip")))
        self.spoken.update(self.number, self.seat, heading, [text for text, _ in self.lines()],
                           lambda: log()[-1][1] if log() else "")

    def speak_screen(self) -> None:
        self.spoken.again()

    def say(self, text: str) -> None:
        """An answer to a key, in words, over what was being said."""
        speaker = getattr(self.app, "speech", None)  # a stand-in app may have none
        if speaker is not None and text:
            speaker.say(spoken(in_words(text)), level="minimal", interrupt=True)

    # ------------------------------------------------------------ export

    def export(self) -> None:
        step = self.step
        focus = 0 if step.index is None else step.index + 1
        try:
            record = export_record(self.replay.save, title=self.replay.title,
                                   note=self.replay.note, focus=focus)
            folder = safe_child(EXPORT_FOLDER, user_home())
            folder.mkdir(parents=True, exist_ok=True)
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
            path = write_new_record(folder, f"craits-game-{stamp}", record)
        except OSError as exc:  # the records folder could not be made
            body = i18n.t("review.export_failed", error=f"{EXPORT_FOLDER}: {os_reason(exc)}")
        except ValueError as exc:  # RecordError: why, in the player's words
            body = i18n.t("review.export_failed", error=str(exc))
        else:
            body = i18n.t("review.exported", path=str(path))
        self.app.scenes.push(MessageScene(self.app, i18n.t("review.export"), body))

    # ------------------------------------------------------------ input

    def _build(self) -> None:
        lay = self.board.model.layout
        self.theme = Theme.for_size(lay.size)
        th = self.theme
        size = lay.tx(19)  # type follows large print
        gap = lay.px(8)

        def pair(index: int) -> tuple[pygame.Rect, pygame.Rect]:
            row = lay.button_rect(index, 4)
            half = (row.width - gap) // 2
            return (pygame.Rect(row.left, row.top, half, row.height),
                    pygame.Rect(row.right - half, row.top, half, row.height))

        back, forward = pair(0)
        earlier, later = pair(1)
        secondary = functools.partial(Button, style="secondary", text_size=size)
        short = i18n.t("review.round_short")
        self.back_button = secondary(back, "◀ " + i18n.t("review.previous"),
                                     lambda: self.step_by(-1))
        self.next_button = Button(forward, i18n.t("review.next") + " ▶",
                                  lambda: self.step_by(1), text_size=size)
        self.earlier_button = secondary(earlier, "« " + short, lambda: self.round_by(-1))
        self.later_button = secondary(later, short + " »", lambda: self.round_by(1))
        self.analyse_button = secondary(lay.button_rect(2, 4), i18n.t("review.analyse"),
                                        self.analyse)
        self.cancel_button = Button(lay.button_rect(2, 4), i18n.t("review.cancel_analysis"),
                                    self.cancel, style="danger", text_size=size)
        self.export_button = secondary(lay.button_rect(3, 4), i18n.t("review.export_short"),
                                       self.export)
        self.close_button = secondary(lay.menu_button, i18n.t("common.close"), self.close,
                                      text_size=lay.tx(18))
        seat_rect = pygame.Rect(lay.menu_button.left - lay.px(250), lay.menu_button.top,
                                lay.px(240), lay.menu_button.height)
        self.seat_button = secondary(seat_rect, "", self.next_seat, text_size=lay.tx(16))
        self.buttons = [self.back_button, self.next_button, self.earlier_button,
                        self.later_button, self.analyse_button, self.cancel_button,
                        self.export_button, self.close_button, self.seat_button]
        for button in self.buttons:
            button.set_theme(th)
        self._language = i18n.get_language()
        self.luck.layout(lay, th)
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        steps = self.replay.steps
        self.back_button.enabled = self.number > 0
        self.next_button.enabled = self.number < len(steps) - 1
        self.earlier_button.enabled = self.round > 0
        self.later_button.enabled = self.round < len(self.replay.rounds) - 1
        self.cancel_button.visible = self.running
        self.analyse_button.visible = not self.running and (
            self.analysis is None or self.analysis.cancelled or self.failed is not None)
        self.seat_button.visible = len(self.candidates) > 1
        self.seat_button.label = i18n.t("review.choices_of", player=self.board.names[self.seat])

    def handle(self, event: pygame.event.Event) -> None:
        self.quiet = 0.0
        for button in self.buttons:
            if button.visible and button.handle(event):
                return
        if self.retries.handle(event):
            return
        if self.luck.handle(event):
            return
        if event.type != pygame.KEYDOWN:
            return
        key = event.key
        if is_controls_key(event):
            self.app.scenes.push(self.app.screens.controls("review"))
            return
        if key in keys_said.KEYS \
                and not getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.say(keys_said.answer(key, self.board.model, self.board.names, self.seat))
            return
        actions = {
            pygame.K_LEFT: lambda: self.step_by(-1), pygame.K_RIGHT: lambda: self.step_by(1),
            pygame.K_UP: lambda: self.choice_by(-1), pygame.K_DOWN: lambda: self.choice_by(1),
            pygame.K_HOME: lambda: self.round_edge(False),
            pygame.K_END: lambda: self.round_edge(True),
            pygame.K_PAGEUP: lambda: self.round_by(-1),
            pygame.K_PAGEDOWN: lambda: self.round_by(1),
            pygame.K_e: self.export, pygame.K_p: self.next_seat, pygame.K_ESCAPE: self.close,
        }
        if key in actions:
            actions[key]()
        elif key == pygame.K_c and self.running:
            self.cancel()
        elif key == pygame.K_a and not self.running:
            self.analyse()

    def close(self) -> None:
        self.dismiss(None)

    def on_exit(self) -> None:
        if self not in list(self.app.scenes):
            self.cancel()  # popped: its queued work goes
            self.par.stop()

    def on_enter(self) -> None:
        if tuple(self.app.size) != self.size:
            self.on_resize(self.app.size)
        elif self._language != i18n.get_language():
            self._build()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.board.resize(self.size)
        self._build()

    # ------------------------------------------------------------ drawing

    def lines(self) -> list[tuple[str, Color]]:
        """What the lines above the hand say at this step."""
        retry = self.retries.lines()
        return retry if retry is not None else self.board.lines(self.verdict())

    def status(self) -> tuple[str, Color]:
        """The round's summary line, or the analysis's progress (or why there is none); at a
        choice tried again, its grade."""
        graded = self.retries.status(self.number)
        if graded is not None:
            return graded
        if self.failed is not None:
            return i18n.t("review.analysis_failed"), DIM
        analysis = self.analysis
        if analysis is None or analysis.cancelled:
            return i18n.t("review.cancelled"), DIM
        if not analysis.finished:
            done, total = analysis.progress
            return i18n.t("review.analysing", done=done, total=total), DIM
        result = analysis.result
        assert result is not None
        return result.summary.text(i18n.t, card=i18n.card_name, suit=i18n.suit_name,
                                   player=self.board.names.__getitem__), LINE_GOLD

    def draw(self, surface: pygame.Surface) -> None:
        board = self.board
        lay = board.model.layout
        board.draw(surface, self.clock)
        th = self.theme
        heading = "  ·  ".join((
            i18n.t("review.title"),
            i18n.t("table.round_of", n=self.round + 1, total=self.replay.session.match.rounds),
            i18n.t("review.step", n=self.number - self.replay.rounds[self.round].first + 1,
                   total=len(self.replay.rounds[self.round].steps)),
        ))  # fmt: skip
        blit_text(surface, heading, lay.tx(18), GOLD, bold=True,
                  midleft=(lay.round_label.left, lay.round_label.centery),
                  max_width=self.seat_button.rect.left - lay.round_label.left - lay.px(16)
                  if self.seat_button.visible else lay.menu_button.left - lay.px(32),
                  shadow=True)
        if self.withheld:  # under the heading: why the game stops short
            blit_text(surface, self.withheld, lay.tx(15), DIM,
                      midleft=(lay.round_label.left, lay.round_label.bottom + lay.px(8)),
                      max_width=lay.menu_button.left - lay.round_label.left - lay.px(16),
                      shadow=True)
        text, colour = self.status()
        bar = pygame.Rect(0, 0, min(lay.px(620), lay.size[0] - 2 * lay.buttons.width),
                          lay.px(32))
        # Between the piles and the lines above the hand: clear of every seat.
        bar.midbottom = (lay.size[0] // 2, lay.hint.centery - lay.px(56))
        draw_rounded(surface, bar, (8, 30, 20, 190), th.radius)
        analysis = self.analysis
        if analysis is not None and not analysis.finished and self.failed is None:
            done, total = analysis.progress
            filled = bar.inflate(-lay.px(6), -lay.px(6))
            filled.width = round(filled.width * done / max(1, total))
            if filled.width > 0:
                draw_rounded(surface, filled, (64, 146, 98, 200), th.radius // 2)
        blit_text(surface, text, lay.tx(17), colour, center=bar.center,
                  max_width=bar.width - lay.px(16))
        board.draw_lines(surface, self.lines())
        self.retries.draw(surface)
        for button in self.buttons:
            draw_button(button, surface)
        self.luck.draw(surface)

    # ------------------------------------------------------------ luck and choices

    def _luck_rows(self) -> list[LuckRow]:
        """The reviewed seat's rounds split into luck and choices, as far as judged."""
        def review_of(index: int) -> RoundReview | None:
            analysis = self.analyses.get((self.seat, index))
            if analysis is not None and analysis.result is not None:
                return analysis.result
            return (self._kept or {}).get((self.seat, index))

        rounds = self.replay.rounds
        return luck_rows(len(rounds), review_of, lambda index: rounds[index].scores)
