"""What is already counted is one record, the statistics' own, by match id: the keeper reads it
before counting, the save carries a copy of it, and a resumed match (a new session object of
the same match) is not counted again. The app owns its match keeping as parts, no mixin."""

from __future__ import annotations

import inspect

from app_driver import drive_session, short_rules

from craits.persistence import Statistics
from craits.persistence.keeping import MatchKeeper
from craits.session import Seat, Session


class Writer:
    def __init__(self) -> None:
        self.saved: list[dict] = []

    def submit(self, data: dict) -> None:
        self.saved.append(data)

    def flush(self) -> None:
        pass


class Saves:
    def clear(self) -> None:
        pass


def _round_ended() -> Session:
    session = Session([Seat("human", "Ana"), Seat("easy", "Bo")], short_rules(), 12)
    drive_session(session, lambda: session.match.state.is_over())
    return session


def _keeper(statistics: Statistics, writer: Writer) -> MatchKeeper:
    return MatchKeeper(Saves(), writer, lambda: statistics, lambda: True)


def test_a_round_is_counted_once_by_match_whichever_session_reports_it() -> None:
    statistics, writer = Statistics(), Writer()
    keeper = _keeper(statistics, writer)
    session = _round_ended()
    keeper.round_over(session)
    assert statistics.rounds["overall"].played == 1
    assert statistics.counted.rounds(session.match_id) == 1 == keeper.counted_rounds(session)
    assert writer.saved[-1]["stats_rounds"] == 1  # the save's copy of the record
    again = Session.from_save(session.to_save())  # the same match, continued
    assert again is not session and again.match_id == session.match_id
    keeper.begin(again, writer.saved[-1]["stats_rounds"])
    keeper.round_over(again)
    assert statistics.rounds["overall"].played == 1


def test_the_saves_copy_counts_only_where_the_statistics_do_not_know_the_match() -> None:
    session = _round_ended()
    known = Statistics()
    known.counted.note(session.match_id, 0)  # their own record: nothing counted yet
    keeper = _keeper(known, Writer())
    keeper.begin(session, 1)  # a save claiming more is not believed over it
    keeper.round_over(session)
    assert known.rounds["overall"].played == 1

    reset = Statistics()  # reset since (the record went with the figures)
    keeper = _keeper(reset, Writer())
    keeper.begin(session, 1)
    keeper.round_over(session)
    assert reset.rounds["overall"].played == 0 and reset.counted.rounds(session.match_id) == 1


def test_a_table_of_computer_players_is_neither_saved_nor_counted() -> None:
    session = Session([Seat("easy", "A"), Seat("medium", "B")], short_rules(), 3)
    drive_session(session, lambda: session.match.state.is_over())
    statistics, writer = Statistics(), Writer()
    keeper = _keeper(statistics, writer)
    keeper.round_over(session)
    assert writer.saved == [] and statistics.counted.matches == {}


def test_the_app_owns_its_parts_and_mixes_none_in() -> None:
    from craits.ui.app import App
    from craits.ui.matches import Matches

    assert App.__bases__ == (object,)
    assert Matches.__bases__ == (object,)
    assert "session_recorded" not in inspect.getsource(App)
