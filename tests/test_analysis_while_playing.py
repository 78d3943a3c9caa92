"""A person's review and par worked out while the game is played (``review.while_playing``):
the same verdicts, luck split and par as the review computes from the finished game; a move
taken back drops what it changes; what is found is kept under the finished game's name, where
the game-over screen and the review read it. Quick levels stand in for the review's and the
par's experts (the method is the same)."""

from __future__ import annotations

import functools
import time
from dataclasses import replace

from test_review_replay import game

from craits.persistence.par_store import ParStore
from craits.review.analysis import analyse_round, as_level
from craits.review.cache import ReviewCache
from craits.review.luck import game_split, game_total, round_split
from craits.review.par import RoundScore, game_par, kept_par, round_starts, units
from craits.review.replay import Replay
from craits.review.thinking import level_profile
from craits.review.while_playing import GameAnalysis
from craits.session import Session
from craits.work import Job, Lane, Workbench, inline_job, run_all
from craits.work import bench as bench_module

EXPERT = level_profile("expert")
# A cut expert; its guesses unweighed by the plays (a weighed pool at every decision would
# be most of a cut search's time).
QUICK = as_level(replace(EXPERT, search=replace(EXPERT.search, iterations=30, choices=0.0)))
PAR = "easy"  # plays the par's seat in place of the expert: quick
KINDS = ("human", "easy", "medium")


class InlineWork(Job):
    """The background lane here and now: every unit asked for is worked out when the answers
    are taken (and noted)."""

    made: list[InlineWork] = []

    def __init__(self) -> None:
        super().__init__(Workbench(inline=True), Lane.BACKGROUND)
        self.asked: list = []
        self.stopped = False
        InlineWork.made.append(self)

    def submit(self, call, unit=None, shared=None) -> int:
        self.asked.append(unit)
        return super().submit(call, unit, shared)

    def take(self, tickets=None):
        found = []
        while new := super().take(tickets):
            found += new
        return found

    def drop(self, tickets=None) -> None:
        self.stopped = True
        super().drop(tickets)


def moments(save: dict) -> list[int]:
    """How many actions were played at each round's deal and at each round's end."""
    starts = round_starts(save)
    ends = [s - 1 for s in starts[1:]] + [len(save["actions"])]
    return [n for pair in zip(starts, ends, strict=True) for n in pair]


def at(save: dict, actions: int) -> Session:
    return Session.from_save({**save, "actions": save["actions"][:actions]})


def followed(save: dict, make_work=InlineWork, replays: int = 2) -> tuple[GameAnalysis, Session]:
    analysis = GameAnalysis(0, KINDS, make_work, level=QUICK, par_level=PAR, replays=replays)
    session = at(save, 0)
    for n in moments(save):
        session = at(save, n)
        analysis.follow(session)
        analysis.poll()
    return analysis, session


def the_review_of(save: dict, history):
    replay = Replay(save)
    return game_split((round_split(analyse_round(replay, 0, k, QUICK), scores)
                       for k, scores in enumerate(history)), 0)


def the_par_of(save: dict, history, replays: int = 2):
    rounds = list(range(len(history)))
    found: dict[int, dict[int, int]] = {}
    scores = run_all(inline_job(), RoundScore(save, 0, PAR), units(rounds, replays))
    for (k, r), score in scores.items():
        found.setdefault(k, {})[r] = score
    return game_par(PAR, found, rounds, replays, {k: s[0] for k, s in enumerate(history)})


def test_the_game_analysed_while_played_is_the_review_of_the_finished_game():
    save = game(3, KINDS)
    analysis, session = followed(save)
    history = session.match.history
    assert session.match.is_over() and analysis.complete
    assert analysis.progress() == (len(history) * 3, len(history) * 3)  # a review, 2 replays
    split = analysis.split(history)
    assert split is not None and split == the_review_of(save, history)
    assert split.result == split.expected + split.luck + split.cost + split.others
    par = analysis.par(history)
    assert par is not None and par == the_par_of(save, history)
    assert par.yours == session.match.totals[0]


def test_each_round_s_work_is_asked_for_once_as_it_is_dealt_and_as_it_ends():
    save = game(3, KINDS)
    InlineWork.made.clear()
    analysis = GameAnalysis(0, KINDS, InlineWork, level=QUICK, par_level=PAR, replays=2)
    analysis.follow(at(save, 0))
    (job,) = InlineWork.made
    # The deal: its replays, one handed to the (one) free worker, the other waiting here.
    assert job.asked == [("par", 0, 0, 0)] and analysis.waiting() == [("par", 0, 1, 0)]
    analysis.follow(at(save, 0))
    assert len(job.asked + analysis.waiting()) == 2  # nothing new: nothing asked again
    first_end = moments(save)[1]
    analysis.follow(at(save, first_end - 1))
    assert len(job.asked + analysis.waiting()) == 2  # the round is not over yet
    analysis.follow(at(save, first_end))
    assert analysis.waiting() == [("par", 0, 1, 0), ("review", 0, 0)]
    assert analysis.progress()[0] == 0  # nothing polled yet
    assert analysis.split(at(save, first_end).match.history) is None


