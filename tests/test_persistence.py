"""Saves, settings and statistics: atomic writes, unusable files kept aside, field fallback."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import craits.paths as paths_module
from craits.paths import UnsafePathError, safe_child, user_home
from craits.persistence import (
    NewGameSetup,
    SaveStore,
    Seat,
    Settings,
    SettingsStore,
    Statistics,
    StatisticsStore,
    atomic_write_json,
    envelope,
    load_json_file,
    opponent_bucket,
)

ROOT = Path(__file__).resolve().parents[1]


def names(folder: Path) -> set[str]:
    return {path.name for path in folder.iterdir()}


# ---------------------------------------------------------------- user home and names


def test_craits_home_is_respected_and_created(tmp_path, monkeypatch):
    home = tmp_path / "a" / "b"
    monkeypatch.setenv("CRAITS_HOME", str(home))
    assert user_home() == home and home.is_dir()


def test_platform_folder_without_craits_home(tmp_path, monkeypatch):
    monkeypatch.delenv("CRAITS_HOME", raising=False)
    calls = []

    def fake_user_data_path(name, appauthor=None):
        calls.append((name, appauthor))
        return tmp_path / "platform" / name

    monkeypatch.setattr(paths_module.platformdirs, "user_data_path", fake_user_data_path)
    assert user_home() == tmp_path / "platform" / "Craits"
    assert calls == [("Craits", False)] and (tmp_path / "platform" / "Craits").is_dir()


@pytest.mark.parametrize("name", [
    "", ".", "..", "../x.json", "/etc/passwd", "a/b.json", "a\\b.json", "C:evil.json",
    "x\0.json", "line\n.json", " save.json", "save.json.",
])
def test_safe_child_refuses_escapes(tmp_path, name):
    with pytest.raises(UnsafePathError):
        safe_child(name, tmp_path)


@pytest.mark.skipif(sys.platform == "win32", reason="links need privileges on Windows")
def test_safe_child_accepts_plain_names_and_refuses_symlinks_out(tmp_path):
    assert safe_child("save.json", tmp_path) == tmp_path / "save.json"
    outside = tmp_path / "outside"
    outside.mkdir()
    home = tmp_path / "home"
    home.mkdir()
    (home / "link.json").symlink_to(outside / "target.json")
    with pytest.raises(UnsafePathError):
        safe_child("link.json", home)


def test_stores_default_to_craits_home(tmp_path, monkeypatch):
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    SaveStore().save({"seed": 1})
    SettingsStore().save(Settings())
    StatisticsStore().save(Statistics())
    assert names(tmp_path) == {"save.json", "settings.json", "stats.json"}


# ---------------------------------------------------------------- atomic writes


def test_atomic_write_is_readable_json(tmp_path):
    path = tmp_path / "f.json"
    atomic_write_json(path, {"b": 1, "a": ["é", 2]})
    text = path.read_text(encoding="utf-8")
    assert text == '{\n  "a": [\n    "é",\n    2\n  ],\n  "b": 1\n}\n'
    assert names(tmp_path) == {"f.json"}


def test_failed_replace_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    atomic_write_json(path, {"turn": 1})

    def crash(*args):
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk gone"):
        atomic_write_json(path, {"turn": 2})
    assert json.loads(path.read_text(encoding="utf-8")) == {"turn": 1}
    assert names(tmp_path) == {"save.json"}  # no temporary file left behind


def test_data_that_is_not_json_touches_nothing(tmp_path):
    path = tmp_path / "save.json"
    atomic_write_json(path, {"turn": 1})
    for bad in ({"x": float("nan")}, {"x": object()}):
        with pytest.raises((ValueError, TypeError)):
            atomic_write_json(path, bad)
    assert json.loads(path.read_text(encoding="utf-8")) == {"turn": 1}
    assert names(tmp_path) == {"save.json"}


WRITER = """
import sys
from pathlib import Path
from craits.persistence import SaveStore
store = SaveStore(Path(sys.argv[1]))
log = [{"player": i % 4, "play": "7H", "index": i} for i in range(3000)]
counter = 0
while True:
    counter += 1
    store.save({"counter": counter, "log": log})
    if counter == 1:
        print("ready", flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_writer_killed_mid_write_never_leaves_a_broken_save(tmp_path):
    rng = random.Random(20261)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CRAITS_HOME": str(tmp_path)}
    counters = []
    for _ in range(6):
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path)], cwd=ROOT,
                                  env=env, stdout=subprocess.PIPE)
        try:
            assert writer.stdout.readline().strip() == b"ready"
            time.sleep(rng.uniform(0.0, 0.06))
        finally:
            writer.send_signal(signal.SIGKILL)
            writer.wait()
            writer.stdout.close()
        data, problem = SaveStore(tmp_path).load()
        assert problem is None
        assert len(data["log"]) == 3000
        counters.append(data["counter"])
    assert not [name for name in names(tmp_path) if ".bad" in name]
    assert max(counters) > 1  # the writers really were overwriting a save when killed


