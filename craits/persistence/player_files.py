"""The player's files in their folder: the settings, the statistics (which carry the one record
of what they count, ``craits.persistence.counted``), the saved match and its writer.

Reading never stops the game: a file found wrong is kept aside, one that cannot be read is left
where it is (and kept aside only before it would be replaced), its default is used, and the
problem waits in ``problems`` to be told. Writing never stops it either: a failure goes to
``health`` (which tells the player once), statistics that could not be written are written
again as soon as a save goes through, and a finished game that could not be kept among the
past games is written again then or every few seconds (``write_again``).
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TypeVar

from craits.persistence.archive import GameArchive
from craits.persistence.autosave import Autosaver
from craits.persistence.files import Problem, set_aside
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
        self._unread: set[Path] = set()  # files left in place unread: kept before replaced
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
            if problem.kind == "unreadable":
                self._unread.add(store.path)
        return value

    def _before_replacing(self, path: Path) -> None:
        """A file that could not be read at the start is kept aside before the game first
        writes over it (it may hold what the player would not lose)."""
        if path in self._unread:
            self._unread.discard(path)
            if path.exists() and set_aside(path, "unread") is None:
                log.warning("%s could not be kept aside before being replaced", path.name)

    def save_settings(self, settings: Settings) -> None:
        try:
            self._before_replacing(self.settings_store.path)
            self.settings_store.save(settings)
        except OSError as exc:
            self.health.failed("the settings", exc)
        else:
            self.health.succeeded("the settings")

    def save_statistics(self) -> bool:
        """Write the statistics with the record of what they count (one atomic write); True
        when written, else they are to be written again (``statistics_unsaved``)."""
        try:
            self._before_replacing(self.stats_store.path)
            self.stats_store.save(self.statistics)
        except (OSError, ValueError) as exc:
            self.statistics_unsaved = True
            self.health.failed("the statistics", exc)
            return False
        self.statistics_unsaved = False
        self.health.succeeded("the statistics")
        return True

    def save_ratings(self) -> None:
        """Write the players' ratings (each rated game writes them all, so a failed write is
        made good by the next one)."""
        try:
            self._before_replacing(self.ratings_store.path)
            self.ratings_store.save(self.ratings)
        except (OSError, ValueError) as exc:
            self.health.failed("the ratings", exc)
        else:
            self.health.succeeded("the ratings")

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
                try:
                    self.saves.clear()
                except OSError as exc:
                    log.warning("could not remove the finished game's save: %s", exc)

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
