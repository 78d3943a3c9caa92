"""The player's files in their folder: the settings, the statistics (which carry the one record
of what they count, ``craits.persistence.counted``), the saved match and its writer.

Reading never stops the game (``store.JsonStore``): a file found wrong is kept aside, one that
cannot be read is left where it is (and kept aside only before it would be replaced), its
default is used, and the problem waits in ``problems`` to be told. Writing never stops it either: a failure goes to
``health`` (which tells the player once), statistics that could not be written are written
again as soon as a save goes through, and a finished game that could not be kept among the
past games is written again then or every few seconds (``write_again``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from craits.persistence.archive import GameArchive
from craits.persistence.autosave import Autosaver
from craits.persistence.files import Problem
from craits.persistence.ratings import Ratings, RatingsStore
from craits.persistence.save_health import SaveHealth
from craits.persistence.saves import SaveStore
from craits.persistence.settings import Settings, SettingsStore
from craits.persistence.statistics import Statistics, StatisticsStore
from craits.persistence.store import JsonStore

log = logging.getLogger("craits.app")
T = TypeVar("T")
RETRY_SECONDS = 5.0  # how often a finished game waiting to be kept is tried again


class PlayerFiles:
    """Reads the settings and the statistics at once; ``statistics`` are those in use (the
    match keeper adds to them, the statistics screen resets them)."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.health = SaveHealth()  # a read-only or full folder is told once
        self.settings_store = SettingsStore(home)
        self.stats_store = StatisticsStore(home)
        self.saves = SaveStore(home)
        self.autosaver = Autosaver(self.saves, health=self.health)
        self.archive = GameArchive(home)  # the past games (the match keeper keeps them)
        self.problems: list[Problem] = []  # files that could not be used as they were
        self.loaded_settings: Settings = self._load(self.settings_store)
        self.statistics: Statistics = self._load(self.stats_store)
        self.statistics_unsaved = False  # to write again once writing works
        self.ratings_store = RatingsStore(home)
        self.ratings: Ratings = self._load(self.ratings_store)
        self._writes_seen = 0
        self._archive_tried = 0.0

    def _load(self, store: JsonStore[T]) -> T:
        value, problem = store.load()
        if problem is not None:
            self.problems.append(problem)
        return value

    def _write(self, what: str, write: Callable[[], None]) -> bool:
        """Whether ``write`` went through; a failure is told once (``health``)."""
        try:
            write()
        except (OSError, ValueError) as exc:
            self.health.failed(what, exc)
            return False
        self.health.succeeded(what)
        return True

    def save_settings(self, settings: Settings) -> None:
        self._write("the settings", lambda: self.settings_store.save(settings))

    def save_statistics(self) -> bool:
        """Write the statistics with the record of what they count (one atomic write); True
        when written, else they are to be written again (``statistics_unsaved``)."""
        written = self._write("the statistics", lambda: self.stats_store.save(self.statistics))
        self.statistics_unsaved = not written
        return written

    def save_ratings(self) -> None:
        """Write the players' ratings (each rated game writes them all, so a failed write is
        made good by the next one)."""
        self._write("the ratings", lambda: self.ratings_store.save(self.ratings))

    def write_again(self, now: float | None = None) -> None:
        """Once a frame: statistics that could not be written are written again as soon as a
        save of the match goes through (the folder can be written again); finished games
        waiting to be kept then too, or every ``RETRY_SECONDS`` (no save may come)."""
        writes, self._writes_seen = self._writes_seen, self.autosaver.writes
        if self.statistics_unsaved and writes != self._writes_seen:
            self.save_statistics()
        now = time.monotonic() if now is None else now
        if self.archive.pending and (writes != self._writes_seen
                                     or now - self._archive_tried >= RETRY_SECONDS):
            self._archive_tried = now
            self.write_pending_games()

    def write_pending_games(self) -> None:
        """Write the finished games that could not be kept; the save each left (it held the
        game while it waited) goes once the game is kept."""
        for match_id in self.archive.write_pending():
            log.info("the finished game %s is kept among the past games", match_id)
            if self.saves.holds(match_id):
                self.saves.clear()

    def close(self) -> None:
        """The last save and any statistics not yet written, then the writer stops."""
        try:
            self.autosaver.flush()
        except Exception:  # the app is closing: nothing more can be done about it
            log.exception("the last save failed")
        if self.statistics_unsaved:
            self.save_statistics()
        self.write_pending_games()
        self.autosaver.stop()
