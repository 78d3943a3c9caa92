"""Why an action is refused: one derivation, as a typed value.

``refusal(...)`` names the rule an action breaks (``Why``) with the data a sentence about it
needs (the suit in force, the top card, the crank's count, whose turn it is...). It reads only
what a seat may see, so the table can ask it of a ``SeatView`` (``refusal_in_view``) and never
touches hidden cards; the engine asks it of the whole round. ``Refusal.message()`` is the
engine's English (``IllegalActionError``); the table translates the same value in its own words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from .actions import KEEP_SUIT, PLAIN_PLAYS, Action, Announce, Call, ChooseSuit, Draw, Pass, Play
from .cards import RANK_OF, SUIT_OF, card_str, suit_str
from .legality import Round, can_announce, can_call, playable
from .rules import Rules
from .state import CHOOSE_SUIT, DRAWN, OVER, PLAY
from .view import SeatView


class Why(Enum):
    """The rule an action breaks."""

    NOT_AN_ACTION = "not_an_action"
    ROUND_OVER = "round_over"
    NOT_YOUR_TURN = "not_your_turn"  # player: whose turn it is; mover: who tried
    NO_SUCH_SUIT = "no_such_suit"
    NO_SUCH_CARD = "no_such_card"
    NOT_HELD = "not_held"  # player, card
    SUIT_FIRST = "suit_first"  # the dealer must settle the turned-up top's suit
    ONLY_DRAWN = "only_drawn"  # card: the one just drawn
    CRANK = "crank"  # crank; can_play: an answer is held; can_draw: taking the count is open
    EIGHT_NAMES_A_SUIT = "eight_names_a_suit"
    ONLY_EIGHT_OR_NINE_NAMES = "only_eight_or_nine_names"
    NO_MATCH = "no_match"  # card, suit in force, top; can_play: another card fits
    NINE_SWITCH = "nine_switch"  # suit: the one named
    DRAWN_PLAY_OR_PASS = "drawn_play_or_pass"
    NO_DRAW_BEFORE_SUIT = "no_draw_before_suit"
    ANSWER_THE_CRANK = "answer_the_crank"
    HOLDS_A_PLAY = "holds_a_play"
    NOTHING_TO_DRAW = "nothing_to_draw"  # draw_when_able, but both piles are empty
    NO_PASS = "no_pass"
    NO_SUIT_TO_CHOOSE = "no_suit_to_choose"
    TURNED_EIGHT = "turned_eight"
    TURNED_NINE = "turned_nine"
    ANNOUNCE_OFF = "announce_off"
    NO_SUCH_PLAYER = "no_such_player"
    ALREADY_ANNOUNCED = "already_announced"
    NOT_ONE_CARD = "not_one_card"  # player
    CALL_SELF = "call_self"
    NOT_CATCHABLE = "not_catchable"  # player: the target


@dataclass(frozen=True, slots=True)
class Refusal:
    """``why`` an action is refused, with what a sentence about it names."""

    why: Why
    player: int | None = None  # whose turn it is, who lacks the card, who cannot be caught
    mover: int | None = None  # who tried to act out of turn
    card: int | None = None  # the card tried, or the card just drawn
    suit: int | None = None  # the suit in force, or the suit named
    top: int | None = None  # the face-up card
    crank: int = 0  # the running crank's count
    can_play: bool = False  # the player to act holds a card they may play now
    can_draw: bool = False  # drawing (or taking the crank's count) is open now
    forfeit: bool = False  # the one who tried out of turn loses their next turn

    def message(self) -> str:
        """The engine's English for it, naming cards by code."""
        eight = self.top is not None and RANK_OF[self.top] == 8
        suit = "?" if self.suit is None else suit_str(self.suit)
        return _WORDS[self.why].format(
            player=self.player, mover=self.mover, card=_code(self.card), suit=suit,
            top=_code(self.top), crank=self.crank, turned="8" if eight else "9")


