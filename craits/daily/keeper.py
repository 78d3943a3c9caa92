"""What the title screen knows of the deals of the day: today's deal, what was played, the
streak and the par of the game played (``daily.json``).

A deal opened at the table is noted as started, with its game's match id; it is found
finished among the past games by that id (the match keeper keeps every finished game there),
so nothing of the table knows of it and no clock decides it.
A deal's par is the one every game against the computer has: the review's, replayed round by
round from the game itself, worked out while it is played and kept beside it
(``persistence.par_store``); here it is only read. Nothing here stops the game: a file that
cannot be written is written again at the next change.
"""

from __future__ import annotations

import logging
from datetime import date, datetime
from pathlib import Path

from craits.daily.deal import deal, number_of
from craits.daily.record import DailyStore, Result
from craits.engine.notation import GameRecord, SaveData
from craits.persistence.archive import GameArchive
from craits.persistence.files import Problem
from craits.persistence.par_store import ParStore
from craits.review.cache import game_key
from craits.review.par import GamePar, kept_par
from craits.review.record import load_record

log = logging.getLogger("craits.app")


class DailyKeeper:
    def __init__(self, home: Path, archive: GameArchive) -> None:
        self.store = DailyStore(home)
        self.home = home
        self.archive = archive
        self.record, problem = self.store.load()
        self.problems: list[Problem] = [problem] if problem is not None else []
        # A played deal's game as the par needs it, with its key (made once: a replay of
        # the record, and a digest of it).
        self._games: dict[str, tuple[SaveData, list[list[int]], str] | None] = {}

    # ---- reading
    @staticmethod
    def today() -> date:
        return datetime.now().date()  # the player's own calendar day

    def today_number(self) -> int:
        return number_of(self.today())

    def result(self, number: int) -> Result | None:
        return self.record.results.get(number)

    def streak(self) -> int:
        return self.record.streak(self.today())

    def par(self, number: int) -> GamePar | None:
        """The par of the game deal ``number`` was played as, once it is kept beside it."""
        result = self.result(number)
        game = None if result is None else self._game(result)
        if game is None:
            return None
        save, scores, key = game
        try:
            return kept_par(save, 0, scores, ParStore.in_home(self.home), key=key)
        except (OSError, ValueError) as exc:
            log.warning("the par of deal %d could not be read: %s", number, exc)
            return None

    def played(self, number: int) -> tuple[str, list[list[int]]] | None:
        """The game deal ``number`` was played as: its key (``review.cache.game_key``, what
        the app's analyses of finished games are found by while its par is worked out) and
        its rounds' scores."""
        result = self.result(number)
        game = None if result is None else self._game(result)
        return None if game is None else (game[2], game[1])

    def _game(self, result: Result) -> tuple[SaveData, list[list[int]], str] | None:
        if result.game not in self._games:
            try:
                session = load_record(self.archive.record(self.archive.folder / result.game))
                save = session.to_save()
                game = save, [list(s) for s in session.match.history], game_key(save)
            except (OSError, ValueError):  # a game no longer kept (or unreadable): no par
                game = None
            self._games[result.game] = game
        return self._games[result.game]

    # ---- changing
    def started(self, number: int, now: datetime | None = None, *,
                match_id: str | None = None) -> None:
        """Deal ``number`` opened at the table as the match ``match_id`` (found finished
        later by ``settle``)."""
        self.record.start(number, (now or datetime.now()).replace(microsecond=0), match_id)
        self._save()

    def settle(self) -> bool:
        """Started deals found finished among the past games become results."""
        if not self.record.started:
            return False
        finished: list[tuple[str, datetime, GameRecord]] = []
        games, _ = self.archive.games()  # problems are for the past games' list to tell
        kinds = deal(1).kinds
        for game in games:  # only the records a note may take are read
            if not game.over or game.kinds != kinds or not any(
                    s.finds(game.path.name, game.finished) for s in self.record.started):
                continue
            try:
                finished.append((game.path.name, game.finished, self.archive.record(game)))
            except ValueError:
                continue
        if not self.record.settle(finished):
            return False
        self._save()
        return True

    def _save(self) -> None:
        try:
            self.store.save(self.record)
        except (OSError, ValueError) as exc:  # the whole record is written at the next change
            log.warning("the deals of the day could not be written: %s", exc)
