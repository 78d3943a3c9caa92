""""Find a better move": at a costly choice the review hides what the seat could not see and
the player chooses again, as at the table (click or keys for a card, D or the pile to draw, P
to pass, the suit dialog for an 8 or a 9); the new choice is weighed against the expert's on the
same guesses (``review.puzzles.Weigh``, on a thread) and graded before the answer is shown.
Tab / Shift+Tab, Home / End and the digits move the focus through the hand, Enter plays; the
arrows and Page Up / Down stay the review's (stepping away drops the retry, coming back asks
again until it is graded or skipped).

The review scene owns one ``Retry`` at a time and asks it: ``handle`` (whether it took the
event), ``update``, ``lines`` (what to say above the hand), ``draw`` (its buttons), ``skipped``
(the answer is asked for, before or after the grade) and ``grade``. Esc or "Show the answer"
skips straight to the answer; once graded, the grade is said first and Enter (or Esc, or the
button) shows it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

import pygame

from craits import i18n
from craits.engine import Action, Draw, Pass, Play, SeatView
from craits.review import Replay, Verdict
from craits.review.analysis import ReviewLevel
from craits.review.puzzles import Grade, Spot, Weigh, worth_retrying
from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.review.board import DIM, GREEN, LINE_GOLD, ReviewBoard
from craits.ui.scene import SceneContext
from craits.ui.tabletop.hand_input import PLAY_KEYS, HandInput
from craits.ui.tabletop.intents import Command, Intent, PlayCard
from craits.ui.widgets import Button, Theme
from craits.ui.widgets.button_images import draw_button
from craits.ui.widgets.theme import Color

log = logging.getLogger(__name__)

GRADE_COLOURS: dict[Grade, Color] = {Grade.AS_GOOD: GREEN, Grade.BETTER: LINE_GOLD,
                                      Grade.NO_BETTER: (240, 150, 130)}

REVIEW_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP,
               pygame.K_PAGEDOWN, pygame.K_l)
Weigher = Callable[[Weigh], Grade]
Runner = Callable[[Callable[[], None]], None]


def on_thread(job: Callable[[], None]) -> None:
    threading.Thread(target=job, name="craits-retry", daemon=True).start()


def at_once(job: Callable[[], None]) -> None:
    job()


class Retry:
    """The retry at step ``number`` of ``replay`` for ``seat``; ``verdict`` may come later
    (``give``): a choice made before it waits for it."""

    def __init__(self, app: SceneContext, board: ReviewBoard, replay: Replay, number: int,
                 seat: int, level: ReviewLevel, verdict: Verdict | None = None, *,
                 question: str | None = None) -> None:
        self.app = app
        self.board = board
        self.replay = replay
        self.question = question  # a puzzle record's note
        self.number = number
        self.seat = seat
        self.level = level
        self.verdict = verdict
        # How a choice is weighed, and where (a test weighs at once, by a rule of its own).
        self.weigher: Weigher = Weigh.__call__
        self.run: Runner = on_thread
        self.view: SeatView = replay.view_before(number, seat)
        self.choice: Action | None = None
        self.grade: Grade | None = None
        self.skipped = False
        self._answer: list[Grade] = []  # filled by the weighing's thread
        self._failed: list[bool] = []
        self._started = False
        self.hand = HandInput(board.model, self.post)
        self.hand._tip_shown = True  # the review's keys are not the table's first tip
        self.show()
        self.build()

    # ------------------------------------------------------------ what is shown

    def show(self) -> None:
        """The position before the choice from the seat's view only: the others' hands face
        down (the log as the seat read it up to there)."""
        board, number = self.board, self.number
        board.show(number - 1)
        before = self.replay.steps[number - 1]
        board.model.sync_from_view(self.view, before.totals, before.round)
        board.model.revealed = False

    def build(self) -> None:
        lay = self.board.model.layout
        th = Theme.for_size(lay.size)
        labels: list[tuple[str, Callable[[], object]]] = []
        if any(isinstance(a, Draw) for a in self.view.legal):
            labels.append((i18n.t("retry.draw"), lambda: self.post(Command.DRAW)))
        if any(isinstance(a, Pass) for a in self.view.legal):
            labels.append((i18n.t("retry.pass"), lambda: self.post(Command.PASS)))
        labels.append((i18n.t("retry.show_answer"), self.skip))
        self.buttons = []
        for i, (label, act) in enumerate(reversed(labels)):
            # Stacked in the review's button column, above its own rows (and the luck row),
            # clear of the piles and the hand.
            rect = lay.button_rect(-2 - i, 4)
            button = Button(rect, label, act, style="secondary", text_size=lay.tx(17))
            button.set_theme(th)
            self.buttons.append(button)

    @property
    def choosing(self) -> bool:
        return self.choice is None and not self.skipped

    def lines(self) -> list[tuple[str, Color]]:
        if self.grade is not None:  # said before the answer is shown
            return [(i18n.t(f"retry.{self.grade.value}"), GRADE_COLOURS[self.grade]),
                    (i18n.t("retry.then_answer"), DIM)]
        if self.choice is not None:
            return [(i18n.t("retry.weighing"), DIM)]
        if self.question:
            return [(self.question.splitlines()[0], LINE_GOLD), (i18n.t("retry.keys"), DIM)]
        cost = self.verdict.cost if self.verdict is not None else 0.0
        ask = i18n.tn("retry.ask", round(cost)) if cost >= 1 else i18n.t("retry.ask_puzzle")
        return [(ask, LINE_GOLD), (i18n.t("retry.keys"), DIM)]

    # ------------------------------------------------------------ choosing

    def post(self, intent: Intent) -> bool:
        if not self.choosing:
            return False
        legal = self.view.legal
        if isinstance(intent, PlayCard):
            options = [a for a in legal if isinstance(a, Play) and a.card == intent.code]
            if not options:
                self.hand.refuse(intent.code, i18n.t("retry.not_playable"), None)
                return False
            if len(options) == 1:
                return self.choose(options[0])
            rest = [c for c in self.view.hand if c != intent.code]
            self.app.scenes.push(SuitDialog(self.app, card=intent.code, options=options,
                                            hand=rest, keyboard=self.hand.keyboard),
                                 self._suit_answer)
            return True
        wanted = {Command.DRAW: Draw, Command.PASS: Pass}.get(intent) \
            if isinstance(intent, Command) else None
        if wanted is not None:
            action = next((a for a in legal if isinstance(a, wanted)), None)
            if action is not None:
                return self.choose(action)
            self.hand.say(i18n.t("retry.not_now"))
        return False

    def _suit_answer(self, result: tuple[Action, bool] | None) -> None:
        if result is not None:
            self.choose(result[0])

    def choose(self, action: Action) -> bool:
        """The new choice (one of the legal actions): weighed once the verdict is known."""
        if not self.choosing or action not in self.view.legal:
            return False
        self.choice = action
        self._weigh()
        return True

    def give(self, verdict: Verdict | None) -> None:
        """The verdict at this step, as soon as the review has it."""
        if verdict is not None and self.verdict is None:
            self.verdict = verdict
            self._weigh()

    def _weigh(self) -> None:
        verdict, choice = self.verdict, self.choice
        if verdict is None or choice is None or self._started:
            return
        self._started = True
        history = tuple(self.replay.history(self.number, self.seat))
        job = Weigh(self.level, self.view, history, choice, verdict.expert, verdict.played,
                    verdict.cost, f"{self.replay.seed}:retry:{self.number}:{self.seat}")
        weigher, answer, failed = self.weigher, self._answer, self._failed

        def work() -> None:
            try:
                answer.append(weigher(job))
            except Exception:  # never "weighing" for ever: the answer is shown instead
                log.exception("weighing a new choice failed")
                failed.append(True)

        self.run(work)

    def skip(self) -> None:
        self.skipped = True

    # ------------------------------------------------------------ frame

    def handle(self, event: pygame.event.Event) -> bool:
        if self.skipped:
            return False
        for button in self.buttons if self.choosing else self.buttons[:1]:
            if button.handle(event):
                return True
        answer_keys = (pygame.K_ESCAPE, pygame.K_BACKSPACE) if self.choosing else \
            (pygame.K_ESCAPE, pygame.K_BACKSPACE, *PLAY_KEYS)
        if event.type == pygame.KEYDOWN and event.key in answer_keys:
            self.skip()
            return True
        if not self.choosing:
            return False
        if event.type == pygame.KEYDOWN and event.key in REVIEW_KEYS:
            return False  # the review's own: on through the game (Tab moves the focus)
        return self.hand.handle(event)

    def update(self) -> None:
        if self._answer and self.grade is None:
            self.grade = self._answer[0]
        elif self._failed:
            self.skip()
        playable = {a.card for a in self.view.legal if isinstance(a, Play)}
        self.hand.update(playable, self.choosing, self.number)
        for sprite in self.board.model.hands[self.seat]:
            sprite.lift = sprite.lift_target

    def draw(self, surface: pygame.Surface) -> None:
        for button in self.buttons:
            if self.choosing or button is self.buttons[0]:  # then "Show the answer" only
                draw_button(button, surface)


class RetryPart:
    """The review scene's "Find a better move": a retry at each costly choice of the reviewed
    seat (or at the puzzle's step, at once) until it is graded or skipped; ``on_grade`` hears
    each grade (None: skipped)."""

    def __init__(self, app: SceneContext, board: ReviewBoard, replay: Replay,
                 level: Callable[[], ReviewLevel], puzzle: Spot | None = None,
                 on_grade: Callable[[int, Grade | None], None] | None = None) -> None:
        self.app = app
        self.board = board
        self.replay = replay
        self.level = level
        self.puzzle = puzzle
        self.on_grade = on_grade
        self.retry: Retry | None = None
        self.grades: dict[int, Grade | None] = {}  # by step: tried (None: skipped)
        self._plain: tuple[int, int] | None = None  # the step shown last, without a retry

    def go(self, number: int, seat: int, verdict: Verdict | None) -> bool:
        """At step ``number``: whether a retry shows it (the board is then the seat's view)."""
        retry = self.retry
        if retry is not None and retry.number == number and retry.seat == seat:
            retry.give(verdict)
            return True
        self.retry = None
        wanted = (self.puzzle is not None and self.puzzle.number == number
                  and self.puzzle.seat == seat) or worth_retrying(verdict)
        # Tried once: the answer. A verdict that comes while the answer is read does not
        # take it away; coming back to the step asks.
        if not wanted or number in self.grades or number < 1 or self._plain == (number, seat):
            self._plain = (number, seat)
            return False
        self._plain = None
        self.retry = Retry(self.app, self.board, self.replay, number, seat, self.level(),
                           verdict, question=self.replay.note if self.puzzle else None)
        return True

    def update(self) -> bool:
        """A frame; True when the retry just ended (the scene then shows the answer)."""
        retry = self.retry
        if retry is None:
            return False
        retry.update()
        if retry.grade is not None and retry.number not in self.grades:
            self.grades[retry.number] = retry.grade  # kept even if the answer is never asked
            if self.on_grade is not None:
                self.on_grade(retry.number, retry.grade)
        if not retry.skipped:
            return False
        self.retry = None
        self.grades.setdefault(retry.number, None)
        if retry.grade is None and self.on_grade is not None:
            self.on_grade(retry.number, None)
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        return self.retry is not None and self.retry.handle(event)

    def lines(self) -> list[tuple[str, Color]] | None:
        """What the retry says above the hand (None: the review's own lines)."""
        return self.retry.lines() if self.retry is not None else None

    def status(self, number: int) -> tuple[str, Color] | None:
        """With the answer shown, the grade given at ``number`` (in the review's status bar,
        over the round's summary), if any."""
        grade = self.grades.get(number) if self.retry is None else None
        return None if grade is None else (i18n.t(f"retry.{grade.value}"), GRADE_COLOURS[grade])

    def draw(self, surface: pygame.Surface) -> None:
        if self.retry is not None:
            self.retry.draw(surface)
