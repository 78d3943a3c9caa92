"""First-game coaching: the first time each ability happens at the table, a short note on it.

``firsts(events)`` finds, in an event stream, the first occurrence of each ability (a crank
started, a 9 that switches, an idiot call, a 3 at scoring...), once each. ``CoachState``
remembers which notes a player has seen (stored in the settings as ``to_dict``) and turns the
events of each move into the notes still to show, for the player's first games only.

    coach = CoachState.from_dict(settings.coaching)
    for note in coach.notes(session.events[seen:]):   # after each move
        show(note.message.text(t), near=note.player)  # dismissable; the game goes on
    coach.game_finished()

Feed the full event log (``session.events``): a note says only what the table shows, but
telling a 3 left at scoring needs the hands as they are shown on the scoreboard.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from craits.engine import Event
from craits.engine import events as ev
from craits.engine.cards import RANK_OF

from .messages import Message, declare

# Every note, in the order a game usually shows them.
NOTES = (
    "starter", "four_skip", "five_draw", "six_again", "seven_draw", "seven_skip",
    "eight_named", "nine_switch", "ten_reverse", "ten_skip", "crank_started", "crank_grows",
    "crank_taken", "reshuffle", "last_card", "idiot_called", "turn_lost", "threes_scored",
    "blocked",
)
COACHED_GAMES = 3  # notes are shown during a player's first games
_EFFECT_RANKS = frozenset((2, 4, 5, 6, 7, 8, 9, 10))


@dataclass(frozen=True, slots=True)
class Note:
    id: str  # one of NOTES
    player: int | None  # the seat where it happened (None: the table as a whole)

    @property
    def message(self) -> Message:
        return Message(f"coach.{self.id}")


class FirstsScanner:
    """Reads events one at a time and names every ability it sees happen (each time, not only
    the first); state is carried between calls, so a stream may come in pieces."""

    def __init__(self) -> None:
        self.top: int | None = None
        self.dealer: int | None = None
        self.hands: dict[int, list[int] | None] = {}  # None: cards not seen
        self.starter: int | None = None  # the turned-up card, until its effect shows
        self.six_by: int | None = None  # who played a 6 that may give them another turn

    def scan(self, events: Iterable[Event]) -> list[Note]:
        found: list[Note] = []
        for event in events:
            found.extend(self._one(event))
        return found

    def _one(self, e: Event) -> list[Note]:
        out: list[Note] = []
        actor: int | None = None
        if isinstance(e, (ev.CardPlayed, ev.Passed)):
            actor = e.player
        elif isinstance(e, ev.CardsDrawn) and e.reason in ("turn", "crank"):
            actor = e.player
        if actor is not None:
            if self.six_by is not None and actor == self.six_by:
                out.append(Note("six_again", actor))
            self.six_by = None
            if self.starter is not None and RANK_OF[self.starter] == 6 and actor == self.dealer:
                out.append(Note("starter", self.dealer))
            self.starter = None
        if isinstance(e, ev.RoundStarted):
            self.dealer, self.hands = e.dealer, {}
            self.starter = self.six_by = None
        elif isinstance(e, ev.CardsDealt):
            self.hands[e.player] = None if e.cards is None else list(e.cards)
        elif isinstance(e, ev.StarterTurned):
            self.top = e.card
            self.starter = e.card if RANK_OF[e.card] in _EFFECT_RANKS else None
        elif isinstance(e, ev.CardPlayed):
            self._played(e, out)
        elif isinstance(e, ev.SuitChosen):
            if self.top is not None and RANK_OF[self.top] == 8:
                out.append(Note("eight_named", e.player))
            elif e.switched:
                out.append(Note("nine_switch", e.player))
            self._starter_shown(out)
        elif isinstance(e, ev.CrankStarted):
            out.append(Note("crank_started", e.player))
            self._starter_shown(out)
        elif isinstance(e, ev.CrankEnded):
            out.append(Note("crank_taken", e.player))
        elif isinstance(e, ev.CardsDrawn):
            self._drawn(e, out)
        elif isinstance(e, ev.PlayerSkipped):
            note = {"four": "four_skip", "seven": "seven_skip", "ten": "ten_skip"}[e.reason]
            out.append(Note(note, e.player))
            self._starter_shown(out)
        elif isinstance(e, ev.DirectionReversed):
            out.append(Note("ten_reverse", None))
            self._starter_shown(out)
        elif isinstance(e, ev.PileReshuffled):
            out.append(Note("reshuffle", None))
        elif isinstance(e, ev.LastCardAnnounced):
            out.append(Note("last_card", e.player))
        elif isinstance(e, ev.IdiotCalled):
            out.append(Note("idiot_called", e.target))
        elif isinstance(e, ev.TurnLost):
            out.append(Note("turn_lost", e.player))
        elif isinstance(e, ev.RoundEnded):
            self._round_ended(e, out)
        return out

    def _played(self, e: ev.CardPlayed, out: list[Note]) -> None:
        self.top = e.card
        rank = RANK_OF[e.card]
        hand = self.hands.get(e.player)
        if hand is not None and e.card in hand:
            hand.remove(e.card)
        if rank <= 2 and e.crank > 2:
            out.append(Note("crank_grows", e.player))
        if rank == 6 and not e.crank:
            self.six_by = e.player

    def _drawn(self, e: ev.CardsDrawn, out: list[Note]) -> None:
        hand = self.hands.get(e.player)
        if e.cards is None:
            self.hands[e.player] = None
        elif hand is not None:
            hand.extend(e.cards)
        if e.reason == "five":
            out.append(Note("five_draw", e.player))
            self._starter_shown(out)
        elif e.reason == "seven":
            out.append(Note("seven_draw", e.player))
            self._starter_shown(out)

    def _starter_shown(self, out: list[Note]) -> None:
        """An ability just took effect: if it was the turned-up card's, say so (once)."""
        if self.starter is not None:
            out.append(Note("starter", self.dealer))
            self.starter = None

    def _round_ended(self, e: ev.RoundEnded, out: list[Note]) -> None:
        self.six_by = self.starter = None
        if e.blocked:
            out.append(Note("blocked", None))
        for player, hand in sorted(self.hands.items()):
            if player != e.winner and hand and any(RANK_OF[c] == 3 for c in hand):
                out.append(Note("threes_scored", player))
                break


