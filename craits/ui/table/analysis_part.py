"""The player's game analysed while it is played (``review.while_playing``): at a table with
one person, each round's par replays start at its deal and its review at its end, in the
background lane of the app's workbench (low priority); the game-over screen shows the luck against the
choices and the par as soon as they are found, and they are kept for the review. A finished
game's work left when its table goes is finished by the app (``Finishing``), so its par reaches
the deal of the day's screen and the past games without the player waiting at game over. A
table of several people, or an app whose computer players think in place (tests), has none."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from craits.paths import user_home
from craits.persistence.par_store import ParStore
from craits.review.cache import ReviewCache
from craits.review.while_playing import Finishing, GameAnalysis
from craits.session import Session


class AnalysisPart:
    """``update`` each frame (also under other scenes), ``close`` when the table goes.
    ``wanted``: the player's setting, read each frame (turned on mid-game, the rounds so far
    are caught up; turned off, the work stops and what was found is let go)."""

    def __init__(self, session: Session,
                 make: Callable[[int, Sequence[str]], GameAnalysis] | None,
                 wanted: Callable[[], bool] = lambda: True,
                 finishing: Finishing | None = None) -> None:
        humans = session.human_seats()
        self.session = session
        self.make = make if len(humans) == 1 else None
        self.wanted = wanted
        self.finishing = finishing
        self.analysis: GameAnalysis | None = None
        self._start()

    def _start(self) -> None:
        if self.make is not None and self.analysis is None and self.wanted():
            seat = self.session.human_seats()[0]
            self.analysis = self.make(seat, [s.kind for s in self.session.seats])

    def update(self) -> None:
        if not self.wanted():
            self.close(keep=False)
            self.analysis = None
            return
        self._start()
        analysis = self.analysis
        if analysis is None or analysis.failed:
            return
        analysis.follow(self.session)
        analysis.poll()
        self._keep_par(analysis)
        if analysis.complete and self.session.match.is_over() and not analysis.kept:
            self._keep(analysis)

    def _keep_par(self, analysis: GameAnalysis) -> None:
        """The par, kept as soon as the game is over and its replays are all in."""
        if not analysis.par_kept and analysis.par_found and self.session.match.is_over():
            analysis.keep_par(self.session, ParStore.in_home(user_home()))

    def _keep(self, analysis: GameAnalysis) -> None:
        """What was found, under the finished game's name, once; its queued work goes."""
        if not analysis.kept:  # (a cache without a folder keeps nothing)
            home = user_home()
            analysis.keep(self.session, ReviewCache.in_home(home), ParStore.in_home(home))
        analysis.stop()

    def close(self, keep: bool = True) -> None:
        """The table goes: a finished game keeps what was found so far (the review finds the
        rest); an unfinished one's name is not known yet, and its work is let go."""
        analysis = self.analysis
        if analysis is None:
            return
        if keep and self.session.match.is_over() and not analysis.failed:
            analysis.poll()
            if not analysis.complete and self.finishing is not None:
                self.finishing.take(self.session, self)  # its workers go on: kept once complete
                return
            self._keep(analysis)
        analysis.stop()

    def finish(self, now: bool = False) -> bool:
        """A step of a finished game's analysis after its table went (``Finishing``): True
        once it is over (kept when complete, or failed, or no longer wanted). ``now``: the
        app ends, what was found so far is kept."""
        analysis = self.analysis
        if analysis is None or not self.wanted():
            self.close(keep=False)
            return True
        if now:
            self.finishing = None
            self.close()
            return True
        analysis.poll()
        self._keep_par(analysis)
        if analysis.failed or analysis.complete:
            if analysis.complete:
                self._keep(analysis)
            analysis.stop()
            return True
        return False
