"""The round review's analysis: at each real choice of one seat, the expert's move and what the
move actually played is expected to cost.

A choice is a turn action of the seat where it had more than one legal action. For each, the
expert level decides from that seat's view and redacted history at the time (never a hidden
card); when it would have played otherwise, both moves are scored on the same guesses and
rollouts, and the cost is how much worse the played move's mean relative score is (in points,
never below 0). Everything is fixed by the match seed, so a review gives the same verdicts on
any machine and every time.

    review = analyse_round(Replay(save), seat=0, round_index=3)     # at once (tests, the CLI)
    analysis = RoundAnalysis(replay, 0, 3); analysis.poll(worker)    # a job at a time (the UI)

The jobs (``choice_jobs``) are small, picklable, one per choice, for the bot helper.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from craits.ai.profiles import Profile
from craits.ai.search import choice_key
from craits.engine import Action, Event, SeatView
from craits.engine.refusal import normalized

from .messages import Message, declare, move_message
from .replay import Replay
from .thinking import Estimate, compare, decide, level_profile

REVIEW_LEVEL = "expert"


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
class ChoiceJob:
    """One choice to judge, self-contained and picklable: ``job()`` returns its ``Verdict``."""

    profile: Profile
    number: int
    view: SeatView
    history: tuple[Event, ...]
    played: Action
    seed: str

    def __call__(self) -> Verdict:
        return judge(self.profile, self.number, self.view, self.history, self.played,
                     random.Random(self.seed))


def judge(profile: Profile, number: int, view: SeatView, history: Sequence[Event],
          played: Action, rng: random.Random) -> Verdict:
    """The expert's move in ``view`` and the expected cost of ``played`` against it."""
    if played not in view.legal:
        raise ValueError(f"{played} was not legal at step {number}")
    expert, estimates = decide(profile, view, history, rng)
    if choice_key(expert) == choice_key(played):
        mean = next((m for a, m, _ in estimates if choice_key(a) == choice_key(played)), 0.0)
        played_mean = expert_mean = mean
    else:
        played_mean, expert_mean = compare(profile, view, history, [played, expert], rng)
    return Verdict(number, view.seat, played, expert, max(0.0, played_mean - expert_mean),
                   played_mean, expert_mean, tuple(estimates), view.crank, view.top)


@dataclass(frozen=True, slots=True)
class RoundReview:
    """A seat's choices in one round, judged, and the round's summary line."""

    round: int
    seat: int
    verdicts: tuple[Verdict, ...]

    @property
    def choices(self) -> int:
        return len(self.verdicts)

    @property
    def differed(self) -> int:
        return sum(1 for v in self.verdicts if v.differs)

    @property
    def cost(self) -> int:
        """Expected points lost over the round, against the expert's moves."""
        return round(sum(v.cost for v in self.verdicts))

    def verdict_at(self, number: int) -> Verdict | None:
        return next((v for v in self.verdicts if v.number == number), None)

    @property
    def summary(self) -> Message:
        """"3 choices differed; expected cost 41 points" (``review.summary*``)."""
        if not self.verdicts:
            return Message("review.summary_no_choices")
        if not self.differed:
            return Message("review.summary_agreed", {"count": self.choices})
        return Message("review.summary", {
            "count": self.differed, "cost": Message("review.summary_cost", {"count": self.cost}),
        })


def choices(replay: Replay, seat: int, round_index: int) -> list[int]:
    """The steps of round ``round_index`` at which ``seat`` had a real choice."""
    out = []
    for step in replay.rounds[round_index].steps:
        if step.player == seat and step.is_turn and len(replay.view_before(step.number, seat)
                                                        .legal) > 1:
            out.append(step.number)
    return out


def choice_jobs(replay: Replay, seat: int, round_index: int,
                profile: Profile | None = None) -> list[ChoiceJob]:
    """One job per choice of ``seat`` in the round, in order (the expert level by default)."""
    profile = profile or level_profile(REVIEW_LEVEL)
    jobs = []
    for number in choices(replay, seat, round_index):
        step = replay.steps[number]
        before = replay.before(number)
        assert before is not None and step.action is not None  # a turn action
        jobs.append(ChoiceJob(
            profile, number, replay.view_before(number, seat),
            tuple(replay.history(number, seat)), normalized(before, step.action),
            f"{replay.seed}:review:{step.index}:{seat}"))  # fmt: skip
    return jobs


def analyse_round(replay: Replay, seat: int, round_index: int,
                  profile: Profile | None = None) -> RoundReview:
    """The whole round's review, computed here and now."""
    jobs = choice_jobs(replay, seat, round_index, profile)
    return RoundReview(round_index, seat, tuple(job() for job in jobs))


class Runner(Protocol):
    """The match director's runner protocol: ``BotWorker`` and ``InlineRunner`` fit it."""

    def submit(self, job: Any) -> int: ...

    def poll(self, ticket: int) -> Any | None: ...


class RoundAnalysis:
    """A round's review run one job at a time on a runner, for progress and cancelling:
    call ``poll(runner)`` every frame until ``finished``, read ``progress``; ``cancel`` stops
    after the job in hand (its answer is dropped). Nothing is computed on the caller's thread
    but what an inline runner does."""

    def __init__(self, replay: Replay, seat: int, round_index: int,
                 profile: Profile | None = None) -> None:
        self.round = round_index
        self.seat = seat
        self.jobs = choice_jobs(replay, seat, round_index, profile)
        self.verdicts: list[Verdict] = []
        self.cancelled = False
        self._ticket: int | None = None

    @property
    def progress(self) -> tuple[int, int]:
        """(choices judged, choices in all)."""
        return len(self.verdicts), len(self.jobs)

    @property
    def finished(self) -> bool:
        return self.cancelled or len(self.verdicts) == len(self.jobs)

    @property
    def result(self) -> RoundReview | None:
        """The review once every choice is judged (None before, or when cancelled)."""
        if self.cancelled or len(self.verdicts) < len(self.jobs):
            return None
        return RoundReview(self.round, self.seat, tuple(self.verdicts))

    def poll(self, runner: Runner) -> None:
        """Collect a ready answer and hand the runner the next job."""
        if self.finished:
            return
        if self._ticket is not None:
            answer = runner.poll(self._ticket)
            if answer is None:
                return
            if not isinstance(answer, Verdict):
                raise TypeError(f"expected a verdict, got {type(answer).__name__}")
            self.verdicts.append(answer)
            self._ticket = None
        if len(self.verdicts) < len(self.jobs):
            self._ticket = runner.submit(self.jobs[len(self.verdicts)])

    def cancel(self) -> None:
        self.cancelled = True
        self._ticket = None


declare("", "review.expert_agrees", "review.summary_no_choices")
declare("move", "review.expert_other_even")
declare("move count", "review.expert_other")
declare("count", "review.summary_agreed", "review.summary_cost")
declare("count cost", "review.summary")
