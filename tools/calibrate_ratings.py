"""The computer levels' fixed ratings, from duplicate tournaments between them.

    nice python tools/calibrate_ratings.py --levels random,easy,medium,hard,expert \
        --seed 2 --length short --workers 2 --budget 14

Every deal is played once per seat rotation with the same cards (as ``craits tournament
--duplicate``), all the levels at one table: the expensive levels' every decision then counts in
a pairing with each of the others, and the cheap levels cost next to nothing. Each round gives a
result per pair of seats (the lower round score wins, an equal one draws:
``craits.rating.round_results``, the same results a player's rating is updated from). A
Bradley-Terry model on the rating scale (P(a beats b) = 1 / (1 + 10^((Rb - Ra) / 400)), the
expectation Glicko-2 uses for a certain opponent) is fitted by maximum likelihood, with one
virtual draw per pair so that a level that never wins still gets a finite rating, and shifted so
that the anchor level (medium) is 1500. A level's deviation is the larger of the spread of its
rating over bootstrap resamples of whole rounds (a round's cards are the same in every seat
rotation) and the fit's standard error, at least ``--min-deviation``.

The deals are shared out among ``--workers`` processes; each plays its deal's seat rotations in
step, round by round, so that whenever it stops every round counted was played in every
rotation. After each such round the fit is made again and printed with the time so far; the
tool stops once every level's deviation is at most its target (``--target``: by default the
deviation ``config/ai.yaml`` ships, so a new calibration is never less sure than the one it
would replace) after at least ``--min-rounds`` rounds, or when ``--budget`` minutes are spent
(the rounds still being played are left out). It prints how many searches the time cap cut
short: on a machine so busy that searches are cut, the levels play below themselves. Then each
level's rating and deviation, and the lines to put in ``config/ai.yaml``.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import math
import multiprocessing
import queue
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from craits.ai.profiles import Profile  # noqa: E402
from craits.cli.tournament import deal_seed  # noqa: E402
from craits.config.levels import load_profiles, make_bot  # noqa: E402
from craits.director import (  # noqa: E402
    TURN_SECONDS,
    FixedPace,
    InlineRunner,
    MatchDirector,
    MatchRecord,
)
from craits.engine import Rules  # noqa: E402
from craits.rating import round_results  # noqa: E402
from craits.review.par import NO_TIME_CAP  # noqa: E402
from craits.seat import Seat  # noqa: E402
from craits.session import Session  # noqa: E402
from craits.work.worker import watch_parent  # noqa: E402

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


@dataclass
class Plan:
    """What to play and when to stop: the levels at the table (also their order in the fit),
    the seed, the rules, the profiles, the processes, the time budget in seconds, and the
    most deals to play."""

    levels: list[str]
    seed: int
    rules: Rules
    profiles: dict[str, Profile]
    workers: int = 2
    budget: float = 14 * 60
    max_deals: int = 1000
    seats: int = 0  # players at each table (0: all the levels at one table)

    @property
    def seatings(self) -> list[list[str]]:
        return seatings(self.levels, self.seats or len(self.levels))


Unit = tuple[int, int]
"""(deal, round index): one round's cards, played once in every seat rotation."""
Played = tuple[int, int, int, tuple[int, ...], int]
"""What a process reports: deal, rotation, round index, the round's scores by seat, and the
searches the time cap has cut short in that rotation so far."""
UnitDone = Callable[[int, list[tuple[int, MatchRecord]]], bool]
"""Told after each complete unit: units so far, the records of them; True stops."""


def rotations(levels: Sequence[str]) -> list[list[str]]:
    """The levels by seat in each rotation (as ``craits tournament --duplicate`` seats them)."""
    n = len(levels)
    return [[levels[(i + rotation) % n] for i in range(n)] for rotation in range(n)]


def seatings(levels: Sequence[str], seats: int) -> list[list[str]]:
    """Every table of ``seats`` of the levels (each set of them), in each seat rotation: a
    level's rating at that table size comes from every pairing it plays there."""
    return [seated for group in itertools.combinations(levels, seats)
            for seated in rotations(group)]


def play_deal(plan: Plan, deal: int, report: Callable[[Played], object]) -> None:
    """Every seat rotation of ``deal``, in step: each plays its round r before any plays round
    r + 1, so a stop at any moment leaves whole units. Each match is what ``craits
    tournament`` plays for the deal (the same seed, seats, bots and pace); a round's scores
    are reported as it ends."""
    tables = []
    for seated in plan.seatings:
        bots = {level: make_bot(level, plan.profiles) for level in set(seated)}
        seats = [Seat(level, f"{level} {i + 1}") for i, level in enumerate(seated)]
        session = Session(seats, plan.rules, deal_seed(plan.seed, deal),
                          bots={i: bots[level] for i, level in enumerate(seated)})
        director = MatchDirector(session, runner=InlineRunner(), pace=FixedPace(TURN_SECONDS))
        tables.append((session, director, list(bots.values())))
    going = True
    while going:
        going = False
        for rotation, (session, director, table_bots) in enumerate(tables):
            played = len(session.match.history)
            while len(session.match.history) == played and director.step():
                pass
            if len(session.match.history) > played:
                going = True
                cut = sum(getattr(bot, "searches_cut_short", 0) for bot in table_bots)
                report((deal, rotation, played, tuple(session.match.history[played]), cut))


