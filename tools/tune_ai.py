"""Tune the weights of one computer level against a fixed pool of opponents (not part of the game).

    pip install -e ".[tune]"
    python tools/tune_ai.py run --level hard --params search.rollout.keep_eight,search.rollout.follow \\
        --pool medium --deals 12 --generations 20 --state tune-hard.pkl
    python tools/tune_ai.py confirm --state tune-hard.pkl --deals 200 --seed 7

``run`` searches with CMA-ES (the ``cma`` package, a tuning-only extra) over the named knobs of the
level (dotted paths into config/ai.yaml's level: ``heuristic.*``, ``search.rollout.*``,
``search.opponent_model``, ``search.exploration``, ``search.catch``). Each candidate plays duplicate matches against
the pool (every deal once per seat rotation, the same cards), all candidates of a generation on
the same deals, scored by their mean round score minus the opponents' (lower is better). The
level as written and the incumbent (CMA's mean) play each generation's deals too, so every
generation prints the incumbent's improvement over the written level with its standard error
and z (below -2: better with about 97.5 % confidence on those deals). Matches run on
``--workers`` processes (default: every core). After each generation the whole state is saved,
so a stopped run goes on where it stopped with the same command.

``confirm`` plays the incumbent against the written level's own results on fresh deals (a seed
the tuning never used), prints the difference with its standard error, and writes a levels file
(``--out``) that extends the level with the tuned weights: try it with ``python -m craits
tournament --ai FILE``. Copy weights into config/ai.yaml only when ``confirm`` shows them better
by more than two standard errors.
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import os
import pickle
import random
import statistics
import sys
from pathlib import Path

from craits.ai import bot_for
from craits.ai.profiles import Profile
from craits.config.levels import load_profiles
from craits.director import play_match
from craits.engine import Rules

TUNABLE_PREFIXES = ("heuristic.", "search.rollout.", "search.opponent_model",
                    "search.exploration", "search.catch")
# Knobs whose values config/ai.yaml bounds more tightly than [-1000, 1000].
BOUNDS = {"heuristic.plan": (0.0, 1.0), "heuristic.noise": (0.0, 1000.0),
          "search.rollout.noise": (0.0, 1000.0), "search.opponent_model": (0.0, 10.0),
          "search.exploration": (0.0, 10.0), "search.catch": (0.0, 1.0)}


# ---------------------------------------------------------------- a level's knobs as a vector


def get_knob(profile: Profile, path: str) -> float:
    obj: object = profile
    for part in path.split("."):
        obj = getattr(obj, part)
    return float(obj)  # type: ignore[arg-type]


def with_knobs(profile: Profile, values: dict[str, float]) -> Profile:
    """``profile`` with each dotted knob set (frozen dataclasses replaced along the path)."""

    def put(obj: object, parts: list[str], value: float) -> object:
        if len(parts) == 1:
            return dataclasses.replace(obj, **{parts[0]: value})  # type: ignore[type-var]
        child = getattr(obj, parts[0])
        return dataclasses.replace(obj, **{parts[0]: put(child, parts[1:], value)})  # type: ignore[type-var]

    for path, value in values.items():
        profile = put(profile, path.split("."), value)  # type: ignore[assignment]
    return profile


def check_params(profile: Profile, params: list[str]) -> None:
    for path in params:
        if not path.startswith(TUNABLE_PREFIXES):
            raise SystemExit(f"tune_ai: {path!r} is not a tunable weight (one of "
                             f"{', '.join(p + '*' for p in TUNABLE_PREFIXES)})")
        try:
            get_knob(profile, path)
        except AttributeError:
            raise SystemExit(f"tune_ai: level {profile.name!r} has no knob {path!r}") from None


# ---------------------------------------------------------------- duplicate matches


def deal_seed(seed: int, deal: int) -> int:
    return random.Random(f"tune:{seed}:{deal}").getrandbits(48)


def play_deal(job: tuple) -> float:
    """One deal, every seat rotation: the tuned level's mean round score minus the others'."""
    profile, pool_profiles, players, length, seed, deal = job
    rules = Rules(game_length=length)
    n = players
    diffs = []
    for rotation in range(n):
        bots = []
        for seat in range(n):
            if seat == rotation:
                bots.append(bot_for(dataclasses.replace(profile, name="tuned")))
            else:
                opponent = pool_profiles[(seat - rotation - 1 + deal) % len(pool_profiles)]
                bots.append(bot_for(opponent))
        record = play_match(bots, deal_seed(seed, deal), rules)
        rounds = record.round_scores
        mine = sum(r[rotation] for r in rounds) / len(rounds)
        others = sum(r[s] for r in rounds for s in range(n) if s != rotation)
        diffs.append(mine - others / (len(rounds) * (n - 1)))
    return statistics.fmean(diffs)


def evaluate(pool: multiprocessing.pool.Pool, profiles: list[Profile], opponents: list[Profile],
             args: argparse.Namespace, seed: int, deals: int) -> list[list[float]]:
    """Each profile's per-deal differences on the same ``deals`` deals of ``seed``."""
    jobs = [(p, opponents, args.players, args.length, seed, d)
            for p in profiles for d in range(deals)]
    flat = pool.map(play_deal, jobs, chunksize=1)
    return [flat[i * deals:(i + 1) * deals] for i in range(len(profiles))]


def paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean of a - b and its standard error over the same deals."""
    d = [x - y for x, y in zip(a, b, strict=True)]
    se = statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else float("inf")
    return statistics.fmean(d), se


# ---------------------------------------------------------------- commands


def _pool(args: argparse.Namespace) -> multiprocessing.pool.Pool:
    return multiprocessing.get_context("spawn").Pool(args.workers or os.cpu_count() or 1)


def run(args: argparse.Namespace) -> int:
    import warnings

    warnings.filterwarnings("ignore", message=".*matplotlib.*")
    import cma  # tuning-only dependency: pip install -e ".[tune]"

    state_path = Path(args.state)
    if state_path.exists():
        state = pickle.loads(state_path.read_bytes())
        print(f"resuming {state_path} at generation {state['generation']}")
        args = argparse.Namespace(**{**vars(args), **state["args"], "workers": args.workers,
                                     "generations": args.generations})
    else:
        state = None
    profiles = load_profiles(args.ai)
    base = profiles[args.level]
    params = args.params.split(",")
    check_params(base, params)
    opponents = [profiles[name] for name in args.pool.split(",")]
    start = [get_knob(base, p) for p in params]
    scale = [max(abs(v), 1.0) for v in start]  # CMA works on values relative to these
    if state is None:
        es = cma.CMAEvolutionStrategy([1.0] * len(params), args.sigma,
                                      {"seed": args.seed, "popsize": args.popsize,
                                       "verbose": -9})
        state = {"args": {k: v for k, v in vars(args).items() if k not in ("workers",)},
                 "es": es, "generation": 0, "history": []}
    es = state["es"]

    def knobs(x) -> dict[str, float]:
        out = {}
        for p, v, s in zip(params, x, scale, strict=True):
            low, high = BOUNDS.get(p, (-1000.0, 1000.0))
            out[p] = min(high, max(low, float(v) * s))
        return out

    with _pool(args) as pool:
        while state["generation"] < args.generations:
            g = state["generation"]
            xs = es.ask()
            candidates = [with_knobs(base, knobs(x)) for x in xs]
            incumbent = with_knobs(base, knobs(es.mean))
            results = evaluate(pool, [base, incumbent, *candidates], opponents, args,
                               seed=args.seed * 1_000_003 + g, deals=args.deals)
            base_r, inc_r, cand_r = results[0], results[1], results[2:]
            es.tell(xs, [statistics.fmean(r) for r in cand_r])
            mean, se = paired(inc_r, base_r)
            z = mean / se if se else 0.0
            line = {"generation": g, "incumbent": knobs(es.mean), "improvement": mean,
                    "stderr": se, "z": z, "written_level": statistics.fmean(base_r)}
            state["history"].append(line)
            state["generation"] = g + 1
            tmp = state_path.with_suffix(".tmp")
            tmp.write_bytes(pickle.dumps(state))
            tmp.replace(state_path)
            shown = ", ".join(f"{k.split('.')[-1]}={v:.3g}" for k, v in knobs(es.mean).items())
            print(f"generation {g + 1}/{args.generations}: written level "
                  f"{statistics.fmean(base_r):+.2f}/round; incumbent {mean:+.2f} +- {se:.2f}"
                  f" (z {z:+.1f}) vs the written level; {shown}", flush=True)
    return 0


def confirm(args: argparse.Namespace) -> int:
    state = pickle.loads(Path(args.state).read_bytes())
    saved = argparse.Namespace(**state["args"])
    if args.seed == saved.seed:
        raise SystemExit("tune_ai: confirm needs a --seed the tuning did not use")
    saved.workers = args.workers
    profiles = load_profiles(saved.ai)
    base = profiles[saved.level]
    opponents = [profiles[name] for name in saved.pool.split(",")]
    tuned_knobs = state["history"][-1]["incumbent"]
    tuned = with_knobs(base, tuned_knobs)
    with _pool(saved) as pool:
        base_r, tuned_r = evaluate(pool, [base, tuned], opponents, saved,
                                   seed=args.seed * 7_919 + 1, deals=args.deals)
    mean, se = paired(tuned_r, base_r)
    print(f"fresh deals ({args.deals}, seed {args.seed}): written level "
          f"{statistics.fmean(base_r):+.2f}/round, tuned {statistics.fmean(tuned_r):+.2f}/round;"
          f" tuned - written {mean:+.2f} +- {se:.2f} (z {mean / se if se else 0:+.1f})")
    verdict = "better" if se and mean / se < -2 else "not shown better"
    print(f"verdict: {verdict} (copy into config/ai.yaml only when better)")
    lines = ["levels:", f"  {saved.level}-tuned:", f"    extends: {saved.level}",
             f"    description: {saved.level} with tuned weights ({mean:+.2f} +- {se:.2f}"
             f" points a round on fresh deals)"]
    tree: dict = {}
    for path, value in tuned_knobs.items():
        node = tree
        parts = path.split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = round(value, 3)

    def emit(node: dict, indent: int) -> None:
        for key, value in node.items():
            if isinstance(value, dict):
                lines.append(" " * indent + f"{key}:")
                emit(value, indent + 2)
            else:
                lines.append(" " * indent + f"{key}: {value}")

    emit(tree, 4)
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="tune (or go on tuning) a level")
    r.add_argument("--level", required=True)
    r.add_argument("--params", required=True, help="dotted knobs, comma-separated")
    r.add_argument("--pool", default="medium", help="opponent levels, comma-separated")
    r.add_argument("--players", type=int, default=2)
    r.add_argument("--length", choices=("short", "full"), default="short")
    r.add_argument("--deals", type=int, default=12, help="deals per candidate per generation")
    r.add_argument("--generations", type=int, default=20)
    r.add_argument("--popsize", type=int, default=8)
    r.add_argument("--sigma", type=float, default=0.3, help="initial step, relative")
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--ai", metavar="FILE", help="an extra levels file")
    r.add_argument("--workers", type=int, default=0, help="processes (0: every core)")
    r.add_argument("--state", required=True, help="file the run is saved to and resumed from")
    c = sub.add_parser("confirm", help="check the tuned weights on fresh deals")
    c.add_argument("--state", required=True)
    c.add_argument("--deals", type=int, default=200)
    c.add_argument("--seed", type=int, required=True, help="a seed the tuning did not use")
    c.add_argument("--workers", type=int, default=0)
    c.add_argument("--out", default="tuned-levels.yaml")
    args = parser.parse_args(argv)
    return run(args) if args.command == "run" else confirm(args)


if __name__ == "__main__":
    sys.exit(main())
