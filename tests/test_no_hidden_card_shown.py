"""Nothing the player can still play on is shown beyond that seat's view: the review of a game
that can be continued shows its finished rounds and says the round in play is shown once it is
over; a deal of the day with no result yet is not reviewed at all; a puzzle opens only at a
choice its seat made in a round that is over."""

from __future__ import annotations

import pygame
import pytest
from app_driver import FRAME, drive_session, make_app, raise_errors, short_rules

from craits import i18n
from craits.daily.deal import deal
from craits.daily.record import Result
from craits.persistence import SaveStore
from craits.persistence.archive import GameArchive
from craits.review import Replay
from craits.review.puzzles import Spot
from craits.seat import Seat
from craits.session import Session
from craits.ui.dialogs.message import MessageScene
from craits.ui.review.scene import ReviewScene

# The screens and files are under test, not the searching levels' play.
pytestmark = pytest.mark.usefixtures("quick_bots")


@pytest.fixture
def app(tmp_path, monkeypatch):
    made = make_app(tmp_path, monkeypatch)
    raise_errors(made)
    made.autosaver.threaded = False
    yield made
    made.shutdown()


def game_in_round(home, round_index: int, seed: int = 12, kinds=("human", "easy", "hard"),
                  the_rules=None) -> Session:
    """A game saved in the middle of round ``round_index`` (0-based)."""
    session = Session([Seat(kind, kind) for kind in kinds], the_rules or short_rules(), seed)
    start = [0]

    def there() -> bool:
        if session.match.round_index < round_index or session.state.is_over():
            start[0] = len(session.records)
            return False
        return len(session.records) > start[0] + 6

    drive_session(session, there)
    SaveStore(home).save(session.to_save())
    return session


def replace_it(app) -> None:
    app.new_game(app.seats_for(["human", "easy"]), short_rules(), 5, replace_ok=True)
    assert app.current_table() is not None
    app.autosaver.flush()


def past_game_review(app, home):
    """The review the past games' list opens for the newest kept game."""
    from craits.ui.menus.past_games import PastGamesScene

    games, _ = GameArchive(home).games()
    unfinished = [g for g in games if not g.over]
    scene = PastGamesScene(app, analyse=False)
    app.scenes.push(scene)
    scene.open_game(next(g for g in scene.games if g.path == unfinished[0].path))
    return app.scenes.top


def every_round_shown(review: ReviewScene) -> set[int]:
    """The rounds of every step the review can be stepped to (its board shows no other)."""
    shown = set()
    for number in range(len(review.replay.steps) + 5):
        review.go(number)
        shown.add(review.step.round)
        assert review.board.replay is review.replay
    return shown


def test_a_replaced_game_s_review_shows_its_finished_rounds_only(tmp_path, app):
    in_play = game_in_round(tmp_path, 2)
    replace_it(app)  # kept as the previous game and among the past games, unfinished
    review = past_game_review(app, tmp_path)
    assert isinstance(review, ReviewScene)
    assert every_round_shown(review) == {0, 1}  # round 3 (index 2) is still in play
    assert review.withheld == i18n.t("review.withheld_round", n=3)
    review.draw(pygame.Surface(app.size))  # the note under the heading draws
    # The game is still continued where it was left, unchanged.
    assert app.continue_previous()
    assert app.current_table().session.to_save()["actions"][:len(in_play.records)] \
        == in_play.records


def test_a_game_in_its_first_round_that_can_be_continued_is_not_reviewed(tmp_path, app):
    game_in_round(tmp_path, 0)
    replace_it(app)
    told = past_game_review(app, tmp_path)
    assert isinstance(told, MessageScene)
    assert told.body == i18n.t("review.withheld_game")


def test_once_the_game_is_no_longer_kept_to_play_its_review_is_whole(tmp_path, app):
    game_in_round(tmp_path, 2)
    replace_it(app)
    (tmp_path / "save.previous.json").unlink()  # the previous game pushed out in its turn
    review = past_game_review(app, tmp_path)
    assert isinstance(review, ReviewScene) and review.withheld is None
    assert every_round_shown(review) == {0, 1, 2}


def test_a_record_of_the_saved_game_opened_by_hand_is_cut_too(tmp_path, app):
    """Exported, or the save itself chosen in Open game record: the same seed, the same deals."""
    session = game_in_round(tmp_path, 1)
    review = app.screens.review(Replay(session.to_save()), analyse=False)
    assert isinstance(review, ReviewScene) and every_round_shown(review) == {0}


def test_the_scoreboard_review_of_the_round_just_played_shows_it(tmp_path, app):
    session = Session([Seat("human", "Ana"), Seat("easy", "Bo")], short_rules(), 4)
    drive_session(session, lambda: session.state.is_over() and session.match.round_index == 1)
    SaveStore(tmp_path).save(session.to_save())
    review = app.screens.review(Replay(session), round_index=1, analyse=False)
    assert isinstance(review, ReviewScene) and review.withheld is None
    assert every_round_shown(review) == {0, 1}


def test_a_deal_of_the_day_with_no_result_is_not_reviewed_until_it_is_finished(tmp_path, app):
    from craits.ui.menus.daily import keeper_for

    the_deal = deal(336)
    session = game_in_round(tmp_path, 1, seed=the_deal.seed, kinds=the_deal.kinds,
                            the_rules=the_deal.rules)
    (tmp_path / "save.json").unlink()  # not even the saved game: it can be dealt again
    told = app.screens.review(Replay(session), analyse=False)
    assert isinstance(told, MessageScene) and told.body == i18n.t("review.withheld_daily")
    keeper = keeper_for(app)
    # Played to its end once: its result is kept, and it can no longer be played for one.
    keeper.record.results[336] = Result(336, the_deal.day, 30, 2, 4, "game-x.json")
    review = app.screens.review(Replay(session), analyse=False)
    assert isinstance(review, ReviewScene) and every_round_shown(review) == {0, 1}


def test_a_puzzle_in_the_round_still_in_play_does_not_open(tmp_path, app):
    session = game_in_round(tmp_path, 1)
    replay = Replay(session)
    turn = next(s for s in reversed(replay.steps) if s.player == 0 and s.is_turn)
    assert turn.round == 1
    told = app.screens.puzzle(replay, Spot(0, turn.number, turn.index + 1, 3.0),
                              lambda n, g: None)
    assert isinstance(told, MessageScene) and told.body == i18n.t("puzzle.withheld")
    earlier = next(s for s in replay.steps if s.player == 0 and s.is_turn and s.round == 0)
    opened = app.screens.puzzle(replay, Spot(0, earlier.number, earlier.index + 1, 3.0),
                                lambda n, g: None)
    assert isinstance(opened, ReviewScene) and every_round_shown(opened) == {0}


@pytest.mark.parametrize("seat", [7, -1, 1])
def test_a_puzzle_whose_seat_the_game_does_not_have_is_told_not_played(tmp_path, app, seat):
    session = Session([Seat("human", "Ana"), Seat("easy", "Bo")], short_rules(), 4)
    drive_session(session, lambda: session.match.round_index == 1)
    replay = Replay(session)
    turn = next(s for s in replay.steps if s.player == 0 and s.is_turn)
    told = app.screens.puzzle(replay, Spot(seat, turn.number, turn.index + 1, 3.0),
                              lambda n, g: None)
    assert isinstance(told, MessageScene) and told.body == i18n.t("puzzle.unfit")
    app.scenes.push(told)
    app.step(FRAME)
