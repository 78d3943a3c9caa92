"""The rating update (Glicko-2) against Glickman's worked example, and the results it is fed:
each round's pairwise results against the computer seats (lower score wins)."""

from __future__ import annotations

import pytest

from craits.rating import (
    DRAW,
    LOSS,
    MAX_DEVIATION,
    MIN_DEVIATION,
    WIN,
    LevelRating,
    Rating,
    game_results,
    pair_result,
    round_results,
    update,
)

# Glickman, "Example of the Glicko-2 system" (2013): a player at 1500 / 200 / 0.06 beats a
# 1400 / 30 player and loses to 1550 / 100 and 1700 / 300, with tau 0.5.
EXAMPLE = [(LevelRating(1400, 30), 1.0), (LevelRating(1550, 100), 0.0),
           (LevelRating(1700, 300), 0.0)]


def test_the_papers_worked_example() -> None:
    new = update(Rating(1500, 200, 0.06), EXAMPLE, tau=0.5, min_deviation=0)
    # The paper rounds its intermediate figures (mu' = -0.2069); unrounded it is 1464.05.
    assert new.rating == pytest.approx(1464.06, abs=0.02)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_new_player_moves_fast_and_a_settled_one_slowly() -> None:
    won = [(LevelRating(1500, 30), WIN)] * 3
    new = update(Rating(1500, 350), won)
    settled = update(Rating(1500, 60), won)
    assert new.rating - 1500 > 4 * (settled.rating - 1500) > 0
    assert new.deviation < 350 and settled.deviation < 60


def test_no_game_only_widens_the_deviation_within_its_bounds() -> None:
    idle = update(Rating(1600, 100, 0.06), [])
    assert idle.rating == 1600 and idle.deviation == pytest.approx((100**2 + (0.06 * 173.7178)
                                                                     ** 2) ** 0.5)
    assert update(Rating(1600, 349.9), []).deviation == MAX_DEVIATION
    many = update(Rating(1500, 40), [(LevelRating(1500, 30), DRAW)] * 500)
    assert many.deviation == MIN_DEVIATION and many.rating == pytest.approx(1500)


def test_a_result_is_a_win_a_draw_or_a_loss() -> None:
    with pytest.raises(ValueError, match="0, 0.5 or 1"):
        update(Rating(), [(LevelRating(1500, 30), 2.0)])


def test_the_pairwise_results_of_a_round_lower_score_wins() -> None:
    assert pair_result(0, 12) == WIN and pair_result(12, 0) == LOSS and pair_result(5, 5) == DRAW
    # Seat 1 went out (0); seats 0 and 3 drew at 7; seat 2 took 20.
    scores = (7, 0, 20, 7)
    assert round_results(scores, 0, range(4)) == [(1, LOSS), (2, WIN), (3, DRAW)]
    assert round_results(scores, 2, [0, 1]) == [(0, LOSS), (1, LOSS)]


def test_a_game_gives_every_rounds_results_against_the_rated_computer_seats_only() -> None:
    levels = {"easy": LevelRating(1200, 80), "hard": LevelRating(1700, 60)}
    kinds = ["human", "easy", "human", "hard", "mine"]  # "mine": a level with no rating
    rounds = [(0, 5, 9, 3, 4), (10, 0, 2, 10, 20)]
    assert game_results(rounds, kinds, 0, levels) == [
        (levels["easy"], WIN), (levels["hard"], WIN),
        (levels["easy"], LOSS), (levels["hard"], DRAW)]
    assert game_results([(0, 3)], ["human", "human"], 0, levels) == []
    with pytest.raises(ValueError, match="of 3 scores for 5 seats"):
        game_results([(1, 2, 3)], kinds, 0, levels)
