"""The review's search races its moves harder than the table's: an action trailing the leader
leaves sooner, so a choice is judged on fewer rollouts; the table's search (and the hint, which
decides as the table does) is left as it was."""

from __future__ import annotations

import random

import pytest
from test_review_replay import game

from craits.ai.search import RACE_FIRST, RACE_Z, SearchBot
from craits.review.analysis import choice_jobs, choices, review_level
from craits.review.replay import Replay
from craits.review.thinking import REVIEW_RACE, decide, level_profile


@pytest.fixture(scope="module")
def jobs():
    replay = Replay(game(11, ("human", "medium", "easy")))
    level = review_level()
    found = []
    for round_ in replay.rounds:
        if choices(replay, 0, round_.index):
            found += choice_jobs(replay, 0, round_.index, level)
        if len(found) >= 8:
            break
    return found[:8]


def rollouts(estimates) -> int:
    return sum(n for _, _, n in estimates)


def test_a_choice_is_judged_on_fewer_rollouts_than_the_table_would_spend(jobs):
    review = table = 0
    for job in jobs:
        verdict = job()
        assert verdict.expert in job.view.legal
        review += rollouts(verdict.estimates)
        _, estimates = decide(job.level.profile, job.view, job.history,
                              random.Random(job.choice.seed))
        table += rollouts(estimates)
    assert review < 0.85 * table, (review, table)


def test_the_review_race_is_keener_than_the_tables():
    first, z = REVIEW_RACE
    assert first > RACE_FIRST  # a floor: no move leaves on a handful of guesses
    assert z < RACE_Z


def test_the_table_and_the_hint_search_as_before(jobs):
    job = jobs[0]
    profile = level_profile("expert")
    searcher = SearchBot(profile.search)
    assert searcher.race == (RACE_FIRST, RACE_Z)
    searcher.clock = lambda: 0.0
    action = searcher.choose_turn(job.view, job.history, random.Random(5))
    assert decide(profile, job.view, job.history, random.Random(5)) == \
        (action, searcher.last_report)
