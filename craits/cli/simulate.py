"""``python -m craits simulate``: whole matches, headless.

Without ``--seats``: random legal players on the engine's own playout (the engine's speed, in
``decisions_per_second``). With ``--seats easy,medium,...``: computer levels at a table run by
the match director, exactly as the game runs them (reactions racing on the match clock).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace

from craits.config import ConfigError, load_rules
from craits.config.levels import make_bot
from craits.director import play_match
from craits.engine.playout import PlayoutStats, random_match
from craits.engine.rules import Rules


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="craits simulate", description=__doc__)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6), metavar="N")
    parser.add_argument("--games", type=int, default=100, metavar="G")
    parser.add_argument("--seed", type=int, default=0, metavar="S")
    parser.add_argument("--length", choices=("full", "short"), default=None)
    parser.add_argument("--rules", metavar="FILE", help="a rules YAML file")
    parser.add_argument("--seats", metavar="LEVELS",
                        help="match mode: computer levels by seat, e.g. easy,medium,hard")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if args.games < 1:
        print("craits simulate: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        rules = load_rules(args.rules) if args.rules else Rules()
    except Exception as exc:  # a ConfigError names file, line and key
        print(f"craits simulate: {exc}", file=sys.stderr)
        return 2
    if args.length:
        rules = replace(rules, game_length=args.length)
    if args.seats is not None:
        return _match_mode(args, rules)
    stats = PlayoutStats()
    wins = [0.0] * args.players
    start = time.perf_counter()
    for game in range(args.games):
        match = random_match(args.players, rules, args.seed + game, stats)
        winners = match.winners()
        for p in winners:
            wins[p] += 1 / len(winners)
    seconds = time.perf_counter() - start
    result = {
        "players": args.players,
        "games": stats.games,
        "rounds": stats.rounds,
        "decisions": stats.decisions,
        "seconds": round(seconds, 4),
        "games_per_second": round(stats.games / seconds, 2),
        "decisions_per_second": round(stats.decisions / seconds, 1),
        "mean_rounds": stats.rounds / stats.games,
        "blocked_rounds": stats.blocked_rounds,
        "longest_round": stats.longest_round,
        "win_share": [round(w / stats.games, 4) for w in wins],
        "rules": rules.to_dict(),
    }
    _print(result, args.json)
    return 0


def _match_mode(args: argparse.Namespace, rules: Rules) -> int:
    """Matches between computer levels on the match director (the game's own loop)."""
    levels = [part.strip() for part in args.seats.split(",")]
    if not 2 <= len(levels) <= 5 or not all(levels):
        print("craits simulate: --seats needs 2 to 5 computer levels, e.g. easy,medium",
              file=sys.stderr)
        return 2
    try:
        bots = {level: make_bot(level) for level in set(levels)}
    except (ValueError, ConfigError) as exc:
        print(f"craits simulate: {exc}", file=sys.stderr)
        return 2
    wins = [0.0] * len(levels)
    totals = [0] * len(levels)
    rounds = illegal = 0
    start = time.perf_counter()
    for game in range(args.games):
        record = play_match([bots[level] for level in levels], args.seed + game, rules)
        for p in record.winners:
            wins[p] += 1 / len(record.winners)
        totals = [t + s for t, s in zip(totals, record.totals, strict=True)]
        rounds += len(record.round_scores)
        illegal += record.illegal
    seconds = time.perf_counter() - start
    result = {
        "seats": levels,
        "games": args.games,
        "rounds": rounds,
        "seconds": round(seconds, 4),
        "games_per_second": round(args.games / seconds, 3),
        "mean_total": [round(t / args.games, 2) for t in totals],
        "win_share": [round(w / args.games, 4) for w in wins],
        "illegal_answers": illegal,
        "rules": rules.to_dict(),
    }
    _print(result, args.json)
    return 0


def _print(result: dict[str, object], as_json: bool) -> None:
    if as_json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")
