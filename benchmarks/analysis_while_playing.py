"""The game analysed while it is played (``review.while_playing``): how long the game-over
screen waits for the luck against the choices and the par (not a test).

A full game (``--players`` seats, 15 rounds; seat 0 the person) is played again in real time
at the table's pace: each round lasts its computer turns at ``TablePace``'s mean (0.65 s) and
the person's choices at ``--think`` seconds each. The analysis follows it as the table does
(each round's par replays from its deal, its review from its end, on 2 processes at a low
priority) with the review's and the par's real levels. Prints, for each round, when its work
was done against when the round ended, and the wait at the game's end: from the last round's
end until the luck and the par are both known (the goal: none beyond a moment; the review of
a game from a file, without this, is ``review_speed.py --with-par``). ``--last N`` plays
only the last N rounds in real time, the earlier ones counting as analysed while they were
played (a whole game at 2 s a choice is half an hour; the wait at its end is the last rounds').

``--daily N`` plays deal of the day N instead (its 8 rounds of the short game, the player's
seat by ``--player`` against the deal's opponents) and prints, every ``--every`` seconds from
the game's end, the par's progress as the daily screen shows it (rounds with their par, replays
done) until the par is first shown and until every replay is in.

    .venv/bin/python benchmarks/analysis_while_playing.py [--seed 11] [--players 4]
        [--think 2.0] [--last 3]
    .venv/bin/python benchmarks/analysis_while_playing.py --daily 339 [--last 8]
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import time

from review_speed import cpu_seconds, load, played_game  # beside this file

from craits import native
from craits.config.levels import make_bot
from craits.daily.deal import deal
from craits.director import play_headless
from craits.review.par import round_starts
from craits.review.replay import Replay
from craits.review.while_playing import GameAnalysis
from craits.seat import Seat
from craits.session import Session
from craits.work import Lane, Workbench

COMPUTER_TURN = 0.65  # TablePace's mean, at the normal speed


def round_lengths(replay: Replay, think: float) -> list[float]:
    """Each round's seconds at the table: the person's choices and the computers' turns."""
    out = []
    for r in replay.rounds:
        steps = [s for s in r.steps if s.is_turn]
        mine = sum(1 for s in steps if s.player == 0)
        out.append(mine * think + (len(steps) - mine) * COMPUTER_TURN)
    return out


def daily_game(number: int, player: str) -> Session:
    """Deal of the day ``number`` played to its end, ``player`` in the person's seat."""
    the_deal = deal(number)
    seats = [Seat(kind, f"P{i}") for i, kind in enumerate(the_deal.kinds)]
    bots = {i: make_bot(player if i == 0 else kind) for i, kind in enumerate(the_deal.kinds)}
    session = Session(seats, the_deal.rules, the_deal.seed, bots=bots)
    play_headless(session)
    return session


