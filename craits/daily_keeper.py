"""What the title screen knows of the deals of the day: today's deal, what was played, the
streak, the pars; it starts the par's worker and keeps what it finds (``daily.json``).

A deal opened at the table is noted as started, with its game's match id; it is found
finished among the past games by that id (the match keeper keeps every finished game there),
so nothing of the table knows of it and no clock decides it.
Nothing here stops the game: a file that cannot be written is written again at the next
change, and a worker that fails leaves the par unknown.
"""

from __future__ import annotations

import logging
from datetime import date, datetime
from pathlib import Path
from typing import Any

from craits.daily import deal, number_of
from craits.daily_par import REPLAYS, Par, ParJob
from craits.persistence.archive import GameArchive
from craits.persistence.daily import DailyStore, Result, par_key
from craits.persistence.files import Problem
from craits.review.par import PAR_VERSION
from craits.work import Workbench

log = logging.getLogger("craits.app")


class DailyKeeper:
    def __init__(self, home: Path, archive: GameArchive, bench: Workbench,
                 replays: int = REPLAYS) -> None:
        self.store = DailyStore(home)
        self.bench = bench  # the app's: the par's replays run in its background lane
        self.archive = archive
        self.replays = replays
        self.record, problem = self.store.load()
        self.problems: list[Problem] = [problem] if problem is not None else []
        self.job: ParJob | None = None
        self.unsaved = False

    # ---- reading
    @staticmethod
    def today() -> date:
        return datetime.now().date()  # the player's own calendar day

    def today_number(self) -> int:
        return number_of(self.today())

    def result(self, number: int) -> Result | None:
        return self.record.results.get(number)

    def streak(self) -> int:
        return self.record.streak(self.today())

    def par(self, number: int) -> Par | None:
        scores = self.record.pars.get(par_key(number, PAR_VERSION), [])
        return Par(number, tuple(scores[:self.replays])) if len(scores) >= self.replays else None

    def par_progress(self, number: int) -> tuple[int, int] | None:
        """Replays done and planned while the par of ``number`` is being worked out."""
        if self.job is None or self.job.number != number or self.job.failed:
            return None
        return len(self.record.pars.get(par_key(number, PAR_VERSION), [])), self.replays

    # ---- changing
    def started(self, number: int, now: datetime | None = None, *,
                match_id: str | None = None) -> None:
        """Deal ``number`` opened at the table as the match ``match_id`` (found finished
        later by ``settle``)."""
        self.record.start(number, (now or datetime.now()).replace(microsecond=0), match_id)
        self._save()

    def settle(self) -> bool:
        """Started deals found finished among the past games become results."""
        if not self.record.started:
            return False
        finished: list[tuple[str, datetime, dict[str, Any]]] = []
        games, _ = self.archive.games()  # problems are for the past games' list to tell
        kinds = deal(1).kinds
        for game in games:  # only the records a note may take are read
            if not game.over or game.kinds != kinds or not any(
                    s.finds(game.path.name, game.finished) for s in self.record.started):
                continue
            try:
                finished.append((game.path.name, game.finished, self.archive.record(game)))
            except ValueError:
                continue
        if not self.record.settle(finished):
            return False
        self._save()
        return True

    def work_out_par(self, number: int) -> None:
        """Start the worker on the replays of ``number`` still unknown (one deal at a time)."""
        if self.par(number) is not None:
            return
        if self.job is not None and self.job.number == number and not self.job.failed:
            return
        self.stop()
        done = len(self.record.pars.get(par_key(number, PAR_VERSION), []))
        self.job = ParJob(number, range(done, self.replays), self.bench)

    def poll(self) -> bool:
        """Take what the worker found; True when something changed. Replays are kept in
        their order, so a par is the same however often its work was cut off."""
        if self.job is None:
            return False
        found = sorted(self.job.poll())
        if not found:
            return False
        scores = self.record.pars.setdefault(par_key(self.job.number, PAR_VERSION), [])
        for replay, score in found:
            if replay == len(scores):
                scores.append(score)
        self._save()
        return True

    def stop(self) -> None:
        if self.job is not None:
            self.job.stop()
            self.job = None

    def _save(self) -> None:
        try:
            self.store.save(self.record)
            self.unsaved = False
        except (OSError, ValueError) as exc:
            self.unsaved = True
            log.warning("the deals of the day could not be written: %s", exc)
