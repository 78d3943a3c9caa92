"""What happened, in the past tense. ``apply`` returns these for the UI, the log and the AI.

Every event is a frozen value with a snake_case ``type`` (see ``to_dict``). Card fields hold card
integers; ``CardsDrawn.cards`` is ``None`` in the view of a seat that may not see them
(``redact``), while ``count`` always says how many.

| event               | fields                                                              |
|---------------------|---------------------------------------------------------------------|
| card_cut            | player, card: the first-dealer cut (a tie is cut again)             |
| dealer_chosen       | player                                                              |
| round_started       | round (0-based), dealer, hand_size                                  |
| cards_dealt         | player, cards, count                                                |
| starter_turned      | card: the turned-up card, the dealer's first play                   |
| card_played         | player, card, crank (the running count after it, 0 outside a crank) |
| suit_chosen         | player, suit, switched (False: a 9 kept its suit)                   |
| crank_started       | player, count                                                       |
| crank_ended         | player (who takes the count), count                                 |
| cards_drawn         | player, cards, count, reason: turn seven five crank idiot final     |
| pile_reshuffled     | count (cards in the new draw pile)                                  |
| player_skipped      | player, reason: four seven ten                                      |
| direction_reversed  | direction                                                           |
| turn_lost           | player: an idiot's forfeited turn was used up                       |
| passed              | player                                                              |
| last_card_announced | player                                                              |
| idiot_called        | caller, target, penalty                                             |
| round_ended         | winner (None when blocked), blocked, scores, hands (as scored)      |
| match_ended         | winners, totals                                                     |
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import card_str, suit_str

# Each kind below is a class over a ``typing.NamedTuple`` of its fields, named and typed there (the
# call form, because a class-form field named ``count`` would clash with ``tuple.count`` for type
# checkers). ``Event`` comes first among the bases, so its equality and hashing win.


class Event(tuple[Any, ...]):
    """Base of every event: an immutable named tuple that compares equal only to its own kind.

    Tuples because the search-based AI applies millions of actions, each recording events.
    """

    __slots__ = ()

    if TYPE_CHECKING:  # each kind's NamedTuple base has it; declared here for ``to_dict``

        def _asdict(self) -> dict[str, Any]: ...

    @property
    def type(self) -> str:
        return re.sub(r"(?<!^)(?=[A-Z])", "_", type(self).__name__).lower()  # card_played

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple(self)))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values: cards and suits by code (``10H``, ``S``), tuples as lists."""
        out: dict[str, Any] = {"type": self.type}
        for name, value in self._asdict().items():
            if name == "card":
                value = card_str(value)
            elif name == "cards":
                value = None if value is None else [card_str(c) for c in value]
            elif name == "hands":
                value = [[card_str(c) for c in hand] for hand in value]
            elif name == "suit":
                value = suit_str(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[name] = value
        return out


Cards = tuple[int, ...]


class CardCut(Event, NamedTuple("CardCut", [("player", int), ("card", int)])):
    """``player`` cut ``card`` for the first deal (a tie is cut again)."""

    __slots__ = ()


class DealerChosen(Event, NamedTuple("DealerChosen", [("player", int)])):
    """``player`` deals the first round."""

    __slots__ = ()


class RoundStarted(
    Event, NamedTuple("RoundStarted", [("round", int), ("dealer", int), ("hand_size", int)])
):
    """Round ``round`` (0-based) began: ``dealer`` deals ``hand_size`` cards each."""

    __slots__ = ()


class CardsDealt(
    Event,
    NamedTuple("CardsDealt", [("player", int), ("cards", Cards | None), ("count", int)]),
):
    """``player`` was dealt ``count`` cards (``cards`` None where they may not be seen)."""

    __slots__ = ()


class StarterTurned(Event, NamedTuple("StarterTurned", [("card", int)])):
    """``card`` was turned up: the dealer's first play."""

    __slots__ = ()


class CardPlayed(Event, NamedTuple("CardPlayed", [("player", int), ("card", int), ("crank", int)])):
    """``player`` played ``card``; ``crank`` is the running count after it, 0 outside a crank."""

    __slots__ = ()


class SuitChosen(
    Event, NamedTuple("SuitChosen", [("player", int), ("suit", int), ("switched", bool)])
):
    """An 8 or 9 of ``player``'s set ``suit``; ``switched`` False when a 9 kept its suit."""

    __slots__ = ()


class CrankStarted(Event, NamedTuple("CrankStarted", [("player", int), ("count", int)])):
    """``player``'s 2 started a crank of ``count``."""

    __slots__ = ()


class CrankEnded(Event, NamedTuple("CrankEnded", [("player", int), ("count", int)])):
    """The crank ended: ``player`` takes its ``count``."""

    __slots__ = ()


class CardsDrawn(
    Event,
    NamedTuple(
        "CardsDrawn",
        [("player", int), ("cards", Cards | None), ("count", int), ("reason", str)],
    ),
):
    """``player`` drew ``count`` cards (``cards`` None where they may not be seen) for
    ``reason``: turn, seven, five, crank, idiot or final."""

    __slots__ = ()


class PileReshuffled(Event, NamedTuple("PileReshuffled", [("count", int)])):
    """The discards became a new draw pile of ``count`` cards."""

    __slots__ = ()


class PlayerSkipped(Event, NamedTuple("PlayerSkipped", [("player", int), ("reason", str)])):
    """``player`` was skipped by a ``reason``: four, seven or ten."""

    __slots__ = ()


class DirectionReversed(Event, NamedTuple("DirectionReversed", [("direction", int)])):
    """Play now runs in ``direction`` (1 clockwise, -1 the other way)."""

    __slots__ = ()


class TurnLost(Event, NamedTuple("TurnLost", [("player", int)])):
    """An idiot's forfeited turn of ``player`` was used up."""

    __slots__ = ()


class Passed(Event, NamedTuple("Passed", [("player", int)])):
    """``player`` kept the card just drawn and ended the turn."""

    __slots__ = ()


class LastCardAnnounced(Event, NamedTuple("LastCardAnnounced", [("player", int)])):
    """``player`` announced their last card."""

    __slots__ = ()


class IdiotCalled(
    Event, NamedTuple("IdiotCalled", [("caller", int), ("target", int), ("penalty", int)])
):
    """``caller`` caught ``target``, who draws ``penalty`` cards and loses the next turn."""

    __slots__ = ()


class RoundEnded(
    Event,
    NamedTuple(
        "RoundEnded",
        [("winner", int | None), ("blocked", bool), ("scores", tuple[int, ...]),
         ("hands", tuple[Cards, ...])],
    ),
):
    """The round ended: ``winner`` went out (None when ``blocked``); each seat's ``scores``,
    and the ``hands`` they were scored on, shown to every seat."""

    __slots__ = ()


class MatchEnded(
    Event,
    NamedTuple("MatchEnded", [("winners", tuple[int, ...]), ("totals", tuple[int, ...])]),
):
    """The match ended: the lowest ``totals`` share the win."""

    __slots__ = ()


def redact(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` may see it: other players' drawn or dealt cards become None.

    ``seat=None`` is a spectator who sees no hidden card.
    """
    if isinstance(event, (CardsDrawn, CardsDealt)) and event.player != seat:
        if event.cards is not None:
            return event._replace(cards=None)
    return event


def round_start(events: Sequence[Event]) -> int:
    """Where the last round of ``events`` begins (its ``RoundStarted``), or 0 if none does."""
    for i in range(len(events) - 1, -1, -1):
        if type(events[i]) is RoundStarted:
            return i
    return 0
