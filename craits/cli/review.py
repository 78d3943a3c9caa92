"""``python -m craits review FILE``: review a game record or a saved game from the command line.

Prints one JSON object on standard output and exits 0, or ``{"error": "..."}`` and exits 2,
whatever the file holds: never a traceback. ``--export OUT`` writes FILE (a save, say) as a
game record instead (a new file, or over a regular file only; a record's title, note and focus
are kept). Texts are left to the game; the output is data:

    {"seat": 0, "level": "expert", "rounds": [{"round": 1, "choices": 4, "differed": 1,
     "cost": -12.4, "verdicts": [{"step": 7, "action": 5, "played": {"play": "8S", "suit": "H"},
     "expert": {"play": "KS"}, "cost": 12.4}],
     "expected": 0.0, "luck": 3.5, "result": -8.9}],
     "game": {"rounds": 1, "expected": 0.0, "luck": 3.5, "cost": -12.4, "result": -8.9}}

``expected``, ``luck``, ``cost`` and ``result`` (``review.luck``: points in the seat's favour,
the others' mean minus the seat's own, so higher is better; ``result = expected + luck +
cost`` exactly as printed) are given for each finished round, null for one not finished;
``game`` sums the finished rounds reviewed. A round's ``cost`` is what the choices did to the
result, 0 or less: minus the sum of its verdicts' ``cost`` (each the points a choice lost).

``--par N`` adds the par (``review.par``): what the expert scores in the seat, with its cards,
against the same opponents, from N replays of each finished round reviewed (the seat's own
points, lower is better): ``"par": {"level": "expert", "value": 131.5, "stderr": 6.2,
"replays": 4, "rounds": 15, "yours": 140}`` for those rounds together and each round's
``"par": {"value", "stderr", "replays", "yours"}`` (null for a round not finished; its error
from the spread of the replays pooled over those rounds: never 0 from replays that agree). It is null
without ``--par``; when the table has a person in another seat, null with ``par_unavailable``
saying why. The same record gives the same par.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from craits.config.levels import offered_levels
from craits.engine.notation import write_action
from craits.review.analysis import REVIEW_LEVEL, RoundReview, analyse_rounds, review_level
from craits.review.luck import Split, game_split, round_split
from craits.review.par import PAR_LEVEL, GamePar, RoundScore, game_par, par_blocker, units
from craits.review.record import (
    MAX_MESSAGE,
    RecordError,
    export_record,
    read_record,
    write_record,
)
from craits.review.replay import Replay
from craits.work import Lane, Workbench, command_bench, default_workers, run_all

MAX_WORKERS = 4


def _error(message: str) -> int:
    if len(message) > MAX_MESSAGE:
        message = message[: MAX_MESSAGE - 1] + "…"
    print(json.dumps({"error": message}, ensure_ascii=False))
    return 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m craits review",
                                     description="Review a game record or a saved game.")
    parser.add_argument("file", help="a game record (docs/GAME_RECORD.md) or a save file")
    parser.add_argument("--seat", type=int, default=None,
                        help="whose choices to review (default: the first human seat, or 0)")
    parser.add_argument("--round", type=int, action="append", dest="rounds",
                        help="a round to review, from 1 (repeatable; default: every round)")
    parser.add_argument("--level", default=REVIEW_LEVEL, help="the level to compare with")
    parser.add_argument("--iterations", type=int, default=None,
                        help="rollouts per choice (default: the review's budget)")
    parser.add_argument("--workers", type=int, default=None,
                        help=f"worker processes, 1 to {MAX_WORKERS} (default: one a core); "
                             "the verdicts are the same for any number")
    parser.add_argument("--par", type=int, default=0, metavar="N",
                        help="also work out the par from N replays of each round (minutes: "
                             "the expert plays every round N times)")
    parser.add_argument("--par-level", default=PAR_LEVEL, help="the level the par is of")
    parser.add_argument("--export", metavar="OUT", help="write FILE as a game record to OUT")
    return parser


BLOCKED = {"human": "another seat is played by a person: their choices cannot be replayed",
           "unknown": "another seat's level is not one this game knows"}
MAX_PAR_REPLAYS = 1000


def review_document(replay: Replay, seat: int, rounds: list[int], level: str,
                    iterations: int | None, workers: int = 1, par_replays: int = 0,
                    par_level: str = PAR_LEVEL) -> dict[str, Any]:
    review = review_level(level, iterations)
    with command_bench(workers) as bench:
        reviews = analyse_rounds(replay, seat, rounds, review, bench.job(Lane.REVIEW))
        splits = [_split(replay, r) for r in reviews]
        finished = [s for s in splits if s is not None]
        document: dict[str, Any] = {
            "seat": seat, "level": level,
            "rounds": [_round(replay, r, s) for r, s in zip(reviews, splits, strict=True)],
            "game": {"rounds": len(finished), **game_split(finished, DIGITS).as_dict(DIGITS)},
            "par": None}
        if par_replays > 0:
            _add_par(document, replay, seat, rounds, par_replays, par_level, bench)
    return document


def _add_par(document: dict[str, Any], replay: Replay, seat: int, rounds: list[int],
             replays: int, level: str, bench: Workbench) -> None:
    """The par of the finished rounds reviewed, for the game and for each round."""
    blocked = par_blocker([s.kind for s in replay.seats], seat)
    if blocked is not None:
        document["par_unavailable"] = BLOCKED[blocked]
        return
    done = [r for r in rounds if replay.rounds[r].scores is not None]
    scores = run_all(bench.job(Lane.REVIEW), RoundScore(replay.save, seat, level),
                     units(done, replays))
    found: dict[int, dict[int, int]] = {}
    for (index, number), score in scores.items():
        found.setdefault(index, {})[number] = score
    yours = {r: _points(replay, r, seat) for r in done}
    par: GamePar | None = game_par(level, found, done, replays, yours)
    document["par"] = None if par is None else par.to_json()
    by_round = {} if par is None else {r.round: r.to_json(par.round_stderr(r))
                                        for r in par.rounds}
    for entry, index in zip(document["rounds"], rounds, strict=True):
        entry["par"] = by_round.get(index)


def _points(replay: Replay, index: int, seat: int) -> int | None:
    scores = replay.rounds[index].scores
    return None if scores is None else scores[seat]


DIGITS = 1  # decimals of the luck and cost figures
NO_SPLIT = dict.fromkeys(("expected", "luck", "cost", "others", "result"))


def _split(replay: Replay, review: RoundReview) -> Split | None:
    scores = replay.rounds[review.round].scores
    return None if scores is None else round_split(review, scores)


def _round(replay: Replay, review: RoundReview, split: Split | None) -> dict[str, Any]:
    parts = NO_SPLIT if split is None else split.as_dict(DIGITS)
    return {
        "round": review.round + 1, "choices": review.choices, "differed": review.differed,
        "cost": round(-sum(v.cost for v in review.verdicts), DIGITS) + 0.0,
        "verdicts": [{"step": v.number, "action": replay.steps[v.number].index,
                      "played": write_action(v.played), "expert": write_action(v.expert),
                      "cost": round(v.cost, 1)} for v in review.verdicts],
        "expected": parts["expected"], "luck": parts["luck"], "others": parts["others"],
        "result": parts["result"],
        "par": None,
    }


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        data = read_record(args.file)
        if args.export:
            write_record(args.export, export_record(data))
            print(json.dumps({"exported": args.export}, ensure_ascii=False))
            return 0
        replay = Replay(data)
    except RecordError as exc:  # reading and writing say what is wrong in the player's words
        return _error(str(exc))
    seat = args.seat
    if seat is None:
        seat = next((i for i, s in enumerate(replay.seats) if s.is_human), 0)
    if not 0 <= seat < replay.n_players:
        return _error(f"no seat {seat}: the seats are 0 to {replay.n_players - 1}")
    rounds = list(range(len(replay.rounds))) if not args.rounds else [r - 1 for r in args.rounds]
    if any(not 0 <= r < len(replay.rounds) for r in rounds):
        return _error(f"the record has rounds 1 to {len(replay.rounds)}")
    if args.iterations is not None and not 1 <= args.iterations <= 1_000_000:
        return _error("--iterations must be from 1 to 1000000")
    workers = default_workers() if args.workers is None else args.workers
    if not 1 <= workers <= MAX_WORKERS:
        return _error(f"--workers must be from 1 to {MAX_WORKERS}")
    if not 0 <= args.par <= MAX_PAR_REPLAYS:
        return _error(f"--par must be from 0 to {MAX_PAR_REPLAYS}")
    if args.par and args.par_level not in offered_levels():
        return _error(f"--par-level: no level {args.par_level!r}; the levels are "
                      f"{', '.join(offered_levels())}")
    try:
        document = review_document(replay, seat, rounds, args.level, args.iterations, workers,
                                   args.par, args.par_level)
    except (ValueError, RuntimeError) as exc:
        return _error(str(exc))
    print(json.dumps(document, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
