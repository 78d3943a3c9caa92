"""Judging one choice of the round review: the level the review compares with (its budget and
version), a choice without its history, and the verdict on it: the expert's move and what the
move played is expected to cost. ``analysis`` finds the choices and runs the jobs; the workbench
judges them on worker processes; both use these."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from craits.ai.choices import choice_key, relative_score
from craits.ai.determinize import Sampler
from craits.ai.plausible import Reading, WeighedWorlds, read_by, recorded_plays
from craits.ai.profiles import Profile
from craits.ai.reflexes import catch_chances
from craits.ai.rollout import RolloutPolicy
from craits.ai.search import SearchBot
from craits.engine import Action, Event, SeatView
from craits.engine.position import Position

from .messages import Message, move_message
from .thinking import REVIEW_RACE, Estimate, decide, level_profile

REVIEW_LEVEL = "expert"
# The review's budget: rollouts to choose (expert's own 3,000 in play) and, of as many again,
# the share that weighs the move played against the level's (3,000 in all before). Against
# that budget, 120 choices' agree/disagree changed 16 % of the time and the line shown 49 %;
# the old budget against itself with other seeds, 18 % and 45 % (benchmarks/review_speed.py).
REVIEW_ITERATIONS = 1500
COMPARE_SHARE = 2 / 3
ANALYSIS_VERSION = 10  # up whenever judging changes: verdicts kept from before are dropped
# A choice costs points only when the move played trails the expert's by more than NOISE_Z
# standard errors of the difference on the same guesses (by chance about once in 160 choices):
# below that the two are "about the same", the estimate cannot tell them apart. The expert
# reviewed against itself at the shipped budget (two short heads-up games of
# benchmarks/figures.py's expert table, 38 choices differing) was charged 26 points a game
# with no threshold; 5.8 at 1 standard error, 1.5 at 2, none from 2.5 on. Since the expert
# weighs its guesses by the plays (version 3) one weighing's error is too small: against
# itself (6 games), of 277 weighings 5 came out beyond 2.5 standard errors one way and 11
# the other, where chance gives about 2 each way; of the 12 beyond 2, weighed again on
# fresh guesses with 8,000 rollouts, 9 came to about nothing. So a gap beyond the noise is
# weighed again on fresh guesses, and the second weighing, which no selection picked, is
# the verdict.
NOISE_Z = 2.5
# Weighing two moves stops early once they are this many standard errors apart at a look
# (after FIRST_LOOK guesses, then each time half as many again): a clear choice costs little.
CLEAR_Z = 4.0
FIRST_LOOK = 24

@dataclass(frozen=True, slots=True)
class Verdict:
    """One choice, judged."""

    number: int  # the step (``Replay.steps``) at which the choice was made
    seat: int
    played: Action
    expert: Action  # what the expert level would have played
    cost: float  # points the played move is expected to lose against the expert's (>= 0;
    # 0 when the two are not told apart beyond the noise: ``NOISE_Z``)
    played_mean: float  # mean relative scores on the same guesses (equal when the moves are)
    expert_mean: float
    estimates: tuple[Estimate, ...]  # the expert's search over every legal action
    crank: int  # the count a Draw would have taken
    top: int  # the face-up card when choosing
    error: float = 0.0  # the standard error of ``played_mean - expert_mean`` (paired)

    @property
    def differs(self) -> bool:
        """Whether the expert chose otherwise (two 8s naming one suit are one choice)."""
        return choice_key(self.played) != choice_key(self.expert)

    @property
    def expert_move(self) -> Message:
        return move_message(self.expert, self.crank, self.top)

    @property
    def played_move(self) -> Message:
        return move_message(self.played, self.crank, self.top)

    @property
    def message(self) -> Message:
        """The line shown at this choice (``review.*``)."""
        if not self.differs:
            return Message("review.expert_agrees")
        saved = round(self.cost)
        if saved <= 0:
            return Message("review.expert_other_even", {"move": self.expert_move})
        return Message("review.expert_other", {"move": self.expert_move, "count": saved})


@dataclass(frozen=True, slots=True)
class ReviewLevel:
    """The level a review compares with and its budget: ``profile`` searches each choice, and
    ``compare_iterations`` rollouts weigh the move played against the level's when they
    differ. ``version`` changes with anything that changes a verdict."""

    profile: Profile
    compare_iterations: int

    @property
    def version(self) -> str:
        # The description is words only; everything else in a profile changes how it plays.
        play = replace(self.profile, description="")
        text = repr((ANALYSIS_VERSION, play, self.compare_iterations))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def review_level(level: str = REVIEW_LEVEL, iterations: int | None = None) -> ReviewLevel:
    """``level``'s profile with the review's budget: ``iterations`` rollouts a choice (default:
    the level's own, at most ``REVIEW_ITERATIONS``), half as many to weigh two moves."""
    profile = level_profile(level)
    budget = min(profile.search.iterations, REVIEW_ITERATIONS) if iterations is None \
        else iterations
    return as_level(replace(profile, search=replace(profile.search, iterations=budget)))


def as_level(level: ReviewLevel | Profile | None) -> ReviewLevel:
    """A review level from a level, a bare profile (judged with the review's share of its
    budget to weigh two moves) or None (the review's default)."""
    if level is None:
        return review_level()
    if isinstance(level, ReviewLevel):
        return level
    return ReviewLevel(level, max(2, round(level.search.iterations * COMPARE_SHARE)))


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice to judge, without its history: the seat had seen ``end`` events of its log
    (``Replay.seat_log``) when it chose ``played`` in ``view``."""

    number: int
    view: SeatView
    end: int
    played: Action
    seed: str

    def judge(self, level: ReviewLevel, history: Sequence[Event]) -> Verdict:
        """The verdict, ``history`` being at least the seat's log up to ``end``."""
        return judge(level, self.number, self.view, history[:self.end], self.played,
                     random.Random(self.seed))


@dataclass(frozen=True, slots=True)
class ChoiceJob:
    """One choice to judge, self-contained and picklable: ``job()`` returns its ``Verdict``."""

    level: ReviewLevel
    choice: Choice
    history: tuple[Event, ...]

    @property
    def number(self) -> int:
        return self.choice.number

    @property
    def view(self) -> SeatView:
        return self.choice.view

    @property
    def played(self) -> Action:
        return self.choice.played

    def __call__(self) -> Verdict:
        return self.choice.judge(self.level, self.history)


def judge(level: ReviewLevel | Profile, number: int, view: SeatView, history: Sequence[Event],
          played: Action, rng: random.Random) -> Verdict:
    """The level's move in ``view`` and the expected cost of ``played`` against it."""
    level = as_level(level)
    profile = level.profile
    if played not in view.legal:
        raise ValueError(f"{played} was not legal at step {number}")
    expert, estimates = decide(profile, view, history, rng, REVIEW_RACE)
    if choice_key(expert) == choice_key(played):
        mean = next((m for a, m, _ in estimates if choice_key(a) == choice_key(played)), 0.0)
        played_mean = expert_mean = mean
    else:
        played_mean, expert_mean, error, cost = weigh_cost(
            profile, view, history, played, expert, rng, level.compare_iterations)
        return Verdict(number, view.seat, played, expert, cost, played_mean, expert_mean,
                       tuple(estimates), view.crank, view.top, error)
    return Verdict(number, view.seat, played, expert, 0.0, played_mean, expert_mean,
                   tuple(estimates), view.crank, view.top)


class Guesses(Protocol):
    """Where a level's guesses at the hidden cards come from (``determinize.Sampler``, or
    ``plausible.WeighedWorlds`` when it weighs them by the plays)."""

    def deal(self, rng: random.Random) -> tuple[list[list[int]], list[int]]: ...

    def sample(self, rng: random.Random) -> Position: ...


class Worlds:
    """Guesses at the hidden cards from one seat's view and history, and rollouts of them to
    the round's end, as the level's search makes them (its reader: ``SearchBot.read``, and
    its weighing by the plays: ``plausible``): the seat's relative score of a world.
    ``players``: by seat, how its plays and hand are read (``thinking.read_as``); a seat not
    given is read sensibly, as the level's search reads everyone.
    ``catches``: the level's guess at who gets caught not saying "Last card!" (never the seat
    itself); off, nobody is, so every seat's estimate is made alike (an expected result)."""

    def __init__(self, profile: Profile, view: SeatView, history: Sequence[Event],
                 catches: bool = True, rng: random.Random | None = None,
                 players: Sequence[Reading] = ()) -> None:
        settings = profile.search
        self.view = view
        self.policy = RolloutPolicy(settings.rollout)
        know = SearchBot(settings, self.policy).read(
            view, history, [p for p, reading in enumerate(players) if reading.searching])
        for p, reading in enumerate(players):
            if not reading.learned and p < len(know.weights):
                know.weights[p] = [None] * len(know.weights[p])
        self.sampler: Guesses = Sampler(view, know)
        models = read_by(players, view.n_players, settings.choices)
        plays = recorded_plays(history, view.seat, view.n_players, models) \
            if settings.choices else []
        if plays:  # the pool is drawn from ``rng`` (the judged choice's, or the chance's)
            self.sampler = WeighedWorlds(Sampler(view, know), know, plays, settings.worlds,
                                         models, rng or random.Random(0))
        self.caught = catch_chances(history, view.seat, view.n_players,
                                    settings.catch if catches else 0.0)
        self.fresh = 0  # numbers the fresh guesses (``guess``), below the pool's

    def guess(self, rng: random.Random) -> tuple[Position, int]:
        """A world, and which guess it came from: the same number for worlds drawn from one
        guess of a weighed pool (they differ in the pile's order alone), a new one for each
        fresh guess."""
        if isinstance(self.sampler, WeighedWorlds):
            index = self.sampler.pick(rng)
            return self.sampler.sample(rng, index), index
        self.fresh -= 1
        return self.sampler.sample(rng), self.fresh

    def score(self, world: Position, seed: int) -> float:
        scores = world.scores if world.scores is not None \
            else self.policy.run(world, random.Random(seed), self.caught)
        return relative_score(scores, self.view.seat)


def mean_error(diffs: Sequence[float], guesses: Sequence[int] | None = None,
               ) -> tuple[float, float]:
    """The mean of ``diffs`` and its standard error. With ``guesses`` (which guess each came
    from), as a weighted mean of the guesses' means: differences found on one guess of a
    weighed pool are not independent, and a pool whose weight sits on a few guesses knows
    no more than those few (the spread of the guesses' means over the effective number of
    guesses, Kish's; never below the error clustered by guess)."""
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, float("inf")
    if guesses is None:
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean, (var / n) ** 0.5
    sums: dict[int, list[float]] = {}
    for d, g in zip(diffs, guesses, strict=True):
        found = sums.setdefault(g, [0, 0.0])
        found[0] += 1
        found[1] += d
    k = len(sums)
    if k < 2:
        return mean, float("inf")
    shares = [(count / n, total / count) for count, total in sums.values()]
    concentration = sum(p * p for p, _ in shares)  # 1 / the effective number of guesses
    spread = sum(p * (m - mean) ** 2 for p, m in shares) / (1 - concentration)
    clustered = k / (k - 1) * sum((p * n * (m - mean)) ** 2 for p, m in shares) / (n * n)
    return mean, max(concentration * spread, clustered) ** 0.5


def weigh(profile: Profile, view: SeatView, history: Sequence[Event], played: Action,
          expert: Action, rng: random.Random, iterations: int) -> tuple[float, float, float]:
    """The mean relative scores of ``played`` and ``expert``, both tried on the same guesses
    and rollouts (``iterations`` rollouts in all), and the standard error of their difference
    over those guesses: a paired comparison, so what the guesses share cancels."""
    worlds = Worlds(profile, view, history, rng=rng)
    guesses = max(2, iterations // 2)
    look = FIRST_LOOK
    a_values: list[float] = []
    diffs: list[float] = []
    drawn: list[int] = []  # the guess each difference was found on
    for done in range(1, guesses + 1):
        world, guess = worlds.guess(rng)
        drawn.append(guess)
        seed = rng.getrandbits(48)
        values = []
        for action in (played, expert):
            sim = world.copy()
            sim.step(action)
            values.append(worlds.score(sim, seed))
        a_values.append(values[0])
        diffs.append(values[0] - values[1])
        if done == look:
            look = int(look * 1.5)
            mean, error = mean_error(diffs, drawn)
            if abs(mean) > CLEAR_Z * error:
                break
    mean, error = mean_error(diffs, drawn)
    played_mean = sum(a_values) / len(a_values)
    return played_mean, played_mean - mean, error


def weigh_cost(profile: Profile, view: SeatView, history: Sequence[Event], played: Action,
               expert: Action, rng: random.Random,
               iterations: int) -> tuple[float, float, float, float]:
    """``weigh``'s means and error, and the points ``played`` costs: its gap, when beyond
    ``NOISE_Z`` errors on a second weighing on fresh guesses (the first, which picked it,
    overstates it), else 0. The review's verdicts and the table's "confirm costly moves"."""
    played_mean, expert_mean, error = weigh(profile, view, history, played, expert, rng,
                                            iterations)
    if played_mean - expert_mean > NOISE_Z * error:
        played_mean, expert_mean, error = weigh(profile, view, history, played, expert, rng,
                                                iterations)
    gap = played_mean - expert_mean
    return played_mean, expert_mean, error, gap if gap > NOISE_Z * error else 0.0


def judge_in_log(unit: tuple[ReviewLevel, Choice], log: Sequence[Event]) -> Verdict:
    """A worker's unit: one choice judged, reading the seat's log up to the choice (here, so
    a worker imports only what judging needs)."""
    level, choice = unit
    return choice.judge(level, log)

