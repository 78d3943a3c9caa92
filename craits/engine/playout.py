"""Whole matches between random legal players: the headless simulator's and benchmarks' core.

Random players also announce their last card half the time, and others call a missed
announcement a third of the time, so every rule gets exercised.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .match import Match, new_match, next_round, with_round_state
from .position import Position
from .rules import Rules
from .state import OVER, RoundState


@dataclass
class PlayoutStats:
    games: int = 0
    rounds: int = 0
    decisions: int = 0
    blocked_rounds: int = 0
    longest_round: int = 0


def random_round(
    state: RoundState, rng: random.Random, stats: PlayoutStats | None = None
) -> RoundState:
    """Play one round to its end with random legal choices; return the final state."""
    pos = Position.from_state(state)
    choice = rng.random
    steps = 0
    legal, step, announced = pos.legal, pos.step, pos.announced
    while pos.phase != OVER:
        actions = legal()
        step(actions[int(choice() * len(actions))])
        steps += 1
        window = pos.window
        if window is not None and not announced[window]:
            roll = choice()
            if roll < 0.5:
                pos.announce(window)
                steps += 1
            elif roll < 0.67:
                n = pos.n
                pos.call((window + 1 + int(choice() * (n - 1))) % n, window)
                steps += 1
    state = pos.freeze()
    if stats is not None:
        stats.decisions += steps
        stats.rounds += 1
        stats.blocked_rounds += state.blocked
        stats.longest_round = max(stats.longest_round, steps)
    return state


def random_match(
    n_players: int, rules: Rules, seed: int, stats: PlayoutStats | None = None
) -> Match:
    """A whole match between random players, seeded: the same seed plays the same match."""
    rng = random.Random(f"playout:{seed}")
    match, _ = new_match(n_players, rules, seed)
    while True:
        final = random_round(match.state, rng, stats)
        match = with_round_state(match, final)
        if match.is_over():
            break
        match, _ = next_round(match)
    if stats is not None:
        stats.games += 1
    return match
