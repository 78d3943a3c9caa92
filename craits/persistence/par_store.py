"""The par's replays kept beside the past games, so a par is worked out once.

``games/par-<game>-<version>.json`` holds, for one game (``game_record.game_key``: its seed,
rules, seats and actions) and one par (``review.par.par_version``: the method, the seat and
every player's level), each round's replay scores found so far: only a copy of what can be
computed again (``store.GameCache``), never shown.

    store = ParStore.in_home(user_home())
    found = store.load(game, version)          # {round: {replay: score}}
    store.store_later(game, version, found)
"""

from __future__ import annotations

from collections.abc import Mapping

from craits.persistence.files import whole
from craits.persistence.store import WRITER, GameCache

MAX_SCORE = 10_000  # a round's points are some hundreds at most

Found = dict[int, dict[int, int]]  # round -> replay -> the seat's score


class ParStore(GameCache):
    """Replays kept in ``folder`` (None: nothing is kept)."""

    PREFIX, FORMAT, TAG, MAX_BYTES = "par", "craits-par", "par", 2_000_000  # KEEP: the store's

    def load(self, game: str, version: str) -> Found:
        """The replays kept for ``game`` and ``version``; empty when there are none or the file
        is not usable."""
        out: Found = {}
        try:
            for entry in self.rounds(game, version):
                scores = out.setdefault(whole(entry["round"], 0, 100_000), {})
                for replay, score in entry["replays"]:
                    scores[whole(replay, 0, 100_000)] = whole(score, -MAX_SCORE, MAX_SCORE)
        except (ValueError, TypeError, KeyError):
            return {}
        return out

    def store(self, game: str, version: str, found: Mapping[int, Mapping[int, int]]) -> None:
        """Add ``found`` to what is kept (a failure to write is only logged: it is a copy)."""
        copy = {index: dict(scores) for index, scores in found.items()}

        def merged() -> list[object]:
            kept = self.load(game, version)
            for index, scores in copy.items():
                kept.setdefault(index, {}).update(scores)
            return [{"round": index, "replays": sorted(scores.items())}
                    for index, scores in sorted(kept.items())]

        self.write(game, version, merged)

    def store_later(self, game: str, version: str,
                    found: Mapping[int, Mapping[int, int]]) -> None:
        """``store`` on the background writer: a frame never waits for the disk."""
        copy = {index: dict(scores) for index, scores in found.items()}
        WRITER.submit(lambda: self.store(game, version, copy))
