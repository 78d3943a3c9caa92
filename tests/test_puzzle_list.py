"""The Puzzles screen: found from the kept games' kept verdicts, listed solved and unsolved,
opened from the statistics screen; playing one from the seat's view and choosing as well as the
expert marks it solved in puzzles.json."""

from __future__ import annotations

import json
from dataclasses import replace

import pygame
import pytest
import test_ui_review
from test_retry_review import costly
from test_review_replay import play
from test_ui_review import App, click, key

from craits import i18n
from craits.persistence.archive import GameArchive
from craits.persistence.puzzles import FILE, PuzzleStore
from craits.review import Replay
from craits.review.analysis import RoundReview, as_level, review_level
from craits.review.cache import ReviewCache, game_key
from craits.review.puzzles import Grade, spots
from craits.review.thinking import level_profile
from craits.ui.cards.art import CardArt
from craits.ui.menus.puzzles import PuzzleSearch, PuzzlesScene
from craits.ui.menus.statistics import StatisticsScene
from craits.ui.review.retry import at_once
from craits.ui.review.scene import ReviewScene
from craits.work import inline_job

EXPERT = level_profile("expert")
# The expert cut to 40 rollouts, its guesses not weighed by the plays: on the never-reviewed
# game below (seed 7) it finds three costly choices to list.
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


def kept_game(home):
    """A finished game in ``games`` with one costly choice in its kept verdicts."""
    session = play(3, ("human", "easy", "medium"))
    GameArchive(home).keep(session)
    replay = Replay(session)
    number, verdict = costly(replay)
    round_index = replay.steps[number].round
    ReviewCache.in_home(home).store(game_key(replay.save), review_level(),
                                    RoundReview(round_index, 0, (verdict,)))
    return replay, number, verdict


def opened(app, scene):
    app.scenes.push(scene)
    scene.search.run()  # the thread's work, here
    scene.update(0.016)
    return scene


def test_puzzles_are_found_listed_and_solved(home):
    replay, number, verdict = kept_game(home)
    app = App((960, 600))
    scene = opened(app, PuzzlesScene(app, search=False, make_pool=None))
    scene._merged = False  # as when the search ran on its thread
    scene.update(0.016)
    assert [p.focus for p in scene.book.puzzles] == [replay.steps[number].index]
    assert len(scene.rows) == 1 and "not solved yet" in scene.rows[0].label
    data = json.loads((home / FILE).read_text())
    assert len(data["data"]["puzzles"]) == 1  # kept at once; no card in it (test_puzzle_store)
    click(scene, scene.rows[0])
    review = app.scenes.top
    assert isinstance(review, ReviewScene) and review.number == number
    retry = review.retries.retry
    assert retry is not None and retry.verdict == verdict  # the kept verdict
    for seat, hand in enumerate(review.board.model.hands):
        assert all((s.code is None) == (seat != 0) for s in hand)
    retry.weigher, retry.run = (lambda job: Grade.AS_GOOD), at_once
    hand = [s.code for s in review.board.model.hands[0]]
    key(review, pygame.K_1 + hand.index(verdict.expert.card))
    key(review, pygame.K_RETURN)
    review.update(0.016)
    book, problem = PuzzleStore(home).load()
    assert problem is None and [p.solved for p in book.puzzles] == [True]
    key(review, pygame.K_ESCAPE)  # the answer
    review.update(0.016)
    assert review.retries.retry is None and app.scenes.top is review
    key(review, pygame.K_ESCAPE)
    assert app.scenes.top is scene and "✓" in scene.rows[0].label


def test_a_miss_leaves_it_unsolved(home):
    _, _, verdict = kept_game(home)
    app = App((960, 600))
    scene = opened(app, PuzzlesScene(app, search=False, make_pool=None))
    scene._merged = False
    scene.update(0.016)
    scene.play(scene.book.puzzles[0])
    review = app.scenes.top
    retry = review.retries.retry
    retry.weigher, retry.run = (lambda job: Grade.NO_BETTER), at_once
    retry.choose(verdict.played)
    review.update(0.016)
    assert review.retries.grades[review.number] is Grade.NO_BETTER
    assert [p.solved for p in PuzzleStore(home).load()[0].puzzles] == [False]


def test_no_kept_game_says_where_puzzles_come_from_and_statistics_lead_there(home):
    app = App((960, 600))
    stats = StatisticsScene(app)
    app.scenes.push(stats)
    click(stats, stats.puzzles_button)
    scene = app.scenes.top
    assert isinstance(scene, PuzzlesScene)
    for _ in range(200):
        scene.update(0.016)
        if scene._merged:
            break
        pygame.time.wait(10)
    assert scene._merged and not scene.rows
    assert i18n.t("puzzle.none") in [w.text for w in scene.region.widgets if hasattr(w, "text")]


def test_rounds_never_reviewed_are_analysed_and_kept(home):
    session = play(7, ("human", "easy", "medium"))
    GameArchive(home).keep(session)
    replay = Replay(session)
    cache = ReviewCache.in_home(home)
    level = as_level(QUICK)
    search = PuzzleSearch(GameArchive(home), cache, inline_job, level)
    search.run()
    assert search.done and search.progress == (1, 1)
    kept = cache.load(game_key(replay.save), level)
    assert sorted(kept) == [(0, r) for r in range(len(replay.rounds))]
    expected = spots(replay, kept.values(), [0])
    assert expected  # the quick level leaves costly choices to find
    assert sorted((p.seat, p.focus) for p in search.found) == \
        sorted((s.seat, s.focus) for s in expected)


def test_leaving_the_list_stops_the_search(home):
    app = App((960, 600))
    stats = StatisticsScene(app)
    app.scenes.push(stats)
    scene = PuzzlesScene(app, search=False, make_pool=None)
    app.scenes.push(scene)
    key(scene, pygame.K_ESCAPE)
    assert app.scenes.top is stats and scene.search.stopped


def test_a_puzzle_opens_from_the_keyboard(home):
    _, number, _ = kept_game(home)
    app = App((960, 600))
    scene = opened(app, PuzzlesScene(app, search=False, make_pool=None))
    scene._merged = False
    scene.update(0.016)
    assert scene.focus.focused is scene.rows[0]  # the first puzzle has the focus
    key(scene, pygame.K_RETURN)
    review = app.scenes.top
    assert isinstance(review, ReviewScene) and review.number == number
    assert review.retries.retry is not None


def test_a_puzzle_file_with_a_cost_too_large_for_a_float_opens_the_screen(home):
    """A whole-number cost of 400 digits once raised OverflowError at every opening."""
    text = json.dumps({"format": "craits-puzzles", "version": 1, "data": {"puzzles": [
        {"file": "game-1.json", "game": "0" * 32, "seat": 0, "focus": 3, "cost": 10 ** 400,
         "solved": False}]}})
    (home / FILE).write_text(text)
    app = App((960, 600))
    scene = opened(app, PuzzlesScene(app, search=False, make_pool=None))
    told = app.scenes.top  # the notice, over the list
    assert scene.book.puzzles == [] and told is not scene
    assert told.body == i18n.t("notice.entries_kept", file=FILE, path=str(home / "puzzles.bad.json"))
    assert (home / "puzzles.bad.json").read_text() == text  # the file as it was, kept
    assert PuzzleStore(home).load()[1] is None  # and said once
