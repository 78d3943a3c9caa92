"""What a player can do: turn actions (Play, Draw, Pass, ChooseSuit) and out-of-turn ones
(Announce, Call). Actions are hashable values whose repr pastes back into Python.

Turn actions are made by the player whose turn it is; Announce and Call name their player.
Their records (``{"player": 1, "play": "7H"}``) are read and written by ``notation``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import card_str, suit_str


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card``; an 8 names ``suit``, a 9 may name the other suit of its colour."""

    card: int
    suit: int | None = None

    def __str__(self) -> str:
        if self.suit is None:
            return f"play {card_str(self.card)}"
        return f"play {card_str(self.card)} naming {suit_str(self.suit)}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card (when unable to play), or take the crank's count."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """End the turn after drawing, keeping the drawn card (variant ``play_drawn_card``)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class ChooseSuit:
    """The dealer's choice for a turned-up 8 (a suit) or 9 (None keeps, partner suit switches)."""

    suit: int | None

    def __str__(self) -> str:
        return "keep the suit" if self.suit is None else f"choose {suit_str(self.suit)}"


@dataclass(frozen=True, slots=True)
class Announce:
    """``player`` announces their last card."""

    player: int

    def __str__(self) -> str:
        return f"player {self.player} announces last card"


@dataclass(frozen=True, slots=True)
class Call:
    """``caller`` calls ``target`` an idiot for not announcing their last card."""

    caller: int
    target: int

    def __str__(self) -> str:
        return f"player {self.caller} calls player {self.target} an idiot"


Action = Play | Draw | Pass | ChooseSuit | Announce | Call

DRAW = Draw()
PASS = Pass()
KEEP_SUIT = ChooseSuit(None)
# Shared instances: legal_actions hands these out instead of building new objects each time.
PLAIN_PLAYS: tuple[Play, ...] = tuple(Play(c) for c in range(52))
SUITED_PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(c, s) for s in range(4)) for c in range(52)
)
CHOOSE_SUITS: tuple[ChooseSuit, ...] = tuple(ChooseSuit(s) for s in range(4))
