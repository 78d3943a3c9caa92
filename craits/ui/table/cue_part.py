"""The table's sound cues, for what must be heard at once: the viewer's turn begins, a card
they try is refused, a player goes down to one card, a call is made against a human.

Only where a human plays: a table of computers alone stays quiet. The engine's events are
read as they come (the cue sounds as the move starts to be shown, not after its animation);
the turn is cued once the viewer may act (the cards at rest, nothing on top), once a turn.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from enum import StrEnum

from craits.engine import events as ev
from craits.engine.view import SeatView


class Cue(StrEnum):
    """The cue sounds (``assets/sounds/<name>.wav``)."""

    TURN = "cue_turn"
    REFUSED = "cue_refused"
    ONE_CARD = "cue_one_card"
    CALLED = "cue_called"


# Events that end a turn or begin one: after one, the viewer's next chance to act is a new
# turn, also for the same seat (a 6 played, two players and a skip).
_TURN_OVER = (ev.CardPlayed, ev.Passed, ev.PlayerSkipped, ev.TurnLost, ev.RoundStarted)
_TURN_DRAWS = ("turn", "crank")  # draws that end a turn (not a penalty nor a 7's or 5's)


class CuePart:
    """Watches the match for the cue events and plays each cue through ``play``."""

    def __init__(self, play: Callable[[str], object], humans: Collection[int],
                 events: Sequence[ev.Event]) -> None:
        self.play = play
        self.humans = frozenset(humans)
        self._events = events
        self._seen = len(events)  # what is there already is not new (a resumed game)
        self._last = events[-1] if events else None
        self._turn: tuple[int, int] | None = None  # (viewer, seat to act) last seen
        self._turn_due = False

    def refused(self) -> bool:
        """The viewer tried a card that cannot be played; True if the cue sounded."""
        return self._cue(Cue.REFUSED)

    def update(self, events: Sequence[ev.Event], view: SeatView | None, mine: bool) -> None:
        """This frame's match: the session's events, the viewer's view (None: nobody's) and
        whether the viewer may act now."""
        if not self.humans:
            return
        fresh = self._new_events(events)
        turn = (view.seat, view.turn) if view is not None and view.phase != "over" else None
        if fresh is None:  # a move taken back: the position shown again was cued when reached
            self._turn, self._turn_due = turn, False
            return
        if view is None:
            self._turn = None
            return
        if any(isinstance(e, _TURN_OVER)
               or (isinstance(e, ev.CardsDrawn) and e.reason in _TURN_DRAWS) for e in fresh):
            self._turn_due = True
        if any(isinstance(e, ev.IdiotCalled) and e.target in self.humans for e in fresh):
            self._cue(Cue.CALLED)
        if down_to_one(fresh, view.hand_counts):
            self._cue(Cue.ONE_CARD)
        if turn != self._turn:
            self._turn, self._turn_due = turn, self._turn_due or turn is not None
        if mine and self._turn_due and view.phase != "drawn":  # a drawn card: the same turn
            self._turn_due = False
            self._cue(Cue.TURN)

    def _new_events(self, events: Sequence[ev.Event]) -> list[ev.Event] | None:
        """The events since the last frame; None when the list was replaced or cut back."""
        same = events is self._events and len(events) >= self._seen and (
            self._seen == 0 or events[self._seen - 1] is self._last)
        fresh = list(events[self._seen:]) if same else None
        self._events, self._seen = events, len(events)
        self._last = events[-1] if events else None
        return fresh

    def _cue(self, cue: Cue) -> bool:
        return bool(self.play(cue.value))


def down_to_one(fresh: Sequence[ev.Event], counts_now: Sequence[int]) -> list[int]:
    """The seats that played down to exactly one card in ``fresh`` (the newest events, which
    end at ``counts_now``), oldest first. Read backwards from the counts now, so a position
    that did not start with a deal (a puzzle, a resumed round) counts right."""
    counts = list(counts_now)
    found: list[int] = []
    for event in reversed(fresh):
        if isinstance(event, ev.RoundStarted):
            break  # the round before ended; its counts are not these
        if isinstance(event, ev.CardPlayed):
            if counts[event.player] == 1:
                found.append(event.player)
            counts[event.player] += 1
        elif isinstance(event, ev.CardsDrawn | ev.CardsDealt):
            counts[event.player] -= event.count
    return found[::-1]
