"""The par's replays kept beside the past games, so a par is worked out once.

``games/par-<game>-<version>.json`` holds, for one game (``game_record.game_key``: its seed,
rules, seats and actions) and one par (``review.par.par_version``: the method, the seat and
every player's level), each round's replay scores found so far. Only a copy of what can be
computed again (``store.CacheFolder``): a file that cannot be read or is wrong in any way is
ignored (and replaced by the next write), never shown; only the newest ``KEEP`` files are kept.

    store = ParStore.in_home(user_home())
    found = store.load(game, version)          # {round: {replay: score}}
    store.store_later(game, version, found)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from craits.persistence.archive import games_folder
from craits.persistence.files import JsonObject, whole
from craits.persistence.store import CacheFolder

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
        self.files = CacheFolder(folder, _NAME, KEEP, MAX_STORE_BYTES)

    @property
    def folder(self) -> Path | None:
        return self.files.folder

    @classmethod
    def in_home(cls, home: Path) -> ParStore:
        """The store in the ``games`` folder of the player's ``home`` (none if refused)."""
        try:
            folder, refused = games_folder(home)
        except OSError:
            return cls(None)
        return cls(None if refused is not None else folder)

    def path(self, game: str, version: str) -> Path | None:
        return self.files.path(_name(game, version))

    def load(self, game: str, version: str) -> Found:
        """The replays kept for ``game`` and ``version``; empty when there are none or the file
        is not usable."""
        try:
            return _found(self.files.read(_name(game, version)), game, version)
        except (ValueError, TypeError, KeyError, AttributeError):
            return {}

    def store(self, game: str, version: str, found: Mapping[int, Mapping[int, int]]) -> None:
        """Add ``found`` to what is kept (a failure to write is only logged: it is a copy)."""
        copy = {index: dict(scores) for index, scores in found.items()}

        def merged() -> JsonObject:
            kept = self.load(game, version)
            for index, scores in copy.items():
                kept.setdefault(index, {}).update(scores)
            return {"format": STORE_FORMAT, "version": STORE_VERSION, "game": game,
                    "par": version,
                    "rounds": [{"round": index, "replays": sorted(scores.items())}
                               for index, scores in sorted(kept.items())]}

        self.files.update(_name(game, version), merged)

    def store_later(self, game: str, version: str,
                    found: Mapping[int, Mapping[int, int]]) -> None:
        """``store`` on the background writer: a frame never waits for the disk."""
        copy = {index: dict(scores) for index, scores in found.items()}
        self.files.later(lambda: self.store(game, version, copy))

    def flush(self, timeout: float = 5.0) -> None:
        """Until the last ``store_later`` is written (tests)."""
        self.files.flush(timeout)

    def prune(self) -> None:
        self.files.prune()


def _name(game: str, version: str) -> str:
    return f"par-{game}-{version}.json"


def _found(doc: Any, game: str, version: str) -> Found:
    if doc is None:
        return {}
    if not isinstance(doc, dict) or doc.get("format") != STORE_FORMAT:
        raise ValueError("not a par file")
    if doc.get("version") != STORE_VERSION or doc.get("game") != game or \
            doc.get("par") != version:
        raise ValueError("another version, game or par")
    out: Found = {}
    for entry in doc["rounds"]:
        index = whole(entry["round"], 0, 100_000)
        scores = out.setdefault(index, {})
        for replay, score in entry["replays"]:
            scores[whole(replay, 0, 100_000)] = whole(score, -MAX_SCORE, MAX_SCORE)
    return out
