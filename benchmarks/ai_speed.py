"""Thinking time of the computer levels per decision (not a test; prints figures).

Positions come from medium-level games of 2 to 5 players (full rules, every round size); only
real choices (more than one legal action) are timed. Targets on the 2-core reference machine:
hard at most 150 ms median and 400 ms at the 95th percentile, expert at most 600 ms median and
1.2 s at the 95th. The CPU columns count this process's own time, which other work on a busy
machine does not inflate; ``cut short`` counts searches the time cap stopped (it should be 0: the
cap is a safety net, and a search it stops may choose differently on a faster machine). Also
prints the rollout policy's cost per step on the engine's ``Position``
(goal: at most 2.5 µs a step, policy included).

    python benchmarks/ai_speed.py [--positions 120] [--levels medium,hard,expert] [--seed 1]
        [--ai FILE]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from craits import native
from craits.ai.rollout import RolloutPolicy
from craits.config.levels import load_profiles, make_bot
from craits.engine import OVER, Position, Rules, apply, legal_actions, new_round, redact, seat_view


def positions(count: int, seed: int) -> list[tuple]:
    """(state, history of the seat to act) at real choices along medium-level rounds."""
    rng = random.Random(seed)
    bot = make_bot("medium")
    out: list[tuple] = []
    game = 0
    while len(out) < count:
        n = 2 + game % 4
        state, events = new_round(Rules(), n, game % n, 1 + (game * 3) % 8, seed * 10_000 + game)
        histories = [[redact(e, s) for e in events] for s in range(n)]
        game += 1
        while not state.is_over() and len(out) < count:
            seat = state.turn
            view = seat_view(state, seat)
            if len(view.legal) > 1 and rng.random() < 0.3:
                out.append((state, list(histories[seat])))
            state, events = apply(state, bot.choose(view, histories[seat], rng))
            for s in range(n):
                histories[s].extend(redact(e, s) for e in events)
    return out


def rollout_speed(seconds: float = 2.0) -> tuple[float, float]:
    """Rollouts per second (8 cards, 2-5 players) and microseconds per rollout step."""
    policy, rng = RolloutPolicy(), random.Random(1)
    move = policy.move
    spent, done, steps = 0.0, 0, 0
    while spent < seconds:
        state, _ = new_round(Rules(), 2 + done % 4, 0, 8, done)
        pos = Position.from_state(state)
        pos.shuffler = rng
        started = time.perf_counter()
        while pos.phase != OVER:
            move(pos, rng)
            steps += 1
        spent += time.perf_counter() - started
        done += 1
    return done / spent, 1e6 * spent / steps


def _p95(sorted_values: list[float]) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(0.95 * len(sorted_values)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--levels", default="medium,hard,expert")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ai", metavar="FILE", help="an extra levels file")
    args = parser.parse_args(argv)
    profiles = load_profiles(args.ai)
    print(f"hot path: {'compiled' if native.in_use() else 'from source'} "
          f"(compiled copies: {native.status()}; CRAITS_NO_NATIVE=1 runs the sources)")
    rate, step_us = rollout_speed()
    print(f"rollouts: {rate:,.0f}/s (8 cards, 2-5 players), {step_us:.2f} µs a step")
    chosen = positions(args.positions, args.seed)
    print(f"{len(chosen)} positions with a real choice")
    print(f"{'level':<10}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}{'mean ms':>9}"
          f"{'cpu median':>12}{'cpu p95':>9}{'cut short':>11}")
    for level in args.levels.split(","):
        bot = make_bot(level, profiles)
        times, cpu = [], []
        for i, (state, history) in enumerate(chosen):
            view = seat_view(state, state.turn)
            started, started_cpu = time.perf_counter(), time.process_time()
            action = bot.choose(view, history, random.Random(i))
            times.append(1000 * (time.perf_counter() - started))
            cpu.append(1000 * (time.process_time() - started_cpu))
            assert action in legal_actions(state)
        times.sort()
        cpu.sort()
        print(f"{level:<10}{statistics.median(times):>11.1f}{_p95(times):>9.1f}{times[-1]:>9.1f}"
              f"{statistics.fmean(times):>9.1f}{statistics.median(cpu):>12.1f}{_p95(cpu):>9.1f}"
              f"{getattr(bot, 'searches_cut_short', 0):>11}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
