"""Engine speed: random-playout decisions per second of our engine and two anchors (not a test).

One run measures, one after the other on this machine, for the same wall time each:

* Craits (``craits.engine``): whole matches of ``craits.engine.playout.random_match``. A decision
  is one turn action chosen uniformly from ``legal_actions`` and applied with ``apply_legal``,
  plus the random players' last-card announcements and calls.
* RLCard's UNO environment (``rlcard.make("uno")``, pure Python on numpy) with random agents.
  A decision is one ``env.step``.
* OpenSpiel's ``crazy_eights`` (C++ driven from Python), uniform random over the legal actions
  and the chance outcomes. A decision is one ``apply_action`` at a player node; chance steps
  (dealing, drawing) are not counted, and their number is printed apart.

Our engine runs in this process (the game's venv). The anchors run in a benchmark-only venv,
``.venv-bench``, through ``benchmarks/anchors/measure_anchor.py``; it is created and filled on
first use from ``benchmarks/anchors/requirements-*.txt`` (see ``anchors/bench_venv.py``), never
touching the game's ``.venv`` or dependencies. An anchor that cannot be installed or run is
printed as unavailable with the reason, and the others are still measured.

    make bench                                         # the same as the next line
    .venv/bin/python benchmarks/engine_speed.py [--seconds 3] [--players 4]
    .venv/bin/python benchmarks/engine_speed.py --no-anchors   # our engine alone
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import random
import subprocess
import sys
import time
from datetime import datetime
from importlib import metadata
from pathlib import Path

from craits.engine import apply, legal_actions, new_round
from craits.engine.playout import PlayoutStats, random_match
from craits.engine.rules import Rules

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MEASURE_ANCHOR = HERE / "anchors" / "measure_anchor.py"
ANCHORS = [  # (name in measure_anchor.py, label, short name for the ratio)
    ("rlcard_uno", "RLCard UNO", "RLCard"),
    ("open_spiel_crazy_eights", "OpenSpiel crazy_eights", "OpenSpiel"),
]


def measure_craits(seconds: float, players: int = 4) -> dict:
    """Our engine: seeded random matches (``random_match``) for ``seconds`` of wall time."""
    stats = PlayoutStats()
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        random_match(players, Rules(), seed, stats)
        seed += 1
    elapsed = time.perf_counter() - start
    return {"available": True, "players": players, "games": stats.games,
            "decisions": stats.decisions, "seconds": elapsed, "rate": stats.decisions / elapsed}


def measure_apply(seconds: float, players: int = 4) -> float:
    """The immutable, validating path the table and scenarios use: ``legal_actions`` then
    ``apply`` (events recorded, a new RoundState each time), in random rounds; per second."""
    rng = random.Random(1)
    done, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = new_round(Rules(), players, 0, 8, seed)
        seed += 1
        while not state.is_over():
            state, _ = apply(state, rng.choice(legal_actions(state)))
            done += 1
    return done / (time.perf_counter() - start)


def _load_bench_venv():
    spec = importlib.util.spec_from_file_location("craits_bench_venv",
                                                  HERE / "anchors" / "bench_venv.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def measure_anchor(python: Path, anchor: str, seconds: float, players: int) -> dict:
    """One anchor, measured by ``measure_anchor.py`` in the bench venv's python (``-I``: none
    of this process's paths or packages leak in)."""
    command = [str(python), "-I", str(MEASURE_ANCHOR), anchor,
               "--seconds", str(seconds), "--players", str(players)]
    try:
        run = subprocess.run(command, capture_output=True, text=True, check=False,
                             timeout=2 * seconds + 180)
    except (OSError, subprocess.TimeoutExpired) as error:
        return {"available": False, "reason": str(error)}
    lines = run.stdout.strip().splitlines()
    if run.returncode == 0 and lines:
        return json.loads(lines[-1])
    errors = [line for line in run.stderr.strip().splitlines() if line.strip()]
    return {"available": False,
            "reason": errors[-1] if errors else f"{MEASURE_ANCHOR.name} exited {run.returncode}"}


