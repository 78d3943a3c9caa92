"""A person's review and par worked out while their game is played, so that the game's end
shows the luck against the choices and the par at once, and the review opens complete.

Each round's par replays start when the round is dealt (they need only the match up to its
deal: ``par.round_at_deal``), its review when it ends (the seat's choices, from what it saw);
both in the background lane of the app's workbench (``craits.work``): the game being played
comes first. The work waits here, in order of need, and a unit goes to the workbench only when
a worker is free (``Job.room``): first the two replays of every round that show a par (the
daily screen's and game over's), then the reviews, then the replays that refine the par. On a
busy machine a fast player's par is then shown as soon as the last round's first two replays
are in, not after every earlier round's refinements (``benchmarks/analysis_while_playing.py
--daily N``: at 0.5 s a choice, shown about a minute after the game's end on a busy machine,
where work handed out as asked for was still not shown after 277 s). The answers are the ones
the review screen computes from the finished game, as a choice's seed and a replay's depend on
the match seed and their place only, not on how much of the game there was. At the match's
end they are kept under the finished game's name (``review.cache``, ``persistence.par_store``),
where the review and the past games read them.

A move taken back (``Session.undo``) before a round's end or its deal drops what was found for
that round; it is worked out again.

    analysis = GameAnalysis(seat, kinds, functools.partial(bench.job, Lane.BACKGROUND))
    analysis.follow(session)   # each frame: new rounds dealt or finished
    analysis.poll()            # each frame: what the workers found
    analysis.split(), analysis.par(), analysis.progress(), analysis.par_progress()
    analysis.keep(session, cache, store)
"""

from __future__ import annotations

import heapq
import logging
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from craits.persistence.par_store import Found, ParStore
from craits.persistence.store import WRITER, GameCache
from craits.session import Session
from craits.work import Job

from .analysis import ReviewLevel, RoundReview, analyse_round, review_level
from .cache import ReviewCache, game_key
from .luck import Split, game_split, round_split
from .par import PAR_LEVEL, PAR_REPLAYS, GamePar, RoundScore, best_par, par_blocker, par_version
from .replay import Replay

log = logging.getLogger(__name__)

MakeJob = Callable[[], Job]  # a job in the workbench's background lane
# The order units go to the workbench in (least first; then as asked for): a round's replays
# that show a par (``par.best_par`` needs two), its review, the replays that refine the par.
NEED_PAR, NEED_REVIEW, NEED_REFINE = 0, 1, 2
PAR_SHOWN = 2


@dataclass(frozen=True)
class ReviewRound:
    """A picklable job: the review of ``seat``'s choices in a unit's round of ``save``."""

    save: Mapping[str, Any]
    seat: int
    level: ReviewLevel

    def __call__(self, unit: tuple[str, int, int]) -> RoundReview:
        _kind, round_index, _try = unit
        return analyse_round(Replay(self.save), self.seat, round_index, self.level)


@dataclass(frozen=True)
class ParReplay:
    """A picklable job: the seat's score in a unit's replay of its round."""

    score: RoundScore

    def __call__(self, unit: tuple[str, int, int, int]) -> int:
        _kind, round_index, replay, _try = unit
        return self.score((round_index, replay))


