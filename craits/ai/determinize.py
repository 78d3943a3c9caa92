"""Guesses at the hidden cards that agree with what a seat knows, as ready-to-run Positions.

The cards a seat cannot see are those neither in its hand nor face up on the discard pile
(reshuffled cards are unseen again). They are dealt at random to the opponents' slots, the most
constrained slots first, each slot taking a card its exclusion mask allows; what is left is the
draw pile, in random order. Where the knowledge weighs the cards of a slot (what the players'
choices make likely, see ``knowledge``), the slot takes a card with a chance proportional to its
weight. When no card left fits a slot, cards are passed along the slots already dealt until one
does (as in bipartite matching); only a misread history, which no deal fits, drops the
exclusions.
"""

from __future__ import annotations

import random

from craits.engine.position import Position
from craits.engine.shuffle import shuffle
from craits.engine.view import SeatView

from .knowledge import Knowledge


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
        for strict in (True, False):
            pool = self.pool[:]
            shuffle(rng, pool)
            hands: list[list[int]] = [[] for _ in range(view.n_players)]
            hands[view.seat] = list(view.hand)
            if self._fill(pool, hands, rng, strict):
                return hands, pool
        raise AssertionError("unreachable: the last try ignores exclusions")

    def _fill(self, pool: list[int], hands: list[list[int]], rng: random.Random,
              strict: bool) -> bool:
        slots = self.slots
        chosen: list[int] = []
        for j, (_, mask, weights) in enumerate(slots):
            if weights is not None:
                index = _weighted_pick(pool, mask if strict else 0, weights, rng)
            elif mask and strict:
                index = _last_allowed(pool, mask)
            else:
                index = len(pool) - 1
            if index >= 0:
                pool[index], pool[-1] = pool[-1], pool[index]
                chosen.append(pool.pop())
                continue
            # Nothing left fits this slot: pass cards along the slots already dealt.
            chosen.append(-1)
            if not _reassign(slots, chosen, pool, j, set()):
                return False
        for (p, _, _), card in zip(slots, chosen, strict=True):
            hands[p].append(card)
        return True


def _last_allowed(pool: list[int], mask: int) -> int:
    """Index of the last card in ``pool`` that ``mask`` allows, or -1."""
    for i in range(len(pool) - 1, -1, -1):
        if not (mask >> pool[i]) & 1:
            return i
    return -1


def _reassign(slots: list[tuple[int, int, list[float] | None]], chosen: list[int],
              pool: list[int], j: int, moved: set[int]) -> bool:
    """Give slot ``j`` a card its mask allows: one from the pool, or one another slot gives
    up for a card it can take instead (an augmenting path, as in bipartite matching)."""
    mask = slots[j][1]
    index = _last_allowed(pool, mask)
    if index >= 0:
        pool[index], pool[-1] = pool[-1], pool[index]
        chosen[j] = pool.pop()
        return True
    for k, card in enumerate(chosen):
        if k != j and k not in moved and card >= 0 and not (mask >> card) & 1:
            moved.add(k)
            if _reassign(slots, chosen, pool, k, moved):
                chosen[j] = card
                return True
    return False


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
