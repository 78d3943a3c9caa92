"""``python -m craits daily``: the numbered deals of the day, and their par.

    python -m craits daily                         # today's deal, as JSON
    python -m craits daily --deal 336 --par --replays 8 [--workers 0]

The par is the expert level's mean final total in seat 0 over duplicate replays of the deal
(the same cards, each replay's own choices), with its standard error; the same on every run.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from datetime import datetime

from craits.daily import FIRST_DEAL, LAST_DEAL, deal, number_of
from craits.daily_par import REPLAYS, compute_par


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="craits daily", description=__doc__.split("\n")[0])
    p.add_argument("--deal", type=int, metavar="N",
                   help=f"the deal number, {FIRST_DEAL} to {LAST_DEAL} (default: today's)")
    p.add_argument("--par", action="store_true", help="work out the deal's par")
    p.add_argument("--replays", type=int, default=REPLAYS, metavar="K",
                   help=f"replays for the par (default {REPLAYS})")
    p.add_argument("--workers", type=int, default=0,
                   help="processes to play on (0: one per core); the par does not change")
    p.add_argument("--quiet", action="store_true", help="no progress on standard error")
    return p


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    number = number_of(datetime.now().date()) if args.deal is None else args.deal
    problem = None
    if not FIRST_DEAL <= number <= LAST_DEAL:
        problem = f"there is no deal {number}: deals go from {FIRST_DEAL} to {LAST_DEAL}"
    elif args.replays < 1:
        problem = "--replays must be at least 1"
    elif args.workers < 0:
        problem = "--workers must be 0 (one per core) or more"
    if problem:
        print(f"craits daily: {problem}", file=sys.stderr)
        return 2
    the_deal = deal(number)
    out: dict[str, object] = {"deal": number, "date": the_deal.day.isoformat(),
                              "seed": the_deal.seed, "seats": list(the_deal.kinds),
                              "rules": the_deal.rules.to_dict()}
    if args.par:
        started = time.monotonic()

        def progress(done: int, total: int) -> None:
            if not args.quiet:
                print(f"  {done}/{total} replays, {time.monotonic() - started:.0f}s",
                      file=sys.stderr, flush=True)

        workers = args.workers or os.cpu_count() or 1
        par = compute_par(number, args.replays, workers, progress=progress)
        out.update(par.to_json())
    print(json.dumps(out))
    return 0
