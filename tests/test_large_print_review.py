"""Large print reaches the round review and game over: their type and buttons grow with it
(both used to draw as in normal print)."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from test_review_replay import play
from test_speech_review import FAST, App

from craits.review import Replay
from craits.ui.review.scene import ReviewScene
from craits.ui.table.game_over import GameOverScene
from craits.ui.widgets.theme import set_look


@pytest.fixture(scope="module")
def finished():
    pygame.init()
    pygame.display.set_mode((1280, 800))
    return play(3, ("human", "easy", "medium"))


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    yield
    set_look()


def scenes(finished, scale: float) -> tuple[ReviewScene, GameOverScene]:
    app = App()
    app.settings = dataclasses.replace(app.settings, large_cards=scale > 1, print_scale=scale)
    set_look(large_print=scale)
    review = ReviewScene(app, Replay(finished), round_index=0, analyse=False,
                         make_runner=FAST["make_runner"])
    over = GameOverScene(app, finished)
    for scene in (review, over):
        scene.draw(pygame.Surface((1280, 800)))  # and nothing breaks at either print
    return review, over


def test_the_review_and_game_over_grow_with_large_print(finished):
    review, over = scenes(finished, 1.0)
    large_review, large_over = scenes(finished, 2.0)
    for button in ("close_button", "next_button", "export_button"):
        assert getattr(large_review, button).text_size > getattr(review, button).text_size
    assert large_over.again_button.rect.height > over.again_button.rect.height
    assert large_over.again_button.rect.width > over.again_button.rect.width
    assert large_over.row_height() > over.row_height()
    # Still inside the window, apart, and below the score table.
    window = pygame.Rect(0, 0, 1280, 800)
    a, m = large_over.again_button.rect, large_over.menu_button.rect
    assert window.contains(a) and window.contains(m) and not a.colliderect(m)
    assert large_over.table_rect.bottom <= min(a.top, m.top)
