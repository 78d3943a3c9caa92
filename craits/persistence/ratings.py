"""Each human player's rating (``craits.rating``, Glicko-2), kept in ``ratings.json``.

One entry per player name (matched without regard to case or surrounding spaces), with the
rating, its deviation and volatility, and its history: one point per rated game, the last
``MAX_HISTORY``, each naming its match, so that a game is rated once however often it is
counted (a game settled again after a kill is found in the history and left alone). At most
``MAX_PLAYERS`` names are kept, the least recently rated going first.

Reading is strict, entry by entry, through the store helper (``persistence.store``): a player
entry with a bad value (a rating beyond what play gives among them) is left out with a note,
the file as it was kept aside as a copy and written back without it, so the player is told
once; a file that is not ours is set aside whole. Writes are atomic.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from craits.config.schema import Integer, Invalid, ListOf, Number, Struct, Text
from craits.engine.notation import SEAT_NAME_LENGTH
from craits.paths import safe_child, user_home
from craits.persistence.store import JsonStore
from craits.rating import (
    MAX_DEVIATION,
    MAX_RATING,
    MAX_VOLATILITY,
    MIN_RATING,
    MIN_VOLATILITY,
    LevelRating,
    Rating,
    game_results,
    update,
)
from craits.seat import Seat

RATINGS_FORMAT = "craits-ratings"
RATINGS_VERSION = 1
RATINGS_FILE = "ratings.json"
MAX_HISTORY = 200  # points of a player's chart
MAX_PLAYERS = 100
MAX_GAMES = 10**9
_RATING = Number(MIN_RATING, MAX_RATING)  # what play can give (``craits.rating``)


@dataclass(frozen=True, slots=True)
class Point:
    """A player's rating after one game."""

    match: str
    rating: float
    deviation: float


@dataclass
class PlayerRating:
    name: str  # as last written at the table
    rating: Rating = field(default_factory=Rating)
    games: int = 0
    history: list[Point] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "rating": self.rating.rating,
                "deviation": self.rating.deviation, "volatility": self.rating.volatility,
                "games": self.games,
                "history": [{"match": p.match, "rating": p.rating, "deviation": p.deviation}
                            for p in self.history]}


def name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


@dataclass
class Ratings:
    """Players by ``name_key``, the least recently rated first."""

    players: dict[str, PlayerRating] = field(default_factory=dict)

    def player(self, name: str) -> PlayerRating | None:
        return self.players.get(name_key(name))

    def latest(self) -> list[PlayerRating]:
        """The players, the most recently rated first."""
        return list(reversed(self.players.values()))

    def rate_game(self, match_id: str, seats: Sequence[Seat], rounds: Sequence[Sequence[int]],
                  levels: Mapping[str, LevelRating]) -> list[str]:
        """Rate each human seat of a finished game against its rated computer seats; returns
        the names rated (none: no rated computer seat, or the game was already rated)."""
        kinds = [seat.kind for seat in seats]
        rated: list[str] = []
        seen: set[str] = set()
        for index, seat in enumerate(seats):
            key = name_key(seat.name)
            if not seat.is_human or not key or key in seen:
                continue  # one rating per name, whatever seats it held
            seen.add(key)
            results = game_results(rounds, kinds, index, levels)
            if not results:
                continue
            player = self.players.pop(key, None) or PlayerRating(seat.name.strip())
            self.players[key] = player  # now the most recently rated
            if any(point.match == match_id for point in player.history):
                continue
            player.name = " ".join(seat.name.split())
            player.rating = update(player.rating, results)
            player.games = min(MAX_GAMES, player.games + 1)  # as the reader accepts
            player.history.append(Point(match_id, player.rating.rating,
                                        player.rating.deviation))
            del player.history[:-MAX_HISTORY]
            rated.append(player.name)
        while len(self.players) > MAX_PLAYERS:
            del self.players[next(iter(self.players))]
        return rated

    def to_dict(self) -> dict[str, object]:
        return {"players": [p.to_dict() for p in self.players.values()]}

    @classmethod
    def from_dict(cls, data: object) -> tuple[Ratings, list[str]]:
        """The players whose entries are good; a note for each one dropped."""
        if not isinstance(data, dict) or not isinstance(data.get("players"), list):
            return cls(), ["players: expected a list of players"]
        notes = [f"{key}: unknown key" for key in data if key != "players"]
        ratings = cls()
        for number, entry in enumerate(data["players"], start=1):
            try:
                player = _player(entry)
            except Invalid as exc:
                where = ", ".join(".".join(str(k) for k in path) + (": " if path else "") + text
                                  for path, text in exc.problems) or str(exc)
                notes.append(f"player {number}: {where} (left out)")
                continue
            key = name_key(player.name)
            if key in ratings.players:
                notes.append(f"player {number}: {player.name!r} is there twice (left out)")
                continue
            ratings.players[key] = player
        while len(ratings.players) > MAX_PLAYERS:
            del ratings.players[next(iter(ratings.players))]
        return ratings, notes


_MATCH_ID = Text(r"[0-9a-f]{1,64}", max_length=64, explain="a match id is short hexadecimal text")
_POINT = Struct({"match": _MATCH_ID, "rating": _RATING,
                 "deviation": Number(0, MAX_DEVIATION)}, required=True)
_PLAYER = Struct({
    "name": Text(max_length=SEAT_NAME_LENGTH),
    "rating": _RATING,
    "deviation": Number(0, MAX_DEVIATION),
    "volatility": Number(MIN_VOLATILITY, MAX_VOLATILITY),
    "games": Integer(0, MAX_GAMES),
    "history": ListOf(_POINT, max_items=MAX_HISTORY),
}, required=True)  # fmt: skip


def _player(entry: Any) -> PlayerRating:
    checked = _PLAYER.check(entry)
    if not name_key(checked["name"]):
        raise Invalid(problems=[(("name",), "a player has a name")])
    history = [Point(p["match"], float(p["rating"]), float(p["deviation"]))
               for p in checked["history"]]
    if len(history) > checked["games"]:
        raise Invalid(problems=[(("games",), f"{len(history)} games in the history, more than "
                                 f"the {checked['games']} played")])
    rating = Rating(float(checked["rating"]), float(checked["deviation"]),
                    float(checked["volatility"]))
    return PlayerRating(" ".join(checked["name"].split()), rating, checked["games"], history)


class RatingsStore(JsonStore[Ratings]):
    """``ratings.json`` in the user home (or ``home``)."""

    def __init__(self, home: Path | None = None) -> None:
        super().__init__(safe_child(RATINGS_FILE, user_home() if home is None else home,
                                    link_allowed=True), RATINGS_FORMAT, RATINGS_VERSION,
                         read=Ratings.from_dict, write=Ratings.to_dict, default=Ratings)
