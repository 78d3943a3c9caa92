"""The fast playing policy a search uses to finish a round many times over.

Each player in turn plays the playable card that scores best on a few cheap terms: shed points
(more urgently when someone is close to going out), keep 8s and 3s, follow with a suit it holds,
spend a 6 only with a follow-up, attack a player about to go out. A little noise keeps the
rollouts varied. Everything steps the engine's ``Position`` in place.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from craits.engine.cards import PARTNER_SUIT, RANK_OF, SUIT_OF
from craits.engine.legality import FOLLOWS
from craits.engine.position import Position
from craits.engine.state import CHOOSE_SUIT, DRAWN, OVER, PLAY

from .rollout_weights import POINTS, RolloutWeights

# By rank: the cards that hurt the next player (2 4 5 7, and 10).
_ATTACKS = tuple(rank in (2, 4, 5, 7, 10) for rank in range(14))
_COUNTED_SUIT = tuple(4 if RANK_OF[c] == 8 else SUIT_OF[c] for c in range(52))


class RolloutPolicy:
    """Plays out a Position to the end of the round; ``run`` returns the round's scores."""

    def __init__(self, weights: RolloutWeights | None = None, max_steps: int = 400) -> None:
        self.w = weights or RolloutWeights()
        self.base = self.w.table()
        # The same, with the extra weight on points once someone is about to go out.
        self.urgent = tuple(v + self.w.urgency * POINTS[c] for c, v in enumerate(self.base))
        self.max_steps = max_steps
        # Copied out of the weights: read on every pick, and the policy is compiled.
        self.follow, self.noise, self.attack = self.w.follow, self.w.noise, self.w.attack
        self.six_follow_up = self.w.six_follow_up

    def run(
        self, s: Position, rng: random.Random, caught: Sequence[float] | None = None
    ) -> tuple[int, ...]:
        """``caught``: by seat, the chance a player who reaches one card is called an idiot
        (None: nobody ever is)."""
        s.shuffler = rng
        steps = 0
        move = self.move
        while s.phase != OVER:
            steps += 1
            if steps > self.max_steps:
                s.end_now()
                break
            if caught is not None:
                w = s.window
                if w is not None and rng.random() < caught[w]:
                    s.call((w + 1) % s.n, w)
                    continue
            move(s, rng)
        return s.scores  # type: ignore[return-value]  # set once the round is over

    def move(self, s: Position, rng: random.Random) -> None:
        """One turn action for the player to act."""
        phase = s.phase
        if phase == PLAY:
            if s.crank:
                answer = -1
                for c in s.hands[s.turn]:
                    rank = RANK_OF[c]
                    if rank == 2:
                        answer = c
                        break
                    if rank == 1:
                        answer = c
                if answer >= 0:
                    s.play(answer)
                else:
                    s.draw()
                return
            card, suit = self.pick(s, rng)
            if card < 0:
                s.draw()
            else:
                s.play(card, suit)
        elif phase == DRAWN:
            drawn = s.drawn
            assert drawn is not None  # set in phase DRAWN
            if RANK_OF[drawn] == 3 and len(s.hands[s.turn]) > 1:
                s.pass_turn()
            else:
                s.play(drawn, _suit_for(s.hands[s.turn], drawn))
        elif phase == CHOOSE_SUIT:
            top = s.discard[-1]
            suit = _suit_for(s.hands[s.turn], top, exclude=False)
            s.choose_suit(None if suit is None or suit == SUIT_OF[top] else suit)

    def pick(self, s: Position, rng: random.Random) -> tuple[int, int | None]:
        """The best playable card and the suit it names; (-1, None) when none is playable."""
        p = s.turn
        hand = s.hands[p]
        ok = FOLLOWS[s.suit * 52 + s.discard[-1]]
        # Plain loops, not comprehensions: each comprehension is a function call here.
        playable = []
        counts = [0, 0, 0, 0, 0]  # by suit; 8s (which follow any suit) in the fifth place
        for c in hand:
            if ok[c]:
                playable.append(c)
            counts[_COUNTED_SUIT[c]] += 1
        if not playable:
            return -1, None
        if len(playable) == 1:
            c = playable[0]
            rank = RANK_OF[c]
            if rank == 8:
                return c, _most_held(counts)
            if rank == 9:
                own = SUIT_OF[c]
                partner = PARTNER_SUIT[own]
                return c, partner if counts[partner] > counts[own] - 1 else None
            return c, None
        hands, n = s.hands, s.n
        nxt_count = len(hands[(p + s.direction) % n])
        fewest = 99  # the fewest cards any other player holds
        for q in range(n):
            if q != p:
                size = len(hands[q])
                if size < fewest:
                    fewest = size
        base = self.urgent if fewest <= 2 else self.base
        attack = self.attack if nxt_count <= 2 else 0.0
        follow, noise, six, random_ = self.follow, self.noise, self.six_follow_up, rng.random
        best, best_value, best_suit = -1, -1e18, None
        for c in playable:
            rank = RANK_OF[c]
            value = base[c] + noise * random_()
            named = None
            if rank == 8:
                named = _most_held(counts)
                value += follow * counts[named]
            else:
                own = SUIT_OF[c]
                left = counts[own] - 1
                if rank == 9:
                    partner = PARTNER_SUIT[own]
                    if counts[partner] > left:
                        named, left = partner, counts[partner]
                value += follow * left
                if rank == 6:
                    after = FOLLOWS[own * 52 + c]  # what may be played on this 6
                    follow_up = False
                    for x in hand:
                        if x != c and after[x]:
                            follow_up = True
                            break
                    value += six if follow_up else -six
                elif attack and _ATTACKS[rank]:
                    value += attack
            if value > best_value:
                best, best_value, best_suit = c, value, named
        return best, best_suit


def _most_held(counts: list[int]) -> int:
    """The first of the four suits held most (``counts`` by suit, 8s apart in the fifth)."""
    best = 0
    for suit in (1, 2, 3):
        if counts[suit] > counts[best]:
            best = suit
    return best


def _suit_for(hand: Sequence[int], card: int, exclude: bool = True) -> int | None:
    """The suit an 8 (or a 9, between its two) should name: the one held most."""
    rank = RANK_OF[card]
    if rank not in (8, 9):
        return None
    counts = [0, 0, 0, 0]
    for c in hand:
        if (not exclude or c != card) and RANK_OF[c] != 8:
            counts[SUIT_OF[c]] += 1
    if rank == 8:
        return max(range(4), key=counts.__getitem__)
    own = SUIT_OF[card]
    partner = PARTNER_SUIT[own]
    return partner if counts[partner] > counts[own] else None
