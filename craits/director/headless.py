"""Computer-only matches on the one director: autoplay, tournaments, the simulator's match mode.

A match of bots runs exactly as at the table (the same session, reactions racing on the same
clock, the same decision generators), only with no one watching: each computer turn takes
``turn_seconds`` of match time, and thinking happens in place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from craits.engine import Rules
from craits.engine import events as ev
from craits.seat import Seat
from craits.session import BotJob, Session

from .director import FixedPace, Hooks, InlineRunner, MatchDirector

TURN_SECONDS = 0.8  # match time a computer turn takes: the window to announce or call


def play_headless(session: Session, turn_seconds: float = TURN_SECONDS,
                  hooks: Hooks | None = None) -> MatchDirector:
    """Play a computer-only match to its end; the director, for its counts."""
    director = MatchDirector(session, pace=FixedPace(turn_seconds), hooks=hooks)
    director.run()
    return director


@dataclass
class MatchRecord:
    """What a tournament keeps of one match, by seat."""

    seed: int
    levels: tuple[str, ...]
    round_scores: list[tuple[int, ...]] = field(default_factory=list)
    totals: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    think: list[list[float]] = field(default_factory=list)  # seconds; real choices only
    announced: list[int] = field(default_factory=list)  # windows closed by announcing
    caught: list[int] = field(default_factory=list)  # idiot calls suffered
    cut_short: list[int] = field(default_factory=list)  # searches the time cap stopped
    illegal: int = 0  # computer answers that were not legal (a fault; logged)


def play_match(bots: Sequence[Any], seed: int, rules: Rules | None = None,
               turn_seconds: float = TURN_SECONDS) -> MatchRecord:
    """A whole match between ``bots`` (one per seat, by level) and what happened in it."""
    n = len(bots)
    levels = tuple(b.level for b in bots)
    record = MatchRecord(seed, levels, think=[[] for _ in range(n)], announced=[0] * n,
                         caught=[0] * n, cut_short=[0] * n)

    def timed(job: BotJob, seconds: float) -> None:
        seat = job.view.seat
        if len(job.view.legal) > 1:  # a forced move costs nothing: not a choice
            record.think[seat].append(seconds)

    seats = [Seat(level, f"{level} {i + 1}") for i, level in enumerate(levels)]
    by_seat = dict(enumerate(bots))
    session = Session(seats, rules or Rules(), seed, bot_factory=None, bots=by_seat)
    distinct = {id(b): b for b in bots}  # a level's bot may sit at several seats
    cut_before = {key: getattr(b, "searches_cut_short", 0) for key, b in distinct.items()}
    director = MatchDirector(session, runner=InlineRunner(timed), pace=FixedPace(turn_seconds))
    director.run()
    for e in session.events:
        if isinstance(e, ev.LastCardAnnounced):
            record.announced[e.player] += 1
        elif isinstance(e, ev.IdiotCalled):
            record.caught[e.target] += 1
    for key, bot in distinct.items():  # counted at the first seat of each bot
        seat = next(i for i, b in enumerate(bots) if id(b) == key)
        record.cut_short[seat] = getattr(bot, "searches_cut_short", 0) - cut_before[key]
    record.round_scores = list(session.match.history)
    record.totals, record.winners = session.match.totals, session.match.winners()
    record.illegal = director.illegal_answers
    return record
