"""A finished or saved match replayed exactly, as steps a viewer can walk forwards and back.

    replay = Replay(session.to_save())       # or a Session, a save file's envelope, a record
    for step in replay.rounds[2].steps: ...  # step.state has every hand face up

Each step is one entry of the action log (or a round's deal) with what happened (``events``,
hidden cards included) and the round and totals after it. ``history`` and ``view_before`` give
exactly what a seat saw when it chose the step's action: the review's analysis reads only that.
Replaying reads the save and changes nothing.

A seat's redacted log is made once, the first time it is read, and grows with the match: a
history is a slice of it (``history``) or the log itself with an end (``seat_log`` and
``history_end``), never rebuilt per choice, so a record at the format's limit of actions opens
and is analysed without work that grows with the square of its length. Its actions are read
once, by the check (``record.check_match``), and replayed as read. A thread making a long one
reports its ``Progress`` and can be cancelled.
"""

from __future__ import annotations

import gc
import secrets
import threading
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property

from craits.engine import (
    Action,
    Announce,
    Call,
    Event,
    RoundState,
    Rules,
    SeatView,
    redact,
    seat_view,
)
from craits.engine.events import RoundStarted
from craits.persistence.game_record import game_key
from craits.session import ReplayFailed, Session

from .record import MatchSource, RecordError, check_match, check_result


@dataclass(slots=True, unsafe_hash=True)
class Step:
    """One step of the match: ``action`` by ``player`` (both None for a round's deal). Read it,
    never change it: it is not frozen only because a record at the limit makes a hundred
    thousand, and a frozen dataclass takes five times as long to make."""

    number: int  # position in ``Replay.steps``
    index: int | None  # position in the action log; None for the first deal
    round: int  # 0-based
    player: int | None
    action: Action | None
    events: tuple[Event, ...]  # what happened, hidden cards included
    state: RoundState  # the round after this step, every hand face up
    totals: tuple[int, ...]  # the match totals after this step

    @property
    def is_deal(self) -> bool:
        return self.action is None

    @property
    def is_turn(self) -> bool:
        """A turn action (play, draw, pass, suit), not a deal, announcement or call."""
        return self.action is not None and not isinstance(self.action, (Announce, Call))


@dataclass(frozen=True, slots=True)
class RoundReplay:
    """One round's steps, the deal first."""

    index: int  # 0-based
    dealer: int
    hand_size: int
    steps: tuple[Step, ...]

    @property
    def scores(self) -> tuple[int, ...] | None:
        """Each seat's score for the round once it is over (None: not finished)."""
        return self.steps[-1].state.scores

    @property
    def first(self) -> int:
        """The number (``Replay.steps``) of the round's deal."""
        return self.steps[0].number

    @property
    def last(self) -> int:
        return self.steps[-1].number


@contextmanager
def _cycles_not_collected(replay: Replay) -> Iterator[None]:
    """A replay keeps every state and event it makes, and makes no cycles: the cyclic collector
    would walk the growing heap again and again (half the time of a record at the limit). A
    long one is then set aside from the collector while it lives (``_set_aside``): no walk of
    it is ever due, neither while it opens nor in a later frame."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
        if len(replay.steps) > COLLECT_AFTER:
            _set_aside(replay)
    finally:
        if was:
            gc.enable()


COLLECT_AFTER = 20_000  # steps: below, the collector's next walks cost a frame nothing
_set_aside_replays = [0]  # long replays alive whose objects the collector leaves alone
_set_aside_lock = threading.RLock()  # set aside on an opening's thread, let go on the window's


def _set_aside(replay: Replay) -> None:
    """Move every object the collector tracks out of its reach (``gc.freeze``, no walk) until
    the last replay set aside is gone. Nothing is lost: a replay is freed by counting, having
    no cycles, and any other cycle frozen with it is collected again once it is thawed."""
    with _set_aside_lock:
        gc.freeze()
        _set_aside_replays[0] += 1
    weakref.finalize(replay, _thaw)


def _thaw() -> None:
    with _set_aside_lock:
        _set_aside_replays[0] -= 1
        if _set_aside_replays[0] == 0:
            gc.unfreeze()


class Cancelled(Exception):
    """A replay stopped by its ``Progress.cancel()``: not a problem of the record."""


class Progress:
    """How far a replay being made has got (``done`` of ``total`` actions), written by the
    thread that makes it and read by the window's; ``cancel()`` stops it within a slice of
    ``SLICE`` actions (``Cancelled``)."""

    SLICE = 512

    def __init__(self) -> None:
        self.done = 0
        self.total = 0  # known once the record is read and checked
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ReplaySession(Session):
    """A replayed match whose seats' redacted logs are made when first read, not at every
    step: replaying only needs the full log, and a review reads one seat's."""

    def _log(self, events: Sequence[Event]) -> None:
        self.batches.append(len(self.events))
        self.events.extend(events)

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        return self.seen(seat)[start:]

    def seen(self, seat: int | None, upto: int | None = None) -> list[Event]:
        """``seat``'s redacted log (None: a spectator's), made at least as far as ``upto``
        events (default: all); the list itself, not a copy: read it, never change it."""
        log = self._seen[-1 if seat is None else seat]
        end = len(self.events) if upto is None else min(upto, len(self.events))
        if len(log) < end:
            log.extend(redact(e, seat) for e in self.events[len(log):end])
        return log