# ---------------------------------------------------------------- unusable files


def test_missing_file_is_no_problem(tmp_path):
    assert load_json_file(tmp_path / "save.json", "craits-save", 1, "default") == (
        "default", None)


@pytest.mark.parametrize("content", [
    b'{"format": "craits-save", "version": 1, "data": {', b"\xff\xfe garbage", b"[1, 2]",
    b'{"format": "craits-stats", "version": 1, "data": {}}',
    b'{"format": "craits-save", "version": "1", "data": {}}',
    b'{"format": "craits-save", "version": 1, "data": []}',
    b'{"format": "craits-save", "version": 1, "data": {"x": NaN}}',
])
def test_damaged_file_is_kept_aside_and_default_used(tmp_path, content):
    path = tmp_path / "save.json"
    path.write_bytes(content)
    data, problem = load_json_file(path, "craits-save", 1, {"fresh": True})
    assert data == {"fresh": True}
    assert problem.kind == "damaged" and problem.kept_as == "save.bad.json"
    assert names(tmp_path) == {"save.bad.json"}
    assert (tmp_path / "save.bad.json").read_bytes() == content
    assert str(problem).startswith("save.json could not be used (")
    assert "kept as save.bad.json" in str(problem)


def test_kept_copies_never_overwrite_each_other(tmp_path):
    path = tmp_path / "save.json"
    for attempt in range(3):
        path.write_text(f"broken {attempt}", encoding="utf-8")
        load_json_file(path, "craits-save", 1, None)
    assert names(tmp_path) == {"save.bad.json", "save.bad-2.json", "save.bad-3.json"}
    assert (tmp_path / "save.bad-3.json").read_text(encoding="utf-8") == "broken 2"


def test_newer_version_is_refused_and_kept(tmp_path):
    path = tmp_path / "save.json"
    atomic_write_json(path, envelope("craits-save", 5, {"future": True}))
    data, problem = load_json_file(path, "craits-save", 1, None)
    assert data is None and problem.kind == "newer"
    assert "newer version of Craits" in str(problem) and "file version 5" in str(problem)
    assert names(tmp_path) == {"save.newer.json"}


def test_older_version_is_migrated_step_by_step(tmp_path):
    path = tmp_path / "save.json"
    atomic_write_json(path, envelope("craits-save", 1, {"moves": [1, 2]}))
    migrations = {
        1: lambda old: {"actions": old["moves"]},
        2: lambda old: {**old, "seats": 4},
    }
    data, problem = load_json_file(path, "craits-save", 3, None, migrations)
    assert (data, problem) == ({"actions": [1, 2], "seats": 4}, None)


def test_older_version_without_a_way_to_convert_is_kept_aside(tmp_path):
    path = tmp_path / "save.json"
    atomic_write_json(path, envelope("craits-save", 1, {"moves": []}))
    data, problem = load_json_file(path, "craits-save", 3, None, {1: lambda old: old})
    assert data is None and problem.kind == "too_old" and problem.kept_as == "save.old.json"
    atomic_write_json(path, envelope("craits-save", 1, {"nothing": 0}))
    data, problem = load_json_file(path, "craits-save", 2, None, {1: lambda old: old["moves"]})
    assert problem.kind == "too_old" and "converting file version 1 failed" in str(problem)
    assert names(tmp_path) == {"save.old.json", "save.old-2.json"}


def test_stale_temporary_files_are_cleaned(tmp_path):
    stale, fresh = tmp_path / ".save.json.abc.tmp", tmp_path / ".save.json.def.tmp"
    stale.write_text("half", encoding="utf-8")
    fresh.write_text("half", encoding="utf-8")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    load_json_file(tmp_path / "save.json", "craits-save", 1, None)
    assert names(tmp_path) == {fresh.name}


# ---------------------------------------------------------------- saves


def test_save_store_round_trip(tmp_path):
    store = SaveStore(tmp_path)
    assert not store.exists() and store.load() == (None, None)
    log = {"seed": 42, "rules": {"seven_skips": True}, "seats": ["human", "hard"],
           "actions": [{"player": 0, "play": "7H"}, {"player": 1, "draw": True}]}
    store.save(log)
    assert store.exists() and store.load() == (log, None)
    stored = json.loads(store.path.read_text(encoding="utf-8"))
    assert (stored["format"], stored["version"], stored["data"]) == ("craits-save", 1, log)
    store.clear()
    assert not store.exists()
    store.clear()  # clearing twice is fine


