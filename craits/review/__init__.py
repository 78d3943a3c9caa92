"""Learning from play: the hint, first-game coaching, the round review and the game record.

No pygame here and no text formatting: texts are catalogue keys with raw parameters
(``messages.Message``), and the thinking runs as small picklable jobs on the workbench.

- ``record``: the game record (docs/GAME_RECORD.md, written by ``craits.persistence.game_record``):
  export, load, read and write files.
- ``replay``: a saved or recorded match replayed exactly, step by step, every hand face up.
- ``analysis``: at each of a seat's choices, the expert's move and the expected cost of the
  move played; a summary per round.
- ``hint``: the hard level's move for the seat to act, with a one-line reason.
- ``coaching``: the first time each ability happens, a note on it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from craits.persistence.game_record import RECORD_FORMAT

    from .analysis import RoundAnalysis, analyse_round
    from .coaching import CoachState, Note
    from .hint import Hint, hint_job
    from .judging import Verdict
    from .messages import move_message
    from .record import RecordError, export_record, load_record, read_record, write_record
    from .replay import Replay, Step

# Each name's module, imported on first use: a worker process imports this package on
# its way to ``judging`` and needs only the judging, not the records, settings and files (~0.1 s).
_HOMES = {
    "RECORD_FORMAT": "craits.persistence.game_record",
    **dict.fromkeys(("RoundAnalysis", "analyse_round"), "craits.review.analysis"),
    "Verdict": "craits.review.judging",
    **dict.fromkeys(("CoachState", "Note"), "craits.review.coaching"),
    **dict.fromkeys(("Hint", "hint_job"), "craits.review.hint"),
    "move_message": "craits.review.messages",
    **dict.fromkeys(("RecordError", "export_record", "load_record", "read_record",
                     "write_record"), "craits.review.record"),
    **dict.fromkeys(("Replay", "Step"), "craits.review.replay"),
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # looked up once
    return value

__all__ = [
    "RoundAnalysis", "Verdict", "analyse_round", "CoachState", "Note", "Hint", "hint_job",
    "move_message", "RECORD_FORMAT", "RecordError", "export_record", "load_record",
    "read_record", "write_record", "Replay", "Step",
]  # fmt: skip