_WORDS = {  # each refusal's English, its fields filled in by ``message``
    Why.NOT_YOUR_TURN: "it is player {player}'s turn, not player {mover}'s",
    Why.NOT_HELD: "player {player} does not hold {card}",
    Why.SUIT_FIRST: "the dealer must first settle the suit of the turned-up {turned}",
    Why.ONLY_DRAWN: "only the card just drawn ({card}) may be played, or pass",
    Why.CRANK: "a crank of {crank} runs: only an Ace or a 2 may answer it",
    Why.NO_MATCH: "{card} matches neither the suit in force ({suit}) nor the rank of {top}",
    Why.NINE_SWITCH: "a 9 may only switch to the other suit of its colour, not {suit}",
    Why.NOT_ONE_CARD: "player {player} does not hold exactly one card",
    Why.NOT_CATCHABLE: "player {player} cannot be caught now",
    Why.NOT_AN_ACTION: "not an action",
    Why.ROUND_OVER: "the round is over",
    Why.NO_SUCH_SUIT: "no such suit",
    Why.NO_SUCH_CARD: "no such card",
    Why.EIGHT_NAMES_A_SUIT: "an 8 must name a suit",
    Why.ONLY_EIGHT_OR_NINE_NAMES: "only an 8 or a 9 names a suit",
    Why.DRAWN_PLAY_OR_PASS: "a card was just drawn: play it or pass",
    Why.NO_DRAW_BEFORE_SUIT:
        "no draw now: the dealer must first settle the suit of the turned-up card",
    Why.ANSWER_THE_CRANK: "a player who can answer the crank must answer it",
    Why.HOLDS_A_PLAY: "you may not draw while you hold a playable card",
    Why.NOTHING_TO_DRAW: "there is nothing to draw: both piles are empty",
    Why.NO_PASS: "you may pass only after drawing a card you could play",
    Why.NO_SUIT_TO_CHOOSE: "no suit to choose now",
    Why.TURNED_EIGHT: "a turned-up 8 must be given a suit",
    Why.TURNED_NINE: "a turned-up 9 may only keep its suit or switch to the other of its colour",
    Why.ANNOUNCE_OFF: "last-card announcements are off in these rules",
    Why.NO_SUCH_PLAYER: "no such player",
    Why.ALREADY_ANNOUNCED: "already announced",
    Why.CALL_SELF: "a player cannot call themselves",
}


def _code(card: int | None) -> str:
    return "?" if card is None else card_str(card)


class Table(Protocol):
    """What the derivation reads: the public faces of a round (a ``SeatView`` has them, as
    do the ``RoundState`` and the ``Position``)."""

    @property
    def phase(self) -> str: ...
    @property
    def turn(self) -> int: ...
    @property
    def discard(self) -> Sequence[int]: ...
    @property
    def suit(self) -> int: ...
    @property
    def crank(self) -> int: ...
    @property
    def drawn(self) -> int | None: ...
    @property
    def lose_turn(self) -> Sequence[bool]: ...
    @property
    def rules(self) -> Rules: ...


def normalized(table: Table, action: Action) -> Action:
    """A 9 "switched" to its own suit is a keep (RULES.md 9): the same choice, one spelling."""
    if type(action) is Play and action.suit is not None and RANK_OF[action.card] == 9:
        if action.suit == SUIT_OF[action.card]:
            return PLAIN_PLAYS[action.card]
    elif type(action) is ChooseSuit and table.phase == CHOOSE_SUIT and action.suit is not None:
        top = table.discard[-1]
        if RANK_OF[top] == 9 and action.suit == SUIT_OF[top]:
            return KEEP_SUIT
    return action


