"""No file in the player's folder can stop the game from starting: deeply nested settings or
statistics, a save, settings or statistics file that is a link (or a pipe) are kept aside, the
player is told, and the game starts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from app_driver import make_app, raise_errors

from craits import i18n
from craits.persistence import SaveStore, SettingsStore, Statistics

ROOT = Path(__file__).resolve().parents[1]
KINDS = {"settings.json": "craits-settings", "stats.json": "craits-stats",
         "save.json": "craits-save"}


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


def run_craits(args: list[str], home: Path, timeout: float = 60):
    env = {**os.environ, "CRAITS_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run([sys.executable, "-m", "craits", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def nested(name: str, depth: int, inside: str | None = None) -> str:
    deep = "[" * depth + "]" * depth
    data = deep if inside is None else "{" + f'"{inside}": {deep}' + "}"
    return f'{{"format": "{KINDS[name]}", "version": 1, "data": {data}}}'


@pytest.mark.parametrize("name", ["settings.json", "stats.json"])
def test_a_deeply_nested_file_is_kept_aside_and_the_game_starts(tmp_path, monkeypatch, name):
    text = nested(name, 100_000)
    (tmp_path / name).write_text(text, encoding="utf-8")
    app = make_app(tmp_path, monkeypatch)
    raise_errors(app)
    try:
        kept = tmp_path / name.replace(".json", ".bad.json")
        assert kept.read_text("utf-8") == text
        key = "notice.settings_damaged" if name == "settings.json" else "notice.stats_damaged"
        assert [str(n) for n in app.notices] == [i18n.t(key, path=str(kept))]
        assert app.statistics.to_dict() == Statistics().to_dict()
    finally:
        app.shutdown()


@pytest.mark.parametrize(("name", "field"), [("settings.json", "volume"),
                                             ("settings.json", "window_size"),
                                             ("stats.json", "games"),
                                             ("stats.json", "longest_crank")])
def test_a_deeply_nested_field_costs_only_that_field(tmp_path, monkeypatch, name, field):
    (tmp_path / name).write_text(nested(name, 900, field), encoding="utf-8")
    app = make_app(tmp_path, monkeypatch)
    raise_errors(app)
    try:
        assert len(app.notices) == 1
        assert len(str(app.notices[0])) < 2000  # the nested value is not echoed in full
    finally:
        app.shutdown()


@pytest.mark.skipif(sys.platform == "win32", reason="links need privileges on Windows")
@pytest.mark.parametrize("name", ["save.json", "settings.json", "stats.json"])
def test_a_linked_file_is_kept_aside_and_never_followed(tmp_path, name):
    home = tmp_path / "home"
    home.mkdir()
    outside = tmp_path / "outside.json"
    theirs = '{"format": "' + KINDS[name] + '", "version": 1, "data": {}}'
    outside.write_text(theirs, "utf-8")
    (home / name).symlink_to(outside)
    result = run_craits(["--resume", "--headless", "--max-seconds", "0.5"], home)
    assert "Traceback" not in result.stderr
    assert result.returncode == 0, result.stderr
    kept = home / name.replace(".json", ".bad.json")
    assert kept.is_symlink() and kept.resolve() == outside.resolve()
    # What was written went into the folder; the file the link pointed at is untouched.
    assert outside.read_text("utf-8") == theirs
    assert not (home / name).is_symlink()


@pytest.mark.skipif(sys.platform == "win32", reason="links need privileges on Windows")
def test_the_stores_write_over_a_link_never_through_it(tmp_path):
    outside = tmp_path / "outside.json"
    outside.write_text("theirs", "utf-8")
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").symlink_to(outside)
    store = SettingsStore(home)
    settings, problem = store.load()
    assert problem is not None and problem.kept_as == "settings.bad.json"
    store.save(settings)
    (home / "save.json").symlink_to(outside)
    SaveStore(home).save({"seed": 1})
    assert outside.read_text("utf-8") == "theirs"
    assert not (home / "settings.json").is_symlink() and not (home / "save.json").is_symlink()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("name", ["save.json", "settings.json", "stats.json"])
def test_a_pipe_in_place_of_a_file_is_kept_aside_not_waited_on(tmp_path, name):
    os.mkfifo(tmp_path / name)
    result = run_craits(["--resume", "--headless", "--max-seconds", "0.5"], tmp_path, 30)
    assert "Traceback" not in result.stderr and result.returncode == 0, result.stderr
    assert (tmp_path / name.replace(".json", ".bad.json")).exists()


def test_an_unforeseen_error_while_reading_still_starts_the_game(tmp_path, monkeypatch):
    from craits.persistence import statistics

    (tmp_path / "stats.json").write_text('{"format": "craits-stats", "version": 1, "data": {}}',
                                         "utf-8")

    def explode(_data):
        raise RuntimeError("unforeseen")

    monkeypatch.setattr(statistics.Statistics, "from_dict", classmethod(
        lambda cls, data: explode(data)))
    app = make_app(tmp_path, monkeypatch)
    try:
        assert (tmp_path / "stats.bad.json").is_file()
        assert [str(n) for n in app.notices] == [
            i18n.t("notice.stats_damaged", path=str(tmp_path / "stats.bad.json"))]
    finally:
        app.shutdown()


def test_the_notice_says_in_which_folder_the_kept_file_is(tmp_path, monkeypatch):
    (tmp_path / "settings.json").write_text("not json", "utf-8")
    app = make_app(tmp_path, monkeypatch, language="cs")
    try:
        assert str(tmp_path / "settings.bad.json") in str(app.notices[0])
    finally:
        app.shutdown()


@pytest.mark.skipif(os.name == "nt", reason="file names are text there")
def test_a_home_path_that_is_not_utf8_can_still_be_shown(tmp_path, monkeypatch):
    from craits.ui.dialogs.message import MessageScene

    home = os.fsencode(tmp_path) + b"/caf\xe9-\xff"
    os.mkdir(home)
    app = make_app(Path(os.fsdecode(home)), monkeypatch)
    try:
        app.show_title()
        app.report_crash(RuntimeError("shown with a path that is not UTF-8"))
        message = app.scenes.top
        assert isinstance(message, MessageScene)
        for _ in range(3):
            app.step(1 / 30)
        assert app.running and app.exit_code == 0 and app.scenes.top is message
        assert app.crash_count == 1  # drawing the message raised nothing more
    finally:
        app.shutdown()
