"""Past games: the last finished games kept in the player's folder, one game record a file.

``games/game-20261130-145012-3fa9c1d2.json`` holds a finished match as a game record
(docs/GAME_RECORD.md): the saved action log that *Continue* replays, with the result it
reached. The match keeper writes one when a game with a human seat ends, before the save is
cleared; only the newest ``KEEP`` are kept. A file that cannot be used is never deleted: it is
renamed aside (``game-....bad.json``) and reported like the other files of the folder, and the
list goes on without it; one the system will not let be read is left where it is. ``games``
may be a link to a folder of the player's own; a link elsewhere is refused with a notice, and
keeping past games is never a reason for the game not to be saved.

    archive = GameArchive(home)
    archive.keep(session)                 # at the end of a match
    games, problems = archive.games()     # newest first
    record = archive.record(games[0])     # the record, for the review
"""

from __future__ import annotations

import os
import re
import stat
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from craits.engine.notation import GameRecord
from craits.paths import user_home
from craits.persistence.files import Problem, atomic_write_json, put_aside, read_json
from craits.persistence.game_record import (
    RECORD_FORMAT,
    game_record,
    match_result,
    read_record_document,
)

FOLDER = "games"
KEEP = 20
GAME_FILE = re.compile(r"game-(\d{8}-\d{6})-([0-9a-f]{1,16})\.json")  # its time, its match id
_STAMP = "%Y%m%d-%H%M%S"


class Unreadable(ValueError):
    """A kept game the system would not let be read: left where it is, never set aside."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"cannot be read: {reason}")
        self.reason = reason


class FolderRefused(ValueError):
    """The ``games`` folder is a link the game does not follow; ``str()`` says why."""


@dataclass(frozen=True)
class PastGame:
    """One kept game as the list shows it, read without replaying it."""

    path: Path
    finished: datetime
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    totals: tuple[int, ...]
    rounds: int  # rounds played
    over: bool = True  # False: replaced by a new game before its end (kept unfinished)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total (lower is better)."""
        best = min(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)


@dataclass
class _Pending:
    """A finished game not yet written (the folder refused the write): written when it can."""

    match_id: str
    record: GameRecord
    stamp: str


def games_folder(home: Path) -> tuple[Path, str | None]:
    """Where the games are kept, and why that folder is refused (None: it is not).

    A ``games`` that is a link (a folder moved to another disk and linked back) is used when
    it leads to a folder of the player's own (on POSIX: owned by this user); a link to
    anything else is refused, and saving the game never depends on it."""
    folder = home / FOLDER
    try:
        linked = folder.is_symlink()
    except OSError:  # the home cannot be searched: writing there fails, and is told so
        return folder, None
    if not linked:
        return folder, None
    try:
        target = folder.resolve(strict=True)
        info = target.stat()
    except (OSError, RuntimeError):
        return folder, "it is a link to a folder that is not there"
    if not stat.S_ISDIR(info.st_mode):
        return folder, "it is a link to something that is not a folder"
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return folder, "it is a link to a folder that is not yours"
    return target, None


