"""Links in the data folder. A ``games`` folder that is a link to a folder of the player's own
(moved to another disk and linked back) is used; a link elsewhere is refused with a notice; in
no case does it stop the game from being saved. The lock file, the log file and the ``logs``
folder are never reached through a link, as the saves, settings and statistics are not."""

from __future__ import annotations

import json
import logging
import os

import pytest
from app_driver import FRAME, make_app, raise_errors, short_rules
from test_review_replay import play

from craits import i18n
from craits.persistence import SaveStore, Statistics
from craits.persistence.archive import FolderRefused, GameArchive
from craits.persistence.home_lock import HomeInUse, lock_home
from craits.persistence.keeping import MatchKeeper
from craits.ui.crash_log import write_crash_log
from craits.ui.notices import problem_notice
from craits.ui.startup import setup_logging

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt",
                                reason="links as POSIX makes them")


class Writer:
    def submit(self, data):
        pass

    def flush(self):
        pass


def linked_games(tmp_path, owner: int | None = None):
    home, moved = tmp_path / "home", tmp_path / "other-disk" / "games"
    home.mkdir()
    moved.mkdir(parents=True)
    if owner is not None:
        os.chown(moved, owner, -1)
    (home / "games").symlink_to(moved, target_is_directory=True)
    return home, moved


def test_a_games_folder_linked_to_a_folder_of_ones_own_is_used(tmp_path, monkeypatch):
    home, moved = linked_games(tmp_path)
    app = make_app(home, monkeypatch)
    raise_errors(app)
    try:
        app.new_game(app.seats_for(["human", "easy"]), short_rules(), 3)
        app.step(FRAME)
        app.autosaver.flush()
        assert SaveStore(home).load()[0] is not None  # saving works with the link there
        session = play(4, ("human", "easy"))
        app.matches.keeper.match_over(session)
    finally:
        app.shutdown()
    kept = list(moved.glob("game-*.json"))
    assert len(kept) == 1 and json.loads(kept[0].read_text("utf-8"))["format"] == "craits-game"
    games, problems = GameArchive(home).games()
    assert problems == [] and len(games) == 1


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0,
                    reason="giving a folder to another user needs root")
def test_a_games_link_to_someone_elses_folder_is_refused_and_the_game_still_saved(
        tmp_path, monkeypatch):
    home, moved = linked_games(tmp_path, owner=65534)  # nobody's
    app = make_app(home, monkeypatch)  # before: the link stopped the app (UnsafePathError)
    raise_errors(app)
    try:
        app.new_game(app.seats_for(["human", "easy"]), short_rules(), 3)
        app.step(FRAME)
        app.autosaver.flush()
        assert SaveStore(home).load()[0] is not None and app.autosaver.health.failures == 0
    finally:
        app.shutdown()
    archive = GameArchive(home)
    assert archive.refused is not None
    with pytest.raises(FolderRefused):
        archive.keep(play(4, ("human", "easy")))
    assert list(moved.iterdir()) == []  # nothing written through the link
    games, problems = archive.games()
    assert games == [] and [p.kind for p in problems] == ["refused"]
    assert str(problem_notice(problems[0])) == i18n.t(
        "notice.games_link_refused", file="games", folder=str(home))
    assert archive.games()[1] == []  # told once


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0,
                    reason="giving a folder to another user needs root")
def test_a_refused_games_folder_never_keeps_the_game_from_ending(tmp_path):
    home, _ = linked_games(tmp_path, owner=65534)
    saves, stats = SaveStore(home), Statistics()
    session = play(4, ("human", "easy"))
    saves.save(session.to_save())
    keeper = MatchKeeper(saves, Writer(), lambda: stats, lambda: True)
    keeper.match_over(session)
    assert stats.games["overall"].played == 1 and not saves.exists()


@pytest.mark.parametrize("target", ["a file", "nothing"])
def test_a_games_link_to_a_file_or_nowhere_is_refused(tmp_path, target):
    home = tmp_path / "home"
    home.mkdir()
    outside = tmp_path / "outside"
    if target == "a file":
        outside.write_text("theirs", "utf-8")
    (home / "games").symlink_to(outside)
    archive = GameArchive(home)
    assert archive.refused is not None
    with pytest.raises(FolderRefused):
        archive.keep(play(4, ("human", "easy")))
    assert outside.read_text("utf-8") == "theirs" if target == "a file" else not outside.exists()


def test_a_lock_file_that_is_a_link_is_not_followed(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    elsewhere = tmp_path / "elsewhere.lock"
    (home / "craits.lock").symlink_to(elsewhere)
    lock = lock_home(home)
    try:
        assert not elsewhere.exists()  # no file made outside the folder
        assert (home / "craits.lock").is_file() and not (home / "craits.lock").is_symlink()
        assert (home / "craits.link.lock").is_symlink()  # the link, kept aside
        with pytest.raises(HomeInUse):
            lock_home(home)
    finally:
        lock.release()


@pytest.fixture
def no_new_log_handlers():
    """The test's own log file: a log file an earlier test set up (once a process) is put
    aside for it, and given back after."""
    root = logging.getLogger()
    before = list(root.handlers)
    for handler in before:
        if type(handler).__name__ == "_LogFile":
            root.removeHandler(handler)
    yield
    for handler in root.handlers[:]:
        if handler not in before:
            root.removeHandler(handler)
            handler.close()
    for handler in before:
        if handler not in root.handlers:
            root.addHandler(handler)


def test_a_logs_folder_that_is_a_link_is_not_used(tmp_path, no_new_log_handlers):
    home, outside = tmp_path / "home", tmp_path / "outside"
    home.mkdir()
    outside.mkdir()
    (home / "logs").symlink_to(outside, target_is_directory=True)
    assert setup_logging(home) is None
    logging.getLogger("craits.app").warning("a line that must not go through the link")
    assert write_crash_log(home, RuntimeError("nor this")) is None
    assert list(outside.iterdir()) == []


def test_a_log_file_that_is_a_link_gets_nothing_appended(tmp_path, no_new_log_handlers):
    home, outside = tmp_path / "home", tmp_path / "theirs.txt"
    (home / "logs").mkdir(parents=True)
    outside.write_text("theirs\n", "utf-8")
    (home / "logs" / "craits.log").symlink_to(outside)
    assert setup_logging(home) is None
    logging.getLogger("craits.app").warning("a line that must not go through the link")
    assert outside.read_text("utf-8") == "theirs\n"


def test_the_log_file_of_the_folder_is_written(tmp_path, no_new_log_handlers):
    home = tmp_path / "home"
    home.mkdir()
    path = setup_logging(home)
    assert path == home / "logs" / "craits.log"
    logging.getLogger("craits.app").warning("written here")
    for handler in logging.getLogger().handlers:
        handler.flush()
    assert "written here" in path.read_text("utf-8")
