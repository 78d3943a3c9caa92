"""What the readers accept, the code can use (issue 40): every store fed the extreme values its
reader accepts, then a game is ended (counted, rated, kept) and the app started again, and
the rating's arithmetic never divides by zero, whatever the ratings or the levels say."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from app_driver import FRAME, drive_session, make_app, raise_errors, short_rules

from craits.daily.deal import FIRST_DEAL, LAST_DEAL
from craits.daily.record import DAILY_FILE, MAX_SCORE
from craits.engine.notation import MAX_ACTIONS, MAX_PLAYERS
from craits.persistence.keeping import MatchKeeper
from craits.persistence.player_files import PlayerFiles
from craits.persistence.puzzles import MAX_COST, PuzzleStore
from craits.persistence.ratings import MAX_GAMES, RATINGS_FILE, RatingsStore
from craits.persistence.statistics import MAX_COUNT, MAX_TOTAL, STATS_FILE
from craits.persistence.statistics import MAX_SCORE as MAX_ROUND_SCORE
from craits.rating import (
    MAX_DEVIATION,
    MAX_RATING,
    MAX_VOLATILITY,
    MIN_RATING,
    MIN_VOLATILITY,
    START_VOLATILITY,
    LevelRating,
    Rating,
    update,
)
from craits.seat import Seat
from craits.session import Session
from craits.ui.menus.statistics import StatisticsScene
from craits.ui.ratings import rate_game

GAME = "0123456789abcdef0123456789abcdef"


def envelope(kind: str, data: object) -> str:
    return json.dumps({"format": kind, "version": 1, "data": data})


def player(name: str, rating: float, deviation: float, volatility: float) -> dict:
    return {"name": name, "rating": rating, "deviation": deviation, "volatility": volatility,
            "games": MAX_GAMES, "history": [{"match": "ab", "rating": rating,
                                              "deviation": deviation}]}


def extreme_files(home: Path) -> None:
    """Each store's file at the edges of what its reader accepts."""
    (home / RATINGS_FILE).write_text(envelope("craits-ratings", {"players": [
        player("High", MAX_RATING, 0, MIN_VOLATILITY),
        player("Low", MIN_RATING, MAX_DEVIATION, MAX_VOLATILITY)]}), "utf-8")
    tally = {"played": MAX_COUNT, "won": MAX_COUNT}
    buckets = ("overall", "easy", "medium", "hard", "expert", "humans_only")
    (home / STATS_FILE).write_text(envelope("craits-stats", {
        "games": dict.fromkeys(buckets, tally), "rounds": dict.fromkeys(buckets, tally),
        "games_without_hints": dict.fromkeys(buckets, tally),
        "game_scores": {"full": {"best": -MAX_ROUND_SCORE, "total": MAX_TOTAL,
                                 "count": MAX_COUNT},
                        "short": {"best": MAX_ROUND_SCORE, "total": -MAX_TOTAL, "count": 1}},
        "best_round_score": -MAX_ROUND_SCORE, "longest_crank": MAX_COUNT,
        "idiots_caught_by_you": MAX_COUNT, "idiots_caught_of_you": MAX_COUNT,
        "hints_used": MAX_COUNT, "undos_used": MAX_COUNT}), "utf-8")
    (home / DAILY_FILE).write_text(envelope("craits-daily", {
        "started": [{"deal": LAST_DEAL, "at": "99991231-235959"},
                    {"deal": FIRST_DEAL, "at": "00010101-000000"}],
        "results": [{"deal": LAST_DEAL, "day": "9999-12-31", "total": MAX_SCORE, "place": 5,
                     "players": 5, "game": "x" * 200},
                    {"deal": FIRST_DEAL, "day": "0001-01-01", "total": -MAX_SCORE, "place": 1,
                     "players": 2, "game": "y"}],
        "pars": {"k": [MAX_SCORE, -MAX_SCORE]}}), "utf-8")
    (home / "puzzles.json").write_text(envelope("craits-puzzles", {"puzzles": [
        {"file": "game-1.json", "game": GAME, "seat": MAX_PLAYERS - 1, "focus": MAX_ACTIONS,
         "cost": MAX_COST, "solved": False}]}), "utf-8")


def end_a_rated_game(home: Path, names: tuple[str, ...]) -> PlayerFiles:
    files = PlayerFiles(home)
    keeper = MatchKeeper(files.saves, files.autosaver, lambda: files.statistics,
                         files.save_statistics, files.archive,
                         rate=lambda session: rate_game(files, session))
    session = Session([Seat("human", names[0]), Seat("easy", "E"), Seat("medium", "M"),
                       Seat("human", names[1])], short_rules(), 3)
    keeper.begin(session)
    drive_session(session, lambda: session.match.is_over())
    keeper.match_over(session)
    return files


