"""Saves, settings and statistics: JSON in versioned envelopes, written atomically, never lost."""

from craits.persistence.files import (
    FORMATS,
    Problem,
    atomic_write_json,
    envelope,
    load_json_file,
    set_aside,
)
from craits.persistence.saves import SAVE_VERSION, SaveStore
from craits.persistence.settings import (
    ANIMATION_SPEEDS,
    CARD_STYLES,
    LEVELS,
    SEAT_KINDS,
    NewGameSetup,
    Settings,
    SettingsStore,
)
from craits.persistence.statistics import (
    BUCKETS,
    ScoreRecord,
    Statistics,
    StatisticsStore,
    Tally,
    opponent_bucket,
)
from craits.seat import Seat

__all__ = [
    "ANIMATION_SPEEDS", "BUCKETS", "CARD_STYLES", "FORMATS", "LEVELS", "SAVE_VERSION",
    "SEAT_KINDS", "NewGameSetup", "Problem", "SaveStore", "ScoreRecord", "Seat", "Settings",
    "SettingsStore", "Statistics", "StatisticsStore", "Tally", "atomic_write_json", "envelope",
    "load_json_file", "opponent_bucket", "set_aside",
]
