"""A player never loses a game, their settings or their record, and never sees a traceback.

End to end in the real app: autosave and resume after a kill or a closed window, statistics
recorded as rounds and games end, damaged files set aside with a notice in the player's
language, broken configuration reported with file, line and key, unexpected errors caught at
the top with a log, and the safety of what is read and written.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from app_driver import (
    FRAME,
    StandInPlayer,
    drive_session,
    make_app,
    play_until,
    post_click,
    raise_errors,
    short_rules,
)

from craits import i18n
from craits.engine import events as ev
from craits.paths import UnsafePathError, safe_child
from craits.persistence import (
    Problem,
    SaveStore,
    SettingsStore,
    Statistics,
    StatisticsStore,
)
from craits.session import Seat, Session
from craits.ui.crash_log import write_crash_log

pytestmark = pytest.mark.slow  # started first: see conftest.py

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


@pytest.fixture
def apps(tmp_path, monkeypatch):
    """``apps(home=None, **options)`` makes an App; every one is shut down afterwards."""
    made = []

    def make(home: Path | None = None, **options):
        app = make_app(home or tmp_path, monkeypatch, **options)
        made.append(app)
        return app

    yield make
    for app in made:
        if pygame.display.get_init():
            app.shutdown()


def craits_env(home: Path) -> dict[str, str]:
    return {**os.environ, "CRAITS_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def run_craits(args: list[str], home: Path, cwd: Path = ROOT, timeout: float = 90):
    return subprocess.run([sys.executable, "-m", "craits", *args], cwd=cwd, env=craits_env(home),
                          capture_output=True, text=True, timeout=timeout)


def saved_actions(home: Path) -> list | None:
    try:
        return json.loads((home / "save.json").read_text("utf-8"))["data"]["actions"]
    except (OSError, ValueError, KeyError):
        return None


# ============================================================================ autosave


@pytest.mark.skipif(sys.platform == "win32",
                    reason="kills the app and its helper with SIGKILL and killpg: POSIX only")
def test_killed_app_leaves_a_save_that_replays_and_resumes(apps, tmp_path):
    # The app runs in its own process as a player would use it (bot helper process, a human
    # seat played by a stand-in: a table of computer players only is never saved).
    home = tmp_path / "home"
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "app_driver.py"), "--seats", "human,hard,medium",
         "--seed", "11"],
        cwd=ROOT, env=craits_env(home), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(saved_actions(home) or ()) < 12:
            assert proc.poll() is None, proc.stderr.read().decode()
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)  # no chance to flush anything: mid-game, mid-frame
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stderr.close()
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # the bot helper it started, if still there
        except (ProcessLookupError, PermissionError):
            pass
    data, problem = SaveStore(home).load()
    assert problem is None and data is not None
    assert len(data["actions"]) >= 12
    replayed = Session.from_save(data)
    assert replayed.records == data["actions"]
    assert replayed.seed == 11 and [s.kind for s in replayed.seats] == ["human", "hard", "medium"]

    resumed = run_craits(["--resume", "--headless", "--speed", "fast", "--max-seconds", "2"],
                         home)
    assert resumed.returncode == 0, resumed.stderr
    assert "Traceback" not in resumed.stderr
    assert "no saved game" not in resumed.stderr
    after, problem = SaveStore(home).load()
    assert problem is None and after["seed"] == 11
    # It went on from the exact position (the computer players may have moved on from it).
    assert after["actions"][: len(data["actions"])] == data["actions"]
    assert not (home / "logs").exists() or not list((home / "logs").glob("crash-*.log"))
    # Continue from the menu gives the very position that was on the table.
    app = apps(home)
    raise_errors(app)
    assert app.continue_game()
    assert app.current_table().session.records == after["actions"]
    assert app.current_table().session.match.state == Session.from_save(after).match.state


def test_closing_the_window_mid_animation_keeps_the_exact_position(apps, tmp_path):
    app = apps(speed="normal")
    raise_errors(app)
    app.new_game(app.seats_for(["human", "easy", "medium"]), short_rules(), 5)
    player = StandInPlayer(1)
    table = app.current_table()
    play_until(app, lambda: len(table.session.records) >= 6 and table.chor.busy, player)
    session = table.session
    assert table.chor.busy  # cards are in flight
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run(max_frames=50)
    assert not app.running
    expected = session.to_save()
    app.shutdown()

    data, problem = SaveStore(tmp_path).load()
    assert problem is None
    assert data["actions"] == expected["actions"]
    assert data["clock"] == expected["clock"]
    again = apps()
    raise_errors(again)
    assert again.continue_game()
    resumed = again.current_table().session
    assert resumed.records == session.records
    assert resumed.match.state == session.match.state
    assert resumed.match.totals == session.match.totals


def test_menu_continue_restores_the_position(apps, tmp_path):
    session = Session([Seat("human", "Ana"), Seat("easy", "Bo")], short_rules(), 21)
    drive_session(session, lambda: session.match.round_index == 1 and len(session.records) > 40)
    SaveStore(tmp_path).save(session.to_save())
    app = apps()
    raise_errors(app)
    app.show_title()
    app.step(FRAME)
    title = app.scenes.top
    continue_button = title.buttons["menu.continue"]
    post_click(continue_button.rect.center)
    app.step(FRAME)
    app.step(FRAME)
    table = app.current_table()
    assert table is not None and app.scenes.top is table
    resumed = Session.from_save(session.to_save())
    # The position is the saved one (the computer may already have moved on from it).
    assert table.session.records[: len(session.records)] == session.records
    assert table.session.seed == session.seed and resumed.match.state == session.match.state
    assert [s.name for s in table.session.seats] == ["Ana", "Bo"]


class SlowStore:
    """A save store whose first write takes a while (a slow disk), recording the order in
    which writes land."""

    def __init__(self) -> None:
        self.landed: list[dict] = []

    def save(self, data: dict) -> None:
        if not self.landed and data.get("n") == 1:
            time.sleep(0.3)
        self.landed.append(data)


def test_an_older_snapshot_never_lands_after_a_newer_one():
    from craits.persistence.autosave import Autosaver

    store = SlowStore()
    saver = Autosaver(store)
    saver.submit({"n": 1})
    time.sleep(0.05)  # the helper thread is now writing snapshot 1
    saver.submit({"n": 2})
    saver.flush()  # quitting: the newest position must be what stays on disk
    time.sleep(0.4)
    saver.stop()
    assert store.landed[-1] == {"n": 2}


# ============================================================================ statistics


def expected_statistics(session: Session) -> Statistics:
    """The statistics of a finished match, worked out from its full event log."""
    stats = Statistics()
    kinds = [s.kind for s in session.seats]
    crank, calls = 0, []
    for event in session.events:
        if isinstance(event, ev.RoundStarted):
            crank, calls = 0, []
        elif isinstance(event, ev.CardPlayed):
            crank = max(crank, event.crank)
        elif isinstance(event, ev.IdiotCalled):
            calls.append((event.caller, event.target))
        elif isinstance(event, ev.RoundEnded):
            stats.record_round(kinds, event.scores, event.winner, crank, calls)
    stats.record_game(kinds, session.match.totals, session.rules.game_length)
    return stats


def test_statistics_are_recorded_once_as_rounds_and_games_end(apps, tmp_path):
    from craits.ui.menus.statistics import StatisticsScene
    from craits.ui.table.game_over import GameOverScene

    app = apps()
    raise_errors(app)
    app.new_game(app.seats_for(["human", "medium"]), short_rules(), 8)
    player = StandInPlayer(2)
    session = app.current_table().session
    play_until(app, lambda: session.match.round_index >= 3 and app.scenes.top
               is app.current_table(), player)
    assert app.statistics.rounds["overall"].played == 3
    app.shutdown()  # the window closes after the third round: nothing counted twice on resume

    app = apps()
    raise_errors(app)
    assert app.statistics.rounds["overall"].played == 3
    assert app.continue_game()
    session = app.current_table().session
    play_until(app, lambda: isinstance(app.scenes.top, GameOverScene), player)
    expected = expected_statistics(session)
    assert app.statistics.to_dict() == expected.to_dict()
    assert expected.rounds["medium"].played == 8 and expected.games["medium"].played == 1
    stored, problem = StatisticsStore(tmp_path).load()
    assert problem is None and stored.to_dict() == expected.to_dict()
    assert not SaveStore(tmp_path).exists()  # a finished game leaves nothing to continue

    screen = StatisticsScene(app)
    rows = dict(screen.table_rows())
    assert rows[i18n.t("stats.games_played")][0] == "1"
    assert rows[i18n.t("stats.rounds_played")][0] == "8"
    assert rows[i18n.t("stats.rounds_won")][0] == str(expected.rounds["overall"].won)
    records = dict(screen.record_rows())
    assert records[i18n.t("stats.longest_crank")] == str(expected.longest_crank)
    assert records[i18n.t("stats.idiots_caught")] == str(expected.idiots_caught_by_you)
    assert records[i18n.t("stats.times_caught")] == str(expected.idiots_caught_of_you)
    _, scores = screen.score_rows()
    best = dict(scores)[i18n.t("stats.best_score")]
    assert str(session.match.totals[0]) in best


def test_settings_persist_between_runs(apps, tmp_path):
    import dataclasses

    app = apps()
    app.settings = dataclasses.replace(app.settings, volume=0.25, card_style="fourcolor",
                                       animation_speed="slow", language="cs")
    app.save_settings()
    app.shutdown()
    again = apps(language=None, speed=None)
    assert again.settings.volume == 0.25
    assert again.settings.card_style == "fourcolor"
    assert again.settings.animation_speed == "slow"
    assert i18n.get_language() == "cs"


# ============================================================================ damaged files


GARBAGE = {
    "save.json": b"{\"format\": \"craits-save\", \"version\": 1, \"data\": {\"seed\"",
    "settings.json": b"\x00\xff not json at all",
    "stats.json": b"[1, 2, 3]",
}


@pytest.mark.draws  # the title picks its notice as it draws
def test_damaged_files_are_kept_aside_and_the_player_is_told_in_their_language(apps, tmp_path):
    for name, content in GARBAGE.items():
        (tmp_path / name).write_bytes(content)
    app = apps(language="es")
    raise_errors(app)
    for name in ("settings.json", "stats.json"):
        kept = tmp_path / name.replace(".json", ".bad.json")
        assert kept.read_bytes() == GARBAGE[name], name  # nothing of the player's is lost
    # Settings and statistics: defaults, and two notices straight away.
    assert app.statistics.to_dict() == Statistics().to_dict()
    assert len(app.notices) == 2
    app.show_title()
    app.step(FRAME)
    notice = app.scenes.top.current_notice()
    assert notice is not None
    assert "settings.bad.json" in notice
    # The notice says where the kept file is, folder and all.
    assert notice == i18n.t("notice.settings_damaged", path=str(tmp_path / "settings.bad.json"))
    assert any(str(n) == i18n.t("notice.stats_damaged", path=str(tmp_path / "stats.bad.json"))
               for n in app.notices)
    # The damaged save is found when the player asks to continue; play goes on.
    assert not app.continue_game()
    assert (tmp_path / "save.bad.json").read_bytes() == GARBAGE["save.json"]
    assert any(str(n) == i18n.t("notice.save_damaged", path=str(tmp_path / "save.bad.json"))
               for n in app.notices)
    app.new_game(app.seats_for(["human", "easy"]), short_rules(), 3)
    app.step(FRAME)
    app.autosaver.flush()  # the background writer's turn may not have come yet
    assert SaveStore(tmp_path).load()[0] is not None


def test_garbage_files_do_not_stop_the_app_started_from_the_command_line(tmp_path):
    for name, content in GARBAGE.items():
        (tmp_path / name).write_bytes(content)
    result = run_craits(["--resume", "--headless", "--max-seconds", "1"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    for name in GARBAGE:
        assert (tmp_path / name.replace(".json", ".bad.json")).is_file()
    settings, problem = SettingsStore(tmp_path).load()
    assert problem is None  # written again, readable


def test_a_save_that_does_not_replay_is_kept_aside_with_a_notice(apps, tmp_path):
    session = Session([Seat("human", "Ana"), Seat("easy", "Bo")], short_rules(), 4)
    drive_session(session, lambda: len(session.records) > 10)
    data = session.to_save()
    data["actions"].insert(3, {"player": 1, "play": "AS"})  # not a legal move there
    SaveStore(tmp_path).save(data)
    app = apps()
    raise_errors(app)
    assert not app.continue_game()
    assert (tmp_path / "save.bad.json").is_file()
    assert not (tmp_path / "save.json").exists()
    assert app.notices and "save.bad.json" in str(app.notices[-1])


def test_a_save_from_an_older_version_is_converted_or_refused_clearly(apps, tmp_path,
                                                                       monkeypatch):
    from craits.persistence import saves

    session = Session([Seat("human", "Ana"), Seat("easy", "Bo")], short_rules(), 6)
    drive_session(session, lambda: len(session.records) > 10)
    SaveStore(tmp_path).save(session.to_save())
    # This game now reads version 2 and knows how to convert version 1: it loads.
    monkeypatch.setattr(saves, "SAVE_VERSION", 2)
    monkeypatch.setitem(saves.SAVE_MIGRATIONS, 1, lambda data: {**data, "converted": True})
    app = apps()
    raise_errors(app)
    assert app.continue_game()
    assert app.current_table().session.records == session.records
    app.shutdown()
    # Without a way to convert it, it is refused, kept as save.old.json, and the player told.
    SaveStore(tmp_path).save(session.to_save())  # written as version 2 now
    monkeypatch.setattr(saves, "SAVE_VERSION", 3)
    app = apps()
    raise_errors(app)
    assert not app.continue_game()
    assert (tmp_path / "save.old.json").is_file()
    assert str(app.notices[-1]) == i18n.t("notice.save_too_old",
                                          path=str(tmp_path / "save.old.json"))


@pytest.mark.parametrize(("problem", "key"), [
    (Problem("damaged", "save.json", "x", "save.bad.json"), "notice.save_damaged"),
    (Problem("newer", "save.json", "x", "save.newer.json"), "notice.save_newer"),
    (Problem("too_old", "save.json", "x", "save.old.json"), "notice.save_too_old"),
    (Problem("damaged", "settings.json", "x", "settings.bad.json"), "notice.settings_damaged"),
    (Problem("newer", "stats.json", "x", "stats.newer.json"), "notice.stats_damaged"),
    (Problem("fields", "settings.json", "volume"), "notice.settings_fields"),
    (Problem("fields", "stats.json", "games"), "notice.stats_fields"),
    (Problem("damaged", "save.json", "x", None, True), "notice.not_kept"),
])
def test_every_file_problem_has_a_translated_notice(problem, key):
    from craits.ui.notices import notice_key, problem_notice

    assert notice_key(problem) == key
    notice = problem_notice(problem)
    texts = set()
    for language, _ in i18n.available_languages():
        i18n.set_language(language)
        text = str(notice)  # rendered when shown, in the language shown
        assert text != key and "{" not in text
        assert (problem.kept_as or problem.file) in text or problem.kind == "fields"
        texts.add(text)
    assert len(texts) == len(i18n.available_languages())


# ============================================================================ configuration


BROKEN_RULES = "seven_skips: true\nseven_skip: false\n"


@pytest.mark.parametrize("command", [[], ["simulate", "--games", "1"],
                                     ["tournament", "--seats", "easy,easy", "--games", "1"]])
def test_bad_rules_file_stops_with_file_line_key_and_status_2(tmp_path, command):
    rules = tmp_path / "broken.yaml"
    rules.write_text(BROKEN_RULES, encoding="utf-8")
    extra = ["--headless", "--max-seconds", "1"] if not command else []
    result = run_craits([*command, "--rules", str(rules), *extra], tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "broken.yaml" in result.stderr
    assert "line 2" in result.stderr
    assert "'seven_skip'" in result.stderr
    assert "did you mean 'seven_skips'?" in result.stderr


@pytest.fixture(scope="module")
def project_copy(tmp_path_factory):
    """The game's code and configuration in a scratch folder, to break its bundled files."""
    base = tmp_path_factory.mktemp("project")
    shutil.copytree(ROOT / "craits", base / "craits",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "assets", base / "assets")
    return base


