"""``python -m craits daily``: a numbered deal of the day, as JSON.

    python -m craits daily                # today's deal
    python -m craits daily --deal 336     # its date, seed, seats and rules

A deal's par is that of the game played from it, like every game's: ``craits review GAME
--par`` works it out from the game's record.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime

from craits.daily.deal import FIRST_DEAL, LAST_DEAL, deal, number_of


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="craits daily", description=__doc__.split("\n")[0])
    p.add_argument("--deal", type=int, metavar="N",
                   help=f"the deal number, {FIRST_DEAL} to {LAST_DEAL} (default: today's)")
    return p


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    number = number_of(datetime.now().date()) if args.deal is None else args.deal
    if not FIRST_DEAL <= number <= LAST_DEAL:
        print(f"craits daily: there is no deal {number}: deals go from {FIRST_DEAL} to "
              f"{LAST_DEAL}", file=sys.stderr)
        return 2
    the_deal = deal(number)
    print(json.dumps({"deal": number, "date": the_deal.day.isoformat(), "seed": the_deal.seed,
                      "seats": list(the_deal.kinds), "rules": the_deal.rules.to_dict()}))
    return 0
