"""A round whose end was saved but not yet counted (the app killed between the two writes) is
counted when the app starts, whatever the player does next (a new game, Continue, nothing),
and never twice; at the game's end the game too, and it is kept among the past games."""

from __future__ import annotations

from app_driver import FRAME, drive_session, make_app, raise_errors, short_rules

from craits.persistence import SaveStore, StatisticsStore
from craits.persistence.archive import GameArchive
from craits.session import Seat, Session


def killed_at_a_round_end(home, last_round: bool = False) -> Session:
    """``home`` as a kill between the save at a round's end and the statistics leaves it:
    the save holds the round's end, and nothing says the round was counted."""
    session = Session([Seat("human", "Ana"), Seat("easy", "Bo")], short_rules(), 12)
    rounds = len(session.rules.deals) if last_round else 1
    drive_session(session, lambda: len(session.match.history) == rounds
                  and session.match.state.is_over())
    data = session.to_save()
    data["stats_rounds"] = rounds - 1  # the save's copy, written before the round was counted
    SaveStore(home).save(data)
    return session


def counted(home) -> tuple[int, int]:
    stats, problem = StatisticsStore(home).load()
    assert problem is None
    return stats.rounds["overall"].played, stats.games["overall"].played


def test_a_new_game_instead_of_continuing_still_counts_the_round(tmp_path, monkeypatch):
    killed_at_a_round_end(tmp_path)
    assert counted(tmp_path) == (0, 0)
    app = make_app(tmp_path, monkeypatch)
    raise_errors(app)
    try:
        assert counted(tmp_path) == (1, 0)  # at the start, before the player chose anything
        app.new_game(app.seats_for(["human", "easy"]), short_rules(), 5, replace_ok=True)
        app.step(FRAME)
    finally:
        app.shutdown()
    assert counted(tmp_path) == (1, 0)


def test_continuing_after_the_start_counted_it_counts_nothing_twice(tmp_path, monkeypatch):
    killed_at_a_round_end(tmp_path)
    for _ in range(2):  # two starts, the second one continuing
        app = make_app(tmp_path, monkeypatch)
        raise_errors(app)
        try:
            assert app.continue_game()
            for _ in range(5):
                app.step(FRAME)
        finally:
            app.shutdown()
        assert counted(tmp_path) == (1, 0)
    data, _ = SaveStore(tmp_path).load()
    assert data["stats_rounds"] == 1  # the save agrees with the statistics


def test_the_last_round_counts_the_game_and_keeps_it_among_the_past_games(tmp_path,
                                                                          monkeypatch):
    session = killed_at_a_round_end(tmp_path, last_round=True)
    rounds = len(session.match.history)
    app = make_app(tmp_path, monkeypatch)
    try:
        assert counted(tmp_path) == (1, 1)  # the last round and the game: once each
        games, _ = GameArchive(tmp_path).games()
        assert [g.totals for g in games] == [session.match.totals]
    finally:
        app.shutdown()
    app = make_app(tmp_path, monkeypatch)  # started again: nothing more is counted
    try:
        assert counted(tmp_path) == (1, 1)
        assert len(GameArchive(tmp_path).games()[0]) == 1
        assert rounds == len(session.rules.deals)
    finally:
        app.shutdown()


def test_a_save_that_cannot_be_used_is_left_for_continue_to_report(tmp_path, monkeypatch):
    (tmp_path / "save.json").write_text("{ not json", encoding="utf-8")
    app = make_app(tmp_path, monkeypatch)
    try:
        assert (tmp_path / "save.json").read_text("utf-8") == "{ not json"  # untouched
        assert not app.continue_game()
        assert (tmp_path / "save.bad.json").is_file()
    finally:
        app.shutdown()
