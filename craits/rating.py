"""A player's rating: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013), pure.

Why Glicko-2 and not Elo: it carries each player's uncertainty (the deviation) beside the
rating, so the first games move a new player fast and a settled player's rating slowly, and a
rating says how far it can be trusted (shown as "1520 ± 80"). Elo moves everyone by the same
step whatever is known of them. The volatility lets a player who really changes (learns) move
again.

Who is rated against whom: a human seat only against the computer seats of the game, whose
ratings are fixed (``config/ai.yaml``, calibrated by ``tools/calibrate_ratings.py``) and never
updated by play: they are the scale's anchor, so a rating means the same thing on every
computer. Humans at one screen are not rated against each other: they pass one screen, and
neither of them is an anchor (two ratings moving against each other drift together).

One finished game is one rating period. Its results are each round's pairwise results against
each rated computer seat: the lower round score wins (1), an equal one draws (0.5).

    new = update(Rating(), [(LevelRating(1400, 30), 1.0), ...])
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

SCALE = 173.7178  # the Glicko-2 scale: rating = SCALE * mu + 1500
TAU = 0.5  # how much the volatility may change (the paper suggests 0.3 to 1.2)
EPSILON = 0.000001  # convergence of the volatility's iteration
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
MIN_DEVIATION = 30.0  # never more certain than a level's calibration
MAX_DEVIATION = START_DEVIATION  # a long absence makes a player new again, not less known
# What play can give, and so all a ratings file may hold: the levels stand between 1365 and
# 1700, and a rating far above the strongest moves ever more slowly (its expected score nears
# 1). A rating or volatility is kept inside these, so every step below stays a plain number.
MIN_RATING, MAX_RATING = 0.0, 3000.0
MIN_VOLATILITY, MAX_VOLATILITY = 0.001, 1.0
WIN, DRAW, LOSS = 1.0, 0.5, 0.0
MIN_INFORMATION = 1e-12  # below this the results' variance is infinite: no step is taken


@dataclass(frozen=True, slots=True)
class Rating:
    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


@dataclass(frozen=True, slots=True)
class LevelRating:
    """A computer level's fixed rating and its deviation (from its calibration)."""

    rating: float
    deviation: float


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    exponent = -_g(phi_j) * (mu - mu_j)
    return 0.0 if exponent > 700 else 1 / (1 + math.exp(exponent))  # exp(710) overflows


def update(player: Rating, results: Iterable[tuple[LevelRating, float]], tau: float = TAU,
           min_deviation: float = MIN_DEVIATION) -> Rating:
    """The player's rating after one rating period of ``results`` (opponent, score 0..1).

    No result only widens the deviation (step 6 of the paper). The deviation is kept between
    ``min_deviation`` and ``MAX_DEVIATION``; the paper's example passes ``min_deviation=0``.
    """
    rating = _within(player.rating, MIN_RATING, MAX_RATING)
    mu = (rating - START_RATING) / SCALE
    phi = _within(player.deviation, min_deviation, MAX_DEVIATION) / SCALE
    sigma = _within(player.volatility, MIN_VOLATILITY, MAX_VOLATILITY)
    games = [((opp.rating - START_RATING) / SCALE, opp.deviation / SCALE, score)
             for opp, score in results]
    for _, _, score in games:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a result is 0, 0.5 or 1, not {score}")
    inv_v = 0.0
    delta_sum = 0.0
    for mu_j, phi_j, score in games:
        g = _g(phi_j)
        e = _expected(mu, mu_j, phi_j)
        inv_v += g * g * e * (1 - e)
        delta_sum += g * (score - e)
    if inv_v < MIN_INFORMATION:  # no result, or all of them certain: nothing is learnt
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(rating, _bounded(phi_star * SCALE, min_deviation), sigma)
    v = 1 / inv_v
    delta = v * delta_sum
    sigma_new = _volatility(delta, phi, v, sigma, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * delta_sum
    return Rating(_within(SCALE * mu_new + START_RATING, MIN_RATING, MAX_RATING),
                  _bounded(SCALE * phi_new, min_deviation),
                  _within(sigma_new, MIN_VOLATILITY, MAX_VOLATILITY))


def _bounded(deviation: float, low: float) -> float:
    return min(MAX_DEVIATION, max(low, deviation))


def _within(value: float, low: float, high: float) -> float:
    return min(high, max(low, value)) if math.isfinite(value) else low


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0 and k < 1000:  # a few steps; the bound guards a loop
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(200):  # converges in a handful; the bound only guards against a loop
        if abs(big_b - big_a) <= EPSILON or f_b == f_a:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def pair_result(mine: int, theirs: int) -> float:
    """One round between two seats: lower score is better."""
    if mine < theirs:
        return WIN
    return DRAW if mine == theirs else LOSS


def round_results(scores: Sequence[int], seat: int, opponents: Iterable[int]
                  ) -> list[tuple[int, float]]:
    """``seat``'s result against each of ``opponents`` in one round of ``scores``."""
    return [(other, pair_result(scores[seat], scores[other]))
            for other in opponents if other != seat]


def game_results(rounds: Sequence[Sequence[int]], kinds: Sequence[str], seat: int,
                 levels: Mapping[str, LevelRating]) -> list[tuple[LevelRating, float]]:
    """Every round's results of ``seat`` against each computer seat whose level is rated
    (``kinds``: ``human`` or a level's name, by seat); a level without a rating (one of the
    player's own, a research level) does not count."""
    rated = [other for other, kind in enumerate(kinds) if kind in levels and other != seat]
    out: list[tuple[LevelRating, float]] = []
    for scores in rounds:
        if len(scores) != len(kinds):
            raise ValueError(f"a round of {len(scores)} scores for {len(kinds)} seats")
        out.extend((levels[kinds[other]], result)
                   for other, result in round_results(scores, seat, rated))
    return out