class Replay:
    """The match a save or record holds, replayed step by step (``RecordError`` if it does not
    replay). ``steps`` is every step in order; ``rounds`` groups them."""

    def __init__(self, source: MatchSource, progress: Progress | None = None) -> None:
        self.steps: list[Step] = []
        self._progress = progress
        with _cycles_not_collected(self):
            self._build(source)

    def _build(self, source: MatchSource) -> None:
        checked = check_match(source)  # every action read once, here, not again below
        if self._progress is not None:
            self._progress.total = len(checked.entries)
        self.save = checked.data
        self.rules = Rules.from_dict(self.save["rules"])
        self.seed: int = self.save["seed"]
        self.key = secrets.token_hex(8)  # names this replay's logs to the workbench's workers
        try:  # as ``record.replay_save``, on a session that redacts when read
            session = ReplaySession.replay(self.save, bots={}, on_step=self._record,
                                           entries=checked.entries)
        except ReplayFailed as exc:
            raise RecordError(str(exc)) from None
        assert isinstance(session, ReplaySession)
        self.session = session
        self.seats = self.session.seats
        record = checked.record
        if record is not None:
            check_result(record, self.session)
        # A record's focus: the step to open at (the position after that many actions).
        self.focus: int | None = record.get("focus") if record is not None else None
        # Its title and note, kept when the review exports the game again.
        self.title: str | None = record.get("title") if record is not None else None
        self.note: str | None = record.get("note") if record is not None else None
        by_round: list[list[Step]] = []
        for step in self.steps:
            if step.is_deal:
                by_round.append([])
            by_round[-1].append(step)
        self.rounds: list[RoundReplay] = []
        for steps in by_round:
            start = next(e for e in steps[0].events if isinstance(e, RoundStarted))
            self.rounds.append(RoundReplay(start.round, start.dealer, start.hand_size,
                                           tuple(steps)))
        if self._progress is not None:
            self._progress.done = self._progress.total

    def _record(self, index: int | None, player: int | None, action: Action | None,
                events: list[Event], session: Session) -> None:
        progress = self._progress
        if progress is not None and index is not None and index % Progress.SLICE == 0:
            progress.done = index
            if progress.cancelled:
                raise Cancelled
        match = session.match
        self.steps.append(Step(len(self.steps), index, match.round_index, player, action,
                               tuple(events), match.state, match.totals))

    # ------------------------------------------------------------ reading

    @cached_property
    def game_key(self) -> str:
        """The game's digest (``game_record.game_key``): made once, where the replay is made
        (a record at the limit takes a tenth of a second), not in each frame that asks."""
        return game_key(self.save)

    @property
    def n_players(self) -> int:
        return len(self.seats)

    def round_of(self, number: int) -> RoundReplay:
        """The round holding step ``number``."""
        return self.rounds[self.steps[number].round]

    def before(self, number: int) -> RoundState | None:
        """The round as it stood before step ``number`` (None before a deal)."""
        step = self.steps[number]
        return None if step.is_deal else self.steps[number - 1].state

    def history(self, number: int, seat: int | None) -> list[Event]:
        """The match's events before step ``number`` as ``seat`` saw them (None: a spectator),
        its round's last: the history a player had when choosing that step's action."""
        end = self.history_end(number)
        return self.seat_log(seat, end)[:end]

    def seat_log(self, seat: int | None, upto: int | None = None) -> list[Event]:
        """The match as ``seat`` saw it, made at least as far as ``upto`` events (default: the
        whole match); shared and growing: read it, never change it."""
        return self.session.seen(seat, upto)

    def history_end(self, number: int) -> int:
        """How many events came before step ``number``: ``history`` is the seat's log up to
        there."""
        batches = self.session.batches
        return batches[number] if number < len(batches) else len(self.session.events)

    def view_before(self, number: int, seat: int) -> SeatView:
        """What ``seat`` saw just before step ``number``."""
        state = self.before(number)
        if state is None:
            raise ValueError(f"step {number} is a deal: nothing was seen before it")
        return seat_view(state, seat)
