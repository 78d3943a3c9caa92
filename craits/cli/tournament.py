"""``python -m craits tournament``: whole matches between computer levels, with statistics.

    python -m craits tournament --seats hard,medium --games 50 --seed 1 --length short --duplicate

Seats rotate from game to game so no level profits from its place at the table; with
``--duplicate`` every deal is played once per rotation, with the same cards. Scores are round
scores (lower is better). ``differences`` compares each pair of levels deal by deal: the mean
per-round score of the first minus the second, with its standard error over deals. ``think_ms``
times real choices only (more than one legal action); a forced move costs nothing. Its
``cut_short`` counts searches the time cap stopped before their budget was spent: the cap is a
safety net, and a choice it cuts short may differ on a faster machine. ``--workers`` plays the
matches on several processes: every match depends on its seed only, so the results are the same
(think times are measured under the shared load).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import TypedDict

from craits.ai.profiles import Profile
from craits.config import load_rules
from craits.config.errors import ConfigError, did_you_mean
from craits.config.levels import load_profiles, make_bot
from craits.director import MatchRecord, play_match
from craits.engine import Rules
from craits.engine.rules import RuleValue
from craits.work import Lane, command_bench

Progress = Callable[[int, int, MatchRecord], object]
"""Told after each match: matches done, matches planned, the match's record."""
Job = tuple[list[str], int, Rules, dict[str, Profile]]
"""One match to play: the levels by seat, the match's seed, the rules, the profiles."""


class ThinkTimes(TypedDict):
    """One level's times for real choices, in milliseconds."""

    median: float
    p95: float
    max: float
    decisions: int
    cut_short: int


class Difference(TypedDict):
    """Level ``a``'s mean round score minus ``b``'s, over ``deals`` deals."""

    a: str
    b: str
    mean: float
    stderr: float
    deals: int


class Summary(TypedDict):
    """The figures of a tournament (``--json`` prints them as they are)."""

    seats: list[str]
    games: int
    deals: int
    duplicate: bool
    rounds: int
    rules: dict[str, RuleValue]
    mean_game_score: dict[str, float]
    mean_round_score: dict[str, float]
    round_score_stderr: dict[str, float]
    win_share: dict[str, float]
    think_ms: dict[str, ThinkTimes]
    announced: dict[str, int]
    caught: dict[str, int]
    illegal_answers: int
    differences: list[Difference]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="craits tournament", description=__doc__.split("\n")[0])
    p.add_argument("--seats", required=True,
                   help="levels by seat, comma-separated, 2 to 5 (e.g. hard,medium,medium)")
    p.add_argument("--games", type=int, default=10,
                   help="deals to play (each once per rotation with --duplicate)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--length", choices=("short", "full"), help="override the rules' game length")
    p.add_argument("--rules", metavar="FILE", help="a rules file (see config/rules.yaml)")
    p.add_argument("--ai", metavar="FILE", help="an extra levels file (see config/ai.yaml)")
    p.add_argument("--duplicate", action="store_true",
                   help="play every deal once per seat rotation, with the same cards")
    p.add_argument("--workers", type=int, default=1,
                   help="processes to play on (0: one per core); the results do not change")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress on standard error")
    return p


def deal_seed(seed: int, deal: int) -> int:
    return random.Random(f"tournament:{seed}:{deal}").getrandbits(48)


def run(levels: list[str], games: int, seed: int, rules: Rules, duplicate: bool,
        profiles: dict[str, Profile], progress: Progress | None = None,
        workers: int = 1) -> list[tuple[int, MatchRecord]]:
    """Play the matches; returns (deal index, record) for each, in plan order."""
    n = len(levels)
    plan = [(d, r) for d in range(games) for r in (range(n) if duplicate else (d % n,))]
    jobs: list[Job] = [([levels[(i + rotation) % n] for i in range(n)], deal_seed(seed, deal),
                        rules, profiles) for deal, rotation in plan]
    records: dict[int, MatchRecord] = {}
    with command_bench(min(workers, len(jobs))) as bench:
        job = bench.job(Lane.REVIEW)
        order = {job.submit(_play, match): index for index, match in enumerate(jobs)}
        while job.pending:
            found = job.take()
            for done in found:
                if done.error is not None:
                    raise RuntimeError(f"a match could not be played: {done.error}")
                records[order[done.ticket]] = done.value
                if progress:
                    progress(len(records), len(plan), done.value)
            if not found:
                job.wait(0.05)
    return [(deal, records[i]) for i, (deal, _) in enumerate(plan)]


def _play(job: Job) -> MatchRecord:
    """One match; a level at several seats is one bot (bots keep no state between choices)."""
    seated, match_seed, rules, profiles = job
    bots = {level: make_bot(level, profiles) for level in set(seated)}
    return play_match([bots[level] for level in seated], match_seed, rules)


def _percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def _stderr(values: Sequence[float]) -> float:
    return statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0


def _mean_round_score(rec: MatchRecord, level: str) -> float:
    seats = [s for s, lv in enumerate(rec.levels) if lv == level]
    rounds = rec.round_scores
    return sum(r[s] for r in rounds for s in seats) / (len(rounds) * len(seats))


