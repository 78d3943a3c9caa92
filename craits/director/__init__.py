"""The one match loop (``MatchDirector``) and what drives matches with nobody watching.

Layers: engine <- ai <- session <- director <- ui and cli. No pygame here.
"""

from .director import (
    FixedPace,
    Hooks,
    InlineRunner,
    MatchDirector,
    Runner,
    TablePace,
    Wait,
    Waiting,
)
from .headless import TURN_SECONDS, MatchRecord, play_headless, play_match

__all__ = [
    "FixedPace", "Hooks", "InlineRunner", "MatchDirector", "Runner", "TablePace", "Wait",
    "Waiting", "TURN_SECONDS", "MatchRecord", "play_headless", "play_match",
]  # fmt: skip
