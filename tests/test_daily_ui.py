"""The deal of the day from the title screen: the entry says today's deal, whether it was
played, the streak and the par; its screen plays it (mouse and keyboard) like a new game, and
a finished deal shows as played. ``--deal N`` plays deal N."""

from __future__ import annotations

from datetime import datetime, timedelta

import pygame
import pytest
from app_driver import FRAME, make_app, raise_errors
from test_daily_store import finished_session

from craits import i18n
from craits.daily.deal import deal
from craits.persistence.par_store import ParStore
from craits.review.cache import game_key
from craits.review.par import PAR_LEVEL, par_version, pooled_spread
from craits.ui.menus.daily import DailyScene, keeper_for
from craits.ui.table.scene import TableScene


@pytest.fixture(autouse=True)
def _english():
    yield
    i18n.set_language("en")


@pytest.fixture
def app(tmp_path, monkeypatch):
    made = make_app(tmp_path, monkeypatch)
    raise_errors(made)
    yield made
    made.shutdown()


def earlier_today(minutes: int) -> datetime:
    """``minutes`` ago, or the day's first moment if that was yesterday (a deal begun on
    another day than its own is not counted: a test run just after midnight must not
    change what it checks)."""
    now = datetime.now()
    return max(now - timedelta(minutes=minutes), datetime.combine(now.date(), datetime.min.time()))



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
    texts = [text for text, _ in screen.lines()]
    assert texts[2] == "Not played yet"
    assert texts[4] == "Par: worked out as you play"  # the game's own, as every game's
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


def test_a_finished_deal_shows_played_with_its_streak_and_its_game_s_par(app, tmp_path):
    keeper = keeper_for(app)
    number = keeper.today_number()
    keeper.started(number, earlier_today(minutes=20))
    session = finished_session(number)
    app.files.archive.keep(session)
    app.show_title()
    app.step(FRAME)
    title = app.scenes.top
    total, = session.match.totals[:1]
    assert title.daily_detail.startswith(f"Deal {number} · played: {total} points, place ")
    assert title.daily_detail.endswith(" · 1 day in a row")  # no par kept for the game yet
    title.open_daily()
    assert app.scenes.top.play_button.label == "Play it again"
    assert "open the game in Past games" in " ".join(t for t, _ in app.scenes.top.lines())
    # The par the game's analysis keeps beside it (two replays a round: 10 and 20 points).
    save = session.to_save()
    kinds = [seat["kind"] for seat in save["seats"]]
    rounds = len(session.match.history)
    ParStore.in_home(tmp_path).store(game_key(save), par_version(kinds, 0, PAR_LEVEL),
                                     {k: {0: 10, 1: 20} for k in range(rounds)})
    from craits.persistence.store import GameCache

    GameCache.flush(5.0)
    app.show_title()
    app.step(FRAME)
    # Each round's spread (7.07) pooled with the known one (``review.par.pooled_spread``).
    error = round(pooled_spread([(10, 20)] * rounds) * (rounds / 2) ** 0.5)
    assert app.scenes.top.daily_detail.endswith(
        f" · 1 day in a row · par {15 * rounds}, about ±{error}")


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
    now = datetime.now()
    # Begun two hours on, as a clock put forward says, but on the same day: a deal begun on
    # the next day is not played on its own day, and the streak rightly leaves it out.
    later = min(now + timedelta(hours=2), datetime.combine(now.date(), datetime.max.time()))
    keeper.started(number, later, match_id=session.match_id)
    keeper.archive.keep(session)  # finished "before it began"
    assert keeper.settle()
    result = keeper.result(number)
    assert result is not None and result.total == session.match.totals[0]
    assert keeper.streak() == 1


class _Left:
    """A finished game's analysis its table left to the app (``Finishing``), held still."""

    def __init__(self, analysis):
        self.analysis = analysis

    def finish(self, now=False):
        return now


