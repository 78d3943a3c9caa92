"""Guesses weighed by how well the opponents' recorded plays fit them.

A guess at the hidden cards also says what each opponent held at each of their plays this
round: the cards of their slots dealt or drawn before it, and the cards they played since from
those slots. Under a soft version of a sensible player's rule of thumb (medium's: shed the
points, keep 8s and 3s, leave a suit the hand can follow, a 6 only with a follow-up, the
attacking cards against a player about to go out) every recorded play has a chance in that
guess: ``exp(value / temperature)`` against every other play the hand had. A guess in which
the plays made sense is likelier than one in which a heavier card that fitted was kept back,
or an 8 named a suit the hand hardly held (policy-based inference, as Rebstock et al. did for
Skat). The search draws a pool of guesses from the certainties and the reader, weighs each by
the product of those chances, and takes its worlds from the pool in proportion.

Each player is read by a ``PlayModel``: a searching level reads everyone as sensible; the
review, which knows the levels at the table, reads each by its ``Reading``: an easy player by
easy's own weights and noise (it sheds 8s and 3s a sensible player would keep, and a guess
that it kept them is wrongly favoured), a random player not at all (its plays give nothing
away), and a searching one not at all either (its plays follow no rule of thumb; medium's
made its guesses too sure, and a hard player's draws look unlucky by 3 points a round).
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from math import exp, log, pi

from craits.engine import events as ev
from craits.engine.cards import PARTNER_SUIT, RANK_OF, SUIT_OF
from craits.engine.position import Position
from craits.engine.scoring import CARD_POINTS
from craits.engine.shuffle import shuffle

from .determinize import Sampler
from .heuristic import HeuristicWeights
from .knowledge import RANK_MASK, SUIT_MASK, Knowledge, playable_mask

SENSIBLE = HeuristicWeights()  # medium's weights: the player whose plays are read
NO_EIGHTS = ~RANK_MASK[8]
# A rule-of-thumb level adds uniform noise of width ``noise`` to each play's score; the soft
# choice nearest it (a logistic of the same spread as the difference of two such noises) has
# this temperature per point of width.
SOFTNESS = 0.5 ** 0.5 / pi  # sqrt(3) / (pi * sqrt(6))


@dataclass(frozen=True, slots=True)
class PlayModel:
    """How a player is read: its plays' chances are ``exp(score / temperature)`` under
    ``weights`` with chance ``plan``, any legal play alike otherwise."""

    weights: HeuristicWeights = SENSIBLE
    temperature: float = 2.0
    plan: float = 1.0


def heuristic_model(weights: HeuristicWeights, temperature: float) -> PlayModel:
    """A rule-of-thumb level read by its own weights: no sharper than its own noise, and
    its plays at random as often as it plays them."""
    return PlayModel(weights, max(temperature, SOFTNESS * weights.noise), weights.plan)


@dataclass(frozen=True, slots=True)
class Reading:
    """How one player's hand is guessed: ``weights`` its plays are read by (None: they are
    not read), and whether the learned reader, fitted on the hands of medium and of the
    searching levels, knows its kind of hand (``learned``); ``searching``: by the reader's
    weights fitted on the searching levels' own tables (the review's reading of them)."""

    weights: HeuristicWeights | None = SENSIBLE
    learned: bool = True
    searching: bool = False


SENSIBLY = Reading()  # a person, or medium: as the searching levels read everyone
UNREAD = Reading(None, learned=False)  # from what is certain alone


def read_by(players: Sequence[Reading], n: int, temperature: float) -> list[PlayModel]:
    """How each of ``n`` players' plays are read: by the rule-of-thumb weights of its
    ``Reading`` (``heuristic_model``; sensible ones at ``temperature``), or not at all (any
    play alike) where it has none; a player not given is read sensibly."""
    given = [*players[:n], *[SENSIBLY] * (n - len(players))]
    return [PlayModel(plan=0.0) if r.weights is None else heuristic_model(r.weights, temperature)
            for r in given]


@dataclass(frozen=True, slots=True)
class RecordedPlay:
    """One recorded play of an opponent, with what it was made on."""

    at: int  # index of its event in the round's history
    player: int
    card: int
    suit: int  # the suit it left in force (the one named, for an 8 or a 9)
    playable: int  # mask of the cards that could be played then
    danger: bool  # an opponent of the player held two cards or fewer
    attack: tuple[float, ...]  # by rank: the attacking value of playing it then


def recorded_plays(history: Sequence[ev.Event], me: int, n: int,
                   models: Sequence[PlayModel]) -> list[RecordedPlay]:
    """The other players' own choices of a card this round (not a crank's answers, nor a
    card just drawn), in order, of the players whose ``models`` read them (by player: their
    attacking values too)."""
    history = history[ev.round_start(history):]
    counts = [0] * n
    suit, top, direction = -1, -1, 1
    crank = 0
    out: list[RecordedPlay] = []
    drew = -1  # who just drew on their turn (their next play may be the drawn card)
    for at, event in enumerate(history):
        if isinstance(event, ev.CardsDealt):
            if 0 <= event.player < n:
                counts[event.player] = event.count
        elif isinstance(event, ev.StarterTurned):
            top = event.card
            suit = SUIT_OF[top]
        elif isinstance(event, ev.CardsDrawn):
            counts[event.player] += event.count
            if event.reason == "turn":
                drew = event.player
        elif isinstance(event, ev.DirectionReversed):
            direction = event.direction
        elif isinstance(event, ev.CardPlayed):
            p, card = event.player, event.card
            if p != me and not crank and drew != p and models[p].plan > 0:
                named = SUIT_OF[card]
                after = history[at + 1] if at + 1 < len(history) else None
                if isinstance(after, ev.SuitChosen):
                    named = after.suit
                others = [counts[q] for q in range(n) if q != p]
                out.append(RecordedPlay(at, p, card, named, playable_mask(suit, top),
                                        min(others) <= 2,
                                        _attacks(counts, p, direction, n, models[p].weights)))
            counts[p] -= 1
            crank = event.crank
            top, suit = card, SUIT_OF[card]
            drew = -1
        elif isinstance(event, ev.SuitChosen):
            suit = event.suit
        elif isinstance(event, ev.CrankEnded):
            crank = 0
        elif isinstance(event, ev.Passed):
            drew = -1
    return out


def _threat(count: int) -> int:
    return max(0, 3 - count)


def _attacks(counts: list[int], p: int, direction: int, n: int,
             w: HeuristicWeights) -> tuple[float, ...]:
    """By rank: what ``w`` adds for playing it against the others' hand sizes (a 2's crank
    counted at even odds of the next player being stuck)."""
    nxt, prev = (p + direction) % n, (p - direction) % n
    others = [counts[q] for q in range(n) if q != p]
    out = [0.0] * 14
    out[4] = out[7] = w.attack * _threat(counts[nxt])
    out[5] = w.attack * sum(_threat(c) for c in others) / 2
    if n > 2:
        out[10] = w.attack * (_threat(counts[nxt]) - _threat(counts[prev]))
    out[2] = 0.5 * (w.crank * 2 + w.attack * _threat(counts[nxt]))
    return tuple(out)


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _value(card: int, suit: int, rest: int, play: RecordedPlay, w: HeuristicWeights) -> float:
    """The score under ``w`` of playing ``card`` leaving ``suit`` in force, ``rest`` (a mask)
    kept."""
    if not rest:
        return 1000.0
    rank = RANK_OF[card]
    value = w.shed * CARD_POINTS[rank] * (1 + (w.urgency if play.danger else 0.0))
    if rank == 8:
        value -= w.keep_eight
    elif rank == 3:
        kept = [CARD_POINTS[RANK_OF[c]] for c in _cards(rest) if RANK_OF[c] != 3]
        value -= w.keep_three * (max(kept) if kept else 50.0)
    if rank == 6:
        value += w.six if rest & playable_mask(suit, card) else -w.six
    else:
        value += w.follow * (rest & SUIT_MASK[suit] & NO_EIGHTS).bit_count()
    return value + play.attack[rank]


def _options(card: int) -> tuple[int, ...]:
    """The suits a play of ``card`` may leave in force."""
    rank, own = RANK_OF[card], SUIT_OF[card]
    if rank == 8:
        return (0, 1, 2, 3)
    if rank == 9:
        return (own, PARTNER_SUIT[own])
    return (own,)


def log_chance(play: RecordedPlay, held: int, model: PlayModel) -> float:
    """The log chance of ``play`` by a player holding ``held`` (a mask, the card included)."""
    if model.plan <= 0:
        return 0.0
    chosen = 0.0
    values = []
    w, temperature = model.weights, model.temperature
    for c in _cards(held & play.playable):
        rest = held & ~(1 << c)
        for s in _options(c):
            v = _value(c, s, rest, play, w) / temperature
            values.append(v)
            if c == play.card and s == play.suit:
                chosen = v
    if not values:
        return 0.0
    top = max(values)
    ruled = chosen - top - log(sum(exp(v - top) for v in values))
    if model.plan >= 1:
        return ruled
    return log(model.plan * exp(ruled) + (1 - model.plan) / len(values))


class WeighedWorlds:
    """A pool of guesses from ``sampler``, each weighed by the chance of the recorded plays in
    it; ``deal`` and ``sample`` draw a guess from the pool in proportion (its draw pile
    shuffled afresh)."""

    def __init__(self, sampler: Sampler, know: Knowledge, plays: Sequence[RecordedPlay],
                 pool: int, models: Sequence[PlayModel], rng: random.Random) -> None:
        self.sampler = sampler
        born = _births(sampler, know)
        self.draws = [sampler.deal(rng) for _ in range(pool)]
        logs = [_log_weight(hands, born, know, plays, models) for hands, _ in self.draws]
        top = max(logs)
        self.cumulative = list(accumulate(exp(x - top) for x in logs))

    def pick(self, rng: random.Random) -> int:
        """The index of a guess drawn from the pool in proportion to its weight."""
        return min(bisect(self.cumulative, rng.random() * self.cumulative[-1]),
                   len(self.draws) - 1)

    def deal(self, rng: random.Random, index: int | None = None,
             ) -> tuple[list[list[int]], list[int]]:
        """Every hand of a guess from the pool (``index``, or one picked), and its draw pile
        shuffled afresh."""
        hands, pile = self.draws[self.pick(rng) if index is None else index]
        pile = pile[:]
        shuffle(rng, pile)
        return hands, pile

    def sample(self, rng: random.Random, index: int | None = None) -> Position:
        """One world from the pool, with a fresh draw-pile order and reshuffle seed."""
        hands, pile = self.deal(rng, index)
        return self.sampler.view.position(hands, pile, rng.getrandbits(48))


def _births(sampler: Sampler, know: Knowledge) -> list[list[int]]:
    """By player, when the slot of each card of a dealt hand came to them: the sampler deals
    a player's cards in the order of its slots, most constrained first (``Sampler.slots``)."""
    out: list[list[int]] = []
    for p, masks in enumerate(know.slots):
        births = know.born[p] if p < len(know.born) else []
        order = sorted(range(len(masks)), key=lambda i: -masks[i].bit_count())
        out.append([births[i] if i < len(births) else -1 for i in order])
    return out


def _log_weight(hands: list[list[int]], born: list[list[int]], know: Knowledge,
                plays: Sequence[RecordedPlay], models: Sequence[PlayModel]) -> float:
    """The log chance of every recorded play, given the guessed hands."""
    total = 0.0
    for play in plays:
        p, at = play.player, play.at
        held = 0
        for card, birth in zip(hands[p], born[p], strict=False):
            if 0 <= birth < at:
                held |= 1 << card
        for when, card, birth in know.played[p]:
            if when >= at and 0 <= birth < at:
                held |= 1 << card
        if held >> play.card & 1:
            total += log_chance(play, held, models[p])
    return total
