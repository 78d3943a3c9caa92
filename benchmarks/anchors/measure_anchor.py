"""Random-playout decisions per second of one anchor engine; prints one JSON object.

Run by ``benchmarks/engine_speed.py`` with the benchmark venv's python (``.venv-bench``), never
the game's. Standard library only at import time, so a missing anchor is reported, not raised:

    .venv-bench/bin/python benchmarks/anchors/measure_anchor.py rlcard_uno --seconds 3
    .venv-bench/bin/python benchmarks/anchors/measure_anchor.py open_spiel_crazy_eights

Anchors:

* ``rlcard_uno``: ``rlcard.make("uno")`` with ``RandomAgent`` players (uniform over the legal
  actions), driven through ``env.reset()``/``env.step()``. A decision is one ``env.step``.
* ``open_spiel_crazy_eights``: ``pyspiel.load_game("crazy_eights")``. At a chance node an
  outcome is picked uniformly from ``chance_outcomes()``, else an action uniformly from
  ``legal_actions()``. A decision is one ``apply_action`` at a player node; chance steps (deals,
  drawn cards) are not counted as decisions and are reported apart.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from importlib import metadata


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "?"


def rlcard_uno(seconds: float, players: int, seed: int) -> dict:
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": seed, "game_num_players": players})
    np.random.seed(seed)  # RandomAgent draws from numpy's global generator
    agents = [RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)]
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, player = env.reset()
        while not env.is_over():
            state, player = env.step(agents[player].step(state))
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "name": "RLCard UNO",
        "version": f"rlcard {_version('rlcard')}, numpy {_version('numpy')}",
        "players": env.num_players,
        "games": games,
        "decisions": decisions,
        "seconds": elapsed,
        "counts": "env.step calls (RandomAgent, uniform over legal actions)",
    }


def open_spiel_crazy_eights(seconds: float, players: int, seed: int) -> dict:
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": players})
    rng = random.Random(seed)
    pick = rng.randrange
    decisions = chance_steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[pick(len(outcomes))][0])
                chance_steps += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[pick(len(legal))])
                decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "name": "OpenSpiel crazy_eights",
        "version": f"open_spiel {_version('open_spiel')}",
        "players": game.num_players(),
        "games": games,
        "decisions": decisions,
        "chance_steps": chance_steps,
        "seconds": elapsed,
        "counts": "player apply_action calls; chance steps not counted",
    }


ANCHORS = {"rlcard_uno": rlcard_uno, "open_spiel_crazy_eights": open_spiel_crazy_eights}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("anchor", choices=sorted(ANCHORS))
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    result: dict = {"anchor": args.anchor, "python": platform.python_version()}
    try:
        result |= ANCHORS[args.anchor](args.seconds, args.players, args.seed)
    except ImportError as error:
        result |= {"available": False, "reason": f"cannot import: {error}"}
    else:
        result |= {"available": True, "rate": result["decisions"] / result["seconds"]}
    json.dump(result, sys.stdout)
    print()


if __name__ == "__main__":
    main()
