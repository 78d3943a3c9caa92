"""Each searching level's defining knobs change how it plays, judged on real positions.

The positions are seat 0's choices in a seeded match of medium against medium
(``benchmarks/ai_reading.watch``); a choice is judged on the true hands, every legal action
played out on the same shuffles (``benchmarks/ai_regret.true_values``): its regret is its mean
relative score minus the best action's. Kept small: a few seconds on two cores.
"""

from __future__ import annotations

import importlib
import random
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from craits.ai.rollout import RolloutPolicy
from craits.engine import Rules
from craits.review.thinking import decide, level_profile

ROOT = Path(__file__).resolve().parents[1]
POSITIONS = 8
BUDGET_POSITIONS = 24  # a tenth of the budget chooses otherwise in a few: more are needed


def _benchmark(name: str) -> ModuleType:
    """A module of ``benchmarks/`` (a folder of scripts, not a package)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


@pytest.fixture(scope="module")
def choices() -> list[Any]:
    pool = _benchmark("ai_reading").watch(["medium", "medium"], 1, Rules(game_length="short"))
    random.Random(1).shuffle(pool)
    assert len(pool) > 40
    return pool


def test_hards_budget_makes_better_choices_than_a_tenth_of_it(choices: list[Any]) -> None:
    true_values = _benchmark("ai_regret").true_values
    hard = level_profile("hard")
    cut = replace(hard, search=replace(hard.search, iterations=100))
    judge = RolloutPolicy(hard.search.rollout)
    regrets = {"hard": 0.0, "cut": 0.0}
    differ = 0
    for i, choice in enumerate(choices[:BUDGET_POSITIONS]):
        mine, _ = decide(hard, choice.view, choice.history, random.Random(i))
        cheap, _ = decide(cut, choice.view, choice.history, random.Random(i))
        if mine == cheap:
            continue
        differ += 1
        values = true_values(choice, judge, 200, seed=i)
        best = min(values.values())
        regrets["hard"] += values[mine] - best
        regrets["cut"] += values[cheap] - best
    assert differ >= 2, "hard's budget changes none of its choices"
    assert regrets["hard"] < regrets["cut"] / 2, regrets


def _reading(level: str) -> str:
    """How a level's guesses read the hidden cards, as ``ai_reading.scores`` names it."""
    search = level_profile(level).search
    reading = "learned" if search.reader == "learned" else str(search.opponent_model)
    return reading + ("+choices" if search.choices else "")


def test_the_levels_reading_the_plays_place_more_cards_right_than_certainties_alone(
        choices: list[Any]) -> None:
    # The same guesses (one seed) from what is certain only (hard as version 1 guessed) and
    # reading the plays too: hard's and expert's place more of the opponent's cards in the
    # right hand, with a better (lower) Brier score.
    scores = _benchmark("ai_reading").scores
    placed = {}
    for level in ("hard-classic", "hard", "expert"):
        rows = [scores(c, _reading(level), 8, random.Random(7)) for c in choices[:40]]
        placed[level] = (sum(r[0] for r in rows) / len(rows), sum(r[1] for r in rows) / len(rows))
    for level in ("hard", "expert"):
        assert placed[level][0] > placed["hard-classic"][0] + 0.02, placed
        assert placed[level][1] < placed["hard-classic"][1] - 0.01, placed


def test_experts_reading_changes_its_choices(choices: list[Any]) -> None:
    # At a tenth of expert's budget, to stay cheap: the reading is what differs.
    expert = level_profile("expert")
    quick = replace(expert, search=replace(expert.search, iterations=300))
    unread = replace(quick, search=replace(quick.search, opponent_model=0.0, reader="rules",
                                           choices=0.0))
    differ = sum(
        decide(quick, c.view, c.history, random.Random(i))[0]
        != decide(unread, c.view, c.history, random.Random(i))[0]
        for i, c in enumerate(choices[:POSITIONS]))
    assert differ >= 2
