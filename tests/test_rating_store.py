"""The players' ratings file: strict entry by entry, atomic, each game rated once, bounded;
and a finished game at the table rates its human seats against the computer levels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from app_driver import drive_session, short_rules

from craits import i18n
from craits.persistence.keeping import MatchKeeper
from craits.persistence.player_files import PlayerFiles
from craits.persistence.ratings import (
    MAX_HISTORY,
    MAX_PLAYERS,
    RATINGS_FILE,
    Ratings,
    RatingsStore,
)
from craits.rating import LevelRating
from craits.seat import Seat
from craits.session import Session
from craits.ui.notices import problem_notice
from craits.ui.ratings import rate_game

LEVELS = {"easy": LevelRating(1200, 80), "hard": LevelRating(1700, 60)}
SEATS = [Seat("human", "Ana"), Seat("easy", "Bo"), Seat("hard", "Cy")]
WON = [(0, 10, 10), (0, 4, 8)]  # Ana went out both rounds


def test_a_game_is_rated_once_and_written_back_as_it_was(tmp_path: Path) -> None:
    ratings = Ratings()
    assert ratings.rate_game("ab12", SEATS, WON, LEVELS) == ["Ana"]
    ana = ratings.player(" ana ")
    assert ana is not None and ana.games == 1 and ana.rating.rating > 1500
    assert [p.match for p in ana.history] == ["ab12"]
    assert ratings.rate_game("ab12", SEATS, WON, LEVELS) == []  # the same game again
    assert ana.games == 1
    store = RatingsStore(tmp_path)
    store.save(ratings)
    loaded, problem = store.load()
    assert problem is None and loaded == ratings


def test_humans_alone_or_unrated_levels_give_no_rating() -> None:
    ratings = Ratings()
    humans = [Seat("human", "Ana"), Seat("human", "Bo")]
    assert ratings.rate_game("01", humans, [(0, 3)], LEVELS) == []
    assert ratings.rate_game("02", [Seat("human", "Ana"), Seat("mine", "X")], [(0, 3)],
                             LEVELS) == []
    assert ratings.players == {}


def test_the_history_and_the_players_are_bounded() -> None:
    ratings = Ratings()
    for game in range(MAX_HISTORY + 5):
        ratings.rate_game(f"{game:x}", SEATS, WON, LEVELS)
    ana = ratings.player("Ana")
    assert ana is not None and ana.games == MAX_HISTORY + 5
    assert len(ana.history) == MAX_HISTORY and ana.history[-1].match == f"{MAX_HISTORY + 4:x}"
    for n in range(MAX_PLAYERS + 3):
        ratings.rate_game("ff", [Seat("human", f"P{n}"), Seat("easy", "Bo")], [(0, 4)], LEVELS)
    assert len(ratings.players) == MAX_PLAYERS and ratings.player("Ana") is None
    assert ratings.latest()[0].name == f"P{MAX_PLAYERS + 2}"


def _write(tmp_path: Path, data: object) -> None:
    text = json.dumps({"format": "craits-ratings", "version": 1, "data": data})
    (tmp_path / RATINGS_FILE).write_text(text, encoding="utf-8")


def _good(name: str = "Ana") -> dict:
    return {"name": name, "rating": 1600.5, "deviation": 80.0, "volatility": 0.06, "games": 2,
            "history": [{"match": "ab", "rating": 1550.0, "deviation": 120.0},
                        {"match": "cd", "rating": 1600.5, "deviation": 80.0}]}


@pytest.mark.parametrize(("bad", "words"), [
    ({"rating": "1600"}, "rating: expected a number"),
    ({"deviation": 900}, "deviation"),
    ({"volatility": 0}, "volatility"),
    ({"games": 1}, "more than"),
    ({"name": "  "}, "name"),
    ({"history": [{"match": "XYZ", "rating": 1, "deviation": 1}]}, "hexadecimal"),
    ({"history": [{"match": "ab", "rating": 1e9, "deviation": 1}]}, "out of range"),
    ({"colour": "red"}, "unknown key"),
])
def test_a_bad_entry_is_left_out_with_a_note_and_the_file_kept(
        tmp_path: Path, bad: dict, words: str) -> None:
    _write(tmp_path, {"players": [{**_good("Ana"), **bad}, _good("Bo")]})
    ratings, problem = RatingsStore(tmp_path).load()
    assert ratings.player("Ana") is None
    bo = ratings.player("bo")
    assert bo is not None and bo.rating.rating == 1600.5 and len(bo.history) == 2
    assert problem is not None and problem.kind == "fields" and words in problem.detail
    assert problem.kept_as is not None and (tmp_path / problem.kept_as).exists()
    # Told in the player's words: one player left out, not the file "could not be used".
    assert str(problem_notice(problem)) == i18n.tn(
        "notice.ratings_fields_kept", 1, path=str(tmp_path / problem.kept_as))
    assert "could not be used" not in str(problem_notice(problem))
    # Written back cleaned: the next start finds nothing to tell, and Bo is still there.
    again, problem = RatingsStore(tmp_path).load()
    assert problem is None and again == ratings
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ratings.bad.json", "ratings.json"]


def test_a_damaged_file_is_set_aside_and_the_ratings_start_again(tmp_path: Path) -> None:
    (tmp_path / RATINGS_FILE).write_text("{not json", encoding="utf-8")
    ratings, problem = RatingsStore(tmp_path).load()
    assert ratings == Ratings() and problem is not None and problem.kept_as is not None
    assert (tmp_path / problem.kept_as).read_text(encoding="utf-8") == "{not json"
    _write(tmp_path, {"players": {"Ana": 1500}})
    ratings, problem = RatingsStore(tmp_path).load()
    assert ratings == Ratings() and problem is not None and "players" in problem.detail


def test_the_player_files_tell_a_damaged_ratings_file(tmp_path: Path) -> None:
    (tmp_path / RATINGS_FILE).write_text("[]", encoding="utf-8")
    files = PlayerFiles(tmp_path)
    try:
        assert [p.file for p in files.problems] == [RATINGS_FILE]
        assert files.ratings == Ratings()
    finally:
        files.close()


def test_a_finished_game_at_the_table_is_rated_once_and_kept(tmp_path: Path) -> None:
    files = PlayerFiles(tmp_path)
    try:
        keeper = MatchKeeper(files.saves, files.autosaver, lambda: files.statistics,
                             files.save_statistics, files.archive,
                             rate=lambda session: rate_game(files, session))
        session = Session([Seat("human", "Ana"), Seat("easy", "Bo"), Seat("medium", "Cy")],
                          short_rules(), 5)
        keeper.begin(session)
        drive_session(session, lambda: session.match.is_over())
        keeper.match_over(session)
        ana = files.ratings.player("Ana")
        assert ana is not None and ana.games == 1
        assert ana.history[0].match == session.match_id
        keeper.settle(session, len(session.match.history))  # counted again after a kill
        assert ana.games == 1
        on_disk, problem = RatingsStore(tmp_path).load()
        assert problem is None and on_disk == files.ratings
    finally:
        files.close()


def test_a_seat_without_a_name_is_rated_under_the_name_the_table_shows(tmp_path: Path) -> None:
    files = PlayerFiles(tmp_path)
    try:
        session = Session([Seat("human", ""), Seat("easy", "")], short_rules(), 8)
        drive_session(session, lambda: session.match.is_over())
        assert rate_game(files, session) == ["You"]
        assert rate_game(files, session) == []
    finally:
        files.close()
