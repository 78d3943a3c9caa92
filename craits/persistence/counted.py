"""Which rounds and games of which matches the statistics already hold: the one record of
what is counted (the match keeper reads it before counting; a save carries a copy of it).

Kept in ``stats.json`` beside the figures and written in the same atomic write, so that a
round's result and the note that it was counted are one commit: a game killed at any moment
and then continued counts each round, and the game, exactly once.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from craits.config.schema import Field, Invalid, kind_of
from craits.persistence.files import whole

MAX_MATCHES = 20  # only the match in progress matters; a few more cost nothing
_MATCH_ID = re.compile(r"[0-9a-f]{1,64}")


@dataclass
class Counted:
    """``match id -> (rounds counted, game counted)``, newest last."""

    matches: dict[str, tuple[int, bool]] = field(default_factory=dict)

    def rounds(self, match_id: str) -> int | None:
        """Rounds of the match already counted; None when the match is not known here."""
        entry = self.matches.get(match_id)
        return None if entry is None else entry[0]

    def game(self, match_id: str) -> bool:
        entry = self.matches.get(match_id)
        return entry is not None and entry[1]

    def note(self, match_id: str, rounds: int, game: bool = False) -> None:
        self.matches.pop(match_id, None)
        self.matches[match_id] = (rounds, game)
        while len(self.matches) > MAX_MATCHES:
            del self.matches[next(iter(self.matches))]

    def to_dict(self) -> dict[str, dict[str, int | bool]]:
        return {key: {"rounds": rounds, "game": game}
                for key, (rounds, game) in self.matches.items()}


class ByMatch(Field):
    """An object of match ids (short hexadecimal text), each entry read by ``entry`` (which
    raises ``ValueError``); a bad one is a problem of the whole (better to count a round again
    than to lose one), and only the newest ``keep`` are kept."""

    def __init__(self, entry: Callable[[object], Any], keep: int = MAX_MATCHES) -> None:
        self.entry = entry
        self.keep = keep

    def check(self, value: object) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise Invalid(f"expected an object, got {kind_of(value)}")
        out = {}
        for key, entry in value.items():
            if not (isinstance(key, str) and _MATCH_ID.fullmatch(key)):
                raise Invalid("a match id is short hexadecimal text")
            try:
                out[key] = self.entry(entry)
            except ValueError as exc:
                raise Invalid(f"{key}: {exc}") from None
        return dict(list(out.items())[-self.keep:])


def _rounds_and_game(entry: object) -> tuple[int, bool]:
    if not (isinstance(entry, dict) and entry.keys() == {"rounds", "game"}
            and type(entry["game"]) is bool):
        raise ValueError("expected rounds (a whole number) and game (true/false)")
    return whole(entry["rounds"], 0, 10_000), entry["game"]


class CountedField(Field):
    """The stored record of what was counted."""

    _ENTRIES = ByMatch(_rounds_and_game)

    def check(self, value: object) -> Counted:
        counted = Counted()
        for key, (rounds, game) in self._ENTRIES.check(value).items():
            counted.note(key, rounds, game)
        return counted