class GameArchive:
    """The ``games`` folder of the player's home (or ``home``). ``refused`` says why the
    folder cannot be used (a link leading elsewhere), else None; ``pending`` are finished
    games whose writing failed, written again by ``write_pending``."""

    def __init__(self, home: Path | None = None, keep: int = KEEP) -> None:
        self.home = user_home() if home is None else Path(home)
        self.folder, self.refused = games_folder(self.home)
        self.keep_count = keep
        self.pending: list[_Pending] = []
        self._refusal_told = False

    # ---------------------------------------------------------------- writing

    def keep(self, session: Any, now: datetime | None = None) -> Path:
        """Keep ``session``'s match as a record (again under its own name if it is already
        kept), then let the oldest go beyond ``KEEP``. Raises ``FolderRefused`` when the
        folder is refused, ``OSError`` when writing fails: then the game waits in ``pending``
        for ``write_pending``."""
        record = game_record(session.to_save(), match_result(session.match))
        match_id = str(session.match_id)[:16].lower()
        if not re.fullmatch(r"[0-9a-f]{1,16}", match_id):
            match_id = "0"
        if self.refused is not None:
            raise FolderRefused(f"{FOLDER}: {self.refused}")
        entry = _Pending(match_id, record, (now or datetime.now()).strftime(_STAMP))
        self.pending = [p for p in self.pending if p.match_id != match_id]
        try:
            return self._write(entry)
        except OSError:
            self.pending.append(entry)
            raise

    def write_pending(self) -> list[str]:
        """Write the games that could not be written before, oldest first, until one fails;
        the match ids written."""
        written: list[str] = []
        while self.pending and self.refused is None:
            try:
                self._write(self.pending[0])
            except OSError:
                break
            written.append(self.pending.pop(0).match_id)
        return written

    def _write(self, entry: _Pending) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = next((p for p in self._files() if _parts(p)[1] == entry.match_id), None)
        if path is None:
            path = self.folder / f"game-{entry.stamp}-{entry.match_id}.json"
        atomic_write_json(path, entry.record, sort_keys=False)
        self.prune()
        return path

    def prune(self) -> None:
        """Remove the oldest kept games beyond ``KEEP`` (files set aside are left alone)."""
        for old in self._files()[self.keep_count:]:
            with suppress(OSError):
                old.unlink()

    # ---------------------------------------------------------------- reading

    def _files(self) -> list[Path]:
        """The kept games' files, newest first (by the time in their names: no file is
        opened to sort them)."""
        if self.refused is not None:
            return []
        try:
            found = [p for p in self.folder.iterdir() if GAME_FILE.fullmatch(p.name)]
        except OSError:
            return []
        return sorted(found, key=lambda p: (_parts(p)[0], p.name), reverse=True)

    def games(self) -> tuple[list[PastGame], list[Problem]]:
        """The newest ``KEEP`` kept games, newest first (only those are read; older ones are
        let go). A file found wrong is set aside and one that cannot be read is left in
        place, each with a problem to tell the player; a refused folder is told once."""
        out: list[PastGame] = []
        problems: list[Problem] = []
        if self.refused is not None and not self._refusal_told:
            self._refusal_told = True
            problems.append(Problem("refused", FOLDER, self.refused, folder=str(self.home)))
        files = self._files()
        for path in files[:self.keep_count]:
            try:
                out.append(self._summary(path))
            except ValueError as exc:
                problems.append(self.problem(path, exc))
        if len(files) > self.keep_count:  # put there by hand, or left when pruning failed
            self.prune()
        return out, problems

    def record(self, game: PastGame | Path) -> GameRecord:
        """The record a kept game's file holds, every field checked but the actions (read when
        it is replayed): ``ValueError`` if it is not usable (``Unreadable`` when the system
        would not let it be read)."""
        return _read(game.path if isinstance(game, PastGame) else Path(game))

    def problem(self, path: Path, error: ValueError) -> Problem:
        """What to tell the player of a kept game that cannot be used: one found wrong is
        set aside first, one that cannot be read stays where it is."""
        if isinstance(error, Unreadable):
            return Problem("unreadable", path.name, error.reason, folder=str(path.parent))
        return put_aside(path, "bad", "damaged", str(error))  # as game-....bad.json

    def _summary(self, path: Path) -> PastGame:
        record = _read(path)
        result = record.get("result")
        if result is None:
            raise ValueError("no result")
        try:
            finished = datetime.strptime(_parts(path)[0], _STAMP)
        except ValueError:
            raise ValueError("no date in its name") from None
        seats = record["seats"]
        return PastGame(path, finished, tuple(s["name"] for s in seats),
                        tuple(s["kind"] for s in seats), tuple(result["totals"]),
                        result["finished_rounds"], result["over"])


def _parts(path: Path) -> tuple[str, str]:
    """(time stamp, match id) of a kept game's file name."""
    found = GAME_FILE.fullmatch(path.name)
    return (found[1], found[2]) if found else ("", "")


def _read(path: Path) -> GameRecord:
    """The record in ``path``, every field checked as a record's is (a name that cannot be
    shown, a level that is not one, a result no game reaches...) but its actions only as a
    list: each is read when the game is opened (Replay), which keeps a folder of long games
    quick to list."""
    try:
        document = read_json(path)
    except OSError as exc:
        raise Unreadable(exc.strerror or type(exc).__name__) from None
    if not isinstance(document, dict) or document.get("format") != RECORD_FORMAT:
        raise ValueError("not a game record")
    record = read_record_document(document, actions=False).record
    assert record is not None  # read as a record
    return record
