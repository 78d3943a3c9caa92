"""How long the par of a deal of the day takes on this machine (not a test; prints figures).

Plays K duplicate replays of a deal with the expert in seat 0 against the deal's opponents
(``craits.daily_par.compute_par``), on one process (as the title screen's worker does) or
several, and prints the seconds in all, per replay, and the par with its standard error.

    python benchmarks/daily_par.py [--deal 336] [--replays 8] [--workers 1]
"""

from __future__ import annotations

import argparse
import json
import time

from craits.daily_par import REPLAYS, compute_par


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--deal", type=int, default=336)
    p.add_argument("--replays", type=int, default=REPLAYS)
    p.add_argument("--workers", type=int, default=1)
    args = p.parse_args()
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
