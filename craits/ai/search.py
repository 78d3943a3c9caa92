"""Determinized Monte Carlo search: the hard and expert levels, and the research oracle.

For one decision: guess the hidden cards many times (``determinize``), try every legal action on
each guess and finish the round with the fast rollout policy; the action whose rounds end with
the lowest score relative to the others (own score minus the others' mean) is played. All
actions are tried on the same guesses and the same rollout seeds, so they are compared on equal
terms. Two 8s naming the same suit are one choice. The budget (``iterations`` rollouts) is spent
by sequential halving: each stage gives its share to the actions still in the race, then drops
the worse half; within a stage, an action far behind the leader on the same guesses leaves at
once, and the search ends when one action is left, so the budget adapts to the real options (a
forced move costs nothing, an obvious choice little, a close one all of it). Everything depends
on the seed only; ``time_cap`` only stops a search that runs far longer than planned (a busy
machine), and says so.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

from craits.engine.actions import Action
from craits.engine.events import Event
from craits.engine.position import Position
from craits.engine.state import RoundState
from craits.engine.view import SeatView

from .choices import distinct_actions, relative_score
from .determinize import Sampler, unseen_cards
from .ismcts import ismcts
from .knowledge import Knowledge, infer
from .plausible import WeighedWorlds, read_by, recorded_plays
from .reader import read_hands
from .reflexes import catch_chances
from .rollout import RolloutPolicy
from .rollout_weights import RolloutWeights

# The race within the budget: at the first look (after RACE_FIRST guesses) and at each later
# one (RACE_GROWTH times as many), an action trailing the leader by more than RACE_Z standard
# errors on the same guesses is dropped; when one action is left, the search ends. Obvious
# choices thus cost a fraction of the budget, close ones all of it.
RACE_FIRST = 24
RACE_GROWTH = 1.5
RACE_Z = 3.0


@dataclass(frozen=True, slots=True)
class SearchSettings:
    iterations: int = 800  # rollouts per decision, over all actions
    time_cap: float = 2.0  # seconds: a safety net only
    opponent_model: float = 0.0  # how much guesses read into choices (0: certainties only)
    reader: str = "rules"  # rules: the hand-written reading (opponent_model); learned: the model
    choices: float = 0.0  # temperature of the plays' chances weighing the guesses (0: off)
    worlds: int = 100  # guesses in the pool the weighed worlds are drawn from (choices > 0)
    method: str = "flat"  # flat: every root action on the same guesses; ismcts: a tree
    exploration: float = 0.7  # the tree's UCB constant (method ismcts)
    sees_pile: bool = True  # the oracle only: also reads the draw pile's order
    catch: float = 0.0  # expected chance an opponent reaching one card is caught (0: off)
    rollout: RolloutWeights = field(default_factory=RolloutWeights)


def _behind(values: list[list[float]], i: int, leader: int) -> float:
    """How many standard errors action ``i`` trails ``leader`` by, over the same guesses."""
    vi, vl = values[i], values[leader]
    n = len(vi)
    diffs = [a - b for a, b in zip(vi, vl, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var <= 0.0:
        return float("inf") if mean > 0 else 0.0
    return float(mean / (var / n) ** 0.5)


def search(
    actions: Sequence[Action],
    me: int,
    sample: Callable[[random.Random], Position],
    rng: random.Random,
    settings: SearchSettings,
    policy: RolloutPolicy,
    clock: Callable[[], float] = time.perf_counter,
    caught: Sequence[float] | None = None,
    race: tuple[int, float] = (RACE_FIRST, RACE_Z),
) -> tuple[Action, list[tuple[Action, float, int]], bool]:
    """The best of ``actions`` for seat ``me``; also each distinct action's mean and rollout
    count, and whether the time cap cut the search short (then the choice depends on the
    machine). ``caught``: by seat, the chance a player reaching one card is caught in the
    rollouts (``reflexes.catch_chances``; None: nobody is). ``race``: the first look and the
    standard errors behind at which an action leaves (the review's is its own)."""
    arms = distinct_actions(actions)
    k = len(arms)
    values: list[list[float]] = [[] for _ in range(k)]  # by guess, while in the race
    sums = [0.0] * k
    active = list(range(k))
    stages = max(1, (k - 1).bit_length())
    per_stage = max(1, settings.iterations // stages)
    deadline = clock() + settings.time_cap
    step, run = Position.step, policy.run
    out_of_time = False
    guessed = 0
    look, race_z = race
    for _ in range(stages):
        guesses = max(1, per_stage // len(active))
        for _ in range(guesses):
            # Checked before each guess but the first: a spent budget is never "cut short".
            if guessed and clock() > deadline:
                out_of_time = True
                break
            guess = sample(rng)
            seed = rng.getrandbits(48)
            for i in active:
                sim = guess.copy()
                step(sim, arms[i])
                value = relative_score(
                    sim.scores if sim.scores is not None
                    else run(sim, random.Random(seed), caught), me)
                values[i].append(value)
                sums[i] += value
            guessed += 1
            if guessed == look and len(active) > 1:
                # The race: an action far behind the leader on the same guesses leaves early.
                look = int(look * RACE_GROWTH)
                leader = min(active, key=lambda i: (sums[i], i))
                active = [i for i in active
                          if i == leader or _behind(values, i, leader) < race_z]
                if len(active) == 1:
                    break
        if out_of_time or len(active) <= 2:
            break
        active.sort(key=lambda i: (sums[i], i))
        active = active[: (len(active) + 1) // 2]
    best = min(active, key=lambda i: (sums[i] / max(1, len(values[i])), i))
    report = [(arms[i], sums[i] / len(values[i]) if values[i] else 0.0, len(values[i]))
              for i in range(k)]
    return arms[best], report, out_of_time


class SearchBot:
    """Searches over guesses at the hidden cards consistent with what this seat saw."""

    def __init__(self, settings: SearchSettings, policy: RolloutPolicy | None = None) -> None:
        self.settings = settings
        self.policy = policy or RolloutPolicy(settings.rollout)
        self.last_report: list[tuple[Action, float, int]] = []
        self.clock: Callable[[], float] = time.perf_counter  # injectable: tests vary it
        self.searches = 0
        self.cut_short = 0  # searches the time cap stopped before their budget was spent
        self.race: tuple[int, float] = (RACE_FIRST, RACE_Z)  # flat search: see ``search``

    def choose_turn(self, view: SeatView, history: Sequence[Event], rng: random.Random) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        settings = self.settings
        know = self.read(view, history)
        sampler = Sampler(view, know)
        sample = sampler.sample
        models = read_by((), view.n_players, settings.choices)
        plays = recorded_plays(history, view.seat, view.n_players, models) \
            if settings.choices else []
        if plays:
            sample = WeighedWorlds(sampler, know, plays, settings.worlds, models, rng).sample
        caught = catch_chances(history, view.seat, view.n_players, settings.catch)
        self.searches += 1
        if settings.method == "ismcts":
            action, cut = ismcts(legal, view.seat, sample, rng, settings.iterations,
                                 settings.time_cap, self.policy, settings.exploration, self.clock,
                                 caught)
        else:
            action, self.last_report, cut = search(
                legal, view.seat, sample, rng, settings, self.policy, self.clock, caught,
                self.race)
        self.cut_short += cut
        return action


    def read(self, view: SeatView, history: Sequence[Event],
             searching: Collection[int] = ()) -> Knowledge:
        """What this seat's guesses draw from: the certainties, weighted by the model or by
        the hand-written reading of the opponents' choices. ``searching``: opponents the
        model reads by its weights for the searching levels' hands (the review's reading)."""
        if self.settings.reader == "learned":
            return read_hands(view, history, unseen_cards(view), searching)
        return infer(view, history, self.settings.opponent_model)


class OracleSearch:
    """The same search on the true position: no guessing, an upper bound for research. With
    ``sees_pile`` off (the seer) it knows every hand but not the draw pile's order, which each
    guess shuffles afresh: the bound for what reading the hands could give."""

    def __init__(self, settings: SearchSettings, policy: RolloutPolicy | None = None) -> None:
        self.settings = settings
        self.policy = policy or RolloutPolicy(settings.rollout)

    def choose_full(self, state: RoundState, rng: random.Random) -> Action:
        truth = Position.from_state(state)
        legal = truth.legal()
        if len(legal) == 1:
            return legal[0]
        # No history here: the level's expectation alone.
        caught = catch_chances((), state.turn, truth.n, self.settings.catch)
        action, _, _ = search(legal, state.turn, self.sampler(truth), rng, self.settings,
                              self.policy, caught=caught)
        return action

    def sampler(self, truth: Position) -> Callable[[random.Random], Position]:
        """The guesses: the truth itself, or (not ``sees_pile``) with the pile shuffled."""
        if self.settings.sees_pile:
            return lambda r: truth

        def sample(r: random.Random) -> Position:
            guess = truth.copy()
            pile = list(truth.pile)
            r.shuffle(pile)
            guess.pile = pile
            return guess

        return sample
