"""The round review's analysis: the expert's move at each real choice from that seat's view
only, the expected cost of the move played, deterministic for the match seed."""

from __future__ import annotations

import dataclasses
import pickle
import random
import time
from dataclasses import replace

import pytest
from test_review_hint import position
from test_review_replay import game, hidden_dealt_otherwise

from craits.engine import Play, RoundState, seat_view
from craits.engine.notation import read_card as parse_card
from craits.review import judging
from craits.review.analysis import (
    ChoiceJob,
    RoundAnalysis,
    RoundReview,
    Verdict,
    analyse_round,
    choice_jobs,
    choices,
    judge,
    review_level,
)
from craits.review.messages import KEYS, Message
from craits.review.replay import Replay
from craits.review.thinking import compare, decide, level_profile
from craits.work import Lane, Latest, Workbench, inline_job

EXPERT = level_profile("expert")
QUICK = replace(EXPERT, search=replace(EXPERT.search, iterations=60))


@pytest.fixture(scope="module")
def replay() -> Replay:
    return Replay(game(11, ("human", "medium", "easy")))


def busy_round(replay: Replay, seat: int = 0) -> int:
    """A round in which ``seat`` had a few real choices."""
    return next(r.index for r in replay.rounds if 3 <= len(choices(replay, seat, r.index)) <= 12)


def test_the_choices_are_the_seats_turns_with_more_than_one_legal_action(replay):
    for round_ in replay.rounds:
        found = choices(replay, 0, round_.index)
        for step in round_.steps:
            real = (step.player == 0 and step.is_turn
                    and len(replay.view_before(step.number, 0).legal) > 1)
            assert (step.number in found) == real


def test_the_analysis_is_deterministic_for_a_seed(replay):
    index = busy_round(replay)
    first = analyse_round(replay, 0, index, QUICK)
    assert first == analyse_round(replay, 0, index, QUICK)
    assert first == analyse_round(Replay(game(11, ("human", "medium", "easy"))), 0, index, QUICK)
    jobs = choice_jobs(replay, 0, index, QUICK)
    assert tuple(pickle.loads(pickle.dumps(job))() for job in jobs) == first.verdicts
    random.seed(99)  # the global generator plays no part
    assert analyse_round(replay, 0, index, QUICK) == first


def test_the_analysis_never_reads_hidden_cards(replay):
    index = busy_round(replay)
    rng = random.Random(4)
    jobs = choice_jobs(replay, 0, index, QUICK)
    assert jobs
    for job in jobs:
        assert not any(isinstance(getattr(job, f.name), RoundState)
                       for f in dataclasses.fields(job))
        before = replay.before(job.number)
        other = hidden_dealt_otherwise(before, 0, rng)
        assert other.hands != before.hands or other.draw_pile != before.draw_pile
        other_view = seat_view(other, 0)
        assert other_view == job.view
        assert dataclasses.replace(job, choice=replace(job.choice, view=other_view))() == job()


def test_every_verdict_weighs_the_move_actually_played(replay):
    review = analyse_round(replay, 0, busy_round(replay), QUICK)
    assert review.choices >= 3
    for verdict, job in zip(review.verdicts, choice_jobs(replay, 0, review.round, QUICK),
                            strict=True):
        assert verdict.played == job.played and verdict.played in job.view.legal
        assert verdict.expert in job.view.legal
        gap = verdict.played_mean - verdict.expert_mean
        # A cost only beyond the noise: the gap on the same guesses, when it is more than
        # NOISE_Z standard errors; otherwise the two moves are "about the same".
        assert verdict.cost == (gap if gap > judging.NOISE_Z * verdict.error else 0.0)
        if not verdict.differs:
            assert verdict.cost == 0.0
        elif verdict.cost == 0.0:
            assert verdict.message.key == "review.expert_other_even"
    assert review.differed == sum(v.differs for v in review.verdicts)
    assert review.cost == round(sum(v.cost for v in review.verdicts))


def test_a_costly_move_is_found_and_costed():
    """Spending a wild 8 with a King of the suit as the other card: the expert keeps the 8,
    sure to go out next turn."""
    view = position([["8S", "KH"], ["QC", "QD", "QS", "10S"], ["JD", "JS", "10C"]], "5H")
    played = Play(parse_card("8S"), 2)
    verdict = judge(review_level(), 0, view, [], played, random.Random(1))
    assert verdict.differs and verdict.expert != played
    # About 17 points, with a standard error of 3 on the same guesses.
    assert verdict.cost > judging.NOISE_Z * verdict.error > 0
    assert verdict.message.key == "review.expert_other"
    assert verdict.message.params["count"] == round(verdict.cost)


def test_a_small_difference_within_the_noise_costs_nothing():
    """Spending the 8 with four other cards: a few points the expert's estimate cannot tell
    from its own error (4 to 8 over seeds before, 0 on another): about the same."""
    view = position([["8S", "KH", "QH", "4C", "5D"], ["QC", "QD", "QS", "10S"],
                     ["JD", "JS", "10C"]], "5H")
    verdict = judge(review_level(), 0, view, [], Play(parse_card("8S"), 2), random.Random(1))
    assert verdict.differs
    assert 0 < verdict.played_mean - verdict.expert_mean <= judging.NOISE_Z * verdict.error
    assert verdict.cost == 0.0 and verdict.message.key == "review.expert_other_even"


