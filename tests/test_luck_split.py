"""Luck against choices (``review.luck``): a round's result is what was expected at the deal,
plus luck, plus the cost of the seat's own choices, exactly; the game is the sum of its rounds;
the review's JSON carries the four figures per round and for the game."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from test_review_hint import position
from test_review_replay import game

from craits.ai.search import relative_score
from craits.cli.review import main
from craits.engine import Play
from craits.engine.notation import read_card
from craits.review.analysis import RoundReview, analyse_rounds, judge, review_level
from craits.review.cache import ReviewCache, game_key
from craits.review.luck import DEAL_EXPECTED, Split, game_split, round_split, steps
from craits.review.replay import Replay
from craits.review.thinking import level_profile

EXPERT = level_profile("expert")
QUICK = replace(EXPERT, search=replace(EXPERT.search, iterations=30))


@pytest.fixture(scope="module", params=[3, 8])
def reviewed(request) -> tuple[Replay, list[RoundReview]]:
    """Every round of a seeded game, judged (quickly) for seat 0."""
    replay = Replay(game(request.param, ("human", "easy", "medium")))
    return replay, analyse_rounds(replay, 0, range(len(replay.rounds)), QUICK)


def test_result_is_expected_plus_luck_plus_cost_on_every_round(reviewed):
    replay, reviews = reviewed
    splits = []
    for review in reviews:
        scores = replay.rounds[review.round].scores
        assert scores is not None
        split = round_split(review, scores)
        splits.append(split)
        # The points actually scored, in the seat's favour: good is positive.
        assert split.result == -relative_score(scores, 0)
        assert split.expected == DEAL_EXPECTED
        assert split.cost == pytest.approx(-sum(v.cost for v in review.verdicts), abs=1e-12)
        assert split.cost <= 0
        assert split.expected + split.luck + split.cost == pytest.approx(split.result, abs=1e-9)
        # Step by step too: the luck between decision points and each choice's cost.
        parts = steps(review, split.result)
        assert sum(x for kind, x in parts if kind == "luck") == pytest.approx(split.luck)
        assert [x for kind, x in parts if kind == "cost"] == [-v.cost for v in review.verdicts]
        for digits in (0, 1):  # printed: the rounded parts add up, to the last digit
            shown = split.shown(digits)
            assert round(shown.expected + shown.luck + shown.cost, digits) == shown.result
            assert abs(shown.luck - split.luck) <= 10 ** -digits
    total = game_split(splits)
    assert total.result == pytest.approx(-sum(relative_score(replay.rounds[r.round].scores, 0)
                                              for r in reviews))
    assert total.expected + total.luck + total.cost == pytest.approx(total.result)
    shown = game_split(splits, 0)
    assert shown == game_split([s.shown(0) for s in splits])
    assert shown.expected + shown.luck + shown.cost == shown.result


def test_a_forced_line_is_all_luck(reviewed):
    replay, _ = reviewed
    for round_ in replay.rounds:
        assert round_.scores is not None
        split = round_split(RoundReview(round_.index, 0, ()), round_.scores)
        assert split.cost == 0 and split.luck == split.result == -relative_score(round_.scores, 0)


def test_choices_matching_the_expert_cost_nothing_and_the_rest_is_luck(reviewed):
    replay, reviews = reviewed
    agreed = [v for r in reviews for v in r.verdicts if not v.differs]
    assert agreed
    review = RoundReview(0, 0, tuple(agreed[:5]))
    split = round_split(review, replay.rounds[0].scores)
    assert split.cost == 0 and split.luck == split.result


def test_a_known_blunder_costs_points_and_luck_takes_the_rest():
    """Spending a wild 8 with a King of the suit in hand: the expert keeps the 8."""
    view = position([["8S", "KH", "QH", "4C", "5D"], ["QC", "QD", "QS", "10S"],
                     ["JD", "JS", "10C"]], "5H")
    verdict = judge(review_level(), 0, view, [], Play(read_card("8S"), 2), random.Random(1))
    review = RoundReview(0, 0, (verdict,))
    split = round_split(review, (0, 20, 36))
    # Shown as a player reads it: the blunder cost points (negative), going out first and
    # 28 points better than the opponents' average is positive, the cards' help the rest.
    assert -split.cost == verdict.cost > 1
    assert split.result == 28.0
    assert split.luck == pytest.approx(28.0 - split.cost) and split.luck > 28.0
    # The luck before the choice (the deal) and after it (the rest of the round).
    assert steps(review, 28.0) == [("luck", -(verdict.played_mean - verdict.cost)),
                                   ("cost", -verdict.cost),
                                   ("luck", 28.0 + verdict.played_mean)]


def test_the_split_of_kept_verdicts_is_the_split_of_fresh_ones(reviewed, tmp_path):
    replay, reviews = reviewed
    cache = ReviewCache(tmp_path)
    level = review_level()
    key = game_key(replay.save)
    for review in reviews:
        cache.store(key, level, review)
    kept = cache.load(key, level)
    for review in reviews:
        scores = replay.rounds[review.round].scores
        assert round_split(kept[(0, review.round)], scores) == round_split(review, scores)


def test_rounding_leaves_the_identity_exact():
    split = Split(0.0, 1.0 / 3.0, -2.45, -2.45 + 1.0 / 3.0)
    assert split.shown(0) == Split(0.0, 0.0, -2.0, -2.0)
    assert split.as_dict(1) == {"expected": 0.0, "luck": 0.4, "cost": -2.5, "result": -2.1}


def test_the_json_has_expected_luck_cost_and_result_per_round_and_for_the_game(tmp_path,
                                                                               capsys):
    save = tmp_path / "save.json"
    save.write_text(json.dumps({"format": "craits-save", "version": 1, "data": game()}))
    assert main([str(save), "--round", "1", "--round", "3", "--iterations", "20",
                 "--workers", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    replay = Replay(game())
    rounds = out["rounds"]
    assert [r["round"] for r in rounds] == [1, 3]
    for entry in rounds:
        for field in ("expected", "luck", "cost", "result"):
            assert isinstance(entry[field], float)
        assert entry["result"] == round(-relative_score(
            replay.rounds[entry["round"] - 1].scores, 0), 1)
        # The verdicts' costs are printed rounded, the round's (in the seat's favour, so
        # negative) from the exact sum.
        assert abs(entry["cost"] + sum(v["cost"] for v in entry["verdicts"])) <= 0.05 * (
            len(entry["verdicts"]) + 1)
        assert round(entry["expected"] + entry["luck"] + entry["cost"], 1) == entry["result"]
    whole = out["game"]
    assert whole["rounds"] == 2
    for field in ("expected", "luck", "cost", "result"):
        assert whole[field] == round(sum(r[field] for r in rounds), 1)
    assert round(whole["expected"] + whole["luck"] + whole["cost"], 1) == whole["result"]
