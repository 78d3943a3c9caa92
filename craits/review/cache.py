"""The review's verdicts kept beside the past games, so a review is computed once.

``games/review-<game>-<level>.json`` holds the verdicts of every round reviewed so far of one
game (named by a digest of its seed, rules, seats and actions) by one review level (its
``ReviewLevel.version``): reopening a review reads them at once; a changed game or level is
another name, computed afresh. The file is only a copy of what can be computed again: one that
cannot be read or is wrong in any way is ignored (and replaced by the next write), never shown
and never a reason for the review to fail. Written all or nothing, never through a link; only
the newest ``KEEP`` files are kept.

    cache = ReviewCache.in_home(user_home())
    kept = cache.load(game_key(replay.save), level)     # {(seat, round): RoundReview}
    cache.store(game_key(replay.save), level, review)
"""

from __future__ import annotations

import json
import logging
import math
import re
import threading
from pathlib import Path
from typing import Any

from craits.config.reading import FileRefused, read_limited
from craits.engine import Action
from craits.engine.notation import NotationError, read_action, write_action
from craits.persistence.archive import games_folder
from craits.persistence.files import atomic_write_json, keep_newest
from craits.persistence.game_record import game_key as game_key  # where the review finds it

from .analysis import ReviewLevel, RoundReview, Verdict

log = logging.getLogger(__name__)

CACHE_FORMAT = "craits-review"
CACHE_VERSION = 1
KEEP = 40  # files: twice the past games kept, for reviews of records from elsewhere
MAX_CACHE_BYTES = 8_000_000
_NAME = re.compile(r"review-[0-9a-f]{32}-[0-9a-f]{16}\.json")


class ReviewCache:
    """Verdicts kept in ``folder`` (None: nothing is kept, every review computes)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._lock = threading.Lock()  # one write at a time: each merges what is kept
        self._writer: threading.Thread | None = None

    def store_later(self, game: str, level: ReviewLevel, review: RoundReview) -> None:
        """``store`` on a thread of its own: a frame never waits for the disk."""
        writer = threading.Thread(target=self.store, args=(game, level, review),
                                  name="craits-review-cache", daemon=True)
        writer.start()
        self._writer = writer

    def flush(self, timeout: float | None = None) -> None:
        """Until the last ``store_later`` is written (tests, the benchmark)."""
        if self._writer is not None:
            self._writer.join(timeout)

    @classmethod
    def in_home(cls, home: Path) -> ReviewCache:
        """The cache in the ``games`` folder of the player's ``home`` (none if that folder is
        refused)."""
        try:
            folder, refused = games_folder(home)
        except OSError:
            return cls(None)
        return cls(None if refused is not None else folder)

    def path(self, game: str, level: ReviewLevel) -> Path | None:
        if self.folder is None:
            return None
        return self.folder / f"review-{game}-{level.version}.json"

    def load(self, game: str, level: ReviewLevel) -> dict[tuple[int, int], RoundReview]:
        """The reviews kept for ``game`` by ``level``, by (seat, round); empty when there are
        none or the file is not usable."""
        path = self.path(game, level)
        if path is None or path.is_symlink():  # a link is never followed
            return {}
        try:
            raw = read_limited(path, MAX_CACHE_BYTES)
        except (OSError, FileRefused):
            return {}
        try:
            return _reviews(json.loads(raw.decode("utf-8"), parse_constant=_refuse), game,
                            level)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError,
                NotationError) as exc:
            log.info("review cache %s not used: %s", path.name, exc)
            return {}

    def store(self, game: str, level: ReviewLevel, *reviews: RoundReview) -> None:
        """Add ``reviews`` to the kept ones, in one write (a failure to write is only logged:
        it is a copy)."""
        path = self.path(game, level)
        if path is None:
            return
        with self._lock:
            self._store(path, game, level, reviews)

    def _store(self, path: Path, game: str, level: ReviewLevel,
               reviews: tuple[RoundReview, ...]) -> None:
        kept = self.load(game, level)
        for review in reviews:
            kept[(review.seat, review.round)] = review
        document = {
            "format": CACHE_FORMAT, "version": CACHE_VERSION, "game": game,
            "level": level.version,
            "rounds": [_write_review(r) for _, r in sorted(kept.items())],
        }  # fmt: skip
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_json(path, document, sort_keys=False)  # replaces a link, never follows
        except (OSError, ValueError) as exc:
            log.info("review cache %s not written: %s", path.name, exc)
            return
        self.prune()

    def prune(self) -> None:
        """Let the oldest files go beyond ``KEEP``."""
        if self.folder is None:
            return
        keep_newest(self.folder, _NAME, KEEP)


# ---------------------------------------------------------------- the file's contents


def _refuse(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


def _write_review(review: RoundReview) -> dict[str, Any]:
    return {"seat": review.seat, "round": review.round,
            "verdicts": [_write_verdict(v) for v in review.verdicts]}


def _write_verdict(v: Verdict) -> dict[str, Any]:
    return {
        "number": v.number, "played": write_action(v.played, v.seat),
        "expert": write_action(v.expert, v.seat), "cost": v.cost,
        "played_mean": v.played_mean, "expert_mean": v.expert_mean,
        "estimates": [[write_action(a, v.seat), mean, n] for a, mean, n in v.estimates],
        "crank": v.crank, "top": v.top,
    }  # fmt: skip


def _reviews(doc: Any, game: str, level: ReviewLevel) -> dict[tuple[int, int], RoundReview]:
    if not isinstance(doc, dict) or doc.get("format") != CACHE_FORMAT:
        raise ValueError("not a review cache")
    if doc.get("version") != CACHE_VERSION or doc.get("game") != game or \
            doc.get("level") != level.version:
        raise ValueError("another version, game or level")
    out: dict[tuple[int, int], RoundReview] = {}
    for entry in doc["rounds"]:
        seat, index = _int(entry["seat"], 0, 4), _int(entry["round"], 0, 100_000)
        verdicts = tuple(_verdict(v, seat) for v in entry["verdicts"])
        out[(seat, index)] = RoundReview(index, seat, verdicts)
    return out


def _verdict(raw: Any, seat: int) -> Verdict:
    estimates = tuple((_action(a, seat), _float(m), _int(n, 0, 10**9))
                      for a, m, n in raw["estimates"])
    return Verdict(
        number=_int(raw["number"], 0, 10**6), seat=seat, played=_action(raw["played"], seat),
        expert=_action(raw["expert"], seat), cost=_float(raw["cost"], 0.0),
        played_mean=_float(raw["played_mean"]), expert_mean=_float(raw["expert_mean"]),
        estimates=estimates, crank=_int(raw["crank"], 0, 1000), top=_int(raw["top"], 0, 51),
    )  # fmt: skip


def _action(raw: Any, seat: int) -> Action:
    player, action = read_action(raw)
    if player != seat:
        raise ValueError("a verdict on another seat's move")
    return action


def _int(value: Any, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"not a whole number from {low} to {high}")
    return value


def _float(value: Any, low: float = -1e6) -> float:
    if type(value) not in (int, float) or not math.isfinite(value) or not low <= value <= 1e6:
        raise ValueError("not a number in range")
    return float(value)