def test_save_store_refuses_non_dicts_and_keeps_unreplayable_saves(tmp_path):
    store = SaveStore(tmp_path)
    with pytest.raises(TypeError):
        store.save(["not", "a", "dict"])
    store.save({"seed": 1})
    problem = store.set_aside("action 3 is not legal")
    assert "action 3 is not legal" in str(problem) and problem.kept_as == "save.bad.json"
    assert not store.exists() and store.load() == (None, None)


def test_damaged_save_loads_as_nothing_with_a_message(tmp_path):
    (tmp_path / "save.json").write_text('{"format": "craits-sa', encoding="utf-8")
    data, problem = SaveStore(tmp_path).load()
    assert data is None and "save.bad.json" in str(problem)


# ---------------------------------------------------------------- settings


def test_settings_round_trip(tmp_path):
    store = SettingsStore(tmp_path)
    assert store.load() == (Settings(), None)
    setup = NewGameSetup(seats=(Seat("human", "Ana"), Seat("expert", "")), preset="quick",
                         rule_overrides={"seven_skips": True}, length="short")
    settings = Settings(language="es", volume=0.25, muted=True, animation_speed="instant",
                        fullscreen=True, window_size=(1920, 1080), card_style="fourcolor",
                        large_cards=True, new_game=setup)
    store.save(settings)
    assert store.load() == (settings, None)


def test_settings_fall_back_field_by_field(tmp_path):
    good = Settings(volume=0.3, card_style="fourcolor").to_dict()
    stored = {**good, "muted": "yes", "animation_speed": "warp", "window_size": [100, 100],
              "colour": "red"}
    stored["new_game"] = {**good["new_game"], "seats": [{"kind": "human"}], "length": "short"}
    (tmp_path / "settings.json").write_text(
        json.dumps(envelope("craits-settings", 1, stored)), encoding="utf-8")
    settings, problem = SettingsStore(tmp_path).load()
    assert (settings.volume, settings.card_style) == (0.3, "fourcolor")  # kept
    assert (settings.muted, settings.animation_speed, settings.window_size) == (
        False, "normal", (1280, 800))  # fell back
    assert settings.new_game.length == "short"
    assert settings.new_game.seats == NewGameSetup().seats
    assert problem.kind == "fields"
    message = str(problem)
    for name in ("muted", "animation_speed", "window_size", "colour", "new_game.seats"):
        assert name in message
    assert "allowed values: slow, normal, fast, instant" in message
    assert (tmp_path / "settings.json").exists()  # not set aside: it was mostly fine


def test_settings_accept_integer_volume_and_null_language():
    settings, notes = Settings.from_dict({"volume": 1, "language": None})
    assert (settings.volume, settings.language, notes) == (1.0, None, [])
    settings, notes = Settings.from_dict({"language": "../x", "volume": True})
    # All else as a new player's, but forced moves: a file without them is from before them.
    assert settings == dataclasses.replace(Settings(), forced_moves=False) and len(notes) == 2


def test_bad_rule_overrides_fall_back(tmp_path):
    settings, notes = Settings.from_dict({"new_game": {"rule_overrides": {"seven_skip": 1}}})
    assert settings.new_game.rule_overrides == {}
    assert "did you mean 'seven_skips'?" in notes[0]


def test_damaged_settings_file_gives_defaults(tmp_path):
    (tmp_path / "settings.json").write_text("{volume: 1}", encoding="utf-8")
    settings, problem = SettingsStore(tmp_path).load()
    assert settings == Settings() and problem.kind == "damaged"
    assert names(tmp_path) == {"settings.bad.json"}


# ---------------------------------------------------------------- statistics


