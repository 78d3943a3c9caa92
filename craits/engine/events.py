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
| round_ended         | winner (None when blocked), blocked, scores                         |
| match_ended         | winners, totals                                                     |
"""

from __future__ import annotations

import re
from collections import namedtuple

from .cards import card_str, suit_str


class Event(tuple):
    """Base of every event: an immutable named tuple that compares equal only to its own kind.

    Tuples because the search-based AI applies millions of actions, each recording events.
    """

    __slots__ = ()
    _fields: tuple[str, ...]  # set by each kind (see _event)

    @property
    def type(self) -> str:
        return _snake(type(self).__name__)

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple(self)))

    def to_dict(self) -> dict:
        out: dict = {"type": self.type}
        for name, value in zip(self._fields, self, strict=True):
            if name == "card":
                value = card_str(value)
            elif name == "cards":
                value = None if value is None else [card_str(c) for c in value]
            elif name == "suit":
                value = suit_str(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[name] = value
        return out


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _event(name: str, fields: str) -> type:
    """An Event subclass with named fields, like ``collections.namedtuple``."""
    base = namedtuple(name, fields)
    return type(name, (Event, base), {"__slots__": (), "__repr__": base.__repr__})


CardCut = _event("CardCut", "player card")
DealerChosen = _event("DealerChosen", "player")
RoundStarted = _event("RoundStarted", "round dealer hand_size")
CardsDealt = _event("CardsDealt", "player cards count")
StarterTurned = _event("StarterTurned", "card")
CardPlayed = _event("CardPlayed", "player card crank")
SuitChosen = _event("SuitChosen", "player suit switched")
CrankStarted = _event("CrankStarted", "player count")
CrankEnded = _event("CrankEnded", "player count")
CardsDrawn = _event("CardsDrawn", "player cards count reason")
PileReshuffled = _event("PileReshuffled", "count")
PlayerSkipped = _event("PlayerSkipped", "player reason")
DirectionReversed = _event("DirectionReversed", "direction")
TurnLost = _event("TurnLost", "player")
Passed = _event("Passed", "player")
LastCardAnnounced = _event("LastCardAnnounced", "player")
IdiotCalled = _event("IdiotCalled", "caller target penalty")
RoundEnded = _event("RoundEnded", "winner blocked scores")
MatchEnded = _event("MatchEnded", "winners totals")


def redact(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` may see it: other players' drawn or dealt cards become None.

    ``seat=None`` is a spectator who sees no hidden card.
    """
    if isinstance(event, (CardsDrawn, CardsDealt)) and event.player != seat:
        if event.cards is not None:
            return event._replace(cards=None)
    return event
