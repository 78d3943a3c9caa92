"""Moves taken back are counted as hints are: a game with one is not won without help, and the
Statistics screen shows how many there were."""

from __future__ import annotations

from craits import i18n
from craits.persistence import Statistics
from craits.ui.menus.statistics import StatisticsScene

SEATS = ["human", "hard"]


def test_a_take_back_is_help_like_a_hint():
    stats = Statistics()
    stats.note_undo("ab12")
    stats.note_undo("ab12")
    assert stats.undos_used == 2 and stats.hints_used == 0
    assert stats.hints_in("ab12") == 2
    stats.record_game(SEATS, [10, 40], hints=stats.hints_in("ab12"))
    stats.record_game(SEATS, [10, 40], hints=stats.hints_in("cd34"))
    assert stats.games["overall"].won == 2
    assert stats.games_without_hints["overall"].won == 1  # only the game without an undo


def test_the_count_is_kept_and_read_back():
    stats = Statistics()
    stats.note_undo("ab12")
    again, problems = Statistics.from_dict(stats.to_dict())
    assert problems == [] and again.undos_used == 1 and again.hints_in("ab12") == 1
    old = stats.to_dict()
    del old["undos_used"]  # statistics from before take-backs
    assert Statistics.from_dict(old)[0].undos_used == 0
    bad, problems = Statistics.from_dict({**stats.to_dict(), "undos_used": -3})
    assert bad.undos_used == 0 and any("undos_used" in p for p in problems)


def test_the_statistics_screen_shows_moves_taken_back(make_app):
    app = make_app()
    app.statistics.note_undo("ab12")
    app.statistics.record_game(SEATS, [10, 40], hints=1)
    scene = StatisticsScene(app)
    assert ("Moves taken back", "1") in scene.record_rows()
    rows = dict(scene.table_rows())
    assert rows[i18n.t("undo.won_without_help")][0] == "0"


def test_settings_turn_undo_off_and_on(make_app):
    from craits.ui.menus.settings import SettingsScene
    from craits.ui.widgets import Toggle

    app = make_app()
    assert app.settings.undo
    scene = SettingsScene(app)
    toggle = next(c for c in scene.controls if isinstance(c, Toggle)
                  and c.label.startswith("Undo a misclick"))
    toggle.set_value(False)
    assert not app.settings.undo
    assert app.files.settings_store.load()[0].undo is False  # saved
