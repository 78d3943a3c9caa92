"""The review's par (``review.par``): what the expert scores in the reviewed seat with the same
cards against the same opponents, read at once when it was kept (``persistence.par_store``), else
worked out in the background lane of the app's workbench while the player reads, each round's
replays kept as they come. The luck panel shows its line: the par with its standard error and
the seat's own points, or how far the replays are, or why there is none.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable

from craits import i18n
from craits.persistence.par_store import Found, ParStore
from craits.review.par import (
    PAR_LEVEL,
    PAR_REPLAYS,
    GamePar,
    RoundScore,
    best_par,
    par_blocker,
    par_version,
    units,
)
from craits.review.replay import Replay
from craits.work import Job

log = logging.getLogger(__name__)

MakeWork = Callable[[], Job]  # a job in the workbench's background lane


class ParPart:
    """``update(seat)`` each frame (a new seat starts that seat's par), ``line()`` to show,
    ``stop()`` when the review closes. ``make_work`` None: only what was kept is shown."""

    def __init__(self, replay: Replay, store: Callable[[], ParStore | None],
                 make_work: MakeWork | None = None, replays: int = PAR_REPLAYS,
                 level: str = PAR_LEVEL) -> None:
        self.replay = replay
        self._make_store = store
        self.make_work = make_work
        self.replays = replays
        self.level = level
        self.seat: int | None = None
        self.blocked: str | None = None
        self.failed = False
        self.found: Found = {}
        self.job: Job | None = None
        self._game = ""
        self._version = ""
        self.rounds = [i for i, r in enumerate(replay.rounds) if r.scores is not None]

    # ------------------------------------------------------------ working

    @functools.cached_property
    def store(self) -> ParStore | None:
        """The store, made once (one lock for every write of this review)."""
        return self._make_store()

    def update(self, seat: int) -> bool:
        """Start ``seat``'s par if it is new here; take what the workers found. True when
        something changed."""
        if seat != self.seat:
            self._start(seat)
            return True
        job = self.job
        if job is None:
            return False
        found = job.take()
        for done in found:
            if done.error is None:
                index, replay = done.unit
                self.found.setdefault(index, {})[replay] = done.value
        store = self.store
        if found and store is not None:
            store.store_later(self._game, self._version, self.found)
        if job.failed:
            log.warning("the par could not be worked out: %s", "; ".join(job.errors))
            self.failed = True
            self.stop()
        elif not job.pending:
            self.stop()
        return bool(found) or self.failed

    def _start(self, seat: int) -> None:
        self.stop()
        self.seat, self.failed, self.found = seat, False, {}
        kinds = [s.kind for s in self.replay.seats]
        self.blocked = par_blocker(kinds, seat)
        if self.blocked is not None or not self.rounds:
            return
        self._game = self.replay.game_key
        self._version = par_version(kinds, seat, self.level)
        store = self.store
        self.found = store.load(self._game, self._version) if store is not None else {}
        todo = units(self.rounds, self.replays, self.found)
        if not todo or self.make_work is None:
            return
        score = RoundScore(self.replay.save, seat, self.level)
        self.job = self.make_work()
        for unit in todo:
            self.job.submit(score, unit)

    def stop(self) -> None:
        job, self.job = self.job, None
        if job is not None:
            job.drop()

    # ------------------------------------------------------------ reading

    def par(self) -> GamePar | None:
        """The par of the game's finished rounds, from the most replays every one has (two at
        least; refined as more come in, up to ``replays``)."""
        yours = {i: s[self.seat] for i in self.rounds
                 if self.seat is not None and (s := self.replay.rounds[i].scores) is not None}
        return best_par(self.level, self.found, self.rounds, self.replays, yours)

    def progress(self) -> tuple[int, int]:
        """Replays found and needed."""
        done = sum(min(self.replays, len([r for r in self.found.get(i, {})
                                          if r < self.replays])) for i in self.rounds)
        return done, self.replays * len(self.rounds)

    def line(self) -> str | None:
        """What the luck panel says of the par (None before a seat is chosen)."""
        if self.seat is None:
            return None
        if self.blocked is not None:
            return i18n.t("par.no_person" if self.blocked == "human" else "par.no_level")
        if not self.rounds:
            return i18n.t("par.no_rounds")
        par = self.par()
        if par is not None:
            return known_line(par)
        if self.failed:
            return i18n.t("par.failed")
        if self.job is None:  # nothing kept, nothing worked out here
            return i18n.t("par.not_kept")
        done, total = self.progress()
        return i18n.t("par.working", done=done, total=total)


def known_line(par: GamePar) -> str:
    """"the expert in this seat: 131 ± 6 points (4 replays a round) · scored here: 140"."""
    return i18n.t("par.known", par=round(par.value), error=round(par.stderr),
                  count=par.replays, yours=par.yours if par.yours is not None else "–")
