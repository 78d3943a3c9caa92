"""Keeping a match: the save after every change, and each finished round and game counted in
the statistics exactly once, whenever the process may die.

The order is the point: at a round's end the save that holds the round's end is written
first, then the statistics together with the note that this round of this match is counted
(one atomic write). A kill before the second write leaves the round uncounted and the save
at its end, so it is counted on Continue; a kill after it leaves the note, so it is not
counted twice. That note, ``Statistics.counted`` (by match id), is the one record of what is
counted: the keeper reads it before counting, and each save carries a copy of it
(``stats_rounds``) for when the statistics do not know the match (reset, or written by an
older version). The app and the soak benchmark keep matches with this one class; it is the
match director's hooks (``changed``, ``round_over``, ``match_over``). A finished game with a
human seat is kept among the past games (``craits.persistence.archive``) before its save goes;
when that write fails the save stays, and the game waits in the archive's ``pending`` to be
written once writing works again. A save read at start is ``settle``d: a round (or the game)
it holds finished but not counted is counted then, whatever the player does next. Only tables
with a human seat are kept: a table of computer players (watching) is neither saved nor
counted.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from craits.engine import Event, Rules
from craits.engine import events as ev
from craits.engine.match import Match
from craits.engine.notation import SaveData
from craits.persistence.archive import GameArchive
from craits.persistence.statistics import Statistics
from craits.seat import Seat

log = logging.getLogger(__name__)


class Writer(Protocol):
    """Writes save snapshots (``craits.persistence.autosave.Autosaver``: on a helper thread)."""

    def submit(self, data: SaveData) -> None: ...

    def flush(self) -> None: ...


class Saves(Protocol):
    def clear(self) -> None:
        """Remove the save (a failure is logged, never raised)."""


class KeptMatch(Protocol):
    """What the keeper reads of a match in progress (``craits.session.Session`` is one; the
    session sits above persistence, so it is named by what it offers)."""

    match_id: str
    rules: Rules
    match: Match

    @property
    def seats(self) -> Sequence[Seat]: ...

    def human_seats(self) -> list[int]: ...

    def to_save(self) -> SaveData: ...

    def round_history(self, seat: int) -> list[Event]: ...


class MatchKeeper:
    """``statistics`` returns the statistics in use; ``save_statistics`` writes them (False when
    the folder refuses: they are kept and written later). ``archive`` keeps finished games
    (default: the ``games`` folder beside the save, when the save has a path)."""

    def __init__(self, saves: Saves, writer: Writer, statistics: Callable[[], Statistics],
                 save_statistics: Callable[[], bool], archive: GameArchive | None = None,
                 rate: Callable[[KeptMatch], object] | None = None) -> None:
        self.saves = saves
        self.writer = writer
        self.statistics = statistics
        self.save_statistics = save_statistics
        path = getattr(saves, "path", None)  # a test's stand-in for the saves may have none
        if archive is None and path is not None:
            archive = GameArchive(Path(path).parent)
        self.archive = archive
        self.rate = rate  # rates a finished game's players, once (``ui.ratings.rate_game``)

    def flush(self) -> None:
        """Every save handed to the writer is on disk (before the save file is read or moved)."""
        self.writer.flush()

    def counted_rounds(self, session: KeptMatch) -> int:
        """Rounds of ``session``'s match already in the statistics (their own record)."""
        return self.statistics().counted.rounds(session.match_id) or 0

    def begin(self, session: KeptMatch, saved_rounds: int = 0) -> None:
        """A match starts, or is continued from a save whose copy of the record says
        ``saved_rounds`` were counted: that copy is taken only when the statistics do not
        know the match, as their own record is written with the figures it describes."""
        counted = self.statistics().counted
        if saved_rounds > 0 and session.human_seats() \
                and counted.rounds(session.match_id) is None:
            counted.note(session.match_id, saved_rounds)

    def changed(self, session: KeptMatch) -> None:
        """Save the match after an action. A table of computer players only (watching) is not
        saved: it must not replace the player's game."""
        if not session.human_seats():
            return
        data = session.to_save()
        data["stats_rounds"] = self.counted_rounds(session)
        self.writer.submit(data)

    def round_over(self, session: KeptMatch) -> None:
        """Count the round just finished, once (see the module's note on order)."""
        if self._round_uncounted(session):
            self._count_round(session)

    def _round_uncounted(self, session: KeptMatch) -> bool:
        """A round has ended that the statistics do not hold (and its end is the state's)."""
        return bool(session.human_seats()) and session.match.state.scores is not None \
            and len(session.match.history) > self.counted_rounds(session)

    def _count_round(self, session: KeptMatch) -> None:
        history = len(session.match.history)
        state = session.match.state
        if state.scores is None:  # not a round's end (``_round_uncounted`` asked first)
            return
        self.changed(session)
        self.writer.flush()
        events = session.round_history(0)
        crank = max((e.crank for e in events if isinstance(e, ev.CardPlayed)), default=0)
        calls = [(e.caller, e.target) for e in events if isinstance(e, ev.IdiotCalled)]
        kinds = [s.kind for s in session.seats]
        statistics = self.statistics()
        try:
            statistics.record_round(kinds, state.scores, state.winner, crank, calls)
            statistics.counted.note(session.match_id, history)
        except ValueError as exc:
            log.warning("round not counted: %s", exc)
        self.save_statistics()
        self.changed(session)

    def settle(self, session: KeptMatch, saved_rounds: int) -> None:
        """A saved match read when the app starts: what it holds finished but not counted
        (a kill between the save at a round's end and the statistics) is counted now, so that
        starting a new game instead of continuing loses nothing; the record of what is
        counted keeps Continue from counting it again."""
        self.begin(session, saved_rounds)
        if self._round_uncounted(session):
            self._count_round(session)
        if session.match.is_over() and session.human_seats():
            self._count_game(session)
            self._keep_game(session)

    def match_over(self, session: KeptMatch) -> None:
        """The match is over: the game in the statistics (with the hints asked for in it),
        kept among the past games, and no save left to continue (kept while the game waits
        to be written among the past games)."""
        self._count_game(session)
        self.writer.flush()
        if self._keep_game(session):
            self.saves.clear()

    def _count_game(self, session: KeptMatch) -> None:
        kinds = [s.kind for s in session.seats]
        statistics = self.statistics()
        counted = statistics.counted
        try:
            if not counted.game(session.match_id):
                statistics.record_game(kinds, session.match.totals, session.rules.game_length,
                                       hints=statistics.hints_in(session.match_id))
                if session.human_seats():
                    counted.note(session.match_id, len(session.match.history), game=True)
        except ValueError as exc:
            log.warning("game not counted: %s", exc)
        self.save_statistics()
        if self.rate is not None:
            try:
                self.rate(session)
            except Exception:  # a rating never stops a game from being kept
                log.exception("the game could not be rated")

    def _keep_game(self, session: KeptMatch) -> bool:
        """Keep the finished game among the past games; False when its writing failed (it
        waits in the archive's ``pending``, and its save is what holds it on disk)."""
        if self.archive is None or not session.human_seats():
            return True
        try:
            self.archive.keep(session)
        except OSError as exc:
            log.warning("the finished game is kept to be written among the past games once "
                        "writing works again: %s", exc)
            return False
        except ValueError as exc:  # a refused folder too: never a reason not to save the game
            log.warning("could not keep the finished game among the past games: %s", exc)
        return True
