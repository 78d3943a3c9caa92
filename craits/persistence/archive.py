"""Past games: the last finished games kept in the player's folder, one game record a file.

``games/game-20261130-145012-3fa9c1d2.json`` holds a finished match as a game record
(docs/GAME_RECORD.md): the saved action log that *Continue* replays, with the result it
reached. The match keeper writes one when a game with a human seat ends, before the save is
cleared; only the newest ``KEEP`` are kept. A file that cannot be used is never deleted: it is
renamed aside (``game-....bad.json``) and reported like the other files of the folder, and the
list goes on without it.

    archive = GameArchive(home)
    archive.keep(session)                 # at the end of a match
    games, problems = archive.games()     # newest first
    record = archive.record(games[0])     # the record, for the review
"""

from __future__ import annotations

import json
import re
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from craits.config.reading import FileRefused, read_limited
from craits.paths import safe_child, user_home
from craits.persistence.files import MAX_FILE_BYTES, Problem, atomic_write_json, set_aside
from craits.persistence.game_record import RECORD_FORMAT, game_record, match_result

FOLDER = "games"
KEEP = 20
_NAME = re.compile(r"game-(\d{8}-\d{6})-([0-9a-f]{1,16})\.json")
_STAMP = "%Y%m%d-%H%M%S"


@dataclass(frozen=True)
class PastGame:
    """One kept game as the list shows it, read without replaying it."""

    path: Path
    finished: datetime
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    totals: tuple[int, ...]
    rounds: int  # rounds played

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total (lower is better)."""
        best = min(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)


class GameArchive:
    """The ``games`` folder of the player's home (or ``home``)."""

    def __init__(self, home: Path | None = None, keep: int = KEEP) -> None:
        self.home = user_home() if home is None else Path(home)
        self.folder = safe_child(FOLDER, self.home)
        self.keep_count = keep

    # ---------------------------------------------------------------- writing

    def keep(self, session: Any, now: datetime | None = None) -> Path:
        """Keep ``session``'s match as a record (again under its own name if it is already
        kept), then let the oldest go beyond ``KEEP``; raises ``OSError`` if it cannot."""
        record = game_record(session.to_save(), match_result(session.match))
        match_id = str(session.match_id)[:16].lower()
        if not re.fullmatch(r"[0-9a-f]{1,16}", match_id):
            match_id = "0"
        self.folder.mkdir(parents=True, exist_ok=True)
        path = next((p for p in self._files() if _parts(p)[1] == match_id), None)
        if path is None:
            stamp = (now or datetime.now()).strftime(_STAMP)
            path = self.folder / f"game-{stamp}-{match_id}.json"
        atomic_write_json(path, record, sort_keys=False)
        self.prune()
        return path

    def prune(self) -> None:
        """Remove the oldest kept games beyond ``KEEP`` (files set aside are left alone)."""
        for old in self._files()[self.keep_count:]:
            with suppress(OSError):
                old.unlink()

    # ---------------------------------------------------------------- reading

    def _files(self) -> list[Path]:
        """The kept games' files, newest first (by the time in their names)."""
        try:
            found = [p for p in self.folder.iterdir() if _NAME.fullmatch(p.name)]
        except OSError:
            return []
        return sorted(found, key=lambda p: (_parts(p)[0], p.name), reverse=True)

    def games(self) -> tuple[list[PastGame], list[Problem]]:
        """The kept games, newest first; a file that cannot be used is set aside, with a
        problem to tell the player."""
        out: list[PastGame] = []
        problems: list[Problem] = []
        for path in self._files():
            try:
                out.append(self._summary(path))
            except ValueError as exc:
                problems.append(self.set_aside(path, str(exc)))
        return out, problems

    def record(self, game: PastGame | Path) -> dict[str, Any]:
        """The record a kept game's file holds (``ValueError`` if it is not readable)."""
        path = game.path if isinstance(game, PastGame) else Path(game)
        return _read(path)

    def set_aside(self, path: Path, reason: str) -> Problem:
        """Keep an unusable file as ``game-....bad.json``; the problem, for the player."""
        kept = set_aside(path, "bad") if (path.exists() or path.is_symlink()) else None
        return Problem("damaged", path.name, reason, kept.name if kept else None, kept is None,
                       str(path.parent))

    def _summary(self, path: Path) -> PastGame:
        record = _read(path)
        seats = record.get("seats")
        result = record.get("result")
        if not (isinstance(seats, list) and 2 <= len(seats) <= 5
                and all(isinstance(s, dict) and isinstance(s.get("name"), str)
                        and isinstance(s.get("kind"), str) for s in seats)):
            raise ValueError("no seats")
        if not (isinstance(result, dict) and isinstance(result.get("totals"), list)
                and len(result["totals"]) == len(seats)
                and all(type(t) is int for t in result["totals"])
                and type(result.get("finished_rounds")) is int):
            raise ValueError("no result")
        try:
            finished = datetime.strptime(_parts(path)[0], _STAMP)
        except ValueError:
            raise ValueError("no date in its name") from None
        return PastGame(path, finished, tuple(s["name"] for s in seats),
                        tuple(s["kind"] for s in seats), tuple(result["totals"]),
                        result["finished_rounds"])


def _parts(path: Path) -> tuple[str, str]:
    """(time stamp, match id) of a kept game's file name."""
    found = _NAME.fullmatch(path.name)
    return (found[1], found[2]) if found else ("", "")


def _read(path: Path) -> dict[str, Any]:
    if path.is_symlink():
        raise ValueError("a link to another file")
    try:
        raw = read_limited(path, MAX_FILE_BYTES)
    except FileRefused as exc:
        raise ValueError(str(exc)) from None
    except OSError as exc:
        raise ValueError(f"cannot be read: {exc.strerror or type(exc).__name__}") from None
    try:
        document = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 text at byte {exc.start}") from None
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except ValueError as exc:
        where = f" at line {exc.lineno}" if isinstance(exc, json.JSONDecodeError) else ""
        raise ValueError(f"not valid JSON{where}") from None
    if not isinstance(document, dict) or document.get("format") != RECORD_FORMAT:
        raise ValueError("not a game record")
    return document


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")
