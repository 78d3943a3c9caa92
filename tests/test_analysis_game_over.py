"""A game against the computer is analysed while it is played: the game-over screen says how far
the analysis is while it finishes, then the luck against the choices and the par (the ones the
review finds from the finished game), said by speech too; they are kept for the review. A table
of two people gets no analysis, and closing the table lets its processes go."""

from __future__ import annotations

import pytest
from app_driver import StandInPlayer, make_app, play_until, raise_errors, short_rules
from test_analysis_while_playing import PAR, QUICK, InlineWork, the_par_of, the_review_of

from craits import i18n
from craits.paths import user_home
from craits.persistence.par_store import ParStore
from craits.review.cache import ReviewCache, game_key
from craits.review.luck import game_total
from craits.review.par import kept_par
from craits.review.while_playing import GameAnalysis
from craits.ui.table import game_over
from craits.ui.table.game_over import GameOverScene, game_line, par_line
from craits.work import Lane

pytestmark = pytest.mark.slow  # started first: see conftest.py

KINDS = ["human", "easy", "medium"]


class HeldWork(InlineWork):
    """Answers only while ``open``: the analysis is still going on at the game's end."""

    open = True

    def take(self, tickets=None):
        return super().take(tickets) if HeldWork.open else []


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")
    HeldWork.open = True


def quick_analysis(work):
    return lambda seat, kinds: GameAnalysis(seat, kinds, work, level=QUICK, par_level=PAR,
                                            replays=2)


@pytest.fixture
def app(tmp_path, monkeypatch):
    """An app whose games are analysed here and now, by quick levels (``InlineWork``)."""
    made = make_app(tmp_path, monkeypatch)
    InlineWork.made.clear()
    made.game_analysis = quick_analysis(InlineWork)
    yield made
    made.shutdown()


def drawn_texts(monkeypatch) -> list[str]:
    """Every text the game-over screen draws from now on."""
    drawn: list[str] = []
    real = game_over.blit_text
    monkeypatch.setattr(game_over, "blit_text", lambda surface, text, *a, **k: (
        drawn.append(text), real(surface, text, *a, **k))[1])
    return drawn


def played(app, seed: int = 5):
    raise_errors(app)
    app.new_game(app.seats_for(KINDS), short_rules(), seed)
    table = app.current_table()
    play_until(app, lambda: isinstance(app.scenes.top, GameOverScene), StandInPlayer(3))
    return table, app.scenes.top


def played_held(app):
    """A game played to its end while its analysis found nothing (its work held back)."""
    app.game_analysis = quick_analysis(HeldWork)
    HeldWork.open = False
    return played(app)


def test_game_over_shows_the_game_analysed_while_it_was_played(app, monkeypatch):
    table, scene = played(app)
    session = table.session
    save, history = session.to_save(), session.match.history
    assert scene.analysis is table.analysis.analysis and scene.analysis.complete
    assert scene.luck == the_review_of(save, history)
    assert scene.par == the_par_of(save, history)
    assert scene.analysing_line() == ""
    drawn = drawn_texts(monkeypatch)
    scene.draw(app.screen)
    assert game_line(scene.luck) in drawn and par_line(scene.par) in drawn
    assert game_line(scene.luck) in scene.spoken()
    # Kept under the finished game's name, where the review and the past games read it.
    table.analysis.analysis.flush()
    cache = ReviewCache.in_home(user_home())
    assert game_total(save, 0, history, cache, QUICK) == scene.luck
    assert kept_par(save, 0, history, ParStore(cache.folder), 2, PAR) == scene.par


def test_game_over_says_how_far_the_analysis_is_until_it_is_done(app, monkeypatch):
    table, scene = played_held(app)
    assert scene.luck is None and scene.par is None
    drawn = drawn_texts(monkeypatch)
    rounds = len(table.session.match.history)
    for language, _ in i18n.available_languages():
        i18n.set_language(language)
        line = scene.analysing_line()  # the par first: its rounds, on a bar
        assert line == i18n.tn("par.rounds_working", rounds, done=0) and "0" in line
        drawn.clear()
        scene.draw(app.screen)
        assert line in drawn and line in scene.spoken()
    i18n.set_language("en")
    said: list[str] = []
    monkeypatch.setattr(scene.speech, "again", lambda: said.append(scene.spoken()))
    HeldWork.open = True
    play_until(app, lambda: scene.luck is not None and scene.par is not None, frames=50)
    app.step(0.016)
    assert scene.analysing_line() == "" and scene.analysis.kept
    assert said and game_line(scene.luck) in said[-1] and par_line(scene.par) in said[-1]


