"""Review speed: how long the round review takes to open, judge and reopen (not a test).

Prints, on this machine:

* the time to open a record at the format's limit of actions (``MAX_ACTIONS``, one long legal
  round of players who draw whenever they may): reading it, replaying it (``Replay``), and the
  first slice of its round's analysis, which is all the calling thread does before frames go on;
* one round's analysis (the game's median round by choices, and its busiest) and a whole game's
  (``--players`` seats, a full game of 15 rounds), with 1 and 2 helper processes;
* reopening the whole game's review from the kept verdicts (``review.cache``).

``--quality N`` also judges the first N choices at the expert's own budget (3,000 rollouts to
choose, 3,000 to weigh two moves) and says how often the verdict shown changes at the review's
budget: agree or disagree, and the points.

    .venv/bin/python benchmarks/review_speed.py [--seed 11] [--players 4] [--quality 60]
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
import time
from pathlib import Path
from typing import Any

from craits.config.levels import make_bot
from craits.director import play_headless
from craits.engine import Draw, Rules
from craits.persistence.save_check import MAX_ACTIONS
from craits.review.analysis import (
    ReviewLevel,
    RoundAnalysis,
    RoundReview,
    analyse_rounds,
    choices,
    review_level,
)
from craits.review.cache import ReviewCache, game_key
from craits.review.pool import InlinePool, Pool, ProcessPool
from craits.review.record import export_record, parse_record_text
from craits.review.replay import Replay
from craits.review.thinking import level_profile
from craits.seat import Seat
from craits.session import Session


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
    """CPU seconds of this process and of its helpers that are gone."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    helpers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + helpers.ru_utime + helpers.ru_stime


def timed(work: Any) -> tuple[float, float, Any]:
    """(wall seconds, CPU seconds of this process and its helpers, result)."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    result = work()
    return time.perf_counter() - wall, cpu_seconds() - cpu, result


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""


def review(replay: Replay, rounds: list[int], level: ReviewLevel, workers: int
           ) -> list[RoundReview]:
    """The reviews, the helpers' start included (as when a review opens)."""
    pool: Pool = InlinePool() if workers == 1 else ProcessPool(workers)
    try:
        return analyse_rounds(replay, 0, rounds, level, pool)
    finally:
        pool.stop()
        if isinstance(pool, ProcessPool):
            pool.join()


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


def game_speed(seed: int, players: int, quality: int) -> None:
    wall, _, session = timed(lambda: played_game(seed, players))
    replay = Replay(session)
    level = review_level()
    counts = [len(choices(replay, 0, r.index)) for r in replay.rounds]
    print(f"game: seed {seed}, {players} players, {len(replay.rounds)} rounds, "
          f"{sum(counts)} choices of seat 0 (played in {wall:.0f} s)")
    print(f"  review level {level.version}: {level.profile.search.iterations} rollouts a "
          f"choice, {level.compare_iterations} to weigh two moves")
    median = sorted(range(len(counts)), key=lambda i: counts[i])[len(counts) // 2]
    busiest = max(range(len(counts)), key=lambda i: counts[i])
    for name, index in (("median", median), ("busiest", busiest)):
        for workers in (1, 2):
            wall, cpu, _ = timed(lambda i=index, w=workers: review(replay, [i], level, w))
            print(f"  one round ({name}, {counts[index]} choices), {workers} worker(s): "
                  f"{wall:6.1f} s ({cpu:.1f} s CPU; {load()})")
    rounds = list(range(len(replay.rounds)))
    results = {}
    for workers in (2, 1):
        wall, cpu, results[workers] = timed(lambda w=workers: review(replay, rounds, level, w))
        print(f"  whole game, {workers} worker(s): {wall:6.1f} s ({cpu:.1f} s CPU; {load()})")
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--quality", type=int, default=0, metavar="N",
                        help="compare the verdicts of N choices with expert's own budget")
    parser.add_argument("--skip-limit", action="store_true",
                        help="leave out the record at the limit")
    args = parser.parse_args()
    if not args.skip_limit:
        open_at_limit()
    game_speed(args.seed, args.players, args.quality)
    return 0


if __name__ == "__main__":
    sys.exit(main())
