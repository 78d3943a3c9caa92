"""The par of a numbered deal: what the expert level scores in the player's seat.

Duplicate replays: every replay deals the same cards (the deal's seed) to the expert in seat 0
against the deal's opponents; only the players' own randomness (each choice's generator, e.g.
a search's samples or a reflex's timing) differs, drawn from the replay's number. The par is
the mean of seat 0's final totals with its standard error. Each replay depends on the deal
number, the replay number and the levels only, so a par is the same on every run and on any
number of processes and whatever the machine's load (no search is cut short by the levels' time
cap here).

``ParJob`` works the replays out in a separate process, for the title screen: the frame loop
only polls it.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import queue
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from craits.ai import Bot, bot_for
from craits.config.levels import default_profiles
from craits.daily import deal
from craits.director import TURN_SECONDS, FixedPace, InlineRunner, MatchDirector
from craits.seat import Seat
from craits.session import Session

PAR_LEVEL = "expert"
REPLAYS = 8  # about ten minutes on one core of a small machine (benchmarks/daily_par.py)
NO_TIME_CAP = 120.0  # the most a level's file allows: a busy machine never cuts a search short


def _bot(level: str) -> Bot:
    """The level as it plays, save the time cap: a par must not depend on the machine's load
    (the cap is a safety net at the table; here waiting longer is better than another par)."""
    profile = default_profiles()[level]
    search = dataclasses.replace(profile.search, time_cap=NO_TIME_CAP)
    return bot_for(dataclasses.replace(profile, search=search))


class _ReplaySession(Session):
    """A session whose players' generators are drawn from the replay too, not the seed only:
    the same cards, other choices where a player's randomness decides."""

    replay_number = 0

    def decision_rng(self, seat: int) -> random.Random:
        return random.Random(f"{self.seed}:par:{self.replay_number}:decision:"
                             f"{len(self.records)}:{seat}")


def replay_score(number: int, replay: int, level: str = PAR_LEVEL,
                 opponents: Sequence[str] | None = None) -> int:
    """Seat 0's final total when ``level`` plays deal ``number`` there, in replay ``replay``
    (``opponents``: other levels than the deal's, for quick checks of the method)."""
    the_deal = deal(number)
    kinds = (level, *(the_deal.kinds[1:] if opponents is None else opponents))
    bots = {seat: _bot(kind) for seat, kind in enumerate(kinds)}
    seats = [Seat(kind, f"{kind} {seat + 1}") for seat, kind in enumerate(kinds)]
    session = _ReplaySession(seats, the_deal.rules, the_deal.seed, bots=bots)
    session.replay_number = replay
    MatchDirector(session, runner=InlineRunner(), pace=FixedPace(TURN_SECONDS)).run()
    return session.match.totals[0]


@dataclass(frozen=True)
class Par:
    """The mean of ``scores`` (seat 0's totals, one a replay) and its standard error."""

    number: int
    scores: tuple[int, ...]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.scores)

    @property
    def stderr(self) -> float:
        n = len(self.scores)
        return statistics.stdev(self.scores) / n**0.5 if n > 1 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.number, "level": PAR_LEVEL, "replays": len(self.scores),
                "par": round(self.mean, 2), "stderr": round(self.stderr, 2),
                "scores": list(self.scores)}


def _score(job: tuple[int, int, str, Sequence[str] | None]) -> int:
    return replay_score(*job)


def compute_par(number: int, replays: int = REPLAYS, workers: int = 1, level: str = PAR_LEVEL,
                opponents: Sequence[str] | None = None,
                progress: Callable[[int, int], object] | None = None) -> Par:
    """Play ``replays`` replays (on ``workers`` processes); ``progress(done, replays)``."""
    jobs = [(number, replay, level, opponents) for replay in range(replays)]
    scores: list[int] = []
    pool = None
    if workers > 1 and replays > 1:
        # Fresh interpreters: a forked copy of a busy parent (threads, pygame) is not safe.
        pool = multiprocessing.get_context("spawn").Pool(min(workers, replays))
    try:
        for score in (pool.imap(_score, jobs) if pool else map(_score, jobs)):
            scores.append(score)
            if progress:
                progress(len(scores), replays)
    finally:
        if pool:
            pool.terminate()
    return Par(number, tuple(scores))


def _work(number: int, replays: Sequence[int], out: Any, level: str,
          opponents: Sequence[str] | None) -> None:
    """In the worker process: each replay's score as it is found, at a low priority (the
    player's own game comes first)."""
    try:
        os.nice(10)
    except (AttributeError, OSError):  # not on every system; the work is the same
        pass
    for replay in replays:
        out.put((replay, replay_score(number, replay, level, opponents)))


class ParJob:
    """Replays of deal ``number`` played in another process; ``poll`` takes what is found."""

    def __init__(self, number: int, replays: Sequence[int], level: str = PAR_LEVEL,
                 opponents: Sequence[str] | None = None) -> None:
        self.number = number
        self.waiting = set(replays)
        context = multiprocessing.get_context("spawn")
        self._results: Any = context.Queue()
        self._process = context.Process(
            target=_work, args=(number, list(replays), self._results, level, opponents),
            daemon=True)
        self._process.start()

    def poll(self) -> list[tuple[int, int]]:
        """The (replay, score) pairs found since the last poll; never waits."""
        found: list[tuple[int, int]] = []
        while True:
            try:
                replay, score = self._results.get_nowait()
            except queue.Empty:
                break
            self.waiting.discard(replay)
            found.append((int(replay), int(score)))
        return found

    @property
    def failed(self) -> bool:
        """The process ended with replays still to come (it is not started again for them)."""
        return bool(self.waiting) and not self._process.is_alive() and self._results.empty()

    def stop(self) -> None:
        if self._process.is_alive():
            self._process.terminate()
        self._process.join(timeout=1)