def _our_version() -> str:
    try:
        version = f"craits {metadata.version('craits')}"
    except metadata.PackageNotFoundError:
        version = "craits"
    try:
        commit = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT, text=True,
                                capture_output=True, check=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return version
    return f"{version} (git {commit})"


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="wall time per engine")
    parser.add_argument("--players", type=int, default=4, help="players in every engine's games")
    parser.add_argument("--no-anchors", action="store_true",
                        help="measure our engine alone (no bench venv, no anchors)")
    parser.add_argument("--bench-venv", type=Path, default=ROOT / ".venv-bench",
                        help="the benchmark-only venv for the anchors (default: .venv-bench)")
    parser.add_argument("--retry-anchors", action="store_true",
                        help="retry installing anchors that failed to install before")
    args = parser.parse_args()

    rows = [("craits", "Craits (craits.engine)", _our_version(), measure_craits(args.seconds,
                                                                                args.players))]
    if not args.no_anchors:
        bench_venv = _load_bench_venv()

        def log(message: str) -> None:
            print(message, file=sys.stderr, flush=True)

        try:
            not_installed = bench_venv.ensure(args.bench_venv, args.retry_anchors, log)
        except Exception as error:  # no venv or ensurepip, no disk...: every anchor unavailable
            not_installed = {anchor: f"no bench venv {args.bench_venv}: {error}"
                             for anchor, _, _ in ANCHORS}
        python = bench_venv.venv_python(args.bench_venv)
        for anchor, label, _ in ANCHORS:
            if anchor in not_installed:
                result = {"available": False, "reason": f"not installed: {not_installed[anchor]}"}
            else:
                result = measure_anchor(python, anchor, args.seconds, args.players)
            rows.append((anchor, label, result.get("version", ""), result))

    now = datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    pythons = f"Python {platform.python_version()} (ours)"
    anchor_pythons = {r["python"] for _, _, _, r in rows[1:] if r.get("python")}
    if anchor_pythons:
        pythons += f", {', '.join(sorted(anchor_pythons))} (anchors, {args.bench_venv.name})"
    print(f"Random-playout decisions per second, {args.players} players, "
          f"{args.seconds:g} s per engine, run one after the other")
    print(f"machine: {os.cpu_count()} CPUs ({_cpu_model()}), {platform.system()} "
          f"{platform.machine()}; {pythons}; {now}")
    print()
    print(f"{'engine':<24} {'version':<32} {'games':>6} {'decisions':>10} {'decisions/s':>12}")
    for _, label, version, result in rows:
        if result.get("available"):
            print(f"{label:<24} {version:<32} {result['games']:>6} {result['decisions']:>10,} "
                  f"{result['rate']:>12,.0f}")
        else:
            print(f"{label:<24} unavailable: {result.get('reason', 'unknown')}")
    print()
    ours = rows[0][3]["rate"]
    chance_note = ""
    for anchor, label, _, result in reversed(rows[1:]):
        short = next(short for name, _, short in ANCHORS if name == anchor)
        ratio = (f"{ours / result['rate']:.2f}x" if result.get("available")
                 else f"n/a ({label} unavailable)")
        if anchor == "open_spiel_crazy_eights" and result.get("available"):
            chance_note = f"; {result['chance_steps']:,} chance steps were applied besides"
        print(f"{'ours / ' + short + ':':<18} {ratio}")
    if rows[1:]:
        print()
    rate = measure_apply(min(args.seconds, 3.0), args.players)
    print(f"Craits' immutable path (legal_actions + apply, events, new state): {rate:,.0f}/s")
    print()
    if args.no_anchors:
        print("Counted as decisions: each turn action and each random last-card announcement")
        print("or call. Anchors not run (--no-anchors).")
        return
    print("Counted as decisions: Craits, each turn action and each random last-card")
    print("announcement or call; RLCard, each env.step (random agents); OpenSpiel, each")
    print("apply_action at a player node. OpenSpiel's chance steps (dealing, drawing) are NOT")
    print(f"counted{chance_note}.")


if __name__ == "__main__":
    main()
