"""Texts of the hint, coaching and review as catalogue keys with raw parameters.

This package never formats text itself (it stays below the UI and its fonts): a ``Message`` is
a key of ``craits/locale/*.toml`` and parameters as data. ``text`` renders it with the caller's
translator and namers, e.g. ``message.text(i18n.t, card=i18n.card_name, suit=i18n.suit_name,
player=names.__getitem__)``. Parameters by name:

- ``card``: a card code (``"7H"``); ``suit``: a suit letter (``"H"``); ``player``: a seat index;
- ``rank``: a rank as written on the card (``"8"``), the same in every language;
- ``count`` and other numbers: plain integers (``count`` picks the plural form);
- a nested ``Message`` (a move inside a sentence) is rendered first, with the same namers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from craits.engine import Action, ChooseSuit, Draw, Pass, Play
from craits.engine.cards import PARTNER_SUIT, RANK_OF, SUIT_OF, card_str, suit_str

Translate = Callable[..., str]


@dataclass(frozen=True, slots=True)
class Message:
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, t: Translate, *, card: Callable[[str], str] = str,
             suit: Callable[[str], str] = str,
             player: Callable[[int], str] = str) -> str:
        """The message in the caller's language: ``t(key, **params)`` with cards, suits and
        players named by the given functions."""
        shown: dict[str, Any] = {}
        for name, value in self.params.items():
            if isinstance(value, Message):
                shown[name] = value.text(t, card=card, suit=suit, player=player)
            elif name == "card":
                shown[name] = card(value)
            elif name == "suit":
                shown[name] = suit(value)
            elif name == "player":
                shown[name] = player(value)
            else:
                shown[name] = value
        return t(self.key, **shown)


def move_message(action: Action, crank: int = 0, top: int | None = None) -> Message:
    """A turn action in words (``move.*``): ``crank`` is the count a Draw would take, ``top``
    the face-up card a ChooseSuit settles (a turned-up 8 or 9)."""
    if isinstance(action, Play):
        code = card_str(action.card)
        rank = RANK_OF[action.card]
        if rank == 8 and action.suit is not None:
            return Message("move.play_eight", {"card": code, "suit": suit_str(action.suit)})
        if rank == 9 and action.suit is not None and action.suit != SUIT_OF[action.card]:
            return Message("move.play_nine", {"card": code, "suit": suit_str(action.suit)})
        return Message("move.play", {"card": code})
    if isinstance(action, Draw):
        if crank:
            return Message("move.take", {"count": crank})
        return Message("move.draw")
    if isinstance(action, Pass):
        return Message("move.pass")
    if isinstance(action, ChooseSuit):
        if top is not None and RANK_OF[top] == 9:
            own = SUIT_OF[top]
            if action.suit is None or action.suit == own:
                return Message("move.keep_suit", {"suit": suit_str(own)})
            return Message("move.switch_suit", {"suit": suit_str(PARTNER_SUIT[own])})
        if action.suit is None:
            raise ValueError("an 8 always names a suit")
        return Message("move.name_suit", {"suit": suit_str(action.suit)})
    raise ValueError(f"not a turn action: {action!r}")


# Every key this package may hand out, with its parameters: a test holds the catalogues to it.
KEYS: dict[str, frozenset[str]] = {}


def declare(params: str, *keys: str) -> None:
    for key in keys:
        KEYS[key] = frozenset(params.split())


declare("card", "move.play")
declare("card suit", "move.play_eight", "move.play_nine")
declare("count", "move.take")
declare("", "move.draw", "move.pass")
declare("suit", "move.keep_suit", "move.switch_suit", "move.name_suit")
