"""The puzzles found in the player's own games, solved or not (``puzzles.json`` in the data
folder).

A puzzle names its game (the kept game's file in ``games`` and the game's digest), the seat, the
position (a number of actions, a record's ``focus``) and what the choice cost; never a card, so
the file cannot tell a hand that seat did not see. Read strictly through the store helper: a
puzzle not in this form (a seat no game has, a cost no choice can have) is dropped alone, the
file as it was kept aside once; a file not in this form is set aside whole.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from craits.engine.notation import MAX_ACTIONS, MAX_PLAYERS

from .files import JsonObject
from .store import JsonStore

FILE = "puzzles.json"
FORMAT = "craits-puzzles"
VERSION = 1
MAX_PUZZLES = 200
MAX_COST = 10_000.0  # points; a round's points are some hundreds at most
_GAME_FILE = re.compile(r"[A-Za-z0-9._-]{1,120}\.json")
_DIGEST = re.compile(r"[0-9a-f]{32}")
_FIELDS = {"file": str, "game": str, "seat": int, "focus": int, "cost": float, "solved": bool}
_KINDS = {str: "text", int: "a whole number", float: f"a number up to {MAX_COST:g}",
          bool: "true or false"}


@dataclass(frozen=True, slots=True)
class Puzzle:
    file: str  # the kept game's file name in the games folder
    game: str  # the game's digest (``review.cache.game_key``)
    seat: int
    focus: int  # the position: after this many actions
    cost: float  # points the choice cost when it was played
    solved: bool = False

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.game, self.seat, self.focus)


@dataclass
class PuzzleBook:
    puzzles: list[Puzzle] = field(default_factory=list)

    def merge(self, found: list[Puzzle]) -> None:
        """Add puzzles not yet known (a known one keeps whether it was solved)."""
        known = {p.key for p in self.puzzles}
        self.puzzles.extend(p for p in found if p.key not in known)
        del self.puzzles[MAX_PUZZLES:]

    def mark(self, key: tuple[str, int, int], solved: bool) -> None:
        """Solved stays solved: a later miss does not undo it."""
        self.puzzles = [replace(p, solved=p.solved or solved) if p.key == key else p
                        for p in self.puzzles]


def _puzzle(raw: Any, where: str) -> Puzzle:
    if not isinstance(raw, dict) or set(raw) != set(_FIELDS):
        raise ValueError(f"{where} is not a puzzle")
    for name, kind in _FIELDS.items():
        value = raw[name]
        ok = (isinstance(value, (int, float)) and not isinstance(value, bool)
              and -MAX_COST <= value <= MAX_COST) if kind is float else type(value) is kind
        if not ok:  # a huge whole number is refused before any arithmetic on it
            raise ValueError(f"{where}: {name} is not {_KINDS[kind]}")
    if not _GAME_FILE.fullmatch(raw["file"]) or not _DIGEST.fullmatch(raw["game"]):
        raise ValueError(f"{where} names no game")
    if not 0 <= raw["seat"] < MAX_PLAYERS:  # a seat a save may hold
        raise ValueError(f"{where} names a seat no game has")
    if not 0 <= raw["focus"] <= MAX_ACTIONS or raw["cost"] < 0:
        raise ValueError(f"{where} is out of range")
    return Puzzle(raw["file"], raw["game"], raw["seat"], raw["focus"], float(raw["cost"]),
                  raw["solved"])


def read_book(data: JsonObject) -> tuple[PuzzleBook, list[str]]:
    """The puzzles of a file's data, and a note for each one left out (``ValueError`` when
    the data is not a list of puzzles)."""
    raw = data.get("puzzles")
    if set(data) != {"puzzles"} or not isinstance(raw, list) or len(raw) > MAX_PUZZLES:
        raise ValueError("no list of puzzles")
    book, notes = PuzzleBook(), []
    for i, item in enumerate(raw):
        try:
            book.puzzles.append(_puzzle(item, f"puzzle {i + 1}"))
        except ValueError as exc:
            notes.append(f"{exc} (left out)")
    return book, notes


def write_book(book: PuzzleBook) -> dict[str, object]:
    return {"puzzles": [asdict(p) for p in book.puzzles]}


class PuzzleStore(JsonStore[PuzzleBook]):
    def __init__(self, folder: Path) -> None:
        super().__init__(Path(folder) / FILE, FORMAT, VERSION, read=read_book,
                         write=write_book, default=PuzzleBook)

    def save(self, book: PuzzleBook) -> None:
        """All or nothing (``OSError`` when the folder refuses)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        super().save(book)
