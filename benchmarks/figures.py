"""Honest figures: what the luck, cost, rating and par shown to a player measure (not a test;
prints figures).

Plays seeded short games and prints, per level:

* at equal tables (every seat the same level), each seat of each round reviewed: the mean luck
  a round (goal: within 2 points of 0), the mean cost a round, and the expert's cost against
  itself over a short game (goal: at most 1 point);
* at unequal tables (easy, medium, hard), the same per level, and the mean result;
* each level rated as a person against the others at 2, 3, 4 and 5 seats (``--rating-deals``
  deals of every set of levels, each in ``--rating-games`` rotations of the levels at the
  table; each round's pairwise results against the others' shipped ratings, fitted by
  maximum likelihood), against its shipped rating and deviation;
* the share of rounds whose par error is 0 (goal: 0), from two replays of a few rounds.

``--luck-games N`` prints the luck alone, from N games at each equal table of ``--luck-tables``:
only the chance events are valued (the deal of each hand, each card drawn), no choice is
judged, so many more rounds fit the time (its budget: ``--luck-iterations``, the shipped
review's 1,500 by default). Each level's mean luck a round and the mean of all, with a 95 %
interval whose error counts a round's seats as one sample (their lucks at one table are not
independent): the goal is an interval inside ±2 points. Then the same split by kind of chance
(the hand dealt, cards drawn, cards another's play gave), and how often the seats' own draws
were 8s, 3s or of the suit in force (``DRAWN``) against how often the guesses before them put
one on top of the pile: a draw's luck averages 0 only where those guesses give the drawn card
the chance it really has.
``--luck-check`` also values each of the seats' own draws as if its card had been the one a
guess before it put on top of the pile: there the guesses are right by construction, so the
mean must be 0 whatever they read, a check of how a draw is valued apart from the reading.

The review judges with the expert at ``--review-iterations`` rollouts a choice (the shipped
review uses 1,500; fewer fit the benchmark in minutes on two shared cores, and widen the
noise the cost must rise above). Work is shared out on the workbench (``--workers``).

    nice python benchmarks/figures.py [--games 3] [--rating-games 2] [--rating-deals 1]
        [--seed 1] [--review-iterations 300] [--workers 2] [--par-rounds 4]
    nice python benchmarks/figures.py --luck-games 12 [--luck-tables easy,medium,hard]
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from craits.cli.tournament import deal_seed  # noqa: E402
from craits.config.levels import default_profiles, level_ratings, make_bot  # noqa: E402
from craits.director import play_headless  # noqa: E402
from craits.engine import Event, Rules  # noqa: E402
from craits.engine.cards import RANK_OF, SUIT_OF  # noqa: E402
from craits.rating import round_results  # noqa: E402
from craits.review import par  # noqa: E402
from craits.review.analysis import SLICE, ChoiceScan, analyse_round, review_level  # noqa: E402
from craits.review.judging import ReviewLevel, Worlds  # noqa: E402
from craits.review.luck import round_result, round_split  # noqa: E402
from craits.review.replay import Replay  # noqa: E402
from craits.seat import Seat  # noqa: E402
from craits.session import Session  # noqa: E402
from craits.work import Lane, command_bench, run_all  # noqa: E402

EQUAL = (("easy",) * 3, ("medium",) * 3, ("hard",) * 2, ("expert",) * 2)
UNEQUAL = (("easy", "medium", "hard"),)
RATED = ("random", "easy", "medium", "hard", "expert")
LOG10 = math.log(10) / 400


def played(levels: Sequence[str], seed: int) -> Session:
    """A short game between ``levels``, played to its end, the searches never cut short by
    their time cap (as the par plays: the figures must not depend on the machine's load)."""
    profiles = {name: dataclasses.replace(p, search=dataclasses.replace(
        p.search, time_cap=par.NO_TIME_CAP)) for name, p in default_profiles().items()}
    bots = {i: make_bot(level, profiles) for i, level in enumerate(levels)}
    seats = [Seat(level, f"{level} {i + 1}") for i, level in enumerate(levels)]
    session = Session(seats, Rules(game_length="short"), seed, bot_factory=None, bots=bots)
    play_headless(session)
    return session


@dataclasses.dataclass(frozen=True)
class EveryRound:
    """A job: one game at ``levels``, played, and a row for every seat's every round."""

    iterations: int

    def __call__(self, unit: tuple[tuple[str, ...], int]) -> list[dict[str, Any]]:
        levels, seed = unit
        session = played(levels, seed)
        replay = Replay(session.to_save())
        level = review_level(iterations=self.iterations)
        return [self.row(replay, level, levels, seed, index, scores, seat)
                for index, scores in enumerate(session.match.history)
                for seat in range(len(levels))]

    def row(self, replay: Replay, level: ReviewLevel, levels: tuple[str, ...], seed: int,
            index: int, scores: Sequence[int], seat: int) -> dict[str, Any]:
        raise NotImplementedError


class Reviewed(EveryRound):
    """Every round reviewed: (level, result, expected, luck, own choices' part, others')."""

    def row(self, replay: Replay, level: ReviewLevel, levels: tuple[str, ...], seed: int,
            index: int, scores: Sequence[int], seat: int) -> dict[str, Any]:
        review = analyse_round(replay, seat, index, level)
        split = round_split(review, scores)
        return {"table": "-".join(levels), "level": levels[seat], "seat": seat,
                "round": index, "seed": seed,
                **{k: getattr(split, k) for k in ("expected", "luck", "cost", "result")},
                "others": getattr(split, "others", None),
                "choices": review.choices, "differed": review.differed}


@dataclasses.dataclass(frozen=True)
class Lucky(EveryRound):
    """Every round's chance events valued (no choice judged): (level, round, luck by kind,
    the kinds of card drawn and guessed, expected, result). ``check``: each of the seat's own draws valued again
    as if the card drawn were the one on top of a pile the guesses dealt (``guessed_right``)."""

    check: bool = False

    def row(self, replay: Replay, level: ReviewLevel, levels: tuple[str, ...], seed: int,
            index: int, scores: Sequence[int], seat: int) -> dict[str, Any]:
        scan = ChoiceScan(replay, seat, index)
        while not scan.done:
            scan.run(SLICE)
        log = replay.seat_log(seat)
        jumps = [chance.value(level, log) for chance in scan.chances]
        kinds = [KINDS[(c.action is not None) + (c.actor not in (None, seat))]
                 for c in scan.chances]
        return {"level": levels[seat], "round": (levels, seed, index),
                "luck": sum(j.luck for j in jumps),
                **{kind: sum(j.luck for j, k in zip(jumps, kinds, strict=True) if k == kind)
                   for kind in KINDS},
                "drawn": draws_guessed(level, scan, log, seat),
                "check": guessed_right(level, scan, log, seat) if self.check else [],
                "expected": -jumps[0].before if jumps else 0.0,
                "result": round_result(scores, seat)}


KINDS = ("deal", "draw", "given")  # the hand dealt, a card drawn, cards another's play gave


# Kinds of card the seat's own draws are checked by (``draws_guessed``): by rank, and the
# suit in force (where a hard player's draws read unlucky, the guesses overrated it).
DRAWN = (("8s", lambda card, view: RANK_OF[card] == 8),
         ("3s", lambda card, view: RANK_OF[card] == 3),
         ("suit in force", lambda card, view: SUIT_OF[card] == view.suit))


def draws_guessed(level: ReviewLevel, scan: ChoiceScan, log: Sequence[Event],
                  seat: int) -> tuple[float, ...]:
    """The seat's own draws in the round: for each kind of card of ``DRAWN``, how many were
    one and how many the guesses before each expected (the chance of one on top of their
    pile); last, how many draws."""
    counts = [0.0] * (2 * len(DRAWN) + 1)
    for chance in scan.chances[1:]:
        if chance.actor != seat:
            continue
        view = chance.view
        worlds = Worlds(level.profile, view, log[:chance.end], catches=False,
                        players=chance.players)
        rng = random.Random(chance.seed)
        piles = [worlds.sampler.deal(rng)[1] for _ in range(50)]
        for i, (_, is_one) in enumerate(DRAWN):
            counts[2 * i] += is_one(chance.cards[0], view)
            counts[2 * i + 1] += sum(is_one(p[chance.offset], view) for p in piles) / len(piles)
        counts[-1] += 1
    return tuple(counts)


def guessed_right(level: ReviewLevel, scan: ChoiceScan, log: Sequence[Event],
                  seat: int) -> list[float]:
    """The seat's own draws in the round, each valued as if its cards had come as a guess
    before it dealt them: on guesses as right as they claim, so the luck of each averages 0
    whatever the guesses read (a check of how a draw is valued, apart from the reading)."""
    lucks = []
    for chance in scan.chances[1:]:
        if chance.actor != seat:
            continue
        worlds = Worlds(level.profile, chance.view, log[:chance.end], catches=False,
                        players=chance.players, rng=random.Random(chance.seed))
        _, pile = worlds.sampler.deal(random.Random(f"{chance.seed} as guessed"))
        cards = tuple(pile[chance.offset:chance.offset + len(chance.cards)])
        if len(cards) == len(chance.cards):
            lucks.append(dataclasses.replace(chance, cards=cards).value(level, log).luck)
    return lucks


def luck_interval(rows: Sequence[Mapping[str, Any]],
                  key: str = "luck") -> tuple[float, float, int]:
    """(mean luck a seat and round, its standard error, rounds): a round's seats are one
    sample (the mean of their lucks), as they share the round's cards. ``key``: one kind
    of chance's luck alone."""
    by_round: dict[object, list[float]] = defaultdict(list)
    for row in rows:
        by_round[row["round"]].append(row[key])
    means = [statistics.fmean(v) for v in by_round.values()]
    mean = statistics.fmean(r[key] for r in rows)
    error = statistics.stdev(means) / math.sqrt(len(means)) if len(means) > 1 else math.inf
    return mean, error, len(means)


def luck_only(args: argparse.Namespace) -> int:
    levels = [level.strip() for level in args.luck_tables.split(",") if level.strip()]
    size = {"expert": 2, "hard": 2}
    # Each table's games in turn: a run stopped early is still balanced between them.
    games = [(tuple([level] * size.get(level, 3)), deal_seed(args.seed + 3000, g))
             for g in range(args.luck_games) for level in levels]
    start = time.monotonic()
    rows: list[dict[str, Any]] = []
    with command_bench(args.workers) as bench:
        job = bench.job(Lane.REVIEW)
        work = Lucky(args.luck_iterations, args.luck_check)
        for unit in games:
            job.submit(work, unit)
        done = 0
        while job.pending:
            for found in job.take():
                if found.error is not None:
                    raise RuntimeError(found.error)
                rows.extend(found.value)
                done += 1
                if done % len(levels) == 0 and job.pending:
                    summarize_luck(levels, rows, f"{done} of {len(games)} games, "
                                   f"{time.monotonic() - start:.0f} s")
            job.wait(0.05)
    summarize_luck(levels, rows, f"luck alone: {len(games)} short games at equal tables, "
                   f"chance events valued at {args.luck_iterations} rollouts a choice's "
                   f"budget (no choice judged), {time.monotonic() - start:.0f} s")
    return 0


def summarize_luck(levels: Sequence[str], rows: Sequence[Mapping[str, Any]],
                   heading: str) -> None:
    print(heading)
    print(f"{'level':8} {'rounds':>6} {'seats':>5} {'luck':>7} {'±95 %':>6} {'expected':>8} "
          f"{'result':>7}  goal: the interval inside ±2")
    groups = [(level, [r for r in rows if r["level"] == level]) for level in levels]
    for name, group in [*groups, ("all", rows)]:
        mean, error, rounds = luck_interval(group)
        inside = abs(mean) + 1.96 * error <= 2
        print(f"{name:8} {rounds:6d} {len(group):5d} {mean:+7.2f} {1.96 * error:6.2f} "
              f"{statistics.fmean(r['expected'] for r in group):+8.2f} "
              f"{statistics.fmean(r['result'] for r in group):+7.2f}  "
              f"{'inside' if inside else 'not inside'}", flush=True)
    print("by kind of chance, a seat and round (the hand dealt; cards drawn; cards another's "
          "play gave), and the seat's draws that were 8s, 3s or of the suit in force against "
          "the guesses' chance of one:")
    for name, group in [*groups, ("all", rows)]:
        parts = " ".join(f"{kind} {luck_interval(group, kind)[0]:+6.2f} "
                         f"±{1.96 * luck_interval(group, kind)[1]:4.2f}" for kind in KINDS)
        counts = [sum(r["drawn"][i] for r in group) for i in range(2 * len(DRAWN) + 1)]
        draws = max(1.0, counts[-1])
        kinds = "; ".join(f"{kind} drawn {counts[2 * i] / draws:6.2%}, guessed "
                          f"{counts[2 * i + 1] / draws:6.2%}"
                          for i, (kind, _) in enumerate(DRAWN))
        print(f"{name:8} {parts}   {kinds} ({counts[-1]:.0f} draws)", flush=True)
    checks = [luck for r in rows for luck in r["check"]]
    if len(checks) > 1:
        print(f"the seats' own draws valued as if a guess had been right ({len(checks)}): "
              f"{statistics.fmean(checks):+.3f} ±{1.96 * statistics.stdev(checks) / math.sqrt(len(checks)):.3f} a draw "
              f"(goal: 0, whatever the guesses read)", flush=True)


def rate_game(unit: tuple[tuple[str, ...], int]) -> list[tuple[int, ...]]:
    """A job: one short game's round scores at ``levels``."""
    levels, seed = unit
    return list(played(levels, seed).match.history)


def par_errors(unit: tuple[int, int]) -> list[float]:
    """A job: two par replays of a few rounds of a medium table's game; each round's error."""
    seed, rounds = unit
    session = played(("medium", "medium", "medium"), seed)
    save = session.to_save()
    found = {r: {k: par.round_score(save, 0, r, k) for k in range(2)} for r in range(rounds)}
    game = par.game_par(par.PAR_LEVEL, found, range(rounds), 2)
    assert game is not None
    return [game.round_stderr(r) for r in game.rounds]


def person_rating(results: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """The rating that best explains ``results`` (opponent's rating, score), and its standard
    error, by Newton's method on the likelihood (P(win) = 1 / (1 + 10^((Ro - R) / 400)))."""
    r = 1500.0
    info = 1e-9
    for _ in range(100):
        grad = info = 0.0
        for opp, score in results:
            p = 1 / (1 + math.exp(-LOG10 * (r - opp)))
            grad += LOG10 * (score - p)
            info += LOG10 * LOG10 * p * (1 - p)
        # One virtual draw against the mean opponent keeps a level that always wins finite.
        mean_opp = statistics.fmean(o for o, _ in results)
        p = 1 / (1 + math.exp(-LOG10 * (r - mean_opp)))
        grad += LOG10 * (0.5 - p)
        info += LOG10 * LOG10 * p * (1 - p)
        step = grad / info
        r += max(-200.0, min(200.0, step))
        if abs(step) < 1e-6:
            break
    return r, 1 / math.sqrt(info)


def tables(seats: int, rotations: int, deals: int = 1) -> list[tuple[tuple[str, ...], int]]:
    """Every set of ``seats`` distinct levels, each in ``rotations`` seat orders (the first
    order turned by the set's number, so every level sits in every seat across the sets),
    with ``deals`` deals each: (table, the deal's number, the same in every order of a set,
    as a duplicate tournament plays it)."""
    out = []
    for k, group in enumerate(itertools.combinations(RATED, seats)):
        out.extend((tuple(group[(i + k + r) % seats] for i in range(seats)), k * 1000 + d)
                   for d in range(deals) for r in range(min(rotations, seats)))
    return out


def summarize(rows: Sequence[Mapping[str, Any]], games: int) -> None:
    by: dict[tuple[str, str], list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        by[(row["table"], row["level"])].append(row)
    print(f"{'table':22} {'level':8} {'rounds':>6} {'result':>8} {'expected':>8} "
          f"{'luck':>12} {'cost':>8} {'others':>8} {'differed':>9}")
    for (table, level), group in sorted(by.items()):
        n = len(group)

        def mean(key: str, rows: Sequence[Mapping[str, Any]] = group) -> float:
            values = [r[key] for r in rows if r[key] is not None]
            return statistics.fmean(values) if values else float("nan")

        lucks = [r["luck"] for r in group]
        se = statistics.stdev(lucks) / math.sqrt(n) if n > 1 else float("nan")
        differed = sum(r["differed"] for r in group) / max(1, sum(r["choices"] for r in group))
        print(f"{table:22} {level:8} {n:6d} {mean('result'):8.1f} {mean('expected'):8.1f} "
              f"{mean('luck'):6.1f} ±{se:4.1f} {mean('cost'):8.1f} {mean('others'):8.1f} "
              f"{differed:8.0%}")
    expert = [r for r in rows if r["table"] == "expert-expert"]
    if expert:
        per_game = sum(r["cost"] for r in expert) / (games * 2)
        print(f"the expert's cost against itself: {0.0 - per_game:.1f} points a short game "
              f"(goal at most 1)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3, help="reviewed games per table")
    parser.add_argument("--rating-games", type=int, default=1,
                        help="seat orders of each set of levels for the ratings")
    parser.add_argument("--rating-deals", type=int, default=1,
                        help="deals of each set of levels, each played in every seat order")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--review-iterations", type=int, default=300)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--par-games", type=int, default=1)
    parser.add_argument("--par-rounds", type=int, default=4)
    parser.add_argument("--seats", default="2,3,4,5")
    parser.add_argument("--skip-review", action="store_true")
    parser.add_argument("--review-tables", default="",
                        help="only these reviewed tables, e.g. expert-expert (default: all)")
    parser.add_argument("--luck-games", type=int, default=0,
                        help="only the luck: games at each equal table of --luck-tables")
    parser.add_argument("--luck-tables", default="easy,medium,hard")
    parser.add_argument("--luck-iterations", type=int, default=1500)
    parser.add_argument("--luck-check", action="store_true",
                        help="also value each own draw as if a guess had been right")
    args = parser.parse_args(argv)
    if args.luck_games:
        return luck_only(args)
    start = time.monotonic()
    chosen = args.review_tables.split(",") if args.review_tables else None
    reviewed = [(table, deal_seed(args.seed, g)) for table in EQUAL + UNEQUAL
                for g in range(args.games) if chosen is None or "-".join(table) in chosen]
    seat_counts = [int(s) for s in args.seats.split(",") if s]
    rated = [(table, deal_seed(args.seed + 1000 + n, deal)) for n in seat_counts
             for table, deal in tables(n, args.rating_games, args.rating_deals)]
    pars = [(deal_seed(args.seed + 2000, g), args.par_rounds) for g in range(args.par_games)]
    with command_bench(args.workers) as bench:
        job = bench.job(Lane.REVIEW)
        # Slowest first, so the workers finish together.
        rows: list[dict[str, Any]] = []
        if not args.skip_review:
            for found in run_all(job, Reviewed(args.review_iterations), reviewed).values():
                rows.extend(found)
            print(f"reviewed {len(reviewed)} games in {time.monotonic() - start:.0f} s",
                  flush=True)
            summarize(rows, args.games)
        played_games = run_all(job, rate_game, rated)
        errors = [e for found in run_all(job, par_errors, pars).values() for e in found]
    # Each table size against the ratings shipped for it (where a version has them).
    try:
        shipped_at = {n: level_ratings(seats=n) for n in seat_counts}
    except TypeError:  # a version with one rating for every size
        shipped_at = dict.fromkeys(seat_counts, level_ratings())
    shipped = level_ratings()
    print(f"\nratings as a person ({len(rated)} games, {time.monotonic() - start:.0f} s):")
    print(f"{'level':8} {'shipped':>12} " + " ".join(f"{n:>4} seats        " for n in seat_counts))
    for level in RATED:
        cells = []
        for n in seat_counts:
            results = []
            for (table, _), rounds in played_games.items():
                if len(table) != n or level not in table:
                    continue
                seat = table.index(level)
                for scores in rounds:
                    results.extend((shipped_at[n][table[o]][0], r)
                                   for o, r in round_results(scores, seat, range(n)))
            if not results:
                cells.append(f"{'-':>12}")
                continue
            rating, se = person_rating(results)
            own, deviation = shipped_at[n][level]
            gap = rating - own
            mark = "ok" if abs(gap) <= deviation else "!!"
            # Both the shipped rating and this check are measured: how far apart in their
            # joint error (a miss at |z| < 2 may be either's chance).
            z = gap / math.hypot(deviation, se)
            cells.append(f"{gap:+5.0f}±{se:3.0f} {mark} z{z:+4.1f}")
        value, deviation = shipped[level]
        print(f"{level:8} {value:6.0f} ±{deviation:3.0f} " + " ".join(cells))
    print("(each cell: the level's rating as a person minus its rating shipped for that "
          "table size, ± the fit's error; ok when within the shipped deviation; z: the gap over "
          "the shipped deviation and the fit's error together)")
    zero = sum(1 for e in errors if e == 0)
    print(f"\npar: {zero} of {len(errors)} round errors are 0 "
          f"({zero / max(1, len(errors)):.0%}; goal 0)")
    print(f"total {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
