"""The knobs of the rollout policy (``config/ai.yaml``, ``search.rollout``).

Kept apart from ``rollout``, which is compiled (``craits.native``): settings are read from a file
and sent to worker processes, so they stay a plain dataclass, which pickles.
"""

from __future__ import annotations

from dataclasses import dataclass

from craits.engine.cards import RANK_OF
from craits.engine.scoring import CARD_POINTS

POINTS = tuple(CARD_POINTS[RANK_OF[c]] for c in range(52))


@dataclass(frozen=True, slots=True)
class RolloutWeights:
    """How the rollout policy scores a playable card (in points)."""

    keep_eight: float = 60.0  # an 8 is played only when nothing else fits (or to go out)
    keep_three: float = 120.0  # a 3 held at the end cancels a card or scores -50
    follow: float = 6.0  # per other card of the suit left in force
    six_follow_up: float = 25.0  # a 6 with a card to play after it; the same as a cost without
    attack: float = 12.0  # 2 4 5 7 (and 10) against a player with two cards or fewer
    urgency: float = 1.0  # extra weight on points when someone holds two cards or fewer
    noise: float = 8.0  # uniform noise added to each card's score

    def table(self) -> tuple[float, ...]:
        """Each card's static part of the score."""
        out = []
        for c in range(52):
            rank = RANK_OF[c]
            value = float(POINTS[c])
            if rank == 8:
                value -= self.keep_eight
            elif rank == 3:
                value -= self.keep_three
            out.append(value)
        return tuple(out)
