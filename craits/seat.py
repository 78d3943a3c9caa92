"""A seat at the table, the one type for it: the match, the saved game and the new-game setup
all use it."""

from __future__ import annotations

from dataclasses import dataclass

HUMAN = "human"


@dataclass(frozen=True, slots=True)
class Seat:
    """``kind`` is ``"human"`` or a computer level's name; an empty ``name`` means the name
    the game gives that seat by default."""

    kind: str = HUMAN
    name: str = ""

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "name": self.name}