def deal_differences(results: list[tuple[int, MatchRecord]], a: str, b: str) -> list[float]:
    """Per deal (in deal order): level ``a``'s mean round score minus ``b``'s, each match's
    difference averaged over the deal's matches (its seat rotations)."""
    by_deal: dict[int, list[float]] = defaultdict(list)
    for deal, rec in results:
        by_deal[deal].append(_mean_round_score(rec, a) - _mean_round_score(rec, b))
    return [statistics.fmean(v) for _, v in sorted(by_deal.items())]


def summarize(levels: list[str], results: list[tuple[int, MatchRecord]], rules: Rules,
              duplicate: bool) -> Summary:
    names = list(dict.fromkeys(levels))
    game_scores: dict[str, list[int]] = defaultdict(list)
    round_scores: dict[str, list[int]] = defaultdict(list)
    think: dict[str, list[float]] = defaultdict(list)
    wins: dict[str, float] = defaultdict(float)
    announced: dict[str, int] = defaultdict(int)
    caught: dict[str, int] = defaultdict(int)
    cut_short: dict[str, int] = defaultdict(int)
    illegal = 0
    for _, rec in results:
        illegal += rec.illegal
        for seat, level in enumerate(rec.levels):
            game_scores[level].append(rec.totals[seat])
            round_scores[level].extend(rs[seat] for rs in rec.round_scores)
            think[level].extend(rec.think[seat])
            announced[level] += rec.announced[seat]
            caught[level] += rec.caught[seat]
            cut_short[level] += rec.cut_short[seat]
            if seat in rec.winners:
                wins[level] += 1 / len(rec.winners)
    games = len(results)
    out: Summary = {
        "seats": levels, "games": games, "deals": len({deal for deal, _ in results}),
        "duplicate": duplicate,
        "rounds": sum(len(rec.round_scores) for _, rec in results), "rules": rules.to_dict(),
        "mean_game_score": {lv: statistics.fmean(game_scores[lv]) for lv in names},
        "mean_round_score": {lv: statistics.fmean(round_scores[lv]) for lv in names},
        "round_score_stderr": {lv: _stderr(round_scores[lv]) for lv in names},
        "win_share": {lv: wins[lv] / games for lv in names},
        "think_ms": {},
        "announced": dict(announced), "caught": dict(caught),
        "illegal_answers": illegal,
        "differences": [],
    }
    for lv in names:
        ms = sorted(1000 * t for t in think[lv])
        out["think_ms"][lv] = {"median": _percentile(ms, 0.5), "p95": _percentile(ms, 0.95),
                               "max": ms[-1] if ms else 0.0, "decisions": len(ms),
                               "cut_short": cut_short[lv]}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            diffs = deal_differences(results, a, b)
            out["differences"].append({"a": a, "b": b, "mean": statistics.fmean(diffs),
                                       "stderr": _stderr(diffs), "deals": len(diffs)})
    return out


def _print_table(summary: Summary) -> None:
    print(f"{summary['games']} games ({summary['deals']} deals"
          f"{', duplicate' if summary['duplicate'] else ''}), {summary['rounds']} rounds;"
          f" seats {','.join(summary['seats'])}")
    print(f"{'level':<12}{'game':>9}{'round':>9}{'+-':>7}{'wins':>8}"
          f"{'think ms median':>17}{'p95':>9}{'max':>9}{'cut short':>11}")
    for lv in summary["mean_game_score"]:
        t = summary["think_ms"][lv]
        print(f"{lv:<12}{summary['mean_game_score'][lv]:>9.1f}"
              f"{summary['mean_round_score'][lv]:>9.2f}{summary['round_score_stderr'][lv]:>7.2f}"
              f"{summary['win_share'][lv]:>8.1%}{t['median']:>17.1f}{t['p95']:>9.1f}"
              f"{t['max']:>9.1f}{t['cut_short']:>11}")
    for d in summary["differences"]:
        print(f"{d['a']} - {d['b']}: {d['mean']:+.2f} +- {d['stderr']:.2f} points per round"
              f" over {d['deals']} deals")


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    try:
        profiles = load_profiles(args.ai)
        rules = load_rules(args.rules) if args.rules else Rules()
    except ConfigError as exc:
        print(f"craits tournament: {exc}", file=sys.stderr)
        return 2
    if args.length:
        rules = dataclasses.replace(rules, game_length=args.length)
    levels = [s.strip() for s in args.seats.split(",") if s.strip()]
    problem = None
    if not 2 <= len(levels) <= 5:
        problem = f"--seats needs 2 to 5 levels, got {len(levels)}"
    elif args.games < 1:
        problem = "--games must be at least 1"
    elif args.workers < 0:
        problem = "--workers must be 0 (one per core) or more"
    for level in levels:
        if level not in profiles:
            problem = f"no computer level {level!r}" + did_you_mean(level, profiles)
    if problem:
        print(f"craits tournament: {problem}", file=sys.stderr)
        return 2
    started = time.monotonic()
    last = [started]

    def progress(done: int, total: int, record: MatchRecord) -> None:
        now = time.monotonic()
        if not args.quiet and (now - last[0] > 2 or done == total):
            last[0] = now
            print(f"  {done}/{total} games, {now - started:.0f}s", file=sys.stderr, flush=True)

    workers = args.workers or os.cpu_count() or 1
    results = run(levels, args.games, args.seed, rules, args.duplicate, profiles, progress,
                  workers)
    summary = summarize(levels, results, rules, args.duplicate)
    if args.json:
        print(json.dumps(summary))
    else:
        _print_table(summary)
    return 0
