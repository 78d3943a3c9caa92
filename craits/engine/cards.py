"""Cards as small integers: ``card = suit * 13 + (rank - 1)``.

Ranks run 1 (Ace) to 13 (King); suits are 0..3 for spades, hearts, diamonds, clubs.
Integers keep hands cheap to copy and compare, which the search-based AI relies on. Codes are
read (and written) by ``craits.engine.notation``; ``card_str`` is its writer.
"""

from __future__ import annotations

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
ACE, JACK, QUEEN, KING = 1, 11, 12, 13

DECK: tuple[int, ...] = tuple(range(52))

# Rank and suit of every card, precomputed: the engine's hot loops index these.
RANK_OF: tuple[int, ...] = tuple(c % 13 + 1 for c in DECK)
SUIT_OF: tuple[int, ...] = tuple(c // 13 for c in DECK)
# The other suit of the same colour (spades<->clubs, hearts<->diamonds), for the 9.
PARTNER_SUIT: tuple[int, ...] = (CLUBS, DIAMONDS, HEARTS, SPADES)


def make_card(rank: int, suit: int) -> int:
    return suit * 13 + rank - 1


def rank(card: int) -> int:
    return RANK_OF[card]


def suit(card: int) -> int:
    return SUIT_OF[card]


def rank_str(card: int) -> str:
    """The card's rank as written on it: ``A``, ``2``...``10``, ``J``, ``Q``, ``K``."""
    return RANKS[RANK_OF[card] - 1]


def card_str(card: int) -> str:
    """The scenario form: rank then suit, e.g. ``10H``."""
    return RANKS[RANK_OF[card] - 1] + SUITS[SUIT_OF[card]]


def suit_str(suit_index: int) -> str:
    return SUITS[suit_index]

