"""The one match loop: whose turn, ask a computer player, pace its answer, let announcements
and idiot calls race, end rounds, and tell persistence when to record and save.

The table, headless autoplay, tournaments, the simulator's match mode and the soak benchmark
all drive a ``MatchDirector``. Its caller owns the loop: it gives the director time
(``update(dt)``) and human actions (``act``), reads the new events and ``waiting`` (what the
director waits for), and never gets called back. Pygame-free, clock-free: time is what the
caller hands in.

    director = MatchDirector(session, runner=InlineRunner(), pace=FixedPace(0.8))
    while director.waiting.kind is not Wait.MATCH_OVER:
        ...  # show events, take human actions, director.round_seen() after a round
        director.update(dt)
"""

from __future__ import annotations

import enum
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from craits.director.take_back import take_back_point
from craits.engine import (
    Action,
    Announce,
    Call,
    Event,
    IllegalActionError,
    can_announce,
    can_call,
    legal_actions,
)
from craits.session import Session

log = logging.getLogger(__name__)


class Wait(enum.Enum):
    """What the director waits for before the match can go on."""

    COMPUTER = "computer"  # a computer player is thinking (time must pass)
    HUMAN_TURN = "human_turn"  # a human's turn action
    STARTER_SUIT = "starter_suit"  # a human dealer's suit for the turned-up 8 or 9
    HANDOFF = "handoff"  # pass-and-play: the screen must go to another human first
    ROUND_OVER = "round_over"  # the round's end was shown: call ``round_seen``
    MATCH_OVER = "match_over"


@dataclass(frozen=True, slots=True)
class Waiting:
    kind: Wait
    seat: int | None = None


class Runner(Protocol):
    """Runs computer players' jobs: ``submit`` returns a ticket, ``poll`` the answer or None."""

    def submit(self, job: Callable[[], Any]) -> int: ...

    def poll(self, ticket: int) -> Any | None: ...


class InlineRunner:
    """Thinks at once, in this thread (headless drivers, tests); ``on_answer`` sees each
    job's seat-free timing (tournaments record think times this way)."""

    def __init__(self, on_answer: Callable[[Any, float], None] | None = None) -> None:
        self._answers: dict[int, Any] = {}
        self._tickets = 0
        self.on_answer = on_answer

    def submit(self, job: Callable[[], Any]) -> int:
        import time

        self._tickets += 1
        started = time.perf_counter()
        answer = job()
        if self.on_answer is not None:
            self.on_answer(job, time.perf_counter() - started)
        self._answers = {self._tickets: answer}  # a newer job makes older answers moot
        return self._tickets

    def poll(self, ticket: int) -> Any | None:
        return self._answers.pop(ticket, None)


class Pace(Protocol):
    def think_time(self, seat: int) -> float:
        """Seconds a computer player at ``seat`` takes over its turn (at least its search)."""
        ...


@dataclass(frozen=True, slots=True)
class FixedPace:
    """Every computer turn takes ``seconds`` of match time (headless: the race window)."""

    seconds: float = 0.8

    def think_time(self, seat: int) -> float:
        return self.seconds


class TablePace:
    """A human-looking pace: 0.45-0.85 s a computer turn, times the table's speed factor."""

    def __init__(self, seed: int, factor: float = 1.0) -> None:
        self.rng = random.Random(f"{seed}:pace")
        self.factor = factor

    def think_time(self, seat: int) -> float:
        return self.rng.uniform(0.45, 0.85) * self.factor


@dataclass(order=True)
class _Reaction:
    due: float  # match time
    order: int
    action: Action = field(compare=False)


class Hooks:
    """What persistence does as a match goes on; the default does nothing (tournaments)."""

    def changed(self, session: Session) -> None:
        """After every action: the position to save."""

    def round_over(self, session: Session) -> None:
        """Once per finished round: its result for the statistics."""

    def match_over(self, session: Session) -> None:
        """Once, when the last round's end has been seen: the game for the statistics."""