@pytest.fixture
def broken_copy(project_copy):
    """``broken_copy(name, old, new)``: the copy with one line of ``config/name`` changed."""
    config = project_copy / "config"

    def break_file(name: str, old: str, new: str) -> Path:
        shutil.rmtree(config, ignore_errors=True)
        shutil.copytree(ROOT / "config", config)
        text = (config / name).read_text("utf-8")
        assert old in text
        (config / name).write_text(text.replace(old, new, 1), "utf-8")
        return project_copy

    return break_file


def line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text("utf-8").splitlines(), 1)
                if text in line)


@pytest.mark.parametrize("command", [["--headless", "--max-seconds", "1"],
                                     ["simulate", "--games", "1"],
                                     ["tournament", "--seats", "easy,easy", "--games", "1"]])
def test_broken_bundled_rules_file_is_reported_by_the_commands(broken_copy, tmp_path,
                                                               command):
    copy = broken_copy("rules.yaml", "  seven_skips: false", "  seven_skipz: false")
    line = line_of(copy / "config" / "rules.yaml", "seven_skipz")
    user = tmp_path / "mine.yaml"
    user.write_text("idiot_penalty: 2\n", encoding="utf-8")
    result = run_craits([*command, "--rules", str(user)], tmp_path, copy)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert f"config/rules.yaml, line {line}, key 'defaults.seven_skipz'" in result.stderr
    assert "did you mean 'seven_skips'?" in result.stderr