def test_the_par_worked_out_after_the_game_shows_its_rounds_on_a_bar(app, tmp_path, monkeypatch):
    from craits.review.while_playing import GameAnalysis
    from craits.ui.menus import daily

    keeper = keeper_for(app)
    number = keeper.today_number()
    keeper.started(number, earlier_today(minutes=20))
    session = finished_session(number)
    app.files.archive.keep(session)
    rounds = len(session.match.history)
    analysis = GameAnalysis(0, [s.kind for s in session.seats], lambda: None, replays=4)
    analysis.rounds = rounds
    analysis.found = {0: {0: 1, 1: 2, 2: 3, 3: 4}, 1: {0: 1, 1: 2, 2: 3, 3: 4}, 2: {0: 5}}
    app.finishing.take(session, _Left(analysis))
    app.show_title()
    app.step(FRAME)
    app.scenes.top.open_daily()
    scene = app.scenes.top
    shares: list[float] = []
    monkeypatch.setattr(daily, "draw_share_bar", lambda s, bar, share, th: shares.append(share))
    lines = dict(zip(daily.LINE_KEYS, (t for t, _ in scene.lines()), strict=True))
    assert lines["par"] == f"Par: 2 of {rounds} rounds worked out"
    scene.draw(app.screen)
    assert shares == [9 / (4 * rounds)]
    # More replays come: the line and the bar move.
    analysis.found[2].update({1: 5, 2: 6, 3: 7})
    lines = dict(zip(daily.LINE_KEYS, (t for t, _ in scene.lines()), strict=True))
    assert lines["par"] == f"Par: 3 of {rounds} rounds worked out"
    scene.draw(app.screen)
    assert shares[-1] == 12 / (4 * rounds)
    # Two replays of every round: the par with its error, refined as more come; no bar.
    for k in range(rounds):
        analysis.found.setdefault(k, {}).update({0: 10, 1: 20})
    lines = dict(zip(daily.LINE_KEYS, (t for t, _ in scene.lines()), strict=True))
    par = analysis.par(session.match.history)
    assert par is not None and par.replays == 2
    assert lines["par"] == f"Par {round(par.value)}, about ±{round(par.stderr)}"
    assert scene.status_text() == "p" + lines["par"][1:]  # as said once known
    shares.clear()
    scene.draw(app.screen)
    assert shares == []
    # Once kept beside the game, that par.
    app.finishing = type(app.finishing)()
    save = session.to_save()
    ParStore.in_home(tmp_path).store(game_key(save), par_version(
        [s.kind for s in session.seats], 0, PAR_LEVEL), {k: {0: 10, 1: 20} for k in range(rounds)})
    from craits.persistence.store import GameCache

    GameCache.flush(5.0)
    lines = dict(zip(daily.LINE_KEYS, (t for t, _ in scene.lines()), strict=True))
    assert lines["par"].startswith(f"Par {15 * rounds}, about ±")
    shares.clear()
    scene.draw(app.screen)
    assert shares == []


def _played_deal_on_screen(app, tmp_path, monkeypatch, kept_replays):
    """Today's deal played and its screen open; ``kept_replays`` of every round kept beside
    the game (two scores: 10, 20) or none. Returns the screen, the game's save and rounds,
    and the list each read of a par's file is noted in."""
    keeper = keeper_for(app)
    number = keeper.today_number()
    keeper.started(number, earlier_today(minutes=20))
    session = finished_session(number)
    app.files.archive.keep(session)
    save = session.to_save()
    rounds = len(session.match.history)
    if kept_replays:
        kinds = [seat["kind"] for seat in save["seats"]]
        ParStore.in_home(tmp_path).store(game_key(save), par_version(kinds, 0, PAR_LEVEL),
                                         {k: {0: 10, 1: 20} for k in range(rounds)})
    app.show_title()
    app.step(FRAME)
    reads = []
    load = ParStore.load
    monkeypatch.setattr(ParStore, "load", lambda self, *a: reads.append(a) or load(self, *a))
    app.scenes.top.open_daily()
    return app.scenes.top, session, reads


def test_the_screen_reads_the_kept_par_once_not_in_every_frame(app, tmp_path, monkeypatch):
    screen, session, reads = _played_deal_on_screen(app, tmp_path, monkeypatch, True)
    for _ in range(10):
        app.step(FRAME)  # each frame asks for the par in its lines, its bar and its status
    assert app.scenes.top is screen
    assert len(reads) == 1  # was four reads a frame
    assert screen.lines()[4][0] == f"Par {15 * len(session.match.history)}, " \
        f"about ±{round(screen.par.state().par.stderr)}"
    screen.on_enter()  # back from another screen, which may have written the file
    app.step(FRAME)
    assert len(reads) == 2


def test_the_par_follows_the_game_s_analysis_without_reading_its_file(app, tmp_path,
                                                                      monkeypatch):
    from craits.review.while_playing import GameAnalysis

    screen, session, reads = _played_deal_on_screen(app, tmp_path, monkeypatch, False)
    history = session.match.history
    kinds = [seat.kind for seat in session.seats]
    analysis = GameAnalysis(0, kinds, lambda: None, replays=2)  # fed by hand below
    analysis.rounds = len(history)
    monkeypatch.setattr(app.finishing, "working", lambda key: analysis)
    screen.par.forget()
    app.step(FRAME)
    assert screen.lines()[4][0] == f"Par: 0 of {len(history)} rounds worked out"
    read_before = len(reads)
    analysis.found[0] = {0: 10, 1: 20}
    for _ in range(5):
        app.step(FRAME)
    assert screen.lines()[4][0] == f"Par: 1 of {len(history)} rounds worked out"
    assert len(reads) == read_before + 1  # read once as the replays changed, not each frame
    for k in range(len(history)):
        analysis.found[k] = {0: 10, 1: 20}
    for _ in range(5):
        app.step(FRAME)
    assert screen.par.state().par == analysis.par(history)
    assert screen.lines()[4][0].startswith(f"Par {15 * len(history)}, about ±")
    assert len(reads) == read_before + 1  # the analysis's own par: no file read
