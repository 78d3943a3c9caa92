"""The engine's error family."""

from __future__ import annotations


class CraitsError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalActionError(CraitsError, ValueError):
    """An action that the rules do not allow now; the state it was tried on is unchanged."""

    def __init__(self, action: object, reason: str) -> None:
        try:
            shown = str(action)
        except (IndexError, TypeError):  # a malformed action (a card or suit out of range)
            shown = repr(action)
        super().__init__(f"illegal action ({shown}): {reason}")
        self.action = action
        self.reason = reason


class InvalidPositionError(CraitsError, ValueError):
    """A position (e.g. from a scenario file) that breaks the rules of the game."""