def test_a_move_taken_back_before_a_round_s_end_drops_its_review_and_asks_again():
    save = game(3, KINDS)
    InlineWork.made.clear()
    analysis = GameAnalysis(0, KINDS, InlineWork, level=QUICK, par_level=PAR, replays=2)
    first_end = moments(save)[1]
    analysis.follow(at(save, first_end))
    (job,) = InlineWork.made
    stale = job.take()  # found, then the round's last move is taken back before it is taken
    analysis.follow(at(save, first_end - 1))
    for done in stale:
        analysis._take(done.unit, done.value)
    assert 0 not in analysis.reviews and analysis.found[0]  # the deal is the same: kept
    analysis.follow(at(save, first_end))
    analysis.poll()
    assert 0 in analysis.reviews
    # Asked again under a new try; the one asked for before the take-back never went out.
    assert ("review", 0, 1) in job.asked and ("review", 0, 0) not in job.asked


def test_the_replays_that_show_a_par_go_first_then_the_reviews_then_the_refinements():
    save = game(3, KINDS)
    InlineWork.made.clear()
    analysis = GameAnalysis(0, KINDS, InlineWork, level=QUICK, par_level=PAR, replays=4)
    ends = moments(save)
    analysis.follow(at(save, ends[1]))  # round 1 dealt and over
    analysis.follow(at(save, ends[2]))  # round 2 dealt
    (job,) = InlineWork.made
    assert job.asked == [("par", 0, 0, 0)]  # one worker, busy until the answers are taken
    assert analysis.waiting() == [("par", 0, 1, 0), ("par", 1, 0, 0), ("par", 1, 1, 0),
                                  ("review", 0, 0), ("par", 0, 2, 0), ("par", 0, 3, 0),
                                  ("par", 1, 2, 0), ("par", 1, 3, 0)]
    analysis.poll()
    assert job.asked[:5] == [("par", 0, 0, 0), ("par", 0, 1, 0), ("par", 1, 0, 0),
                             ("par", 1, 1, 0), ("review", 0, 0)]
    assert not analysis.waiting() and len(analysis.found[1]) == 4


def test_what_was_found_is_kept_under_the_finished_game_s_name(tmp_path):
    save = game(3, KINDS)
    analysis, session = followed(save)
    history = session.match.history
    cache, store = ReviewCache(tmp_path), ParStore(tmp_path)
    analysis.keep(session, cache, store)
    analysis.flush()
    assert game_total(session.to_save(), 0, history, cache, QUICK) == analysis.split(history)
    assert kept_par(session.to_save(), 0, history, store, 2, PAR) == analysis.par(history)
    assert analysis.kept


def test_no_par_beside_another_person_and_the_review_still_comes():
    save = game(3, ("human", "human", "medium"))
    analysis = GameAnalysis(0, ("human", "human", "medium"), InlineWork, level=QUICK,
                            par_level=PAR)
    for n in moments(save):
        analysis.follow(at(save, n))
        analysis.poll()
    history = at(save, len(save["actions"])).match.history
    assert analysis.complete and analysis.par(history) is None
    assert analysis.split(history) is not None


def test_the_work_is_done_on_processes_that_take_more_as_the_game_goes_on():
    save = game(3, KINDS)
    bench = Workbench(2)
    analysis = GameAnalysis(0, KINDS, functools.partial(bench.job, Lane.BACKGROUND),
                            level=QUICK, par_level=PAR, replays=2)
    try:
        session = at(save, 0)
        for n in moments(save):
            session = at(save, n)
            analysis.follow(session)
            analysis.poll()
        for _ in range(6000):
            if analysis.complete or analysis.failed:
                break
            analysis.poll()
            time.sleep(0.01)
        assert analysis.complete and not analysis.failed
        history = session.match.history
        assert analysis.split(history) == the_review_of(save, history)
    finally:
        analysis.stop()
        bench.close()


def test_processes_that_cannot_start_leave_the_game_unanalysed_and_said(monkeypatch):
    def refused(*_args, **_kwargs):
        raise OSError("no processes here")

    monkeypatch.setattr(bench_module.multiprocessing, "get_context", refused)
    bench = Workbench(2)
    analysis = GameAnalysis(0, KINDS, functools.partial(bench.job, Lane.BACKGROUND),
                            level=QUICK, par_level=PAR)
    analysis.follow(at(game(3, KINDS), 0))
    analysis.poll()
    assert analysis.failed and analysis.progress()[0] == 0
    bench.close()
