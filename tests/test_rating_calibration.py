"""The calibration tool's fit: it recovers known rating differences from pairwise results, with
the anchor at 1500, and counts each round's pairs once per pair of seats."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from calibrate_ratings import deal_pairs, fit, merged, standard_errors  # noqa: E402

ORDER = ["weak", "mid", "strong"]
TRUE = {"weak": 1300.0, "mid": 1500.0, "strong": 1650.0}


def _expected(a: str, b: str) -> float:
    return 1 / (1 + 10 ** ((TRUE[b] - TRUE[a]) / 400))


def test_the_fit_recovers_known_ratings_with_the_anchor_fixed() -> None:
    games = 100_000.0
    pairs = {(a, b): [games * _expected(a, b), games]
             for i, a in enumerate(ORDER) for b in ORDER[i + 1:]}
    ratings = fit(pairs, ORDER, "mid")
    for level in ORDER:
        assert ratings[level] == pytest.approx(TRUE[level], abs=0.5)
    errors = standard_errors(pairs, ORDER, "mid", ratings)
    assert errors["mid"] == 0 and 0 < errors["weak"] < 5
    fewer = {key: [wins / 100, n / 100] for key, (wins, n) in pairs.items()}
    assert standard_errors(fewer, ORDER, "mid", ratings)["weak"] > 5 * errors["weak"]


def test_a_level_that_never_wins_still_gets_a_finite_rating() -> None:
    ratings = fit({("weak", "mid"): [0.0, 40.0], ("mid", "strong"): [20.0, 40.0]}, ORDER, "mid")
    assert 0 < 1500 - ratings["weak"] < 1000


def test_each_round_gives_one_result_per_pair_of_seats() -> None:
    record = SimpleNamespace(levels=("strong", "weak", "mid"),
                             round_scores=[(0, 7, 7), (12, 0, 3)])
    by_round = deal_pairs([(0, record)], ORDER)
    assert set(by_round) == {(0, 0), (0, 1)}
    first = by_round[(0, 0)]
    # Round 1: strong 0 beats both; weak and mid draw at 7.
    assert first[("weak", "strong")] == [0.0, 1] and first[("mid", "strong")] == [0.0, 1]
    assert first[("weak", "mid")] == [0.5, 1]
    total = merged(list(by_round.values()))
    assert total[("weak", "strong")] == [1.0, 2] and total[("weak", "mid")] == [1.5, 2]
