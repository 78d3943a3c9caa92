"""Guesses at the hidden cards that agree with what a seat knows, as ready-to-run Positions.

The cards a seat cannot see are those neither in its hand nor face up on the discard pile
(reshuffled cards are unseen again). They are dealt at random to the opponents' slots, the most
constrained slots first, each slot taking a card its exclusion mask allows; what is left is the
draw pile, in random order. Where the knowledge weighs the cards of a slot (what the players'
choices make likely, see ``knowledge``), the slot takes a card with a chance proportional to its
weight. A guess that finds no card for a slot is tried again; after a few failures the
exclusions are dropped (they can only fail on a misread history).
"""

from __future__ import annotations

import random

from craits.engine.position import Position
from craits.engine.view import SeatView

from .knowledge import Knowledge

_TRIES = 12


def unseen_cards(view: SeatView) -> list[int]:
    """Cards this seat cannot see (opponents' hands and the draw pile), in card order."""
    seen = set(view.hand)
    seen.update(view.discard)
    return [c for c in range(52) if c not in seen]


class Sampler:
    """Draws determinizations for one decision; build once, call ``sample`` many times."""

    def __init__(self, view: SeatView, know: Knowledge) -> None:
        self.view = view
        self.pool = unseen_cards(view)
        # Slots, most constrained first: (player, mask, weights or None).
        slots = []
        for p, masks in enumerate(know.slots):
            if p == view.seat:
                continue
            weights = know.weights[p] if p < len(know.weights) else []
            for i, mask in enumerate(masks):
                slots.append((p, mask, weights[i] if i < len(weights) else None))
        slots.sort(key=lambda s: -s[1].bit_count())
        self.slots = slots
        self.constrained = sum(1 for _, m, _ in slots if m)
        expected = sum(view.hand_counts) - len(view.hand) + view.draw_count
        if expected != len(self.pool):
            raise ValueError(f"the view does not add up: {len(self.pool)} unseen cards, "
                             f"{expected} hidden")

    def sample(self, rng: random.Random) -> Position:
        """One world: the view with the hidden cards dealt at random, and a fresh reshuffle
        seed (the true one would tell the order of the next reshuffle)."""
        hands, pile = self.deal(rng)
        return self.view.position(hands, pile, rng.getrandbits(48))

    def deal(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """Opponents' hands (own hand included, as seen) and the draw pile (index 0 next)."""
        view = self.view
        for attempt in range(_TRIES + 1):
            strict = attempt < _TRIES
            pool = self.pool[:]
            rng.shuffle(pool)
            hands: list[list[int]] = [[] for _ in range(view.n_players)]
            hands[view.seat] = list(view.hand)
            if self._fill(pool, hands, rng, strict):
                return hands, pool
        raise AssertionError("unreachable: the last try ignores exclusions")

    def _fill(self, pool: list[int], hands: list[list[int]], rng: random.Random,
              strict: bool) -> bool:
        for p, mask, weights in self.slots:
            if weights is not None:
                index = _weighted_pick(pool, mask if strict else 0, weights, rng)
            elif mask and strict:
                index = -1
                for i in range(len(pool) - 1, -1, -1):
                    if not (mask >> pool[i]) & 1:
                        index = i
                        break
            else:
                index = len(pool) - 1
            if index < 0:
                return False
            pool[index], pool[-1] = pool[-1], pool[index]
            hands[p].append(pool.pop())
        return True


def _weighted_pick(pool: list[int], mask: int, weights: list[float], rng: random.Random) -> int:
    """Index of a card the mask allows, chosen with probability proportional to its weight;
    -1 if none is allowed."""
    total = 0.0
    for c in pool:
        if not (mask >> c) & 1:
            total += weights[c]
    if total <= 0.0:
        return -1
    x = rng.random() * total
    last = -1
    for i, c in enumerate(pool):
        if not (mask >> c) & 1:
            last = i
            x -= weights[c]
            if x < 0.0:
                return i
    return last