@pytest.mark.parametrize("args", [
    pytest.param(["--seats", "easy,medium", "--autoplay", "--headless", "--max-seconds", "1"],
                 ),
    ["tournament", "--seats", "easy,easy", "--games", "1"],
])
def test_broken_bundled_levels_file_is_reported_not_a_traceback(broken_copy, tmp_path, args):
    copy = broken_copy("ai.yaml", "    play: heuristic", "    plya: heuristic")
    line = line_of(copy / "config" / "ai.yaml", "plya:")
    result = run_craits(args, tmp_path, copy)
    assert "Traceback" not in result.stderr
    assert result.returncode == 2
    assert f"config/ai.yaml, line {line}, key 'levels.easy.plya'" in result.stderr
    assert "did you mean 'play'?" in result.stderr


def test_broken_bundled_rules_in_the_app_offers_the_defaults(apps, tmp_path, monkeypatch):
    from craits.config import rules as rules_module
    from craits.engine import Rules
    from craits.ui.dialogs.message import MessageScene

    broken = tmp_path / "rules.yaml"
    text = (ROOT / "config" / "rules.yaml").read_text("utf-8")
    broken.write_text(text.replace("  seven_skips: false", "  seven_skipz: false"), "utf-8")
    monkeypatch.setattr(rules_module, "_bundled_rules_path", lambda: broken)
    app = apps()
    raise_errors(app)
    app.show_title()
    app.new_game(app.seats_for(["human", "easy"]), None, 5)
    message = app.scenes.top
    assert isinstance(message, MessageScene)
    assert message.title == i18n.t("notice.rules_file_title")
    assert "rules.yaml" in message.body and "seven_skipz" in message.body
    assert "did you mean 'seven_skips'?" in message.body
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    app.step(FRAME)
    table = app.current_table()
    assert table is not None and table.session.rules == Rules()


