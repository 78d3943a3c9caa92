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

import logging
import math
from typing import Any

from craits.engine import Action
from craits.engine.notation import NotationError, read_action, write_action
from craits.persistence.files import whole
from craits.persistence.game_record import game_key as game_key  # where the review finds it
from craits.persistence.store import WRITER, GameCache

from .analysis import ReviewLevel, RoundReview
from .chance import Jump
from .judging import Verdict

log = logging.getLogger(__name__)


class ReviewCache(GameCache):
    """Verdicts kept in ``folder`` (None: nothing is kept, every review computes); the files
    are the store helper's (``persistence.store.GameCache``), the verdicts' form is here."""

    PREFIX, FORMAT, TAG = "review", "craits-review", "level"  # and the store's KEEP

    def store_later(self, game: str, level: ReviewLevel, review: RoundReview) -> None:
        """``store`` on the background writer: a frame never waits for the disk."""
        WRITER.submit(lambda: self.store(game, level, review))

    def load(self, game: str, level: ReviewLevel) -> dict[tuple[int, int], RoundReview]:
        """The reviews kept for ``game`` by ``level``, by (seat, round); empty when there are
        none or the file is not usable."""
        out: dict[tuple[int, int], RoundReview] = {}
        try:
            for entry in self.rounds(game, level.version):
                seat, index = whole(entry["seat"], 0, 4), whole(entry["round"], 0, 100_000)
                verdicts = tuple(_verdict(v, seat) for v in entry["verdicts"])
                jumps = tuple(_jump(j) for j in entry["jumps"])
                out[(seat, index)] = RoundReview(index, seat, verdicts, jumps)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError,
                NotationError) as exc:
            log.info("review cache of %s not used: %s", game, exc)
            return {}
        return out

    def store(self, game: str, level: ReviewLevel, *reviews: RoundReview) -> None:
        """Add ``reviews`` to the kept ones, in one write (a failure to write is only logged:
        it is a copy)."""

        def merged() -> list[object]:
            kept = self.load(game, level)
            for review in reviews:
                kept[(review.seat, review.round)] = review
            return [_write_review(r) for _, r in sorted(kept.items())]

        self.write(game, level.version, merged)


# ---------------------------------------------------------------- the file's contents


def _write_review(review: RoundReview) -> dict[str, Any]:
    return {"seat": review.seat, "round": review.round,
            "verdicts": [_write_verdict(v) for v in review.verdicts],
            "jumps": [[j.number, j.before, j.after, j.error] for j in review.jumps]}


def _jump(raw: Any) -> Jump:
    number, before, after, error = raw
    return Jump(whole(number, 0, 10**6), _float(before), _float(after), _float(error, 0.0))


def _write_verdict(v: Verdict) -> dict[str, Any]:
    return {
        "number": v.number, "played": write_action(v.played, v.seat),
        "expert": write_action(v.expert, v.seat), "cost": v.cost,
        "played_mean": v.played_mean, "expert_mean": v.expert_mean,
        "estimates": [[write_action(a, v.seat), mean, n] for a, mean, n in v.estimates],
        "crank": v.crank, "top": v.top, "error": v.error,
    }  # fmt: skip


def _verdict(raw: Any, seat: int) -> Verdict:
    estimates = tuple((_action(a, seat), _float(m), whole(n, 0, 10**9))
                      for a, m, n in raw["estimates"])
    return Verdict(
        number=whole(raw["number"], 0, 10**6), seat=seat, played=_action(raw["played"], seat),
        expert=_action(raw["expert"], seat), cost=_float(raw["cost"], 0.0),
        played_mean=_float(raw["played_mean"]), expert_mean=_float(raw["expert_mean"]),
        estimates=estimates, crank=whole(raw["crank"], 0, 1000), top=whole(raw["top"], 0, 51),
        error=_float(raw["error"], 0.0),
    )  # fmt: skip


def _action(raw: Any, seat: int) -> Action:
    player, action = read_action(raw)
    if player != seat:
        raise ValueError("a verdict on another seat's move")
    return action


def _float(value: Any, low: float = -1e6) -> float:
    if type(value) not in (int, float) or not math.isfinite(value) or not low <= value <= 1e6:
        raise ValueError("not a number in range")
    return float(value)

