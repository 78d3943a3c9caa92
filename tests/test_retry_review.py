""""Find a better move": the grade of a new choice on constructed comparisons, the weighing on
the same guesses, and the review hiding every hand but the seat's until the answer."""

from __future__ import annotations

import math
from dataclasses import replace

import pygame
import pytest
import test_ui_review
from test_review_replay import play
from test_ui_review import App, key, shown

from craits import i18n
from craits.engine import Play
from craits.review import Replay
from craits.review.analysis import RoundReview, Verdict, as_level, choices
from craits.review.cache import ReviewCache
from craits.review.puzzles import THRESHOLD, Grade, Weigh, Weighing, grade, spread_error
from craits.review.thinking import level_profile
from craits.ui.cards.art import CardArt
from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.review.retry import at_once
from craits.ui.review.scene import ReviewScene

EXPERT = level_profile("expert")
# A cut expert; its guesses unweighed by the plays (a weighed pool at every decision would
# be most of a cut search's time).
QUICK = replace(EXPERT, search=replace(EXPERT.search, iterations=40, choices=0.0))


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((960, 600))
    test_ui_review.CARD_ART = CardArt()
    yield


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    i18n.set_language("en")
    yield tmp_path


@pytest.fixture(scope="module")
def replay():
    return Replay(play(3, ("human", "easy", "medium")))


def test_grades_on_constructed_comparisons():
    # played cost 8; the error 1 point either way
    assert grade(Weighing(0.5, 1.0), 8.0) is Grade.AS_GOOD
    assert grade(Weighing(-2.0, 1.0), 8.0) is Grade.AS_GOOD
    assert grade(Weighing(1.5, 1.0), 8.0) is Grade.BETTER
    assert grade(Weighing(6.5, 1.0), 8.0) is Grade.BETTER
    assert grade(Weighing(7.5, 1.0), 8.0) is Grade.NO_BETTER
    assert grade(Weighing(9.0, 1.0), 8.0) is Grade.NO_BETTER
    # a wide error makes a close call as good; the same moves decide without weighing
    assert grade(Weighing(3.0, 4.0), 8.0) is Grade.AS_GOOD
    assert grade(Weighing(9.0, 0.1), 8.0, same_as_expert=True) is Grade.AS_GOOD
    assert grade(Weighing(0.0, 0.1), 8.0, same_as_played=True) is Grade.NO_BETTER


def test_error_is_the_spread_of_the_batches():
    assert spread_error([2.0, 2.0, 2.0]) == 0.0
    assert spread_error([1.0, 3.0]) == pytest.approx(2.0)  # 2 standard errors: 2 * 1
    assert math.isinf(spread_error([1.0]))


def costly(replay: Replay, seat: int = 0) -> tuple[int, Verdict]:
    """A choice of ``seat`` between plain cards only, given a made-up costly verdict (the
    expert's move: the other card)."""
    for round_index in range(len(replay.rounds)):
        for number in choices(replay, seat, round_index):
            view = replay.view_before(number, seat)
            if all(isinstance(a, Play) and a.suit is None for a in view.legal):
                played = replay.steps[number].action
                expert = next(a for a in view.legal if a != played)
                return number, Verdict(number, seat, played, expert, 9.0, 4.0, -5.0, (),
                                       view.crank, view.top)
    raise AssertionError("no choice between plain cards")


class Kept(ReviewCache):
    def __init__(self, reviews) -> None:
        super().__init__(None)
        self.reviews = reviews

    def load(self, game, level):
        return dict(self.reviews)


def scene_at(replay: Replay, number: int, verdict: Verdict, size=(960, 600)) -> ReviewScene:
    round_index = replay.steps[number].round
    cache = Kept({(0, round_index): RoundReview(round_index, 0, (verdict,))})
    app = App(size)
    scene = ReviewScene(app, replay, seat=0, number=number, profile=QUICK, analyse=True,
                        cache=cache, make_runner=lambda: None)
    app.scenes.push(scene)
    return scene


def test_a_costly_choice_is_tried_again_from_the_seats_view_only(replay):
    number, verdict = costly(replay)
    assert verdict.cost > THRESHOLD
    scene = scene_at(replay, number, verdict)
    retry = scene.retries.retry
    assert retry is not None and retry.number == number
    view = replay.view_before(number, 0)
    m = scene.board.model
    for seat, hand in enumerate(m.hands):
        if seat == 0:
            assert sorted(s.code for s in hand) == sorted(view.hand)
            assert all(s.face_up for s in hand)
        else:  # no hidden card reaches the screen's model
            assert len(hand) == view.hand_counts[seat]
            assert all(s.code is None and not s.face_up for s in hand)
    assert not m.revealed
    assert "Find a better move" in scene.lines()[0][0]
    retry.weigher, retry.run = (lambda job: Grade.BETTER), at_once
    hand = [s.code for s in m.hands[0]]
    key(scene, pygame.K_1 + hand.index(verdict.expert.card))  # as at the table: its number
    key(scene, pygame.K_RETURN)
    assert retry.choice == verdict.expert
    scene.update(0.016)
    assert scene.retries.grades[number] is Grade.BETTER
    assert scene.lines()[0][0] == i18n.t("retry.better")  # said before the answer
    assert all(s.code is None for s in m.hands[1])
    key(scene, pygame.K_RETURN)
    scene.update(0.016)
    assert scene.retries.retry is None
    assert scene.status()[0] == i18n.t("retry.better")  # and kept beside it
    assert shown(scene)["faces"]  # the answer: every hand face up again