def test_broken_bundled_levels_in_the_app_shows_a_message(apps, tmp_path, monkeypatch):
    from craits.config import levels as profiles
    from craits.ui.dialogs.message import MessageScene

    broken = tmp_path / "ai.yaml"
    text = (ROOT / "config" / "ai.yaml").read_text("utf-8")
    broken.write_text(text.replace("    play: heuristic", "    plya: heuristic", 1), "utf-8")
    monkeypatch.setattr(profiles, "bundled_path", lambda: broken)
    profiles.default_profiles.cache_clear()
    try:
        app = apps()
        raise_errors(app)
        app.show_title()
        app.new_game(app.seats_for(["human", "easy"]), short_rules(), 5)
        app.step(FRAME)
        message = app.scenes.top
        assert isinstance(message, MessageScene)
        assert message.title == i18n.t("notice.levels_file_title")
        assert "ai.yaml" in message.body and "plya" in message.body
        # Continuing a saved game needs the levels too: the same message, and the save is
        # kept as it is (nothing is wrong with it).
        session = Session([Seat("human", "Ana"), Seat("human", "Bo")], short_rules(), 2)
        session.act(session.view(0).legal[0], session.to_act())
        data = {**session.to_save(), "seats": [{"kind": "human", "name": "Ana"},
                                               {"kind": "easy", "name": "Bo"}]}
        SaveStore(tmp_path).save(data)
        assert not app.continue_game()
        assert app.scenes.top.title == i18n.t("notice.levels_file_title")
        assert SaveStore(tmp_path).load()[0] == data
        assert not list((tmp_path / "logs").glob("crash-*.log"))
    finally:
        profiles.default_profiles.cache_clear()


