"""The par of a numbered deal: what the expert level scores in the player's seat.

Duplicate replays: every replay deals the same cards (the deal's seed) to the expert in seat 0
(the review's expert, as in every par: ``craits.review.par``)
against the deal's opponents; only the players' own randomness (each choice's generator, e.g.
a search's samples or a reflex's timing) differs, drawn from the replay's number. The par is
the mean of seat 0's final totals with its standard error. Each replay depends on the deal
number, the replay number and the levels only, so a par is the same on every run and on any
number of processes and whatever the machine's load (no search is cut short by the levels' time
cap here).

``ParJob`` works the replays out in the background lane of the app's workbench, for the title
screen: the frame loop only polls it. The parts shared with the par of any reviewed game (the
levels without their time cap, the replays' generators, the figures) are ``craits.review.par``;
the workers are ``craits.work``'s.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from craits.daily import deal
from craits.director import TURN_SECONDS, FixedPace, InlineRunner, MatchDirector
from craits.review.par import NO_TIME_CAP, PAR_LEVEL, PAR_RACE, mean_and_stderr, par_bot
from craits.review.par import ParSession as _ReplaySession
from craits.seat import Seat
from craits.work import Lane, Workbench, command_bench, run_all

__all__ = ["NO_TIME_CAP", "PAR_LEVEL", "REPLAYS", "Par", "ParJob", "compute_par",
           "replay_score"]

REPLAYS = 8  # about ten minutes on one core of a small machine (benchmarks/daily_par.py)
_bot = par_bot  # the levels as they play, without a time cap (``craits.review.par``)


def replay_score(number: int, replay: int, level: str = PAR_LEVEL,
                 opponents: Sequence[str] | None = None) -> int:
    """Seat 0's final total when ``level`` plays deal ``number`` there, in replay ``replay``
    (``opponents``: other levels than the deal's, for quick checks of the method)."""
    the_deal = deal(number)
    kinds = (level, *(the_deal.kinds[1:] if opponents is None else opponents))
    bots = {seat: _bot(kind, PAR_RACE if seat == 0 else None) for seat, kind in enumerate(kinds)}
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
        return mean_and_stderr(self.scores)[0]

    @property
    def stderr(self) -> float:
        return mean_and_stderr(self.scores)[1]

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.number, "level": PAR_LEVEL, "replays": len(self.scores),
                "par": round(self.mean, 2), "stderr": round(self.stderr, 2),
                "scores": list(self.scores)}


def _work(number: int, level: str, opponents: Sequence[str] | None) -> Callable[[int], int]:
    """A picklable job: a replay's number in, its score out."""
    return functools.partial(replay_score, number, level=level, opponents=opponents)


def compute_par(number: int, replays: int = REPLAYS, workers: int = 1, level: str = PAR_LEVEL,
                opponents: Sequence[str] | None = None,
                progress: Callable[[int, int], object] | None = None) -> Par:
    """Play ``replays`` replays (on ``workers`` processes); ``progress(done, replays)``."""
    with command_bench(workers) as bench:
        scores = run_all(bench.job(Lane.REVIEW), _work(number, level, opponents),
                         list(range(replays)), progress)
    return Par(number, tuple(scores[r] for r in range(replays)))


class ParJob:
    """Replays of deal ``number`` played in ``bench``'s background lane; ``poll`` takes what
    is found."""

    def __init__(self, number: int, replays: Sequence[int], bench: Workbench,
                 level: str = PAR_LEVEL, opponents: Sequence[str] | None = None) -> None:
        self.number = number
        self._job = bench.job(Lane.BACKGROUND)
        work = _work(number, level, opponents)
        for replay in replays:
            self._job.submit(work, replay)

    @property
    def pending(self) -> int:
        return self._job.pending

    def poll(self) -> list[tuple[int, int]]:
        """The (replay, score) pairs found since the last poll; never waits."""
        return [(int(d.unit), d.value) for d in self._job.take() if d.error is None]

    @property
    def failed(self) -> bool:
        """A replay failed (its worker died twice, say): the par stays unknown."""
        return self._job.failed

    def stop(self) -> None:
        self._job.drop()
