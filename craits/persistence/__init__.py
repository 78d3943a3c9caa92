"""Saves, settings and statistics: JSON in versioned envelopes, written atomically, never lost."""

from craits.persistence.files import Problem, atomic_write_json, envelope, load_json_file
from craits.persistence.saves import SaveStore
from craits.persistence.settings import (
    ANIMATION_SPEEDS,
    CARD_STYLES,
    LEVELS,
    NewGameSetup,
    Settings,
    SettingsStore,
)
from craits.persistence.statistics import (
    ScoreRecord,
    Statistics,
    StatisticsStore,
    Tally,
    opponent_bucket,
)
from craits.seat import Seat

__all__ = [
    "ANIMATION_SPEEDS", "CARD_STYLES", "LEVELS", "NewGameSetup", "Problem", "SaveStore",
    "ScoreRecord", "Seat", "Settings", "SettingsStore", "Statistics", "StatisticsStore", "Tally",
    "atomic_write_json", "envelope", "load_json_file", "opponent_bucket",
]