def _work(plan: Plan, deals: list[int], out: multiprocessing.Queue[Played | None]) -> None:
    """A process's share of the deals, one after another; None when they are all played."""
    watch_parent()
    for deal in deals:
        play_deal(plan, deal, out.put)
    out.put(None)


def play_units(plan: Plan, unit_done: UnitDone, clock: Callable[[], float] = time.monotonic
               ) -> tuple[list[tuple[int, MatchRecord]], int]:
    """Duplicate deals on ``plan.workers`` processes (each its own deals, the rotations in
    step) until ``unit_done`` says stop, the deals are all played, or the budget is spent;
    returns each (deal, rotation)'s record of its complete units (in deal, then rotation
    order: ``deal_pairs`` reads them), and the searches cut short."""
    started = clock()
    context = multiprocessing.get_context("spawn")  # fresh interpreters, as tournaments use
    out: multiprocessing.Queue[Played | None] = context.Queue()
    workers = max(1, min(plan.workers, plan.max_deals))
    processes = [context.Process(target=_work, daemon=True,
                                 args=(plan, list(range(k, plan.max_deals, workers)), out))
                 for k in range(workers)]
    n = len(plan.seatings)
    scores: dict[Unit, dict[int, tuple[int, ...]]] = defaultdict(dict)
    units: list[Unit] = []
    cut: dict[tuple[int, int], int] = {}
    running = workers
    for process in processes:
        process.start()
    try:
        while running and clock() - started < plan.budget:
            try:
                got = out.get(timeout=max(0.05, min(1.0, plan.budget - (clock() - started))))
            except queue.Empty:
                continue
            if got is None:
                running -= 1
                continue
            deal, rotation, index, round_scores, cut_so_far = got
            cut[(deal, rotation)] = cut_so_far
            scores[(deal, index)][rotation] = round_scores
            if len(scores[(deal, index)]) == n:
                units.append((deal, index))
                if unit_done(len(units), _records(plan, scores, units)):
                    break
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.join()
    return _records(plan, scores, units), sum(cut.values())


def _records(plan: Plan, scores: dict[Unit, dict[int, tuple[int, ...]]], units: list[Unit]
             ) -> list[tuple[int, MatchRecord]]:
    """Per deal and rotation, a record of the complete units' rounds (a deal's units are its
    first rounds: the rotations play in step)."""
    by_deal: dict[int, list[int]] = defaultdict(list)
    for deal, index in units:
        by_deal[deal].append(index)
    out = []
    for deal in sorted(by_deal):
        for rotation, seated in enumerate(plan.seatings):
            rounds = [scores[(deal, index)][rotation] for index in sorted(by_deal[deal])]
            out.append((deal, MatchRecord(deal_seed(plan.seed, deal), tuple(seated),
                                          round_scores=rounds)))
    return out


def deviations(by_deal: dict[tuple[int, int], Pairs], order: Sequence[str], anchor: str,
               resamples: int, seed: int, floor: float
               ) -> tuple[dict[str, float], dict[str, float], dict[str, float], dict[str, float]]:
    """Ratings; each level's deviation (the larger of the bootstrap's spread and the fit's
    standard error, at least ``floor``); the spread; the standard error."""
    ratings, spread = calibrate(by_deal, order, anchor, resamples, seed)
    errors = standard_errors(merged(list(by_deal.values())), order, anchor, ratings)
    deviation = {level: max(floor, spread[level], errors[level]) for level in order}
    return ratings, deviation, spread, errors


def shipped_deviations(profiles: dict[str, Profile], levels: Sequence[str]) -> dict[str, float]:
    """The deviation each level has in the levels file now (none: no target of its own)."""
    return {level: profiles[level].rating[1] for level in levels  # type: ignore[index]
            if profiles[level].rating is not None}


