"""What may be done in a round: the one answer to "may this card be played here?", the turn
actions of the player to act, and who may announce or call. Functions of any ``Round`` (the
immutable ``RoundState`` or the mutable ``Position``), so both ask the same questions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .actions import CHOOSE_SUITS, DRAW, KEEP_SUIT, PASS, PLAIN_PLAYS, SUITED_PLAYS, Action, Play
from .cards import DECK, PARTNER_SUIT, RANK_OF, SUIT_OF
from .rules import Rules
from .state import CHOOSE_SUIT, DRAWN, OVER, PLAY


class Round(Protocol):
    """What the questions read of a round."""

    @property
    def rules(self) -> Rules: ...
    @property
    def hands(self) -> Sequence[Sequence[int]]: ...
    @property
    def discard(self) -> Sequence[int]: ...
    @property
    def suit(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def crank(self) -> int: ...
    @property
    def announced(self) -> Sequence[bool]: ...
    @property
    def window(self) -> int | None: ...
    @property
    def phase(self) -> str: ...
    @property
    def drawn(self) -> int | None: ...

    def can_draw(self) -> bool: ...


# ---------------------------------------------------------------- what may be played


def _follows(card: int, suit: int, top: int) -> bool:
    rank = RANK_OF[card]
    return rank == 8 or SUIT_OF[card] == suit or rank == RANK_OF[top]


# FOLLOWS[suit * 52 + top][card]: the rule above as a table, for the hot loops.
FOLLOWS: tuple[tuple[bool, ...], ...] = tuple(
    tuple(_follows(c, s, t) for c in DECK) for s in range(4) for t in DECK
)
# Only an Ace or a 2 answers a running crank.
ANSWERS_CRANK: tuple[bool, ...] = tuple(RANK_OF[c] <= 2 for c in DECK)
# The distinct plays of each card: an 8 names one of four suits; a 9 keeps or switches.
PLAYS_OF: tuple[tuple[Play, ...], ...] = tuple(
    SUITED_PLAYS[c] if RANK_OF[c] == 8
    else (PLAIN_PLAYS[c], SUITED_PLAYS[c][PARTNER_SUIT[SUIT_OF[c]]]) if RANK_OF[c] == 9
    else (PLAIN_PLAYS[c],)
    for c in DECK
)  # fmt: skip


def playable(card: int, suit: int, top: int, crank: int = 0) -> bool:
    """Whether ``card`` may be played on ``top`` with ``suit`` in force (and ``crank`` running)."""
    if crank:
        return ANSWERS_CRANK[card]
    return FOLLOWS[suit * 52 + top][card]




def legal_of(p: Round) -> tuple[Action, ...]:
    """The turn actions of the player to act, one per distinct choice (no Announce/Call)."""
    phase = p.phase
    if phase == PLAY:
        hand = p.hands[p.turn]
        out: list[Action]
        if p.crank:
            out = [PLAIN_PLAYS[c] for c in hand if ANSWERS_CRANK[c]]
            if not out or p.rules.crank_optional:
                out.append(DRAW)
            return tuple(out)
        ok = FOLLOWS[p.suit * 52 + p.discard[-1]]
        out = []
        for c in hand:
            if ok[c]:
                out += PLAYS_OF[c]
        if not out or (p.rules.draw_when_able and p.can_draw()):
            out.append(DRAW)
        return tuple(out)
    if phase == DRAWN:
        return (*PLAYS_OF[p.drawn], PASS)  # type: ignore[index]  # set in phase DRAWN
    if phase == CHOOSE_SUIT:
        top = p.discard[-1]
        if RANK_OF[top] == 8:
            return CHOOSE_SUITS
        return (KEEP_SUIT, CHOOSE_SUITS[PARTNER_SUIT[SUIT_OF[top]]])
    return ()


def can_announce(p: Round, player: int) -> bool:
    """Whether ``player`` may announce their last card now."""
    return (
        p.rules.announce_last_card
        and p.phase != OVER
        and 0 <= player < len(p.hands)
        and len(p.hands[player]) == 1
        and not p.announced[player]
    )


def can_call(p: Round, caller: int, target: int) -> bool:
    """Whether ``caller`` may call ``target`` an idiot now (the catch window is open)."""
    return (
        p.phase != OVER
        and p.window == target
        and caller != target
        and 0 <= caller < len(p.hands)
        and not p.announced[target]
    )


def callable_targets(p: Round) -> tuple[int, ...]:
    """Players who can be called an idiot right now (at most one)."""
    w = p.window
    if w is None or p.phase == OVER or p.announced[w]:
        return ()
    return (w,)