def test_statistics_accumulate():
    stats = Statistics()
    seats = ["human", "easy", "hard"]
    stats.record_round(seats, [0, 40, 55], winner=0, longest_crank=5, idiot_calls=[(0, 1)])
    stats.record_round(seats, [-50, 0, 30], winner=1, longest_crank=3,
                       idiot_calls=[(2, 0), (1, 0)])
    stats.record_round(seats, [10, 20, 30], winner=None)  # a blocked round
    stats.record_game(seats, [-40, 60, 85], length="short")
    stats.record_round(["human", "easy"], [25, 0], winner=1, longest_crank=9)
    stats.record_game(["human", "easy"], [25, 0], length="short")
    stats.record_game(["human", "medium", "human"], [100, 100, 120])  # shared win
    assert (stats.rounds["overall"].played, stats.rounds["overall"].won) == (4, 1)
    assert (stats.rounds["hard"].played, stats.rounds["hard"].won) == (3, 1)
    assert (stats.rounds["easy"].played, stats.rounds["easy"].won) == (1, 0)
    assert (stats.games["overall"].played, stats.games["overall"].won) == (3, 2)
    assert (stats.games["medium"].played, stats.games["medium"].won) == (1, 1)
    assert stats.best_round_score == -50
    assert stats.longest_crank == 9
    assert (stats.idiots_caught_by_you, stats.idiots_caught_of_you) == (1, 2)
    short, full = stats.game_scores["short"], stats.game_scores["full"]
    assert (short.best, short.count, short.average) == (-40, 2, -7.5)
    assert (full.best, full.count, full.average) == (100, 2, 110.0)


def test_statistics_ignore_tables_without_humans_and_refuse_bad_data():
    stats = Statistics()
    stats.record_round(["easy", "hard"], [0, 10], winner=0)
    stats.record_game(["easy", "hard"], [0, 10])
    assert stats == Statistics()
    with pytest.raises(ValueError):
        stats.record_round(["human", ""], [0, 1], winner=0)
    with pytest.raises(ValueError):
        stats.record_round(["human", "easy"], [0], winner=0)
    with pytest.raises(ValueError):
        stats.record_round(["human", "easy"], [0, 1], winner=2)
    with pytest.raises(ValueError):
        stats.record_game(["human", "easy"], [0, 1], length="medium")
    assert stats == Statistics()


def test_a_classic_level_counts_with_its_level():
    assert opponent_bucket(["human", "hard-classic", "medium"]) == "hard"
    assert opponent_bucket(["human", "hard-classic", "expert"]) == "expert"
    assert opponent_bucket(["human", "random-classic"]) is None


def test_opponent_bucket_is_the_strongest_computer():
    assert opponent_bucket(["human", "easy", "expert", "medium"]) == "expert"
    assert opponent_bucket(["human", "human"]) == "humans_only"
    assert opponent_bucket(["human", "random"]) is None


def test_levels_the_game_does_not_offer_count_only_overall():
    stats = Statistics()
    stats.record_round(["human", "nervous"], [0, 10], winner=0)
    stats.record_game(["human", "random"], [5, 10])
    assert (stats.rounds["overall"].played, stats.rounds["overall"].won) == (1, 1)
    assert (stats.games["overall"].played, stats.games["overall"].won) == (1, 1)
    assert all(stats.games[level].played == 0 for level in ("easy", "medium", "hard", "expert"))


def test_statistics_survive_save_and_load(tmp_path):
    store = StatisticsStore(tmp_path)
    stats = Statistics()
    for game in range(3):
        stats.record_round(["human", "hard"], [0, 30], winner=0, longest_crank=game)
        stats.record_game(["human", "hard"], [game * 10, 50])
        store.save(stats)
        stats, problem = store.load()
        assert problem is None
    assert stats.games["hard"].won == 3 and stats.game_scores["full"].average == 10.0
    assert stats.longest_crank == 2


def test_statistics_fall_back_field_by_field(tmp_path):
    stored = Statistics().to_dict()
    stored["longest_crank"] = 12
    stored["games"] = {"overall": {"played": 2, "won": 5}}
    stored["idiots_caught_by_you"] = -1
    (tmp_path / "stats.json").write_text(json.dumps(envelope("craits-stats", 1, stored)),
                                         encoding="utf-8")
    stats, problem = StatisticsStore(tmp_path).load()
    assert stats.longest_crank == 12
    # A tally that contradicts itself loses only its wins; the other tallies are kept.
    assert (stats.games["overall"].played, stats.games["overall"].won) == (2, 0)
    assert {k: v for k, v in stats.games.items() if k != "overall"} == {
        k: v for k, v in Statistics().games.items() if k != "overall"}
    assert stats.idiots_caught_by_you == 0
    assert "games" in str(problem) and "idiots_caught_by_you" in str(problem)


def test_damaged_statistics_file_gives_empty_statistics(tmp_path):
    (tmp_path / "stats.json").write_bytes(b"\x00\x00\x00")
    stats, problem = StatisticsStore(tmp_path).load()
    assert stats == Statistics() and problem.kept_as == "stats.bad.json"


def test_settings_are_immutable_values():
    settings = Settings()
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.volume = 0.1  # type: ignore[misc]
    assert dataclasses.replace(settings, muted=True).muted is True
