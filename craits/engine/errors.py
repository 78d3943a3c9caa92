"""The engine's error family."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .refusal import Refusal


class CraitsError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalActionError(CraitsError, ValueError):
    """An action that the rules do not allow now; the state it was tried on is unchanged.
    ``refusal`` is the typed reason (``craits.engine.refusal``) that ``reason`` words."""

    def __init__(self, action: object, reason: str, refusal: Refusal | None = None) -> None:
        try:
            shown = str(action)
        except (IndexError, TypeError):  # a malformed action (a card or suit out of range)
            shown = repr(action)
        super().__init__(f"illegal action ({shown}): {reason}")
        self.action = action
        self.reason = reason
        self.refusal = refusal
