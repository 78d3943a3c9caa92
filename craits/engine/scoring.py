"""Scoring a hand at the end of a round (RULES.md, section 7), threes included."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import RANK_OF

# Points by rank (index 0 unused); a 3 is handled apart.
CARD_POINTS = (0, 1, 20, 0, 15, 30, 30, 20, 50, 30, 25, 10, 10, 10)
THREE_BONUS = -50


@dataclass(frozen=True, slots=True)
class HandScore:
    """A hand's score and why: which cards each 3 cancelled, and the leftover threes."""

    total: int
    cancelled: tuple[tuple[int, int], ...]  # (three, cancelled card) pairs
    bonus_threes: tuple[int, ...]  # threes scoring THREE_BONUS each
    unused_threes: tuple[int, ...]  # threes scoring 0 (variant bonus_only_if_all_threes)


def card_points(card: int) -> int:
    return CARD_POINTS[RANK_OF[card]]


def score_hand(hand: tuple[int, ...] | list[int], threes: str = "cancel_then_bonus") -> HandScore:
    """Each 3 cancels the highest-scoring other card left; leftover 3s score -50 each
    (``cancel_then_bonus``) or only when the hand held nothing but 3s
    (``bonus_only_if_all_threes``)."""
    three_cards = [c for c in hand if RANK_OF[c] == 3]
    others = sorted((c for c in hand if RANK_OF[c] != 3), key=card_points, reverse=True)
    # Ties between equal scores cancel the card listed first in the hand: stable, replayable.
    cancelled = tuple(zip(three_cards, others, strict=False))
    remaining = others[len(cancelled) :]
    leftover = tuple(three_cards[len(cancelled) :])
    total = sum(card_points(c) for c in remaining)
    bonus: tuple[int, ...]
    unused: tuple[int, ...]
    if threes == "cancel_then_bonus" or not others:
        bonus, unused = leftover, ()
    else:
        bonus, unused = (), leftover
    total += THREE_BONUS * len(bonus)
    return HandScore(total, cancelled, bonus, unused)