def targets_met(deviation: dict[str, float], target: dict[str, float]) -> bool:
    return all(deviation[level] <= target[level] + 0.5 for level in target)  # as printed


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--levels", default="random,easy,medium,hard,expert")
    p.add_argument("--anchor", default="medium")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--length", choices=("short", "full"), default="short")
    p.add_argument("--workers", type=int, default=2, help="processes (0: one per core)")
    p.add_argument("--budget", type=float, default=14.0,
                   help="minutes: the matches still being played then are cut off")
    p.add_argument("--min-rounds", type=int, default=16,
                   help="rounds (each in every rotation) before the targets may stop it")
    p.add_argument("--max-deals", type=int, default=40)
    p.add_argument("--target", type=float, default=None,
                   help="stop once every deviation is at most this (default: as shipped)")
    p.add_argument("--resamples", type=int, default=2000)
    p.add_argument("--min-deviation", type=float, default=30.0)
    p.add_argument("--no-time-cap", action="store_true",
                   help="searches never cut short (as the par plays): a busy machine only "
                        "takes longer, the levels still play as themselves")
    p.add_argument("--seats", type=int, default=0,
                   help="players at each table, 2 to 5: every set of that many levels in "
                        "every rotation (default: all the levels at one table)")
    args = p.parse_args(argv)
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    profiles = load_profiles()
    unknown = [level for level in levels if level not in profiles]
    if unknown or args.anchor not in levels or not 2 <= len(levels) <= 5:
        print("calibrate_ratings: 2 to 5 known levels, the anchor among them", file=sys.stderr)
        return 2
    if args.seats and not 2 <= args.seats <= len(levels):
        print("calibrate_ratings: --seats from 2 to the number of levels", file=sys.stderr)
        return 2
    if args.min_rounds < 1 or args.max_deals < 1 or args.budget <= 0:
        print("calibrate_ratings: --min-rounds and --max-deals at least 1, a budget above 0",
              file=sys.stderr)
        return 2
    target = ({level: args.target for level in levels if level != args.anchor}
              if args.target is not None
              else {level: max(args.min_deviation, value) for level, value
                    in shipped_deviations(profiles, levels).items() if level != args.anchor})
    if args.no_time_cap:
        profiles = {name: dataclasses.replace(
            profile, search=dataclasses.replace(profile.search, time_cap=NO_TIME_CAP))
            for name, profile in profiles.items()}
    rules = dataclasses.replace(Rules(), game_length=args.length)
    workers = args.workers or multiprocessing.cpu_count()
    plan = Plan(levels, args.seed, rules, profiles, workers, args.budget * 60, args.max_deals,
                args.seats)
    table = f"{args.seats} at a table" if args.seats else "at one table"
    print(f"calibrate_ratings: {', '.join(levels)} {table}, {workers} processes, "
          f"budget {args.budget:g} min; targets "
          + ", ".join(f"{level} {value:.0f}" for level, value in target.items()), flush=True)
    started = time.monotonic()

    def unit_done(units: int, results: list[tuple[int, MatchRecord]]) -> bool:
        elapsed = time.monotonic() - started
        deals = len({deal for deal, _ in results})
        if units < args.min_rounds:
            print(f"  {units} rounds in every rotation ({deals} deals), {elapsed:.0f}s",
                  file=sys.stderr, flush=True)
            return False
        ratings, deviation, _, _ = deviations(deal_pairs(results, levels), levels, args.anchor,
                                              200, args.seed, args.min_deviation)
        print(f"  {units} rounds in every rotation ({deals} deals), {elapsed:.0f}s: "
              + ", ".join(f"{level} {ratings[level]:.0f}±{deviation[level]:.0f}"
                          for level in levels), file=sys.stderr, flush=True)
        return targets_met(deviation, target)

    results, cut_short = play_units(plan, unit_done)
    elapsed = time.monotonic() - started
    if not results:
        print(f"calibrate_ratings: no round was played in every rotation in {elapsed:.0f}s",
              file=sys.stderr)
        return 1
    by_deal = deal_pairs(results, levels)
    ratings, deviation, spread, errors = deviations(by_deal, levels, args.anchor,
                                                    args.resamples, args.seed,
                                                    args.min_deviation)
    units = len(by_deal)
    deals = len({deal for deal, _ in results})
    met = units >= args.min_rounds and targets_met(deviation, target)
    print(f"{units} rounds x {len(plan.seatings)} tables ({deals} deals), {elapsed:.0f}s "
          f"({elapsed / 60:.1f} min), {cut_short} searches cut short by the time cap; "
          f"anchor {args.anchor} = 1500; "
          + ("every target met" if met else "stopped before every target was met"))
    for (a, b), (wins, games) in sorted(merged(list(by_deal.values())).items()):
        print(f"  {a} against {b}: {wins:g} of {games:g} ({wins / games:.0%})")
    for level in levels:
        print(f"{level:<10} rating {ratings[level]:7.0f}  deviation {deviation[level]:4.0f}"
              f"  (bootstrap {spread[level]:.1f}, information {errors[level]:.1f})")
        print(f"    rating: {{value: {ratings[level]:.0f}, deviation: {deviation[level]:.0f}}}")
    if cut_short:
        print(f"calibrate_ratings: the time cap cut {cut_short} searches short: the machine was "
              "too busy for the levels to play as themselves; do not ship these figures",
              file=sys.stderr)
    return 0 if met and not cut_short else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