def test_game_over_s_bar_moves_with_the_par_s_replays(app, monkeypatch):
    table, scene = played_held(app)
    analysis = scene.analysis
    rounds = len(table.session.match.history)
    shares: list[float] = []
    monkeypatch.setattr(game_over, "draw_share_bar", lambda s, bar, share, th: shares.append(share))
    scene.draw(app.screen)
    assert shares == [0.0]
    # Two of the rounds' replays found (two replays a round): one round of the par done.
    analysis.found = {0: {0: 4, 1: 6}, 1: {0: 3}}
    assert analysis.par_progress() == (1, rounds, 3 / (2 * rounds))
    scene.draw(app.screen)
    assert shares[-1] == 3 / (2 * rounds)
    assert scene.analysing_line() == f"Working out the expert's par in your seat: 1 of {rounds} rounds done"


def test_the_par_left_at_the_game_s_end_is_finished_after_the_table_goes(app):
    table, scene = played_held(app)
    session, analysis = table.session, scene.analysis
    save, history = session.to_save(), session.match.history
    app.show_title()  # the player leaves before the par is known
    assert not InlineWork.made[-1].stopped and not analysis.kept
    assert app.finishing.working(game_key(save)) is analysis
    HeldWork.open = True
    play_until(app, lambda: analysis.kept, frames=50)
    assert analysis.complete and analysis.par(history) == the_par_of(save, history)
    assert app.finishing.working(game_key(save)) is analysis  # read there until written
    analysis.flush()
    store = ParStore(ReviewCache.in_home(user_home()).folder)
    assert kept_par(save, 0, history, store, 2, PAR) == the_par_of(save, history)


def test_the_par_is_kept_once_its_replays_are_in_before_the_review_ends(app):
    table, scene = played_held(app)
    session, analysis = table.session, scene.analysis
    save, history = session.to_save(), session.match.history
    analysis.found = {k: {0: 10, 1: 20} for k in range(len(history) - 1)}
    app.step(0.016)
    assert not analysis.par_kept  # a round still lacks its replays
    analysis.found[len(history) - 1] = {0: 10, 1: 20}
    app.step(0.016)
    assert analysis.par_kept and not analysis.complete and not analysis.kept
    analysis.flush()
    store = ParStore(ReviewCache.in_home(user_home()).folder)
    assert kept_par(save, 0, history, store, 2, PAR) == analysis.par(history)


def test_a_table_of_two_people_is_not_analysed_and_a_closed_table_stops_its_work(app):
    app.new_game(app.seats_for(["human", "human", "easy"]), short_rules(), 5)
    assert app.current_table().analysis.analysis is None
    app.new_game(app.seats_for(KINDS), short_rules(), 6, replace_ok=True)
    table = app.current_table()
    app.step(0.016)
    assert table.analysis.analysis is not None and InlineWork.made
    app.show_title()
    assert InlineWork.made[-1].stopped


def test_the_app_analyses_on_processes_and_a_quiet_app_does_not(tmp_path, monkeypatch):
    from craits.ui.app import App

    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    app = App(size=(960, 600), speed="instant", bot_mode="process")
    try:
        assert app.game_analysis is not None
        analysis = app.game_analysis(0, KINDS)
        job = analysis.make_job()
        assert job.bench is app.workbench and job.lane is Lane.BACKGROUND and analysis.with_par
    finally:
        app.shutdown()
    quiet = make_app(tmp_path, monkeypatch)
    try:
        assert quiet.game_analysis is None
    finally:
        quiet.shutdown()


def test_the_setting_turns_the_analysis_off_and_on_again_with_the_rounds_caught_up(app):
    import dataclasses

    app.settings = dataclasses.replace(app.settings, analyse_while_playing=False)
    app.new_game(app.seats_for(KINDS), short_rules(), 7)
    table = app.current_table()
    session = table.session
    play_until(app, lambda: len(session.match.history) >= 2, StandInPlayer(1))
    assert table.analysis.analysis is None and not InlineWork.made
    app.settings = dataclasses.replace(app.settings, analyse_while_playing=True)
    app.step(0.016)
    analysis = table.analysis.analysis
    assert analysis is not None
    # The rounds played while it was off are reviewed, and their pars found, now.
    assert {0, 1} <= set(analysis.reviews) and {0, 1} <= set(analysis.found)
    app.settings = dataclasses.replace(app.settings, analyse_while_playing=False)
    app.step(0.016)
    assert table.analysis.analysis is None and InlineWork.made[-1].stopped