def test_every_store_at_its_edges_lets_a_game_end_and_the_app_start(tmp_path, monkeypatch):
    extreme_files(tmp_path)
    files = end_a_rated_game(tmp_path, ("High", "Low"))
    try:
        assert files.problems == []  # every value was one the readers accept
        for name in ("High", "Low"):
            rated = files.ratings.player(name)
            assert rated is not None and rated.history[-1].match != "ab"  # rated, not stopped
            assert MIN_RATING <= rated.rating.rating <= MAX_RATING
            assert MIN_VOLATILITY <= rated.rating.volatility <= MAX_VOLATILITY
    finally:
        files.close()
    assert RatingsStore(tmp_path).load()[1] is None  # what it wrote, it reads back
    assert PuzzleStore(tmp_path).load()[1] is None
    app = make_app(tmp_path, monkeypatch)
    try:
        raise_errors(app)
        assert [str(n) for n in app.notices] == []
        app.step(FRAME)  # the title, with the day's deal and its streak
        app.scenes.push(StatisticsScene(app))
        app.step(FRAME)  # every figure at its largest, drawn
        assert isinstance(app.scenes.top, StatisticsScene)
    finally:
        app.shutdown()


def test_a_rating_whose_expected_score_rounds_to_one_is_left_out_not_a_crash(tmp_path):
    """The probe's file: a rating the old reader accepted, so high that the expected score
    against any level rounds to 1 (the old arithmetic divided by zero at the game's end)."""
    (tmp_path / RATINGS_FILE).write_text(envelope("craits-ratings", {"players": [
        player("Ana", 10_000, 30, 0.06)]}), "utf-8")
    files = end_a_rated_game(tmp_path, ("Ana", "Bo"))
    try:
        assert [p.file for p in files.problems] == [RATINGS_FILE]
        ana = files.ratings.player("Ana")
        assert ana is not None and ana.games == 1  # left out at reading, rated afresh
    finally:
        files.close()
    assert PlayerFiles(tmp_path).problems == []  # written back: told once


@pytest.mark.parametrize("opponent", [LevelRating(-1e6, 0), LevelRating(1e6, 0),
                                      LevelRating(MIN_RATING, 30), LevelRating(1500, 1e6)])
@pytest.mark.parametrize("player", [
    Rating(MAX_RATING, 0, MIN_VOLATILITY), Rating(MIN_RATING, MAX_DEVIATION, MAX_VOLATILITY),
    Rating(1e300, -5, 0.0), Rating(float("nan"), float("inf"), float("nan"))])
def test_the_rating_arithmetic_never_fails(player: Rating, opponent: LevelRating) -> None:
    for score in (1.0, 0.5, 0.0):
        new = update(player, [(opponent, score)] * 60)
        assert MIN_RATING <= new.rating <= MAX_RATING
        assert 0 < new.deviation <= MAX_DEVIATION
        assert MIN_VOLATILITY <= new.volatility <= MAX_VOLATILITY


def test_a_new_player_starts_at_the_paper_s_volatility() -> None:
    """Glickman's example starts every player at a volatility of 0.06."""
    results = [(LevelRating(1400, 30), 1.0), (LevelRating(1550, 100), 0.0),
               (LevelRating(1700, 300), 0.0)]
    assert START_VOLATILITY == Rating().volatility == 0.06
    assert update(Rating(), results) == update(Rating(1500, 350, 0.06), results)
    assert update(Rating(), results).volatility == pytest.approx(0.06, abs=1e-4)


def test_a_rating_that_fails_never_stops_the_game_from_being_kept(tmp_path):
    files = PlayerFiles(tmp_path)

    def broken(session: object) -> None:
        raise ZeroDivisionError("float division by zero")

    try:
        keeper = MatchKeeper(files.saves, files.autosaver, lambda: files.statistics,
                             files.save_statistics, files.archive, rate=broken)
        session = Session([Seat("human", "Ana"), Seat("easy", "E")], short_rules(), 4)
        keeper.begin(session)
        drive_session(session, lambda: session.match.is_over())
        keeper.match_over(session)
        assert files.statistics.games["overall"].played == 1
        assert len(files.archive.games()[0]) == 1 and not files.saves.exists()
    finally:
        files.close()
