"""A player's first rating starts where Glickman's paper starts one: 1500, deviation 350,
volatility 0.06 (a different volatility would make every new player's rating move otherwise)."""

from __future__ import annotations

import pytest

from craits.rating import Rating, update

SCALE = 173.7178  # Glicko-2's factor between its scale and the rating's


def test_a_new_players_idle_period_widens_the_deviation_by_the_papers_volatility() -> None:
    fresh = Rating()
    assert (fresh.rating, fresh.deviation, fresh.volatility) == (1500, 350, 0.06)
    idle = update(Rating(1600, 100), [])  # no game: the deviation grows by the volatility alone
    assert idle.deviation == pytest.approx((100**2 + (0.06 * SCALE) ** 2) ** 0.5)
    assert idle.volatility == pytest.approx(0.06)
