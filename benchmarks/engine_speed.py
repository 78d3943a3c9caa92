"""Engine speed: decisions per second of random playouts, 2-5 players (not a test).

A decision is one turn action chosen from ``legal_actions`` and applied with ``apply_legal``
(the search fast path), plus the random players' announcements and calls. Reference point:
RLCard's pure-Python UNO environment makes about 12,000 decisions/s on this 2-core machine.

    python benchmarks/engine_speed.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import time

from craits.engine.playout import PlayoutStats, random_match
from craits.engine.rules import Rules

RLCARD_UNO = 12_000


def measure(players: int, seconds: float) -> tuple[float, PlayoutStats]:
    stats = PlayoutStats()
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        random_match(players, Rules(), seed, stats)
        seed += 1
    return stats.decisions / (time.perf_counter() - start), stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    print(f"{'players':>7} {'games':>6} {'decisions':>10} {'decisions/s':>12} {'x RLCard UNO':>13}")
    for players in range(2, 6):
        rate, stats = measure(players, args.seconds)
        print(
            f"{players:>7} {stats.games:>6} {stats.decisions:>10} {rate:>12,.0f} "
            f"{rate / RLCARD_UNO:>12.1f}x"
        )


if __name__ == "__main__":
    main()
