"""Review speed: how long the round review takes to open, judge and reopen (not a test).

Prints, on this machine:

* the time to open a record at the format's limit of actions (``MAX_ACTIONS``, one long legal
  round of players who draw whenever they may): reading it, replaying it (``Replay``), and the
  first slice of its round's analysis, which is all the calling thread does before frames go on;
* each round's analysis alone on 2 worker processes (its choices, wall and CPU seconds), the
  slowest and the median of them; the busiest round (most choices) with 1 worker too;
* a whole game's (``--players`` seats, a full game of 15 rounds), with 2 worker processes and
  (unless ``--skip-single``) with 1, which must give the same verdicts;
* reopening the whole game's review from the kept verdicts (``review.cache``).

``--quality N`` also judges the first N choices at the expert's own budget (3,000 rollouts to
choose, 3,000 to weigh two moves) and says how often the verdict shown changes at the review's
budget: agree or disagree, and the points. ``--race N`` judges how good the moves are that the
review's race picks (``thinking.REVIEW_RACE``) against the table's race, on the first N choices:
the rollouts each spends, and the points each pick loses to the best move on 550 fresh guesses
at every move (a seed of their own).

    .venv/bin/python benchmarks/review_speed.py [--seed 11] [--players 4] [--quality 60]
        [--skip-limit] [--skip-single] [--race 222]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from craits import native
from craits.ai.choices import choice_key, distinct_actions, relative_score
from craits.ai.determinize import Sampler
from craits.ai.knowledge import infer
from craits.ai.reflexes import catch_chances
from craits.ai.rollout import RolloutPolicy
from craits.config.levels import make_bot
from craits.director import play_headless
from craits.engine import Draw, Rules
from craits.engine.notation import MAX_ACTIONS
from craits.review.analysis import (
    ChoiceJob,
    ReviewLevel,
    RoundAnalysis,
    RoundReview,
    analyse_rounds,
    choice_jobs,
    choices,
    review_level,
)
from craits.review.cache import ReviewCache, game_key
from craits.review.record import export_record, parse_record_text
from craits.review.replay import Replay
from craits.review.thinking import REVIEW_RACE, decide, level_profile
from craits.seat import Seat
from craits.session import Session
from craits.work import Lane, Workbench, command_bench


def long_record(actions: int = MAX_ACTIONS, seed: int = 5, players: int = 2,
                hand: int = 10, round_actions: int | None = None) -> dict[str, Any]:
    """A legal record of ``actions`` actions: everyone draws whenever the rules let them
    (``draw_when_able``) until they hold ``hand`` cards, so the round goes on and on; after
    ``round_actions`` actions in a round (default: never) they play when they can, so it ends."""
    rng = random.Random(seed)
    started = 0
    seats = [Seat("human", "A")] + [Seat("easy", "") for _ in range(players - 1)]
    session = Session(seats, Rules(game_length="full", draw_when_able=True), seed, bots={})
    while len(session.records) < actions:
        state = session.state
        if state.is_over():
            if session.match.is_over():
                break
            session.start_next_round()
            started = len(session.records)
            continue
        view = session.view(state.turn)
        draws = [a for a in view.legal if isinstance(a, Draw)]
        plays = [a for a in view.legal if not isinstance(a, Draw)]
        ending = round_actions is not None and len(session.records) - started > round_actions
        if draws and (len(view.hand) < hand and not ending or not plays):
            session.act(draws[0])
        else:
            session.act(rng.choice(plays or list(view.legal)))
    return export_record(session)


def played_game(seed: int, players: int) -> Session:
    """A full game (15 rounds); the reviewed seat 0 is played by medium."""
    kinds = ["human"] + ["medium"] * (players - 1)
    seats = [Seat(kind, f"P{i}") for i, kind in enumerate(kinds)]
    bots = {i: make_bot("medium") for i in range(players)}
    session = Session(seats, Rules(game_length="full"), seed, bots=bots)
    play_headless(session)
    return session


def cpu_seconds() -> float:
    """CPU seconds of this process and of its workers that are gone."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    helpers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + helpers.ru_utime + helpers.ru_stime


