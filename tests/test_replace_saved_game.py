"""A new game never replaces the game in progress without asking, and the replaced game is kept
(``save.previous.json``); Continue says what it resumes: players, round, when."""

from __future__ import annotations

import logging

import pygame
import pytest
from app_driver import FRAME, drive_session, make_app, post_key, raise_errors, short_rules

from craits import i18n
from craits.persistence import SaveStore
from craits.persistence.save_summary import summarize
from craits.session import Seat, Session

# The screens and files are under test, not the searching levels' play.
pytestmark = pytest.mark.usefixtures("quick_bots")


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


def game_in_progress(home) -> bytes:
    session = Session([Seat("human", "Ana"), Seat("easy", "Bo"), Seat("hard", "Cy")],
                      short_rules(), 12)
    drive_session(session, lambda: session.match.round_index == 1 and len(session.records) > 30)
    SaveStore(home).save(session.to_save())
    return (home / "save.json").read_bytes()


@pytest.fixture
def app(tmp_path, monkeypatch):
    made = make_app(tmp_path, monkeypatch)
    raise_errors(made)
    yield made
    made.shutdown()


def test_continue_says_what_it_resumes(tmp_path, app):
    game_in_progress(tmp_path)
    app.show_title()
    app.step(FRAME)
    detail = app.scenes.top.continue_detail
    when = summarize(app.saves).when()
    assert detail == f"Ana, Bo, Cy · Round 2 of 8 · {when}"
    assert len(when) == 5  # saved today: the time only
    assert app.scenes.top.continue_detail_rect is not None


def test_the_menu_asks_before_replacing_and_keeps_the_old_game(tmp_path, app):
    from craits.ui.dialogs.confirm import ConfirmScene
    from craits.ui.menus.new_game import NewGameScene

    old = game_in_progress(tmp_path)
    app.show_title()
    app.step(FRAME)
    app.scenes.top.open(NewGameScene)
    setup = app.scenes.top
    assert isinstance(setup, NewGameScene)
    setup.start()
    question = app.scenes.top
    assert isinstance(question, ConfirmScene)
    assert question.title == i18n.t("menu.new_game_title")
    assert "Ana, Bo, Cy" in question.body and "Round 2 of 8" in question.body
    assert i18n.t("menu.continue_previous") in question.body  # the way back
    post_key(pygame.K_ESCAPE)  # no: back to the setup, the game untouched
    app.step(FRAME)
    assert app.scenes.top is setup
    assert (tmp_path / "save.json").read_bytes() == old
    setup.start()
    app.scenes.top.confirm_button.on_click()  # yes
    app.step(FRAME)
    assert app.current_table() is not None
    app.autosaver.flush()
    assert (tmp_path / "save.previous.json").read_bytes() == old
    assert (tmp_path / "save.json").read_bytes() != old
    assert SaveStore(tmp_path).load()[1] is None


def test_seats_on_the_command_line_ask_too(tmp_path, monkeypatch):
    from craits.ui import startup as app_module

    old = game_in_progress(tmp_path)
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    before = list(logging.getLogger().handlers)
    try:
        status = app_module.main(["--seats", "human,easy", "--headless", "--max-seconds",
                                  "0.3"])
    finally:
        for handler in logging.getLogger().handlers:
            if handler not in before:
                logging.getLogger().removeHandler(handler)
                handler.close()
    assert status == 0
    assert (tmp_path / "save.json").read_bytes() == old  # the question is still open
    assert not (tmp_path / "save.previous.json").exists()


def test_a_computer_only_table_does_not_ask(tmp_path, app):
    old = game_in_progress(tmp_path)
    app.new_game(app.seats_for(["easy", "medium"]), short_rules(), 3)
    assert app.current_table() is not None
    app.step(FRAME)
    app.autosaver.flush()
    assert (tmp_path / "save.json").read_bytes() == old


def test_without_a_saved_game_nothing_is_asked(tmp_path, app):
    app.new_game(app.seats_for(["human", "easy"]), short_rules(), 3)
    assert app.current_table() is not None and app.scenes.top is app.current_table()
    assert not (tmp_path / "save.previous.json").exists()


def test_the_summary_never_touches_the_file(tmp_path):
    (tmp_path / "save.json").write_text("{not json", "utf-8")
    assert summarize(SaveStore(tmp_path)) is None
    assert (tmp_path / "save.json").read_text("utf-8") == "{not json"


def replace_with_a_new_game(app):
    from craits.ui.menus.new_game import NewGameScene

    app.show_title()
    app.step(FRAME)
    app.scenes.top.open(NewGameScene)
    setup = app.scenes.top
    assert isinstance(setup, NewGameScene)
    setup.start()
    app.scenes.top.confirm_button.on_click()  # yes: replace it
    app.step(FRAME)
    assert app.current_table() is not None
    app.autosaver.flush()


def test_a_replaced_game_is_kept_unfinished_among_the_past_games(tmp_path, app):
    from craits.persistence.archive import GameArchive
    from craits.ui.menus.past_games import game_line

    game_in_progress(tmp_path)
    replace_with_a_new_game(app)
    games, problems = GameArchive(tmp_path).games()
    assert problems == [] and len(games) == 1
    kept = games[0]
    assert not kept.over and kept.names == ("Ana", "Bo", "Cy") and kept.rounds == 1
    line = game_line(kept)
    assert line.endswith(i18n.t("review.unfinished")) and "★" not in line
    body = i18n.t("menu.replace_body", game="x", path=str(tmp_path))
    assert str(tmp_path) not in body  # the player is told the way back, not a file's path


def test_the_title_takes_up_the_previous_game_and_keeps_the_newer_one(tmp_path, app):
    from craits.ui.menus.title import TitleScene

    old = game_in_progress(tmp_path)
    replace_with_a_new_game(app)
    newer = (tmp_path / "save.json").read_bytes()
    app.show_title()
    app.step(FRAME)
    title = app.scenes.top
    assert isinstance(title, TitleScene) and "menu.continue_previous" in title.buttons
    title.buttons["menu.continue_previous"].on_click()
    app.step(FRAME)
    table = app.current_table()
    assert table is not None and [s.name for s in table.session.seats] == ["Ana", "Bo", "Cy"]
    saved = Session.from_save(SaveStore(tmp_path).load()[0]).to_save()["actions"]
    live = table.session.to_save()["actions"]
    # The table plays the game the file holds; a computer player may have moved on in that frame.
    assert len(saved) > 30 and live[:len(saved)] == saved
    assert (tmp_path / "save.previous.json").read_bytes() == newer  # nothing is lost
    assert len(old) > 0
