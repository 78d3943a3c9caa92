"""The deal of the day from the title screen: the entry says today's deal, whether it was
played, the streak and the par; its screen plays it (mouse and keyboard) like a new game, and
a finished deal shows as played. ``--deal N`` plays deal N."""

from __future__ import annotations

from datetime import datetime, timedelta

import pygame
import pytest
from app_driver import FRAME, make_app, raise_errors
from test_daily_store import finished_session

import craits.daily_keeper as keeper_module
from craits import i18n
from craits.daily import deal
from craits.persistence.daily import par_key
from craits.review.par import PAR_VERSION
from craits.ui.menus.daily import DailyScene, keeper_for
from craits.ui.table.scene import TableScene


class FakeJob:
    """Stands in for the par's worker (the expert's replays take minutes)."""

    made: list[FakeJob] = []

    def __init__(self, number, replays, *args):
        self.number, self.waiting, self.found = number, set(replays), []
        FakeJob.made.append(self)

    def poll(self):
        found, self.found = self.found, []
        for replay, _ in found:
            self.waiting.discard(replay)
        return found

    failed = False

    def stop(self):
        pass


@pytest.fixture(autouse=True)
def _no_worker(monkeypatch):
    FakeJob.made = []
    monkeypatch.setattr(keeper_module, "ParJob", FakeJob)
    yield
    i18n.set_language("en")


@pytest.fixture
def app(tmp_path, monkeypatch):
    made = make_app(tmp_path, monkeypatch)
    raise_errors(made)
    yield made
    made.shutdown()


def press(scene, key):
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def test_the_title_entry_says_todays_deal(app):
    app.show_title()
    app.step(FRAME)
    title = app.scenes.top
    number = keeper_for(app).today_number()
    assert "daily.menu" in title.buttons
    assert title.buttons["daily.menu"].label == "Deal of the day"
    assert title.daily_detail == f"Deal {number} · not played yet"
    assert "daily.menu" in title.detail_rects


def test_the_screen_plays_the_deal_like_a_new_game(app):
    app.show_title()
    app.step(FRAME)
    app.scenes.top.open_daily()
    screen = app.scenes.top
    assert isinstance(screen, DailyScene)
    number = screen.number
    assert FakeJob.made and FakeJob.made[0].number == number  # the par is being worked out
    texts = [text for text, _ in screen.lines()]
    assert texts[2] == "Not played yet"
    assert texts[4] == "Par: being worked out (0 of 8 replays)"
    screen.play_button.on_click()
    table = app.scenes.top
    assert isinstance(table, TableScene)
    the_deal = deal(number)
    assert table.session.seed == the_deal.seed
    assert [s.kind for s in table.session.seats] == list(the_deal.kinds)
    assert table.session.rules == the_deal.rules
    assert [s.number for s in keeper_for(app).record.started] == [number]


def test_the_screen_answers_the_keyboard(app):
    app.show_title()
    app.step(FRAME)
    title = app.scenes.top
    title.open_daily()
    screen = app.scenes.top
    press(screen, pygame.K_ESCAPE)
    assert app.scenes.top is title  # Esc goes back
    title.open_daily()
    screen = app.scenes.top
    assert screen.focus.focused is screen.play_button  # Play first: Enter plays
    press(screen, pygame.K_TAB)
    assert screen.focus.focused is screen.back_button
    press(screen, pygame.K_TAB)
    press(screen, pygame.K_RETURN)
    assert isinstance(app.scenes.top, TableScene)


def test_a_finished_deal_shows_played_with_its_streak_and_par(app, tmp_path):
    keeper = keeper_for(app)
    number = keeper.today_number()
    keeper.started(number, datetime.now() - timedelta(minutes=20))
    session = finished_session(number)
    app.files.archive.keep(session)
    keeper.record.pars[par_key(number, PAR_VERSION)] = [300, 320, 340, 360, 280, 300, 320, 340]
    app.show_title()
    app.step(FRAME)
    title = app.scenes.top
    total, = session.match.totals[:1]
    assert title.daily_detail.startswith(f"Deal {number} · played: {total} points, place ")
    assert title.daily_detail.endswith(" · 1 day in a row · par 320 ± 9")
    title.open_daily()
    assert app.scenes.top.play_button.label == "Play it again"


def test_the_par_found_by_the_worker_shows_on_the_title(app):
    app.show_title()
    app.step(FRAME)
    keeper = keeper_for(app)
    number = keeper.today_number()
    keeper.work_out_par(number)
    job = FakeJob.made[-1]
    job.found = [(replay, 100 + replay) for replay in range(8)]
    app.step(FRAME)
    assert app.scenes.top.daily_detail.endswith(" · par 104 ± 1")
    assert keeper.par(number).scores == tuple(range(100, 108))


def test_every_language_has_the_texts(app):
    for code, _ in i18n.available_languages():
        i18n.set_language(code)
        app.show_title()
        app.step(FRAME)
        app.scenes.top.open_daily()
        assert all(text and "{" not in text for text, _ in app.scenes.top.lines())


def test_the_deal_started_names_the_game_at_the_table(app):
    from craits.ui.menus.daily import start_deal

    number = keeper_for(app).today_number()
    start_deal(app, number)
    table = app.current_table()
    assert table is not None and table.session.seed == deal(number).seed
    assert keeper_for(app).record.started[-1].game == table.session.match_id[:16]


def test_the_keeper_finds_the_deal_s_game_whatever_the_clock_says(app, tmp_path):
    keeper = keeper_for(app)
    number = keeper.today_number()
    session = finished_session(number)
    keeper.started(number, datetime.now() + timedelta(hours=2), match_id=session.match_id)
    keeper.archive.keep(session)  # finished "two hours before it began"
    assert keeper.settle()
    result = keeper.result(number)
    assert result is not None and result.total == session.match.totals[0]
    assert keeper.streak() == 1
