"""The desktop app's command line, its safety net for unexpected errors, and its self test."""

from __future__ import annotations

import re

import pygame
import pytest
from table_harness import step

from craits.ui.app import App
from craits.ui.app_window import MIN_SIZE
from craits.ui.dialogs.message import MessageScene
from craits.ui.frame_times import percentile
from craits.ui.scene import Scene
from craits.ui.seat_names import named_seats
from craits.ui.startup import main, parse_seat_kinds


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    return tmp_path


def test_a_broken_rules_file_is_reported_without_a_traceback(home, capsys):
    bad = home / "rules.yaml"
    bad.write_text("rules:\n  idiot_penalty: 9\n  sevn_skips: true\n", encoding="utf-8")
    assert main(["--headless", "--rules", str(bad), "--seats", "human,easy"]) == 2
    err = capsys.readouterr().err
    assert "rules.yaml" in err and "Traceback" not in err


def test_bad_seats_and_sizes_are_explained(home, capsys):
    assert main(["--headless", "--seats", "human,wizard"]) == 2
    assert "wizard" in capsys.readouterr().err
    assert main(["--headless", "--seats", "human"]) == 2
    assert main(["--headless", "--size", "big"]) == 2
    assert main(["--headless", "--autoplay", "--seats", "human,easy"]) == 2
    with pytest.raises(ValueError):
        parse_seat_kinds("easy,easy,easy,easy,easy,easy")


@pytest.mark.draws  # the times of drawn frames, as a player's
def test_max_seconds_prints_frame_times(home, capsys):
    code = main(["--headless", "--autoplay", "--seats", "easy,medium,easy", "--seed", "2",
                 "--max-seconds", "1.5", "--speed", "fast"])
    assert code == 0
    out = capsys.readouterr().out.strip().splitlines()[-1]
    match = re.fullmatch(r"frames=(\d+) frame_ms_p50=([\d.]+) frame_ms_p99=([\d.]+)", out)
    assert match, out
    assert int(match.group(1)) > 10
    assert float(match.group(2)) <= float(match.group(3))


def test_selftest_loads_everything_and_plays_a_round(home, capsys):
    assert main(["--selftest"]) == 0
    assert "selftest: ok" in capsys.readouterr().out
    assert not (home / "save.json").exists()  # the player's save is never touched
    # Nor their settings or statistics: the self test's app keeps its files elsewhere.
    assert {p.name for p in home.iterdir()} <= {"logs"}


class Exploding(Scene):
    def update(self, dt: float) -> None:
        raise RuntimeError("boom at the table")


def test_an_unexpected_error_becomes_a_log_and_a_message(home):
    app = App(bot_mode="inline", language="en")
    try:
        app.new_game(app.seats_for(["human", "easy"]), None, 3)
        table = app.current_table()
        step(app, 3)
        app.scenes.push(Exploding(app))
        step(app, 1)
        assert isinstance(app.scenes.top, MessageScene)
        logs = list((home / "logs").glob("crash-*.log"))
        assert logs and "boom at the table" in logs[0].read_text(encoding="utf-8")
        assert str(logs[0]) in app.scenes.top.body
        assert app.saves.exists()  # the game was saved, so Continue picks it up
        assert app.running
        assert app.continue_game()
        assert app.current_table().session.records == table.session.records
    finally:
        app.shutdown()


def test_errors_that_keep_coming_end_the_app(home, monkeypatch):
    app = App(bot_mode="inline", language="en")
    try:
        monkeypatch.setattr(App, "_frame", lambda self, *frame: (_ for _ in ()).throw(KeyError(1)))
        for _ in range(5):
            app.step(0.016)
        assert not app.running and app.exit_code == 1
    finally:
        app.shutdown()