@pytest.mark.parametrize("broken", ["rules", "levels"])
def test_a_problem_met_at_start_up_leaves_the_title_behind_its_message(apps, tmp_path,
                                                                       monkeypatch, broken):
    # ``craits --seats ...`` goes straight to the table: when the rules or the levels file is
    # broken, the message shows over nothing; closing it must not leave an empty window.
    from craits.config import levels as profiles
    from craits.config import rules as rules_module
    from craits.ui.dialogs.message import MessageScene

    name, old, new = {"rules": ("rules.yaml", "  seven_skips: false", "  seven_skipz: false"),
                      "levels": ("ai.yaml", "    play: heuristic", "    plya: heuristic")}[broken]
    path = tmp_path / name
    path.write_text((ROOT / "config" / name).read_text("utf-8").replace(old, new, 1), "utf-8")
    monkeypatch.setattr(rules_module, "_bundled_rules_path", lambda: path if broken == "rules"
                        else ROOT / "config" / "rules.yaml")
    monkeypatch.setattr(profiles, "bundled_path", lambda: path if broken == "levels"
                        else ROOT / "config" / "ai.yaml")
    profiles.default_profiles.cache_clear()
    try:
        app = apps()
        raise_errors(app)
        app.new_game(app.seats_for(["human", "easy"]), None, 5)  # as main() does
        assert isinstance(app.scenes.top, MessageScene)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode="\x1b", scancode=0))
        app.step(FRAME)
        app.step(FRAME)
        assert type(app.scenes.top).__name__ == "TitleScene"
    finally:
        profiles.default_profiles.cache_clear()


