"""One bad value in the statistics (or settings) costs only that value: the rest is kept, and
the file as it was is kept aside before it is ever written again."""

from __future__ import annotations

import json

import pytest
from app_driver import make_app, raise_errors

from craits import i18n
from craits.persistence import SettingsStore, Statistics, StatisticsStore, envelope


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


def played_statistics() -> Statistics:
    stats = Statistics()
    for n in range(6):
        stats.record_round(["human", "medium"], [0, 20], winner=0, longest_crank=n)
        stats.record_round(["human", "hard"], [15, 0], winner=1)
    stats.record_game(["human", "medium"], [10, 90])
    return stats


def write_stats(tmp_path, data: dict) -> bytes:
    raw = json.dumps(envelope("craits-stats", 1, data)).encode()
    (tmp_path / "stats.json").write_bytes(raw)
    return raw


def test_one_bad_field_costs_only_that_field(tmp_path):
    good = played_statistics()
    data = good.to_dict()
    data["rounds"]["medium"]["won"] = "six"  # one value in the rounds group
    data["game_scores"]["full"]["best"] = 1.5
    write_stats(tmp_path, data)
    stats, problem = StatisticsStore(tmp_path).load()
    assert problem is not None and "rounds.medium.won" in problem.detail
    assert stats.rounds["medium"].played == good.rounds["medium"].played
    assert stats.rounds["medium"].won == 0
    for bucket in ("overall", "hard"):
        assert stats.rounds[bucket] == good.rounds[bucket]
    assert stats.games == good.games
    assert stats.game_scores["full"].count == 1 and stats.game_scores["full"].best is None
    assert stats.longest_crank == good.longest_crank


def test_the_file_is_kept_aside_before_it_is_written_again(tmp_path, monkeypatch):
    data = played_statistics().to_dict()
    data["games"]["overall"]["played"] = -3
    raw = write_stats(tmp_path, data)
    app = make_app(tmp_path, monkeypatch)
    raise_errors(app)
    try:
        assert (tmp_path / "stats.bad.json").read_bytes() == raw
        assert [str(n) for n in app.notices] == [
            i18n.t("notice.stats_fields_kept", path=str(tmp_path / "stats.bad.json"))]
        assert app.statistics.rounds == played_statistics().rounds
        app.stats_store.save(app.statistics)  # a round ends: the file is written again
    finally:
        app.shutdown()
    assert (tmp_path / "stats.bad.json").read_bytes() == raw
    stored, problem = StatisticsStore(tmp_path).load()
    assert problem is None and stored.rounds == played_statistics().rounds


def test_settings_with_a_bad_field_are_kept_aside_too(tmp_path):
    store = SettingsStore(tmp_path)
    data = json.loads(json.dumps(envelope("craits-settings", 1, {"volume": 0.3,
                                                                 "muted": "yes"})))
    raw = json.dumps(data).encode()
    (tmp_path / "settings.json").write_bytes(raw)
    settings, problem = store.load()
    assert settings.volume == 0.3 and settings.muted is False
    assert problem.kept_as == "settings.bad.json"
    store.save(settings)
    assert (tmp_path / "settings.bad.json").read_bytes() == raw


def test_every_language_has_the_kept_notices():
    from craits.persistence import Problem
    from craits.ui.notices import problem_notice

    for name in ("settings.json", "stats.json"):
        notice = problem_notice(Problem("fields", name, "x", name.replace(".json",
                                                                          ".bad.json")))
        for language, _ in i18n.available_languages():
            i18n.set_language(language)
            assert name.replace(".json", ".bad.json") in str(notice)


def test_what_is_counted_is_stored_with_the_figures_and_bounded(tmp_path):
    from craits.persistence.counted import MAX_MATCHES

    stats = played_statistics()
    for n in range(MAX_MATCHES + 5):
        stats.counted.note(f"{n:x}", n)
    stats.counted.note("3", 4, game=True)  # seen again: the newest
    StatisticsStore(tmp_path).save(stats)
    stored, problem = StatisticsStore(tmp_path).load()
    assert problem is None and stored == stats
    assert len(stored.counted.matches) == MAX_MATCHES
    assert stored.counted.rounds("3") == 4 and stored.counted.game("3")
    assert stored.counted.rounds("0") is None  # the oldest went first
    assert "counted" not in stats.to_dict()  # not one of the figures shown
