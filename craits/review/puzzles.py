"""Learning from a game's costly choices: "Find a better move" and puzzles.

A costly choice (a verdict that lost more than ``THRESHOLD`` points) is a spot a player can try
again. ``Weigh`` scores a new choice against the expert's on the same guesses (``compare``), in
batches so that the spread of the batches gives the estimate's error; ``grade`` says from that
whether the new choice is as good as the expert's, better than the one played, or no better.
``spots`` finds a game's costliest choices in its verdicts; ``record_spot`` reads the puzzle a
game record carries (its ``note`` is the question, its ``focus`` the position).

Pure: only a ``SeatView`` and the seat's own history are weighed, never a hidden card.
"""

from __future__ import annotations

import enum
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from craits.ai.choices import choice_key
from craits.engine import Action, Event, SeatView

from .analysis import ReviewLevel, RoundReview
from .judging import Verdict
from .replay import Replay
from .thinking import compare

# A choice that cost more than this many expected points is worth trying again: below it the
# verdicts are within the search's own noise about as often as not (about 2 points a choice).
THRESHOLD = 3.0
BATCHES = 8  # the weighing's batches: their spread is the error
# Rollouts to weigh a new choice: with the review's 1,000 the error came to about 3.4 points on
# a game's choice (0.3 s), as wide as the threshold; 2,000 bring it to about 2.2 (0.5 s).
RETRY_ROLLOUTS = 2000
ERROR_Z = 2.0  # the error is this many standard errors of the mean difference (about 95 %)
MOST_SPOTS = 30  # a game's puzzles, costliest first


class Grade(enum.Enum):
    """How a new choice compares (``retry.*`` texts)."""

    AS_GOOD = "as_good"  # within the error of the expert's
    BETTER = "better"  # better than the move played, but not the best
    NO_BETTER = "no_better"


@dataclass(frozen=True, slots=True)
class Weighing:
    """A new choice against the expert's: ``gap`` the points it is expected to lose to it
    (may be below 0), ``error`` the estimate's error in points."""

    gap: float
    error: float


def grade(weighing: Weighing, played_cost: float, *, same_as_expert: bool = False,
          same_as_played: bool = False) -> Grade:
    """``AS_GOOD`` within the error of the expert's; ``BETTER`` when it loses less than the
    move played (``played_cost``) by more than the error; else ``NO_BETTER``."""
    if same_as_expert:
        return Grade.AS_GOOD
    if same_as_played:
        return Grade.NO_BETTER
    if weighing.gap <= weighing.error:
        return Grade.AS_GOOD
    if weighing.gap < played_cost - weighing.error:
        return Grade.BETTER
    return Grade.NO_BETTER


def spread_error(differences: Sequence[float]) -> float:
    """``ERROR_Z`` standard errors of the mean of ``differences`` (batch means)."""
    n = len(differences)
    if n < 2:
        return math.inf
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return ERROR_Z * math.sqrt(variance / n)


@dataclass(frozen=True, slots=True)
class Weigh:
    """A new choice weighed against the expert's, self-contained: ``weigh()`` its grade."""

    level: ReviewLevel
    view: SeatView
    history: tuple[Event, ...]
    choice: Action
    expert: Action
    played: Action
    played_cost: float
    seed: str
    rollouts: int = RETRY_ROLLOUTS

    def weighing(self) -> Weighing:
        if choice_key(self.choice) == choice_key(self.expert):
            return Weighing(0.0, 0.0)
        rng = random.Random(self.seed)
        per = max(2, self.rollouts // BATCHES)
        differences = []
        for _ in range(BATCHES):
            new, best = compare(self.level.profile, self.view, self.history,
                                [self.choice, self.expert], rng, per)
            differences.append(new - best)
        return Weighing(sum(differences) / len(differences), spread_error(differences))

    def __call__(self) -> Grade:
        key = choice_key(self.choice)
        if key == choice_key(self.expert):
            return Grade.AS_GOOD
        if key == choice_key(self.played):
            return Grade.NO_BETTER
        return grade(self.weighing(), self.played_cost)


def worth_retrying(verdict: Verdict | None) -> bool:
    return verdict is not None and verdict.differs and verdict.cost > THRESHOLD


@dataclass(frozen=True, slots=True)
class Spot:
    """A costly choice: ``seat`` chose at step ``number`` (``Replay.steps``), the position after
    ``focus`` actions (a record's ``focus``), losing ``cost`` points."""

    seat: int
    number: int
    focus: int
    cost: float


def spots(replay: Replay, reviews: Iterable[RoundReview], seats: Iterable[int],
          threshold: float = THRESHOLD, most: int = MOST_SPOTS) -> list[Spot]:
    """The choices of ``seats`` that cost more than ``threshold``, costliest first."""
    wanted = set(seats)
    found = []
    for review in reviews:
        if review.seat not in wanted:
            continue
        for verdict in review.verdicts:
            if not worth_retrying(verdict) or verdict.cost <= threshold:
                continue
            index = replay.steps[verdict.number].index
            if index is not None:
                found.append(Spot(review.seat, verdict.number, index, verdict.cost))
    found.sort(key=lambda s: (-s.cost, s.number))
    return found[:most]


def step_at_focus(replay: Replay, focus: int) -> int | None:
    """The step of the action made after ``focus`` actions (None past the last)."""
    return next((s.number for s in replay.steps if s.index == focus), None)


def record_spot(replay: Replay) -> Spot | None:
    """The puzzle a record carries: a ``note`` (its question) and a ``focus`` before a turn
    with more than one choice; None when it carries none."""
    if not replay.note or replay.focus is None:
        return None
    number = step_at_focus(replay, replay.focus)
    if number is None:
        return None
    step = replay.steps[number]
    if step.player is None or not step.is_turn:
        return None
    if len(replay.view_before(number, step.player).legal) < 2:
        return None
    return Spot(step.player, number, replay.focus, 0.0)
