"""Information-set Monte Carlo tree search (single observer), an alternative to the flat search.

Each iteration guesses the hidden cards afresh, walks down a tree of action sequences from the
root (every player's choices, chosen by UCB among the actions legal in this guess, counting how
often each was available), adds one node, finishes the round with the rollout policy and credits
each node with the relative score of the player who chose it. The root's most visited action is
played. Compared with the flat search it also improves the later moves of everyone, at the cost
of spreading the budget over more decisions.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from craits.engine.actions import Action
from craits.engine.position import Position
from craits.engine.state import OVER

from .choices import relative_score
from .rollout import RolloutPolicy

SCALE = 40.0  # points: rewards are divided by this before UCB


class Node:
    __slots__ = ("player", "visits", "total", "avail", "children")

    def __init__(self, player: int) -> None:
        self.player = player  # who chose the action leading here
        self.visits = 0
        self.total = 0.0  # sum of -relative score / SCALE for ``player``
        self.avail = 0
        self.children: dict[Action, Node] = {}


def ismcts(
    actions: Sequence[Action],
    me: int,
    sample: Callable[[random.Random], Position],
    rng: random.Random,
    iterations: int,
    time_cap: float,
    policy: RolloutPolicy,
    exploration: float = 0.7,
    clock: Callable[[], float] = time.perf_counter,
    caught: Sequence[float] | None = None,
) -> tuple[Action, bool]:
    """The root action to play, and whether the time cap cut the search short. ``caught``: as
    in ``search.search`` (the tree's own steps leave windows to the rollout)."""
    root = Node(-1)
    deadline = clock() + time_cap
    cut = False
    legal_of, step, run = Position.legal, Position.step, policy.run
    root_actions = set(actions)
    for it in range(iterations):
        sim = sample(rng)
        node, path = root, []
        while sim.phase != OVER:
            legal = legal_of(sim) if node is not root else actions
            player = sim.turn
            children = node.children
            untried = [a for a in legal if a not in children]
            for a in legal:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = children[action] = Node(player)
                child.avail += 1
                step(sim, action)
                path.append(child)
                break
            best, best_value = None, -math.inf
            for a in legal:
                child = children[a]
                value = child.total / child.visits + exploration * math.sqrt(
                    math.log(child.avail) / child.visits)
                if value > best_value:
                    best, best_value = a, value
            assert best is not None  # legal is never empty before the round ends
            node = children[best]
            step(sim, best)
            path.append(node)
        scores = sim.scores if sim.scores is not None else run(sim, random.Random(
            rng.getrandbits(48)), caught)
        for visited in path:
            visited.visits += 1
            visited.total -= relative_score(scores, visited.player) / SCALE
        if it % 16 == 15 and it + 1 < iterations and clock() > deadline:
            cut = True
            break
    candidates = [(child.visits, child.total / max(child.visits, 1), a)
                  for a, child in root.children.items() if a in root_actions]
    return max(candidates, key=lambda c: (c[0], c[1]))[2], cut
