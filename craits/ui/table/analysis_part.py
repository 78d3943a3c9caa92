"""The player's game analysed while it is played (``review.while_playing``): at a table with
one person, each round's par replays start at its deal and its review at its end, on
processes of their own at a low priority; the game-over screen shows the luck against the
choices and the par as soon as they are found, and they are kept for the review. A table of
several people, or an app without processes for it (tests), has none."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from craits.paths import user_home
from craits.review.cache import ReviewCache
from craits.review.par_store import ParStore
from craits.review.while_playing import GameAnalysis
from craits.session import Session

log = logging.getLogger(__name__)


class AnalysisPart:
    """``update`` each frame (also under other scenes), ``close`` when the table goes."""

    def __init__(self, session: Session,
                 make: Callable[[int, Sequence[str]], GameAnalysis] | None) -> None:
        humans = session.human_seats()
        self.session = session
        self.analysis: GameAnalysis | None = None
        if make is not None and len(humans) == 1:
            self.analysis = make(humans[0], [s.kind for s in session.seats])

    def update(self) -> None:
        analysis = self.analysis
        if analysis is None or analysis.failed:
            return
        analysis.follow(self.session)
        analysis.poll()
        if analysis.complete and self.session.match.is_over():
            self._keep(analysis)

    def _keep(self, analysis: GameAnalysis) -> None:
        """What was found, under the finished game's name, once; the processes go."""
        if not analysis.kept:
            try:
                cache: ReviewCache | None = ReviewCache.in_home(user_home())
            except OSError:  # no home to keep it in: shown all the same
                cache = None
            analysis.keep(self.session, cache, ParStore(cache.folder if cache else None))
        analysis.stop()

    def close(self) -> None:
        """The table goes: a finished game keeps what was found so far (the review finds the
        rest); an unfinished one's name is not known yet, and its work is let go."""
        analysis = self.analysis
        if analysis is None:
            return
        if self.session.match.is_over() and not analysis.failed:
            analysis.poll()
            self._keep(analysis)
        analysis.stop()