def firsts(events: Iterable[Event]) -> list[Note]:
    """The first occurrence of each ability in ``events``, in the order they happened."""
    seen: set[str] = set()
    out = []
    for note in FirstsScanner().scan(events):
        if note.id not in seen:
            seen.add(note.id)
            out.append(note)
    return out


@dataclass
class CoachState:
    """Which notes a player has been shown, and how many games they have finished."""

    shown: set[str] = field(default_factory=set)
    games: int = 0
    enabled: bool = True  # the player may turn coaching off
    scanner: FirstsScanner = field(default_factory=FirstsScanner, compare=False, repr=False)

    @property
    def active(self) -> bool:
        return self.enabled and self.games < COACHED_GAMES and len(self.shown) < len(NOTES)

    def notes(self, events: Iterable[Event]) -> list[Note]:
        """The notes to show for these new events (each id at most once, ever), now marked
        as shown. Feed every event once, in order; nothing is returned when not ``active``."""
        found = self.scanner.scan(events)
        if not self.active:
            return []
        out = []
        for note in found:
            if note.id not in self.shown:
                self.shown.add(note.id)
                out.append(note)
        return out

    def game_finished(self) -> None:
        self.games += 1

    def new_match(self) -> None:
        """A new match starts: forget the last one's table (not what was shown)."""
        self.scanner = FirstsScanner()

    def to_dict(self) -> dict[str, Any]:
        return {"shown": sorted(self.shown), "games": self.games, "enabled": self.enabled}

    @classmethod
    def from_dict(cls, data: object) -> CoachState:
        """Leniently: unknown note ids and bad values are dropped, never an error."""
        if not isinstance(data, Mapping):
            return cls()
        shown = data.get("shown")
        games = data.get("games")
        enabled = data.get("enabled")
        return cls(
            shown={s for s in shown if s in NOTES} if isinstance(shown, list) else set(),
            games=games if type(games) is int and 0 <= games <= 1_000_000 else 0,
            enabled=enabled if isinstance(enabled, bool) else True,
        )


declare("", *(f"coach.{note}" for note in NOTES))
