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
from dataclasses import dataclass, fields, replace

from .cards import card_str, suit_str


class Event:
    __slots__ = ()

    @property
    def type(self) -> str:
        return _snake(type(self).__name__)

    def to_dict(self) -> dict:
        out: dict = {"type": self.type}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if f.name == "card":
                value = card_str(value)
            elif f.name == "cards":
                value = None if value is None else [card_str(c) for c in value]
            elif f.name == "suit":
                value = suit_str(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@dataclass(frozen=True, slots=True)
class CardCut(Event):
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class DealerChosen(Event):
    player: int


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int
    dealer: int
    hand_size: int


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    player: int
    cards: tuple[int, ...] | None
    count: int


@dataclass(frozen=True, slots=True)
class StarterTurned(Event):
    card: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    player: int
    card: int
    crank: int


@dataclass(frozen=True, slots=True)
class SuitChosen(Event):
    player: int
    suit: int
    switched: bool


@dataclass(frozen=True, slots=True)
class CrankStarted(Event):
    player: int
    count: int


@dataclass(frozen=True, slots=True)
class CrankEnded(Event):
    player: int
    count: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    player: int
    cards: tuple[int, ...] | None
    count: int
    reason: str


@dataclass(frozen=True, slots=True)
class PileReshuffled(Event):
    count: int


@dataclass(frozen=True, slots=True)
class PlayerSkipped(Event):
    player: int
    reason: str


@dataclass(frozen=True, slots=True)
class DirectionReversed(Event):
    direction: int


@dataclass(frozen=True, slots=True)
class TurnLost(Event):
    player: int


@dataclass(frozen=True, slots=True)
class Passed(Event):
    player: int


@dataclass(frozen=True, slots=True)
class LastCardAnnounced(Event):
    player: int


@dataclass(frozen=True, slots=True)
class IdiotCalled(Event):
    caller: int
    target: int
    penalty: int


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    winner: int | None
    blocked: bool
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    winners: tuple[int, ...]
    totals: tuple[int, ...]


def redact(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` may see it: other players' drawn or dealt cards become None.

    ``seat=None`` is a spectator who sees no hidden card.
    """
    if isinstance(event, (CardsDrawn, CardsDealt)) and event.player != seat:
        if event.cards is not None:
            return replace(event, cards=None)
    return event