def refusal(table: Table, action: Action, hand: Sequence[int], legal: Sequence[Action],
            player: int | None = None) -> Refusal | None:
    """Why the turn action ``action`` is refused (None: it is legal), by ``player`` (None:
    the player to act), who holds ``hand``; ``legal`` is what the player to act may do now
    (``legal_actions``). Announce and Call are asked of the whole round (``refusal_of_claim``)."""
    kind = type(action)
    if kind is not Play and kind is not Draw and kind is not Pass and kind is not ChooseSuit:
        return Refusal(Why.NOT_AN_ACTION)
    if table.phase == OVER:
        return Refusal(Why.ROUND_OVER)
    turn = table.turn
    if player is not None and player != turn:
        forfeit = 0 <= player < len(table.lose_turn) and table.lose_turn[player]
        return Refusal(Why.NOT_YOUR_TURN, player=turn, mover=player, forfeit=forfeit)
    if isinstance(action, Play | ChooseSuit) and action.suit is not None:
        if not 0 <= action.suit < 4:
            return Refusal(Why.NO_SUCH_SUIT)
    if isinstance(action, Play) and not 0 <= action.card < 52:
        return Refusal(Why.NO_SUCH_CARD)
    action = normalized(table, action)
    top = table.discard[-1]
    if isinstance(action, Play):  # what no position allows first, then what this one does not
        card = action.card
        if card not in hand:
            return Refusal(Why.NOT_HELD, player=turn, card=card)
        if table.phase == CHOOSE_SUIT:
            return Refusal(Why.SUIT_FIRST, top=top)
        if table.phase == DRAWN and table.drawn is not None and card != table.drawn:
            return Refusal(Why.ONLY_DRAWN, card=table.drawn)
    if action in legal:
        return None
    can_play = any(isinstance(a, Play) for a in legal)
    can_draw = any(isinstance(a, Draw) for a in legal)
    if isinstance(action, Play):
        card = action.card
        if table.crank and table.phase == PLAY:
            return Refusal(Why.CRANK, crank=table.crank, can_play=can_play, can_draw=can_draw)
        rank = RANK_OF[card]
        if rank == 8 and action.suit is None:
            return Refusal(Why.EIGHT_NAMES_A_SUIT, card=card)
        if rank not in (8, 9) and action.suit is not None:
            return Refusal(Why.ONLY_EIGHT_OR_NINE_NAMES, card=card)
        if not playable(card, table.suit, top):
            return Refusal(Why.NO_MATCH, card=card, suit=table.suit, top=top,
                           can_play=can_play, can_draw=can_draw)
        return Refusal(Why.NINE_SWITCH, card=card, suit=action.suit)
    if isinstance(action, Draw):
        if table.phase == DRAWN:
            return Refusal(Why.DRAWN_PLAY_OR_PASS)
        if table.phase != PLAY:
            return Refusal(Why.NO_DRAW_BEFORE_SUIT, top=top)
        if table.crank:
            return Refusal(Why.ANSWER_THE_CRANK, crank=table.crank, can_play=True)
        if table.rules.draw_when_able:  # a draw at will is refused only for want of cards
            return Refusal(Why.NOTHING_TO_DRAW, can_play=True)
        return Refusal(Why.HOLDS_A_PLAY, can_play=True)
    if isinstance(action, Pass):
        return Refusal(Why.NO_PASS)
    if table.phase != CHOOSE_SUIT:
        return Refusal(Why.NO_SUIT_TO_CHOOSE)
    return Refusal(Why.TURNED_EIGHT if RANK_OF[top] == 8 else Why.TURNED_NINE, top=top)


def refusal_in_view(view: SeatView, action: Action) -> Refusal | None:
    """Why the seat whose view this is may not take the turn action ``action`` now (None: it
    may), from that view alone."""
    return refusal(view, action, view.hand, view.legal, view.seat)


def card_refusal(view: SeatView, card: int) -> Refusal | None:
    """Why the viewer may not play ``card`` at all now (None: some play of it is legal; an 8
    is asked with a suit, which the suit dialog would give)."""
    named = SUIT_OF[card] if RANK_OF[card] == 8 else None
    return refusal_in_view(view, Play(card, named))


def refusal_of_claim(round_: Round, action: Announce | Call) -> Refusal | None:
    """Why an announcement or a call is refused (None: it stands), asked of the whole round:
    it concerns another player's hand."""
    if isinstance(action, Announce):
        p = action.player
        if not round_.rules.announce_last_card:
            return Refusal(Why.ANNOUNCE_OFF)
        if can_announce(round_, p):
            return None
        if round_.phase == OVER:
            return Refusal(Why.ROUND_OVER)
        if not 0 <= p < len(round_.hands):
            return Refusal(Why.NO_SUCH_PLAYER)
        if round_.announced[p]:
            return Refusal(Why.ALREADY_ANNOUNCED)
        return Refusal(Why.NOT_ONE_CARD, player=p)
    if can_call(round_, action.caller, action.target):
        return None
    if round_.phase == OVER:
        return Refusal(Why.ROUND_OVER)
    if action.caller == action.target:
        return Refusal(Why.CALL_SELF)
    if not 0 <= action.caller < len(round_.hands):
        return Refusal(Why.NO_SUCH_PLAYER)
    return Refusal(Why.NOT_CATCHABLE, player=action.target)
