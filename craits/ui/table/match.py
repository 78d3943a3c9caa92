"""The table's side of the match: it gives the ``MatchDirector`` the viewer's actions and the
frame's time, hands what the engine reports (as the viewer may see it) to the choreographer,
and says what the table must show next.

    fresh table ──> cut ──> deal ──┬──> human's move (the table itself)
                                   ├──> computer's move (thinking on the plate)
                                   ├──> hand-off (pass-and-play) ──> the next human sees the table
                                   ├──> suit for the turned-up card (suit dialog)
                                   └──> round over ──> scoreboard ──┬──> next round
                                                                    └──> game over

It reads the match only through the viewer's ``SeatView`` and the events each seat may see.
The viewer's last move may be taken back (``undo``) while nothing new was seen since
(``craits.director.take_back``); a pass-and-play hand-off waits as the computers do, so there
is time to.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass

from craits import i18n
from craits.director import MatchDirector, Wait, Waiting
from craits.engine import Announce, Call, IllegalActionError, Play, SeatView
from craits.engine import events as ev
from craits.engine.actions import Action
from craits.session import Session
from craits.ui.tabletop.choreographer import Choreographer
from craits.ui.tabletop.layout import Slot
from craits.ui.tabletop.model import TableModel

log = logging.getLogger(__name__)

UNDO_FLIGHT = 0.35  # seconds at normal speed for a card taken back to fly home


# ------------------------------------------------------------ what the table must show next


@dataclass(frozen=True, slots=True)
class ShowCut:
    """The cut for the first deal, before anything else."""


@dataclass(frozen=True, slots=True)
class HandOff:
    """Pass-and-play: the screen goes to ``seat``'s player first."""

    seat: int


@dataclass(frozen=True, slots=True)
class AskStarterSuit:
    """The viewer dealt a turned-up 8 or 9: which suit it sets."""


@dataclass(frozen=True, slots=True)
class ShowRoundEnd:
    """The round's end has been shown on the table: its scoreboard."""

    ended: ev.RoundEnded


Next = ShowCut | HandOff | AskStarterSuit | ShowRoundEnd


@dataclass(frozen=True, slots=True, eq=False)
class TableView(SeatView):
    """The viewer's seat view with what the table adds: whether their last move may be taken
    back now (the Undo button shows then). It equals the seat view it was made from: what
    the seat sees is the same."""

    can_undo: bool = False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeatView):
            return NotImplemented
        return all(getattr(self, f.name) == getattr(other, f.name)
                   for f in dataclasses.fields(SeatView))

    __hash__ = SeatView.__hash__


def last_round_end(events: list[ev.Event]) -> ev.RoundEnded | None:
    """The newest round's ``RoundEnded``, if that round has ended."""
    for e in reversed(events):
        if isinstance(e, ev.RoundEnded):
            return e
        if isinstance(e, ev.RoundStarted):
            return None
    return None


