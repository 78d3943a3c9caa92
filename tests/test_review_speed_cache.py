"""The review's verdicts are kept beside the past games: reopening a review shows them without
judging anything; a changed game or a changed level (its version) is judged afresh; a kept file
that is damaged or a link is never used, and never stops the review."""

from __future__ import annotations

import json
import os
from dataclasses import replace

import pygame
import pytest
import test_ui_review
from test_review_replay import game

from craits.persistence.archive import FOLDER
from craits.review import judging
from craits.review.analysis import ReviewLevel, analyse_round, as_level, choices
from craits.review.cache import ReviewCache, game_key
from craits.review.record import export_record
from craits.review.replay import Replay
from craits.review.thinking import level_profile
from craits.ui.cards.art import CardArt
from craits.ui.review.scene import ReviewScene
from craits.work import inline_job

EXPERT = level_profile("expert")
QUICK = as_level(replace(EXPERT, search=replace(EXPERT.search, iterations=30)))
KINDS = ("human", "medium", "easy")


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((1280, 800))
    test_ui_review.CARD_ART = CardArt()


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    return tmp_path


def busy(replay: Replay) -> int:
    return next(r.index for r in replay.rounds if len(choices(replay, 0, r.index)) >= 3)


def no_runner():
    raise AssertionError("nothing is judged: the verdicts were kept")


def reviewed(replay: Replay, index: int, **kwargs) -> ReviewScene:
    """A review of round ``index`` run until its analysis is done and kept."""
    scene = ReviewScene(test_ui_review.App(), replay, round_index=index, profile=QUICK,
                        make_runner=inline_job, **kwargs)
    for _ in range(500):
        scene.update(0.016)
        if not scene.running:
            break
    assert scene.analysis is not None and scene.analysis.result is not None
    scene.cancel()
    assert scene.cache is not None
    scene.cache.flush()
    return scene


def test_a_reopened_review_shows_the_kept_verdicts_without_judging(home):
    replay = Replay(game(11, KINDS))
    index = busy(replay)
    first = reviewed(replay, index)
    files = list((home / FOLDER).glob("review-*.json"))
    assert len(files) == 1  # beside the past games
    again = ReviewScene(test_ui_review.App(), Replay(game(11, KINDS)), round_index=index,
                        profile=QUICK, make_runner=no_runner)
    assert again.analysis is not None and again.analysis.finished and not again.running
    assert again.analysis.result == first.analysis.result
    assert again.status() == first.status()
    assert again.runner is None


def test_a_record_of_the_same_game_finds_the_same_verdicts(home):
    replay = Replay(game(11, KINDS))
    index = busy(replay)
    reviewed(replay, index)
    record = export_record(replay.save, title="A game", note="Look at round 2", focus=3)
    assert game_key(Replay(record).save) == game_key(replay.save)
    again = ReviewScene(test_ui_review.App(), Replay(record), round_index=index, profile=QUICK,
                        make_runner=no_runner)
    assert again.analysis.finished


def test_a_changed_game_or_level_is_judged_afresh(home, monkeypatch):
    replay = Replay(game(11, KINDS))
    index = busy(replay)
    review = analyse_round(replay, 0, index, QUICK)
    cache = ReviewCache.in_home(home)
    key = game_key(replay.save)
    cache.store(key, QUICK, review)
    assert cache.load(key, QUICK) == {(0, index): review}
    other = Replay(game(12, KINDS))  # another game
    assert game_key(other.save) != key and cache.load(game_key(other.save), QUICK) == {}
    cut = dict(replay.save, actions=replay.save["actions"][:-1])  # one action fewer
    assert game_key(cut) != key
    more = ReviewLevel(QUICK.profile, QUICK.compare_iterations + 1)  # another budget
    assert more.version != QUICK.version and cache.load(key, more) == {}
    stronger = as_level(replace(QUICK.profile, search=replace(QUICK.profile.search,
                                                              catch=0.5)))
    assert stronger.version != QUICK.version and cache.load(key, stronger) == {}
    # Worded otherwise, the level plays the same: its verdicts are kept.
    reworded = as_level(replace(QUICK.profile, description="another text"))
    assert reworded.version == QUICK.version
    before = QUICK.version
    monkeypatch.setattr(judging, "ANALYSIS_VERSION", judging.ANALYSIS_VERSION + 1)
    assert QUICK.version != before and cache.load(key, QUICK) == {}  # judging changed


@pytest.mark.parametrize("content", [
    b"not json", b"[]", b'{"format": "craits-review"}', b"\xff\xfe",
    json.dumps({"format": "craits-review", "version": 1, "game": "x", "level": "y",
                "rounds": []}).encode(),
])
def test_a_damaged_kept_file_is_ignored_and_written_anew(home, content):
    replay = Replay(game(11, KINDS))
    index = busy(replay)
    cache = ReviewCache.in_home(home)
    path = cache.path(game_key(replay.save), QUICK.version)
    assert path is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    assert cache.load(game_key(replay.save), QUICK) == {}
    scene = reviewed(replay, index)
    assert scene.analysis.kept is None  # judged afresh
    assert cache.load(game_key(replay.save), QUICK) == {(0, index): scene.analysis.result}


def test_kept_verdicts_with_a_wrong_field_are_not_used(home):
    replay = Replay(game(11, KINDS))
    index = busy(replay)
    cache = ReviewCache.in_home(home)
    key = game_key(replay.save)
    cache.store(key, QUICK, analyse_round(replay, 0, index, QUICK))
    path = cache.path(key, QUICK.version)
    good = json.loads(path.read_text(encoding="utf-8"))
    for change in ({"cost": float("nan")}, {"played": {"player": 0, "play": "ZZ"}},
                   {"number": -1}, {"estimates": [[{"player": 0, "draw": True}, "x", 1]]},
                   {"played": {"player": 1, "draw": True}}):
        document = json.loads(json.dumps(good))
        document["rounds"][0]["verdicts"][0].update(change)
        path.write_text(json.dumps(document), encoding="utf-8")
        assert cache.load(key, QUICK) == {}, change


@pytest.mark.skipif(os.name == "nt", reason="links need privileges on Windows")
def test_a_kept_file_that_is_a_link_is_never_followed(home, tmp_path_factory):
    replay = Replay(game(11, KINDS))
    index = busy(replay)
    review = analyse_round(replay, 0, index, QUICK)
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    outside = ReviewCache(elsewhere)
    key = game_key(replay.save)
    outside.store(key, QUICK, review)
    target = outside.path(key, QUICK.version)
    before = target.read_bytes()
    cache = ReviewCache.in_home(home)
    link = cache.path(key, QUICK.version)
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(target)
    assert cache.load(key, QUICK) == {}  # not read through the link
    cache.store(key, QUICK, review)
    assert not link.is_symlink() and target.read_bytes() == before  # replaced, not followed
    assert cache.load(key, QUICK) == {(0, index): review}


def test_a_refused_games_folder_keeps_nothing_and_the_review_goes_on(home, tmp_path_factory):
    if os.name == "nt":
        pytest.skip("links need privileges on Windows")
    (home / FOLDER).symlink_to(tmp_path_factory.mktemp("gone") / "missing")
    replay = Replay(game(11, KINDS))
    scene = reviewed(replay, busy(replay))
    assert scene.cache.folder is None and scene.analysis.result is not None
