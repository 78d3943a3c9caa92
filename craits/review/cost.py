"""What a move would cost, judged before it is played: "confirm costly moves".

The hard level (the Hint's) finds its own move from the seat's view and redacted history, then
weighs the two on the same guesses at the hidden cards (``judging.weigh_cost``): the points the
player's move is expected to lose against it, counted only beyond the estimate's noise, as the
review counts a cost. Nothing hidden is read, so asking is fair in every
seat; like a hint, the same position and move always give the same answer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from craits.ai.choices import choice_key
from craits.ai.profiles import Profile
from craits.engine import Action, Event, SeatView
from craits.session import Session

from .hint import HINT_LEVEL, hint
from .judging import weigh_cost
from .thinking import level_profile


@dataclass(frozen=True, slots=True)
class Cost:
    """``action`` is expected to lose ``points`` (0 or more) against ``best``."""

    action: Action
    best: Action
    points: float


@dataclass(frozen=True, slots=True)
class CostJob:
    """Self-contained and picklable, for the workbench: ``job()`` gives the same ``Cost``."""

    profile: Profile
    view: SeatView
    history: tuple[Event, ...]
    action: Action
    seed: str

    def __call__(self) -> Cost:
        best = hint(self.view, self.history, random.Random(self.seed), self.profile).action
        if choice_key(best) == choice_key(self.action):
            return Cost(self.action, best, 0.0)
        *_, points = weigh_cost(self.profile, self.view, self.history, self.action, best,
                                random.Random(f"{self.seed}:weigh"),
                                self.profile.search.iterations)
        return Cost(self.action, best, points)


def cost_job(session: Session, action: Action, profile: Profile | None = None) -> CostJob:
    """The job weighing ``action`` for the seat to act, fixed by the match and the position."""
    seat = session.to_act()
    if seat is None:
        raise ValueError("nobody is to act")
    view = session.view(seat)
    if action not in view.legal:
        raise ValueError(f"{action} is not legal here")
    return CostJob(profile or level_profile(HINT_LEVEL), view, tuple(session.events_for(seat)),
                   action, f"{session.seed}:cost:{len(session.records)}:{seat}")
