"""What the saved game is, in a few words, without touching it: who plays, which round, when it
was saved. For the title's Continue and for the question before a new game replaces it.

Reading here never sets the file aside (that is for Continue, which reports it): a save that
cannot be summed up simply has no summary.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime

from craits.engine.notation import NEXT_ROUND
from craits.engine.rules import Rules
from craits.persistence.game_record import read_save
from craits.persistence.saves import SaveStore


@dataclass(frozen=True)
class SaveSummary:
    names: tuple[str, ...]
    round: int  # 1-based, the round being played
    rounds: int  # rounds in the whole game
    saved_at: datetime

    def when(self, now: datetime | None = None) -> str:
        """The time it was saved: ``13:42`` today, ``2026-11-28 13:42`` another day."""
        now = now or datetime.now()
        if self.saved_at.date() == now.date():
            return self.saved_at.strftime("%H:%M")
        return self.saved_at.strftime("%Y-%m-%d %H:%M")


_cache: dict[str, tuple[tuple[int, int], SaveSummary | None]] = {}


def summarize(store: SaveStore) -> SaveSummary | None:
    """The summary of ``store``'s save; None when there is none or it cannot be read as one.
    Cached by the file's size and time, so a screen may ask every time it lays out."""
    path = store.path
    try:
        if path.is_symlink():
            return None
        info = os.stat(path)
    except OSError:
        return None
    key = (info.st_mtime_ns, info.st_size)
    cached = _cache.get(str(path))
    if cached is not None and cached[0] == key:
        return cached[1]
    summary = _read(store, datetime.fromtimestamp(info.st_mtime))
    _cache[str(path)] = (key, summary)
    return summary


def _read(store: SaveStore, saved_at: datetime) -> SaveSummary | None:
    try:
        data = read_save(store.peek()).data
    except ValueError:
        return None
    rounds = len(Rules.from_dict(data["rules"]).deals)
    played = sum(1 for record in data["actions"] if NEXT_ROUND in record)
    names = tuple(seat["name"] for seat in data["seats"])
    return SaveSummary(names, min(rounds, played + 1), rounds, saved_at)