def timed(work: Any) -> tuple[float, float, Any]:
    """(wall seconds, CPU seconds of this process and its workers, result)."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    result = work()
    return time.perf_counter() - wall, cpu_seconds() - cpu, result


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""


def review(replay: Replay, rounds: list[int], level: ReviewLevel, workers: int
           ) -> list[RoundReview]:
    """The reviews, the workers' start and end included (as when a review opens)."""
    with command_bench(workers) as bench:
        return analyse_rounds(replay, 0, rounds, level, bench.job(Lane.REVIEW))


def open_at_limit() -> None:
    record = long_record()
    text = json.dumps(record)
    wall, _, data = timed(lambda: parse_record_text(text))
    print(f"record at the limit: {len(record['actions'])} actions, {len(text) / 1e6:.1f} MB")
    print(f"  read (JSON)           {wall:6.2f} s")
    wall, cpu, replay = timed(lambda: Replay(data))
    print(f"  replay                {wall:6.2f} s ({cpu:.2f} s CPU; {load()})")
    wall, _, analysis = timed(lambda: RoundAnalysis(replay, 0, 0, review_level()))
    print(f"  first analysis slice  {wall:6.2f} s  (steps looked at: {analysis.scan.looked})")
    polls, worst = 0, 0.0
    while not analysis.scan.done and polls < 50:
        start = time.perf_counter()
        analysis.scan.run(256)
        worst = max(worst, time.perf_counter() - start)
        polls += 1
    print(f"  a slice of its round  {worst * 1000:6.1f} ms at most over {polls} slices")


def game_speed(seed: int, players: int, quality: int, single: bool = True) -> None:
    wall, _, session = timed(lambda: played_game(seed, players))
    replay = Replay(session)
    level = review_level()
    counts = [len(choices(replay, 0, r.index)) for r in replay.rounds]
    print(f"game: seed {seed}, {players} players, {len(replay.rounds)} rounds, "
          f"{sum(counts)} choices of seat 0 (played in {wall:.0f} s); hot path "
          f"{native.status()} ({len(native.MODULES)} modules)")
    print(f"  review level {level.version}: {level.profile.search.iterations} rollouts a "
          f"choice, {level.compare_iterations} to weigh two moves")
    rounds = list(range(len(replay.rounds)))
    times = round_times(replay, rounds, level, counts)
    slowest = max(rounds, key=lambda i: times[i][0])
    median = statistics.median(wall for wall, _ in times)
    print(f"  slowest round: {slowest + 1} ({counts[slowest]} choices), {times[slowest][0]:.1f} s;"
          f" median round {median:.1f} s; rounds one after another {sum(w for w, _ in times):.1f}"
          f" s ({sum(c for _, c in times):.1f} s CPU)")
    busiest = max(rounds, key=lambda i: counts[i])
    wall, cpu, _ = timed(lambda: review(replay, [busiest], level, 1))
    print(f"  busiest round ({busiest + 1}, {counts[busiest]} choices), 1 worker: "
          f"{wall:6.1f} s ({cpu:.1f} s CPU; {load()})")
    results = {}
    for workers in (2, 1) if single else (2,):
        wall, cpu, results[workers] = timed(lambda w=workers: review(replay, rounds, level, w))
        print(f"  whole game, {workers} worker(s): {wall:6.1f} s ({cpu:.1f} s CPU; {load()})")
    if 1 in results:
        print(f"  the same verdicts with 1 and 2 workers: {results[1] == results[2]}")
    with tempfile.TemporaryDirectory() as folder:
        cache = ReviewCache(Path(folder))
        key = game_key(replay.save)
        for result in results[2]:
            cache.store(key, level, result)

        def reopen() -> list[RoundAnalysis]:
            kept = ReviewCache(Path(folder)).load(game_key(replay.save), level)
            return [RoundAnalysis(replay, 0, i, level, kept.get((0, i))) for i in rounds]

        wall, _, reopened = timed(reopen)
        assert all(a.finished and a.result == r for a, r in zip(reopened, results[2],
                                                                 strict=True))
        print(f"  reopening with the kept verdicts: {wall * 1000:6.1f} ms")
    if quality:
        verdict_quality(replay, quality)


