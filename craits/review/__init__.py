"""Learning from play: the hint, first-game coaching, the round review and the game record.

No pygame here and no text formatting: texts are catalogue keys with raw parameters
(``messages.Message``), and the thinking runs as small picklable jobs the bot helper can take.

- ``record``: the game record (docs/GAME_RECORD.md, written by ``craits.persistence.game_record``):
  export, load, read and write files.
- ``replay``: a saved or recorded match replayed exactly, step by step, every hand face up.
- ``analysis``: at each of a seat's choices, the expert's move and the expected cost of the
  move played; a summary per round.
- ``hint``: the hard level's move for the seat to act, with a one-line reason.
- ``coaching``: the first time each ability happens, a note on it.
"""

from craits.persistence.game_record import RECORD_FORMAT, RECORD_VERSION

from .analysis import ChoiceJob, RoundAnalysis, RoundReview, Verdict, analyse_round, choice_jobs
from .coaching import NOTES, CoachState, Note, firsts
from .hint import Hint, HintJob, hint, hint_job
from .messages import Message, move_message
from .record import (
    RecordError,
    export_record,
    load_record,
    open_record,
    read_record,
    write_record,
)
from .replay import Replay, RoundReplay, Step

__all__ = [
    "ChoiceJob", "RoundAnalysis", "RoundReview", "Verdict", "analyse_round", "choice_jobs",
    "NOTES", "CoachState", "Note", "firsts", "Hint", "HintJob", "hint", "hint_job", "Message",
    "move_message", "RECORD_FORMAT", "RECORD_VERSION", "RecordError", "export_record",
    "load_record", "open_record", "read_record", "write_record", "Replay", "RoundReplay", "Step",
]  # fmt: skip
