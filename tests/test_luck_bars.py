"""Luck against choices on screen: the bars draw in every language at the smallest and a large
window, luck and cost go to their sides of zero with their numbers, the review shows and hides
them (button and L), and the game-over screen has the whole game's line only once reviewed."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pygame
import pytest
import test_ui_review
from test_review_replay import play
from test_ui_review import App, key

from craits import i18n
from craits.review import Replay
from craits.review.analysis import analyse_rounds, as_level
from craits.review.cache import ReviewCache, game_key
from craits.review.luck import Split, game_split, game_total, round_split
from craits.review.thinking import level_profile
from craits.ui.cards.art import CardArt
from craits.ui.review import luck_bars
from craits.ui.review.luck_bars import LuckBars, LuckRow, signed
from craits.ui.review.scene import ReviewScene
from craits.ui.table.game_over import GameOverScene, game_line, luck_of
from craits.ui.widgets import Theme
from craits.work import inline_job

EXPERT = level_profile("expert")
# A cut expert; its guesses unweighed by the plays (a weighed pool at every decision would
# be most of a cut search's time).
QUICK = replace(EXPERT, search=replace(EXPERT.search, iterations=20, choices=0.0))
SIZES = ((960, 600), (1600, 1000))
# In the player's favour: round 1's cards helped by 30, its choices cost 12 and the others'
# choices gave it 8; round 2's cards went against them by 25.
ROWS = [LuckRow(0, Split(0.0, 30.0, -12.0, 26.0, 8.0)),
        LuckRow(1, Split(0.0, -25.0, 0.0, -25.0)), LuckRow(2, None)]


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((1280, 800))
    test_ui_review.CARD_ART = CardArt()
    yield


@pytest.fixture(autouse=True)
def english(tmp_path, monkeypatch):
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    i18n.set_language("en")
    yield tmp_path
    i18n.set_language("en")


@pytest.fixture(scope="module")
def session():
    return play(3, ("human", "easy", "medium"))


def colour_columns(surface: pygame.Surface, rect: pygame.Rect, colour) -> list[int]:
    """The x of every pixel of ``colour`` in ``rect``."""
    return [x for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
            if surface.get_at((x, y))[:3] == colour]


def test_signed_numbers_say_their_sign():
    assert [signed(x) for x in (12.4, -7.0, 0.2, 0.0)] == ["+12", "−7", "0", "0"]


@pytest.mark.parametrize("language", [code for code, _ in i18n.available_languages()])
def test_the_bars_draw_in_every_language_at_both_sizes(language):
    i18n.set_language(language)
    for size in SIZES:
        surface = pygame.Surface(size)
        rect = pygame.Rect(40, 60, size[0] - 300, size[1] - 160)
        LuckBars(Theme.for_size(size).px).draw(surface, rect, ROWS)
        # Good is to the right: luck in blue right of zero in round 1 (it helped), left in
        # round 2; the choices' cost in orange, left of zero; the others' choices in grey,
        # right of it (they helped); nothing outside the panel.
        luck = colour_columns(surface, rect, luck_bars.LUCK)
        cost = colour_columns(surface, rect, luck_bars.COST)
        others = colour_columns(surface, rect, luck_bars.OTHERS)
        assert luck and cost and others
        zero = max(cost) + 1
        assert min(luck) < zero < max(luck)
        assert min(others) >= zero - 1
        outside = surface.copy()
        outside.fill((0, 0, 0), rect)
        assert pygame.mask.from_threshold(outside, (0, 0, 0), (1, 1, 1, 255)).count() == \
            size[0] * size[1]


def test_the_game_row_waits_for_every_round():
    drawn = []
    bars = LuckBars(Theme.for_size(SIZES[0]).px)
    bars._row = lambda surface, label, split, *rest: drawn.append((label, split))  # type: ignore
    surface = pygame.Surface(SIZES[0])
    bars.draw(surface, pygame.Rect(0, 0, 700, 500), ROWS)
    assert drawn[-1] == ("Game", None)  # round 3 is not in yet
    drawn.clear()
    bars.draw(surface, pygame.Rect(0, 0, 700, 500), ROWS[:2])
    assert drawn[-1] == ("Game", Split(0.0, 5.0, -12.0, 1.0, 8.0))


def test_the_rows_are_the_rounds_split_as_far_as_judged(session):
    replay = Replay(session)
    (review,) = analyse_rounds(replay, 0, [1], QUICK)
    rows = luck_bars.luck_rows(len(replay.rounds), lambda r: review if r == 1 else None,
                               lambda r: replay.rounds[r].scores)
    assert [r.split is None for r in rows] == [i != 1 for i in range(len(replay.rounds))]
    assert rows[1].split == round_split(review, replay.rounds[1].scores).shown()


def test_the_review_shows_and_hides_the_bars_with_l_and_its_button(session):
    replay = Replay(session)
    for size in SIZES:
        app = App(size)
        scene = ReviewScene(app, replay, round_index=0, profile=QUICK, make_runner=inline_job)
        app.scenes.push(scene)
        for _ in range(400):
            scene.update(0.03)
            if scene.analysis is not None and scene.analysis.finished:
                break
        rows = scene._luck_rows()
        assert rows[0].split is not None  # the round shown, judged
        hidden = pygame.Surface(size)
        scene.draw(hidden)
        key(scene, pygame.K_l)
        assert scene.luck.shown
        shown = pygame.Surface(size)
        scene.draw(shown)
        assert pygame.image.tobytes(hidden, "RGB") != pygame.image.tobytes(shown, "RGB")
        assert scene.luck.rect.colliderect(pygame.Rect((0, 0), size).inflate(-2, -2))
        assert not scene.luck.rect.colliderect(scene.luck.button.rect)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            scene.handle(pygame.event.Event(kind, button=1, pos=scene.luck.button.rect.center))
        assert not scene.luck.shown
        scene.cancel()


def game_over_app(size):
    return SimpleNamespace(size=size, card_art=test_ui_review.CARD_ART,
                           audio=SimpleNamespace(play=lambda name: None),
                           settings=SimpleNamespace(card_style="classic"))


def test_game_over_says_the_games_luck_only_once_every_round_is_reviewed(session, english):
    replay = Replay(session)
    cache = ReviewCache.in_home(english)
    level = as_level(QUICK)
    scores = session.match.history
    assert luck_of(session, cache) is None  # not reviewed: nothing is said, nothing computed
    reviews = analyse_rounds(replay, 0, range(len(replay.rounds)), level)
    for review in reviews[:-1]:
        cache.store(game_key(replay.save), level, review)
    assert game_total(session.to_save(), 0, scores, cache, level) is None  # one round missing
    cache.store(game_key(replay.save), level, reviews[-1])
    total = game_total(session.to_save(), 0, scores, cache, level)
    expected = game_split([round_split(r, s) for r, s in zip(reviews, scores, strict=True)], 0)
    assert total == expected
    assert total.expected + total.luck + total.cost + total.others == total.result
    # Good is positive: the result is the opponents' mean minus the player's own points, and
    # choices can only take away.
    mine = sum(s[0] for s in scores)
    theirs = sum(sum(s[1:]) / (len(s) - 1) for s in scores)
    # (each round rounded to whole points)
    assert abs(total.result - (theirs - mine)) <= len(scores) / 2
    assert (total.result > 0) == (mine < theirs)
    assert total.cost <= 0
    line = game_line(total)
    assert signed(total.luck) in line and signed(total.cost) in line
    assert "opponents' average" in line and "table" not in line
    for language, _ in i18n.available_languages():
        i18n.set_language(language)
        for size in SIZES:
            scene = GameOverScene(game_over_app(size), session)  # type: ignore[arg-type]
            scene.luck = total
            plain = pygame.Surface(size)
            scene.animate = False
            scene.draw(plain)
            scene.luck = None
            without = pygame.Surface(size)
            scene.draw(without)
            assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(without, "RGB")