def test_an_error_while_starting_is_caught_like_any_other(tmp_path, monkeypatch):
    # Between the window opening and the main loop (``--seats``, ``--resume``) the loop's
    # safety net is not up yet: an error there must get the same treatment.
    import logging

    from craits.ui import startup as app_module
    from craits.ui.table.scene import TableScene

    def explode(*_args, **_kwargs):
        raise Boom("while starting")

    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    monkeypatch.setattr(TableScene, "__init__", explode)
    before = list(logging.getLogger().handlers)
    try:
        status = app_module.main(["--seats", "human,easy", "--headless", "--max-seconds",
                                  "0.3"])
    finally:
        for handler in logging.getLogger().handlers:
            if handler not in before:
                logging.getLogger().removeHandler(handler)
                handler.close()
    assert status in (0, 1)
    logs = list((tmp_path / "logs").glob("crash-*.log"))
    assert logs and "Boom: while starting" in logs[0].read_text("utf-8")


# ============================================================================ unexpected errors


class Boom(RuntimeError):
    pass


@pytest.mark.draws  # an error while drawing is one of them
@pytest.mark.parametrize("where", ["update", "draw", "handle"])
def test_an_unexpected_error_is_logged_saved_and_explained(apps, tmp_path, monkeypatch, where):
    from craits.ui.dialogs.message import MessageScene
    from craits.ui.table.scene import TableScene

    app = apps()
    app.new_game(app.seats_for(["human", "easy"]), short_rules(), 9)
    table = app.current_table()
    play_until(app, lambda: len(table.session.records) >= 4, StandInPlayer(3))
    session = table.session

    def explode(*_args, **_kwargs):
        raise Boom("injected for the test")

    monkeypatch.setattr(TableScene, where, explode)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a",
                                         scancode=0))
    app.step(FRAME)
    monkeypatch.undo()
    logs = list((tmp_path / "logs").glob("crash-*.log"))
    assert len(logs) == 1
    assert "Boom: injected for the test" in logs[0].read_text("utf-8")
    data, problem = SaveStore(tmp_path).load()
    assert problem is None and data["actions"] == session.records
    message = app.scenes.top
    assert isinstance(message, MessageScene)
    assert message.body == i18n.t("notice.crash", path=str(logs[0]))
    app.step(FRAME)  # the message draws; the app is still running
    assert app.running
    post_click(message.buttons[0].rect.center)
    app.step(FRAME)
    assert type(app.scenes.top).__name__ == "TitleScene"
    assert app.continue_game()
    assert app.current_table().session.records == session.records


