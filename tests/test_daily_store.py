"""The deals of the day played: found finished among the past games, kept in ``daily.json``
(read strictly), counted for the streak on their own day only, and never counted twice."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta

from craits.config.levels import make_bot
from craits.daily.deal import deal
from craits.daily.keeper import DailyKeeper
from craits.daily.record import DailyRecord, DailyStore
from craits.director import FixedPace, InlineRunner, MatchDirector
from craits.persistence.archive import GameArchive
from craits.seat import Seat
from craits.session import Session

TODAY = deal(336).day


def finished_session(number: int, seed: int | None = None) -> Session:
    """Deal ``number`` played to its end (every seat played quickly by the easy level)."""
    the_deal = deal(number)
    seats = [Seat(kind, kind) for kind in the_deal.kinds]
    bots = {seat: make_bot("easy") for seat in range(len(seats))}
    session = Session(seats, the_deal.rules, the_deal.seed if seed is None else seed, bots=bots)
    MatchDirector(session, runner=InlineRunner(), pace=FixedPace()).run()
    assert session.match.is_over()
    return session


def record_of(number: int, totals=(30, 10, 50, 40), seed: int | None = None):
    the_deal = deal(number)
    return {"seed": the_deal.seed if seed is None else seed,
            "seats": [{"kind": kind, "name": kind} for kind in the_deal.kinds],
            "result": {"totals": list(totals), "finished_rounds": 8, "over": True}}


def at(day: date, hour: int) -> datetime:
    return datetime(day.year, day.month, day.day, hour)


def test_a_started_deal_found_finished_becomes_its_result():
    record = DailyRecord()
    record.start(336, at(TODAY, 9))
    assert record.settle([("game-a.json", at(TODAY, 10), record_of(336))])
    result = record.results[336]
    assert (result.total, result.place, result.players, result.day) == (30, 2, 4, TODAY)
    assert result.counts and record.streak(TODAY) == 1
    assert record.started == []


def test_other_games_are_not_taken_for_the_deal():
    record = DailyRecord()
    record.start(336, at(TODAY, 9))
    other_seed = record_of(336, seed=12)
    other_seats = record_of(336)
    other_seats["seats"][1]["kind"] = "easy"
    before = record_of(336)
    assert not record.settle([("a.json", at(TODAY, 10), other_seed),
                              ("b.json", at(TODAY, 10), other_seats),
                              ("c.json", at(TODAY, 8), before)])  # finished before it began
    assert record.results == {} and len(record.started) == 1


def test_an_old_deal_by_number_is_kept_but_does_not_count_for_the_streak():
    record = DailyRecord()
    record.start(330, at(TODAY, 9))
    record.settle([("game-a.json", at(TODAY, 10), record_of(330))])
    assert record.results[330].day == TODAY
    assert not record.results[330].counts
    assert record.streak(TODAY) == 0


def test_the_first_finish_is_kept_and_a_game_is_never_counted_twice():
    record = DailyRecord()
    record.start(336, at(TODAY, 9))
    record.settle([("game-a.json", at(TODAY, 10), record_of(336, (30, 10, 50, 40)))])
    record.start(336, at(TODAY, 11))
    games = [("game-a.json", at(TODAY, 10), record_of(336, (30, 10, 50, 40))),
             ("game-b.json", at(TODAY, 12), record_of(336, (5, 10, 50, 40)))]
    assert record.settle(games)
    assert record.results[336].total == 30  # the first one
    assert record.started == []
    record.start(336, at(TODAY, 13))
    assert not record.settle(games)  # both games already used


def test_the_streak_runs_over_days_played_on_their_own_day():
    record = DailyRecord()
    for back in (3, 2, 1):
        day = TODAY - timedelta(days=back)
        number = deal(336).number - back
        record.start(number, at(day, 20))
        record.settle([(f"g{back}.json", at(day, 21), record_of(number))])
    assert record.streak(TODAY) == 3
    assert record.streak(TODAY + timedelta(days=1)) == 0  # a day missed


def test_the_file_round_trips(tmp_path):
    store = DailyStore(tmp_path)
    record = DailyRecord()
    record.start(336, at(TODAY, 9))
    record.start(337, at(TODAY, 9))
    record.settle([("game-a.json", at(TODAY, 10), record_of(336))])
    store.save(record)
    again, problem = store.load()
    assert problem is None
    assert again.to_dict() == record.to_dict()


def test_an_entry_not_understood_is_dropped_alone_and_the_file_kept(tmp_path):
    store = DailyStore(tmp_path)
    record = DailyRecord()
    record.start(336, at(TODAY, 9))
    record.settle([("game-a.json", at(TODAY, 10), record_of(336))])
    store.save(record)
    document = json.loads(store.path.read_text())
    document["data"]["results"].append({"deal": 0, "day": "2026-12-02", "total": 1, "place": 1,
                                        "players": 4, "game": "x"})
    store.path.write_text(json.dumps(document))
    again, problem = store.load()
    assert problem is not None and problem.kind == "fields"
    assert "results[1]" in problem.detail
    assert list(again.results) == [336]  # the good entry is kept
    assert problem.kept_as is not None and (tmp_path / problem.kept_as).exists()


def test_a_file_that_is_not_ours_is_set_aside(tmp_path):
    store = DailyStore(tmp_path)
    store.path.write_text("{not json")
    record, problem = store.load()
    assert record.results == {} and problem is not None and problem.kind == "damaged"
    assert not store.path.exists()


def test_the_keeper_finds_the_finished_game_among_the_past_games(tmp_path):
    archive = GameArchive(tmp_path)
    keeper = DailyKeeper(tmp_path, archive)
    number = keeper.today_number()
    keeper.started(number, max(datetime.now() - timedelta(minutes=5),
                                   datetime.combine(datetime.now().date(), datetime.min.time())))
    assert not keeper.settle()  # not finished yet
    session = finished_session(number)
    archive.keep(session)
    assert keeper.settle()
    result = keeper.result(number)
    assert result is not None and result.total == session.match.totals[0]
    assert keeper.streak() == 1
    # Kept in the file: a new keeper (the next start of the game) knows it.
    again = DailyKeeper(tmp_path, GameArchive(tmp_path))
    assert again.result(number) == result and again.streak() == 1


def test_the_21st_deal_started_with_20_unfinished_keeps_its_result(tmp_path):
    store = DailyStore(tmp_path)
    for n, number in enumerate(range(300, 320)):  # 20 deals opened and never finished
        record, _ = store.load()
        record.start(number, at(TODAY, 0) + timedelta(minutes=n))
        store.save(record)
    record, _ = store.load()
    record.start(336, at(TODAY, 9))  # the 21st
    store.save(record)
    record, problem = store.load()
    assert problem is None and record.settle([("game-a.json", at(TODAY, 10), record_of(336))])
    store.save(record)
    again, problem = store.load()
    assert problem is None and again.results[336].total == 30 and again.streak(TODAY) == 1
    assert len(again.started) == 19  # the oldest unfinished one made room; 336 is done


def test_a_deal_is_found_by_its_game_when_the_clock_went_back():
    """Started at 10:00, finished at 09:40 by the clock (put back an hour meanwhile)."""
    record = DailyRecord()
    record.start(336, at(TODAY, 10), "3fa9c1d2aa17b0c4ffff")
    assert record.started[0].game == "3fa9c1d2aa17b0c4"  # as the past games' names keep it
    games = [("game-20261202-094000-3fa9c1d2aa17b0c4.json", at(TODAY, 9), record_of(336))]
    assert record.settle(games)
    assert record.results[336].total == 30 and record.results[336].day == TODAY
    assert record.started == []


def test_a_deal_named_by_its_game_takes_no_other_game_of_the_deal():
    record = DailyRecord()
    record.start(336, at(TODAY, 9), "3fa9c1d2aa17b0c4")
    other = ("game-20261202-100000-0000000000000001.json", at(TODAY, 10), record_of(336))
    assert not record.settle([other])  # the same deal, finished after: another game
    assert record.results == {} and len(record.started) == 1


def test_the_game_a_deal_names_round_trips_and_a_bad_one_is_dropped_alone(tmp_path):
    store = DailyStore(tmp_path)
    record = DailyRecord()
    record.start(336, at(TODAY, 9), "3fa9c1d2aa17b0c4")
    record.start(337, at(TODAY, 9))
    store.save(record)
    again, problem = store.load()
    assert problem is None and again.to_dict() == record.to_dict()
    document = json.loads(store.path.read_text())
    document["data"]["started"][0]["game"] = "../../etc"
    store.path.write_text(json.dumps(document))
    again, problem = store.load()
    assert problem is not None and "started[0]" in problem.detail
    assert [s.number for s in again.started] == [337]



def test_pars_of_the_old_whole_match_method_are_dropped_without_a_word(tmp_path):
    """The par is now the game's own (kept beside it): a file from before still loads whole."""
    store = DailyStore(tmp_path)
    record = DailyRecord()
    record.start(336, at(TODAY, 9))
    store.save(record)
    document = json.loads(store.path.read_text())
    document["data"]["pars"] = {"0.1.0/1/par2/336": [400, 380]}
    store.path.write_text(json.dumps(document))
    again, problem = store.load()
    assert problem is None and again.to_dict() == record.to_dict()
