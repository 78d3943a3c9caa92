"""The computer levels' fixed ratings, from duplicate tournaments between them.

    nice python tools/calibrate_ratings.py --levels random,easy,medium,hard,expert \
        --deals 8 --seed 1 --length short --workers 2

Every deal is played once per seat rotation with the same cards (``craits tournament
--duplicate``), all the levels at one table. Each round gives a result per pair of seats (the
lower round score wins, an equal one draws: ``craits.rating.round_results``, the same results a
player's rating is updated from). A Bradley-Terry model on the rating scale (P(a beats b) =
1 / (1 + 10^((Rb - Ra) / 400)), the expectation Glicko-2 uses for a certain opponent) is fitted
by maximum likelihood, with one virtual draw per pair so that a level that never wins still
gets a finite rating, and shifted so that the anchor level (medium) is 1500. A level's
deviation is the larger of the spread of its rating over bootstrap resamples of whole rounds
(a round's cards are the same in every seat rotation) and the fit's standard error, at least
``--min-deviation``. Prints each level's rating and deviation, and the lines to put in
``config/ai.yaml``.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from craits.cli.tournament import run  # noqa: E402
from craits.config.levels import load_profiles  # noqa: E402
from craits.engine import Rules  # noqa: E402
from craits.rating import round_results  # noqa: E402

Pairs = dict[tuple[str, str], list[float]]
"""(a, b) with a before b in the level order -> a's score against b: wins, then games."""
LOG10 = math.log(10) / 400


def deal_pairs(results: Sequence[tuple[int, object]], order: Sequence[str]
               ) -> dict[tuple[int, int], Pairs]:
    """Per deal and round (the same cards in every seat rotation: the unit the bootstrap
    resamples), each pair of levels' results."""
    rank = {level: i for i, level in enumerate(order)}
    by_deal: dict[tuple[int, int], Pairs] = defaultdict(lambda: defaultdict(lambda: [0.0, 0.0]))
    for deal, rec in results:
        levels = rec.levels  # type: ignore[attr-defined]
        for index, scores in enumerate(rec.round_scores):  # type: ignore[attr-defined]
            for seat, level in enumerate(levels):
                for other, result in round_results(scores, seat, range(len(levels))):
                    if rank[level] < rank[levels[other]]:
                        cell = by_deal[(deal, index)][(level, levels[other])]
                        cell[0] += result
                        cell[1] += 1
    return by_deal


def fit(pairs: Pairs, order: Sequence[str], anchor: str, prior: float = 1.0) -> dict[str, float]:
    """Bradley-Terry ratings by Newton's method on the log-likelihood; ``prior`` virtual draws
    per pair keep a level that never wins finite."""
    n = len(order)
    index = {level: i for i, level in enumerate(order)}
    theta = [0.0] * n
    cells = [(index[a], index[b], wins + prior / 2, games + prior)
             for (a, b), (wins, games) in pairs.items()]
    for _ in range(100):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for i, j, wins, games in cells:
            p = 1 / (1 + math.exp(-(theta[i] - theta[j])))
            grad[i] += wins - games * p
            grad[j] -= wins - games * p
            w = games * p * (1 - p)
            hess[i][i] += w
            hess[j][j] += w
            hess[i][j] -= w
            hess[j][i] -= w
        a = index[anchor]  # fixed: drop its row and column, solve for the others
        free = [k for k in range(n) if k != a]
        step = _solve([[hess[r][c] for c in free] for r in free], [grad[r] for r in free])
        for k, s in zip(free, step, strict=True):
            theta[k] += s
        if max(abs(s) for s in step) < 1e-10:
            break
    return {level: 1500 + (theta[index[level]] - theta[index[anchor]]) / LOG10 for level in order}