class MatchDirector:
    """Drives one ``Session``. Human actions go through ``act``; time through ``update``."""

    def __init__(
        self,
        session: Session,
        *,
        runner: Runner | None = None,
        pace: Pace | None = None,
        hooks: Hooks | None = None,
        viewer: int | None = None,
        grace: float = 0.0,
    ) -> None:
        """``grace``: seconds a human at the table always has to announce a last card or to
        call a computer player, from when the card lands (the table gives match time only
        once the card is seen); computers' announcement and call delays, and the next
        computer player's thinking, start after it. When the match lets a move be taken
        back (``Session.undo``), a computer player also waits ``grace`` after a human's move
        that may still be taken back, so there is time to."""
        self.session = session
        self.runner: Runner = runner or InlineRunner()
        self.pace: Pace = pace or FixedPace()
        self.hooks = hooks or Hooks()
        humans = session.human_seats()
        # Who sits at the screen: the lone human; with several, nobody until the first
        # hand-off (whoever holds the screen at the start may not be the one to play).
        self.viewer = viewer if viewer is not None else (humans[0] if len(humans) == 1 else None)
        self.illegal_answers = 0  # computer answers refused as not legal (each logged)
        self.grace = grace
        self._reactions: list[_Reaction] = []
        self._grace_until = 0.0  # match time before which no computer may close a window
        self._job: tuple[int, int] | None = None  # (session version, runner ticket)
        self._answer: Action | None = None
        self._think_left = 0.0
        # A match resumed at a round's end reports that round again: recording is idempotent
        # (the statistics know what they counted), and a kill may have come before it.
        self._rounds_recorded = len(session.match.history) - session.match.state.is_over()
        self._match_recorded = False
        self._window_seen: tuple[int, int] | None = None  # (version, target) of the open window
        self._moved_at = 0.0  # match time of the last human action (the take-back's window)
        self._schedule_reactions()

    # ------------------------------------------------------------ reading

    @property
    def waiting(self) -> Waiting:
        s = self.session
        state = s.match.state
        if state.is_over():
            if s.match.is_over() and self._match_recorded:
                return Waiting(Wait.MATCH_OVER)
            return Waiting(Wait.ROUND_OVER)
        seat = state.turn
        if seat in s.bots:
            return Waiting(Wait.COMPUTER, seat)
        if seat != self.viewer:
            return Waiting(Wait.HANDOFF, seat)
        if state.phase == "choose_suit":
            return Waiting(Wait.STARTER_SUIT, seat)
        return Waiting(Wait.HUMAN_TURN, seat)

    @property
    def thinking(self) -> int | None:
        """The computer player whose turn it is, if any."""
        w = self.waiting
        return w.seat if w.kind is Wait.COMPUTER else None

    # ------------------------------------------------------------ acting

    def act(self, action: Action, player: int | None = None) -> list[Event]:
        """A human's action (turn, announcement or call); raises IllegalActionError."""
        events = self.session.act(action, player)
        self._moved_at = self.session.clock
        self._after_change()
        return events

    def take_back_point(self, seat: int | None) -> int | None:
        """Where the action log goes back to if ``seat`` takes back its last move; None when
        it may not (``craits.director.take_back``)."""
        return take_back_point(self.session, seat)

    def take_back_left(self, seat: int | None) -> float:
        """Match seconds left of the wait the computer players (and a pass-and-play hand-off)
        give ``seat`` to take back its last move; 0 when it may not be taken back."""
        if self.take_back_point(seat) is None:
            return 0.0
        return max(0.0, self._moved_at + self.grace - self.session.clock)

    def take_back(self, seat: int | None) -> bool:
        """Take back ``seat``'s last move (see ``take_back_point``): the position before it,
        replayed from the log, saved at once. False, changing nothing, when it may not."""
        keep = self.take_back_point(seat)
        if keep is None:
            return False
        self.session.take_back(keep)
        # What the computers were thinking or about to say was for the move taken back.
        self._job, self._answer, self._think_left = None, None, 0.0
        self._reactions.clear()
        self._window_seen = None
        self._moved_at = self.session.clock
        self._after_change()
        return True

    def handed_to(self, seat: int) -> None:
        """Pass-and-play: ``seat`` now holds the screen."""
        self.viewer = seat

    def round_seen(self) -> list[Event]:
        """The finished round was shown: deal the next one, or close the match."""
        s = self.session
        if not s.match.state.is_over():
            raise ValueError("the round is not over")
        self._record_round()
        if s.match.is_over():
            if not self._match_recorded:
                self._match_recorded = True
                self.hooks.match_over(s)
            return []
        events = s.start_next_round()
        self._reactions.clear()
        self.hooks.changed(s)
        return events

    def think_ahead(self) -> None:
        """Start the computer player to act thinking (no time passes): a table calls this
        while it animates, so the answer is often ready when the animation ends."""
        s = self.session
        seat = s.to_act()
        if seat is None or seat not in s.bots:
            return
        if self._job is not None and self._job[0] == s.version:
            return
        version, job = s.bot_request(seat)
        if self._job is None:  # a new turn (not a rethink after a call): pace it
            grace_left = self._grace_until - s.clock if self._human_in_race() else 0.0
            # The race after the grace is the race without it, shifted: the computer's usual
            # pace, counted from the end of the grace.
            self._think_left = self.pace.think_time(seat) + max(0.0, grace_left)
            viewer = self.viewer
            self._think_left = max(self._think_left, self.take_back_left(viewer))
        self._answer = None
        self._job = (version, self.runner.submit(job))

    def update(self, dt: float) -> list[Event]:
        """Let ``dt`` seconds of match time pass; what happened, in order.

        A computer player moves exactly when its thinking time is up, and match time waits
        for an answer that is late: how ``dt`` is cut into frames, and how fast the machine
        thinks, never change what happens."""
        s = self.session
        out: list[Event] = []
        for _ in range(10_000):  # each pass moves time or the match on
            if s.match.state.is_over():
                self._record_round()
                break
            computer = s.to_act() in s.bots
            step = dt
            if computer:
                self.think_ahead()
                if self._answer is None and self._job is not None:
                    self._answer = self.runner.poll(self._job[1])
                step = min(dt, max(self._think_left, 0.0))
            if step > 0:
                dt -= step
                if computer:
                    self._think_left -= step
                happened = self._advance_clock(step)
                if happened:
                    out.extend(happened)
                    self._after_change()
                    continue
            if computer and self._think_left <= 1e-9:
                moved = self._computer_moves()
                if moved is not None:
                    out.extend(moved)
                    continue
            if dt <= 1e-12 or not computer or self._answer is None:
                break
        return out

    def run(self, max_steps: int = 200_000) -> None:
        """Play a match of computer players only to its end (headless)."""
        for _ in range(max_steps):
            if not self.step():
                return
        raise RuntimeError("the match did not end")

    def step(self) -> bool:
        """One step of a match of computer players only: a round's end seen, or the next
        computer move with what happens before it; False once the match is over (so several
        matches can be played in turns, as the rating calibration plays seat rotations)."""
        w = self.waiting
        if w.kind is Wait.MATCH_OVER:
            return False
        if w.kind is Wait.ROUND_OVER:
            self.round_seen()
        elif w.kind is Wait.COMPUTER:
            self.think_ahead()
            self.update(max(self._think_left, 0.0) + 1e-6)
        else:
            raise ValueError("run() plays computer players only; a human is awaited")
        return True

    # ------------------------------------------------------------ inside

    def _computer_moves(self) -> list[Event] | None:
        """Play the computer's answer if it is in; None if not. The answer is for this
        position: ``update`` calls ``think_ahead`` (which drops a job made for an older position
        and asks again) just before, and nothing acts in between."""
        s = self.session
        if self._answer is None or self._job is None:
            return None
        action, self._answer, self._job = self._answer, None, None
        seat = s.to_act()
        if action not in legal_actions(s.match.state):
            self.illegal_answers += 1
            log.error("computer player %s (%s) answered %s, which is not legal here",
                      seat, s.seats[seat].kind if seat is not None else "?", action)
            action = legal_actions(s.match.state)[0]  # the table must not stall
        events = s.act(action)
        self._after_change()
        return events

    def _after_change(self) -> None:
        self._schedule_reactions()
        self.hooks.changed(self.session)
        if self.session.match.state.is_over():
            self._record_round()

    # ------------------------------------------------------------ the race

    def _advance_clock(self, dt: float) -> list[Event]:
        """Let ``dt`` of match time pass; computer announcements and calls falling due happen."""
        s = self.session
        s.clock += dt
        out: list[Event] = []
        while self._reactions and self._reactions[0].due <= s.clock + 1e-12:
            reaction = self._reactions.pop(0)
            if self._still_valid(reaction.action):
                try:
                    out.extend(s.act(reaction.action))
                except IllegalActionError:
                    continue
                self._reactions = [r for r in self._reactions if self._still_valid(r.action)]
        return out

    def _human_in_race(self) -> bool:
        """Whether a human at the table could announce or call in the window open now."""
        s = self.session
        state = s.match.state
        target = state.window
        if target is None:
            return False
        return any(can_call(state, h, target) or (h == target and can_announce(state, h))
                   for h in s.human_seats())

    def _schedule_reactions(self) -> None:
        """Ask the computer players concerned whether, and how soon, they announce or call."""
        s = self.session
        state = s.match.state
        self._reactions = [r for r in self._reactions if self._still_valid(r.action)]
        if state.is_over() or not state.rules.announce_last_card:
            return
        target = state.window
        if target is None:
            self._window_seen = None
        elif self._window_seen is None or self._window_seen[1] != target:
            self._window_seen = (s.version, target)
            if self.grace > 0 and self._human_in_race():
                self._grace_until = s.clock + self.grace
        start = max(s.clock, self._grace_until) if self._human_in_race() else s.clock
        scheduled = {(type(r.action), _actor(r.action)) for r in self._reactions}
        for seat, bot in s.bots.items():
            view = None
            if can_announce(state, seat) and (Announce, seat) not in scheduled:
                view = s.view(seat)
                delay = bot.announce_delay(view, s.round_history(seat), s.decision_rng(seat))
                if delay is not None:
                    self._push(start + max(0.0, delay), Announce(seat))
            if target is not None and (Call, seat) not in scheduled and can_call(state, seat,
                                                                                 target):
                view = view or s.view(seat)
                delay = bot.call_delay(view, s.round_history(seat), s.decision_rng(seat))
                # A decision not to call is remembered (never due), so it is not asked again.
                due = float("inf") if delay is None else start + max(0.0, delay)
                self._push(due, Call(seat, target))

    def _push(self, due: float, action: Action) -> None:
        self._reactions.append(_Reaction(due, len(self._reactions), action))
        self._reactions.sort()

    def _still_valid(self, action: Action) -> bool:
        state = self.session.match.state
        if isinstance(action, Announce):
            return can_announce(state, action.player)
        if isinstance(action, Call):
            return can_call(state, action.caller, action.target)
        return False

    def _record_round(self) -> None:
        history = len(self.session.match.history)
        if history > self._rounds_recorded:
            self._rounds_recorded = history
            self.hooks.round_over(self.session)


def _actor(action: Action) -> int:
    if isinstance(action, Announce):
        return action.player
    assert isinstance(action, Call), action  # the director's actors announce or call
    return action.caller