def test_differences_on_one_guess_count_as_one_in_the_error():
    """A weighed pool whose weight sits on a few guesses knows less than its many draws:
    the error of the mean is clustered by guess (plain guesses, each its own, as before)."""
    rng = random.Random(5)
    diffs = [rng.gauss(0, 1) for _ in range(200)]
    plain = judging.mean_error(diffs)
    assert judging.mean_error(diffs, list(range(200))) == pytest.approx(plain, rel=1e-9)
    # Two guesses, each drawn 100 times: their shared part is the error that counts.
    shared = [d + (3.0 if i % 2 else -3.0) for i, d in enumerate(diffs)]
    mean, error = judging.mean_error(shared, [i % 2 for i in range(200)])
    assert mean == pytest.approx(plain[0])
    assert error > 5 * judging.mean_error(shared)[1]
    assert judging.mean_error(shared, [0] * 200)[1] == float("inf")  # one guess: no error
    # Three draws in four on one guess: the mean is hardly more than that guess's, and as
    # unsure as one guess is, whatever the other draws say.
    held = [d + (1.0 if i < 150 else -3.0) for i, d in enumerate(diffs)]
    mean, error = judging.mean_error(held, [0 if i < 150 else i for i in range(200)])
    assert error > 0.75 * (sum((d - mean) ** 2 for d in held) / 199) ** 0.5


def test_the_review_s_error_counts_the_guesses_of_its_weighed_pool(replay, monkeypatch):
    """Each difference the review weighs is found on a guess: one of the expert's weighed
    pool (numbered from 0) once opponents have played, a fresh one (numbered below 0) before;
    the verdict's error is clustered by them."""
    seen: list[list[int]] = []
    real = judging.mean_error

    def watched(diffs, guesses=None):
        assert guesses is not None and len(guesses) == len(diffs)
        seen.append(list(guesses))
        return real(diffs, guesses)

    monkeypatch.setattr(judging, "mean_error", watched)
    verdicts = analyse_round(replay, 0, busy_round(replay), QUICK).verdicts
    assert any(v.differs for v in verdicts) and seen
    drawn = [g for found in seen for g in found]
    assert any(g >= 0 for g in drawn)  # from the pool
    assert all(g < 100 for g in drawn)  # the pool's 100 guesses at the most


@pytest.mark.parametrize("weighings, calls, cost", [
    ([(10.0, 0.0, 2.0)], 2, 0.0),  # beyond the noise, then not on fresh guesses: nothing
    ([(10.0, 0.0, 2.0), (8.0, 0.0, 2.0)], 2, 8.0),  # beyond it twice: the second's gap
    ([(4.0, 0.0, 2.0)], 1, 0.0),  # within it: weighed once
])
def test_a_cost_beyond_the_noise_is_the_second_weighing_s(monkeypatch, weighings, calls,
                                                         cost):
    """The review's verdicts and the table's "confirm costly moves" count a cost alike: a gap
    beyond the noise is weighed again on fresh guesses, and the second weighing decides."""
    from craits.review.cost import CostJob

    made: list[int] = []

    def scripted(*args):
        made.append(len(made))
        return weighings[len(made) - 1] if len(made) <= len(weighings) \
            else (1.0, 0.0, 2.0)

    monkeypatch.setattr(judging, "weigh", scripted)
    assert judging.weigh_cost(EXPERT, None, [], None, None, random.Random(1), 10)[3] == cost
    assert len(made) == calls
    view = position([["8S", "KH"], ["QC", "QD", "QS", "10S"], ["JD", "JS", "10C"]], "5H")
    made.clear()
    job = CostJob(level_profile("hard"), view, (), Play(parse_card("8S"), 2), "seed")
    assert job().points == cost and len(made) == calls


def test_compare_scores_both_moves_on_the_same_guesses(replay):
    job = choice_jobs(replay, 0, busy_round(replay), QUICK)[0]
    a, b = job.view.legal[:2]
    means = compare(QUICK, job.view, job.history, [a, b], random.Random(3))
    assert len(means) == 2
    assert means == compare(QUICK, job.view, job.history, [a, b], random.Random(3))
    same = compare(QUICK, job.view, job.history, [a, a], random.Random(3))
    assert same[0] == same[1]  # one move, one estimate, however it is asked
    action, estimates = decide(QUICK, job.view, job.history, random.Random(3))
    assert action in job.view.legal and {e[0] for e in estimates} == set(job.view.legal)


def test_compare_weighs_two_legal_moves_only():
    view = position([["KH", "QH", "JH"], ["QC", "QD", "QS"], ["JD", "JS", "10C"]], "5H")
    a, b, c = view.legal
    with pytest.raises(ValueError):
        compare(QUICK, view, [], [a, b, c], random.Random(1))
    with pytest.raises(ValueError):
        compare(QUICK, view, [], [a, Play(parse_card("AD"))], random.Random(1))