def test_every_error_keeps_its_own_log(apps):
    app = apps()
    first = write_crash_log(app.home, Boom("first"))
    second = write_crash_log(app.home, Boom("second"))
    assert first != second
    assert "first" in first.read_text("utf-8") and "second" in second.read_text("utf-8")


def test_an_unusable_home_folder_is_reported_not_a_traceback(tmp_path):
    home = tmp_path / "not-a-folder"
    home.write_text("a file where the game's folder should be", encoding="utf-8")
    result = run_craits(["--headless", "--max-seconds", "1"], home)
    assert "Traceback" not in result.stderr
    assert result.returncode != 0
    assert str(home) in result.stderr


@pytest.mark.draws  # the errors come from drawing
def test_errors_that_keep_coming_end_the_app_quietly(apps, tmp_path, monkeypatch):
    from craits.ui.menus.title import TitleScene

    app = apps()
    app.show_title()

    def explode(*_args, **_kwargs):
        raise Boom("every frame")

    monkeypatch.setattr(TitleScene, "draw", explode)
    monkeypatch.setattr("craits.ui.dialogs.message.MessageScene.draw", explode)
    for _ in range(10):
        app.step(FRAME)
        if not app.running:
            break
    assert not app.running and app.exit_code == 1
    assert list((tmp_path / "logs").glob("crash-*.log"))


# ============================================================================ security


UNSAFE_YAML = {"load", "load_all", "unsafe_load", "unsafe_load_all", "full_load",
               "full_load_all", "Loader", "FullLoader", "UnsafeLoader", "CLoader",
               "CFullLoader", "CUnsafeLoader", "UnsafeConstructor", "FullConstructor",
               "Constructor"}