def review_with_par(replay: Replay, rounds: list[int], level: ReviewLevel,
                    workers: int = 2) -> None:
    """The review and the par of seat 0 worked out together, as the review screen does: the
    verdicts in the review's lane, the par's replays in the background lane of one bench
    (``workers`` low-priority workers beside the urgent one)."""
    from craits.review.par import PAR_LEVEL, PAR_REPLAYS, RoundScore, best_par, units

    found: dict[int, dict[int, int]] = {}
    marks: dict[str, float] = {}
    started = time.perf_counter()
    cpu = cpu_seconds()
    bench = Workbench(workers)
    job = bench.job(Lane.BACKGROUND)
    for unit in units(rounds, PAR_REPLAYS):
        job.submit(RoundScore(replay.save, 0), unit)
    stop = threading.Event()

    def follow_par() -> None:
        while not stop.is_set() and job.pending and not job.failed:
            for done in job.take():
                if done.error is None:
                    index, number = done.unit
                    found.setdefault(index, {})[number] = done.value
            par = best_par(PAR_LEVEL, found, rounds, PAR_REPLAYS)
            if par is not None:
                marks.setdefault(f"par at {par.replays} replays", time.perf_counter() - started)
                marks.setdefault("par first shown", time.perf_counter() - started)
            time.sleep(0.05)

    follower = threading.Thread(target=follow_par)
    follower.start()
    try:
        analyse_rounds(replay, 0, rounds, level, bench.job(Lane.REVIEW))
        marks["review"] = time.perf_counter() - started
        follower.join()
    finally:
        stop.set()
        follower.join()
        bench.close()
    cpu = cpu_seconds() - cpu
    yours = {i: s[0] for i in rounds if (s := replay.rounds[i].scores) is not None}
    par = best_par(PAR_LEVEL, found, rounds, PAR_REPLAYS, yours)
    both = max(marks["review"], marks.get("par first shown", float("inf")))
    print(f"  review and par together (1 + {workers} processes): verdicts in "
          f"{marks['review']:.1f} s, the par first shown at {marks.get('par first shown', 0):.1f}"
          f" s, both in {both:.1f} s; " + ", ".join(
              f"{k} {v:.1f} s" for k, v in sorted(marks.items(), key=lambda kv: kv[1])
              if k.startswith("par at")) + f" ({cpu:.1f} s CPU; {load()})")
    if par is not None:
        print(f"  par {par.value:.1f} +- {par.stderr:.1f} ({par.replays} replays a round), "
              f"seat 0 scored {par.yours}")


def round_times(replay: Replay, rounds: list[int], level: ReviewLevel, counts: list[int]
                ) -> list[tuple[float, float]]:
    """Each round reviewed alone on 2 workers, as when a player opens it: (wall, CPU)."""
    times = []
    for index in rounds:
        wall, cpu, _ = timed(lambda i=index: review(replay, [i], level, 2))
        times.append((wall, cpu))
        print(f"  round {index + 1:2}: {counts[index]:3} choices, {wall:5.1f} s "
              f"({cpu:.1f} s CPU; {load()})", flush=True)
    return times


def verdict_quality(replay: Replay, limit: int) -> None:
    """How often the verdict shown changes at the review's budget against expert's own."""
    full = ReviewLevel(level_profile("expert"), 3000)
    level = review_level()
    rounds, total = [], 0
    for r in replay.rounds:
        if total >= limit:
            break
        rounds.append(r.index)
        total += len(choices(replay, 0, r.index))
    wall, _, before = timed(lambda: review(replay, rounds, full, 2))
    after = review(replay, rounds, level, 2)
    pairs = [(a, b) for x, y in zip(before, after, strict=True)
             for a, b in zip(x.verdicts, y.verdicts, strict=True)]
    sides = sum(a.differs != b.differs for a, b in pairs)
    points = sum(a.message != b.message for a, b in pairs)
    print(f"  quality on {len(pairs)} choices (rounds 1 to {len(rounds)}; expert's own budget "
          f"took {wall:.0f} s): agree/disagree changes {sides} times "
          f"({100 * sides / len(pairs):.0f} %), the line shown (with its points) {points} "
          f"({100 * points / len(pairs):.0f} %); mean |cost change| "
          f"{statistics.fmean(abs(a.cost - b.cost) for a, b in pairs):.2f} points")


