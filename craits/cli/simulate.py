"""``python -m craits simulate``: whole matches between random legal players, headless."""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace

from craits.engine.playout import PlayoutStats, random_match
from craits.engine.rules import Rules


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="craits simulate", description=__doc__)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6), metavar="N")
    parser.add_argument("--games", type=int, default=100, metavar="G")
    parser.add_argument("--seed", type=int, default=0, metavar="S")
    parser.add_argument("--length", choices=("full", "short"), default=None)
    parser.add_argument("--rules", metavar="FILE", help="a rules YAML file")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def load_rules(path: str | None) -> Rules:
    if path is None:
        return Rules()
    from craits.config import load_rules as load_from_yaml

    return load_from_yaml(path)


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if args.games < 1:
        print("craits simulate: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        rules = load_rules(args.rules)
    except Exception as exc:  # a ConfigError names file, line and key
        print(f"craits simulate: {exc}", file=sys.stderr)
        return 2
    if args.length:
        rules = replace(rules, game_length=args.length)
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
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")
    return 0
