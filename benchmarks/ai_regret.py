"""How much a level's choices cost against the best choice for the true hidden cards (not a test;
prints figures).

Whole matches are a noisy yardstick for two close levels: one different choice changes every
card after it, so two variants of expert differ by about 18 points a deal for reasons that are
not theirs. This benchmark asks the levels to choose in the same real positions instead (the
choices of seat 0 in seeded matches, medium against medium by default), and judges each choice
on the true position: every legal action is played out ``--rollouts`` times from the real
hands (the draw pile shuffled afresh, as no one knows its order) with the judge's rollout
policy, on the same shuffles for every action. A choice's regret is its mean relative score
minus the best action's (points a round, lower is better; 0 for the best). It is the oracle's
yardstick at one decision: what seeing the cards would have been worth there.

    python benchmarks/ai_regret.py [--levels hard,expert] [--positions 300] [--matches 40]
        [--seed 1] [--rollouts 400] [--judge hard] [--ai FILE] [--seats medium,medium]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from ai_reading import Choice, stderr, watch

from craits.ai.rollout import RolloutPolicy
from craits.ai.search import relative_score
from craits.config.levels import load_profiles, make_bot
from craits.engine import Rules
from craits.engine.actions import Action


def true_values(choice: Choice, policy: RolloutPolicy, rollouts: int, seed: int
                ) -> dict[Action, float]:
    """Each legal action's mean relative score for the watched seat, on the true hands."""
    view = choice.view
    held = {c for hand in choice.hands for c in hand} | set(view.discard)
    rest = [c for c in range(52) if c not in held]
    rng = random.Random(seed)
    totals = dict.fromkeys(view.legal, 0.0)
    for _ in range(rollouts):
        pile = rest[:]
        rng.shuffle(pile)
        world = view.position(choice.hands, pile, rng.getrandbits(48))
        play_seed = rng.getrandbits(48)
        for action in view.legal:
            sim = world.copy()
            sim.step(action)
            scores = sim.scores if sim.scores is not None else policy.run(
                sim, random.Random(play_seed))
            totals[action] += relative_score(scores, view.seat)
    return {a: t / rollouts for a, t in totals.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--levels", default="hard,expert", help="levels to judge; first: base")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--matches", type=int, default=40, help="matches to take positions from")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollouts", type=int, default=400, help="per action, to judge")
    parser.add_argument("--judge", default="hard", help="level whose rollout policy judges")
    parser.add_argument("--seats", default="medium,medium", help="who plays the matches")
    parser.add_argument("--length", choices=("short", "full"), default="short")
    parser.add_argument("--ai", metavar="FILE", help="an extra levels file")
    args = parser.parse_args(argv)
    profiles = load_profiles(args.ai)
    rules = Rules(game_length=args.length)
    pool = [c for i in range(args.matches)
            for c in watch(args.seats.split(","), args.seed + i, rules)]
    random.Random(args.seed).shuffle(pool)
    positions = pool[: args.positions]
    judge = RolloutPolicy(profiles[args.judge].search.rollout)
    started = time.monotonic()
    values = [true_values(c, judge, args.rollouts, args.seed * 100_003 + i)
              for i, c in enumerate(positions)]
    print(f"{len(positions)} positions from {args.matches} matches of {args.seats} "
          f"({args.length}), judged by {args.rollouts} rollouts an action "
          f"({time.monotonic() - started:.0f} s)")
    print(f"{'level':<14}{'regret':>8}{'stderr':>8}{'best':>7}{'vs first':>10}{'stderr':>8}"
          f"{'think ms med':>14}")
    base: list[float] | None = None
    for level in args.levels.split(","):
        bot = make_bot(level, profiles)
        regrets, best, think = [], 0, []
        for i, (c, q) in enumerate(zip(positions, values, strict=True)):
            began = time.perf_counter()
            action = bot.choose(c.view, c.history, random.Random(args.seed * 7919 + i))
            think.append(time.perf_counter() - began)
            regret = q[action] - min(q.values())
            regrets.append(regret)
            best += regret == 0.0
        mean = statistics.fmean(regrets)
        line = f"{level:<14}{mean:>8.2f}{stderr(regrets):>8.2f}{best / len(regrets):>7.0%}"
        if base is None:
            base = regrets
            line += " " * 18
        else:
            diffs = [a - b for a, b in zip(regrets, base, strict=True)]
            line += f"{statistics.fmean(diffs):>+10.2f}{stderr(diffs):>8.2f}"
        print(f"{line}{statistics.median(think) * 1000:>14.0f}", flush=True)
    print("regret: points a round lost against the best action for the true cards; best: "
          "share of choices that were it; ± one standard error over positions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