class GameAnalysis:
    """``seat``'s review and par for every round of one match (``kinds``: every seat's
    kind), found by ``make_job``'s workers. No par when another seat is a person."""

    def __init__(self, seat: int, kinds: Sequence[str], make_job: MakeJob,
                 level: ReviewLevel | None = None, par_level: str = PAR_LEVEL,
                 replays: int = PAR_REPLAYS) -> None:
        self.seat = seat
        self.kinds = tuple(kinds)
        self.make_job = make_job
        self.level = review_level() if level is None else level
        self.par_level = par_level
        self.replays = replays
        self.with_par = par_blocker(kinds, seat) is None
        self.rounds = 0  # the match's rounds, once followed
        self.reviews: dict[int, RoundReview] = {}
        self.found: Found = {}
        self.failed = False
        self.kept = False
        self.par_kept = False
        self._dealt = 0  # rounds whose replays were asked for
        self._finished = 0  # rounds whose review was asked for
        self._tries: dict[tuple[str, int], int] = {}  # asked again after a take-back
        self._job: Job | None = None
        # Units not yet handed to the workbench: (need, order, work, unit), least first.
        self._waiting: list[tuple[int, int, Callable[[Any], Any], tuple[Any, ...]]] = []
        self._order = 0

    # ------------------------------------------------------------ following the match

    def follow(self, session: Session) -> None:
        """Ask for the work of the rounds dealt or finished since the last call (cheap when
        there are none)."""
        if self.failed:
            return
        match = session.match
        self.rounds = match.rounds
        dealt, finished = match.round_index + 1, len(match.history)
        if dealt < self._dealt or finished < self._finished:
            self._taken_back(dealt, finished)
        if dealt == self._dealt and finished == self._finished:
            return
        save = session.to_save()
        if self._job is None:
            self._job = self.make_job()
        job = self._job
        if finished > self._finished:
            review = ReviewRound(save, self.seat, self.level)
            for k in range(self._finished, finished):
                self._wait(NEED_REVIEW, review, ("review", k, self._try("review", k)))
        if self.with_par and dealt > self._dealt:
            work = ParReplay(RoundScore(save, self.seat, self.par_level))
            for k in range(self._dealt, dealt):
                for r in range(self.replays):
                    self._wait(NEED_PAR if r < PAR_SHOWN else NEED_REFINE, work,
                               ("par", k, r, self._try("par", k)))
        self._dealt, self._finished = dealt, finished
        self._feed(job)

    def waiting(self) -> list[tuple[Any, ...]]:
        """The units not yet handed to the workbench, the most needed first."""
        return [unit for *_, unit in sorted(self._waiting, key=lambda w: w[:2])]

    def _wait(self, need: int, work: Callable[[Any], Any], unit: tuple[Any, ...]) -> None:
        heapq.heappush(self._waiting, (need, self._order, work, unit))
        self._order += 1

    def _feed(self, job: Job) -> None:
        """Hand the most needed units to the workbench, as many as it has free workers for."""
        room = job.room()
        while room > 0 and self._waiting:
            _, _, work, unit = heapq.heappop(self._waiting)
            if unit[-1] == self._try(unit[0], unit[1]):  # not asked for before a take-back
                job.submit(work, unit)
                room -= 1

    def _try(self, kind: str, round_index: int) -> int:
        return self._tries.get((kind, round_index), 0)

    def _taken_back(self, dealt: int, finished: int) -> None:
        """Rounds from ``finished`` on are not over any more (and from ``dealt`` on not dealt):
        what was found or asked for them is dropped."""
        for k in range(finished, self._finished):
            self.reviews.pop(k, None)
            self._tries[("review", k)] = self._try("review", k) + 1
        for k in range(dealt, self._dealt):
            self.found.pop(k, None)
            self._tries[("par", k)] = self._try("par", k) + 1
        self._finished = min(self._finished, finished)
        self._dealt = min(self._dealt, dealt)

    def poll(self) -> bool:
        """Take what the workers found; True when something new came."""
        job = self._job
        if job is None:
            return False
        new = False
        while True:  # what finished frees a worker for the next unit
            self._feed(job)
            finished = job.take()
            if not finished:
                break
            for done in finished:
                new = self._take(done.unit, done.value) or new
        if job.failed:
            log.warning("the game could not be analysed while played: %s",
                        "; ".join(job.errors) or "its workers stopped")
            self.failed = True
            self.stop()
        return new

    def _take(self, unit: Hashable, answer: Any) -> bool:
        if not isinstance(unit, tuple) or unit[-1] != self._try(unit[0], unit[1]):
            return False  # asked for before a take-back
        if unit[0] == "review" and isinstance(answer, RoundReview):
            self.reviews[unit[1]] = answer
            return True
        if unit[0] == "par" and isinstance(answer, int):
            self.found.setdefault(unit[1], {})[unit[2]] = answer
            return True
        return False

    def stop(self) -> None:
        job, self._job = self._job, None
        self._waiting.clear()
        if job is not None:
            job.drop()

    # ------------------------------------------------------------ what was found

    def progress(self) -> tuple[int, int]:
        """(found, to find) for the whole match: every round's review and replays."""
        found, each = len(self.reviews), 1
        if self.with_par:
            found += sum(min(len(s), self.replays) for s in self.found.values())
            each += self.replays
        return found, max(found, self.rounds * each)

    def par_progress(self) -> tuple[int, int, float]:
        """The par's progress: (rounds with every replay in, the match's rounds, the share of
        all their replays in, 0 to 1)."""
        counts = [min(len(self.found.get(k, {})), self.replays) for k in range(self.rounds)]
        total = self.rounds * self.replays
        return (sum(c >= self.replays for c in counts), self.rounds,
                sum(counts) / total if total else 0.0)

    @property
    def par_found(self) -> bool:
        """Every replay of every round of the match is in."""
        return self.with_par and self.rounds > 0 and self.par_progress()[0] == self.rounds

    @property
    def complete(self) -> bool:
        found, total = self.progress()
        return total > 0 and found >= total

    def split(self, history: Sequence[Sequence[int]]) -> Split | None:
        """The seat's luck and choices over the finished rounds (``history``: each one's
        scores), in whole points, once every one is reviewed."""
        if not history or any(k not in self.reviews for k in range(len(history))):
            return None
        return game_split((round_split(self.reviews[k], scores)
                           for k, scores in enumerate(history)), 0)

    def par(self, history: Sequence[Sequence[int]]) -> GamePar | None:
        """The seat's par over the finished rounds, once each has two replays (refined up to
        ``replays``)."""
        if not self.with_par or not history:
            return None
        yours = {k: scores[self.seat] for k, scores in enumerate(history)}
        return best_par(self.par_level, self.found, range(len(history)), self.replays, yours)

    def keep(self, session: Session, cache: ReviewCache | None,
             store: ParStore | None) -> None:
        """Once, at the match's end: what was found, kept under the finished game's name (on
        the background writer: a frame never waits for the disk)."""
        if self.kept:
            return
        self.kept = True
        save = session.to_save()
        reviews = tuple(self.reviews[k] for k in sorted(self.reviews))
        found = {k: dict(s) for k, s in self.found.items()}
        version = par_version(self.kinds, self.seat, self.par_level) if self.with_par else ""

        def write() -> None:
            game = game_key(save)
            if cache is not None and reviews:
                cache.store(game, self.level, *reviews)
            if store is not None and found and version:
                store.store(game, version, found)

        WRITER.submit(write)

    def keep_par(self, session: Session, store: ParStore) -> bool:
        """Once the match is over and every par replay is in: the par kept under the finished
        game's name at once (the review's last verdicts may come later); True if it was."""
        if self.par_kept or not self.par_found or not session.match.is_over():
            return False
        self.par_kept = True
        store.store_later(game_key(session.to_save()),
                          par_version(self.kinds, self.seat, self.par_level), self.found)
        return True

    def flush(self, timeout: float = 5.0) -> None:
        """Until what ``keep`` writes is written (tests)."""
        GameCache.flush(timeout)


