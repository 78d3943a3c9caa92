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
yardstick at one decision: what seeing the cards would have been worth there. Last, each
level's regret by kind of decision (which card; a hand with an 8, and of that the suit an 8
played named), to show where the hidden cards cost it most.

    python benchmarks/ai_regret.py [--levels hard,expert] [--positions 300] [--matches 40]
        [--seed 1] [--rollouts 400] [--judge hard] [--ai FILE] [--seats medium,medium]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from ai_reading import Choice, stderr, watch

from craits.ai.choices import relative_score
from craits.ai.rollout import RolloutPolicy
from craits.config.levels import load_profiles, make_bot
from craits.engine import Rules
from craits.engine.actions import Action, ChooseSuit, Draw, Pass, Play


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
    by_kind: dict[str, dict[str, list[float]]] = {}
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
            kinds = by_kind.setdefault(level, {})
            kinds.setdefault(decision_kind(c.view.legal), []).append(regret)
            if isinstance(action, Play) and action.suit is not None:  # of which the suit named
                kinds.setdefault("an-8, the suit named", []).append(q[action] - min(
                    v for a, v in q.items() if isinstance(a, Play) and a.card == action.card))
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
    print("\nby kind of decision: choices, regret a choice ± its error, and its share of the "
          "level's whole regret")
    for level, kinds in by_kind.items():
        whole = sum(sum(r) for k, r in kinds.items() if "," not in k) or 1.0  # a part: not twice
        print(f"{level:<14}" + "  ".join(
            f"{kind} {len(r)}: {statistics.fmean(r):.2f}±{stderr(r):.2f} ({sum(r) / whole:.0%})"
            for kind, r in sorted(kinds.items())))
    return 0


def decision_kind(legal: Sequence[Action]) -> str:
    """What a choice was about: the suit a 9 switches to, a hand with an 8 to play (and a
    suit to name), playing or drawing, or which card to play (drawing not among them)."""
    if any(isinstance(a, ChooseSuit) for a in legal):
        return "nine-suit"
    if any(isinstance(a, Play) and a.suit is not None for a in legal):
        return "an-8"
    if any(isinstance(a, Draw | Pass) for a in legal):
        return "play-or-draw"
    return "which-card"


if __name__ == "__main__":
    sys.exit(main())
