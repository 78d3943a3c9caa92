"""``random.Random.shuffle``, for the search's hot path: the same permutation from the same
generator state, without the standard library's Python frames (this module is compiled, see
``craits.native``; a search shuffles the unseen cards once a guess, and rollouts reshuffle)."""

from __future__ import annotations

import random


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does (Fisher-Yates, each
    index drawn as ``Random._randbelow`` draws it: bits, retried while out of range)."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
