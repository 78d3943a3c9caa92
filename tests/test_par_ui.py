"""The par on screen: the review works it out in the background (here: one unit a frame, a
quick level standing in for the expert), shows its progress and then the par with its error in
the luck panel, keeps every replay beside the game so reopening shows it at once, says why
there is none with a person in another seat, stops its work when the review closes; the
game-over screen says it once kept. In every language, at the smallest and a large window."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pygame
import pytest
import test_ui_review
from test_review_replay import play
from test_ui_review import App, key

from craits import i18n
from craits.persistence.par_store import ParStore
from craits.review import Replay
from craits.review.cache import ReviewCache, game_key
from craits.review.par import RoundScore, game_par, par_version
from craits.review.thinking import level_profile
from craits.ui.cards.art import CardArt
from craits.ui.review import luck_bars
from craits.ui.review.par_part import ParPart, known_line
from craits.ui.review.scene import ReviewScene
from craits.ui.table import game_over
from craits.ui.table.game_over import GameOverScene, par_line, par_of
from craits.work import Job, Lane, Workbench, inline_job

EXPERT = level_profile("expert")
# A cut expert; its guesses unweighed by the plays (a weighed pool at every decision would
# be most of a cut search's time).
QUICK = dataclasses.replace(EXPERT, search=dataclasses.replace(EXPERT.search, iterations=20,
                                                               choices=0.0))
SIZES = ((960, 600), (1600, 1000))
KINDS = ("human", "easy", "medium")
STAND_IN = "easy"  # plays the par's seat here in place of the expert


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((1280, 800))
    test_ui_review.CARD_ART = CardArt()
    yield


@pytest.fixture(autouse=True)
def english(tmp_path, monkeypatch):
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    i18n.set_language("en")
    yield tmp_path
    i18n.set_language("en")


@pytest.fixture(scope="module")
def session():
    return play(3, KINDS)


class InlineWork(Job):
    """The background lane here and now: one unit a poll, the stand-in level in the seat."""

    made: list[InlineWork] = []

    def __init__(self) -> None:
        super().__init__(Workbench(inline=True), Lane.BACKGROUND)
        self.work: RoundScore | None = None
        self.stopped = False
        InlineWork.made.append(self)

    def submit(self, call, unit=None, shared=None) -> int:
        self.work = dataclasses.replace(call, level=STAND_IN)
        return super().submit(self.work, unit, shared)

    def drop(self, tickets=None) -> None:
        self.stopped = True
        super().drop(tickets)


def no_room(unit):
    raise OSError("no more room")


class FailingWork(InlineWork):
    def submit(self, call, unit=None, shared=None) -> int:
        return Job.submit(self, no_room, unit)


def expected_par(replay: Replay, replays: int):
    rounds = range(len(replay.rounds))
    work = RoundScore(replay.save, 0, STAND_IN)
    found: dict[int, dict[int, int]] = {}
    for index in rounds:
        found[index] = {r: work((index, r)) for r in range(replays)}
    yours = {i: replay.rounds[i].scores[0] for i in rounds}
    return game_par("expert", found, rounds, replays, yours)


def scene_for(app, replay, tmp_path, work=InlineWork):
    return ReviewScene(app, replay, round_index=0, profile=QUICK, make_runner=inline_job,
                       cache=ReviewCache(tmp_path / "games"), par_work=work)


def texts_drawn(monkeypatch, scene, size) -> list[str]:
    drawn: list[str] = []
    real = luck_bars.blit_text

    def noting(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(luck_bars, "blit_text", noting)
    scene.draw(pygame.Surface(size))
    return drawn


def until_known(scene, frames: int = 400) -> None:
    """Until the par is known from every replay planned."""
    for _ in range(frames):
        scene.update(0.03)
        par = scene.par.par()
        if par is not None and par.replays == scene.par.replays:
            return
    raise AssertionError("the par never came")


def test_the_review_works_the_par_out_and_shows_it_in_the_luck_panel(session, tmp_path,
                                                                     monkeypatch):
    replay = Replay(session)
    app = App((960, 600))
    scene = scene_for(app, replay, tmp_path)
    app.scenes.push(scene)
    scene.update(0.03)
    key(scene, pygame.K_l)
    first = texts_drawn(monkeypatch, scene, app.size)
    total = scene.par.replays * len(replay.rounds)
    assert any("the expert is replaying this seat's rounds" in t and f"of {total}" in t
               for t in first)
    until_known(scene)
    par = scene.par.par()
    assert par == expected_par(replay, scene.par.replays)
    assert par.stderr > 0 and par.replays == scene.par.replays
    assert par.yours == sum(s[0] for s in session.match.history)
    shown = texts_drawn(monkeypatch, scene, app.size)
    assert known_line(par) in shown
    assert f"{round(par.value)} points, about ±{round(par.stderr)}" in known_line(par)
    scene.cancel()


def test_a_reopened_review_shows_the_kept_par_at_once(session, tmp_path):
    replay = Replay(session)
    app = App((960, 600))
    scene = scene_for(app, replay, tmp_path)
    app.scenes.push(scene)
    until_known(scene)
    par = scene.par.par()
    scene.par.store.flush(10)
    InlineWork.made.clear()
    again = scene_for(App((960, 600)), Replay(session), tmp_path)
    again.update(0.03)
    assert again.par.par() == par
    assert InlineWork.made == []  # nothing to work out: every replay was kept


def test_the_work_stops_when_the_review_closes(session, tmp_path):
    app = App((960, 600))
    scene = scene_for(app, Replay(session), tmp_path)
    app.scenes.push(scene)
    scene.update(0.03)
    job = scene.par.job
    assert job is not None and not job.stopped
    app.scenes.pop()
    scene.on_exit()
    assert job.stopped and scene.par.job is None


def test_no_par_with_a_person_in_another_seat(tmp_path, monkeypatch):
    both = play(3, ("human", "human", "medium"))
    app = App((960, 600))
    scene = scene_for(app, Replay(both), tmp_path)
    app.scenes.push(scene)
    scene.update(0.03)
    assert scene.par.job is None and scene.par.par() is None
    key(scene, pygame.K_l)
    line = i18n.t("par.no_person")
    assert line in texts_drawn(monkeypatch, scene, app.size)


def test_a_failed_par_says_so(session, tmp_path):
    scene = scene_for(App((960, 600)), Replay(session), tmp_path, work=FailingWork)
    scene.update(0.03)
    scene.update(0.03)
    assert scene.par.failed and scene.par.line() == i18n.t("par.failed")


def test_a_review_with_its_own_runner_works_no_par_out_unless_told(session, tmp_path):
    scene = ReviewScene(App((960, 600)), Replay(session), round_index=0, profile=QUICK,
                        make_runner=inline_job, cache=ReviewCache(tmp_path / "games"))
    scene.update(0.03)
    assert scene.par.make_work is None and scene.par.job is None
    assert scene.par.line() == i18n.t("par.not_kept")


def test_the_part_changes_seat_with_the_review(tmp_path):
    bots = play(3, ("easy", "easy", "medium"))
    part = ParPart(Replay(bots), lambda: ParStore(tmp_path), InlineWork, replays=1)
    part.update(0)
    first = part.job
    part.update(1)
    assert first is not None and first.stopped and part.seat == 1
    assert part.job is not None and part.job.work.seat == 1


def test_the_panel_draws_the_par_in_every_language(session, tmp_path):
    replay = Replay(session)
    par = expected_par(replay, 2)
    for language, _ in i18n.available_languages():
        i18n.set_language(language)
        for size in SIZES:
            app = App(size)
            scene = scene_for(app, replay, tmp_path)
            scene.par.update(0)
            scene.par.found = {i: dict(enumerate(r.scores)) for i, r in
                               enumerate(par.rounds)}
            scene.par.replays = 2
            scene.par.stop()
            scene.luck.toggle()
            scene.draw(pygame.Surface(size))
            assert scene.par.line() == known_line(par)
            assert str(round(par.value)) in known_line(par)


def game_over_app(size):
    return SimpleNamespace(size=size, card_art=test_ui_review.CARD_ART,
                           audio=SimpleNamespace(play=lambda name: None),
                           settings=SimpleNamespace(card_style="classic"))


def test_game_over_says_the_par_only_once_it_is_kept(session, english, monkeypatch):
    replay = Replay(session)
    store = ParStore(ReviewCache.in_home(english).folder)
    assert par_of(session, store) is None  # not worked out: nothing said, nothing computed
    par = expected_par(replay, 4)
    found = {r.round: dict(enumerate(r.scores)) for r in par.rounds}
    version = par_version(KINDS, 0)
    store.store(game_key(replay.save), version, {i: s for i, s in found.items() if i})
    assert par_of(session, store) is None  # a round missing
    store.store(game_key(replay.save), version, found)
    assert par_of(session, store) == par
    drawn: list[str] = []
    real = game_over.blit_text
    monkeypatch.setattr(game_over, "blit_text",
                        lambda surface, text, *a, **k: drawn.append(text) or real(
                            surface, text, *a, **k))
    for language, _ in i18n.available_languages():
        i18n.set_language(language)
        for size in SIZES:
            scene = GameOverScene(game_over_app(size), session)  # type: ignore[arg-type]
            assert scene.par == par
            drawn.clear()
            scene.draw(pygame.Surface(size))
            assert par_line(par) in drawn
            line = par_line(par)
            assert f" {round(par.value)}" in line and f" ±{round(par.stderr)} " in line
            assert "±0 " not in line  # never from replays that agree


def test_the_app_s_review_works_the_par_out_on_processes_a_quiet_one_does_not(session):
    replay = Replay(session)
    app = App((960, 600))
    scene = ReviewScene(app, replay, round_index=0, profile=QUICK)
    try:
        assert scene.par.make_work is not None
        job = scene.par.make_work()
        assert job.bench is app.workbench and job.lane is Lane.BACKGROUND
        assert scene.par.job is None  # started by the first update, not here
    finally:
        scene.cancel()
        app.workbench.close()
    quiet = ReviewScene(App((960, 600)), replay, round_index=0, analyse=False)
    assert quiet.par.make_work is None


def test_the_par_shows_from_two_replays_of_every_round_and_is_refined(session, tmp_path):
    replay = Replay(session)
    rounds = len(replay.rounds)
    part = ParPart(replay, lambda: ParStore(tmp_path), InlineWork, replays=4)
    part.update(0)
    for _ in range(rounds):  # one replay of every round: no error yet, so no par
        part.update(0)
    assert part.par() is None and "1 replay" not in (part.line() or "")
    for _ in range(rounds):
        part.update(0)
    two = part.par()
    assert two == expected_par(replay, 2) and part.line() == known_line(two)
    assert "(2 replays of each round)" in part.line()
    for _ in range(2 * rounds):
        part.update(0)
    assert part.par() == expected_par(replay, 4) and part.job is None  # done: stopped
