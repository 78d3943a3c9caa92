"""A difficulty level as data: how it plays, its reflexes and the weights of its policy.

Reading levels from ``config/ai.yaml`` (checked, with lines) is ``craits.config.levels``'s job:
the AI depends on the engine only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .heuristic import HeuristicWeights
from .search import SearchSettings

PLAY_KINDS = ("random", "heuristic", "search", "oracle")


@dataclass(frozen=True, slots=True)
class Reflex:
    rate: float  # chance of reacting at all (announcing; calling an idiot)
    delay_min: float  # seconds
    delay_max: float


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    description: str
    offered: bool  # listed among the levels a player can choose in the game
    play: str  # one of PLAY_KINDS
    announce: Reflex
    call: Reflex
    version: int = 1  # raised when the level's play changes (the old one stays as a classic)
    rating: tuple[float, float] | None = None  # fixed (rating, deviation); None: not rated
    heuristic: HeuristicWeights = field(default_factory=HeuristicWeights)
    search: SearchSettings = field(default_factory=SearchSettings)
