"""The par's replays kept beside the past games, so a par is worked out once.

``games/par-<game>-<version>.json`` holds, for one game (``review.cache.game_key``: its seed,
rules, seats and actions) and one par (``review.par.par_version``: the method, the seat and
every player's level), each round's replay scores found so far. Like the review's cache it is
only a copy of what can be computed again: a file that cannot be read or is wrong in any way is
ignored (and replaced by the next write), never shown; written all or nothing, never through a
link; only the newest ``KEEP`` files are kept.

    store = ParStore.in_home(user_home())
    found = store.load(game, version)          # {round: {replay: score}}
    store.store_later(game, version, found)
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from craits.config.reading import FileRefused, read_limited
from craits.persistence.archive import games_folder
from craits.persistence.files import atomic_write_json, keep_newest

from .cache import game_key
from .par import PAR_LEVEL, PAR_REPLAYS, GamePar, best_par, par_blocker, par_version

log = logging.getLogger(__name__)

STORE_FORMAT = "craits-par"
STORE_VERSION = 1
KEEP = 40  # files, as many as the review's verdicts kept
MAX_STORE_BYTES = 2_000_000
MAX_SCORE = 10_000  # a round's points are some hundreds at most
_NAME = re.compile(r"par-[0-9a-f]{32}-[0-9a-f]{16}\.json")

Found = dict[int, dict[int, int]]  # round -> replay -> the seat's score


class ParStore:
    """Replays kept in ``folder`` (None: nothing is kept)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._lock = threading.Lock()  # one write at a time: each merges what is kept
        self._writer: threading.Thread | None = None

    @classmethod
    def in_home(cls, home: Path) -> ParStore:
        """The store in the ``games`` folder of the player's ``home`` (none if refused)."""
        try:
            folder, refused = games_folder(home)
        except OSError:
            return cls(None)
        return cls(None if refused is not None else folder)

    def path(self, game: str, version: str) -> Path | None:
        if self.folder is None:
            return None
        return self.folder / f"par-{game}-{version}.json"

    def load(self, game: str, version: str) -> Found:
        """The replays kept for ``game`` and ``version``; empty when there are none or the file
        is not usable."""
        path = self.path(game, version)
        if path is None or path.is_symlink():  # a link is never followed
            return {}
        try:
            raw = read_limited(path, MAX_STORE_BYTES)
        except (OSError, FileRefused):
            return {}
        try:
            return _found(json.loads(raw.decode("utf-8")), game, version)
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
            log.info("par file %s not used: %s", path.name, exc)
            return {}

    def store(self, game: str, version: str, found: Mapping[int, Mapping[int, int]]) -> None:
        """Add ``found`` to what is kept (a failure to write is only logged: it is a copy)."""
        path = self.path(game, version)
        if path is None:
            return
        with self._lock:
            kept = self.load(game, version)
            for index, scores in found.items():
                kept.setdefault(index, {}).update(scores)
            document = {"format": STORE_FORMAT, "version": STORE_VERSION, "game": game,
                        "par": version,
                        "rounds": [{"round": index, "replays": sorted(scores.items())}
                                   for index, scores in sorted(kept.items())]}
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                atomic_write_json(path, document, sort_keys=False)
            except (OSError, ValueError) as exc:
                log.info("par file %s not written: %s", path.name, exc)
                return
            self.prune()

    def store_later(self, game: str, version: str,
                    found: Mapping[int, Mapping[int, int]]) -> None:
        """``store`` on a thread of its own: a frame never waits for the disk."""
        copy = {index: dict(scores) for index, scores in found.items()}
        writer = threading.Thread(target=self.store, args=(game, version, copy),
                                  name="craits-par-store", daemon=True)
        writer.start()
        self._writer = writer

    def flush(self, timeout: float | None = None) -> None:
        """Until the last ``store_later`` is written (tests)."""
        if self._writer is not None:
            self._writer.join(timeout)

    def prune(self) -> None:
        """Let the oldest files go beyond ``KEEP``."""
        if self.folder is None:
            return
        keep_newest(self.folder, _NAME, KEEP)


def _found(doc: Any, game: str, version: str) -> Found:
    if not isinstance(doc, dict) or doc.get("format") != STORE_FORMAT:
        raise ValueError("not a par file")
    if doc.get("version") != STORE_VERSION or doc.get("game") != game or \
            doc.get("par") != version:
        raise ValueError("another version, game or par")
    out: Found = {}
    for entry in doc["rounds"]:
        index = _int(entry["round"], 0, 100_000)
        scores = out.setdefault(index, {})
        for replay, score in entry["replays"]:
            scores[_int(replay, 0, 100_000)] = _int(score, -MAX_SCORE, MAX_SCORE)
    return out


def _int(value: Any, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"not a whole number from {low} to {high}")
    return value


def kept_par(save: Mapping[str, Any], seat: int, scores: Sequence[Sequence[int]],
             store: ParStore, replays: int = PAR_REPLAYS,
             level: str = PAR_LEVEL) -> GamePar | None:
    """``seat``'s par for the finished rounds (``scores``: each one's scores) from the replays
    the store holds (``best_par``: two of every round at least); None otherwise (nothing is
    computed here)."""
    kinds = [s["kind"] for s in save["seats"]]
    if not scores or par_blocker(kinds, seat) is not None:
        return None
    found = store.load(game_key(save), par_version(kinds, seat, level))
    yours = {index: round_scores[seat] for index, round_scores in enumerate(scores)}
    return best_par(level, found, range(len(scores)), replays, yours)
