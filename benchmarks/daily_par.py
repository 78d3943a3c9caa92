"""How long a par takes on this machine (not a test; prints figures).

Deal of the day: K duplicate replays of a deal with the expert in seat 0 against the deal's
opponents (``craits.daily_par.compute_par``), on one process (as the title screen's worker does)
or several; prints the seconds in all, per replay, and the par with its standard error.

A reviewed game (``--game``): a full game of ``--players`` seats (seat 0 and the opponents
played by ``--opponent``, as benchmarks/review_speed.py plays its game), then K replays of every
round with the expert in seat 0 (``craits.review.par``), on ``--workers`` processes; prints
the wall and CPU seconds, the seconds per round replay (median, slowest), and the game's par
with its standard error beside seat 0's own points.

    python benchmarks/daily_par.py [--deal 336] [--replays 8] [--workers 1]
    python benchmarks/daily_par.py --game [--seed 11] [--players 4] [--replays 4] [--workers 2]
    python benchmarks/daily_par.py --game --split [--rounds 0,2,5,9,13]

``--split``: replay 0 of the named rounds here, one after another, and say where the seconds
go: replaying the game to the round's deal, the expert seat's choices (its searches, dealing
its guesses), the other seats' choices, and the rest (the director, the engine).
Measured (seed 11, 4 players, medium opponents, rounds 0, 2, 5, 9, 13): 34.0 s, of which
the expert's choices 33.7 s, the opponents' 0.1 s, the prefix 0.1 s; a cProfile of round 2
(10.0 s) puts 8.6 s in the compiled rollouts, 0.4 s in seeding generators, 0.3 s dealing
guesses. A worker process starts and imports the par in about 0.2 s.
Later (load 3.6 to 5): ``--game --replays 1 --workers 2`` 65.6 CPU s, 92.2 s wall;
``--replays 2 --workers 2`` 103.2 CPU s, 100.7 s wall (par 108.0 ± 18.0).

Measured on the 2-core machine shared with other work (load 4 to 13): ``--game --replays 1
--workers 1`` 68.6 CPU seconds (100.7 s wall; a round replay 6.6 s median, 20.3 s slowest);
``--game --replays 4 --workers 2`` 294.3 CPU seconds (713.8 s wall under load 9 to 13), par
72.8 ± 23.0 against seat 0's own 398 (medium in the seat).
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import time
from typing import Any

from craits.config.levels import make_bot
from craits.daily_par import REPLAYS, compute_par
from craits.director import play_headless
from craits.engine import Rules
from craits.review.par import PAR_LEVEL, PAR_REPLAYS, RoundScore, game_par, units
from craits.seat import Seat
from craits.session import Session
from craits.work import Lane, command_bench, run_all


def cpu_seconds() -> float:
    """CPU seconds of this process and of its helpers that are gone."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    helpers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + helpers.ru_utime + helpers.ru_stime


def played_game(seed: int, players: int, opponent: str) -> Session:
    """A full game (15 rounds); the reviewed seat 0 is played by ``opponent`` too."""
    kinds = ["human"] + [opponent] * (players - 1)
    seats = [Seat(kind, f"P{i}") for i, kind in enumerate(kinds)]
    bots = {i: make_bot(opponent) for i in range(players)}
    session = Session(seats, Rules(game_length="full"), seed, bots=bots)
    play_headless(session)
    return session


