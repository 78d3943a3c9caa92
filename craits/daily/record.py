"""The deals of the day played, kept in ``daily.json`` in the player's folder.

``started``: numbered deals opened at the table, waiting to be found finished among the past
games (``games``: a finished game's record holds its seed, seats and totals; the game itself is
counted in the statistics as any other). A deal started names its game (the match id the past
games' file names end with), so it is found by the game itself, whatever the clock did
meanwhile; one noted before deals named their game is found by the times. ``results``: each deal's first finished result, with
the day it was started on; it counts for the streak when that is the deal's own day. (A deal's
par is its game's, kept with the game: files that still hold ``pars`` of the old whole-match
method have them dropped unread.)

Read strictly like the other files: a file that is not ours is set aside; an entry that is not
understood is dropped alone (the file as it was is kept as a copy) and said once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

from craits.daily.deal import FIRST_DEAL, LAST_DEAL, deal, place, streak
from craits.engine.notation import GameRecord
from craits.persistence.archive import GAME_FILE
from craits.persistence.files import whole
from craits.persistence.store import JsonStore

DAILY_FORMAT = "craits-daily"
FILE_VERSION = 1
DAILY_FILE = "daily.json"
MAX_STARTED = 20  # deals opened and not finished; the oldest go first
MAX_RESULTS = 5_000  # about fourteen years of days
MAX_SCORE = 10**6
_STAMP = "%Y%m%d-%H%M%S"
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_GAME_ID = re.compile(r"[0-9a-f]{1,16}")


@dataclass(frozen=True)
class Result:
    number: int
    day: date  # the local day it was started on
    total: int
    place: int
    players: int
    game: str  # the past game's file name (never counted twice)

    @property
    def counts(self) -> bool:
        """For the streak: started on the deal's own day (an old deal by number does not)."""
        return deal(self.number).day == self.day

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.number, "day": self.day.isoformat(), "total": self.total,
                "place": self.place, "players": self.players, "game": self.game}


@dataclass(frozen=True)
class Started:
    number: int
    at: datetime  # local time
    game: str | None = None  # the match id's first 16 digits (None: noted by an older game)

    def to_dict(self) -> dict[str, Any]:
        out = {"deal": self.number, "at": self.at.strftime(_STAMP)}
        return out if self.game is None else {**out, "game": self.game}

    def finds(self, name: str, when: datetime) -> bool:
        """Whether the past game in file ``name``, finished ``when``, may be this deal's game:
        the game it names, else (an older note) one finished after it began."""
        if self.game is None:
            return when >= self.at
        found = GAME_FILE.fullmatch(name)
        return found is not None and found[2] == self.game


def game_id(match_id: str) -> str | None:
    """The part of a match id the past games' file names keep (None: not one)."""
    short = match_id[:16].lower()
    return short if _GAME_ID.fullmatch(short) else None


@dataclass
class DailyRecord:
    started: list[Started] = field(default_factory=list)
    results: dict[int, Result] = field(default_factory=dict)

    def streak(self, today: date) -> int:
        return streak((r.day for r in self.results.values() if r.counts), today)

    def start(self, number: int, now: datetime, match_id: str | None = None) -> None:
        """Deal ``number`` opened at ``now``, played as the match ``match_id``."""
        game = None if match_id is None else game_id(match_id)
        self.started = [*self.started, Started(number, now, game)][-MAX_STARTED:]

    def settle(self, finished: list[tuple[str, datetime, GameRecord]]) -> bool:
        """Find started deals among finished past games (file name, when, record); True when
        a result was added. A deal's first finished result is the one kept."""
        used = {r.game for r in self.results.values()}
        changed = False
        for begun in sorted(self.started, key=lambda s: s.at):
            the_deal = deal(begun.number)
            for name, when, record in sorted(finished, key=lambda f: f[1]):
                result = record.get("result")
                if (result is None or name in used or not begun.finds(name, when)
                        or record["seed"] != the_deal.seed
                        or [s["kind"] for s in record["seats"]] != list(the_deal.kinds)):
                    continue
                used.add(name)
                self.started = [s for s in self.started if s is not begun]
                totals = result["totals"]
                if begun.number not in self.results:
                    self.results[begun.number] = Result(begun.number, begun.at.date(),
                                                        totals[0], place(totals), len(totals),
                                                        name)
                changed = True
                break
        return changed

    def to_dict(self) -> dict[str, Any]:
        kept = sorted(self.results.values(), key=lambda r: r.number)[-MAX_RESULTS:]
        return {"started": [s.to_dict() for s in self.started],
                "results": [r.to_dict() for r in kept]}


def _day(value: object) -> date:
    if not isinstance(value, str) or not _DAY.fullmatch(value):
        raise ValueError("not a date")
    return date.fromisoformat(value)


def _result(entry: object) -> Result:
    if not isinstance(entry, dict) or not isinstance(entry.get("game"), str):
        raise ValueError("not a result")
    players = whole(entry.get("players"), 2, 5)
    return Result(whole(entry.get("deal"), FIRST_DEAL, LAST_DEAL), _day(entry.get("day")),
                  whole(entry.get("total"), -MAX_SCORE, MAX_SCORE),
                  whole(entry.get("place"), 1, players), players, entry["game"][:200])


def _started(entry: object) -> Started:
    if not isinstance(entry, dict) or not isinstance(entry.get("at"), str):
        raise ValueError("not a started deal")
    game = entry.get("game")
    if game is not None and not (isinstance(game, str) and _GAME_ID.fullmatch(game)):
        raise ValueError("not a game's id")
    return Started(whole(entry.get("deal"), FIRST_DEAL, LAST_DEAL),
                   datetime.strptime(entry["at"], _STAMP), game)


def read_record(data: dict[str, Any]) -> tuple[DailyRecord, list[str]]:
    """The record from a file's data, and a note for each entry dropped."""
    record, notes = DailyRecord(), []
    for name, reader in (("started", _started), ("results", _result)):
        entries = data.get(name, [])
        if not isinstance(entries, list):
            notes.append(f"{name}: not a list")
            continue
        for i, entry in enumerate(entries):
            try:
                item = reader(entry)
            except ValueError as exc:
                notes.append(f"{name}[{i}]: {exc}")
                continue
            if isinstance(item, Started):
                record.started.append(item)
            else:
                record.results.setdefault(item.number, item)
    return record, notes


class DailyStore(JsonStore[DailyRecord]):
    def __init__(self, home: Path) -> None:
        super().__init__(home / DAILY_FILE, DAILY_FORMAT, FILE_VERSION, read=read_record,
                         write=DailyRecord.to_dict, default=DailyRecord)