def unsafe_yaml_uses(source: str) -> list[str]:
    """Names of PyYAML's unsafe loaders that ``source`` uses (``yaml.load(...)`` and kin)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Attribute) and node.attr in UNSAFE_YAML
                and isinstance(node.value, ast.Name) and node.value.id == "yaml"):
            found.append(f"yaml.{node.attr} (line {node.lineno})")
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("yaml"):
            found += [f"from {node.module} import {a.name} (line {node.lineno})"
                      for a in node.names if a.name in UNSAFE_YAML]
    return found


def python_files() -> list[Path]:
    return [p for folder in ("craits", "tools", "benchmarks", "tests")
            for p in sorted((ROOT / folder).rglob("*.py"))]


def test_the_unsafe_yaml_detector_detects():
    assert unsafe_yaml_uses("import yaml\nyaml.load(text, Loader=yaml.Loader)\n") == [
        "yaml.load (line 2)", "yaml.Loader (line 2)"]
    assert unsafe_yaml_uses("from yaml import load, FullLoader\n")
    assert not unsafe_yaml_uses("import yaml\nyaml.safe_load(t)\nclass L(yaml.SafeLoader): ...")


def test_yaml_is_only_read_through_the_safe_loader():
    offenders = {str(p.relative_to(ROOT)): found for p in python_files()
                 if (found := unsafe_yaml_uses(p.read_text("utf-8")))}
    assert offenders == {}
    import yaml

    from craits.config import StrictLoader

    assert issubclass(StrictLoader, yaml.SafeLoader)


PICKLERS = {"pickle", "cPickle", "_pickle", "marshal", "shelve", "dill", "cloudpickle", "joblib"}


def imported_modules(source: str) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_saves_settings_and_statistics_are_data_never_pickles(tmp_path):
    assert imported_modules("import pickle\nfrom shelve import open\n") >= {"pickle", "shelve"}
    stores = [ROOT / "craits" / "session.py", ROOT / "craits" / "paths.py",
              ROOT / "craits" / "persistence" / "autosave.py",
              *sorted((ROOT / "craits" / "persistence").glob("*.py"))]
    for path in stores:
        assert not imported_modules(path.read_text("utf-8")) & PICKLERS, path.name
    # What lands on disk is plain JSON text.
    session = Session([Seat("human", "Ana"), Seat("easy", "Bo")], short_rules(), 2)
    drive_session(session, lambda: len(session.records) > 5)
    SaveStore(tmp_path).save(session.to_save())
    SettingsStore(tmp_path).save(SettingsStore(tmp_path).load()[0])
    StatisticsStore(tmp_path).save(Statistics())
    for name in ("save.json", "settings.json", "stats.json"):
        assert isinstance(json.loads((tmp_path / name).read_text("utf-8")), dict)


@pytest.mark.parametrize("name", ["../save.json", "..", "/etc/passwd", "logs/../../x",
                                  "a\\b.json", "C:x.json", "x\x00.json", " save.json",
                                  "save.json.", "line\nbreak"])
def test_names_from_outside_cannot_leave_the_home(tmp_path, name):
    with pytest.raises(UnsafePathError):
        safe_child(name, tmp_path)
    with pytest.raises(UnsafePathError):
        SaveStore(tmp_path, name)


def test_everything_the_app_writes_stays_in_craits_home(apps, tmp_path, monkeypatch):
    import logging

    from craits.ui.startup import setup_logging

    app = apps()
    home = tmp_path.resolve()
    before = list(logging.getLogger().handlers)
    log_file = setup_logging()
    for handler in logging.getLogger().handlers:
        if handler not in before:
            logging.getLogger().removeHandler(handler)
            handler.close()
    assert log_file is not None and log_file.resolve().is_relative_to(home)
    assert app.home.resolve() == home
    for path in (app.saves.path, app.settings_store.path, app.stats_store.path):
        assert path.resolve().parent == home
    crash_log = write_crash_log(app.home, Boom("where does this go"))
    assert crash_log is not None and crash_log.resolve().is_relative_to(home)
    if sys.platform == "win32":
        return  # links need privileges on Windows
    # A symlink planted in the home cannot redirect a save outside it: it is set aside when
    # read, and a write replaces the link itself.
    outside = tmp_path.parent / f"{tmp_path.name}-outside.json"
    (tmp_path / "planted.json").symlink_to(outside)
    store = SaveStore(tmp_path, "planted.json")
    assert store.load()[1].kept_as == "planted.bad.json"
    (tmp_path / "planted.json").symlink_to(outside)
    with pytest.raises(UnsafePathError):
        safe_child("planted.json", tmp_path)  # for any other use, the link is refused
    store.save({"seed": 1})
    assert not outside.exists() and not store.path.is_symlink()