def game_figures(args: argparse.Namespace) -> dict[str, Any]:
    session = played_game(args.seed, args.players, args.opponent)
    save = session.to_save()
    rounds = range(len(session.match.history))
    todo = units(rounds, args.replays)
    times: list[float] = []
    work = RoundScore(save, 0, PAR_LEVEL)
    if args.workers <= 1:  # each unit timed on its own
        def timed(unit: tuple[int, int]) -> int:
            started = time.perf_counter()
            score = work(unit)
            times.append(time.perf_counter() - started)
            return score
        job: Any = timed
    else:
        job = work
    wall, cpu = time.perf_counter(), cpu_seconds()
    with command_bench(args.workers) as bench:
        scores = run_all(bench.job(Lane.REVIEW), job, todo)
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    found: dict[int, dict[int, int]] = {}
    for (index, replay), score in scores.items():
        found.setdefault(index, {})[replay] = score
    yours = {i: s[0] for i, s in enumerate(session.match.history)}
    par = game_par(PAR_LEVEL, found, rounds, args.replays, yours)
    assert par is not None
    out: dict[str, Any] = {"seed": args.seed, "players": args.players,
                           "opponent": args.opponent, "rounds": len(rounds),
                           "replays": args.replays, "workers": args.workers,
                           "seconds": round(wall, 1), "cpu_seconds": round(cpu, 1),
                           "par": par.to_json(),
                           "round_pars": [r.to_json() for r in par.rounds]}
    if times:
        out["seconds_per_round_replay"] = {"median": round(statistics.median(times), 1),
                                           "slowest": round(max(times), 1)}
    return out


def split_figures(args: argparse.Namespace) -> dict[str, Any]:
    """Where replay 0 of each of ``args.rounds`` spends its seconds (see the docstring)."""
    from craits.review import par

    session = played_game(args.seed, args.players, args.opponent)
    save = session.to_save()
    spent = {"prefix": 0.0, "expert": 0.0, "opponents": 0.0}

    def timed_choose(bot: Any, key: str) -> None:
        choose = bot.choose

        def choose_timed(*a: Any, **k: Any) -> Any:
            started = time.perf_counter()
            try:
                return choose(*a, **k)
            finally:
                spent[key] += time.perf_counter() - started
        bot.choose = choose_timed

    at_deal = par.round_at_deal

    def round_at_deal(*a: Any, **k: Any) -> Any:
        started = time.perf_counter()
        played = at_deal(*a, **k)
        spent["prefix"] += time.perf_counter() - started
        for seat, bot in played.bots.items():
            timed_choose(bot, "expert" if seat == 0 else "opponents")
        return played

    par.round_at_deal = round_at_deal  # type: ignore[assignment]  # timing only
    rounds: dict[int, float] = {}
    started = time.perf_counter()
    try:
        for index in args.rounds:
            begun = time.perf_counter()
            par.round_score(save, 0, index, 0)
            rounds[index] = round(time.perf_counter() - begun, 1)
    finally:
        par.round_at_deal = at_deal  # type: ignore[assignment]
    total = time.perf_counter() - started
    rest = total - sum(spent.values())
    return {"seed": args.seed, "players": args.players, "opponent": args.opponent,
            "seconds": round(total, 1), "round_seconds": rounds,
            "split": {k: round(v, 1) for k, v in {**spent, "rest": rest}.items()}}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--deal", type=int, default=336)
    p.add_argument("--replays", type=int, default=None)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--game", action="store_true", help="the par of a reviewed game")
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--opponent", default="medium")
    p.add_argument("--split", action="store_true", help="where a round replay's time goes")
    p.add_argument("--rounds", default="0,2,5,9,13", help="the rounds --split replays")
    args = p.parse_args()
    if args.game and args.split:
        args.rounds = [int(r) for r in args.rounds.split(",")]
        print(json.dumps(split_figures(args)))
        return
    if args.game:
        args.replays = args.replays or PAR_REPLAYS
        print(json.dumps(game_figures(args)))
        return
    args.replays = args.replays or REPLAYS
    started = time.perf_counter()
    par = compute_par(args.deal, args.replays, args.workers)
    seconds = time.perf_counter() - started
    print(json.dumps({"deal": args.deal, "replays": args.replays, "workers": args.workers,
                      "seconds": round(seconds, 1),
                      "seconds_per_replay": round(seconds / args.replays, 1),
                      "par": round(par.mean, 1), "stderr": round(par.stderr, 1),
                      "scores": list(par.scores)}))


if __name__ == "__main__":
    main()