def test_skipping_shows_the_answer_and_no_grade(replay):
    number, verdict = costly(replay)
    scene = scene_at(replay, number, verdict)
    assert scene.retries.retry is not None
    key(scene, pygame.K_ESCAPE)
    scene.update(0.016)
    assert scene.retries.retry is None and scene.retries.grades[number] is None
    assert shown(scene)["faces"]
    key(scene, pygame.K_LEFT)  # the review's keys are its own again
    key(scene, pygame.K_RIGHT)
    assert scene.number == number and scene.retries.retry is None  # tried: not asked again


def test_the_arrows_step_the_review_away_and_back_asks_again(replay):
    number, verdict = costly(replay)
    scene = scene_at(replay, number, verdict)
    key(scene, pygame.K_RIGHT)
    assert scene.number == number + 1 and scene.retries.retry is None
    assert shown(scene)["faces"]
    key(scene, pygame.K_LEFT)
    assert scene.number == number and scene.retries.retry is not None
    assert all(s.code is None for s in scene.board.model.hands[1])


def test_a_cheap_choice_shows_the_answer_at_once(replay):
    number, verdict = costly(replay)
    scene = scene_at(replay, number, replace(verdict, cost=THRESHOLD - 0.5))
    assert scene.retries.retry is None and shown(scene)["faces"]


def test_weighing_uses_compare_on_the_same_guesses(replay):
    number, verdict = costly(replay)
    view = replay.view_before(number, 0)
    history = tuple(replay.history(number, 0))
    level = as_level(QUICK)

    def job(choice):
        return Weigh(level, view, history, choice, verdict.expert, verdict.played,
                     verdict.cost, "seed", rollouts=64)

    assert job(verdict.expert)() is Grade.AS_GOOD
    assert job(verdict.played)() is Grade.NO_BETTER
    weighing = job(verdict.played).weighing()  # the played card against the other
    assert math.isfinite(weighing.gap) and 0 < weighing.error < math.inf
    assert job(verdict.played).weighing() == weighing  # the seed decides
    assert job(verdict.expert).weighing() == Weighing(0.0, 0.0)


def press_card(scene: ReviewScene, code: int) -> None:
    """A click on the card's visible left edge (the cards to its right overlap the rest)."""
    m = scene.board.model
    index = [s.code for s in m.hands[0]].index(code)
    slot = m.slots_for(0)[index]
    sprite = m.hands[0][index]
    pos = (round(slot.x - m.layout.card[0] / 2 + 4), round(slot.y - sprite.lift))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle(pygame.event.Event(kind, button=1, pos=pos))


def test_a_card_is_chosen_with_the_mouse(replay):
    number, verdict = costly(replay)
    scene = scene_at(replay, number, verdict)
    retry = scene.retries.retry
    retry.weigher, retry.run = (lambda job: Grade.NO_BETTER), at_once
    scene.update(0.016)
    press_card(scene, verdict.played.card)
    assert retry.choice == verdict.played
    scene.update(0.016)
    assert scene.retries.grades[number] is Grade.NO_BETTER
    assert scene.lines()[0][0] == i18n.t("retry.no_better")
    key(scene, pygame.K_ESCAPE)
    scene.update(0.016)
    assert scene.status()[0] == i18n.t("retry.no_better")
    assert scene.lines() == scene.board.lines(verdict)  # the answer


def test_an_eight_asks_its_suit_as_at_the_table(replay):
    for round_index in range(len(replay.rounds)):
        eights = [n for n in choices(replay, 0, round_index)
                  if sum(isinstance(a, Play) and a.suit is not None
                         for a in replay.view_before(n, 0).legal) >= 4]
        if eights:
            break
    number = eights[0]
    view = replay.view_before(number, 0)
    played = replay.steps[number].action
    expert = next(a for a in view.legal if a != played)
    verdict = Verdict(number, 0, played, expert, 12.0, 6.0, -6.0, (), view.crank, view.top)
    scene = scene_at(replay, number, verdict)
    retry = scene.retries.retry
    retry.weigher, retry.run = (lambda job: Grade.AS_GOOD), at_once
    eight = next(a for a in view.legal if isinstance(a, Play) and a.suit is not None)
    hand = [s.code for s in scene.board.model.hands[0]]
    key(scene, pygame.K_1 + hand.index(eight.card))
    key(scene, pygame.K_RETURN)
    dialog = scene.app.scenes.top
    assert isinstance(dialog, SuitDialog) and retry.choice is None
    key(dialog, pygame.K_2)
    key(dialog, pygame.K_RETURN)
    assert scene.app.scenes.top is scene
    assert retry.choice == dialog.options[1] and retry.choice.card == eight.card


def test_a_weighing_that_fails_shows_the_answer(replay):
    number, verdict = costly(replay)
    scene = scene_at(replay, number, verdict)
    retry = scene.retries.retry

    def broken(job):
        raise RuntimeError("no")

    retry.weigher, retry.run = broken, at_once
    retry.choose(verdict.expert)
    scene.update(0.016)
    assert scene.retries.retry is None and shown(scene)["faces"]


def test_a_verdict_that_comes_while_the_answer_is_read_does_not_hide_it(replay):
    number, verdict = costly(replay)
    app = App((960, 600))
    scene = ReviewScene(app, replay, seat=0, number=number, profile=QUICK, analyse=False)
    app.scenes.push(scene)
    assert scene.retries.retry is None and shown(scene)["faces"]
    scene.retries.go(number, 0, verdict)  # judged now, at the step shown
    assert scene.retries.retry is None
    scene.retries.go(number + 1, 0, None)  # away and back: now it asks
    assert scene.retries.go(number, 0, verdict) and scene.retries.retry is not None
