"""Past games: the last finished games kept as records in the player's folder, damaged ones set
aside; the hints asked for in a game counted; coaching's progress kept in the settings."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from test_review_replay import play

from craits.persistence import Settings, SettingsStore, Statistics, StatisticsStore
from craits.persistence.archive import GameArchive
from craits.persistence.game_record import game_record, match_result
from craits.persistence.keeping import MatchKeeper
from craits.persistence.saves import SaveStore
from craits.review import Replay, export_record, load_record


class Writer:
    def submit(self, data):
        pass

    def flush(self):
        pass


def test_a_kept_game_is_the_record_the_review_exports(tmp_path):
    session = play(5, ("human", "easy"))
    archive = GameArchive(tmp_path)
    path = archive.keep(session)
    kept = json.loads(path.read_text(encoding="utf-8"))
    assert kept == export_record(session)
    assert load_record(kept).match.totals == session.match.totals
    games, problems = archive.games()
    assert problems == [] and [g.path for g in games] == [path]
    game = games[0]
    assert game.names == ("P0", "P1") and game.totals == session.match.totals
    assert game.rounds == len(session.match.history)
    assert Replay(archive.record(game)).steps[-1].state == session.match.state


def test_the_archive_keeps_the_newest_games_only(tmp_path):
    archive = GameArchive(tmp_path, keep=3)
    start = datetime(2026, 11, 30, 12, 0, 0)
    sessions = [play(seed, ("human", "easy")) for seed in range(5)]
    for i, session in enumerate(sessions):
        archive.keep(session, now=start + timedelta(minutes=i))
    games, _ = archive.games()
    assert len(games) == 3
    assert [g.finished.minute for g in games] == [4, 3, 2]  # newest first
    assert [g.totals for g in games] == [s.match.totals for s in sessions[:1:-1]]
    # The same match kept again keeps its one file.
    archive.keep(sessions[-1], now=start + timedelta(hours=1))
    assert len(archive.games()[0]) == 3


def test_a_damaged_kept_game_is_set_aside_and_the_rest_listed(tmp_path):
    archive = GameArchive(tmp_path)
    start = datetime(2026, 11, 30, 12, 0, 0)
    for i in range(3):
        archive.keep(play(i, ("human", "easy")), now=start + timedelta(minutes=i))
    files = sorted(archive.folder.glob("game-*.json"))
    files[1].write_text("{ not json", encoding="utf-8")
    games, problems = archive.games()
    assert len(games) == 2 and len(problems) == 1
    problem = problems[0]
    assert problem.kind == "damaged" and problem.kept_as and ".bad" in problem.kept_as
    assert (archive.folder / problem.kept_as).read_text(encoding="utf-8") == "{ not json"
    assert len(archive.games()[0]) == 2 and archive.games()[1] == []  # told once
    # A file of another kind (not a record) is set aside too; nothing is ever deleted.
    files[0].write_text(json.dumps({"format": "craits-save"}), encoding="utf-8")
    games, problems = archive.games()
    assert len(games) == 1 and len(problems) == 1
    assert len(list(archive.folder.glob("*.bad*.json"))) == 2


def test_the_archive_writes_a_record_atomically_and_only_json(tmp_path):
    session = play(2, ("human", "easy"))
    record = game_record(session.to_save(), {"finished_rounds": 1, "totals": [3, 4],
                                             "over": False})
    assert record["result"] == {"finished_rounds": 1, "totals": [3, 4], "over": False}
    assert game_record(session.to_save(), match_result(session.match))["result"] == \
        {"finished_rounds": len(session.match.history), "totals": list(session.match.totals),
         "over": session.match.is_over()}
    archive = GameArchive(tmp_path)
    archive.keep(session)
    assert [p.name for p in archive.folder.iterdir() if p.name.endswith(".tmp")] == []


def test_the_keeper_keeps_a_finished_game_before_the_save_goes(tmp_path):
    saves = SaveStore(tmp_path)
    session = play(7, ("human", "easy"))
    saves.save(session.to_save())
    statistics = Statistics()
    seen = []

    class Archive(GameArchive):
        def keep(self, s, now=None):
            seen.append(saves.exists())  # the save is still there
            return super().keep(s, now)

    keeper = MatchKeeper(saves, Writer(), lambda: statistics, lambda: True,
                         archive=Archive(tmp_path))
    keeper.match_over(session)
    assert seen == [True] and not saves.exists()
    assert len(GameArchive(tmp_path).games()[0]) == 1
    # By default the keeper keeps games beside the save.
    assert MatchKeeper(saves, Writer(), lambda: statistics, lambda: True).archive.folder == \
        tmp_path / "games"


def test_a_table_of_computers_is_not_kept(tmp_path):
    session = play(7, ("easy", "medium"))
    keeper = MatchKeeper(SaveStore(tmp_path), Writer(), Statistics, lambda: True)
    keeper.match_over(session)
    assert GameArchive(tmp_path).games() == ([], [])


# ---------------------------------------------------------------- hints in the statistics


def test_hints_are_counted_and_games_won_without_them_told_apart(tmp_path):
    stats = Statistics()
    stats.note_hint("ab12")
    stats.note_hint("ab12")
    assert stats.hints_used == 2 and stats.hints_in("ab12") == 2 and stats.hints_in("ff") == 0
    stats.record_game(["human", "hard"], [10, 40], hints=stats.hints_in("ab12"))
    stats.record_game(["human", "hard"], [10, 40], hints=0)
    stats.record_game(["human", "hard"], [50, 40], hints=0)
    assert stats.games["overall"].won == 2
    assert stats.games_without_hints["overall"].played == 2
    assert stats.games_without_hints["overall"].won == 1
    assert stats.games_without_hints["hard"].won == 1
    store = StatisticsStore(tmp_path)
    store.save(stats)
    again, problem = store.load()
    assert problem is None and again == stats and again.hints_by_match == {"ab12": 2}


def test_only_the_latest_matches_hints_are_remembered():
    stats = Statistics()
    for i in range(30):
        stats.note_hint(f"{i:x}")
    assert len(stats.hints_by_match) == 20 and stats.hints_used == 30
    assert "1d" in stats.hints_by_match and "0" not in stats.hints_by_match


def test_a_bad_hints_field_falls_back_alone():
    good = Statistics()
    good.note_hint("abc")
    data = good.to_dict()
    data["hints_by_match"] = {"not hex!": 3}
    stats, notes = Statistics.from_dict(data)
    assert stats.hints_by_match == {} and stats.hints_used == 1
    assert any("hints_by_match" in note for note in notes)


def test_the_keeper_counts_a_game_without_hints_only_when_none_was_asked(tmp_path):
    session = play(4, ("human", "easy"))
    statistics = Statistics()
    statistics.note_hint(session.match_id)
    keeper = MatchKeeper(SaveStore(tmp_path), Writer(), lambda: statistics, lambda: True)
    keeper.match_over(session)
    assert statistics.games["overall"].played == 1
    assert statistics.games_without_hints["overall"].played == 0


# ---------------------------------------------------------------- coaching in the settings


def test_coaching_and_its_progress_are_kept_in_the_settings(tmp_path):
    store = SettingsStore(tmp_path)
    assert Settings().coaching is True and Settings().coach == {}
    progress = {"shown": ["four_skip", "crank_started"], "games": 1, "enabled": True}
    store.save(Settings(coaching=False, coach=progress))
    settings, problem = store.load()
    assert problem is None and settings.coaching is False and settings.coach == progress


def test_bad_coaching_progress_falls_back_alone(tmp_path):
    data = Settings().to_dict()
    data["coach"] = {"shown": "everything", "games": -1}
    data["volume"] = 0.3
    settings, notes = Settings.from_dict(data)
    assert settings.coach == {} and settings.volume == 0.3
    assert any(note.startswith("coach") for note in notes)