def test_the_summary_line(replay):
    def verdict(played, expert, cost):
        return Verdict(0, 0, played, expert, cost, cost, 0.0, (), 0, 0)

    a, b = "a", "b"
    assert RoundReview(0, 0, ()).summary == Message("review.summary_no_choices")
    agreed = RoundReview(0, 0, (verdict(a, a, 0.0), verdict(b, b, 0.0)))
    assert agreed.summary == Message("review.summary_agreed", {"count": 2})
    mixed = RoundReview(0, 0, (verdict(a, b, 20.4), verdict(b, b, 0.0), verdict(b, a, 20.4)))
    assert mixed.summary == Message("review.summary", {
        "count": 2, "cost": Message("review.summary_cost", {"count": 41})})
    for message in (mixed.summary, agreed.summary, mixed.summary.params["cost"]):
        assert set(message.params) == KEYS[message.key]


def test_the_analysis_runs_a_job_at_a_time_with_progress(replay):
    index = busy_round(replay)
    analysis = RoundAnalysis(replay, 0, index, QUICK)
    pool = inline_job()
    # Each choice to judge and each chance event (the deal, every draw) to value.
    total = len(analysis.scan.found) + len(analysis.scan.chances)
    assert len(analysis.scan.chances) > 1
    seen = [analysis.progress]
    while not analysis.finished:
        analysis.poll(pool)
        seen.append(analysis.progress)
    assert seen[0] == (0, total) and seen[-1] == (total, total)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert analysis.result == analyse_round(replay, 0, index, QUICK)


def test_the_analysis_can_be_cancelled(replay):
    analysis = RoundAnalysis(replay, 0, busy_round(replay), QUICK)
    pool = inline_job()
    analysis.poll(pool)
    analysis.poll(pool)
    analysis.cancel()
    analysis.poll(pool)
    assert analysis.finished and analysis.result is None
    assert analysis.progress[0] == 1


def test_the_analysis_runs_on_worker_processes(replay):
    bench = Workbench(2)
    pool = bench.job(Lane.REVIEW)
    try:
        analysis = RoundAnalysis(replay, 0, busy_round(replay), QUICK)
        for _ in range(20_000):
            analysis.poll(pool)
            if analysis.finished:
                break
            pool.wait(0.01)
        assert analysis.result == analyse_round(replay, 0, analysis.round, QUICK)
    finally:
        bench.close()


def test_a_job_for_a_move_that_was_not_legal_is_refused(replay):
    job = choice_jobs(replay, 0, busy_round(replay), QUICK)[0]
    illegal = next(a for a in (j.played for j in choice_jobs(replay, 1, 0, QUICK))
                   if a not in job.view.legal)
    with pytest.raises(ValueError):
        ChoiceJob(job.level, replace(job.choice, played=illegal), job.history)()


def test_a_choice_and_a_hint_run_in_the_bot_lane(replay):
    from craits.review.hint import HintJob

    job = choice_jobs(replay, 0, busy_round(replay), QUICK)[0]
    hint_job = HintJob(QUICK, job.view, job.history, "seed")
    bench = Workbench()
    worker = Latest(bench.job(Lane.BOT))
    try:
        answers = []
        for submitted in (job, hint_job):
            ticket = worker.submit(submitted)
            for _ in range(3000):
                answer = worker.poll(ticket)
                if answer is not None:
                    break
                time.sleep(0.01)
            answers.append(answer)
        assert bench._workers[0].process is not None  # thought in the urgent worker
        assert answers == [job(), hint_job()]
    finally:
        bench.close()


def _two_eights():
    from test_review_hint import play

    view = position([["8S", "8H", "5D"], ["QC", "QD", "QS"], ["JD", "JS", "10C"]], "5H")
    return view, play("8S", "H"), play("8H", "H"), play("8H", "C")


def test_two_eights_naming_one_suit_compare_as_one_choice():
    view, spade, heart, other = _two_eights()
    for pair in ([spade, heart], [heart, spade], [heart, heart]):
        first, second = compare(QUICK, view, [], pair, random.Random(2))
        assert first == second
    # Three actions, two choices: the two 8s naming hearts score alike against the other suit.
    means = compare(QUICK, view, [], [spade, other, heart], random.Random(2))
    assert means[0] == means[2]
    with pytest.raises(ValueError):
        compare(QUICK, view, [], [spade, other, play_card("5D")], random.Random(2))


def play_card(card):
    return Play(parse_card(card))


def test_the_expert_naming_the_same_suit_with_the_other_eight_agrees(monkeypatch):

    view, spade, heart, _ = _two_eights()
    monkeypatch.setattr(judging, "decide", lambda *a: (heart, [(spade, 1.5, 10)]))
    verdict = judge(QUICK, 0, view, [], spade, random.Random(2))
    assert not verdict.differs and verdict.cost == 0.0
    assert verdict.played_mean == verdict.expert_mean == 1.5
    assert verdict.message == Message("review.expert_agrees")