class Finishable(Protocol):
    """A finished game's analysis that its table left to finish (``ui.table.analysis_part``)."""

    @property
    def analysis(self) -> GameAnalysis | None: ...

    def finish(self, now: bool = False) -> bool:
        """One step: True once over (kept when complete); ``now``: keep what was found."""
        ...


class Finishing:
    """The analyses of finished games still being worked out after their table went, one
    step each frame (``update``: the app's) until complete and kept. The deal of the day's
    screen reads a game's progress here (``working``) until its par is kept."""

    KEPT = 4  # finished ones still read here, while their files are being written

    def __init__(self) -> None:
        self._parts: dict[str, Finishable] = {}  # by the finished game's key
        self._done: dict[str, GameAnalysis] = {}

    def take(self, session: Session, part: Finishable) -> None:
        self._parts[game_key(session.to_save())] = part

    def update(self) -> None:
        for key, part in list(self._parts.items()):
            if part.finish():
                del self._parts[key]
                if part.analysis is not None and part.analysis.complete:
                    self._done[key] = part.analysis
                    while len(self._done) > self.KEPT:
                        del self._done[next(iter(self._done))]

    def working(self, key: str) -> GameAnalysis | None:
        """The analysis of the finished game ``key`` (``review.cache.game_key``), while it
        is worked out here or just after; None otherwise."""
        part = self._parts.get(key)
        return part.analysis if part is not None else self._done.get(key)

    def close(self) -> None:
        """The app ends: each keeps what it found so far (its review finds the rest)."""
        for part in self._parts.values():
            part.finish(now=True)
        self._parts.clear()

