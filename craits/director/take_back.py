"""Taking back a misclick without leaking a card: whether a player's last own move may be
undone, and where the action log goes back to.

A move may be taken back only while nothing new has been seen since it was made, so that
taking it back and choosing again is no more than having thought longer. Precisely (RULES.md
sections 3 to 9):

- The move is the player's own turn action: a play (with the suit an 8 or a 9 names), a pass
  after a drawn card (``play_drawn_card``), or the suit for a turned-up 8 or 9. A "Last card!"
  the player said right after it, before anyone else did anything, goes back with it.
- Never a draw, nor a crank taken: the card drawn is new to the one who drew it.
- What the move set off showed no hidden card and changed no hand but the mover's: no card
  drawn by anyone (a 5 or a 7 played, a crank nobody can answer any more, an idiot's penalty),
  no pile reshuffled, no round ended (the scoreboard shows every hand). Only the events in
  ``QUIET`` may follow it; anything else closes the take-back.
- Nothing came after it: no other player's action (a computer's turn, anyone's
  announcement or idiot call), and the next round was not dealt. A computer that is still
  thinking has shown nothing: its answer is dropped.
- The match allows it (``Session.undo``: on by default with one human, in pass-and-play only
  when every player agreed in the setup), and the player is a human seat.

Taking back never edits a position: the session replays its seed and the action log up to the
point found here (``Session.take_back``).
"""

from __future__ import annotations

from craits.engine import Announce, ChooseSuit, Pass, Play
from craits.engine import events as ev
from craits.engine.notation import NotationError, read_log_entry
from craits.session import Session

# What may follow a move that can still be taken back: none of these shows a hidden card.
QUIET: tuple[type[ev.Event], ...] = (
    ev.CardPlayed, ev.SuitChosen, ev.CrankStarted, ev.PlayerSkipped, ev.DirectionReversed,
    ev.TurnLost, ev.Passed, ev.LastCardAnnounced,
)  # fmt: skip
TAKEN_BACK = (Play, Pass, ChooseSuit)  # the turn actions that reveal nothing to the mover


def take_back_point(session: Session, seat: int | None) -> int | None:
    """How many entries of the action log to keep to take back ``seat``'s last move, or None
    when it may not be taken back (see the module's rules)."""
    if seat is None or not session.undo or seat in session.bots:
        return None
    if not 0 <= seat < len(session.seats) or not session.seats[seat].is_human:
        return None
    records = session.records
    index = len(records) - 1
    while index >= 0 and _entry(session, index) == (seat, Announce(seat)):
        index -= 1  # "Last card!" said with the move goes back with it
    if index < 0:
        return None
    entry = _entry(session, index)
    if entry is None or entry[0] != seat or not isinstance(entry[1], TAKEN_BACK):
        return None
    since = session.events[session.batches[index + 1]:]  # batches[0] is the first deal
    if not all(isinstance(e, QUIET) for e in since):
        return None
    return index


def _entry(session: Session, index: int) -> tuple[int, object] | None:
    """The log's entry ``index`` as (player, action); None for a deal."""
    try:
        return read_log_entry(session.records[index], len(session.seats), index)
    except NotationError:  # the session wrote it: never, but then nothing is taken back
        return (-1, None)
