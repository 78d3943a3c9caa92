"""Puzzles: a record with a note and a focus opens as a puzzle from its seat's view only, and a
game's costliest choices are found in its verdicts."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
import test_ui_review
from test_retry_review import costly
from test_review_replay import play
from test_ui_review import App, key

from craits import i18n
from craits.review import Replay, export_record
from craits.review.analysis import RoundReview
from craits.review.puzzles import THRESHOLD, Grade, record_spot, spots
from craits.ui.cards.art import CardArt
from craits.ui.review.retry import at_once
from craits.ui.review.scene import ReviewScene

QUESTION = "What would you play here?\nThink of the seat on your left."


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
def session():
    return play(3, ("human", "easy", "medium"))


def test_a_record_with_a_note_and_a_focus_opens_as_a_puzzle(session):
    plain = Replay(session)
    number, verdict = costly(plain)
    focus = plain.steps[number].index
    replay = Replay(export_record(session, note=QUESTION, focus=focus))
    spot = record_spot(replay)
    assert spot is not None and (spot.seat, spot.number, spot.focus) == (0, number, focus)
    app = App((960, 600))
    scene = ReviewScene(app, replay, analyse=False)
    app.scenes.push(scene)
    retry = scene.retries.retry
    assert retry is not None and scene.seat == 0
    assert scene.lines()[0][0] == "What would you play here?"  # the note is the question
    for seat, hand in enumerate(scene.board.model.hands):  # only what the seat saw
        assert all((s.code is None) == (seat != 0) for s in hand)
    retry.weigher, retry.run = (lambda job: Grade.AS_GOOD), at_once
    hand = [s.code for s in scene.board.model.hands[0]]
    key(scene, pygame.K_1 + hand.index(verdict.expert.card))
    key(scene, pygame.K_RETURN)
    scene.update(0.016)
    assert scene.retries.retry is retry  # no verdict yet: the choice waits for it
    assert scene.lines()[0][0] == i18n.t("retry.weighing")
    retry.give(verdict)
    scene.update(0.016)
    assert scene.retries.grades == {number: Grade.AS_GOOD}


def test_a_record_without_a_note_or_at_no_choice_carries_no_puzzle(session):
    plain = Replay(session)
    number, _ = costly(plain)
    focus = plain.steps[number].index
    assert record_spot(Replay(export_record(session, focus=focus))) is None
    assert record_spot(Replay(export_record(session, note=QUESTION))) is None
    end = len(session.to_save()["actions"])
    assert record_spot(Replay(export_record(session, note=QUESTION, focus=end))) is None


def test_the_costliest_choices_of_the_seats_asked_for_come_first(session):
    replay = Replay(session)
    number, verdict = costly(replay)
    index = replay.steps[number].index
    reviews = [RoundReview(0, 0, (verdict,)),
               RoundReview(1, 1, (verdict,)),  # another seat's
               RoundReview(2, 0, (replace(verdict, cost=THRESHOLD),  # not above it
                                  replace(verdict, cost=20.0)))]
    found = spots(replay, reviews, [0])
    assert [(s.seat, s.cost) for s in found] == [(0, 20.0), (0, 9.0)]
    assert all(s.focus == index for s in found)
