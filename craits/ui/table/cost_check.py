""""Confirm costly moves" (a setting, off by default): before the viewer's play goes down,
the hard level weighs it against its own move (``craits.review.cost``, in the computer players'
lane, from the viewer's view only); a play expected to lose at least the threshold in points is
asked about once. The check never holds a move up for long: if the workers are taken by other
work, fails or is slow, the play goes down as it would have."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from craits.director import Runner
from craits.engine import Play
from craits.review.cost import Cost, cost_job
from craits.session import Session

log = logging.getLogger(__name__)

Position = tuple[int, int]  # (session version, seat)
PATIENCE = 6.0  # seconds the check may take before the play goes down unchecked


@dataclass(frozen=True, slots=True)
class Go:
    """Play it (cheap enough, asked and confirmed, or not judged in time)."""

    action: Play
    announce: bool


@dataclass(frozen=True, slots=True)
class Ask:
    """Ask first: ``cost`` says how much it is expected to lose and against what."""

    action: Play
    announce: bool
    cost: Cost


@dataclass
class _Pending:
    position: Position
    action: Play
    announce: bool
    ticket: int
    waited: float = 0.0


class CostCheck:
    def __init__(self, session: Session, runner: Runner, threshold: Callable[[], int]) -> None:
        self.session = session
        self.runner = runner
        self.threshold = threshold  # points; 0: the setting is off
        self.pending: _Pending | None = None
        self.confirmed: set[tuple[Position, Play]] = set()  # asked once: not again

    def start(self, position: Position, action: Play, announce: bool) -> bool:
        """Weigh ``action`` at ``position``; False when it is not to be weighed (the setting
        is off, or it was asked about once) or cannot be (play it)."""
        if self.threshold() <= 0 or (position, action) in self.confirmed:
            return False
        try:
            ticket = self.runner.submit(cost_job(self.session, action))
        except ValueError as exc:
            log.info("the play cannot be weighed: %s", exc)
            return False
        self.pending = _Pending(position, action, announce, ticket)
        return True

    def update(self, dt: float, position: Position | None) -> Go | Ask | None:
        """What to do with the play being weighed, once that is known."""
        pending = self.pending
        if pending is None:
            return None
        if position != pending.position:  # the table moved on (an undo, a new round)
            self.pending = None
            return None
        pending.waited += dt
        go = Go(pending.action, pending.announce)
        if getattr(self.runner, "submitted", pending.ticket) != pending.ticket \
                or pending.waited > PATIENCE:
            self.pending = None  # the lane was given other work, or it is slow: play on
            return go
        try:
            answer = self.runner.poll(pending.ticket)
        except RuntimeError as exc:
            log.warning("the play could not be weighed: %s", exc)
            self.pending = None
            return go
        if answer is None:
            return None
        self.pending = None
        if isinstance(answer, Cost) and answer.points >= self.threshold():
            return Ask(pending.action, pending.announce, answer)
        return go
