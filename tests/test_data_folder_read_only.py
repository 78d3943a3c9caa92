"""A data folder that cannot be written (read-only, or owned by another user after one
``sudo craits``) never stops the game: what can be locked is locked, the player is told once
in the window, and plays on. A file the system will not let be read is left where it is and
the player told why; only a file read and found wrong is set aside.

The tests run as root here, and root ignores permissions: a ``chmod 0555`` folder would still
be written. So the folder's refusals are simulated where the game meets them, in the
operating system's calls: ``os.open``/``os.mkdir``/``tempfile.mkstemp`` raise ``EACCES`` for
anything that would create or write inside the folder, and reading raises ``EACCES`` for a
file made unreadable, exactly as they do for a user without the permission.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

import pytest
from app_driver import make_app

from craits import i18n
from craits.persistence import SaveStore, SettingsStore, files
from craits.persistence.archive import GameArchive
from craits.persistence.home_lock import HomeInUse, lock_home
from craits.ui import startup
from craits.ui.dialogs.message import MessageScene
from craits.ui.notices import problem_notice

_WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def denied() -> OSError:
    return PermissionError(errno.EACCES, os.strerror(errno.EACCES))


def inside(path, folder: Path) -> bool:
    try:
        return Path(os.fsdecode(path)).resolve().is_relative_to(folder.resolve())
    except (TypeError, ValueError):
        return False


def read_only(monkeypatch, folder: Path) -> None:
    """``folder`` as a user without write permission meets it (see the module's note)."""
    real_open, real_mkdir, real_mkstemp = os.open, os.mkdir, tempfile.mkstemp

    def fake_open(path, flags, *args, **kwargs):
        if flags & _WRITING and inside(path, folder):
            raise denied()
        return real_open(path, flags, *args, **kwargs)

    def fake_mkdir(path, *args, **kwargs):
        if inside(path, folder) and not Path(path).exists():
            raise denied()
        return real_mkdir(path, *args, **kwargs)

    def fake_mkstemp(*args, dir=None, **kwargs):  # noqa: A002 (mkstemp's own name)
        if dir is not None and inside(dir, folder):
            raise denied()
        return real_mkstemp(*args, dir=dir, **kwargs)

    monkeypatch.setattr(os, "open", fake_open)
    monkeypatch.setattr(os, "mkdir", fake_mkdir)
    monkeypatch.setattr(tempfile, "mkstemp", fake_mkstemp)


def unreadable(monkeypatch, *names: str) -> None:
    """Reading the files ``names`` is refused, as for a file of mode 000."""
    real = files.read_limited

    def fake(path, limit):
        if Path(path).name in names:
            raise denied()
        return real(path, limit)

    for module in ("craits.persistence.files", "craits.persistence.archive",
                   "craits.persistence.saves"):
        monkeypatch.setattr(f"{module}.read_limited", fake, raising=False)


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


def test_a_read_only_folder_is_told_once_in_the_window_and_the_game_plays(tmp_path,
                                                                           monkeypatch):
    (tmp_path / "settings.json").write_text('{"format": "craits-settings", "version": 1, '
                                            '"data": {"volume": 0.5}}', "utf-8")
    opened = []

    class App(startup.App):
        def __init__(self, **kwargs):
            super().__init__(bot_mode="inline", **kwargs)
            opened.append(self)

    monkeypatch.setattr(startup, "App", App)
    monkeypatch.setattr(startup, "setup_logging", lambda home=None: None)  # pytest's own log
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    read_only(monkeypatch, tmp_path)
    code = startup.main(["--seats", "human,easy", "--headless", "--max-seconds", "1"])
    assert code == 0 and len(opened) == 1  # before: 1, and no window at all
    app = opened[0]
    assert app.settings.volume == 0.5  # what could be read was read
    told = [s for s in app.scenes if isinstance(s, MessageScene)]
    assert [m.title for m in told] == [i18n.t("notice.cannot_save_title")]  # once
    assert str(tmp_path) in told[0].body
    assert app.current_table() is not None  # and the game is there to play
    assert not (tmp_path / "save.json").exists()


def test_a_lock_file_that_cannot_be_written_is_still_locked(tmp_path, monkeypatch):
    (tmp_path / "craits.lock").write_bytes(b"")  # left by a copy run as another user
    real_open = os.open

    def fake_open(path, flags, *args, **kwargs):
        if flags & _WRITING and Path(path).name == "craits.lock":
            raise denied()
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", fake_open)
    lock = lock_home(tmp_path)
    try:
        with pytest.raises(HomeInUse):  # one copy at a time, still
            lock_home(tmp_path)
    finally:
        lock.release()


def test_an_unreadable_save_is_left_in_place_and_the_player_told_why(tmp_path, monkeypatch):
    SaveStore(tmp_path).save({"seed": 1})
    before = (tmp_path / "save.json").read_bytes()
    unreadable(monkeypatch, "save.json")
    app = make_app(tmp_path, monkeypatch, language="es")
    try:
        assert not app.continue_game()
        assert (tmp_path / "save.json").read_bytes() == before  # not renamed, not changed
        assert list(tmp_path.glob("save.*.json")) == []
        reason = os.strerror(errno.EACCES)
        assert [str(n) for n in app.notices] == [i18n.t(
            "notice.unreadable", file="save.json", folder=str(tmp_path), reason=reason)]
    finally:
        app.shutdown()


def test_an_unreadable_settings_file_is_kept_before_it_is_ever_replaced(tmp_path,
                                                                        monkeypatch):
    (tmp_path / "settings.json").write_text("the player's own", "utf-8")
    unreadable(monkeypatch, "settings.json")
    app = make_app(tmp_path, monkeypatch)
    try:
        problem = app.files.problems[0]
        assert problem.kind == "unreadable" and problem.kept_as is None
        assert (tmp_path / "settings.json").read_text("utf-8") == "the player's own"
        assert list(tmp_path.glob("settings.*.json")) == []
        app.save_settings()  # the first write keeps the unread file aside, then writes
    finally:
        app.shutdown()
    assert (tmp_path / "settings.unread.json").read_text("utf-8") == "the player's own"
    monkeypatch.undo()  # readable again: what was written is the settings
    assert SettingsStore(tmp_path).load()[1] is None


def test_a_file_read_and_found_wrong_is_still_set_aside(tmp_path):
    (tmp_path / "save.json").write_text("{ not json", "utf-8")
    data, problem = SaveStore(tmp_path).load()
    assert data is None and problem.kind == "damaged" and problem.kept_as == "save.bad.json"


def test_an_unreadable_past_game_is_left_in_place(tmp_path, monkeypatch):
    from test_review_replay import play

    archive = GameArchive(tmp_path)
    path = archive.keep(play(4, ("human", "easy")))
    unreadable(monkeypatch, path.name)
    games, problems = archive.games()
    assert games == [] and [p.kind for p in problems] == ["unreadable"]
    assert path.is_file() and list(archive.folder.glob("*.bad*.json")) == []
    assert str(problem_notice(problems[0])) == i18n.t(
        "notice.unreadable", file=path.name, folder=str(archive.folder),
        reason=os.strerror(errno.EACCES))
    with pytest.raises(ValueError) as raised:
        archive.record(path)
    assert archive.problem(path, raised.value).kind == "unreadable" and path.is_file()


def test_a_folder_that_cannot_be_used_at_all_is_said_in_a_message_box_too(tmp_path,
                                                                           monkeypatch):
    import pygame

    home = tmp_path / "a-file"
    home.write_text("a file where the game's folder should be", "utf-8")
    shown = []
    monkeypatch.setattr(pygame.display, "message_box",
                        lambda title, text, **options: shown.append((title, text)))
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")  # from a desktop menu: a display, no console
    monkeypatch.setattr(startup, "unasked_windowless", lambda: None, raising=False)
    monkeypatch.setenv("CRAITS_HOME", str(home))
    assert startup.main(["--lang", "cs"]) == 1
    assert shown == [(i18n.t("app.title"), i18n.t("notice.cannot_start", folder=str(home),
                                                  reason="not a folder"))]


def test_a_folder_told_unwritable_at_start_is_told_again_only_after_a_write_worked():
    from craits.persistence.save_health import FOLDER, SaveHealth

    health = SaveHealth()
    health.failed(FOLDER, denied())
    assert health.take_notice() == os.strerror(errno.EACCES)
    health.failed("the saved game", denied())  # the same run of failures: not told again
    assert health.take_notice() is None
    health.succeeded("the saved game")  # a write went through: the folder can be written
    health.failed("the saved game", OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
    assert health.take_notice() == os.strerror(errno.ENOSPC)  # a new run, told again