def test_a_broken_rules_file_in_the_app_offers_the_defaults(home, monkeypatch):
    from craits.config import ConfigError

    def broken(*args, **kwargs):
        raise ConfigError("rules.yaml", 3, "sevn_skips", "unknown key")

    monkeypatch.setattr("craits.ui.matches.load_rules", broken)
    app = App(bot_mode="inline", language="en")
    try:
        app.show_title()
        app.new_game(app.seats_for(["human", "easy"]))
        message = app.scenes.top
        assert isinstance(message, MessageScene)
        assert "sevn_skips" in message.body
        message.choose(0)  # "Use defaults"
        assert app.current_table() is not None
    finally:
        app.shutdown()


def test_resume_with_a_damaged_save_keeps_it_aside(home):
    (home / "save.json").write_text("{not json", encoding="utf-8")
    app = App(bot_mode="inline", language="en")
    try:
        assert not app.continue_game()
        assert app.notices
        assert not (home / "save.json").exists()
        assert list(home.glob("save.bad*.json"))
    finally:
        app.shutdown()


def test_window_resizes_reach_every_scene_and_respect_the_minimum(home):
    app = App(bot_mode="inline", language="en", size=(1280, 800))
    try:
        app.new_game(app.seats_for(["human", "easy", "easy"]), None, 1)
        table = app.current_table()
        step(app, 2)
        pygame.display.set_mode((1000, 640), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 640), w=1000,
                                             h=640))
        step(app, 2)
        assert table.model.layout.size == (1000, 640)
        pygame.display.set_mode((700, 400), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(700, 400), w=700, h=400))
        step(app, 2)
        assert app.size == MIN_SIZE
        assert table.model.layout.size == MIN_SIZE
        app.shutdown()
        from craits.persistence import SettingsStore

        assert SettingsStore(home).load()[0].window_size == MIN_SIZE  # remembered
    finally:
        app.shutdown()


def test_percentile():
    assert percentile([], 50) == 0.0
    assert percentile([5.0, 1.0, 3.0], 50) == 3.0
    assert percentile(list(range(101)), 99) == 99


def test_watching_computers_never_replaces_the_saved_game(home):
    app = App(bot_mode="inline", language="en")
    try:
        app.new_game(app.seats_for(["human", "easy"]), None, 3)
        app.autosaver.flush()
        saved = (home / "save.json").read_text(encoding="utf-8")
        app.new_game(app.seats_for(["easy", "medium"]), None, 4)
        step(app, 30)
        app.autosaver.flush()
        assert (home / "save.json").read_text(encoding="utf-8") == saved
    finally:
        app.shutdown()


def test_rules_without_seats_start_the_remembered_table(home, tmp_path):
    rules = tmp_path / "quick.yaml"
    rules.write_text("game_length: short\n", encoding="utf-8")
    app = App(bot_mode="inline", language="en")
    try:
        seats = named_seats(app.settings.new_game.seats)
        assert [s.kind for s in seats] == ["human", "medium", "medium", "medium"]
        assert all(s.name for s in seats)
    finally:
        app.shutdown()
    assert main(["--headless", "--rules", str(rules), "--max-seconds", "0.5"]) == 0
    import json

    saved = json.loads((home / "save.json").read_text(encoding="utf-8"))["data"]
    assert saved["rules"]["game_length"] == "short" and len(saved["seats"]) == 4


def test_selftest_names_a_missing_sound_cue(tmp_path):
    import shutil

    from craits.resources import resource_path
    from craits.ui.audio import Audio
    from craits.ui.cards.art import CardArt
    from craits.ui.selftest import asset_problems

    sounds = tmp_path / "sounds"
    shutil.copytree(resource_path("assets", "sounds"), sounds)
    (sounds / "cue_called.wav").unlink()
    pygame.init()

    class Shell:
        audio = Audio(sounds)
        card_art = CardArt()

    assert Shell.audio.available
    problems = asset_problems(Shell())  # type: ignore[arg-type]
    assert "sound cue cue_called: missing" in problems
    assert not [p for p in problems if "cue_turn" in p]