def standard_errors(pairs: Pairs, order: Sequence[str], anchor: str,
                    ratings: dict[str, float], prior: float = 1.0) -> dict[str, float]:
    """Each level's standard error from the fit's information (the anchor's is 0), as if
    every pairwise result were independent: a floor under the bootstrap's spread."""
    index = {level: i for i, level in enumerate(order)}
    theta = [(ratings[level] - 1500) * LOG10 for level in order]
    n = len(order)
    hess = [[0.0] * n for _ in range(n)]
    for (a, b), (_, games) in pairs.items():
        i, j = index[a], index[b]
        p = 1 / (1 + math.exp(-(theta[i] - theta[j])))
        w = (games + prior) * p * (1 - p)
        hess[i][i] += w
        hess[j][j] += w
        hess[i][j] -= w
        hess[j][i] -= w
    free = [k for k in range(n) if k != index[anchor]]
    reduced = [[hess[r][c] for c in free] for r in free]
    out = {anchor: 0.0}
    for row, k in enumerate(free):
        unit = [1.0 if r == row else 0.0 for r in range(len(free))]
        variance = _solve(reduced, unit)[row]
        out[order[k]] = math.sqrt(max(0.0, variance)) / LOG10
    return out


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a few levels: no library needed)."""
    n = len(vector)
    m = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col:
                factor = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= factor * m[col][c]
    return [m[i][n] / m[i][i] for i in range(n)]


def merged(deals: Sequence[Pairs]) -> Pairs:
    out: Pairs = defaultdict(lambda: [0.0, 0.0])
    for pairs in deals:
        for key, (wins, games) in pairs.items():
            out[key][0] += wins
            out[key][1] += games
    return out


def calibrate(by_deal: dict[tuple[int, int], Pairs], order: Sequence[str], anchor: str, resamples: int,
              seed: int) -> tuple[dict[str, float], dict[str, float]]:
    """Each level's rating and its bootstrap deviation over resampled rounds of deals."""
    deals = [by_deal[d] for d in sorted(by_deal)]
    ratings = fit(merged(deals), order, anchor)
    rng = random.Random(seed)
    samples: dict[str, list[float]] = defaultdict(list)
    for _ in range(resamples):
        fitted = fit(merged([rng.choice(deals) for _ in deals]), order, anchor)
        for level, value in fitted.items():
            samples[level].append(value)
    spread = {level: statistics.stdev(samples[level]) if resamples > 1 else 0.0
              for level in order}
    return ratings, spread


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--levels", default="random,easy,medium,hard,expert")
    p.add_argument("--anchor", default="medium")
    p.add_argument("--deals", type=int, default=8)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--length", choices=("short", "full"), default="short")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--resamples", type=int, default=2000)
    p.add_argument("--min-deviation", type=float, default=30.0)
    args = p.parse_args(argv)
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    profiles = load_profiles()
    unknown = [level for level in levels if level not in profiles]
    if unknown or args.anchor not in levels or not 2 <= len(levels) <= 5:
        print("calibrate_ratings: 2 to 5 known levels, the anchor among them", file=sys.stderr)
        return 2
    rules = dataclasses.replace(Rules(), game_length=args.length)
    started = time.monotonic()

    def progress(done: int, total: int, _record: object) -> None:
        print(f"  {done}/{total} matches, {time.monotonic() - started:.0f}s", file=sys.stderr,
              flush=True)

    results = run(levels, args.deals, args.seed, rules, True, profiles, progress, args.workers)
    by_deal = deal_pairs(results, levels)
    ratings, spread = calibrate(by_deal, levels, args.anchor, args.resamples, args.seed)
    rounds = sum(len(rec.round_scores) for _, rec in results)
    print(f"{args.deals} deals x {len(levels)} rotations, {rounds} rounds, "
          f"{time.monotonic() - started:.0f}s; anchor {args.anchor} = 1500")
    for (a, b), (wins, games) in sorted(merged(list(by_deal.values())).items()):
        print(f"  {a} against {b}: {wins:g} of {games:g} ({wins / games:.0%})")
    errors = standard_errors(merged(list(by_deal.values())), levels, args.anchor, ratings)
    for level in levels:
        deviation = max(args.min_deviation, spread[level], errors[level])
        print(f"{level:<10} rating {ratings[level]:7.0f}  deviation {deviation:4.0f}"
              f"  (bootstrap {spread[level]:.1f}, information {errors[level]:.1f})")
        print(f"    rating: {{value: {ratings[level]:.0f}, deviation: {deviation:.0f}}}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