def race_quality(replay: Replay, limit: int, guesses: int = 550) -> None:
    """The review's race against the table's on the first ``limit`` choices: rollouts spent,
    and the points each pick loses to the best move on ``guesses`` fresh guesses at every move."""
    level = review_level()
    jobs = [j for r in replay.rounds for j in choice_jobs(replay, 0, r.index, level)][:limit]
    spent = {"table": 0, "review": 0}
    lost: dict[str, list[float]] = {"table": [], "review": []}
    wall = time.perf_counter()
    for job in jobs:
        means = reference(level, job, guesses)
        best = min(means.values())
        for name, race in (("table", None), ("review", REVIEW_RACE)):
            action, estimates = decide(level.profile, job.view, job.history,
                                       random.Random(job.choice.seed), race)
            spent[name] += sum(n for _, _, n in estimates)
            lost[name].append(means[choice_key(action)] - best)
    n = len(jobs)
    diffs = [a - b for a, b in zip(lost["review"], lost["table"], strict=True)]
    error = statistics.stdev(diffs) / n ** 0.5 if n > 1 else 0.0
    print(f"  race on {n} choices ({time.perf_counter() - wall:.0f} s): rollouts a choice, "
          f"table {spent['table'] / n:.0f}, review {spent['review'] / n:.0f} "
          f"({100 * (spent['review'] / max(1, spent['table']) - 1):+.0f} %); points a pick "
          f"loses to the best, table {statistics.fmean(lost['table']):.2f}, review "
          f"{statistics.fmean(lost['review']):.2f} (difference {statistics.fmean(diffs):+.2f} "
          f"± {error:.2f}); the same pick {sum(d == 0 for d in diffs)} times")


def reference(level: ReviewLevel, job: ChoiceJob, guesses: int) -> dict[object, float]:
    """Every move's mean relative score on ``guesses`` guesses of its own seed, all moves on
    each guess (as the search tries them, but no move ever leaves)."""
    settings, view, history = level.profile.search, job.view, job.history
    sampler = Sampler(view, infer(view, history, settings.opponent_model))
    caught = catch_chances(history, view.seat, view.n_players, settings.catch)
    policy = RolloutPolicy(settings.rollout)
    rng = random.Random(f"{job.choice.seed}:reference")
    arms = distinct_actions(view.legal)
    sums = dict.fromkeys((choice_key(a) for a in arms), 0.0)
    for _ in range(guesses):
        guess = sampler.sample(rng)
        seed = rng.getrandbits(48)
        for arm in arms:
            sim = guess.copy()
            sim.step(arm)
            scores = sim.scores if sim.scores is not None else policy.run(
                sim, random.Random(seed), caught)
            sums[choice_key(arm)] += relative_score(scores, view.seat)
    return {key: total / guesses for key, total in sums.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--quality", type=int, default=0, metavar="N",
                        help="compare the verdicts of N choices with expert's own budget")
    parser.add_argument("--race", type=int, default=0, metavar="N",
                        help="only judge the review's race against the table's on N choices")
    parser.add_argument("--skip-limit", action="store_true",
                        help="leave out the record at the limit")
    parser.add_argument("--skip-single", action="store_true",
                        help="leave out the whole game on 1 worker")
    parser.add_argument("--with-par", action="store_true",
                        help="only the whole game's review and its par, worked out together")
    args = parser.parse_args()
    if args.race:
        replay = Replay(played_game(args.seed, args.players))
        race_quality(replay, args.race)
        return 0
    if args.with_par:
        replay = Replay(played_game(args.seed, args.players))
        rounds = list(range(len(replay.rounds)))
        print(f"game: seed {args.seed}, {args.players} players, {len(rounds)} rounds; hot path "
              f"{native.status()}")
        review_with_par(replay, rounds, review_level())
        return 0
    if not args.skip_limit:
        open_at_limit()
    game_speed(args.seed, args.players, args.quality, not args.skip_single)
    return 0


if __name__ == "__main__":
    sys.exit(main())