class TableMatch:
    """The match as one table sees it. ``modal_open`` is set by the scene while a scene on
    top (suit dialog, hand-off, cut, scoreboard) holds match time still."""

    def __init__(self, session: Session, director: MatchDirector, chor: Choreographer,
                 model: TableModel, *, fresh: bool) -> None:
        self.session = session
        self.director = director
        self.chor = chor
        self.model = model
        self.names = [s.name for s in session.seats]
        self.viewer: int | None = director.viewer
        self.consumed = 0  # session events handed to the choreographer so far
        self.thinking: int | None = None  # the computer seat thinking now
        self.modal_open = False
        self.scoreboard_shown_for: int | None = None
        self._view_cache: tuple[object, TableView | None] = (None, None)
        self.cut_pending = fresh and not session.records and any(
            isinstance(e, ev.CardCut) for e in session.events)

    # ------------------------------------------------------------ the viewer's seat

    def view(self) -> TableView | None:
        """The viewer's view of the engine now (kept until the session changes)."""
        if self.viewer is None:
            return None
        key = (self.session.version, self.viewer, self.modal_open, self.cut_pending)
        if self._view_cache[0] != key:
            seen = self.session.view(self.viewer)
            fields = {f.name: getattr(seen, f.name) for f in dataclasses.fields(SeatView)}
            undo = not self.modal_open and not self.cut_pending \
                and self.director.take_back_point(self.viewer) is not None
            self._view_cache = (key, TableView(**fields, can_undo=undo))
        return self._view_cache[1]

    def my_turn(self) -> bool:
        """Whether the viewer may play now: their turn, the cards at rest, nothing on top."""
        view = self.view()
        return (view is not None and view.phase != "over" and view.turn == view.seat
                and not self.chor.busy and not self.modal_open and not self.cut_pending)

    def legal_plays(self) -> list[Play]:
        view = self.view()
        if view is None or not self.my_turn():
            return []
        return [a for a in view.legal if isinstance(a, Play)]

    def waiting_for(self) -> str | None:
        """The name of the player the table waits for, when that is not the viewer."""
        view = self.view()
        if view is None or view.phase == "over" or view.turn == view.seat:
            return None
        return self.names[view.turn]

    def act(self, action: Action) -> bool:
        """A human action at this table; False (and a log line) if the engine refuses it."""
        try:
            if isinstance(action, (Announce, Call)):
                self.director.act(action)
            else:
                self.director.act(action, self.viewer)
        except IllegalActionError as exc:
            log.info("refused %s: %s", action, exc)
            return False
        self.pull()
        return True

    def undo(self) -> str | None:
        """Take back the viewer's last move: the table shows the position before it at once
        (the log without it). None when done, else why not, in the player's words."""
        if not self.session.undo:
            return i18n.t("undo.off")
        model = self.model
        top = model.discard[-1] if model.discard else None
        came_from = Slot(top.x, top.y, top.angle) if top is not None else None
        held = set(model.hand_codes(model.bottom))
        view = self.view()
        if view is None or not view.can_undo or not self.director.take_back(self.viewer):
            return i18n.t("undo.nothing")
        self.thinking = None
        self.sync_to_engine()
        self.rebuild_log(model.layout.size)
        if came_from is not None:  # the card taken back flies from the pile to its place
            for sprite in model.hands[model.bottom]:
                if sprite.code not in held:
                    sprite.place(came_from, model.layout.pile_card)
            model.reflow(model.bottom, self.chor.t(UNDO_FLIGHT))
        return None

    def become_viewer(self, seat: int) -> None:
        """Pass-and-play: ``seat``'s player is at the screen now."""
        self.viewer = seat
        self.director.handed_to(seat)
        self.chor.viewer = seat
        self.model.set_bottom(seat, seat)
        self.sync_to_engine()

    # ------------------------------------------------------------ engine traffic

    def pull(self) -> None:
        """Hand new engine events, as the viewer may see them, to the choreographer."""
        s = self.session
        if self.consumed < len(s.events):
            batch = s.events_for(self.viewer, self.consumed)
            self.consumed = len(s.events)
            self.chor.feed(batch)

    def sync_to_engine(self) -> None:
        """Show the engine's position at once (resume, hand-off)."""
        s = self.session
        self.chor.finish()
        seat = self.viewer if self.viewer is not None else self.model.bottom
        view = s.view(seat)
        ended = last_round_end(s.events) if view.phase == "over" else None
        reveal = ended.hands if ended is not None else None
        self.model.sync_from_view(view, s.match.totals, s.match.round_index, reveal)
        self.consumed = len(s.events)

    def rebuild_log(self, size: tuple[int, int], rounds: int = 2) -> None:
        """Continue: the log of this round and the one before, read back from the saved game
        as the viewer saw it, one line per action as it was shown."""
        s = self.session
        starts = [i for i, e in enumerate(s.events) if isinstance(e, ev.RoundStarted)]
        start = starts[-rounds] if len(starts) >= rounds else 0
        model = TableModel(len(s.seats), size, self.model.bottom, self.viewer)
        reader = Choreographer(model, self.names, speed="instant", viewer=self.viewer)
        seen = s.events_for(self.viewer)
        bounds = [b for b in s.batches if b >= start] + [len(seen)]
        for begin, end in zip(bounds, bounds[1:], strict=False):
            reader.feed(seen[begin:end])
            reader.finish()
        self.chor.log.replace_with(reader.log)

    # ------------------------------------------------------------ a frame of match time

    def show_turn(self) -> Waiting:
        """The plates follow whose turn it is: its glow, and a computer's thinking dots."""
        waiting = self.director.waiting
        self.model.turn = waiting.seat
        self.thinking = waiting.seat if waiting.kind is Wait.COMPUTER else None
        return waiting

    def advance(self, dt: float) -> Next | None:
        """One frame of the match while the table is the top scene: once presentation has
        caught up, match time flows; the answer is what the table must show on top, if
        anything."""
        if self.cut_pending:
            self.cut_pending = False
            return ShowCut()
        director = self.director
        director.think_ahead()  # the computer may think while the cards still move
        if self.chor.busy:
            return None
        waiting = director.waiting
        if waiting.kind is Wait.ROUND_OVER:
            self.thinking = None
            round_index = self.session.match.round_index
            ended = last_round_end(self.session.events)
            if self.scoreboard_shown_for != round_index and ended is not None:
                self.scoreboard_shown_for = round_index
                return ShowRoundEnd(ended)
            return None
        if waiting.kind is Wait.MATCH_OVER:
            return None
        if director.update(dt):
            self.pull()
            return None
        waiting = self.show_turn()
        if waiting.kind is Wait.HANDOFF and waiting.seat is not None:
            if self.director.take_back_left(self.viewer) > 0:
                return None  # the screen stays a moment: the move may still be taken back
            return HandOff(waiting.seat)
        if waiting.kind is Wait.STARTER_SUIT and not self.modal_open:
            return AskStarterSuit()
        return None

    def round_seen(self) -> bool:
        """The scoreboard was dismissed: True if the match is over, else the next round is
        dealt."""
        self.director.round_seen()
        if self.director.waiting.kind is Wait.MATCH_OVER:
            return True
        self.pull()
        return False
