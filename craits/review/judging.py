"""Judging one choice of the round review: the level the review compares with (its budget and
version), a choice without its history, and the verdict on it: the expert's move and what the
move played is expected to cost. ``analysis`` finds the choices and runs the jobs; the workbench
judges them on worker processes; both use these."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from craits.ai.profiles import Profile
from craits.ai.search import choice_key
from craits.engine import Action, Event, SeatView

from .messages import Message, move_message
from .thinking import REVIEW_RACE, Estimate, compare, decide, level_profile

REVIEW_LEVEL = "expert"
# The review's budget: rollouts to choose (expert's own 3,000 in play) and, of as many again,
# the share that weighs the move played against the level's (3,000 in all before). Against
# that budget, 120 choices' agree/disagree changed 16 % of the time and the line shown 49 %;
# the old budget against itself with other seeds, 18 % and 45 % (benchmarks/review_speed.py).
REVIEW_ITERATIONS = 1500
COMPARE_SHARE = 2 / 3
ANALYSIS_VERSION = 3  # up whenever judging changes: verdicts kept from before are dropped

@dataclass(frozen=True, slots=True)
class Verdict:
    """One choice, judged."""

    number: int  # the step (``Replay.steps``) at which the choice was made
    seat: int
    played: Action
    expert: Action  # what the expert level would have played
    cost: float  # points the played move is expected to lose against the expert's (>= 0)
    played_mean: float  # mean relative scores on the same guesses (equal when the moves are)
    expert_mean: float
    estimates: tuple[Estimate, ...]  # the expert's search over every legal action
    crank: int  # the count a Draw would have taken
    top: int  # the face-up card when choosing

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
        played_mean, expert_mean = compare(profile, view, history, [played, expert], rng,
                                           level.compare_iterations)
    return Verdict(number, view.seat, played, expert, max(0.0, played_mean - expert_mean),
                   played_mean, expert_mean, tuple(estimates), view.crank, view.top)


def judge_in_log(unit: tuple[ReviewLevel, Choice], log: Sequence[Event]) -> Verdict:
    """A worker's unit: one choice judged, reading the seat's log up to the choice (here, so
    a worker imports only what judging needs)."""
    level, choice = unit
    return choice.judge(level, log)
