"""The player's files in their folder: the settings, the statistics (which carry the one record
of what they count, ``craits.persistence.counted``), the saved match and its writer.

Reading never stops the game: a file that cannot be used is kept aside, its default is used,
and the problem waits in ``problems`` to be told. Writing never stops it either: a failure
goes to ``health`` (which tells the player once), and statistics that could not be written
are written again as soon as a save goes through (``write_again``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from craits.persistence.autosave import Autosaver
from craits.persistence.files import Loadable, Problem, load_or_set_aside
from craits.persistence.save_health import SaveHealth
from craits.persistence.saves import SaveStore
from craits.persistence.settings import Settings, SettingsStore
from craits.persistence.statistics import Statistics, StatisticsStore

log = logging.getLogger("craits.app")
T = TypeVar("T")


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
        self.problems: list[Problem] = []  # files that could not be used as they were
        self.loaded_settings = self._load(self.settings_store, Settings)
        self.statistics = self._load(self.stats_store, Statistics)
        self.statistics_unsaved = False  # to write again once writing works
        self._writes_seen = 0

    def _load(self, store: Loadable[T], default: Callable[[], T]) -> T:
        value, problem = load_or_set_aside(store, default)
        if problem is not None:
            self.problems.append(problem)
        return value

    def save_settings(self, settings: Settings) -> None:
        try:
            self.settings_store.save(settings)
        except OSError as exc:
            self.health.failed("the settings", exc)
        else:
            self.health.succeeded("the settings")

    def save_statistics(self) -> bool:
        """Write the statistics with the record of what they count (one atomic write); True
        when written, else they are to be written again (``statistics_unsaved``)."""
        try:
            self.stats_store.save(self.statistics)
        except (OSError, ValueError) as exc:
            self.statistics_unsaved = True
            self.health.failed("the statistics", exc)
            return False
        self.statistics_unsaved = False
        self.health.succeeded("the statistics")
        return True

    def write_again(self) -> None:
        """Once a frame: statistics that could not be written are written again as soon as a
        save of the match goes through (the folder can be written again)."""
        writes, self._writes_seen = self._writes_seen, self.autosaver.writes
        if self.statistics_unsaved and writes != self._writes_seen:
            self.save_statistics()

    def close(self) -> None:
        """The last save and any statistics not yet written, then the writer stops."""
        try:
            self.autosaver.flush()
        except Exception:  # the app is closing: nothing more can be done about it
            log.exception("the last save failed")
        if self.statistics_unsaved:
            self.save_statistics()
        self.autosaver.stop()
