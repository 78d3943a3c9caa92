"""The review's log beside the table is the last steps fed from the position before them, so a
step of a long round shows at once; it reads exactly as the whole round fed from its deal."""

from __future__ import annotations

import pygame
import pytest
from test_review_replay import game

from craits import i18n
from craits.review.replay import Replay
from craits.ui.cards.art import CardArt
from craits.ui.review import board as board_module
from craits.ui.review.board import LOG_LINES, ReviewBoard
from craits.ui.tabletop.choreographer import Choreographer
from craits.ui.tabletop.model import TableModel


@pytest.fixture(scope="module")
def art():
    pygame.init()
    pygame.display.set_mode((1280, 800))
    return CardArt()


def whole_round_log(board: ReviewBoard, number: int) -> list[str]:
    """The log as the whole round up to ``number`` gives it, fed from the deal."""
    replay = board.replay
    scratch = TableModel(replay.n_players, board.model.layout.size, board.seat, board.seat)
    chor = Choreographer(scratch, board.names, speed="instant", viewer=board.seat)
    for step in replay.round_of(number).steps:
        if step.number > number:
            break
        chor.feed(step.events)
    chor.finish()
    return [text for _, text in chor.log.recent(board.seat, LOG_LINES)]


@pytest.mark.parametrize(("seed", "kinds", "seat"), [
    (11, ("human", "medium", "easy"), 0), (4, ("human", "easy", "medium", "easy"), 2),
    (6, ("human", "medium"), 1),
])
def test_the_log_of_every_step_reads_as_the_whole_round_fed_from_its_deal(art, monkeypatch,
                                                                          seed, kinds, seat):
    i18n.set_language("en")
    monkeypatch.setattr(board_module, "WINDOW", 16)  # windows well inside the rounds
    replay = Replay(game(seed, kinds))
    board = ReviewBoard(replay, seat, (1280, 800), art)
    windowed = 0
    for step in replay.steps[::2]:
        board.show(step.number)
        assert [text for _, text in board.log()] == whole_round_log(board, step.number)
        windowed += step.number - replay.round_of(step.number).first >= 16
    assert windowed > 50  # most steps were fed from a position, not from the deal


def test_a_step_deep_in_a_long_round_feeds_the_log_only_its_last_steps(art, monkeypatch):
    from test_review_speed_long import long_replay

    replay = long_replay()
    fed = []
    feed = Choreographer.feed
    monkeypatch.setattr(Choreographer, "feed", lambda self, events: (fed.append(events),
                                                                     feed(self, events)))
    board = ReviewBoard(replay, 0, (1280, 800), art)
    number = len(replay.steps) - 10
    board.show(number)
    lines = board.log()
    assert len(lines) == LOG_LINES
    assert len(fed) <= board_module.WINDOW  # not the thousands of steps before
    assert lines[-1][1] == whole_round_log(board, number)[-1]
