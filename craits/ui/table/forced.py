"""Forced moves played for the player ("Draw and pass for me when there is no choice", on by
default): a draw when nothing fits (or the crank must be taken), a pass when passing is all
there is; never where there is a choice, so a drawn card that may be played is still the
player's to play or keep.

The action is the one the Draw or Pass button gives, through the same door: the rules, the
save and what the computer players see do not change. It waits a moment first, so the player
sees that nothing fits, and as long as the time to call "Idiot!" on the player before them.
"""

from __future__ import annotations

from collections.abc import Callable

from craits.engine import Draw, Pass, SeatView
from craits.engine.actions import Action

FORCED_PAUSE = 0.8  # seconds at normal speed before a forced move is made


def forced_action(view: SeatView) -> Action | None:
    """The one move ``view``'s seat can make, if it is a draw or a pass."""
    legal = view.legal
    return legal[0] if len(legal) == 1 and isinstance(legal[0], (Draw, Pass)) else None


class ForcedMoves:
    def __init__(self, wanted: Callable[[], bool]) -> None:
        self.wanted = wanted  # the setting, read each frame (it may change mid-game)
        self.position: object = None  # the position being waited on
        self.waited = 0.0

    def update(self, dt: float, position: object, view: SeatView | None, mine: bool,
               pause: float, call_grace: float) -> Action | None:
        """Each frame: the forced move to make now, once the viewer has had ``pause``
        seconds (``call_grace`` while someone may be called) to see it is their only one."""
        forced = forced_action(view) if view is not None and mine and self.wanted() else None
        if forced is None or view is None:
            self.position = None
            return None
        if position != self.position:
            self.position, self.waited = position, 0.0
        self.waited += dt
        if self.waited < max(pause, call_grace if view.can_call else 0.0):
            return None
        self.position = None
        return forced