def par_progress(analysis: GameAnalysis, rounds: int) -> tuple[int, int, int]:
    """(rounds whose every replay is in, rounds with two at least (a par is shown once
    every round has), replays in)."""
    counts = [min(len(analysis.found.get(k, {})), analysis.replays) for k in range(rounds)]
    return sum(c >= analysis.replays for c in counts), sum(c >= 2 for c in counts), sum(counts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--think", type=float, default=2.0,
                        help="seconds the person takes a choice")
    parser.add_argument("--last", type=int, default=3,
                        help="play the last N rounds only (the earlier ones count as analysed)")
    parser.add_argument("--daily", type=int, default=0, metavar="N",
                        help="play deal of the day N (its par's progress after the end)")
    parser.add_argument("--player", default="medium", help="the person's level (--daily)")
    parser.add_argument("--every", type=float, default=5.0,
                        help="seconds between progress lines after the end (--daily)")
    args = parser.parse_args()
    session = (daily_game(args.daily, args.player) if args.daily
               else played_game(args.seed, args.players))
    save = session.to_save()
    replay = Replay(save)
    lengths = round_lengths(replay, args.think)
    starts = round_starts(save)
    ends = [s - 1 for s in starts[1:]] + [len(save["actions"])]
    kinds = [s["kind"] for s in save["seats"]]
    what = (f"deal of the day {args.daily} ({args.player} in seat 0)" if args.daily
            else f"seed {args.seed}")
    print(f"game: {what}, {len(kinds)} players, {len(lengths)} rounds, "
          f"{sum(lengths) / 60:.1f} minutes at the table ({args.think:g} s a choice); "
          f"{os.cpu_count()} cores; hot path {native.status()}")
    first = max(0, len(lengths) - args.last)
    print("rounds at the table (s): " + ", ".join(f"{x:.0f}" for x in lengths)
          + f"; played here from round {first + 1}")
    bench = Workbench()  # as the app's: the analysis in its background lane
    analysis = GameAnalysis(0, kinds, functools.partial(bench.job, Lane.BACKGROUND))
    # The rounds before ``first`` count as analysed while they were played: only the ones
    # from ``first`` on are asked for (the wait at the end depends on the last rounds only).
    analysis._dealt = analysis._finished = first
    cpu = cpu_seconds()
    began = time.perf_counter()
    ended: list[float] = []
    done_at: dict[int, float] = {}
    marks: dict[str, float] = {}
    history = session.match.history

    def wait_until(moment: float) -> None:
        while True:
            analysis.poll()
            now = time.perf_counter() - began
            for k in range(len(lengths)):
                if k not in done_at and k in analysis.reviews and \
                        len(analysis.found.get(k, {})) >= analysis.replays:
                    done_at[k] = now
            rounds, two, replays = par_progress(analysis, len(lengths))
            if analysis.par(history) is not None:
                marks.setdefault("shown", now)
            if rounds == len(lengths):
                marks.setdefault("complete", now)
            if args.daily and len(ended) == len(lengths) and now >= marks.get("next", 0.0):
                marks["next"] = now + args.every
                print(f"  {now - ended[-1]:+6.1f} s after the end: every replay of {rounds} of "
                      f"{len(lengths)} rounds, two of {two}, {replays} of "
                      f"{len(lengths) * analysis.replays} replays ({load()})", flush=True)
            if now >= moment or analysis.failed:
                return
            time.sleep(0.05)

    try:
        clock = 0.0
        for k, length in enumerate(lengths):
            if k < first:
                continue
            analysis.follow(Session.from_save({**save, "actions": save["actions"][:starts[k]]}))
            clock += length
            wait_until(clock)
            analysis.follow(Session.from_save({**save, "actions": save["actions"][:ends[k]]}))
            ended.append(clock)
        while len(done_at) < len(lengths) - first and not analysis.failed:
            wait_until(time.perf_counter() - began + 0.2)
    finally:
        analysis.stop()
        bench.close()
    if analysis.failed:
        print("the analysis failed")
        return 1
    finish = max(done_at.values())
    for k, end in enumerate(ended, start=first):
        print(f"  round {k + 1:2d}: {lengths[k]:5.1f} s at the table, ended at {end:6.1f} s; "
              f"its review and {analysis.replays} par replays done at {done_at[k]:6.1f} s "
              f"({done_at[k] - end:+.1f} s)")
    split, par = analysis.split(history), analysis.par(history)  # a whole game played only
    for name, what in (("shown", "first shown (2 replays a round)"),
                       ("complete", f"complete ({analysis.replays} replays a round)")):
        if name in marks:
            print(f"par {what}: {marks[name] - ended[-1]:+.1f} s after the game's end")
    print(f"wait at the game's end: {max(0.0, finish - ended[-1]):.1f} s (the luck and the par "
          f"known {finish:.1f} s after the first deal; {cpu_seconds() - cpu:.1f} s CPU; "
          f"{load()})")
    if split is not None and par is not None:
        print(f"  luck {split}; par {par.value:.1f} +- {par.stderr:.1f}, seat 0 scored "
              f"{par.yours}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
