"""What the player asks of the table, by key, click or button. The table's input parts turn
pygame events into these; the scene carries them out."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Command(enum.Enum):
    DRAW = "draw"  # draw a card, or take the crank
    PASS = "pass"
    ANNOUNCE = "announce"  # "Last card!"
    CALL = "call"  # "Idiot!"
    HINT = "hint"
    UNDO = "undo"  # take back the viewer's last move (while nothing new was seen)
    MENU = "menu"
    CONTROLS = "controls"  # the list of keys (F1)
    TOGGLE_ARM = "toggle_arm"  # say "Last card!" with the next play
    DISMISS_NOTE = "dismiss_note"  # the coaching note's "Got it"
    ARRANGED = "arranged"  # the player moved a card in their hand: it is ordered by hand now


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play ``code`` from the hand; ``announce`` (Shift held) says "Last card!" with it."""

    code: int
    announce: bool = False


@dataclass(frozen=True, slots=True)
class ScrollLog:
    """Read further back in the log (positive ``lines``) or forward."""

    lines: int


Intent = Command | PlayCard | ScrollLog
